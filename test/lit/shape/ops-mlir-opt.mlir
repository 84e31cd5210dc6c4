// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/ops.mlir --mlir-print-op-generic | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/canonicalize.mlir --canonicalize --allow-unregistered-dialect | mlir-opt-19 --allow-unregistered-dialect --verify-roundtrip | FileCheck %s --check-prefix=CANON
//
// docs/SPEC.md §3: shape output is accepted by the real mlir-opt, in the
// custom and the generic form. The inputs are ops.mlir and canonicalize.mlir
// beside this file.

// CHECK-LABEL: func.func @shapes
// CHECK: shape.to_extent_tensor
// CHECK-LABEL: func.func @witnesses
// CHECK: shape.assuming

// CANON-LABEL: func.func @shape_of_static
