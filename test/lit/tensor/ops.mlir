// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bcast-opt %s | FileCheck %s --check-prefix=EXACT --strict-whitespace
//
// The custom form of every tensor op round trips, directly and through the
// generic form, with MLIR's spelling: static and dynamic sizes, empty
// lists, rank-0 tensors and discardable attributes. ops-mlir-opt.mlir
// feeds the same output to mlir-opt-19.

// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[D:[a-z0-9]+]]: index, %[[E:[a-z0-9]+]]: index)
func.func @empty(%d: index, %e: index) -> (tensor<4x8xf32>, tensor<?x4x?xi8>, tensor<f32>) {
  // CHECK-NEXT: %[[S:[0-9]+]] = tensor.empty() : tensor<4x8xf32>
  %0 = tensor.empty() : tensor<4x8xf32>
  // CHECK-NEXT: %[[T:[0-9]+]] = tensor.empty(%[[D]], %[[E]]) : tensor<?x4x?xi8>
  %1 = tensor.empty(%d, %e) : tensor<?x4x?xi8>
  // CHECK-NEXT: %[[U:[0-9]+]] = tensor.empty() {tag = "x"} : tensor<f32>
  %2 = tensor.empty() {tag = "x"} : tensor<f32>
  // CHECK-NEXT: return %[[S]], %[[T]], %[[U]] : tensor<4x8xf32>, tensor<?x4x?xi8>, tensor<f32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<?x4x?xi8>, tensor<f32>
}

// GENERIC-LABEL: sym_name = "empty"
// GENERIC: "tensor.empty"() : () -> tensor<4x8xf32>
// GENERIC: "tensor.empty"(%{{.*}}, %{{.*}}) : (index, index) -> tensor<?x4x?xi8>
// GENERIC: "tensor.empty"() {tag = "x"} : () -> tensor<f32>

// The attribute dictionary of tensor.dim comes first (`attr-dict $source
// `,` $index`), and its result is named %dim.
// CHECK-LABEL: func.func @dim
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x?xf32>, %[[U:[a-z0-9]+]]: tensor<*xf32>, %[[I:[a-z0-9]+]]: index)
func.func @dim(%a: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index) -> (index, index, index) {
  // CHECK-NEXT: %[[DIM:.+]] = tensor.dim %[[A]], %[[I]] : tensor<4x?xf32>
  %0 = tensor.dim %a, %i : tensor<4x?xf32>
  // CHECK-NEXT: %[[DIM0:.+]] = tensor.dim {tag} %[[U]], %[[I]] : tensor<*xf32>
  %1 = tensor.dim {tag} %u, %i : tensor<*xf32>
  // A constant index out of range is not a verifier error.
  // CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : index
  %c7 = arith.constant 7 : index
  // CHECK-NEXT: %[[DIM1:.+]] = tensor.dim %[[A]], %[[C7]] : tensor<4x?xf32>
  %2 = tensor.dim %a, %c7 : tensor<4x?xf32>
  // CHECK-NEXT: return %[[DIM]], %[[DIM0]], %[[DIM1]] : index, index, index
  return %0, %1, %2 : index, index, index
}

// GENERIC-LABEL: sym_name = "dim"
// GENERIC: "tensor.dim"(%{{.*}}, %{{.*}}) : (tensor<4x?xf32>, index) -> index
// GENERIC: "tensor.dim"(%{{.*}}, %{{.*}}) {tag} : (tensor<*xf32>, index) -> index

// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x?xf32>, %[[U:[a-z0-9]+]]: tensor<*xf32>)
func.func @cast(%a: tensor<4x?xf32>, %u: tensor<*xf32>) {
  // CHECK-NEXT: %[[C0:.+]] = tensor.cast %[[A]] : tensor<4x?xf32> to tensor<?x8xf32>
  %0 = tensor.cast %a : tensor<4x?xf32> to tensor<?x8xf32>
  // CHECK-NEXT: tensor.cast %[[A]] {tag} : tensor<4x?xf32> to tensor<*xf32>
  %1 = tensor.cast %a {tag} : tensor<4x?xf32> to tensor<*xf32>
  // CHECK-NEXT: tensor.cast %[[U]] : tensor<*xf32> to tensor<2x3xf32>
  %2 = tensor.cast %u : tensor<*xf32> to tensor<2x3xf32>
  // CHECK-NEXT: tensor.cast %[[C0]] : tensor<?x8xf32> to tensor<4x8xf32>
  %3 = tensor.cast %0 : tensor<?x8xf32> to tensor<4x8xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "cast"
// GENERIC: "tensor.cast"(%{{.*}}) : (tensor<4x?xf32>) -> tensor<?x8xf32>
// GENERIC: "tensor.cast"(%{{.*}}) {tag} : (tensor<4x?xf32>) -> tensor<*xf32>

// tensor.bitcast: the same bits under another element type of the same
// width (how unsigned integers are computed on signless views).
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[U:[a-z0-9]+]]: tensor<4x?xui8>, %[[F:[a-z0-9]+]]: tensor<3xf32>)
func.func @bitcast(%u: tensor<4x?xui8>, %f: tensor<3xf32>) {
  // CHECK-NEXT: tensor.bitcast %[[U]] : tensor<4x?xui8> to tensor<4x?xi8>
  %0 = tensor.bitcast %u : tensor<4x?xui8> to tensor<4x?xi8>
  // CHECK-NEXT: tensor.bitcast %[[F]] : tensor<3xf32> to tensor<3xi32>
  %1 = tensor.bitcast %f : tensor<3xf32> to tensor<3xi32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "bitcast"
// GENERIC: "tensor.bitcast"(%{{.*}}) : (tensor<4x?xui8>) -> tensor<4x?xi8>

// CHECK-LABEL: func.func @extract
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x?xf32>, %[[Z:[a-z0-9]+]]: tensor<i1>, %[[I:[a-z0-9]+]]: index, %[[J:[a-z0-9]+]]: index)
func.func @extract(%a: tensor<4x?xf32>, %z: tensor<i1>, %i: index, %j: index) -> (f32, i1) {
  // CHECK-NEXT: %[[X:.+]] = tensor.extract %[[A]][%[[I]], %[[J]]] : tensor<4x?xf32>
  %0 = tensor.extract %a[%i, %j] : tensor<4x?xf32>
  // CHECK-NEXT: %[[Y:.+]] = tensor.extract %[[Z]][] {tag} : tensor<i1>
  %1 = tensor.extract %z[] {tag} : tensor<i1>
  // CHECK-NEXT: return %[[X]], %[[Y]] : f32, i1
  return %0, %1 : f32, i1
}

// GENERIC-LABEL: sym_name = "extract"
// GENERIC: "tensor.extract"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4x?xf32>, index, index) -> f32
// GENERIC: "tensor.extract"(%{{.*}}) {tag} : (tensor<i1>) -> i1

