// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=CPU
//
// hlo.dot_general and hlo.dot become one linalg.generic each
// (lower/contraction.go): a parallel loop per result dim (batch, lhs free,
// rhs free), then a reduction loop per contracting pair; each operand read
// through the projected permutation that sends its dims to their loops (a
// transposed operand is read as it is, never copied); the out a
// linalg.fill of zero into a tensor.empty; the body arith.mulf and addf
// (muli and addi, andi and ori on i1), the accumulator first, after an
// extension to a wider result type. dot-general-to-linalg-mlir-opt.mlir
// has mlir-opt-19 verify the output.

// Transposed operands: after fusion the contraction reads the transposes'
// operands through their maps; no transposed copy is made. (First in the
// file, so that the CPU-DAG lines see only this function's maps.)
// CPU-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CPU-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CPU-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CPU-LABEL: func.func @transposed(
// CPU-NOT: linalg.generic
// CPU: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<7x5xf32>, tensor<3x7xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// CPU-NOT: linalg.generic
// CPU: return
func.func @transposed(%x: tensor<7x5xf32>, %w: tensor<3x7xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<7x5xf32>) -> tensor<5x7xf32>
  %1 = stablehlo.transpose %w, dims = [1, 0] : (tensor<3x7xf32>) -> tensor<7x3xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  return %2 : tensor<5x3xf32>
}

// -----

// The batched matmul jnp.matmul exports.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_matmul(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
// CHECK-NEXT: %[[C:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<2x3x5xf32>
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%[[C]] : f32) outs(%[[E]] : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%[[F]] : tensor<2x3x5xf32>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<2x3x5xf32>
// CHECK-NEXT: return %[[R]] : tensor<2x3x5xf32>
// CPU-LABEL: func.func @batch_matmul(
// CPU: linalg.fill
// CPU-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
func.func @batch_matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// A matmul with dynamic dims: the result's sizes are the operand dims it
// holds.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_dynamic(%arg0: tensor<?x16xf32>, %arg1: tensor<16x?xf32>) -> tensor<?x?xf32> {
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[M:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x16xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %arg1, %[[C1]] : tensor<16x?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<?x16xf32>, tensor<16x?xf32>)
func.func @matmul_dynamic(%x: tensor<?x16xf32>, %w: tensor<16x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Dims in any order: batch dims last on lhs and first on rhs, two
// contracting pairs (the reduction loops in the order they are listed).
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4, d0)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dim_orders(
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<2x5x3x4xi32>, tensor<4x3x2x6xi32>) outs(%{{.*}} : tensor<4x5x6xi32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT: arith.addi %[[ACC]], %[[M]] : i32
func.func @dim_orders(%a: tensor<2x5x3x4xi32>, %b: tensor<4x3x2x6xi32>) -> tensor<4x5x6xi32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [0, 2] x [2, 1] : (tensor<2x5x3x4xi32>, tensor<4x3x2x6xi32>) -> tensor<4x5x6xi32>
  return %0 : tensor<4x5x6xi32>
}

// -----

// Element types: i1 ands and ors; a wider result extends each operand
// element first (extsi, extui from i1, extf).
// CHECK-LABEL: func.func @element_types(
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK-NEXT: linalg.generic
// CHECK-NEXT: ^bb0(%[[P:.*]]: i1, %[[Q:.*]]: i1, %[[ACC:.*]]: i1):
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[P]], %[[Q]] : i1
// CHECK-NEXT: arith.ori %[[ACC]], %[[AND]] : i1
// CHECK: linalg.fill ins(%{{.*}} : i32)
// CHECK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[ACC:.*]]: i32):
// CHECK-NEXT: %[[X:.*]] = arith.extsi %[[A]] : i8 to i32
// CHECK-NEXT: %[[Y:.*]] = arith.extsi %[[B]] : i8 to i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT: arith.addi %[[ACC]], %[[M]] : i32
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK: arith.extf %{{.*}} : f16 to f32
func.func @element_types(%p: tensor<4x6xi1>, %q: tensor<6xi1>, %s: tensor<4x6xi8>, %h: tensor<4x6xf16>) -> (tensor<4xi1>, tensor<4x4xi32>, tensor<4xi32>, tensor<4x4xf32>) {
  %0 = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<4x6xi1>, tensor<6xi1>) -> tensor<4xi1>
  %1 = stablehlo.dot_general %s, %s, contracting_dims = [1] x [1] : (tensor<4x6xi8>, tensor<4x6xi8>) -> tensor<4x4xi32>
  %2 = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<4x6xi1>, tensor<6xi1>) -> tensor<4xi32>
  %3 = stablehlo.dot_general %h, %h, contracting_dims = [1] x [1] : (tensor<4x6xf16>, tensor<4x6xf16>) -> tensor<4x4xf32>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4x4xi32>, tensor<4xi32>, tensor<4x4xf32>
}

