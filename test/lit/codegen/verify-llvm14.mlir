// The LLVM IR of --emit=llvm passes LLVM 14's verifier and code generator,
// for x86-64 and AArch64 (the kernels are those of relu-bias.mlir and
// kernels.mlir: static and dynamic shapes, versions, intermediate buffers,
// i1 and i32 and f64 elements, rank 0, several results), every hlo op
// (hlo_ops.mlir), the vector and streaming-store code (vector.mlir),
// reductions over every dim pattern (reductions.mlir), the vectorized
// f32 math (vecmath.mlir), softmax and layer norm (examples/softmax.mlir,
// bench's W6 and W7), and contraction chains with the AVX-512 micro-kernel
// (fused_hlo.mlir).
// REQUIRES: opt, llc
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm | llc -O2 -o %t.s
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/kernels.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/kernels.mlir --pipeline=cpu --emit=llvm | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/kernels.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../examples/relu_bias.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/hlo_ops.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/hlo_ops.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/hlo_ops.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/vector.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/vector.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/vector.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/reductions.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/reductions.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/reductions.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/vecmath.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/vecmath.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/vecmath.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../examples/softmax.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../examples/softmax.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../examples/softmax.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../bench/workloads/W6.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../bench/workloads/W6.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../bench/workloads/W6.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../bench/workloads/W7.mlir --pipeline=cpu --emit=llvm | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../bench/workloads/W7.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../bench/workloads/W7.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// The functions carry the CPU and its features as clang writes them, the
// host's by default, and LLVM 14 knows every name: it would warn of, and
// ignore, one it does not know: llc must print nothing.
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm | FileCheck %s --check-prefix=ATTRS
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm | llc -O2 -o %t.s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 --target-features=-avx512vl,+avx512vnni | llc -O2 -o %t.s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=x86-64-v3 | llc -O2 -o %t.s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: bcast-opt %S/relu-bias.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu --target-cpu=neoverse-n1 --target-features=+sve | llc -O2 -o %t.s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: bcast-opt %S/../../../lower/llvm/testdata/fused_hlo.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | opt -passes=verify -disable-output
// RUN: bcast-opt %S/../../../lower/llvm/testdata/fused_hlo.mlir --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu --target-cpu=skylake-avx512 | llc -O2 -o %t.s
// RUN: bcast-opt %S/../../../lower/llvm/testdata/fused_hlo.mlir --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | llc -O2 -o %t.s
// ATTRS: define i32 @{{[a-z0-9_]+}}({{.*}}) nounwind #0 {
// ATTRS: attributes #0 = { "target-cpu"="{{[a-z0-9_-]+}}" "target-features"="{{([+-][a-z0-9.-]+,)*[+-][a-z0-9.-]+}}" }
// QUIET-NOT: {{.}}
