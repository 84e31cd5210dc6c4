// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The custom form of every math op round trips, directly and through the
// generic form, on scalars, vectors and tensors, with fast-math flags
// spelled as MLIR prints them: in bit order, `fast` for all of them, and
// nothing for `none`. ops-mlir-opt.mlir feeds the same output to
// mlir-opt-19.

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32)
func.func @unary(%a: f32) {
  // CHECK-NEXT: math.absf %[[A]] : f32
  %0 = math.absf %a : f32
  // CHECK-NEXT: math.cbrt %[[A]] : f32
  %1 = math.cbrt %a : f32
  // CHECK-NEXT: math.ceil %[[A]] : f32
  %2 = math.ceil %a : f32
  // CHECK-NEXT: math.cos %[[A]] : f32
  %3 = math.cos %a : f32
  // CHECK-NEXT: math.exp %[[A]] : f32
  %4 = math.exp %a : f32
  // CHECK-NEXT: math.expm1 %[[A]] : f32
  %5 = math.expm1 %a : f32
  // CHECK-NEXT: math.floor %[[A]] : f32
  %6 = math.floor %a : f32
  // CHECK-NEXT: math.log %[[A]] : f32
  %7 = math.log %a : f32
  // CHECK-NEXT: math.log1p %[[A]] : f32
  %8 = math.log1p %a : f32
  // CHECK-NEXT: math.roundeven %[[A]] : f32
  %9 = math.roundeven %a : f32
  // CHECK-NEXT: math.rsqrt %[[A]] : f32
  %10 = math.rsqrt %a : f32
  // CHECK-NEXT: math.sin %[[A]] : f32
  %11 = math.sin %a : f32
  // CHECK-NEXT: math.sqrt %[[A]] : f32
  %12 = math.sqrt %a : f32
  // CHECK-NEXT: math.tanh %[[A]] : f32
  %13 = math.tanh %a : f32
  // CHECK-NEXT: math.tan %[[A]] : f32
  %14 = math.tan %a : f32
  // CHECK-NEXT: math.sinh %[[A]] : f32
  %15 = math.sinh %a : f32
  // CHECK-NEXT: math.cosh %[[A]] : f32
  %16 = math.cosh %a : f32
  // CHECK-NEXT: math.asin %[[A]] : f32
  %17 = math.asin %a : f32
  // CHECK-NEXT: math.acos %[[A]] : f32
  %18 = math.acos %a : f32
  // CHECK-NEXT: math.atan %[[A]] : f32
  %19 = math.atan %a : f32
  // CHECK-NEXT: math.asinh %[[A]] : f32
  %20 = math.asinh %a : f32
  // CHECK-NEXT: math.acosh %[[A]] : f32
  %21 = math.acosh %a : f32
  // CHECK-NEXT: math.atanh %[[A]] : f32
  %22 = math.atanh %a : f32
  // CHECK-NEXT: math.erf %[[A]] : f32
  %23 = math.erf %a : f32
  // CHECK-NEXT: math.round %[[A]] : f32
  %24 = math.round %a : f32
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "unary"
// GENERIC: "math.absf"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "math.tanh"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f64, %[[B:[a-z0-9]+]]: f64)
func.func @binary(%a: f64, %b: f64) {
  // CHECK-NEXT: math.powf %[[A]], %[[B]] : f64
  %0 = math.powf %a, %b : f64
  // CHECK-NEXT: math.atan2 %[[A]], %[[B]] : f64
  %1 = math.atan2 %a, %b : f64
  // CHECK-NEXT: math.powf %[[A]], %[[B]] fastmath<contract> : f64
  %2 = math.powf %a, %b fastmath<contract> : f64
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "binary"
// GENERIC: "math.powf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
// GENERIC: "math.atan2"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
// GENERIC: "math.powf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<contract>}> : (f64, f64) -> f64

// Shaped operands: the elementwise ops take vectors and tensors of floats.
// CHECK-LABEL: func.func @shaped
// CHECK-SAME: (%[[T:[a-z0-9]+]]: tensor<4x?xf32>, %[[V:[a-z0-9]+]]: vector<4xf16>, %[[Z:[a-z0-9]+]]: tensor<bf16>)
func.func @shaped(%t: tensor<4x?xf32>, %v: vector<4xf16>, %z: tensor<bf16>) {
  // CHECK-NEXT: math.exp %[[T]] : tensor<4x?xf32>
  %0 = math.exp %t : tensor<4x?xf32>
  // CHECK-NEXT: math.sqrt %[[V]] : vector<4xf16>
  %1 = math.sqrt %v : vector<4xf16>
  // CHECK-NEXT: math.powf %[[Z]], %[[Z]] : tensor<bf16>
  %2 = math.powf %z, %z : tensor<bf16>
  // CHECK-NEXT: return
  return
}

// Fast-math flags are printed in MLIR's bit order (reassoc, nnan, ninf,
// nsz, arcp, contract, afn) whatever order they were written in; all of
// them print as `fast`, and `none` (alone or with others) prints nothing.
// CHECK-LABEL: func.func @fastmath
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32, %[[T:[a-z0-9]+]]: tensor<2xf32>)
func.func @fastmath(%a: f32, %t: tensor<2xf32>) {
  // CHECK-NEXT: math.exp %[[A]] fastmath<fast> : f32
  %0 = math.exp %a fastmath<fast> : f32
  // CHECK-NEXT: math.exp %[[A]] fastmath<nnan,ninf> : f32
  %1 = math.exp %a fastmath<ninf, nnan> : f32
  // CHECK-NEXT: math.exp %[[A]] : f32
  %2 = math.exp %a fastmath<none> : f32
  // CHECK-NEXT: math.exp %[[A]] fastmath<nsz> : f32
  %3 = math.exp %a fastmath<none,nsz> : f32
  // CHECK-NEXT: math.log %[[A]] fastmath<fast> : f32
  %4 = math.log %a fastmath<afn,contract,arcp,nsz,ninf,nnan,reassoc> : f32
  // CHECK-NEXT: math.log %[[A]] fastmath<fast> : f32
  %5 = math.log %a fastmath<fast,nnan> : f32
  // CHECK-NEXT: math.tanh %[[T]] fastmath<reassoc,afn> : tensor<2xf32>
  %6 = math.tanh %t fastmath<afn,reassoc> : tensor<2xf32>
  // CHECK-NEXT: math.atan2 %[[A]], %[[A]] fastmath<arcp> {tag = 1 : i32} : f32
  %7 = math.atan2 %a, %a fastmath<arcp> {tag = 1 : i32} : f32
  // CHECK-NEXT: math.sqrt %[[A]] {tag} : f32
  %8 = math.sqrt %a {tag} : f32
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "fastmath"
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32) -> f32
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<nsz>}> : (f32) -> f32
// GENERIC: "math.atan2"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<arcp>}> {tag = 1 : i32} : (f32, f32) -> f32
// GENERIC: "math.sqrt"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> {tag} : (f32) -> f32

// The generic form reads flags as written in the properties.
// CHECK-LABEL: func.func @generic_input
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32)
func.func @generic_input(%a: f32) {
  // CHECK-NEXT: math.cos %[[A]] fastmath<nnan> : f32
  %0 = "math.cos"(%a) <{fastmath = #arith.fastmath<nnan>}> : (f32) -> f32
  // CHECK-NEXT: math.powf %[[A]], %[[A]] : f32
  %1 = "math.powf"(%a, %a) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  // CHECK-NEXT: return
  return
}
