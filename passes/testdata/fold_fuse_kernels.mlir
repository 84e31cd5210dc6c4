// The benchmark kernels W1-W5 of docs/SPEC.md §9 at small sizes (8x16
// instead of 4096x4096), in f32 and i32, with static and dynamic shapes.
// They are inputs of passes/mlir_numeric_test.go, which lowers them with
// --hlo-legalize-broadcasts --convert-shape-constraints --canonicalize
// --hlo-legalize-to-linalg and then checks that our
// linalg-fold-unit-extent-dims + linalg-fuse-elementwise-ops and
// mlir-opt-19's compute the same values as the lowered program. Dynamic dims
// are run with the sizes 3 and 1.

// W1: max(X + b, 0).
func.func @w1(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = hlo.add %x, %b : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.maximum %0, %z : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// W1 with a full-size splat zero (as in fuse-benchmarks.mlir).
func.func @w1_splat(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %s = hlo.add %x, %b : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.maximum %s, %z : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// W1 in i32.
func.func @w1_i32(%x: tensor<8x16xi32>, %b: tensor<16xi32>) -> tensor<8x16xi32> {
  %0 = hlo.add %x, %b : (tensor<8x16xi32>, tensor<16xi32>) -> tensor<8x16xi32>
  %z = hlo.constant dense<0> : tensor<i32>
  %1 = hlo.maximum %0, %z : (tensor<8x16xi32>, tensor<i32>) -> tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}

// -----

// W1 with a unit row: X is 1x16.
func.func @w1_unit_row(%x: tensor<1x16xf32>, %b: tensor<16xf32>) -> tensor<1x16xf32> {
  %0 = hlo.add %x, %b : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<1x16xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.maximum %0, %z : (tensor<1x16xf32>, tensor<f32>) -> tensor<1x16xf32>
  return %1 : tensor<1x16xf32>
}

// -----

// W2: the outer sum a + b, a 8x1, b 1x16.
func.func @w2(%a: tensor<8x1xf32>, %b: tensor<1x16xf32>) -> tensor<8x16xf32> {
  %0 = hlo.add %a, %b : (tensor<8x1xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// W2 in i32, followed by an elementwise op to fuse.
func.func @w2_i32(%a: tensor<8x1xi32>, %b: tensor<1x16xi32>) -> tensor<8x16xi32> {
  %0 = hlo.add %a, %b : (tensor<8x1xi32>, tensor<1x16xi32>) -> tensor<8x16xi32>
  %1 = hlo.multiply %0, %0 : tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}

// -----

// W2 with static unit dims and dynamic others.
func.func @w2_dyn(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.add %a, %b : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// W2 with every dim dynamic: which dims broadcast is known at run time only.
func.func @w2_all_dyn(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.add %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// W3: a * c + d, a 4x1x6, c 4x5x6, d 6.
func.func @w3(%a: tensor<4x1x6xf32>, %c: tensor<4x5x6xf32>, %d: tensor<6xf32>) -> tensor<4x5x6xf32> {
  %0 = hlo.multiply %a, %c : (tensor<4x1x6xf32>, tensor<4x5x6xf32>) -> tensor<4x5x6xf32>
  %1 = hlo.add %0, %d : (tensor<4x5x6xf32>, tensor<6xf32>) -> tensor<4x5x6xf32>
  return %1 : tensor<4x5x6xf32>
}

// -----

// W3 in i32.
func.func @w3_i32(%a: tensor<4x1x6xi32>, %c: tensor<4x5x6xi32>, %d: tensor<6xi32>) -> tensor<4x5x6xi32> {
  %0 = hlo.multiply %a, %c : (tensor<4x1x6xi32>, tensor<4x5x6xi32>) -> tensor<4x5x6xi32>
  %1 = hlo.add %0, %d : (tensor<4x5x6xi32>, tensor<6xi32>) -> tensor<4x5x6xi32>
  return %1 : tensor<4x5x6xi32>
}

// -----

// W3 with dynamic dims beside the static unit one.
func.func @w3_dyn(%a: tensor<?x1x?xf32>, %c: tensor<?x?x?xf32>, %d: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %0 = hlo.multiply %a, %c : (tensor<?x1x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = hlo.add %0, %d : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// W4: ((x * s + b) - m) * k, s and b scalars, m and k vectors.
func.func @w4(%x: tensor<8x16xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<16xf32>, %k: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = hlo.multiply %x, %s : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  %1 = hlo.add %0, %b : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  %2 = hlo.subtract %1, %m : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %3 = hlo.multiply %2, %k : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// W4 in i32 (wrapping arithmetic).
func.func @w4_i32(%x: tensor<8x16xi32>, %s: tensor<i32>, %b: tensor<i32>, %m: tensor<16xi32>, %k: tensor<16xi32>) -> tensor<8x16xi32> {
  %0 = hlo.multiply %x, %s : (tensor<8x16xi32>, tensor<i32>) -> tensor<8x16xi32>
  %1 = hlo.add %0, %b : (tensor<8x16xi32>, tensor<i32>) -> tensor<8x16xi32>
  %2 = hlo.subtract %1, %m : (tensor<8x16xi32>, tensor<16xi32>) -> tensor<8x16xi32>
  %3 = hlo.multiply %2, %k : (tensor<8x16xi32>, tensor<16xi32>) -> tensor<8x16xi32>
  return %3 : tensor<8x16xi32>
}

// -----

// W4 with unit dims: x 1x16, m 1x16, k 16.
func.func @w4_unit(%x: tensor<1x16xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<1x16xf32>, %k: tensor<16xf32>) -> tensor<1x16xf32> {
  %0 = hlo.multiply %x, %s : (tensor<1x16xf32>, tensor<f32>) -> tensor<1x16xf32>
  %1 = hlo.add %0, %b : (tensor<1x16xf32>, tensor<f32>) -> tensor<1x16xf32>
  %2 = hlo.subtract %1, %m : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  %3 = hlo.multiply %2, %k : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<1x16xf32>
  return %3 : tensor<1x16xf32>
}

// -----

// W4 with dynamic shapes.
func.func @w4_dyn(%x: tensor<?x?xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<?xf32>, %k: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.multiply %x, %s : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %1 = hlo.add %0, %b : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %2 = hlo.subtract %1, %m : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %3 = hlo.multiply %2, %k : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

// -----

// W5: max(X + b, 0) with every dim dynamic.
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = hlo.add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// W5 in i32.
func.func @w5_i32(%x: tensor<?x?xi32>, %b: tensor<?xi32>) -> tensor<?x?xi32> {
  %s = hlo.add %x, %b : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %z = hlo.constant dense<0> : tensor<i32>
  %r = hlo.maximum %s, %z : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// W5 with a static unit dim on X (W5u's shape known at compile time).
func.func @w5_unit(%x: tensor<?x1xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = hlo.add %x, %b : (tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
