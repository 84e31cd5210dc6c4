// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC \
// RUN:   --implicit-check-not=stablehlo --implicit-check-not=mhlo
// RUN: bcast-opt %s | FileCheck %s --check-prefix=LAYOUT --strict-whitespace --match-full-lines
//
// hlo.reduce, hlo.reduce_window and hlo.return (dialects/hlo/reduction.go,
// reduction_window.go) round trip: printed, printed again from the printed
// text, and printed from the generic form, every line is the same. Input is
// spelled as JAX exports it (stablehlo.X, mhlo.X, or hlo.X); output is
// hlo.X in StableHLO's syntax: a reduce whose body is one commutative
// binary op on the body's arguments in order prints in the short form
// (`applies hlo.add`), any other in the region form; reduce_window has only
// the generic form.

// The short form, with each commutative binary op, in the three
// spellings (the op name also as a string), with discardable attributes,
// dims in any order, all dims and no dims. It stands for a body of one op
// on the body's two arguments, in order.
// GENERIC-LABEL: sym_name = "short_form"
// GENERIC: "hlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// GENERIC-NEXT: %[[S:.*]] = "hlo.add"(%[[A]], %[[B]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "hlo.return"(%[[S]]) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// GENERIC: "hlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 1>}> ({
// GENERIC: "hlo.maximum"
// GENERIC: }) {tag = "x"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// GENERIC: "hlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = array<i64>}> ({
// CHECK-LABEL: func.func @short_form(%arg0: tensor<4x8xf32>, %arg1: tensor<2x3x4xi32>, %arg2: tensor<5xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xi32>, tensor<i32>, tensor<2x3x4xi32>, tensor<i1>) {
// CHECK-NEXT: %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %c = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %c_0 = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT: %0 = hlo.reduce(%arg0 init: %cst) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = hlo.reduce(%arg0 init: %cst) applies hlo.maximum across dimensions = [1] {tag = "x"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = hlo.reduce(%arg0 init: %cst) applies hlo.minimum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = hlo.reduce(%arg1 init: %c) applies hlo.multiply across dimensions = [2, 0] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT: %4 = hlo.reduce(%arg1 init: %c) applies hlo.xor across dimensions = [0, 1, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT: %5 = hlo.reduce(%arg1 init: %c) applies hlo.and across dimensions = [] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<2x3x4xi32>
// CHECK-NEXT: %6 = hlo.reduce(%arg2 init: %c_0) applies hlo.or across dimensions = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xi32>, tensor<i32>, tensor<2x3x4xi32>, tensor<i1>
// CHECK-NEXT: }
func.func @short_form(%x: tensor<4x8xf32>, %y: tensor<2x3x4xi32>, %p: tensor<5xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xi32>, tensor<i32>, tensor<2x3x4xi32>, tensor<i1>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = mhlo.reduce(%x init: %cst) applies mhlo.maximum across dimensions = [1] {tag = "x"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = hlo.reduce(%x init: %cst) applies "stablehlo.minimum" across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = stablehlo.reduce(%y init: %c) applies stablehlo.multiply across dimensions = [2, 0] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3xi32>
  %4 = stablehlo.reduce(%y init: %c) applies stablehlo.xor across dimensions = [0, 1, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32>
  %5 = stablehlo.reduce(%y init: %c) applies stablehlo.and across dimensions = [] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<2x3x4xi32>
  %6 = stablehlo.reduce(%p init: %false) applies stablehlo.or across dimensions = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<i1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xi32>, tensor<i32>, tensor<2x3x4xi32>, tensor<i1>
}

// Dynamic dims stay dynamic.
// CHECK-LABEL: func.func @dynamic(%arg0: tensor<?x8x?xf32>, %arg1: tensor<f32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %0 = hlo.reduce(%arg0 init: %arg1) applies hlo.add across dimensions = [1] : (tensor<?x8x?xf32>, tensor<f32>) -> tensor<?x?xf32>
// CHECK-NEXT: return %0 : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @dynamic(%x: tensor<?x8x?xf32>, %c: tensor<f32>) -> tensor<?x?xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<?x8x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// The generic form, with MHLO's older dense `dimensions`, which the
// generic printer keeps as it is.
// GENERIC-LABEL: sym_name = "generic_input"
// GENERIC: "hlo.reduce"(%{{.*}}, %{{.*}}) <{dimensions = dense<1> : tensor<1xi64>}> ({
// CHECK-LABEL: func.func @generic_input(%arg0: tensor<1x6xi32>, %arg1: tensor<i32>) -> tensor<1xi32> {
// CHECK-NEXT: %0 = hlo.reduce(%arg0 init: %arg1) applies hlo.add across dimensions = [1] : (tensor<1x6xi32>, tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT: return %0 : tensor<1xi32>
// CHECK-NEXT: }
func.func @generic_input(%x: tensor<1x6xi32>, %c: tensor<i32>) -> tensor<1xi32> {
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
    %1 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%1) : (tensor<i32>) -> ()
  }) {dimensions = dense<1> : tensor<1xi64>} : (tensor<1x6xi32>, tensor<i32>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// The region form for any other body: a non-commutative op, the body's
// arguments swapped, several ops. Argument locations are accepted.
// CHECK-LABEL: func.func @region_form(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) {
// CHECK-NEXT: %0 = hlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: %3 = hlo.subtract %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: hlo.return %3 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = hlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: %3 = hlo.add %arg3, %arg2 : tensor<f32>
// CHECK-NEXT: hlo.return %3 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = hlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: %3 = hlo.multiply %arg3, %arg3 : tensor<f32>
// CHECK-NEXT: %4 = hlo.add %arg2, %3 : tensor<f32>
// CHECK-NEXT: hlo.return %4 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
// CHECK-NEXT: }
func.func @region_form(%x: tensor<4x8xf32>, %c: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  %1 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %s = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  %2 = mhlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32> loc("a"), %b: tensor<f32> loc("b"))  {
    %m = mhlo.multiply %b, %b : tensor<f32>
    %s = mhlo.add %a, %m : tensor<f32>
    mhlo.return %s : tensor<f32>
  }
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
}

