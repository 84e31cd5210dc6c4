// Kernels on complex<f32> and complex<f64> elements, one set per type:
// the arithmetic, the ops between complex numbers and their parts,
// compare, select and convert, the complex functions (exp, log and tanh,
// whose results are bounded, each alone), reductions and data movement.
// Glob-picked by the LLVM 14/19 verifier tests (both targets, single-
// thread and parallel forms) and by llprint's tests, and run natively
// against the interpreter by TestNativeComplex.

func.func @arith_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f32>>) -> (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) {
  %0 = stablehlo.add %a, %b : tensor<?x5xcomplex<f32>>
  %1 = stablehlo.subtract %a, %b : tensor<?x5xcomplex<f32>>
  %2 = stablehlo.multiply %a, %b : tensor<?x5xcomplex<f32>>
  %3 = stablehlo.divide %a, %b : tensor<?x5xcomplex<f32>>
  %4 = stablehlo.negate %a : tensor<?x5xcomplex<f32>>
  %5 = chlo.conj %b : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>
}

func.func @parts_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f32>>) -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xcomplex<f32>>, tensor<?x5xi1>, tensor<?x5xi1>, tensor<?x5xcomplex<f32>>) {
  %0 = stablehlo.abs %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  %1 = stablehlo.real %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  %2 = stablehlo.imag %b : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  %3 = stablehlo.complex %2, %1 : tensor<?x5xcomplex<f32>>
  %4 = stablehlo.compare EQ, %a, %b : (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) -> tensor<?x5xi1>
  %5 = stablehlo.compare NE, %a, %b : (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) -> tensor<?x5xi1>
  %6 = stablehlo.select %4, %3, %b : tensor<?x5xi1>, tensor<?x5xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xcomplex<f32>>, tensor<?x5xi1>, tensor<?x5xi1>, tensor<?x5xcomplex<f32>>
}

func.func @roots_c64(%a: tensor<?x5xcomplex<f32>>) -> (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) {
  %0 = stablehlo.sqrt %a : tensor<?x5xcomplex<f32>>
  %1 = stablehlo.rsqrt %a : tensor<?x5xcomplex<f32>>
  %2 = stablehlo.sign %a : tensor<?x5xcomplex<f32>>
  return %0, %1, %2 : tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>
}

func.func @exp_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.exponential %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @log_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.log %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @tanh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.tanh %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @arith_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) {
  %0 = stablehlo.add %a, %b : tensor<?x5xcomplex<f64>>
  %1 = stablehlo.subtract %a, %b : tensor<?x5xcomplex<f64>>
  %2 = stablehlo.multiply %a, %b : tensor<?x5xcomplex<f64>>
  %3 = stablehlo.divide %a, %b : tensor<?x5xcomplex<f64>>
  %4 = stablehlo.negate %a : tensor<?x5xcomplex<f64>>
  %5 = chlo.conj %b : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5 : tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>
}

func.func @parts_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xf64>, tensor<?x5xf64>, tensor<?x5xf64>, tensor<?x5xcomplex<f64>>, tensor<?x5xi1>, tensor<?x5xi1>, tensor<?x5xcomplex<f64>>) {
  %0 = stablehlo.abs %a : (tensor<?x5xcomplex<f64>>) -> tensor<?x5xf64>
  %1 = stablehlo.real %a : (tensor<?x5xcomplex<f64>>) -> tensor<?x5xf64>
  %2 = stablehlo.imag %b : (tensor<?x5xcomplex<f64>>) -> tensor<?x5xf64>
  %3 = stablehlo.complex %2, %1 : tensor<?x5xcomplex<f64>>
  %4 = stablehlo.compare EQ, %a, %b : (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) -> tensor<?x5xi1>
  %5 = stablehlo.compare NE, %a, %b : (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) -> tensor<?x5xi1>
  %6 = stablehlo.select %4, %3, %b : tensor<?x5xi1>, tensor<?x5xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x5xf64>, tensor<?x5xf64>, tensor<?x5xf64>, tensor<?x5xcomplex<f64>>, tensor<?x5xi1>, tensor<?x5xi1>, tensor<?x5xcomplex<f64>>
}

func.func @roots_c128(%a: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) {
  %0 = stablehlo.sqrt %a : tensor<?x5xcomplex<f64>>
  %1 = stablehlo.rsqrt %a : tensor<?x5xcomplex<f64>>
  %2 = stablehlo.sign %a : tensor<?x5xcomplex<f64>>
  return %0, %1, %2 : tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>
}

