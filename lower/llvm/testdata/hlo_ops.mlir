// Kernels for hlo_ops_native_test.go: every hlo op (but custom_call) in at
// least one kernel compiled natively and compared with the interpreter.
// TestHloOpsCovered fails when a registered hlo op appears in none of them.

func.func @u_negate(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.negate %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_abs(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.abs %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_exponential(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.exponential %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_exponential_minus_one(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.exponential_minus_one %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_log(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.log %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_log_plus_one(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.log_plus_one %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_sqrt(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.sqrt %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_rsqrt(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.rsqrt %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_cbrt(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.cbrt %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_tanh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.tanh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_logistic(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.logistic %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_sign(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.sign %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_floor(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.floor %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_ceil(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.ceil %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_round_nearest_even(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.round_nearest_even %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_is_finite(%x: tensor<?x5xf32>) -> tensor<?x5xi1> {
  %r = hlo.is_finite %x : (tensor<?x5xf32>) -> tensor<?x5xi1>
  return %r : tensor<?x5xi1>
}

func.func @u_sine(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.sine %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_cosine(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.cosine %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_tan(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.tan %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_round_nearest_afz(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.round_nearest_afz %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_sinh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.sinh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_cosh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.cosh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_asin(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.asin %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_acos(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.acos %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_atan(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.atan %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_asinh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.asinh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_acosh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.acosh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_atanh(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.atanh %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_erf(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = hlo.erf %x : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u64_sine(%x: tensor<?x5xf64>) -> tensor<?x5xf64> {
  %r = hlo.sine %x : tensor<?x5xf64>
  return %r : tensor<?x5xf64>
}

func.func @u64_erf(%x: tensor<?x5xf64>) -> tensor<?x5xf64> {
  %r = hlo.erf %x : tensor<?x5xf64>
  return %r : tensor<?x5xf64>
}

func.func @u64_atanh(%x: tensor<?x5xf64>) -> tensor<?x5xf64> {
  %r = hlo.atanh %x : tensor<?x5xf64>
  return %r : tensor<?x5xf64>
}

func.func @u_is_inf(%x: tensor<?x5xf32>) -> tensor<?x5xi1> {
  %r = hlo.is_inf %x : (tensor<?x5xf32>) -> tensor<?x5xi1>
  return %r : tensor<?x5xi1>
}

func.func @u_is_pos_inf(%x: tensor<?x5xf32>) -> tensor<?x5xi1> {
  %r = hlo.is_pos_inf %x : (tensor<?x5xf32>) -> tensor<?x5xi1>
  return %r : tensor<?x5xi1>
}

func.func @u_is_neg_inf(%x: tensor<?x5xf32>) -> tensor<?x5xi1> {
  %r = hlo.is_neg_inf %x : (tensor<?x5xf32>) -> tensor<?x5xi1>
  return %r : tensor<?x5xi1>
}

func.func @u_ui8_add(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.add %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_subtract(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.subtract %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_multiply(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.multiply %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_divide(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.divide %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_remainder(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.remainder %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_maximum(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.maximum %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_minimum(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.minimum %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_and(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.and %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_or(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.or %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_xor(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.xor %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_shift_left(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.shift_left %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_shift_right_logical(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.shift_right_logical %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_shift_right_arithmetic(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.shift_right_arithmetic %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui8_power(%x: tensor<?x5xui8>, %y: tensor<5xui8>) -> tensor<?x5xui8> {
  %r = hlo.power %x, %y : (tensor<?x5xui8>, tensor<5xui8>) -> tensor<?x5xui8>
  return %r : tensor<?x5xui8>
}

func.func @u_ui32_add(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.add %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_subtract(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.subtract %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_multiply(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.multiply %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_divide(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.divide %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_remainder(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.remainder %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_maximum(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.maximum %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_minimum(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.minimum %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_and(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.and %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_or(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.or %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_xor(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.xor %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_shift_left(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.shift_left %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_shift_right_logical(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.shift_right_logical %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_shift_right_arithmetic(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.shift_right_arithmetic %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui32_power(%x: tensor<?x5xui32>, %y: tensor<5xui32>) -> tensor<?x5xui32> {
  %r = hlo.power %x, %y : (tensor<?x5xui32>, tensor<5xui32>) -> tensor<?x5xui32>
  return %r : tensor<?x5xui32>
}

func.func @u_ui64_add(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.add %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_subtract(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.subtract %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_multiply(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.multiply %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_divide(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.divide %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_remainder(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.remainder %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_maximum(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.maximum %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_minimum(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.minimum %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_and(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.and %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_or(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.or %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_xor(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.xor %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_shift_left(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.shift_left %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_shift_right_logical(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.shift_right_logical %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_shift_right_arithmetic(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.shift_right_arithmetic %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_ui64_power(%x: tensor<?x5xui64>, %y: tensor<5xui64>) -> tensor<?x5xui64> {
  %r = hlo.power %x, %y : (tensor<?x5xui64>, tensor<5xui64>) -> tensor<?x5xui64>
  return %r : tensor<?x5xui64>
}

func.func @u_si16_add(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.add %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_subtract(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.subtract %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_multiply(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.multiply %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_divide(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.divide %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_remainder(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.remainder %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_maximum(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.maximum %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_minimum(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.minimum %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_and(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.and %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_or(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.or %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_xor(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.xor %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_shift_left(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.shift_left %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_shift_right_logical(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.shift_right_logical %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_shift_right_arithmetic(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.shift_right_arithmetic %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

func.func @u_si16_power(%x: tensor<?x5xsi16>, %y: tensor<5xsi16>) -> tensor<?x5xsi16> {
  %r = hlo.power %x, %y : (tensor<?x5xsi16>, tensor<5xsi16>) -> tensor<?x5xsi16>
  return %r : tensor<?x5xsi16>
}

// Unsigned compare, unary ops and conversions, and data movement of
// unsigned elements (no arithmetic: no signless view needed).
func.func @u_ui8_misc(%x: tensor<3x5xui8>, %y: tensor<3x5xui8>, %f: tensor<3x5xf32>) -> (tensor<3x5xi1>, tensor<3x5xui8>, tensor<3x5xf32>, tensor<3x5xui8>, tensor<5x3xui8>, tensor<4x7xui8>, tensor<6x5xui8>) {
  %c = hlo.compare GE, %x, %y : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<3x5xi1>
  %s = hlo.sign %x : tensor<3x5xui8>
  %a = hlo.abs %s : tensor<3x5xui8>
  %p = hlo.popcnt %a : tensor<3x5xui8>
  %v = hlo.convert %p : (tensor<3x5xui8>) -> tensor<3x5xf32>
  %w = hlo.convert %f : (tensor<3x5xf32>) -> tensor<3x5xui8>
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<3x5xui8>) -> tensor<5x3xui8>
  %z = hlo.constant dense<7> : tensor<ui8>
  %q = hlo.pad %y, %z, low = [1, 1], high = [0, 1], interior = [0, 0] : (tensor<3x5xui8>, tensor<ui8>) -> tensor<4x7xui8>
  %k = hlo.concatenate %x, %y, dim = 0 : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<6x5xui8>
  return %c, %p, %v, %w, %t, %q, %k : tensor<3x5xi1>, tensor<3x5xui8>, tensor<3x5xf32>, tensor<3x5xui8>, tensor<5x3xui8>, tensor<4x7xui8>, tensor<6x5xui8>
}

func.func @ui_negate(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = hlo.negate %x : tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

func.func @ui_abs(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = hlo.abs %x : tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

func.func @ui_sign(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = hlo.sign %x : tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

func.func @ui_popcnt(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = hlo.popcnt %x : tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

func.func @ui_not(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = hlo.not %x : tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

func.func @ui_not_i1(%x: tensor<4xi32>) -> tensor<4xi1> {
  %z = hlo.constant dense<0> : tensor<i32>
  %b = hlo.compare GT, %x, %z : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %r = hlo.not %b : tensor<4xi1>
  return %r : tensor<4xi1>
}

func.func @b_add(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.add %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_subtract(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.subtract %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_multiply(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.multiply %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_divide(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.divide %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_remainder(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.remainder %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_maximum(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.maximum %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_minimum(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.minimum %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_power(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.power %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_atan2(%x: tensor<?x5xf32>, %y: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = hlo.atan2 %x, %y : (tensor<?x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @bi_add(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.add %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_subtract(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.subtract %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_multiply(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.multiply %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_maximum(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.maximum %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_minimum(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.minimum %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_and(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.and %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_or(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.or %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_xor(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = hlo.xor %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_divide(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<255> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %a = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %d = hlo.or %a, %one : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.divide %x, %d : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// No guard: x / 0 is all ones, x % 0 is x, INT_MIN / -1 is INT_MIN and
// INT_MIN % -1 is 0 (XLA's results), never a trap.
func.func @bi_divrem_any(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> (tensor<?x?xi32>, tensor<?x?xi32>) {
  %q = hlo.divide %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %r = hlo.remainder %x, %y : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %q, %r : tensor<?x?xi32>, tensor<?x?xi32>
}

func.func @bi_remainder(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<255> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %a = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %d = hlo.or %a, %one : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.remainder %x, %d : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_shift_left(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<31> : tensor<i32>
  %s = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.shift_left %x, %s : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_shift_right_arithmetic(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<31> : tensor<i32>
  %s = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.shift_right_arithmetic %x, %s : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_shift_right_logical(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<31> : tensor<i32>
  %s = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.shift_right_logical %x, %s : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @bi_power(%x: tensor<?x?xi32>, %y: tensor<?xi32>) -> tensor<?x?xi32> {
  %m = hlo.constant dense<7> : tensor<i32>
  %s = hlo.and %y, %m : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %r = hlo.power %x, %s : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @b_add_dims(%v: tensor<3xf32>, %m: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = hlo.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @compare_select(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %c = hlo.compare GE, %x, %y, FLOAT : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %r = hlo.select %c, %x, %y : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @compare_i(%x: tensor<?x4xi32>, %y: tensor<4xi32>) -> tensor<?x4xi1> {
  %c = hlo.compare LT, %x, %y, SIGNED : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi1>
  return %c : tensor<?x4xi1>
}

func.func @clamp(%lo: tensor<f32>, %x: tensor<?x?xf32>, %hi: tensor<?xf32>) -> tensor<?x?xf32> {
  %r = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @constant_iota(%x: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi32>
  %i = hlo.iota dim = 0 : tensor<4x3xi32>
  %s = hlo.add %c, %i : tensor<4x3xi32>
  %r = hlo.multiply %s, %x : tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}

func.func @iota_f() -> tensor<2x5xf32> {
  %r = hlo.iota dim = 1 : tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

func.func @convert_fi(%x: tensor<?x3xf32>) -> tensor<?x3xi32> {
  %r = hlo.convert %x : (tensor<?x3xf32>) -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}

func.func @convert_if(%x: tensor<?xi32>) -> tensor<?xf64> {
  %r = hlo.convert %x : (tensor<?xi32>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @convert_ff(%x: tensor<?xf64>) -> tensor<?xf32> {
  %r = hlo.convert %x : (tensor<?xf64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @convert_ib(%x: tensor<?xi32>) -> tensor<?xi1> {
  %r = hlo.convert %x : (tensor<?xi32>) -> tensor<?xi1>
  return %r : tensor<?xi1>
}

func.func @broadcast_in_dim(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %r = hlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

func.func @dynamic_broadcast_in_dim(%x: tensor<?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = hlo.constant dense<[3, 5]> : tensor<2xindex>
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = hlo.add %b, %y : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @assign(%x: tensor<?x?xf32>, %a: tensor<?xf32>) -> tensor<?x?xf32> {
  %b = hlo.assign %x, %a : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %r = hlo.add %b, %x : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @narrow(%x: tensor<1x?x1x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %e = hlo.exponential %x : tensor<1x?x1x4xf32>
  %n = hlo.narrow %e : (tensor<1x?x1x4xf32>) -> tensor<?x4xf32>
  %r = hlo.add %n, %y : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @reverse(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %a = hlo.add %x, %y : tensor<3x5xf32>
  %r = hlo.reverse %a, dims = [0, 1] : tensor<3x5xf32>
  %m = hlo.multiply %r, %x : tensor<3x5xf32>
  return %m : tensor<3x5xf32>
}

func.func @dynamic_slice(%x: tensor<4x?xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// The caller's x must be left as it is: y reads it after the update.
func.func @dynamic_update_slice(%x: tensor<4x5xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %r = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  %y = hlo.add %x, %x : tensor<4x5xf32>
  return %r, %y : tensor<4x5xf32>, tensor<4x5xf32>
}

// x[i, ...] = a: an update of lower rank, into a dynamic operand.
func.func @dynamic_update_slice_row(%x: tensor<?x5xf32>, %a: tensor<5xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<?x5xf32> {
  %e = hlo.exponential %a : tensor<5xf32>
  %r = hlo.dynamic_update_slice %x, %e, %i, %j : (tensor<?x5xf32>, tensor<5xf32>, tensor<i64>, tensor<i64>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// jnp.pad of exp(x), then an add: the pad's copy fuses with the exp.
func.func @pad(%x: tensor<3x4xf32>, %y: tensor<5x9xf32>) -> tensor<5x9xf32> {
  %e = hlo.exponential %x : tensor<3x4xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %e, %z, low = [1, 2], high = [1, 0], interior = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x9xf32>
  %r = hlo.add %p, %y : tensor<5x9xf32>
  return %r : tensor<5x9xf32>
}

// Negative padding crops; interior padding spreads what is left.
func.func @pad_crop(%x: tensor<4x5xi32>, %v: tensor<i32>) -> tensor<3x8xi32> {
  %p = hlo.pad %x, %v, low = [-1, -2], high = [0, 1], interior = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<3x8xi32>
  return %p : tensor<3x8xi32>
}

// Float bits as integers and back, around a barrier.
func.func @bitcast_convert(%x: tensor<?x5xf32>, %y: tensor<?x5xi32>) -> (tensor<?x5xi32>, tensor<?x5xf32>) {
  %b:2 = hlo.optimization_barrier %x, %y : tensor<?x5xf32>, tensor<?x5xi32>
  %i = hlo.bitcast_convert %b#0 : (tensor<?x5xf32>) -> tensor<?x5xi32>
  %f = hlo.bitcast_convert %b#1 : (tensor<?x5xi32>) -> tensor<?x5xf32>
  %n = hlo.negate %f : tensor<?x5xf32>
  return %i, %n : tensor<?x5xi32>, tensor<?x5xf32>
}

func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %r = hlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

func.func @reshape_scalar(%x: tensor<f32>) -> tensor<1x1xf32> {
  %r = hlo.reshape %x : (tensor<f32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

func.func @dynamic_reshape(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = hlo.constant dense<[3, 4]> : tensor<2xi64>
  %r = hlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @transpose(%x: tensor<?x3x?xf32>) -> tensor<?x?x3xf32> {
  %r = hlo.transpose %x, dims = [2, 0, 1] : (tensor<?x3x?xf32>) -> tensor<?x?x3xf32>
  return %r : tensor<?x?x3xf32>
}

func.func @get_dimension_size(%x: tensor<?x3xf32>) -> tensor<i32> {
  %r = hlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  return %r : tensor<i32>
}

func.func @slice(%x: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %r = hlo.slice %x [1:7:2, 0:6:3] : (tensor<8x6xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

func.func @slice_fused(%x: tensor<?x7xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %e = hlo.multiply %x, %x : tensor<?x7xf32>
  %s = hlo.slice %e [1:3, 2:7:2] : (tensor<?x7xf32>) -> tensor<2x3xf32>
  %r = hlo.add %s, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x2xf32>) -> tensor<2x5xf32> {
  %r = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

func.func @concatenate_dyn(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %e = hlo.add %b, %v : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %n = hlo.negate %a : tensor<?x?xf32>
  %r = hlo.concatenate %n, %e, %a, dim = 0 : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @f16_arith(%x: tensor<?x5xf16>, %y: tensor<5xf16>) -> tensor<?x5xf16> {
  %a = hlo.multiply %x, %y : (tensor<?x5xf16>, tensor<5xf16>) -> tensor<?x5xf16>
  %b = hlo.add %a, %x : tensor<?x5xf16>
  %c = hlo.divide %b, %y : (tensor<?x5xf16>, tensor<5xf16>) -> tensor<?x5xf16>
  %d = hlo.maximum %c, %x : tensor<?x5xf16>
  return %d : tensor<?x5xf16>
}

func.func @bf16_arith(%x: tensor<?x5xbf16>, %y: tensor<5xbf16>) -> tensor<?x5xbf16> {
  %a = hlo.multiply %x, %y : (tensor<?x5xbf16>, tensor<5xbf16>) -> tensor<?x5xbf16>
  %b = hlo.subtract %a, %x : tensor<?x5xbf16>
  %c = hlo.sqrt %b : tensor<?x5xbf16>
  %d = hlo.minimum %c, %y : (tensor<?x5xbf16>, tensor<5xbf16>) -> tensor<?x5xbf16>
  return %d : tensor<?x5xbf16>
}

func.func @half_convert(%x: tensor<?xf32>, %d: tensor<?xf64>, %i: tensor<?xi32>) -> (tensor<?xf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf32>) {
  %h = hlo.convert %x : (tensor<?xf32>) -> tensor<?xf16>
  %b = hlo.convert %h : (tensor<?xf16>) -> tensor<?xbf16>
  %db = hlo.convert %d : (tensor<?xf64>) -> tensor<?xbf16>
  %ih = hlo.convert %i : (tensor<?xi32>) -> tensor<?xf16>
  %back = hlo.convert %b : (tensor<?xbf16>) -> tensor<?xf32>
  return %h, %b, %db, %ih, %back : tensor<?xf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf32>
}

func.func @f16_exp(%x: tensor<?xf16>) -> tensor<?xf16> {
  %r = hlo.exponential %x : tensor<?xf16>
  return %r : tensor<?xf16>
}

// The fused producers of concatenate's parts write the result in place,
// here through the reshapes of folded unit dims (jnp.stack of two rows).
func.func @concatenate_stack(%a: tensor<1x?xf32>, %b: tensor<1x?xf32>) -> tensor<2x?xf32> {
  %n = hlo.negate %a : tensor<1x?xf32>
  %e = hlo.exponential %b : tensor<1x?xf32>
  %r = hlo.concatenate %n, %e, dim = 0 : (tensor<1x?xf32>, tensor<1x?xf32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// As jax.export writes a shape-polymorphic function (x: "n, 3", b: "3";
// `jnp.reshape(x + b, (-1,)) * 2`): the shapes of the broadcast and the
// reshape are computed in StableHLO from get_dimension_size, as i32 then
// i64 tensors, and are known to the result-shapes function.
func.func public @jax_shape_poly(%arg0: tensor<?x3xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<3xf32> {mhlo.layout_mode = "default"}) -> (tensor<?xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.reshape %1 : (tensor<i64>) -> tensor<1xi64>
  %c = stablehlo.constant dense<3> : tensor<1xi64>
  %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %4 = stablehlo.dynamic_broadcast_in_dim %arg1, %3, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %5 = stablehlo.add %arg0, %4 : tensor<?x3xf32>
  %c_0 = stablehlo.constant dense<3> : tensor<i64>
  %6 = stablehlo.multiply %1, %c_0 : tensor<i64>
  %c_1 = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %7 = stablehlo.reshape %6 : (tensor<i64>) -> tensor<1xi64>
  %8 = stablehlo.concatenate %c_1, %7, dim = 0 : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %9 = stablehlo.slice %8 [2:3] : (tensor<3xi64>) -> tensor<1xi64>
  %10 = stablehlo.dynamic_reshape %5, %9 : (tensor<?x3xf32>, tensor<1xi64>) -> tensor<?xf32>
  %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %11 = stablehlo.convert %6 : (tensor<i64>) -> tensor<i32>
  %12 = stablehlo.reshape %11 : (tensor<i32>) -> tensor<1xi32>
  %13 = stablehlo.dynamic_broadcast_in_dim %cst, %12, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  %14 = stablehlo.multiply %10, %13 : tensor<?xf32>
  return %14 : tensor<?xf32>
}

// jnp.arange(b) + x and jnp.exp(x[1:b-1]) as jax.export writes them
// (more in dynamic_shapes.mlir and dynamic_shapes_native_test.go).
func.func public @dynamic_iota(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.dynamic_iota %1, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %3 = stablehlo.convert %2 : (tensor<?xi32>) -> tensor<?xf32>
  %4 = stablehlo.add %3, %arg0 : tensor<?xf32>
  return %4 : tensor<?xf32>
}

func.func public @real_dynamic_slice(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.subtract %0, %c_0 : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.real_dynamic_slice %arg0, %c, %2, %c : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = stablehlo.exponential %3 : tensor<?xf32>
  return %4 : tensor<?xf32>
}

// Reductions: hlo.reduce in the short form (a row sum; a column maximum,
// whose reduced dim is the outer one) and as jnp.argmax exports it (the
// region form, whose reducer ends in hlo.return), and hlo.reduce_window
// as jnp.cumsum exports it.
func.func @reduce_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @reduce_max_cols(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @reduce_argmax(%arg0: tensor<5x40xf32>) -> tensor<5xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<5x40xi32>
  %1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.constant dense<0> : tensor<i32>
  %3:2 = stablehlo.reduce(%arg0 init: %1), (%0 init: %2) across dimensions = [1] : (tensor<5x40xf32>, tensor<5x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %4 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.or %4, %5 : tensor<i1>
    %7 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.and %7, %8 : tensor<i1>
    %10 = stablehlo.or %6, %9 : tensor<i1>
    %11 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %12 = stablehlo.select %10, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %11, %12 : tensor<f32>, tensor<i32>
  }
  return %3#1 : tensor<5xi32>
}

func.func @reduce_window_cumsum(%arg0: tensor<8x9xf32>) -> tensor<8x9xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8x9xf32>, tensor<f32>) -> tensor<8x9xf32>
  return %0 : tensor<8x9xf32>
}

func.func @dot_general(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @dot(%x: tensor<?x?xi32>, %w: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = stablehlo.dot %x, %w : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// Signed and unsigned integers in reductions, reduce_window, contractions,
// iota and bitcast_convert (computed on signless views).
func.func @s_reductions(%x: tensor<?x5xui8>, %y: tensor<?x5xsi16>) -> (tensor<?xui8>, tensor<5xui8>, tensor<?xui32>, tensor<5xsi16>, tensor<5xi32>) {
  %z = stablehlo.constant dense<0> : tensor<ui8>
  %m = stablehlo.constant dense<255> : tensor<ui8>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x5xui8>, tensor<ui8>) -> tensor<?xui8>
  %1 = stablehlo.reduce(%x init: %m) applies stablehlo.minimum across dimensions = [0] : (tensor<?x5xui8>, tensor<ui8>) -> tensor<5xui8>
  %w = stablehlo.convert %x : (tensor<?x5xui8>) -> tensor<?x5xui32>
  %z32 = stablehlo.constant dense<4294967000> : tensor<ui32>
  %2 = stablehlo.reduce(%w init: %z32) applies stablehlo.add across dimensions = [1] : (tensor<?x5xui32>, tensor<ui32>) -> tensor<?xui32>
  %s = stablehlo.constant dense<-32768> : tensor<si16>
  %3 = stablehlo.reduce(%y init: %s) applies stablehlo.maximum across dimensions = [0] : (tensor<?x5xsi16>, tensor<si16>) -> tensor<5xsi16>
  %iota = stablehlo.iota dim = 0 : tensor<3x5xi32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %xs = stablehlo.slice %x [0:3, 0:5] : (tensor<?x5xui8>) -> tensor<3x5xui8>
  %4:2 = stablehlo.reduce(%xs init: %z), (%iota init: %c) across dimensions = [0] : (tensor<3x5xui8>, tensor<3x5xi32>, tensor<ui8>, tensor<i32>) -> (tensor<5xui8>, tensor<5xi32>)
    reducer(%a: tensor<ui8>, %b: tensor<ui8>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
      %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<ui8>
      %i = stablehlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<ui8>, tensor<i32>
    }
  return %0, %1, %2, %3, %4#1 : tensor<?xui8>, tensor<5xui8>, tensor<?xui32>, tensor<5xsi16>, tensor<5xi32>
}

func.func @s_window(%x: tensor<4x5xui16>) -> tensor<4x4xui16> {
  %z = stablehlo.constant dense<0> : tensor<ui16>
  %0 = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
      %m = stablehlo.maximum %a, %b : tensor<ui16>
      stablehlo.return %m : tensor<ui16>
    }) {window_dimensions = array<i64: 1, 2>} : (tensor<4x5xui16>, tensor<ui16>) -> tensor<4x4xui16>
  return %0 : tensor<4x4xui16>
}

func.func @s_dot(%x: tensor<?x5xui8>, %w: tensor<5x3xui8>) -> (tensor<?x3xui32>, tensor<?x3xui8>, tensor<2x3xui64>, tensor<4xui32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x5xui8>, tensor<5x3xui8>) -> tensor<?x3xui32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x5xui8>, tensor<5x3xui8>) -> tensor<?x3xui8>
  %i = stablehlo.iota dim = 1 : tensor<2x3xui64>
  %f = stablehlo.constant dense<[1.0, -1.0, 0x7FC00000, -0.0]> : tensor<4xf32>
  %b = stablehlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4xui32>
  return %0, %1, %i, %b : tensor<?x3xui32>, tensor<?x3xui8>, tensor<2x3xui64>, tensor<4xui32>
}

// bitcast_convert across widths: little-endian pieces, as numpy's view.
func.func @s_bitcast_widths(%x: tensor<?x3xf32>, %y: tensor<?x?xui8>) -> (tensor<?x3x4xui8>, tensor<?x3x2xbf16>, tensor<?xf32>, tensor<?x3xf32>, tensor<?x3xsi32>) {
  %0 = stablehlo.bitcast_convert %x : (tensor<?x3xf32>) -> tensor<?x3x4xui8>
  %1 = stablehlo.bitcast_convert %x : (tensor<?x3xf32>) -> tensor<?x3x2xbf16>
  %2 = stablehlo.bitcast_convert %y : (tensor<?x?xui8>) -> tensor<?xf32>
  %3 = stablehlo.bitcast_convert %0 : (tensor<?x3x4xui8>) -> tensor<?x3xf32>
  %e = stablehlo.exponential %1 : tensor<?x3x2xbf16>
  %4 = stablehlo.bitcast_convert %e : (tensor<?x3x2xbf16>) -> tensor<?x3xsi32>
  return %0, %1, %2, %3, %4 : tensor<?x3x4xui8>, tensor<?x3x2xbf16>, tensor<?xf32>, tensor<?x3xf32>, tensor<?x3xsi32>
}

// reverse and pad of dynamic dims: run-time sizes and offsets.
func.func @d_reverse(%x: tensor<?x4x?xf32>) -> (tensor<?x4x?xf32>, tensor<?x4x?xf32>) {
  %0 = stablehlo.reverse %x, dims = [0, 2] : tensor<?x4x?xf32>
  %1 = stablehlo.reverse %x, dims = [1] : tensor<?x4x?xf32>
  %2 = stablehlo.add %0, %1 : tensor<?x4x?xf32>
  return %0, %2 : tensor<?x4x?xf32>, tensor<?x4x?xf32>
}

func.func @d_pad(%x: tensor<?x?xsi16>, %v: tensor<si16>) -> (tensor<?x?xsi16>, tensor<?x?xsi16>, tensor<?x?xsi16>) {
  %0 = stablehlo.pad %x, %v, low = [1, -1], high = [-2, 2], interior = [1, 2] : (tensor<?x?xsi16>, tensor<si16>) -> tensor<?x?xsi16>
  %1 = stablehlo.pad %x, %v, low = [-3, 0], high = [0, -1], interior = [0, 0] : (tensor<?x?xsi16>, tensor<si16>) -> tensor<?x?xsi16>
  %2 = stablehlo.pad %x, %v, low = [0, 2], high = [0, 0], interior = [0, 0] : (tensor<?x?xsi16>, tensor<si16>) -> tensor<?x?xsi16>
  return %0, %1, %2 : tensor<?x?xsi16>, tensor<?x?xsi16>, tensor<?x?xsi16>
}

func.func @u_erfc(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = chlo.erfc %x : tensor<?x5xf32> -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @b_next_after(%x: tensor<?x5xf32>, %y: tensor<?xf32>) -> tensor<?x5xf32> {
  %r = chlo.broadcast_next_after %x, %y : (tensor<?x5xf32>, tensor<?xf32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_reduce_precision(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = stablehlo.reduce_precision %x, format = e5m2 : tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_lgamma(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = chlo.lgamma %x : tensor<?x5xf32> -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_erf_inv(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = chlo.erf_inv %x : tensor<?x5xf32> -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @u_digamma(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = chlo.digamma %x : tensor<?x5xf32> -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// real, imag and CHLO's conj on real operands (x, 0, x); on complex ones
// in @b_complex.
func.func @u_real_imag_conj(%x: tensor<?x5xf32>) -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>) {
  %0 = stablehlo.real %x : tensor<?x5xf32>
  %1 = stablehlo.imag %x : tensor<?x5xf32>
  %2 = chlo.conj %x : tensor<?x5xf32> -> tensor<?x5xf32>
  %3 = stablehlo.add %1, %x : tensor<?x5xf32>
  return %0, %3, %2 : tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>
}

// hlo.complex, and real, imag and CHLO's conj on its complex result
// (testdata/complex.mlir has the other ops on complex elements).
func.func @b_complex(%x: tensor<?x5xf32>, %y: tensor<?x5xf32>) -> (tensor<?x5xcomplex<f32>>, tensor<?x5xf32>, tensor<?x5xf32>) {
  %z = stablehlo.complex %x, %y : tensor<?x5xcomplex<f32>>
  %c = chlo.conj %z : tensor<?x5xcomplex<f32>> -> tensor<?x5xcomplex<f32>>
  %r = stablehlo.real %c : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  %i = stablehlo.imag %c : (tensor<?x5xcomplex<f32>>) -> tensor<?x5xf32>
  return %c, %r, %i : tensor<?x5xcomplex<f32>>, tensor<?x5xf32>, tensor<?x5xf32>
}
