// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=x86-64-v3 | FileCheck %s --check-prefixes=CHECK,AVX2
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | opt-19 -passes=verify -disable-output
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc-19 -O2 -o %t.s
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | FileCheck %s --check-prefixes=MATH,MATH512
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=x86-64-v3 | FileCheck %s --check-prefixes=MATH,MATH2
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=x86-64 | FileCheck %s --check-prefix=NOFMA
//
// lower/llvm's contraction chains (fuse_matmul.go): one attention head,
// softmax(q k^T / 8) v, as W9 (bench/workloads/W9.mlir) writes it, is one
// loop nest: over the batch (row0), blocks of 24 rows of the scores
// (chain.blk: 48 KB, k packed being 128 KB), in each the scores' matmul
// into a block buffer (24 x 512 floats, on the stack), the softmax row by
// row (chain.row) with rows of 512 floats on the stack, and the matmul by
// v reading the block of probabilities (another 24 x 512 floats). k and
// v are packed whole once per batch element (64 x 512 floats each,
// 0x20000 bytes); the 8 x 512 x 512 scores (0x800000 bytes) are never
// allocated. The micro-kernel's tile is the target's: 12 x 32 floats
// with AVX-512 (24 fused multiply-adds of <16 x float> per step of k in
// each matmul, a 384-float edge tile), 6 x 16 on AVX2 (6 per step, a
// 96-float edge tile).
//
// k is contiguous along the contracting dim: its panels are packed by
// 16 x 16 transposes in registers (mm.pb.t, shuffles), not element by
// element. The softmax's division by the row sum is divide.go's exact
// reciprocal-and-fused-multiply-add sequence where the target has FMA
// (not on plain x86-64), the division by 8 a multiplication by 0.125
// (LLVM's); exp fuses its multiply-adds where the target has FMA (not on
// plain x86-64) and scales by 2^k with vscalefps on AVX-512.
// MATH: {{^}}mm.pb.t.body:
// MATH: shufflevector <16 x float>
// MATH: call <16 x float> @bcast.divinv.float.v16(
// MATH-LABEL: define internal <16 x float> @bcast.expf.v16(
// MATH: call <16 x float> @llvm.fma.v16f32(
// MATH512: call <16 x float> @llvm.x86.avx512.mask.scalef.ps.512(
// MATH2-NOT: scalef
// MATH-LABEL: define internal <16 x float> @bcast.divinv.float.v16(
// MATH: call <16 x float> @llvm.fma.v16f32(
// NOFMA-NOT: @bcast.divinv
// NOFMA-LABEL: define internal <16 x float> @bcast.expf.v16(
// NOFMA-NOT: @llvm.fma
// NOFMA: ret <16 x float>
// CHECK-LABEL: define i32 @attention(
// AVX512-DAG: alloca [384 x float]
// AVX2-DAG: alloca [96 x float]
// CHECK-DAG: alloca [12288 x float]
// CHECK-DAG: alloca [512 x float]
// CHECK-DAG: call i8* @malloc(i64 u0x20000)
// CHECK-NOT: @malloc(i64 u0x800000)
// CHECK: {{^}}row0.loop:
// CHECK: {{^}}mm.pb.loop:
// CHECK: {{^}}mm.pb.loop.1:
// CHECK: {{^}}chain.blk.loop:
// CHECK: {{^}}mm.k.body:
// AVX512-COUNT-24: call <16 x float> @llvm.fma.v16f32
// AVX2-COUNT-6: call <16 x float> @llvm.fma.v16f32
// CHECK-NOT: @llvm.fma
// CHECK: {{^}}mm.k.end:
// CHECK: {{^}}chain.row.loop:
// CHECK: call <16 x float> @bcast.expf.v16
// CHECK: {{^}}chain.row.end:
// CHECK: {{^}}mm.k.body.1:
// AVX512-COUNT-24: call <16 x float> @llvm.fma.v16f32
// AVX2-COUNT-6: call <16 x float> @llvm.fma.v16f32
// CHECK-NOT: @llvm.fma
// CHECK: {{^}}mm.k.end.1:
// CHECK: {{^}}chain.blk.end:
// CHECK: {{^}}row0.end:
// CHECK-LABEL: define i32 @attention_result_shapes(
func.func @attention(%q: tensor<8x512x64xf32>, %k: tensor<8x512x64xf32>, %v: tensor<8x512x64xf32>) -> tensor<8x512x64xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x512x64xf32>, tensor<8x512x64xf32>) -> tensor<8x512x512xf32>
  %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x512x512xf32>
  %2 = stablehlo.divide %0, %1 : tensor<8x512x512xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %3 = stablehlo.reduce(%2 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<8x512x512xf32>, tensor<f32>) -> tensor<8x512xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x512xf32>) -> tensor<8x512x512xf32>
  %5 = stablehlo.subtract %2, %4 : tensor<8x512x512xf32>
  %6 = stablehlo.exponential %5 : tensor<8x512x512xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.reduce(%6 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<8x512x512xf32>, tensor<f32>) -> tensor<8x512xf32>
  %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x512xf32>) -> tensor<8x512x512xf32>
  %9 = stablehlo.divide %6, %8 : tensor<8x512x512xf32>
  %10 = stablehlo.dot_general %9, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x512x512xf32>, tensor<8x512x64xf32>) -> tensor<8x512x64xf32>
  return %10 : tensor<8x512x64xf32>
}
