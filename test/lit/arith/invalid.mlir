// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of dialects/arith: the custom syntax and the verifiers
// of arith.constant, the binary and unary ops, arith.cmpf / arith.cmpi,
// arith.select and the casts. Malformed ops that the custom syntax cannot
// express are written in the generic form.

//===----------------------------------------------------------------------===//
// arith.constant
//===----------------------------------------------------------------------===//

func.func @constant_untyped() {
  // expected-error @+1 {{expected a typed constant attribute}}
  %0 = arith.constant unit
  return
}

// -----

func.func @constant_symbol() {
  // expected-error @+1 {{expected a typed constant attribute}}
  %0 = arith.constant @constant_symbol
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value' to be an integer, float or dense elements constant}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_array_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value' to be an integer, float or dense elements constant}}
  %0 = "arith.constant"() <{value = [1, 2]}> : () -> i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op value type 'i32' and result type 'i64' differ}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @constant_dense_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op value type 'tensor<2xf32>' and result type 'tensor<4xf32>' differ}}
  %0 = "arith.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<4xf32>
  return
}

// -----

func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "s" : i32
  return
}

//===----------------------------------------------------------------------===//
// Binary and unary ops
//===----------------------------------------------------------------------===//

// -----

func.func @addf_integer(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point scalar, vector or tensor, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @mulf_integer_tensor(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.mulf' op operand #0 must be floating-point scalar, vector or tensor, but got 'tensor<4xi32>'}}
  %0 = arith.mulf %a, %a : tensor<4xi32>
  return
}

// -----

func.func @addi_float(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like scalar, vector or tensor, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @shrui_float_vector(%a: vector<4xf32>) {
  // expected-error @+1 {{'arith.shrui' op operand #0 must be signless-integer-like scalar, vector or tensor, but got 'vector<4xf32>'}}
  %0 = arith.shrui %a, %a : vector<4xf32>
  return
}

// -----

func.func @negf_integer(%a: i32) {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point scalar, vector or tensor, but got 'i32'}}
  %0 = arith.negf %a : i32
  return
}

// -----

func.func @addf_mixed_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%a, %b) : (f32, f64) -> f32
  return
}

//===----------------------------------------------------------------------===//
// arith.cmpf / arith.cmpi
//===----------------------------------------------------------------------===//

// -----

func.func @cmpf_unknown_predicate(%a: f32) {
  // expected-error @+1 {{unknown comparison predicate "foo"}}
  %0 = arith.cmpf foo, %a, %a : f32
  return
}

// -----

// cmpi predicates are not cmpf predicates.
func.func @cmpi_float_predicate(%a: i32) {
  // expected-error @+1 {{unknown comparison predicate "oeq"}}
  %0 = arith.cmpi oeq, %a, %a : i32
  return
}

// -----

func.func @cmpf_predicate_out_of_range(%a: f32) {
  // expected-error @+1 {{'arith.cmpf' op requires a valid 'predicate' attribute}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 16 : i64}> : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_predicate_missing(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires a valid 'predicate' attribute}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_operand_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %0 = "arith.cmpf"(%a, %b) <{predicate = 1 : i64}> : (f32, f64) -> i1
  return
}

// -----

func.func @cmpf_integer(%a: i32) {
  // expected-error @+1 {{'arith.cmpf' op operand #0 must be floating-point scalar, vector or tensor, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @cmpi_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like scalar, vector or tensor, but got 'tensor<4xf32>'}}
  %0 = arith.cmpi eq, %a, %a : tensor<4xf32>
  return
}

// -----

func.func @cmpf_result_not_i1(%a: f32) {
  // expected-error @+1 {{'arith.cmpf' op result type 'i32' must be i1 with the operands' shape ('i1')}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (f32, f32) -> i32
  return
}

// -----

func.func @cmpi_result_shape(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op result type 'i1' must be i1 with the operands' shape ('tensor<4xi1>')}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}

//===----------------------------------------------------------------------===//
// arith.select
//===----------------------------------------------------------------------===//

// -----

func.func @select_value_types(%c: i1, %a: f32, %b: f64) {
  // expected-error @+1 {{'arith.select' op requires the true and false values and the result to have one type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, f32, f64) -> f32
  return
}

// -----

func.func @select_result_type(%c: i1, %a: f32) {
  // expected-error @+1 {{'arith.select' op requires the true and false values and the result to have one type}}
  %0 = "arith.select"(%c, %a, %a) : (i1, f32, f32) -> f64
  return
}

// -----

func.func @select_condition_type(%c: i32, %a: f32) {
  // expected-error @+1 {{'arith.select' op condition must be i1 or i1 with the shape of the result, but got 'i32'}}
  %0 = arith.select %c, %a, %a : i32, f32
  return
}

// -----

func.func @select_condition_shape(%c: tensor<2xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op condition must be i1 or i1 with the shape of the result, but got 'tensor<2xi1>'}}
  %0 = arith.select %c, %a, %a : tensor<2xi1>, tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

// -----

func.func @extf_narrowing(%a: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @truncf_widening(%a: tensor<4xf16>) {
  // expected-error @+1 {{'arith.truncf' op operand type 'tensor<4xf16>' and result type 'tensor<4xf32>' are cast incompatible}}
  %0 = arith.truncf %a : tensor<4xf16> to tensor<4xf32>
  return
}

// -----

func.func @sitofp_from_float(%a: f32) {
  // expected-error @+1 {{'arith.sitofp' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.sitofp %a : f32 to f64
  return
}

// -----

func.func @uitofp_to_integer(%a: i32) {
  // expected-error @+1 {{'arith.uitofp' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.uitofp %a : i32 to i64
  return
}

// -----

func.func @fptosi_from_integer(%a: i32) {
  // expected-error @+1 {{'arith.fptosi' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.fptosi %a : i32 to i64
  return
}

// -----

func.func @fptoui_to_float(%a: f32) {
  // expected-error @+1 {{'arith.fptoui' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.fptoui %a : f32 to f64
  return
}

// -----

func.func @extsi_narrowing(%a: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @extui_same_width(%a: i32) {
  // expected-error @+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @trunci_widening(%a: i16) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i16' and result type 'i32' are cast incompatible}}
  %0 = arith.trunci %a : i16 to i32
  return
}

// -----

func.func @index_cast_without_index(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @index_castui_to_float(%a: index) {
  // expected-error @+1 {{'arith.index_castui' op operand type 'index' and result type 'f32' are cast incompatible}}
  %0 = arith.index_castui %a : index to f32
  return
}

// -----

func.func @bitcast_width(%a: f32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %a : f32 to i64
  return
}

// -----

func.func @cast_shape(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.sitofp' op requires the same shape for all operands and results}}
  %0 = arith.sitofp %a : tensor<4xi32> to tensor<8xf32>
  return
}

// -----

func.func @constant_unsigned() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() <{value = 1 : ui32}> : () -> ui32
  return
}
