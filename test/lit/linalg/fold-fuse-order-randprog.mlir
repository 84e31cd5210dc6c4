// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops --canonicalize --cse | FileCheck %s
// RUN: bcast-opt %s --split-input-file --linalg-fuse-elementwise-ops --linalg-fold-unit-extent-dims --canonicalize --cse | FileCheck %s
//
// Random programs (test/randprog, lowered with --hlo-legalize-broadcasts
// --canonicalize --hlo-legalize-to-linalg) on which
// linalg-fold-unit-extent-dims and linalg-fuse-elementwise-ops did not
// commute, whole or reduced. Both orders must give the same IR; the CHECK
// lines pin the parts that differed. Smaller cases:
// fuse-fold-unit-order.mlir.

// The consumer (hlo.minimum under a run-time check that %arg4 has size 1)
// keeps a loop of extent 1 that the producer (%3 + %arg2) drops: fuse
// first kept %2's trailing unit dim (a second collapse_shape, to ?x1, read
// with the consumer's loop); fold first did not fuse through the
// tensor.expand_shape between the two.
// CHECK-DAG: #[[D2:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[D1:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @unit_loop_kept_by_consumer
// CHECK: %[[A:.*]] = shape.assuming
// CHECK: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2, 3]] : tensor<1x1x?x1xi32> into tensor<?xi32>
// CHECK-NOT: tensor.collapse_shape %[[A]]
// CHECK: shape.cstr_require
// CHECK-NEXT: shape.assuming
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[D2]], #[[D1]], #[[D0]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg4, %[[CA]], %arg2 : tensor<?xi32>, tensor<?xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<3x?x1xi32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.minsi
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d3)>
module {
  func.func @unit_loop_kept_by_consumer(%arg0: tensor<1x?xi32>, %arg1: tensor<1x5x?x?xi32>, %arg2: tensor<3xi32>, %arg3: tensor<1x1x?x1xi32>, %arg4: tensor<?xi32>) -> (tensor<?x1x?x1xi32>, tensor<?xi32>, tensor<1x3x?x1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = shape.shape_of %arg3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %1 = shape.shape_of %arg3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %2 = shape.cstr_broadcastable %0, %1 : tensor<4xindex>, tensor<4xindex>
    %3 = shape.assuming %2 -> (tensor<1x1x?x1xi32>) {
      %30 = shape.broadcast %0, %1 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %31 = hlo.dynamic_broadcast_in_dim %arg3, %30, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 1, 3>} : (tensor<1x1x?x1xi32>, tensor<4xindex>) -> tensor<1x1x?x1xi32>
      %32 = hlo.dynamic_broadcast_in_dim %arg3, %30, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 1, 3>} : (tensor<1x1x?x1xi32>, tensor<4xindex>) -> tensor<1x1x?x1xi32>
      %c2_6 = arith.constant 2 : index
      %extracted = tensor.extract %30[%c2_6] : tensor<4xindex>
      %33 = tensor.empty(%extracted) : tensor<1x1x?x1xi32>
      %34 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %32 : tensor<1x1x?x1xi32>, tensor<1x1x?x1xi32>) outs(%33 : tensor<1x1x?x1xi32>) {
      ^bb0(%in: i32, %in_7: i32, %out: i32):
        %35 = arith.minsi %in, %in_7 : i32
        linalg.yield %35 : i32
      } -> tensor<1x1x?x1xi32>
      shape.assuming_yield %34 : tensor<1x1x?x1xi32>
    }
    %4 = shape.shape_of %arg4 : tensor<?xi32> -> tensor<1xindex>
    %5 = shape.get_extent %4, %c0 : tensor<1xindex>, index -> index
    %6 = shape.from_extents %5, %c1, %c1, %c1 : index, index, index, index
    %7 = shape.to_extent_tensor %6 : !shape.shape -> tensor<4xindex>
    %8 = shape.shape_of %3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %9 = shape.broadcast %7, %8 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
    %c0_0 = arith.constant 0 : index
    %dim = tensor.dim %arg4, %c0_0 : tensor<?xi32>
    %c2 = arith.constant 2 : index
    %dim_1 = tensor.dim %3, %c2 : tensor<1x1x?x1xi32>
    %10 = tensor.empty(%dim, %dim_1) : tensor<?x1x?x1xi1>
    %11 = linalg.generic {indexing_maps = [#map1, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg4, %3 : tensor<?xi32>, tensor<1x1x?x1xi32>) outs(%10 : tensor<?x1x?x1xi1>) {
    ^bb0(%in: i32, %in_6: i32, %out: i1):
      %30 = arith.cmpi sge, %in, %in_6 : i32
      linalg.yield %30 : i1
    } -> tensor<?x1x?x1xi1>
    %12 = shape.shape_of %11 : tensor<?x1x?x1xi1> -> tensor<4xindex>
    %13 = shape.shape_of %arg3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %14 = shape.shape_of %3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %15 = shape.cstr_broadcastable %12, %13, %14 : tensor<4xindex>, tensor<4xindex>, tensor<4xindex>
    %16 = shape.assuming %15 -> (tensor<?x1x?x1xi32>) {
      %30 = shape.broadcast %12, %13, %14 : tensor<4xindex>, tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %31 = hlo.dynamic_broadcast_in_dim %11, %30, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 1, 3>} : (tensor<?x1x?x1xi1>, tensor<4xindex>) -> tensor<?x1x?x1xi1>
      %32 = hlo.dynamic_broadcast_in_dim %arg3, %30, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 1, 3>} : (tensor<1x1x?x1xi32>, tensor<4xindex>) -> tensor<?x1x?x1xi32>
      %33 = hlo.dynamic_broadcast_in_dim %3, %30, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 1, 3>} : (tensor<1x1x?x1xi32>, tensor<4xindex>) -> tensor<?x1x?x1xi32>
      %c0_6 = arith.constant 0 : index
      %extracted = tensor.extract %30[%c0_6] : tensor<4xindex>
      %c2_7 = arith.constant 2 : index
      %extracted_8 = tensor.extract %30[%c2_7] : tensor<4xindex>
      %34 = tensor.empty(%extracted, %extracted_8) : tensor<?x1x?x1xi32>
      %35 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %32, %33 : tensor<?x1x?x1xi1>, tensor<?x1x?x1xi32>, tensor<?x1x?x1xi32>) outs(%34 : tensor<?x1x?x1xi32>) {
      ^bb0(%in: i1, %in_9: i32, %in_10: i32, %out: i32):
        %36 = arith.select %in, %in_9, %in_10 : i32
        linalg.yield %36 : i32
      } -> tensor<?x1x?x1xi32>
      shape.assuming_yield %35 : tensor<?x1x?x1xi32>
    }
    %c0_2 = arith.constant 0 : index
    %dim_3 = tensor.dim %arg4, %c0_2 : tensor<?xi32>
    %17 = tensor.empty(%dim_3) : tensor<?xi32>
    %18 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg4 : tensor<?xi32>) outs(%17 : tensor<?xi32>) {
    ^bb0(%in: i32, %out: i32):
      %c0_i32 = arith.constant 0 : i32
      %30 = arith.subi %c0_i32, %in : i32
      %c0_i32_6 = arith.constant 0 : i32
      %31 = arith.cmpi slt, %in, %c0_i32_6 : i32
      %32 = arith.select %31, %30, %in : i32
      linalg.yield %32 : i32
    } -> tensor<?xi32>
    %19 = shape.shape_of %3 : tensor<1x1x?x1xi32> -> tensor<4xindex>
    %20 = shape.const_shape [1, 3, 1, 1] : tensor<4xindex>
    %21 = shape.broadcast %19, %20 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
    %c2_4 = arith.constant 2 : index
    %dim_5 = tensor.dim %3, %c2_4 : tensor<1x1x?x1xi32>
    %22 = tensor.empty(%dim_5) : tensor<1x3x?x1xi32>
    %23 = linalg.generic {indexing_maps = [#map4, #map5, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %arg2 : tensor<1x1x?x1xi32>, tensor<3xi32>) outs(%22 : tensor<1x3x?x1xi32>) {
    ^bb0(%in: i32, %in_6: i32, %out: i32):
      %30 = arith.addi %in, %in_6 : i32
      linalg.yield %30 : i32
    } -> tensor<1x3x?x1xi32>
    %24 = shape.shape_of %arg4 : tensor<?xi32> -> tensor<1xindex>
    %25 = shape.get_extent %24, %c0 : tensor<1xindex>, index -> index
    %26 = arith.cmpi eq, %25, %c1 : index
    %27 = shape.cstr_require %26, "<stdin>:8:5: hlo.minimum: operand #0 must have the size of operand #1 in dim 3 (broadcast_policy 'rank' does not stretch size-1 dims)"
    %28 = shape.shape_of %23 : tensor<1x3x?x1xi32> -> tensor<4xindex>
    %29 = shape.assuming %27 -> (tensor<1x3x?x1xi32>) {
      %c2_6 = arith.constant 2 : index
      %dim_7 = tensor.dim %23, %c2_6 : tensor<1x3x?x1xi32>
      %30 = tensor.empty(%dim_7) : tensor<1x3x?x1xi32>
      %31 = linalg.generic {indexing_maps = [#map6, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg4, %23 : tensor<?xi32>, tensor<1x3x?x1xi32>) outs(%30 : tensor<1x3x?x1xi32>) {
      ^bb0(%in: i32, %in_8: i32, %out: i32):
        %32 = arith.minsi %in, %in_8 : i32
        linalg.yield %32 : i32
      } -> tensor<1x3x?x1xi32>
      shape.assuming_yield %31 : tensor<1x3x?x1xi32>
    }
    return %16, %18, %29 : tensor<?x1x?x1xi32>, tensor<?xi32>, tensor<1x3x?x1xi32>
  }
}



