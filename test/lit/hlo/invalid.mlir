// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of dialects/hlo, and every broadcast rule of ir/broadcast
// that an hlo op can break: the custom syntax, implicit broadcasting (the
// Broadcastable trait under each broadcast_policy, XLA broadcast_dimensions),
// element types, compare/select, and the structural rules of the shape ops.
// Malformed ops that the custom syntax cannot express are written in the
// generic form. (Element type mismatches that the generic
// SameOperandsAndResultElementType trait reports, and concatenate without
// operands, are in invalid-traits.mlir.)

//===----------------------------------------------------------------------===//
// Implicit broadcasting: incompatible static dims
//===----------------------------------------------------------------------===//

// The trait's (>1, >1) row with different sizes; the error names both
// operands, the dim (counted in the result) and both sizes.
func.func @add_incompatible(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible: dim 1 is 3 in operand #0 and 4 in operand #1}}
  %0 = hlo.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @stablehlo_subtract_incompatible(%a: tensor<5x1xf32>, %b: tensor<2x7xf32>) {
  // expected-error @+1 {{'stablehlo.subtract' op operands #0 and #1 are not broadcast compatible: dim 0 is 5 in operand #0 and 2 in operand #1}}
  %0 = stablehlo.subtract %a, %b : (tensor<5x1xf32>, tensor<2x7xf32>) -> tensor<?x7xf32>
  return
}

// -----

// StableHLO's elementwise ops do not broadcast (docs/SPEC.md §3): a size-1
// dim does not stretch under the stablehlo. and mhlo. spellings ...
func.func @stablehlo_add_no_stretch(%a: tensor<1x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.add' op operands #0 and #1 are not broadcast compatible: dim 0 is 1 in operand #0 and 3 in operand #1 (broadcast_policy "none" does not stretch size-1 dims)}}
  %0 = stablehlo.add %a, %b : (tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

// ... ranks are not aligned ...
func.func @mhlo_multiply_no_rank_broadcast(%a: tensor<2x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'mhlo.multiply' op operand #1 has rank 1 but another operand has rank 2; broadcast_policy "none" needs identical shapes}}
  %0 = mhlo.multiply %a, %b : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// ... and select's predicate is rank 0 or of the values' shape.
func.func @stablehlo_select_predicate(%p: tensor<1x4xi1>, %a: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.select' op operands #0 and #1 are not broadcast compatible: dim 0 is 1 in operand #0 and 3 in operand #1 (broadcast_policy "scalar" does not stretch size-1 dims)}}
  %0 = stablehlo.select %p, %a, %a : (tensor<1x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

// The size that conflicts comes from whichever operand set it: here
// operand #1 stretched operand #0's 1, and operand #2 disagrees.
func.func @clamp_incompatible(%lo: tensor<1x4xf32>, %x: tensor<3x1xf32>, %hi: tensor<2x1xf32>) {
  // expected-error @+1 {{'hlo.clamp' op operands #1 and #2 are not broadcast compatible: dim 0 is 3 in operand #1 and 2 in operand #2}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<1x4xf32>, tensor<3x1xf32>, tensor<2x1xf32>) -> tensor<3x4xf32>
  return
}

// -----

// The predicate broadcasts too, so it can conflict.
func.func @select_predicate_incompatible(%p: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op operands #0 and #1 are not broadcast compatible: dim 0 is 3 in operand #0 and 4 in operand #1}}
  %0 = hlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  return
}

// -----

func.func @compare_incompatible(%a: tensor<2x3xi32>, %b: tensor<2x2xi32>) {
  // expected-error @+1 {{'hlo.compare' op operands #0 and #1 are not broadcast compatible: dim 1 is 3 in operand #0 and 2 in operand #1}}
  %0 = hlo.compare EQ, %a, %b : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x3xi1>
  return
}

// -----

func.func @chlo_incompatible(%a: tensor<3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op operands #0 and #1 are not broadcast compatible: dim 1 is 3 in operand #0 and 4 in operand #1}}
  %0 = chlo.broadcast_maximum %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Implicit broadcasting: the result against the inferred shape
//===----------------------------------------------------------------------===//

func.func @result_rank(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.add' op result type 'tensor<1x3xf32>' is not compatible with the inferred broadcast shape [3]: result rank 2 does not match the inferred rank 1 of the broadcast operands}}
  %0 = hlo.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @result_rank_too_small(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{result rank 1 does not match the inferred rank 2 of the broadcast operands}}
  %0 = hlo.multiply %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @result_dim(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.add' op result type 'tensor<4x3xf32>' is not compatible with the inferred broadcast shape [2, 3]: result dim 0 is 4 but the operands broadcast to 2 there}}
  %0 = hlo.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return
}

// -----

// Broadcasting does not apply to the result: 1 and 1 give 1, not 4.
func.func @result_not_broadcast(%a: tensor<1xf32>) {
  // expected-error @+1 {{result dim 0 is 4 but the operands broadcast to 1 there}}
  %0 = hlo.add %a, %a : (tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

// An inferred `?` against a static result dim (the trait's formal rule).
func.func @result_static_from_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  // expected-error @+1 {{'hlo.add' op result type 'tensor<4xf32>' is not compatible with the inferred broadcast shape [?]: result dim 0 is 4 but the operands broadcast to ? there}}
  %0 = hlo.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

// (?, 1) infers ?, which a static 1 does not match either.
func.func @result_static_from_dynamic_and_one(%a: tensor<?xf32>, %b: tensor<1xf32>) {
  // expected-error @+1 {{inferred broadcast shape [?]: result dim 0 is 1 but the operands broadcast to ? there}}
  %0 = hlo.add %a, %b : (tensor<?xf32>, tensor<1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @compare_result_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op result type 'tensor<2xi1>' is not compatible with the inferred broadcast shape [4]: result dim 0 is 2 but the operands broadcast to 4 there}}
  %0 = hlo.compare GT, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @select_result_shape(%p: tensor<i1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op result type 'tensor<2x4xf32>' is not compatible with the inferred broadcast shape [4]: result rank 2 does not match the inferred rank 1 of the broadcast operands}}
  %0 = hlo.select %p, %a, %a : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// broadcast_policy
//===----------------------------------------------------------------------===//

// "rank": missing leading dims are fine, a size-1 dim does not stretch.
func.func @policy_rank_stretch(%a: tensor<1xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible: dim 0 is 1 in operand #0 and 4 in operand #1 (broadcast_policy "rank" does not stretch size-1 dims)}}
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @policy_rank_stretch_after_expansion(%a: tensor<2x4xf32>, %b: tensor<1xf32>) {
  // expected-error @+1 {{operands #0 and #1 are not broadcast compatible: dim 1 is 4 in operand #0 and 1 in operand #1 (broadcast_policy "rank" does not stretch size-1 dims)}}
  %0 = stablehlo.multiply %a, %b {broadcast_policy = "rank"} : (tensor<2x4xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  return
}

// -----

// Under "rank" a dynamic dim never stretches, so it takes the static size
// of the other operand: the result cannot keep a 1 there.
func.func @policy_rank_dynamic(%a: tensor<?xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op result type 'tensor<1xf32>' is not compatible with the inferred broadcast shape [4]: result dim 0 is 1 but the operands broadcast to 4 there}}
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

// "scalar": only rank-0 operands broadcast; rank expansion of a non-scalar
// is an error ...
func.func @policy_scalar_rank_expansion(%a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.add' op operand #0 has rank 1 but the result has rank 2; broadcast_policy "scalar" only broadcasts rank-0 operands}}
  %0 = hlo.add %a, %b {broadcast_policy = "scalar"} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// ... and so is stretching a size-1 dim.
func.func @policy_scalar_stretch(%s: tensor<f32>, %a: tensor<1x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op operands #1 and #2 are not broadcast compatible: dim 0 is 1 in operand #1 and 3 in operand #2 (broadcast_policy "scalar" does not stretch size-1 dims)}}
  %0 = hlo.clamp %s, %a, %b {broadcast_policy = "scalar"} : (tensor<f32>, tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @policy_scalar_select(%p: tensor<2xi1>, %a: tensor<2x2xf32>) {
  // expected-error @+1 {{'hlo.select' op operand #0 has rank 1 but the result has rank 2; broadcast_policy "scalar" only broadcasts rank-0 operands}}
  %0 = hlo.select %p, %a, %a {broadcast_policy = "scalar"} : (tensor<2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

// "none": identical shapes only, so a scalar does not broadcast ...
func.func @policy_none_scalar(%s: tensor<f32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op operand #0 has rank 0 but another operand has rank 1; broadcast_policy "none" needs identical shapes}}
  %0 = hlo.add %s, %a {broadcast_policy = "none"} : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// ... nor does a lower-rank operand ...
func.func @policy_none_rank(%a: tensor<2x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op operand #1 has rank 1 but another operand has rank 2; broadcast_policy "none" needs identical shapes}}
  %0 = hlo.compare LT, %a, %b {broadcast_policy = "none"} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  return
}

// -----

// ... nor a size-1 dim.
func.func @policy_none_stretch(%a: tensor<4x1xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible: dim 1 is 1 in operand #0 and 3 in operand #1 (broadcast_policy "none" does not stretch size-1 dims)}}
  %0 = hlo.add %a, %b {broadcast_policy = "none"} : (tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @policy_unknown(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_policy must be one of "numpy", "rank", "scalar" or "none", but got "fancy"}}
  %0 = hlo.add %a, %a {broadcast_policy = "fancy"} : tensor<4xf32>
  return
}

// -----

func.func @policy_not_a_string(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op broadcast_policy must be one of "numpy", "rank", "scalar" or "none", but got 1 : i32}}
  %0 = hlo.clamp %a, %a, %a {broadcast_policy = 1 : i32} : tensor<4xf32>
  return
}

// -----

func.func @policy_case_matters(%p: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op broadcast_policy must be one of "numpy", "rank", "scalar" or "none", but got "Numpy"}}
  %0 = hlo.select %p, %a, %a {broadcast_policy = "Numpy"} : tensor<4xi1>, tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// broadcast_dimensions on the elementwise ops
//===----------------------------------------------------------------------===//

func.func @bdims_count(%a: tensor<4xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions has 2 entries but the lower-rank operand #0 has rank 1}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @bdims_count_rhs(%a: tensor<4x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.multiply' op broadcast_dimensions has 0 entries but the lower-rank operand #1 has rank 1}}
  %0 = hlo.multiply %a, %b {broadcast_dimensions = array<i64>} : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @bdims_out_of_range(%a: tensor<4xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions entry 0 is 2, out of range for rank 2}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @bdims_negative(%a: tensor<4xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions entry 0 is -1, out of range for rank 2}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: -1>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @bdims_not_increasing(%a: tensor<3x4xf32>, %b: tensor<4x2x3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions must be strictly increasing, but entry 1 (0) follows 2}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 2, 0>} : (tensor<3x4xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  return
}

// -----

func.func @bdims_repeated(%a: tensor<3x3xf32>, %b: tensor<3x3x3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions must be strictly increasing, but entry 1 (1) follows 1}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 1, 1>} : (tensor<3x3xf32>, tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return
}

// -----

func.func @bdims_same_rank_not_identity(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions must be the identity when both operands have the same rank}}
  %0 = hlo.add %a, %a {broadcast_dimensions = array<i64: 1, 0>} : tensor<4x4xf32>
  return
}

// -----

// The mapped dims must be broadcast compatible: the 3 lands on dim 0 (4).
func.func @bdims_size_mismatch(%a: tensor<3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible: dim 0 is 3 in operand #0 and 4 in operand #1}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

// Broadcast composition gives 4x2 here, not numpy's 1x4 + 1x2 conflict,
// and the result must say so.
func.func @bdims_composition_result(%a: tensor<4xf32>, %b: tensor<1x2xf32>) {
  // expected-error @+1 {{'hlo.add' op result type 'tensor<1x2xf32>' is not compatible with the inferred broadcast shape [4, 2]: result dim 0 is 1 but the operands broadcast to 4 there}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  return
}

// -----

// broadcast_dimensions is for binary ops only.
func.func @bdims_on_select(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.select' op broadcast_dimensions needs exactly two ranked operands}}
  %0 = hlo.select %p, %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<i1>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bdims_on_clamp(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op broadcast_dimensions needs exactly two ranked operands}}
  %0 = hlo.clamp %a, %a, %a {broadcast_dimensions = array<i64: 0>} : tensor<4xf32>
  return
}

// -----

func.func @bdims_unranked(%a: tensor<*xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions needs exactly two ranked operands}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bdims_not_integers(%a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions must be a list of integers, but got "1"}}
  %0 = hlo.add %a, %b {broadcast_dimensions = "1"} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bdims_float_array(%a: tensor<4xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.subtract' op broadcast_dimensions must be a list of integers, but got array<f32: 1.000000e+00>}}
  %0 = hlo.subtract %a, %b {broadcast_dimensions = array<f32: 1.0>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// With the policy: broadcast_dimensions places the operand, then "rank"
// still refuses to stretch its 1.
func.func @bdims_with_rank_policy(%a: tensor<1xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 are not broadcast compatible: dim 0 is 1 in operand #0 and 4 in operand #1 (broadcast_policy "rank" does not stretch size-1 dims)}}
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>, broadcast_policy = "rank"} : (tensor<1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Tensor types and element types of the elementwise ops
//===----------------------------------------------------------------------===//

func.func @operand_not_tensor(%a: f32) {
  // expected-error @+1 {{'hlo.add' op operand #0 must be a tensor, but got 'f32'}}
  %0 = hlo.add %a, %a : f32
  return
}

// -----

func.func @operand_vector(%a: vector<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op operand #0 must be a tensor, but got 'vector<4xf32>'}}
  %0 = hlo.add %a, %b : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unary_operand_not_tensor(%a: f32) {
  // expected-error @+1 {{'hlo.negate' op operand #0 must be a tensor, but got 'f32'}}
  %0 = hlo.negate %a : f32
  return
}

// -----

func.func @result_not_tensor(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op result #0 must be a tensor, but got 'vector<4xf32>'}}
  %0 = "hlo.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @binary_element_types(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{'hlo.add' op operands #0 and #1 have different element types 'f32' and 'f64'}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @binary_result_element_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.multiply' op result element type 'f64' must be 'f32'}}
  %0 = hlo.multiply %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @signedness_matters(%a: tensor<4xi32>, %b: tensor<4xui32>) {
  // expected-error @+1 {{'hlo.maximum' op operands #0 and #1 have different element types 'i32' and 'ui32'}}
  %0 = hlo.maximum %a, %b : (tensor<4xi32>, tensor<4xui32>) -> tensor<4xi32>
  return
}

// -----

func.func @atan2_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.atan2' op operand #0 must have floating-point or complex elements, but has 'i32'}}
  %0 = hlo.atan2 %a, %a : tensor<4xi32>
  return
}

// -----

func.func @shift_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.shift_left' op operand #0 must have integer elements, but has 'f32'}}
  %0 = hlo.shift_left %a, %a : tensor<4xf32>
  return
}

// -----

func.func @shift_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{'stablehlo.shift_right_logical' op operand #0 must have integer elements, but has 'i1'}}
  %0 = stablehlo.shift_right_logical %a, %a : tensor<4xi1>
  return
}

// -----

func.func @and_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.and' op operand #0 must have integer or boolean elements, but has 'f32'}}
  %0 = hlo.and %a, %a : tensor<4xf32>
  return
}

// -----

func.func @subtract_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.subtract' op operand #0 must have integer, floating-point or complex elements, but has 'i1'}}
  %0 = hlo.subtract %a, %a : tensor<4xi1>
  return
}

// -----

func.func @add_index(%a: tensor<4xindex>) {
  // expected-error @+1 {{'hlo.add' op operand #0 must have integer, boolean, floating-point or complex elements, but has 'index'}}
  %0 = hlo.add %a, %a : tensor<4xindex>
  return
}

// -----

func.func @clamp_element_types(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f16>) {
  // expected-error @+1 {{'hlo.clamp' op operands #0 and #2 have different element types 'f32' and 'f16'}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f16>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_index(%a: tensor<4xindex>) {
  // expected-error @+1 {{'hlo.clamp' op operand #0 must have integer, boolean, floating-point or complex elements, but has 'index'}}
  %0 = hlo.clamp %a, %a, %a : tensor<4xindex>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

func.func @sqrt_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.sqrt' op operand #0 must have floating-point or complex elements, but has 'i32'}}
  %0 = hlo.sqrt %a : tensor<4xi32>
  return
}

// -----

func.func @popcnt_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{'mhlo.popcnt' op operand #0 must have integer elements, but has 'f32'}}
  %0 = mhlo.popcnt %a : tensor<4xf32>
  return
}

// -----

func.func @negate_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.negate' op operand #0 must have integer, floating-point or complex elements, but has 'i1'}}
  %0 = hlo.negate %a : tensor<4xi1>
  return
}

// -----

func.func @not_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.not' op operand #0 must have integer or boolean elements, but has 'f32'}}
  %0 = hlo.not %a : tensor<4xf32>
  return
}

// -----

func.func @is_finite_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.is_finite' op operand #0 must have floating-point elements, but has 'i32'}}
  %0 = hlo.is_finite %a : (tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @is_finite_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.is_finite' op result element type 'f32' must be 'i1'}}
  %0 = stablehlo.is_finite %a : tensor<4xf32>
  return
}

// -----

func.func @unary_result_element_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.exponential' op result element type 'f16' must be 'f32'}}
  %0 = hlo.exponential %a : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// Unary ops do not broadcast.
func.func @unary_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.abs' op requires the same shape for all operands and results}}
  %0 = hlo.abs %a : (tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// compare
//===----------------------------------------------------------------------===//

func.func @compare_unknown_direction(%a: tensor<4xf32>) {
  // expected-error @+1 {{unknown comparison direction 'GREATER' (expected one of EQ, NE, GE, GT, LE, LT)}}
  %0 = hlo.compare GREATER, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_lowercase_direction(%a: tensor<4xf32>) {
  // expected-error @+1 {{unknown comparison direction 'gt'}}
  %0 = stablehlo.compare gt, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_unknown_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{unknown comparison type 'DOUBLE' (expected one of NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED)}}
  %0 = hlo.compare GT, %a, %a, DOUBLE : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_missing_direction(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op requires a comparison_direction attribute (#hlo<comparison_direction EQ|NE|GE|GT|LE|LT>)}}
  %0 = chlo.broadcast_compare %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_bad_direction_attr(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op requires a comparison_direction attribute (#hlo<comparison_direction EQ|NE|GE|GT|LE|LT>)}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction GREATER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_direction_string(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op requires a comparison_direction attribute (#hlo<comparison_direction EQ|NE|GE|GT|LE|LT>)}}
  %0 = "hlo.compare"(%a, %a) {comparison_direction = "GT"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_bad_type_attr(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op compare_type must be #hlo<comparison_type NOTYPE|FLOAT|TOTALORDER|SIGNED|UNSIGNED>, but got "FLOAT"}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction GT>, compare_type = "FLOAT"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_unknown_type_attr(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op compare_type must be #hlo<comparison_type NOTYPE|FLOAT|TOTALORDER|SIGNED|UNSIGNED>, but got #stablehlo<comparison_type DOUBLE>}}
  %0 = "hlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type DOUBLE>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_result_element(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op result element type 'f32' must be 'i1'}}
  %0 = hlo.compare GT, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @compare_element_types(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.compare' op operands #0 and #1 have different element types 'f32' and 'i32'}}
  %0 = hlo.compare GT, %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_missing_comma(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = hlo.compare GT %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

//===----------------------------------------------------------------------===//
// select
//===----------------------------------------------------------------------===//

func.func @select_predicate_type(%p: tensor<4xi32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op predicate (operand #0) must have i1 elements, but has 'i32'}}
  %0 = hlo.select %p, %a, %a : tensor<4xi32>, tensor<4xf32>
  return
}

// -----

func.func @select_predicate_float(%p: tensor<f32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.select' op predicate (operand #0) must have i1 elements, but has 'f32'}}
  %0 = stablehlo.select %p, %a, %a : tensor<f32>, tensor<4xf32>
  return
}

// -----

func.func @select_value_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.select' op operands #1 and #2 have different element types 'f32' and 'i32'}}
  %0 = hlo.select %p, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_result_type(%p: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op result element type 'f64' must be 'f32'}}
  %0 = hlo.select %p, %a, %a : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @select_two_operands(%p: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{expected 3 operands, but found 2}}
  %0 = hlo.select %p, %a : tensor<4xi1>, tensor<4xf32>
  return
}

// -----

func.func @select_operand_not_tensor(%p: i1, %a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.select' op operand #0 must be a tensor, but got 'i1'}}
  %0 = hlo.select %p, %a, %a : i1, tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// The compact type signature
//===----------------------------------------------------------------------===//

func.func @signature_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 operand types, but found 1}}
  %0 = hlo.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @signature_count_concatenate(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected 3 operand types, but found 2}}
  %0 = hlo.concatenate %a, %a, %a, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<12xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @signature_operand_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'}}
  %0 = hlo.add %a, %a : tensor<4xi32>
  return
}

// -----

func.func @signature_two_results(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.add' op expected 1 results, but found 2}}
  %0:2 = hlo.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// constant and convert
//===----------------------------------------------------------------------===//

func.func @constant_not_dense() {
  // expected-error @+1 {{expected a dense elements attribute}}
  %0 = hlo.constant 1.0 : f32
  return
}

// -----

func.func @constant_array() {
  // expected-error @+1 {{expected a dense elements attribute}}
  %0 = stablehlo.constant array<i64: 1, 2>
  return
}

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{'hlo.constant' op requires a dense elements 'value' attribute}}
  %0 = "hlo.constant"() : () -> tensor<f32>
  return
}

// -----

func.func @constant_scalar_value() {
  // expected-error @+1 {{'hlo.constant' op requires a dense elements 'value' attribute}}
  %0 = "hlo.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'hlo.constant' op value type 'tensor<4xf32>' does not match result type 'tensor<3xf32>'}}
  %0 = "hlo.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @constant_hex_size() {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 7 bytes for 2 elements of f32}}
  %0 = stablehlo.constant dense<"0x0000803F000000"> : tensor<2xf32>
  return
}

// -----

func.func @convert_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.convert' op requires the same shape for all operands and results}}
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @convert_not_tensor(%a: f32) {
  // expected-error @+1 {{'hlo.convert' op operand #0 must be a tensor, but got 'f32'}}
  %0 = hlo.convert %a : (f32) -> i32
  return
}

// -----

func.func @convert_complex(%a: tensor<4xf64>) {
  // expected-error @+1 {{'stablehlo.convert' op result has 'complex<f16>' elements; convert takes integers of up to 64 bits, index, floats, complex<f32> and complex<f64>}}
  %0 = stablehlo.convert %a : (tensor<4xf64>) -> tensor<4xcomplex<f16>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// broadcast_in_dim
//===----------------------------------------------------------------------===//

func.func @bid_missing_dims(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op requires a 'broadcast_dimensions' attribute}}
  %0 = "hlo.broadcast_in_dim"(%a) : (tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bid_dims_not_integers(%a: tensor<f32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions must be a list of integers, but got "none"}}
  %0 = "hlo.broadcast_in_dim"(%a) <{broadcast_dimensions = "none"}> : (tensor<f32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bid_dims_count(%a: tensor<1x4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions has 1 entries but the operand has rank 2}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @bid_dims_out_of_range(%a: tensor<1x4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions entry 1 is 2, out of range for a result of rank 2}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @bid_dims_negative(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions entry 0 is -1, out of range for a result of rank 2}}
  %0 = hlo.broadcast_in_dim %a, dims = [-1] : (tensor<4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @bid_dims_twice(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions has 1 twice}}
  %0 = hlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @bid_size(%a: tensor<3xf32>) {
  // expected-error @+1 {{'mhlo.broadcast_in_dim' op operand dim 0 has size 3, which cannot broadcast to result dim 1 of size 4}}
  %0 = mhlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bid_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op requires ranked tensor operand and result}}
  %0 = hlo.broadcast_in_dim %a, dims = [0] : (tensor<*xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bid_unranked_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op requires ranked tensor operand and result}}
  %0 = hlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @bid_syntax(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected 'dims'}}
  %0 = hlo.broadcast_in_dim %a, broadcast_dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_broadcast_in_dim
//===----------------------------------------------------------------------===//

func.func @dbid_unranked(%a: tensor<*xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op requires ranked tensor operand and result}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<*xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_element_type(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand #0 and the result must have the same element type, but have 'f32' and 'f64'}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf64>
  return
}

// -----

func.func @dbid_shape_element_type(%a: tensor<?xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand #1 must be a 1-D tensor of integers or index, but got 'tensor<2xf32>'}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_shape_rank(%a: tensor<?xf32>, %s: tensor<1x2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand #1 must be a 1-D tensor of integers or index, but got 'tensor<1x2xindex>'}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<1x2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_shape_length(%a: tensor<?xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op shape operand has 3 elements but the result has rank 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_dims(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op broadcast_dimensions entry 0 is 2, out of range for a result of rank 2}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [2] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_size(%a: tensor<3xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand dim 0 has size 3, which cannot broadcast to result dim 1 of size 4}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dbid_known_not_integers(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op known_expanding_dimensions must be a list of integers}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] {known_expanding_dimensions = "0"} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_known_out_of_range(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op known_nonexpanding_dimensions has 1, out of range for an operand of rank 1}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_known_both(%a: tensor<?x?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand dim 1 is listed in both known_expanding_dimensions and known_nonexpanding_dimensions}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_known_twice(%a: tensor<?x?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand dim 1 is listed in both known_nonexpanding_dimensions and known_nonexpanding_dimensions}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1, 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dbid_known_expanding_size(%a: tensor<4x?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand dim 0 of size 4 cannot be expanding}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>} : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// reshape and dynamic_reshape
//===----------------------------------------------------------------------===//

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.reshape' op number of elements differs: 6 in the operand, 8 in the result}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.reshape' op requires ranked tensor operand and result}}
  %0 = hlo.reshape %a : (tensor<*xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @dynamic_reshape_unranked(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_reshape' op requires a ranked result}}
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<*xf32>
  return
}

// -----

func.func @dynamic_reshape_element_type(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'hlo.dynamic_reshape' op operand #0 and the result must have the same element type, but have 'f32' and 'i32'}}
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_reshape_shape_length(%a: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op shape operand has 2 elements but the result has rank 3}}
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @dynamic_reshape_shape_type(%a: tensor<?xf32>, %s: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.dynamic_reshape' op operand #1 must be a 1-D tensor of integers or index, but got 'tensor<2xi1>'}}
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<2xi1>) -> tensor<?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_slice_index_count(%x: tensor<4x5xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op has 1 start indices for an operand of rank 2; it needs one per dim}}
  %0 = hlo.dynamic_slice %x, %i, sizes = [2, 2] : (tensor<4x5xf32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_index_type(%x: tensor<4x5xf32>, %i: tensor<1xi32>, %j: tensor<1xi32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op operand #1 (a start index) must be a 0-d tensor of integers, but got 'tensor<1xi32>'}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_index_types_differ(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i64>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op start indices must have one type, but operand #1 is 'tensor<i32>' and operand #2 is 'tensor<i64>'}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x5xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_too_big(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes entry 1 is 6, outside [0, 5] (the operand's dim 1)}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 6] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @dynamic_slice_sizes_rank(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes has 1 entries but the operand has rank 2}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_result(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op result type 'tensor<2x2xf32>' must have the shape slice_sizes gives, [2, 3]}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_no_sizes(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op requires 'slice_sizes', a list of integers}}
  %0 = "hlo.dynamic_slice"(%x, %i, %j) : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_unranked(%x: tensor<*xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op requires a ranked operand and result, but got 'tensor<*xf32>' and 'tensor<2xf32>'}}
  %0 = "hlo.dynamic_slice"(%x, %i) {slice_sizes = array<i64: 2>} : (tensor<*xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_element_type(%x: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op operand #0 and the result must have the same element type, but have 'f32' and 'f64'}}
  %0 = hlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf64>
  return
}

// -----

func.func @dynamic_slice_no_operand() {
  // expected-error @+1 {{'hlo.dynamic_slice' op requires an operand}}
  %0 = "hlo.dynamic_slice"() {slice_sizes = array<i64>} : () -> tensor<f32>
  return
}

// -----

func.func @dynamic_update_slice_result(%x: tensor<4x5xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op result type 'tensor<4x?xf32>' must be the operand's type 'tensor<4x5xf32>'}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x5xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x?xf32>
  return
}

// -----

func.func @dynamic_update_slice_rank(%x: tensor<4xf32>, %u: tensor<1x2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op the update has rank 2, more than the operand's rank 1}}
  %0 = hlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<1x2xf32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_too_big(%x: tensor<4x5xf32>, %u: tensor<6xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op the update's dim 0 has size 6, more than the operand's 5}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x5xf32>, tensor<6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @dynamic_update_slice_element_type(%x: tensor<4xf32>, %u: tensor<2xf64>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op the update's element type 'f64' must be the operand's, 'f32'}}
  %0 = hlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xf64>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_operands() {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op requires an operand and an update}}
  %0 = "hlo.dynamic_update_slice"() : () -> tensor<f32>
  return
}

// -----

func.func @dynamic_update_slice_unranked(%x: tensor<*xf32>, %u: tensor<2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op requires a ranked operand, update and result}}
  %0 = "hlo.dynamic_update_slice"(%x, %u, %i) : (tensor<*xf32>, tensor<2xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

// StableHLO's sub-byte integers are refused by name.
func.func @sub_byte(%x: tensor<4xi4>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 has 'i4' elements; integers of 4 bits are not supported (StableHLO's sub-byte types among them): use 8, 16, 32 or 64 bits, or i1}}
  %0 = stablehlo.add %x, %x : tensor<4xi4>
  return
}

// -----

//===----------------------------------------------------------------------===//
// optimization_barrier, bitcast_convert
//===----------------------------------------------------------------------===//

func.func @barrier_counts(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.optimization_barrier' op has 1 operands but 2 results; each result is its operand}}
  %0:2 = "hlo.optimization_barrier"(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @barrier_types(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.optimization_barrier' op result #0 has type 'tensor<3xf32>' but operand #0 has 'tensor<2xf32>'}}
  %0 = "hlo.optimization_barrier"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.bitcast_convert' op of one bit width, the result shape must be the operand's, but 'tensor<2xf32>' and 'tensor<3xi32>' differ}}
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @bitcast_narrow(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.bitcast_convert' op from 32-bit to 16-bit elements the result shape must be the operand's with a last dim of 2, but got 'tensor<2x4xf16>' from 'tensor<2xf32>'}}
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x4xf16>
  return
}

// -----

func.func @bitcast_wide(%x: tensor<2x3xi8>) {
  // expected-error @+1 {{'hlo.bitcast_convert' op from 8-bit to 32-bit elements the operand's last dim must have 4 elements and the result the other dims, but got 'tensor<2xf32>' from 'tensor<2x3xi8>'}}
  %0 = hlo.bitcast_convert %x : (tensor<2x3xi8>) -> tensor<2xf32>
  return
}

// -----

func.func @bitcast_bool(%x: tensor<8xi1>) {
  // expected-error @+1 {{'hlo.bitcast_convert' op bitcasts between 'i1' and 'i8' are not defined: both must be numeric types of whole bytes}}
  %0 = hlo.bitcast_convert %x : (tensor<8xi1>) -> tensor<8xi8>
  return
}

// -----

func.func @bitcast_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.bitcast_convert' op requires a ranked operand and result, but got 'tensor<*xf32>' and 'tensor<2xi32>'}}
  %0 = hlo.bitcast_convert %x : (tensor<*xf32>) -> tensor<2xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

func.func @pad_result(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op result dim 1 has size 6, but padding gives 8}}
  %0 = hlo.pad %x, %v, low = [0, -1], high = [2, 2], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x6xf32>
  return
}

// -----

func.func @pad_negative_size(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op dim 0 would have -1 elements (-3 low + 2 + 0 interior + 0 high)}}
  %0 = hlo.pad %x, %v, low = [-3], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<?xf32>
  return
}

// -----

func.func @pad_negative_interior(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op interior_padding entry 0 is -1, a negative padding}}
  %0 = hlo.pad %x, %v, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>
  return
}

// -----

func.func @pad_value_not_scalar(%x: tensor<2xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{'hlo.pad' op the padding value (operand #1) must be a 0-d tensor, but got 'tensor<1xf32>'}}
  %0 = hlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_entries(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op edge_padding_high has 2 entries but the operand has rank 1}}
  %0 = hlo.pad %x, %v, low = [0], high = [0, 1], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_missing(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op requires 'interior_padding', a list of integers}}
  %0 = "hlo.pad"(%x, %v) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_rank(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op result rank 2 must be the operand's rank 1}}
  %0 = hlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @pad_unranked(%x: tensor<*xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op requires a ranked operand and result, but got 'tensor<*xf32>' and 'tensor<2xf32>'}}
  %0 = "hlo.pad"(%x, %v) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<*xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// reverse
//===----------------------------------------------------------------------===//

func.func @reverse_dim_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reverse' op dimensions entry 1 is 2, out of range for an operand of rank 2}}
  %0 = hlo.reverse %a, dims = [0, 2] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_dim_twice(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reverse' op dimensions has 1 twice}}
  %0 = hlo.reverse %a, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_without_dims(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reverse' op requires a 'dimensions' attribute}}
  %0 = "hlo.reverse"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_dims_not_integers(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reverse' op dimensions must be a list of integers, but got "x"}}
  %0 = "hlo.reverse"(%a) {dimensions = "x"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_changes_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reverse' op requires the same type for all operands and results}}
  %0 = hlo.reverse %a, dims = [1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

func.func @transpose_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.transpose' op requires ranked tensor operand and result}}
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<*xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_no_permutation(%a: tensor<f32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation must be a list of integers}}
  %0 = "hlo.transpose"(%a) <{permutation = "none"}> : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @transpose_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.transpose' op permutation must have one entry per operand dim (rank 2), but has 3}}
  %0 = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_result_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op result rank 3 must equal the operand rank 2}}
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2x1xf32>
  return
}

// -----

func.func @transpose_not_permutation(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation [0 0] is not a permutation of 0..1}}
  %0 = hlo.transpose %a, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation [2 0] is not a permutation of 0..1}}
  %0 = hlo.transpose %a, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_sizes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op result dim 0 has size 2 but operand dim 1 has size 3}}
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

