// RUN: bcast-opt %s --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --hlo-legalize-to-linalg | mlir-opt-19 --verify-roundtrip > /dev/null
//
// hlo.reverse and hlo.pad of dynamic dims (lower/data_movement.go).

// A dynamic reversed dim has no affine map (its size would be a symbol):
// the generic reads the operand with tensor.extract at n - 1 - i.
// CHECK-LABEL: func.func @reverse
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x4xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = arith.subi %[[LAST]], %[[I]] : index
// CHECK: tensor.extract %arg0[%[[J]], %{{.*}}] : tensor<?x4xf32>

// Static reversed dims keep the map, whatever the other dims.
// CHECK-LABEL: func.func @reverse_static_dims
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], {{.*}} ins(%arg0 : tensor<?x4xf32>)
// CHECK-NOT: tensor.extract

// A dynamic padded dim: the result's size checked not to be negative, the
// part of the operand inside it at run-time offsets and sizes.
// CHECK-LABEL: func.func @pad
// CHECK: cf.assert %{{.*}}, "{{.*}}'hlo.pad' op in @pad: dim 0 would have {0} elements (padding low -1, high 2, interior 1)"
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x6xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x6xf32>)
// CHECK: arith.floordivsi
// CHECK: %[[SRC:.*]] = tensor.extract_slice %arg0[%{{.*}}, 0] [%[[C:.*]], 3] [1, 1] : tensor<?x3xf32> to tensor<?x3xf32>
// CHECK: %[[DST:.*]] = tensor.extract_slice %[[F]][%[[O:.*]], 1] [%[[C]], 3] [2, 2] : tensor<?x6xf32> to tensor<?x3xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[SRC]] : tensor<?x3xf32>) outs(%[[DST]] : tensor<?x3xf32>)
// CHECK: tensor.insert_slice %[[G]] into %[[F]][%[[O]], 1] [%[[C]], 3] [2, 2] : tensor<?x3xf32> into tensor<?x6xf32>

func.func @reverse(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.reverse %x, dims = [0, 1] : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @reverse_static_dims(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.reverse %x, dims = [1] : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @pad(%x: tensor<?x3xf32>, %v: tensor<f32>) -> tensor<?x6xf32> {
  %0 = stablehlo.pad %x, %v, low = [-1, 1], high = [2, 0], interior = [1, 1] : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}
