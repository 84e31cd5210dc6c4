// REQUIRES: mlir-opt
// RUN: bcast-opt %S/canonicalize.mlir --canonicalize --split-input-file \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
//
// What canonicalize prints for linalg (the input is canonicalize.mlir beside
// this file) is accepted and verified by the real mlir-opt.

// CHECK-LABEL: func.func @identity
// CHECK-LABEL: func.func @not_identity
// CHECK-LABEL: func.func @dedup
// CHECK-LABEL: func.func @unused
// CHECK-LABEL: func.func @splat
// CHECK-LABEL: func.func @dead_result
// CHECK-LABEL: func.func @dim_of_result
// CHECK-LABEL: func.func @expand_size_of_result