// jnp.argmax as JAX exports it: body argument k and N+k (the accumulated
// value and the value combined into it) are printed as one pair. The
// LAYOUT lines pin the exact text, spaces included, that JAX writes.
// GENERIC-LABEL: sym_name = "argmax"
// GENERIC: "hlo.reduce"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>):
// GENERIC: "hlo.return"(%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<i32>) -> ()
// GENERIC-NEXT: }) : (tensor<18x12xf32>, tensor<18x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<18xf32>, tensor<18xi32>)
// LAYOUT-LABEL:  func.func @argmax(%arg0: tensor<18x12xf32>) -> tensor<18xi32> {
// LAYOUT:    %1:2 = hlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<18x12xf32>, tensor<18x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<18xf32>, tensor<18xi32>)
// LAYOUT-NEXT:     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
// LAYOUT-NEXT:      %2 = hlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// LAYOUT:      hlo.return %9, %10 : tensor<f32>, tensor<i32>
// LAYOUT-NEXT:    }
// LAYOUT-NEXT:    return %1#1 : tensor<18xi32>
// CHECK-LABEL: func.func @argmax(%arg0: tensor<18x12xf32>) -> tensor<18xi32> {
// CHECK-NEXT: %0 = hlo.iota dim = 1 : tensor<18x12xi32>
// CHECK-NEXT: %cst = hlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: %c = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %1:2 = hlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<18x12xf32>, tensor<18x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<18xf32>, tensor<18xi32>)
// CHECK-NEXT: reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
// CHECK-NEXT: %2 = hlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: %3 = hlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: %4 = hlo.or %2, %3 : tensor<i1>
// CHECK-NEXT: %5 = hlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: %6 = hlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: %7 = hlo.and %5, %6 : tensor<i1>
// CHECK-NEXT: %8 = hlo.or %4, %7 : tensor<i1>
// CHECK-NEXT: %9 = hlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
// CHECK-NEXT: %10 = hlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
// CHECK-NEXT: hlo.return %9, %10 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1#1 : tensor<18xi32>
// CHECK-NEXT: }
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

