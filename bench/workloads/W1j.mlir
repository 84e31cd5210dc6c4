// W1j: W1, max(X + b, 0) with X 4096x4096 and b 4096, as jax.export writes
// it with a symbolic batch dim:
//
//   f = jax.jit(lambda x, b: jnp.maximum(x + b, 0))
//   jax.export.export(f)(
//       jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 4096"), jnp.float32),
//       jax.ShapeDtypeStruct((4096,), jnp.float32)).mlir_module()
//
// with jax_enable_x64 (dimension variables are i64) and locations left out.
// @main reads the dimension variable b from X, asserts b >= 1, and calls
// the wrapped function with it. There every broadcast is JAX's: rank
// promotion of b to 1x4096 (jnp's promote_shapes, a static broadcast_in_dim),
// then a dynamic_broadcast_in_dim to the shape [b, 4096] built from b with
// convert, reshape and concatenate; the scalar 0 is broadcast the same way
// (dims = []); the add and the maximum are same-shape stablehlo ops. The
// harness calls @main (as @bcastopt_W1j) with X of shape 4096x4096.
module @jit_w1 attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4096xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<4096xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x4096xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4096xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4096),args[1].shape = (4096,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %3 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x4096xf32>, tensor<4096xf32>) -> tensor<?x4096xf32>
    return %3 : tensor<?x4096xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x4096xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<4096xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x4096xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4096> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0, 1] : (tensor<1x4096xf32>, tensor<2xi32>) -> tensor<?x4096xf32>
    %5 = stablehlo.add %arg1, %4 : tensor<?x4096xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %7 = stablehlo.reshape %6 : (tensor<i32>) -> tensor<1xi32>
    %c_0 = stablehlo.constant dense<4096> : tensor<1xi32>
    %8 = stablehlo.concatenate %7, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %9 = stablehlo.dynamic_broadcast_in_dim %cst, %8, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x4096xf32>
    %10 = stablehlo.maximum %5, %9 : tensor<?x4096xf32>
    return %10 : tensor<?x4096xf32>
  }
}
