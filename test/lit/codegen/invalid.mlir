// What --emit=llvm does not lower yet is an error at the op, not a crash.
// RUN: not bcast-opt %s --split-input-file --emit=llvm 2>&1 | FileCheck %s
// RUN: not bcast-opt %s --emit=llvm --target=riscv64-linux-gnu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not bcast-opt %s --emit=obj 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not bcast-opt %s --emit=llvm --target-cpu=skylak 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not bcast-opt %s --emit=llvm --target=x86_64-linux-gnu --target-cpu=znver4 2>&1 | FileCheck %s --check-prefix=CPU19
// RUN: not bcast-opt %s --emit=llvm --target=aarch64-linux-gnu --target-cpu=skylake 2>&1 | FileCheck %s --check-prefix=CPUARCH
// RUN: not bcast-opt %s --emit=llvm --target=x86_64-linux-gnu --target-features=+avx3 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not bcast-opt %s --emit=llvm --target=x86_64-linux-gnu --target-cpu=haswell --target-features=+avx512f 2>&1 | FileCheck %s --check-prefix=AVX512

// TARGET: bcast-opt: unsupported target "riscv64-linux-gnu": known targets are x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu
// EMIT: bcast-opt: unknown --emit=obj (known: mlir, llvm, c-header)
// CPU: bcast-opt: --target-cpu=skylak: unknown CPU for {{x86_64|aarch64}}
// CPU19: bcast-opt: --target-cpu=znver4: LLVM 19 knows this x86_64 CPU but LLVM 14 does not, and the output must be accepted by both (LLVM 14 ignores a CPU it does not know): name an older CPU and add what it lacks with --target-features; the nearest LLVM 14 knows is 'znver3'
// CPUARCH: bcast-opt: --target-cpu=skylake: unknown CPU for aarch64
// FEATURE: bcast-opt: --target-features: unknown feature "avx3" for x86_64 (LLVM 14 and 19 must both know it); did you mean '+avx'?
// AVX512: bcast-opt: --target-features=+avx512f: AVX-512 on --target-cpu=haswell, which has none, needs LLVM 19's evex512 feature

#id = affine_map<(d0) -> (d0)>
func.func @sum(%x: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: invalid.mlir:[[@LINE+1]]:3: error: linalg.generic output #0, whose indexing map (d0) -> (d0) uses reduction loop d0, is not lowered to LLVM IR (an output element must stay in place through the reduction loops)
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["reduction"]} ins(%x : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @slice(%x: tensor<2x4xf32>) -> tensor<4xf32> {
  // CHECK: invalid.mlir:[[@LINE+1]]:3: error: rank-reducing tensor.extract_slice is not lowered to LLVM IR yet
  %r = tensor.extract_slice %x[1, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: invalid.mlir:[[@LINE+1]]:1: error: @c: argument 0: element type complex<f16> has no C ABI yet (supported: f16, bf16, f32, f64, complex<f32>, complex<f64>, i1, i8-i64, si8-si64, ui8-ui64, index)
func.func @c(%x: tensor<4xcomplex<f16>>) -> tensor<4xcomplex<f16>> {
  return %x : tensor<4xcomplex<f16>>
}

// -----

// Complex values of other part types than f32 and f64 inside a kernel
// have no LLVM type: the first op with such values says so.
func.func @complex_inside(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  // CHECK: invalid.mlir:[[@LINE+1]]:3: error: 'tensor.empty' op has 'complex<f16>' values, which are not lowered to LLVM IR (complex<f32> and complex<f64> are)
  %0 = tensor.empty() : tensor<3xcomplex<f16>>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<3xf16>, tensor<3xf16>) outs(%0 : tensor<3xcomplex<f16>>) {
  ^bb0(%x: f16, %y: f16, %out: complex<f16>):
    %z = complex.create %x, %y : complex<f16>
    linalg.yield %z : complex<f16>
  } -> tensor<3xcomplex<f16>>
  %2 = tensor.empty() : tensor<3xf16>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1 : tensor<3xcomplex<f16>>) outs(%2 : tensor<3xf16>) {
  ^bb0(%z: complex<f16>, %out: f16):
    %m = complex.abs %z : complex<f16>
    linalg.yield %m : f16
  } -> tensor<3xf16>
  return %3 : tensor<3xf16>
}

// -----

func.func @shape_from_data(%n: tensor<index>) -> tensor<?xf32> {
  %i = tensor.extract %n[] : tensor<index>
  // CHECK: invalid.mlir:[[@LINE+1]]:3: error: 'tensor.empty' needs a value read from tensor data, so the result shapes of @shape_from_data cannot be computed from the argument shapes alone (not supported yet)
  %e = tensor.empty(%i) : tensor<?xf32>
  return %e : tensor<?xf32>
}
