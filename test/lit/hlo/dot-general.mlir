// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC \
// RUN:   --implicit-check-not=stablehlo --implicit-check-not=mhlo
// RUN: bcast-opt %s | FileCheck %s --check-prefix=LAYOUT --strict-whitespace --match-full-lines
// RUN: bcast-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
//
// hlo.dot_general and hlo.dot (dialects/hlo/contraction.go,
// contraction_dims.go) round trip: printed, printed again from the printed
// text, and printed from the generic form, every line is the same. Input
// is spelled as JAX exports it (stablehlo.X, mhlo.X or hlo.X, the custom
// or the generic form, #stablehlo.dot<...> or MHLO's older dictionary);
// output is hlo.X in StableHLO's syntax: `batching_dims = [..] x [..], `
// only when there are batch dims, then `contracting_dims = [..] x [..]`,
// the precision config and the algorithm (without its attribute prefix)
// when present. The generic form stores #hlo.dot<...> (empty lists left
// out), #hlo<precision X> and #hlo.dot_algorithm<...>.

// A batched matmul, as jnp.matmul exports it, and a matmul without batch
// dims, with and without a precision config.
// CHECK-LABEL: func.func @jax_forms(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<16x4xf32>) -> (tensor<2x3x5xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
// CHECK-NEXT: %0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %1 = hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %2 = hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %0, %1, %2 : tensor<2x3x5xf32>, tensor<8x4xf32>, tensor<8x4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "jax_forms"
// GENERIC: "hlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// GENERIC: "hlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}>
// GENERIC: "hlo.dot_general"(%{{.*}}, %{{.*}}) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// LAYOUT-LABEL:  func.func @jax_forms(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<16x4xf32>) -> (tensor<2x3x5xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
// LAYOUT-NEXT:    %0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// LAYOUT-NEXT:    %1 = hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
func.func @jax_forms(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> (tensor<2x3x5xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %2 = mhlo.dot_general %x, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0, %1, %2 : tensor<2x3x5xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// Any ranks and dim orders: batch dims anywhere and paired out of order,
// several contracting dims, operands without free dims (a result of the
// batch dims alone, or rank 0), the precision config's other cases and
// discardable attributes (after the syntax, before the type).
// CHECK-LABEL: func.func @dim_orders(
// CHECK-NEXT: %0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [0] x [1], precision = [HIGH, HIGHEST] : (tensor<4x2x6x3xf32>, tensor<3x4x2x7xf32>) -> tensor<2x3x6x7xf32>
// CHECK-NEXT: %1 = hlo.dot_general %arg2, %arg3, contracting_dims = [0, 2] x [1, 0] {tag = "x"} : (tensor<5x6x7xi32>, tensor<7x5xi32>) -> tensor<6xi32>
// CHECK-NEXT: %2 = hlo.dot_general %arg4, %arg4, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<9xf64>, tensor<9xf64>) -> tensor<9xf64>
// CHECK-NEXT: %3 = hlo.dot_general %arg4, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT] : (tensor<9xf64>, tensor<9xf64>) -> tensor<f64>
// CHECK-NEXT: %4 = hlo.dot_general %arg4, %arg4, contracting_dims = [] x [] : (tensor<9xf64>, tensor<9xf64>) -> tensor<9x9xf64>
// CHECK-NEXT: return
// GENERIC-LABEL: sym_name = "dim_orders"
// GENERIC: <{dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [1, 3], rhs_batching_dimensions = [2, 0], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [1]>, precision_config = [#hlo<precision HIGH>, #hlo<precision HIGHEST>]}>
// GENERIC: <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [0, 2], rhs_contracting_dimensions = [1, 0]>}> {tag = "x"}
// GENERIC: <{dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0]>}>
// GENERIC: <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#hlo<precision DEFAULT>]}>
// GENERIC: <{dot_dimension_numbers = #hlo.dot<>}>
func.func @dim_orders(%a: tensor<4x2x6x3xf32>, %b: tensor<3x4x2x7xf32>, %c: tensor<5x6x7xi32>, %d: tensor<7x5xi32>, %v: tensor<9xf64>) -> (tensor<2x3x6x7xf32>, tensor<6xi32>, tensor<9xf64>, tensor<f64>, tensor<9x9xf64>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1, 3] x [2, 0], contracting_dims = [0] x [1], precision = [HIGH, HIGHEST] : (tensor<4x2x6x3xf32>, tensor<3x4x2x7xf32>) -> tensor<2x3x6x7xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [0, 2] x [1, 0] {tag = "x"} : (tensor<5x6x7xi32>, tensor<7x5xi32>) -> tensor<6xi32>
  %2 = stablehlo.dot_general %v, %v, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<9xf64>, tensor<9xf64>) -> tensor<9xf64>
  %3 = stablehlo.dot_general %v, %v, contracting_dims = [0] x [0], precision = [DEFAULT] : (tensor<9xf64>, tensor<9xf64>) -> tensor<f64>
  %4 = hlo.dot_general %v, %v, contracting_dims = [] x [] : (tensor<9xf64>, tensor<9xf64>) -> tensor<9x9xf64>
  return %0, %1, %2, %3, %4 : tensor<2x3x6x7xf32>, tensor<6xi32>, tensor<9xf64>, tensor<f64>, tensor<9x9xf64>
}

