// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg --verify-diagnostics
//
// The contractions hlo-legalize-to-linalg does not lower
// (lower/contraction.go): unsigned elements, as for every op (arith has
// only signless integers; their signedness is not carried into the
// generic yet).

func.func @unsigned(%x: tensor<2x3xui8>, %w: tensor<3x4xui8>) -> tensor<2x4xui32> {
  // expected-error @+1 {{'stablehlo.dot_general' op has 'ui8' elements; only signless integers are lowered to linalg yet}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xui8>, tensor<3x4xui8>) -> tensor<2x4xui32>
  return %0 : tensor<2x4xui32>
}
