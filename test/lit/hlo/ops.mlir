// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC \
// RUN:   --implicit-check-not=stablehlo --implicit-check-not=mhlo --implicit-check-not=chlo
//
// The pretty syntax of every hlo op round trips, directly and through the
// generic form. Input is spelled `stablehlo.X`, `mhlo.X` or `hlo.X`; output
// is always `hlo.X`, in StableHLO's syntax.

//===----------------------------------------------------------------------===//
// Binary ops: all 15, same shapes (compact type) and implicit broadcasting
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @binary_float
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4xf32>, %[[B:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>)
func.func @binary_float(%a: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<2x4xf32>) {
  // CHECK-NEXT: hlo.add %[[A]], %[[B]] : tensor<4xf32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.subtract %[[A]], %[[B]] : tensor<4xf32>
  %1 = mhlo.subtract %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.multiply %[[A]], %[[B]] : tensor<4xf32>
  %2 = hlo.multiply %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.divide %[[A]], %[[B]] : tensor<4xf32>
  %3 = stablehlo.divide %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.remainder %[[A]], %[[B]] : tensor<4xf32>
  %4 = mhlo.remainder %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.maximum %[[A]], %[[B]] : tensor<4xf32>
  %5 = hlo.maximum %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.minimum %[[A]], %[[B]] : tensor<4xf32>
  %6 = stablehlo.minimum %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.power %[[A]], %[[B]] : tensor<4xf32>
  %7 = mhlo.power %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.atan2 %[[A]], %[[B]] : tensor<4xf32>
  %8 = hlo.atan2 %a, %b : tensor<4xf32>
  // The function-type signature is accepted when every type is the same,
  // and printed compactly.
  // CHECK-NEXT: hlo.add %[[A]], %[[B]] : tensor<4xf32>
  %9 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Implicit numpy broadcasting: rank expansion of the lhs, then of the rhs.
  // CHECK-NEXT: hlo.add %[[A]], %[[M]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %10 = chlo.broadcast_add %a, %m : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.subtract %[[M]], %[[A]] : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %11 = hlo.subtract %m, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.power %[[M]], %[[A]] : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x?xf32>
  %12 = hlo.power %m, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x?xf32>
  // Discardable attributes survive, after the inherent ones.
  // CHECK-NEXT: hlo.multiply %[[A]], %[[B]] {tag = "x"} : tensor<4xf32>
  %13 = stablehlo.multiply %a, %b {tag = "x"} : tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @binary_int
// CHECK-SAME: (%[[I:[a-z0-9]+]]: tensor<3xi32>, %[[J:[a-z0-9]+]]: tensor<2x3xi32>, %[[P:[a-z0-9]+]]: tensor<3xi1>, %[[U:[a-z0-9]+]]: tensor<3xui8>)
func.func @binary_int(%i: tensor<3xi32>, %j: tensor<2x3xi32>, %p: tensor<3xi1>, %u: tensor<3xui8>) {
  // CHECK-NEXT: hlo.and %[[I]], %[[I]] : tensor<3xi32>
  %0 = stablehlo.and %i, %i : tensor<3xi32>
  // CHECK-NEXT: hlo.or %[[P]], %[[P]] : tensor<3xi1>
  %1 = mhlo.or %p, %p : tensor<3xi1>
  // CHECK-NEXT: hlo.xor %[[I]], %[[J]] : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = hlo.xor %i, %j : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_left %[[I]], %[[I]] : tensor<3xi32>
  %3 = stablehlo.shift_left %i, %i : tensor<3xi32>
  // CHECK-NEXT: hlo.shift_right_arithmetic %[[I]], %[[I]] : tensor<3xi32>
  %4 = mhlo.shift_right_arithmetic %i, %i : tensor<3xi32>
  // CHECK-NEXT: hlo.shift_right_logical %[[U]], %[[U]] : tensor<3xui8>
  %5 = hlo.shift_right_logical %u, %u : tensor<3xui8>
  // Integer add, multiply, maximum and minimum; add and multiply take i1.
  // CHECK-NEXT: hlo.add %[[P]], %[[P]] : tensor<3xi1>
  %6 = stablehlo.add %p, %p : tensor<3xi1>
  // CHECK-NEXT: hlo.multiply %[[J]], %[[I]] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %7 = chlo.broadcast_multiply %j, %i : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.maximum %[[U]], %[[U]] : tensor<3xui8>
  %8 = stablehlo.maximum %u, %u : tensor<3xui8>
  // CHECK-NEXT: hlo.remainder %[[I]], %[[I]] : tensor<3xi32>
  %9 = stablehlo.remainder %i, %i : tensor<3xi32>
  // CHECK-NEXT: return
  return
}

//===----------------------------------------------------------------------===//
// broadcast_dimensions and broadcast_policy
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast_attributes
// CHECK-SAME: (%[[V:[a-z0-9]+]]: tensor<4xf32>, %[[M12:[a-z0-9]+]]: tensor<1x2xf32>, %[[M:[a-z0-9]+]]: tensor<4x3xf32>, %[[S:[a-z0-9]+]]: tensor<f32>, %[[T:[a-z0-9]+]]: tensor<2x4x3xf32>)
func.func @broadcast_attributes(%v: tensor<4xf32>, %m12: tensor<1x2xf32>, %m: tensor<4x3xf32>, %s: tensor<f32>, %t: tensor<2x4x3xf32>) {
  // XLA broadcast composition: 4 + 1x2 with dims [0] gives 4x2.
  // CHECK-NEXT: hlo.add %[[V]], %[[M12]] {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  %0 = stablehlo.add %v, %m12 {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  // A column vector: the 4 lands on dim 0 of a 4x3 matrix (numpy would
  // align it with dim 1 and fail).
  // CHECK-NEXT: hlo.multiply %[[M]], %[[V]] {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  %1 = mhlo.multiply %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  // Any strictly increasing positions, not only a left pad.
  // CHECK-NEXT: hlo.add %[[M]], %[[T]] {broadcast_dimensions = array<i64: 1, 2>} : (tensor<4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %2 = hlo.add %m, %t {broadcast_dimensions = array<i64: 1, 2>} : (tensor<4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  // CHECK-NEXT: hlo.subtract %[[V]], %[[T]] {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %3 = stablehlo.subtract %v, %t {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  // Same rank: the identity is allowed.
  // CHECK-NEXT: hlo.add %[[M]], %[[M]] {broadcast_dimensions = array<i64: 0, 1>} : tensor<4x3xf32>
  %4 = hlo.add %m, %m {broadcast_dimensions = array<i64: 0, 1>} : tensor<4x3xf32>
  // A scalar maps no dims.
  // CHECK-NEXT: hlo.add %[[S]], %[[M]] {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %5 = hlo.add %s, %m {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  // MHLO's older spelling as a dense tensor is accepted and kept.
  // CHECK-NEXT: hlo.add %[[V]], %[[M]] {broadcast_dimensions = dense<{{\[?}}0{{\]?}}> : tensor<1xi64>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %6 = mhlo.add %v, %m {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  // The policies: numpy (the default, spelled out), rank, scalar, none.
  // CHECK-NEXT: hlo.add %[[M12]], %[[M12]] {broadcast_policy = "numpy"} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
  %7 = hlo.add %m12, %m12 {broadcast_policy = "numpy"} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
  // CHECK-NEXT: hlo.add %[[M]], %[[T]] {broadcast_policy = "rank"} : (tensor<4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %8 = stablehlo.add %m, %t {broadcast_policy = "rank"} : (tensor<4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  // CHECK-NEXT: hlo.maximum %[[T]], %[[S]] {broadcast_policy = "scalar"} : (tensor<2x4x3xf32>, tensor<f32>) -> tensor<2x4x3xf32>
  %9 = mhlo.maximum %t, %s {broadcast_policy = "scalar"} : (tensor<2x4x3xf32>, tensor<f32>) -> tensor<2x4x3xf32>
  // CHECK-NEXT: hlo.add %[[T]], %[[T]] {broadcast_policy = "none"} : tensor<2x4x3xf32>
  %10 = hlo.add %t, %t {broadcast_policy = "none"} : tensor<2x4x3xf32>
  // Both attributes at once, printed in sorted order.
  // CHECK-NEXT: hlo.add %[[V]], %[[M]] {broadcast_dimensions = array<i64: 0>, broadcast_policy = "rank"} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %11 = hlo.add %v, %m {broadcast_policy = "rank", broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  // CHECK-NEXT: return
  return
}

// In the generic form both are properties.
// GENERIC-LABEL: sym_name = "broadcast_attributes"
// GENERIC: "hlo.add"(%{{.*}}, %{{.*}}) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
// GENERIC: "hlo.add"(%{{.*}}, %{{.*}}) <{broadcast_dimensions = array<i64: 0>, broadcast_policy = "rank"}> : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>

//===----------------------------------------------------------------------===//
// Dynamic and unranked operands under the numpy policy; the policies
// never stretch a dynamic dim
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[B:[a-z0-9]+]]: tensor<?xf32>, %[[F:[a-z0-9]+]]: tensor<4xf32>, %[[U:[a-z0-9]+]]: tensor<*xf32>)
func.func @dynamic(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %f: tensor<4xf32>, %u: tensor<*xf32>) {
  // CHECK-NEXT: hlo.add %[[X]], %[[B]] : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %0 = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  // StableHLO's spelling does not broadcast (docs/SPEC.md §3): a `?` against
  // 4 is a run-time equality, recorded as the none policy.
  // CHECK-NEXT: hlo.add %[[B]], %[[F]] {broadcast_policy = "none"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.add %b, %f : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.add %[[B]], %[[F]] {broadcast_policy = "rank"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.add %b, %f {broadcast_policy = "rank"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.add %[[X]], %[[F]] {broadcast_policy = "rank"} : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = stablehlo.add %x, %f {broadcast_policy = "rank"} : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: hlo.add %[[B]], %[[F]] {broadcast_policy = "none"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = stablehlo.add %b, %f {broadcast_policy = "none"} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Unranked operands are left out of inference.
  // CHECK-NEXT: hlo.add %[[U]], %[[F]] : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = hlo.add %u, %f : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.add %[[U]], %[[U]] {broadcast_policy = "none"} : tensor<*xf32>
  %6 = stablehlo.add %u, %u : tensor<*xf32>
  // CHECK-NEXT: hlo.add %[[X]], %[[B]] : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<*xf32>
  %7 = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<*xf32>
  // StableHLO's same-shape ops on dynamic dims: the dims are equal at run
  // time, never stretched; select's predicate and clamp's bounds may be
  // rank 0 in StableHLO (the scalar policy), which static shapes make moot.
  // CHECK-NEXT: hlo.multiply %[[X]], %[[X]] {broadcast_policy = "none"} : tensor<?x?xf32>
  %8 = stablehlo.multiply %x, %x : tensor<?x?xf32>
  // CHECK-NEXT: hlo.compare LT, %[[X]], %[[X]] {broadcast_policy = "none"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %9 = mhlo.compare LT, %x, %x : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %p = hlo.constant dense<true> : tensor<i1>
  // CHECK: hlo.select %{{.*}}, %[[X]], %[[X]] {broadcast_policy = "scalar"} : tensor<i1>, tensor<?x?xf32>
  %10 = stablehlo.select %p, %x, %x : (tensor<i1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.select %{{.*}}, %[[F]], %[[F]] : tensor<i1>, tensor<4xf32>
  %11 = stablehlo.select %p, %f, %f : tensor<i1>, tensor<4xf32>
  %lo = hlo.constant dense<0.0> : tensor<f32>
  // CHECK: hlo.clamp %{{.*}}, %[[F]], %{{.*}} : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %12 = stablehlo.clamp %lo, %f, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: return
  return
}

//===----------------------------------------------------------------------===//
// compare, select, clamp
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>, %[[I:[a-z0-9]+]]: tensor<4xi32>, %[[U:[a-z0-9]+]]: tensor<4xui32>)
func.func @compare(%a: tensor<4xf32>, %m: tensor<2x4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>) {
  // Every direction, with and without a comparison type.
  // CHECK-NEXT: hlo.compare EQ, %[[A]], %[[A]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = stablehlo.compare EQ, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare NE, %[[A]], %[[A]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare  NE, %a, %a,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare GE, %[[A]], %[[A]], TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = mhlo.compare GE, %a, %a, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare GT, %[[I]], %[[I]], SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = hlo.compare GT, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare LE, %[[U]], %[[U]], UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %4 = stablehlo.compare LE, %u, %u, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare LT, %[[I]], %[[I]], NOTYPE : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %5 = mhlo.compare LT, %i, %i, NOTYPE : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // Broadcasting, with broadcast_dimensions and a policy.
  // CHECK-NEXT: hlo.compare GT, %[[A]], %[[M]] : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %6 = hlo.compare GT, %a, %m : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK-NEXT: hlo.compare LT, %[[M]], %[[A]], FLOAT {broadcast_dimensions = array<i64: 1>, broadcast_policy = "rank"} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  %7 = hlo.compare LT, %m, %a, FLOAT {broadcast_dimensions = array<i64: 1>, broadcast_policy = "rank"} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  // The attribute-dictionary form (CHLO's, and what the generic form gives).
  // CHECK-NEXT: hlo.compare EQ, %[[A]], %[[A]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %8 = hlo.compare %a, %a {comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "compare"
// GENERIC: "hlo.compare"(%{{.*}}, %{{.*}}) <{comparison_direction = #hlo<comparison_direction EQ>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GENERIC: "hlo.compare"(%{{.*}}, %{{.*}}) <{compare_type = #hlo<comparison_type FLOAT>, comparison_direction = #hlo<comparison_direction NE>}>

// CHECK-LABEL: func.func @select_clamp
// CHECK-SAME: (%[[P:[a-z0-9]+]]: tensor<4xi1>, %[[PS:[a-z0-9]+]]: tensor<i1>, %[[A:[a-z0-9]+]]: tensor<4xf32>, %[[M:[a-z0-9]+]]: tensor<2x4xf32>, %[[S:[a-z0-9]+]]: tensor<f32>, %[[I:[a-z0-9]+]]: tensor<4xi32>)
func.func @select_clamp(%p: tensor<4xi1>, %ps: tensor<i1>, %a: tensor<4xf32>, %m: tensor<2x4xf32>, %s: tensor<f32>, %i: tensor<4xi32>) {
  // select: StableHLO's compact form (predicate type, value type) ...
  // CHECK-NEXT: hlo.select %[[P]], %[[A]], %[[A]] : tensor<4xi1>, tensor<4xf32>
  %0 = stablehlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>
  // ... with a scalar predicate ...
  // CHECK-NEXT: hlo.select %[[PS]], %[[A]], %[[A]] : tensor<i1>, tensor<4xf32>
  %1 = mhlo.select %ps, %a, %a : tensor<i1>, tensor<4xf32>
  // ... the functional form, printed compactly when it applies ...
  // CHECK-NEXT: hlo.select %[[P]], %[[I]], %[[I]] : tensor<4xi1>, tensor<4xi32>
  %2 = hlo.select %p, %i, %i : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // ... and kept when the operands broadcast.
  // CHECK-NEXT: hlo.select %[[P]], %[[A]], %[[M]] : (tensor<4xi1>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %3 = chlo.broadcast_select %p, %a, %m : (tensor<4xi1>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.select %[[P]], %[[S]], %[[A]] {broadcast_policy = "scalar"} : (tensor<4xi1>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = hlo.select %p, %s, %a {broadcast_policy = "scalar"} : (tensor<4xi1>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  // clamp(min, operand, max): compact and functional forms.
  // CHECK-NEXT: hlo.clamp %[[A]], %[[A]], %[[A]] : tensor<4xf32>
  %5 = stablehlo.clamp %a, %a, %a : tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[S]], %[[A]], %[[S]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = mhlo.clamp %s, %a, %s : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[S]], %[[M]], %[[A]] : (tensor<f32>, tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %7 = hlo.clamp %s, %m, %a : (tensor<f32>, tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.clamp %[[I]], %[[I]], %[[I]] {broadcast_policy = "none"} : tensor<4xi32>
  %8 = hlo.clamp %i, %i, %i {broadcast_policy = "none"} : tensor<4xi32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "select_clamp"
// GENERIC: "hlo.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "hlo.clamp"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

//===----------------------------------------------------------------------===//
// Unary ops: all 18
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[F:[a-z0-9]+]]: tensor<2x?xf32>, %[[I:[a-z0-9]+]]: tensor<3xi32>, %[[P:[a-z0-9]+]]: tensor<3xi1>, %[[D:[a-z0-9]+]]: tensor<f64>)
func.func @unary(%f: tensor<2x?xf32>, %i: tensor<3xi32>, %p: tensor<3xi1>, %d: tensor<f64>) {
  // CHECK-NEXT: hlo.negate %[[F]] : tensor<2x?xf32>
  %0 = stablehlo.negate %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.negate %[[I]] : tensor<3xi32>
  %1 = mhlo.negate %i : tensor<3xi32>
  // CHECK-NEXT: hlo.abs %[[F]] : tensor<2x?xf32>
  %2 = hlo.abs %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.exponential %[[F]] : tensor<2x?xf32>
  %3 = stablehlo.exponential %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.exponential_minus_one %[[D]] : tensor<f64>
  %4 = mhlo.exponential_minus_one %d : tensor<f64>
  // CHECK-NEXT: hlo.log %[[F]] : tensor<2x?xf32>
  %5 = hlo.log %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.log_plus_one %[[F]] : tensor<2x?xf32>
  %6 = stablehlo.log_plus_one %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.sqrt %[[F]] : tensor<2x?xf32>
  %7 = mhlo.sqrt %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.rsqrt %[[F]] : tensor<2x?xf32>
  %8 = hlo.rsqrt %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.cbrt %[[D]] : tensor<f64>
  %9 = stablehlo.cbrt %d : tensor<f64>
  // CHECK-NEXT: hlo.tanh %[[F]] : tensor<2x?xf32>
  %10 = mhlo.tanh %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.logistic %[[F]] : tensor<2x?xf32>
  %11 = hlo.logistic %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.sign %[[I]] : tensor<3xi32>
  %12 = stablehlo.sign %i : tensor<3xi32>
  // CHECK-NEXT: hlo.floor %[[F]] : tensor<2x?xf32>
  %13 = mhlo.floor %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.ceil %[[F]] : tensor<2x?xf32>
  %14 = hlo.ceil %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.round_nearest_even %[[F]] : tensor<2x?xf32>
  %15 = stablehlo.round_nearest_even %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.not %[[P]] : tensor<3xi1>
  %16 = mhlo.not %p : tensor<3xi1>
  // CHECK-NEXT: hlo.not %[[I]] : tensor<3xi32>
  %17 = hlo.not %i : tensor<3xi32>
  // CHECK-NEXT: hlo.is_finite %[[F]] : (tensor<2x?xf32>) -> tensor<2x?xi1>
  %18 = stablehlo.is_finite %f : (tensor<2x?xf32>) -> tensor<2x?xi1>
  // CHECK-NEXT: hlo.popcnt %[[I]] : tensor<3xi32>
  %19 = mhlo.popcnt %i : tensor<3xi32>
  // The functional form with one type is printed compactly.
  // CHECK-NEXT: hlo.abs %[[I]] : tensor<3xi32>
  %20 = hlo.abs %i : (tensor<3xi32>) -> tensor<3xi32>
  // CHECK-NEXT: hlo.sine %[[F]] : tensor<2x?xf32>
  %21 = stablehlo.sine %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.cosine %[[D]] : tensor<f64>
  %22 = mhlo.cosine %d : tensor<f64>
  // CHECK-NEXT: hlo.tan %[[F]] : tensor<2x?xf32>
  %23 = stablehlo.tan %f : tensor<2x?xf32>
  // CHECK-NEXT: hlo.round_nearest_afz %[[F]] : tensor<2x?xf32>
  %24 = stablehlo.round_nearest_afz %f : tensor<2x?xf32>
  // CHECK-NEXT: return
  return
}

// CHLO's unary ops (as jax.numpy and jax.scipy.special export them, in
// CHLO's `T -> R` form) are hlo ops, printed in StableHLO's form.
// CHECK-LABEL: func.func @jax_numpy_unary
// CHECK-SAME: (%[[F:[a-z0-9]+]]: tensor<4xf32>, %[[D:[a-z0-9]+]]: tensor<f64>)
func.func @jax_numpy_unary(%f: tensor<4xf32>, %d: tensor<f64>) {
  // CHECK-NEXT: hlo.tan %[[F]] : tensor<4xf32>
  %0 = chlo.tan %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.sinh %[[F]] : tensor<4xf32>
  %1 = chlo.sinh %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.cosh %[[D]] : tensor<f64>
  %2 = chlo.cosh %d : tensor<f64> -> tensor<f64>
  // CHECK-NEXT: hlo.asin %[[F]] : tensor<4xf32>
  %3 = chlo.asin %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.acos %[[F]] : tensor<4xf32>
  %4 = chlo.acos %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.atan %[[F]] : tensor<4xf32>
  %5 = chlo.atan %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.asinh %[[F]] : tensor<4xf32>
  %6 = chlo.asinh %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.acosh %[[F]] : tensor<4xf32>
  %7 = chlo.acosh %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.atanh %[[F]] : tensor<4xf32>
  %8 = chlo.atanh %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.erf %[[F]] : tensor<4xf32>
  %9 = chlo.erf %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: hlo.is_inf %[[F]] : (tensor<4xf32>) -> tensor<4xi1>
  %10 = chlo.is_inf %f : tensor<4xf32> -> tensor<4xi1>
  // CHECK-NEXT: hlo.is_pos_inf %[[F]] : (tensor<4xf32>) -> tensor<4xi1>
  %11 = chlo.is_pos_inf %f : tensor<4xf32> -> tensor<4xi1>
  // CHECK-NEXT: hlo.is_neg_inf %[[F]] : (tensor<4xf32>) -> tensor<4xi1>
  %12 = "chlo.is_neg_inf"(%f) : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: return
  return
}

//===----------------------------------------------------------------------===//
// constant and convert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant
func.func @constant() {
  // Splat, list, nested list, bool, integer and hex forms.
  // CHECK-NEXT: %[[C0:.*]] = hlo.constant dense<1.000000e+00> : tensor<4xf32>
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  // CHECK-NEXT: hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = mhlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK-NEXT: hlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  %2 = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  // CHECK-NEXT: hlo.constant dense<[true, false]> : tensor<2xi1>
  %3 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-NEXT: hlo.constant dense<-5> : tensor<i64>
  %4 = stablehlo.constant dense<-5> : tensor<i64>
  // Little-endian hex: 0x3F800000 is 1.0, 0x40000000 is 2.0.
  // CHECK-NEXT: hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %5 = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  // A hex splat (one element's bytes).
  // CHECK-NEXT: hlo.constant dense<7> : tensor<2x3xi32>
  %6 = stablehlo.constant dense<"0x07000000"> : tensor<2x3xi32>
  // Hex floats in a list.
  // CHECK-NEXT: hlo.constant dense<[0x7FC00000, 0xFF800000]> : tensor<2xf32>
  %7 = stablehlo.constant dense<[0x7FC00000, 0xFF800000]> : tensor<2xf32>
  // Discardable attributes go before the value.
  // CHECK-NEXT: hlo.constant {tag = 1 : i32} dense<0.000000e+00> : tensor<f32>
  %8 = stablehlo.constant {tag = 1 : i32} dense<0.0> : tensor<f32>
  // CHECK-NEXT: return
  return
}

// The generic form names the value property; the result names are %cst
// for floats and %c otherwise.
// GENERIC-LABEL: sym_name = "constant"
// GENERIC: "hlo.constant"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
// CHECK-LABEL: func.func @constant_names
// CHECK-NEXT: %cst = hlo.constant
// CHECK-NEXT: %c = hlo.constant
// CHECK-NEXT: %cst_0 = hlo.constant
// CHECK-NEXT: %c_1 = hlo.constant
func.func @constant_names() -> (tensor<f32>, tensor<i32>, tensor<f16>, tensor<i1>) {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.constant dense<1> : tensor<i32>
  %2 = stablehlo.constant dense<1.0> : tensor<f16>
  %3 = stablehlo.constant dense<true> : tensor<i1>
  return %0, %1, %2, %3 : tensor<f32>, tensor<i32>, tensor<f16>, tensor<i1>
}

// CHECK-LABEL: func.func @convert
// CHECK-SAME: (%[[F:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<?x2xi8>)
func.func @convert(%f: tensor<4xf32>, %i: tensor<?x2xi8>) {
  // CHECK-NEXT: hlo.convert %[[F]] : (tensor<4xf32>) -> tensor<4xi32>
  %0 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK-NEXT: hlo.convert %[[I]] : (tensor<?x2xi8>) -> tensor<?x2xf64>
  %1 = mhlo.convert %i : (tensor<?x2xi8>) -> tensor<?x2xf64>
  // CHECK-NEXT: hlo.convert %[[F]] : (tensor<4xf32>) -> tensor<4xi1>
  %2 = hlo.convert %f : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.convert %[[F]] : tensor<4xf32>
  %3 = stablehlo.convert %f : tensor<4xf32>
  // CHECK-NEXT: return
  return
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK-SAME: (%[[S:[a-z0-9]+]]: tensor<f32>, %[[V:[a-z0-9]+]]: tensor<3xf32>, %[[M:[a-z0-9]+]]: tensor<1x4xf32>, %[[D:[a-z0-9]+]]: tensor<?x4xf32>)
func.func @broadcast_in_dim(%s: tensor<f32>, %v: tensor<3xf32>, %m: tensor<1x4xf32>, %d: tensor<?x4xf32>) {
  // CHECK-NEXT: hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = mhlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[M]], dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
  %2 = hlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
  // Operand dims may be permuted, and any size may go to a dynamic dim.
  // CHECK-NEXT: hlo.broadcast_in_dim %[[M]], dims = [2, 0] : (tensor<1x4xf32>) -> tensor<4x5x6xf32>
  %3 = stablehlo.broadcast_in_dim %m, dims = [2, 0] : (tensor<1x4xf32>) -> tensor<4x5x6xf32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[D]], dims = [0, 1] : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %4 = stablehlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<?x4xf32>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[D]], dims = [1, 2] {tag} : (tensor<?x4xf32>) -> tensor<2x3x4xf32>
  %5 = stablehlo.broadcast_in_dim %d, dims = [1, 2] {tag} : (tensor<?x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "broadcast_in_dim"
// GENERIC: "hlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x3xf32>
// GENERIC: "hlo.broadcast_in_dim"(%{{.*}}) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3xf32>

// CHECK-LABEL: func.func @dynamic_broadcast_in_dim
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<1x?xf32>, %[[SH:[a-z0-9]+]]: tensor<2xindex>, %[[SH3:[a-z0-9]+]]: tensor<3xi64>, %[[SHD:[a-z0-9]+]]: tensor<?xi32>)
func.func @dynamic_broadcast_in_dim(%x: tensor<1x?xf32>, %sh: tensor<2xindex>, %sh3: tensor<3xi64>, %shd: tensor<?xi32>) {
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[X]], %[[SH]], dims = [0, 1] : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %sh, dims = [0, 1] : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[X]], %[[SH]], dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = mhlo.dynamic_broadcast_in_dim %x, %sh, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[X]], %[[SH3]], dims = [1, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<1x?xf32>, tensor<3xi64>) -> tensor<2x1x?xf32>
  %2 = hlo.dynamic_broadcast_in_dim %x, %sh3, dims = [1, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<1x?xf32>, tensor<3xi64>) -> tensor<2x1x?xf32>
  // A shape operand of unknown length.
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[X]], %[[SHD]], dims = [0, 1] : (tensor<1x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %x, %shd, dims = [0, 1] : (tensor<1x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "dynamic_broadcast_in_dim"
// GENERIC: "hlo.dynamic_broadcast_in_dim"(%{{.*}}, %{{.*}}) <{broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}>

// CHECK-LABEL: func.func @reshape_transpose
// CHECK-SAME: (%[[M:[a-z0-9]+]]: tensor<2x3xf32>, %[[V:[a-z0-9]+]]: tensor<?xf32>, %[[SH:[a-z0-9]+]]: tensor<2xindex>, %[[T:[a-z0-9]+]]: tensor<2x?x4xi32>)
func.func @reshape_transpose(%m: tensor<2x3xf32>, %v: tensor<?xf32>, %sh: tensor<2xindex>, %t: tensor<2x?x4xi32>) {
  // CHECK-NEXT: hlo.reshape %[[M]] : (tensor<2x3xf32>) -> tensor<6xf32>
  %0 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK-NEXT: hlo.reshape %[[M]] : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %1 = mhlo.reshape %m : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  // CHECK-NEXT: hlo.dynamic_reshape %[[V]], %[[SH]] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_reshape %v, %sh : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.dynamic_reshape %[[M]], %[[SH]] : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %3 = mhlo.dynamic_reshape %m, %sh : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  // CHECK-NEXT: hlo.transpose %[[M]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %4 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK-NEXT: hlo.transpose %[[T]], dims = [2, 0, 1] : (tensor<2x?x4xi32>) -> tensor<4x2x?xi32>
  %5 = hlo.transpose %t, dims = [2, 0, 1] : (tensor<2x?x4xi32>) -> tensor<4x2x?xi32>
  // CHECK-NEXT: hlo.transpose %[[T]], dims = [0, 1, 2] : (tensor<2x?x4xi32>) -> tensor<2x5x4xi32>
  %6 = mhlo.transpose %t, dims = [0, 1, 2] : (tensor<2x?x4xi32>) -> tensor<2x5x4xi32>
  // CHECK-NEXT: hlo.reverse %[[T]], dims = [2, 0] : tensor<2x?x4xi32>
  %7 = stablehlo.reverse %t, dims = [2, 0] : tensor<2x?x4xi32>
  // CHECK-NEXT: hlo.reverse %[[M]], dims = [1] : tensor<2x3xf32>
  %8 = hlo.reverse %m, dims = [1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "reshape_transpose"
// GENERIC: "hlo.transpose"(%{{.*}}) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
// GENERIC: "hlo.reverse"(%{{.*}}) <{dimensions = array<i64: 2, 0>}> : (tensor<2x?x4xi32>) -> tensor<2x?x4xi32>

// lax.dynamic_slice and lax.dynamic_update_slice; an update of lower rank
// is the Array API's `x[i, ...] = a` (the assignment rule's rank
// expansion).
// CHECK-LABEL: func.func @dynamic_slices
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<4x?xf32>, %[[U:[a-z0-9]+]]: tensor<2x3xf32>, %[[R:[a-z0-9]+]]: tensor<?xf32>, %[[I:[a-z0-9]+]]: tensor<i32>, %[[J:[a-z0-9]+]]: tensor<i32>)
func.func @dynamic_slices(%x: tensor<4x?xf32>, %u: tensor<2x3xf32>, %r: tensor<?xf32>, %i: tensor<i32>, %j: tensor<i32>) {
  // CHECK-NEXT: hlo.dynamic_slice %[[X]], %[[I]], %[[J]], sizes = [2, 3] : (tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  // CHECK-NEXT: hlo.dynamic_update_slice %[[X]], %[[U]], %[[I]], %[[J]] : (tensor<4x?xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x?xf32>
  %1 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x?xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x?xf32>
  // CHECK-NEXT: hlo.dynamic_update_slice %[[X]], %[[R]], %[[I]], %[[J]] : (tensor<4x?xf32>, tensor<?xf32>, tensor<i32>, tensor<i32>) -> tensor<4x?xf32>
  %2 = hlo.dynamic_update_slice %x, %r, %i, %j : (tensor<4x?xf32>, tensor<?xf32>, tensor<i32>, tensor<i32>) -> tensor<4x?xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "dynamic_slices"
// GENERIC: "hlo.dynamic_slice"(%{{.*}}, %{{.*}}, %{{.*}}) <{slice_sizes = array<i64: 2, 3>}> : (tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>

// optimization_barrier forwards its operands; bitcast_convert of one
// width keeps the shape, of different widths adds or drops the last dim.
// CHECK-LABEL: func.func @barrier_bitcast
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[Y:[a-z0-9]+]]: tensor<2x4xi8>)
func.func @barrier_bitcast(%x: tensor<?xf32>, %y: tensor<2x4xi8>) {
  // CHECK-NEXT: %[[B:.*]]:2 = hlo.optimization_barrier %[[X]], %[[Y]] : tensor<?xf32>, tensor<2x4xi8>
  %b:2 = stablehlo.optimization_barrier %x, %y : tensor<?xf32>, tensor<2x4xi8>
  // CHECK-NEXT: hlo.bitcast_convert %[[B]]#0 : (tensor<?xf32>) -> tensor<?xi32>
  %0 = stablehlo.bitcast_convert %b#0 : (tensor<?xf32>) -> tensor<?xi32>
  // CHECK-NEXT: hlo.bitcast_convert %[[X]] : (tensor<?xf32>) -> tensor<?x2xf16>
  %1 = stablehlo.bitcast_convert %x : (tensor<?xf32>) -> tensor<?x2xf16>
  // CHECK-NEXT: hlo.bitcast_convert %[[Y]] : (tensor<2x4xi8>) -> tensor<2xf32>
  %2 = stablehlo.bitcast_convert %y : (tensor<2x4xi8>) -> tensor<2xf32>
  // CHECK-NEXT: hlo.optimization_barrier : 
  stablehlo.optimization_barrier :
  // CHECK-NEXT: return
  return
}

// jnp.pad: low, high (negative crops) and interior padding.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[V:[a-z0-9]+]]: tensor<f32>)
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // CHECK-NEXT: hlo.pad %[[X]], %[[V]], low = [0, -1], high = [2, 2], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  %0 = stablehlo.pad %x, %v, low = [0, -1], high = [2, 2], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "pad"
// GENERIC: "hlo.pad"(%{{.*}}, %{{.*}}) <{edge_padding_high = array<i64: 2, 2>, edge_padding_low = array<i64: 0, -1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>

// CHECK-LABEL: func.func @iota_concatenate
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<2x3xf32>, %[[B:[a-z0-9]+]]: tensor<1x3xf32>, %[[C:[a-z0-9]+]]: tensor<?x3xf32>)
func.func @iota_concatenate(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %c: tensor<?x3xf32>) {
  // CHECK-NEXT: hlo.iota dim = 0 : tensor<4xi32>
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  // CHECK-NEXT: hlo.iota dim = 1 : tensor<2x3xf32>
  %1 = mhlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK-NEXT: hlo.iota dim = 0 : tensor<?x3xi64>
  %2 = hlo.iota dim = 0 : tensor<?x3xi64>
  // Three operands.
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[B]], %[[A]], dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %3 = stablehlo.concatenate %a, %b, %a, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[A]], dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %4 = mhlo.concatenate %a, %a, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  // A dynamic operand makes the sum unknown.
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[C]], %[[B]], dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  %5 = hlo.concatenate %a, %c, %b, dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  // One operand.
  // CHECK-NEXT: hlo.concatenate %[[B]], dim = 0 : (tensor<1x3xf32>) -> tensor<1x3xf32>
  %6 = hlo.concatenate %b, dim = 0 : (tensor<1x3xf32>) -> tensor<1x3xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "iota_concatenate"
