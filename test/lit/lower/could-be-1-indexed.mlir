// RUN: bcast-opt %s --hlo-legalize-to-linalg --linalg-version-broadcasts | FileCheck %s
//
// Past max-versions (4 could-be-1 dims need 16 versions), the generic reads
// the broadcast's operand with tensor.extract at an index that is 0 where
// the run-time size is 1: one copy-free kernel, no versions.

// The broadcast's own requirement (each operand dim 1 or the size its
// shape gives) is checked before the kernel, which no longer reads it.
// CHECK-LABEL: func.func @four_dims
// CHECK-NOT: hlo.dynamic_broadcast_in_dim
// CHECK-NOT: scf.if
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 3 has size {0}, which does not broadcast to {1}"
// CHECK: tensor.empty
// CHECK: %[[ONE0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg1 : tensor<?x?x?x?xf32>)
// CHECK: linalg.index 0 : index
// CHECK: arith.select %[[ONE0]], %{{.*}}, %{{.*}} : index
// CHECK: %[[X:.*]] = tensor.extract %arg0[
// CHECK: arith.addf %[[X]], %{{.*}} : f32
func.func @four_dims(%x: tensor<?x?x?x?xf32>, %y: tensor<?x?x?x?xf32>, %s: tensor<4xindex>) -> tensor<?x?x?x?xf32> {
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1, 2, 3] : (tensor<?x?x?x?xf32>, tensor<4xindex>) -> tensor<?x?x?x?xf32>
  %r = hlo.add %xb, %y : tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
