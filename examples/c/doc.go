// Package c holds the C example: main.c calls the kernel @dynamic of
// examples/relu_bias.mlir (relu(x + b) with implicit broadcasting on
// dynamic shapes) through its C ABI (lower/llvm/doc.go). Its test builds
// and runs it: it compiles examples/relu_bias.mlir through the CPU
// pipeline to LLVM IR and a C header with the bcast-opt driver, links
// main.c against the kernels and checks what the program prints,
// including the error path.
//
// The package has no Go code (this file gives it its comment); main.c is
// `//go:build ignore` so that the go tool does not take the directory for
// a cgo package. It owns the example and its expected output. It uses
// bcast-opt as a user would, through the driver and the generated header,
// and must not reach into the compiler's packages; nothing imports it.
package c
