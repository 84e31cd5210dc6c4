// RUN: bcast-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: bcast-opt %s --allow-unregistered-dialect | bcast-opt --allow-unregistered-dialect | FileCheck %s
// RUN: bcast-opt %s --allow-unregistered-dialect --mlir-print-op-generic | bcast-opt --allow-unregistered-dialect | FileCheck %s
// RUN: bcast-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// scf.if and scf.yield round trip, directly, through a second parse and
// through the generic form. ops-mlir-opt.mlir feeds the same output to
// mlir-opt-19.

// CHECK-LABEL: func.func @if_results
// CHECK-SAME: (%[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: tensor<?x?xf32>, %[[B:[a-z0-9]+]]: tensor<?x?xf32>)
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (tensor<?x?xf32>) {
// CHECK-NEXT:   scf.yield %[[A]] : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %[[B]] : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<?x?xf32>
// GENERIC-LABEL: sym_name = "if_results"
// GENERIC: %[[R:.*]] = "scf.if"(%{{.*}}) ({
// GENERIC-NEXT: "scf.yield"(%{{.*}}) : (tensor<?x?xf32>) -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: "scf.yield"(%{{.*}}) : (tensor<?x?xf32>) -> ()
// GENERIC-NEXT: }) : (i1) -> tensor<?x?xf32>
func.func @if_results(%c: i1, %a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = scf.if %c -> (tensor<?x?xf32>) {
    scf.yield %a : tensor<?x?xf32>
  } else {
    scf.yield %b : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// A single result type may be written without parentheses; several
// results, nested ifs, ops in the regions and an attribute dictionary.
// CHECK-LABEL: func.func @nested
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (f32, i32) {
// CHECK-NEXT: %[[IN:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: %[[N:.*]] = arith.negf %{{.*}} : f32
// CHECK-NEXT: scf.yield %[[N]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}} : f32
// CHECK-NEXT: } {tag = "inner"}
// CHECK-NEXT: scf.yield %[[IN]], %{{.*}} : f32, i32
// CHECK-NEXT: } else {
// CHECK: scf.yield %{{.*}}, %{{.*}} : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : f32, i32
func.func @nested(%c: i1, %d: i1, %a: f32, %i: i32) -> (f32, i32) {
  %r:2 = scf.if %c -> (f32, i32) {
    %in = scf.if %d -> f32 {
      %n = arith.negf %a : f32
      scf.yield %n : f32
    } else {
      scf.yield %a : f32
    } {tag = "inner"}
    scf.yield %in, %i : f32, i32
  } else {
    %j = arith.addi %i, %i : i32
    scf.yield %a, %j : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// Without results the yield may be left out (it is implied); it is printed
// (MLIR elides it). An absent else region stays absent; `else {}` is an
// else block with just the implied yield.
// CHECK-LABEL: func.func @no_results
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT:   "test.op"() : () -> ()
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: } {tag}
// CHECK-NEXT: return
// GENERIC-LABEL: sym_name = "no_results"
// GENERIC: "scf.if"(%{{.*}}) ({
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: }) : (i1) -> ()
func.func @no_results(%c: i1) {
  scf.if %c {
  }
  scf.if %c {
    "test.op"() : () -> ()
  } else {
  }
  scf.if %c {
    scf.yield
  } {tag}
  return
}
