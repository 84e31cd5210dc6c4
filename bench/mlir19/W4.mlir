// W4: ((x * s + b) - m) * k, x 4096x4096, s and b scalars (rank 0), m and
// k vectors of 4096, in TOSA. Every operand is reshaped to rank 2.
//
// @W4 returns a freshly allocated result; @W4_dps writes into %out.

func.func @W4(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>) -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %s2 = tosa.reshape %s {new_shape = array<i64: 1, 1>} : (tensor<f32>) -> tensor<1x1xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 1>} : (tensor<f32>) -> tensor<1x1xf32>
  %m2 = tosa.reshape %m {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %k2 = tosa.reshape %k {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %0 = tosa.mul %x, %s2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  %1 = tosa.add %0, %b2 : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  %2 = tosa.sub %1, %m2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %3 = tosa.mul %2, %k2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %3 : tensor<4096x4096xf32>
}

func.func @W4_dps(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>, %out: memref<4096x4096xf32>) attributes {llvm.emit_c_interface} {
  %s2 = tosa.reshape %s {new_shape = array<i64: 1, 1>} : (tensor<f32>) -> tensor<1x1xf32>
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, 1>} : (tensor<f32>) -> tensor<1x1xf32>
  %m2 = tosa.reshape %m {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %k2 = tosa.reshape %k {new_shape = array<i64: 1, 4096>} : (tensor<4096xf32>) -> tensor<1x4096xf32>
  %0 = tosa.mul %x, %s2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  %1 = tosa.add %0, %b2 : (tensor<4096x4096xf32>, tensor<1x1xf32>) -> tensor<4096x4096xf32>
  %2 = tosa.sub %1, %m2 : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %3 = tosa.mul %2, %k2 {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %3 in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