func.func @iota_unranked() {
  // expected-error @+1 {{'hlo.iota' op requires a ranked tensor result}}
  %0 = hlo.iota dim = 0 : tensor<*xi32>
  return
}

// -----

func.func @iota_dim(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.iota' op iota_dimension must be in [0, 2)}}
  %0 = stablehlo.iota dim = 2 : tensor<4x3xi32>
  return
}

// -----

func.func @iota_scalar() {
  // expected-error @+1 {{'hlo.iota' op iota_dimension must be in [0, 0)}}
  %0 = hlo.iota dim = 0 : tensor<i32>
  return
}

// -----

func.func @iota_missing_dim() {
  // expected-error @+1 {{'hlo.iota' op iota_dimension must be in [0, 1)}}
  %0 = "hlo.iota"() : () -> tensor<4xi32>
  return
}

// -----

func.func @iota_index() {
  // expected-error @+1 {{'hlo.iota' op result must have integer, floating-point or complex elements, but has 'index'}}
  %0 = hlo.iota dim = 0 : tensor<4xindex>
  return
}

// -----

func.func @iota_i1() {
  // expected-error @+1 {{'stablehlo.iota' op result must have integer, floating-point or complex elements, but has 'i1'}}
  %0 = stablehlo.iota dim = 0 : tensor<4xi1>
  return
}

