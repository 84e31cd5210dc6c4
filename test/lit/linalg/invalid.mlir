// RUN: bcast-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Every diagnostic of dialects/linalg: the custom syntax of linalg.generic,
// its operand segments, attributes, indexing maps, loop bounds, body and
// results, and linalg.yield / linalg.index. The messages are MLIR 19's for
// the same check (mlir-opt-19 rejects every input here, with the same text
// unless a comment says otherwise). Malformed ops that the custom syntax
// cannot express are written in the generic form.

//===----------------------------------------------------------------------===//
// Custom syntax
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @unknown_iterator(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unexpected iterator_type (foo)}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["foo"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @attributes_keyword(%a: tensor<4xf32>) -> tensor<4xf32> {
  // Extra attributes are written `attrs = {...}`, not `attributes {...}`.
  // The message is ir/parser.go's; mlir-opt-19: "expected '{' to begin a region".
  // expected-error @+1 {{expected '{' to begin region, found 'attributes'}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) attributes {foo} {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Operand segments, operand and result types, attributes
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @segments_total(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 2>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @segments_missing(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>]}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @segments_length(%a: tensor<4xf32>) -> tensor<4xf32> {
  // mlir-opt-19: "invalid properties ... size mismatch in attribute conversion: 3 vs 2".
  // expected-error @+1 {{'linalg.generic' op 'operandSegmentSizes' attribute for specifying operand segments must have 2 elements, but got 3}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @segments_negative(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, -1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scalar_output(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op operand #1 must be variadic of shaped of any type values, but got 'f32'}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%s : f32) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @unranked_result(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'linalg.generic' op result #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<*xf32>) outs(%a : tensor<*xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @missing_indexing_maps(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op requires attribute 'indexing_maps'}}
  %0 = "linalg.generic"(%a, %a) <{iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @missing_iterator_types(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op requires attribute 'iterator_types'}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @indexing_maps_not_maps(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, 1], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @iterator_types_strings(%a: tensor<4xf32>) -> tensor<4xf32> {
  // The generic form takes #linalg.iterator_type attributes, not strings.
  // expected-error @+1 {{'linalg.generic' op attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = ["parallel"], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @iterator_type_unknown(%a: tensor<4xf32>) -> tensor<4xf32> {
  // mlir-opt-19 rejects the attribute while parsing:
  // "expected ::mlir::utils::IteratorType to be one of: parallel, reduction".
  // expected-error @+1 {{'linalg.generic' op iterator type #0 is #linalg.iterator_type<window>; expected #linalg.iterator_type<parallel> or #linalg.iterator_type<reduction>}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<window>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @too_many_results(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected the number of tensor results (2) to be equal to the number of output tensors (1)}}
  %0:2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @missing_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @result_type(%a: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<?xf32>')}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Indexing maps and loop bounds
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @map_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_symbols(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_dims(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #0 to have 1 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_rank(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected operand rank (1) to match the result rank of indexing_map #0 (2)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unused_loop(%a: memref<8xf32>) {
  // d0 is read by no map, so its bound is unknown.
  // expected-error @+1 {{'linalg.generic' op expected the shape-to-loops map to be non-null}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<8xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @loop_bound(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @loop_bound_after_dynamic(%a: tensor<?xf32>, %c: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // Stricter than mlir-opt-19, which checks the bounds only when the first
  // operand read along each loop has a static size.
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #2 has shape's dimension #0 to be 4, but found 5 (from operand #1)}}
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %c : tensor<?xf32>, tensor<4xf32>) outs(%b : tensor<5xf32>) {
  ^bb0(%x: f32, %z: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @constant_index_out_of_bounds(%a: tensor<1x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // Row 1 of a one-row operand.
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 2, but found 1}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (1, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x4xf32>) outs(%b : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @shifted_out_of_bounds(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 5, but found 4}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negative_index(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 - 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Body
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @empty_region(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expects to have 1 region with 1 block}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @two_blocks(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expects region #0 to have 0 or 1 blocks}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  ^bb1:
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @block_args_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @block_arg_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #0 ('f64') to match element or self type of the corresponding operand ('f32')}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f64, %y: f32):
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @wrong_terminator(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expects regions to end with 'linalg.yield', found 'test.terminator'}}
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "test.terminator"() : () -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// linalg.yield
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @yield_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %y : f32, f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @yield_type(%a: tensor<4xf32>, %i: i32) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %i : i32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_outside(%a: f32) {
  // expected-error @+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %a : f32
}

// -----

//===----------------------------------------------------------------------===//
// linalg.index
//===----------------------------------------------------------------------===//

#id = affine_map<(d0) -> (d0)>
func.func @index_dim_too_large(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @index_dim_negative(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %i = "linalg.index"() <{dim = -1 : i64}> : () -> index
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @index_no_dim(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.index' op requires attribute 'dim'}}
    %i = "linalg.index"() : () -> index
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @index_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // mlir-opt-19 rejects the custom form: "invalid kind of type specified".
    // expected-error @+1 {{'linalg.index' op result #0 must be index, but got 'i32'}}
    %i = linalg.index 0 : i32
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @index_outside() {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return
}
