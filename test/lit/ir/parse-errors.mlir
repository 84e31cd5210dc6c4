// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every syntax error the parser (ir/lexer.go, parser.go, parse_types.go,
// parse_attrs.go, opparser.go, affine/parse.go) can report, one per chunk.
// No --allow-unregistered-dialect here: the cases use registered ops
// (builtin.unrealized_conversion_cast takes any operands and results).

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

func.func @lone_dot() {
  // expected-error @+1 {{unexpected character '.'}}
  .
}

// -----

// expected-error @+1 {{expected symbol name after '@'}}
func.func @1() {
  return
}

// -----

func.func @unexpected_character() {
  // expected-error @+1 {{unexpected character}}
  ;
}

// -----

func.func @bare_percent() {
  // expected-error @+1 {{invalid identifier after '%'}}
  "func.return"(% ) : () -> ()
}

// -----

func.func @bare_caret() {
  return
// expected-error @+1 {{invalid identifier after '^'}}
^:
  return
}

// -----

func.func @string_newline() {
  // expected-error @+1 {{expected '"' in string literal}}
  "func.return"() {a = "abc
  } : () -> ()
}

// -----

func.func @string_escape() {
  // expected-error @+1 {{unknown escape in string literal}}
  "func.return"() {a = "\q"} : () -> ()
}

//===----------------------------------------------------------------------===//
// Top level: aliases and file metadata
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{expected '=' in attribute alias definition}}
#a 1

// -----

#a = 1
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error @+1 {{expected '=' in type alias definition}}
!t i32

// -----

!t = i32
// expected-error @+1 {{redefinition of type alias id 't'}}
!t = f32

// -----

// The error is at the end of the chunk (the `// -----` line).
// expected-error @+2 {{expected '#-}' to end file metadata}}
{-# external_resources: {}
// -----

// expected-error @+1 {{expected operation name in quotes}}
)

//===----------------------------------------------------------------------===//
// SSA values
//===----------------------------------------------------------------------===//

// -----

func.func @undeclared() {
  // expected-error @+1 {{use of undeclared SSA value name '%x'}}
  "func.return"(%x) : (f32) -> ()
}

// -----

// A forward reference left unresolved when the isolated func body closes.
func.func @undeclared_forward() {
  // expected-error @+1 {{use of undeclared SSA value name '%later'}}
  %0 = "builtin.unrealized_conversion_cast"(%later) : (i32) -> f32
  return
}

// -----

func.func @result_number_out_of_range() {
  %0:2 = "builtin.unrealized_conversion_cast"() : () -> (i32, i32)
  // expected-error @+1 {{invalid result number: result group '%0' has 2 results}}
  "func.return"(%0#2) : (i32) -> ()
}

// -----

func.func @bad_result_number() {
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{invalid SSA value result number}}
  "func.return"(%0#x) : (i32) -> ()
}

// -----

func.func @type_differs_from_definition() {
  // expected-note @+1 {{prior use here}}
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
  "func.return"(%0) : (f32) -> ()
}

// -----

func.func @type_differs_between_forward_uses() {
  %0 = "builtin.unrealized_conversion_cast"(%x) : (i32) -> f32
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
  %1 = "builtin.unrealized_conversion_cast"(%x) : (f32) -> f32
  %x = arith.constant 1 : i32
  return
}

// -----

func.func @redefinition() {
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

func.func @definition_type_differs_from_forward_use() {
  // expected-note @+1 {{previously used here with type 'f32'}}
  %0 = "builtin.unrealized_conversion_cast"(%x) : (f32) -> i32
  // expected-error @+1 {{definition of SSA value '%x#0' has type 'i32'}}
  %x = arith.constant 1 : i32
  return
}

// -----

func.func @zero_result_count() {
  // expected-error @+1 {{expected named operation to have at least 1 result}}
  %0:0 = "builtin.unrealized_conversion_cast"() : () -> ()
  return
}

// -----

func.func @result_count_not_integer() {
  // expected-error @+1 {{expected integer result count, found 'x'}}
  %0:x = arith.constant 1 : i32
  return
}

// -----

func.func @missing_equal() {
  // expected-error @+1 {{expected '=' after SSA name, found 'arith.constant'}}
  %0 arith.constant 1 : i32
  return
}

// -----

func.func @no_op_name() {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = 42
}

// -----

func.func @result_group_too_large() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.constant 1 : i32
  return
}

// -----

func.func @result_groups_too_small(%a: f32) {
  // expected-error @+1 {{operation defines 3 results but was provided 2 to bind}}
  %0, %1 = "builtin.unrealized_conversion_cast"(%a) : (f32) -> (i32, i32, i32)
  return
}

//===----------------------------------------------------------------------===//
// Blocks and regions
//===----------------------------------------------------------------------===//

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block '^bb9'}}
  "func.return"()[^bb9] : () -> ()
}

