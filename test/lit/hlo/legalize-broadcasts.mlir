// RUN: bcast-opt %s --hlo-legalize-broadcasts --split-input-file | FileCheck %s
// RUN: bcast-opt %s --hlo-legalize-broadcasts --split-input-file | FileCheck %s --check-prefix=LEGAL
//
// hlo-legalize-broadcasts: every implicitly broadcasting op ends with
// operands and result of one shape, fed by hlo.broadcast_in_dim (static
// shapes) or hlo.dynamic_broadcast_in_dim (run-time shapes, guarded by a
// run-time check inside shape.assuming).

// No broadcasting attribute survives the pass.
// LEGAL-NOT: broadcast_policy = "
// LEGAL-NOT: broadcast_dimensions = array

//===----------------------------------------------------------------------===//
// Static shapes
//===----------------------------------------------------------------------===//

// numpy: a size-1 dim stretches; the operand that already has the result
// type is used as is.
// CHECK-LABEL: func.func @numpy_stretch
// CHECK-SAME: (%[[A:.*]]: tensor<7x1x6xf32>, %[[B:.*]]: tensor<7x5x6xf32>)
func.func @numpy_stretch(%a: tensor<7x1x6xf32>, %b: tensor<7x5x6xf32>) -> tensor<7x5x6xf32> {
  // CHECK-NEXT: %[[BA:.*]] = hlo.broadcast_in_dim %[[A]], dims = [0, 1, 2] : (tensor<7x1x6xf32>) -> tensor<7x5x6xf32>
  // CHECK-NEXT: %[[R:.*]] = hlo.add %[[BA]], %[[B]] : tensor<7x5x6xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = hlo.add %a, %b : (tensor<7x1x6xf32>, tensor<7x5x6xf32>) -> tensor<7x5x6xf32>
  return %0 : tensor<7x5x6xf32>
}

// -----

