package main

import (
	"github.com/bcast-opt/bcast-opt/bench/compilespeed"
	"github.com/bcast-opt/bcast-opt/bench/mlir19"
)

// mlirKernels builds the MLIR 19 pipeline's kernels: the object file of
// workload "W1".."W9" defines mlir_Wn with the bench.h signature. This is
// the API of package github.com/bcast-opt/bcast-opt/bench/mlir19.
type mlirKernels interface {
	// Available says why the kernels cannot be built here (no mlir-opt-19,
	// ...), or nil.
	Available() error
	// BuildKernel compiles one workload's kernel in dir.
	BuildKernel(workload, dir string) (objPath string, err error)
}

// mlir19Builder is what the benchmark uses to build the MLIR 19 kernels.
var mlir19Builder mlirKernels = mlir19Package{}

// mlir19Package is package bench/mlir19 as an mlirKernels.
type mlir19Package struct{}

func (mlir19Package) Available() error { return mlir19.Available() }

func (mlir19Package) BuildKernel(workload, dir string) (string, error) {
	return mlir19.BuildKernel(workload, dir)
}

// compileSpeed appends the compile-speed section (bcast-opt against
// mlir-opt + mlir-translate on the same kernels, parse/print throughput)
// to RESULTS.md.
var compileSpeed = compilespeed.Run
