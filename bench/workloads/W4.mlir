// W4: ((x * s + b) - m) * k, x 4096x4096, s and b scalars, m and k vectors of 4096.
func.func @W4(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = chlo.broadcast_multiply %x, %s : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %2 = chlo.broadcast_subtract %1, %m : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %3 = chlo.broadcast_multiply %2, %k : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %3 : tensor<4096x4096xf32>
}
