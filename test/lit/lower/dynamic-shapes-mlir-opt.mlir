// REQUIRES: mlir-opt
// RUN: bcast-opt %S/dynamic-shapes.mlir --split-input-file --inline --hlo-legalize-broadcasts --hlo-legalize-to-linalg | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
// RUN: bcast-opt %S/dynamic-shapes.mlir --split-input-file --pipeline=cpu | mlir-opt-19 --split-input-file --verify-roundtrip | FileCheck %s
//
// What hlo.dynamic_iota and hlo.real_dynamic_slice become (the JAX
// exports of dynamic-shapes.mlir beside this file), right after
// hlo-legalize-to-linalg and after --pipeline=cpu, is accepted by the real
// mlir-opt: the scalarized shapes, cf.assert, tensor.extract_slice with a
// computed size and stride, and the generics.

// CHECK-LABEL: func.func @main(
// CHECK: linalg.index 0

// CHECK-LABEL: func.func @main(
// CHECK: cf.assert
// CHECK: tensor.extract_slice %arg0[1] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>

// CHECK-LABEL: func.func @main(
// CHECK: tensor.extract_slice %arg0[0] [%{{.*}}] [2] : tensor<?xf32> to tensor<?xf32>

// CHECK-LABEL: func.func @iota_2d(
// CHECK: linalg.index 1
