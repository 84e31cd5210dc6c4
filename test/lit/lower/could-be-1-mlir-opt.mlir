// REQUIRES: mlir-opt
// RUN: bcast-opt %S/could-be-1-pipeline.mlir --hlo-legalize-broadcasts --canonicalize --hlo-legalize-to-linalg --linalg-fuse-elementwise-ops --canonicalize --cse --linalg-version-broadcasts | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/could-be-1-pipeline.mlir --pipeline=cpu | mlir-opt-19 --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/could-be-1-version.mlir --split-input-file --hlo-legalize-to-linalg --linalg-version-broadcasts | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s --check-prefix=VERSION
//
// docs/SPEC.md §3: the versioned kernels (scf.if, linalg, tensor, arith,
// shape) are accepted by the real mlir-opt. The inputs are
// could-be-1-pipeline.mlir and could-be-1-version.mlir beside this file.

// CHECK-LABEL: func.func @w5
// CHECK-COUNT-4: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?xf32>)

// VERSION-LABEL: func.func @w5
// VERSION: scf.if
// VERSION-LABEL: func.func @chain
// VERSION: scf.if
