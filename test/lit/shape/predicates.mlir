// RUN: bcast-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @predicates
// CHECK: shape.is_broadcastable %arg0, %arg1 : tensor<2xindex>, tensor<1xindex>
// CHECK: shape.shape_eq %arg0, %arg0 : tensor<2xindex>, tensor<2xindex>
func.func @predicates(%a: tensor<2xindex>, %b: tensor<1xindex>) -> (i1, i1) {
  %0 = shape.is_broadcastable %a, %b : tensor<2xindex>, tensor<1xindex>
  %1 = shape.shape_eq %a, %a : tensor<2xindex>, tensor<2xindex>
  return %0, %1 : i1, i1
}

// -----

func.func @not_i1(%a: tensor<2xindex>) {
  // expected-error @+1 {{'shape.is_broadcastable' op result must be i1, but got 'i32'}}
  %0 = "shape.is_broadcastable"(%a) : (tensor<2xindex>) -> i32
  return
}
