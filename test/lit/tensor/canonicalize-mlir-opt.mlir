// REQUIRES: mlir-opt
// RUN: bcast-opt %S/canonicalize.mlir --canonicalize --split-input-file \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
//
// What canonicalize prints for tensor (the input is canonicalize.mlir beside
// this file) is accepted and verified by the real mlir-opt.

// CHECK-LABEL: func.func @dim_of_expand
// CHECK-LABEL: func.func @dim_of_collapse
// CHECK-LABEL: func.func @dim_unknown_index
// CHECK-LABEL: func.func @dim_of_cast_and_empty
// CHECK-LABEL: func.func @pairs_and_identity
// CHECK-LABEL: func.func @compose
// CHECK-LABEL: func.func @empty_and_constants
// CHECK-LABEL: func.func @compose_to_expand
// CHECK-LABEL: func.func @compose_rank0
// CHECK-LABEL: func.func @collapse_of_cast
// CHECK-LABEL: func.func @cast_of_collapse
// CHECK-LABEL: func.func @cast_of_collapse_stays
// CHECK-LABEL: func.func @expand_of_cast_of_collapse
