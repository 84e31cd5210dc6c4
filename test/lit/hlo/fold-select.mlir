// RUN: bcast-opt %s --canonicalize | FileCheck %s
//
// select(p, x, x) folds to x only when the predicate cannot fail to
// broadcast at run time (randprog seed 100054 found the unsound fold).

// CHECK-LABEL: func.func @static_pred
// CHECK-NEXT: return %arg1
func.func @static_pred(%p: tensor<2xi1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = hlo.select %p, %x, %x : tensor<2xi1>, tensor<2xf32>
  return %r : tensor<2xf32>
}

// CHECK-LABEL: func.func @dynamic_pred
// CHECK: hlo.select
func.func @dynamic_pred(%p: tensor<?xi1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = hlo.select %p, %x, %x : (tensor<?xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
