// RUN: bcast-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Every diagnostic of dialects/shape: the custom syntax and the verifiers.
// Malformed ops that the custom syntax cannot express are written in the
// generic form.

//===----------------------------------------------------------------------===//
// shape.shape_of
//===----------------------------------------------------------------------===//

func.func @shape_of_scalar(%a: f32) {
  // expected-error @+1 {{'shape.shape_of' op operand must be a tensor, but got 'f32'}}
  %0 = shape.shape_of %a : f32 -> tensor<0xindex>
  return
}

// -----

func.func @shape_of_i32_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'shape.shape_of' op result must be an extent tensor (tensor<?xindex> or tensor<Nxindex>), but got 'tensor<2xi32>'}}
  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xi32>
  return
}

// -----

func.func @shape_of_wrong_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'shape.shape_of' op result has 3 extents but the operand has rank 2}}
  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<3xindex>
  return
}

// -----

//===----------------------------------------------------------------------===//
// shape.const_shape
//===----------------------------------------------------------------------===//

func.func @const_shape_i64() {
  // expected-error @+1 {{'shape.const_shape' op requires a 'shape' attribute of type tensor<Nxindex>}}
  %0 = "shape.const_shape"() <{shape = dense<[1, 2]> : tensor<2xi64>}> : () -> tensor<2xindex>
  return
}

// -----

func.func @const_shape_negative() {
  // expected-error @+1 {{'shape.const_shape' op extent 1 is -1; extents must not be negative}}
  %0 = shape.const_shape [2, -1] : tensor<2xindex>
  return
}

// -----

func.func @const_shape_wrong_type() {
  // expected-error @+1 {{'shape.const_shape' op result type 'tensor<?xindex>' must be 'tensor<2xindex>', the type of its 2 extents}}
  %0 = shape.const_shape [2, 3] : tensor<?xindex>
  return
}

// -----

//===----------------------------------------------------------------------===//
// shape.broadcast
//===----------------------------------------------------------------------===//

func.func @broadcast_nothing() {
  // expected-error @+1 {{'shape.broadcast' op requires at least one shape}}
  %0 = "shape.broadcast"() : () -> tensor<?xindex>
  return
}

// -----

