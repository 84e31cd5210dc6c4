// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims | FileCheck %s
//
// linalg-fold-unit-extent-dims (dialects/linalg/transforms/
// fold_unit_extent_dims.go): unit loops and unit operand dims disappear
// behind tensor.collapse_shape / tensor.expand_shape. The pass's test
// (fold_unit_extent_dims_test.go) runs every case of this file through
// mlir-opt-19 too and compares the structure; the deliberate differences
// (reduction loops kept, reshapes at their sources and users) are on the pass.

// Both loops of a 1x4096 add: the unit loop goes, every operand collapses,
// the result is expanded back. The collapses sit at the start of the
// function (their sources are arguments), the expand just before its use.
// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @unit_loop_dims
// CHECK-SAME: (%[[A:.*]]: tensor<1x4096xf32>, %[[B:.*]]: tensor<1x4096xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[CB:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[CA]], %[[CB]] : tensor<4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096xf32>)
// CHECK: } -> tensor<4096xf32>
// CHECK-NEXT: %[[X:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [1, 4096] : tensor<4096xf32> into tensor<1x4096xf32>
// CHECK-NEXT: return %[[X]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @unit_loop_dims(%a: tensor<1x4096xf32>, %b: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %e = tensor.empty() : tensor<1x4096xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x4096xf32>, tensor<1x4096xf32>) outs(%e : tensor<1x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x4096xf32>
  return %0 : tensor<1x4096xf32>
}

// -----

// W2: the outer sum keeps both loops; each operand's broadcast unit dim
// (a constant-0 index on a size-1 dim) goes, so both are read as vectors.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unit_operand_dims
// CHECK-SAME: (%[[A:.*]]: tensor<4096x1xf32>, %[[B:.*]]: tensor<1x4096xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<4096x1xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[CB:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[COL]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[CA]], %[[CB]] : tensor<4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[G]]
func.func @unit_operand_dims(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %e = tensor.empty() : tensor<4096x4096xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4096x1xf32>, tensor<1x4096xf32>) outs(%e : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// A unit dim joins the group of the next kept dim ([[0, 1], [2]]); a run
// of leading unit dims joins the first kept dim ([[0, 1, 2]]).
// CHECK-DAG: #[[M02:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[M2:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @unit_middle_dim
// CHECK-SAME: (%[[A:.*]]: tensor<64x1x1024xf32>, %[[C:.*]]: tensor<64x256x1024xf32>, %[[D:.*]]: tensor<1x1x1024xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<64x1x1024xf32> into tensor<64x1024xf32>
// CHECK-NEXT: %[[CD:.*]] = tensor.collapse_shape %[[D]] {{\[}}[0, 1, 2]] : tensor<1x1x1024xf32> into tensor<1024xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<64x256x1024xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[M02]], #[[ID3]], #[[M2]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[CA]], %[[C]], %[[CD]] : tensor<64x1024xf32>, tensor<64x256x1024xf32>, tensor<1024xf32>) outs(%[[E]] : tensor<64x256x1024xf32>)
func.func @unit_middle_dim(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1x1x1024xf32>) -> tensor<64x256x1024xf32> {
  %e = tensor.empty() : tensor<64x256x1024xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %c, %d : tensor<64x1x1024xf32>, tensor<64x256x1024xf32>, tensor<1x1x1024xf32>) outs(%e : tensor<64x256x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    linalg.yield %s : f32
  } -> tensor<64x256x1024xf32>
  return %0 : tensor<64x256x1024xf32>
}

// -----

// Rank-0 tensors and scalars have no dims to drop; their maps only lose
// the dropped loop.
// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @rank0_operands
// CHECK-SAME: (%[[X:.*]]: tensor<1x8xf32>, %[[S:.*]]: tensor<f32>, %[[F:.*]]: f32)
// CHECK-NEXT: %[[CX:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[SCALAR]], #[[SCALAR]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[CX]], %[[S]], %[[F]] : tensor<8xf32>, tensor<f32>, f32) outs(%[[E]] : tensor<8xf32>)
// CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
func.func @rank0_operands(%x: tensor<1x8xf32>, %s: tensor<f32>, %f: f32) -> tensor<1x8xf32> {
  %e = tensor.empty() : tensor<1x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s, %f : tensor<1x8xf32>, tensor<f32>, f32) outs(%e : tensor<1x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %m, %c : f32
    linalg.yield %r : f32
  } -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// Every loop is unit: a generic over no loops on rank-0 tensors, reshaped
