// RUN: bcast-opt %s --split-input-file --hlo-legalize-to-linalg | FileCheck %s
//
// Elementwise hlo ops become one linalg.generic each; a broadcast feeding
// one is read through an indexing map and never copied.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @w1
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN0:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[IN]], %[[IN0]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: arith.maximumf
func.func @w1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %s = hlo.add %x, %bb : tensor<4096x4096xf32>
  %z = hlo.constant dense<0.0> : tensor<4096x4096xf32>
  %r = hlo.maximum %s, %z : tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// -----

// A stretched size-1 dim reads index 0; (7,1,6) + (7,5,6).
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[STRETCH:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-LABEL: func.func @stretch
// CHECK: linalg.generic {indexing_maps = [#[[STRETCH]], #[[ID3]], #[[ID3]]]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<7x1x6xf32>, tensor<7x5x6xf32>)
func.func @stretch(%a: tensor<7x1x6xf32>, %b: tensor<7x5x6xf32>) -> tensor<7x5x6xf32> {
  %ab = hlo.broadcast_in_dim %a, dims = [0, 1, 2] : (tensor<7x1x6xf32>) -> tensor<7x5x6xf32>
  %r = hlo.add %ab, %b : tensor<7x5x6xf32>
  return %r : tensor<7x5x6xf32>
}

// -----

// A dynamic broadcast with every dim classified gets static maps; loop
// bounds come from an operand that is not stretched.
// CHECK-DAG: #[[BC:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @known_dims
// CHECK: %[[D0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK: %[[D1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK: tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[BC]], #{{.*}}]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<1x?xf32>)
// CHECK: arith.cmpf ogt
// CHECK: arith.select
func.func @known_dims(%x: tensor<?x?xf32>, %b: tensor<1x?xf32>, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %bb = hlo.dynamic_broadcast_in_dim %b, %shape, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %s = hlo.add %x, %bb : tensor<?x?xf32>
  %c = hlo.compare GT, %s, %x : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %r = hlo.select %c, %s, %x : tensor<?x?xi1>, tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// StableHLO semantics in the bodies: shifts by >= width give 0, clamp is
// min(max(x, lo), hi), converts pick the right cast.
// CHECK-LABEL: func.func @semantics
// CHECK: arith.cmpi uge
// CHECK: arith.shli
// CHECK: arith.select
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.sitofp
func.func @semantics(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  %s = hlo.shift_left %a, %b : tensor<4xi32>
  %c = hlo.clamp %a, %s, %b : tensor<4xi32>
  %f = hlo.convert %c : (tensor<4xi32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}

// -----

// Data movement: transpose reads through the inverse permutation, iota
// uses linalg.index, reshapes are collapse/expand, slice is a generic
// reading through `d + start`, concatenate copies each operand into its
// slice of the result (destination-passing style), get_dimension_size is
// tensor.dim.
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[SL:.*]] = affine_map<(d0, d1) -> (d0, d1 + 1)>
// CHECK-LABEL: func.func @structural
// CHECK: linalg.generic {indexing_maps = [#[[T]], #{{.*}}]
// CHECK: linalg.index 1 : index
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3x2xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[SL]], #{{.*}}]
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [2, 2] [1, 1] : tensor<2x5xf32> to tensor<2x2xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<2x5xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 2] [2, 3] [1, 1] : tensor<2x5xf32> to tensor<2x3xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x5xf32>
// CHECK: %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x3xf32>
// CHECK: arith.index_cast %[[D]] : index to i32
// CHECK: tensor.from_elements
func.func @structural(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<2x5xf32>, tensor<i32>) {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %i = hlo.iota dim = 1 : tensor<3x2xi32>
  %f = hlo.convert %i : (tensor<3x2xi32>) -> tensor<3x2xf32>
  %a = hlo.add %t, %f : tensor<3x2xf32>
  %r = hlo.reshape %a : (tensor<3x2xf32>) -> tensor<6xf32>
  %r2 = hlo.reshape %r : (tensor<6xf32>) -> tensor<2x3xf32>
  %sl = hlo.slice %r2 [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %c = hlo.concatenate %sl, %x, dim = 1 : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x5xf32>
  %g = hlo.get_dimension_size %d, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  return %c, %g : tensor<2x5xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @dynamic_reshape
// CHECK: tensor.reshape %arg0(%arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @dynamic_reshape(%x: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = hlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// The trigonometric, hyperbolic and error-function ops are their math op
// (math.tan, math.erf, ... : C math library calls in lower/llvm);
// round_nearest_afz is math.round; CHLO's is_inf tests |x| == +Inf,
// is_pos_inf and is_neg_inf x itself, ordered (false for NaN).
// CHECK-LABEL: func.func @special_functions
// CHECK: linalg.generic
// CHECK: math.sin %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: math.tan %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: math.erf %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: math.round %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: %[[ABS:.*]] = math.absf %[[IN:.*]] : f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: arith.cmpf oeq, %[[ABS]], %[[INF]] : f32
// CHECK: linalg.generic
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: arith.cmpf oeq, %{{.*}}, %[[NINF]] : f32
func.func @special_functions(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.sine %x : tensor<4xf32>
  %1 = hlo.tan %x : tensor<4xf32>
  %2 = hlo.erf %x : tensor<4xf32>
  %3 = hlo.round_nearest_afz %x : tensor<4xf32>
  %4 = hlo.is_inf %x : (tensor<4xf32>) -> tensor<4xi1>
  %5 = hlo.is_neg_inf %x : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>
}

// -----

// reverse reads through `-d + (n - 1)` along each reversed dim, and fuses
// like slice: the add before it and the multiply after it are one kernel
// after linalg-fuse-elementwise-ops.
// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (-d0 + 1, -d1 + 2)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @reverse
// CHECK: %[[A:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<2x3xf32>)
func.func @reverse(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %a = hlo.add %x, %y : tensor<2x3xf32>
  %r = hlo.reverse %a, dims = [1, 0] : tensor<2x3xf32>
  %m = hlo.multiply %r, %x : tensor<2x3xf32>
  return %m : tensor<2x3xf32>
}

// -----

// dynamic_slice: the start indices clamped into [0, size - slice size]
// (StableHLO's rule), a tensor.extract_slice view there, read by an
// identity generic that fuses with its consumers.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[IE:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[II:.*]] = arith.index_cast %[[IE]] : i32 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[II]], %{{.*}} : index
// CHECK: %[[S0:.*]] = arith.minsi %[[LO]], %{{.*}} : index
// CHECK: cf.assert %{{.*}}, "hlo-to-linalg.mlir:[[@LINE+4]]:3: 'hlo.dynamic_slice' op in @dynamic_slice: the slice has {0} elements in dim 1, more than the operand's {1}"
// CHECK: %[[V:.*]] = tensor.extract_slice %[[X]][%[[S0]], %{{.*}}] [2, 3] [1, 1] : tensor<4x?xf32> to tensor<2x3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[V]] : tensor<2x3xf32>)
func.func @dynamic_slice(%x: tensor<4x?xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// dynamic_update_slice, in destination-passing style: the operand copied
// into a new tensor, the update (given its leading unit dim: x[i, ...] =
// a) copied into its slice there, put back with tensor.insert_slice.
// CHECK-LABEL: func.func @dynamic_update_slice_row
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>, %[[A:.*]]: tensor<5xf32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[A]] {{\[}}[0, 1]] output_shape [1, 5] : tensor<5xf32> into tensor<1x5xf32>
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<3x5xf32>)
// CHECK: %[[P:.*]] = tensor.extract_slice %[[C]][%{{.*}}, %{{.*}}] [1, 5] [1, 1] : tensor<3x5xf32> to tensor<1x5xf32>
// CHECK: %[[F:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<1x5xf32>) outs(%[[P]] : tensor<1x5xf32>)
// CHECK: tensor.insert_slice %[[F]] into %[[C]][%{{.*}}, %{{.*}}] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<3x5xf32>
func.func @dynamic_update_slice_row(%x: tensor<3x5xf32>, %a: tensor<5xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x5xf32> {
  %r = hlo.dynamic_update_slice %x, %a, %i, %j : (tensor<3x5xf32>, tensor<5xf32>, tensor<i32>, tensor<i32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// pad, in destination-passing style: a fill of the padding value, the
// operand (cropped by the negative low padding) copied into the strided
// slice where its elements land, put back with tensor.insert_slice.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[S]] : f32) outs(%{{.*}} : tensor<5x8xf32>) -> tensor<5x8xf32>
// CHECK: %[[C:.*]] = tensor.extract_slice %[[X]][0, 1] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
// CHECK: %[[P:.*]] = tensor.extract_slice %[[F]][0, 2] [2, 2] [2, 3] : tensor<5x8xf32> to tensor<2x2xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<2x2xf32>) outs(%[[P]] : tensor<2x2xf32>)
// CHECK: tensor.insert_slice %[[G]] into %[[F]][0, 2] [2, 2] [2, 3] : tensor<2x2xf32> into tensor<5x8xf32>
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x8xf32> {
  %r = hlo.pad %x, %v, low = [0, -1], high = [2, 2], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  return %r : tensor<5x8xf32>
}

// -----

// Unsigned (and explicitly signed) integers are computed on signless
// views: tensor.bitcast in, the op's unsigned arithmetic (arith.divui,
// cmpi ult, maxui, uitofp) on the i8 elements, tensor.bitcast out. A
// chain of such ops leaves no bitcast between its kernels, and a constant
// is the signless constant of the same bytes.
// CHECK-LABEL: func.func @unsigned
// CHECK-SAME: (%[[X:.*]]: tensor<4xui8>, %[[Y:.*]]: tensor<4xui8>)
// CHECK: %[[BX:.*]] = tensor.bitcast %[[X]] : tensor<4xui8> to tensor<4xi8>
// CHECK: %[[BY:.*]] = tensor.bitcast %[[Y]] : tensor<4xui8> to tensor<4xi8>
// CHECK: %[[D:.*]] = linalg.generic {{.*}} ins(%[[BX]], %[[BY]] : tensor<4xi8>, tensor<4xi8>)
// CHECK: arith.divui
// CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<4xi8>
// CHECK: %[[M:.*]] = linalg.generic {{.*}} ins(%[[D]], %[[C]] : tensor<4xi8>, tensor<4xi8>)
// CHECK: arith.maxui
// CHECK: %[[R:.*]] = tensor.bitcast %[[M]] : tensor<4xi8> to tensor<4xui8>
// CHECK: return %[[R]]
func.func @unsigned(%x: tensor<4xui8>, %y: tensor<4xui8>) -> tensor<4xui8> {
  %d = hlo.divide %x, %y : tensor<4xui8>
  %c = hlo.constant dense<7> : tensor<4xui8>
  %m = hlo.maximum %d, %c : tensor<4xui8>
  return %m : tensor<4xui8>
}
