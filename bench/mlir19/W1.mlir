// W1: max(X + b, 0), X 4096x4096, b 4096 (row broadcast), as an MLIR 19
// user writes it in TOSA: b is first reshaped to rank 2 because TOSA
// elementwise ops require operands of equal rank.
//
// @W1 returns a freshly allocated result (MLIR's default calling
// convention); @W1_dps writes into the caller's buffer %out.

func.func @W1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %s = tosa.add %x, %b2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

func.func @W1_dps(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>, %out: memref<4096x4096xf32>) attributes {llvm.emit_c_interface} {
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %s = tosa.add %x, %b2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
