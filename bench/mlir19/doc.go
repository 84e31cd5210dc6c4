// Package mlir19 is the benchmark baseline built with the real MLIR 19
// tools: the static workloads of docs/SPEC.md §9 (W1-W9) written as an
// MLIR 19 user would write them, compiled by mlir-opt-19's standard TOSA → linalg →
// bufferization → LLVM pipeline, and wrapped in the harness's calling
// convention (bench/c/bench.h), so the harness can time MLIR's kernel beside
// bcast-opt's and a hand-written C loop.
//
// It owns bench/mlir19: W1.mlir .. W9.mlir, wrap.c, the Pipeline table and
// testdata/check.c. It must not touch the rest of the repository, and
// bcast-opt's own compiler is not involved anywhere here.
//
// # The kernels
//
// Each Wn.mlir is TOSA (tosa.add, tosa.maximum, tosa.mul with shift 0,
// tosa.sub, tosa.const), with the tosa.reshape that TOSA requires to give
// every elementwise operand the result's rank; W5 uses ? for every dim
// (and new_shape -1 in its reshape). W6 (softmax) adds tosa.reduce_max,
// tosa.exp, tosa.reduce_sum and tosa.reciprocal (TOSA has no float
// divide); W7 (layer norm) tosa.reduce_sum, a multiply by 1/4096 (exactly
// the division by the row length) and tosa.rsqrt; W8 (dense layer)
// tosa.matmul on the operands reshaped to a batch of one, which
// tosa-to-linalg-named makes a linalg.batch_matmul into a zero fill and
// convert-linalg-to-loops a plain loop nest (each element summed in k's
// order, which testdata/check.c's reference repeats); W9 (attention) k
// transposed by tosa.transpose, tosa.matmul, a multiply by 0.125, W6's
// softmax over the last dim and tosa.matmul with v. TOSA's reductions keep
// the reduced dim (4096x1), which the following ops broadcast. Each file holds two functions, both
// with llvm.emit_c_interface so that _mlir_ciface_Wn and _mlir_ciface_Wn_dps
// take memref descriptors:
//
//   - @Wn returns its result tensor. Bufferized, that is a memref the
//     kernel mallocs (64-byte aligned) and hands to the caller.
//   - @Wn_dps takes the output as a memref argument and ends with
//     bufferization.materialize_in_destination ... restrict writable; with
//     eliminate-empty-tensors the fused loop stores straight into it.
//
// wrap.c's mlir_Wn calls Wn_dps and is the variant to time (kernel against
// kernel). mlir_Wn_ret calls Wn, memcpys the returned buffer into the
// harness's out and frees it: the copy, and the page faults of a fresh
// 64 MB malloc (glibc serves it with mmap and returns it with munmap on
// every call), are what MLIR's default calling convention costs a caller
// that owns its output buffer (several times the dps time in our runs).
//
// # The pipeline
//
// Pipeline lists every mlir-opt-19 pass in order, with why it is there
// (TOSAToLinalg, then LinalgToLLVM, which passes/cpu_pipeline_mlir19_test.go
// also runs on bcast-opt's output); PassPipeline renders it as one
// --pass-pipeline (mlir-opt does not nest command-line pass flags under
// func.func by itself):
//
//	func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, tosa-to-tensor)
//	canonicalize, linalg-fuse-elementwise-ops, linalg-fold-unit-extent-dims,
//	canonicalize, cse, eliminate-empty-tensors, empty-tensor-to-alloc-tensor,
//	one-shot-bufferize{bufferize-function-boundaries
//	                   function-boundary-type-conversion=identity-layout-map},
//	func.func(buffer-hoisting, buffer-loop-hoisting), drop-equivalent-buffer-results,
//	ownership-based-buffer-deallocation, canonicalize,
//	buffer-deallocation-simplification, bufferization-lower-deallocations,
//	convert-bufferization-to-memref, cse, canonicalize, convert-linalg-to-loops,
//	convert-scf-to-cf, expand-strided-metadata, lower-affine,
//	finalize-memref-to-llvm, convert-arith-to-llvm, convert-math-to-llvm,
//	convert-index-to-llvm, convert-func-to-llvm, convert-cf-to-llvm,
//	reconcile-unrealized-casts
//
// then mlir-translate-19 --mlir-to-llvmir (ToLLVMCommands stops here),
// opt-19 -O3 -mtriple=<host> -mcpu=native and llc-19 -O3 -mcpu=native
// -relocation-model=pic -filetype=obj. opt gets -mcpu=native too: without
// it the loop vectorizer only sees SSE2 and emits 128-bit vectors, which
// llc cannot widen, and the baseline is meant to be as strong as MLIR 19
// gets. The vectorization is LLVM's: the pipeline ends linalg at scalar
// loops, as MLIR's own CPU examples do; LLVM adds run-time alias checks,
// because MLIR marks no pointer noalias.
//
// What comes out, checked in the lowered IR:
//
//   - W1-W4: one fused loop nest per kernel, no temporaries; unit dims are
//     folded away (W2 reads a and b as 4096-vectors). W4's scalars are
//     loaded inside the loop (LLVM hoists them after its alias check).
//     tosa.maximum becomes arith.maximumf, i.e. llvm.intr.maximum with
//     NaN propagation, which costs a few instructions more than maxps but
//     nothing in these memory-bound loops.
//   - W5: tosa-to-linalg cannot know at compile time whether a dynamic dim
//     is 1, so for each operand it emits an scf.if on "dim == 1" whose
//     then-branch materializes the operand broadcast to the result shape
//     with a copying linalg.generic, then runs the fused add+max over the
//     (possibly copied) operands. After bufferization and buffer-hoisting
//     every call mallocs a rows x cols buffer for X's copy and a buffer
//     for b's copy (and copies b, 16 KB, once more for the expand_shape),
//     whether or not the branch runs, and frees them at the end.
//   - W5u (X 4096x1): the branch runs, so the kernel writes a 64 MB
//     broadcast copy of X (page-faulting a fresh mmap'ed buffer), then
//     reads it back while writing out: three passes over 64 MB where the C
//     loop makes one, plus the faults. @W5 additionally mallocs the result.
//   - W6: four loop nests, not fused across the reductions: the row max;
//     exp(x - max) into a 64 MB temporary (malloc'ed on every call); the
//     row sums of the temporary; temporary * (1 / sum), the reciprocal
//     computed per element because the fusion moved it into the
//     elementwise body. Every reduction is a scalar loop in order (LLVM
//     reassociates no float reduction without fast-math flags), and exp
//     is a call of libm's expf per element.
//   - W7: the row sums; x - mean into a 64 MB temporary; the row sums of
//     its squares; then (xc * rsqrt(var * 1/4096 + 1e-5)) * gamma + beta,
//     rsqrt (1 / sqrt) again computed per element.
//
// # Using it
//
// Available reports whether mlir-opt-19, mlir-translate-19, opt-19,
// llc-19, objcopy and a C compiler (gcc, cc or clang-19) are on PATH.
// BuildKernel(workload, dir) runs the whole chain for "W1".."W9" and
// leaves dir/mlir19_Wn.o, one relocatable object holding the kernel and
// wrap.c's adapter (gcc -O3 -march=native -DMLIR19_Wn) merged with cc -r;
// objcopy then keeps only mlir_Wn and mlir_Wn_ret global, so the MLIR
// symbols (W1, _mlir_ciface_W1, ...) cannot clash with another
// implementation's. It needs only malloc, free and memcpy; no MLIR
// runtime library.
//
// The sources are found through Dir, the directory of this package's
// source file as compiled in (runtime.Caller): the package is meant to be
// used from within the checkout (go test, go run of the harness), not
// from an installed binary moved elsewhere.
//
// The test builds every workload and runs testdata/check.c, which calls
// both variants once on the real shapes (W5 also as W5u) and compares
// them bit for bit with a plain C loop built with -ffp-contract=off (MLIR
// emits no fastmath flags, so nothing is contracted to FMA). For W6 and
// W7 that loop does what the lowered kernel does, in its order: sums in
// order from 0, the max from -FLT_MAX (tosa.reduce_max's init), libm's
// expf, x * (1 / sum), 1 / sqrtf for rsqrt; so they match bit for bit
// too. `check time
// N` also prints median times of the two variants and the C loop, called
// in turn N times.
package mlir19
