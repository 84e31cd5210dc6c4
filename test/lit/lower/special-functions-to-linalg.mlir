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
