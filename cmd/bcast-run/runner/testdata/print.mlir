// Results of every printed kind for TestPrintResults: 256 elements (printed
// whole, over several lines; a hex blob before issue 18), 1200
// (summarized), -inf and nan, integers, a scalar bool.
func.func @main() -> (tensor<256xf32>, tensor<40x30xf64>, tensor<3xf32>, tensor<2x3xi32>, tensor<i1>) {
  %i = stablehlo.iota dim = 0 : tensor<256xf32>
  %tenth = stablehlo.constant dense<0.1> : tensor<256xf32>
  %a = stablehlo.multiply %i, %tenth : tensor<256xf32>
  %b = stablehlo.constant dense<2.5e-10> : tensor<40x30xf64>
  %c = stablehlo.constant dense<[0xFF800000, 1.0, 0x7FC00000]> : tensor<3xf32>
  %d = stablehlo.constant dense<[[1, -20, 3], [400, 5, 6]]> : tensor<2x3xi32>
  %e = stablehlo.constant dense<true> : tensor<i1>
  return %a, %b, %c, %d, %e : tensor<256xf32>, tensor<40x30xf64>, tensor<3xf32>, tensor<2x3xi32>, tensor<i1>
}
