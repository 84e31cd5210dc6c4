// REQUIRES: mlir-opt
// RUN: bcast-opt %S/dot-general-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/dot-general-to-linalg.mlir --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/dot-general-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --linalg-fuse-elementwise-ops --canonicalize | FileCheck %s --check-prefix=MLIR
// RUN: bcast-opt %S/dot-general-to-linalg.mlir --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --linalg-specialize-generic-ops | FileCheck %s --check-prefix=NAMED
//
// The linalg that hlo.dot_general and hlo.dot become
// (dot-general-to-linalg.mlir beside this file), after
// hlo-legalize-to-linalg and after --pipeline=cpu, is accepted by the
// real mlir-opt: linalg.fill of zero, generics with reduction iterators
// reading their operands through projected permutations, rank-0 outs, i1
// and extended bodies. MLIR's own elementwise fusion takes it and fuses
// the transposes into the contraction, as ours does; and MLIR's
// linalg-specialize-generic-ops recognizes the contractions as the named
// ops they are (linalg.matmul, batch_matmul, matmul_transpose_b).

// CHECK-LABEL: func.func @transposed(
// CHECK-LABEL: func.func @batch_matmul(
// CHECK-LABEL: func.func @matmul_dynamic(
// CHECK-LABEL: func.func @dim_orders(
// CHECK-LABEL: func.func @element_types(
// CHECK-LABEL: func.func @dot(
// CHECK-LABEL: func.func @dense(
// CHECK-LABEL: func.func @broadcast_operands(
// CHECK-LABEL: func.func @jax_dense(

// MLIR-LABEL: func.func @transposed(
// MLIR-NOT: linalg.generic
// MLIR: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<7x5xf32>, tensor<3x7xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// MLIR-NOT: linalg.generic
// MLIR-LABEL: func.func @batch_matmul(

// NAMED-LABEL: func.func @transposed(
// NAMED: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<7x5xf32>, tensor<3x7xf32>)
// NAMED-LABEL: func.func @batch_matmul(
// NAMED: linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%{{.*}} : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// NAMED-LABEL: func.func @matmul_dynamic(
// NAMED: linalg.matmul ins(%arg0, %arg1 : tensor<?x16xf32>, tensor<16x?xf32>) outs(%{{.*}} : tensor<?x?xf32>) -> tensor<?x?xf32>
// NAMED-LABEL: func.func @element_types(
// NAMED: linalg.matmul_transpose_b ins(%arg2, %arg2 : tensor<4x6xi8>, tensor<4x6xi8>) outs(%{{.*}} : tensor<4x4xi32>) -> tensor<4x4xi32>
// NAMED: linalg.matmul_transpose_b ins(%arg3, %arg3 : tensor<4x6xf16>, tensor<4x6xf16>) outs(%{{.*}} : tensor<4x4xf32>) -> tensor<4x4xf32>
// NAMED-LABEL: func.func @dense(
// NAMED: linalg.matmul ins(%arg0, %arg1 : tensor<5x7xf32>, tensor<7x3xf32>) outs(%{{.*}} : tensor<5x3xf32>) -> tensor<5x3xf32>
