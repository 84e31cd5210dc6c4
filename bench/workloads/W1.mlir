// W1: max(X + b, 0), X 4096x4096, b 4096 (row broadcast).
func.func @W1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