// -----

func.func @block_redefinition() {
  return
^bb1:
  return
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @label_after_named_arguments(%a: f32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0:
  return
}

// -----

// The error is at the end of the chunk (the `// -----` line).
// expected-error @+2 {{expected '}' to end region}}
func.func @unterminated_region() {
// -----

func.func @region_not_braced() {
  // expected-error @+1 {{expected '{' to begin region, found '('}}
  "builtin.unrealized_conversion_cast"() (() : () -> ()
  return
}

// -----

func.func @region_list_not_closed() {
  // expected-error @+1 {{expected ')' to end region list, found ':'}}
  "builtin.unrealized_conversion_cast"() ({}, {} : () -> ()
  return
}

// -----

func.func @block_argument_without_type() {
  return
// expected-error @+1 {{expected ':' and type for block argument, found 'f32'}}
^bb1(%x f32):
  return
}

// -----

func.func @block_argument_list_not_closed() {
  return
// expected-error @+1 {{expected ')' to end block argument list, found ':'}}
^bb1(%x: f32:
  return
}

// -----

func.func @block_label_without_colon() {
  return
^bb1
  // expected-error @+1 {{expected ':' after block name, found 'return'}}
  return
}

// -----

// The wording is "expected block label block successor, found '%x'" today.
func.func @successor_not_a_block() {
  // expected-error @+1 {{expected block}}
  "func.return"()[%x] : () -> ()
}

// -----

func.func @successor_list_not_closed() {
  // expected-error @+1 {{expected ']' to end successor list, found ':'}}
  "func.return"()[^bb1 : () -> ()
^bb1:
  return
}

//===----------------------------------------------------------------------===//
// Generic operation form
//===----------------------------------------------------------------------===//

// -----

func.func @unregistered_dialect() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @operand_list_not_opened() {
  // expected-error @+1 {{expected '(' to start operand list, found ':'}}
  "func.return" : () -> ()
}

// -----

func.func @operand_list_not_closed(%a: f32) {
  // expected-error @+1 {{expected ')' to end operand list, found ':'}}
  "func.return"(%a : (f32) -> ()
}

// -----

func.func @properties_not_closed() {
  // expected-error @+1 {{expected '>' to end properties, found ':'}}
  "func.return"() <{a = 1} : () -> ()
}

// -----

func.func @missing_type() {
  // expected-error @+1 {{expected ':' followed by operation type, found '}'}}
  "func.return"() }

// -----

func.func @not_a_function_type() {
  // expected-error @+1 {{expected function type}}
  "func.return"() : i32
}

// -----

func.func @operand_type_count(%a: f32) {
  // expected-error @+1 {{expected 1 operand type(s) but had 0}}
  "func.return"(%a) : () -> ()
}

// -----

func.func @operand_type_count_two(%a: f32) {
  // expected-error @+1 {{expected 2 operand type(s) but had 1}}
  %0 = "builtin.unrealized_conversion_cast"(%a, %a) : (f32) -> i32
  return
}

// -----

func.func @location_without_paren() {
  // expected-error @+1 {{expected '(' in location}}
  "func.return"() : () -> () loc 1
}

// -----

// The error is at the end of the chunk (the `// -----` line).
func.func @location_not_closed() {
  // expected-error @+2 {{unbalanced location}}
  "func.return"() : () -> () loc(
// -----

//===----------------------------------------------------------------------===//
// Custom operation form (ir/opparser.go)
//===----------------------------------------------------------------------===//

func.func @unknown_custom_op() {
  // expected-error @+1 {{custom op 'foo.bar' is unknown}}
  foo.bar
}

// -----

func.func @unknown_custom_op_without_dialect() {
  // expected-error @+1 {{custom op 'frobnicate' is unknown}}
  frobnicate
}

// -----

// test.broadcastable (internal/testdialect) has no custom syntax.
func.func @no_custom_form(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'test.broadcastable' has no custom assembly form; use the generic form}}
  %0 = test.broadcastable %a : tensor<4xf32>
  return
}

// -----

func.func @punctuation(%a: f32) {
  // expected-error @+1 {{expected ',', found '%a'}}
  %0 = arith.addf %a %a : f32
  return
}

// -----

func.func @colon_type(%a: f32) {
  // expected-error @+1 {{expected ':', found 'f32'}}
  %0 = arith.addf %a, %a f32
  return
}

// -----

func.func @keyword(%a: f16) {
  // expected-error @+1 {{expected 'to', found 'into'}}
  %0 = arith.extf %a : f16 into f32
  return
}

// -----

func.func @identifier(%a: f32) {
  // expected-error @+1 {{expected comparison predicate, found '5'}}
  %0 = arith.cmpf 5, %a, %a : f32
  return
}

// -----

func.func @operand_count(%a: f32) -> f32 {
  // expected-error @+1 {{2 operands present, but expected 1}}
  return %a, %a : f32
}

// -----

// expected-error @+1 {{expected '{' after 'attributes'}}
func.func @attributes_keyword() attributes 5 {
  return
}

// -----

// expected-error @+1 {{expected valid '@'-identifier for symbol name}}
func.func no_at() {
  return
}

// -----

func.func @callee_not_symbol() {
  // expected-error @+1 {{expected symbol reference}}
  func.call callee() : () -> ()
  return
}

// -----

func.func @angle_body(%a: f32) {
  // expected-error @+1 {{expected '<'}}
  %0 = arith.addf %a, %a fastmath 5 : f32
  return
}

// -----

func.func @argument_without_type(%a f32) {
  // expected-error @-1 {{expected ':' and type, found 'f32'}}
  return
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{expected non-function type}}
func.func @not_a_type(%a: 5) {
  return
}

// -----

// expected-error @+1 {{expected non-function type}}
func.func @unknown_type_name(%a: foo) {
  return
}

// -----

// MLIR's float8 (and narrower) types are named, not taken for typos.
// expected-error @+1 {{element type 'f8E4M3FN' (a float8 type) is not supported: the float types are f16, bf16, f32 and f64}}
func.func @float8(%a: tensor<4xf8E4M3FN>) {
  return
}

// -----

// expected-error @+1 {{element type 'f4E2M1FN' (a float4 type) is not supported}}
func.func @float4(%a: f4E2M1FN) {
  return
}

// -----

// expected-error @+1 {{element type 'tf32' (TensorFloat-32) is not supported}}
func.func @tf32(%a: tf32) {
  return
}

// -----

// expected-error @+1 {{element type 'f80' (an extended-precision float) is not supported}}
func.func @f80(%a: f80) {
  return
}

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
func.func @undefined_type_alias(%a: !foo) {
  return
}

// -----

// expected-error @+1 {{unbalanced '<' in dialect type or attribute}}
func.func @unbalanced_dialect_type(%a: !foo.bar<(x) {
  return
}

// -----

// expected-error @+1 {{expected '->' in function type, found ':'}}
func.func @function_type_arrow(%a: (i32) : i32) {
  return
}

// -----

// expected-error @+1 {{expected ')', found 'i32'}}
func.func @function_type_inputs(%a: (i32 i32) -> i32) {
  return
}

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func @dimension_separator(%a: tensor<4f32>) {
  return
}

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func @unranked_separator(%a: tensor<*f32>) {
  return
}

// -----

// expected-error @+1 {{invalid dimension}}
func.func @dimension_too_large(%a: tensor<99999999999999999999xf32>) {
  return
}

// -----

// expected-error @+1 {{expected scalable dimension}}
func.func @scalable_dimension(%a: vector<[x]xf32>) {
  return
}

// -----

// expected-error @+1 {{expected '<' in tensor type}}
func.func @tensor_angle(%a: tensor) {
  return
}

// -----

// expected-error @+1 {{expected '>' in tensor type, found ','}}
func.func @tensor_close(%a: tensor<*xf32, 1>) {
  return
}

// -----

// expected-error @+1 {{invalid tensor element type: tensor<2xf32>}}
func.func @tensor_of_tensor(%a: tensor<4xtensor<2xf32>>) {
  return
}

// -----

// expected-error @+1 {{invalid tensor element type: none}}
func.func @tensor_of_none(%a: tensor<4xnone>) {
  return
}

// -----

// expected-error @+1 {{expected '<' in memref type}}
func.func @memref_angle(%a: memref) {
  return
}

// -----

// expected-error @+1 {{expected '>' in memref type, found 'f32'}}
func.func @memref_close(%a: memref<4xf32 f32>) {
  return
}

// -----

// expected-error @+1 {{invalid memref element type: tensor<2xf32>}}
func.func @memref_of_tensor(%a: memref<4xtensor<2xf32>>) {
  return
}

// -----

// expected-error @+1 {{cannot have affine map for unranked memref type}}
func.func @unranked_memref_layout(%a: memref<*xf32, affine_map<(d0) -> (d0)>>) {
  return
}

// -----

// expected-error @+1 {{expected '<' in vector type}}
func.func @vector_angle(%a: vector) {
  return
}

// -----

// expected-error @+1 {{expected '>' in vector type, found ','}}
func.func @vector_close(%a: vector<4xf32, 1>) {
  return
}

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @vector_zero(%a: vector<0xf32>) {
  return
}

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @vector_dynamic(%a: vector<?xf32>) {
  return
}

// -----

// expected-error @+1 {{expected '<' in complex type, found ','}}
func.func @complex_angle(%a: complex, f32) {
  return
}

// -----

// expected-error @+1 {{expected '>' in complex type, found ','}}
func.func @complex_close(%a: complex<f32, f32>) {
  return
}

// -----

// expected-error @+1 {{expected '<' in tuple type, found ')'}}
func.func @tuple_angle(%a: tuple) {
  return
}

// -----

// expected-error @+1 {{expected '>' in tuple type, found ')'}}
func.func @tuple_close(%a: tuple<i32) {
  return
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// -----

func.func @bool_type() {
  // expected-error @+1 {{expected i1 type for boolean attribute}}
  "func.return"() {a = true : i32} : () -> ()
}

// -----

func.func @nested_symbol() {
  // expected-error @+1 {{expected nested symbol reference identifier}}
  "func.return"() {a = @x::5} : () -> ()
}

// -----

func.func @undefined_attribute_alias() {
  // expected-error @+1 {{undefined symbol alias id 'foo'}}
  "func.return"() {a = #foo} : () -> ()
}

// -----

func.func @attribute_name() {
  // expected-error @+1 {{expected attribute name}}
  "func.return"() {5 = 1} : () -> ()
}

// -----

func.func @duplicate_key() {
  // expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
  "func.return"() {a = 1, a = 2} : () -> ()
}

// -----

func.func @dictionary_not_closed() {
  // expected-error @+1 {{expected '}' to end attribute dictionary, found ':'}}
  "func.return"() {a = 1 : i32 : () -> ()
}

// -----

func.func @array_not_closed() {
  // expected-error @+1 {{expected ']' to end array attribute, found '}'}}
  "func.return"() {a = [1, 2} : () -> ()
}

// -----

func.func @minus_without_number() {
  // expected-error @+1 {{expected integer or float literal}}
  "func.return"() {a = -x} : () -> ()
}

// -----

func.func @hex_float_minus() {
  // expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
  "func.return"() {a = -0x7FC00000 : f32} : () -> ()
}

// -----

func.func @hex_float_range() {
  // expected-error @+1 {{hexadecimal float constant out of range for type}}
  "func.return"() {a = 0x1FFFFFFFF : f32} : () -> ()
}

// -----

func.func @float_for_integer() {
  // expected-error @+1 {{floating point value not valid for specified type}}
  "func.return"() {a = 1.5 : i32} : () -> ()
}

// -----

func.func @integer_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "func.return"() {a = 256 : i8} : () -> ()
}

// -----

func.func @negative_unsigned() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "func.return"() {a = -1 : ui8} : () -> ()
}

// -----

func.func @signed_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "func.return"() {a = 128 : si8} : () -> ()
}

// -----

func.func @numeric_literal_type() {
  // expected-error @+1 {{invalid type for numeric literal: tensor<f32>}}
  "func.return"() {a = 1 : tensor<f32>} : () -> ()
}

// -----

func.func @dense_array_angle() {
  // expected-error @+1 {{expected '<' in dense array, found '['}}
  "func.return"() {a = array[1]} : () -> ()
}

// -----

func.func @dense_array_element_type() {
  // expected-error @+1 {{expected integer or float type in dense array, got index}}
  "func.return"() {a = array<index: 1>} : () -> ()
}

// -----

func.func @dense_array_literal() {
  // expected-error @+1 {{expected integer or float literal in dense array}}
  "func.return"() {a = array<i64: x>} : () -> ()
}

// -----

func.func @dense_array_bool() {
  // expected-error @+1 {{boolean value in non-i1 dense array}}
  "func.return"() {a = array<i32: true>} : () -> ()
}

// -----

func.func @dense_array_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "func.return"() {a = array<i8: 300>} : () -> ()
}

// -----

func.func @dense_array_close() {
  // expected-error @+1 {{expected '>' to end dense array, found ']'}}
  "func.return"() {a = array<i64: 1]} : () -> ()
}

// -----

func.func @strided_angle() {
  // expected-error @+1 {{expected '<' in strided layout, found '['}}
  "func.return"() {a = strided[1]} : () -> ()
}

// -----

func.func @strided_square() {
  // expected-error @+1 {{expected '[' in strided layout, found '1'}}
  "func.return"() {a = strided<1>} : () -> ()
}

// -----

func.func @strided_stride() {
  // expected-error @+1 {{invalid stride}}
  "func.return"() {a = strided<[99999999999999999999]>} : () -> ()
}

// -----

func.func @strided_stride_literal() {
  // expected-error @+1 {{expected integer in strided layout, found 'x'}}
  "func.return"() {a = strided<[x]>} : () -> ()
}

// -----

func.func @strided_square_close() {
  // expected-error @+1 {{expected ']' in strided layout, found '>'}}
  "func.return"() {a = strided<[1>} : () -> ()
}

// -----

func.func @strided_offset_keyword() {
  // expected-error @+1 {{expected 'offset' in strided layout}}
  "func.return"() {a = strided<[1], foo: 0>} : () -> ()
}

// -----

func.func @strided_offset_colon() {
  // expected-error @+1 {{expected ':' after 'offset', found '0'}}
  "func.return"() {a = strided<[1], offset 0>} : () -> ()
}

// -----

func.func @strided_close() {
  // expected-error @+1 {{expected '>' to end strided layout, found ','}}
  "func.return"() {a = strided<[1], offset: 0, 1>} : () -> ()
}

//===----------------------------------------------------------------------===//
// Dense elements
//===----------------------------------------------------------------------===//

// -----

func.func @dense_angle() {
  // expected-error @+1 {{expected '<' in dense attribute, found '['}}
  "func.return"() {a = dense[1] : tensor<1xi8>} : () -> ()
}

// -----

func.func @dense_hex_prefix() {
  // expected-error @+1 {{expected a hex string ('0x...') in dense attribute}}
  "func.return"() {a = dense<"abc"> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_hex_digit() {
  // expected-error @+1 {{invalid hex digit in dense attribute}}
  "func.return"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()
}

// -----

func.func @dense_hex_size() {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 3 bytes for 2 elements of i8}}
  "func.return"() {a = dense<"0x010203"> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_close() {
  // expected-error @+1 {{expected '>' to end dense attribute, found ','}}
  "func.return"() {a = dense<1, 2> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_colon() {
  // expected-error @+1 {{expected ':' followed by a shaped type in dense attribute, found '}'}}
  "func.return"() {a = dense<1>} : () -> ()
}

// -----

func.func @dense_unranked() {
  // expected-error @+1 {{dense attribute needs a ranked tensor or vector type}}
  "func.return"() {a = dense<1> : tensor<*xi8>} : () -> ()
}

// -----

func.func @dense_scalar_type() {
  // expected-error @+1 {{dense attribute needs a ranked tensor or vector type}}
  "func.return"() {a = dense<1> : i8} : () -> ()
}

// -----

func.func @dense_element_type() {
  // expected-error @+1 {{unsupported dense element type complex<i32>}}
  "func.return"() {a = dense<(1, 2)> : tensor<2xcomplex<i32>>} : () -> ()
}

// -----

func.func @dense_dynamic_shape() {
  // expected-error @+1 {{dense attribute type must have a static shape, got tensor<?xi8>}}
  "func.return"() {a = dense<1> : tensor<?xi8>} : () -> ()
}

// -----

func.func @dense_empty() {
  // expected-error @+1 {{parsed zero elements, but type (tensor<2xi8>) expected at least 1}}
  "func.return"() {a = dense<> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_shape() {
  // expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  "func.return"() {a = dense<[1, 2, 3]> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_nested_shape() {
  // expected-error @+1 {{inferred shape of elements literal ([2, 1]) does not match type ([1, 2])}}
  "func.return"() {a = dense<[[1], [2]]> : tensor<1x2xi8>} : () -> ()
}

// -----

func.func @dense_bool_element() {
  // expected-error @+1 {{expected f32 element, got a boolean}}
  "func.return"() {a = dense<true> : tensor<2xf32>} : () -> ()
}

// -----

func.func @dense_element_literal() {
  // expected-error @+1 {{expected element literal of primitive type}}
  "func.return"() {a = dense<[x]> : tensor<1xi8>} : () -> ()
}

// -----

func.func @dense_complex_real_element() {
  // expected-error @+1 {{expected complex element (re, im) for complex<f32>}}
  "func.return"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_for_real_type() {
  // expected-error @+1 {{expected f32 element, got a complex (re, im) literal}}
  "func.return"() {a = dense<(1.0, 2.0)> : tensor<2xf32>} : () -> ()
}

// -----

func.func @dense_complex_comma() {
  // expected-error @+1 {{expected ',' between complex elements}}
  "func.return"() {a = dense<(1.0)> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_close() {
  // expected-error @+1 {{expected ')' after complex elements}}
  "func.return"() {a = dense<[(1.0, 2.0, 3.0)]> : tensor<1xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_nested() {
  // expected-error @+1 {{expected element literal of primitive type}}
  "func.return"() {a = dense<((1.0, 2.0), 3.0)> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_bool_part() {
  // expected-error @+1 {{expected f64 part of a complex element, got a boolean}}
  "func.return"() {a = dense<(true, 2.0)> : tensor<2xcomplex<f64>>} : () -> ()
}

// -----

func.func @dense_complex_part_hex_range() {
  // expected-error @+1 {{hexadecimal float constant out of range for type}}
  "func.return"() {a = dense<(1.0, 0x7FF0000000000000)> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_hex_size() {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 4 bytes for 2 elements of complex<f32>}}
  "func.return"() {a = dense<"0x0000803F"> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_complex_shape() {
  // expected-error @+1 {{inferred shape of elements literal ([1]) does not match type ([2])}}
  "func.return"() {a = dense<[(1.0, 2.0)]> : tensor<2xcomplex<f32>>} : () -> ()
}

// -----

func.func @dense_ragged() {
  // expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "func.return"() {a = dense<[[1], 2]> : tensor<2x1xi8>} : () -> ()
}

// -----

func.func @dense_list_close() {
  // expected-error @+1 {{expected ']' to end tensor literal, found '>'}}
  "func.return"() {a = dense<[1, 2> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_element_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "func.return"() {a = dense<[1, 300]> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_float_for_integer() {
  // expected-error @+1 {{floating point value not valid for specified type}}
  "func.return"() {a = dense<1.5> : tensor<2xi8>} : () -> ()
}

// -----

func.func @dense_dialect_element_type() {
  // expected-error @+1 {{unsupported dense element type !foo.bar}}
  "func.return"() {a = dense<[1, 2]> : tensor<2x!foo.bar>} : () -> ()
}

//===----------------------------------------------------------------------===//
// Affine maps (ir/affine/parse.go, located inside affine_map<...>)
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{expected '<' in affine map}}
#m = affine_map(d0) -> (d0)>

// -----

// expected-error @+1 {{expected '>' to end affine map}}
#m = affine_map<(d0) -> (d0) x>

// -----

// expected-error @+1 {{expected AffineMap, but got IntegerSet}}
#m = affine_map<(d0) : (d0 >= 0)>

// -----

// expected-error @+1 {{expected '->' or ':'}}
#m = affine_map<(d0) (d0)>

// -----

// expected-error @+1 {{expected '(' in affine map range}}
#m = affine_map<(d0) -> d0>

// -----

// expected-error @+1 {{expected ')' in affine map range}}
#m = affine_map<(d0) -> (d0 ]>

// -----

// expected-error @+1 {{expected '(' in dimensional identifier list}}
#m = affine_map<d0 -> (d0)>

// -----

// expected-error @+1 {{expected ')' in dimensional identifier list}}
#m = affine_map<(d0 ] -> (d0)>

// -----

// expected-error @+1 {{expected ']' in symbol list}}
#m = affine_map<(d0)[s0) -> (d0)>

// -----

// expected-error @+1 {{expected bare identifier}}
#m = affine_map<(5) -> (d0)>

// -----

// expected-error @+1 {{redefinition of identifier 'd0'}}
#m = affine_map<(d0, d0) -> (d0)>

// -----

// expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#m = affine_map<(d0, d1) -> (d0 * d1)>

// -----

// expected-error @+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
#m = affine_map<(d0, d1) -> (d0 floordiv d1)>

// -----

// expected-error @+1 {{non-affine expression: right operand of ceildiv has to be either a constant or symbolic}}
#m = affine_map<(d0) -> (d0 ceildiv d0)>

// -----

// expected-error @+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
#m = affine_map<(d0) -> (d0 mod d0)>

// -----

// expected-error @+1 {{use of undeclared identifier}}
#m = affine_map<(d0) -> (d1)>

// -----

// expected-error @+1 {{constant too large for index}}
#m = affine_map<(d0) -> (99999999999999999999)>

// -----

// expected-error @+1 {{no expression inside parentheses}}
#m = affine_map<(d0) -> (())>

// -----

// expected-error @+1 {{expected ')'}}
#m = affine_map<(d0) -> ((d0 ])>

// -----

// expected-error @+1 {{missing right operand of binary operator}}
#m = affine_map<(d0) -> (d0 +)>

// -----

// expected-error @+1 {{missing left operand of binary operator}}
#m = affine_map<(d0) -> (+ d0)>

// -----

// expected-error @+1 {{unexpected character}}
#m = affine_map<(d0) -> (d0 $ 1)>

// -----

// expected-error @+1 {{expected affine expression}}
#m = affine_map<(d0) -> (,)>

//===----------------------------------------------------------------------===//
// Limits (ir/nesting.go): nesting deeper than ir.MaxNesting or
// affine.MaxDepth, shapes of more than 2^63-1 elements
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{nesting deeper than 1000 levels (regions, attributes and types; the limit is ir.MaxNesting)}}
func.func @deep_array() attributes {a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} {
  return
}

// -----

// expected-error @+1 {{nesting deeper than 1000 levels}}
func.func @deep_type(%a: tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<f32>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>)

// -----

// expected-error @+1 {{affine expression nested deeper than 1000 levels (the limit is affine.MaxDepth)}}
#deep_map = affine_map<(d0) -> ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((d0))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>

// -----

// expected-error @+1 {{tensor<9223372036854775807x2xf32> has more than 2^63-1 elements}}
func.func @too_many_elements(%a: tensor<9223372036854775807x2xf32>)

// -----

// expected-error @+1 {{memref<4294967296x4294967296xf32> has more than 2^63-1 elements}}
func.func @too_many_elements_memref(%a: memref<4294967296x4294967296xf32>)
