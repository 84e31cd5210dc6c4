// Command bcast-run compiles an MLIR file through the CPU pipeline, links it
// with the system LLVM tools and runs its entry function on .npy inputs (or
// interprets it with --interp). See package runner.
package main

import (
	"os"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-run/runner"
)

func main() {
	os.Exit(runner.Main(os.Args[1:], os.Stdout, os.Stderr))
}
