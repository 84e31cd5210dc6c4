// The C type of each element type in --emit=c-header (lower/llvm/doc.go,
// the C ABI): unsigned integers are uintN_t, signed and signless intN_t,
// i1 uint8_t, f16 bcast_f16 (_Float16 where the C compiler has it, else
// the bits as uint16_t), bf16 uint16_t (the bits), complex<f32> and
// complex<f64> C99's float _Complex and double _Complex (no include).
// RUN: bcast-opt %s --pipeline=cpu --emit=c-header | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu --emit=c-header | FileCheck %s --check-prefix=ONCE

// CHECK: #ifndef BCAST_F16_DEFINED
// CHECK-NEXT: #define BCAST_F16_DEFINED
// CHECK-NEXT: #ifdef __FLT16_MANT_DIG__
// CHECK-NEXT: typedef _Float16 bcast_f16;
// CHECK-NEXT: #else
// CHECK-NEXT: typedef uint16_t bcast_f16;
// CHECK-NEXT: #endif
// CHECK-NEXT: #endif
// ONCE-COUNT-1: typedef _Float16
// ONCE-NOT: typedef _Float16

// CHECK: int32_t halves(const bcast_f16 *arg0, const int64_t *arg0_shape, const uint16_t *arg1, const int64_t *arg1_shape, bcast_f16 *res0, const int64_t *res0_shape, uint16_t *res1, const int64_t *res1_shape, char *err, int64_t err_len);
func.func @halves(%h: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xbf16>) {
  %0 = stablehlo.add %h, %h : tensor<4xf16>
  %1 = stablehlo.add %b, %b : tensor<4xbf16>
  return %0, %1 : tensor<4xf16>, tensor<4xbf16>
}

// CHECK: int32_t ints(const uint8_t *arg0, const int64_t *arg0_shape, const uint16_t *arg1, const int64_t *arg1_shape, const uint32_t *arg2, const int64_t *arg2_shape, const uint64_t *arg3, const int64_t *arg3_shape, const int8_t *arg4, const int64_t *arg4_shape, const int64_t *arg5, const int64_t *arg5_shape, uint8_t *res0, const int64_t *res0_shape, char *err, int64_t err_len);
func.func @ints(%a: tensor<2xui8>, %b: tensor<2xui16>, %c: tensor<2xui32>, %d: tensor<2xui64>, %e: tensor<2xsi8>, %f: tensor<2xi64>) -> tensor<2xi1> {
  %0 = stablehlo.compare LT, %a, %a : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// CHECK: int32_t complexes(const float _Complex *arg0, const int64_t *arg0_shape, const double _Complex *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, double _Complex *res1, const int64_t *res1_shape, char *err, int64_t err_len);
// CHECK-NOT: complex.h
func.func @complexes(%a: tensor<2xcomplex<f32>>, %b: tensor<complex<f64>>) -> (tensor<2xf32>, tensor<complex<f64>>) {
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0, %b : tensor<2xf32>, tensor<complex<f64>>
}

// A module without f16 defines nothing more (c-header.mlir).