// numpy: missing leading dims (rank promotion) and stretching at once.
// CHECK-LABEL: func.func @numpy_rank_promotion
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<2x1x4xf32>)
func.func @numpy_rank_promotion(%a: tensor<4xf32>, %b: tensor<2x1x4xf32>) -> tensor<2x3x4xf32> {
  %c = hlo.constant dense<1.0> : tensor<3x1xf32>
  // CHECK: %[[C:.*]] = hlo.constant
  // CHECK-NEXT: %[[BA:.*]] = hlo.broadcast_in_dim %[[A]], dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [0, 1, 2] : (tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %[[BC:.*]] = hlo.broadcast_in_dim %[[C]], dims = [1, 2] : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: hlo.clamp %[[BA]], %[[BB]], %[[BC]] : tensor<2x3x4xf32>
  %0 = hlo.clamp %a, %b, %c : (tensor<4xf32>, tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// An op whose operands already have the result's static shape is left as
// it is.
// CHECK-LABEL: func.func @already_legal
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>)
func.func @already_legal(%a: tensor<2x3xf32>) -> tensor<2x3xi1> {
  // CHECK-NEXT: %[[R:.*]] = hlo.compare LT, %[[A]], %[[A]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK-NEXT: return %[[R]]
  %0 = hlo.compare LT, %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// Rank-0 operands broadcast with dims = [].
// CHECK-LABEL: func.func @rank0
// CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[X:.*]]: tensor<3x4xf32>)
func.func @rank0(%s: tensor<f32>, %x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // CHECK-NEXT: %[[BS:.*]] = hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  // CHECK-NEXT: hlo.subtract %[[BS]], %[[X]] : tensor<3x4xf32>
  %0 = hlo.subtract %s, %x : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// XLA broadcast_dimensions, composed with size-1 stretching: 4 + 1x2 with
// dims [0] is 4x2, and 1x2 onto 4x3x1 with dims [1, 2] is 4x3x2.
// CHECK-LABEL: func.func @xla_broadcast_dimensions
// CHECK-SAME: (%[[V:.*]]: tensor<4xf32>, %[[M:.*]]: tensor<1x2xf32>, %[[N:.*]]: tensor<4x3x1xf32>)
func.func @xla_broadcast_dimensions(%v: tensor<4xf32>, %m: tensor<1x2xf32>, %n: tensor<4x3x1xf32>) -> (tensor<4x2xf32>, tensor<4x3x2xf32>) {
  // CHECK-NEXT: %[[BV:.*]] = hlo.broadcast_in_dim %[[V]], dims = [0] : (tensor<4xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: %[[BM:.*]] = hlo.broadcast_in_dim %[[M]], dims = [0, 1] : (tensor<1x2xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: %[[R0:.*]] = hlo.add %[[BV]], %[[BM]] : tensor<4x2xf32>
  %0 = hlo.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: %[[BM2:.*]] = hlo.broadcast_in_dim %[[M]], dims = [1, 2] : (tensor<1x2xf32>) -> tensor<4x3x2xf32>
  // CHECK-NEXT: %[[BN:.*]] = hlo.broadcast_in_dim %[[N]], dims = [0, 1, 2] : (tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  // CHECK-NEXT: %[[R1:.*]] = hlo.multiply %[[BM2]], %[[BN]] : tensor<4x3x2xf32>
  %1 = hlo.multiply %m, %n {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  // CHECK-NEXT: return %[[R0]], %[[R1]]
  return %0, %1 : tensor<4x2xf32>, tensor<4x3x2xf32>
}

// -----

// A column vector with dims [0] under every static policy that allows it.
// CHECK-LABEL: func.func @xla_column
// CHECK-SAME: (%[[M:.*]]: tensor<2x3xi32>, %[[C:.*]]: tensor<2xi32>)
func.func @xla_column(%m: tensor<2x3xi32>, %c: tensor<2xi32>) -> tensor<2x3xi32> {
  // CHECK-NEXT: %[[BC:.*]] = hlo.broadcast_in_dim %[[C]], dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_left %[[M]], %[[BC]] : tensor<2x3xi32>
  %0 = hlo.shift_left %m, %c {broadcast_dimensions = array<i64: 0>, broadcast_policy = "rank"} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// select with three differently shaped operands: each is broadcast,
// keeping its own element type.
// CHECK-LABEL: func.func @select_three_shapes
// CHECK-SAME: (%[[P:.*]]: tensor<4x1xi1>, %[[A:.*]]: tensor<1x5xf32>, %[[B:.*]]: tensor<f32>)
func.func @select_three_shapes(%p: tensor<4x1xi1>, %a: tensor<1x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // CHECK-NEXT: %[[BP:.*]] = hlo.broadcast_in_dim %[[P]], dims = [0, 1] : (tensor<4x1xi1>) -> tensor<4x5xi1>
  // CHECK-NEXT: %[[BA:.*]] = hlo.broadcast_in_dim %[[A]], dims = [0, 1] : (tensor<1x5xf32>) -> tensor<4x5xf32>
  // CHECK-NEXT: %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [] : (tensor<f32>) -> tensor<4x5xf32>
  // CHECK-NEXT: hlo.select %[[BP]], %[[BA]], %[[BB]] : tensor<4x5xi1>, tensor<4x5xf32>
  %0 = hlo.select %p, %a, %b : (tensor<4x1xi1>, tensor<1x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Static shapes under the rank, scalar and none policies: nothing
// stretches, so only rank expansion and scalars are broadcast.
// CHECK-LABEL: func.func @static_policies
// CHECK-SAME: (%[[V:.*]]: tensor<4xf32>, %[[M:.*]]: tensor<3x4xf32>, %[[S:.*]]: tensor<f32>)
func.func @static_policies(%v: tensor<4xf32>, %m: tensor<3x4xf32>, %s: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  // CHECK-NEXT: %[[BV:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[R0:.*]] = hlo.maximum %[[BV]], %[[M]] : tensor<3x4xf32>
  %0 = hlo.maximum %v, %m {broadcast_policy = "rank"} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[BS:.*]] = hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[R1:.*]] = hlo.minimum %[[M]], %[[BS]] : tensor<3x4xf32>
  %1 = hlo.minimum %m, %s {broadcast_policy = "scalar"} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[R2:.*]] = hlo.divide %[[M]], %[[M]] : tensor<3x4xf32>
  %2 = hlo.divide %m, %m {broadcast_policy = "none"} : tensor<3x4xf32>
  // CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]]
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Dynamic shapes, numpy policy
//===----------------------------------------------------------------------===//

// The chlo-legalize-to-stablehlo structure: shapes, cstr_broadcastable,
// and inside shape.assuming the result shape and the broadcasts. Operand
// #0 dim 0 is non-expanding (no other operand has that dim); the other
// `?` dims may be 1 at run time, so nothing is known about them.
// CHECK-LABEL: func.func @numpy_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
func.func @numpy_dynamic(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  // CHECK-NEXT: %[[SA:.*]] = shape.shape_of %[[A]] : tensor<?x?xf32> -> tensor<2xindex>
  // CHECK-NEXT: %[[SB:.*]] = shape.shape_of %[[B]] : tensor<?xf32> -> tensor<1xindex>
  // CHECK-NEXT: %[[W:.*]] = shape.cstr_broadcastable %[[SA]], %[[SB]] : tensor<2xindex>, tensor<1xindex>
  // CHECK-NEXT: %[[R:.*]] = shape.assuming %[[W]] -> (tensor<?x?xf32>) {
  // CHECK-NEXT:   %[[S:.*]] = shape.broadcast %[[SA]], %[[SB]] : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  // CHECK-NEXT:   %[[BA:.*]] = hlo.dynamic_broadcast_in_dim %[[A]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT:   %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT:   %[[SUM:.*]] = hlo.add %[[BA]], %[[BB]] : tensor<?x?xf32>
  // CHECK-NEXT:   shape.assuming_yield %[[SUM]] : tensor<?x?xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]] : tensor<?x?xf32>
  %0 = hlo.add %a, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Equal dynamic types still broadcast: either `?` may be 1 at run time.
// CHECK-LABEL: func.func @numpy_same_dynamic_type
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>)
func.func @numpy_same_dynamic_type(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: shape.cstr_broadcastable
  // CHECK: shape.assuming
  // CHECK: hlo.dynamic_broadcast_in_dim %[[A]], %{{.*}}, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[B]], %{{.*}}, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %0 = hlo.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// `?x4` with `4` is compatible for every run-time size, so there is no
// check; the operand that has the result's shape gives it.
// CHECK-LABEL: func.func @numpy_bias
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<4xf32>)
func.func @numpy_bias(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  // CHECK-NEXT: %[[S:.*]] = shape.shape_of %[[X]] : tensor<?x4xf32> -> tensor<2xindex>
  // CHECK-NEXT: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  // CHECK-NEXT: %[[R:.*]] = hlo.add %[[X]], %[[BB]] : tensor<?x4xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = hlo.add %x, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// known_* attributes: a static 1 against a larger static size expands,
// equal static sizes do not, a could-be-1 `?` is in neither list.
// CHECK-LABEL: func.func @numpy_known_dims
// CHECK-SAME: (%[[A:.*]]: tensor<1x?xf32>, %[[B:.*]]: tensor<5x?xf32>)
func.func @numpy_known_dims(%a: tensor<1x?xf32>, %b: tensor<5x?xf32>) -> tensor<5x?xf32> {
  // CHECK: shape.cstr_broadcastable
  // CHECK: hlo.dynamic_broadcast_in_dim %[[A]], %{{.*}}, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<5x?xf32>
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[B]], %{{.*}}, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<5x?xf32>, tensor<2xindex>) -> tensor<5x?xf32>
  %0 = hlo.add %a, %b : (tensor<1x?xf32>, tensor<5x?xf32>) -> tensor<5x?xf32>
  return %0 : tensor<5x?xf32>
}

// -----

// The outer product of two dynamic vectors needs no check: each `?` faces
// only 1s. Each operand is non-expanding in its own `?` dim.
// CHECK-LABEL: func.func @numpy_outer
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xf32>, %[[B:.*]]: tensor<1x?xf32>)
func.func @numpy_outer(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  // CHECK-NOT: cstr_broadcastable
  // CHECK: %[[S:.*]] = shape.broadcast
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[A]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>}
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>}
  %0 = hlo.add %a, %b : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A result declared less static than inferred keeps its type; the run-time
// shape is the inferred constant.
// CHECK-LABEL: func.func @less_static_result
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<1xf32>)
func.func @less_static_result(%a: tensor<4xf32>, %b: tensor<1xf32>) -> tensor<?xf32> {
  // CHECK-NEXT: %[[S:.*]] = shape.const_shape [4] : tensor<1xindex>
  // CHECK-NEXT: %[[BA:.*]] = hlo.dynamic_broadcast_in_dim %[[A]], %[[S]], dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1xindex>) -> tensor<?xf32>
  // CHECK-NEXT: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [0] {known_expanding_dimensions = array<i64: 0>} : (tensor<1xf32>, tensor<1xindex>) -> tensor<?xf32>
  // CHECK-NEXT: hlo.add %[[BA]], %[[BB]] : tensor<?xf32>
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<1xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// clamp with three differently shaped operands, one of them rank 0.
// CHECK-LABEL: func.func @clamp_three_shapes
// CHECK-SAME: (%[[LO:.*]]: tensor<f32>, %[[X:.*]]: tensor<?x?xf32>, %[[HI:.*]]: tensor<?xf32>)
func.func @clamp_three_shapes(%lo: tensor<f32>, %x: tensor<?x?xf32>, %hi: tensor<?xf32>) -> tensor<?x?xf32> {
  // CHECK-NEXT: %[[SX:.*]] = shape.shape_of %[[X]]
  // CHECK-NEXT: %[[SH:.*]] = shape.shape_of %[[HI]]
  // CHECK-NEXT: %[[W:.*]] = shape.cstr_broadcastable %[[SX]], %[[SH]] : tensor<2xindex>, tensor<1xindex>
  // CHECK-NEXT: shape.assuming %[[W]] -> (tensor<?x?xf32>) {
  // CHECK-NEXT: %[[S:.*]] = shape.broadcast %[[SX]], %[[SH]]
  // CHECK-NEXT: %[[BL:.*]] = hlo.dynamic_broadcast_in_dim %[[LO]], %[[S]], dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: %[[BX:.*]] = hlo.dynamic_broadcast_in_dim %[[X]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>}
  // CHECK-NEXT: %[[BH:.*]] = hlo.dynamic_broadcast_in_dim %[[HI]], %[[S]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.clamp %[[BL]], %[[BX]], %[[BH]] : tensor<?x?xf32>
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// select with three differently shaped dynamic operands; the predicate
// keeps i1 elements.
// CHECK-LABEL: func.func @select_dynamic
// CHECK-SAME: (%[[P:.*]]: tensor<?x1xi1>, %[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
func.func @select_dynamic(%p: tensor<?x1xi1>, %a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  // CHECK: %[[W:.*]] = shape.cstr_broadcastable %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xindex>, tensor<2xindex>, tensor<1xindex>
  // CHECK: %[[S:.*]] = shape.broadcast %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xindex>, tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  // CHECK-NEXT: %[[BP:.*]] = hlo.dynamic_broadcast_in_dim %[[P]], %[[S]], dims = [0, 1] : (tensor<?x1xi1>, tensor<2xindex>) -> tensor<?x?xi1>
  // CHECK-NEXT: %[[BA:.*]] = hlo.dynamic_broadcast_in_dim %[[A]], %[[S]], dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.select %[[BP]], %[[BA]], %[[BB]] : tensor<?x?xi1>, tensor<?x?xf32>
  %0 = hlo.select %p, %a, %b : (tensor<?x1xi1>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// compare keeps its direction and type; a rank-0 operand against a
// dynamic vector needs no check.
// CHECK-LABEL: func.func @compare_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<f32>)
func.func @compare_dynamic(%a: tensor<?xf32>, %b: tensor<f32>) -> tensor<?xi1> {
  // CHECK-NEXT: %[[S:.*]] = shape.shape_of %[[A]] : tensor<?xf32> -> tensor<1xindex>
  // CHECK-NEXT: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [] : (tensor<f32>, tensor<1xindex>) -> tensor<?xf32>
  // CHECK-NEXT: hlo.compare GT, %[[A]], %[[BB]], FLOAT : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  %0 = hlo.compare GT, %a, %b, FLOAT : (tensor<?xf32>, tensor<f32>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

// broadcast_dimensions that leave a gap with dynamic sizes: the column's
// shape at the result's rank is built from its extents for the check and
// the result shape, as tensor.from_elements (no !shape.shape, which MLIR 19
// neither lowers nor bufferizes).
// CHECK-LABEL: func.func @xla_dynamic_column
// CHECK-SAME: (%[[M:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?xf32>)
func.func @xla_dynamic_column(%m: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {
  // CHECK-DAG: %[[SM:.*]] = shape.shape_of %[[M]] : tensor<?x?xf32> -> tensor<2xindex>
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[SC:.*]] = shape.shape_of %[[C]] : tensor<?xf32> -> tensor<1xindex>
  // CHECK: %[[E:.*]] = shape.get_extent %[[SC]], %[[C0]] : tensor<1xindex>, index -> index
  // CHECK-NEXT: %[[AC:.*]] = tensor.from_elements %[[E]], %[[C1]] : tensor<2xindex>
  // CHECK-NEXT: %[[W:.*]] = shape.cstr_broadcastable %[[SM]], %[[AC]] : tensor<2xindex>, tensor<2xindex>
  // CHECK-NEXT: shape.assuming %[[W]] -> (tensor<?x?xf32>) {
  // CHECK-NEXT: %[[S:.*]] = shape.broadcast %[[SM]], %[[AC]] : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[M]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>}
  // CHECK-NEXT: hlo.dynamic_broadcast_in_dim %[[C]], %[[S]], dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = hlo.add %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A chain: the second op broadcasts the result of the first's assuming.
// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // CHECK: %[[R0:.*]] = shape.assuming
  // CHECK: hlo.add
  // CHECK: %[[S:.*]] = shape.shape_of %[[R0]]
  // CHECK-NEXT: %[[BZ:.*]] = hlo.dynamic_broadcast_in_dim %{{.*}}, %[[S]], dims = []
  // CHECK-NEXT: hlo.maximum %[[R0]], %[[BZ]] : tensor<?x?xf32>
  %0 = hlo.add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = hlo.maximum %0, %zero : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Dynamic shapes, rank / scalar / none policies: exact run-time checks
//===----------------------------------------------------------------------===//

// Under "rank" a dynamic size must equal the other sizes of its dim; the
// message names the op, the operands and the dim. Every dim is
// non-expanding, and the operands are cast to the static result through
// dynamic_broadcast_in_dim.
// CHECK-LABEL: func.func @rank_policy
// CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<3x?xf32>)
func.func @rank_policy(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>) -> tensor<3x4xf32> {
  // CHECK-NEXT: %[[SA:.*]] = shape.shape_of %[[A]]
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[EA:.*]] = shape.get_extent %[[SA]], %[[C0]] : tensor<2xindex>, index -> index
  // CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[EQ0:.*]] = arith.cmpi eq, %[[EA]], %[[C3]] : index
  // CHECK-NEXT: %[[W0:.*]] = shape.cstr_require %[[EQ0]], "legalize-broadcasts.mlir:{{[0-9]+}}:{{[0-9]+}}: 'hlo.add' op in @rank_policy: operands #0 and #1 are not broadcast compatible: dim 0 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22rank\22 does not stretch size-1 dims)"
  // CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[SB:.*]] = shape.shape_of %[[B]]
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[EB:.*]] = shape.get_extent %[[SB]], %[[C1]]
  // CHECK-NEXT: %[[EQ1:.*]] = arith.cmpi eq, %[[C4]], %[[EB]] : index
  // CHECK-NEXT: %[[W1:.*]] = shape.cstr_require %[[EQ1]], "{{.*}}: 'hlo.add' op in @rank_policy: operands #0 and #1 are not broadcast compatible: dim 1 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22rank\22 does not stretch size-1 dims)"
  // CHECK-NEXT: %[[W:.*]] = shape.assuming_all %[[W0]], %[[W1]]
  // CHECK-NEXT: shape.assuming %[[W]] -> (tensor<3x4xf32>) {
  // CHECK-NEXT: %[[S:.*]] = shape.const_shape [3, 4] : tensor<2xindex>
  // CHECK-NEXT: %[[BA:.*]] = hlo.dynamic_broadcast_in_dim %[[A]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[BB:.*]] = hlo.dynamic_broadcast_in_dim %[[B]], %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<3x?xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  // CHECK-NEXT: hlo.add %[[BA]], %[[BB]] : tensor<3x4xf32>
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// "rank" with rank expansion and only dynamic sizes in a dim: the sizes
// are compared with each other. The matrix already has the result's shape
// at run time, so it is used as is and gives the result shape.
// CHECK-LABEL: func.func @rank_policy_dynamic
// CHECK-SAME: (%[[V:.*]]: tensor<?xf32>, %[[M:.*]]: tensor<?x?xf32>)
func.func @rank_policy_dynamic(%v: tensor<?xf32>, %m: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // CHECK-NEXT: %[[SM:.*]] = shape.shape_of %[[M]]
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[EM:.*]] = shape.get_extent %[[SM]], %[[C1]] : tensor<2xindex>, index -> index
  // CHECK: %[[EV:.*]] = shape.get_extent %{{.*}}, %{{.*}} : tensor<1xindex>, index -> index
  // CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[EM]], %[[EV]] : index
  // CHECK-NEXT: %[[W:.*]] = shape.cstr_require %[[EQ]], "{{.*}}: 'hlo.add' op in @rank_policy_dynamic: operands #0 and #1 are not broadcast compatible: dim 1 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22rank\22 does not stretch size-1 dims)"
  // CHECK-NEXT: shape.assuming %[[W]] -> (tensor<?x?xf32>) {
  // CHECK-NEXT: %[[BV:.*]] = hlo.dynamic_broadcast_in_dim %[[V]], %[[SM]], dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: hlo.add %[[M]], %[[BV]] : tensor<?x?xf32>
  %0 = hlo.add %m, %v {broadcast_policy = "rank"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Under "scalar" a rank-0 operand broadcasts without a check; the two
// matrices must agree in their dynamic dim.
// CHECK-LABEL: func.func @scalar_policy
// CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[X:.*]]: tensor<?x4xf32>, %[[Y:.*]]: tensor<?x4xf32>)
func.func @scalar_policy(%s: tensor<f32>, %x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // CHECK-NEXT: %[[SX:.*]] = shape.shape_of %[[X]]
  // CHECK-NEXT: %[[BS:.*]] = hlo.dynamic_broadcast_in_dim %[[S]], %[[SX]], dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x4xf32>
  // CHECK-NEXT: %[[R0:.*]] = hlo.add %[[BS]], %[[X]] : tensor<?x4xf32>
  %0 = hlo.add %s, %x {broadcast_policy = "scalar"} : (tensor<f32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  // CHECK: arith.cmpi eq
  // CHECK-NEXT: %[[W:.*]] = shape.cstr_require %{{.*}}, "{{.*}}: 'hlo.add' op in @scalar_policy: operands #0 and #1 are not broadcast compatible: dim 0 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22scalar\22 does not stretch size-1 dims)"
  // CHECK-NEXT: shape.assuming %[[W]] -> (tensor<?x4xf32>) {
  // CHECK-NEXT: hlo.add %[[R0]], %[[Y]] : tensor<?x4xf32>
  // CHECK-NEXT: shape.assuming_yield
  %1 = hlo.add %0, %y {broadcast_policy = "scalar"} : tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// Under "none" shapes are identical: the check compares the dynamic
// sizes, and operands already of the result type are not broadcast.
// CHECK-LABEL: func.func @none_policy
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xi32>, %[[Y:.*]]: tensor<?x?xi32>)
func.func @none_policy(%x: tensor<?x?xi32>, %y: tensor<?x?xi32>) -> tensor<?x?xi32> {
  // CHECK: shape.cstr_require %{{.*}}, "{{.*}}: 'hlo.xor' op in @none_policy: operands #0 and #1 are not broadcast compatible: dim 0 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22none\22 does not stretch size-1 dims)"
  // CHECK: shape.cstr_require %{{.*}}, "{{.*}}: 'hlo.xor' op in @none_policy: operands #0 and #1 are not broadcast compatible: dim 1 is {0} in operand #0 and {1} in operand #1 (broadcast_policy \22none\22 does not stretch size-1 dims)"
  // CHECK-NOT: dynamic_broadcast_in_dim
  // CHECK: shape.assuming %
  // CHECK-NEXT: hlo.xor %[[X]], %[[Y]] : tensor<?x?xi32>
  %0 = hlo.xor %x, %y {broadcast_policy = "none"} : tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
