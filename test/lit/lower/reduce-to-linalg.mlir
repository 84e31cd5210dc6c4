// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=CPU
//
// hlo.reduce and hlo.reduce_window become linalg.generic with reduction
// iterators (lower/reduction.go, reduction_window.go, reduction_body.go):
// a parallel loop per kept dim and a reduction loop per reduced dim, the
// inputs read with the identity map, each result a linalg.fill of its
// init value into a tensor.empty, read through the map that drops the
// reduced dims, and the reducer's body in scalar arith. The generic's body
// takes (elements, accumulators), the reducer (accumulators, elements):
// the accumulator is the first operand of each combiner, as the
// interpreter folds. reduce-to-linalg-mlir-opt.mlir has mlir-opt-19 verify
// the output; reduce-to-linalg-invalid.mlir has what is not lowered.

// The short form: one generic, the init a scalar constant filled.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
// CHECK: %[[C:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%[[C]] : f32) outs(%[[E]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
// CPU-LABEL: func.func @sum(
// CPU: linalg.fill
// CPU: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
func.func @sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Reduced dims in any order: the iterators follow the inputs' dims.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[KEPT:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-LABEL: func.func @dims_out_of_order(
// CHECK: %[[C:.*]] = arith.constant -2147483648 : i32
// CHECK: linalg.fill ins(%[[C]] : i32)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[KEPT]]], iterator_types = ["reduction", "parallel", "reduction", "parallel"]} ins(%arg0 : tensor<2x3x4x5xi32>) outs(%{{.*}} : tensor<3x5xi32>)
// CHECK: arith.maxsi %out, %in : i32
func.func @dims_out_of_order(%x: tensor<2x3x4x5xi32>) -> tensor<3x5xi32> {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [2, 0] : (tensor<2x3x4x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// Dynamic dims: the result's sizes are the input's; an init value that is
// not a constant is read with tensor.extract.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[KEPT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @dynamic(%arg0: tensor<?x8x?xf32>, %arg1: tensor<f32>) -> tensor<?x?xf32> {
// CHECK: %[[X:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x8x?xf32>
// CHECK: %[[D2:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x8x?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D0]], %[[D2]]) : tensor<?x?xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[X]] : f32) outs(%[[E]] : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[KEPT]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0 : tensor<?x8x?xf32>) outs(%[[F]] : tensor<?x?xf32>)
// CHECK: arith.maximumf %out, %in : f32
func.func @dynamic(%x: tensor<?x8x?xf32>, %c: tensor<f32>) -> tensor<?x?xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<?x8x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// All dims: a rank-0 result, read through the map to no dims.
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @all_dims(
// CHECK: %[[F:.*]] = linalg.fill ins(%false : i1) outs(%{{.*}} : tensor<i1>) -> tensor<i1>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[NONE]]], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<2x3xi1>) outs(%[[F]] : tensor<i1>)
// CHECK: arith.ori %out, %in : i1
func.func @all_dims(%x: tensor<2x3xi1>) -> tensor<i1> {
  %c = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.or across dimensions = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// No dims: the body applied once to each element and the init value, an
// all-parallel generic that reads the init value as a rank-0 input.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @no_dims(
// CHECK-NOT: linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[NONE]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<f32>) outs(%{{.*}} : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[INIT:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[INIT]], %[[IN]] : f32
func.func @no_dims(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.multiply across dimensions = [] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An empty reduced dim: the loop runs no iteration, the result is the
// fill, the init value.
// CHECK-LABEL: func.func @empty_dim(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x0xf32>)
func.func @empty_dim(%x: tensor<4x0xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x0xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A region body: order-sensitive (2 * acc - x * s), with a constant,
// which becomes a scalar constant in the body, and a value from outside
// the body, read with tensor.extract before the generic.
// CHECK-LABEL: func.func @region_body(
// CHECK: %[[S:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%{{.*}} : tensor<8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[K:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[IN]], %[[S]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[OUT]], %[[K]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.subf %[[T]], %[[M]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @region_body(%x: tensor<4x8xf32>, %s: tensor<f32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %k = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %m = stablehlo.multiply %b, %s : tensor<f32>
    %t = stablehlo.multiply %a, %k : tensor<f32>
    %r = stablehlo.subtract %t, %m : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }
  return %0 : tensor<8xf32>
}

// -----

// jnp.argmax: two inputs, two outs and results. The reducer's pairs
// (%arg1, %arg3) and (%arg2, %arg4) are (accumulator, element): the
// accumulator is kept when greater or NaN, its index among equal values
// when smaller, so the result is the first maximum or the first NaN.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax(
// CHECK: %[[IOTA:.*]] = linalg.generic
// CHECK: linalg.index 1 : index
// CHECK: %[[FV:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<18xf32>) -> tensor<18xf32>
// CHECK: %[[FI:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<18xi32>) -> tensor<18xi32>
// CHECK-NEXT: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[IOTA]] : tensor<18x12xf32>, tensor<18x12xi32>) outs(%[[FV]], %[[FI]] : tensor<18xf32>, tensor<18xi32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[I:.*]]: i32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf une, %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT: %[[KEEP:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[ACCI]], %[[I]] : i32
// CHECK-NEXT: %[[TIE:.*]] = arith.andi %[[EQ]], %[[LT]] : i1
// CHECK-NEXT: %[[KEEPI:.*]] = arith.ori %[[KEEP]], %[[TIE]] : i1
// CHECK-NEXT: %[[V:.*]] = arith.select %[[KEEP]], %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[J:.*]] = arith.select %[[KEEPI]], %[[ACCI]], %[[I]] : i32
// CHECK-NEXT: linalg.yield %[[V]], %[[J]] : f32, i32
// CHECK-NEXT: } -> (tensor<18xf32>, tensor<18xi32>)
// CHECK-NEXT: return %[[R]]#1 : tensor<18xi32>
// CPU-LABEL: func.func @argmax(
// CPU: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
func.func @argmax(%arg0: tensor<18x12xf32>) -> tensor<18xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<18x12xi32>
  %1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.constant dense<0> : tensor<i32>
  %3:2 = stablehlo.reduce(%arg0 init: %1), (%0 init: %2) across dimensions = [1] : (tensor<18x12xf32>, tensor<18x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<18xf32>, tensor<18xi32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %4 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.or %4, %5 : tensor<i1>
    %7 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.and %7, %8 : tensor<i1>
    %10 = stablehlo.or %6, %9 : tensor<i1>
    %11 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %12 = stablehlo.select %10, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %11, %12 : tensor<f32>, tensor<i32>
  }
  return %3#1 : tensor<18xi32>
}

// -----

// An input broadcast along a kept dim is read through the broadcast's
// map: nothing is copied.
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_kept(
// CHECK-NOT: tensor<4x8xf32>
// CHECK: linalg.generic {indexing_maps = [#[[D0]], #[[D1]]], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<8xf32>)
func.func @broadcast_kept(%x: tensor<4xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %0 = stablehlo.reduce(%b init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Broadcast along a reduced dim: a reduction loop must be sized by an
// input, so the broadcast is materialized and read whole.
// CHECK-LABEL: func.func @broadcast_reduced(
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[B]] : tensor<4x8xf32>)
func.func @broadcast_reduced(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %0 = stablehlo.reduce(%b init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// jnp.cumsum: the window of n along dim 0 is a reduction loop j over the
// input's dim 0 (read in range: no padding is read), masked by j <= o.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum(
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x9xf32>)
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<8x9xf32>) outs(%[[F]] : tensor<8x9xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[O:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi sle, %[[J]], %[[O]] : index
// CHECK-NEXT: %[[R:.*]] = arith.select %[[IN]], %[[S]], %[[ACC]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @cumsum(%arg0: tensor<8x9xf32>) -> tensor<8x9xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8x9xf32>, tensor<f32>) -> tensor<8x9xf32>
  return %0 : tensor<8x9xf32>
}

// -----

// cummax(reverse=True) along the static dim 1, the dynamic dim 0 read
// with the identity: the mask is j >= o.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @cummax_reverse(
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x6xi32>
// CHECK: tensor.empty(%[[D]]) : tensor<?x6xi32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.maxsi
// CHECK: %[[O:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT: arith.cmpi sge, %[[J]], %[[O]] : index
func.func @cummax_reverse(%arg0: tensor<?x6xi32>) -> tensor<?x6xi32> {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{padding = dense<[[0, 0], [0, 5]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 6>}> ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
    %1 = stablehlo.maximum %arg1, %arg2 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<?x6xi32>, tensor<i32>) -> tensor<?x6xi32>
  return %0 : tensor<?x6xi32>
}

// -----

// Max pooling with padding 1 and stride 2: both bounds of each window.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool(
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: %[[O:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 4 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[U:.*]] = arith.muli %[[O]], %[[C2]] : index
// CHECK-NEXT: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-NEXT: %[[LO:.*]] = arith.addi %[[U]], %[[CM1]] : index
// CHECK-NEXT: arith.cmpi sge, %[[J]], %[[LO]] : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[HI:.*]] = arith.addi %[[U]], %[[C1]] : index
// CHECK-NEXT: arith.cmpi sle, %[[J]], %[[HI]] : index
// CHECK: arith.select
func.func @max_pool(%arg0: tensor<1x4x7x7xf32>) -> tensor<1x4x4x4xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<1x4x7x7xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Base and window dilations: element j is at 2j, the window of o covers
// 2o, 2o + 3, 2o + 6.
// CHECK-LABEL: func.func @dilations(
// CHECK: arith.remsi %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi eq
func.func @dilations(%arg0: tensor<6xf32>) -> tensor<3xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 2>, window_dilations = array<i64: 3>, window_dimensions = array<i64: 3>, window_strides = array<i64: 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Windows of one element that stay inside the input (stride 2, negative
// padding): no reduction loop, the input read at o * 2 and o + 1, and the
// body applied once to the init value and the element.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0 * 2, d1 + 1)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @strided(
// CHECK-NOT: linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[NONE]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %{{.*}} : tensor<8x5xf32>, tensor<f32>) outs(%{{.*}} : tensor<4x3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[INIT:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.subf %[[INIT]], %[[X]] : f32
func.func @strided(%arg0: tensor<8x5xf32>) -> tensor<4x3xf32> {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[0, 0], [-1, -1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.subtract %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8x5xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A minimum needs no particular init value for its padding: an argument,
// read with tensor.extract.
// CHECK-LABEL: func.func @cummin_init_argument(
// CHECK: %[[X:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: linalg.fill ins(%[[X]] : f32)
// CHECK: arith.minimumf
// CHECK: arith.cmpi sle
func.func @cummin_init_argument(%arg0: tensor<5xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{padding = dense<[[4, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 5>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.minimum %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
