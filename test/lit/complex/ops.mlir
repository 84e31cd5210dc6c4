// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
//
// The complex dialect ops that lowered hlo ops on complex elements use
// (dialects/complex), in MLIR 19's syntax; ir's TestMLIRParity checks
// that mlir-opt-19 prints them back identically.

// CHECK-LABEL: func.func @ops
func.func @ops(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, f32, i1, i1) {
  // CHECK: complex.add %{{.*}}, %{{.*}} : complex<f32>
  %0 = complex.add %a, %b : complex<f32>
  // CHECK: complex.sub
  %1 = complex.sub %0, %b : complex<f32>
  // CHECK: complex.mul %{{.*}}, %{{.*}} fastmath<nnan> : complex<f32>
  %2 = complex.mul %1, %b fastmath<nnan> : complex<f32>
  // CHECK: complex.div
  %3 = complex.div %2, %b : complex<f32>
  // CHECK: complex.neg
  %4 = complex.neg %3 : complex<f32>
  // CHECK: complex.exp
  %5 = complex.exp %4 : complex<f32>
  // CHECK: complex.log
  %6 = complex.log %5 : complex<f32>
  // CHECK: complex.sqrt
  %7 = complex.sqrt %6 : complex<f32>
  // CHECK: complex.rsqrt
  %8 = complex.rsqrt %7 : complex<f32>
  // CHECK: complex.tanh
  %9 = complex.tanh %8 : complex<f32>
  // CHECK: complex.sign
  %10 = complex.sign %9 : complex<f32>
  // CHECK: complex.conj
  %11 = complex.conj %10 : complex<f32>
  // CHECK: complex.abs %{{.*}} : complex<f32>
  %12 = complex.abs %11 : complex<f32>
  // CHECK: complex.re
  %13 = complex.re %11 : complex<f32>
  // CHECK: complex.im
  %14 = complex.im %11 : complex<f32>
  // CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
  %15 = complex.create %13, %14 : complex<f32>
  // CHECK: complex.eq
  %16 = complex.eq %15, %a : complex<f32>
  // CHECK: complex.neq
  %17 = complex.neq %15, %a : complex<f32>
  // CHECK: %[[C:.*]] = complex.constant [1.000000e+00 : f32, -2.000000e+00 : f32] : complex<f32>
  %c = complex.constant [1.0 : f32, -2.0 : f32] : complex<f32>
  // CHECK: complex.add %{{.*}}, %[[C]] : complex<f32>
  %18 = complex.add %15, %c : complex<f32>
  return %18, %12, %16, %17 : complex<f32>, f32, i1, i1
}

// CHECK-LABEL: func.func @transcendental
func.func @transcendental(%a: complex<f64>, %b: complex<f64>) -> complex<f64> {
  // CHECK: complex.sin %{{.*}} : complex<f64>
  %0 = complex.sin %a : complex<f64>
  // CHECK: complex.cos %{{.*}} : complex<f64>
  %1 = complex.cos %0 : complex<f64>
  // CHECK: complex.tan %{{.*}} fastmath<nnan> : complex<f64>
  %2 = complex.tan %1 fastmath<nnan> : complex<f64>
  // CHECK: complex.expm1 %{{.*}} : complex<f64>
  %3 = complex.expm1 %2 : complex<f64>
  // CHECK: complex.log1p %{{.*}} : complex<f64>
  %4 = complex.log1p %3 : complex<f64>
  // CHECK: complex.pow %{{.*}}, %{{.*}} : complex<f64>
  %5 = complex.pow %4, %b : complex<f64>
  return %5 : complex<f64>
}

// CHECK-LABEL: func.func @f64
func.func @f64(%a: complex<f64>) -> f64 {
  // CHECK: complex.abs %{{.*}} : complex<f64>
  %0 = complex.abs %a : complex<f64>
  return %0 : f64
}
