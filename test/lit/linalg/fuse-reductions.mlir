// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops | FileCheck %s
//
// linalg-fuse-elementwise-ops around reductions (the cost rule is on
// FuseElementwiseOps, dialects/linalg/transforms/fuse_elementwise.go,
// "Reductions"): elementwise producers fuse into a reduction's input; an
// expensive producer with two users, one a reduction, is recomputed in
// both; a reduction is never fused into its consumers, which read its
// small result through their indexing maps. The inputs are linalg as
// hlo.reduce lowers to it: the combiner in the body, the init an
// all-parallel generic filling a tensor.empty (or an argument). The Go
// tests run every case through mlir-opt-19 too (same text, or the
// `MLIR19-GENERICS: n` generics MLIR leaves), fold unit dims before and
// after (same IR), and check the output is a fixed point;
// reductions-mlir-opt.mlir has mlir-opt-19 verify the output.

// sum(exp(x - m)): the chain fuses into the reduction, which reads x and
// m; no 8x16 temporary.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_exp
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[M:.*]]: tensor<8xf32>, %[[INIT:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[M]] : tensor<8x16xf32>, tensor<8xf32>) outs(%[[INIT]] : tensor<8xf32>) {
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IM:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[IX]], %[[IM]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK-NEXT: linalg.yield %[[A]] : f32
// CHECK-NEXT: } -> tensor<8xf32>
// CHECK-NEXT: return %[[S]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @sum_exp(%x: tensor<8x16xf32>, %m: tensor<8xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<8x16xf32>, tensor<8xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<8x16xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Softmax: exp(x - m) has two users, the sum and the division by it, and
// is recomputed in both. It ends as m = max-reduce(x) [8],
// s = sum-reduce(exp(x - m)) [8], r = exp(x - m) / s [8x16]: one generic
// each (and the inits' fills), and the only 8x16 tensor is the result.
// MLIR19-GENERICS: 6 (MLIR keeps exp(x - m) as an 8x16 temporary: two uses)
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>)
// CHECK: %[[MINIT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x16xf32>) outs(%[[MINIT]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK-NOT: tensor<8x16xf32>
// CHECK: %[[SINIT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[M]] : tensor<8x16xf32>, tensor<8xf32>) outs(%[[SINIT]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IM:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[IX]], %[[IM]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT: arith.addf %[[E]], %[[ACC]] : f32
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[M]], %[[S]] : tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>) outs(%[[OUT]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0(%[[IX2:.*]]: f32, %[[IM2:.*]]: f32, %[[IS:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[D2:.*]] = arith.subf %[[IX2]], %[[IM2]] : f32
// CHECK-NEXT: %[[E2:.*]] = math.exp %[[D2]] : f32
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[E2]], %[[IS]] : f32
// CHECK-NEXT: linalg.yield %[[Q]] : f32
// CHECK: return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @softmax(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %minit = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e0 : tensor<8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%minit : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<8x16xf32>, tensor<8xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<8x16xf32>) outs(%e2 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %e3 = tensor.empty() : tensor<8xf32>
  %sinit = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e3 : tensor<8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%sinit : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e4 = tensor.empty() : tensor<8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<8x16xf32>, tensor<8xf32>) outs(%e4 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %res : tensor<8x16xf32>
}

// -----

// The same with dynamic sizes: the rule does not depend on them.
// MLIR19-GENERICS: 6 (MLIR keeps exp(x - m) as a temporary: two uses)
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x?xf32>)
// CHECK-NOT: tensor<?x?xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[M]] : tensor<?x?xf32>, tensor<?xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[M]], %[[S]] : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
// CHECK: math.exp
// CHECK: arith.divf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %minit = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e0 : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%minit : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e1 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%e1 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    %e = math.exp %r : f32
    linalg.yield %e : f32
  } -> tensor<?x?xf32>
  %e3 = tensor.empty(%n) : tensor<?xf32>
  %sinit = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e3 : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<?x?xf32>) outs(%sinit : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e4 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %res = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e4 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %res : tensor<?x?xf32>
}

// -----

