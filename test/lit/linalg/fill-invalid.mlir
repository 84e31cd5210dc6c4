// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of linalg.fill (dialects/linalg/fill.go), with MLIR
// 19's text: mlir-opt-19 rejects each input with the same message (those
// of FillOpInterface have no op prefix there either), checked in the
// order MLIR checks them: operand segments and types, one scalar input
// and one output, a result of the output's type, the body. A parse error
// is at the token after the op, as MLIR reports it (it builds the body
// after the result types).

func.func @two_inputs(%c: f32, %d: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%c, %d : f32, f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  return %0 : tensor<4xf32>
}

// -----

func.func @no_input(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{ods-gen generated region expects 2 args, got 1}}
  return %0 : tensor<4xf32>
}

// -----

func.func @tensor_input(%c: tensor<f32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%c : tensor<f32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (mlir-opt-19 warns "could not cast" first.)
func.func @unranked_result(%c: f32, %u: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'linalg.fill' op result #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = linalg.fill ins(%c : f32) outs(%u : tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @index_output(%c: i32) -> tensor<4xindex> {
  %e = tensor.empty() : tensor<4xindex>
  // MLIR's cast_signed has no cast to index: the body yields the i32
  // (mlir-opt-19 warns "could not cast", and reports this at no location).
  // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('index')}}
  %0 = linalg.fill ins(%c : i32) outs(%e : tensor<4xindex>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @result_type(%c: f32) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @no_result(%c: f32) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, tensor<4xf32>) -> ()
  return
}

// -----

func.func @segments(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "linalg.fill"(%c, %e) ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @two_inputs_generic(%c: f32) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{expected op with 1 input and 1 output}}
  "linalg.fill"(%c, %c, %e) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %a2: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, f32, tensor<4xf32>) -> ()
  return
}

// -----

func.func @scalar_output(%c: f32, %x: f32) -> f32 {
  // expected-error @+1 {{'linalg.fill' op operand #1 must be variadic of shaped of any type values, but got 'f32'}}
  %0 = "linalg.fill"(%c, %x) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @empty_body(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op expects to have 1 region with 1 block}}
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @body_arguments(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op expected as many non-induction variable region arguments as the number of input/output operands}}
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @body_argument_type(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op expected type of bb argument #0 ('f64') to match element or self type of the corresponding operand ('f32')}}
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f64, %b: f32):
    "linalg.yield"(%b) : (f32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_count(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    "linalg.yield"(%a, %a) : (f32, f32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_type(%c: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %x = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    "linalg.yield"(%x) : (i32) -> ()
  }) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
