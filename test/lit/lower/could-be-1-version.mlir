// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg --linalg-version-broadcasts | FileCheck %s --implicit-check-not=hlo.
//
// linalg-version-broadcasts on generics that read could-be-1 broadcasts
// (here un-fused: the pass runs the same before and after fusion). Each
// distinct (operand, dim) could-be-1 pair is one `arith.cmpi eq, dim, 1`
// test before the generic; a nest of scf.if (then = "the size is 1")
// holds one copy of the generic per pattern, reading the broadcast's
// operand directly: constant 0 where the size is 1, the loop dim
// otherwise. No broadcast is left and none is copied.

// W5 after hlo-legalize-broadcasts, with max(., 0) inside the same
// shape.assuming: X's dim 1 and b's dim 0 may be 1, so 4 versions of the
// add, inside the assuming region (the max reads no could-be-1 broadcast
// and stays as it is; fusion would have put it into each version, see
// could-be-1-pipeline.mlir). Loop bounds come from the broadcast shape,
// before the tests; with X of shape 4096x1 the first branch runs, reading
// X through (d0, d1) -> (d0, 0).
// CHECK-DAG: #[[X1:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[B1:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-DAG: #[[BN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @w5
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: shape.assuming
// CHECK: %[[S:.*]] = shape.broadcast
// CHECK: %[[D0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: %[[D1:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: %[[E:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[XD1:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xf32>
// CHECK: %[[XIS1:.*]] = arith.cmpi eq, %[[XD1]], %[[C1]] : index
// CHECK: %[[BD0:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK: %[[BIS1:.*]] = arith.cmpi eq, %[[BD0]], %[[C1]] : index
// CHECK: %[[R:.*]] = scf.if %[[XIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: %[[R1:.*]] = scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[X1]], #[[B1]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK: scf.yield %[[G]] : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[X1]], #[[BN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: scf.yield %[[R1]] : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[B1]], #[[ID]]]
// CHECK: } else {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[BN]], #[[ID]]]
// CHECK-NOT: scf.if
// CHECK: linalg.generic {{.*}} ins(%[[R]], %{{.*}} : tensor<?x?xf32>, tensor<f32>)
// CHECK: arith.maximumf
// CHECK: shape.assuming_yield
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  %w = shape.cstr_broadcastable %sx, %sb : tensor<2xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %s = shape.broadcast %sx, %sb : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %sum = hlo.add %xb, %bb : tensor<?x?xf32>
    %zb = hlo.dynamic_broadcast_in_dim %zero, %s, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
    %m = hlo.maximum %sum, %zb : tensor<?x?xf32>
    shape.assuming_yield %m : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// One operand broadcast twice is one run-time bit: 2 versions.
// CHECK-LABEL: func.func @same_operand_twice
// CHECK-COUNT-1: arith.cmpi eq
// CHECK: scf.if
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
func.func @same_operand_twice(%b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %b1 = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %b2 = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.multiply %b1, %b2 : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A generic that reads the broadcast through another map (a transpose
// here) reads the operand through the composition: b lands in loop dim 0.
// The transpose's tensor.dim of the broadcast reads the shape instead.
// CHECK-DAG: #[[Z:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @transposed
// CHECK-SAME: (%[[B:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xindex>)
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[Z]], #{{.*}}]{{.*}} ins(%[[B]] : tensor<?xf32>)
// CHECK: } else {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[T]], #{{.*}}]{{.*}} ins(%[[B]] : tensor<?xf32>)
func.func @transposed(%b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %t = hlo.transpose %bb, dims = [1, 0] : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

// -----

// Three could-be-1 dims: 8 versions, the default bound.
// CHECK-LABEL: func.func @eight_versions
// CHECK-COUNT-3: arith.cmpi eq
// CHECK-COUNT-8: linalg.generic
// CHECK-NOT: linalg.generic
func.func @eight_versions(%x: tensor<?x?x?xf32>, %y: tensor<?x?x?xf32>, %s: tensor<3xindex>) -> tensor<?x?x?xf32> {
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1, 2] : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %r = hlo.add %xb, %y : tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// A broadcast of a broadcast is versioned level by level: the outer tests
// read the inner broadcast's shape, the inner test b's size.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[B:.*]]: tensor<?xf32>, %[[S1:.*]]: tensor<2xindex>, %[[S2:.*]]: tensor<3xindex>, %[[Y:.*]]: tensor<?x?x?xf32>)
// CHECK: tensor.extract %[[S1]]
// CHECK: arith.cmpi eq
// CHECK: tensor.extract %[[S1]]
// CHECK: arith.cmpi eq
// CHECK: scf.if
// CHECK-NEXT: scf.if
// CHECK: tensor.dim %[[B]]
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[Y]], %[[B]] : tensor<?x?x?xf32>, tensor<?xf32>)
func.func @chain(%b: tensor<?xf32>, %s1: tensor<2xindex>, %s2: tensor<3xindex>, %y: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %b1 = hlo.dynamic_broadcast_in_dim %b, %s1, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %b2 = hlo.dynamic_broadcast_in_dim %b1, %s2, dims = [1, 2] : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %r = hlo.add %y, %b2 : tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// A could-be-1 broadcast returned as a value is written by versions of an
// identity copy (the value was asked for); each reads b, never the
// broadcast.
// CHECK-LABEL: func.func @returned
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {{.*}} ins(%arg0 : tensor<?xf32>)
// CHECK: } else {
// CHECK-NEXT: linalg.generic {{.*}} ins(%arg0 : tensor<?xf32>)
func.func @returned(%b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %bb : tensor<?x?xf32>
}

// -----

// Nothing else changes: a generic without could-be-1 inputs is not
// versioned.
// CHECK-LABEL: func.func @known
// CHECK-NOT: scf.if
// CHECK: linalg.generic
func.func @known(%x: tensor<?x?xf32>, %b: tensor<1x?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.add %x, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Two could-be-1 dims of one run-time size are one test: the broadcast
// operands %b and exp(%b) differ, but the generic computing exp(%b) has
// the size of %b (its init is sized by tensor.dim %b), so there are 2
// versions, not 4, and the size is tested once (after the checks that
// each broadcast's operand is 1 or the size its explicit shape gives).
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[B12:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-DAG: #[[BN2:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @same_size
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: math.exp
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: tensor.empty
// CHECK: %[[BD0:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK: %[[BIS1:.*]] = arith.cmpi eq, %[[BD0]], %{{.*}} : index
// CHECK-NOT: arith.cmpi
// CHECK: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CHECK-NOT: scf.if
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[B12]], #[[B12]], #[[ID2]]]
// CHECK: } else {
// CHECK-NOT: scf.if
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[BN2]], #[[BN2]], #[[ID2]]]
func.func @same_size(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %e = hlo.exponential %b : tensor<?xf32>
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %eb = hlo.dynamic_broadcast_in_dim %e, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.clamp %x, %bb, %eb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
