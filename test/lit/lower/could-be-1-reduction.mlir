// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s --implicit-check-not=hlo.
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
