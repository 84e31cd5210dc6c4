// W9: one attention head softmax(q k^T / 8) v, q, k and v 8x512x64, in
// TOSA: k transposed to 8x64x512 (tosa.transpose), tosa.matmul for the
// scores, a multiply by 0.125 (exactly the division by 8), W6's softmax
// over the last dim (reduce_max, sub, exp, reduce_sum, reciprocal, mul),
// and tosa.matmul with v. The matmuls become linalg.batch_matmul into zero
// fills, and plain loop nests.
//
// @W9 returns a freshly allocated result; @W9_dps writes into %out.

func.func @W9(%q: tensor<8x512x64xf32>, %k: tensor<8x512x64xf32>, %v: tensor<8x512x64xf32>) -> tensor<8x512x64xf32> attributes {llvm.emit_c_interface} {
  %perm = "tosa.const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %kt = tosa.transpose %k, %perm : (tensor<8x512x64xf32>, tensor<3xi32>) -> tensor<8x64x512xf32>
  %s0 = tosa.matmul %q, %kt : (tensor<8x512x64xf32>, tensor<8x64x512xf32>) -> tensor<8x512x512xf32>
  %c = "tosa.const"() {value = dense<0.125> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %s = tosa.mul %s0, %c {shift = 0 : i8} : (tensor<8x512x512xf32>, tensor<1x1x1xf32>) -> tensor<8x512x512xf32>
  %m = tosa.reduce_max %s {axis = 2 : i32} : (tensor<8x512x512xf32>) -> tensor<8x512x1xf32>
  %d = tosa.sub %s, %m : (tensor<8x512x512xf32>, tensor<8x512x1xf32>) -> tensor<8x512x512xf32>
  %e = tosa.exp %d : (tensor<8x512x512xf32>) -> tensor<8x512x512xf32>
  %z = tosa.reduce_sum %e {axis = 2 : i32} : (tensor<8x512x512xf32>) -> tensor<8x512x1xf32>
  %r = tosa.reciprocal %z : (tensor<8x512x1xf32>) -> tensor<8x512x1xf32>
  %p = tosa.mul %e, %r {shift = 0 : i8} : (tensor<8x512x512xf32>, tensor<8x512x1xf32>) -> tensor<8x512x512xf32>
  %y = tosa.matmul %p, %v : (tensor<8x512x512xf32>, tensor<8x512x64xf32>) -> tensor<8x512x64xf32>
  return %y : tensor<8x512x64xf32>
}

func.func @W9_dps(%q: tensor<8x512x64xf32>, %k: tensor<8x512x64xf32>, %v: tensor<8x512x64xf32>, %out: memref<8x512x64xf32>) attributes {llvm.emit_c_interface} {
  %perm = "tosa.const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %kt = tosa.transpose %k, %perm : (tensor<8x512x64xf32>, tensor<3xi32>) -> tensor<8x64x512xf32>
  %s0 = tosa.matmul %q, %kt : (tensor<8x512x64xf32>, tensor<8x64x512xf32>) -> tensor<8x512x512xf32>
  %c = "tosa.const"() {value = dense<0.125> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %s = tosa.mul %s0, %c {shift = 0 : i8} : (tensor<8x512x512xf32>, tensor<1x1x1xf32>) -> tensor<8x512x512xf32>
  %m = tosa.reduce_max %s {axis = 2 : i32} : (tensor<8x512x512xf32>) -> tensor<8x512x1xf32>
  %d = tosa.sub %s, %m : (tensor<8x512x512xf32>, tensor<8x512x1xf32>) -> tensor<8x512x512xf32>
  %e = tosa.exp %d : (tensor<8x512x512xf32>) -> tensor<8x512x512xf32>
  %z = tosa.reduce_sum %e {axis = 2 : i32} : (tensor<8x512x512xf32>) -> tensor<8x512x1xf32>
  %r = tosa.reciprocal %z : (tensor<8x512x1xf32>) -> tensor<8x512x1xf32>
  %p = tosa.mul %e, %r {shift = 0 : i8} : (tensor<8x512x512xf32>, tensor<8x512x1xf32>) -> tensor<8x512x512xf32>
  %y = tosa.matmul %p, %v : (tensor<8x512x512xf32>, tensor<8x512x64xf32>) -> tensor<8x512x64xf32>
  bufferization.materialize_in_destination %y in restrict writable %out : (tensor<8x512x64xf32>, memref<8x512x64xf32>) -> ()
  return
}
