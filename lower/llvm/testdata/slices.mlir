// hlo.slice kernels for TestNativeSlices (slices_native_test.go): every
// combination, per dim, of start 0 or not, stride 1 or not, and length
// the operand's or shorter; static and dynamic operands; and slices
// fused with their producers and consumers. A dim that starts at 0 with
// stride 1 and is shorter than the operand's (or whose operand dim is
// dynamic) is read through a tensor.extract_slice view; the others
// through the map `d * stride + start`.

func.func @s_identity(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = hlo.slice %x [0:5] : (tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @s_prefix(%x: tensor<5xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [0:2] : (tensor<5xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @s_offset(%x: tensor<5xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [1:3] : (tensor<5xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @s_suffix(%x: tensor<5xf32>) -> tensor<3xf32> {
  %r = hlo.slice %x [2:5] : (tensor<5xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @s_stride(%x: tensor<5xf32>) -> tensor<3xf32> {
  %r = hlo.slice %x [0:5:2] : (tensor<5xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @s_offset_stride(%x: tensor<5xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [1:5:2] : (tensor<5xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @s_stride_full(%x: tensor<1xf32>) -> tensor<1xf32> {
  %r = hlo.slice %x [0:1:2] : (tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

func.func @s_prefix_i32(%x: tensor<5xi32>) -> tensor<4xi32> {
  %r = hlo.slice %x [0:4] : (tensor<5xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

func.func @s_prefix_offset(%x: tensor<4x6xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [0:2, 1:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @s_full_offset(%x: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %r = hlo.slice %x [0:4, 1:3] : (tensor<4x6xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

func.func @s_prefix_stride(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %r = hlo.slice %x [0:2, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @s_offset_prefix(%x: tensor<4x6xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [1:3, 0:2] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @s_stride_suffix(%x: tensor<4x6xf32>) -> tensor<2x5xf32> {
  %r = hlo.slice %x [0:4:2, 1:6] : (tensor<4x6xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

func.func @s_prefix_full(%x: tensor<4x6xf32>) -> tensor<3x6xf32> {
  %r = hlo.slice %x [0:3, 0:6] : (tensor<4x6xf32>) -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

func.func @s_unit(%x: tensor<4x6xf32>) -> tensor<1x6xf32> {
  %r = hlo.slice %x [0:1, 0:6] : (tensor<4x6xf32>) -> tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}

func.func @s_three(%x: tensor<4x6x5xf32>) -> tensor<2x3x5xf32> {
  %r = hlo.slice %x [0:2, 1:6:2, 0:5] : (tensor<4x6x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

func.func @d_prefix(%x: tensor<?xf32>) -> tensor<2xf32> {
  %r = hlo.slice %x [0:2] : (tensor<?xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @d_prefix_offset(%x: tensor<?x6xf32>) -> tensor<2x2xf32> {
  %r = hlo.slice %x [0:2, 1:3] : (tensor<?x6xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @d_full(%x: tensor<4x?xf32>) -> tensor<4x3xf32> {
  %r = hlo.slice %x [0:4, 0:3] : (tensor<4x?xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func @d_offset(%x: tensor<?x6xf32>) -> tensor<2x6xf32> {
  %r = hlo.slice %x [1:3, 0:6] : (tensor<?x6xf32>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// The slice fuses with its consumer (which reads the view).
func.func @f_prefix_consumer(%x: tensor<4x6xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %s = hlo.slice %x [0:2, 1:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  %r = hlo.add %s, %b : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// The producer is computed whole and read through the view.
func.func @f_prefix_producer(%x: tensor<4x6xf32>, %y: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %e = hlo.negate %x : tensor<4x6xf32>
  %s = hlo.slice %e [0:3, 0:6] : (tensor<4x6xf32>) -> tensor<3x6xf32>
  %r = hlo.multiply %s, %y : tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

// linalg-fold-unit-extent-dims collapses the 1x6 view.
func.func @f_unit_consumer(%x: tensor<4x6xf32>, %y: tensor<1x6xf32>) -> tensor<1x6xf32> {
  %s = hlo.slice %x [0:1, 0:6] : (tensor<4x6xf32>) -> tensor<1x6xf32>
  %r = hlo.multiply %s, %y : tensor<1x6xf32>
  return %r : tensor<1x6xf32>
}

// A dynamic prefix slice whose consumer reads it with another operand.
func.func @f_dyn_prefix(%x: tensor<?x6xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = hlo.slice %x [0:2, 0:6:2] : (tensor<?x6xf32>) -> tensor<2x3xf32>
  %r = hlo.subtract %s, %y : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// Map-form slice: producer and consumer fuse into one generic.
func.func @f_offset_fused(%x: tensor<4x6xf32>, %b: tensor<2xf32>) -> tensor<3x2xf32> {
  %e = hlo.multiply %x, %x : tensor<4x6xf32>
  %s = hlo.slice %e [1:4, 1:6:3] : (tensor<4x6xf32>) -> tensor<3x2xf32>
  %r = hlo.add %s, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
