// RUN: bcast-opt %s --split-input-file --verify-diagnostics --hlo-legalize-to-linalg --linalg-version-broadcasts=indexed-fallback=false
//
// With indexed-fallback=false, linalg-version-broadcasts refuses a generic that needs more versions
// than max-versions (8 by default: at most 3 could-be-1 dims), with a note
// at each broadcast involved. A broadcast is never copied instead.

func.func @four_dims(%x: tensor<?x?x?x?xf32>, %y: tensor<?x?x?x?xf32>, %s: tensor<4xindex>) -> tensor<?x?x?x?xf32> {
  // expected-note @+1 {{operand dims [0, 1, 2, 3] of this broadcast (input #0) may or may not be 1}}
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1, 2, 3] : (tensor<?x?x?x?xf32>, tensor<4xindex>) -> tensor<?x?x?x?xf32>
  // expected-error @+1 {{'linalg.generic' op reads 4 dims that may or may not be 1 at run time, which need 16 versions of it, more than max-versions=8; a broadcast is never copied instead}}
  %r = hlo.add %xb, %y : tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Two broadcasts, two dims each: the notes name both.
func.func @two_broadcasts(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %s: tensor<3xindex>) -> tensor<?x?x?xf32> {
  // expected-note @+1 {{operand dims [0, 1] of this broadcast (input #0) may or may not be 1}}
  %ab = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  // expected-note @+1 {{operand dims [0, 1] of this broadcast (input #1) may or may not be 1}}
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1, 2] : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  // expected-error @+1 {{reads 4 dims that may or may not be 1 at run time, which need 16 versions}}
  %r = hlo.multiply %ab, %bb : tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
