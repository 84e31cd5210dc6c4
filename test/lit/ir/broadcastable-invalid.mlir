// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// The Broadcastable trait, as MLIR's document of it (docs/SPEC.md §4) has
// it: every incorrect example, every error row of both tables,
// and the structural requirements (operands, one result, tensor types).

// Incorrect example 1: dim 0 of the operands is static but not equal.
func.func @ex1(%arg0: tensor<3xi32>, %arg1: tensor<2xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands #0 and #1 are not broadcast compatible: dim 0 is 3 in operand #0 and 2 in operand #1}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  return
}

// -----

// Incorrect example 2: inferred tensor<3xi32> against a rank-2 result.
func.func @ex2(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) {
  // expected-error @+1 {{result type 'tensor<1x3xi32>' is not compatible with the inferred broadcast shape [3]: result rank 2 does not match the inferred rank 1 of the broadcast operands}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return
}

// -----

// Incorrect example 3: inferred ? against static 4 (the formal Verify rules;
// this is also the "? | static" row of the verification table).
func.func @ex3(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) {
  // expected-error @+1 {{result type 'tensor<4xi32>' is not compatible with the inferred broadcast shape [?]: result dim 0 is 4 but the operands broadcast to ? there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return
}

// -----

// Incorrect example 4: inferred 2 against 4.
func.func @ex4(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) {
  // expected-error @+1 {{result dim 0 is 4 but the operands broadcast to 2 there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

// Incorrect example 5: broadcasting does not apply to results (1 vs 4).
func.func @ex5(%arg0: tensor<1xi32>, %arg1: tensor<1xi32>) {
  // expected-error @+1 {{result dim 0 is 4 but the operands broadcast to 1 there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----

// Inference table, row (>1, >1) with different sizes.
func.func @row_gt1_gt1(%arg0: tensor<2x5xf32>, %arg1: tensor<3x5xf32>) {
  // expected-error @+1 {{operands #0 and #1 are not broadcast compatible: dim 0 is 2 in operand #0 and 3 in operand #1}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<2x5xf32>, tensor<3x5xf32>) -> tensor<?x5xf32>
  return
}

// -----

// Inference table, row (?, 1): inferred ?, so a static result dim is an error.
func.func @row_dyn_1(%arg0: tensor<?xf32>, %arg1: tensor<1xf32>) {
  // expected-error @+1 {{result dim 0 is 4 but the operands broadcast to ? there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

// Inference table, row (?, >1): inferred 4, so the result cannot be 5.
func.func @row_dyn_gt1(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>) {
  // expected-error @+1 {{result dim 0 is 5 but the operands broadcast to 4 there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

// Verification table, row "static | static" unequal (after rank expansion).
func.func @verify_static_static(%arg0: tensor<4xf32>, %arg1: tensor<2x1xf32>) {
  // expected-error @+1 {{result dim 1 is 1 but the operands broadcast to 4 there}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

// A conflict found by the third operand names the operand that set the dim.
func.func @three(%a: tensor<1x4xf32>, %b: tensor<3x1xf32>, %c: tensor<2x4xf32>) {
  // expected-error @+1 {{operands #1 and #2 are not broadcast compatible: dim 0 is 3 in operand #1 and 2 in operand #2}}
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<1x4xf32>, tensor<3x1xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

// At least one operand.
func.func @no_operands() {
  // expected-error @+1 {{'test.broadcastable' op requires at least one operand (Broadcastable)}}
  %0 = "test.broadcastable"() : () -> tensor<4xf32>
  return
}

// -----

// Exactly one result.
func.func @two_results(%arg0: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op requires exactly one result (Broadcastable), but found 2}}
  %0:2 = "test.broadcastable"(%arg0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// Operands must be tensors or vectors.
func.func @scalar_operand(%arg0: f32, %arg1: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op operand #0 must be a tensor or vector (Broadcastable), but got 'f32'}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// The result must be a tensor or vector.
func.func @memref_result(%arg0: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op result must be a tensor or vector (Broadcastable), but got 'memref<4xf32>'}}
  %0 = "test.broadcastable"(%arg0) : (tensor<4xf32>) -> memref<4xf32>
  return
}

// -----

// Vectors follow the same rules.
func.func @vector_conflict(%arg0: vector<4xf32>, %arg1: vector<3xf32>) {
  // expected-error @+1 {{dim 0 is 4 in operand #0 and 3 in operand #1}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (vector<4xf32>, vector<3xf32>) -> vector<4xf32>
  return
}

// -----

// Unranked operands are skipped by inference; the ranked ones still conflict.
func.func @unranked_mixed(%a: tensor<*xf32>, %b: tensor<3xf32>, %c: tensor<2xf32>) {
  // expected-error @+1 {{operands #1 and #2 are not broadcast compatible}}
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<*xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<*xf32>
  return
}
