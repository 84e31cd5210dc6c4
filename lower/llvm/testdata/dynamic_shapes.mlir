// hlo.dynamic_iota and hlo.real_dynamic_slice kernels for
// dynamic_shapes_native_test.go, written as jax.export writes them for a
// symbolic dim (the wrapper that reads b from x inlined): sizes and
// indices computed from the arguments' sizes with get_dimension_size,
// convert, reshape, concatenate and integer arithmetic. Out-of-bounds
// slices and sizes that disagree with the result type are run-time errors
// (cf.assert), never an access out of bounds.

// jnp.arange(b) + x
func.func public @arange_add(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.convert %1 : (tensor<i64>) -> tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.dynamic_iota %3, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %5 = stablehlo.convert %4 : (tensor<?xi32>) -> tensor<?xf32>
  %6 = stablehlo.add %5, %arg0 : tensor<?xf32>
  return %6 : tensor<?xf32>
}

// lax.broadcasted_iota(jnp.float32, (b, c), 1) * x
func.func public @arange_2d(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.concatenate %1, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %5 = stablehlo.dynamic_iota %4, dim = 1 : (tensor<2xi32>) -> tensor<?x?xf32>
  %6 = stablehlo.multiply %5, %arg0 : tensor<?x?xf32>
  return %6 : tensor<?x?xf32>
}

// lax.broadcasted_iota(jnp.int64, (b, 3), 0) + x: a static element in the
// shape.
func.func public @iota_static(%arg0: tensor<?x3xi64>) -> tensor<?x3xi64> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xi64>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.reshape %1 : (tensor<i64>) -> tensor<1xi64>
  %c = stablehlo.constant dense<3> : tensor<1xi64>
  %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %4 = stablehlo.dynamic_iota %3, dim = 0 : (tensor<2xi64>) -> tensor<?x3xi64>
  %5 = stablehlo.add %4, %arg0 : tensor<?x3xi64>
  return %5 : tensor<?x3xi64>
}

// An iota of shape (b, c) whose type says (?, 3): c must be 3.
func.func public @iota_check(%arg0: tensor<?x?xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.concatenate %1, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %5 = stablehlo.dynamic_iota %4, dim = 1 : (tensor<2xi32>) -> tensor<?x3xf32>
  return %5 : tensor<?x3xf32>
}

// jnp.arange(b - 2): b < 2 gives a negative size.
func.func public @iota_negative(%arg0: tensor<?xf32>) -> tensor<?xi32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  return %3 : tensor<?xi32>
}

// jnp.exp(x[1:b-1])
func.func public @inner(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<i64>
  %2 = stablehlo.subtract %1, %c_0 : tensor<i64>
  %3 = stablehlo.convert %2 : (tensor<i64>) -> tensor<i32>
  %4 = stablehlo.reshape %3 : (tensor<i32>) -> tensor<1xi32>
  %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
  %5 = stablehlo.real_dynamic_slice %arg0, %c, %4, %c_1 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %6 = stablehlo.exponential %5 : tensor<?xf32>
  return %6 : tensor<?xf32>
}

// -x[::2]
func.func public @stride2(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<0> : tensor<1xi32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<2> : tensor<1xi32>
  %2 = stablehlo.real_dynamic_slice %arg0, %c, %1, %c_0 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %3 = stablehlo.negate %2 : tensor<?xf32>
  return %3 : tensor<?xf32>
}

// x[0:n] + y, n the size of y: n must not exceed x's size.
func.func public @prefix(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<0> : tensor<1xi32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<1xi32>
  %2 = stablehlo.real_dynamic_slice %arg0, %c, %1, %c_0 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %3 = stablehlo.add %2, %arg1 : tensor<?xf32>
  return %3 : tensor<?xf32>
}

// x[n-2:n], n the size of y: n >= 2 (a negative start otherwise) and n
// must not exceed x's size.
func.func public @last_two(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<1xi32>
  %4 = stablehlo.real_dynamic_slice %arg0, %2, %3, %c_0 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %4 : tensor<?xf32>
}

// x[1:b, 0:c:c-2], returned (a copy of the view into the result): the
// stride c - 2 must be positive.
func.func public @stride_dyn(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %4 = stablehlo.subtract %2, %c2 : tensor<i32>
  %5 = stablehlo.reshape %4 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %6 = stablehlo.concatenate %1, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
  %7 = stablehlo.concatenate %c_1, %5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %8 = stablehlo.real_dynamic_slice %arg0, %c, %6, %7 : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %8 : tensor<?x?xf32>
}

// x[1:b, 1:3] of a (b, 4) x: the static result dim 2.
func.func public @slice_2d(%arg0: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c3 = stablehlo.constant dense<3> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %c = stablehlo.constant dense<1> : tensor<2xi32>
  %3 = stablehlo.real_dynamic_slice %arg0, %c, %2, %c : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %3 : tensor<?x2xf32>
}

// jnp.exp(x)[1:b-1]: the producer is read through the view, so it is
// computed whole first (the one kernel here that allocates).
func.func public @slice_of_producer(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<?xf32>
  %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<i32>
  %2 = stablehlo.subtract %1, %c_0 : tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.real_dynamic_slice %0, %c, %3, %c : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %4 : tensor<?xf32>
}

// jnp.arange(b - 2) * x[1:b-1]: both sizes b - 2, computed two ways, so a
// same-size check stays.
func.func public @combo(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c2 : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %4 = stablehlo.subtract %0, %c1 : tensor<i32>
  %5 = stablehlo.reshape %4 : (tensor<i32>) -> tensor<1xi32>
  %6 = stablehlo.real_dynamic_slice %arg0, %c, %5, %c : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %7 = stablehlo.multiply %3, %6 : tensor<?xf32>
  return %7 : tensor<?xf32>
}

// x[0:b, 1:5] of a (b, 4) x, the limit a concatenation (which the
// verifier does not read): always out of bounds, a run-time error.
func.func public @limit_past_end(%arg0: tensor<?x4xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c5 = stablehlo.constant dense<5> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %c = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %s = stablehlo.constant dense<1> : tensor<2xi32>
  %3 = stablehlo.real_dynamic_slice %arg0, %c, %2, %s : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

// An iota of shape (b, 5) whose type says (?, 3): always an error.
func.func public @iota_wrong_constant(%arg0: tensor<?xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c5 = stablehlo.constant dense<5> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<2xi32>) -> tensor<?x3xf32>
  return %3 : tensor<?x3xf32>
}
