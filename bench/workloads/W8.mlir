// W8: a dense layer relu(x @ W + b), x and W 1024x1024 f32, b 1024, as
// jax.export writes what a JAX user writes:
//
//   def dense(x, w, b):
//     return jax.nn.relu(x @ w + b)
//
//   jax.export.export(jax.jit(dense))(
//       jax.ShapeDtypeStruct((1024, 1024), jnp.float32),
//       jax.ShapeDtypeStruct((1024, 1024), jnp.float32),
//       jax.ShapeDtypeStruct((1024,), jnp.float32)).mlir_module()
//
// with locations left out. x @ w is a dot_general contracting x's dim 1
// with w's dim 0; b is rank-promoted to 1x1024 and broadcast; relu is a
// maximum with a broadcast 0. The harness calls @main (as @bcastopt_W8).
module @jit_dense attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x1024xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<1024x1024xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<1024xf32> {mhlo.layout_mode = "default"}) -> (tensor<1024x1024xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<1024x1024xf32>
    %3 = stablehlo.add %0, %2 : tensor<1024x1024xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<1024x1024xf32>
    return %5 : tensor<1024x1024xf32>
  }
}
