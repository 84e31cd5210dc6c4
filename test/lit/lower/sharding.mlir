// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s
//
// JAX's sharding annotations (@Sharding, and @SPMDFullToShardShape /
// @SPMDShardToFullShape around shard_map) say how a value is split across
// devices; compiled for one device each is its operand, and the kernel
// fuses through it.

// CHECK-LABEL: func.func @main(
// CHECK-NOT: custom_call
// CHECK: linalg.generic
// CHECK: math.tanh
// CHECK-NEXT: math.exp
// CHECK-NOT: linalg.generic
module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.tanh %arg0 : tensor<4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.custom_call @SPMDFullToShardShape(%1) {mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.exponential %2 : tensor<4xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}
