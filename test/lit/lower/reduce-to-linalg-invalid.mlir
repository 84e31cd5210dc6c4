// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg --verify-diagnostics
//
// The reductions hlo-legalize-to-linalg does not lower, each with what it
// needs (lower/reduction.go, reduction_window.go, reduction_body.go).

// A window that reads padding is lowered only for a body whose init value
// leaves the accumulator unchanged (the padding is not read): not for a
// region body (cumlogsumexp, a subtraction) ...
func.func @padding_region_body(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = hlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error @+1 {{'hlo.reduce_window' op has no lowering to linalg: its windows read padding or dilation holes, which is lowered only for a body of one add, multiply, maximum, minimum, and, or, xor on one input whose init value is neutral for it (a constant 0 for add and xor, 1 for multiply)}}
  %0 = "hlo.reduce_window"(%x, %c) <{padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 8>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.subtract %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// ... nor for an add from 1 ...
func.func @padding_init_one(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = hlo.constant dense<1.000000e+00> : tensor<f32>
  // expected-error @+1 {{'hlo.reduce_window' op has no lowering to linalg: its windows read padding}}
  %0 = "hlo.reduce_window"(%x, %c) <{padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 8>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// ... nor for an add from a value that is not a constant (a maximum from
// any value is lowered: reduce-to-linalg.mlir).
func.func @padding_init_argument(%x: tensor<2x8xi32>, %d: tensor<i32>) -> tensor<2x8xi32> {
  // expected-error @+1 {{'hlo.reduce_window' op has no lowering to linalg: its windows read padding}}
  %0 = "hlo.reduce_window"(%x, %d) <{padding = dense<[[0, 0], [0, 7]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 8>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<2x8xi32>, tensor<i32>) -> tensor<2x8xi32>
  return %0 : tensor<2x8xi32>
}

// -----

// A window along a dynamic dim.
func.func @dynamic_window(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = hlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error @+1 {{'hlo.reduce_window' op has a window of 2 along dynamic input dim 0; windows along dynamic dims are not lowered to linalg yet}}
  %0 = "hlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A dynamic dim read with a stride.
func.func @dynamic_stride(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = hlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error @+1 {{'hlo.reduce_window' op has a dynamic input dim 0 read with stride 2 and padding [0, 0]; only its static form is lowered to linalg}}
  %0 = "hlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A body op without a scalar form.
func.func @body_op(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    // expected-error @+1 {{'hlo.custom_call' op in the body of 'hlo.reduce' has no scalar lowering to linalg}}
    %s = hlo.custom_call @combine(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A body op on a tensor that is not rank 0.
func.func @body_rank(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    // expected-error @+1 {{'hlo.broadcast_in_dim' op in the body of 'hlo.reduce' has a 'tensor<2xf32>' operand or result; only rank-0 tensors are lowered to scalars}}
    %v = hlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %r = hlo.reshape %v : (tensor<2xf32>) -> tensor<1x2xf32>
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4xf32>
}
