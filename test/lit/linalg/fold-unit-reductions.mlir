// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims | FileCheck %s --check-prefix=FOLD
// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops --canonicalize --cse | FileCheck %s
// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops --linalg-fold-unit-extent-dims --canonicalize --cse | FileCheck %s
//
// linalg-fold-unit-extent-dims on the Nx1 / ?x1 shapes that keepdims
// makes around reductions (dialects/linalg/transforms/
// fold_unit_extent_dims.go), alone (FOLD) and before or after
// linalg-fuse-elementwise-ops (CHECK, the same lines for both orders; the
// Go tests also check that both orders print the same text, and compare
// FOLD's structure with mlir-opt-19's). A keepdims result is computed at
// its reduced size and expanded back where it is returned; a consumer
// reading it through (d0, 0) reads the reduced tensor through (d0). A
// reduction loop of extent 1 goes while another reduction loop stays;
// a reduction whose reduction loops are all of extent 1 keeps them; a
// linalg.fill init is filled at the reduced size. reductions-mlir-opt.mlir
// has mlir-opt-19 verify the outputs.

// A reduction's result expanded to 8x1 (JAX's keepdims), returned and read
// through (d0, 0) by x - max: the consumer reads the 8 maxima through
// (d0); the expansion stays for the returned value only.
// FOLD-LABEL: func.func @keepdims_expand
// FOLD-NOT: tensor.collapse_shape
// FOLD: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// FOLD: %[[D:.*]] = linalg.generic {{.*}} ins(%arg0, %[[M]] : tensor<8x16xf32>, tensor<8xf32>)
// FOLD: %[[K:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// FOLD: return %[[K]], %[[D]]
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @keepdims_expand
// CHECK: %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK: %[[D:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[M]] : tensor<8x16xf32>, tensor<8xf32>)
// CHECK: %[[K:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// CHECK: return %[[K]], %[[D]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bc = affine_map<(d0, d1) -> (d0, 0)>
func.func @keepdims_expand(%x: tensor<8x16xf32>, %acc: tensor<8xf32>) -> (tensor<8x1xf32>, tensor<8x16xf32>) {
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mk = tensor.expand_shape %m [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %mk : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %mk, %d : tensor<8x1xf32>, tensor<8x16xf32>
}

// -----

// Softmax with keepdims results: the reductions write 8x1 inits through
// (d0, d1) -> (d0, 0), and the elementwise ops read them through the same
// map. Folded, the inits and results are 8-element tensors read through
// (d0); with fusion, in either order, the softmax of fuse-reductions.mlir:
// max, sum(exp(x - m)) and exp(x - m) / s, no 8x16 temporary.
// FOLD-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// FOLD-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// FOLD-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// FOLD-LABEL: func.func @softmax_keepdims
// FOLD-NOT: tensor.expand_shape
// FOLD-NOT: tensor.collapse_shape
// FOLD: %[[MINIT:.*]] = linalg.generic {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<8xf32>)
// FOLD: %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%[[MINIT]] : tensor<8xf32>)
// FOLD: %[[E:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[M]] : tensor<8x16xf32>, tensor<8xf32>)
// FOLD: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<8x16xf32>)
// FOLD: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[E]], %[[S]] : tensor<8x16xf32>, tensor<8xf32>)
// FOLD-NOT: tensor.expand_shape
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_keepdims
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x16xf32>)
// CHECK-NOT: tensor<8x16xf32>
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[M]] : tensor<8x16xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[M]], %[[S]] : tensor<8x16xf32>, tensor<8xf32>, tensor<8xf32>) outs(%[[OUT]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.subf
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.divf
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#kd = affine_map<(d0, d1) -> (d0, 0)>
func.func @softmax_keepdims(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x1xf32>
  %minit = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e0 : tensor<8x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<8x1xf32>
  %m = linalg.generic {indexing_maps = [#id, #kd], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%minit : tensor<8x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %ex = linalg.generic {indexing_maps = [#id, #kd, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    %e = math.exp %r : f32
    linalg.yield %e : f32
  } -> tensor<8x16xf32>
  %e3 = tensor.empty() : tensor<8x1xf32>
  %sinit = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e3 : tensor<8x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<8x1xf32>
  %s = linalg.generic {indexing_maps = [#id, #kd], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x16xf32>) outs(%sinit : tensor<8x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %e4 = tensor.empty() : tensor<8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #kd, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e4 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  return %res : tensor<8x16xf32>
}

// -----

// The same with ?x? input and ?x1 keepdims tensors: their tensor.empty
// become ?-sized ones of the same size operand.
// FOLD-LABEL: func.func @softmax_keepdims_dynamic
// FOLD-NOT: tensor.expand_shape
// FOLD-NOT: tensor.collapse_shape
// FOLD: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// FOLD: tensor.empty(%[[N]]) : tensor<?xf32>
// FOLD: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>)
// FOLD: linalg.generic {{.*}} ins(%arg0, %[[M]] : tensor<?x?xf32>, tensor<?xf32>)
// CHECK-LABEL: func.func @softmax_keepdims_dynamic
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>)
// CHECK-NOT: tensor<?x?xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[M]] : tensor<?x?xf32>, tensor<?xf32>) outs(%{{.*}} : tensor<?xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[M]], %[[S]] : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
// CHECK: math.exp
// CHECK: arith.divf
#id = affine_map<(d0, d1) -> (d0, d1)>
#kd = affine_map<(d0, d1) -> (d0, 0)>
func.func @softmax_keepdims_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?x1xf32>
  %minit = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e0 : tensor<?x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<?x1xf32>
  %m = linalg.generic {indexing_maps = [#id, #kd], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%minit : tensor<?x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?x1xf32>
  %e1 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %ex = linalg.generic {indexing_maps = [#id, #kd, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<?x?xf32>, tensor<?x1xf32>) outs(%e1 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.subf %a, %b : f32
    %e = math.exp %r : f32
    linalg.yield %e : f32
  } -> tensor<?x?xf32>
  %e3 = tensor.empty(%n) : tensor<?x1xf32>
  %sinit = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e3 : tensor<?x1xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<?x1xf32>
  %s = linalg.generic {indexing_maps = [#id, #kd], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<?x?xf32>) outs(%sinit : tensor<?x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?x1xf32>
  %e4 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %res = linalg.generic {indexing_maps = [#id, #kd, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<?x?xf32>, tensor<?x1xf32>) outs(%e4 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %res : tensor<?x?xf32>
}

// -----

// sum(exp(x)) over the last dim of 8x1x16 into 8x1 (a unit parallel loop):
// the loop goes, x is read as 8x16 and the 8 sums are expanded back.
// FOLD-LABEL: func.func @unit_parallel_loop
// FOLD: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<8x1x16xf32> into tensor<8x16xf32>
// FOLD: %[[CA:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
// FOLD: %[[E:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CX]] : tensor<8x16xf32>)
// FOLD: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<8x16xf32>) outs(%[[CA]] : tensor<8xf32>)
// FOLD: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// CHECK-LABEL: func.func @unit_parallel_loop
// CHECK: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<8x1x16xf32> into tensor<8x16xf32>
// CHECK: %[[CA:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[CX]] : tensor<8x16xf32>) outs(%[[CA]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: %[[R:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// CHECK: return %[[R]]
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @unit_parallel_loop(%x: tensor<8x1x16xf32>, %acc: tensor<8x1xf32>) -> tensor<8x1xf32> {
  %e0 = tensor.empty() : tensor<8x1x16xf32>
  %ex = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x1x16xf32>) outs(%e0 : tensor<8x1x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x1x16xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<8x1x16xf32>) outs(%acc : tensor<8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  return %s : tensor<8x1xf32>
}

// -----

// sum(exp(x)) over dims 1 and 2 of 8x1x16: the reduction loop of extent 1
// goes, as in MLIR, since the one over 16 stays; fused either way into one
// reduction reading x as 8x16.
// FOLD-LABEL: func.func @reduce_unit_and_real
// FOLD: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<8x1x16xf32> into tensor<8x16xf32>
// FOLD: %[[E:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CX]] : tensor<8x16xf32>)
// FOLD: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK-LABEL: func.func @reduce_unit_and_real
// CHECK: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<8x1x16xf32> into tensor<8x16xf32>
// CHECK-NEXT: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[CX]] : tensor<8x16xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: return %[[S]]
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0)>
func.func @reduce_unit_and_real(%x: tensor<8x1x16xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8x1x16xf32>
  %ex = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x1x16xf32>) outs(%e0 : tensor<8x1x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x1x16xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "reduction"]} ins(%ex : tensor<8x1x16xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: a reduction over a unit dim alone keeps its reduction loop
// (MLIR drops it; see FoldUnitExtentDims), and its producer's unit loop,
// mapped to it, reads index 0, so the fused generic would not size that
// loop: the producer is not fused, in either order. Its result is no
// larger than the reduction's.
// FOLD-LABEL: func.func @reduce_unit_dim
// FOLD: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
// FOLD: %[[N:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[CX]] : tensor<8xf32>)
// FOLD: %[[K:.*]] = tensor.expand_shape %[[N]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// FOLD: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[K]] : tensor<8x1xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK-LABEL: func.func @reduce_unit_dim
// CHECK: %[[N:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.negf
// CHECK: %[[K:.*]] = tensor.expand_shape %[[N]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[K]] : tensor<8x1xf32>) outs(%arg1 : tensor<8xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @reduce_unit_dim(%x: tensor<8x1xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8x1xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x1xf32>) outs(%e0 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%n : tensor<8x1xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// ?x1x? layer-norm-like chain, x * sum(x * x) over the last dim with the
// result kept as ?x1: the unit dims go from every operand, the sum of
// squares is one reduction reading x as ?x?, the product reads the ?
// sums through (d0) and is expanded back to ?x1x?.
// FOLD-LABEL: func.func @dynamic_keepdims
// FOLD: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<?x1x?xf32> into tensor<?x?xf32>
// FOLD: %[[CA:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// FOLD: %[[SQ:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CX]] : tensor<?x?xf32>)
// FOLD: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[SQ]] : tensor<?x?xf32>) outs(%[[CA]] : tensor<?xf32>)
// FOLD: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CX]], %[[S]] : tensor<?x?xf32>, tensor<?xf32>)
// FOLD: tensor.expand_shape %[[P]] {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 1, %{{.*}}] : tensor<?x?xf32> into tensor<?x1x?xf32>
// CHECK-LABEL: func.func @dynamic_keepdims
// CHECK: %[[CX:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<?x1x?xf32> into tensor<?x?xf32>
// CHECK: %[[CA:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[CX]] : tensor<?x?xf32>) outs(%[[CA]] : tensor<?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[CX]], %[[S]] : tensor<?x?xf32>, tensor<?xf32>)
// CHECK: tensor.expand_shape %[[P]] {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 1, %{{.*}}] : tensor<?x?xf32> into tensor<?x1x?xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @dynamic_keepdims(%x: tensor<?x1x?xf32>, %acc: tensor<?x1xf32>) -> tensor<?x1x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x1x?xf32>
  %k = tensor.dim %x, %c2 : tensor<?x1x?xf32>
  %e0 = tensor.empty(%n, %k) : tensor<?x1x?xf32>
  %sq = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x1x?xf32>) outs(%e0 : tensor<?x1x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<?x1x?xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%sq : tensor<?x1x?xf32>) outs(%acc : tensor<?x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<?x1xf32>
  %e1 = tensor.empty(%n, %k) : tensor<?x1x?xf32>
  %res = linalg.generic {indexing_maps = [#in, #out, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s : tensor<?x1x?xf32>, tensor<?x1xf32>) outs(%e1 : tensor<?x1x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x1x?xf32>
  return %res : tensor<?x1x?xf32>
}

// -----

// The init as hlo-legalize-to-linalg writes it, a linalg.fill, of a
// reduction of 8x1x16 over the last dim (the kept unit dim makes its
// result 8x1): the fill's collapse becomes a fill of an 8-element
// tensor.empty (MLIR's FoldFillWithTensorReshape); the 1x16 sum into a
// 1-element fill becomes a rank-0 fill.
// FOLD-LABEL: func.func @fill_init
// FOLD-NOT: tensor.collapse_shape %{{[0-9]+}}
// FOLD: %[[E0:.*]] = tensor.empty() : tensor<8xf32>
// FOLD-NEXT: %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E0]] : tensor<8xf32>) -> tensor<8xf32>
// FOLD-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<8x16xf32>) outs(%[[F0]] : tensor<8xf32>)
// FOLD: %[[E1:.*]] = tensor.empty() : tensor<f32>
// FOLD-NEXT: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<f32>) -> tensor<f32>
// FOLD-NEXT: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<16xf32>) outs(%[[F1]] : tensor<f32>)
// FOLD-NOT: tensor.collapse_shape %{{[0-9]+}}
// CHECK-LABEL: func.func @fill_init
// CHECK-NOT: tensor.collapse_shape %{{[0-9]+}}
// CHECK: %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<8x16xf32>) outs(%[[F0]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<16xf32>) outs(%[[F1]] : tensor<f32>)
// CHECK-NOT: tensor.collapse_shape %{{[0-9]+}}
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @fill_init(%x: tensor<8x1x16xf32>, %y: tensor<1x16xf32>) -> (tensor<8x1xf32>, tensor<1xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<8x1x16xf32>
  %ex = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x1x16xf32>) outs(%e0 : tensor<8x1x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8x1x16xf32>
  %e1 = tensor.empty() : tensor<8x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<8x1x16xf32>) outs(%f1 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %e2 = tensor.empty() : tensor<1xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1xf32>) -> tensor<1xf32>
  %t = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<1x16xf32>) outs(%f2 : tensor<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<1xf32>
  return %s, %t : tensor<8x1xf32>, tensor<1xf32>
}

// -----

// A ?x1 linalg.fill init: the collapsed fill's tensor.empty and the
// expanded result take their size from the old tensor.empty's operand,
// not from the fill (which would stay alive for a tensor.dim).
// FOLD-LABEL: func.func @fill_init_dynamic
// FOLD: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?x1x16xf32>
// FOLD: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// FOLD: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?xf32>) -> tensor<?xf32>
// FOLD: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<?x16xf32>) outs(%[[F]] : tensor<?xf32>)
// FOLD: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[N]], 1] : tensor<?xf32> into tensor<?x1xf32>
// FOLD-NOT: linalg.fill
// CHECK-LABEL: func.func @fill_init_dynamic
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0 : tensor<?x1x16xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<?x16xf32>) outs(%[[F]] : tensor<?xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[N]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK-NOT: linalg.fill
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @fill_init_dynamic(%x: tensor<?x1x16xf32>) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.000000e+00 : f32
  %n = tensor.dim %x, %c0 : tensor<?x1x16xf32>
  %e0 = tensor.empty(%n) : tensor<?x1x16xf32>
  %sq = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x1x16xf32>) outs(%e0 : tensor<?x1x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<?x1x16xf32>
  %e1 = tensor.empty(%n) : tensor<?x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x1xf32>) -> tensor<?x1xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%sq : tensor<?x1x16xf32>) outs(%f : tensor<?x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?x1xf32>
  return %s : tensor<?x1xf32>
}
