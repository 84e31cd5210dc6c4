// W3j: W3, a * c + d with a 64x1x1024, c 64x256x1024 and d 1024, as
// jax.export writes it with a symbolic batch dim:
//
//   f = jax.jit(lambda a, c, d: a * c + d)
//   jax.export.export(f)(
//       jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 1, 1024"), jnp.float32),
//       jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 256, 1024"), jnp.float32),
//       jax.ShapeDtypeStruct((1024,), jnp.float32)).mlir_module()
//
// with jax_enable_x64 (dimension variables are i64) and locations left out.
// @main reads b from a, asserts b >= 1 and that c's dim 0 equals b, and
// calls the wrapped function with it. There a is broadcast to [b, 256, 1024]
// by a dynamic_broadcast_in_dim (c already has that shape), d is rank
// promoted to 1x1x1024 (jnp's promote_shapes) and then broadcast the same
// way; the multiply and the add are same-shape stablehlo ops. The harness
// calls @main (as @bcastopt_W3j) with b = 64.
module @jit_w3 attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x1x1024xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<?x256x1024xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<1024xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x256x1024xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x1x1024xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x256x1024xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %4 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 1, 1024),args[1].shape = (b, 256, 1024),args[2].shape = (1024,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %5 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%5, %3, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 1, 1024),args[1].shape = (b, 256, 1024),args[2].shape = (1024,). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %6 = call @_wrapped_jax_export_main(%1, %arg0, %arg1, %arg2) : (tensor<i64>, tensor<?x1x1024xf32>, tensor<?x256x1024xf32>, tensor<1024xf32>) -> tensor<?x256x1024xf32>
    return %6 : tensor<?x256x1024xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x1x1024xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<?x256x1024xf32> {mhlo.layout_mode = "default"}, %arg3: tensor<1024xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x256x1024xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<256> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<1024> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [0, 1, 2] : (tensor<?x1x1024xf32>, tensor<3xi32>) -> tensor<?x256x1024xf32>
    %4 = stablehlo.multiply %3, %arg2 : tensor<?x256x1024xf32>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %6 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %7 = stablehlo.reshape %6 : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<256> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<1024> : tensor<1xi32>
    %8 = stablehlo.concatenate %7, %c_1, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %9 = stablehlo.dynamic_broadcast_in_dim %5, %8, dims = [0, 1, 2] : (tensor<1x1x1024xf32>, tensor<3xi32>) -> tensor<?x256x1024xf32>
    %10 = stablehlo.add %4, %9 : tensor<?x256x1024xf32>
    return %10 : tensor<?x256x1024xf32>
  }
}
