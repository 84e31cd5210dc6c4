// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bcast-opt %s | FileCheck %s --check-prefix=EXACT --strict-whitespace
//
// The custom forms of linalg.generic, linalg.yield and linalg.index round
// trip, directly and through the generic form, as MLIR prints them:
// broadcasts through indexing maps, reductions, several outputs, scalar
// and rank-0 operands, memref outputs, and the extra attributes after the
// operands. ops-mlir-opt.mlir feeds the same output to mlir-opt-19.

// The maps are printed through aliases, numbered in order of first use.
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW0:map[0-9]*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[RED:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[SCALAR:map[0-9]*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID1:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[NONE:map[0-9]*]] = affine_map<() -> ()>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#row0 = affine_map<(d0, d1) -> (0, d1)>
#red = affine_map<(d0, d1) -> (d0)>

// A row vector and a 1xN tensor broadcast along d0: `(d1)` reads the
// vector for every d0, `(0, d1)` reads row 0. The block arguments are named
// %in / %out; the iterator kinds print as strings.
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x?xf32>, %[[B:[a-z0-9]+]]: tensor<?xf32>, %[[C:[a-z0-9]+]]: tensor<1x?xf32>, %[[O:[a-z0-9]+]]: tensor<4x?xf32>)
func.func @broadcast(%a: tensor<4x?xf32>, %b: tensor<?xf32>, %c: tensor<1x?xf32>, %o: tensor<4x?xf32>) -> tensor<4x?xf32> {
  // CHECK-NEXT: %[[R:[0-9]+]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW0]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]], %[[C]] : tensor<4x?xf32>, tensor<?xf32>, tensor<1x?xf32>) outs(%[[O]] : tensor<4x?xf32>) {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[IN0:in_[0-9]+]]: f32, %[[IN1:in_[0-9]+]]: f32, %[[OUT:out]]: f32):
  // CHECK-NEXT: %[[S:[0-9]+]] = arith.addf %[[IN]], %[[IN0]] : f32
  // CHECK-NEXT: %[[T:[0-9]+]] = arith.mulf %[[S]], %[[IN1]] : f32
  // CHECK-NEXT: linalg.yield %[[T]] : f32
  // CHECK-NEXT: } -> tensor<4x?xf32>
  // CHECK-NEXT: return %[[R]] : tensor<4x?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #row0, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x?xf32>, tensor<?xf32>, tensor<1x?xf32>) outs(%o : tensor<4x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %acc: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.mulf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// GENERIC-LABEL: sym_name = "broadcast"
// GENERIC: "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [#{{map[0-9]*}}, #{{map[0-9]*}}, #{{map[0-9]*}}, #{{map[0-9]*}}], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// GENERIC: "linalg.yield"(%{{.*}}) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x?xf32>, tensor<?xf32>, tensor<1x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>

// A row sum: d1 is a reduction loop, the output reads the accumulator.
// CHECK-LABEL: func.func @reduction
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[INIT:[a-z0-9]+]]: tensor<4xf32>)
func.func @reduction(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[R:[0-9]+]] = linalg.generic {indexing_maps = [#[[ID]], #[[RED]]], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<4x8xf32>) outs(%[[INIT]] : tensor<4xf32>) {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[OUT:out]]: f32):
  // CHECK-NEXT: %[[S:[0-9]+]] = arith.addf %[[IN]], %[[OUT]] : f32
  // CHECK-NEXT: linalg.yield %[[S]] : f32
  // CHECK-NEXT: } -> tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// GENERIC-LABEL: sym_name = "reduction"
// GENERIC: iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>

// Two outputs give two results, printed in parentheses after `->`; the
// body reads the loop indices with linalg.index.
// CHECK-LABEL: func.func @multiple_outputs
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[O1:[a-z0-9]+]]: tensor<4x8xf32>, %[[O2:[a-z0-9]+]]: tensor<4xi64>)
func.func @multiple_outputs(%a: tensor<4x8xf32>, %o1: tensor<4x8xf32>, %o2: tensor<4xi64>) -> (tensor<4x8xf32>, tensor<4xi64>) {
  // CHECK-NEXT: %[[R:[0-9]+]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[RED]]], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<4x8xf32>) outs(%[[O1]], %[[O2]] : tensor<4x8xf32>, tensor<4xi64>) {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[OUT:out]]: f32, %[[OUT0:out_[0-9]+]]: i64):
  // CHECK-NEXT: %[[I:[0-9]+]] = linalg.index 0 : index
  // CHECK-NEXT: %[[J:[0-9]+]] = linalg.index 1 : index
  // CHECK-NEXT: %[[K:[0-9]+]] = arith.addi %[[I]], %[[J]] : index
  // CHECK-NEXT: %[[K64:[0-9]+]] = arith.index_cast %[[K]] : index to i64
  // CHECK-NEXT: %[[M:[0-9]+]] = arith.maxsi %[[OUT0]], %[[K64]] : i64
  // CHECK-NEXT: linalg.yield %[[IN]], %[[M]] : f32, i64
  // CHECK-NEXT: } -> (tensor<4x8xf32>, tensor<4xi64>)
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : tensor<4x8xf32>, tensor<4xi64>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #red], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o1, %o2 : tensor<4x8xf32>, tensor<4xi64>) {
  ^bb0(%x: f32, %y: f32, %m: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %k64 = arith.index_cast %k : index to i64
    %n = arith.maxsi %m, %k64 : i64
    linalg.yield %x, %n : f32, i64
  } -> (tensor<4x8xf32>, tensor<4xi64>)
  return %0#0, %0#1 : tensor<4x8xf32>, tensor<4xi64>
}