// -----

// shape.const_shape is ConstantLike but the greedy driver does not hoist
// it: a collapse_shape of an argument went after it in one order (the
// generic before it fused away) and before it in the other.
// CHECK-LABEL: func.func @const_shape_not_hoisted
// CHECK: arith.constant 1 : index
// CHECK-NEXT: tensor.collapse_shape %arg0 {{\[}}[0, 1, 2, 3]] : tensor<1x1x1x5xf32> into tensor<5xf32>
// CHECK-NEXT: shape.const_shape [1, 1, 1, 5]
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (0, 0, 0, d3)>
module {
  func.func @const_shape_not_hoisted(%arg0: tensor<1x1x1x5xf32>, %arg1: tensor<?x5xf32>, %arg2: tensor<2x1xf32>, %arg3: tensor<4x?x?x?xf32>) -> (tensor<4x?x?x5xi1>, tensor<4x?x?x5xi1>, tensor<4x?x?x5xi1>) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %0 = tensor.empty() : tensor<1x1x1x5xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x1x1x5xf32>) outs(%0 : tensor<1x1x1x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %33 = arith.negf %in : f32
      linalg.yield %33 : f32
    } -> tensor<1x1x1x5xf32>
    %2 = shape.const_shape [1, 1, 1, 5] : tensor<4xindex>
    %3 = shape.shape_of %arg3 : tensor<4x?x?x?xf32> -> tensor<4xindex>
    %4 = shape.cstr_broadcastable %2, %3 : tensor<4xindex>, tensor<4xindex>
    %5 = shape.assuming %4 -> (tensor<4x?x?x5xf32>) {
      %33 = shape.broadcast %2, %3 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %34 = hlo.dynamic_broadcast_in_dim %arg3, %33, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 1, 2>} : (tensor<4x?x?x?xf32>, tensor<4xindex>) -> tensor<4x?x?x5xf32>
      %c1_11 = arith.constant 1 : index
      %extracted = tensor.extract %33[%c1_11] : tensor<4xindex>
      %c2_12 = arith.constant 2 : index
      %extracted_13 = tensor.extract %33[%c2_12] : tensor<4xindex>
      %35 = tensor.empty(%extracted, %extracted_13) : tensor<4x?x?x5xf32>
      %36 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %34 : tensor<1x1x1x5xf32>, tensor<4x?x?x5xf32>) outs(%35 : tensor<4x?x?x5xf32>) {
      ^bb0(%in: f32, %in_14: f32, %out: f32):
        %37 = arith.mulf %in, %in_14 : f32
        linalg.yield %37 : f32
      } -> tensor<4x?x?x5xf32>
      shape.assuming_yield %36 : tensor<4x?x?x5xf32>
    }
    %6 = shape.shape_of %5 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %7 = shape.get_extent %6, %c1 : tensor<4xindex>, index -> index
    %8 = shape.shape_of %5 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %9 = shape.get_extent %8, %c1 : tensor<4xindex>, index -> index
    %10 = arith.cmpi eq, %7, %9 : index
    %11 = shape.cstr_require %10, "<stdin>:5:5: hlo.compare: operand #1 must have the size of operand #0 in dim 1 (broadcast_policy 'scalar' does not stretch size-1 dims)"
    %12 = shape.get_extent %6, %c2 : tensor<4xindex>, index -> index
    %13 = shape.get_extent %8, %c2 : tensor<4xindex>, index -> index
    %14 = arith.cmpi eq, %12, %13 : index
    %15 = shape.cstr_require %14, "<stdin>:5:5: hlo.compare: operand #1 must have the size of operand #0 in dim 2 (broadcast_policy 'scalar' does not stretch size-1 dims)"
    %16 = shape.assuming_all %11, %15
    %17 = shape.assuming %16 -> (tensor<4x?x?x5xi1>) {
      %c1_11 = arith.constant 1 : index
      %dim_12 = tensor.dim %5, %c1_11 : tensor<4x?x?x5xf32>
      %c2_13 = arith.constant 2 : index
      %dim_14 = tensor.dim %5, %c2_13 : tensor<4x?x?x5xf32>
      %33 = tensor.empty(%dim_12, %dim_14) : tensor<4x?x?x5xi1>
      %34 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %5 : tensor<4x?x?x5xf32>, tensor<4x?x?x5xf32>) outs(%33 : tensor<4x?x?x5xi1>) {
      ^bb0(%in: f32, %in_15: f32, %out: i1):
        %35 = arith.cmpf une, %in, %in_15 : f32
        linalg.yield %35 : i1
      } -> tensor<4x?x?x5xi1>
      shape.assuming_yield %34 : tensor<4x?x?x5xi1>
    }
    %c1_0 = arith.constant 1 : index
    %dim = tensor.dim %5, %c1_0 : tensor<4x?x?x5xf32>
    %c2_1 = arith.constant 2 : index
    %dim_2 = tensor.dim %5, %c2_1 : tensor<4x?x?x5xf32>
    %18 = tensor.empty(%dim, %dim_2) : tensor<4x?x?x5xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<4x?x?x5xf32>) outs(%18 : tensor<4x?x?x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %33 = arith.negf %in : f32
      linalg.yield %33 : f32
    } -> tensor<4x?x?x5xf32>
    %20 = shape.shape_of %19 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %21 = shape.shape_of %19 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %22 = shape.cstr_broadcastable %20, %21 : tensor<4xindex>, tensor<4xindex>
    %23 = shape.assuming %22 -> (tensor<4x?x?x5xi1>) {
      %33 = shape.broadcast %20, %21 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %34 = hlo.dynamic_broadcast_in_dim %19, %33, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 3>} : (tensor<4x?x?x5xf32>, tensor<4xindex>) -> tensor<4x?x?x5xf32>
      %35 = hlo.dynamic_broadcast_in_dim %19, %33, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 3>} : (tensor<4x?x?x5xf32>, tensor<4xindex>) -> tensor<4x?x?x5xf32>
      %c1_11 = arith.constant 1 : index
      %extracted = tensor.extract %33[%c1_11] : tensor<4xindex>
      %c2_12 = arith.constant 2 : index
      %extracted_13 = tensor.extract %33[%c2_12] : tensor<4xindex>
      %36 = tensor.empty(%extracted, %extracted_13) : tensor<4x?x?x5xi1>
      %37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %35 : tensor<4x?x?x5xf32>, tensor<4x?x?x5xf32>) outs(%36 : tensor<4x?x?x5xi1>) {
      ^bb0(%in: f32, %in_14: f32, %out: i1):
        %38 = arith.cmpf oeq, %in, %in_14 : f32
        linalg.yield %38 : i1
      } -> tensor<4x?x?x5xi1>
      shape.assuming_yield %37 : tensor<4x?x?x5xi1>
    }
    %c1_3 = arith.constant 1 : index
    %dim_4 = tensor.dim %19, %c1_3 : tensor<4x?x?x5xf32>
    %c2_5 = arith.constant 2 : index
    %dim_6 = tensor.dim %19, %c2_5 : tensor<4x?x?x5xf32>
    %24 = tensor.empty(%dim_4, %dim_6) : tensor<4x?x?x5xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<4x?x?x5xf32>) outs(%24 : tensor<4x?x?x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %33 = math.roundeven %in : f32
      linalg.yield %33 : f32
    } -> tensor<4x?x?x5xf32>
    %26 = shape.shape_of %25 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %27 = shape.shape_of %25 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %28 = shape.cstr_broadcastable %26, %27 : tensor<4xindex>, tensor<4xindex>
    %29 = shape.assuming %28 -> (tensor<4x?x?x5xf32>) {
      %33 = shape.broadcast %26, %27 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %34 = hlo.dynamic_broadcast_in_dim %25, %33, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 3>} : (tensor<4x?x?x5xf32>, tensor<4xindex>) -> tensor<4x?x?x5xf32>
      %35 = hlo.dynamic_broadcast_in_dim %25, %33, dims = [0, 1, 2, 3] {known_nonexpanding_dimensions = array<i64: 0, 3>} : (tensor<4x?x?x5xf32>, tensor<4xindex>) -> tensor<4x?x?x5xf32>
      %c1_11 = arith.constant 1 : index
      %extracted = tensor.extract %33[%c1_11] : tensor<4xindex>
      %c2_12 = arith.constant 2 : index
      %extracted_13 = tensor.extract %33[%c2_12] : tensor<4xindex>
      %36 = tensor.empty(%extracted, %extracted_13) : tensor<4x?x?x5xf32>
      %37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %35 : tensor<4x?x?x5xf32>, tensor<4x?x?x5xf32>) outs(%36 : tensor<4x?x?x5xf32>) {
      ^bb0(%in: f32, %in_14: f32, %out: f32):
        %38 = arith.subf %in, %in_14 : f32
        linalg.yield %38 : f32
      } -> tensor<4x?x?x5xf32>
      shape.assuming_yield %37 : tensor<4x?x?x5xf32>
    }
    %30 = shape.shape_of %29 : tensor<4x?x?x5xf32> -> tensor<4xindex>
    %c1_7 = arith.constant 1 : index
    %dim_8 = tensor.dim %29, %c1_7 : tensor<4x?x?x5xf32>
    %c2_9 = arith.constant 2 : index
    %dim_10 = tensor.dim %29, %c2_9 : tensor<4x?x?x5xf32>
    %31 = tensor.empty(%dim_8, %dim_10) : tensor<4x?x?x5xi1>
    %32 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %arg0 : tensor<4x?x?x5xf32>, tensor<1x1x1x5xf32>) outs(%31 : tensor<4x?x?x5xi1>) {
    ^bb0(%in: f32, %in_11: f32, %out: i1):
      %33 = arith.cmpf une, %in, %in_11 : f32
      linalg.yield %33 : i1
    } -> tensor<4x?x?x5xi1>
    return %17, %23, %32 : tensor<4x?x?x5xi1>, tensor<4x?x?x5xi1>, tensor<4x?x?x5xi1>
  }
}
// -----

