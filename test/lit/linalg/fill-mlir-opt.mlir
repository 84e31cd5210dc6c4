// REQUIRES: mlir-opt
// RUN: bcast-opt %S/fill.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %S/fill.mlir
// RUN: bcast-opt %S/fill.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip --mlir-print-op-generic | FileCheck %S/fill.mlir --check-prefix=GENERIC
// RUN: mlir-opt-19 %S/fill.mlir | FileCheck %S/fill.mlir
// RUN: mlir-opt-19 %S/fill.mlir --mlir-print-op-generic | FileCheck %S/fill.mlir --check-prefix=GENERIC
//
// linalg.fill as we print it (fill.mlir beside this file) is accepted by
// the real mlir-opt, in the custom and the generic form, and mlir-opt
// prints fill.mlir itself as the CHECK lines there expect ours to read.

// CHECK-LABEL: func.func @fill
// CHECK-LABEL: func.func @casts
// CHECK-LABEL: func.func @memref
// CHECK-LABEL: func.func @generic_form
