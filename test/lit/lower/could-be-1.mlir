// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg | FileCheck %s
//
// hlo-legalize-to-linalg and could-be-1 dims (lower/doc.go): a dynamic
// operand dim of hlo.dynamic_broadcast_in_dim that is neither known
// expanding nor known non-expanding. The broadcast stays in place,
// unmaterialized; the generic reads its result with the identity map and
// takes its loop bounds from the broadcast's shape operand;
// linalg-version-broadcasts versions the generic later (could-be-1-version.mlir).

// W5 after hlo-legalize-broadcasts: X's dim 1 and b's dim 0 may be 1.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @w5_add
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xindex>)
// CHECK: %[[XB:.*]] = hlo.dynamic_broadcast_in_dim %[[X]], %[[S]], dims = [0, 1]
// CHECK: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [1]
// CHECK: %[[D0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: %[[D1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: %[[E:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[XB]], %[[BB]] : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @w5_add(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.add %xb, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Loop bounds come from an operand that is not a could-be-1 broadcast
// when there is one; a shape of i32 elements is cast to index.
// CHECK-LABEL: func.func @bounds_from_plain_operand
// CHECK-SAME: (%[[Y:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xi32>)
// CHECK: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]]
// CHECK: %[[D0:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?x?xf32>
// CHECK: %[[D1:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?x?xf32>
// CHECK: tensor.empty(%[[D0]], %[[D1]])
// CHECK: ins(%[[Y]], %[[BB]] : tensor<?x?xf32>, tensor<?x?xf32>)
func.func @bounds_from_plain_operand(%y: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %r = hlo.multiply %y, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A static 1 is never could-be-1: reading index 0 is right whether it
// stretches or not, so a 1 broadcast to a dynamic dim reads 0 with no
// known_* attribute, and the broadcast goes.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @static_one
// CHECK-NOT: hlo.dynamic_broadcast_in_dim
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[ROW]], #{{.*}}]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<1x4xf32>)
func.func @static_one(%x: tensor<?x?xf32>, %r: tensor<1x4xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %rb = hlo.dynamic_broadcast_in_dim %r, %s, dims = [0, 1] : (tensor<1x4xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = hlo.add %x, %rb : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A could-be-1 broadcast whose value itself is used (returned here) is
// written by a generic that copies its result with the identity map, which
// linalg-version-broadcasts versions like any reader; generics that read
// it keep reading it in place.
// CHECK-LABEL: func.func @returned
// CHECK: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%[[BB]] : tensor<?x?xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %[[BB]] : tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK: return %[[SUM]], %[[COPY]]
func.func @returned(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<2xindex>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = hlo.add %x, %bb : tensor<?x?xf32>
  return %0, %bb : tensor<?x?xf32>, tensor<?x?xf32>
}
