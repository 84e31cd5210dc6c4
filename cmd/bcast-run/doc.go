// Command bcast-run compiles an MLIR file through the CPU pipeline, links it
// with the system LLVM tools and runs its entry function on .npy inputs (or
// interprets it with --interp). See package runner.
//
// The command owns only the process: main exits with runner.Main's
// status. Flags, compiling, running and printing are package runner's,
// which the tests run in-process; main must not add behaviour of its own.
package main
