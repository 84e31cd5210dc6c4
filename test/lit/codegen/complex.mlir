// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | opt-19 -passes=verify -disable-output
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc-19 -O2 -o %t.s
//
// Complex elements in LLVM IR (lower/llvm/doc.go, Complex numbers):
// {float, float} structs in memory and in registers, the arguments as
// pointers to them (the C ABI's float _Complex); a complex<f32> product
// computed on the parts widened to double, each product rounded (no
// fused multiply-add), and rounded once to float; a scalar loop.

// CHECK-LABEL: define i32 @mul(
// CHECK-SAME: { float, float }* noalias nocapture readonly %arg0
// CHECK-SAME: { float, float }* noalias nocapture %res0
// CHECK: load { float, float }, { float, float }*
// CHECK: %[[AR:.*]] = extractvalue { float, float } %{{.*}}, 0
// CHECK-NEXT: fpext float %[[AR]] to double
// CHECK: fmul double
// CHECK: fmul double
// CHECK: fsub double
// CHECK: fptrunc double %{{.*}} to float
// CHECK: insertvalue { float, float } undef, float %{{.*}}, 0
// CHECK: store { float, float } %{{.*}}, { float, float }*
// CHECK-NOT: fma
// CHECK-NOT: <16 x float>
// CHECK-LABEL: define i32 @mul_result_shapes(
func.func @mul(%a: tensor<?xcomplex<f32>>, %b: tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = stablehlo.multiply %a, %b : tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}

// A complex constant is a struct constant; a complex<f64> sum keeps its
// accumulator, a {double, double}, in a phi.
// CHECK-LABEL: define i32 @sum(
// CHECK: phi { double, double } [ { double 1.5, double -2.0 }, %{{.*}} ]
func.func @sum(%a: tensor<?xcomplex<f64>>) -> tensor<complex<f64>> {
  %z = stablehlo.constant dense<(1.5, -2.0)> : tensor<complex<f64>>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<?xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}
