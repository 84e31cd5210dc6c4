// RUN: bcast-opt %s --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s --check-prefix=CPU
//
// hlo ops on complex elements lower to linalg.generic bodies of MLIR's
// complex dialect ops (the ops' ScalarLowering.Complex, or their Emit
// hooks for compare, select, convert, maximum, minimum, clamp and
// hlo.complex); the output is
// accepted by mlir-opt-19 (complex-to-linalg-mlir-opt.mlir).

// CHECK-LABEL: func.func @arith
// CHECK: linalg.generic
// CHECK: ^bb0(%[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK-NEXT: %[[R:.*]] = complex.mul %[[A]], %[[B]] : complex<f32>
// CHECK-NEXT: linalg.yield %[[R]] : complex<f32>
// CHECK: complex.exp
// CHECK: complex.abs %{{.*}} : complex<f32>
// CHECK: linalg.yield %{{.*}} : f32
// CPU-LABEL: func.func @arith
// CPU: linalg.generic
// CPU: complex.mul
// CPU-NEXT: complex.exp
// CPU-NEXT: complex.abs
// CPU: return
func.func @arith(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  %0 = hlo.multiply %a, %b : tensor<4xcomplex<f32>>
  %1 = hlo.exponential %0 : tensor<4xcomplex<f32>>
  %2 = hlo.abs %1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// CHECK-LABEL: func.func @parts
// CHECK: complex.re
// CHECK: complex.im
// CHECK: ^bb0(%[[RE:.*]]: f64, %[[IM:.*]]: f64, %{{.*}}: complex<f64>):
// CHECK-NEXT: %[[Z:.*]] = complex.create %[[RE]], %[[IM]] : complex<f64>
// CHECK: complex.conj
func.func @parts(%z: tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>> {
  %0 = hlo.real %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %1 = hlo.imag %z : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %2 = hlo.complex %0, %1 : tensor<2x3xcomplex<f64>>
  %3 = chlo.conj %2 : tensor<2x3xcomplex<f64>> -> tensor<2x3xcomplex<f64>>
  return %3 : tensor<2x3xcomplex<f64>>
}

// CHECK-LABEL: func.func @compare_select_convert
// CHECK: complex.neq %{{.*}}, %{{.*}} : complex<f32>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : complex<f32>
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f32>
// CHECK-NEXT: %[[RE64:.*]] = arith.extf %[[RE]] : f32 to f64
// CHECK-NEXT: %[[IM:.*]] = complex.im %{{.*}} : complex<f32>
// CHECK-NEXT: %[[IM64:.*]] = arith.extf %[[IM]] : f32 to f64
// CHECK-NEXT: complex.create %[[RE64]], %[[IM64]] : complex<f64>
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK: complex.create %[[X]], %{{.*}} : complex<f64>
func.func @compare_select_convert(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = hlo.compare NE, %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %1 = hlo.select %0, %a, %b : tensor<4xi1>, tensor<4xcomplex<f32>>
  %2 = hlo.convert %1 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  %3 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return %2, %3 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}

// CHECK-LABEL: func.func @transcendental
// CHECK: complex.sin %{{.*}} : complex<f32>
// CHECK: complex.cos %{{.*}} : complex<f32>
// CHECK: complex.tan %{{.*}} : complex<f32>
// CHECK: complex.expm1 %{{.*}} : complex<f32>
// CHECK: complex.log1p %{{.*}} : complex<f32>
// CHECK: complex.pow %{{.*}}, %{{.*}} : complex<f32>
// CPU-LABEL: func.func @transcendental
// CPU: linalg.generic
// CPU: complex.sin
// CPU-NEXT: complex.cos
// CPU-NEXT: complex.tan
// CPU-NEXT: complex.expm1
// CPU-NEXT: complex.log1p
// CPU-NEXT: complex.pow
// CPU: return
func.func @transcendental(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = hlo.sine %a : tensor<4xcomplex<f32>>
  %1 = hlo.cosine %0 : tensor<4xcomplex<f32>>
  %2 = hlo.tan %1 : tensor<4xcomplex<f32>>
  %3 = hlo.exponential_minus_one %2 : tensor<4xcomplex<f32>>
  %4 = hlo.log_plus_one %3 : tensor<4xcomplex<f32>>
  %5 = hlo.power %4, %b : tensor<4xcomplex<f32>>
  return %5 : tensor<4xcomplex<f32>>
}

// Logistic is 1 / (1 + exp(-z)) of the complex dialect's ops, complex<f32>
// in complex<f64> and rounded once (as the interpreter computes it).
// CHECK-LABEL: func.func @logistic
// CHECK: ^bb0(%[[Z:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[W:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK-NEXT: %[[ONE:.*]] = complex.constant [1.000000e+00, 0.000000e+00] : complex<f64>
// CHECK-NEXT: %[[N:.*]] = complex.neg %[[W]] : complex<f64>
// CHECK-NEXT: %[[E:.*]] = complex.exp %[[N]] : complex<f64>
// CHECK-NEXT: %[[S:.*]] = complex.add %[[ONE]], %[[E]] : complex<f64>
// CHECK-NEXT: %[[R:.*]] = complex.div %[[ONE]], %[[S]] : complex<f64>
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
// CHECK-LABEL: func.func @logistic64
// CHECK: ^bb0(%[[Z:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK-NEXT: complex.constant
// CHECK-NEXT: complex.neg %[[Z]] : complex<f64>
// CHECK-NEXT: complex.exp
// CHECK-NEXT: complex.add
// CHECK-NEXT: %[[R:.*]] = complex.div
// CHECK-NEXT: linalg.yield %[[R]] : complex<f64>
func.func @logistic(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = hlo.logistic %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

func.func @logistic64(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = hlo.logistic %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// dot_general sums complex products (complex.mul, complex.add) from a
// complex zero; iota's elements are (index, 0).
// CHECK-LABEL: func.func @dot_iota
// CHECK: %[[Z:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: linalg.fill ins(%[[Z]] : complex<f64>)
// CHECK: ^bb0(%[[A:.*]]: complex<f64>, %[[B:.*]]: complex<f64>, %[[ACC:.*]]: complex<f64>):
// CHECK-NEXT: %[[P:.*]] = complex.mul %[[A]], %[[B]] : complex<f64>
// CHECK-NEXT: %[[S:.*]] = complex.add %[[ACC]], %[[P]] : complex<f64>
// CHECK-NEXT: linalg.yield %[[S]] : complex<f64>
// CHECK: linalg.index 1 : index
// CHECK: %[[RE:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: complex.create %[[RE]], %{{.*}} : complex<f64>
func.func @dot_iota(%a: tensor<2x3xcomplex<f64>>, %b: tensor<3x4xcomplex<f64>>) -> (tensor<2x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  %1 = hlo.iota dim = 1 : tensor<2x4xcomplex<f64>>
  return %0, %1 : tensor<2x4xcomplex<f64>>, tensor<2x4xcomplex<f64>>
}

// asin (as sinh, cosh, cbrt, acos, atan and their hyperbolic forms) has
// no complex dialect op: it is computed on the parts, widened to f64, by
// arith and math ops (Hull et al.'s algorithm; |z ± 1| by complex.abs of
// complex<f64>, Go's hypot), every branch selected, and each part rounded
// once to f32.
// CHECK-LABEL: func.func @asin
// CHECK: ^bb0(%[[Z:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK-NEXT: %[[RE:.*]] = complex.re %[[Z]] : complex<f32>
// CHECK-NEXT: %[[X:.*]] = arith.extf %[[RE]] : f32 to f64
// CHECK-NEXT: %[[IM:.*]] = complex.im %[[Z]] : complex<f32>
// CHECK-NEXT: %[[Y:.*]] = arith.extf %[[IM]] : f32 to f64
// CHECK-NEXT: %[[AX:.*]] = math.absf %[[X]] : f64
// CHECK-NEXT: %[[AY:.*]] = math.absf %[[Y]] : f64
// CHECK: %[[XP1:.*]] = arith.addf %[[AX]], %{{.*}} : f64
// CHECK-NEXT: %[[ZP1:.*]] = complex.create %[[XP1]], %[[AY]] : complex<f64>
// CHECK-NEXT: complex.abs %[[ZP1]] : complex<f64>
// CHECK: math.asin
// CHECK: math.atan
// CHECK: math.log1p
// CHECK: math.atan2 %[[AX]], %[[AY]] : f64
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: %[[I:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: %[[W:.*]] = complex.create %[[R]], %[[I]] : complex<f32>
// CHECK-NEXT: linalg.yield %[[W]] : complex<f32>
// CPU-LABEL: func.func @asin
// CPU: complex.abs
// CPU: math.log1p
// CPU: complex.create %{{.*}}, %{{.*}} : complex<f32>
func.func @asin(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = hlo.asin %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// atan2 is complex.atan2 (StableHLO's -i·log((b + i·a)/sqrt(b·b + a·a))).
// CHECK-LABEL: func.func @atan2
// CHECK: ^bb0(%[[A:.*]]: complex<f64>, %[[B:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK-NEXT: %[[R:.*]] = complex.atan2 %[[A]], %[[B]] : complex<f64>
// CHECK-NEXT: linalg.yield %[[R]] : complex<f64>
func.func @atan2(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = hlo.atan2 %a, %b : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// sinh z = -i·sin(iz): complex.sin of (-y, x), its parts swapped back
// with the new imaginary part negated.
// CHECK-LABEL: func.func @sinh
// CHECK: ^bb0(%[[Z:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK-NEXT: %[[X:.*]] = complex.re %[[Z]] : complex<f64>
// CHECK-NEXT: %[[Y:.*]] = complex.im %[[Z]] : complex<f64>
// CHECK-NEXT: %[[NY:.*]] = arith.negf %[[Y]] : f64
// CHECK-NEXT: %[[IZ:.*]] = complex.create %[[NY]], %[[X]] : complex<f64>
// CHECK-NEXT: %[[S:.*]] = complex.sin %[[IZ]] : complex<f64>
// CHECK-NEXT: %[[SR:.*]] = complex.re %[[S]] : complex<f64>
// CHECK-NEXT: %[[SI:.*]] = complex.im %[[S]] : complex<f64>
// CHECK-NEXT: %[[NSR:.*]] = arith.negf %[[SR]] : f64
// CHECK-NEXT: %[[R:.*]] = complex.create %[[SI]], %[[NSR]] : complex<f64>
// CHECK-NEXT: linalg.yield %[[R]] : complex<f64>
func.func @sinh(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = hlo.sinh %a : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// maximum on complex elements: StableHLO's lexicographic order on the
// parts (cmpf ogt on the real parts, or equal real parts and ogt on the
// imaginary ones), the parts' maximumf on equal values, and a NaN part
// of either operand winning, the first operand's last (so first).
// CHECK-LABEL: func.func @order
// CHECK: ^bb0(%[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK-NEXT: %[[AR:.*]] = complex.re %[[A]] : complex<f32>
// CHECK-NEXT: %[[AI:.*]] = complex.im %[[A]] : complex<f32>
// CHECK-NEXT: %[[BR:.*]] = complex.re %[[B]] : complex<f32>
// CHECK-NEXT: %[[BI:.*]] = complex.im %[[B]] : complex<f32>
// CHECK-NEXT: %[[REQ:.*]] = arith.cmpf oeq, %[[AR]], %[[BR]] : f32
// CHECK-NEXT: %[[RGT:.*]] = arith.cmpf ogt, %[[AR]], %[[BR]] : f32
// CHECK-NEXT: %[[IGT:.*]] = arith.cmpf ogt, %[[AI]], %[[BI]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.andi %[[REQ]], %[[IGT]] : i1
// CHECK-NEXT: %[[WINS:.*]] = arith.ori %[[RGT]], %[[T]] : i1
// CHECK-NEXT: %[[LEX:.*]] = arith.select %[[WINS]], %[[A]], %[[B]] : complex<f32>
// CHECK-NEXT: %[[IEQ:.*]] = arith.cmpf oeq, %[[AI]], %[[BI]] : f32
// CHECK-NEXT: %[[EQ:.*]] = arith.andi %[[REQ]], %[[IEQ]] : i1
// CHECK-NEXT: %[[MR:.*]] = arith.maximumf %[[AR]], %[[BR]] : f32
// CHECK-NEXT: %[[MI:.*]] = arith.maximumf %[[AI]], %[[BI]] : f32
// CHECK-NEXT: %[[TIE:.*]] = complex.create %[[MR]], %[[MI]] : complex<f32>
// CHECK-NEXT: %[[R1:.*]] = arith.select %[[EQ]], %[[TIE]], %[[LEX]] : complex<f32>
// CHECK-NEXT: %[[BNAN:.*]] = arith.cmpf uno, %[[BR]], %[[BI]] : f32
// CHECK-NEXT: %[[R2:.*]] = arith.select %[[BNAN]], %[[B]], %[[R1]] : complex<f32>
// CHECK-NEXT: %[[ANAN:.*]] = arith.cmpf uno, %[[AR]], %[[AI]] : f32
// CHECK-NEXT: %[[R3:.*]] = arith.select %[[ANAN]], %[[A]], %[[R2]] : complex<f32>
// CHECK-NEXT: linalg.yield %[[R3]] : complex<f32>
// minimum: olt and minimumf; clamp is minimum(maximum(x, lo), hi) in one body.
// CHECK: arith.cmpf olt
// CHECK: arith.minimumf
// CHECK: ^bb0(%{{.*}}: complex<f64>, %{{.*}}: complex<f64>, %{{.*}}: complex<f64>, %{{.*}}: complex<f64>):
// CHECK: arith.cmpf ogt
// CHECK: arith.maximumf
// CHECK: arith.cmpf olt
// CHECK: arith.minimumf
// CHECK: linalg.yield %{{.*}} : complex<f64>
// bitcast_convert to i64: the real part's bits low, the imaginary part's high.
// CHECK: ^bb0(%[[Z:.*]]: complex<f32>, %{{.*}}: i64):
// CHECK-NEXT: %[[ZR:.*]] = complex.re %[[Z]] : complex<f32>
// CHECK-NEXT: %[[ZRB:.*]] = arith.bitcast %[[ZR]] : f32 to i32
// CHECK-NEXT: %[[LO:.*]] = arith.extui %[[ZRB]] : i32 to i64
// CHECK-NEXT: %[[ZI:.*]] = complex.im %[[Z]] : complex<f32>
// CHECK-NEXT: %[[ZIB:.*]] = arith.bitcast %[[ZI]] : f32 to i32
// CHECK-NEXT: %[[HI:.*]] = arith.extui %[[ZIB]] : i32 to i64
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : i64
// CHECK-NEXT: %[[SH:.*]] = arith.shli %[[HI]], %[[C32]] : i64
// CHECK-NEXT: %[[BITS:.*]] = arith.ori %[[LO]], %[[SH]] : i64
// CHECK-NEXT: linalg.yield %[[BITS]] : i64
// CPU-LABEL: func.func @order
// CPU: arith.maximumf
// CPU: return
func.func @order(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>, %c: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xi64>) {
  %0 = hlo.maximum %a, %b : tensor<4xcomplex<f32>>
  %1 = hlo.minimum %a, %b : tensor<4xcomplex<f32>>
  %2 = hlo.clamp %c, %c, %c : tensor<4xcomplex<f64>>
  %3 = hlo.bitcast_convert %b : (tensor<4xcomplex<f32>>) -> tensor<4xi64>
  return %0, %1, %2, %3 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xi64>
}
