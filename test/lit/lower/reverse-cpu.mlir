// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu | mlir-opt-19 --verify-roundtrip | FileCheck %s
//
// jnp.flip between elementwise ops: hlo.reverse reads through
// `-d + (n - 1)` and fuses both ways, so the whole chain is one kernel
// with no copy of the reversed tensor. A reversed dim of size 1 folds away.

// CHECK: #[[REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 2)>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @flip
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #[[REV]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]], %[[X]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @flip(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %a = hlo.add %x, %y : tensor<2x3xf32>
  %r = stablehlo.reverse %a, dims = [1] : tensor<2x3xf32>
  %m = hlo.multiply %r, %x : tensor<2x3xf32>
  return %m : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @flip_unit
// CHECK-SAME: (%[[A:.*]]: tensor<1x4xf32>)
// CHECK-NEXT: return %[[A]]
func.func @flip_unit(%a: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %r = stablehlo.reverse %a, dims = [0] : tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
