// RUN: bcast-opt %s --split-input-file --linalg-version-broadcasts=max-versions=1 | FileCheck %s --implicit-check-not=hlo.dynamic_broadcast_in_dim

// A broadcast that hlo-legalize-to-linalg left in place (a dim could be 1
// then) and that a later canonicalize proved (known_nonexpanding on every
// dynamic dim): no dim is could-be-1, so the generic has one version,
// itself, reading the operand through the broadcast's map. No scf.if,
// no hlo left.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @all_dims_known
// CHECK-SAME: (%[[X:.*]]: tensor<5x?xf32>, %[[Y:.*]]: tensor<5x?xf32>, %[[S:.*]]: tensor<2xindex>)
// CHECK-NOT: scf.if
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[Y]], %[[X]] : tensor<5x?xf32>, tensor<5x?xf32>)
// CHECK: arith.minimumf
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @all_dims_known(%x: tensor<5x?xf32>, %y: tensor<5x?xf32>, %s: tensor<2xindex>) -> tensor<5x?xf32> {
  %c1 = arith.constant 1 : index
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<5x?xf32>, tensor<2xindex>) -> tensor<5x?xf32>
  %n = tensor.dim %y, %c1 : tensor<5x?xf32>
  %e = tensor.empty(%n) : tensor<5x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %b : tensor<5x?xf32>, tensor<5x?xf32>) outs(%e : tensor<5x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.minimumf %a, %c : f32
    linalg.yield %m : f32
  } -> tensor<5x?xf32>
  return %r : tensor<5x?xf32>
}

// -----

// The indexed version (max-versions=1, two could-be-1 dims) of a
// reduction whose reduced loop only the broadcast's input sized: the
// input is read with tensor.extract in the body, so the loop is sized by
// an i8 tensor.empty as long as the broadcast's result dim, which the
// body never reads.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @indexed_reduction
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[S:.*]]: tensor<2xindex>, %[[INIT:.*]]: tensor<?xf32>)
// CHECK: cf.assert
// CHECK: cf.assert
// CHECK: arith.cmpi
// CHECK: arith.cmpi
// CHECK: %[[N:.*]] = tensor.extract %[[S]][%[[C1:[a-z0-9_]+]]] : tensor<2xindex>
// CHECK-NEXT: %[[SIZER:.*]] = tensor.empty(%[[N]]) : tensor<?xi8>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%[[SIZER]] : tensor<?xi8>) outs(%[[INIT]] : tensor<?xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: i8, %{{.*}}: f32):
// CHECK: tensor.extract %[[X]]
// CHECK: arith.addf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @indexed_reduction(%x: tensor<?x?xf32>, %s: tensor<2xindex>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %o, %a : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
