// One kernel per element type (every type the C ABI has): elementwise
// arithmetic, compare and select, converts to and from f32, a row
// reduction and a contraction. Glob-picked by the LLVM 14/19 verifier
// tests (both targets, single-thread and parallel forms) and run
// natively against the interpreter by TestNativeElementTypes.

func.func @t_i8(%x: tensor<?x6xi8>, %y: tensor<?x6xi8>) -> (tensor<?x6xi8>, tensor<?x6xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?x?xi8>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xi8>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xi8>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xi8>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xi8>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xi8>, tensor<?x6xi8>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xi8>
  %5 = stablehlo.divide %4, %y : tensor<?x6xi8>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xi8>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xi8>
  %f = stablehlo.convert %7 : (tensor<?x6xi8>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xi8>
  %z = stablehlo.constant dense<0> : tensor<i8>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xi8>, tensor<i8>) -> tensor<?xi8>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xi8>, tensor<i8>) -> tensor<?xi8>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xi8>, tensor<?x6xi8>) -> tensor<?x?xi8>
  return %8, %c, %9, %m, %d : tensor<?x6xi8>, tensor<?x6xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?x?xi8>
}

func.func @t_i16(%x: tensor<?x6xi16>, %y: tensor<?x6xi16>) -> (tensor<?x6xi16>, tensor<?x6xi1>, tensor<?xi16>, tensor<?xi16>, tensor<?x?xi16>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xi16>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xi16>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xi16>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xi16>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xi16>, tensor<?x6xi16>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xi16>
  %5 = stablehlo.divide %4, %y : tensor<?x6xi16>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xi16>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xi16>
  %f = stablehlo.convert %7 : (tensor<?x6xi16>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xi16>
  %z = stablehlo.constant dense<0> : tensor<i16>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xi16>, tensor<i16>) -> tensor<?xi16>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xi16>, tensor<i16>) -> tensor<?xi16>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xi16>, tensor<?x6xi16>) -> tensor<?x?xi16>
  return %8, %c, %9, %m, %d : tensor<?x6xi16>, tensor<?x6xi1>, tensor<?xi16>, tensor<?xi16>, tensor<?x?xi16>
}

func.func @t_i32(%x: tensor<?x6xi32>, %y: tensor<?x6xi32>) -> (tensor<?x6xi32>, tensor<?x6xi1>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xi32>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xi32>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xi32>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xi32>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xi32>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xi32>, tensor<?x6xi32>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xi32>
  %5 = stablehlo.divide %4, %y : tensor<?x6xi32>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xi32>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xi32>
  %f = stablehlo.convert %7 : (tensor<?x6xi32>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xi32>, tensor<i32>) -> tensor<?xi32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xi32>, tensor<i32>) -> tensor<?xi32>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xi32>, tensor<?x6xi32>) -> tensor<?x?xi32>
  return %8, %c, %9, %m, %d : tensor<?x6xi32>, tensor<?x6xi1>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xi32>
}

func.func @t_i64(%x: tensor<?x6xi64>, %y: tensor<?x6xi64>) -> (tensor<?x6xi64>, tensor<?x6xi1>, tensor<?xi64>, tensor<?xi64>, tensor<?x?xi64>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xi64>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xi64>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xi64>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xi64>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xi64>, tensor<?x6xi64>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xi64>
  %5 = stablehlo.divide %4, %y : tensor<?x6xi64>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xi64>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xi64>
  %f = stablehlo.convert %7 : (tensor<?x6xi64>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xi64>, tensor<i64>) -> tensor<?xi64>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xi64>, tensor<i64>) -> tensor<?xi64>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xi64>, tensor<?x6xi64>) -> tensor<?x?xi64>
  return %8, %c, %9, %m, %d : tensor<?x6xi64>, tensor<?x6xi1>, tensor<?xi64>, tensor<?xi64>, tensor<?x?xi64>
}

func.func @t_si8(%x: tensor<?x6xsi8>, %y: tensor<?x6xsi8>) -> (tensor<?x6xsi8>, tensor<?x6xi1>, tensor<?xsi8>, tensor<?xsi8>, tensor<?x?xsi8>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xsi8>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xsi8>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xsi8>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xsi8>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xsi8>, tensor<?x6xsi8>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xsi8>
  %5 = stablehlo.divide %4, %y : tensor<?x6xsi8>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xsi8>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xsi8>
  %f = stablehlo.convert %7 : (tensor<?x6xsi8>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xsi8>
  %z = stablehlo.constant dense<0> : tensor<si8>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xsi8>, tensor<si8>) -> tensor<?xsi8>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xsi8>, tensor<si8>) -> tensor<?xsi8>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xsi8>, tensor<?x6xsi8>) -> tensor<?x?xsi8>
  return %8, %c, %9, %m, %d : tensor<?x6xsi8>, tensor<?x6xi1>, tensor<?xsi8>, tensor<?xsi8>, tensor<?x?xsi8>
}

