// Package passtest holds what the tests of the passes share, in passes/
// and in the dialects' transforms (dialects/*/transforms): running one
// registered pass on a source text, and finding mlir-opt-19 to compare
// with.
//
// It is imported by tests only. It must not import the passes, the
// transforms or the driver (the packages whose tests use it), only the IR
// core; the test importing it registers the dialects and passes it needs.
package passtest
