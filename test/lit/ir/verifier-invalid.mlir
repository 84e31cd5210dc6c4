// RUN: bcast-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Every message of the generic verifier (ir/verify.go, ir/registry.go)
// that text can reach: declared arity, region shape, terminators, symbol
// tables, dominance and the SameOperandsAndResult* traits. The
// Broadcastable trait has its own file (broadcastable-invalid.mlir).
// Unregistered `test.*` ops stand in for branches, which no registered
// dialect provides yet.

//===----------------------------------------------------------------------===//
// Arity (OpDef.Operands, Results, Regions)
//===----------------------------------------------------------------------===//

func.func @too_few_operands() {
  // expected-error @+1 {{'arith.addf' op expected 2 operands, but found 0}}
  %0 = "arith.addf"() : () -> f32
  return
}

// -----

func.func @too_many_operands(%a: f32) {
  // expected-error @+1 {{'arith.negf' op expected 1 operands, but found 2}}
  %0 = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @too_many_results(%a: f32) {
  // expected-error @+1 {{'arith.addf' op expected 1 results, but found 2}}
  "arith.addf"(%a, %a) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @too_few_results(%a: f32) {
  // expected-error @+1 {{'arith.addf' op expected 1 results, but found 0}}
  "arith.addf"(%a, %a) : (f32, f32) -> ()
  return
}

// -----

func.func @unexpected_region() {
  // expected-error @+1 {{'func.return' op expected 0 regions, but found 1}}
  "func.return"() ({}) : () -> ()
}

// -----

// expected-error @+1 {{'func.func' op expected 1 regions, but found 0}}
"func.func"() <{sym_name = "f", function_type = () -> (), sym_visibility = "private"}> : () -> ()

// -----

//===----------------------------------------------------------------------===//
// Regions and terminators
//===----------------------------------------------------------------------===//

// builtin.module is SingleBlock.
// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "test.op"() : () -> ()
^bb1:
  "test.op"() : () -> ()
}) : () -> ()

// -----

func.func @terminator_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  %0 = arith.constant 1 : i32
}

// -----

// expected-note @+1 {{in this operation}}
func.func @missing_terminator() {
  // expected-error @+1 {{block #0 of region #0 of 'func.func' must end with a terminator operation}}
  %0 = arith.constant 1 : i32
}

// -----

// An empty block has no last op: the error is at the parent op.
// expected-error @+2 {{block #0 of region #0 of 'func.func' must end with a terminator operation}}
// expected-note @+1 {{in this operation}}
"func.func"() <{sym_name = "empty_block", function_type = () -> ()}> ({
^bb0:
}) : () -> ()

// -----

// expected-note @+1 {{in this operation}}
func.func @second_block_missing_terminator() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{block #1 of region #0 of 'func.func' must end with a terminator operation}}
  %0 = arith.constant 1 : i32
}

//===----------------------------------------------------------------------===//
// Symbol tables
//===----------------------------------------------------------------------===//

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @decl()
  // expected-error @+1 {{redefinition of symbol named 'decl'}}
  func.func private @decl()
}

//===----------------------------------------------------------------------===//
// Dominance
//===----------------------------------------------------------------------===//

// -----

func.func @use_before_def_same_block() {
  // expected-error @+1 {{'arith.addi' op operand #0 does not dominate this use}}
  %1 = arith.addi %0, %0 : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = arith.constant 1 : i32
  return
}

// -----

func.func @use_of_own_result() {
  // expected-error @+2 {{'arith.addi' op operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here}}
  %0 = arith.addi %0, %0 : i32
  return
}

// -----

// The use is nested in a region of an op that comes before the definition.
func.func @use_in_region_before_def() {
  "test.op"() ({
    // expected-error @+1 {{'arith.addi' op operand #0 does not dominate this use}}
    %1 = arith.addi %0, %0 : i32
  }) : () -> ()
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = arith.constant 1 : i32
  return
}

// -----

// %0 is defined on one path of a diamond only.
func.func @use_not_dominated_by_block(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note @+1 {{operand defined here (op in a parent region or another block)}}
  %0 = arith.constant 1 : i32
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  // expected-error @+1 {{'arith.addi' op operand #0 does not dominate this use}}
  %1 = arith.addi %0, %0 : i32
  return
}

// -----

// A block argument of a block that does not dominate the use.
func.func @block_argument_not_dominating(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
// expected-note @+1 {{operand defined here (op in a parent region or another block)}}
^bb1(%x: i32):
  "test.br"()[^bb2] : () -> ()
^bb2:
  // expected-error @+1 {{'arith.addi' op operand #0 does not dominate this use}}
  %1 = arith.addi %x, %x : i32
  return
}

//===----------------------------------------------------------------------===//
// SameOperandsAndResult* traits
//===----------------------------------------------------------------------===//

// -----

func.func @same_type(%a: f32, %b: f64) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @same_type_result(%a: f32) {
  // expected-error @+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%a) : (f32) -> f64
  return
}

// -----

func.func @same_shape(%a: tensor<4xf16>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = "arith.extf"(%a) : (tensor<4xf16>) -> tensor<5xf32>
  return
}

// -----

func.func @same_shape_rank(%a: tensor<4xf16>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : tensor<4xf16> to tensor<4x1xf32>
  return
}

//===----------------------------------------------------------------------===//
// builtin dialect
//===----------------------------------------------------------------------===//

// -----

func.func @cast_without_results(%a: f32) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result}}
  "builtin.unrealized_conversion_cast"(%a) : (f32) -> ()
  return
}

// -----

// An op's result used inside the op's own region does not dominate the use.
func.func @result_used_in_own_region() {
  // expected-note @+1 {{operand defined here}}
  %0 = "test.op"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "test.use"(%0) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

// A registered op without successors may not be given any.
func.func @return_with_successor() {
  // expected-error @+1 {{'func.return' op expected 0 successors, but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

// SameOperandsAndResultShape: a scalar and a tensor never have the same shape.
func.func @scalar_to_tensor(%a: f32) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = "arith.extf"(%a) : (f32) -> tensor<4xf64>
  return
}