func.func @t_si16(%x: tensor<?x6xsi16>, %y: tensor<?x6xsi16>) -> (tensor<?x6xsi16>, tensor<?x6xi1>, tensor<?xsi16>, tensor<?xsi16>, tensor<?x?xsi16>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xsi16>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xsi16>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xsi16>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xsi16>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xsi16>, tensor<?x6xsi16>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xsi16>
  %5 = stablehlo.divide %4, %y : tensor<?x6xsi16>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xsi16>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xsi16>
  %f = stablehlo.convert %7 : (tensor<?x6xsi16>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xsi16>
  %z = stablehlo.constant dense<0> : tensor<si16>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xsi16>, tensor<si16>) -> tensor<?xsi16>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xsi16>, tensor<si16>) -> tensor<?xsi16>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xsi16>, tensor<?x6xsi16>) -> tensor<?x?xsi16>
  return %8, %c, %9, %m, %d : tensor<?x6xsi16>, tensor<?x6xi1>, tensor<?xsi16>, tensor<?xsi16>, tensor<?x?xsi16>
}

func.func @t_si32(%x: tensor<?x6xsi32>, %y: tensor<?x6xsi32>) -> (tensor<?x6xsi32>, tensor<?x6xi1>, tensor<?xsi32>, tensor<?xsi32>, tensor<?x?xsi32>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xsi32>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xsi32>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xsi32>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xsi32>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xsi32>, tensor<?x6xsi32>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xsi32>
  %5 = stablehlo.divide %4, %y : tensor<?x6xsi32>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xsi32>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xsi32>
  %f = stablehlo.convert %7 : (tensor<?x6xsi32>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xsi32>
  %z = stablehlo.constant dense<0> : tensor<si32>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xsi32>, tensor<si32>) -> tensor<?xsi32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xsi32>, tensor<si32>) -> tensor<?xsi32>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xsi32>, tensor<?x6xsi32>) -> tensor<?x?xsi32>
  return %8, %c, %9, %m, %d : tensor<?x6xsi32>, tensor<?x6xi1>, tensor<?xsi32>, tensor<?xsi32>, tensor<?x?xsi32>
}

func.func @t_si64(%x: tensor<?x6xsi64>, %y: tensor<?x6xsi64>) -> (tensor<?x6xsi64>, tensor<?x6xi1>, tensor<?xsi64>, tensor<?xsi64>, tensor<?x?xsi64>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xsi64>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xsi64>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xsi64>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xsi64>
  %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<?x6xsi64>, tensor<?x6xsi64>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xsi64>
  %5 = stablehlo.divide %4, %y : tensor<?x6xsi64>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xsi64>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xsi64>
  %f = stablehlo.convert %7 : (tensor<?x6xsi64>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xsi64>
  %z = stablehlo.constant dense<0> : tensor<si64>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xsi64>, tensor<si64>) -> tensor<?xsi64>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xsi64>, tensor<si64>) -> tensor<?xsi64>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xsi64>, tensor<?x6xsi64>) -> tensor<?x?xsi64>
  return %8, %c, %9, %m, %d : tensor<?x6xsi64>, tensor<?x6xi1>, tensor<?xsi64>, tensor<?xsi64>, tensor<?x?xsi64>
}

func.func @t_ui8(%x: tensor<?x6xui8>, %y: tensor<?x6xui8>) -> (tensor<?x6xui8>, tensor<?x6xi1>, tensor<?xui8>, tensor<?xui8>, tensor<?x?xui8>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xui8>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xui8>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xui8>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xui8>
  %c = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<?x6xui8>, tensor<?x6xui8>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xui8>
  %5 = stablehlo.divide %4, %y : tensor<?x6xui8>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xui8>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xui8>
  %f = stablehlo.convert %7 : (tensor<?x6xui8>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xui8>
  %z = stablehlo.constant dense<0> : tensor<ui8>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xui8>, tensor<ui8>) -> tensor<?xui8>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xui8>, tensor<ui8>) -> tensor<?xui8>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xui8>, tensor<?x6xui8>) -> tensor<?x?xui8>
  return %8, %c, %9, %m, %d : tensor<?x6xui8>, tensor<?x6xi1>, tensor<?xui8>, tensor<?xui8>, tensor<?x?xui8>
}

