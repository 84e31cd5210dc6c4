// RUN: not bcast-opt %s --split-input-file --pipeline=cpu --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not bcast-opt %s --split-input-file --hlo-legalize-to-linalg --allow-unregistered-dialect 2>&1 | FileCheck %s
//
// hlo-legalize-to-linalg's legality check: an hlo op that no conversion
// lowers stops the pass (and --pipeline=cpu, with exit status 1) at the
// op, instead of being left for LLVM emission to refuse. A custom call
// says what to do about it.

// CHECK: no-lowering.mlir:[[@LINE+2]]:3: error: 'hlo.custom_call' op has no lowering to linalg: custom call @my_kernel is not one bcast-opt knows (only @shape_assertion is lowered); remove the call or write what it computes in hlo ops
func.func @unknown_target(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @my_kernel(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.add %0, %a : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK: no-lowering.mlir:[[@LINE+3]]:3: error: 'hlo.custom_call' op has no lowering to linalg: @check.expect_eq is a test assertion that only the interpreter runs (bcast-run --interp); remove it to compile the program
func.func @test_assertion(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.exponential %a : tensor<4xf32>
  hlo.custom_call @check.expect_eq(%0, %a) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return %0 : tensor<4xf32>
}

// -----

// An hlo op nothing registers (generic form) has no conversion either.
// CHECK: no-lowering.mlir:[[@LINE+2]]:3: error: 'hlo.frobnicate' op has no lowering to linalg
func.func @unregistered(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "hlo.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A sharding annotation whose result is not its operand's type (a real
// split across devices) cannot be the identity on one device.
// CHECK: no-lowering.mlir:[[@LINE+2]]:3: error: 'hlo.custom_call' op has no lowering to linalg: @SPMDFullToShardShape on one device is its operand, so it needs one operand and one result of the same type
func.func @shard(%a: tensor<8xf32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @SPMDFullToShardShape(%a) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

