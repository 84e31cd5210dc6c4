// RUN: bcast-opt %s --hlo-legalize-to-linalg --canonicalize | FileCheck %s
//
// hlo ops on small integer tensors that compute a shape operand become
// scalar arith gathered by tensor.from_elements (one scalar per element),
// not generics on buffers: lower/llvm then knows the shape in the
// result-shapes function.

// The size round trip (index -> i32 -> i64 -> from_elements -> extract ->
// index) then folds away: the result's rows are the rows of %x.
// CHECK-LABEL: func.func @jax_broadcast(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x3xf32>, %[[B:[a-z0-9]+]]: tensor<3xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
// CHECK-NEXT: tensor.empty(%[[N]]) : tensor<?x3xf32>
func.func @jax_broadcast(%x: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = hlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %1 = hlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = hlo.reshape %1 : (tensor<i64>) -> tensor<1xi64>
  %c = hlo.constant dense<3> : tensor<1xi64>
  %3 = hlo.concatenate %2, %c, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %4 = hlo.dynamic_broadcast_in_dim %b, %3, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %4 : tensor<?x3xf32>
}
