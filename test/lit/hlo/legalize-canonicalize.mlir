// RUN: bcast-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: bcast-opt %s --hlo-legalize-broadcasts --canonicalize --split-input-file | FileCheck %s --check-prefix=PIPE
//
// The hlo canonicalization patterns and constant folders
// (dialects/hlo/canonicalize.go, fold.go) that clean up after
// hlo-legalize-broadcasts, each shown to fire and, where it matters, not to
// fire. The PIPE lines check hlo-legalize-broadcasts then canonicalize.

// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x2xf32>)
func.func @broadcast_identity(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // Same type, but the dims transpose: not an identity.
  // CHECK-NEXT: %[[T:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // CHECK-NEXT: return %[[X]], %[[T]]
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// Two broadcasts compose: operand dim 0 -> dim 1 -> dim 2.
// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @broadcast_of_broadcast(%x: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[X]], dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: return %[[B]]
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// A broadcast constant is a constant: a splat at any size, other constants
// up to 1024 elements.
// CHECK-LABEL: func.func @broadcast_of_constant
func.func @broadcast_of_constant() -> (tensor<64x64xf32>, tensor<3x2xi32>, tensor<600x2xi32>) {
  // CHECK-DAG: %[[S:.*]] = hlo.constant dense<2.500000e+00> : tensor<64x64xf32>
  // CHECK-DAG: %[[C:.*]] = hlo.constant dense<{{\[}}[1, 2], [1, 2], [1, 2]]> : tensor<3x2xi32>
  // CHECK-DAG: %[[V:.*]] = hlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-DAG: %[[B:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<2xi32>) -> tensor<600x2xi32>
  %s = hlo.constant dense<2.5> : tensor<f32>
  %0 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
  %c = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = hlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<3x2xi32>
  %2 = hlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<600x2xi32>
  // CHECK: return %[[S]], %[[C]], %[[B]]
  return %0, %1, %2 : tensor<64x64xf32>, tensor<3x2xi32>, tensor<600x2xi32>
}

// -----

// dynamic_broadcast_in_dim with a static operand and result is a
// broadcast_in_dim; with a dynamic operand it stays.
// CHECK-LABEL: func.func @dynamic_broadcast_static
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xindex>)
func.func @dynamic_broadcast_static(%x: tensor<4xf32>, %d: tensor<?xf32>, %s: tensor<2xindex>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  // CHECK-NEXT: %[[B0:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[B1:.*]] = hlo.dynamic_broadcast_in_dim %[[D]], %[[S]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  %1 = hlo.dynamic_broadcast_in_dim %d, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  // CHECK-NEXT: return %[[B0]], %[[B1]]
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Broadcasting a tensor to its own shape is the tensor; to another shape
// it is not.
// CHECK-LABEL: func.func @dynamic_broadcast_own_shape
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<2xindex>)
func.func @dynamic_broadcast_own_shape(%x: tensor<?x4xf32>, %s: tensor<2xindex>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %0 = hlo.dynamic_broadcast_in_dim %x, %sx, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  // CHECK-NEXT: %[[B:.*]] = hlo.dynamic_broadcast_in_dim %[[X]], %[[S]], dims = [0, 1]
  %1 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  // CHECK-NEXT: return %[[X]], %[[B]]
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @reshapes(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<6xf32>) {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>
  // CHECK-NEXT: return %[[X]], %[[R]]
  return %0, %2 : tensor<2x3xf32>, tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @transposes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<3x2x4xf32>) {
  %0 = hlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // Inverse permutations cancel.
  %1 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %2 = hlo.transpose %1, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  // Others compose: result dim i is x dim [1, 2, 0][[1, 2, 0][i]] = [2, 0, 1][i].
  // CHECK-DAG: %[[T:.*]] = hlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %3 = hlo.transpose %1, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  // A single transpose stays.
  // CHECK-DAG: %[[U:.*]] = hlo.transpose %[[X]], dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %4 = hlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  // CHECK: return %[[X]], %[[X]], %[[T]], %[[U]]
  return %0, %2, %3, %4 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<3x2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

// Operands broadcast while folding, by numpy rules and broadcast_dimensions.
// CHECK-LABEL: func.func @fold_broadcasting
func.func @fold_broadcasting() -> (tensor<2xf32>, tensor<2x2xi32>) {
  // CHECK-DAG: hlo.constant dense<[1.100000e+01, 1.200000e+01]> : tensor<2xf32>
  %a = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = hlo.constant dense<10.0> : tensor<f32>
  %0 = hlo.add %a, %b : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK-DAG: hlo.constant dense<{{\[}}[10, 20], [20, 40]]> : tensor<2x2xi32>
  %c = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %d = hlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %1 = hlo.multiply %d, %c {broadcast_dimensions = array<i64: 0>} : (tensor<1x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2x2xi32>
}

// -----

// Integer semantics: wrap-around, remainder truncating like C, shifts by
// the width or more giving 0 (or the sign for arithmetic shifts).
// CHECK-LABEL: func.func @fold_integers
func.func @fold_integers() -> (tensor<2xi8>, tensor<4xi32>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xui8>) {
  %big = hlo.constant dense<[127, -128]> : tensor<2xi8>
  %one = hlo.constant dense<1> : tensor<2xi8>
  // CHECK-DAG: hlo.constant dense<[-128, -127]> : tensor<2xi8>
  %0 = hlo.add %big, %one : tensor<2xi8>
  %n = hlo.constant dense<[7, -7, 7, -7]> : tensor<4xi32>
  %m = hlo.constant dense<[3, 3, -3, -3]> : tensor<4xi32>
  // CHECK-DAG: hlo.constant dense<[1, -1, 1, -1]> : tensor<4xi32>
  %1 = hlo.remainder %n, %m : tensor<4xi32>
  %x = hlo.constant dense<[-128, 64, 1, -1]> : tensor<4xi8>
  %s = hlo.constant dense<[1, 8, 7, -56]> : tensor<4xi8>
  // CHECK-DAG: hlo.constant dense<[0, 0, -128, 0]> : tensor<4xi8>
  %2 = hlo.shift_left %x, %s : tensor<4xi8>
  // CHECK-DAG: hlo.constant dense<[64, 0, 0, 0]> : tensor<4xi8>
  %3 = hlo.shift_right_logical %x, %s : tensor<4xi8>
  // CHECK-DAG: hlo.constant dense<[-64, 0, 0, -1]> : tensor<4xi8>
  %4 = hlo.shift_right_arithmetic %x, %s : tensor<4xi8>
  // Unsigned: 200 / 3 and max(200, 3) read 200 as unsigned.
  %u = hlo.constant dense<[200, 250]> : tensor<2xui8>
  %v = hlo.constant dense<3> : tensor<2xui8>
  %q = hlo.divide %u, %v : tensor<2xui8>
  // CHECK-DAG: hlo.constant dense<[66, 83]> : tensor<2xui8>
  %5 = hlo.maximum %q, %v : tensor<2xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi8>, tensor<4xi32>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xui8>
}

// -----

// Division by zero, INT_MIN / -1 style traps and negative integer powers
// are left to run time.
// CHECK-LABEL: func.func @no_fold_integers
func.func @no_fold_integers() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = hlo.constant dense<[4, 5]> : tensor<2xi32>
  %z = hlo.constant dense<[2, 0]> : tensor<2xi32>
  // CHECK: hlo.divide
  %0 = hlo.divide %a, %z : tensor<2xi32>
  // CHECK: hlo.remainder
  %1 = hlo.remainder %a, %z : tensor<2xi32>
  %e = hlo.constant dense<[2, -1]> : tensor<2xi32>
  // CHECK: hlo.power
  %2 = hlo.power %a, %e : tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// Floats: remainder is C's fmod, maximum propagates NaN, compare is IEEE
// (NaN is unordered), and results round to the element type.
// CHECK-LABEL: func.func @fold_floats
func.func @fold_floats() -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<f32>, tensor<f16>) {
  %a = hlo.constant dense<[5.5, -5.5]> : tensor<2xf32>
  %b = hlo.constant dense<[2.0, 0x7FC00000]> : tensor<2xf32>
  // CHECK-DAG: hlo.constant dense<[1.500000e+00, 0x7FC00000]> : tensor<2xf32>
  %0 = hlo.remainder %a, %b : tensor<2xf32>
  // CHECK-DAG: hlo.constant dense<[5.500000e+00, 0x7FC00000]> : tensor<2xf32>
  %1 = hlo.maximum %a, %b : tensor<2xf32>
  %k = hlo.constant dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>
  %t = hlo.constant dense<2.0> : tensor<f32>
  // CHECK-DAG: hlo.constant dense<[true, false, false]> : tensor<3xi1>
  %2 = hlo.compare LT, %k, %t, FLOAT : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  // CHECK-DAG: hlo.constant dense<true> : tensor<3xi1>
  %3 = hlo.compare NE, %k, %t : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  %third = hlo.constant dense<3.0> : tensor<f32>
  %o = hlo.constant dense<1.0> : tensor<f32>
  // CHECK-DAG: hlo.constant dense<0.333333343> : tensor<f32>
  %4 = hlo.divide %o, %third : tensor<f32>
  %h = hlo.constant dense<2.0> : tensor<f16>
  // CHECK-DAG: hlo.constant dense<1.414060e+00> : tensor<f16>
  %5 = hlo.sqrt %h : tensor<f16>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<f32>, tensor<f16>
}

// -----

// TOTALORDER compares are not folded.
// CHECK-LABEL: func.func @no_fold_totalorder
func.func @no_fold_totalorder() -> tensor<i1> {
  %a = hlo.constant dense<1.0> : tensor<f32>
  // CHECK: hlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER
  %0 = hlo.compare LT, %a, %a, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// Integer compares follow the compare type, else the element signedness.
// CHECK-LABEL: func.func @fold_compare_int
func.func @fold_compare_int() -> (tensor<i1>, tensor<i1>, tensor<i1>) {
  %m = hlo.constant dense<-1> : tensor<i32>
  %p = hlo.constant dense<1> : tensor<i32>
  // CHECK-DAG: %[[T:.*]] = hlo.constant dense<true> : tensor<i1>
  // CHECK-DAG: %[[F:.*]] = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.compare LT, %m, %p, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %1 = hlo.compare LT, %m, %p, UNSIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %u = hlo.constant dense<255> : tensor<ui8>
  %v = hlo.constant dense<1> : tensor<ui8>
  %2 = hlo.compare GT, %u, %v : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
  // CHECK: return %[[T]], %[[F]], %[[T]]
  return %0, %1, %2 : tensor<i1>, tensor<i1>, tensor<i1>
}

// -----

// select picks a branch for a splat predicate; clamp and select fold
// elementwise on constants.
// CHECK-LABEL: func.func @fold_select_clamp
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>)
func.func @fold_select_clamp(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xf32>) {
  %t = hlo.constant dense<true> : tensor<i1>
  %0 = hlo.select %t, %a, %b : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %lo = hlo.constant dense<0> : tensor<i32>
  %hi = hlo.constant dense<10> : tensor<i32>
  %x = hlo.constant dense<[-5, 5, 15]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[0, 5, 10]> : tensor<3xi32>
  %1 = hlo.clamp %lo, %x, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %p = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %c = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  // CHECK-DAG: hlo.constant dense<[1.000000e+00, 0.000000e+00, 3.000000e+00]> : tensor<3xf32>
  %2 = hlo.select %p, %c, %z : (tensor<3xi1>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: return %[[A]],
  return %0, %1, %2 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>
}

// -----

// Unary ops.
// CHECK-LABEL: func.func @fold_unary
func.func @fold_unary() -> (tensor<3xi32>, tensor<3xi32>, tensor<2xi1>, tensor<3xf32>, tensor<3xi1>, tensor<3xf32>) {
  %i = hlo.constant dense<[-3, 0, 7]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[3, 0, 7]> : tensor<3xi32>
  %0 = hlo.abs %i : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[31, 0, 3]> : tensor<3xi32>
  %1 = hlo.popcnt %i : tensor<3xi32>
  %b = hlo.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-DAG: hlo.constant dense<[false, true]> : tensor<2xi1>
  %2 = hlo.not %b : tensor<2xi1>
  %f = hlo.constant dense<[-2.5, 0.0, 0x7F800000]> : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[-1.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>
  %3 = hlo.sign %f : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[true, true, false]> : tensor<3xi1>
  %4 = hlo.is_finite %f : (tensor<3xf32>) -> tensor<3xi1>
  // CHECK-DAG: hlo.constant dense<[-2.000000e+00, 0.000000e+00, 0x7F800000]> : tensor<3xf32>
  %5 = hlo.round_nearest_even %f : tensor<3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi32>, tensor<3xi32>, tensor<2xi1>, tensor<3xf32>, tensor<3xi1>, tensor<3xf32>
}

// -----

// More than 1024 result elements are not folded; neither are non-constant
// operands.
// CHECK-LABEL: func.func @no_fold_large
func.func @no_fold_large(%x: tensor<4xf32>) -> (tensor<2048xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<1.0> : tensor<2048xf32>
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<2048xf32>
  %0 = hlo.add %a, %a : tensor<2048xf32>
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<4xf32>
  %1 = hlo.add %x, %c : tensor<4xf32>
  return %0, %1 : tensor<2048xf32>, tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// hlo-legalize-broadcasts followed by canonicalize
//===----------------------------------------------------------------------===//

// With constants the explicit broadcasts fold away entirely; a dynamic
// operand keeps its broadcast.
// CHECK-LABEL: func.func @legalized_constants
// PIPE-LABEL: func.func @legalized_constants
// PIPE-SAME: (%[[X:.*]]: tensor<?x3xf32>)
func.func @legalized_constants(%x: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>) {
  // PIPE-DAG: %[[C:.*]] = hlo.constant dense<{{\[}}[1.100000e+01, 1.200000e+01, 1.300000e+01], [2.100000e+01, 2.200000e+01, 2.300000e+01]]> : tensor<2x3xf32>
  // PIPE-DAG: %[[B:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
  // PIPE-DAG: %[[S:.*]] = shape.shape_of %[[X]]
  // PIPE: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [1]
  // PIPE-NEXT: %[[R:.*]] = hlo.add %[[X]], %[[BB]] : tensor<?x3xf32>
  // PIPE-NEXT: return %[[C]], %[[R]]
  %a = hlo.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %b = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = hlo.add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.add %x, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<?x3xf32>
}
