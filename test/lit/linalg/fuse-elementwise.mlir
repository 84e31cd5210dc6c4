// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops | FileCheck %s
//
// linalg-fuse-elementwise-ops (dialects/linalg/transforms/
// fuse_elementwise.go): what fuses, and the canonical form of the fused
// generic. Inputs come in the order a depth-first walk of the body from the
// yielded values first reads them; the producer's body is inlined where the
// consumer read its result; the outs are the consumer's. Its test
// (fuse_elementwise_test.go) runs every case through mlir-opt-19 too; a
// `MLIR19-GENERICS: n` line gives the number of generics MLIR leaves where
// it differs on purpose; the others must print exactly as mlir-opt-19 does.

// Plain chain; the consumer reads its own input before the producer's.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[Y:.*]]: tensor<8x16xf32>, %[[Z:.*]]: tensor<8x16xf32>)
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[Z]], %[[X]], %[[Y]] : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) outs(%[[E]] : tensor<8x16xf32>) {
// CHECK-NEXT: ^bb0(%[[IZ:.*]]: f32, %[[IX:.*]]: f32, %[[IY:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[IX]], %[[IY]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[IZ]], %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK-NEXT: } -> tensor<8x16xf32>
// CHECK-NEXT: return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %z: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%z, %p : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A producer writing its result transposed: its input maps become
// producerArgMap o inverse(producerResultMap) o consumerOperandMap.
// CHECK-DAG: #[[TR:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed
// CHECK: linalg.generic {indexing_maps = [#[[TR]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<16x8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.negf
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @transposed(%x: tensor<8x16xf32>, %v: tensor<8xf32>) -> tensor<16x8xf32> {
  %e0 = tensor.empty() : tensor<16x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #tr], iterator_types = ["parallel", "parallel"]} ins(%x, %v : tensor<8x16xf32>, tensor<8xf32>) outs(%e0 : tensor<16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %e1 = tensor.empty() : tensor<16x8xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x8xf32>) outs(%e1 : tensor<16x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<16x8xf32>
  return %c : tensor<16x8xf32>
}

// -----

// A cheap producer read through a broadcasting map is fused: a multiply
// per consumer element costs less than a round trip through memory.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @cheap_broadcast
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IB:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[IB]], %[[TWO]] : f32
// CHECK-NEXT: arith.addf %[[IX]], %[[M]] : f32
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @cheap_broadcast(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<16xf32>
  %cst = arith.constant 2.0 : f32
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %cst : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %p : tensor<8x16xf32>, tensor<16xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b2: f32, %o: f32):
    %m = arith.addf %a, %b2 : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A cheap producer with two consumers is recomputed in each and then
// disappears (%p); one that is also returned stays (%q).
// MLIR19-GENERICS: 5 (MLIR fuses single-use producers only)
// CHECK-LABEL: func.func @cheap_multi_use
// CHECK-SAME: (%[[X:.*]]: tensor<32xf32>, %[[Y:.*]]: tensor<32xf32>)
// CHECK: %[[C1:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<32xf32>, tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: arith.negf
// CHECK: %[[C2:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<32xf32>, tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: arith.subf
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: linalg.yield
// CHECK: %[[C3:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.negf
// CHECK-NOT: linalg.generic
// CHECK: return %[[C1]], %[[C2]], %[[C3]], %[[Q]]
#id = affine_map<(d0) -> (d0)>
func.func @cheap_multi_use(%x: tensor<32xf32>, %y: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.maximumf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  %c2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %x : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %n = arith.subf %a, %b : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%q : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %c1, %c2, %c3, %q : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
}

// -----

// Inputs the consumer and the producer share (same value, same map) are
// read once.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @dedup
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IB:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[IX]], %[[IB]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[S]], %[[IB]] : f32
// CHECK-NEXT: arith.subf %[[M]], %[[IX]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @dedup(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #col, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %b, %x : tensor<8x16xf32>, tensor<16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c2: f32, %d: f32, %o: f32):
    %m = arith.mulf %a, %c2 : f32
    %n = arith.subf %m, %d : f32
    linalg.yield %n : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A splat constant input becomes a scalar constant used in the body; the
