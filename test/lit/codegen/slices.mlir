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

// Fused producers write their parts in place too (no temporary and no
// copy), also through the reshapes of folded unit dims and in each
// version of a generic with could-be-1 dims.
// CHECK-LABEL: define i32 @concat_fused(
// CHECK-NOT: @malloc
// CHECK: ret i32
func.func @concat_fused(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %n = hlo.negate %a : tensor<?x3xf32>
  %e = hlo.exponential %b : tensor<?x3xf32>
  %r = hlo.concatenate %n, %e, dim = 0 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// CHECK-LABEL: define i32 @stack_rows(
// CHECK-NOT: @malloc
// CHECK: ret i32
func.func @stack_rows(%a: tensor<1x8xf32>, %b: tensor<1x8xf32>) -> tensor<2x8xf32> {
  %n = hlo.negate %a : tensor<1x8xf32>
  %e = hlo.exponential %b : tensor<1x8xf32>
  %r = hlo.concatenate %n, %e, dim = 0 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// CHECK-LABEL: define i32 @concat_versioned(
// CHECK-NOT: @malloc
// CHECK: ret i32
func.func @concat_versioned(%a: tensor<?x?xf32>, %b: tensor<?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = hlo.add %a, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %r = hlo.concatenate %s, %c, dim = 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
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
