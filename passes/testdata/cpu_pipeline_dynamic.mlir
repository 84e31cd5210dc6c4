// Dynamic programs for TestCPUPipelineThroughMLIR19 (cpu_pipeline_mlir19_test.go):
// each chunk goes through `bcast-opt --pipeline=cpu`, then through
// mlir-opt-19's shape-to-std, bufferization and lowering to the LLVM
// dialect, and is run natively (MLIR's build and ours) against the
// interpreter. Between them they leave every shape op the pipeline can
// leave: shape.shape_of, shape.get_extent (as tensor.dim),
// shape.is_broadcastable, shape.broadcast, shape.const_shape, and the
// aligned extents of broadcast_dimensions on dynamic dims. No function may
// be called main (the C driver's name).

// numpy: relu(x + b), every dim dynamic, so x's rows and b may be 1.
func.func @numpy_relu_bias(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// numpy: two matrices whose dims may each be 1.
func.func @numpy_both_could_be_1(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = hlo.multiply %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// numpy: rank 3 with static 1s and 4s beside dynamic dims.
func.func @numpy_rank3_mixed(%a: tensor<?x1x?xf32>, %b: tensor<?x4x1xf32>) -> tensor<?x4x?xf32> {
  %r = hlo.subtract %a, %b : (tensor<?x1x?xf32>, tensor<?x4x1xf32>) -> tensor<?x4x?xf32>
  return %r : tensor<?x4x?xf32>
}

// -----

// numpy: compare and select on i32, with a scalar.
func.func @numpy_select_i32(%a: tensor<?x?xi32>, %b: tensor<?xi32>) -> tensor<?x?xi32> {
  %p = hlo.compare GT, %a, %b, SIGNED : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi1>
  %z = hlo.constant dense<0> : tensor<i32>
  %r = hlo.select %p, %a, %z : (tensor<?x?xi1>, tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// XLA InDim: a column vector added to a matrix (broadcast_dimensions 0).
func.func @xla_column(%m: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %r = chlo.broadcast_add %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// XLA InDim with a static column count.
func.func @xla_column_static_cols(%m: tensor<?x5xf32>, %v: tensor<?xf32>) -> tensor<?x5xf32> {
  %r = hlo.subtract %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x5xf32>, tensor<?xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// -----

// XLA: a matrix placed on dims 0 and 2 of a rank-3 tensor (a gap).
func.func @xla_gap_rank3(%t: tensor<?x?x?xf32>, %m: tensor<?x?xf32>) -> tensor<?x?x?xf32> {
  %r = hlo.multiply %t, %m {broadcast_dimensions = array<i64: 0, 2>} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// XLA: a chain, column subtract then relu then a row multiply.
func.func @xla_chain(%m: tensor<?x?xf32>, %c: tensor<?xf32>, %r: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.subtract %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.000000e+00> : tensor<f32>
  %1 = hlo.maximum %0, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %2 = hlo.multiply %1, %r {broadcast_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// XLA InDim on i32 with a shift (column of shift amounts).
func.func @xla_column_i32(%m: tensor<?x?xi32>, %v: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.add %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// broadcast_policy "rank": rank expansion, no stretching of dynamic dims.
func.func @rank_policy(%v: tensor<?xf32>, %m: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = hlo.add %v, %m {broadcast_policy = "rank"} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// broadcast_policy "rank" with broadcast_dimensions on a dynamic dim.
func.func @rank_policy_column(%m: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %r = hlo.maximum %m, %v {broadcast_dimensions = array<i64: 0>, broadcast_policy = "rank"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// broadcast_policy "scalar": only rank-0 operands broadcast.
func.func @scalar_policy(%m: tensor<?x?xf32>, %s: tensor<f32>) -> tensor<?x?xf32> {
  %r = hlo.minimum %m, %s {broadcast_policy = "scalar"} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// broadcast_policy "none": identical shapes, checked at run time.
func.func @none_policy(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = hlo.add %a, %b {broadcast_policy = "none"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// relu(x + b) as jax.export writes it with a symbolic batch dim: the size
// is read with get_dimension_size, asserted >= 1 (custom_call
// @shape_assertion) and passed on; the broadcasts are explicit
// dynamic_broadcast_in_dim to a shape built with concatenate.
module @jit_relu_bias attributes {jax.uses_shape_polymorphism = true} {
  func.func public @jax_relu_bias(%arg0: tensor<?x8xf32>, %arg1: tensor<8xf32>) -> tensor<?x8xf32> {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %3 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
    return %3 : tensor<?x8xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x8xf32>, %arg2: tensor<8xf32>) -> tensor<?x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0, 1] : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %5 = stablehlo.add %arg1, %4 : tensor<?x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.dynamic_broadcast_in_dim %cst, %3, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %10 = stablehlo.maximum %5, %9 : tensor<?x8xf32>
    return %10 : tensor<?x8xf32>
  }
}
