// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
//
// hlo ops on complex<f32> and complex<f64> elements (docs/SPEC.md §4):
// arithmetic, the ops between complex numbers and their parts (real,
// imag, complex, CHLO's conj), compare EQ/NE, select, convert and data
// movement, in StableHLO's and CHLO's spellings; and their constant folds.

// CHECK-LABEL: func.func @arith
func.func @arith(%a: tensor<4xcomplex<f32>>, %b: tensor<complex<f32>>) -> tensor<4xcomplex<f32>> {
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<4xcomplex<f32>>
  %0 = stablehlo.add %a, %a : tensor<4xcomplex<f32>>
  // CHECK: hlo.subtract %{{.*}}, %{{.*}} : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = chlo.broadcast_subtract %0, %b : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  // CHECK: hlo.multiply
  %2 = stablehlo.multiply %1, %a : tensor<4xcomplex<f32>>
  // CHECK: hlo.divide
  %3 = stablehlo.divide %2, %a : tensor<4xcomplex<f32>>
  // CHECK: hlo.negate %{{.*}} : tensor<4xcomplex<f32>>
  %4 = stablehlo.negate %3 : tensor<4xcomplex<f32>>
  // CHECK: hlo.exponential
  %5 = stablehlo.exponential %4 : tensor<4xcomplex<f32>>
  // CHECK: hlo.log
  %6 = stablehlo.log %5 : tensor<4xcomplex<f32>>
  // CHECK: hlo.sqrt
  %7 = stablehlo.sqrt %6 : tensor<4xcomplex<f32>>
  // CHECK: hlo.rsqrt
  %8 = stablehlo.rsqrt %7 : tensor<4xcomplex<f32>>
  // CHECK: hlo.tanh
  %9 = stablehlo.tanh %8 : tensor<4xcomplex<f32>>
  // CHECK: hlo.sign
  %10 = stablehlo.sign %9 : tensor<4xcomplex<f32>>
  // CHECK: hlo.conj %{{.*}} : tensor<4xcomplex<f32>>
  %11 = chlo.conj %10 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %11 : tensor<4xcomplex<f32>>
}

// CHECK-LABEL: func.func @transcendental
func.func @transcendental(%a: tensor<4xcomplex<f64>>, %b: tensor<complex<f64>>) -> tensor<4xcomplex<f64>> {
  // CHECK: hlo.sine %{{.*}} : tensor<4xcomplex<f64>>
  %0 = stablehlo.sine %a : tensor<4xcomplex<f64>>
  // CHECK: hlo.cosine
  %1 = stablehlo.cosine %0 : tensor<4xcomplex<f64>>
  // CHECK: hlo.tan %{{.*}} : tensor<4xcomplex<f64>>
  %2 = chlo.tan %1 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.tan
  %3 = stablehlo.tan %2 : tensor<4xcomplex<f64>>
  // CHECK: hlo.exponential_minus_one
  %4 = stablehlo.exponential_minus_one %3 : tensor<4xcomplex<f64>>
  // CHECK: hlo.log_plus_one
  %5 = stablehlo.log_plus_one %4 : tensor<4xcomplex<f64>>
  // CHECK: hlo.logistic
  %6 = stablehlo.logistic %5 : tensor<4xcomplex<f64>>
  // CHECK: hlo.power %{{.*}}, %{{.*}} : (tensor<4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
  %7 = chlo.broadcast_power %6, %b : (tensor<4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
  // CHECK: hlo.power %{{.*}}, %{{.*}} : tensor<4xcomplex<f64>>
  %8 = stablehlo.power %7, %a : tensor<4xcomplex<f64>>
  return %8 : tensor<4xcomplex<f64>>
}

// CHECK-LABEL: func.func @dot_iota
func.func @dot_iota(%a: tensor<2x3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>, %n: tensor<1xi32>) -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<?xcomplex<f32>>) {
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<2x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  // CHECK: hlo.dot %{{.*}}, %{{.*}} : (tensor<2x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %1 = stablehlo.dot %a, %b : (tensor<2x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  // CHECK: hlo.iota dim = 0 : tensor<2xcomplex<f32>>
  %2 = stablehlo.iota dim = 0 : tensor<2xcomplex<f32>>
  // CHECK: hlo.dynamic_iota
  %3 = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi32>) -> tensor<?xcomplex<f32>>
  %4 = stablehlo.add %0, %1 : tensor<2xcomplex<f32>>
  %5 = stablehlo.add %4, %2 : tensor<2xcomplex<f32>>
  return %5, %2, %3 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<?xcomplex<f32>>
}

