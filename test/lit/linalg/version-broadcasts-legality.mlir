// RUN: bcast-opt %s --split-input-file --verify-diagnostics --linalg-version-broadcasts | FileCheck %s --implicit-check-not='= hlo.'
//
// linalg-version-broadcasts is the last pass that sees hlo: it removes
// the could-be-1 broadcasts that hlo-legalize-to-linalg leaves, whoever
// reads them, and any hlo op still there afterwards is an error.

// A broadcast returned as a value (canonicalize erased the identity copy
// hlo-legalize-to-linalg made of it) gets that copy back, versioned, and
// the check LLVM emission made of the broadcast: operand dim 0 is 1 or
// the result's dim 1.
// CHECK-LABEL: func.func @returned
// CHECK-SAME: (%[[B:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xindex>)
// CHECK: %[[N:[a-z0-9_]+]] = tensor.dim %[[B]]
// CHECK: %[[M:[a-z0-9_]+]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xindex>
// CHECK: %[[ONE:[a-z0-9_]+]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK: %[[GOT:[a-z0-9_]+]] = arith.select %[[ONE]], %[[M]], %[[N]] : index
// CHECK: %[[OK:[a-z0-9_]+]] = arith.cmpi eq, %[[GOT]], %[[M]] : index
// CHECK: cf.assert %[[OK]], "{{.*}}version-broadcasts-legality.mlir:[[@LINE+6]]:3: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[B]] : tensor<?xf32>)
// CHECK: } else {
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[B]] : tensor<?xf32>)
func.func @returned(%b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %bb : tensor<?x?xf32>
}

// -----

// Its shape is its shape operand, its sizes that operand's elements.
// CHECK-LABEL: func.func @shape_and_size
// CHECK-SAME: (%[[B:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xindex>, %[[I:[a-z0-9]+]]: index)
// CHECK: %[[D:[a-z0-9]+]] = tensor.extract %[[S]][%[[I]]] : tensor<2xindex>
// CHECK: return %[[S]], %[[D]] : tensor<2xindex>, index
func.func @shape_and_size(%b: tensor<?xf32>, %s: tensor<2xindex>, %i: index) -> (tensor<2xindex>, index) {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %shape = shape.shape_of %bb : tensor<?x?xf32> -> tensor<2xindex>
  %d = tensor.dim %bb, %i : tensor<?x?xf32>
  return %shape, %d : tensor<2xindex>, index
}

// -----

// An element is read from the operand: index 0 along a dim that is 1 at
// run time, the result's index otherwise; the broadcast's check stays.
// CHECK-LABEL: func.func @element
// CHECK-SAME: (%[[B:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xindex>, %[[I:[a-z0-9]+]]: index, %[[J:[a-z0-9]+]]: index)
// CHECK: cf.assert %{{.*}}, "{{.*}}: dynamic_broadcast_in_dim: operand dim 0 has size {0}, which does not broadcast to {1}"
// CHECK: %[[N:[a-z0-9_]+]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK: %[[ONE:[a-z0-9_]+]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK: %[[K:[a-z0-9_]+]] = arith.select %[[ONE]], %{{.*}}, %[[J]] : index
// CHECK: %[[X:[a-z0-9_]+]] = tensor.extract %[[B]][%[[K]]] : tensor<?xf32>
// CHECK: return %[[X]] : f32
func.func @element(%b: tensor<?xf32>, %s: tensor<2xindex>, %i: index, %j: index) -> f32 {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %x = tensor.extract %bb[%i, %j] : tensor<?x?xf32>
  return %x : f32
}

// -----

// Any other hlo op left is an error: nothing after this pass lowers it.
func.func @not_lowered(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op has no lowering to linalg}}
  %0 = hlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
