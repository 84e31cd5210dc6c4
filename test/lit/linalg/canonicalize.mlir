// RUN: bcast-opt %s --canonicalize --split-input-file | FileCheck %s
//
// linalg.generic's canonicalization patterns (dialects/linalg/canonicalize.go):
// identity generics go, duplicate inputs merge, unused inputs and dead
// results are dropped, splat-constant inputs become scalar constants; and
// tensor.dim of a generic's result reads its init, as does an
// expand_shape's output_shape (canonicalize_sizes.go). Each case also shows
// where a pattern must not fire.

// A body that only yields an input read through the same permutation as
// the output is a copy: the input replaces it, through tensor.cast when
// the result type is more static (as mlir-opt-19 --canonicalize does).
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>, %[[D:.*]]: tensor<?x4xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[D]] : tensor<?x4xf32> to tensor<8x4xf32>
// CHECK-NEXT: return %[[X]], %[[C]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @identity(%x: tensor<8x4xf32>, %d: tensor<?x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<?x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Not copies: a transpose, a broadcast, and a body that computes.
// CHECK-LABEL: func.func @not_identity
// CHECK-COUNT-3: linalg.generic
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @not_identity(%x: tensor<4x8xf32>, %b: tensor<4xf32>, %y: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %0 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  %1 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8x4xf32>
  return %0, %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// %x read twice through the identity map is one input; read through the
// transpose it is another, and stays.
// CHECK: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK: #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @dedup
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[T]], #[[ID]]]{{.*}} ins(%[[X]], %[[B]], %[[X]] : tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN0:.*]]: f32, %[[IN1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %[[IN0]] : f32
// CHECK-NEXT: arith.subf %[[S]], %[[IN1]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @dedup(%x: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #id, #t, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b, %x, %x : tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%a: f32, %c: f32, %a2: f32, %xt: f32, %out: f32):
    %m = arith.mulf %a, %a2 : f32
    %s = arith.addf %m, %c : f32
    %r = arith.subf %s, %xt : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Inputs the body does not read go; the other operands keep their order.
// An unread input that alone gives a loop its size (%x for the reduction
// loop d1 of a count) stays.
// CHECK-LABEL: func.func @unused
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<4x8xf32>, %{{.*}}: tensor<8xf32>, %[[ACC:.*]]: tensor<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[Y]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.negf %[[IN]]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<4x8xf32>) outs(%[[ACC]] : tensor<4xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @unused(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %b: tensor<8xf32>, %acc: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b, %y : tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %d: f32, %out: f32):
    %n = arith.negf %d : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %one = arith.constant 1.0 : f32
  %1 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %out, %one : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A splat-constant input becomes a scalar constant used in the body,
// reductions included; not when the splat alone sizes a loop (the
// reduction over %k's d1).
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[ACC:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[IN]], %[[TWO]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<4x8xf32>) outs(%[[ACC]] : tensor<4xf32>)
// CHECK-NEXT: ^bb0(%[[IN2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[IN2]], %[[HALF]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[K]] : tensor<4x8xf32>) outs(%[[ACC]] : tensor<4xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @splat(%x: tensor<4x8xf32>, %acc: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %k = arith.constant dense<2.0> : tensor<4x8xf32>
  %h = arith.constant dense<0.5> : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%k, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %b, %a : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #red], iterator_types = ["parallel", "reduction"]} ins(%x, %h : tensor<4x8xf32>, tensor<8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %2 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%k : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %out, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An unused result whose init the body does not read is dropped, with the
// ops only it needed. %q#1 is unused too, but its body reads the init
// (%out_0), so it stays.
// CHECK-LABEL: func.func @dead_result
// CHECK-SAME: (%[[X:.*]]: tensor<32xf32>, %[[Y:.*]]: tensor<32xf32>)
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[D:.*]] = arith.subf
// CHECK-NEXT: linalg.yield %[[D]] : f32
// CHECK-NEXT: } -> tensor<32xf32>
// CHECK: %[[Q:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %[[Y]] : tensor<32xf32>, tensor<32xf32>)
// CHECK: return %[[P]], %[[Q]]#0
#id = affine_map<(d0) -> (d0)>
func.func @dead_result(%x: tensor<32xf32>, %y: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %p:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<32xf32>, tensor<32xf32>) outs(%e, %e : tensor<32xf32>, tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %o2: f32):
    %s = arith.addf %a, %b : f32
    %d = arith.subf %a, %b : f32
    linalg.yield %s, %d : f32, f32
  } -> (tensor<32xf32>, tensor<32xf32>)
  %q:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e, %y : tensor<32xf32>, tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32, %o2: f32):
    %s = arith.addf %a, %o2 : f32
    linalg.yield %s, %a : f32, f32
  } -> (tensor<32xf32>, tensor<32xf32>)
  return %p#1, %q#0 : tensor<32xf32>, tensor<32xf32>
}

// -----

// The size of a generic's result is the size of its init, so reading it
// does not keep the generic alive.
// CHECK-LABEL: func.func @dim_of_result
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[D:.*]]: index)
// CHECK-NEXT: return %[[D]] : index
#id = affine_map<(d0) -> (d0)>
func.func @dim_of_result(%x: tensor<?xf32>, %d: index) -> index {
  %c0 = arith.constant 0 : index
  %e = tensor.empty(%d) : tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  %1 = tensor.dim %0, %c0 : tensor<?xf32>
  return %1 : index
}

// -----

// A dynamic output_shape entry of an expand_shape of a generic's result,
// alone in its group but for static 1s, is the size of the generic's
// init: two such expand_shapes of one value then match (cse merges them).
// Regression: an identity generic erased after
// linalg-fold-unit-extent-dims left the expand_shape of its result sized
// by its own init. The entry stays when it is a product (%q: the group
// has a static 2), when the source is not a generic (%r) and when the
// init is not a tensor.empty (%s).
// CHECK-LABEL: func.func @expand_size_of_result
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[D:.*]]: index, %[[M:.*]]: index, %[[I:.*]]: tensor<?x4xf32>)
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[H:.*]] = linalg.generic {{.*}} outs(%[[I]] : tensor<?x4xf32>)
// CHECK: %[[P:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1, 2], [3]] output_shape [1, %[[D]], 1, 4]
// CHECK-NEXT: %[[Q:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1], [2]] output_shape [%[[M]], 2, 4]
// CHECK-NEXT: %[[R:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2]] output_shape [%[[M]], 1, 4]
// CHECK-NEXT: %[[S:.*]] = tensor.expand_shape %[[H]] {{\[}}[0, 1], [2]] output_shape [%[[M]], 1, 4]
// CHECK-NEXT: return %[[P]], %[[Q]], %[[R]], %[[S]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @expand_size_of_result(%x: tensor<?x4xf32>, %d: index, %m: index, %i: tensor<?x4xf32>) -> (tensor<1x?x1x4xf32>, tensor<?x2x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>) {
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?x4xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%i : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?x4xf32>
  %p = tensor.expand_shape %0 [[0, 1, 2], [3]] output_shape [1, %m, 1, 4] : tensor<?x4xf32> into tensor<1x?x1x4xf32>
  %q = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%m, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %r = tensor.expand_shape %x [[0, 1], [2]] output_shape [%m, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
  %s = tensor.expand_shape %1 [[0, 1], [2]] output_shape [%m, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
  return %p, %q, %r, %s : tensor<1x?x1x4xf32>, tensor<?x2x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>
}
