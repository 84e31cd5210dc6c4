// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %S/ops.mlir
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip --mlir-print-op-generic | FileCheck %S/ops.mlir --check-prefix=GENERIC
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 | FileCheck %S/ops.mlir --check-prefix=EXACT --strict-whitespace
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 | FileCheck %s
// RUN: mlir-opt-19 %S/ops.mlir | FileCheck %S/ops.mlir
//
// tensor output is accepted by the real mlir-opt, in the custom and the
// generic form, and mlir-opt prints it back as the CHECK lines of ops.mlir
// (beside this file) expect our own output to read. mlir-opt-19 also reads
// ops.mlir itself into the same text.

// CHECK-LABEL: func.func @empty
// CHECK-LABEL: func.func @dim
// CHECK-LABEL: func.func @cast
// CHECK-LABEL: func.func @extract
// CHECK-LABEL: func.func @from_elements
// CHECK-LABEL: func.func @collapse_shape
// CHECK-LABEL: func.func @expand_shape
// CHECK-LABEL: func.func @extract_slice
// CHECK-LABEL: func.func @insert_slice
// CHECK-LABEL: func.func @chain
