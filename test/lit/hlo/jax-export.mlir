// RUN: bcast-opt %s --split-input-file | FileCheck %s
// RUN: bcast-opt %s --split-input-file --mlir-print-op-generic | bcast-opt --split-input-file | FileCheck %s
// RUN: bcast-opt %s --split-input-file | bcast-opt --split-input-file | FileCheck %s
//
// StableHLO text as JAX exports it parses, verifies and round trips: module
// attributes, argument and result attributes, `loc(...)` trailers and
// `#loc` aliases (defined after their use, as MLIR prints them), hex dense
// constants, multi-result calls and the check.expect_close custom call.
// Output keeps every attribute and uses the hlo. names; locations are
// accepted and not printed.

// jax.export(jax.jit(lambda x, b: jax.nn.relu(x + b))), with debug info.

#loc1 = loc("x")
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"} loc("x"), %arg1: tensor<3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"} loc("b")) -> (tensor<2x3xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32> loc(#loc5)
    %1 = stablehlo.add %arg0, %0 : tensor<2x3xf32> loc(#loc5)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32> loc(#loc6)
    %3 = stablehlo.maximum %1, %2 : tensor<2x3xf32> loc(#loc6)
    return %3 : tensor<2x3xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/tmp/f.py":4:0)
#loc3 = loc("<lambda>"(#loc2))
#loc4 = loc("/tmp/f.py":9:0)
#loc5 = loc("jit(<lambda>)/jit(main)/add"(#loc3))
#loc6 = loc(callsite(#loc3 at #loc4))

// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: func.func @main(%[[X:[a-z0-9]+]]: tensor<2x3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"}, %[[B:[a-z0-9]+]]: tensor<3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"}) -> (tensor<2x3xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
// CHECK-NEXT: %[[BB:.*]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[SUM:.*]] = hlo.add %[[X]], %[[BB]] : tensor<2x3xf32>
// CHECK-NEXT: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[ZB:.*]] = hlo.broadcast_in_dim %[[ZERO]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = hlo.maximum %[[SUM]], %[[ZB]] : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: loc(

// -----

// The same function in the form of StableHLO's interpreter test data:
// @main calls @inputs and @expected, which return hex constants, and checks
// its result with check.expect_close. The broadcasting add is written
// with implicit broadcasting here, and relu as compare + select.

module @jit_main attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<8x16xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0:2 = call @inputs() : () -> (tensor<8x16xf32>, tensor<16xf32>) loc(#loc)
    %1 = call @expected() : () -> tensor<8x16xf32> loc(#loc)
    %2 = chlo.broadcast_add %0#0, %0#1 : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32> loc(#loc2)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)
    %3 = chlo.broadcast_compare %2, %cst {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xi1> loc(#loc2)
    %4 = stablehlo.select %3, %2, %cst : (tensor<8x16xi1>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32> loc(#loc2)
    stablehlo.custom_call @check.expect_close(%4, %1) {has_side_effect = true} : (tensor<8x16xf32>, tensor<8x16xf32>) -> () loc(#loc)
    return %4 : tensor<8x16xf32> loc(#loc)
  } loc(#loc)
  func.func private @inputs() -> (tensor<8x16xf32> {mhlo.layout_mode = "default"}, tensor<16xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<"0x0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF"> : tensor<8x16xf32> loc(#loc)
    %cst_0 = stablehlo.constant dense<"0x000040BF0000003F00000000000000BF0000403F0000803E000080BE000040BF0000003F00000000000000BF0000403F0000803E000080BE000040BF0000003F"> : tensor<16xf32> loc(#loc)
    return %cst, %cst_0 : tensor<8x16xf32>, tensor<16xf32> loc(#loc)
  } loc(#loc)
  func.func private @expected() -> (tensor<8x16xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<"0x000000000000603F000000000000003F0000203F000000000000803E000000000000D03F00000000000000000000B03F000000000000803F0000000000000000000000000000003E0000B03F00000000000000000000903F00000000000000000000603F000000000000003F0000203F000000000000803E000000000000D03F00000000000000000000203F00000000000000400000C03E00000000000000000000003E0000B03F00000000000000000000903F00000000000000000000603F000000000000C03F00000000000000000000A03F000000000000603F00000000000000000000203F00000000000000400000C03E00000000000000000000003E0000203F0000403F000000000000C03E0000003F000000000000003E000000000000C03F00000000000000000000A03F000000000000603F000000000000000000000000000000000000A03F00000000000000000000803F000000000000203F0000403F000000000000C03E0000003F000000000000003E000000000000C03F00000000000000000000003F000000000000F03F0000803E0000000000000000000000000000A03F00000000000000000000803F000000000000203F0000403F000000000000B03F00000000000000000000903F000000000000403F00000000000000000000003F000000000000F03F0000803E000000000000000000000000"> : tensor<8x16xf32> loc(#loc)
    return %cst : tensor<8x16xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("/tmp/f.py":12:0)
#loc2 = loc("jit(main)/relu"(#loc1))

// CHECK-LABEL: module @jit_main attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: func.func @main() -> (tensor<8x16xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
// CHECK-NEXT: %[[IN:.*]]:2 = call @inputs() : () -> (tensor<8x16xf32>, tensor<16xf32>)
// CHECK-NEXT: %[[EXP:.*]] = call @expected() : () -> tensor<8x16xf32>
// CHECK-NEXT: %[[SUM:.*]] = hlo.add %[[IN]]#0, %[[IN]]#1 : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[POS:.*]] = hlo.compare GT, %[[SUM]], %[[ZERO]], FLOAT : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xi1>
// CHECK-NEXT: %[[RELU:.*]] = hlo.select %[[POS]], %[[SUM]], %[[ZERO]] : (tensor<8x16xi1>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
// CHECK-NEXT: hlo.custom_call @check.expect_close(%[[RELU]], %[[EXP]]) {has_side_effect = true} : (tensor<8x16xf32>, tensor<8x16xf32>) -> ()
// CHECK-NEXT: return %[[RELU]] : tensor<8x16xf32>
// CHECK-NEXT: }
// Constants of more than a few elements stay hex (as mlir-opt prints
// them); small ones become lists.
// CHECK-NEXT: func.func private @inputs() -> (tensor<8x16xf32> {mhlo.layout_mode = "default"}, tensor<16xf32> {mhlo.layout_mode = "default"}) {
// CHECK-NEXT: %[[X:.*]] = hlo.constant dense<"0x0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF0000A03F0000003E000080BF0000403F0000C0BE0000B03F0000803E000060BF0000603F000080BE0000B0BF0000C03E000040BF0000803F000000BE0000A0BF0000003F000020BF0000903F00000000000090BF0000203F000000BF"> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.constant dense<[-7.500000e-01, 5.000000e-01, 0.000000e+00, -5.000000e-01, 7.500000e-01, 2.500000e-01, -2.500000e-01, -7.500000e-01, 5.000000e-01, 0.000000e+00, -5.000000e-01, 7.500000e-01, 2.500000e-01, -2.500000e-01, -7.500000e-01, 5.000000e-01]> : tensor<16xf32>
// CHECK-NEXT: return %[[X]], %[[B]] : tensor<8x16xf32>, tensor<16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @expected() -> (tensor<8x16xf32> {mhlo.layout_mode = "default"}) {
// CHECK-NEXT: %[[E:.*]] = hlo.constant dense<"0x000000000000603F000000000000003F0000203F000000000000803E000000000000D03F00000000000000000000B03F000000000000803F0000000000000000000000000000003E0000B03F00000000000000000000903F00000000000000000000603F000000000000003F0000203F000000000000803E000000000000D03F00000000000000000000203F00000000000000400000C03E00000000000000000000003E0000B03F00000000000000000000903F00000000000000000000603F000000000000C03F00000000000000000000A03F000000000000603F00000000000000000000203F00000000000000400000C03E00000000000000000000003E0000203F0000403F000000000000C03E0000003F000000000000003E000000000000C03F00000000000000000000A03F000000000000603F000000000000000000000000000000000000A03F00000000000000000000803F000000000000203F0000403F000000000000C03E0000003F000000000000003E000000000000C03F00000000000000000000003F000000000000F03F0000803E0000000000000000000000000000A03F00000000000000000000803F000000000000203F0000403F000000000000B03F00000000000000000000903F000000000000403F00000000000000000000003F000000000000F03F0000803E000000000000000000000000"> : tensor<8x16xf32>
// CHECK-NEXT: return %[[E]] : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: loc(

// -----

// Other location forms JAX emits (file ranges, fused locations with and
// without metadata), an argument with a location but no attributes, and
// the Sharding custom call with discardable attributes.

module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.tanh %arg0 : tensor<4xf32> loc(#loc3)
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32> loc(#loc4)
    return %1 : tensor<4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("/tmp/g.py":4:0 to 5:2)
#loc2 = loc("/tmp/g.py":9:0)
#loc3 = loc(fused[#loc1, #loc2])
#loc4 = loc(fused<"jax">["sharding", #loc1])

// CHECK-LABEL: module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: func.func @main(%[[X:[a-z0-9]+]]: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT: %[[T:.*]] = hlo.tanh %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = hlo.custom_call @Sharding(%[[T]]) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[S]] : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: loc(
