func.func @main(%a: tensor<2x3xcomplex<f32>>, %s: tensor<i32>) -> (tensor<3x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<2x6xcomplex<f32>>, tensor<1x2xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<2x2x3xcomplex<f32>>, tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>) {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %1 = hlo.reverse %a, dims = [1] : tensor<2x3xcomplex<f32>>
  %2 = hlo.concatenate %a, %1, dim = 1 : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x6xcomplex<f32>>
  %3 = hlo.slice %a [1:2, 0:3:2] : (tensor<2x3xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
  %pv = hlo.constant dense<(9.0, -9.0)> : tensor<complex<f32>>
  %4 = hlo.pad %a, %pv, low = [1, 0], high = [1, 0], interior = [0, 1] : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x5xcomplex<f32>>
  %5 = hlo.reshape %a : (tensor<2x3xcomplex<f32>>) -> tensor<6xcomplex<f32>>
  %6 = hlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<2x3xcomplex<f32>>) -> tensor<2x2x3xcomplex<f32>>
  %7 = hlo.dynamic_slice %a, %s, %s, sizes = [2, 2] : (tensor<2x3xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<2x2xcomplex<f32>>
  %8 = hlo.dynamic_update_slice %a, %3, %s, %s : (tensor<2x3xcomplex<f32>>, tensor<1x2xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<2x3xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<2x6xcomplex<f32>>, tensor<1x2xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<2x2x3xcomplex<f32>>, tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>
}