// GENERIC: "hlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xi32>
// GENERIC: "hlo.concatenate"(%{{.*}}, %{{.*}}, %{{.*}}) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>

// CHECK-LABEL: func.func @slice_dims
// CHECK-SAME: (%[[M:[a-z0-9]+]]: tensor<4x6xf32>, %[[D:[a-z0-9]+]]: tensor<?x4xf32>, %[[S:[a-z0-9]+]]: tensor<i32>)
func.func @slice_dims(%m: tensor<4x6xf32>, %d: tensor<?x4xf32>, %s: tensor<i32>) {
  // Without strides (all 1) ...
  // CHECK-NEXT: hlo.slice %[[M]] [1:3, 0:6] : (tensor<4x6xf32>) -> tensor<2x6xf32>
  %0 = stablehlo.slice %m [1:3, 0:6] : (tensor<4x6xf32>) -> tensor<2x6xf32>
  // ... with strides, a stride of 1 written out being dropped ...
  // CHECK-NEXT: hlo.slice %[[M]] [0:4:2, 1:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  %1 = mhlo.slice %m [0:4:2, 1:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  // CHECK-NEXT: hlo.slice %[[M]] [0:4, 2:2] : (tensor<4x6xf32>) -> tensor<4x0xf32>
  %2 = hlo.slice %m [0:4:1, 2:2] : (tensor<4x6xf32>) -> tensor<4x0xf32>
  // ... of a dynamic dim, and of a rank-0 tensor.
  // CHECK-NEXT: hlo.slice %[[D]] [0:5, 1:4:2] : (tensor<?x4xf32>) -> tensor<5x2xf32>
  %3 = stablehlo.slice %d [0:5, 1:4:2] : (tensor<?x4xf32>) -> tensor<5x2xf32>
  // CHECK-NEXT: hlo.slice %[[S]] [] : (tensor<i32>) -> tensor<i32>
  %4 = stablehlo.slice %s [] : (tensor<i32>) -> tensor<i32>
  // CHECK-NEXT: hlo.get_dimension_size %[[D]], dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %5 = stablehlo.get_dimension_size %d, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  // CHECK-NEXT: hlo.get_dimension_size %[[M]], dim = 1 : (tensor<4x6xf32>) -> tensor<i32>
  %6 = mhlo.get_dimension_size %m, dim = 1 : (tensor<4x6xf32>) -> tensor<i32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "slice_dims"
// GENERIC: "hlo.slice"(%{{.*}}) <{limit_indices = array<i64: 3, 6>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<4x6xf32>) -> tensor<2x6xf32>
// GENERIC: "hlo.get_dimension_size"(%{{.*}}) <{dimension = 0 : i64}> : (tensor<?x4xf32>) -> tensor<i32>

//===----------------------------------------------------------------------===//
// custom_call
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @custom_call
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<2xi32>)
func.func @custom_call(%a: tensor<4xf32>, %i: tensor<2xi32>) -> tensor<4xf32> {
  // Without results.
  // CHECK-NEXT: hlo.custom_call @check.expect_close(%[[A]], %[[A]]) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  // CHECK-NEXT: hlo.custom_call @barrier() : () -> ()
  mhlo.custom_call @barrier() : () -> ()
  // With one result and with two.
  // CHECK-NEXT: %[[R:.*]] = hlo.custom_call @my_kernel(%[[A]], %[[I]]) {api_version = 2 : i32, backend_config = "cfg"} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  %0 = stablehlo.custom_call @my_kernel(%a, %i) {api_version = 2 : i32, backend_config = "cfg"} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  // CHECK-NEXT: %[[P:.*]]:2 = hlo.custom_call @"quoted name"(%[[R]]) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>)
  %1:2 = hlo.custom_call @"quoted name"(%0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>)
  // CHECK-NEXT: return %[[P]]#0 : tensor<4xf32>
  return %1#0 : tensor<4xf32>
}

// GENERIC-LABEL: sym_name = "custom_call"
// GENERIC: "hlo.custom_call"(%{{.*}}, %{{.*}}) <{call_target_name = "check.expect_close", has_side_effect = true}> : (tensor<4xf32>, tensor<4xf32>) -> ()
