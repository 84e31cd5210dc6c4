// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// hlo.assign's and hlo.narrow's diagnostics (the assignment rule of
// ir/broadcast's Assign policy, narrowcasting's result type). Each names
// the op, the operands, the dims and both sizes.

// The Array API's example: x[1, ...] = a with a of shape (1,3,4) onto
// x[1, ...] of shape (3,4). numpy's two-way rule accepts the shapes; the
// assignment rule does not (it would add a dim to the destination).
func.func @array_api_setitem(%x1: tensor<3x4xf32>, %a: tensor<1x3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'hlo.assign' op operand #1 (the source) has rank 3, more than the rank 2 of operand #0 (the destination): an assignment never adds dims to its destination}}
  %0 = hlo.assign %x1, %a : (tensor<3x4xf32>, tensor<1x3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// TML's example: tensor<int, 3> a = 0; a = [1, 3] is an error.
func.func @tml_length(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'hlo.assign' op operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size 2 but destination dim 0 has size 3; a source dim must equal the destination's or be 1}}
  %0 = hlo.assign %a, %b : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// A size-1 destination dim does not stretch (numpy's a + b would give 5).
func.func @no_stretch_of_destination(%x: tensor<2x1xf32>, %a: tensor<5xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'hlo.assign' op operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size 5 but destination dim 1 has size 1; a source dim must equal the destination's or be 1 (an assignment never stretches a size-1 dim of its destination)}}
  %0 = hlo.assign %x, %a : (tensor<2x1xf32>, tensor<5xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// Dims are aligned on the right: the source's dim 0 lands in dim 1.
func.func @right_aligned(%x: tensor<4x3x2xf32>, %a: tensor<4x1xf32>) -> tensor<4x3x2xf32> {
  // expected-error @+1 {{'hlo.assign' op operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size 4 but destination dim 1 has size 3}}
  %0 = hlo.assign %x, %a : (tensor<4x3x2xf32>, tensor<4x1xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

// The result is the destination's type, exactly (not a refinement).
func.func @result_not_destination(%x: tensor<?x3xf32>, %a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.assign' op result type 'tensor<2x3xf32>' must be the type of operand #0 (the destination), 'tensor<?x3xf32>': an assignment never changes its destination's shape}}
  %0 = hlo.assign %x, %a : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// One element type: convert first.
func.func @element_types(%x: tensor<3xf32>, %a: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.assign' op requires the same element type for all operands and results}}
  %0 = hlo.assign %x, %a : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>, %a: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.assign' op requires ranked tensor operands and result, but got (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>}}
  %0 = hlo.assign %x, %a : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// narrow removes every static 1, and only those.
func.func @narrow_keeps_a_one(%x: tensor<1x5x1xf32>) -> tensor<5x1xf32> {
  // expected-error @+1 {{'hlo.narrow' op result type 'tensor<5x1xf32>' is not the narrowcast of the operand's 'tensor<1x5x1xf32>', which is 'tensor<5xf32>' (every dim of static size 1 removed; a ? dim is kept)}}
  %0 = hlo.narrow %x : (tensor<1x5x1xf32>) -> tensor<5x1xf32>
  return %0 : tensor<5x1xf32>
}

// -----

// A ? dim is kept even if it is 1 at run time: the rank is fixed at
// compile time.
func.func @narrow_drops_dynamic(%x: tensor<1x?xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.narrow' op result type 'tensor<f32>' is not the narrowcast of the operand's 'tensor<1x?xf32>', which is 'tensor<?xf32>'}}
  %0 = hlo.narrow %x : (tensor<1x?xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @narrow_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.narrow' op requires a ranked tensor operand and result, but got tensor<*xf32> -> tensor<*xf32>}}
  %0 = hlo.narrow %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}
