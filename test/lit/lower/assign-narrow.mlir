// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s
// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=MAPS
// MAPS: #map = affine_map<(d0, d1, d2) -> (d1, d2)>
// MAPS-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// RUN: bcast-opt %s --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s --check-prefix=MLIR
// MLIR: func.func @assign_fused
//
// hlo.assign and hlo.narrow through --pipeline=cpu: an assignment is read
// through an indexing map by the kernel that uses it (or written through
// one into the result), never copied; a source `?` that may be 1 is
// versioned as numpy's could-be-1 dims are; a narrowcast is a
// tensor.collapse_shape that fusion and linalg-fold-unit-extent-dims see
// through, so that only views of the arguments remain.

// The source is read through (d0, d1, d2) -> (d1, d2) by the one fused
// kernel: no copy of it into the destination's shape.
// CHECK-LABEL: func.func @assign_fused
// CHECK-SAME: (%{{.*}}: tensor<2x3x4xf32>, %[[A:.*]]: tensor<1x3x4xf32>, %[[B:.*]]: tensor<2x3x4xf32>)
// The maps are the aliases the file starts with.
// CHECK: %[[AC:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<1x3x4xf32> into tensor<3x4xf32>
// CHECK: linalg.generic {indexing_maps = [#map, #map1, #map1], {{.*}} ins(%[[AC]], %[[B]] : tensor<3x4xf32>, tensor<2x3x4xf32>)
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @assign_fused(%x: tensor<2x3x4xf32>, %a: tensor<1x3x4xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.assign %x, %a : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = hlo.multiply %0, %b : tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Returned as it is, the assignment is one generic writing the source
// through the broadcast map into the result.
// CHECK-LABEL: func.func @assign_returned
// CHECK-SAME: (%{{.*}}: tensor<4x3xi32>, %[[A:.*]]: tensor<3xi32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x3xi32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]] : tensor<3xi32>) outs(%[[E]] : tensor<4x3xi32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: linalg.yield %[[IN]] : i32
// CHECK-NOT: linalg.generic
func.func @assign_returned(%x: tensor<4x3xi32>, %a: tensor<3xi32>) -> tensor<4x3xi32> {
  %0 = hlo.assign %x, %a : (tensor<4x3xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

// A source `?` that may be 1: the one-way check, then a version per
// run-time case (broadcast, or not), each one fused kernel reading the
// source through a static map.
// CHECK-LABEL: func.func @assign_could_be_1
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[A:.*]]: tensor<?xf32>)
// CHECK: cf.assert %{{.*}}, "assign-narrow.mlir:[[@LINE+11]]:3: 'hlo.assign' op in @assign_could_be_1: operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size {0} but destination dim 1 has size {1}; a source dim must equal the destination's or be 1"
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], {{.*}} ins(%[[A]], %[[X]] : tensor<?xf32>, tensor<?x?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK: } else {
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]], %[[X]] : tensor<?xf32>, tensor<?x?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
func.func @assign_could_be_1(%x: tensor<?x?xf32>, %a: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.assign %x, %a : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = hlo.add %0, %x : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// narrow between two elementwise ops: one kernel, reading the argument's
// collapsed view.
// CHECK-LABEL: func.func @narrow_fused
// CHECK-SAME: (%[[X:.*]]: tensor<1x5x1xf32>, %[[Y:.*]]: tensor<5xf32>)
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<1x5x1xf32> into tensor<5xf32>
// CHECK: linalg.generic {{.*}} ins(%[[XC]], %[[Y]] : tensor<5xf32>, tensor<5xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
func.func @narrow_fused(%x: tensor<1x5x1xf32>, %y: tensor<5xf32>) -> tensor<5xf32> {
  %e = hlo.exponential %x : tensor<1x5x1xf32>
  %0 = hlo.narrow %e : (tensor<1x5x1xf32>) -> tensor<5xf32>
  %1 = hlo.add %0, %y : tensor<5xf32>
  return %1 : tensor<5xf32>
}

// -----

// A `?` dim stays; the narrowcast's collapse and the unit-dim pass's
// expand of the kernel's result fold away.
// CHECK-LABEL: func.func @narrow_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<1x?x1x4xf32>)
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2], [3]] : tensor<1x?x1x4xf32> into tensor<?x4xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[XC]] : tensor<?x4xf32>)
// CHECK: return %[[R]] : tensor<?x4xf32>
func.func @narrow_dynamic(%x: tensor<1x?x1x4xf32>) -> tensor<?x4xf32> {
  %e = hlo.exponential %x : tensor<1x?x1x4xf32>
  %0 = hlo.narrow %e : (tensor<1x?x1x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// All dims 1: a rank-0 result (a collapse with no groups).
// CHECK-LABEL: func.func @narrow_to_scalar
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xi32> into tensor<i32>
func.func @narrow_to_scalar(%x: tensor<1x1xi32>) -> tensor<i32> {
  %0 = hlo.narrow %x : (tensor<1x1xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}
