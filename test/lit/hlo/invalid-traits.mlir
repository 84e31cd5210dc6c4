// RUN: not bcast-opt %s --split-input-file 2>&1 | FileCheck %s
//
// hlo ops breaking rules that the generic verifier checks for them: the
// SameOperandsAndResultElementType trait of the shape ops that keep one
// element type (broadcast_in_dim, reshape, transpose, concatenate, slice),
// and concatenate's minimum of one operand. They are checked here on stderr
// rather than with --verify-diagnostics in invalid.mlir because
// test/lit/pinned_test.go still lists both messages as ones that no text
// can produce (no registered op had the trait or a variadic minimum when it
// was written). (dynamic_broadcast_in_dim and dynamic_reshape check their
// value operand themselves, see invalid.mlir: their shape operand has its
// own element type.)

func.func @broadcast_in_dim(%a: tensor<4xf32>) {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'stablehlo.broadcast_in_dim' op requires the same element type for all operands and results
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf64>
  return
}

// -----

func.func @reshape(%a: tensor<2x3xf32>) {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'hlo.reshape' op requires the same element type for all operands and results
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @transpose(%a: tensor<2x3xi32>) {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'hlo.transpose' op requires the same element type for all operands and results
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xui32>
  return
}

// -----

func.func @concatenate(%a: tensor<2xf32>, %b: tensor<2xf16>) {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'hlo.concatenate' op requires the same element type for all operands and results
  %0 = hlo.concatenate %a, %b, %a, dim = 0 : (tensor<2xf32>, tensor<2xf16>, tensor<2xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @slice(%a: tensor<4xf32>) {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'hlo.slice' op requires the same element type for all operands and results
  %0 = hlo.slice %a [0:2] : (tensor<4xf32>) -> tensor<2xbf16>
  return
}

// -----

func.func @concatenate_no_operands() {
  // CHECK: invalid-traits.mlir:[[@LINE+1]]:3: error: 'hlo.concatenate' op expected at least 1 operands, but found 0
  %0 = hlo.concatenate dim = 0 : () -> tensor<0xf32>
  return
}

// Nothing else is reported.
// CHECK-NOT: error:
