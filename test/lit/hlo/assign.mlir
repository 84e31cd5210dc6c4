// RUN: bcast-opt %s --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: bcast-opt %s --split-input-file --mlir-print-op-generic | bcast-opt --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: bcast-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts | FileCheck %s --check-prefix=LEGAL
//
// hlo.assign (`dst[...] = src`: src broadcast one way into dst's shape)
// and hlo.narrow (narrowcasting: static size-1 dims removed): their
// printed forms, folds, and what hlo-legalize-broadcasts makes of an
// assignment: a broadcast of the source into the destination's shape,
// behind a one-way run-time check where a size is `?`.

// ROUNDTRIP-LABEL: func.func @static
// ROUNDTRIP: hlo.assign %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// CANON-LABEL: func.func @static
// CANON: hlo.assign
// LEGAL-LABEL: func.func @static
// LEGAL-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[A:.*]]: tensor<1x3x4xf32>)
// LEGAL-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[A]], dims = [0, 1, 2] : (tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// LEGAL-NEXT: return %[[B]]
func.func @static(%x: tensor<2x3x4xf32>, %a: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.assign %x, %a : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A source of the destination's static type is the assignment's value.
// ROUNDTRIP-LABEL: func.func @same_type
// ROUNDTRIP: hlo.assign %arg0, %arg1 : tensor<3xf32>
// CANON-LABEL: func.func @same_type
// CANON-SAME: (%{{.*}}: tensor<3xf32>, %[[A:.*]]: tensor<3xf32>)
// CANON-NEXT: return %[[A]]
func.func @same_type(%x: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.assign %x, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// With `?` dims the same type proves nothing (the source may be 1, or
// another size): no fold, and the legalization checks each dim one way:
// select(src == 1, dst, src) == dst, whose failing message shows the
// source's size and the destination's.
// CANON-LABEL: func.func @same_dynamic_type
// CANON: hlo.assign
// LEGAL-LABEL: func.func @same_dynamic_type
// LEGAL-SAME: (%[[X:.*]]: tensor<?xf32>, %[[A:.*]]: tensor<?xf32>)
// LEGAL: %[[AS:.*]] = shape.shape_of %[[A]]
// LEGAL: %[[N:.*]] = shape.get_extent %[[AS]]
// LEGAL: %[[XS:.*]] = shape.shape_of %[[X]]
// LEGAL: %[[M:.*]] = shape.get_extent %[[XS]]
// LEGAL: %[[IS1:.*]] = arith.cmpi eq, %[[N]], %c1
// LEGAL: %[[SEL:.*]] = arith.select %[[IS1]], %[[M]], %[[N]]
// LEGAL: %[[OK:.*]] = arith.cmpi eq, %[[SEL]], %[[M]]
// LEGAL: %[[W:.*]] = shape.cstr_require %[[OK]], "assign.mlir:[[@LINE+6]]:3: 'hlo.assign' op in @same_dynamic_type: operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size {0} but destination dim 0 has size {1}; a source dim must equal the destination's or be 1"
// LEGAL: shape.assuming %[[W]]
// LEGAL-NEXT: %[[B:.*]] = hlo.dynamic_broadcast_in_dim %[[A]], %[[XS]], dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
// LEGAL-NEXT: shape.assuming_yield %[[B]]
// LEGAL-NOT: hlo.assign
func.func @same_dynamic_type(%x: tensor<?xf32>, %a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hlo.assign %x, %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// TML's b = [1, 1, 1] onto a 3x3 b: a rank expansion. A static source
// size other than 1 against a `?` destination dim must be that size (one
// comparison); a static 1 stretches with no check (a static operand 1 is
// read at index 0 whatever the size it meets), and a static 4 is a known
// non-expanding dim.
// LEGAL-LABEL: func.func @mixed
// LEGAL-SAME: (%[[X:.*]]: tensor<?x?x4xf32>, %[[A:.*]]: tensor<1x4xf32>)
// LEGAL-NOT: cstr_require
// LEGAL: hlo.dynamic_broadcast_in_dim %[[A]], %{{.*}}, dims = [1, 2] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x4xf32>, tensor<3xindex>) -> tensor<?x?x4xf32>
func.func @mixed(%x: tensor<?x?x4xf32>, %a: tensor<1x4xf32>) -> tensor<?x?x4xf32> {
  %0 = hlo.assign %x, %a : (tensor<?x?x4xf32>, tensor<1x4xf32>) -> tensor<?x?x4xf32>
  return %0 : tensor<?x?x4xf32>
}

// -----

// LEGAL-LABEL: func.func @static_source_dynamic_destination
// LEGAL: %[[OK:.*]] = arith.cmpi eq, %c3, %{{.*}} : index
// LEGAL: shape.cstr_require %[[OK]], "{{.*}}source dim 0 has size {0} but destination dim 1 has size {1}{{.*}}"
func.func @static_source_dynamic_destination(%x: tensor<2x?xf32>, %a: tensor<3xf32>) -> tensor<2x?xf32> {
  %0 = hlo.assign %x, %a : (tensor<2x?xf32>, tensor<3xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// ROUNDTRIP-LABEL: func.func @narrow
// ROUNDTRIP: hlo.narrow %arg0 : (tensor<1x5x1xf32>) -> tensor<5xf32>
// ROUNDTRIP: hlo.narrow %{{.*}} : (tensor<1x1xf32>) -> tensor<f32>
// ROUNDTRIP: hlo.narrow %{{.*}} : (tensor<1x?x1xf32>) -> tensor<?xf32>
// CANON-LABEL: func.func @narrow
// CANON-COUNT-3: hlo.narrow
// CANON-NOT: hlo.narrow
func.func @narrow(%x: tensor<1x5x1xf32>, %s: tensor<1x1xf32>, %d: tensor<1x?x1xf32>, %n: tensor<5x5xf32>) -> (tensor<5xf32>, tensor<f32>, tensor<?xf32>, tensor<5x5xf32>) {
  %0 = hlo.narrow %x : (tensor<1x5x1xf32>) -> tensor<5xf32>
  %1 = hlo.narrow %s : (tensor<1x1xf32>) -> tensor<f32>
  %2 = hlo.narrow %d : (tensor<1x?x1xf32>) -> tensor<?xf32>
  // No size-1 dim: the narrowcast is its operand (folded).
  %3 = hlo.narrow %n : tensor<5x5xf32>
  return %0, %1, %2, %3 : tensor<5xf32>, tensor<f32>, tensor<?xf32>, tensor<5x5xf32>
}
