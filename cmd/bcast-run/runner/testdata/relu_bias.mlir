// relu(x + bias) from examples/relu_bias.mlir with small shapes.
module @jit_relu_bias {
  func.func public @main(%x: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %s = stablehlo.add %x, %bb : tensor<3x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %z = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %r = stablehlo.maximum %s, %z : tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }
  func.func public @dynamic(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
    %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %r = chlo.broadcast_maximum %s, %cst : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    return %r : tensor<?x?xf32>
  }
  func.func public @noargs() -> (tensor<2xi32>, tensor<f64>) {
    %a = stablehlo.constant dense<[7, -3]> : tensor<2xi32>
    %b = stablehlo.constant dense<2.5> : tensor<f64>
    return %a, %b : tensor<2xi32>, tensor<f64>
  }
}
