// REQUIRES: mlir-opt
// RUN: bcast-opt %S/fold-unit-extent-dims.mlir --split-input-file --linalg-fold-unit-extent-dims \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/fold-unit-reshapes.mlir --split-input-file --linalg-fold-unit-extent-dims \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s --check-prefix=RESHAPE
//
// What linalg-fold-unit-extent-dims prints (the inputs are the other
// fold-unit-*.mlir files beside this one) is accepted and verified by the
// real mlir-opt.

// CHECK-LABEL: func.func @unit_loop_dims
// CHECK-LABEL: func.func @unit_operand_dims
// CHECK-LABEL: func.func @unit_middle_dim
// CHECK-LABEL: func.func @rank0_operands
// CHECK-LABEL: func.func @all_unit
// CHECK-LABEL: func.func @dynamic_dims
// CHECK-LABEL: func.func @dynamic_never_unit
// CHECK-LABEL: func.func @dynamic_result
// CHECK-LABEL: func.func @reduction
// CHECK-LABEL: func.func @unit_reduction
// CHECK-LABEL: func.func @index_ops
// CHECK-LABEL: func.func @chain
// CHECK-LABEL: func.func @multi_use_result
// CHECK-LABEL: func.func @no_unit_dims

// RESHAPE-LABEL: func.func @collapse_of_expand
// RESHAPE-LABEL: func.func @compose
// RESHAPE-LABEL: func.func @empty_and_splat
// RESHAPE-LABEL: func.func @empty_product
