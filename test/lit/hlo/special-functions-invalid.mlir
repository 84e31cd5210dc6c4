// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// The diagnostics of the special-function and precision ops of issue 16:
// reduce_precision's format (StableHLO's C2 and C3) and syntax, and the
// float-only element types of erfc, erf_inv, lgamma, digamma and
// next_after.

func.func @reduce_precision_no_exponent(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op exponent_bits must be at least 1 (and fit in 32 bits), but is 0}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_negative_mantissa(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op mantissa_bits must be at least 0 (and fit in 32 bits), but is -1}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_missing_attr(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op requires integer attributes 'exponent_bits' and 'mantissa_bits'}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op operand #0 must have floating-point elements, but has 'i32'}}
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xi32>
  return
}

// -----

func.func @reduce_precision_type_change(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op requires the same type for all operands and results}}
  %0 = hlo.reduce_precision %x, format = e5m10 : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @reduce_precision_bad_format(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected a format eNmM (N exponent bits, M mantissa bits), but found 'f16'}}
  %0 = stablehlo.reduce_precision %x, format = f16 : tensor<4xf32>
  return
}

// -----

func.func @erfc_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{'chlo.erfc' op operand #0 must have floating-point elements, but has 'i32'}}
  %0 = chlo.erfc %x : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @lgamma_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must have floating-point elements, but has 'i32'}}
  %0 = chlo.lgamma %x : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @erf_inv_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{'chlo.erf_inv' op operand #0 must have floating-point elements, but has 'i1'}}
  %0 = chlo.erf_inv %x : tensor<4xi1> -> tensor<4xi1>
  return
}

// -----

func.func @digamma_integer(%x: tensor<4xi8>) {
  // expected-error @+1 {{'chlo.digamma' op operand #0 must have floating-point elements, but has 'i8'}}
  %0 = chlo.digamma %x : tensor<4xi8> -> tensor<4xi8>
  return
}

// -----

func.func @next_after_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{'chlo.next_after' op operand #0 must have floating-point elements, but has 'i32'}}
  %0 = chlo.next_after %x, %x : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @next_after_three_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 operand types, but found 3}}
  %0 = chlo.next_after %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @next_after_mixed(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{'chlo.next_after' op operands #0 and #1 have different element types 'f32' and 'f64'}}
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return
}
