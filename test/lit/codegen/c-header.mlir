// --emit=c-header declares each public function's kernel and its
// result-shapes function (lower/llvm/doc.go describes the ABI).
// RUN: bcast-opt %s --pipeline=cpu --emit=c-header | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu --emit=c-header -o %t.kernels.h && FileCheck %s --input-file=%t.kernels.h --check-prefix=FILE
// RUN: bcast-opt %s --pipeline=cpu --emit=c-header --header-guard=MY_GUARD -o %t.h && FileCheck %s --input-file=%t.h --check-prefix=FLAG
// RUN: not bcast-opt %s --emit=c-header --header-guard=2x 2>&1 | FileCheck %s --check-prefix=BAD
//
// The include guard is named after the header, so two generated headers
// can be included in one C file: the output file's name, else the
// module's (it has none here), else the input file's; --header-guard sets
// it.

// CHECK: #ifndef C_HEADER_H
// CHECK-NEXT: #define C_HEADER_H
// FILE: #ifndef C_HEADER_MLIR_TMP_KERNELS_H
// FLAG: #ifndef MY_GUARD
// FLAG-NEXT: #define MY_GUARD
// BAD: bcast-opt: --header-guard="2x" is not a C identifier
// CHECK: #include <stdint.h>
// CHECK: extern "C" {

// CHECK: /* @main(tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:  *   arg0: tensor<?x?xf32>, shape [?, ?]
// CHECK-NEXT:  *   arg1: tensor<?xf32>, shape [?]
// CHECK-NEXT:  *   res0: tensor<?x?xf32>, shape [?, ?]
// CHECK-NEXT:  */
// `main` is taken by C's program entry: the kernel is main_fn.
// CHECK-NEXT: int32_t main_fn(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len);
// CHECK-NEXT: int32_t main_fn_result_shapes(const int64_t *arg0_shape, const int64_t *arg1_shape, int64_t *res0_shape, char *err, int64_t err_len);
func.func @main(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// CHECK: /* @mask(tensor<4xi32>, tensor<f64>) -> (tensor<4xi1>, tensor<f64>)
// CHECK: int32_t mask(const int32_t *arg0, const int64_t *arg0_shape, const double *arg1, const int64_t *arg1_shape, uint8_t *res0, const int64_t *res0_shape, double *res1, const int64_t *res1_shape, char *err, int64_t err_len);
// CHECK-NEXT: int32_t mask_result_shapes(const int64_t *arg0_shape, const int64_t *arg1_shape, int64_t *res0_shape, int64_t *res1_shape, char *err, int64_t err_len);
func.func @mask(%i: tensor<4xi32>, %d: tensor<f64>) -> (tensor<4xi1>, tensor<f64>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %c = stablehlo.compare GT, %i, %z : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %c, %d : tensor<4xi1>, tensor<f64>
}

// Private functions have no C interface.
// CHECK-NOT: helper
func.func private @helper(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
// CHECK: #endif