// Several inputs: C1 lets a dynamic dim of one input match a static dim
// of another.
// CHECK-LABEL: func.func @two_inputs_dynamic(%arg0: tensor<4x?xf32>, %arg1: tensor<?x7xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<4xf32>, tensor<?xi32>) {
// CHECK-NEXT: %0:2 = hlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<4x?xf32>, tensor<?x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<?xi32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT: %1 = hlo.add %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %2 = hlo.maximum %arg5, %arg7 : tensor<i32>
// CHECK-NEXT: hlo.return %1, %2 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : tensor<4xf32>, tensor<?xi32>
// CHECK-NEXT: }
func.func @two_inputs_dynamic(%x: tensor<4x?xf32>, %i: tensor<?x7xi32>, %c: tensor<f32>, %z: tensor<i32>) -> (tensor<4xf32>, tensor<?xi32>) {
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [1] : (tensor<4x?xf32>, tensor<?x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<?xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
    %s = stablehlo.add %a, %b : tensor<f32>
    %m = stablehlo.maximum %ia, %ib : tensor<i32>
    stablehlo.return %s, %m : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<?xi32>
}

// jnp.cumsum as JAX exports it.
// GENERIC-LABEL: sym_name = "cumsum"
// GENERIC: "hlo.reduce_window"(%{{.*}}, %{{.*}}) <{padding = dense<{{\[\[}}7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// GENERIC-NEXT: "hlo.add"
// GENERIC-NEXT: "hlo.return"
// GENERIC-NEXT: }) : (tensor<8x9xf32>, tensor<f32>) -> tensor<8x9xf32>
// CHECK-LABEL: func.func @cumsum(%arg0: tensor<8x9xf32>) -> tensor<8x9xf32> {
// CHECK-NEXT: %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %0 = "hlo.reduce_window"(%arg0, %cst) <{padding = dense<{{\[\[}}7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %1 = hlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: hlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x9xf32>, tensor<f32>) -> tensor<8x9xf32>
// CHECK-NEXT: return %0 : tensor<8x9xf32>
// CHECK-NEXT: }
func.func @cumsum(%arg0: tensor<8x9xf32>) -> tensor<8x9xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8x9xf32>, tensor<f32>) -> tensor<8x9xf32>
  return %0 : tensor<8x9xf32>
}

// A max pool (jax.lax.reduce_window with padding and strides).
// CHECK-LABEL: func.func @max_pool(%arg0: tensor<1x128x32x32xbf16>) -> tensor<1x128x11x11xbf16> {
// CHECK-NEXT: %cst = hlo.constant dense<0xFF80> : tensor<bf16>
// CHECK-NEXT: %0 = "hlo.reduce_window"(%arg0, %cst) <{padding = dense<{{\[\[}}0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 3, 3>}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
// CHECK-NEXT: %1 = hlo.maximum %arg1, %arg2 : tensor<bf16>
// CHECK-NEXT: hlo.return %1 : tensor<bf16>
// CHECK-NEXT: }) : (tensor<1x128x32x32xbf16>, tensor<bf16>) -> tensor<1x128x11x11xbf16>
// CHECK-NEXT: return %0 : tensor<1x128x11x11xbf16>
// CHECK-NEXT: }
func.func @max_pool(%arg0: tensor<1x128x32x32xbf16>) -> tensor<1x128x11x11xbf16> {
  %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 3, 3>}> ({
  ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
    %1 = stablehlo.maximum %arg1, %arg2 : tensor<bf16>
    stablehlo.return %1 : tensor<bf16>
  }) : (tensor<1x128x32x32xbf16>, tensor<bf16>) -> tensor<1x128x11x11xbf16>
  return %0 : tensor<1x128x11x11xbf16>
}

