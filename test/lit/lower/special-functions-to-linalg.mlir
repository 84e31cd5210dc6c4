// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg | FileCheck %s
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
