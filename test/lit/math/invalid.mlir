// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of dialects/math: the operand types, the fast-math
// flags of the custom syntax and the `fastmath` property of the generic
// form. mlir-opt-19 rejects every input here, with the same text unless a
// comment says otherwise.

func.func @int_operand(%a: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %a : i32
  return
}

// -----

func.func @int_tensor_operand(%a: tensor<4xi32>) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %0 = math.sqrt %a : tensor<4xi32>
  return
}

// -----

func.func @index_binary(%a: index) {
  // expected-error @+1 {{'math.powf' op operand #0 must be floating-point-like, but got 'index'}}
  %0 = math.powf %a, %a : index
  return
}

// -----

func.func @mixed_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.atan2' op requires the same type for all operands and results}}
  %0 = "math.atan2"(%a, %b) <{fastmath = #arith.fastmath<none>}> : (f32, f64) -> f32
  return
}

// -----

func.func @wrong_arity(%a: f32) {
  // The generic arity check of ir/verify.go; mlir-opt-19: "requires a single operand".
  // expected-error @+1 {{'math.tanh' op expected 1 operands, but found 2}}
  %0 = "math.tanh"(%a, %a) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  return
}

// -----

func.func @unknown_flag(%a: f32) {
  // mlir-opt-19 adds a second error: "failed to parse Arith_FastMathAttr parameter ...".
  // expected-error @+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = math.exp %a fastmath<bogus> : f32
  return
}

// -----

func.func @empty_flag(%a: f32) {
  // mlir-opt-19: "expected valid keyword".
  // expected-error @+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = math.log %a fastmath<nnan,,ninf> : f32
  return
}

// -----

func.func @flag_not_fastmath(%a: f32) {
  // mlir-opt-19: "invalid properties {fastmath = 1 : i32} for op math.exp:
  // Invalid attribute `fastmath` in property conversion: 1 : i32".
  // expected-error @+1 {{'math.exp' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags, but got 1 : i32}}
  %0 = "math.exp"(%a) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}
