// RUN: bcast-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Every diagnostic of dialects/tensor. The messages are MLIR 19's for the
// same check (mlir-opt-19 rejects every input here, with the same text
// unless a comment says otherwise). Malformed ops that the custom syntax
// cannot express are written in the generic form. The slice messages carry
// no "'op' op" prefix, as in MLIR (OffsetSizeAndStrideOpInterface).

//===----------------------------------------------------------------------===//
// tensor.empty
//===----------------------------------------------------------------------===//

func.func @empty_unranked() {
  // mlir-opt-19 rejects the custom form with "invalid kind of type specified".
  // expected-error @+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.empty() : tensor<*xf32>
  return
}

// -----

func.func @empty_too_many_sizes(%i: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<4xf32>
  return
}

// -----

func.func @empty_too_few_sizes(%i: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.empty(%i) : tensor<?x?xf32>
  return
}

// -----

func.func @empty_size_not_index(%i: i32) {
  // expected-error @+1 {{'tensor.empty' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "tensor.empty"(%i) : (i32) -> tensor<?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.dim
//===----------------------------------------------------------------------===//

func.func @dim_rank0(%t: tensor<f32>, %i: index) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @dim_not_tensor(%t: f32, %i: index) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'f32'}}
  %0 = "tensor.dim"(%t, %i) : (f32, index) -> index
  return
}

// -----

func.func @dim_index_not_index(%t: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.dim' op operand #1 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<4xf32>, i32) -> index
  return
}

// -----

func.func @dim_result_not_index(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.dim' op result #0 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<4xf32>, index) -> i32
  return
}

// -----

func.func @dim_attr_dict_after(%t: tensor<4xf32>, %i: index) {
  // The attribute dictionary comes before the operands.
  // expected-error @+1 {{expected ':'}}
  %0 = tensor.dim %t, %i {tag} : tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.cast
//===----------------------------------------------------------------------===//

func.func @cast_static_mismatch(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @cast_rank_mismatch(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4x1xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4x1xf32>
  return
}

// -----

func.func @cast_element_mismatch(%t: tensor<?xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<?xf32>' and result type 'tensor<*xi32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<?xf32> to tensor<*xi32>
  return
}

// -----

func.func @cast_not_tensor(%t: f32) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.cast' op operand type 'f32' and result type 'tensor<4xf32>' are cast incompatible}}
  %0 = tensor.cast %t : f32 to tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.extract
//===----------------------------------------------------------------------===//

func.func @extract_too_many_indices(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i, %i] : tensor<4xf32>
  return
}

// -----

func.func @extract_unranked(%t: tensor<*xf32>, %i: index) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.extract %t[%i] : tensor<*xf32>
  return
}

// -----

func.func @extract_wrong_result(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%t, %i) : (tensor<4xf32>, index) -> i32
  return
}

// -----

