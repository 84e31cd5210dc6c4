// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | FileCheck %s
//
// lower/llvm's fused groups (fuse.go, fuse_values.go): a row-wise softmax
// is one loop nest over its rows. Within a row: the max, then the sum of
// exp(x - m), which stores each exp in a row buffer (an alloca of one row,
// 1000 floats), then the divide, which loads the exps back instead of
// computing them again. The max and the sum are one float each per row
// (allocas of 1); nothing of the row is allocated on the heap.
// CHECK-LABEL: define i32 @softmax(
// CHECK-DAG: alloca [1000 x float], align 64
// CHECK-DAG: alloca [1 x float], align 64
// CHECK-NOT: @malloc
// CHECK: {{^}}row0.loop:
// CHECK-NOT: {{^}}row0.loop
// CHECK: call <16 x float> @bcast.expf.v16
// CHECK: {{^}}vec.loop:
// CHECK-NOT: @bcast.expf
// CHECK: {{^}}row0.end:
// CHECK-LABEL: define internal <16 x float> @bcast.expf.v16
func.func @softmax(%x: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x1000xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %d = stablehlo.subtract %x, %mb : tensor<8x1000xf32>
  %e = stablehlo.exponential %d : tensor<8x1000xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x1000xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %r = stablehlo.divide %e, %sb : tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}

// Refused: a reduction over the rows (dim 0) has no leading parallel loop
// to share, so the column sums are computed whole (one 1000-float buffer,
// 4000 bytes) before the loop nest that subtracts them: two nests, no
// row loop.
// CHECK-LABEL: define i32 @column(
// CHECK: call i8* @malloc(i64 4000)
// CHECK-NOT: {{^}}row0.loop
// CHECK: {{^}}d0.loop:
// CHECK-NOT: {{^}}row0.loop
// CHECK: {{^}}d0.loop.1:
// CHECK-LABEL: define i32 @column_result_shapes(
func.func @column(%x: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<8x1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<1000xf32>) -> tensor<8x1000xf32>
  %r = stablehlo.subtract %x, %sb : tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}
