// REQUIRES: mlir-opt
// RUN: bcast-opt %S/ops.mlir --allow-unregistered-dialect | mlir-opt-19 --allow-unregistered-dialect --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/ops.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --verify-roundtrip | FileCheck %s
//
// docs/SPEC.md §3: scf output is accepted by the real mlir-opt, in the
// custom and the generic form. The input is ops.mlir beside this file.

// CHECK-LABEL: func.func @if_results
// CHECK: scf.if %{{.*}} -> (tensor<?x?xf32>) {
// CHECK: } else {
// CHECK-LABEL: func.func @nested
// CHECK: scf.if %{{.*}} -> (f32, i32) {
// CHECK-LABEL: func.func @no_results
// CHECK: scf.if