// CHECK-LABEL: func.func @parts
func.func @parts(%z: tensor<2x3xcomplex<f64>>, %x: tensor<3xf32>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xcomplex<f64>>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // CHECK: hlo.abs %{{.*}} : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %0 = stablehlo.abs %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK: hlo.real %{{.*}} : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %1 = stablehlo.real %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK: hlo.imag %{{.*}} : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %2 = stablehlo.imag %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  // CHECK: hlo.complex %{{.*}}, %{{.*}} : tensor<2x3xcomplex<f64>>
  %3 = stablehlo.complex %1, %2 : tensor<2x3xcomplex<f64>>
  // Real operands: real(x) = x, imag(x) = 0, conj(x) = x.
  // CHECK: hlo.real %{{.*}} : tensor<3xf32>
  %4 = stablehlo.real %x : tensor<3xf32>
  // CHECK: hlo.imag %{{.*}} : tensor<3xf32>
  %5 = stablehlo.imag %x : tensor<3xf32>
  // CHECK: hlo.conj %{{.*}} : tensor<3xf32>
  %6 = chlo.conj %x : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xcomplex<f64>>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @complex_function_type
func.func @complex_function_type(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // CHECK: hlo.complex %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %0 = stablehlo.complex %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// CHECK-LABEL: func.func @compare_select_convert
func.func @compare_select_convert(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f32>>, tensor<4xi32>, tensor<4xcomplex<f64>>) {
  // CHECK: hlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %0 = stablehlo.compare EQ, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  // CHECK: hlo.compare NE, %{{.*}}, %{{.*}}, FLOAT
  %1 = stablehlo.compare NE, %a, %b, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xcomplex<f32>>
  %2 = stablehlo.select %0, %a, %b : tensor<4xi1>, tensor<4xcomplex<f32>>
  // CHECK: hlo.convert %{{.*}} : (tensor<4xcomplex<f32>>) -> tensor<4xi32>
  %3 = stablehlo.convert %2 : (tensor<4xcomplex<f32>>) -> tensor<4xi32>
  // CHECK: hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xcomplex<f64>>
  %4 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return %2, %3, %4 : tensor<4xcomplex<f32>>, tensor<4xi32>, tensor<4xcomplex<f64>>
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%a: tensor<2x3xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  // CHECK: hlo.transpose
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  // CHECK: hlo.reverse
  %1 = stablehlo.reverse %0, dims = [0] : tensor<3x2xcomplex<f32>>
  // CHECK: hlo.concatenate
  %2 = stablehlo.concatenate %1, %1, dim = 1 : (tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %2 : tensor<3x4xcomplex<f32>>
}

// FOLD-LABEL: func.func @folds
// FOLD-DAG: hlo.constant dense<[(-5.000000e+00,1.000000e+01), (5.000000e-01,-1.000000e+00)]> : tensor<2xcomplex<f32>>
// FOLD-DAG: hlo.constant dense<[5.000000e+00, 1.11803401]> : tensor<2xf32>
// FOLD-DAG: hlo.constant dense<[(1.000000e+00,-2.000000e+00), (0.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
// FOLD-DAG: hlo.constant dense<true> : tensor<2xi1>
// FOLD-DAG: hlo.constant dense<[(5.000000e+00,2.000000e+00), (1.11803401,1.000000e+00)]> : tensor<2xcomplex<f32>>
// FOLD-NOT: hlo.add
// FOLD-NOT: hlo.multiply
func.func @folds() -> (tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xcomplex<f32>>, tensor<2xi1>, tensor<2xcomplex<f32>>) {
  %a = hlo.constant dense<[(1.0, 2.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %b = hlo.constant dense<[(3.0, 4.0), (-1.0, -0.5)]> : tensor<2xcomplex<f32>>
  %0 = hlo.add %a, %b : tensor<2xcomplex<f32>>
  %1 = hlo.abs %b : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = chlo.conj %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %3 = hlo.compare EQ, %a, %0 : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  %4 = hlo.compare NE, %a, %b : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  %5 = hlo.real %b : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %6 = hlo.imag %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %7 = hlo.complex %1, %6 : tensor<2xcomplex<f32>>
  %8 = hlo.multiply %a, %b : tensor<2xcomplex<f32>>
  return %8, %1, %2, %4, %7 : tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xcomplex<f32>>, tensor<2xi1>, tensor<2xcomplex<f32>>
}

// CHLO's sinh to atanh, cbrt and atan2 on complex elements, and their
// folds: the principal cube roots of ±8, asin on the branch cut (2 - 0i:
// the lower side), atan2(i, i) = atan2(1, 1) = π/4 (StableHLO's formula
// leaves an ulp of 1 in the imaginary part).
// CHECK-LABEL: func.func @inverse
// CHECK: hlo.sinh %{{.*}} : tensor<4xcomplex<f32>>
// CHECK-NEXT: hlo.cosh
// CHECK-NEXT: hlo.asin
// CHECK-NEXT: hlo.acos
// CHECK-NEXT: hlo.atan
// CHECK-NEXT: hlo.cbrt %{{.*}} : tensor<4xcomplex<f32>>
// CHECK-NEXT: hlo.asinh %{{.*}} : tensor<4xcomplex<f64>>
// CHECK-NEXT: hlo.acosh
// CHECK-NEXT: hlo.atanh
// CHECK-NEXT: hlo.atan2 %{{.*}}, %{{.*}} : tensor<4xcomplex<f64>>
func.func @inverse(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>) {
  %0 = chlo.sinh %a : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = chlo.cosh %0 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %2 = chlo.asin %1 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %3 = chlo.acos %2 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %4 = chlo.atan %3 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %5 = stablehlo.cbrt %4 : tensor<4xcomplex<f32>>
  %6 = chlo.asinh %b : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %7 = chlo.acosh %6 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %8 = chlo.atanh %7 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %9 = stablehlo.atan2 %8, %b : tensor<4xcomplex<f64>>
  return %5, %9 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>
}

// FOLD-LABEL: func.func @inverse_folds
// FOLD-DAG: hlo.constant dense<[(2.000000e+00,0.000000e+00), (1.000000e+00,1.73205078)]> : tensor<2xcomplex<f32>>
// FOLD-DAG: hlo.constant dense<[(1.57079637,0.000000e+00), (1.57079637,-1.31695795)]> : tensor<2xcomplex<f32>>
// FOLD-DAG: hlo.constant dense<(0.78539816339744828,1.1102230246251565E-16)> : tensor<2xcomplex<f64>>
// FOLD-NOT: hlo.cbrt
// FOLD-NOT: hlo.asin
// FOLD-NOT: hlo.atan2
func.func @inverse_folds() -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>) {
  %a = hlo.constant dense<[(8.0, 0.0), (-8.0, 0.0)]> : tensor<2xcomplex<f32>>
  %b = hlo.constant dense<[(1.0, 0.0), (2.0, -0.0)]> : tensor<2xcomplex<f32>>
  %c = hlo.constant dense<[(0.0, 1.0), (1.0, 0.0)]> : tensor<2xcomplex<f64>>
  %0 = hlo.cbrt %a : tensor<2xcomplex<f32>>
  %1 = hlo.asin %b : tensor<2xcomplex<f32>>
  %2 = hlo.atan2 %c, %c : tensor<2xcomplex<f64>>
  return %0, %1, %2 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>
}
