// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of hlo.dot_general and hlo.dot
// (dialects/hlo/contraction.go): StableHLO's constraints of dot_general
// (C1-C13, as the spec numbers them for tensors that are not quantized)
// and the checks StableHLO's verifier adds on precision_config and
// algorithm. Malformed ops that the custom form cannot express are
// written in the generic form.

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

func.func @unknown_precision(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{unknown precision 'LOW' (expected one of DEFAULT, HIGH, HIGHEST)}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, LOW] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @not_an_algorithm(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expected an algorithm, <lhs_precision_type = ..., ...> or #stablehlo.dot_algorithm<...>, but got 1 : i32}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], algorithm = 1 : i32 : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @one_operand_type(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expected the type (lhs, rhs) -> result, but found 1 operand and 1 result types}}
  %0 = stablehlo.dot %x, %w : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

func.func @no_dims(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op requires a 'dot_dimension_numbers' attribute (#hlo.dot<...>)}}
  %0 = "stablehlo.dot_general"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dims_not_readable(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.dot_general' op dot_dimension_numbers must be #hlo.dot<lhs_batching_dimensions = [..], rhs_batching_dimensions = [..], lhs_contracting_dimensions = [..], rhs_contracting_dimensions = [..]>, but got #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimension = [0]>}}
  %0 = "hlo.dot_general"(%x, %w) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimension = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @precision_not_array(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{precision_config must be an array of #hlo<precision DEFAULT|HIGH|HIGHEST>, but got "DEFAULT"}}
  %0 = "stablehlo.dot_general"(%x, %w) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = "DEFAULT"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// StableHLO's verifier takes no precision config, or one entry per
// operand at most (the spec's C12 says two).
func.func @three_precisions(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op precision_config has 3 entries, but takes at most 2 (lhs, rhs)}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @unknown_precision_attr(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{precision_config entry 1 must be #hlo<precision DEFAULT|HIGH|HIGHEST>, but got #stablehlo<precision LOW>}}
  %0 = "stablehlo.dot"(%x, %w) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision LOW>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @algorithm_not_readable(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{algorithm must be #hlo.dot_algorithm<...>, but got "tf32"}}
  %0 = "stablehlo.dot_general"(%x, %w) {algorithm = "tf32", dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @algorithm_with_high_precision(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op has an algorithm, so its precision_config entries must be DEFAULT, but entry 1 is HIGH}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, HIGH], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

func.func @unranked(%x: tensor<*xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs must be a ranked tensor, but is 'tensor<*xf32>'}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @unranked_result(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'stablehlo.dot' op result must be a ranked tensor, but is 'tensor<*xf32>'}}
  %0 = stablehlo.dot %x, %w : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @index_elements(%x: tensor<2x3xindex>, %w: tensor<3x4xindex>) -> tensor<2x4xindex> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs has 'index' elements, but a contraction takes integer, i1, floating-point or complex elements}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xindex>, tensor<3x4xindex>) -> tensor<2x4xindex>
  return %0 : tensor<2x4xindex>
}

// -----

// C1: one element type for both operands.
func.func @element_types_differ(%x: tensor<2x3xf32>, %w: tensor<3x4xf16>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs has 'f32' elements but rhs has 'f16': both operands must have one element type}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The result has the operands' element type or a wider one of its kind:
// not a narrower one, not another kind, not f16 to bf16.
func.func @narrower_result(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{'stablehlo.dot_general' op result has 'f16' elements, but the operands' 'f32' contract into 'f32' or a wider type of the same kind}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @int_to_float_result(%x: tensor<2x3xi8>, %w: tensor<3x4xi8>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result has 'f32' elements, but the operands' 'i8' contract into 'i8' or a wider type of the same kind}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @f16_to_bf16_result(%x: tensor<2x3xf16>, %w: tensor<3x4xf16>) -> tensor<2x4xbf16> {
  // expected-error @+1 {{result has 'bf16' elements, but the operands' 'f16' contract into 'f16' or a wider type of the same kind}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x4xf16>) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}

// -----

func.func @signedness_result(%x: tensor<2x3xi8>, %w: tensor<3x4xi8>) -> tensor<2x4xui32> {
  // expected-error @+1 {{result has 'ui32' elements, but the operands' 'i8' contract into 'i8' or a wider type of the same kind}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xui32>
  return %0 : tensor<2x4xui32>
}

// -----

//===----------------------------------------------------------------------===//
// Dimension numbers
//===----------------------------------------------------------------------===//

// C2
func.func @batching_counts(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op has 1 lhs batching dims but 0 rhs batching dims; they pair up one to one}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// C3
func.func @contracting_counts(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op has 2 lhs contracting dims but 1 rhs contracting dims; they pair up one to one}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1, 2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// C6
func.func @lhs_batching_range(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs_batching_dimensions entry 0 is 3, out of range for lhs of rank 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// C7, a negative dim
func.func @lhs_contracting_range(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs_contracting_dimensions entry 0 is -1, out of range for lhs of rank 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [-1] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// C8
func.func @rhs_batching_range(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op rhs_batching_dimensions entry 0 is 7, out of range for rhs of rank 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [7], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// C9
func.func @rhs_contracting_range(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op rhs_contracting_dimensions entry 1 is 2, out of range for rhs of rank 2}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1, 0] x [0, 2] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C4: a dim both batching and contracting.
func.func @lhs_dim_twice(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs dim 0 appears twice among the batching and contracting dims}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// C5: a dim contracted twice.
func.func @rhs_dim_twice(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.dot_general' op rhs dim 1 appears twice among the batching and contracting dims}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0, 1] x [1, 1] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C10
func.func @batch_sizes(%a: tensor<2x3x4xf32>, %b: tensor<5x4x6xf32>) -> tensor<2x3x6xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op batching dims pair 0: lhs dim 0 has size 2 but rhs dim 0 has size 5}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// C11; dynamic sizes are not compared.
func.func @contracting_sizes(%a: tensor<?x3x4xf32>, %b: tensor<2x5x6xf32>) -> tensor<2x3x6xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op contracting dims pair 0: lhs dim 2 has size 4 but rhs dim 1 has size 5}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x3x4xf32>, tensor<2x5x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// C13: the result's rank ...
func.func @result_rank(%a: tensor<2x3x4xf32>, %b: tensor<2x4x6xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op result has rank 2, but the 1 batch, 1 lhs free and 1 rhs free dims make 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// ... and its dims: the batch dims first (a dynamic lhs batch dim takes
// rhs's size), then lhs's free dims, then rhs's.
func.func @result_batch_dim(%a: tensor<?x3x4xf32>, %b: tensor<2x4x6xf32>) -> tensor<5x3x6xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op result dim 0 has size 5, but the batch dim it holds has size 2 (inferred 'tensor<2x3x6xf32>')}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x3x4xf32>, tensor<2x4x6xf32>) -> tensor<5x3x6xf32>
  return %0 : tensor<5x3x6xf32>
}

// -----

func.func @result_lhs_free_dim(%a: tensor<4x2x3xf32>, %b: tensor<2x4x6xf32>) -> tensor<2x6x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op result dim 1 has size 6, but the lhs free dim it holds has size 3 (inferred 'tensor<2x3x6xf32>')}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<4x2x3xf32>, tensor<2x4x6xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}

// -----

func.func @result_rhs_free_dim(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'stablehlo.dot' op result dim 1 has size 5, but the rhs free dim it holds has size 4 (inferred 'tensor<2x4xf32>')}}
  %0 = stablehlo.dot %x, %w : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// hlo.dot
//===----------------------------------------------------------------------===//

func.func @dot_rank3(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.dot' op lhs has rank 3, but hlo.dot takes rank-1 or rank-2 operands (hlo.dot_general takes any)}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_contracting_sizes(%v: tensor<3xf32>, %w: tensor<4x5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.dot' op contracting dims pair 0: lhs dim 0 has size 3 but rhs dim 0 has size 4}}
  %0 = hlo.dot %v, %w : (tensor<3xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
