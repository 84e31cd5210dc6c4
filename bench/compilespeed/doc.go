// Package compilespeed measures how fast bcast-opt compiles, for the
// "Compile speed" section of bench/RESULTS.md (docs/SPEC.md §9):
//
//  1. wall time of the built bcast-opt binary taking bench/workloads/Wn.mlir
//     to LLVM IR (`--pipeline=cpu --emit=llvm`) against mlir-opt-19 +
//     mlir-translate-19 on the equivalent MLIR inputs (the argv lists of
//     bench/mlir19.ToLLVMCommands), run interleaved, medians and ratios
//     per workload;
//  2. parse + verify + print throughput, in MB/s, of the generated 20 MB
//     module of internal/irgen (in process, through package ir, as
//     `go test ./ir -bench ParseVerifyPrint` measures it, with the garbage
//     collector set as the binary sets it, driver.TuneGC);
//  3. `bcast-opt --pipeline=cpu` on generated HLO modules of 1k, 10k,
//     100k and 200k ops (internal/irgen.HLO) in two shapes, many small
//     functions and one big function: median wall time and peak RSS of
//     the child process (getrusage), and the growth from one size to the
//     next (Nx for Nx more ops means linear).
//
// Peak RSS needs care: Linux charges a process with the peak RSS of the
// process it was forked from, and this one holds the 20 MB module. So the
// scaling runs go through a fresh copy of the running binary, which this
// package's init turns into a small runner when BCAST_COMPILESPEED_MEASURE
// holds a command line (see measured): any binary linking the package
// (bench/main.go, the cmd, the test) works.
//
// Run builds bcast-opt with `CGO_ENABLED=0 go build` (a static binary,
// as a release would be) into a temporary directory, so what is timed is
// what a user runs. It owns bench/compilespeed only; it
// reads the workloads and calls bench/mlir19 but changes neither.
// `go run ./bench/compilespeed/cmd` prints the section on its own.
package compilespeed