func.func @exp_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.exponential %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @log_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.log %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @tanh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.tanh %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @convert(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f32>>, tensor<?x5xf32>, tensor<?x5xf64>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f32>>) {
  %0 = stablehlo.convert %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f64>>
  %1 = stablehlo.convert %b : (tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f32>>
  %2 = stablehlo.convert %b : (tensor<?x5xcomplex<f64>>) -> tensor<?x5xf32>
  %3 = stablehlo.convert %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf64>
  %r = stablehlo.real %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  %4 = stablehlo.convert %r : (tensor<?x5xf32>) -> tensor<?x5xcomplex<f64>>
  %i = stablehlo.convert %3 : (tensor<?x5xf64>) -> tensor<?x5xi32>
  %5 = stablehlo.convert %i : (tensor<?x5xi32>) -> tensor<?x5xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f32>>, tensor<?x5xf32>, tensor<?x5xf64>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f32>>
}

func.func @reduce_c64(%a: tensor<?x5xcomplex<f32>>) -> (tensor<?xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<complex<f32>>) {
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %o = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?xcomplex<f32>>
  %1 = stablehlo.reduce(%a init: %o) applies stablehlo.multiply across dimensions = [0] : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5xcomplex<f32>>
  %2 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  return %0, %1, %2 : tensor<?xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<complex<f32>>
}

func.func @move_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<5xcomplex<f32>>) -> (tensor<?x5xcomplex<f32>>, tensor<5x?xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<1x2xcomplex<f32>>, tensor<?x10xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<2x5xcomplex<f32>>) {
  %c = stablehlo.constant dense<[[(1.5, -2.0), (0.0, 1.0), (-0.0, -0.0), (3.0, 0.25), (0x7FC00000, 1.0)], [(-1.0, 0.0), (2.0, 2.0), (0.5, -0.5), (1.0e10, -1.0e-10), (0.0, -7.0)]]> : tensor<2x5xcomplex<f32>>
  %0 = chlo.broadcast_add %a, %b : (tensor<?x5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>>
  %1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<?x5xcomplex<f32>>) -> tensor<5x?xcomplex<f32>>
  %2 = stablehlo.reverse %a, dims = [1] : tensor<?x5xcomplex<f32>>
  %3 = stablehlo.slice %a [0:1:1, 1:5:2] : (tensor<?x5xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
  %4 = stablehlo.concatenate %a, %2, dim = 1 : (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) -> tensor<?x10xcomplex<f32>>
  %pv = stablehlo.constant dense<(9.0, -9.0)> : tensor<complex<f32>>
  %5 = stablehlo.pad %a, %pv, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x7xcomplex<f32>>
  %6 = stablehlo.multiply %c, %c : tensor<2x5xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x5xcomplex<f32>>, tensor<5x?xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<1x2xcomplex<f32>>, tensor<?x10xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<2x5xcomplex<f32>>
}

func.func @reduce_c128(%a: tensor<?x5xcomplex<f64>>) -> (tensor<?xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<complex<f64>>) {
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
  %o = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f64>>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<?xcomplex<f64>>
  %1 = stablehlo.reduce(%a init: %o) applies stablehlo.multiply across dimensions = [0] : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<5xcomplex<f64>>
  %2 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  return %0, %1, %2 : tensor<?xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<complex<f64>>
}

func.func @move_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<5x?xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<1x2xcomplex<f64>>, tensor<?x10xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<2x5xcomplex<f64>>) {
  %c = stablehlo.constant dense<[[(1.5, -2.0), (0.0, 1.0), (-0.0, -0.0), (3.0, 0.25), (0x7FC00000, 1.0)], [(-1.0, 0.0), (2.0, 2.0), (0.5, -0.5), (1.0e10, -1.0e-10), (0.0, -7.0)]]> : tensor<2x5xcomplex<f64>>
  %0 = chlo.broadcast_add %a, %b : (tensor<?x5xcomplex<f64>>, tensor<5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>>
  %1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<?x5xcomplex<f64>>) -> tensor<5x?xcomplex<f64>>
  %2 = stablehlo.reverse %a, dims = [1] : tensor<?x5xcomplex<f64>>
  %3 = stablehlo.slice %a [0:1:1, 1:5:2] : (tensor<?x5xcomplex<f64>>) -> tensor<1x2xcomplex<f64>>
  %4 = stablehlo.concatenate %a, %2, dim = 1 : (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) -> tensor<?x10xcomplex<f64>>
  %pv = stablehlo.constant dense<(9.0, -9.0)> : tensor<complex<f64>>
  %5 = stablehlo.pad %a, %pv, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<?x7xcomplex<f64>>
  %6 = stablehlo.multiply %c, %c : tensor<2x5xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?x5xcomplex<f64>>, tensor<5x?xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<1x2xcomplex<f64>>, tensor<?x10xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<2x5xcomplex<f64>>
}