// Reduced from seeds 22703, 27535 and 29893: a producer whose loops all
// have extent 1 feeds a consumer that keeps one of them (%arg0's dynamic
// dim). Fold first, the producer became a rank-0 generic whose result the
// consumer read through collapse_shape(expand_shape [] to 1x1) into 1,
// which fusion does not read through; the reshape fold now composes the
// pair into one expand_shape [] (a rank-0 side composes with any unit
// dims, as in MLIR), and fusion reads the producer's scalar with
// (d0) -> (), as fuse first does.
// CHECK-DAG: #[[V:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[S:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @all_unit_producer
// CHECK-SAME: (%[[A:.*]]: tensor<1x?xf32>, %[[B:.*]]: tensor<1x1xf32>)
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1]] : tensor<1x?xf32> into tensor<?xf32>
// CHECK-NEXT: %[[CB:.*]] = tensor.collapse_shape %[[B]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1xi1>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[V]], #[[S]], #[[V]]], iterator_types = ["parallel"]} ins(%[[CA]], %[[CB]] : tensor<?xf32>, tensor<f32>) outs(%[[E]] : tensor<1xi1>)
// CHECK-NEXT: ^bb0(%[[IA:.*]]: f32, %[[IB:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT: %[[Q:.*]] = math.sqrt %[[IB]] : f32
// CHECK-NEXT: %[[C:.*]] = arith.cmpf une, %[[IA]], %[[Q]] : f32
// CHECK-NEXT: linalg.yield %[[C]] : i1
// CHECK-NEXT: } -> tensor<1xi1>
// CHECK-NEXT: %[[X:.*]] = tensor.expand_shape %[[R]] {{\[}}[0, 1]] output_shape [1, 1] : tensor<1xi1> into tensor<1x1xi1>
// CHECK-NEXT: return %[[X]] : tensor<1x1xi1>
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @all_unit_producer(%arg0: tensor<1x?xf32>, %arg1: tensor<1x1xf32>) -> tensor<1x1xi1> {
  %0 = tensor.empty() : tensor<1x1xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<1x1xf32>) outs(%0 : tensor<1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %4 = math.sqrt %in : f32
    linalg.yield %4 : f32
  } -> tensor<1x1xf32>
  %2 = tensor.empty() : tensor<1x1xi1>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %1 : tensor<1x?xf32>, tensor<1x1xf32>) outs(%2 : tensor<1x1xi1>) {
  ^bb0(%in: f32, %in_0: f32, %out: i1):
    %4 = arith.cmpf une, %in, %in_0 : f32
    linalg.yield %4 : i1
  } -> tensor<1x1xi1>
  return %3 : tensor<1x1xi1>
}

