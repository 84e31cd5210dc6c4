// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops | FileCheck %s
//
// What linalg-fuse-elementwise-ops must not fuse, and why. An expensive
// producer (math.exp/log/tanh/powf..., division, remainder) is not fused
// where the consumer reads it through a broadcasting map (each of its
// elements would be computed once per broadcast copy), nor when it has
// other uses (computed again; fuse-reductions.mlir has the exception).
// A reduction is never fused into its consumers. A `MLIR19-GENERICS: n`
// line gives the number of generics mlir-opt-19 leaves where it differs
// (dialects/linalg/transforms/fuse_elementwise_test.go).

// An expensive producer read through a broadcasting map is not fused,
// even with a single use: the fused loop nest would compute exp(b[j])
// once per (i, j) instead of once per j.
// MLIR19-GENERICS: 1 (MLIR fuses and computes exp 8 times per element of %b)
// CHECK-LABEL: func.func @expensive_broadcast
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[P]] : tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @expensive_broadcast(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<16xf32>
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.exp %a : f32
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

// The same through a size-1 dim read at index 0: the producer's 8x1
// result is read for every d1 of an 8x16 loop nest.
// MLIR19-GENERICS: 1 (MLIR fuses and divides 16 times per element of %b)
// CHECK-LABEL: func.func @expensive_stretch
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg1, %arg2 : tensor<8x1xf32>, tensor<8x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[P]] : tensor<8x16xf32>, tensor<8x1xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#stretch = affine_map<(d0, d1) -> (d0, 0)>
func.func @expensive_stretch(%x: tensor<8x16xf32>, %b: tensor<8x1xf32>, %y: tensor<8x1xf32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<8x1xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %y : tensor<8x1xf32>, tensor<8x1xf32>) outs(%e0 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.divf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x1xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #stretch, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %p : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b2: f32, %o: f32):
    %m = arith.mulf %a, %b2 : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A rank-0 expensive producer read by every element of a 2-d loop nest.
// MLIR19-GENERICS: 1 (MLIR fuses and takes the log 128 times)
// CHECK-LABEL: func.func @expensive_scalar
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = []} ins(%arg1 : tensor<f32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.log
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[P]] : tensor<8x16xf32>, tensor<f32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#s0 = affine_map<() -> ()>
func.func @expensive_scalar(%x: tensor<8x16xf32>, %s: tensor<f32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<f32>
  %p = linalg.generic {indexing_maps = [#s0, #s0], iterator_types = []} ins(%s : tensor<f32>) outs(%e0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %l = math.log %a : f32
    linalg.yield %l : f32
  } -> tensor<f32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %p : tensor<8x16xf32>, tensor<f32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b2: f32, %o: f32):
    %m = arith.mulf %a, %b2 : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// An expensive producer with two consumers is computed once: fusing it
// into each would compute tanh twice per element, or keep the producer
// and compute it three times.
// CHECK-LABEL: func.func @expensive_multi_use
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.tanh
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<32xf32>)
// CHECK-NOT: math.tanh
// CHECK: linalg.generic {{.*}} ins(%[[P]], %arg0 : tensor<32xf32>, tensor<32xf32>)
// CHECK-NOT: math.tanh
#id = affine_map<(d0) -> (d0)>
func.func @expensive_multi_use(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.tanh %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  %c2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %x : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %n = arith.addf %a, %b : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %c1, %c2 : tensor<32xf32>, tensor<32xf32>
}

// -----

// An expensive producer that is also returned: fusing would compute it
// twice per element (once for the result, once in the consumer).
// CHECK-LABEL: func.func @expensive_escapes
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.powf
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<32xf32>)
// CHECK-NOT: math.powf
// CHECK: return %[[P]], %[[C]]
#id = affine_map<(d0) -> (d0)>
func.func @expensive_escapes(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.powf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %p, %c : tensor<32xf32>, tensor<32xf32>
}

// -----

// A reduction is not fused into its consumer: its result is complete only
// after its whole loop nest. The elementwise producer of its input is
// fused into it, as MLIR does (fuse-reductions.mlir).
// CHECK-LABEL: func.func @reduction
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[R]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK-NEXT: linalg.yield
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @reduction(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%p : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%r : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  return %c : tensor<8xf32>
}

// -----

// A loop the consumer's map leaves out whose extent is dynamic may be
// larger than 1 at run time: an expensive producer is not fused.
// MLIR19-GENERICS: 1 (MLIR fuses)
// CHECK-LABEL: func.func @expensive_dynamic_broadcast
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.sqrt
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[P]] : tensor<?x?xf32>, tensor<?xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @expensive_dynamic_broadcast(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %e0: tensor<?xf32>, %e1: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<?xf32>) outs(%e0 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.sqrt %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %c = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %p : tensor<?x?xf32>, tensor<?xf32>) outs(%e1 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b2: f32, %o: f32):
    %m = arith.addf %a, %b2 : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