// Layer norm, (x - mean) * rsqrt(var + eps) with mean = sum(x) / 16 and
// var = sum((x - mean)^2) / 16: the cheap x - mean is recomputed in the
// variance's reduction and in the result; the divisions and the rsqrt are
// on 8-element tensors, read through (d0, d1) -> (d0) and not fused into
// the 8x16 loops (each would run 16 times per element). No 8x16
// temporary.
// MLIR19-GENERICS: 4 (MLIR divides for the mean once per element of x, and keeps x - mean: two uses)
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[ACC:.*]]: tensor<8xf32>)
// CHECK: %[[S1:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x16xf32>)
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S1]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// CHECK: %[[S2:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[MEAN]] : tensor<8x16xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: %[[RS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S2]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: math.rsqrt
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[RS]] : tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @layer_norm(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> tensor<8x16xf32> {
  %m16 = arith.constant 16.0 : f32
  %eps = arith.constant 1.250000e-01 : f32
  %s1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e0 = tensor.empty() : tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%s1 : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %m16 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<8x16xf32>, tensor<8xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<8x16xf32>) outs(%e2 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e3 = tensor.empty() : tensor<8xf32>
  %rs = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%s2 : tensor<8xf32>) outs(%e3 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.divf %a, %m16 : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e4 = tensor.empty() : tensor<8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %rs : tensor<8x16xf32>, tensor<8xf32>) outs(%e4 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %res : tensor<8x16xf32>
}

// -----

// Two reductions of one expensive producer (sum and max of exp(x)): both
// recompute it.
// MLIR19-GENERICS: 3 (MLIR keeps exp(x) as a temporary: two uses)
// CHECK-LABEL: func.func @two_reductions
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[A0:.*]]: tensor<8xf32>, %[[A1:.*]]: tensor<8xf32>)
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x16xf32>) outs(%[[A0]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x16xf32>) outs(%[[A1]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.maximumf
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @two_reductions(%x: tensor<8x16xf32>, %a0: tensor<8xf32>, %a1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%a0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%a1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s, %m : tensor<8xf32>, tensor<8xf32>
}

// -----

// An expensive producer read by a reduction and an elementwise op through
// a unit-dim tensor.expand_shape (as linalg-fold-unit-extent-dims leaves
// it) is recomputed in both, as when read directly.
// MLIR19-GENERICS: 3 (MLIR does not fuse through reshapes)
// CHECK-LABEL: func.func @through_expand_shape
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[ACC:.*]]: tensor<8x1xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<8x16xf32>) outs(%[[ACC]] : tensor<8x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[S]] : tensor<8x16xf32>, tensor<8x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.divf
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @through_expand_shape(%x: tensor<8x16xf32>, %acc: tensor<8x1xf32>) -> tensor<8x1x16xf32> {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %exk = tensor.expand_shape %ex [[0, 1], [2]] output_shape [8, 1, 16] : tensor<8x16xf32> into tensor<8x1x16xf32>
  %s = linalg.generic {indexing_maps = [#in3, #out3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%exk : tensor<8x1x16xf32>) outs(%acc : tensor<8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %e1 = tensor.empty() : tensor<8x1x16xf32>
  %res = linalg.generic {indexing_maps = [#in3, #out3, #in3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%exk, %s : tensor<8x1x16xf32>, tensor<8x1xf32>) outs(%e1 : tensor<8x1x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x1x16xf32>
  return %res : tensor<8x1x16xf32>
}

// -----

// A cheap producer is fused into a reduction even through a broadcasting
// map, as into an elementwise consumer.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @cheap_broadcast
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IB:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[IB]] : f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[IX]], %[[N]] : f32
// CHECK-NEXT: arith.addf %[[P]], %[[ACC]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @cheap_broadcast(%x: tensor<8x16xf32>, %b: tensor<16xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<16xf32>
  %b2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [#id, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %b2 : tensor<8x16xf32>, tensor<16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %r = arith.addf %p, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// keepdims: x - max(x) reads the 8-element maximum through
// (d0, d1) -> (d0); a cheap op on it (here its negation) is fused into
// the 8x16 loops through that map. Nothing of 8x16 is built but the
// result.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @keepdims_broadcast
// CHECK-NEXT: %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<8xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[M]] : tensor<8x16xf32>, tensor<8xf32>) outs(%[[E]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK-NEXT: arith.addf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @keepdims_broadcast(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> tensor<8x16xf32> {
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e0 = tensor.empty() : tensor<8xf32>
  %n = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%m : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %n : tensor<8x16xf32>, tensor<8xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %d : tensor<8x16xf32>
}

// -----

// Refused: a reduction is not fused into its consumers, whether they read
// its result directly (the negation) or through a broadcasting map
// (x - sum): the sum is complete only after its whole loop nest.
// CHECK-LABEL: func.func @reduction_into_consumers
// CHECK-NEXT: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[S]] : tensor<8x16xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @reduction_into_consumers(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x16xf32>) {
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e0 = tensor.empty() : tensor<8xf32>
  %n = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<8x16xf32>, tensor<8xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %n, %d : tensor<8xf32>, tensor<8x16xf32>
}

// -----

// Refused: a reduction is not fused into a reduction (row sums of 8x4x16,
// then the maximum over the 4).
// CHECK-LABEL: func.func @reduction_into_reduction
// CHECK-NEXT: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<8x4x16xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[S]] : tensor<8x4xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @reduction_into_reduction(%x: tensor<8x4x16xf32>, %acc2: tensor<8x4xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<8x4x16xf32>) outs(%acc2 : tensor<8x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8x4xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<8x4xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// Refused: an expensive producer read by a reduction through a
// broadcasting map, even as its sole user: exp(b[j]) would be computed
// once per (i, j) instead of once per j.
// MLIR19-GENERICS: 1 (MLIR fuses and computes exp 8 times per element of %b)
// CHECK-LABEL: func.func @expensive_broadcast
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[P]] : tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @expensive_broadcast(%x: tensor<8x16xf32>, %b: tensor<16xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<16xf32>
  %eb = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [#id, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %eb : tensor<8x16xf32>, tensor<16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %r = arith.addf %p, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: an expensive producer with three users (two reductions and the
// elementwise op that reads their results) stays an 8x16 temporary:
// recomputing it would evaluate exp three times per element to save the
// same write and read as with two users.
// CHECK-LABEL: func.func @three_users
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[P]], %[[S]], %[[M]] : tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.divf
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @three_users(%x: tensor<8x16xf32>, %a0: tensor<8xf32>, %a1: tensor<8xf32>) -> tensor<8x16xf32> {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%a0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%a1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %s, %m : tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %q = arith.subf %a, %c : f32
    %r = arith.divf %q, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %res : tensor<8x16xf32>
}

// -----

// Refused: of exp(b)'s two users, the elementwise one reads it through a
// broadcasting map (exp would run 8 times per element of %b there), so it
// is recomputed in neither and stays a 16-element tensor.
// CHECK-LABEL: func.func @broadcasting_user
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[P]] : tensor<16xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[P]] : tensor<8x16xf32>, tensor<16xf32>)
#col = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @broadcasting_user(%x: tensor<8x16xf32>, %b: tensor<16xf32>, %acc: tensor<f32>) -> (tensor<f32>, tensor<8x16xf32>) {
  %e0 = tensor.empty() : tensor<16xf32>
  %eb = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]} ins(%eb : tensor<16xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %eb : tensor<8x16xf32>, tensor<16xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %r = arith.mulf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %s, %res : tensor<f32>, tensor<8x16xf32>
}