// An empty operand list keeps both spaces: `tensor.from_elements  : ...`.
// EXACT: tensor.from_elements  : tensor<0xf32>
// CHECK-LABEL: func.func @from_elements
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32, %[[I:[a-z0-9]+]]: index)
func.func @from_elements(%a: f32, %b: f32, %i: index) {
  // CHECK-NEXT: tensor.from_elements %[[A]], %[[B]], %[[B]], %[[A]] : tensor<2x2xf32>
  %0 = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  // CHECK-NEXT: tensor.from_elements %[[I]] {tag} : tensor<index>
  %1 = tensor.from_elements %i {tag} : tensor<index>
  // CHECK-NEXT: tensor.from_elements  : tensor<0xf32>
  %2 = tensor.from_elements : tensor<0xf32>
  // CHECK-NEXT: tensor.from_elements  : tensor<2x0xi8>
  %3 = tensor.from_elements : tensor<2x0xi8>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "from_elements"
// GENERIC: "tensor.from_elements"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32, f32) -> tensor<2x2xf32>
// GENERIC: "tensor.from_elements"(%{{.*}}) {tag} : (index) -> tensor<index>
// GENERIC: "tensor.from_elements"() : () -> tensor<0xf32>

// CHECK-LABEL: func.func @collapse_shape
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<2x3x4xf32>, %[[D:[a-z0-9]+]]: tensor<2x?x4xf32>, %[[U:[a-z0-9]+]]: tensor<1x1xf32>, %[[S:[a-z0-9]+]]: tensor<4xf32>)
func.func @collapse_shape(%a: tensor<2x3x4xf32>, %d: tensor<2x?x4xf32>, %u: tensor<1x1xf32>, %s: tensor<4xf32>) {
  // CHECK-NEXT: tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // CHECK-NEXT: tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %1 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // A dynamic dim makes its whole group dynamic.
  // CHECK-NEXT: tensor.collapse_shape %[[D]] {{\[}}[0], [1, 2]] : tensor<2x?x4xf32> into tensor<2x?xf32>
  %2 = tensor.collapse_shape %d [[0], [1, 2]] : tensor<2x?x4xf32> into tensor<2x?xf32>
  // Collapsing unit dims to rank 0: no reassociation groups at all.
  // CHECK-NEXT: tensor.collapse_shape %[[U]] [] : tensor<1x1xf32> into tensor<f32>
  %3 = tensor.collapse_shape %u [] : tensor<1x1xf32> into tensor<f32>
  // The identity reshape is allowed.
  // CHECK-NEXT: tensor.collapse_shape %[[S]] {{\[}}[0]] {tag} : tensor<4xf32> into tensor<4xf32>
  %4 = tensor.collapse_shape %s [[0]] {tag} : tensor<4xf32> into tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "collapse_shape"
// GENERIC: "tensor.collapse_shape"(%{{.*}}) <{reassociation = {{\[}}[0, 1], [2]]}> : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// GENERIC: "tensor.collapse_shape"(%{{.*}}) <{reassociation = {{\[}}[0, 1, 2]]}> : (tensor<2x3x4xf32>) -> tensor<24xf32>
// GENERIC: "tensor.collapse_shape"(%{{.*}}) <{reassociation = {{\[}}[0], [1, 2]]}> : (tensor<2x?x4xf32>) -> tensor<2x?xf32>
// GENERIC: "tensor.collapse_shape"(%{{.*}}) <{reassociation = []}> : (tensor<1x1xf32>) -> tensor<f32>
// GENERIC: "tensor.collapse_shape"(%{{.*}}) <{reassociation = {{\[}}[0]]}> {tag} : (tensor<4xf32>) -> tensor<4xf32>

// Dynamic output_shape entries are operands; MLIR stores them as
// math.MinInt64 in static_output_shape.
// CHECK-LABEL: func.func @expand_shape
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<6x4xf32>, %[[D:[a-z0-9]+]]: tensor<?x4xf32>, %[[Z:[a-z0-9]+]]: tensor<f32>, %[[N:[a-z0-9]+]]: index, %[[M:[a-z0-9]+]]: index)
func.func @expand_shape(%a: tensor<6x4xf32>, %d: tensor<?x4xf32>, %z: tensor<f32>, %n: index, %m: index) {
  // CHECK-NEXT: tensor.expand_shape %[[A]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  // CHECK-NEXT: tensor.expand_shape %[[D]] {{\[}}[0, 1], [2]] output_shape [2, %[[N]], 4] : tensor<?x4xf32> into tensor<2x?x4xf32>
  %1 = tensor.expand_shape %d [[0, 1], [2]] output_shape [2, %n, 4] : tensor<?x4xf32> into tensor<2x?x4xf32>
  // CHECK-NEXT: tensor.expand_shape %[[D]] {{\[}}[0, 1, 2], [3]] output_shape [%[[N]], 1, %[[M]], 4] : tensor<?x4xf32> into tensor<?x1x?x4xf32>
  %2 = tensor.expand_shape %d [[0, 1, 2], [3]] output_shape [%n, 1, %m, 4] : tensor<?x4xf32> into tensor<?x1x?x4xf32>
  // Expanding a rank-0 tensor into unit dims: no groups.
  // CHECK-NEXT: tensor.expand_shape %[[Z]] [] output_shape [1, 1] {tag} : tensor<f32> into tensor<1x1xf32>
  %3 = tensor.expand_shape %z [] output_shape [1, 1] {tag} : tensor<f32> into tensor<1x1xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "expand_shape"
// GENERIC: "tensor.expand_shape"(%{{.*}}) <{reassociation = {{\[}}[0, 1], [2]], static_output_shape = array<i64: 2, 3, 4>}> : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
// GENERIC: "tensor.expand_shape"(%{{.*}}, %{{.*}}) <{reassociation = {{\[}}[0, 1], [2]], static_output_shape = array<i64: 2, -9223372036854775808, 4>}> : (tensor<?x4xf32>, index) -> tensor<2x?x4xf32>
// GENERIC: "tensor.expand_shape"(%{{.*}}, %{{.*}}, %{{.*}}) <{reassociation = {{\[}}[0, 1, 2], [3]], static_output_shape = array<i64: -9223372036854775808, 1, -9223372036854775808, 4>}> : (tensor<?x4xf32>, index, index) -> tensor<?x1x?x4xf32>
// GENERIC: "tensor.expand_shape"(%{{.*}}) <{reassociation = [], static_output_shape = array<i64: 1, 1>}> {tag} : (tensor<f32>) -> tensor<1x1xf32>

// Offsets, sizes and strides mix constants and SSA values; the result may
// drop unit dims of the slice (rank reduction).
// CHECK-LABEL: func.func @extract_slice
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<8x?xf32>, %[[Z:[a-z0-9]+]]: tensor<f32>, %[[I:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index)
func.func @extract_slice(%a: tensor<8x?xf32>, %z: tensor<f32>, %i: index, %n: index) {
  // CHECK-NEXT: tensor.extract_slice %[[A]][0, 0] [2, 4] [1, 1] : tensor<8x?xf32> to tensor<2x4xf32>
  %0 = tensor.extract_slice %a[0, 0] [2, 4] [1, 1] : tensor<8x?xf32> to tensor<2x4xf32>
  // CHECK-NEXT: tensor.extract_slice %[[A]][%[[I]], 1] [4, %[[N]]] [2, %[[I]]] : tensor<8x?xf32> to tensor<4x?xf32>
  %1 = tensor.extract_slice %a[%i, 1] [4, %n] [2, %i] : tensor<8x?xf32> to tensor<4x?xf32>
  // CHECK-NEXT: tensor.extract_slice %[[A]][%[[I]], 0] [1, %[[N]]] [1, 1] : tensor<8x?xf32> to tensor<?xf32>
  %2 = tensor.extract_slice %a[%i, 0] [1, %n] [1, 1] : tensor<8x?xf32> to tensor<?xf32>
  // CHECK-NEXT: tensor.extract_slice %[[A]][3, 5] [1, 1] [1, 1] : tensor<8x?xf32> to tensor<f32>
  %3 = tensor.extract_slice %a[3, 5] [1, 1] [1, 1] : tensor<8x?xf32> to tensor<f32>
  // CHECK-NEXT: tensor.extract_slice %[[Z]][] [] [] {tag} : tensor<f32> to tensor<f32>
  %4 = tensor.extract_slice %z[] [] [] {tag} : tensor<f32> to tensor<f32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "extract_slice"
// GENERIC: "tensor.extract_slice"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x?xf32>) -> tensor<2x4xf32>
// GENERIC: "tensor.extract_slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 2, -9223372036854775808>}> : (tensor<8x?xf32>, index, index, index) -> tensor<4x?xf32>
// GENERIC: "tensor.extract_slice"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64>, static_sizes = array<i64>, static_strides = array<i64>}> {tag} : (tensor<f32>) -> tensor<f32>

// CHECK-LABEL: func.func @insert_slice
// CHECK-SAME: (%[[S:[a-z0-9]+]]: tensor<2x?xf32>, %[[V:[a-z0-9]+]]: tensor<?xf32>, %[[D:[a-z0-9]+]]: tensor<8x?xf32>, %[[I:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index)
func.func @insert_slice(%s: tensor<2x?xf32>, %v: tensor<?xf32>, %d: tensor<8x?xf32>, %i: index, %n: index) {
  // CHECK-NEXT: tensor.insert_slice %[[S]] into %[[D]][0, 0] [2, %[[N]]] [1, 1] : tensor<2x?xf32> into tensor<8x?xf32>
  %0 = tensor.insert_slice %s into %d[0, 0] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<8x?xf32>
  // CHECK-NEXT: tensor.insert_slice %[[V]] into %[[D]][%[[I]], %[[I]]] [1, %[[N]]] [1, %[[I]]] {tag} : tensor<?xf32> into tensor<8x?xf32>
  %1 = tensor.insert_slice %v into %d[%i, %i] [1, %n] [1, %i] {tag} : tensor<?xf32> into tensor<8x?xf32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "insert_slice"
// GENERIC: "tensor.insert_slice"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (tensor<2x?xf32>, tensor<8x?xf32>, index) -> tensor<8x?xf32>
// GENERIC: "tensor.insert_slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 1, -9223372036854775808>, static_strides = array<i64: 1, -9223372036854775808>}> {tag} : (tensor<?xf32>, tensor<8x?xf32>, index, index, index, index) -> tensor<8x?xf32>

// The ops compose: a dynamic tensor's dims feed tensor.empty, a slice and
// a reshape of the result.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<?x?xf32>)
func.func @chain(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
  %c1 = arith.constant 1 : index
  // CHECK-NEXT: %[[D0:.+]] = tensor.dim %[[A]], %[[C0]] : tensor<?x?xf32>
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  // CHECK-NEXT: %[[D1:.+]] = tensor.dim %[[A]], %[[C1]] : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  // CHECK-NEXT: %[[E:.+]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  // CHECK-NEXT: %[[INS:.+]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [%[[D0]], %[[D1]]] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %ins = tensor.insert_slice %a into %e[0, 0] [%d0, %d1] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  // CHECK-NEXT: %[[COL:.+]] = tensor.collapse_shape %[[INS]] {{\[}}[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %col = tensor.collapse_shape %ins [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  // CHECK-NEXT: return %[[COL]] : tensor<?xf32>
  return %col : tensor<?xf32>
}
