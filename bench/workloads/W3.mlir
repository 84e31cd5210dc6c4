// W3: a * c + d, a 64x1x1024, c 64x256x1024, d 1024.
func.func @W3(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>) -> tensor<64x256x1024xf32> {
  %m = chlo.broadcast_multiply %a, %c : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %r = chlo.broadcast_add %m, %d : (tensor<64x256x1024xf32>, tensor<1024xf32>) -> tensor<64x256x1024xf32>
  return %r : tensor<64x256x1024xf32>
}
