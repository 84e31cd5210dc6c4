// Package lit runs the project's lit-style tests: every .mlir file under
// this directory, through bcast-opt and FileCheck run in-process.
//
// It owns the .mlir tests (one directory per dialect or stage), the tools
// and features a RUN line may use (TestLit: bcast-opt is driver.Main,
// FileCheck is test/filecheck, optionally cross-checked against LLVM's;
// mlir-opt-19, opt and llc run when installed) and TestDiagnosticsPinned,
// which requires every diagnostic format of ir/ and dialects/ to appear in
// an expected-error or expected-note directive here (docs/SPEC.md §8).
//
// It has tests only (this file gives the package its comment) and nothing
// imports it. The runner and FileCheck are test/litrun's and
// test/filecheck's. The tests reach bcast-opt through driver.Main as the
// binary would; only the messages no text input can produce are made
// through the IR and dialect Go APIs.
package lit
