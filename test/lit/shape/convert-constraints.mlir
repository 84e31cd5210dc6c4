// RUN: bcast-opt %s --convert-shape-constraints --canonicalize | FileCheck %s
//
// Constraints become computed predicates and cf.assert; the witnesses pass,
// so canonicalization inlines the assuming region.

// CHECK-LABEL: func.func @dyn
// CHECK: %[[OK:.*]] = shape.is_broadcastable
// CHECK-NEXT: cf.assert %[[OK]], "{{.*}}convert-constraints.mlir:{{[0-9]+}}:{{[0-9]+}}: operand shapes are not broadcast compatible"
// CHECK-NOT: shape.assuming
// CHECK-NOT: shape.cstr_broadcastable
// CHECK: hlo.add
func.func @dyn(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = shape.shape_of %x : tensor<?xf32> -> tensor<1xindex>
  %1 = shape.shape_of %y : tensor<?xf32> -> tensor<1xindex>
  %2 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
  %3 = shape.assuming %2 -> (tensor<?xf32>) {
    %4 = shape.broadcast %0, %1 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
    %5 = hlo.dynamic_broadcast_in_dim %x, %4, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
    %6 = hlo.dynamic_broadcast_in_dim %y, %4, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
    %7 = hlo.add %5, %6 : tensor<?xf32>
    shape.assuming_yield %7 : tensor<?xf32>
  }
  return %3 : tensor<?xf32>
}

// CHECK-LABEL: func.func @require
// CHECK: cf.assert %arg0, "dim 0 differs"
func.func @require(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %w = shape.cstr_require %c, "dim 0 differs"
  %r = shape.assuming %w -> (tensor<4xf32>) {
    shape.assuming_yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