func.func @t_ui16(%x: tensor<?x6xui16>, %y: tensor<?x6xui16>) -> (tensor<?x6xui16>, tensor<?x6xi1>, tensor<?xui16>, tensor<?xui16>, tensor<?x?xui16>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xui16>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xui16>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xui16>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xui16>
  %c = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<?x6xui16>, tensor<?x6xui16>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xui16>
  %5 = stablehlo.divide %4, %y : tensor<?x6xui16>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xui16>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xui16>
  %f = stablehlo.convert %7 : (tensor<?x6xui16>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xui16>
  %z = stablehlo.constant dense<0> : tensor<ui16>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xui16>, tensor<ui16>) -> tensor<?xui16>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xui16>, tensor<ui16>) -> tensor<?xui16>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xui16>, tensor<?x6xui16>) -> tensor<?x?xui16>
  return %8, %c, %9, %m, %d : tensor<?x6xui16>, tensor<?x6xi1>, tensor<?xui16>, tensor<?xui16>, tensor<?x?xui16>
}

func.func @t_ui32(%x: tensor<?x6xui32>, %y: tensor<?x6xui32>) -> (tensor<?x6xui32>, tensor<?x6xi1>, tensor<?xui32>, tensor<?xui32>, tensor<?x?xui32>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xui32>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xui32>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xui32>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xui32>
  %c = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<?x6xui32>, tensor<?x6xui32>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xui32>
  %5 = stablehlo.divide %4, %y : tensor<?x6xui32>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xui32>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xui32>
  %f = stablehlo.convert %7 : (tensor<?x6xui32>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xui32>
  %z = stablehlo.constant dense<0> : tensor<ui32>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xui32>, tensor<ui32>) -> tensor<?xui32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xui32>, tensor<ui32>) -> tensor<?xui32>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xui32>, tensor<?x6xui32>) -> tensor<?x?xui32>
  return %8, %c, %9, %m, %d : tensor<?x6xui32>, tensor<?x6xi1>, tensor<?xui32>, tensor<?xui32>, tensor<?x?xui32>
}

func.func @t_ui64(%x: tensor<?x6xui64>, %y: tensor<?x6xui64>) -> (tensor<?x6xui64>, tensor<?x6xi1>, tensor<?xui64>, tensor<?xui64>, tensor<?x?xui64>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xui64>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xui64>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xui64>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xui64>
  %c = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<?x6xui64>, tensor<?x6xui64>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xui64>
  %5 = stablehlo.divide %4, %y : tensor<?x6xui64>
  %6 = stablehlo.remainder %5, %x : tensor<?x6xui64>
  %7 = stablehlo.shift_right_logical %6, %y : tensor<?x6xui64>
  %f = stablehlo.convert %7 : (tensor<?x6xui64>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xui64>
  %z = stablehlo.constant dense<0> : tensor<ui64>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xui64>, tensor<ui64>) -> tensor<?xui64>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xui64>, tensor<ui64>) -> tensor<?xui64>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xui64>, tensor<?x6xui64>) -> tensor<?x?xui64>
  return %8, %c, %9, %m, %d : tensor<?x6xui64>, tensor<?x6xi1>, tensor<?xui64>, tensor<?xui64>, tensor<?x?xui64>
}

func.func @t_f16(%x: tensor<?x6xf16>, %y: tensor<?x6xf16>) -> (tensor<?x6xf16>, tensor<?x6xi1>, tensor<?xf16>, tensor<?xf16>, tensor<?x?xf16>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xf16>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xf16>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xf16>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xf16>
  %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<?x6xf16>, tensor<?x6xf16>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xf16>
  %5 = stablehlo.divide %4, %y : tensor<?x6xf16>
  %6 = stablehlo.sqrt %5 : tensor<?x6xf16>
  %7 = stablehlo.exponential %6 : tensor<?x6xf16>
  %f = stablehlo.convert %7 : (tensor<?x6xf16>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xf16>
  %z = stablehlo.constant dense<0.0> : tensor<f16>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xf16>, tensor<f16>) -> tensor<?xf16>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xf16>, tensor<f16>) -> tensor<?xf16>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xf16>, tensor<?x6xf16>) -> tensor<?x?xf16>
  return %8, %c, %9, %m, %d : tensor<?x6xf16>, tensor<?x6xi1>, tensor<?xf16>, tensor<?xf16>, tensor<?x?xf16>
}

