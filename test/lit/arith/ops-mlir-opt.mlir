// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip | FileCheck %s
//
// docs/SPEC.md §3: arith output is accepted by the real mlir-opt, in the
// custom and the generic form. The input is ops.mlir beside this file.

// CHECK-LABEL: func.func @binary_float
// CHECK-LABEL: func.func @binary_int
// CHECK-LABEL: func.func @default_flags
// CHECK-LABEL: func.func @constants
// CHECK-LABEL: func.func @compare
// CHECK-LABEL: func.func @select
// CHECK-LABEL: func.func @casts
// CHECK-LABEL: func.func @chain
