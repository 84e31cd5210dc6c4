// W3: a * c + d, a 64x1x1024, c 64x256x1024, d 1024, in TOSA. d is
// reshaped to rank 3; tosa.mul carries TOSA's shift operand (0 for floats).
//
// @W3 returns a freshly allocated result; @W3_dps writes into %out.

func.func @W3(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>) -> tensor<64x256x1024xf32> attributes {llvm.emit_c_interface} {
  %m = tosa.mul %a, %c {shift = 0 : i8} : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %d3 = tosa.reshape %d {new_shape = array<i64: 1, 1, 1024>} : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
  %r = tosa.add %m, %d3 : (tensor<64x256x1024xf32>, tensor<1x1x1024xf32>) -> tensor<64x256x1024xf32>
  return %r : tensor<64x256x1024xf32>
}

func.func @W3_dps(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>, %out: memref<64x256x1024xf32>) attributes {llvm.emit_c_interface} {
  %m = tosa.mul %a, %c {shift = 0 : i8} : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %d3 = tosa.reshape %d {new_shape = array<i64: 1, 1, 1024>} : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
  %r = tosa.add %m, %d3 : (tensor<64x256x1024xf32>, tensor<1x1x1024xf32>) -> tensor<64x256x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x256x1024xf32>, memref<64x256x1024xf32>) -> ()
  return
}
