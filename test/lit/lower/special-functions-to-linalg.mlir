// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | FileCheck %s
//
// The special-function and precision ops of issue 16 become one
// linalg.generic each. erfc is math.erfc (the C library's erfc/erfcf
// natively; MLIR has math.erfc from LLVM 20 on).

// CHECK-LABEL: func.func @erfc
// CHECK: linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[R:.*]] = math.erfc %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @erfc(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// lgamma is math.lgamma, log|Γ(x)| (this project's math op: the C
// library's lgamma_r natively; MLIR has no such op).
// CHECK-LABEL: func.func @lgamma
// CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[R:.*]] = math.lgamma %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[R]] : f64
func.func @lgamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %r = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// next_after steps a's bits by one in the integer of its width (exact, in
// the element type itself: f16 steps its own bits, never f32's); a zero
// a gives the smallest subnormal with b's sign, a == b gives b, a NaN
// operand a + b. The broadcast operand is read through its map.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @next_after
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: %[[XI:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK-NEXT: %[[YI:.*]] = arith.bitcast %[[Y]] : f16 to i16
// CHECK: arith.cmpf ogt, %[[Y]], %[[X]] : f16
// CHECK: arith.addi %[[XI]], %{{.*}} : i16
// CHECK: arith.subi %[[XI]], %{{.*}} : i16
// CHECK: %[[SIGN:.*]] = arith.constant -32768 : i16
// CHECK: arith.andi %[[YI]], %[[SIGN]] : i16
// CHECK: arith.bitcast %{{.*}} : i16 to f16
// CHECK: arith.cmpf oeq, %[[X]], %[[Y]] : f16
// CHECK: arith.cmpf uno, %[[X]], %[[Y]] : f16
// CHECK: arith.addf %[[X]], %[[Y]] : f16
// CHECK: linalg.yield
func.func @next_after(%x: tensor<2x3xf16>, %y: tensor<3xf16>) -> tensor<2x3xf16> {
  %r = chlo.broadcast_next_after %x, %y : (tensor<2x3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}

// -----

// reduce_precision works on the bits (exact): e5m10 of an f32 adds the
// rounding bias (half of the last kept bit, minus one, plus that bit) and
// masks the 13 dropped bits off, then flushes exponents below f16's
// normal range to a signed zero and above it to a signed infinity, and
// keeps NaNs.
// CHECK-LABEL: func.func @reduce_precision
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[LAST:.*]] = arith.constant 8192 : i32
// CHECK: arith.andi %[[B]], %[[LAST]] : i32
// CHECK: %[[HALF:.*]] = arith.constant 4095 : i32
// CHECK: %[[MASK:.*]] = arith.constant -8192 : i32
// CHECK: %[[EXPMASK:.*]] = arith.constant 2139095040 : i32
// (142 << 23: f16 exponents above 15)
// CHECK: %[[MAXE:.*]] = arith.constant 1191182336 : i32
// CHECK: arith.cmpi ugt, %{{.*}}, %[[MAXE]] : i32
// (112 << 23: below -14)
// CHECK: %[[MINE:.*]] = arith.constant 939524096 : i32
// CHECK: arith.cmpi ule, %{{.*}}, %[[MINE]] : i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: arith.select
// CHECK-NEXT: linalg.yield
func.func @reduce_precision(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// erf_inv is arith and math ops (no math op computes it): the operand
// extended to f64, the approximations of every range computed and
// selected (straight-line code, lanewise), the result rounded once to the
// element type.
// CHECK-LABEL: func.func @erf_inv
// CHECK: ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: %[[X:.*]] = arith.extf %[[IN]] : f16 to f64
// CHECK: %[[AX:.*]] = math.absf %[[X]] : f64
// CHECK: %[[L:.*]] = math.log %{{.*}} : f64
// CHECK: math.sqrt %{{.*}} : f64
// CHECK: arith.cmpf ole, %[[AX]], %{{.*}} : f64
// CHECK: arith.cmpf oeq, %[[AX]], %{{.*}} : f64
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : f64 to f16
// CHECK-NEXT: linalg.yield %[[R]] : f16
// CHECK-NOT: linalg.generic
func.func @erf_inv(%x: tensor<4xf16>) -> tensor<4xf16> {
  %r = chlo.erf_inv %x : tensor<4xf16> -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

// digamma is arith and math ops in f64 (dialects/hlo/digamma.go): the
// reflection (math.tan, math.roundeven) and the recurrence, the Taylor
// series about ψ's zero at y - m (math.floor) plus 1/(y-1) ... 1/(y-m)
// below 10, the asymptotic series (math.log) above, selected; NaN at the
// negative integers; rounded once.
// CHECK-LABEL: func.func @digamma
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[X:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK: math.roundeven %[[X]] : f64
// CHECK: math.tan %{{.*}} : f64
// CHECK: math.floor %{{.*}} : f64
// CHECK: math.log %{{.*}} : f64
// CHECK: arith.constant 0x7FF8000000000001 : f64
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @digamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
