// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
//
// Complex dense literals (docs/SPEC.md §3): `(re, im)` in lists, nested
// lists, splats and MLIR's hex form (interleaved re, im, little-endian),
// printed as mlir-opt-19 prints them.

// CHECK-LABEL: func.func @complex_literals
func.func @complex_literals() -> (tensor<2xcomplex<f32>>, tensor<3xcomplex<f64>>, tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<complex<f64>>, tensor<0xcomplex<f32>>, tensor<2xcomplex<f16>>) {
  // CHECK: dense<[(1.000000e+00,2.000000e+00), (3.500000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>
  %0 = arith.constant dense<[(1.0, 2.0), (3.5, -4.0)]> : tensor<2xcomplex<f32>>
  // CHECK: dense<(1.000000e+00,-2.000000e+00)> : tensor<3xcomplex<f64>>
  %1 = arith.constant dense<(1.0, -2.0)> : tensor<3xcomplex<f64>>
  // CHECK: dense<{{\[}}[(1.000000e+00,2.000000e+00), (0x7FC00000,-0.000000e+00)], [(1.000000e+10,2.000000e+00), (3.000000e+00,1.401300e-45)]]> : tensor<2x2xcomplex<f32>>
  %2 = arith.constant dense<[[(1.0, 2.0), (0x7FC00000, -0.0)], [(1.0e10, 2.0), (3.0, 0x1)]]> : tensor<2x2xcomplex<f32>>
  // CHECK: dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>
  %3 = arith.constant dense<"0x0000803F000000400000404000008040"> : tensor<2xcomplex<f32>>
  // A hex string of one element is a splat.
  // CHECK: dense<(1.000000e+00,2.000000e+00)> : tensor<3xcomplex<f32>>
  %4 = arith.constant dense<"0x0000803F00000040"> : tensor<3xcomplex<f32>>
  // CHECK: dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f64>>
  %5 = arith.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
  // CHECK: dense<> : tensor<0xcomplex<f32>>
  %6 = arith.constant dense<> : tensor<0xcomplex<f32>>
  // CHECK: dense<[(1.000000e+00,2.000000e+00), (6.550400e+04,-1.000000e+00)]> : tensor<2xcomplex<f16>>
  %7 = arith.constant dense<[(1.0, 2.0), (65504.0, -1.0)]> : tensor<2xcomplex<f16>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xcomplex<f32>>, tensor<3xcomplex<f64>>, tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<complex<f64>>, tensor<0xcomplex<f32>>, tensor<2xcomplex<f16>>
}
