// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims | FileCheck %s
//
// The reshape folds linalg-fold-unit-extent-dims runs with (the tensor
// dialect's canonicalization patterns, tensor.ReshapeFoldPatterns in
// dialects/tensor/canonicalize.go; ../tensor/canonicalize.mlir tests them
// under canonicalize).

// A collapse of an expand with the same reassociation is the expand's
// source, and so is an expand of a collapse; identical collapses merge.
// CHECK-LABEL: func.func @collapse_of_expand
// CHECK-SAME: (%[[X:.*]]: tensor<4096xf32>, %[[D:.*]]: index, %[[Y:.*]]: tensor<?xf32>)
// CHECK-NEXT: %[[EY:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1]] output_shape [%[[D]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK-NEXT: return %[[X]], %[[EY]], %[[X]]
func.func @collapse_of_expand(%x: tensor<4096xf32>, %d: index, %y: tensor<?xf32>) -> (tensor<4096xf32>, tensor<?x1xf32>, tensor<4096xf32>) {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [1, 4096] : tensor<4096xf32> into tensor<1x4096xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
  %c2 = tensor.collapse_shape %e [[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
  %ey = tensor.expand_shape %y [[0, 1]] output_shape [%d, 1] : tensor<?xf32> into tensor<?x1xf32>
  %cy = tensor.collapse_shape %ey [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ey2 = tensor.expand_shape %cy [[0, 1]] output_shape [%d, 1] : tensor<?xf32> into tensor<?x1xf32>
  return %c, %ey2, %c2 : tensor<4096xf32>, tensor<?x1xf32>, tensor<4096xf32>
}

// -----

// A collapse of an expand whose groups nest is one reshape of the source:
// a collapse, or an expand taking its size from the old output_shape.
// Groups that do not nest stay.
// CHECK-LABEL: func.func @compose
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<?xf32>, %[[D:.*]]: index, %[[Z:.*]]: tensor<2x6xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK-NEXT: %[[Z1:.*]] = tensor.expand_shape %[[Z]] {{\[}}[0], [1, 2]] output_shape [2, 2, 3]
// CHECK-NEXT: %[[Z2:.*]] = tensor.collapse_shape %[[Z1]] {{\[}}[0, 1], [2]]
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1]] output_shape [%[[D]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK-NEXT: return %[[C]], %[[E]], %[[Z2]]
func.func @compose(%x: tensor<4x8xf32>, %y: tensor<?xf32>, %d: index, %z: tensor<2x6xf32>) -> (tensor<32xf32>, tensor<?x1xf32>, tensor<4x3xf32>) {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<4x1x8xf32> into tensor<32xf32>
  %ey = tensor.expand_shape %y [[0, 1, 2]] output_shape [1, %d, 1] : tensor<?xf32> into tensor<1x?x1xf32>
  %cy = tensor.collapse_shape %ey [[0, 1], [2]] : tensor<1x?x1xf32> into tensor<?x1xf32>
  %ez = tensor.expand_shape %z [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  %cz = tensor.collapse_shape %ez [[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
  return %c, %cy, %cz : tensor<32xf32>, tensor<?x1xf32>, tensor<4x3xf32>
}

// -----

// Reshaping a tensor.empty makes a new one (with the old sizes for a
// collapse, the output_shape for an expand); a splat constant is reshaped
// by changing its type.
// CHECK-LABEL: func.func @empty_and_splat
// CHECK-SAME: (%[[D:.*]]: index)
// CHECK-DAG: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<1x4xf32>
// CHECK-DAG: %[[E0:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty(%[[D]]) : tensor<2x1x?xf32>
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[E0]], %[[E1]], %[[CST]]
func.func @empty_and_splat(%d: index) -> (tensor<?xf32>, tensor<2x1x?xf32>, tensor<1x4xf32>) {
  %e = tensor.empty(%d) : tensor<1x?xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<1x?xf32> into tensor<?xf32>
  %e2 = tensor.empty(%d) : tensor<2x?xf32>
  %x = tensor.expand_shape %e2 [[0, 1], [2]] output_shape [2, 1, %d] : tensor<2x?xf32> into tensor<2x1x?xf32>
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %y = tensor.expand_shape %cst [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  return %c, %x, %y : tensor<?xf32>, tensor<2x1x?xf32>, tensor<1x4xf32>
}

// -----

// A collapsed dynamic size is the product of its group's sizes.
// CHECK-LABEL: func.func @empty_product
// CHECK-SAME: (%[[D:.*]]: index, %[[D2:.*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[P:.*]] = arith.muli %[[D]], %[[D2]] : index
// CHECK: %[[Q:.*]] = arith.muli %[[P]], %[[C2]] : index
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[Q]]) : tensor<?x1xf32>
// CHECK-NEXT: return %[[E]]
func.func @empty_product(%d: index, %d2: index) -> tensor<?x1xf32> {
  %e = tensor.empty(%d, %d2) : tensor<?x2x?x1xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2], [3]] : tensor<?x2x?x1xf32> into tensor<?x1xf32>
  return %c : tensor<?x1xf32>
}
