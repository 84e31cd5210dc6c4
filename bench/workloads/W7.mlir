// W7: layer norm over the rows of X, 4096x4096 f32, with gamma and beta
// vectors of 4096, as jax.export writes what a JAX user writes:
//
//   def layer_norm(x, gamma, beta):
//     mean = jnp.mean(x, axis=-1, keepdims=True)
//     xc = x - mean
//     var = jnp.mean(jnp.square(xc), axis=-1, keepdims=True)
//     return xc * jax.lax.rsqrt(var + 1e-5) * gamma + beta
//
//   jax.export.export(jax.jit(layer_norm))(
//       jax.ShapeDtypeStruct((4096, 4096), jnp.float32),
//       jax.ShapeDtypeStruct((4096,), jnp.float32),
//       jax.ShapeDtypeStruct((4096,), jnp.float32)).mlir_module()
//
// with locations left out. jnp.mean is a reduce with init 0, the keepdims
// broadcast_in_dim to 4096x1, and a divide by the row length (a constant
// broadcast with dims = []); jnp.square is a multiply; 1e-5 is a constant
// broadcast the same way; each 4096x1 operand of a 4096x4096 op is
// broadcast back with dims = [0, 1], and gamma and beta are rank-promoted
// to 1x4096 (dims = [1]) and then broadcast. The harness calls @main (as
// @bcastopt_W7).
module @jit_layer_norm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4096x4096xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<4096xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<4096xf32> {mhlo.layout_mode = "default"}) -> (tensor<4096x4096xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4096x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4096x1xf32>) -> tensor<4096x4096xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4096x4096xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4096x4096xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %cst_2 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4096x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4096x1xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4096x1xf32>
    %12 = stablehlo.add %10, %11 : tensor<4096x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<4096x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<4096x1xf32>) -> tensor<4096x4096xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<4096x4096xf32>
    %16 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<4096x4096xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<4096x4096xf32>
    %19 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<4096x4096xf32>
    %21 = stablehlo.add %18, %20 : tensor<4096x4096xf32>
    return %21 : tensor<4096x4096xf32>
  }
}