func.func @broadcast_error_attr(%a: tensor<2xindex>) {
  // expected-error @+1 {{'shape.broadcast' op 'error' must be a string, but got 1 : i64}}
  %0 = "shape.broadcast"(%a) <{error = 1}> : (tensor<2xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @broadcast_i64_operand(%a: tensor<2xindex>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'shape.broadcast' op operand #1 must be an extent tensor (tensor<?xindex> or tensor<Nxindex>), but got 'tensor<2xi64>'}}
  %0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<2xi64> -> tensor<2xindex>
  return
}

// -----

func.func @broadcast_wrong_length(%a: tensor<2xindex>, %b: tensor<1xindex>) {
  // expected-error @+1 {{'shape.broadcast' op result has 1 extents but the longest shape has 2}}
  %0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<1xindex>
  return
}

// -----

//===----------------------------------------------------------------------===//
// shape.get_extent, shape.from_extents, shape.to_extent_tensor
//===----------------------------------------------------------------------===//

func.func @get_extent_i64(%a: tensor<2xindex>, %d: i64) {
  // expected-error @+1 {{'shape.get_extent' op the dim operand and the result must be 'index', but are 'i64' and 'index'}}
  %0 = shape.get_extent %a, %d : tensor<2xindex>, i64 -> index
  return
}

// -----

func.func @from_extents_i64(%a: index, %b: i64) {
  // expected-error @+1 {{'shape.from_extents' op extent #1 must be 'index', but got 'i64'}}
  %0 = shape.from_extents %a, %b : index, i64
  return
}

// -----

func.func @from_extents_tensor(%a: index) {
  // expected-error @+1 {{'shape.from_extents' op result must be '!shape.shape', but got 'tensor<1xindex>'}}
  %0 = "shape.from_extents"(%a) : (index) -> tensor<1xindex>
  return
}

// -----

func.func @to_extent_tensor_i32(%a: tensor<2xi32>) {
  // expected-error @+1 {{'shape.to_extent_tensor' op operand must be '!shape.shape' or an extent tensor, but got 'tensor<2xi32>'}}
  %0 = shape.to_extent_tensor %a : tensor<2xi32> -> tensor<2xindex>
  return
}

// -----

func.func @to_extent_tensor_wrong_length(%a: index) {
  %s = shape.from_extents %a, %a : index, index
  // expected-error @+1 {{'shape.to_extent_tensor' op result has 3 extents but the shape has 2}}
  %0 = shape.to_extent_tensor %s : !shape.shape -> tensor<3xindex>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Constraints and witnesses
//===----------------------------------------------------------------------===//

func.func @cstr_broadcastable_one(%a: tensor<2xindex>) {
  // expected-error @+1 {{'shape.cstr_broadcastable' op required at least 2 input shapes}}
  %0 = shape.cstr_broadcastable %a : tensor<2xindex>
  return
}

// -----

func.func @cstr_broadcastable_tensor_i1_result(%a: tensor<2xindex>) {
  // expected-error @+1 {{'shape.cstr_broadcastable' op result must be '!shape.witness', but got 'i1'}}
  %0 = "shape.cstr_broadcastable"(%a, %a) : (tensor<2xindex>, tensor<2xindex>) -> i1
  return
}

// -----

func.func @cstr_eq_nothing() {
  // expected-error @+1 {{'shape.cstr_eq' op requires at least one shape}}
  %0 = "shape.cstr_eq"() : () -> !shape.witness
  return
}

// -----

func.func @cstr_require_i32(%c: i32) {
  // expected-error @+1 {{'shape.cstr_require' op condition must be 'i1', but got 'i32'}}
  %0 = "shape.cstr_require"(%c) <{msg = "m"}> : (i32) -> !shape.witness
  return
}

// -----

func.func @cstr_require_no_msg(%c: i1) {
  // expected-error @+1 {{'shape.cstr_require' op requires a 'msg' string attribute}}
  %0 = "shape.cstr_require"(%c) : (i1) -> !shape.witness
  return
}

// -----

func.func @const_witness_int() {
  // expected-error @+1 {{expected 'true' or 'false'}}
  %0 = shape.const_witness 1
  return
}

// -----

func.func @const_witness_no_passing() {
  // expected-error @+1 {{'shape.const_witness' op requires a boolean 'passing' attribute}}
  %0 = "shape.const_witness"() : () -> !shape.witness
  return
}

// -----

func.func @assuming_all_nothing() {
  // expected-error @+1 {{'shape.assuming_all' op no operands specified}}
  %0 = shape.assuming_all
  return
}

// -----

func.func @assuming_all_i1(%c: i1) {
  // expected-error @+1 {{'shape.assuming_all' op operand #0 must be '!shape.witness', but got 'i1'}}
  %0 = "shape.assuming_all"(%c) : (i1) -> !shape.witness
  return
}

// -----

//===----------------------------------------------------------------------===//
// shape.assuming and shape.assuming_yield
//===----------------------------------------------------------------------===//

func.func @assuming_i1(%c: i1) {
  // expected-error @+1 {{'shape.assuming' op operand must be '!shape.witness', but got 'i1'}}
  "shape.assuming"(%c) ({
    "shape.assuming_yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @assuming_no_block(%w: !shape.witness) {
  // expected-error @+1 {{'shape.assuming' op requires a region with one block}}
  "shape.assuming"(%w) ({
  }) : (!shape.witness) -> ()
  return
}

// -----

func.func @assuming_other_terminator(%w: !shape.witness) {
  // expected-error @+1 {{'shape.assuming' op region must end with shape.assuming_yield}}
  "shape.assuming"(%w) ({
    "test.terminator"() : () -> ()
  }) : (!shape.witness) -> ()
  return
}

// -----

func.func @assuming_yield_count(%w: !shape.witness, %a: tensor<2xf32>) {
  // expected-error @+1 {{'shape.assuming' op yields 0 values but has 1 results}}
  %0 = shape.assuming %w -> (tensor<2xf32>) {
    shape.assuming_yield
  }
  return
}

// -----

func.func @assuming_yield_type(%w: !shape.witness, %a: tensor<2xf32>) {
  // expected-error @+1 {{'shape.assuming' op result #0 has type 'tensor<?xf32>' but the region yields 'tensor<2xf32>'}}
  %0 = shape.assuming %w -> (tensor<?xf32>) {
    shape.assuming_yield %a : tensor<2xf32>
  }
  return
}

// -----

func.func @yield_outside_assuming(%a: tensor<2xf32>) {
  "test.region"() ({
    // expected-error @+1 {{'shape.assuming_yield' op expects parent op 'shape.assuming'}}
    "shape.assuming_yield"(%a) : (tensor<2xf32>) -> ()
  }) : () -> ()
  return
}