func.func @extract_index_not_index(%t: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.extract' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract"(%t, %i) : (tensor<4xf32>, i32) -> f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.from_elements
//===----------------------------------------------------------------------===//

func.func @from_elements_dynamic(%a: f32) {
  // mlir-opt-19 rejects it while parsing: "'result' must be statically shaped tensor ...".
  // expected-error @+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = tensor.from_elements %a, %a : tensor<?xf32>
  return
}

// -----

func.func @from_elements_scalar(%a: f32) {
  // expected-error @+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'f32'}}
  %0 = "tensor.from_elements"(%a) : (f32) -> f32
  return
}

// -----

func.func @from_elements_count(%a: f32) {
  // mlir-opt-19 rejects it while parsing: "1 operands present, but expected 2".
  // expected-error @+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = tensor.from_elements %a : tensor<2xf32>
  return
}

// -----

func.func @from_elements_type(%a: i32) {
  // expected-error @+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a) : (i32) -> tensor<1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.collapse_shape
//===----------------------------------------------------------------------===//

func.func @collapse_unranked(%t: tensor<*xf32>) {
  // mlir-opt-19 rejects it with a garbage rank in the reassociation message.
  // expected-error @+1 {{'tensor.collapse_shape' op expects ranked tensor operand and result types}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<*xf32> into tensor<6xf32>
  return
}

// -----

func.func @collapse_rank_grows(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<6xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x3xf32>'.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @collapse_group_count(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24x1xf32>
  return
}

// -----

func.func @collapse_rank0_non_unit(%t: tensor<2x1xf32>) {
  // Stricter than mlir-opt-19, which accepts it (2 elements into 1).
  // expected-error @+1 {{'tensor.collapse_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref}}
  %0 = tensor.collapse_shape %t [] : tensor<2x1xf32> into tensor<f32>
  return
}

// -----

func.func @collapse_empty_group(%t: tensor<2x3xf32>) {
  // mlir-opt-19 crashes on an empty group.
  // expected-error @+1 {{'tensor.collapse_shape' op reassociation group #1 is empty}}
  %0 = tensor.collapse_shape %t [[0, 1], []] : tensor<2x3xf32> into tensor<6x1xf32>
  return
}

// -----

func.func @collapse_not_covering(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2.}}
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<2x3x4xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @collapse_not_contiguous(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[0, 2], [1]] : tensor<2x3x4xf32> into tensor<8x3xf32>
  return
}

// -----

func.func @collapse_not_in_order(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @collapse_static_product(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return
}

// -----

func.func @collapse_static_group_dynamic_dim(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<?xf32>
  return
}

// -----

func.func @collapse_dynamic_group_static_dim(%t: tensor<2x?xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<6xf32>
  return
}

// -----

func.func @collapse_element_type(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<6xf32>', but got 'tensor<6xi32>'}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.expand_shape
//===----------------------------------------------------------------------===//

func.func @expand_unranked(%t: tensor<6xf32>) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.expand_shape' op expects ranked tensor operand and result types}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<*xf32>
  return
}

// -----

func.func @expand_output_shape_rank(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3, 4] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @expand_same_rank(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (1) but found 2 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<6xf32>
  return
}

// -----

func.func @expand_dynamic_count(%t: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %0 = "tensor.expand_shape"(%t, %d) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, 3>}> : (tensor<?xf32>, index) -> tensor<2x?xf32>
  return
}

// -----

