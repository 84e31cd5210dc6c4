// The CPU pipeline's output lowered to LLVM IR (W1 and W5 of
// docs/SPEC.md §9): the C ABI's signature, argument shape checks, destination
// passing into the caller's result buffer, one loop nest per version with the
// last loop dim innermost and unit-stride, and the result-shapes function.
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | FileCheck %s --check-prefix=A64

// CHECK: target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
// CHECK: target triple = "x86_64-unknown-linux-gnu"
// A64: target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
// A64: target triple = "aarch64-unknown-linux-gnu"

// CHECK-DAG: @[[STATIC_MSG:str\.[0-9]+]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"w1: argument 0 dim 1 has size %lld, but its type tensor<4x8xf32> requires 8\00"
// CHECK-DAG: @[[ASSERT_MSG:str\.[0-9]+]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}relu-bias.mlir:{{[0-9]+}}:3: operand shapes are not broadcast compatible (argument shapes: [%lld, %lld], [%lld])\00"

// CHECK-LABEL: define i32 @w1(float* noalias nocapture readonly %arg0, i64* nocapture readonly %arg0_shape, float* noalias nocapture readonly %arg1, i64* nocapture readonly %arg1_shape, float* noalias nocapture %res0, i64* nocapture readonly %res0_shape, i8* nocapture %err, i64 %err_len)
// CHECK: %arg0.d1 = load i64, i64* %{{[0-9]+}}
// CHECK-NEXT: icmp eq i64 %arg0.d1, 8
// CHECK: call i32 (i8*, i64, i8*, ...) @snprintf(i8* %err, i64 %err_size, i8* getelementptr inbounds ([{{[0-9]+}} x i8], [{{[0-9]+}} x i8]* @[[STATIC_MSG]], i64 0, i64 0), i64 %arg0.d1)
// CHECK-NEXT: br label %exit
// No malloc: the kernel writes the caller's buffer.
// CHECK-NOT: @malloc
// CHECK: d0.body:
// CHECK-NEXT: %[[ROW:[0-9]+]] = mul i64 %d0, 8
// CHECK-NEXT: %p0.d0 = getelementptr inbounds float, float* %arg0, i64 %[[ROW]]
// CHECK-NEXT: %p2.d0 = getelementptr inbounds float, float* %res0, i64 %[[ROW]]
// CHECK: d1.body:
// CHECK-NEXT: %p0.d1 = getelementptr inbounds float, float* %p0.d0, i64 %d1
// CHECK-NEXT: %p1.d1 = getelementptr inbounds float, float* %arg1, i64 %d1
// CHECK-NEXT: %p2.d1 = getelementptr inbounds float, float* %p2.d0, i64 %d1
// CHECK-NEXT: %x0 = load float, float* %p0.d1
// CHECK-NEXT: %x1 = load float, float* %p1.d1
// CHECK-NEXT: %[[SUM:[0-9]+]] = fadd float %x0, %x1
// arith.maximumf: NaN-propagating, -0 < +0, with compares and selects.
// CHECK-NEXT: %[[GT:[0-9]+]] = fcmp ogt float %[[SUM]], 0.0
// CHECK: fcmp oeq float %[[SUM]], 0.0
// CHECK: %[[UNO:[0-9]+]] = fcmp uno float %[[SUM]], 0.0
// CHECK-NEXT: %[[MAX:[0-9]+]] = select i1 %[[UNO]], float bitcast (i32 2143289344 to float), float %{{[0-9]+}}
// CHECK-NEXT: store float %[[MAX]], float* %p2.d1
// CHECK-NEXT: %d1.next = add nuw nsw i64 %d1, 1
// CHECK: exit:
// CHECK-NEXT: %code = phi i32
// CHECK-NEXT: ret i32 %code
func.func @w1(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: define i32 @w1_result_shapes(i64* nocapture readonly %arg0_shape, i64* nocapture readonly %arg1_shape, i64* nocapture %res0_shape, i8* nocapture %err, i64 %err_len)
// CHECK: store i64 4, i64* %res0_shape
// CHECK: store i64 8, i64* %{{[0-9]+}}

// W5: the broadcast check becomes an early error return with the assert's
// message; each version reads b (d0, d1) -> (d1) or (d0, d1) -> (0) and X
// (d0, d1) -> (d0, d1) or (d0, 0).
// CHECK-LABEL: define i32 @w5(
// CHECK: %[[SAME:[0-9]+]] = icmp eq i64 %arg0.d1, %arg1.d0
// CHECK-NEXT: %[[OK:[0-9]+]] = or i1 %{{[0-9]+}}, %[[SAME]]
// CHECK-NEXT: %[[LIKELY:[0-9]+]] = call i1 @llvm.expect.i1(i1 %[[OK]], i1 true)
// CHECK-NEXT: br i1 %[[LIKELY]], label %[[CONT:ok\.[0-9]+]], label %[[FAIL:fail\.[0-9]+]]
// CHECK: [[FAIL]]:
// CHECK-NEXT: call i32 (i8*, i64, i8*, ...) @snprintf(i8* %err, i64 %err_size, i8* getelementptr inbounds ([{{[0-9]+}} x i8], [{{[0-9]+}} x i8]* @[[ASSERT_MSG]], i64 0, i64 0), i64 %arg0.d0, i64 %arg0.d1, i64 %arg1.d0)
// Each version's inner loop is in vector form (lower/llvm/vector.go); the
// output size picks streaming stores or not at run time.
// CHECK: icmp sge i64 %{{[0-9]+}}, u0x1000000
// Version X: (d0, 0), b: (0): both loads are invariant in the inner loop
// (the vector body splats them).
// CHECK: peel.body:
// CHECK: %x0 = load float, float* %p0.d0
// CHECK-NEXT: %x1 = load float, float* %arg1
// CHECK: vec.body:
// CHECK: load float, float* %p0.d0
// CHECK: shufflevector <16 x float>
// CHECK: store <16 x float> %{{[0-9]+}}, <16 x float>* %{{[0-9]+}}, align 64, !nontemporal
// Version X: (d0, 0), b: (d1): X splatted, b one vector load per step.
// CHECK: peel.body.1:
// CHECK: %x0.{{[0-9]+}} = load float, float* %p0.d0.{{[0-9]+}}
// CHECK-NEXT: %x1.{{[0-9]+}} = load float, float* %p1.s
// CHECK: vec.body.{{[0-9]+}}:
// CHECK: %v1{{.*}} = load <16 x float>, <16 x float>* %{{[0-9]+}}, align 4
// CHECK-LABEL: define i32 @w5_result_shapes(
// CHECK: call i32 (i8*, i64, i8*, ...) @snprintf(i8* %err, i64 %err_size, i8* getelementptr inbounds ([{{[0-9]+}} x i8], [{{[0-9]+}} x i8]* @[[ASSERT_MSG]], i64 0, i64 0)
// CHECK: store i64 %arg0.d0, i64* %res0_shape
// CHECK-NOT: d0.loop
// CHECK: ret i32
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
