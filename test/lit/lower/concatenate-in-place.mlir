// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s
//
// hlo.concatenate is destination-passing: each operand is copied into its
// slice of the result. linalg-fuse-elementwise-ops fuses each operand's
// producer into that copy before the copy (an identity generic) can be
// erased, and the fused generic keeps the copy's output: the producer
// writes its elements straight into the result's slice, with no
// tensor.empty of its own. The expensive exp is fused too (its only other
// users are the tensor.dim ops that size the parts).

// CHECK-LABEL: func.func @concat_fused(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<?x3xf32>, %[[B:[a-z0-9]+]]: tensor<?x3xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[A]]
// CHECK: %[[M:.*]] = tensor.dim %[[B]]
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %[[M]] : index
// CHECK-NEXT: %[[R:.*]] = tensor.empty(%[[SUM]]) : tensor<?x3xf32>
// CHECK-NEXT: %[[P0:.*]] = tensor.extract_slice %[[R]][0, 0] [%[[N]], 3] [1, 1]
// CHECK-NEXT: %[[G0:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<?x3xf32>) outs(%[[P0]] : tensor<?x3xf32>)
// CHECK: arith.negf
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[G0]] into %[[R]][0, 0] [%[[N]], 3] [1, 1]
// CHECK-NEXT: %[[P1:.*]] = tensor.extract_slice %[[R0]][%[[N]], 0] [%[[M]], 3] [1, 1]
// CHECK-NEXT: %[[G1:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<?x3xf32>) outs(%[[P1]] : tensor<?x3xf32>)
// CHECK: math.exp
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[G1]] into %[[R0]][%[[N]], 0] [%[[M]], 3] [1, 1]
// CHECK-NEXT: return %[[R1]]
func.func @concat_fused(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %n = hlo.negate %a : tensor<?x3xf32>
  %e = hlo.exponential %b : tensor<?x3xf32>
  %r = hlo.concatenate %n, %e, dim = 0 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// With unit dims, linalg-fold-unit-extent-dims then computes the fused
// generic on the collapsed slice and expands its result back.

// CHECK-LABEL: func.func @stack_rows(
// CHECK: %[[R:.*]] = tensor.empty() : tensor<2x8xf32>
// CHECK: %[[P0:.*]] = tensor.extract_slice %[[R]][0, 0] [1, 8] [1, 1]
// CHECK-NEXT: %[[C0:.*]] = tensor.collapse_shape %[[P0]] {{\[\[}}0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[C0]] : tensor<8xf32>)
// CHECK: arith.negf
// CHECK: %[[P1:.*]] = tensor.extract_slice %{{.*}}[1, 0] [1, 8] [1, 1]
// CHECK-NEXT: %[[C1:.*]] = tensor.collapse_shape %[[P1]] {{\[\[}}0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[C1]] : tensor<8xf32>)
// CHECK: math.exp
func.func @stack_rows(%a: tensor<1x8xf32>, %b: tensor<1x8xf32>) -> tensor<2x8xf32> {
  %n = hlo.negate %a : tensor<1x8xf32>
  %e = hlo.exponential %b : tensor<1x8xf32>
  %r = hlo.concatenate %n, %e, dim = 0 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
