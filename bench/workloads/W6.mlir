// W6: softmax over the rows of X, 4096x4096 f32, as jax.export writes
// jax.nn.softmax for static shapes:
//
//   jax.export.export(jax.jit(jax.nn.softmax))(
//       jax.ShapeDtypeStruct((4096, 4096), jnp.float32)).mlir_module()
//
// with locations left out. jax.nn.softmax is not jitted itself and its
// custom_jvp (or, with jax_softmax_custom_jvp off, its lax.stop_gradient
// of the max) lowers to nothing, so @main holds the computation inline:
// jnp.max(x, -1, initial=-inf, keepdims=True) is a reduce with init -inf,
// then maximum with a broadcast -inf (the `initial`), then the keepdims
// broadcast_in_dim to 4096x1; x - max broadcasts that back to 4096x4096;
// exp; jnp.sum(..., keepdims=True) is a reduce with init 0 and the same two
// broadcasts; then a divide. The harness calls @main (as @bcastopt_W6).
module @jit_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4096x4096xf32> {mhlo.layout_mode = "default"}) -> (tensor<4096x4096xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4096xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4096x1xf32>) -> tensor<4096x4096xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4096x4096xf32>
    %6 = stablehlo.exponential %5 : tensor<4096x4096xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<4096x1xf32>) -> tensor<4096x4096xf32>
    %10 = stablehlo.divide %6, %9 : tensor<4096x4096xf32>
    return %10 : tensor<4096x4096xf32>
  }
}
