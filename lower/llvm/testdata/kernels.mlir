// Kernels compiled to native code by native_test.go and checked against
// the reference interpreter. W1-W5 are the benchmark workloads of
// docs/SPEC.md §9 at small sizes (shapes come from the test for W5).

// W1: max(X + b, 0), row broadcast.
func.func @w1(%x: tensor<6x37xf32>, %b: tensor<37xf32>) -> tensor<6x37xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<6x37xf32>, tensor<37xf32>) -> tensor<6x37xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<6x37xf32>, tensor<f32>) -> tensor<6x37xf32>
  return %r : tensor<6x37xf32>
}

// W2: outer sum.
func.func @w2(%a: tensor<9x1xf32>, %b: tensor<1x11xf32>) -> tensor<9x11xf32> {
  %s = chlo.broadcast_add %a, %b : (tensor<9x1xf32>, tensor<1x11xf32>) -> tensor<9x11xf32>
  return %s : tensor<9x11xf32>
}

// W3: a * c + d.
func.func @w3(%a: tensor<3x1x19xf32>, %c: tensor<3x4x19xf32>, %d: tensor<19xf32>) -> tensor<3x4x19xf32> {
  %m = chlo.broadcast_multiply %a, %c : (tensor<3x1x19xf32>, tensor<3x4x19xf32>) -> tensor<3x4x19xf32>
  %r = chlo.broadcast_add %m, %d : (tensor<3x4x19xf32>, tensor<19xf32>) -> tensor<3x4x19xf32>
  return %r : tensor<3x4x19xf32>
}

// W4: ((x * s + b) - m) * k with scalars s, b and vectors m, k.
func.func @w4(%x: tensor<5x23xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<23xf32>, %k: tensor<23xf32>) -> tensor<5x23xf32> {
  %0 = chlo.broadcast_multiply %x, %s : (tensor<5x23xf32>, tensor<f32>) -> tensor<5x23xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<5x23xf32>, tensor<f32>) -> tensor<5x23xf32>
  %2 = chlo.broadcast_subtract %1, %m : (tensor<5x23xf32>, tensor<23xf32>) -> tensor<5x23xf32>
  %3 = chlo.broadcast_multiply %2, %k : (tensor<5x23xf32>, tensor<23xf32>) -> tensor<5x23xf32>
  return %3 : tensor<5x23xf32>
}

// W5: W1 with every dim dynamic (could-be-1 dims: versioned).
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// minimum, compare and select on floats.
func.func @minsel(%x: tensor<?x13xf32>, %y: tensor<13xf32>) -> tensor<?x13xf32> {
  %m = chlo.broadcast_minimum %x, %y : (tensor<?x13xf32>, tensor<13xf32>) -> tensor<?x13xf32>
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x13xf32>, tensor<13xf32>) -> tensor<?x13xi1>
  %r = stablehlo.select %c, %m, %x : (tensor<?x13xi1>, tensor<?x13xf32>, tensor<?x13xf32>) -> tensor<?x13xf32>
  return %r : tensor<?x13xf32>
}

// Integers: wrapping add and multiply, maximum, compare and select.
func.func @ints(%a: tensor<?x7xi32>, %b: tensor<7xi32>) -> tensor<?x7xi32> {
  %s = chlo.broadcast_add %a, %b : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi32>
  %p = chlo.broadcast_multiply %s, %a : (tensor<?x7xi32>, tensor<?x7xi32>) -> tensor<?x7xi32>
  %m = chlo.broadcast_maximum %p, %b : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi32>
  %c = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi1>
  %r = stablehlo.select %c, %m, %s : (tensor<?x7xi1>, tensor<?x7xi32>, tensor<?x7xi32>) -> tensor<?x7xi32>
  return %r : tensor<?x7xi32>
}

