// W5: W1 with every dim dynamic, in TOSA. tosa-to-linalg cannot know
// whether a dynamic dim is 1, so for each operand it emits an scf.if that,
// when the dim is 1 at run time, first materializes the operand broadcast
// to the full result shape (a linalg.generic copy into a new tensor).
// W5u calls this kernel with X of shape 4096x1: that branch is taken and a
// 4096x4096 copy of X is written and then read back.
//
// @W5 returns a freshly allocated result; @W5_dps writes into %out, whose
// shape the caller must make equal to the broadcast result shape.

func.func @W5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, -1>} : (tensor<?xf32>) -> tensor<1x?xf32>
  %s = tosa.add %x, %b2 : (tensor<?x?xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<?x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @W5_dps(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %b2 = tosa.reshape %b {new_shape = array<i64: 1, -1>} : (tensor<?xf32>) -> tensor<1x?xf32>
  %s = tosa.add %x, %b2 : (tensor<?x?xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  %z = "tosa.const"() {value = dense<0.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %r = tosa.maximum %s, %z : (tensor<?x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
