// Package testdialect registers the `test` ops that tests use to exercise
// IR traits on their own, as MLIR's test dialect does. Only test code
// imports it; bcast-opt itself does not know these ops.
//
// It owns these ops (test.broadcastable, an op with only the
// Broadcastable trait) and depends on ir only. No non-test package may
// import it, package all included: the ops exist only in the tests that
// ask for them (ir's, and test/lit's in-process bcast-opt).
package testdialect
