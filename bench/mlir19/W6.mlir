// W6: softmax over the rows of X, 4096x4096, as an MLIR 19 user writes it
// in TOSA: reduce_max keeps the reduced dim (4096x1), so the subtract
// broadcasts it back; exp; reduce_sum; TOSA has no float divide, so the
// division by the row sum is a reciprocal and a multiply.
//
// @W6 returns a freshly allocated result; @W6_dps writes into %out.

func.func @W6(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %d = tosa.sub %x, %m : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %e = tosa.exp %d : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %r = tosa.reciprocal %s : (tensor<4096x1xf32>) -> tensor<4096x1xf32>
  %y = tosa.mul %e, %r {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

func.func @W6_dps(%x: tensor<4096x4096xf32>, %out: memref<4096x4096xf32>) attributes {llvm.emit_c_interface} {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %d = tosa.sub %x, %m : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %e = tosa.exp %d : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<4096x4096xf32>) -> tensor<4096x1xf32>
  %r = tosa.reciprocal %s : (tensor<4096x1xf32>) -> tensor<4096x1xf32>
  %y = tosa.mul %e, %r {shift = 0 : i8} : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %y in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}
