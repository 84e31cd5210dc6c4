// RUN: bcast-opt %s --hlo-legalize-broadcasts --split-input-file --verify-diagnostics
//
// hlo-legalize-broadcasts needs ranked types: an unranked operand or
// result cannot be given an explicit broadcast.

func.func @unranked_operand(%a: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.add' op cannot make the broadcast of operand #0 explicit: its type 'tensor<*xf32>' is unranked}}
  %0 = hlo.add %a, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @unranked_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.add' op cannot make the broadcast explicit: the result type 'tensor<*xf32>' is unranked}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
