// Command bench runs the kernel benchmarks of docs/SPEC.md §9 and writes
// bench/RESULTS.md and bench/chart.svg. From the repository root:
//
//	go run ./bench                      # all workloads, 9 rounds
//	go run ./bench --quick              # 3 rounds, for a first look
//	go run ./bench --workloads W1,W5u --rounds 15 --out-dir /tmp/b
//	go run ./bench --offset 16          # buffers aligned to 16 bytes only, as numpy's
//	go run ./bench --bcast-run          # W1..W5u through bcast-run --bench against C
//
// What is here:
//
//   - workloads/W1.mlir .. W5.mlir: the workloads in StableHLO/CHLO, the
//     input of bcast-opt (W5u is the W5 kernel called with X 4096x1).
//   - workloads/W6.mlir, W7.mlir: softmax (jax.nn.softmax) and layer norm
//     over the rows of a 4096x4096 X as jax.export writes them for static
//     shapes (@main with stablehlo.reduce, broadcast_in_dim, exponential,
//     divide, rsqrt). They only compile once bcast-opt has reductions
//     (issue 14); until then "ours" is n/a in their rows, the note says
//     why, and everything else still runs. RESULTS.md has a section with
//     issue 14's targets for them (ours <= 1.3x the roofline, <= 0.5x
//     MLIR 19, numpy/ours >= 5).
//   - workloads/W8.mlir, W9.mlir: the contractions of issue 15, JAX
//     exports with static shapes: a dense layer relu(x @ W + b) (x and W
//     1024x1024) and an attention head softmax(q k^T / 8) v (batch 8,
//     sequence 512, head dim 64). RESULTS.md gives them a GFLOP/s table
//     (the harness prints each one's flops), with numpy on OpenBLAS
//     single-threaded and their contractions alone through OpenBLAS
//     (impl "openblas": W8's `x @ w`, W9's two batched matmuls
//     `(q @ k^T) @ v` without the softmax). numpy's matmul is OpenBLAS only when Debian's
//     libopenblas0-pthread is installed (apt-get install
//     libopenblas0-pthread; `PYENV_VERSION=system python3 -c "import
//     numpy; numpy.show_config()"` shows the BLAS); this command runs
//     numpy with OPENBLAS_NUM_THREADS=1 and without the OPENBLAS_CORETYPE
//     and OPENBLAS_L2_SIZE this workplace sets for older builds. MLIR 19:
//     bench/mlir19/W8.mlir and W9.mlir (tosa.matmul).
//   - workloads/W1j.mlir, W3j.mlir, W9j.mlir: W1, W3 and W9 as jax.export
//     writes them with a symbolic batch dim (@main with shape assertions
//     calling @_wrapped_jax_export_main). The harness runs them on W1's,
//     W3's and W9's inputs beside their static twin's kernel ("twin"), and compares the
//     two outputs bit for bit.
//   - c/bench.h: the one calling convention of every implementation.
//   - c/loops.c: the hand-written fused C loops (gcc -O3 -march=native
//     -ffp-contract=off; libm's expf for W6), the reference the others
//     are checked against: per element, |out - C| <= max(atol, rtol |C|),
//     1e-6 and 1e-6 for the elementwise workloads (bit for bit in
//     practice), and looser for W6 and W7, whose row sums each
//     implementation may reassociate (harness.c states the values and
//     why; RESULTS.md lists them with the largest differences measured).
//   - c/ours.c: adapters to bcast-opt's kernels through their C ABI: the
//     single-thread form (@bcastopt_Wn) and the parallel form
//     (`--emit=llvm --threads`, @bcastopt_mt_Wn_threads with the thread
//     count) of the multi-thread columns.
//   - the multi-thread columns ("All cores" in RESULTS.md): ours in the
//     parallel form ("ours_mt"), the C loops of loops.c built again with
//     `gcc -fopenmp -DBENCH_OMP` ("c_omp": each outermost loop is
//     `#pragma omp parallel for`; left out, with a note, when gcc cannot
//     link OpenMP), both on the harness's --threads threads (default: the
//     CPUs it may run on), and numpy_bench.py --mt ("numpy_mt") with
//     OPENBLAS_NUM_THREADS set to the cores. The single-thread columns
//     stay as they are.
//   - c/harness.c: for one workload, allocates the inputs, checks every
//     implementation's output against the C loop's, then times them all in
//     interleaved rounds in one process (each timed call right after an
//     untimed one of the same implementation) and prints medians as
//     `result workload=W1 impl=ours median_ms=...` lines. With --dump it
//     writes its inputs and C's output as .npy arrays to stdout instead;
//     with --driver-bench N it times the C loop alone as bcast-run's driver
//     times a kernel; --offset B places its buffers as malloc does, off
//     cache-line boundaries (input k (k+1)*B mod 64 bytes past one, the
//     outputs B).
//   - numpy_bench.py: the idiomatic numpy expression of each workload,
//     timed; with --check it reads a harness --dump from a pipe and checks
//     the C loop against numpy on the harness's inputs, with the
//     harness's tolerance (this command does so for every workload before
//     timing numpy; a mismatch stops the run, as a failed check of ours
//     does).
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
//     and the SVG chart (report.go, chart.go). Our kernels are compiled
//     as bcast-run compiles them (compiler.Toolchain.CompileLLVM, with no
//     -march: the IR's "target-cpu" attribute is the host's), so the
//     tables show what bcast-run and `--emit=llvm` + clang or llc give.
//   - --bcast-run (bcastrun.go): the elementwise workloads through
//     bcast-run itself, as a user runs them, `bcast-run W.mlir --bench 10
//     --threads 1` (one thread, as the C loop) on the harness's inputs
//     (--dump), against `harness W --driver-bench
//     10`, alternating which runs first from round to round; bcast-run's
//     output is checked against C's, and the ratios are printed (no
//     RESULTS.md).
//
// The harness and this command own bench/c, bench/numpy_bench.py and the
// files they write; they must not touch the workloads, bench/mlir19 or
// bench/compilespeed. No timing happens in `go test`: the tests here
// render fixed numbers, and a smoke test that builds and runs the harness
// for one round only runs when BCAST_BENCH_SMOKE=1 and gcc is installed.
package main
