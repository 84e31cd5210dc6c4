// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// The verifier messages of hlo ops on complex elements: the ops StableHLO
// does not define on them (remainder, which its spec lists but leaves
// undefined), compare's directions other than EQ and NE, and
// hlo.complex's operand and result types.

func.func @remainder_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.remainder' op operand #0 has 'complex<f32>' elements: complex remainder is undefined in StableHLO (openxla/stablehlo#997)}}
  %0 = hlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @clamp_complex_mixed(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{'hlo.clamp' op operands #0 and #1 have different element types 'complex<f32>' and 'complex<f64>'}}
  %0 = hlo.clamp %a, %b, %a : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @floor_complex(%a: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{'hlo.floor' op operand #0 must have floating-point elements, but has 'complex<f64>'}}
  %0 = hlo.floor %a : tensor<4xcomplex<f64>>
  return
}

// -----

func.func @complex_of_int(%a: tensor<4xcomplex<i32>>) {
  // expected-error @+1 {{'hlo.add' op operand #0 must have integer, boolean, floating-point or complex elements, but has 'complex<i32>'}}
  %0 = hlo.add %a, %a : tensor<4xcomplex<i32>>
  return
}

// -----

func.func @complex_f16(%a: tensor<4xcomplex<f16>>) {
  // expected-error @+1 {{'hlo.multiply' op operand #0 must have integer, boolean, floating-point or complex elements, but has 'complex<f16>'}}
  %0 = hlo.multiply %a, %a : tensor<4xcomplex<f16>>
  return
}

// -----

func.func @abs_complex_result(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.abs' op result element type 'complex<f32>' must be 'f32'}}
  %0 = hlo.abs %a : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @real_result(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.real' op result element type 'f64' must be 'f32'}}
  %0 = hlo.real %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @imag_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.imag' op operand #0 must have floating-point or complex elements, but has 'i32'}}
  %0 = hlo.imag %a : tensor<4xi32>
  return
}

// -----

func.func @compare_lt_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.compare' op comparison direction LT is not defined on complex elements ('complex<f32>'): only EQ and NE are}}
  %0 = hlo.compare LT, %a, %a : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_type_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.compare' op compare_type TOTALORDER does not apply to complex elements ('complex<f32>'): use FLOAT or none}}
  %0 = hlo.compare EQ, %a, %a, TOTALORDER : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return
}

// -----

func.func @complex_operand_types(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{'hlo.complex' op operands #0 and #1 have different element types 'f32' and 'f64'}}
  %0 = hlo.complex %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @complex_f16(%a: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.complex' op operands must have f32 or f64 elements, but have 'f16'}}
  %0 = hlo.complex %a, %a : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xcomplex<f16>>
  return
}

// -----

func.func @complex_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.complex' op result element type 'complex<f64>' must be 'complex<f32>'}}
  %0 = hlo.complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return
}

// -----

func.func @complex_compact_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected a tensor of complex<f32> or complex<f64> elements, but got 'tensor<4xf32>'}}
  %0 = hlo.complex %a, %a : tensor<4xf32>
  return
}

// -----

func.func @complex_shapes(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.complex' op requires the same shape for all operands and results}}
  %0 = hlo.complex %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xcomplex<f32>>
  return
}
