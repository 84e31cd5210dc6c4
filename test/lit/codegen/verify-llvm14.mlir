// The LLVM IR of --emit=llvm passes LLVM 14's verifier and code generator,
// for x86-64 and AArch64 (the kernels are those of relu-bias.mlir and
// kernels.mlir: static and dynamic shapes, versions, intermediate buffers,
// i1 and i32 and f64 elements, rank 0, several results), every hlo op
// (hlo_ops.mlir), the vector and streaming-store code (vector.mlir),
// reductions over every dim pattern (reductions.mlir), the vectorized
// f32 math (vecmath.mlir), and softmax and layer norm (examples/softmax.mlir,
// bench's W6 and W7).
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
