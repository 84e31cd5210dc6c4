// RUN: bcast-opt %s --split-input-file --canonicalize | FileCheck %s
//
// The shape of hlo.dynamic_broadcast_in_dim is its shape operand:
// shape.shape_of reads the operand, tensor.dim one of its elements (cast
// to index when the shape is of integers), and a broadcast read only that
// way goes. Its elements are not a canonicalization: reading them from
// the operand would drop the broadcast's check that each operand dim is 1
// or the result's size (linalg-version-broadcasts does it, keeping the
// check).

// CHECK-LABEL: func.func @shape_and_sizes
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xindex>, %[[D:[a-z0-9]+]]: index)
// CHECK: %[[E:[a-z0-9_]+]] = tensor.extract %[[S]][%[[D]]] : tensor<2xindex>
// CHECK-NEXT: return %[[S]], %[[E]] : tensor<2xindex>, index
func.func @shape_and_sizes(%x: tensor<?xf32>, %s: tensor<2xindex>, %d: index) -> (tensor<2xindex>, index) {
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %shape = shape.shape_of %b : tensor<?x?xf32> -> tensor<2xindex>
  %size = tensor.dim %b, %d : tensor<?x?xf32>
  return %shape, %size : tensor<2xindex>, index
}

// -----

// A shape of integers: its elements, cast to index; shape.get_extent of
// the shape reads the cast element.
// CHECK-LABEL: func.func @integer_shape
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xi32>)
// CHECK-DAG: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK: %[[E0:[a-z0-9_]+]] = tensor.extract %[[S]][%[[C0]]] : tensor<2xi32>
// CHECK: %[[I0:[a-z0-9_]+]] = arith.index_cast %[[E0]] : i32 to index
// CHECK: %[[E1:[a-z0-9_]+]] = tensor.extract %[[S]][%[[C1]]] : tensor<2xi32>
// CHECK: %[[I1:[a-z0-9_]+]] = arith.index_cast %[[E1]] : i32 to index
// CHECK: %[[SHAPE:[a-z0-9_]+]] = tensor.from_elements %[[I0]], %[[I1]] : tensor<2xindex>
// CHECK: %[[E:[a-z0-9_]+]] = tensor.extract %[[S]][%[[C1]]] : tensor<2xi32>
// CHECK: %[[I:[a-z0-9_]+]] = arith.index_cast %[[E]] : i32 to index
// CHECK: return %[[SHAPE]], %[[I]] : tensor<2xindex>, index
func.func @integer_shape(%x: tensor<?xf32>, %s: tensor<2xi32>) -> (tensor<2xindex>, index) {
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %shape = shape.shape_of %b : tensor<?x?xf32> -> tensor<2xindex>
  %c1 = arith.constant 1 : index
  %size = shape.get_extent %shape, %c1 : tensor<2xindex>, index -> index
  return %shape, %size : tensor<2xindex>, index
}

// -----

// CHECK-LABEL: func.func @elements_stay
// CHECK: %[[B:[a-z0-9_]+]] = hlo.dynamic_broadcast_in_dim
// CHECK: tensor.extract %[[B]]
func.func @elements_stay(%x: tensor<?xf32>, %s: tensor<2xindex>, %i: index, %j: index) -> f32 {
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %e = tensor.extract %b[%i, %j] : tensor<?x?xf32>
  return %e : f32
}
