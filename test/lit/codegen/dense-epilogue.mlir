// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=x86-64-v3 | FileCheck %s --check-prefixes=CHECK,AVX2
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | opt-19 -passes=verify -disable-output
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | FileCheck %s --check-prefixes=CHECK,NEON
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc-19 -O2 -o %t.s
//
// A dense layer relu(x @ W + b) with a symbolic batch (lower/llvm's
// fuse_matmul.go, tileEpilogue): the bias and relu are applied to the
// micro-kernel's accumulators in registers after the last k block
// (mm.epi), a full tile's accumulators given to the epilogue's vector body
// (24 of them with AVX-512's 12 x 32 tile, 6 with AVX2's 6 x 16, 24 with
// AArch64's 12 x 8 of 16-byte vectors: one bias load, one fadd and one
// store each), an edge tile through the stack tile
// and the scalar body (mm.epi.r, mm.epi.c); the other k blocks store the
// partial sums (mm.st). No row-by-row loop of the epilogue remains.
// CHECK-LABEL: define i32 @dense(
// CHECK: {{^}}chain.blk.loop:
// CHECK: {{^}}mm.k.body:
// AVX512-COUNT-24: call <16 x float> @llvm.fma.v16f32
// AVX2-COUNT-6: call <16 x float> @llvm.fma.v16f32
// NEON-COUNT-24: call <4 x float> @llvm.fma.v4f32
// CHECK: {{^}}mm.k.end:
// CHECK-NEXT: br i1 %{{[0-9]+}}, label %mm.epi, label %mm.st
// CHECK: {{^}}mm.epi.full:
// AVX512-COUNT-24: fadd <16 x float> %mm.k.acc{{[0-9]+}}, %v1
// AVX2-COUNT-6: fadd <16 x float> %mm.k.acc{{[0-9]+}}, %v1
// NEON-COUNT-24: fadd <4 x float> %mm.k.acc{{[0-9]+}}, %v1
// CHECK-NOT: fadd <{{[0-9]+}} x float> %mm.k.acc
// CHECK: {{^}}mm.epi.edge:
// CHECK: {{^}}mm.epi.c.body:
// CHECK: fadd float
// CHECK: {{^}}mm.epi.end:
// CHECK: {{^}}mm.st.c:
// CHECK: {{^}}chain.blk.end:
// CHECK-NOT: chain.row
// CHECK-LABEL: define i32 @dense_result_shapes(
func.func @dense(%x: tensor<?x256xf32>, %w: tensor<256x64xf32>, %b: tensor<64xf32>) -> tensor<?x64xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x256xf32>, tensor<256x64xf32>) -> tensor<?x64xf32>
  %1 = chlo.broadcast_add %0, %b : (tensor<?x64xf32>, tensor<64xf32>) -> tensor<?x64xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = chlo.broadcast_maximum %1, %cst : (tensor<?x64xf32>, tensor<f32>) -> tensor<?x64xf32>
  return %2 : tensor<?x64xf32>
}
