// Softmax and layer norm as jax.export writes them (bench/workloads/W6.mlir
// and W7.mlir, smaller), static and with symbolic dims, for the native
// tests of fused groups (fuse_native_test.go): through --pipeline=cpu,
// each becomes one loop nest over the rows.

// jax.nn.softmax, static (W6's form).
func.func public @softmax(%arg0: tensor<6x37xf32>) -> tensor<6x37xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<6x37xf32>, tensor<f32>) -> tensor<6xf32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
  %2 = stablehlo.maximum %1, %0 : tensor<6xf32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x37xf32>
  %5 = stablehlo.subtract %arg0, %4 : tensor<6x37xf32>
  %6 = stablehlo.exponential %5 : tensor<6x37xf32>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x37xf32>, tensor<f32>) -> tensor<6xf32>
  %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
  %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x37xf32>
  %10 = stablehlo.divide %6, %9 : tensor<6x37xf32>
  return %10 : tensor<6x37xf32>
}

// layer norm, static (W7's form).
func.func public @layer_norm(%arg0: tensor<5x37xf32>, %arg1: tensor<37xf32>, %arg2: tensor<37xf32>) -> tensor<5x37xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x37xf32>, tensor<f32>) -> tensor<5xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
  %cst_0 = stablehlo.constant dense<3.700000e+01> : tensor<f32>
  %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
  %3 = stablehlo.divide %1, %2 : tensor<5x1xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x37xf32>
  %5 = stablehlo.subtract %arg0, %4 : tensor<5x37xf32>
  %6 = stablehlo.multiply %5, %5 : tensor<5x37xf32>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x37xf32>, tensor<f32>) -> tensor<5xf32>
  %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
  %cst_2 = stablehlo.constant dense<3.700000e+01> : tensor<f32>
  %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
  %10 = stablehlo.divide %8, %9 : tensor<5x1xf32>
  %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
  %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
  %12 = stablehlo.add %10, %11 : tensor<5x1xf32>
  %13 = stablehlo.rsqrt %12 : tensor<5x1xf32>
  %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x37xf32>
  %15 = stablehlo.multiply %5, %14 : tensor<5x37xf32>
  %16 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<37xf32>) -> tensor<1x37xf32>
  %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x37xf32>) -> tensor<5x37xf32>
  %18 = stablehlo.multiply %15, %17 : tensor<5x37xf32>
  %19 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<37xf32>) -> tensor<1x37xf32>
  %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x37xf32>) -> tensor<5x37xf32>
  %21 = stablehlo.add %18, %20 : tensor<5x37xf32>
  return %21 : tensor<5x37xf32>
}

// jax.nn.softmax with both dims symbolic ("b, n"): the keepdims broadcasts
// are dynamic_broadcast_in_dim of shapes built from get_dimension_size.
func.func public @softmax_bn(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %b = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %n = stablehlo.get_dimension_size %arg1, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %3 = stablehlo.concatenate %b1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %4 = stablehlo.dynamic_reshape %0, %3 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %5 = stablehlo.concatenate %b1, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %6 = stablehlo.dynamic_broadcast_in_dim %4, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %7 = stablehlo.subtract %arg1, %6 : tensor<?x?xf32>
  %8 = stablehlo.exponential %7 : tensor<?x?xf32>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %9 = stablehlo.reduce(%8 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %10 = stablehlo.dynamic_reshape %9, %3 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %11 = stablehlo.dynamic_broadcast_in_dim %10, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %12 = stablehlo.divide %8, %11 : tensor<?x?xf32>
  return %12 : tensor<?x?xf32>
}

// layer norm with both dims symbolic: the mean divides by the row length
// converted to f32.
func.func public @layer_norm_bn(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> tensor<?x?xf32> {
  %b = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %n = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %sb1 = stablehlo.concatenate %b1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %sbn = stablehlo.concatenate %b1, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %s1n = stablehlo.concatenate %c, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %nf = stablehlo.convert %n : (tensor<i32>) -> tensor<f32>
  %nb = stablehlo.dynamic_broadcast_in_dim %nf, %sb1, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x1xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.dynamic_reshape %0, %sb1 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %3 = stablehlo.divide %1, %nb : tensor<?x1xf32>
  %4 = stablehlo.dynamic_broadcast_in_dim %3, %sbn, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %5 = stablehlo.subtract %arg0, %4 : tensor<?x?xf32>
  %6 = stablehlo.multiply %5, %5 : tensor<?x?xf32>
  %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %8 = stablehlo.dynamic_reshape %7, %sb1 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %10 = stablehlo.divide %8, %nb : tensor<?x1xf32>
  %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
  %11 = stablehlo.dynamic_broadcast_in_dim %cst_3, %sb1, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x1xf32>
  %12 = stablehlo.add %10, %11 : tensor<?x1xf32>
  %13 = stablehlo.rsqrt %12 : tensor<?x1xf32>
  %14 = stablehlo.dynamic_broadcast_in_dim %13, %sbn, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %15 = stablehlo.multiply %5, %14 : tensor<?x?xf32>
  %16 = stablehlo.dynamic_reshape %arg1, %s1n : (tensor<?xf32>, tensor<2xi32>) -> tensor<1x?xf32>
  %17 = stablehlo.dynamic_broadcast_in_dim %16, %sbn, dims = [0, 1] : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %18 = stablehlo.multiply %15, %17 : tensor<?x?xf32>
  %19 = stablehlo.dynamic_reshape %arg2, %s1n : (tensor<?xf32>, tensor<2xi32>) -> tensor<1x?xf32>
  %20 = stablehlo.dynamic_broadcast_in_dim %19, %sbn, dims = [0, 1] : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %21 = stablehlo.add %18, %20 : tensor<?x?xf32>
  return %21 : tensor<?x?xf32>
}
