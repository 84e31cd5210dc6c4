// REQUIRES: mlir-opt
// RUN: bcast-opt %S/slice-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/slice-to-linalg.mlir --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/slice-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops --canonicalize | FileCheck %s --check-prefix=MLIR
//
// The linalg that hlo.slice becomes (slice-to-linalg.mlir beside this
// file: every start/stride/length combination), after
// hlo-legalize-to-linalg and after --pipeline=cpu, is accepted by the real
// mlir-opt, whose linalg verifier infers each loop's bound from the first
// operand that reads it through a bare dim. MLIR's own unit-dim folding
// and elementwise fusion run on it too, and fuse the sliced view into its
// consumer as ours does.

// CHECK-LABEL: func.func @identity(
// CHECK-LABEL: func.func @prefix(
// CHECK-LABEL: func.func @offset(
// CHECK-LABEL: func.func @suffix(
// CHECK-LABEL: func.func @stride(
// CHECK-LABEL: func.func @offset_stride(
// CHECK-LABEL: func.func @stride_full(
// CHECK-LABEL: func.func @prefix_offset(
// CHECK-LABEL: func.func @full_offset(
// CHECK-LABEL: func.func @prefix_stride(
// CHECK-LABEL: func.func @offset_prefix(
// CHECK-LABEL: func.func @stride_suffix(
// CHECK-LABEL: func.func @dyn_prefix(
// CHECK-LABEL: func.func @dyn_full(
// CHECK-LABEL: func.func @dyn_offset(
// CHECK-LABEL: func.func @prefix_consumer(
// CHECK-LABEL: func.func @unit_consumer(
// CHECK-LABEL: func.func @offset_fused(
// CHECK-LABEL: func.func @prefix_producer(

// MLIR-LABEL: func.func @prefix_consumer(
// MLIR: %[[S:.*]] = tensor.extract_slice %arg0[0, 1] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// MLIR: linalg.generic {{.*}} ins(%[[S]], %arg1 : tensor<2x2xf32>, tensor<2xf32>)
// MLIR: arith.addf
// MLIR-NOT: linalg.generic
// MLIR-LABEL: func.func @unit_consumer(
// MLIR: tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1]
// MLIR: arith.mulf
// MLIR-NOT: linalg.generic
// MLIR-LABEL: func.func @offset_fused(
// MLIR: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<4x6xf32>, tensor<2xf32>)
// MLIR: arith.mulf
// MLIR: arith.addf
// MLIR-NOT: linalg.generic
// MLIR-LABEL: func.func @prefix_producer(
