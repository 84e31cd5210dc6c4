// W5: W1 with every dim dynamic. W5u calls this kernel with X of shape
// 4096x1 at run time (a could-be-1 dim that is 1).
func.func @W5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
