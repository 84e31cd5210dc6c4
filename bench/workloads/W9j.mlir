// W9j: W9, one attention head softmax(q k^T / 8) v, as jax.export writes it
// with a symbolic batch dim:
//
//   def attention(q, k, v):
//     s = jnp.einsum("bqd,bkd->bqk", q, k) / 8
//     return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)
//
//   jax.export.export(jax.jit(attention))(
//       *[jax.ShapeDtypeStruct(jax.export.symbolic_shape("b, 512, 64"), jnp.float32)] * 3
//   ).mlir_module()
//
// with jax_enable_x64 (dimension variables are i64) and locations left out.
// @main reads the dimension variable b from q, asserts b >= 1 and that k's
// and v's batch dims equal it, and calls the wrapped function with it.
// There the contractions are W9's with a `?` batch dim; the constant 8, the
// -inf of the max's floor and the reductions' results are broadcast by
// dynamic_broadcast_in_dim to shapes [b, 512, 512], [b, 512] and the keepdims
// shape [b, 512, 1] built from b with convert, reshape and concatenate. The
// harness calls @main (as @bcastopt_W9j) with W9's inputs (b = 8).
module @jit_attention attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x512x64xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x512x64xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x512x64xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %4 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x512x64xf32>) -> tensor<i32>
    %5 = stablehlo.convert %4 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %6 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%6, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 512, 64),args[1].shape = (b, 512, 64),args[2].shape = (b, 512, 64). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %7 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%7, %3, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 512, 64),args[1].shape = (b, 512, 64),args[2].shape = (b, 512, 64). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %8 = stablehlo.compare  EQ, %5, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%8, %5, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 512, 64),args[1].shape = (b, 512, 64),args[2].shape = (b, 512, 64). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %9 = call @_wrapped_jax_export_main(%1, %arg0, %arg1, %arg2) : (tensor<i64>, tensor<?x512x64xf32>, tensor<?x512x64xf32>, tensor<?x512x64xf32>) -> tensor<?x512x64xf32>
    return %9 : tensor<?x512x64xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}, %arg3: tensor<?x512x64xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x512x64xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.dot_general %arg1, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<?x512x64xf32>, tensor<?x512x64xf32>) -> tensor<?x512x512xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<512> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<512> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %cst, %3, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x512x512xf32>
    %5 = stablehlo.divide %0, %4 : tensor<?x512x512xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<?x512x512xf32>, tensor<f32>) -> tensor<?x512xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32>
    %c_3 = stablehlo.constant dense<512> : tensor<1xi32>
    %9 = stablehlo.concatenate %8, %c_3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %cst_2, %9, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x512xf32>
    %11 = stablehlo.maximum %10, %6 : tensor<?x512xf32>
    %12 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %13 = stablehlo.reshape %12 : (tensor<i32>) -> tensor<1xi32>
    %c_4 = stablehlo.constant dense<512> : tensor<1xi32>
    %c_5 = stablehlo.constant dense<1> : tensor<1xi32>
    %14 = stablehlo.concatenate %13, %c_4, %c_5, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %15 = stablehlo.dynamic_broadcast_in_dim %11, %14, dims = [0, 1] : (tensor<?x512xf32>, tensor<3xi32>) -> tensor<?x512x1xf32>
    %16 = stablehlo.dynamic_broadcast_in_dim %15, %3, dims = [0, 1, 2] : (tensor<?x512x1xf32>, tensor<3xi32>) -> tensor<?x512x512xf32>
    %17 = stablehlo.subtract %5, %16 : tensor<?x512x512xf32>
    %18 = stablehlo.exponential %17 : tensor<?x512x512xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<?x512x512xf32>, tensor<f32>) -> tensor<?x512xf32>
    %20 = stablehlo.dynamic_broadcast_in_dim %19, %14, dims = [0, 1] : (tensor<?x512xf32>, tensor<3xi32>) -> tensor<?x512x1xf32>
    %21 = stablehlo.dynamic_broadcast_in_dim %20, %3, dims = [0, 1, 2] : (tensor<?x512x1xf32>, tensor<3xi32>) -> tensor<?x512x512xf32>
    %22 = stablehlo.divide %18, %21 : tensor<?x512x512xf32>
    %23 = stablehlo.dot_general %22, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x512x512xf32>, tensor<?x512x64xf32>) -> tensor<?x512x64xf32>
    return %23 : tensor<?x512x64xf32>
  }
}
