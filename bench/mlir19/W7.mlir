// W7: layer norm over the rows of X, 4096x4096, with gamma and beta of
// 4096, in TOSA: the mean and the variance are reduce_sum (keeping the
// reduced dim, 4096x1) times 1/4096 (a power of two, so exactly the
// division by 4096), the variance of the centered values; rsqrt of
// var + 1e-5; then * gamma + beta, both reshaped to 1x4096 because TOSA
// elementwise ops require operands of equal rank.
//
// @W7 returns a freshly allocated result; @W7_dps writes into %out.

func.func @W7(%x: tensor<4096x4096xf32>, %g: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %n = "tosa.const"() {value = dense<2.44140625e-04> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %eps = "tosa.const"() {value = dense<1.0e-05> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %mean = tosa.mul %s, %n {shift = 0 : i8} : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %xc = tosa.sub %x, %mean : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %sq = tosa.mul %xc, %xc {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %ss = tosa.reduce_sum %sq {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %var = tosa.mul %ss, %n {shift = 0 : i8} : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %ve = tosa.add %var, %eps : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %r = tosa.rsqrt %ve : (tensor<4096x1xf32>) -> tensor<4096x1xf32>
  %y = tosa.mul %xc, %r {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %g2 = tosa.reshape %g {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %yg = tosa.mul %y, %g2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %o = tosa.add %yg, %b2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %o : tensor<4096x4096xf32>
}

func.func @W7_dps(%x: tensor<4096x4096xf32>, %g: tensor<4096xf32>, %b: tensor<4096xf32>, %out: memref<4096x4096xf32>) attributes {llvm.emit_c_interface} {
  %n = "tosa.const"() {value = dense<2.44140625e-04> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %eps = "tosa.const"() {value = dense<1.0e-05> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %mean = tosa.mul %s, %n {shift = 0 : i8} : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %xc = tosa.sub %x, %mean : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %sq = tosa.mul %xc, %xc {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %ss = tosa.reduce_sum %sq {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %var = tosa.mul %ss, %n {shift = 0 : i8} : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %ve = tosa.add %var, %eps : (tensor<4096x1xf32>, tensor<1x1xf32>) -> tensor<4096x1xf32>
  %r = tosa.rsqrt %ve : (tensor<4096x1xf32>) -> tensor<4096x1xf32>
  %y = tosa.mul %xc, %r {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %g2 = tosa.reshape %g {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %yg = tosa.mul %y, %g2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %o = tosa.add %yg, %b2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %o in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