func.func @expand_dynamic_missing(%t: tensor<?xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %0 = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, -9223372036854775808>}> : (tensor<?xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @expand_size_not_index(%t: tensor<?xf32>, %d: i32) {
  // expected-error @+1 {{'tensor.expand_shape' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.expand_shape"(%t, %d) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, -9223372036854775808>}> : (tensor<?xf32>, i32) -> tensor<2x?xf32>
  return
}

// -----

func.func @expand_product(%t: tensor<7xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<7xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @expand_dynamic_source(%t: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, %d] : tensor<?xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @expand_rank0_non_unit(%t: tensor<f32>) {
  // Stricter than mlir-opt-19, which accepts it (1 element into 2).
  // expected-error @+1 {{'tensor.expand_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref}}
  %0 = tensor.expand_shape %t [] output_shape [1, 2] : tensor<f32> into tensor<1x2xf32>
  return
}

// -----

func.func @expand_output_shape_disagrees(%t: tensor<6xf32>) {
  // Stricter than mlir-opt-19, which does not compare static output_shape
  // entries with the result type.
  // expected-error @+1 {{'tensor.expand_shape' op output_shape entry 0 is 3 but the result dim is 2}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.extract_slice
//===----------------------------------------------------------------------===//

func.func @extract_slice_unranked(%t: tensor<*xf32>) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.extract_slice %t[0] [2] [1] : tensor<*xf32> to tensor<2xf32>
  return
}

// -----

func.func @extract_slice_unranked_result(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @extract_slice_segment_total(%t: tensor<4x4xf32>, %d: index) {
  // expected-error @+1 {{'tensor.extract_slice' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  %0 = "tensor.extract_slice"(%t, %d) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, index) -> tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_segment_length(%t: tensor<4x4xf32>) {
  // mlir-opt-19: "size mismatch in attribute conversion: 3 vs 4".
  // expected-error @+1 {{'tensor.extract_slice' op 'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_segment_negative(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 1, -1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_offset_not_index(%t: tensor<4x4xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.extract_slice' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, i32) -> tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_offsets_vs_sizes(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_sizes_vs_strides(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1] : tensor<4x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_rank(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = tensor.extract_slice %t[0] [2] [1] : tensor<4x4xf32> to tensor<2xf32>
  return
}

// -----

func.func @extract_slice_dynamic_count(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 1 dynamic size values}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @extract_slice_negative_offset(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_negative_size(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -2}}
  %0 = tensor.extract_slice %t[0, 0] [-2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_size_mismatch(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<3x3xf32>
  return
}

// -----

func.func @extract_slice_dynamic_size_static_result(%t: tensor<4x4xf32>, %d: index) {
  // expected-error @+1 {{expected type to be 'tensor<?x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [%d, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @extract_slice_drop_non_unit(%t: tensor<4x4xf32>) {
  // Only unit dims may be dropped.
  // expected-error @+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  return
}

// -----

func.func @extract_slice_rank_too_large(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4x1xf32>
  return
}

// -----

func.func @extract_slice_element_type(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tensor.insert_slice
//===----------------------------------------------------------------------===//

func.func @insert_slice_unranked_source(%s: tensor<*xf32>, %t: tensor<4x4xf32>) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.insert_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.insert_slice %s into %t[0, 0] [1, 4] [1, 1] : tensor<*xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_unranked_dest(%s: tensor<4xf32>, %t: tensor<*xf32>) {
  // mlir-opt-19: "invalid kind of type specified".
  // expected-error @+1 {{'tensor.insert_slice' op operand #1 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.insert_slice %s into %t[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<*xf32>
  return
}

// -----

func.func @insert_slice_unranked_result(%s: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.insert_slice"(%s, %s) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @insert_slice_result_type(%s: tensor<2x4xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<4x?xf32>
  return
}

// -----

func.func @insert_slice_segment_total(%s: tensor<2x4xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_rank(%s: tensor<4xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 3}}
  %0 = tensor.insert_slice %s into %t[0, 0, 0] [1, 4, 1] [1, 1, 1] : tensor<4xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_dynamic_count(%s: tensor<4xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 1 dynamic stride values}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, -9223372036854775808>}> : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_size_mismatch(%s: tensor<2x4xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0, 0] [2, 2] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_element_type(%s: tensor<4xi32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.insert_slice %s into %t[0, 0] [1, 4] [1, 1] : tensor<4xi32> into tensor<4x4xf32>
  return
}

// -----

func.func @expand_negative_static(%x: tensor<?xf32>) -> tensor<1x?xf32> {
  // expected-error @+1 {{'tensor.expand_shape' op output_shape entry 1 is negative (-1); a dynamic size must be given as a value}}
  %e = "tensor.expand_shape"(%x) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, -1>}> : (tensor<?xf32>) -> tensor<1x?xf32>
  return %e : tensor<1x?xf32>
}

// -----

func.func @reshape_elem(%x: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xi32>
  return
}

// -----

func.func @reshape_shape_type(%x: tensor<?xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.reshape' op shape must be a 1-D tensor of integers or index, but got 'tensor<2xf32>'}}
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_rank(%x: tensor<?xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<6xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %r = tensor.reshape %x(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bitcast_width(%x: tensor<4xi8>) {
  // expected-error @+1 {{'tensor.bitcast' op element types 'i8' and 'i16' must be integers or floats of one width}}
  %r = tensor.bitcast %x : tensor<4xi8> to tensor<4xi16>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<4xi8>) {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xi8>' and result type 'tensor<?xui8>' must be ranked tensors of one shape}}
  %r = tensor.bitcast %x : tensor<4xi8> to tensor<?xui8>
  return
}