func.func @sin_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.sine %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @cos_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.cosine %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @tan_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.tan %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @expm1_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.exponential_minus_one %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @log1p_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.log_plus_one %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @logistic_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.logistic %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @pow_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.power %a, %b : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

// integer exponents below 100: repeated squaring
func.func @powi_c64(%a: tensor<?x5xcomplex<f32>>) -> (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) {
  %c = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (-3.0, 0.0), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %k = stablehlo.constant dense<[(7.0, 0.0), (-99.0, 0.0), (64.0, 0.0), (99.0, 0.0), (-1.0, 0.0)]> : tensor<5xcomplex<f32>>
  %b = stablehlo.constant dense<(13.0, 0.0)> : tensor<complex<f32>>
  %0 = chlo.broadcast_power %a, %c : (tensor<?x5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>>
  %1 = chlo.broadcast_power %a, %k : (tensor<?x5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>>
  %2 = chlo.broadcast_power %a, %b : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x5xcomplex<f32>>
  %n = stablehlo.negate %b : tensor<complex<f32>>
  %3 = chlo.broadcast_power %a, %n : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x5xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>
}

func.func @dot_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<5x3xcomplex<f32>>) -> (tensor<?x3xcomplex<f32>>, tensor<?x?xcomplex<f32>>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x5xcomplex<f32>>, tensor<5x3xcomplex<f32>>) -> tensor<?x3xcomplex<f32>>
  %1 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [1] : (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  return %0, %1 : tensor<?x3xcomplex<f32>>, tensor<?x?xcomplex<f32>>
}

func.func @iota_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %i = stablehlo.iota dim = 0 : tensor<5xcomplex<f32>>
  %0 = chlo.broadcast_add %a, %i : (tensor<?x5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @sin_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.sine %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @cos_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.cosine %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @tan_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.tan %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @expm1_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.exponential_minus_one %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @log1p_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.log_plus_one %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @logistic_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.logistic %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @pow_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.power %a, %b : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

// integer exponents below 100: repeated squaring
func.func @powi_c128(%a: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) {
  %c = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (-3.0, 0.0), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %k = stablehlo.constant dense<[(7.0, 0.0), (-99.0, 0.0), (64.0, 0.0), (99.0, 0.0), (-1.0, 0.0)]> : tensor<5xcomplex<f64>>
  %b = stablehlo.constant dense<(13.0, 0.0)> : tensor<complex<f64>>
  %0 = chlo.broadcast_power %a, %c : (tensor<?x5xcomplex<f64>>, tensor<5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>>
  %1 = chlo.broadcast_power %a, %k : (tensor<?x5xcomplex<f64>>, tensor<5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>>
  %2 = chlo.broadcast_power %a, %b : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<?x5xcomplex<f64>>
  %n = stablehlo.negate %b : tensor<complex<f64>>
  %3 = chlo.broadcast_power %a, %n : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<?x5xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>
}

func.func @dot_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<5x3xcomplex<f64>>) -> (tensor<?x3xcomplex<f64>>, tensor<?x?xcomplex<f64>>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x5xcomplex<f64>>, tensor<5x3xcomplex<f64>>) -> tensor<?x3xcomplex<f64>>
  %1 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [1] : (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  return %0, %1 : tensor<?x3xcomplex<f64>>, tensor<?x?xcomplex<f64>>
}

func.func @iota_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %i = stablehlo.iota dim = 0 : tensor<5xcomplex<f64>>
  %0 = chlo.broadcast_add %a, %i : (tensor<?x5xcomplex<f64>>, tensor<5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

// The functions composed of the complex dialect's ops and of arith and
// math ops on the parts (sinh, cosh, cbrt and the inverse functions),
// and complex.atan2, each alone.

func.func @sinh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.sinh %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @cosh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.cosh %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @cbrt_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.cbrt %a : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @asin_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.asin %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @acos_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.acos %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @atan_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.atan %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @asinh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.asinh %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @acosh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.acosh %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @atanh_c64(%a: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = chlo.atanh %a : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @atan2_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f32>>) -> tensor<?x5xcomplex<f32>> {
  %0 = stablehlo.atan2 %a, %b : tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @sinh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.sinh %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @cosh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.cosh %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @cbrt_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.cbrt %a : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @asin_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.asin %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @acos_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.acos %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @atan_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.atan %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @asinh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.asinh %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @acosh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.acosh %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @atanh_c128(%a: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = chlo.atanh %a : tensor<?x5xcomplex<f64>> -> tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

func.func @atan2_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<?x5xcomplex<f64>>) -> tensor<?x5xcomplex<f64>> {
  %0 = stablehlo.atan2 %a, %b : tensor<?x5xcomplex<f64>>
  return %0 : tensor<?x5xcomplex<f64>>
}

// maximum, minimum and clamp in StableHLO's lexicographic order; against
// a + 0 (whose -0 parts are +0) they meet equal values that differ in a
// zero's sign. bitcast_convert to a type of the same width, to narrower
// ones and back (the real part's bits first).
func.func @order_c64(%a: tensor<?x5xcomplex<f32>>, %b: tensor<?x5xcomplex<f32>>) -> (tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xi64>, tensor<?x5x2xf32>, tensor<?x5xcomplex<f32>>) {
  %0 = stablehlo.maximum %a, %b : tensor<?x5xcomplex<f32>>
  %1 = stablehlo.minimum %a, %b : tensor<?x5xcomplex<f32>>
  %2 = stablehlo.clamp %b, %a, %0 : tensor<?x5xcomplex<f32>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %az = chlo.broadcast_add %a, %z : (tensor<?x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<?x5xcomplex<f32>>
  %3 = stablehlo.maximum %a, %az : tensor<?x5xcomplex<f32>>
  %4 = stablehlo.minimum %az, %a : tensor<?x5xcomplex<f32>>
  %5 = stablehlo.clamp %az, %b, %a : tensor<?x5xcomplex<f32>>
  %6 = stablehlo.bitcast_convert %a : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xi64>
  %7 = stablehlo.bitcast_convert %b : (tensor<?x5xcomplex<f32>>) -> tensor<?x5x2xf32>
  %8 = stablehlo.bitcast_convert %7 : (tensor<?x5x2xf32>) -> tensor<?x5xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xcomplex<f32>>, tensor<?x5xi64>, tensor<?x5x2xf32>, tensor<?x5xcomplex<f32>>
}

// maximum, minimum and clamp in StableHLO's lexicographic order; against
// a + 0 (whose -0 parts are +0) they meet equal values that differ in a
// zero's sign. bitcast_convert of complex<f64> to i64 and f32 pieces and
// back, with no 128-bit integer.
func.func @order_c128(%a: tensor<?x5xcomplex<f64>>, %b: tensor<?x5xcomplex<f64>>) -> (tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5x2xi64>, tensor<?x5x4xf32>, tensor<?x5xcomplex<f64>>) {
  %0 = stablehlo.maximum %a, %b : tensor<?x5xcomplex<f64>>
  %1 = stablehlo.minimum %a, %b : tensor<?x5xcomplex<f64>>
  %2 = stablehlo.clamp %b, %a, %0 : tensor<?x5xcomplex<f64>>
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
  %az = chlo.broadcast_add %a, %z : (tensor<?x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<?x5xcomplex<f64>>
  %3 = stablehlo.maximum %a, %az : tensor<?x5xcomplex<f64>>
  %4 = stablehlo.minimum %az, %a : tensor<?x5xcomplex<f64>>
  %5 = stablehlo.clamp %az, %b, %a : tensor<?x5xcomplex<f64>>
  %6 = stablehlo.bitcast_convert %a : (tensor<?x5xcomplex<f64>>) -> tensor<?x5x2xi64>
  %7 = stablehlo.bitcast_convert %b : (tensor<?x5xcomplex<f64>>) -> tensor<?x5x4xf32>
  %8 = stablehlo.bitcast_convert %7 : (tensor<?x5x4xf32>) -> tensor<?x5xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5xcomplex<f64>>, tensor<?x5x2xi64>, tensor<?x5x4xf32>, tensor<?x5xcomplex<f64>>
}
