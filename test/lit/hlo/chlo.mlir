// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC --implicit-check-not=chlo.
//
// CHLO's implicitly broadcasting ops, `chlo.broadcast_X`, are hlo's
// elementwise ops: they parse as `hlo.X` with implicit numpy broadcasting
// and XLA broadcast_dimensions, and print as `hlo.X`.

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[V:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>, %[[C:[a-z0-9]+]]: tensor<2x1xf32>, %[[D:[a-z0-9]+]]: tensor<?x?xf32>)
func.func @binary(%v: tensor<4xf32>, %m: tensor<2x4xf32>, %c: tensor<2x1xf32>, %d: tensor<?x?xf32>) {
  // CHECK-NEXT: hlo.add %[[V]], %[[M]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %0 = chlo.broadcast_add %v, %m : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.subtract %[[M]], %[[V]] {broadcast_dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_subtract %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // An outer product: 2x1 against 4.
  // CHECK-NEXT: hlo.multiply %[[C]], %[[V]] : (tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %2 = chlo.broadcast_multiply %c, %v : (tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // Dynamic results are fine (the result type is a refinement).
  // CHECK-NEXT: hlo.divide %[[D]], %[[V]] : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = chlo.broadcast_divide %d, %v : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: hlo.remainder %[[D]], %[[M]] : (tensor<?x?xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  %4 = chlo.broadcast_remainder %d, %m : (tensor<?x?xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.maximum %[[V]], %[[V]] : tensor<4xf32>
  %5 = chlo.broadcast_maximum %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.minimum %[[V]], %[[C]] : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %6 = chlo.broadcast_minimum %v, %c : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  // CHLO's older dense spelling of broadcast_dimensions.
  // CHECK-NEXT: hlo.power %[[V]], %[[C]] {broadcast_dimensions = dense<{{\[?}}1{{\]?}}> : tensor<1xi64>} : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %7 = chlo.broadcast_power %v, %c {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.atan2 %[[C]], %[[V]] {broadcast_dimensions = array<i64: 1>} : (tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %8 = chlo.broadcast_atan2 %c, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @logical_and_shifts
// CHECK-SAME: (%[[I:[a-z0-9]+]]: tensor<3xi32>, %[[J:[a-z0-9]+]]: tensor<2x3xi32>, %[[P:[a-z0-9]+]]: tensor<i1>, %[[Q:[a-z0-9]+]]: tensor<3xi1>)
func.func @logical_and_shifts(%i: tensor<3xi32>, %j: tensor<2x3xi32>, %p: tensor<i1>, %q: tensor<3xi1>) {
  // CHECK-NEXT: hlo.and %[[I]], %[[J]] : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %0 = chlo.broadcast_and %i, %j : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.or %[[P]], %[[Q]] : (tensor<i1>, tensor<3xi1>) -> tensor<3xi1>
  %1 = chlo.broadcast_or %p, %q : (tensor<i1>, tensor<3xi1>) -> tensor<3xi1>
  // CHECK-NEXT: hlo.xor %[[Q]], %[[Q]] : tensor<3xi1>
  %2 = chlo.broadcast_xor %q, %q : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  // CHECK-NEXT: hlo.shift_left %[[J]], %[[I]] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %3 = chlo.broadcast_shift_left %j, %i : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_right_arithmetic %[[J]], %[[I]] {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %4 = chlo.broadcast_shift_right_arithmetic %j, %i {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_right_logical %[[I]], %[[J]] : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %5 = chlo.broadcast_shift_right_logical %i, %j : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: return
  return
}

// chlo.broadcast_compare keeps its direction and type in the attribute
// dictionary as `#chlo<...>` enums; they become hlo.compare's pretty
// `DIR, %a, %b, TYPE` (stored as `#hlo<...>`).
// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[V:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>, %[[I:[a-z0-9]+]]: tensor<4xi32>, %[[K:[a-z0-9]+]]: tensor<3x4xi32>)
func.func @compare(%v: tensor<4xf32>, %m: tensor<2x4xf32>, %i: tensor<4xi32>, %k: tensor<3x4xi32>) {
  // CHECK-NEXT: hlo.compare GT, %[[V]], %[[M]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %0 = chlo.broadcast_compare %v, %m {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK-NEXT: hlo.compare EQ, %[[M]], %[[V]], FLOAT : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  %1 = chlo.broadcast_compare %m, %v {comparison_direction = #chlo<comparison_direction EQ>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  // The attributes in either order, with broadcast_dimensions.
  // CHECK-NEXT: hlo.compare LT, %[[I]], %[[K]], SIGNED {broadcast_dimensions = array<i64: 1>} : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
  %2 = chlo.broadcast_compare %i, %k {compare_type = #chlo<comparison_type SIGNED>, broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
  // CHECK-NEXT: hlo.compare NE, %[[I]], %[[I]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = chlo.broadcast_compare %i, %i {comparison_direction = #chlo<comparison_direction NE>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare GE, %[[V]], %[[V]], TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = chlo.broadcast_compare %v, %v {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare LE, %[[K]], %[[I]], NOTYPE : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<?x4xi1>
  %5 = chlo.broadcast_compare %k, %i {comparison_direction = #chlo<comparison_direction LE>, compare_type = #chlo<comparison_type NOTYPE>} : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<?x4xi1>
  // CHECK-NEXT: return
  return
}

// The enums are respelled in hlo's dialect.
// GENERIC-LABEL: sym_name = "compare"
// GENERIC: "hlo.compare"(%{{.*}}, %{{.*}}) <{comparison_direction = #hlo<comparison_direction GT>}>
// GENERIC: "hlo.compare"(%{{.*}}, %{{.*}}) <{compare_type = #hlo<comparison_type FLOAT>, comparison_direction = #hlo<comparison_direction EQ>}>
// GENERIC: "hlo.compare"(%{{.*}}, %{{.*}}) <{broadcast_dimensions = array<i64: 1>, compare_type = #hlo<comparison_type SIGNED>, comparison_direction = #hlo<comparison_direction LT>}>

// CHECK-LABEL: func.func @select_clamp
// CHECK-SAME: (%[[P:[a-z0-9]+]]: tensor<i1>, %[[PV:[a-z0-9]+]]: tensor<2x1xi1>, %[[V:[a-z0-9]+]]: tensor<4xf32>, %[[O:[a-z0-9]+]]: tensor<1xf32>, %[[S:[a-z0-9]+]]: tensor<f32>)
func.func @select_clamp(%p: tensor<i1>, %pv: tensor<2x1xi1>, %v: tensor<4xf32>, %o: tensor<1xf32>, %s: tensor<f32>) {
  // All three operands of select broadcast, the predicate included.
  // CHECK-NEXT: hlo.select %[[P]], %[[V]], %[[O]] : (tensor<i1>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %0 = chlo.broadcast_select %p, %v, %o : (tensor<i1>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.select %[[PV]], %[[V]], %[[S]] : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_select %pv, %v, %s : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.select %[[P]], %[[V]], %[[V]] : tensor<i1>, tensor<4xf32>
  %2 = chlo.broadcast_select %p, %v, %v : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[S]], %[[V]], %[[O]] : (tensor<f32>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %3 = chlo.broadcast_clamp %s, %v, %o : (tensor<f32>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// The generic spelling of a CHLO op parses too.
// CHECK-LABEL: func.func @generic
// CHECK-SAME: (%[[V:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>)
func.func @generic(%v: tensor<4xf32>, %m: tensor<2x4xf32>) {
  // CHECK-NEXT: hlo.add %[[V]], %[[M]] {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %0 = "chlo.broadcast_add"(%v, %m) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.compare LT, %[[V]], %[[M]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %1 = "chlo.broadcast_compare"(%v, %m) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK-NEXT: return
  return
}