// -----

// Refused: an expensive producer that is also returned is stored anyway;
// its reduction reads it rather than computing exp again.
// CHECK-LABEL: func.func @returned
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<8x16xf32>)
// CHECK: return %[[S]], %[[P]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @returned(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x16xf32>) {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s, %ex : tensor<8xf32>, tensor<8x16xf32>
}

// -----

// Refused: the producer of a reduction's init is not fused (outs never
// are; the init is read once per output element, not per iteration).
// CHECK-LABEL: func.func @init_producer
// CHECK: %[[I:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%[[I]] : tensor<8xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @init_producer(%x: tensor<8x16xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8xf32>
  %init = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: fused, the reduction's loop over d1 would be sized only by the
// broadcast of %x, whose dim 1 may be 1 at run time; in the version of
// linalg-version-broadcasts where it is 1, that read is at index 0 and
// the loop would have no size. The producer stays (it is versioned; its
// init sizes the loops).
// CHECK-LABEL: func.func @could_be_1_reduction_loop
// CHECK: %[[XB:.*]] = hlo.dynamic_broadcast_in_dim
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[XB]] : tensor<?x?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<?x?xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @could_be_1_reduction_loop(%x: tensor<?x?xf32>, %s: tensor<2xindex>, %acc: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xb = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %d0 = tensor.extract %s[%c0] : tensor<2xindex>
  %d1 = tensor.extract %s[%c1] : tensor<2xindex>
  %e0 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%xb : tensor<?x?xf32>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%p : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.addf %a, %o : f32
    linalg.yield %q : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
