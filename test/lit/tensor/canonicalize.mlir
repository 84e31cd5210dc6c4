// RUN: bcast-opt %s --canonicalize --split-input-file | FileCheck %s
//
// The tensor dialect's canonicalization (dialects/tensor/canonicalize.go):
// tensor.dim of known sizes, reshape pairs and identity reshapes,
// tensor.empty and splat constants through reshapes, tensor.cast to the
// same type, tensor.cast moved across collapse_shape
// (dialects/tensor/cast_reshape.go). Each case also shows where a pattern
// must not fire.

// A dynamic dim of an expand_shape's result is its output_shape entry
// (mlir-opt-19 divides the source's dim instead, with affine.apply).
// CHECK-LABEL: func.func @dim_of_expand
// CHECK-SAME: (%{{.*}}: tensor<?xf32>, %[[D:.*]]: index)
// CHECK-NEXT: return %[[D]] : index
func.func @dim_of_expand(%x: tensor<?xf32>, %d: index) -> index {
  %c1 = arith.constant 1 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [4, %d] : tensor<?xf32> into tensor<4x?xf32>
  %0 = tensor.dim %e, %c1 : tensor<4x?xf32>
  return %0 : index
}

// -----

// A dynamic dim of a collapse_shape's result is the product of its
// group's sizes in the source (arith.muli where mlir-opt-19 uses
// affine.apply); a group with one dynamic dim and 1s is that dim.
// CHECK-LABEL: func.func @dim_of_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x?xf32>, %[[Y:.*]]: tensor<?x1xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x4x?xf32>
// CHECK-NEXT: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]] : tensor<?x4x?xf32>
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[D0]], %[[D2]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.muli %[[P]], %[[C4]] : index
// CHECK-NEXT: %[[DY:.*]] = tensor.dim %[[Y]], %[[C0]] : tensor<?x1xf32>
// CHECK-NEXT: return %[[Q]], %[[DY]] : index, index
func.func @dim_of_collapse(%x: tensor<?x4x?xf32>, %y: tensor<?x1xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x4x?xf32> into tensor<?xf32>
  %0 = tensor.dim %c, %c0 : tensor<?xf32>
  %cy = tensor.collapse_shape %y [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %1 = tensor.dim %cy, %c0 : tensor<?xf32>
  return %0, %1 : index, index
}

// -----

// An index that is not a constant: nothing is known.
// CHECK-LABEL: func.func @dim_unknown_index
// CHECK: %[[C:.*]] = tensor.collapse_shape
// CHECK-NEXT: tensor.dim %[[C]], %{{.*}} : tensor<?xf32>
func.func @dim_unknown_index(%x: tensor<?x4xf32>, %i: index) -> index {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %0 = tensor.dim %c, %i : tensor<?xf32>
  return %0 : index
}

// -----

// tensor.dim reads through tensor.cast and tensor.empty; a cast to the
// same type is its operand.
// CHECK-LABEL: func.func @dim_of_cast_and_empty
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[D:.*]]: index)
// CHECK: %[[DX:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT: return %[[DX]], %[[D]], %[[X]] : index, index, tensor<?x?xf32>
func.func @dim_of_cast_and_empty(%x: tensor<?x?xf32>, %d: index) -> (index, index, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %c = tensor.cast %x : tensor<?x?xf32> to tensor<4x?xf32>
  %0 = tensor.dim %c, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%d) : tensor<4x?xf32>
  %1 = tensor.dim %e, %c1 : tensor<4x?xf32>
  %same = tensor.cast %x : tensor<?x?xf32> to tensor<?x?xf32>
  return %0, %1, %same : index, index, tensor<?x?xf32>
}

// -----

