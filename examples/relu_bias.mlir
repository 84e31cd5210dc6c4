// relu(x + bias) as JAX exports it (StableHLO, implicit broadcasting
// through an explicit broadcast_in_dim, static shapes), plus the same
// kernel written with CHLO's implicitly broadcasting add on dynamic shapes.
//
//   go run ./cmd/bcast-opt examples/relu_bias.mlir --pipeline=cpu
module @jit_relu_bias attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4096x4096xf32> {mhlo.layout_mode = "default"}, %b: tensor<4096xf32> {mhlo.layout_mode = "default"}) -> (tensor<4096x4096xf32> {jax.result_info = ""}) {
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
    %s = stablehlo.add %x, %bb : tensor<4096x4096xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %z = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4096x4096xf32>
    %r = stablehlo.maximum %s, %z : tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }
  func.func public @dynamic(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
    %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %r = chlo.broadcast_maximum %s, %cst : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    return %r : tensor<?x?xf32>
  }
}
