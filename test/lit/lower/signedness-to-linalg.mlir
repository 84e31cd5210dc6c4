// RUN: bcast-opt %s --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --hlo-legalize-to-linalg | mlir-opt-19 --verify-roundtrip > /dev/null
//
// Signed and unsigned integers (si8, ui32, ...) in reductions,
// contractions, iota and bitcast_convert: arith has only signless
// integers, so each op computes on tensor.bitcast views of its operands
// and gives the view of its result back; unsigned maxima, minima and
// compares are arith's unsigned ones, and unsigned elements widen with
// arith.extui.

// CHECK-LABEL: func.func @reduce_max
// CHECK: %[[X:.*]] = tensor.bitcast %arg0 : tensor<3x4xui8> to tensor<3x4xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%{{.*}} : tensor<3xi8>)
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<3x4xi8>)
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i8
// CHECK: %[[R:.*]] = tensor.bitcast %{{.*}} : tensor<3xi8> to tensor<3xui8>
// CHECK: return %[[R]] : tensor<3xui8>
func.func @reduce_max(%x: tensor<3x4xui8>) -> tensor<3xui8> {
  %z = stablehlo.constant dense<0> : tensor<ui8>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4xui8>, tensor<ui8>) -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// An argmax on unsigned values: the body's compare is unsigned.
// CHECK-LABEL: func.func @argmax
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i16
// CHECK: return %{{.*}} : tensor<4xi32>
func.func @argmax(%x: tensor<3x4xui16>) -> tensor<4xi32> {
  %iota = stablehlo.iota dim = 0 : tensor<3x4xi32>
  %m = stablehlo.constant dense<0> : tensor<ui16>
  %mi = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %m), (%iota init: %mi) across dimensions = [0] : (tensor<3x4xui16>, tensor<3x4xi32>, tensor<ui16>, tensor<i32>) -> (tensor<4xui16>, tensor<4xi32>)
    reducer(%a: tensor<ui16>, %b: tensor<ui16>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
      %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<ui16>
      %i = stablehlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<ui16>, tensor<i32>
    }
  return %0#1 : tensor<4xi32>
}

// A signed reduce_window keeps signed maxima.
// CHECK-LABEL: func.func @window
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i8
// CHECK: tensor.bitcast %{{.*}} : tensor<3x3xi8> to tensor<3x3xsi8>
func.func @window(%x: tensor<3x4xsi8>) -> tensor<3x3xsi8> {
  %z = stablehlo.constant dense<-128> : tensor<si8>
  %0 = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<si8>, %b: tensor<si8>):
      %m = stablehlo.maximum %a, %b : tensor<si8>
      stablehlo.return %m : tensor<si8>
    }) {window_dimensions = array<i64: 1, 2>} : (tensor<3x4xsi8>, tensor<si8>) -> tensor<3x3xsi8>
  return %0 : tensor<3x3xsi8>
}

// ui8 x ui8 into ui32: each element widened with extui.
// CHECK-LABEL: func.func @dot
// CHECK: %[[A:.*]] = tensor.bitcast %arg0 : tensor<2x3xui8> to tensor<2x3xi8>
// CHECK: %[[B:.*]] = tensor.bitcast %arg1 : tensor<3x4xui8> to tensor<3x4xi8>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<2x3xi8>, tensor<3x4xi8>) outs(%{{.*}} : tensor<2x4xi32>)
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: tensor.bitcast %{{.*}} : tensor<2x4xi32> to tensor<2x4xui32>
func.func @dot(%x: tensor<2x3xui8>, %w: tensor<3x4xui8>) -> tensor<2x4xui32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xui8>, tensor<3x4xui8>) -> tensor<2x4xui32>
  return %0 : tensor<2x4xui32>
}

// CHECK-LABEL: func.func @iota
// CHECK: arith.trunci %{{.*}} : i64 to i16
// CHECK: tensor.bitcast %{{.*}} : tensor<2x3xi16> to tensor<2x3xui16>
// CHECK-LABEL: func.func @iota_signless
// CHECK-NOT: tensor.bitcast
// CHECK: return
func.func @iota(%x: tensor<f32>) -> tensor<2x3xui16> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xui16>
  return %0 : tensor<2x3xui16>
}
func.func @iota_signless(%x: tensor<f32>) -> tensor<2x3xi16> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// CHECK-LABEL: func.func @bitcast
// CHECK: tensor.bitcast %arg0 : tensor<4xui32> to tensor<4xi32>
// CHECK: arith.bitcast %{{.*}} : i32 to f32
func.func @bitcast(%x: tensor<4xui32>) -> tensor<4xf32> {
  %0 = stablehlo.bitcast_convert %x : (tensor<4xui32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// An unsigned reduce_window reading padding: its constant init (a
// tensor.bitcast of the signless constant once converted) is seen to be
// neutral for its add, as a signless one is.
// CHECK-LABEL: func.func @reduce_window_padded
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%{{.*}} : tensor<6xi8>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<6xi8>)
// CHECK: arith.addi %{{.*}}, %{{.*}} : i8
// CHECK: tensor.bitcast %{{.*}} : tensor<6xi8> to tensor<6xui8>
func.func @reduce_window_padded(%x: tensor<6xui8>) -> tensor<6xui8> {
  %c = stablehlo.constant dense<0> : tensor<ui8>
  %0 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<6xui8>, tensor<ui8>) -> tensor<6xui8>
  return %0 : tensor<6xui8>
}
