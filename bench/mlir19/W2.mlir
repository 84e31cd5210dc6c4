// W2: a + b, a 4096x1, b 1x4096 (outer broadcast), in TOSA. Both operands
// already have rank 2, so no reshape is needed.
//
// @W2 returns a freshly allocated result; @W2_dps writes into %out.

func.func @W2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %r = tosa.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

func.func @W2_dps(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>, %out: memref<4096x4096xf32>) attributes {llvm.emit_c_interface} {
  %r = tosa.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