// A collapse of an expand with the same groups is the source, and so is
// an expand of a collapse; a reshape that keeps the type and every dim
// is its source.
// CHECK-LABEL: func.func @pairs_and_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4096xf32>, %[[D:.*]]: index, %[[Y:.*]]: tensor<?x1xf32>, %[[Z:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]], %[[Y]], %[[Z]]
func.func @pairs_and_identity(%x: tensor<4096xf32>, %d: index, %y: tensor<?x1xf32>, %z: tensor<4x8xf32>) -> (tensor<4096xf32>, tensor<?x1xf32>, tensor<4x8xf32>) {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [1, 4096] : tensor<4096xf32> into tensor<1x4096xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
  %cy = tensor.collapse_shape %y [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ey = tensor.expand_shape %cy [[0, 1]] output_shape [%d, 1] : tensor<?xf32> into tensor<?x1xf32>
  %iz = tensor.collapse_shape %z [[0], [1]] : tensor<4x8xf32> into tensor<4x8xf32>
  return %c, %ey, %iz : tensor<4096xf32>, tensor<?x1xf32>, tensor<4x8xf32>
}

// -----

// Groups that nest compose into one reshape; groups that do not, and an
// expand of a collapse with other groups, stay.
// CHECK-LABEL: func.func @compose
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[Z:.*]]: tensor<2x6xf32>, %[[W:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK-NEXT: %[[Z1:.*]] = tensor.expand_shape %[[Z]] {{\[}}[0], [1, 2]] output_shape [2, 2, 3]
// CHECK-NEXT: %[[Z2:.*]] = tensor.collapse_shape %[[Z1]] {{\[}}[0, 1], [2]]
// CHECK-NEXT: %[[W1:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT: %[[W2:.*]] = tensor.expand_shape %[[W1]] {{\[}}[0, 1]] output_shape [3, 2]
// CHECK-NEXT: return %[[C]], %[[Z2]], %[[W2]]
func.func @compose(%x: tensor<4x8xf32>, %z: tensor<2x6xf32>, %w: tensor<2x3xf32>) -> (tensor<32xf32>, tensor<4x3xf32>, tensor<3x2xf32>) {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<4x1x8xf32> into tensor<32xf32>
  %ez = tensor.expand_shape %z [[0], [1, 2]] output_shape [2, 2, 3] : tensor<2x6xf32> into tensor<2x2x3xf32>
  %cz = tensor.collapse_shape %ez [[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
  %cw = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %ew = tensor.expand_shape %cw [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  return %c, %cz, %ew : tensor<32xf32>, tensor<4x3xf32>, tensor<3x2xf32>
}

// -----

// Reshaping a tensor.empty makes a new one (with the product of the old
// sizes for a collapse, the output_shape for an expand); reshaping a
// splat constant changes its type. A constant that is not a splat stays
// reshaped.
// CHECK-LABEL: func.func @empty_and_constants
// CHECK-SAME: (%[[D:.*]]: index, %[[D2:.*]]: index)
// CHECK-DAG: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<1x4xf32>
// CHECK-DAG: %[[NS:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[P:.*]] = arith.muli %[[D]], %[[D2]] : index
// CHECK-DAG: %[[E0:.*]] = tensor.empty(%[[P]]) : tensor<?xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty(%[[D]]) : tensor<2x1x?xf32>
// CHECK-DAG: %[[R:.*]] = tensor.expand_shape %[[NS]]
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[E0]], %[[E1]], %[[CST]], %[[R]]
func.func @empty_and_constants(%d: index, %d2: index) -> (tensor<?xf32>, tensor<2x1x?xf32>, tensor<1x4xf32>, tensor<1x2xf32>) {
  %e = tensor.empty(%d, %d2) : tensor<?x1x?xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<?x1x?xf32> into tensor<?xf32>
  %e2 = tensor.empty(%d) : tensor<2x?xf32>
  %x = tensor.expand_shape %e2 [[0, 1], [2]] output_shape [2, 1, %d] : tensor<2x?xf32> into tensor<2x1x?xf32>
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %y = tensor.expand_shape %cst [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  %ns = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %z = tensor.expand_shape %ns [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
  return %c, %x, %y, %z : tensor<?xf32>, tensor<2x1x?xf32>, tensor<1x4xf32>, tensor<1x2xf32>
}

// -----

// collapse(expand(x)) that adds dims composes into one expand whose
// dynamic size is the old expand's (regression: the sizes were read per
// source dim instead of per result dim).
// CHECK-LABEL: func.func @compose_to_expand
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[D:.*]]: index)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [1, %[[D]]] : tensor<?xf32> into tensor<1x?xf32>
// CHECK-NEXT: return %[[E]]
func.func @compose_to_expand(%x: tensor<?xf32>, %d: index) -> tensor<1x?xf32> {
  %e = tensor.expand_shape %x [[0, 1, 2]] output_shape [1, %d, 1] : tensor<?xf32> into tensor<1x?x1xf32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  return %c : tensor<1x?xf32>
}

// -----

// A rank-0 side composes with any reshape of unit dims: its reassociation
// is empty (MLIR's composeReassociationIndices). Regression:
// linalg-fold-unit-extent-dims left collapse(expand(x)) of an all-unit
// generic's result, which fusion does not read through.
// CHECK-LABEL: func.func @compose_rank0
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<1xf32>)
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[X]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[Y]] [] : tensor<1xf32> into tensor<f32>
// CHECK-NEXT: return %[[E]], %[[C]]
func.func @compose_rank0(%x: tensor<f32>, %y: tensor<1xf32>) -> (tensor<1xf32>, tensor<f32>) {
  %e = tensor.expand_shape %x [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<1x1xf32> into tensor<1xf32>
  %ey = tensor.expand_shape %y [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  %cy = tensor.collapse_shape %ey [] : tensor<1x1xf32> into tensor<f32>
  return %c, %cy : tensor<1xf32>, tensor<f32>
}

// -----

// A cast that only drops static sizes sinks below the collapse_shape of
// its result (MLIR's FoldCollapseOfCastOp): the collapse reads the cast's
// source, followed by a cast when the new collapse is more static. A cast
// that adds sizes, or adds some and drops others, stays above.
// CHECK-LABEL: func.func @collapse_of_cast
// CHECK-SAME: (%[[X:.*]]: tensor<4x1x8xf32>, %[[Y:.*]]: tensor<4x?xf32>, %[[Z:.*]]: tensor<?x?xf32>, %[[W:.*]]: tensor<4x?xf32>)
// CHECK-NEXT: %[[CX:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK-NEXT: %[[X1:.*]] = tensor.cast %[[CX]] : tensor<4x8xf32> to tensor<?x8xf32>
// CHECK-NEXT: %[[CY:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1]] : tensor<4x?xf32> into tensor<?xf32>
// CHECK-NEXT: %[[Z1:.*]] = tensor.cast %[[Z]] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT: %[[CZ:.*]] = tensor.collapse_shape %[[Z1]] {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK-NEXT: %[[W1:.*]] = tensor.cast %[[W]] : tensor<4x?xf32> to tensor<?x4xf32>
// CHECK-NEXT: %[[CW:.*]] = tensor.collapse_shape %[[W1]] {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK-NEXT: return %[[X1]], %[[CY]], %[[CZ]], %[[CW]]
func.func @collapse_of_cast(%x: tensor<4x1x8xf32>, %y: tensor<4x?xf32>, %z: tensor<?x?xf32>, %w: tensor<4x?xf32>) -> (tensor<?x8xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %cx = tensor.cast %x : tensor<4x1x8xf32> to tensor<4x?x8xf32>
  %0 = tensor.collapse_shape %cx [[0, 1], [2]] : tensor<4x?x8xf32> into tensor<?x8xf32>
  %cy = tensor.cast %y : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.collapse_shape %cy [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %cz = tensor.cast %z : tensor<?x?xf32> to tensor<?x4xf32>
  %2 = tensor.collapse_shape %cz [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %cw = tensor.cast %w : tensor<4x?xf32> to tensor<?x4xf32>
  %3 = tensor.collapse_shape %cw [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// A cast that only adds static sizes to a collapse_shape's result rises
// above it, onto the collapse's source (not in MLIR 19): a group that
// becomes static gets its one dynamic size from the quotient, or all 1s
// when it becomes 1.
// CHECK-LABEL: func.func @cast_of_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x?xf32>, %[[Y:.*]]: tensor<?x4xf32>, %[[Z:.*]]: tensor<?x?x2xf32>)
// CHECK-NEXT: %[[X1:.*]] = tensor.cast %[[X]] : tensor<?x1x?xf32> to tensor<?x1x1xf32>
// CHECK-NEXT: %[[CX:.*]] = tensor.collapse_shape %[[X1]] {{\[\[}}0, 1], [2]] : tensor<?x1x1xf32> into tensor<?x1xf32>
// CHECK-NEXT: %[[Y1:.*]] = tensor.cast %[[Y]] : tensor<?x4xf32> to tensor<3x4xf32>
// CHECK-NEXT: %[[CY:.*]] = tensor.collapse_shape %[[Y1]] {{\[\[}}0, 1]] : tensor<3x4xf32> into tensor<12xf32>
// CHECK-NEXT: %[[Z1:.*]] = tensor.cast %[[Z]] : tensor<?x?x2xf32> to tensor<1x1x2xf32>
// CHECK-NEXT: %[[CZ:.*]] = tensor.collapse_shape %[[Z1]] {{\[\[}}0, 1], [2]] : tensor<1x1x2xf32> into tensor<1x2xf32>
// CHECK-NEXT: return %[[CX]], %[[CY]], %[[CZ]]
func.func @cast_of_collapse(%x: tensor<?x1x?xf32>, %y: tensor<?x4xf32>, %z: tensor<?x?x2xf32>) -> (tensor<?x1xf32>, tensor<12xf32>, tensor<1x2xf32>) {
  %0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x1x?xf32> into tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<?x1xf32>
  %2 = tensor.collapse_shape %y [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %3 = tensor.cast %2 : tensor<?xf32> to tensor<12xf32>
  %4 = tensor.collapse_shape %z [[0, 1], [2]] : tensor<?x?x2xf32> into tensor<?x2xf32>
  %5 = tensor.cast %4 : tensor<?x2xf32> to tensor<1x2xf32>
  return %1, %3, %5 : tensor<?x1xf32>, tensor<12xf32>, tensor<1x2xf32>
}

// -----

// The cast stays below the collapse when it drops a size (alone or with
// adding one), when a group with two dynamic sizes becomes static other
// than 1, or when the group's static sizes do not divide the new size.
// CHECK-LABEL: func.func @cast_of_collapse_stays
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x4xf32>, %[[Y:.*]]: tensor<?x?xf32>, %[[Z:.*]]: tensor<?x4xf32>, %[[W:.*]]: tensor<4x1x?xf32>)
// CHECK-NEXT: %[[CX:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<?x1x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: %[[X1:.*]] = tensor.cast %[[CX]] : tensor<?x4xf32> to tensor<3x?xf32>
// CHECK-NEXT: %[[CY:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK-NEXT: %[[Y1:.*]] = tensor.cast %[[CY]] : tensor<?xf32> to tensor<6xf32>
// CHECK-NEXT: %[[CZ:.*]] = tensor.collapse_shape %[[Z]] {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK-NEXT: %[[Z1:.*]] = tensor.cast %[[CZ]] : tensor<?xf32> to tensor<6xf32>
// CHECK-NEXT: %[[CW:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2]] : tensor<4x1x?xf32> into tensor<4x?xf32>
// CHECK-NEXT: %[[W1:.*]] = tensor.cast %[[CW]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[X1]], %[[Y1]], %[[Z1]], %[[W1]]
func.func @cast_of_collapse_stays(%x: tensor<?x1x4xf32>, %y: tensor<?x?xf32>, %z: tensor<?x4xf32>, %w: tensor<4x1x?xf32>) -> (tensor<3x?xf32>, tensor<6xf32>, tensor<6xf32>, tensor<?x?xf32>) {
  %0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x1x4xf32> into tensor<?x4xf32>
  %1 = tensor.cast %0 : tensor<?x4xf32> to tensor<3x?xf32>
  %2 = tensor.collapse_shape %y [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %3 = tensor.cast %2 : tensor<?xf32> to tensor<6xf32>
  %4 = tensor.collapse_shape %z [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %5 = tensor.cast %4 : tensor<?xf32> to tensor<6xf32>
  %6 = tensor.collapse_shape %w [[0, 1], [2]] : tensor<4x1x?xf32> into tensor<4x?xf32>
  %7 = tensor.cast %6 : tensor<4x?xf32> to tensor<?x?xf32>
  return %1, %3, %5, %7 : tensor<3x?xf32>, tensor<6xf32>, tensor<6xf32>, tensor<?x?xf32>
}

// -----

// What linalg-fold-unit-extent-dims leaves around a generic that copies
// its input to a more static output: the cast rises above the collapse,
// which then undoes the expand, leaving the cast that the same generic
// canonicalizes to before the fold. A cast that drops sizes keeps both
// reshapes.
// CHECK-LABEL: func.func @expand_of_cast_of_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x?xi32>, %[[D:.*]]: index, %[[Y:.*]]: tensor<?x1x1xi32>)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[X]] : tensor<?x1x?xi32> to tensor<?x1x1xi32>
// CHECK-NEXT: %[[CY:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1], [2]] : tensor<?x1x1xi32> into tensor<?x1xi32>
// CHECK-NEXT: %[[Y1:.*]] = tensor.cast %[[CY]] : tensor<?x1xi32> to tensor<?x?xi32>
// CHECK-NEXT: %[[EY:.*]] = tensor.expand_shape %[[Y1]] {{\[\[}}0, 1], [2]] output_shape [%[[D]], 1, %[[D]]] : tensor<?x?xi32> into tensor<?x1x?xi32>
// CHECK-NEXT: return %[[C]], %[[EY]]
func.func @expand_of_cast_of_collapse(%x: tensor<?x1x?xi32>, %d: index, %y: tensor<?x1x1xi32>) -> (tensor<?x1x1xi32>, tensor<?x1x?xi32>) {
  %0 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x1x?xi32> into tensor<?x?xi32>
  %1 = tensor.cast %0 : tensor<?x?xi32> to tensor<?x1xi32>
  %2 = tensor.expand_shape %1 [[0, 1], [2]] output_shape [%d, 1, 1] : tensor<?x1xi32> into tensor<?x1x1xi32>
  %3 = tensor.collapse_shape %y [[0, 1], [2]] : tensor<?x1x1xi32> into tensor<?x1xi32>
  %4 = tensor.cast %3 : tensor<?x1xi32> to tensor<?x?xi32>
  %5 = tensor.expand_shape %4 [[0, 1], [2]] output_shape [%d, 1, %d] : tensor<?x?xi32> into tensor<?x1x?xi32>
  return %2, %5 : tensor<?x1x1xi32>, tensor<?x1x?xi32>
}

// -----

// A tensor.reshape that only adds or removes size-1 dims around one dim
// (JAX's keepdims on a symbolic dim) is an expand_shape or collapse_shape:
// the element count fixes the one other dim.
// CHECK-LABEL: func.func @reshape_unit_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xi32>, %[[Y:.*]]: tensor<1x?x1xf32>, %[[T:.*]]: tensor<1xi32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [%[[N]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0, 1, 2]] : tensor<1x?x1xf32> into tensor<?xf32>
// CHECK: return %[[E]], %[[C]]
func.func @reshape_unit_dims(%x: tensor<?xf32>, %s: tensor<2xi32>, %y: tensor<1x?x1xf32>, %t: tensor<1xi32>) -> (tensor<?x1xf32>, tensor<?xf32>) {
  %0 = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %1 = tensor.reshape %y(%t) : (tensor<1x?x1xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %0, %1 : tensor<?x1xf32>, tensor<?xf32>
}

// -----

// Two dims that are not 1: the reshape stays.
// CHECK-LABEL: func.func @reshape_two_dims
// CHECK: tensor.reshape
func.func @reshape_two_dims(%x: tensor<?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
