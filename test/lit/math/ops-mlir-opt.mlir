// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %S/ops.mlir
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip --mlir-print-op-generic | FileCheck %S/ops.mlir --check-prefix=GENERIC
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 | FileCheck %s
// RUN: mlir-opt-19 %S/ops.mlir | FileCheck %S/ops.mlir
//
// math output is accepted by the real mlir-opt, in the custom and the
// generic form, and mlir-opt prints it back as the CHECK lines of ops.mlir
// (beside this file) expect our own output to read. mlir-opt-19 also reads
// ops.mlir itself into the same text, which pins the spelling of the
// fast-math flags.

// CHECK-LABEL: func.func @unary
// CHECK-LABEL: func.func @binary
// CHECK-LABEL: func.func @shaped
// CHECK-LABEL: func.func @fastmath
// CHECK-LABEL: func.func @generic_input
