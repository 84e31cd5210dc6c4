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

// Contraction chains (fuse_matmul.go). One attention head over a symbolic
// batch, sequence and head dim, softmax(q k^T / 8) v, its keepdims
// broadcasts as softmax_bn's. The pipeline keeps their tensor.reshape
// (its shape is not known to be the scores'), which ends the chain after
// the max: the scores' matmul and the max run over blocks of rows, the
// rest as generics of their own.
func.func public @attention_bn(%q: tensor<?x?x?xf32>, %k: tensor<?x?x?xf32>, %v: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %bq = stablehlo.get_dimension_size %0, dim = 0 : (tensor<?x?x?xf32>) -> tensor<i32>
  %mq = stablehlo.get_dimension_size %0, dim = 1 : (tensor<?x?x?xf32>) -> tensor<i32>
  %nk = stablehlo.get_dimension_size %0, dim = 2 : (tensor<?x?x?xf32>) -> tensor<i32>
  %b1 = stablehlo.reshape %bq : (tensor<i32>) -> tensor<1xi32>
  %m1 = stablehlo.reshape %mq : (tensor<i32>) -> tensor<1xi32>
  %n1 = stablehlo.reshape %nk : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %kept = stablehlo.concatenate %b1, %m1, %one, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %full = stablehlo.concatenate %b1, %m1, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %c8 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
  %1 = chlo.broadcast_divide %0, %c8 : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %3 = stablehlo.dynamic_reshape %2, %kept : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
  %4 = stablehlo.dynamic_broadcast_in_dim %3, %full, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %5 = stablehlo.subtract %1, %4 : tensor<?x?x?xf32>
  %6 = stablehlo.exponential %5 : tensor<?x?x?xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.reduce(%6 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %8 = stablehlo.dynamic_reshape %7, %kept : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
  %9 = stablehlo.dynamic_broadcast_in_dim %8, %full, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %10 = stablehlo.divide %6, %9 : tensor<?x?x?xf32>
  %11 = stablehlo.dot_general %10, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %11 : tensor<?x?x?xf32>
}

// Attention as W9 writes it (bench/workloads/W9.mlir), smaller: the whole
// head is one chain. att_small has one block of rows with an edge tile;
// att_blocks two blocks of rows (the second short) and a contracting dim
// of the second matmul longer than a block of k (256).
func.func public @att_small(%q: tensor<2x13x5xf32>, %k: tensor<2x70x5xf32>, %v: tensor<2x70x3xf32>) -> tensor<2x13x3xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x13x5xf32>, tensor<2x70x5xf32>) -> tensor<2x13x70xf32>
  %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x13x70xf32>
  %2 = stablehlo.divide %0, %1 : tensor<2x13x70xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %3 = stablehlo.reduce(%2 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x13x70xf32>, tensor<f32>) -> tensor<2x13xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x13xf32>) -> tensor<2x13x1xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x13x1xf32>) -> tensor<2x13x70xf32>
  %6 = stablehlo.subtract %2, %5 : tensor<2x13x70xf32>
  %7 = stablehlo.exponential %6 : tensor<2x13x70xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %8 = stablehlo.reduce(%7 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x13x70xf32>, tensor<f32>) -> tensor<2x13xf32>
  %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<2x13xf32>) -> tensor<2x13x1xf32>
  %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x13x1xf32>) -> tensor<2x13x70xf32>
  %11 = stablehlo.divide %7, %10 : tensor<2x13x70xf32>
  %12 = stablehlo.dot_general %11, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x13x70xf32>, tensor<2x70x3xf32>) -> tensor<2x13x3xf32>
  return %12 : tensor<2x13x3xf32>
}

