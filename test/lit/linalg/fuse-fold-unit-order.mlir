// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops --canonicalize --cse | FileCheck %s
// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops --linalg-fold-unit-extent-dims --canonicalize --cse | FileCheck %s
//
// linalg-fold-unit-extent-dims and linalg-fuse-elementwise-ops commute
// (docs/SPEC.md §5) where a loop has extent 1 in the producer but not in
// the consumer: there the consumer reads a dynamic dim (%c, which a
// run-time check requires to be 1) with the loop that the producer's static
// unit dims index. Fold first, the producer loses the loop and fusion reads
// it through the tensor.expand_shape that gives the unit dim back; fuse
// first, fusion reads the producer's unit dims at index 0, as folding the
// producer alone would. Either way %a is read as a vector (randprog; see
// dialects/linalg/transforms/fuse_elementwise_unit.go). A
// `MLIR19-GENERICS: n` line gives the number of generics mlir-opt-19 --linalg-fuse-elementwise-ops leaves.

// A single-use producer (fused as a tree).
// MLIR19-GENERICS: 1 (MLIR keeps indexing %a's unit dim with the consumer's loop)
// CHECK-DAG: #[[D2:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[D1:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @unit_in_producer_only
// CHECK-SAME: (%[[A:.*]]: tensor<1x1x?x1xi32>, %[[B:.*]]: tensor<3xi32>, %[[C:.*]]: tensor<?xi32>)
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2, 3]] : tensor<1x1x?x1xi32> into tensor<?xi32>
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[D2]], #[[D1]], #[[D0]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[C]], %[[CA]], %[[B]] : tensor<?xi32>, tensor<?xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<3x?x1xi32>)
// CHECK-NEXT: ^bb0(%[[IC:.*]]: i32, %[[IA:.*]]: i32, %[[IB:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[IA]], %[[IB]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.minsi %[[IC]], %[[S]] : i32
// CHECK-NEXT: linalg.yield %[[M]] : i32
// CHECK: %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0, 1], [2], [3]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[E]]
func.func @unit_in_producer_only(%a: tensor<1x1x?x1xi32>, %b: tensor<3xi32>, %c: tensor<?xi32>) -> tensor<1x3x?x1xi32> {
  %c2 = arith.constant 2 : index
  %d = tensor.dim %a, %c2 : tensor<1x1x?x1xi32>
  %e = tensor.empty(%d) : tensor<1x3x?x1xi32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<1x1x?x1xi32>, tensor<3xi32>) outs(%e : tensor<1x3x?x1xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<1x3x?x1xi32>
  %e2 = tensor.empty(%d) : tensor<1x3x?x1xi32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %p : tensor<?xi32>, tensor<1x3x?x1xi32>) outs(%e2 : tensor<1x3x?x1xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.minsi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<1x3x?x1xi32>
  return %q : tensor<1x3x?x1xi32>
}

// -----

// A producer with another use (fused pairwise, and kept for that use).
// MLIR19-GENERICS: 2 (MLIR fuses single-use producers only)
// CHECK-LABEL: func.func @unit_in_producer_only_multi_use
// CHECK-SAME: (%[[A:.*]]: tensor<1x1x?x1xi32>, %[[B:.*]]: tensor<3xi32>, %[[C:.*]]: tensor<?xi32>)
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2, 3]] : tensor<1x1x?x1xi32> into tensor<?xi32>
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} ins(%[[CA]], %[[B]] : tensor<?xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<3x?xi32>)
// CHECK: linalg.generic {{.*}} ins(%[[C]], %[[CA]], %[[B]] : tensor<?xi32>, tensor<?xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<3x?x1xi32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.minsi
func.func @unit_in_producer_only_multi_use(%a: tensor<1x1x?x1xi32>, %b: tensor<3xi32>, %c: tensor<?xi32>) -> (tensor<1x3x?x1xi32>, tensor<1x3x?x1xi32>) {
  %c2 = arith.constant 2 : index
  %d = tensor.dim %a, %c2 : tensor<1x1x?x1xi32>
  %e = tensor.empty(%d) : tensor<1x3x?x1xi32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<1x1x?x1xi32>, tensor<3xi32>) outs(%e : tensor<1x3x?x1xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<1x3x?x1xi32>
  %e2 = tensor.empty(%d) : tensor<1x3x?x1xi32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %p : tensor<?xi32>, tensor<1x3x?x1xi32>) outs(%e2 : tensor<1x3x?x1xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.minsi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<1x3x?x1xi32>
  return %p, %q : tensor<1x3x?x1xi32>, tensor<1x3x?x1xi32>
}
