// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --canonicalize --hlo-legalize-to-linalg --linalg-fold-unit-extent-dims | FileCheck %s
//
// The benchmark kernels of docs/SPEC.md §9, written in hlo with implicit
// broadcasting and lowered to linalg, then through linalg-fold-unit-extent-dims.
// dialects/linalg/transforms/fold_unit_extent_dims_test.go checks that the
// result does not depend on whether fusion ran first.

// W1: no unit dims, nothing changes.
// CHECK-LABEL: func.func @w1
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @w1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %x, %b : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.maximum %0, %z : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %1 : tensor<4096x4096xf32>
}

// -----

// W2: one generic over two loops reading a and b as vectors.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @w2
// CHECK-SAME: (%[[A:.*]]: tensor<4096x1xf32>, %[[B:.*]]: tensor<1x4096xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<4096x1xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[CB:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[CA]], %[[CB]] : tensor<4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>)
// CHECK: arith.addf
// CHECK: return %[[G]]
func.func @w2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// W3: a's unit middle dim goes; the loops stay.
// CHECK-DAG: #[[A_MAP:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[D_MAP:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @w3
// CHECK-SAME: (%[[A:.*]]: tensor<64x1x1024xf32>, %[[C:.*]]: tensor<64x256x1024xf32>, %[[D:.*]]: tensor<1024xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<64x1x1024xf32> into tensor<64x1024xf32>
// CHECK: %[[M:.*]] = linalg.generic {indexing_maps = [#[[A_MAP]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[CA]], %[[C]] : tensor<64x1024xf32>, tensor<64x256x1024xf32>)
// CHECK: arith.mulf
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[D_MAP]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[M]], %[[D]] : tensor<64x256x1024xf32>, tensor<1024xf32>)
// CHECK: arith.addf
// CHECK-NOT: tensor.expand_shape
func.func @w3(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>) -> tensor<64x256x1024xf32> {
  %0 = hlo.multiply %a, %c : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %1 = hlo.add %0, %d : (tensor<64x256x1024xf32>, tensor<1024xf32>) -> tensor<64x256x1024xf32>
  return %1 : tensor<64x256x1024xf32>
}

// -----

// W4: scalars are rank-0 and vectors have no unit dims; nothing changes.
// CHECK-LABEL: func.func @w4
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @w4(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.multiply %x, %s : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %1 = hlo.add %0, %b : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %2 = hlo.subtract %1, %m : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %3 = hlo.multiply %2, %k : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %3 : tensor<4096x4096xf32>
}
