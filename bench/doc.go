// Command bench runs the kernel benchmarks of docs/SPEC.md §9 and writes
// bench/RESULTS.md and bench/chart.svg. From the repository root:
//
//	go run ./bench                      # all workloads, 9 rounds
//	go run ./bench --quick              # 3 rounds, for a first look
//	go run ./bench --workloads W1,W5u --rounds 15 --out-dir /tmp/b
//
// What is here:
//
//   - workloads/W1.mlir .. W5.mlir: the workloads in StableHLO/CHLO, the
//     input of bcast-opt (W5u is the W5 kernel called with X 4096x1).
//   - workloads/W1j.mlir, W3j.mlir: W1 and W3 as jax.export writes them
//     with a symbolic batch dim (@main with shape assertions calling
//     @_wrapped_jax_export_main). The harness runs them on W1's and W3's
//     inputs beside their static twin's kernel ("twin"), and compares the
//     two outputs bit for bit.
//   - c/bench.h: the one calling convention of every implementation.
//   - c/loops.c: the hand-written fused C loops (gcc -O3 -march=native
//     -ffp-contract=off), the reference the others are checked against.
//   - c/ours.c: adapters to bcast-opt's kernels through their C ABI.
//   - c/harness.c: for one workload, allocates the inputs, checks every
//     implementation's output against the C loop's, then times them all in
//     interleaved rounds in one process and prints medians as
//     `result workload=W1 impl=ours median_ms=...` lines.
//   - numpy_bench.py: the idiomatic numpy expression of each workload.
//   - mlir19/: the real MLIR 19 pipeline's kernels (package mlir19; the
//     harness links them when they build and prints n/a otherwise).
//   - compilespeed/: the compile-speed section appended to RESULTS.md
//     (package compilespeed; --compile=false leaves it out).
//   - this command: builds bcast-opt's kernels in-process (each @Wn as
//     @bcastopt_Wn, since the MLIR 19 objects define Wn; a JAX export's
//     @main as @bcastopt_W1j, ...), counts the linalg.generic ops of each
//     kernel's --pipeline=cpu output (kernels.go), compiles and links the
//     harness, runs it per workload, runs numpy, and renders the Markdown
//     tables (the JAX exports against their twins in a table of their own)
//     and the SVG chart (report.go, chart.go).
//
// The harness and this command own bench/c, bench/numpy_bench.py and the
// files they write; they must not touch the workloads, bench/mlir19 or
// bench/compilespeed. No timing happens in `go test`: the tests here
// render fixed numbers, and a smoke test that builds and runs the harness
// for one round only runs when BCAST_BENCH_SMOKE=1 and gcc is installed.
package main
