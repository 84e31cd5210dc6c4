// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// The complex dialect's verifier and parser messages.

func.func @not_complex(%a: f32) {
  // expected-error @+1 {{expected a complex type, but got 'f32'}}
  %0 = complex.add %a, %a : f32
  return
}

// -----

func.func @operand_types(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @+1 {{'complex.add' op operand #1 has type 'complex<f64>', but operand #0 has 'complex<f32>'}}
  %0 = "complex.add"(%a, %b) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f64>) -> complex<f32>
  return
}

// -----

func.func @operand_not_complex(%a: f32) {
  // expected-error @+1 {{'complex.neg' op operand #0 must be complex, but got 'f32'}}
  %0 = "complex.neg"(%a) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  return
}

// -----

func.func @abs_result(%a: complex<f32>) {
  // expected-error @+1 {{'complex.abs' op result must be 'f32', but got 'complex<f32>'}}
  %0 = "complex.abs"(%a) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
  return
}

// -----

func.func @create_result(%a: f32) {
  // expected-error @+1 {{'complex.create' op result must be complex, but got 'f32'}}
  %0 = "complex.create"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @create_operands(%a: f32, %b: f64) {
  // expected-error @+1 {{'complex.create' op operand #1 must be 'f32' (the element type of the result), but got 'f64'}}
  %0 = "complex.create"(%a, %b) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @create_type(%a: f32) {
  // expected-error @+1 {{expected a complex type, but got 'f32'}}
  %0 = complex.create %a, %a : f32
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'complex.constant' op result must be complex<f32> or complex<f64>, but got 'f32'}}
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : f32
  return
}

// -----

func.func @constant_pair() {
  // expected-error @+1 {{'complex.constant' op requires 'value' to be a pair [re, im], but got [1.000000e+00 : f32]}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @constant_parts() {
  // expected-error @+1 {{'complex.constant' op requires both parts of 'value' to be f32 attributes, but got 2.000000e+00 : f64}}
  %0 = complex.constant [1.0 : f32, 2.0 : f64] : complex<f32>
  return
}