// -----

// Reduced from seeds 16471 and 25360: `select %c, %x, %x` is an identity
// generic once simplified, sized by %c (%arg1). Fuse first erases it
// before folding, so %x's own expand_shape is returned twice; fold first
// erased it after folding, leaving a second expand_shape of %x's folded
// generic sized by tensor.dim %arg1. The expand_shape's size now comes
// from its source generic's init (linalg's
// ExpandShapeSizeOfGenericResult), and cse merges the two.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @select_same
// CHECK-SAME: (%[[A:.*]]: tensor<?x4x1x1xf32>, %[[C:.*]]: tensor<?x4x1x1xi1>)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[CA:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0], [1, 2, 3]] : tensor<?x4x1x1xf32> into tensor<?x4xf32>
// CHECK-NEXT: %[[D:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x4x1x1xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x4xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[CA]] : tensor<?x4xf32>) outs(%[[E]] : tensor<?x4xf32>)
// CHECK: %[[X:.*]] = tensor.expand_shape %[[R]] {{\[}}[0], [1, 2, 3]] output_shape [%[[D]], 4, 1, 1] : tensor<?x4xf32> into tensor<?x4x1x1xf32>
// CHECK-NEXT: return %[[X]], %[[X]] : tensor<?x4x1x1xf32>, tensor<?x4x1x1xf32>
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @select_same(%arg0: tensor<?x4x1x1xf32>, %arg1: tensor<?x4x1x1xi1>) -> (tensor<?x4x1x1xf32>, tensor<?x4x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x4x1x1xf32>
  %0 = tensor.empty(%dim) : tensor<?x4x1x1xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x4x1x1xf32>) outs(%0 : tensor<?x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = math.exp %in : f32
    linalg.yield %3 : f32
  } -> tensor<?x4x1x1xf32>
  %dim_0 = tensor.dim %arg1, %c0 : tensor<?x4x1x1xi1>
  %2 = tensor.empty(%dim_0) : tensor<?x4x1x1xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1, %1, %1 : tensor<?x4x1x1xi1>, tensor<?x4x1x1xf32>, tensor<?x4x1x1xf32>) outs(%2 : tensor<?x4x1x1xf32>) {
  ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
    %4 = arith.select %in, %in_1, %in_2 : f32
    linalg.yield %4 : f32
  } -> tensor<?x4x1x1xf32>
  return %1, %3 : tensor<?x4x1x1xf32>, tensor<?x4x1x1xf32>
}