// tensor constant goes.
// CHECK-LABEL: func.func @splat
// CHECK-NEXT: %[[C:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.generic {{.*}} ins(%arg0 : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.minimumf %[[IN]], %[[C]] : f32
// CHECK-NOT: dense
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @splat(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %z = arith.constant dense<1.5> : tensor<8x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%z, %x : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.minimumf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A splat constant read through a broadcasting map, in a reduction: the
// rewrite applies to any generic on tensors.
// CHECK-LABEL: func.func @splat_reduction
// CHECK: %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[IN]], %[[H]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @splat_reduction(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %h = arith.constant dense<0.5> : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #red], iterator_types = ["parallel", "reduction"]} ins(%x, %h : tensor<4x8xf32>, tensor<8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// linalg.index in the producer reads the consumer loop its own loop maps
// to (here the consumer's loop 0: the consumer reads it transposed).
// CHECK-LABEL: func.func @index
// CHECK: ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[IN]], %[[II]] : i32
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[JJ:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT: arith.muli %[[S]], %[[JJ]] : i32
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @index(%x: tensor<8x16xi32>) -> tensor<16x8xi32> {
  %e0 = tensor.empty() : tensor<8x16xi32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xi32>) outs(%e0 : tensor<8x16xi32>) {
  ^bb0(%a: i32, %o: i32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %a, %ii : i32
    linalg.yield %s : i32
  } -> tensor<8x16xi32>
  %e1 = tensor.empty() : tensor<16x8xi32>
  %c = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<8x16xi32>) outs(%e1 : tensor<16x8xi32>) {
  ^bb0(%a: i32, %o: i32):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i32
    %m = arith.muli %a, %jj : i32
    linalg.yield %m : i32
  } -> tensor<16x8xi32>
  return %c : tensor<16x8xi32>
}

// -----

// A producer whose body reads its init: the init becomes an input of the
// fused generic.
// MLIR19-GENERICS: 1 (MLIR keeps the init as a second output instead)
// CHECK-LABEL: func.func @reads_init
// CHECK-SAME: (%[[X:.*]]: tensor<32xf32>, %[[ACC:.*]]: tensor<32xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[ACC]], %[[X]] : tensor<32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK-NEXT: ^bb0(%[[IA:.*]]: f32, %[[IX:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[IA]], %[[IX]] : f32
// CHECK-NEXT: arith.negf %[[S]]
#id = affine_map<(d0) -> (d0)>
func.func @reads_init(%x: tensor<32xf32>, %acc: tensor<32xf32>) -> tensor<32xf32> {
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%acc : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %e = tensor.empty() : tensor<32xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %c : tensor<32xf32>
}

// -----

// An expensive producer read once per element is fused: the loop dim the
// consumer's map leaves out has extent 1, so nothing is recomputed (and
// the answer is the same after linalg-fold-unit-extent-dims drops it).
// CHECK-LABEL: func.func @expensive_unit_dim
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<8xf32>, tensor<8x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @expensive_unit_dim(%x: tensor<8xf32>, %y: tensor<8x1xf32>) -> tensor<8x1xf32> {
  %e0 = tensor.empty() : tensor<8xf32>
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.exp %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x1xf32>
  %c = linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %y : tensor<8xf32>, tensor<8x1xf32>) outs(%e1 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x1xf32>
  return %c : tensor<8x1xf32>
}

// -----

// An expensive producer its only consumer reads twice through the same
// map: both reads fuse at once and tanh runs once per element.
// CHECK-LABEL: func.func @expensive_same_consumer
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<32xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[IN]] : f32
// CHECK-NEXT: arith.mulf %[[T]], %[[T]] : f32
// CHECK-NOT: linalg.generic
#id = affine_map<(d0) -> (d0)>
func.func @expensive_same_consumer(%x: tensor<32xf32>) -> tensor<32xf32> {
  %e = tensor.empty() : tensor<32xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.tanh %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %p : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  return %c : tensor<32xf32>
}

// -----

// A multi-result producer: the consumer recomputes the cheap result it
// reads (the other result's ops are dropped from its body); the producer
// stays for its other result, and loses the result no one reads any more
// (linalg.DropDeadOperands).
// MLIR19-GENERICS: 2 (MLIR fuses single-use producers only)
// CHECK-LABEL: func.func @multi_result
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.negf
// CHECK-NEXT: linalg.yield
// CHECK: return %[[P]], %[[C]]
#id = affine_map<(d0) -> (d0)>
func.func @multi_result(%x: tensor<32xf32>, %y: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %p:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<32xf32>, tensor<32xf32>) outs(%e, %e : tensor<32xf32>, tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %o2: f32):
    %s = arith.addf %a, %b : f32
    %d = arith.subf %a, %b : f32
    linalg.yield %s, %d : f32, f32
  } -> (tensor<32xf32>, tensor<32xf32>)
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p#1 : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %p#0, %c : tensor<32xf32>, tensor<32xf32>
}

// -----

// Dynamic shapes (sizes taken from the inputs, as hlo-legalize-to-linalg
// does): the producer's tensor.empty goes, the consumer's outs stay.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NOT: tensor.empty
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @dynamic(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<?x?xf32>, tensor<?xf32>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %e1 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<?x?xf32>) outs(%e1 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %cst : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A producer read through a tensor.collapse_shape that only removes unit
// dims (hlo.narrow's lowering, a static reshape's) fuses: the consumer
// reads the producer's input at index 0 in the removed dims, so that the
// collapse then applies to the function argument (a view, no copy). A `?`
// dim keeps its index. MLIR 19 fuses too, the other way: it expands %y to
// the producer's rank and collapses the fused result.
// MLIR19-GENERICS: 1
// CHECK-LABEL: func.func @through_unit_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<1x?x1x4xf32>, %[[Y:.*]]: tensor<?x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[M:.*]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<1x?x1x4xf32>, tensor<?x4xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @through_unit_collapse(%x: tensor<1x?x1x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<1x?x1x4xf32>
  %e0 = tensor.empty(%n) : tensor<1x?x1x4xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x?x1x4xf32>) outs(%e0 : tensor<1x?x1x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1x?x1x4xf32>
  %c = tensor.collapse_shape %ex [[0, 1, 2], [3]] : tensor<1x?x1x4xf32> into tensor<?x4xf32>
  %e1 = tensor.empty(%n) : tensor<?x4xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e1 : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}
