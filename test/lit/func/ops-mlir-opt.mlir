// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip | FileCheck %s
//
// docs/SPEC.md §3: func output is accepted by the real mlir-opt, in the
// custom and the generic form. The input is ops.mlir beside this file.

// CHECK-LABEL: func.func @empty() {
// CHECK-LABEL: func.func @arg_attrs
// CHECK-LABEL: func.func @multi
// CHECK-LABEL: func.func @calls
// CHECK-LABEL: func.func @result_groups
// CHECK-LABEL: func.func @locations
// CHECK-LABEL: func.func @"quoted name"()