func.func @t_bf16(%x: tensor<?x6xbf16>, %y: tensor<?x6xbf16>) -> (tensor<?x6xbf16>, tensor<?x6xi1>, tensor<?xbf16>, tensor<?xbf16>, tensor<?x?xbf16>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xbf16>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xbf16>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xbf16>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xbf16>
  %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<?x6xbf16>, tensor<?x6xbf16>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xbf16>
  %5 = stablehlo.divide %4, %y : tensor<?x6xbf16>
  %6 = stablehlo.sqrt %5 : tensor<?x6xbf16>
  %7 = stablehlo.exponential %6 : tensor<?x6xbf16>
  %f = stablehlo.convert %7 : (tensor<?x6xbf16>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xbf16>, tensor<bf16>) -> tensor<?xbf16>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xbf16>, tensor<bf16>) -> tensor<?xbf16>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xbf16>, tensor<?x6xbf16>) -> tensor<?x?xbf16>
  return %8, %c, %9, %m, %d : tensor<?x6xbf16>, tensor<?x6xi1>, tensor<?xbf16>, tensor<?xbf16>, tensor<?x?xbf16>
}

func.func @t_f32(%x: tensor<?x6xf32>, %y: tensor<?x6xf32>) -> (tensor<?x6xf32>, tensor<?x6xi1>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xf32>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xf32>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xf32>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xf32>
  %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<?x6xf32>, tensor<?x6xf32>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xf32>
  %5 = stablehlo.divide %4, %y : tensor<?x6xf32>
  %6 = stablehlo.sqrt %5 : tensor<?x6xf32>
  %7 = stablehlo.exponential %6 : tensor<?x6xf32>
  %f = stablehlo.convert %7 : (tensor<?x6xf32>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xf32>, tensor<f32>) -> tensor<?xf32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xf32>, tensor<f32>) -> tensor<?xf32>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xf32>, tensor<?x6xf32>) -> tensor<?x?xf32>
  return %8, %c, %9, %m, %d : tensor<?x6xf32>, tensor<?x6xi1>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
}

func.func @t_f64(%x: tensor<?x6xf64>, %y: tensor<?x6xf64>) -> (tensor<?x6xf64>, tensor<?x6xi1>, tensor<?xf64>, tensor<?xf64>, tensor<?x?xf64>) {
  %0 = stablehlo.add %x, %y : tensor<?x6xf64>
  %1 = stablehlo.multiply %0, %y : tensor<?x6xf64>
  %2 = stablehlo.subtract %1, %x : tensor<?x6xf64>
  %3 = stablehlo.maximum %2, %x : tensor<?x6xf64>
  %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<?x6xf64>, tensor<?x6xf64>) -> tensor<?x6xi1>
  %4 = stablehlo.select %c, %3, %y : tensor<?x6xi1>, tensor<?x6xf64>
  %5 = stablehlo.divide %4, %y : tensor<?x6xf64>
  %6 = stablehlo.sqrt %5 : tensor<?x6xf64>
  %7 = stablehlo.exponential %6 : tensor<?x6xf64>
  %f = stablehlo.convert %7 : (tensor<?x6xf64>) -> tensor<?x6xf32>
  %8 = stablehlo.convert %f : (tensor<?x6xf32>) -> tensor<?x6xf64>
  %z = stablehlo.constant dense<0.0> : tensor<f64>
  %9 = stablehlo.reduce(%8 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x6xf64>, tensor<f64>) -> tensor<?xf64>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x6xf64>, tensor<f64>) -> tensor<?xf64>
  %d = stablehlo.dot_general %x, %y, contracting_dims = [1] x [1] : (tensor<?x6xf64>, tensor<?x6xf64>) -> tensor<?x?xf64>
  return %8, %c, %9, %m, %d : tensor<?x6xf64>, tensor<?x6xi1>, tensor<?xf64>, tensor<?xf64>, tensor<?x?xf64>
}

func.func @t_i1(%x: tensor<?x6xi1>, %y: tensor<?x6xi1>) -> (tensor<?x6xi1>, tensor<?xi1>, tensor<?x6xf32>) {
  %0 = stablehlo.and %x, %y : tensor<?x6xi1>
  %1 = stablehlo.xor %0, %y : tensor<?x6xi1>
  %2 = stablehlo.not %1 : tensor<?x6xi1>
  %c = stablehlo.compare NE, %2, %x, UNSIGNED : (tensor<?x6xi1>, tensor<?x6xi1>) -> tensor<?x6xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.reduce(%c init: %t) applies stablehlo.and across dimensions = [1] : (tensor<?x6xi1>, tensor<i1>) -> tensor<?xi1>
  %f = stablehlo.convert %c : (tensor<?x6xi1>) -> tensor<?x6xf32>
  return %c, %r, %f : tensor<?x6xi1>, tensor<?xi1>, tensor<?x6xf32>
}
