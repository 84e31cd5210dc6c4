// REQUIRES: mlir-opt
// RUN: bcast-opt %S/legalize-broadcasts.mlir --hlo-legalize-broadcasts --split-input-file --mlir-print-op-generic \
// RUN:   | mlir-opt-19 --allow-unregistered-dialect --split-input-file --verify-roundtrip | FileCheck %s
//
// The shape, arith and func ops hlo-legalize-broadcasts emits are accepted
// by the real mlir-opt (the hlo ops pass through as unregistered ops in
// the generic form). The input is legalize-broadcasts.mlir beside this file.

// CHECK-LABEL: func.func @numpy_dynamic
// CHECK: shape.cstr_broadcastable
// CHECK: shape.assuming
// CHECK: shape.broadcast
// CHECK-LABEL: func.func @xla_dynamic_column
// CHECK-NOT: shape.from_extents
// CHECK: tensor.from_elements
// CHECK-NOT: shape.from_extents
// CHECK: shape.cstr_broadcastable
// CHECK-LABEL: func.func @rank_policy
// CHECK: shape.cstr_require
// CHECK: shape.assuming_all
