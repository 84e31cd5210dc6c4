// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of hlo.reduce, hlo.reduce_window and hlo.return
// (dialects/hlo/reduction.go, reduction_window.go): StableHLO's
// constraints, cited as the spec numbers them (reduce C1-C7,
// reduce_window C1-C16). Malformed ops that the short or region form
// cannot express are written in the generic form.

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

// The short form names a commutative binary op (StableHLO's rule E2).
func.func @applies_not_commutative(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected the inner-op to be a commutative binary-op from the hlo dialect, with zero region, producing single result, but got 'stablehlo.subtract'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.subtract across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @applies_unknown_op(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected the inner-op to be a commutative binary-op from the hlo dialect, with zero region, producing single result, but got 'arith.addf'}}
  %0 = stablehlo.reduce(%x init: %c) applies arith.addf across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Operands and results (reduce C1-C3, reduce_window C1-C3, C16)
//===----------------------------------------------------------------------===//

func.func @odd_operands(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op needs N >= 1 inputs and N init values, but has 3 operands}}
  %0 = "stablehlo.reduce"(%x, %c, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @no_operands() {
  // expected-error @+1 {{'stablehlo.reduce' op needs N >= 1 inputs and N init values, but has 0 operands}}
  "stablehlo.reduce"() ({
  ^bb0:
    stablehlo.return
  }) {dimensions = array<i64>} : () -> ()
  return
}

// -----

func.func @results_per_input(%x: tensor<4xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce' op has 1 inputs but 2 results; it needs one result per input}}
  %0:2 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @unranked_input(%x: tensor<*xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op input #0 must be a ranked tensor, but is 'tensor<*xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<*xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C1: the inputs have one shape (a dynamic dim matches any size).
func.func @inputs_of_different_shapes(%x: tensor<4x8xf32>, %i: tensor<?x7xi32>, %c: tensor<f32>, %z: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.reduce' op input #1 is 'tensor<?x7xi32>' but input #0 is 'tensor<4x8xf32>': all inputs must have one shape}}
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<?x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
    stablehlo.return %a, %ia : tensor<f32>, tensor<i32>
  }
  return
}

// -----

func.func @init_not_rank_0(%x: tensor<4xf32>, %c: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op init value #0 must be a rank-0 tensor, but is 'tensor<1xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C2: input k, init value k and result k have one element type.
func.func @init_element_type(%x: tensor<4xf32>, %c: tensor<f64>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op init value #0 has element type 'f64', but input #0 has 'f32'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @unranked_result(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<*xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op result #0 must be a ranked tensor, but is 'tensor<*xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @result_element_type(%x: tensor<4xi32>, %c: tensor<i32>) -> tensor<i64> {
  // expected-error @+1 {{'stablehlo.reduce' op result #0 has element type 'i64', but input #0 has 'i32'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

//===----------------------------------------------------------------------===//
// Dimensions and result shapes (reduce C4, C5, C7)
//===----------------------------------------------------------------------===//

func.func @no_dimensions(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op requires a 'dimensions' attribute (a list of integers)}}
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dimension_out_of_range(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op dimensions entry 0 is 2, out of range for inputs of rank 2}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negative_dimension(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op dimensions entry 1 is -1, out of range for inputs of rank 2}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0, -1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @repeated_dimension(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op dimensions has 1 twice}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C7: the results are the inputs without the reduced dims (no keepdims).
func.func @result_rank(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op result #0 has rank 2, but reducing 1 of the 2 dims of the inputs leaves 1}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @result_dim(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op result #0 dim 0 has size 4, but the input dim it keeps has size 8}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// The body (reduce C6, reduce_window C13) and hlo.return
//===----------------------------------------------------------------------===//

func.func @empty_region(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op needs a body: a region with one block}}
  %0 = "stablehlo.reduce"(%x, %c) ({}) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The short form builds a body of two arguments, one input's worth.
func.func @short_form_two_inputs(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce' op body must take 4 arguments (two per input), but takes 2}}
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @body_argument_type(%x: tensor<4xf32>, %i: tensor<4xi32>, %c: tensor<f32>, %z: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.reduce' op body argument #3 must be 'tensor<i32>', but is 'tensor<f32>'}}
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<f32>)  {
    stablehlo.return %a, %ia : tensor<f32>, tensor<i32>
  }
  return
}

// -----

func.func @body_argument_not_scalar(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op body argument #0 must be 'tensor<f32>', but is 'tensor<1xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<1xf32>, %b: tensor<f32>)  {
    stablehlo.return %b : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @body_not_ending_in_return(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op body must end in hlo.return}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    func.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @body_returns_too_few(%x: tensor<4xf32>, %i: tensor<4xi32>, %c: tensor<f32>, %z: tensor<i32>) {
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
    // expected-error @+1 {{'stablehlo.return' op returns 1 values, but the body of 'hlo.reduce' must return 2 (one per input)}}
    stablehlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @body_returns_wrong_type(%x: tensor<4xi32>, %c: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>)  {
    %p = stablehlo.compare  GT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    // expected-error @+1 {{'stablehlo.return' op value #0 must be 'tensor<i32>' (the element type of input #0), but is 'tensor<i1>'}}
    stablehlo.return %p : tensor<i1>
  }
  return %0 : tensor<i32>
}

// -----

func.func @return_outside_a_body(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.return' op must end the body of an hlo op (hlo.reduce, hlo.reduce_window), but is in 'func.func'}}
  stablehlo.return %a : tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// reduce_window: the window (C4-C12) and the result shape (C14, C15)
//===----------------------------------------------------------------------===//

func.func @window_operands(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value #0 must be a rank-0 tensor, but is 'tensor<4xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %x) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @no_window_dimensions(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op requires a 'window_dimensions' attribute (a list of integers)}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @window_strides_not_a_list(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_strides must be a list of integers, but got "1"}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>, window_strides = "1"}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C4: one window size per input dim.
func.func @window_dimensions_length(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions has 1 entries, but the inputs have rank 2}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C10: likewise window_dilations (and window_strides, base_dilations).
func.func @window_dilations_length(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dilations has 2 entries, but the inputs have rank 1}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>, window_dilations = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C5: window sizes are positive (C7, C9, C11: strides and dilations too).
func.func @window_dimension_zero(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions entry 0 is 0, but must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @base_dilation_negative(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op base_dilations entry 0 is -2, but must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>, base_dilations = array<i64: -2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C12: padding is tensor<Rx2xi64>, low and high per dim.
func.func @padding_shape(%x: tensor<4x3xf32>, %c: tensor<f32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op padding must be a tensor<2x2xi64> (low and high padding of each input dim), but got dense<0> : tensor<2xi64>}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<0> : tensor<2xi64>, window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @window_result_rank(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result #0 has rank 2, but the inputs have rank 1}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// C15: a window of 2 with stride 2 over 5 elements padded by 1 in front
// fits 3 times.
func.func @window_result_size(%x: tensor<5xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op result #0 dim 0 has size 2, but the window fits 3 times in input dim 0}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C14: the results have one shape, even where the inputs' is dynamic.
func.func @window_results_of_different_shapes(%x: tensor<?xf32>, %i: tensor<?xi32>, %c: tensor<f32>, %z: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op result #1 is 'tensor<3xi32>' but result #0 is 'tensor<2xf32>': all results must have one shape}}
  %0:2 = "stablehlo.reduce_window"(%x, %i, %c, %z) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %ia: tensor<i32>, %b: tensor<f32>, %ib: tensor<i32>):
    stablehlo.return %a, %ia : tensor<f32>, tensor<i32>
  }) : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
  return
}

// -----

func.func @window_body(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must take 2 arguments (two per input), but takes 1}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
