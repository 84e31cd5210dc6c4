// Division by a loop-invariant divisor (divide.go): each row of %a by its
// element of %b, whose broadcast along the rows' dim makes it a splat in
// the vector body. lower/llvm's TestNativeDivideByInvariant runs them.
func.func @div_rows_f32(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = shape.shape_of %a : tensor<?x?xf32> -> tensor<2xindex>
  %0 = stablehlo.dynamic_broadcast_in_dim %b, %s, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = stablehlo.divide %a, %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

func.func @div_rows_f64(%a: tensor<?x?xf64>, %b: tensor<?xf64>) -> tensor<?x?xf64> {
  %s = shape.shape_of %a : tensor<?x?xf64> -> tensor<2xindex>
  %0 = stablehlo.dynamic_broadcast_in_dim %b, %s, dims = [0] : (tensor<?xf64>, tensor<2xindex>) -> tensor<?x?xf64>
  %1 = stablehlo.divide %a, %0 : tensor<?x?xf64>
  return %1 : tensor<?x?xf64>
}