// with empty reassociations.
// CHECK-DAG: #[[NONE:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @all_unit
// CHECK-SAME: (%[[A:.*]]: tensor<1x1xf32>, %[[B:.*]]: tensor<f32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[NONE]], #[[NONE]], #[[NONE]]], iterator_types = []} ins(%[[CA]], %[[B]] : tensor<f32>, tensor<f32>) outs(%[[E]] : tensor<f32>)
// CHECK: tensor.expand_shape %[[G]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @all_unit(%a: tensor<1x1xf32>, %b: tensor<f32>) -> tensor<1x1xf32> {
  %e = tensor.empty() : tensor<1x1xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x1xf32>, tensor<f32>) outs(%e : tensor<1x1xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// Dynamic dims stay; a static 1 read at index 0 beside them still goes.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_dims
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xf32>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[CA]], %[[B]] : tensor<?xf32>, tensor<?x?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[G]]
func.func @dynamic_dims(%a: tensor<?x1xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %b, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<?x1xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A loop that one operand reads with a dynamic size is never dropped, even
// if another reads it with size 1 (the dynamic one must then be 1 at run
// time, but nothing is assumed).
// CHECK-LABEL: func.func @dynamic_never_unit
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x4xf32>, tensor<1x4xf32>)
// CHECK-NOT: tensor.expand_shape
func.func @dynamic_never_unit(%a: tensor<?x4xf32>, %b: tensor<1x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d0) : tensor<?x4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<?x4xf32>, tensor<1x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A dynamic result dim is expanded back with the init's size: a tensor.dim
// of the init right after it is defined (here, at the start).
// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dynamic_result
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xf32>, %[[O:.*]]: tensor<?x1xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: %[[CO:.*]] = tensor.collapse_shape %[[O]] {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[O]], %[[C0]] : tensor<?x1xf32>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[CA]] : tensor<?xf32>) outs(%[[CO]] : tensor<?xf32>)
// CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [%[[D]], 1] : tensor<?xf32> into tensor<?x1xf32>
func.func @dynamic_result(%a: tensor<?x1xf32>, %o: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x1xf32>) outs(%o : tensor<?x1xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// A reduction keeps its reduction loop; its unit parallel loop goes.
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduction
// CHECK: %[[CA:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK: %[[CI:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[CA]] : tensor<4x8xf32>) outs(%[[CI]] : tensor<4xf32>)
// CHECK: tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
func.func @reduction(%a: tensor<4x1x8xf32>, %init: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<4x1x8xf32>) outs(%init : tensor<4x1xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// A reduction loop of extent 1 is kept (MLIR drops it and turns the op
// into an elementwise one; see the pass's doc comment).
// CHECK-LABEL: func.func @unit_reduction
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x1xf32>) outs(%arg1 : tensor<4xf32>)
func.func @unit_reduction(%a: tensor<4x1xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x1xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// linalg.index of a dropped loop is 0; the others are renumbered.
// The old loop 1 is now loop 0; what read loop 0 reads the constant 0.
// CHECK-LABEL: func.func @index_ops
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0(%{{.*}}: i64, %{{.*}}: i64):
// CHECK-NEXT: %[[J:.*]] = linalg.index 0 : index
// CHECK-NOT: linalg.index
// CHECK: arith.index_cast %[[J]] : index to i64
// CHECK: linalg.yield
func.func @index_ops(%a: tensor<1x8xi64>) -> tensor<1x8xi64> {
  %e = tensor.empty() : tensor<1x8xi64>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x8xi64>) outs(%e : tensor<1x8xi64>) {
  ^bb0(%x: i64, %o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %j, %i : index
    %c = arith.index_cast %k : index to i64
    %jc = arith.index_cast %j : index to i64
    %s = arith.addi %x, %c : i64
    %t = arith.addi %s, %jc : i64
    linalg.yield %t : i64
  } -> tensor<1x8xi64>
  return %0 : tensor<1x8xi64>
}

// -----

// Two folded generics in a row: the consumer's collapse of the producer's
// expand folds away, so the producer's 1-D result feeds the consumer.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-3: tensor.collapse_shape
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[P]], %{{.*}} : tensor<4096xf32>, tensor<4096xf32>)
// CHECK: %[[X:.*]] = tensor.expand_shape %[[Q]] {{\[}}[0, 1]] output_shape [1, 4096]
// CHECK-NEXT: return %[[X]]
func.func @chain(%a: tensor<1x4096xf32>, %b: tensor<1x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %e = tensor.empty() : tensor<1x4096xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x4096xf32>, tensor<1x4096xf32>) outs(%e : tensor<1x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x4096xf32>
  %e2 = tensor.empty() : tensor<1x4096xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0, %c : tensor<1x4096xf32>, tensor<1x4096xf32>) outs(%e2 : tensor<1x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x4096xf32>
  return %1 : tensor<1x4096xf32>
}

// -----

// A result used twice: the consumer reads the 1-D result, the other use
// gets an expand_shape placed just before it.
// CHECK-LABEL: func.func @multi_use_result
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[P]], %{{.*}} : tensor<8xf32>, tensor<8xf32>)
// CHECK: %[[XQ:.*]] = tensor.expand_shape %[[Q]]
// CHECK-NEXT: %[[XP:.*]] = tensor.expand_shape %[[P]]
// CHECK-NEXT: return %[[XQ]], %[[XP]]
func.func @multi_use_result(%a: tensor<1x8xf32>, %b: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %e = tensor.empty() : tensor<1x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x8xf32>) outs(%e : tensor<1x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<1x8xf32>
  %e2 = tensor.empty() : tensor<1x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<1x8xf32>, tensor<1x8xf32>) outs(%e2 : tensor<1x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x8xf32>
  return %1, %0 : tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// Nothing to do without unit dims.
// CHECK-LABEL: func.func @no_unit_dims
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32>)
// CHECK-NOT: tensor.expand_shape
func.func @no_unit_dims(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
