// RUN: bcast-opt %s --split-input-file --verify-diagnostics
//
// Every diagnostic of hlo.dynamic_iota and hlo.real_dynamic_slice
// (dialects/hlo/dynamic_shapes.go): StableHLO's checks (the shape operand
// has one integer element per result dim, the index operands one per
// operand dim and one type), iota's and slice's own rules, and, on
// constant operands, what the static ops check of their attributes.

//===----------------------------------------------------------------------===//
// dynamic_iota
//===----------------------------------------------------------------------===//

func.func @dynamic_iota_unranked(%s: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op requires a ranked tensor result}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @dynamic_iota_dim(%s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op iota_dimension must be in [0, 2)}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_iota_negative_dim(%s: tensor<1xi64>) {
  // expected-error @+1 {{'mhlo.dynamic_iota' op iota_dimension must be in [0, 1)}}
  %0 = mhlo.dynamic_iota %s, dim = -1 : (tensor<1xi64>) -> tensor<?xi32>
  return
}

// -----

func.func @dynamic_iota_missing_dim(%s: tensor<1xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op iota_dimension must be in [0, 1)}}
  %0 = "stablehlo.dynamic_iota"(%s) : (tensor<1xi64>) -> tensor<?xi32>
  return
}

// -----

func.func @dynamic_iota_scalar(%s: tensor<0xi64>) {
  // expected-error @+1 {{'hlo.dynamic_iota' op iota_dimension must be in [0, 0)}}
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<0xi64>) -> tensor<i32>
  return
}

// -----

func.func @dynamic_iota_element_type(%s: tensor<1xi64>) {
  // expected-error @+1 {{'hlo.dynamic_iota' op result must have integer, floating-point or complex elements, but has 'index'}}
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xindex>
  return
}

// -----

func.func @dynamic_iota_shape_float(%s: tensor<1xf32>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op operand #0 must be a 1-D tensor of integers or index, but got 'tensor<1xf32>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_iota_shape_rank(%s: tensor<1x1xi32>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op operand #0 must be a 1-D tensor of integers or index, but got 'tensor<1x1xi32>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1x1xi32>) -> tensor<?xf32>
  return
}

// -----

// StableHLO: the output_shape has one element per result dim.
func.func @dynamic_iota_shape_length(%s: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op shape operand has 2 elements but the result has rank 1}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?xf32>
  return
}

// -----

// A constant output_shape must agree with the static result dims ...
func.func @dynamic_iota_constant_mismatch() {
  %s = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_iota' op output_shape element 1 is 5 but result dim 1 has size 3}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?x3xi64>
  return
}

// -----

// ... and hold sizes.
func.func @dynamic_iota_constant_negative() {
  %s = stablehlo.constant dense<[-1]> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.dynamic_iota' op output_shape element 0 is -1, a negative size}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_iota_syntax(%s: tensor<1xi32>) {
  // expected-error @+1 {{expected 'dim'}}
  %0 = stablehlo.dynamic_iota %s, dimension = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// real_dynamic_slice
//===----------------------------------------------------------------------===//

func.func @real_dynamic_slice_unranked(%x: tensor<*xf32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op requires ranked tensor operand and result}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %i : (tensor<*xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_element_type(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op operand #0 and the result must have the same element type, but have 'f32' and 'f64'}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf64>
  return
}

// -----

func.func @real_dynamic_slice_result_rank(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op result rank 2 must equal the operand rank 1}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @real_dynamic_slice_index_type(%x: tensor<?xf32>, %i: tensor<1xi32>, %f: tensor<1xf32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op operand #2 must be a 1-D tensor of integers or index, but got 'tensor<1xf32>'}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %f, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_index_bool(%x: tensor<?xf32>, %i: tensor<1xi32>, %b: tensor<1xi1>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op operand #3 must be a 1-D tensor of integers or index, but got 'tensor<1xi1>'}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %b : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi1>) -> tensor<?xf32>
  return
}

// -----

// StableHLO: "has mismatched number of operand rank (2) and start_indices
// size (1)", for each of the three.
func.func @real_dynamic_slice_start_length(%x: tensor<?x4xf32>, %i: tensor<1xi32>, %j: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op start_indices must have one element per operand dim (rank 2), but has 1}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %j, %j : (tensor<?x4xf32>, tensor<1xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @real_dynamic_slice_limit_length(%x: tensor<?x4xf32>, %i: tensor<3xindex>, %j: tensor<2xindex>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op limit_indices must have one element per operand dim (rank 2), but has 3}}
  %0 = stablehlo.real_dynamic_slice %x, %j, %i, %j : (tensor<?x4xf32>, tensor<2xindex>, tensor<3xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @real_dynamic_slice_strides_length(%x: tensor<?xf32>, %i: tensor<1xi64>, %j: tensor<0xi64>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op strides must have one element per operand dim (rank 1), but has 0}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %j : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<0xi64>) -> tensor<?xf32>
  return
}

// -----

// StableHLO: AllTypesMatch<["start_indices", "limit_indices", "strides"]>.
func.func @real_dynamic_slice_index_types_differ(%x: tensor<?xf32>, %i: tensor<1xi32>, %j: tensor<1xi64>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op start_indices, limit_indices and strides must have the same type, but have 'tensor<1xi32>', 'tensor<1xi64>' and 'tensor<1xi32>'}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %j, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi64>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

// Constant operands are checked as hlo.slice's attributes are: a stride
// must be positive, ...
func.func @real_dynamic_slice_constant_stride(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  %s = stablehlo.constant dense<0> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op stride 0 of dim 0 must be positive}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %s : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

// ... a known start is not negative (the limit may be unknown), ...
func.func @real_dynamic_slice_constant_negative_start(%x: tensor<?x4xf32>, %i: tensor<2xi32>) {
  %s = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op slice -1:? of dim 1 is out of bounds for size 4}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %i, %i : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

// ... nor past a static size, ...
func.func @real_dynamic_slice_constant_start_past_end(%x: tensor<3xf32>, %i: tensor<1xi32>) {
  %s = stablehlo.constant dense<4> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op slice 4:? of dim 0 is out of bounds for size 3}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %i, %i : (tensor<3xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

// ... a known limit is not past a static size, ...
func.func @real_dynamic_slice_constant_limit(%x: tensor<?x4xf32>, %i: tensor<2xindex>) {
  %l = stablehlo.constant dense<[2, 5]> : tensor<2xindex>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op slice ?:5 of dim 1 is out of bounds for size 4}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %l, %i : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}

// -----

// ... nor negative (whatever the size), ...
func.func @real_dynamic_slice_constant_negative_limit(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  %l = stablehlo.constant dense<-2> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op slice ?:-2 of dim 0 is out of bounds for size ?}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %l, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

// ... a known start is not past a known limit, ...
func.func @real_dynamic_slice_constant_reversed(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  %s = stablehlo.constant dense<3> : tensor<1xi32>
  %l = stablehlo.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op slice 3:1 of dim 0 is out of bounds for size ?}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

// ... and when all three are known, a static result dim has the slice's
// size.
func.func @real_dynamic_slice_constant_result(%x: tensor<?xf32>) {
  %s = stablehlo.constant dense<1> : tensor<1xi32>
  %l = stablehlo.constant dense<6> : tensor<1xi32>
  %st = stablehlo.constant dense<2> : tensor<1xi32>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op result dim 0 has size 2 but the slice selects 3 elements}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %st : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @real_dynamic_slice_operand_count(%x: tensor<?xf32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op expected 4 operands, but found 3}}
  %0 = stablehlo.real_dynamic_slice %x, %i, %i : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}