// -----

// hlo.dot: the vector forms, down to a rank-0 result (no parallel loop).
// CHECK-DAG: #[[V:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @dot(
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<5x7xf32>, tensor<7xf32>) outs(%{{.*}} : tensor<5xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[V]], #[[V]], #[[SCALAR]]], iterator_types = ["reduction"]} ins(%arg1, %arg1 : tensor<7xf32>, tensor<7xf32>) outs(%{{.*}} : tensor<f32>)
func.func @dot(%x: tensor<5x7xf32>, %v: tensor<7xf32>) -> (tensor<5xf32>, tensor<f32>) {
  %0 = stablehlo.dot %x, %v : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5xf32>
  %1 = stablehlo.dot %v, %v, precision = [HIGHEST, HIGHEST] : (tensor<7xf32>, tensor<7xf32>) -> tensor<f32>
  return %0, %1 : tensor<5xf32>, tensor<f32>
}

// -----

// A dense layer, relu(x @ W + b): the contraction, then one fused
// elementwise generic reading its result and the bias vector as it is.
// CPU-LABEL: func.func @dense(
// CPU: %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<5x7xf32>, tensor<7x3xf32>)
// CPU-NEXT: ^bb0(
// CPU-NEXT: arith.mulf
// CPU-NEXT: arith.addf
// CPU-NEXT: linalg.yield
// CPU-NEXT: } -> tensor<5x3xf32>
// CPU-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %arg2 : tensor<5x3xf32>, tensor<3xf32>)
// CPU-NEXT: ^bb0(
// CPU-NEXT: arith.addf
// CPU-NEXT: arith.maximumf
// CPU-NEXT: linalg.yield
// CPU-NEXT: } -> tensor<5x3xf32>
// CPU-NEXT: return
func.func @dense(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>, %b: tensor<3xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x3xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<5x3xf32>
  %3 = stablehlo.maximum %2, %cst : tensor<5x3xf32>
  return %3 : tensor<5x3xf32>
}

// -----

// A broadcast operand is read through its map; when both operands stretch
// a contracting dim, lhs is read whole (its broadcast materialized) so
// that the reduction loop has a size.
// CHECK-DAG: #[[ROWV:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[COLU:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @broadcast_operands(
// CHECK: linalg.generic {indexing_maps = [#[[ROWV]], #[[COLU]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<7xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<3xf32>) outs(%{{.*}} : tensor<3x7xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[COPY]], %{{.*}} : tensor<3x7xf32>, tensor<1x3xf32>) outs(%{{.*}} : tensor<3x3xf32>)
func.func @broadcast_operands(%v: tensor<7xf32>, %u: tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3x3xf32>) {
  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<7xf32>) -> tensor<5x7xf32>
  %1 = stablehlo.broadcast_in_dim %u, dims = [1] : (tensor<3xf32>) -> tensor<7x3xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %3 = stablehlo.broadcast_in_dim %u, dims = [0] : (tensor<3xf32>) -> tensor<3x7xf32>
  %4 = stablehlo.reshape %u : (tensor<3xf32>) -> tensor<1x3xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<7x3xf32>
  %6 = stablehlo.dot_general %3, %5, contracting_dims = [1] x [0] : (tensor<3x7xf32>, tensor<7x3xf32>) -> tensor<3x3xf32>
  return %2, %6 : tensor<5x3xf32>, tensor<3x3xf32>
}

// -----

// The dense layer as jax.export writes it with a symbolic batch: the bias
// and zero broadcast to the dot's shape with dynamic_broadcast_in_dim
// (get_dimension_size of x), then same-shape stablehlo ops. The sizes are
// traced to x's dim 0: the contraction and one fused epilogue, no run-time
// check and no version.
// CPU-LABEL: func.func @jax_dense(
// CPU-NOT: cf.assert
// CPU-NOT: scf.if
// CPU: %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<?x16xf32>, tensor<16x8xf32>)
// CPU: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %arg2 : tensor<?x8xf32>, tensor<8xf32>)
// CPU-NOT: linalg.generic
// CPU: return
func.func @jax_dense(%arg0: tensor<?x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<8xf32>) -> tensor<?x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
  %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x16xf32>) -> tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<8> : tensor<1xi32>
  %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %4 = stablehlo.dynamic_broadcast_in_dim %arg2, %3, dims = [1] : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
  %5 = stablehlo.add %0, %4 : tensor<?x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %6 = stablehlo.dynamic_broadcast_in_dim %cst, %3, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
  %7 = stablehlo.maximum %5, %6 : tensor<?x8xf32>
  return %7 : tensor<?x8xf32>
}