// -----

//===----------------------------------------------------------------------===//
// concatenate
//===----------------------------------------------------------------------===//

func.func @concatenate_unranked(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op requires a ranked tensor result}}
  %0 = hlo.concatenate %a, %a, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @concatenate_dim(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.concatenate' op dimension must be in [0, 1)}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_operand_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op operand #1 must be a ranked tensor of rank 2}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @concatenate_operand_unranked(%a: tensor<2x3xf32>, %b: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op operand #1 must be a ranked tensor of rank 2}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @concatenate_other_dim(%a: tensor<2x3xf32>, %b: tensor<1x4xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op operand #1 dim 1 has size 4 but the result has 3}}
  %0 = hlo.concatenate %a, %b, %a, dim = 0 : (tensor<2x3xf32>, tensor<1x4xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @concatenate_sum(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) {
  // expected-error @+1 {{'mhlo.concatenate' op result dim 0 has size 6 but the operands add up to 5}}
  %0 = mhlo.concatenate %a, %b, %a, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

func.func @slice_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.slice' op requires ranked tensor operand and result}}
  %0 = hlo.slice %a [0:2] : (tensor<*xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_count(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'stablehlo.slice' op start_indices, limit_indices and strides need one entry per operand dim (rank 2)}}
  %0 = stablehlo.slice %a [0:2] : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @slice_missing_strides(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.slice' op strides must be a list of integers}}
  %0 = "hlo.slice"(%a) <{start_indices = array<i64: 0>, limit_indices = array<i64: 2>}> : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_rank0_without_attributes(%a: tensor<f32>) {
  // expected-error @+1 {{'hlo.slice' op start_indices must be a list of integers}}
  %0 = "hlo.slice"(%a) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @slice_limits_not_integers(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.slice' op limit_indices must be a list of integers}}
  %0 = "hlo.slice"(%a) <{start_indices = array<i64: 0>, limit_indices = "2", strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_result_rank(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'hlo.slice' op result rank 1 must equal the operand rank 2}}
  %0 = hlo.slice %a [0:2, 0:1] : (tensor<4x4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_zero_stride(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.slice' op stride 0 of dim 0 must be positive}}
  %0 = hlo.slice %a [0:4:0] : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_negative_stride(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'hlo.slice' op stride -1 of dim 1 must be positive}}
  %0 = hlo.slice %a [0:4, 3:0:-1] : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @slice_limit_out_of_bounds(%a: tensor<4xf32>) {
  // expected-error @+1 {{'mhlo.slice' op slice 2:5 of dim 0 is out of bounds for size 4}}
  %0 = mhlo.slice %a [2:5] : (tensor<4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @slice_reversed(%a: tensor<?xf32>) {
  // expected-error @+1 {{'hlo.slice' op slice 3:1 of dim 0 is out of bounds for size ?}}
  %0 = hlo.slice %a [3:1] : (tensor<?xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @slice_negative_start(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.slice' op slice -1:2 of dim 0 is out of bounds for size 4}}
  %0 = hlo.slice %a [-1:2] : (tensor<4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @slice_result_size(%a: tensor<8xf32>) {
  // expected-error @+1 {{'hlo.slice' op result dim 0 has size 3 but the slice selects 4 elements}}
  %0 = hlo.slice %a [1:8:2] : (tensor<8xf32>) -> tensor<3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// get_dimension_size
//===----------------------------------------------------------------------===//

func.func @gds_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op requires a ranked tensor operand}}
  %0 = hlo.get_dimension_size %a, dim = 0 : (tensor<*xf32>) -> tensor<i32>
  return
}

// -----

func.func @gds_dim(%a: tensor<?x4xf32>) {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op dimension must be in [0, 2)}}
  %0 = stablehlo.get_dimension_size %a, dim = 2 : (tensor<?x4xf32>) -> tensor<i32>
  return
}

// -----

func.func @gds_result(%a: tensor<?x4xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op result must be tensor<i32>, but got 'tensor<i64>'}}
  %0 = hlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i64>
  return
}

// -----

func.func @gds_index_result(%a: tensor<?x4xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op result must be tensor<i32>, but got 'index'}}
  %0 = hlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> index
  return
}

// -----

//===----------------------------------------------------------------------===//
// custom_call
//===----------------------------------------------------------------------===//

func.func @custom_call_no_target(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.custom_call' op requires a 'call_target_name' string attribute}}
  "hlo.custom_call"(%a) {has_side_effect = true} : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @custom_call_target_symbol(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.custom_call' op requires a 'call_target_name' string attribute}}
  "hlo.custom_call"(%a) <{call_target_name = @foo}> : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @custom_call_syntax(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected '('}}
  hlo.custom_call @foo %a : (tensor<4xf32>) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// JAX's @shape_assertion custom call
//===----------------------------------------------------------------------===//

func.func @shape_assertion_result(%p: tensor<i1>) {
  // expected-error @+1 {{'stablehlo.custom_call' op @shape_assertion has no results, but has 1}}
  %0 = stablehlo.custom_call @shape_assertion(%p) {error_message = "m", has_side_effect = true} : (tensor<i1>) -> tensor<i1>
  return
}

// -----

func.func @shape_assertion_condition(%p: tensor<2xi1>) {
  // expected-error @+1 {{'stablehlo.custom_call' op @shape_assertion needs a tensor<i1> condition as operand #0}}
  stablehlo.custom_call @shape_assertion(%p) {error_message = "m", has_side_effect = true} : (tensor<2xi1>) -> ()
  return
}

// -----

func.func @shape_assertion_argument(%p: tensor<i1>, %x: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op @shape_assertion operand #1 must be a rank-0 integer tensor, but is 'tensor<2xi32>'}}
  stablehlo.custom_call @shape_assertion(%p, %x) {error_message = "{0}", has_side_effect = true} : (tensor<i1>, tensor<2xi32>) -> ()
  return
}

// -----

func.func @shape_assertion_message(%p: tensor<i1>) {
  // expected-error @+1 {{'stablehlo.custom_call' op @shape_assertion requires an 'error_message' string attribute}}
  stablehlo.custom_call @shape_assertion(%p) {has_side_effect = true} : (tensor<i1>) -> ()
  return
}
