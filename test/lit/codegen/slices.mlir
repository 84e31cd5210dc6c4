// Slices are views, and concatenate writes each part in place.
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm | FileCheck %s

// A strided slice reads the operand at 2*i + 1, 3*j: no copy, no malloc.
// CHECK-LABEL: define i32 @slice(
// CHECK-NOT: call i8* @malloc
// CHECK: ret i32
func.func @slice(%x: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %r = hlo.slice %x [1:7:2, 0:6:3] : (tensor<8x6xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// Each part is copied straight into the caller's result buffer: no
// intermediate buffer.
// CHECK-LABEL: define i32 @concat(
// CHECK-NOT: @malloc
// CHECK: ret i32
func.func @concat(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %r = hlo.concatenate %a, %b, dim = 0 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// f16 is i16 in memory, computed in f32 and rounded back with integer ops.
// CHECK-LABEL: define i32 @half(
// CHECK: load i16
// CHECK: fadd float
// CHECK: store i16
func.func @half(%x: tensor<4xf16>, %y: tensor<4xf16>) -> tensor<4xf16> {
  %r = hlo.add %x, %y : tensor<4xf16>
  return %r : tensor<4xf16>
}
