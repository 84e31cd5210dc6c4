// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --implicit-check-not='= hlo.' --implicit-check-not='tensor.extract %'
// RUN: bcast-opt %s --split-input-file --pipeline=cpu --emit=llvm | FileCheck %s --check-prefix=LLVM
//
// hlo.dynamic_iota and hlo.real_dynamic_slice as jax.export writes them for
// a symbolic batch dim b (@main reads b from x and calls the wrapped
// function, which builds shapes and indices from b), through the CPU
// pipeline. The shape and index operands become scalars (as the shape
// operands of dynamic_broadcast_in_dim do), casts of b fold to the
// argument's tensor.dim (b - 1 stays i64 arithmetic, truncated to i32 and
// cast to index), and each op fuses with its consumer into one
// generic: iota through linalg.index into a tensor.empty of x's size, the
// slice read through a tensor.extract_slice view with the computed
// offset, size and stride. Checks that the sizes prove fold away; the
// others are cf.assert on scalars, also made by the result-shapes
// function of the LLVM IR (no memory read).

// jnp.arange(b) + x, x of shape (b,): the i32 iota, converted to f32.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?xf32>
// CHECK-NOT: cf.assert
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[B]]) : tensor<?xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[X]] : tensor<?xf32>) outs(%[[E]] : tensor<?xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[I32:.*]] = arith.trunci %[[I64]] : i64 to i32
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[I32]] : i32 to f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[F]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]] : f32
// CHECK-NEXT: } -> tensor<?xf32>
// CHECK-NEXT: return %[[R]]
// LLVM-LABEL: define i32 @main_fn_result_shapes(
// LLVM-NOT: load float
// LLVM: store i64 %arg0.d0, i64* %res0_shape
module @jit_arange attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.dynamic_iota %1, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
    %3 = stablehlo.convert %2 : (tensor<?xi32>) -> tensor<?xf32>
    %4 = stablehlo.add %3, %arg1 : tensor<?xf32>
    return %4 : tensor<?xf32>
  }
}

// -----

// jnp.exp(x[1:b-1]): start 1 and stride 1 are constants, the limit is
// b - 1 (computed in i64 and passed as i32, as JAX does). The checks that
// need b stay: start <= limit (b >= 2) and limit <= b; the size is
// limit - start, and the slice is a view of x at offset 1.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK: %[[LIMIT:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT: %[[OK1:.*]] = arith.cmpi sle, %[[C1]], %[[LIMIT]] : index
// CHECK-NEXT: cf.assert %[[OK1]], "dynamic-shapes.mlir:{{[0-9]+}}:{{[0-9]+}}: 'hlo.real_dynamic_slice' op in @main: dim 0: start index {0} is greater than limit index {1}"
// CHECK-NEXT: %[[OK2:.*]] = arith.cmpi sle, %[[LIMIT]], %[[B]] : index
// CHECK-NEXT: cf.assert %[[OK2]], "dynamic-shapes.mlir:{{[0-9]+}}:{{[0-9]+}}: 'hlo.real_dynamic_slice' op in @main: dim 0: limit index {0} is greater than the operand's size {1}"
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[LIMIT]], %[[C1]] : index
// CHECK-NEXT: %[[V:.*]] = tensor.extract_slice %[[X]][1] [%[[N]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[V]] : tensor<?xf32>) outs(%[[E]] : tensor<?xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[EXP:.*]] = math.exp %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[EXP]] : f32
// CHECK-NEXT: } -> tensor<?xf32>
// CHECK-NEXT: return %[[R]]
// The result-shapes function makes the checks and computes the size from
// x's: a run-time error, never a negative size.
// LLVM: @[[START:str\.[0-9]+]] = {{.*}} c"dynamic-shapes.mlir:{{[0-9]+}}:{{[0-9]+}}: 'hlo.real_dynamic_slice' op in @main: dim 0: start index %lld is greater than limit index %lld
// LLVM-NEXT: @[[LIMIT:str\.[0-9]+]] = {{.*}} c"dynamic-shapes.mlir:{{[0-9]+}}:{{[0-9]+}}: 'hlo.real_dynamic_slice' op in @main: dim 0: limit index %lld is greater than the operand's size %lld
// LLVM-LABEL: define i32 @main_fn_result_shapes(
// LLVM-NOT: load float
// LLVM: @snprintf({{.*}}@[[START]], i64 0, i64 0), i64 1, i64 %[[L:[0-9]+]], i64 %arg0.d0)
// LLVM: @snprintf({{.*}}@[[LIMIT]], i64 0, i64 0), i64 %[[L]], i64 %arg0.d0, i64 %arg0.d0)
// LLVM: store i64 %{{.*}}, i64* %res0_shape
module @jit_inner attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.subtract %arg0, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
    %3 = stablehlo.real_dynamic_slice %arg1, %c, %2, %c_1 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
    %4 = stablehlo.exponential %3 : tensor<?xf32>
    return %4 : tensor<?xf32>
  }
}

// -----

// -x[::2]: start 0 and limit b need no check (0 <= b <= b); the size is
// ceil(b / 2) and the view has stride 2.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?xf32>
// CHECK-NOT: cf.assert
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[N:.*]] = arith.ceildivsi %[[B]], %[[C2]] : index
// CHECK-NEXT: %[[V:.*]] = tensor.extract_slice %[[X]][0] [%[[N]]] [2] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[V]] : tensor<?xf32>) outs(%[[E]] : tensor<?xf32>) {
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// LLVM-LABEL: define i32 @main_fn(
// LLVM-NOT: @malloc
// LLVM: ret i32
module @jit_stride attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %c = stablehlo.constant dense<0> : tensor<1xi32>
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c_0 = stablehlo.constant dense<2> : tensor<1xi32>
    %2 = stablehlo.real_dynamic_slice %arg1, %c, %1, %c_0 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
    %3 = stablehlo.negate %2 : tensor<?xf32>
    return %3 : tensor<?xf32>
  }
}

// -----

// lax.broadcasted_iota(jnp.int32, (b, 3), 1) * x: the shape [b, 3] is
// built with concatenate; its static element agrees with the result type
// (the check folds), and the iota fuses into the multiply.
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @iota_2d(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x3xi32>
// CHECK-NOT: cf.assert
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xi32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[B]]) : tensor<?x3xi32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<?x3xi32>) outs(%[[E]] : tensor<?x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[J64:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT: %[[J32:.*]] = arith.trunci %[[J64]] : i64 to i32
// CHECK-NEXT: arith.muli %[[J32]], %[[IN]] : i32
func.func public @iota_2d(%arg0: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xi32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<3> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_iota %2, dim = 1 : (tensor<2xi32>) -> tensor<?x3xi32>
  %4 = stablehlo.multiply %3, %arg0 : tensor<?x3xi32>
  return %4 : tensor<?x3xi32>
}
