// RUN: bcast-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: bcast-opt %s --allow-unregistered-dialect --mlir-print-op-generic | bcast-opt --allow-unregistered-dialect | FileCheck %s
//
// Valid IR at the edges of what the verifier checks (verifier-invalid.mlir
// has the invalid side): dominance through blocks and nested regions,
// forward references that are dominated, unregistered terminators, symbol
// tables per module. Unregistered `test.*` ops stand in for branches.

// A value of the entry block is visible in every block and in nested
// regions that are not isolated from above.
// CHECK-LABEL: func.func @entry_dominates_all
// CHECK-SAME: (%[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: f32)
func.func @entry_dominates_all(%c: i1, %a: f32) -> f32 {
  // CHECK-NEXT: %[[X:.*]] = arith.negf %[[A]] : f32
  %x = arith.negf %a : f32
  // CHECK-NEXT: "test.cond_br"(%[[C]])[^[[BB1:.*]], ^[[BB2:.*]]] : (i1) -> ()
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^[[BB1]]:
^bb1:
  // CHECK-NEXT: "test.region"() ({
  "test.region"() ({
    // CHECK-NEXT: arith.addf %[[X]], %[[A]] : f32
    %0 = arith.addf %x, %a : f32
  // CHECK-NEXT: }) : () -> ()
  }) : () -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %1 = arith.mulf %x, %x : f32
  "test.br"()[^bb3] : () -> ()
^bb3:
  // CHECK: return %[[X]] : f32
  return %x : f32
}

// %v is used in ^bb1 before its definition in the text, but ^bb2 (the only
// predecessor of ^bb1) defines it.
// CHECK-LABEL: func.func @dominated_forward_reference
func.func @dominated_forward_reference(%a: f32) -> f32 {
  "test.br"()[^bb2] : () -> ()
^bb1:
  // CHECK: ^bb1:
  // CHECK-NEXT: return %[[V:.*]] : f32
  return %v : f32
^bb2:
  // CHECK: ^bb2:
  // CHECK-NEXT: %[[V]] = arith.negf
  %v = arith.negf %a : f32
  "test.br"()[^bb1] : () -> ()
}

// A loop: the header's block argument and the entry's values reach the body.
// CHECK-LABEL: func.func @loop
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "test.br"(%c0)[^header] : (index) -> ()
// CHECK: ^bb1(%[[I:[a-z0-9]+]]: index):
^header(%i: index):
  %done = arith.cmpi sge, %i, %n : index
  "test.cond_br"(%done)[^exit, ^body] : (i1) -> ()
^body:
  // CHECK: arith.addi %[[I]], %c1 : index
  %next = arith.addi %i, %c1 : index
  "test.br"(%next)[^header] : (index) -> ()
^exit:
  return
}

// The last op of a block may be an unregistered op: it may be a terminator.
// CHECK-LABEL: func.func @unregistered_terminator
// CHECK-NEXT: "test.unknown_terminator"() : () -> ()
// CHECK-NEXT: }
func.func @unregistered_terminator() {
  "test.unknown_terminator"() : () -> ()
}

// Regions of unregistered ops need no terminator, and may be empty.
// CHECK-LABEL: func.func @unregistered_regions
func.func @unregistered_regions(%a: f32) {
  // CHECK-NEXT: "test.two_regions"() ({
  // CHECK-NEXT: arith.negf
  // CHECK-NEXT: }, {
  // CHECK-NEXT: }) : () -> ()
  "test.two_regions"() ({
    %0 = arith.negf %a : f32
  }, {
  }) : () -> ()
  return
}

// A result used by the next op, and by an op nested in a later op's region.
// CHECK-LABEL: func.func @same_block_order
func.func @same_block_order(%a: f32) {
  %0 = arith.negf %a : f32
  %1 = arith.negf %0 : f32
  "test.region"() ({
    %2 = arith.addf %0, %1 : f32
  }) : () -> ()
  return
}

// Each module is its own symbol table: the same name may be defined in an
// inner module. A module needs no terminator.
// CHECK-LABEL: module @outer
module @outer {
  // CHECK: func.func private @f()
  func.func private @f()
  // CHECK: module @inner
  module @inner {
    // CHECK: func.func private @f()
    func.func private @f()
  }
  // CHECK: module {
  // CHECK-NEXT: }
  module {
  }
}

// SameOperandsAndResultShape compares shapes, not element types.
// CHECK-LABEL: func.func @same_shape
func.func @same_shape(%a: tensor<?x4xf16>, %b: vector<2xi32>) {
  // CHECK-NEXT: arith.extf %{{.*}} : tensor<?x4xf16> to tensor<?x4xf32>
  %0 = arith.extf %a : tensor<?x4xf16> to tensor<?x4xf32>
  // CHECK-NEXT: arith.sitofp %{{.*}} : vector<2xi32> to vector<2xf32>
  %1 = arith.sitofp %b : vector<2xi32> to vector<2xf32>
  return
}

// -----

// Like MLIR, dominance is not checked in unreachable blocks.
// CHECK-LABEL: func.func @unreachable_blocks
func.func @unreachable_blocks() {
  return
^bb1:
  %0 = arith.constant 1 : i32
  return
^bb2:
  // CHECK: arith.addi
  %1 = arith.addi %0, %0 : i32
  return
}
