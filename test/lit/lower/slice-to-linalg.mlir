// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=CPU
//
// hlo.slice becomes a generic reading its operand through the map
// `d * stride + start`, per dim. A dim that starts at 0 with stride 1 has
// the bare result `d` (affine maps fold `d * 1 + 0`), and the first operand
// that reads a loop dim bare gives that loop its bound: such a dim must
// be the operand's whole dim. When it is shorter (or the operand's dim is
// dynamic), the generic reads a tensor.extract_slice of the operand (the
// slice's offsets, sizes and strides) through the identity map instead.
// The cases cover, per dim, start 0 or not, stride 1 or not and length
// the operand's or shorter, and their mixes in 2-D slices.

// [0:4] of 4: the identity, read through (d0).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @identity(
// CPU-LABEL: func.func @identity(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.slice %x [0:4] : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// [0:2] of 4: start 0, stride 1, shorter: read through the slice.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @prefix(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[S]] : tensor<2xf32>) outs(%{{.*}} : tensor<2xf32>)
// The view is the result: the identity generic is gone.
// CPU-LABEL: func.func @prefix(
// CPU-NEXT: %[[S:.*]] = tensor.extract_slice %arg0[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
// CPU-NEXT: return %[[S]] : tensor<2xf32>
func.func @prefix(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// [1:3] of 4: start 1, stride 1, shorter, in the middle.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @offset(
// CPU-LABEL: func.func @offset(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<2xf32>)
func.func @offset(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [1:3] : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// [1:4] of 4: start 1, stride 1, up to the end.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @suffix(
// CPU-LABEL: func.func @suffix(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<3xf32>)
func.func @suffix(%x: tensor<4xf32>) -> tensor<3xf32> {
  %r = hlo.slice %x [1:4] : (tensor<4xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// [0:4:2] of 4: start 0, stride 2.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @stride(
// CPU-LABEL: func.func @stride(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<2xf32>)
func.func @stride(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [0:4:2] : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// [1:4:2] of 4: start 1, stride 2.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @offset_stride(
// CPU-LABEL: func.func @offset_stride(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<2xf32>)
func.func @offset_stride(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// [0:1:2] of 1: stride 2, the operand's whole length.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @stride_full(
// CPU-LABEL: func.func @stride_full(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<1xf32>) outs(%{{.*}} : tensor<1xf32>)
func.func @stride_full(%x: tensor<1xf32>) -> tensor<1xf32> {
  %r = hlo.slice %x [0:1:2] : (tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// [0:2, 1:3] of 4x4: a shorter dim from 0 with an offset dim.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @prefix_offset(
// CPU-LABEL: func.func @prefix_offset(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 1] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<2x2xf32>) outs(%{{.*}} : tensor<2x2xf32>)
func.func @prefix_offset(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [0:2, 1:3] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// [0:4, 1:3] of 4x4: the whole dim 0 stays a bare d0.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1 + 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @full_offset(
// CPU-LABEL: func.func @full_offset(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x4xf32>) outs(%{{.*}} : tensor<4x2xf32>)
func.func @full_offset(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %r = hlo.slice %x [0:4, 1:3] : (tensor<4x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// [0:2, 0:4:2] of 4x4: the slice's strides go into the extract_slice.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @prefix_stride(
// CPU-LABEL: func.func @prefix_stride(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 0] [2, 2] [1, 2] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<2x2xf32>) outs(%{{.*}} : tensor<2x2xf32>)
func.func @prefix_stride(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [0:2, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// [1:3, 0:2] of 4x4: the shorter dim from 0 is the inner one.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @offset_prefix(
// CPU-LABEL: func.func @offset_prefix(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[1, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<2x2xf32>) outs(%{{.*}} : tensor<2x2xf32>)
func.func @offset_prefix(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [1:3, 0:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// [0:4:2, 1:4] of 4x4: no bare dim, all in the map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0 * 2, d1 + 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @stride_suffix(
// CPU-LABEL: func.func @stride_suffix(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x4xf32>) outs(%{{.*}} : tensor<2x3xf32>)
func.func @stride_suffix(%x: tensor<4x4xf32>) -> tensor<2x3xf32> {
  %r = hlo.slice %x [0:4:2, 1:4] : (tensor<4x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// [0:2] of a dynamic dim: the slice (checked at run time), not the map
// `d0`, whose loop bound would be the operand's run-time size.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dyn_prefix(
// CPU-LABEL: func.func @dyn_prefix(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0] [2] [1] : tensor<?xf32> to tensor<2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[S]] : tensor<2xf32>) outs(%{{.*}} : tensor<2xf32>)
func.func @dyn_prefix(%x: tensor<?xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [0:2] : (tensor<?xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// [0:4, 0:3] of 4x?: the static whole dim 0 with a dynamic dim 1 from 0.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dyn_full(
// CPU-LABEL: func.func @dyn_full(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 0] [4, 3] [1, 1] : tensor<4x?xf32> to tensor<4x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<4x3xf32>) outs(%{{.*}} : tensor<4x3xf32>)
func.func @dyn_full(%x: tensor<4x?xf32>) -> tensor<4x3xf32> {
  %r = hlo.slice %x [0:4, 0:3] : (tensor<4x?xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// [1:3, 0:4] of ?x4: an offset into the dynamic dim stays in the map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0 + 1, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dyn_offset(
// CPU-LABEL: func.func @dyn_offset(
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x4xf32>) outs(%{{.*}} : tensor<2x4xf32>)
func.func @dyn_offset(%x: tensor<?x4xf32>) -> tensor<2x4xf32> {
  %r = hlo.slice %x [1:3, 0:4] : (tensor<?x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A sliced view fuses with its elementwise consumer: one generic reads
// the view and the broadcast operand.
// CPU-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CPU-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CPU-LABEL: func.func @prefix_consumer(
// CPU: %[[S:.*]] = tensor.extract_slice %arg0[0, 1] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CPU: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]], %arg1 : tensor<2x2xf32>, tensor<2xf32>)
// CPU: arith.addf
// CPU-NOT: linalg.generic
// CPU: return %[[G]]
func.func @prefix_consumer(%x: tensor<4x4xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %s = hlo.slice %x [0:2, 1:3] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  %r = hlo.add %s, %b : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// [0:1, 0:4]: a unit-extent view; linalg-fold-unit-extent-dims collapses
// it and the consumer computes on 4 elements.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unit_consumer(
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<1x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<1x4xf32>) outs(%{{.*}} : tensor<1x4xf32>)
// CPU-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CPU-LABEL: func.func @unit_consumer(
// CPU-DAG: %[[Y:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CPU-DAG: %[[S:.*]] = tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<1x4xf32>
// CPU: %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CPU: %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[C]], %[[Y]] : tensor<4xf32>, tensor<4xf32>)
// CPU: arith.mulf
// CPU-NOT: linalg.generic
// CPU: tensor.expand_shape %[[G]] {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
func.func @unit_consumer(%x: tensor<4x4xf32>, %y: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %s = hlo.slice %x [0:1, 0:4] : (tensor<4x4xf32>) -> tensor<1x4xf32>
  %r = hlo.multiply %s, %y : tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

// A slice read through its map fuses with both its producer and its
// consumer: one generic reads the producer's operand at (d0 + 1, d1 * 3 + 1).
// CPU-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0 + 1, d1 * 3 + 1)>
// CPU-LABEL: func.func @offset_fused(
// CPU-NOT: tensor.extract_slice
// CPU: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x6xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<3x2xf32>)
// CPU: arith.mulf
// CPU: arith.addf
// CPU-NOT: linalg.generic
func.func @offset_fused(%x: tensor<4x6xf32>, %b: tensor<2xf32>) -> tensor<3x2xf32> {
  %e = hlo.multiply %x, %x : tensor<4x6xf32>
  %s = hlo.slice %e [1:4, 1:6:3] : (tensor<4x6xf32>) -> tensor<3x2xf32>
  %r = hlo.add %s, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// A producer read through a view is not fused into the slice's consumer
// (linalg-fuse-elementwise-ops does not fuse through tensor.extract_slice):
// it is computed whole, and the consumer reads the view of its result.
// CPU-LABEL: func.func @prefix_producer(
// CPU: %[[E:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x4xf32>)
// CPU: math.exp
// CPU: %[[S:.*]] = tensor.extract_slice %[[E]][0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
// CPU: linalg.generic {{.*}} ins(%[[S]], %arg1 : tensor<2x4xf32>, tensor<2x4xf32>)
// CPU: arith.addf
func.func @prefix_producer(%x: tensor<4x4xf32>, %y: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %e = hlo.exponential %x : tensor<4x4xf32>
  %s = hlo.slice %e [0:2, 0:4] : (tensor<4x4xf32>) -> tensor<2x4xf32>
  %r = hlo.add %s, %y : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
