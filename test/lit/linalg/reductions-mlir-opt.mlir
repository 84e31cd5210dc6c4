// REQUIRES: mlir-opt
// RUN: bcast-opt %S/fuse-reductions.mlir --split-input-file --linalg-fuse-elementwise-ops --linalg-version-broadcasts \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/fold-unit-reductions.mlir --split-input-file --linalg-fold-unit-extent-dims \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s --check-prefix=FOLD
// RUN: bcast-opt %S/fold-unit-reductions.mlir --split-input-file --linalg-fuse-elementwise-ops --linalg-fold-unit-extent-dims --canonicalize --cse \
// RUN:   | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s --check-prefix=FOLD
//
// What linalg-fuse-elementwise-ops and linalg-fold-unit-extent-dims print
// around reductions (the inputs are fuse-reductions.mlir and
// fold-unit-reductions.mlir beside this file) is accepted and verified by
// the real mlir-opt. linalg-version-broadcasts removes the one could-be-1
// broadcast (an hlo op, which mlir-opt does not know) and versions the
// producer left beside the reduction.

// CHECK-LABEL: func.func @sum_exp
// CHECK-LABEL: func.func @softmax
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK-LABEL: func.func @layer_norm
// CHECK-LABEL: func.func @two_reductions
// CHECK-LABEL: func.func @through_expand_shape
// CHECK-LABEL: func.func @cheap_broadcast
// CHECK-LABEL: func.func @keepdims_broadcast
// CHECK-LABEL: func.func @reduction_into_consumers
// CHECK-LABEL: func.func @reduction_into_reduction
// CHECK-LABEL: func.func @expensive_broadcast
// CHECK-LABEL: func.func @three_users
// CHECK-LABEL: func.func @broadcasting_user
// CHECK-LABEL: func.func @returned
// CHECK-LABEL: func.func @init_producer
// CHECK-LABEL: func.func @could_be_1_reduction_loop
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}

// FOLD-LABEL: func.func @keepdims_expand
// FOLD-LABEL: func.func @softmax_keepdims
// FOLD-LABEL: func.func @softmax_keepdims_dynamic
// FOLD-LABEL: func.func @unit_parallel_loop
// FOLD-LABEL: func.func @reduce_unit_and_real
// FOLD-LABEL: func.func @reduce_unit_dim
// FOLD-LABEL: func.func @dynamic_keepdims
// FOLD-LABEL: func.func @fill_init
// FOLD-LABEL: func.func @fill_init_dynamic
