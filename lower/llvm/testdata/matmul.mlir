// Contractions that lower/llvm compiles to blocked code with fused
// multiply-adds (matmul.go), run natively by matmul_test.go against the
// interpreter within the bound of doc.go (Contractions).

func.func @mm(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// x transposed (contracting its dim 0) and w transposed (its dim 1).
func.func @mm_tt(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [0] x [1] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// The attention scores' layout: a batch dim, both operands contracted
// along their last dim (k read transposed).
func.func @bmm_nt(%q: tensor<?x?x?xf32>, %k: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @mm_f64(%x: tensor<?x?xf64>, %w: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// Static shapes, edges in every dim.
func.func @mm_static(%x: tensor<13x300xf32>, %w: tensor<300x37xf32>) -> tensor<13x37xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<13x300xf32>, tensor<300x37xf32>) -> tensor<13x37xf32>
  return %0 : tensor<13x37xf32>
}
