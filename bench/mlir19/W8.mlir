// W8: the dense layer relu(x @ W + b), x and W 1024x1024, b 1024, in
// TOSA: tosa.matmul takes rank-3 operands (a batch of one), so x and W are
// reshaped to 1x1024x1024 and the product back to 1024x1024; b is
// reshaped to 1x1024 because TOSA elementwise ops require operands of
// equal rank. tosa-to-linalg-named makes the matmul a linalg.batch_matmul
// into a zero fill, and convert-linalg-to-loops a loop nest (b, i, j, k)
// summing each element in k's order.
//
// @W8 returns a freshly allocated result; @W8_dps writes into %out.

func.func @W8(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>) -> tensor<1024x1024xf32> attributes {llvm.emit_c_interface} {
  %x3 = tosa.reshape %x {new_shape = array<i64: 1, 1024, 1024>} : (tensor<1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %w3 = tosa.reshape %w {new_shape = array<i64: 1, 1024, 1024>} : (tensor<1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %p3 = tosa.matmul %x3, %w3 : (tensor<1x1024x1024xf32>, tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %p = tosa.reshape %p3 {new_shape = array<i64: 1024, 1024>} : (tensor<1x1024x1024xf32>) -> tensor<1024x1024xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 1024>} : (tensor<1024xf32>) -> tensor<1x1024xf32>
  %s = tosa.add %p, %b2 : (tensor<1024x1024xf32>, tensor<1x1024xf32>) -> tensor<1024x1024xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<1024x1024xf32>, tensor<1x1xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

func.func @W8_dps(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>, %out: memref<1024x1024xf32>) attributes {llvm.emit_c_interface} {
  %x3 = tosa.reshape %x {new_shape = array<i64: 1, 1024, 1024>} : (tensor<1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %w3 = tosa.reshape %w {new_shape = array<i64: 1, 1024, 1024>} : (tensor<1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %p3 = tosa.matmul %x3, %w3 : (tensor<1x1024x1024xf32>, tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32>
  %p = tosa.reshape %p3 {new_shape = array<i64: 1024, 1024>} : (tensor<1x1024x1024xf32>) -> tensor<1024x1024xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 1024>} : (tensor<1024xf32>) -> tensor<1x1024xf32>
  %s = tosa.add %p, %b2 : (tensor<1024x1024xf32>, tensor<1x1024xf32>) -> tensor<1024x1024xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<1024x1024xf32>, tensor<1x1xf32>) -> tensor<1024x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1024x1024xf32>, memref<1024x1024xf32>) -> ()
  return
}
