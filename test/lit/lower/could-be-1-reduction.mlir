// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --implicit-check-not=hlo.
//
// A reduction over a dim that a could-be-1 broadcast stretches: in the
// version where the operand's dim is 1 at run time, no input sizes the
// reduction loop any more (x[i, 0] is read n times), so the version reads
// one more input whose only job is to carry the loop's extent: an i8
// tensor.empty as long as the broadcast's result dim, that the body never
// reads (no broadcast data is copied). The version where the dim is not 1
// does not need it. The broadcast's own requirement (each operand dim 1 or
// the size its explicit shape gives) is checked first.

// CHECK-DAG: #[[X1:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[LEN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_of_stretched
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[S:.*]]: tensor<2xindex>)
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: %[[N:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 1 has size {0}, which does not broadcast to {1}"
// CHECK: %[[SIZER:.*]] = tensor.empty(%[[N]]) : tensor<?xi8>
// CHECK: scf.if
// CHECK: linalg.generic {indexing_maps = [#[[X1]], #[[LEN]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[SIZER]] : tensor<?x?xf32>, tensor<?xi8>)
// CHECK: } else {
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<?x?xf32>)
func.func @sum_of_stretched(%x: tensor<?x?xf32>, %s: tensor<2xindex>) -> tensor<?xf32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.reduce(%b init: %c) applies hlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// keepdims as jax.export writes it for a symbolic batch: the reduction's
// result is broadcast to a shape read back from the reduced value's dims.
// The result's size is its init's (a linalg.fill of a tensor.empty sized
// by tensor.dim %x), which is the size the shape names, so the broadcast
// is proven non-expanding: no version and no broadcast check is left.
// CHECK-LABEL: func.func @keepdims_shape_read_back
// CHECK-NOT: scf.if
// CHECK-NOT: dynamic_broadcast_in_dim: operand dim
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.subf
func.func @keepdims_shape_read_back(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%x init: %c) applies hlo.maximum across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %n1 = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %one = hlo.constant dense<1> : tensor<1xi32>
  %s = hlo.concatenate %n1, %one, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %b = hlo.dynamic_broadcast_in_dim %m, %s, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %r = hlo.subtract %x, %b : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
