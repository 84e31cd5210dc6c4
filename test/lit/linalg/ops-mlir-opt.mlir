// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %S/ops.mlir
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip --mlir-print-op-generic | FileCheck %S/ops.mlir --check-prefix=GENERIC
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 | FileCheck %S/ops.mlir --check-prefix=EXACT --strict-whitespace
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 | FileCheck %s
// RUN: mlir-opt-19 %S/ops.mlir | FileCheck %S/ops.mlir
//
// linalg output is accepted by the real mlir-opt, in the custom and the
// generic form, and mlir-opt prints it back as the CHECK lines of ops.mlir
// (beside this file) expect our own output to read. mlir-opt-19 also reads
// ops.mlir itself into the same text, which pins the order of the trait
// attributes and the `attrs =  {...}` spelling.

// CHECK-LABEL: func.func @broadcast
// CHECK-LABEL: func.func @reduction
// CHECK-LABEL: func.func @multiple_outputs
// CHECK-LABEL: func.func @scalar_and_fill
// CHECK-LABEL: func.func @rank0
// CHECK-LABEL: func.func @memref
// CHECK-LABEL: func.func @attributes
