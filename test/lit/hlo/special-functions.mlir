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
