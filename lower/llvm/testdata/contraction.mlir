// Kernels of hlo.dot_general and hlo.dot (issue 15), compiled through
// --pipeline=cpu and --emit=llvm by contraction_native_test.go and run
// natively and in the interpreter on the same arguments.

// A matmul with every dim dynamic, as JAX exports jnp.matmul.
func.func @matmul(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A batched matmul, dynamic.
func.func @batch_matmul(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// Both operands transposed (x^T @ w^T), read through their maps.
func.func @matmul_tt(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [0] x [1] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Dims in any order: the batch dim last on lhs, first on rhs; two
// contracting pairs paired out of order.
func.func @dim_orders(%a: tensor<2x5x3x4xi32>, %b: tensor<4x3x2x6xi32>) -> tensor<4x5x6xi32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [0, 2] x [2, 1] : (tensor<2x5x3x4xi32>, tensor<4x3x2x6xi32>) -> tensor<4x5x6xi32>
  return %0 : tensor<4x5x6xi32>
}

func.func @matmul_f64(%x: tensor<?x?xf64>, %w: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// Integers wrap; i8 into i32 (preferred_element_type) does not.
func.func @matmul_i8(%x: tensor<?x?xi8>, %w: tensor<?x?xi8>) -> (tensor<?x?xi8>, tensor<?x?xi32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi32>
  return %0, %1 : tensor<?x?xi8>, tensor<?x?xi32>
}

func.func @matmul_f16_f32(%x: tensor<?x?xf16>, %w: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// i1: and, then or.
func.func @matvec_i1(%p: tensor<?x?xi1>, %q: tensor<?xi1>) -> tensor<?xi1> {
  %0 = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// hlo.dot: matrix-vector, and vector-vector (a rank-0 result: a full
// sum, which lower/llvm reassociates).
func.func @matvec(%x: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.dot %x, %v : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @dot_vv(%u: tensor<?xf32>, %v: tensor<?xf32>) -> tensor<f32> {
  %0 = stablehlo.dot %u, %v, precision = [HIGHEST, HIGHEST] : (tensor<?xf32>, tensor<?xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// A dense layer, relu(x @ W + b), with a symbolic batch as jax.export
// writes it.
func.func @dense(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = chlo.broadcast_maximum %1, %cst : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  return %2 : tensor<?x8xf32>
}
