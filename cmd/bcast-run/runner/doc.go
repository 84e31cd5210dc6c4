// Package runner is bcast-run's command line: it compiles an MLIR file
// through the CPU pipeline, links it with the system LLVM tools and the C
// compiler into a small executable together with a generated C driver,
// and runs the entry function on `.npy` inputs; or, with --interp, runs
// the reference interpreter on the original module instead.
//
// It is a library so that tests can run it in-process; the bcast-run
// binary is a thin main around Main.
//
// It owns the command's flags, messages and exit status, the checks of
// `.npy` inputs against the entry's argument types, and the printing of
// results: as numpy prints arrays (arrayprint.go, floatformat.go, checked
// against numpy by arrayprint_test.go), or as MLIR with --print-mlir; and
// the progress line on a terminal's stderr (progress.go). --max-memory
// (size.go) is the interpreter's allocation limit
// (interp.Options.MaxMemory); the native side's allocation failures are
// the generated C driver's (lower/llvm). The C driver that runs the kernels, and the Go side that
// writes its inputs and reads its results, are lower/llvm's (CDriver,
// RunDriverCalls), shared with the native tests.
// Compiling goes through package compiler (the pipeline, LLVM IR, the C
// header, and the system tools: compiler.FindToolchain, whose choice the
// --clang, --opt, --llc and --cc flags steer; the LLVM IR carries the
// host's CPU and features as function attributes, so the tools are given
// no -march), interpreting through package interp. Native code runs on
// --threads threads (default: the CPUs the process may use): more than
// one compiles the parallel form (compiler.Options.Threads) and has the
// driver call its NAME_threads entry; one compiles the single-thread
// form. It must not hold compiler logic of its own (passes,
// lowering, tool selection) nor change the IR beyond running the named
// pipeline on it.
package runner