// An i1 result.
func.func @greater(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xi1> {
  %c = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  return %c : tensor<?x?xi1>
}

// math.exp (vecmath.go's expf, within 1 ulp of exact; the test allows 2
// ulps of the sum after it).
func.func @exp_bias(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %e = stablehlo.exponential %x : tensor<?x?xf32>
  %r = chlo.broadcast_add %e, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// exp(b) is expensive and read through a broadcast map, so fusion keeps it
// apart: an intermediate buffer.
func.func @unfused(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %e = stablehlo.exponential %b : tensor<?xf32>
  %r = chlo.broadcast_add %x, %e : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Two results, one of them an argument returned as is (copied).
func.func @two(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %s = chlo.broadcast_subtract %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %s, %x : tensor<?x?xf32>, tensor<?x?xf32>
}

// Rank 0.
func.func @scalar(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %x, %y : tensor<f32>
  return %s : tensor<f32>
}

// f64 and a 3-D broadcast with dynamic dims.
func.func @f64(%x: tensor<?x?x?xf64>, %y: tensor<?x1xf64>) -> tensor<?x?x?xf64> {
  %s = chlo.broadcast_multiply %x, %y : (tensor<?x?x?xf64>, tensor<?x1xf64>) -> tensor<?x?x?xf64>
  return %s : tensor<?x?x?xf64>
}

// IEEE maximum and minimum: NaN propagates, -0 < +0.
func.func @maxmin(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = chlo.broadcast_maximum %x, %y : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %b = chlo.broadcast_minimum %x, %y : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %a, %b : tensor<?x?xf32>, tensor<?x?xf32>
}

// Unit dims fold away: the kernel computes on ? and its result is
// expanded back to ?x1, written in place through the reshape.
func.func @unit(%x: tensor<?x1xf32>, %y: tensor<1xf32>) -> tensor<?x1xf32> {
  %s = chlo.broadcast_add %x, %y : (tensor<?x1xf32>, tensor<1xf32>) -> tensor<?x1xf32>
  return %s : tensor<?x1xf32>
}


// Mixed element types through the vector inner loop (vector.go):
// conversions, integer and float ops, compare and select, a splatted
// invariant operand; sizes around the vector width leave remainders.
func.func @vecmix(%x: tensor<?x?xf32>, %b: tensor<?xf64>, %i: tensor<?x?xi8>) -> (tensor<?x?xf64>, tensor<?x?xi64>, tensor<?x?xi1>) {
  %xd = stablehlo.convert %x : (tensor<?x?xf32>) -> tensor<?x?xf64>
  %s = chlo.broadcast_add %xd, %b : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  %a = stablehlo.abs %s : tensor<?x?xf64>
  %q = stablehlo.sqrt %a : tensor<?x?xf64>
  %f = stablehlo.floor %s : tensor<?x?xf64>
  %m = stablehlo.maximum %q, %f : tensor<?x?xf64>
  %ii = stablehlo.convert %i : (tensor<?x?xi8>) -> tensor<?x?xi64>
  %fi = stablehlo.convert %f : (tensor<?x?xf64>) -> tensor<?x?xi64>
  %sh = chlo.broadcast_shift_left %fi, %ii : tensor<?x?xi64>
  %x2 = chlo.broadcast_xor %sh, %ii : tensor<?x?xi64>
  %c = stablehlo.compare LT, %m, %s : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xi1>
  %n = stablehlo.negate %m : tensor<?x?xf64>
  %r = stablehlo.select %c, %n, %m : tensor<?x?xi1>, tensor<?x?xf64>
  return %r, %x2, %c : tensor<?x?xf64>, tensor<?x?xi64>, tensor<?x?xi1>
}

// A static kernel whose output (17 MB) is streamed with non-temporal
// stores; 4100 is not a multiple of the vector width, so rows start
// misaligned and the peel and remainder loops run.
func.func @stream(%x: tensor<1040x4100xf32>, %b: tensor<4100xf32>) -> tensor<1040x4100xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<1040x4100xf32>, tensor<4100xf32>) -> tensor<1040x4100xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<1040x4100xf32>, tensor<f32>) -> tensor<1040x4100xf32>
  return %r : tensor<1040x4100xf32>
}

// StableHLO's same-shape add on dynamic dims (the none policy): sizes that
// differ at run time are an error naming the function, the operands, the
// dim and both sizes, never a broadcast and never an out-of-bounds read.
func.func @sameshape(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.add %x, %y : tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// JAX's export form of a * c + d with a symbolic batch: @shape_assertion
// checks c's batch against a's, with JAX's message and the values.
func.func @jaxfma(%a: tensor<?x1x16xf32>, %c: tensor<?x4x16xf32>, %d: tensor<16xf32>) -> tensor<?x4x16xf32> {
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x1x16xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %c, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
  %2 = stablehlo.compare  EQ, %1, %0,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%2, %1, %0) {api_version = 2 : i32, error_message = "Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}).", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  %3 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c4 = stablehlo.constant dense<[4, 16]> : tensor<2xi32>
  %4 = stablehlo.concatenate %3, %c4, dim = 0 : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
  %5 = stablehlo.dynamic_broadcast_in_dim %a, %4, dims = [0, 1, 2] : (tensor<?x1x16xf32>, tensor<3xi32>) -> tensor<?x4x16xf32>
  %6 = stablehlo.multiply %5, %c : tensor<?x4x16xf32>
  %7 = stablehlo.dynamic_broadcast_in_dim %d, %4, dims = [2] : (tensor<16xf32>, tensor<3xi32>) -> tensor<?x4x16xf32>
  %8 = stablehlo.add %6, %7 : tensor<?x4x16xf32>
  return %8 : tensor<?x4x16xf32>
}
