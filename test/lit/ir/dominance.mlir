// RUN: bcast-opt %s --allow-unregistered-dialect | FileCheck %s
//
// Dominance in regions of several blocks (ir/verify.go, computeDominators):
// valid uses across blocks, as mlir-opt-19 accepts them. A block's
// unreachable predecessors do not count (the verifier once rejected the
// first function: its return looked undominated through ^bb2). The
// rejected cases are in verifier-invalid.mlir.

// CHECK-LABEL: func.func @unreachable_pred
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: return %0 : i32
// CHECK: ^bb2:  // no predecessors
func.func @unreachable_pred(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %0 : i32
^bb2:
  "test.br"()[^bb1] : () -> ()
}

// A diamond, then a loop whose body uses values of the entry, of the
// merge block and of its own header.
// CHECK-LABEL: func.func @diamond_loop
// CHECK: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK-NEXT: %3 = arith.addi %0, %1 : i32
func.func @diamond_loop(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  %1 = arith.addi %0, %0 : i32
  "test.br"()[^bb4] : () -> ()
^bb4:
  %2 = arith.addi %1, %0 : i32
  "test.cond_br"()[^bb5, ^bb6] : () -> ()
^bb5:
  %3 = arith.addi %0, %1 : i32
  %4 = arith.addi %3, %2 : i32
  "test.br"()[^bb4] : () -> ()
^bb6:
  return %2 : i32
}

// More than 8 blocks: the printer lists the predecessors of a region's
// blocks once (predComment), rather than scanning the region per block.
// Two branches from ^bb7 to ^bb8 make two preds, as mlir-opt-19 prints.
// CHECK-LABEL: func.func @many_blocks
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb9
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: ^bb8:  // 2 preds: ^bb7, ^bb7
// CHECK: ^bb9:  // 2 preds: ^bb8, ^bb10
// CHECK: ^bb10:  // no predecessors
// CHECK: ^bb11:  // pred: ^bb1
func.func @many_blocks(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.cond_br"()[^bb2, ^bb11] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.br"()[^bb4] : () -> ()
^bb4:
  "test.br"()[^bb5] : () -> ()
^bb5:
  "test.br"()[^bb6] : () -> ()
^bb6:
  "test.br"()[^bb7] : () -> ()
^bb7:
  "test.cond_br"()[^bb8, ^bb8] : () -> ()
^bb8:
  %1 = arith.addi %0, %0 : i32
  "test.br"()[^bb9] : () -> ()
^bb9:
  "test.br"()[^bb1] : () -> ()
^bb10:
  "test.br"()[^bb9] : () -> ()
^bb11:
  return %0 : i32
}
