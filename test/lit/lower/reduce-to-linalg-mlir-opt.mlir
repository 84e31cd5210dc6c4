// REQUIRES: mlir-opt
// RUN: bcast-opt %S/reduce-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/reduce-to-linalg.mlir --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/reduce-to-linalg.mlir --split-input-file --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --linalg-fuse-elementwise-ops --canonicalize | FileCheck %s --check-prefix=MLIR
//
// The linalg that hlo.reduce and hlo.reduce_window become
// (reduce-to-linalg.mlir beside this file), after hlo-legalize-to-linalg
// and after --pipeline=cpu, is accepted by the real mlir-opt: linalg.fill
// in its named-op form, generics with reduction iterators, several outs,
// maps to rank 0, masked window bodies. MLIR's own elementwise fusion
// and canonicalization take it too, and fuse argmax's iota into the
// reduction (its index read in the body with linalg.index), as ours does.

// CHECK-LABEL: func.func @sum(
// CHECK-LABEL: func.func @dims_out_of_order(
// CHECK-LABEL: func.func @dynamic(
// CHECK-LABEL: func.func @all_dims(
// CHECK-LABEL: func.func @no_dims(
// CHECK-LABEL: func.func @empty_dim(
// CHECK-LABEL: func.func @region_body(
// CHECK-LABEL: func.func @argmax(
// CHECK-LABEL: func.func @broadcast_kept(
// CHECK-LABEL: func.func @broadcast_reduced(
// CHECK-LABEL: func.func @cumsum(
// CHECK-LABEL: func.func @cummax_reverse(
// CHECK-LABEL: func.func @max_pool(
// CHECK-LABEL: func.func @dilations(
// CHECK-LABEL: func.func @strided(
// CHECK-LABEL: func.func @cummin_init_argument(

// MLIR-LABEL: func.func @argmax(
// MLIR-NOT: tensor<18x12xi32>
// MLIR: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<18x12xf32>) outs(%{{.*}}, %{{.*}} : tensor<18xf32>, tensor<18xi32>)
// MLIR: linalg.index 1 : index
// MLIR: arith.select
// MLIR-LABEL: func.func @cumsum(
// MLIR: linalg.fill
// MLIR: arith.cmpi sle
