// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC \
// RUN:   --implicit-check-not=stablehlo --implicit-check-not=chlo
//
// The special-function and precision ops of jax.scipy.special and
// jax.lax (issue 16): CHLO's erfc, erf_inv, lgamma, digamma and
// next_after, and StableHLO's reduce_precision, in each spelling JAX
// exports (CHLO's `T -> R` form, the generic form), print as hlo ops in
// StableHLO's form.

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[F:[a-z0-9]+]]: tensor<4xf32>, %[[D:[a-z0-9]+]]: tensor<f64>, %[[H:[a-z0-9]+]]: tensor<2xf16>, %[[B:[a-z0-9]+]]: tensor<2xbf16>)
// GENERIC-LABEL: "func.func"
func.func @unary(%f: tensor<4xf32>, %d: tensor<f64>, %h: tensor<2xf16>, %b: tensor<2xbf16>) {
  // CHECK-NEXT: hlo.erfc %[[F]] : tensor<4xf32>
  // GENERIC: "hlo.erfc"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
  %0 = chlo.erfc %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.erfc %[[D]] : tensor<f64>
  %1 = "chlo.erfc"(%d) : (tensor<f64>) -> tensor<f64>
  // CHECK-NEXT: hlo.erfc %[[H]] : tensor<2xf16>
  %2 = hlo.erfc %h : tensor<2xf16>
  // CHECK-NEXT: hlo.lgamma %[[F]] : tensor<4xf32>
  // GENERIC: "hlo.lgamma"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = chlo.lgamma %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.lgamma %[[B]] : tensor<2xbf16>
  %4 = "chlo.lgamma"(%b) : (tensor<2xbf16>) -> tensor<2xbf16>
  // CHECK-NEXT: hlo.erf_inv %[[F]] : tensor<4xf32>
  // GENERIC: "hlo.erf_inv"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = chlo.erf_inv %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.erf_inv %[[D]] : tensor<f64>
  %6 = mhlo.erf_inv %d : tensor<f64>
  // CHECK-NEXT: hlo.digamma %[[F]] : tensor<4xf32>
  // GENERIC: "hlo.digamma"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
  %7 = chlo.digamma %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.digamma %[[H]] : tensor<2xf16>
  %8 = "chlo.digamma"(%h) : (tensor<2xf16>) -> tensor<2xf16>
  // CHECK-NEXT: return
  return
}

// chlo.next_after in CHLO's `T1, T2 -> R` form; hlo.next_after broadcasts
// implicitly like the other binary ops (chlo.broadcast_next_after).
// CHECK-LABEL: func.func @next_after
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[Y:[a-z0-9]+]]: tensor<3xf32>, %[[H:[a-z0-9]+]]: tensor<3xbf16>)
// GENERIC-LABEL: "func.func"
func.func @next_after(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %h: tensor<3xbf16>) -> tensor<2x3xf32> {
  // CHECK-NEXT: %[[A:.*]] = hlo.next_after %[[X]], %[[X]] : tensor<2x3xf32>
  // GENERIC: "hlo.next_after"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = chlo.next_after %x, %x : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK-NEXT: %[[B:.*]] = hlo.next_after %[[A]], %[[Y]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_next_after %0, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: hlo.next_after %[[H]], %[[H]] : tensor<3xbf16>
  %2 = "chlo.next_after"(%h, %h) : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xbf16>
  // CHECK-NEXT: return %[[B]]
  return %1 : tensor<2x3xf32>
}

// reduce_precision: StableHLO's `format = eNmM` form and the generic form
// with exponent_bits and mantissa_bits (i32).
// CHECK-LABEL: func.func @reduce_precision
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<6xf32>, %[[D:[a-z0-9]+]]: tensor<?xbf16>)
// GENERIC-LABEL: "func.func"
func.func @reduce_precision(%x: tensor<6xf32>, %d: tensor<?xbf16>) {
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e5m10 : tensor<6xf32>
  // GENERIC: "hlo.reduce_precision"(%{{.*}}) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<6xf32>) -> tensor<6xf32>
  %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<6xf32>
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e4m3 : tensor<6xf32>
  %1 = "stablehlo.reduce_precision"(%x) {exponent_bits = 4 : i32, mantissa_bits = 3 : i32} : (tensor<6xf32>) -> tensor<6xf32>
  // CHECK-NEXT: hlo.reduce_precision %[[D]], format = e11m52 : tensor<?xbf16>
  %2 = stablehlo.reduce_precision %d, format = e11m52 : tensor<?xbf16>
  // CHECK-NEXT: hlo.reduce_precision %[[X]], format = e1m0 : tensor<6xf32>
  %3 = hlo.reduce_precision %x, format = e1m0 : (tensor<6xf32>) -> tensor<6xf32>
  // CHECK-NEXT: return
  return
}
