// RUN: bcast-opt %s --split-input-file --verify-diagnostics --hlo-legalize-to-linalg --linalg-version-broadcasts="max-versions=2 indexed-fallback=false" | FileCheck %s
//
// The max-versions option: 2 versions allow one could-be-1 dim, not two.

// CHECK-LABEL: func.func @one_dim
// CHECK: scf.if
// CHECK-COUNT-2: linalg.generic
func.func @one_dim(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.add %x, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @two_dims(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  // expected-note @+1 {{operand dims [1] of this broadcast (input #0) may or may not be 1}}
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // expected-note @+1 {{operand dims [0] of this broadcast (input #1) may or may not be 1}}
  %bb = hlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // expected-error @+1 {{reads 2 dims that may or may not be 1 at run time, which need 4 versions of it, more than max-versions=2}}
  %r = hlo.add %xb, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
