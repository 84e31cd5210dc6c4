// RUN: bcast-opt %s --split-input-file --verify-diagnostics
// RUN: not bcast-opt %s --split-input-file 2>&1 | FileCheck %s
//
// Diagnostics name the op as the input spelled it (docs/SPEC.md §3), as
// mlir-opt does for StableHLO's and CHLO's own ops: an op written
// `stablehlo.X`, `mhlo.X` or `chlo.broadcast_X` is `'stablehlo.X' op`,
// `'mhlo.X' op` or `'chlo.broadcast_X' op` in its errors, in the custom and
// in the generic form, though it parses as (and prints as) `hlo.X`. So
// expected-error lines ported from StableHLO's tests match. An op written
// `hlo.X` keeps `'hlo.X' op`.

// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'stablehlo.add' op operands #0 and #1 are not broadcast compatible
func.func @stablehlo_add(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.add' op operands #0 and #1 are not broadcast compatible}}
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'mhlo.multiply' op operand #1 has rank 1
func.func @mhlo_multiply(%a: tensor<2x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'mhlo.multiply' op operand #1 has rank 1 but another operand has rank 2}}
  %0 = mhlo.multiply %a, %b : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'chlo.broadcast_add' op operands #0 and #1 are not broadcast compatible
func.func @chlo_broadcast_add(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op operands #0 and #1 are not broadcast compatible: dim 1 is 3 in operand #0 and 4 in operand #1}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'stablehlo.compare' op operands #0 and #1 have different element types
func.func @stablehlo_compare(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op operands #0 and #1 have different element types 'f32' and 'i32'}}
  %0 = stablehlo.compare GT, %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// The generic form keeps the spelling too.
// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'stablehlo.multiply' op operands #0 and #1 are not broadcast compatible
func.func @generic_stablehlo(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.multiply' op operands #0 and #1 are not broadcast compatible}}
  %0 = "stablehlo.multiply"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: invalid-spellings.mlir:[[@LINE+3]]:3: error: 'hlo.add' op operands #0 and #1 are not broadcast compatible
func.func @hlo_add(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible}}
  %0 = hlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A spelled op that verifies prints under its canonical name; the chunks
// that fail print nothing.
// CHECK-NOT: stablehlo.
// CHECK-LABEL: func.func @prints_hlo
// CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<2xf32>
func.func @prints_hlo(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
