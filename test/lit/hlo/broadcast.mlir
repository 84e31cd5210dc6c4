// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
//
// Implicit broadcasting of the hlo elementwise ops under the default numpy
// policy follows the Broadcastable trait: every OK row of its dimension
// inference table (both operand orders) and of its verification table,
// and its correct examples, verify through hlo.add and print back unchanged.
// The error rows are in invalid.mlir.

// Dimension inference, one row at a time. (dim0, dim1) -> inferred; the
// result spells the inferred dim, except where noted.
// CHECK-LABEL: func.func @inference_rows
// CHECK-SAME: (%[[D:[a-z0-9]+]]: tensor<?xf32>, %[[O:[a-z0-9]+]]: tensor<1xf32>, %[[F:[a-z0-9]+]]: tensor<4xf32>)
func.func @inference_rows(%d: tensor<?xf32>, %o: tensor<1xf32>, %f: tensor<4xf32>) {
  // (?, ?) -> ?
  // CHECK-NEXT: hlo.add %[[D]], %[[D]] : tensor<?xf32>
  %0 = hlo.add %d, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // (?, 1) -> ?
  // CHECK-NEXT: hlo.add %[[D]], %[[O]] : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %1 = hlo.add %d, %o : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  // (1, ?) -> ?
  // CHECK-NEXT: hlo.add %[[O]], %[[D]] : (tensor<1xf32>, tensor<?xf32>) -> tensor<?xf32>
  %2 = hlo.add %o, %d : (tensor<1xf32>, tensor<?xf32>) -> tensor<?xf32>
  // (?, >1) -> dim1
  // CHECK-NEXT: hlo.add %[[D]], %[[F]] : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.add %d, %f : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // (>1, ?) -> dim0
  // CHECK-NEXT: hlo.add %[[F]], %[[D]] : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %4 = hlo.add %f, %d : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  // (1, 1) -> 1
  // CHECK-NEXT: hlo.add %[[O]], %[[O]] : tensor<1xf32>
  %5 = hlo.add %o, %o : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  // (1, >1) -> dim1
  // CHECK-NEXT: hlo.add %[[O]], %[[F]] : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = hlo.add %o, %f : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  // (>1, 1) -> dim0
  // CHECK-NEXT: hlo.add %[[F]], %[[O]] : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %7 = hlo.add %f, %o : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  // (>1, >1), equal -> dim0
  // CHECK-NEXT: hlo.add %[[F]], %[[F]] : tensor<4xf32>
  %8 = hlo.add %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// The verification table: inferred dim against the declared result dim.
// CHECK-LABEL: func.func @verification_rows
// CHECK-SAME: (%[[D:[a-z0-9]+]]: tensor<?xf32>, %[[F:[a-z0-9]+]]: tensor<4xf32>, %[[O:[a-z0-9]+]]: tensor<1xf32>)
func.func @verification_rows(%d: tensor<?xf32>, %f: tensor<4xf32>, %o: tensor<1xf32>) {
  // inferred ?, actual ?: OK. (inferred ?, actual static is an error.)
  // CHECK-NEXT: hlo.add %[[D]], %[[O]] : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %0 = hlo.add %d, %o : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  // inferred static, actual ?: OK (the result may be less specific).
  // CHECK-NEXT: hlo.add %[[F]], %[[O]] : (tensor<4xf32>, tensor<1xf32>) -> tensor<?xf32>
  %1 = hlo.add %f, %o : (tensor<4xf32>, tensor<1xf32>) -> tensor<?xf32>
  // CHECK-NEXT: hlo.add %[[F]], %[[F]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  %2 = hlo.add %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  // inferred static, actual static and equal: OK.
  // CHECK-NEXT: hlo.add %[[D]], %[[F]] : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.add %d, %f : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// The trait document's correct examples, with hlo's one element type.
// CHECK-LABEL: func.func @examples
// CHECK-SAME: (%[[A12:[a-z0-9]+]]: tensor<1x2xi32>, %[[D:[a-z0-9]+]]: tensor<?xi32>, %[[O:[a-z0-9]+]]: tensor<1xi32>, %[[F:[a-z0-9]+]]: tensor<4xi32>, %[[T:[a-z0-9]+]]: tensor<2x3x4xi32>, %[[I:[a-z0-9]+]]: tensor<2xi32>, %[[U:[a-z0-9]+]]: tensor<*xi32>)
func.func @examples(%a12: tensor<1x2xi32>, %d: tensor<?xi32>, %o: tensor<1xi32>, %f: tensor<4xi32>,
                    %t: tensor<2x3x4xi32>, %i: tensor<2xi32>, %u: tensor<*xi32>) {
  // Exact match of static sizes.
  // CHECK-NEXT: hlo.add %[[A12]], %[[A12]] : tensor<1x2xi32>
  %0 = hlo.add %a12, %a12 : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
  // Dynamic sizes match.
  // CHECK-NEXT: hlo.add %[[D]], %[[D]] : tensor<?xi32>
  %1 = hlo.add %d, %d : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // tensor<1xi32> broadcast to tensor<4xi32>.
  // CHECK-NEXT: hlo.add %[[O]], %[[F]] : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = hlo.add %o, %f : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  // Inferred tensor<4xi32>, declared tensor<?xi32>.
  // CHECK-NEXT: hlo.add %[[F]], %[[F]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  %3 = hlo.add %f, %f : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  // Rank expansion to 1x1x4, then broadcast to 2x3x4.
  // CHECK-NEXT: hlo.add %[[F]], %[[T]] : (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %4 = hlo.add %f, %t : (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // An unranked result is not checked.
  // CHECK-NEXT: hlo.add %[[I]], %[[I]] : (tensor<2xi32>, tensor<2xi32>) -> tensor<*xi32>
  %5 = hlo.add %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<*xi32>
  // All operands unranked: the result is not checked.
  // CHECK-NEXT: hlo.add %[[U]], %[[U]] : (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  %6 = hlo.add %u, %u : (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  // An unranked operand is discarded; the ranked one alone gives the shape.
  // CHECK-NEXT: hlo.add %[[U]], %[[T]] : (tensor<*xi32>, tensor<2x3x4xi32>) -> tensor<2x?x4xi32>
  %7 = hlo.add %u, %t : (tensor<*xi32>, tensor<2x3x4xi32>) -> tensor<2x?x4xi32>
  // CHECK-NEXT: return
  return
}

// More than two operands: inference folds them in order.
// CHECK-LABEL: func.func @three_operands
// CHECK-SAME: (%[[D:[a-z0-9]+]]: tensor<?x1xf32>, %[[R:[a-z0-9]+]]: tensor<1x5xf32>, %[[C:[a-z0-9]+]]: tensor<3x1xf32>, %[[S:[a-z0-9]+]]: tensor<f32>, %[[P:[a-z0-9]+]]: tensor<3x1xi1>)
func.func @three_operands(%d: tensor<?x1xf32>, %r: tensor<1x5xf32>, %c: tensor<3x1xf32>, %s: tensor<f32>, %p: tensor<3x1xi1>) {
  // (?, 1) -> ?, then (?, 3) -> 3; (1, 5) -> 5, then (5, 1) -> 5.
  // CHECK-NEXT: hlo.clamp %[[D]], %[[R]], %[[C]] : (tensor<?x1xf32>, tensor<1x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  %0 = hlo.clamp %d, %r, %c : (tensor<?x1xf32>, tensor<1x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  // A scalar bound on each side.
  // CHECK-NEXT: hlo.clamp %[[S]], %[[R]], %[[S]] : (tensor<f32>, tensor<1x5xf32>, tensor<f32>) -> tensor<1x5xf32>
  %1 = hlo.clamp %s, %r, %s : (tensor<f32>, tensor<1x5xf32>, tensor<f32>) -> tensor<1x5xf32>
  // select's predicate takes part in the inference.
  // CHECK-NEXT: hlo.select %[[P]], %[[R]], %[[S]] : (tensor<3x1xi1>, tensor<1x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %2 = hlo.select %p, %r, %s : (tensor<3x1xi1>, tensor<1x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  // CHECK-NEXT: hlo.select %[[P]], %[[D]], %[[D]] : (tensor<3x1xi1>, tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<3x1xf32>
  %3 = hlo.select %p, %d, %d : (tensor<3x1xi1>, tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<3x1xf32>
  // CHECK-NEXT: return
  return
}

// broadcast_dimensions composes with the same rows: the mapped operand's
// dims meet the other operand's dims, 1s and ?s as above.
// CHECK-LABEL: func.func @composition
// CHECK-SAME: (%[[V:[a-z0-9]+]]: tensor<4xf32>, %[[D:[a-z0-9]+]]: tensor<?xf32>, %[[M:[a-z0-9]+]]: tensor<1x2xf32>, %[[N:[a-z0-9]+]]: tensor<?x2xf32>)
func.func @composition(%v: tensor<4xf32>, %d: tensor<?xf32>, %m: tensor<1x2xf32>, %n: tensor<?x2xf32>) {
  // (4, 1) -> 4 on dim 0, dim 1 only in the matrix.
  // CHECK-NEXT: hlo.add %[[V]], %[[M]] {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  %0 = hlo.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  // (?, 1) -> ?
  // CHECK-NEXT: hlo.add %[[D]], %[[M]] {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
  %1 = hlo.add %d, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
  // (4, ?) -> 4, operands in the other order.
  // CHECK-NEXT: hlo.add %[[N]], %[[V]] {broadcast_dimensions = array<i64: 0>} : (tensor<?x2xf32>, tensor<4xf32>) -> tensor<4x2xf32>
  %2 = hlo.add %n, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x2xf32>, tensor<4xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: return
  return
}
