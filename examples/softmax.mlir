// softmax over the rows of logits with a symbolic batch dim, as
// jax.export writes jax.nn.softmax for jax.ShapeDtypeStruct(
// jax.export.symbolic_shape("b, 10"), jnp.float32): the row max and the row
// sum are reduces, their keepdims broadcasts back over the rows are
// dynamic_broadcast_in_dim with the shape built from the batch size, and
// the rest are same-shape stablehlo ops. It compiles to one loop nest over
// the rows, no copy of a broadcast and no version:
//
//   go run ./cmd/bcast-opt examples/softmax.mlir --pipeline=cpu
//   go run ./cmd/bcast-run examples/softmax.mlir --input logits.npy
module @jit_softmax attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x10xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x10xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x10xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 10). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %3 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?x10xf32>) -> tensor<?x10xf32>
    return %3 : tensor<?x10xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x10xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x10xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<?x10xf32>, tensor<f32>) -> tensor<?xf32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_reshape %0, %3 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %c_0 = stablehlo.constant dense<10> : tensor<1xi32>
    %5 = stablehlo.concatenate %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %4, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x10xf32>
    %7 = stablehlo.subtract %arg1, %6 : tensor<?x10xf32>
    %8 = stablehlo.exponential %7 : tensor<?x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<?x10xf32>, tensor<f32>) -> tensor<?xf32>
    %10 = stablehlo.dynamic_reshape %9, %3 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %11 = stablehlo.dynamic_broadcast_in_dim %10, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x10xf32>
    %12 = stablehlo.divide %8, %11 : tensor<?x10xf32>
    return %12 : tensor<?x10xf32>
  }
}