// GENERIC-LABEL: sym_name = "multiple_outputs"
// GENERIC: "linalg.index"() <{dim = 0 : i64}> : () -> index
// GENERIC: "linalg.index"() <{dim = 1 : i64}> : () -> index
// GENERIC: "linalg.yield"(%{{.*}}, %{{.*}}) : (f32, i64) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xi64>) -> (tensor<4x8xf32>, tensor<4xi64>)

// A scalar input has a map with no results; with no inputs there is no
// `ins(...)`.
// CHECK-LABEL: func.func @scalar_and_fill
// CHECK-SAME: (%[[S:[a-z0-9]+]]: f32, %[[O:[a-z0-9]+]]: tensor<?xf32>)
func.func @scalar_and_fill(%s: f32, %o: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  // CHECK-NEXT: %[[R0:[0-9]+]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[S]] : f32) outs(%[[O]] : tensor<?xf32>) {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[OUT:out]]: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  // CHECK-NEXT: } -> tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : f32) outs(%o : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  // CHECK-NEXT: %[[R1:[0-9]+]] = linalg.generic {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"]} outs(%[[O]] : tensor<?xf32>) {
  // CHECK-NEXT: ^bb0(%[[OUT:out]]: f32):
  // CHECK-NEXT: %[[C:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-NEXT: linalg.yield %[[C]] : f32
  // CHECK-NEXT: } -> tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%o : tensor<?xf32>) {
  ^bb0(%y: f32):
    %c = arith.constant 1.0 : f32
    linalg.yield %c : f32
  } -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// GENERIC-LABEL: sym_name = "scalar_and_fill"
// GENERIC: operandSegmentSizes = array<i32: 1, 1>
// GENERIC: operandSegmentSizes = array<i32: 0, 1>

// Rank-0 tensors: no loops, empty maps.
// CHECK-LABEL: func.func @rank0
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<f32>, %[[O:[a-z0-9]+]]: tensor<f32>)
func.func @rank0(%a: tensor<f32>, %o: tensor<f32>) -> tensor<f32> {
  // CHECK-NEXT: linalg.generic {indexing_maps = [#[[NONE]], #[[NONE]]], iterator_types = []} ins(%[[A]] : tensor<f32>) outs(%[[O]] : tensor<f32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%a : tensor<f32>) outs(%o : tensor<f32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

// Memref outputs have no results and no `->`.
// CHECK-LABEL: func.func @memref
// CHECK-SAME: (%[[B:[a-z0-9]+]]: memref<8xf32>, %[[O:[a-z0-9]+]]: memref<4x8xf32>)
func.func @memref(%b: memref<8xf32>, %o: memref<4x8xf32>) {
  // CHECK-NEXT: linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : memref<8xf32>) outs(%[[O]] : memref<4x8xf32>) {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[OUT:out]]: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : memref<8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// GENERIC-LABEL: sym_name = "memref"
// GENERIC: }) : (memref<8xf32>, memref<4x8xf32>) -> ()

// `doc` and `library_call` join the sorted trait dictionary; any other
// attribute goes after the operands as `attrs =  {...}` (two spaces, as
// MLIR prints it). An attribute on linalg.index and linalg.yield follows
// the operands.
// CHECK-LABEL: func.func @attributes
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<4x8xf32>)
func.func @attributes(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK-NEXT: linalg.generic {doc = "copy", indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"], library_call = "my_copy"} ins(%[[A]] : tensor<4x8xf32>) outs(%[[A]] : tensor<4x8xf32>) attrs = {aa, zz = 1 : i32} {
  // EXACT: outs(%{{.*}} : tensor<4x8xf32>) attrs =  {aa, zz = 1 : i32} {
  // CHECK-NEXT: ^bb0(%[[IN:in]]: f32, %[[OUT:out]]: f32):
  // CHECK-NEXT: linalg.index 1 {tag} : index
  // CHECK-NEXT: linalg.yield %[[IN]] {tag} : f32
  // CHECK-NEXT: } -> tensor<4x8xf32>
  %0 = linalg.generic {library_call = "my_copy", iterator_types = ["parallel", "parallel"], indexing_maps = [#id, #id], doc = "copy"} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) attrs = {zz = 1 : i32, aa} {
  ^bb0(%x: f32, %y: f32):
    %i = linalg.index 1 {tag} : index
    linalg.yield %x {tag} : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// GENERIC-LABEL: sym_name = "attributes"
// GENERIC: "linalg.generic"(%{{.*}}, %{{.*}}) <{doc = "copy", indexing_maps = [#{{map[0-9]*}}, #{{map[0-9]*}}], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], library_call = "my_copy", operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC: "linalg.index"() <{dim = 1 : i64}> {tag} : () -> index
// GENERIC: "linalg.yield"(%{{.*}}) {tag} : (f32) -> ()
// GENERIC: }) {aa, zz = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
