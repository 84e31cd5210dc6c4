// A two-layer MLP with a symbolic batch, as jax.export writes
//
//   def mlp(x, w1, b1, w2, b2):
//     h = jax.nn.relu(x @ w1 + b1)
//     return h @ w2 + b2
//
//   b, = jax.export.symbolic_shape("b")
//   jax.export.export(jax.jit(mlp))(
//       jax.ShapeDtypeStruct((b, 16), jnp.float32),
//       jax.ShapeDtypeStruct((16, 32), jnp.float32), jax.ShapeDtypeStruct((32,), jnp.float32),
//       jax.ShapeDtypeStruct((32, 4), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
//
// (locations and the shape assertion's wrapper left out): each x @ w is a
// dot_general contracting dim 1 with dim 0; each bias is broadcast to a
// shape read back from the batch dim. --pipeline=cpu gives per layer the
// contraction and one fused epilogue, with no run-time check and no
// version (the shape is proven to be the contraction's).
module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<?x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>, %w2: tensor<32x4xf32>, %b2: tensor<4xf32>) -> tensor<?x4xf32> {
    %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
    %1 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x16xf32>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c32 = stablehlo.constant dense<32> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c32, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %b1, %3, dims = [1] : (tensor<32xf32>, tensor<2xi32>) -> tensor<?x32xf32>
    %5 = stablehlo.add %0, %4 : tensor<?x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.dynamic_broadcast_in_dim %cst, %3, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x32xf32>
    %7 = stablehlo.maximum %5, %6 : tensor<?x32xf32>
    %8 = stablehlo.dot_general %7, %w2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x32xf32>, tensor<32x4xf32>) -> tensor<?x4xf32>
    %c4 = stablehlo.constant dense<4> : tensor<1xi32>
    %9 = stablehlo.concatenate %2, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %b2, %9, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %11 = stablehlo.add %8, %10 : tensor<?x4xf32>
    return %11 : tensor<?x4xf32>
  }
}
