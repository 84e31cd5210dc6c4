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

// Epilogues applied to the matmul's tiles in registers (fuse_matmul.go's
// tileEpilogue): a dense layer with a symbolic batch and two k blocks; a
// per-row scale and a residual added; a batch of dense layers; f64; and a
// causal mask from iotas (linalg.index in the epilogue's body).
func.func @dense_k300(%x: tensor<?x300xf32>, %w: tensor<300x70xf32>, %b: tensor<70xf32>) -> tensor<?x70xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x300xf32>, tensor<300x70xf32>) -> tensor<?x70xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x70xf32>, tensor<70xf32>) -> tensor<?x70xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = chlo.broadcast_maximum %1, %cst : (tensor<?x70xf32>, tensor<f32>) -> tensor<?x70xf32>
  return %2 : tensor<?x70xf32>
}

func.func @dense_residual(%x: tensor<37x257xf32>, %w: tensor<257x64xf32>, %s: tensor<37x1xf32>, %r: tensor<37x64xf32>) -> tensor<37x64xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<37x257xf32>, tensor<257x64xf32>) -> tensor<37x64xf32>
  %1 = chlo.broadcast_multiply %0, %s : (tensor<37x64xf32>, tensor<37x1xf32>) -> tensor<37x64xf32>
  %2 = chlo.broadcast_add %1, %r : (tensor<37x64xf32>, tensor<37x64xf32>) -> tensor<37x64xf32>
  return %2 : tensor<37x64xf32>
}

func.func @batch_dense(%x: tensor<2x25x40xf32>, %w: tensor<2x40x33xf32>, %b: tensor<33xf32>) -> tensor<2x25x33xf32> {
  %0 = stablehlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x25x40xf32>, tensor<2x40x33xf32>) -> tensor<2x25x33xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<2x25x33xf32>, tensor<33xf32>) -> tensor<2x25x33xf32>
  %2 = stablehlo.negate %1 : tensor<2x25x33xf32>
  return %2 : tensor<2x25x33xf32>
}

func.func @dense_f64(%x: tensor<13x300xf64>, %w: tensor<300x24xf64>, %b: tensor<24xf64>) -> tensor<13x24xf64> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<13x300xf64>, tensor<300x24xf64>) -> tensor<13x24xf64>
  %1 = chlo.broadcast_subtract %0, %b : (tensor<13x24xf64>, tensor<24xf64>) -> tensor<13x24xf64>
  %2 = stablehlo.abs %1 : tensor<13x24xf64>
  return %2 : tensor<13x24xf64>
}

func.func @causal(%q: tensor<37x300xf32>, %k: tensor<70x300xf32>) -> tensor<37x70xf32> {
  %0 = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<37x300xf32>, tensor<70x300xf32>) -> tensor<37x70xf32>
  %i = stablehlo.iota dim = 0 : tensor<37x70xi32>
  %j = stablehlo.iota dim = 1 : tensor<37x70xi32>
  %m = stablehlo.compare LE, %j, %i : (tensor<37x70xi32>, tensor<37x70xi32>) -> tensor<37x70xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<37x70xf32>
  %1 = stablehlo.select %m, %0, %ninf : tensor<37x70xi1>, tensor<37x70xf32>
  return %1 : tensor<37x70xf32>
}

// Both operands transposed in f64: the keys-like operand, contiguous
// along k, is packed by 8x8 transposes in registers.
func.func @matmul_tt_f64(%x: tensor<?x?xf64>, %w: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [0] x [1] : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// A dense layer with a transcendental activation, tanh(x @ w + b): its
// epilogue in registers calls the vector tanh at the tile's lanes (16 f32
// on x86-64, 4 on AArch64).
func.func @dense_tanh(%x: tensor<?x40xf32>, %w: tensor<40x19xf32>, %b: tensor<19xf32>) -> tensor<?x19xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x40xf32>, tensor<40x19xf32>) -> tensor<?x19xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x19xf32>, tensor<19xf32>) -> tensor<?x19xf32>
  %2 = stablehlo.tanh %1 : tensor<?x19xf32>
  return %2 : tensor<?x19xf32>
}
