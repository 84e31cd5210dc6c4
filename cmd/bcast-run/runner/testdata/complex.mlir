func.func @main(%a: tensor<3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<complex<f64>>) {
  %0 = stablehlo.multiply %a, %b : tensor<3xcomplex<f32>>
  %1 = stablehlo.abs %0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %c = stablehlo.constant dense<(1.5, -0.25)> : tensor<complex<f64>>
  return %0, %1, %c : tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<complex<f64>>
}
