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

// Constant divisors: by 8, LLVM multiplies by 0.125 (exact) and the
// multiply-add sequence is not used; by 3 it is.
func.func @div_by_8(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<8.0> : tensor<f32>
  %0 = chlo.broadcast_divide %a, %c : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @div_by_3(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<f32>
  %0 = chlo.broadcast_divide %a, %c : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