// Dynamic dims, and the result element types JAX's preferred_element_type
// writes (a wider type of the operands' kind).
// CHECK-LABEL: func.func @dynamic_and_wider(
// CHECK-NEXT: %0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x?xf32>, tensor<?x?x7xf32>) -> tensor<?x?x7xf32>
// CHECK-NEXT: %1 = hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<?x16xbf16>, tensor<16x?xbf16>) -> tensor<?x?xf32>
// CHECK-NEXT: %2 = hlo.dot_general %arg4, %arg4, contracting_dims = [1] x [1] : (tensor<4x8xi8>, tensor<4x8xi8>) -> tensor<4x4xi32>
// CHECK-NEXT: %3 = hlo.dot_general %arg5, %arg5, contracting_dims = [0] x [0] : (tensor<6xi1>, tensor<6xi1>) -> tensor<i1>
func.func @dynamic_and_wider(%a: tensor<?x?x?xf32>, %b: tensor<?x?x7xf32>, %x: tensor<?x16xbf16>, %w: tensor<16x?xbf16>, %q: tensor<4x8xi8>, %p: tensor<6xi1>) -> (tensor<?x?x7xf32>, tensor<?x?xf32>, tensor<4x4xi32>, tensor<i1>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x?xf32>, tensor<?x?x7xf32>) -> tensor<?x?x7xf32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<?x16xbf16>, tensor<16x?xbf16>) -> tensor<?x?xf32>
  %2 = stablehlo.dot_general %q, %q, contracting_dims = [1] x [1] : (tensor<4x8xi8>, tensor<4x8xi8>) -> tensor<4x4xi32>
  %3 = stablehlo.dot_general %p, %p, contracting_dims = [0] x [0] : (tensor<6xi1>, tensor<6xi1>) -> tensor<i1>
  return %0, %1, %2, %3 : tensor<?x?x7xf32>, tensor<?x?xf32>, tensor<4x4xi32>, tensor<i1>
}

// An algorithm, in the custom form's stripped spelling and in the
// attribute's, with and without a precision config.
// CHECK-LABEL: func.func @algorithm(
// CHECK-NEXT: %0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %1 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// GENERIC-LABEL: sym_name = "algorithm"
// GENERIC: <{algorithm = #hlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}>
// GENERIC: <{algorithm = #hlo.dot_algorithm<lhs_precision_type = tf32,
func.func @algorithm(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = stablehlo.dot_general %x, %w, batching_dims = [] x [], contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// The generic form, as the StableHLO spec writes it (attribute dictionary,
// fields on several lines), in properties, and MHLO's older dictionary of
// dense dims with string precisions: all read as the custom form.
// CHECK-LABEL: func.func @generic_input(
// CHECK-NEXT: %0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
// CHECK-NEXT: %1 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
// CHECK-NEXT: %2 = hlo.dot_general %arg2, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x1x2xf32>, tensor<2x3xf32>) -> tensor<1x1x3xf32>
func.func @generic_input(%a: tensor<2x2x2xi32>, %b: tensor<2x2x2xi32>, %c: tensor<1x1x2xf32>, %d: tensor<2x3xf32>) -> (tensor<2x2x2xi32>, tensor<2x2x2xi32>, tensor<1x1x3xf32>) {
  %0 = "stablehlo.dot_general"(%a, %b) {
    dot_dimension_numbers = #stablehlo.dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1]
    >,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %1 = "hlo.dot_general"(%a, %b) <{dot_dimension_numbers = #mhlo.dot<rhs_contracting_dimensions = [1], lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_batching_dimensions = [0]>}> : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %2 = "mhlo.dot_general"(%c, %d) {
    dot_dimension_numbers = {
      lhs_batching_dimensions = dense<[]> : tensor<0xi64>,
      lhs_contracting_dimensions = dense<2> : tensor<1xi64>,
      rhs_batching_dimensions = dense<[]> : tensor<0xi64>,
      rhs_contracting_dimensions = dense<0> : tensor<1xi64>
    },
    precision_config = ["DEFAULT", "DEFAULT"]
  } : (tensor<1x1x2xf32>, tensor<2x3xf32>) -> tensor<1x1x3xf32>
  return %0, %1, %2 : tensor<2x2x2xi32>, tensor<2x2x2xi32>, tensor<1x1x3xf32>
}

// hlo.dot: matrix-matrix, matrix-vector, vector-matrix and vector-vector,
// as StableHLO prints it (the precision config right after rhs). It
// canonicalizes to the dot_general of lhs's last dim with rhs's first.
// CHECK-LABEL: func.func @dot(
// CHECK-NEXT: %0 = hlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %1 = hlo.dot %arg0, %arg2 : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = hlo.dot %arg2, %arg1 {tag = "y"} : (tensor<16xf32>, tensor<16x4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = hlo.dot %arg2, %arg2 : (tensor<16xf32>, tensor<16xf32>) -> tensor<f32>
// GENERIC-LABEL: sym_name = "dot"
// GENERIC: "hlo.dot"(%{{.*}}, %{{.*}}) <{precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CANON-LABEL: func.func @dot(
// CANON-NEXT: %0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CANON-NEXT: %1 = hlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
// CANON-NEXT: %2 = hlo.dot_general %arg2, %arg1, contracting_dims = [0] x [0] {tag = "y"} : (tensor<16xf32>, tensor<16x4xf32>) -> tensor<4xf32>
// CANON-NEXT: %3 = hlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0] : (tensor<16xf32>, tensor<16xf32>) -> tensor<f32>
func.func @dot(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %v: tensor<16xf32>) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<f32>) {
  %0 = stablehlo.dot %x, %w, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = mhlo.dot %x, %v : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
  %2 = hlo.dot %v, %w {tag = "y"} : (tensor<16xf32>, tensor<16x4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.dot"(%v, %v) : (tensor<16xf32>, tensor<16xf32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<8x4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<f32>
}
