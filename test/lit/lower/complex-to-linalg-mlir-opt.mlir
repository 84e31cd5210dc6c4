// REQUIRES: mlir-opt
// RUN: bcast-opt %S/complex-to-linalg.mlir --hlo-legalize-to-linalg | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/complex-to-linalg.mlir --pipeline=cpu | mlir-opt-19 --verify-roundtrip | FileCheck %s
//
// The linalg and complex dialect ops that hlo ops on complex elements
// become (complex-to-linalg.mlir beside this file) are MLIR's: mlir-opt-19
// parses, verifies and round-trips them.

// CHECK-LABEL: func.func @arith
// CHECK: complex.mul
// CHECK-LABEL: func.func @parts
// CHECK: complex.create
// CHECK-LABEL: func.func @compare_select_convert
// CHECK: complex.neq
// CHECK-LABEL: func.func @transcendental
// CHECK: complex.sin
// CHECK: complex.pow
// CHECK-LABEL: func.func @logistic
// CHECK: complex.div
// CHECK-LABEL: func.func @dot_iota
// CHECK: complex.mul
// CHECK: complex.create
// CHECK-LABEL: func.func @asin
// CHECK: math.log1p
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
// CHECK-LABEL: func.func @atan2
// CHECK: complex.atan2
// CHECK-LABEL: func.func @sinh
// CHECK: complex.sin
// CHECK-LABEL: func.func @order
// CHECK: arith.maximumf
// CHECK: complex.create
// CHECK: arith.minimumf
