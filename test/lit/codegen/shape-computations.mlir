// Shapes computed in StableHLO from get_dimension_size (as jax.export
// writes shape-polymorphic functions) are scalars in both C functions: the
// result-shapes function computes the result's size from the argument
// shapes, with no memory read and no error.
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm | FileCheck %s

// CHECK-LABEL: define i32 @jax_flatten(
// CHECK-LABEL: define i32 @jax_flatten_result_shapes(
// CHECK: %[[N:arg0.d0]] = load i64
// CHECK: %[[I32:.*]] = trunc i64 %[[N]] to i32
// CHECK-NEXT: %[[I64:.*]] = sext i32 %[[I32]] to i64
// CHECK-NEXT: %[[SIZE:.*]] = mul i64 %[[I64]], 3
// CHECK-NOT: load
// CHECK: store i64 %[[SIZE]], i64* %res0_shape
// CHECK: ret i32
func.func public @jax_flatten(%arg0: tensor<?x3xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<3> : tensor<i64>
  %2 = stablehlo.multiply %1, %c : tensor<i64>
  %3 = stablehlo.reshape %2 : (tensor<i64>) -> tensor<1xi64>
  %4 = stablehlo.dynamic_reshape %arg0, %3 : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %4 : tensor<?xf32>
}