func.func public @att_blocks(%q: tensor<2x100x9xf32>, %k: tensor<2x300x9xf32>, %v: tensor<2x300x17xf32>) -> tensor<2x100x17xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x100x9xf32>, tensor<2x300x9xf32>) -> tensor<2x100x300xf32>
  %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x100x300xf32>
  %2 = stablehlo.divide %0, %1 : tensor<2x100x300xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %3 = stablehlo.reduce(%2 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x100x300xf32>, tensor<f32>) -> tensor<2x100xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x100xf32>) -> tensor<2x100x1xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x100x1xf32>) -> tensor<2x100x300xf32>
  %6 = stablehlo.subtract %2, %5 : tensor<2x100x300xf32>
  %7 = stablehlo.exponential %6 : tensor<2x100x300xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %8 = stablehlo.reduce(%7 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x100x300xf32>, tensor<f32>) -> tensor<2x100xf32>
  %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<2x100xf32>) -> tensor<2x100x1xf32>
  %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x100x1xf32>) -> tensor<2x100x300xf32>
  %11 = stablehlo.divide %7, %10 : tensor<2x100x300xf32>
  %12 = stablehlo.dot_general %11, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x100x300xf32>, tensor<2x300x17xf32>) -> tensor<2x100x17xf32>
  return %12 : tensor<2x100x17xf32>
}

// Attention without a batch dim, k given transposed (d x s): the blocks
// of rows are the chain's outermost loop (split across threads in the
// parallel form); the scores are also returned, so they are stored whole.
func.func public @attention_2d(%q: tensor<?x?xf32>, %kt: tensor<?x?xf32>, %v: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %mq = stablehlo.get_dimension_size %q, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %nk = stablehlo.get_dimension_size %kt, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %m1 = stablehlo.reshape %mq : (tensor<i32>) -> tensor<1xi32>
  %n1 = stablehlo.reshape %nk : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %kept = stablehlo.concatenate %m1, %one, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %full = stablehlo.concatenate %m1, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dot_general %q, %kt, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %2 = stablehlo.dynamic_reshape %1, %kept : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %2, %full, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %4 = stablehlo.subtract %0, %3 : tensor<?x?xf32>
  %5 = stablehlo.exponential %4 : tensor<?x?xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %6 = stablehlo.reduce(%5 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %7 = stablehlo.dynamic_reshape %6, %kept : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %8 = stablehlo.dynamic_broadcast_in_dim %7, %full, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %9 = stablehlo.divide %5, %8 : tensor<?x?xf32>
  %10 = stablehlo.dot_general %9, %v, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %10, %0 : tensor<?x?xf32>, tensor<?x?xf32>
}

// A dense layer, relu(x W + b), with symbolic rows and contracting dim:
// the matmul and its epilogue over blocks of rows, no second matmul.
func.func public @dense_relu(%x: tensor<?x?xf32>, %w: tensor<?x37xf32>, %b: tensor<37xf32>) -> tensor<?x37xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf32>, tensor<?x37xf32>) -> tensor<?x37xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x37xf32>, tensor<37xf32>) -> tensor<?x37xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = chlo.broadcast_maximum %1, %zero : (tensor<?x37xf32>, tensor<f32>) -> tensor<?x37xf32>
  return %2 : tensor<?x37xf32>
}

// The same with rows wider than a matmul's block of columns (2048).
func.func public @dense_wide(%x: tensor<?x5xf32>, %w: tensor<5x2100xf32>, %b: tensor<2100xf32>) -> tensor<?x2100xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x5xf32>, tensor<5x2100xf32>) -> tensor<?x2100xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x2100xf32>, tensor<2100xf32>) -> tensor<?x2100xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = chlo.broadcast_maximum %1, %zero : (tensor<?x2100xf32>, tensor<f32>) -> tensor<?x2100xf32>
  return %2 : tensor<?x2100xf32>
}

// Two matmuls, (a b) c in f64, batched: the chain with no member between,
// the second reading the first's block.
func.func public @matmul_chain(%a: tensor<?x?x?xf64>, %b: tensor<?x?x?xf64>, %c: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %1 = stablehlo.dot_general %0, %c, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  return %1 : tensor<?x?x?xf64>
}

// A chain whose matmuls differ in element type: (a b) in f32, converted
// to f64, times c in f64; each matmul has its own tile.
func.func public @mixed_chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x5xf64>) -> tensor<?x5xf64> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.convert %0 : (tensor<?x?xf32>) -> tensor<?x?xf64>
  %2 = stablehlo.dot_general %1, %c, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x?xf64>, tensor<?x5xf64>) -> tensor<?x5xf64>
  return %2 : tensor<?x5xf64>
}