// The spec's example: base and window dilations, strides and padding.
// CHECK-LABEL: func.func @dilations(%arg0: tensor<3x2xi32>, %arg1: tensor<i32>) -> tensor<2x2xi32> {
// CHECK-NEXT: %0 = "hlo.reduce_window"(%arg0, %arg1) <{base_dilations = dense<[2, 1]> : tensor<2xi64>, padding = dense<{{\[\[}}2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = dense<[3, 1]> : tensor<2xi64>, window_dimensions = dense<[2, 1]> : tensor<2xi64>, window_strides = dense<[4, 1]> : tensor<2xi64>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
// CHECK-NEXT: %1 = hlo.add %arg2, %arg3 : tensor<i32>
// CHECK-NEXT: hlo.return %1 : tensor<i32>
// CHECK-NEXT: }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
// CHECK-NEXT: return %0 : tensor<2x2xi32>
// CHECK-NEXT: }
func.func @dilations(%input: tensor<3x2xi32>, %init: tensor<i32>) -> tensor<2x2xi32> {
  %result = "stablehlo.reduce_window"(%input, %init) ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%0) : (tensor<i32>) -> ()
  }) {
    window_dimensions = dense<[2, 1]> : tensor<2xi64>,
    window_strides = dense<[4, 1]> : tensor<2xi64>,
    base_dilations = dense<[2, 1]> : tensor<2xi64>,
    window_dilations = dense<[3, 1]> : tensor<2xi64>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  return %result : tensor<2x2xi32>
}

// Two inputs (a max pool that keeps the argmax), padding as a splat, and a
// body that calls a function (as cumlogsumexp exports it).
// CHECK-LABEL: func.func @two_inputs(%arg0: tensor<?x6xf32>, %arg1: tensor<?x6xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<?x3xf32>, tensor<?x3xi32>, tensor<?x6xf32>) {
// CHECK-NEXT: %0:2 = "hlo.reduce_window"(%arg0, %arg1, %arg2, %arg3) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<i32>):
// CHECK-NEXT: %2 = hlo.compare GE, %arg4, %arg6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: %3 = hlo.select %2, %arg4, %arg6 : tensor<i1>, tensor<f32>
// CHECK-NEXT: %4 = hlo.select %2, %arg5, %arg7 : tensor<i1>, tensor<i32>
// CHECK-NEXT: hlo.return %3, %4 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }) : (tensor<?x6xf32>, tensor<?x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<?x3xf32>, tensor<?x3xi32>)
// CHECK-NEXT: %1 = "hlo.reduce_window"(%arg0, %arg2) <{padding = dense<{{\[\[}}0, 0], [5, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 6>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %2 = call @logaddexp(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: hlo.return %2 : tensor<f32>
// CHECK-NEXT: }) : (tensor<?x6xf32>, tensor<f32>) -> tensor<?x6xf32>
// CHECK-NEXT: return %0#0, %0#1, %1 : tensor<?x3xf32>, tensor<?x3xi32>, tensor<?x6xf32>
// CHECK-NEXT: }
func.func @two_inputs(%x: tensor<?x6xf32>, %i: tensor<?x6xi32>, %c: tensor<f32>, %z: tensor<i32>) -> (tensor<?x3xf32>, tensor<?x3xi32>, tensor<?x6xf32>) {
  %0:2 = "stablehlo.reduce_window"(%x, %i, %c, %z) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %ia: tensor<i32>, %b: tensor<f32>, %ib: tensor<i32>):
    %1 = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %a, %b : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %1, %ia, %ib : tensor<i1>, tensor<i32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
  }) : (tensor<?x6xf32>, tensor<?x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<?x3xf32>, tensor<?x3xi32>)
  %4 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<[[0, 0], [5, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 6>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = func.call @logaddexp(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %5 : tensor<f32>
  }) : (tensor<?x6xf32>, tensor<f32>) -> tensor<?x6xf32>
  return %0#0, %0#1, %4 : tensor<?x3xf32>, tensor<?x3xi32>, tensor<?x6xf32>
}

// CHECK-LABEL: func.func private @logaddexp(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT: %0 = hlo.maximum %arg0, %arg1 : tensor<f32>
// CHECK-NEXT: return %0 : tensor<f32>
// CHECK-NEXT: }
func.func private @logaddexp(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.maximum %a, %b : tensor<f32>
  return %0 : tensor<f32>
}
