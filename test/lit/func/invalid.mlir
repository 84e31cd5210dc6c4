// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of dialects/func: the custom syntax of func.func and the
// verifiers of func.func, func.return and func.call. Malformed ops that the
// custom syntax cannot express are written in the generic form.

//===----------------------------------------------------------------------===//
// func.func syntax
//===----------------------------------------------------------------------===//

// expected-error @+1 {{expected SSA identifier}}
func.func @mixed_named_and_unnamed_arguments(%a: f32, i32) {
  return
}

// -----

// expected-error @+1 {{expected SSA identifiers for the arguments of a function with a body}}
func.func @body_without_argument_names(f32) {
  return
}

//===----------------------------------------------------------------------===//
// func.func verifier
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "no_type"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires a function type, got 'i32'}}
"func.func"() <{sym_name = "not_a_function_type", function_type = i32}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires string attribute 'sym_name'}}
"func.func"() <{sym_name = 1 : i32, function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires string attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "internal"}}
"func.func"() <{sym_name = "bad_visibility", function_type = () -> (), sym_visibility = "internal"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got 1 : i32}}
"func.func"() <{sym_name = "visibility_not_a_string", function_type = () -> (), sym_visibility = 1 : i32}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects arg_attrs to be an array of 1 dictionaries}}
"func.func"() <{sym_name = "arg_attrs_count", function_type = (i32) -> (), arg_attrs = []}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects arg_attrs to be an array of 1 dictionaries}}
"func.func"() <{sym_name = "arg_attrs_kind", function_type = (i32) -> (), arg_attrs = {}}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects res_attrs to be an array of 1 dictionaries}}
"func.func"() <{sym_name = "res_attrs_count", function_type = () -> i32, res_attrs = [{}, {}], sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @explicitly_public_declaration(i32) -> i32

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{sym_name = "entry_block_arity", function_type = (i32) -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op entry block must have 0 arguments to match function signature}}
"func.func"() <{sym_name = "entry_block_extra_argument", function_type = () -> ()}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #1('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{sym_name = "entry_block_types", function_type = (i32, i32) -> ()}> ({
^bb0(%a: i32, %b: f32):
  "func.return"() : () -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// func.return
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
func.return

// -----

module @return_in_module {
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}

// -----

func.func @return_missing_value() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_missing_value) returns 1}}
  return
}

// -----

func.func @return_extra_value(%a: f32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_extra_value) returns 0}}
  return %a : f32
}

// -----

func.func @return_type(%a: f32, %b: f32) -> (f32, i32) {
  // expected-error @+1 {{'func.return' op type of return operand 1 ('f32') doesn't match function result type ('i32') in function @return_type}}
  return %a, %b : f32, f32
}

//===----------------------------------------------------------------------===//
// func.call
//===----------------------------------------------------------------------===//

// -----

func.func @call_without_callee() {
  // expected-error @+1 {{'func.call' op requires a 'callee' symbol reference attribute}}
  "func.call"() : () -> ()
  return
}

// -----

func.func @call_with_string_callee() {
  // expected-error @+1 {{'func.call' op requires a 'callee' symbol reference attribute}}
  "func.call"() <{callee = "call_with_string_callee"}> : () -> ()
  return
}

// -----

func.func @call_unknown() {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  func.call @nope() : () -> ()
  return
}

// -----

func.func @call_non_function() {
  // expected-error @+1 {{'func.call' op 'm' does not reference a valid function}}
  call @m() : () -> ()
  return
}
module @m {
}

// -----

func.func private @takes_f32(f32)
func.func @call_operand_count(%a: f32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  call @takes_f32(%a, %a) : (f32, f32) -> ()
  return
}

// -----

func.func private @takes_f32(f32)
func.func @call_operand_type(%a: i32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0}}
  call @takes_f32(%a) : (i32) -> ()
  return
}

// -----

func.func private @returns_f32() -> f32
func.func @call_result_count() {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  func.call @returns_f32() : () -> ()
  return
}

// -----

func.func private @returns_two() -> (f32, i32)
func.func @call_result_type() {
  // expected-error @+3 {{'func.call' op result type mismatch at index 1}}
  // expected-note @+2 {{op result types: (f32, f32)}}
  // expected-note @+1 {{function result types: (f32, i32)}}
  %0:2 = func.call @returns_two() : () -> (f32, f32)
  return
}
