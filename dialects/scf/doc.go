// Package scf declares the part of MLIR's structured control flow dialect
// that bcast-opt generates: scf.if and its terminator scf.yield, with
// MLIR's syntax so that mlir-opt-19 reads what we print:
//
//	%r = scf.if %c -> (tensor<?x?xf32>) {
//	  ...
//	  scf.yield %a : tensor<?x?xf32>
//	} else {
//	  ...
//	  scf.yield %b : tensor<?x?xf32>
//	}
//
// linalg-version-broadcasts (../linalg/transforms) selects one version of
// a kernel per run-time broadcast pattern with a nest of scf.if. Importing
// the package registers the ops; NewIf and NewYield are the Go API passes
// build them with.
//
// It owns the two ops (syntax, verifiers, the canonicalization of a
// constant condition) and their builders. It depends on ir only and knows
// nothing about broadcasting or any pass: the passes that build scf.if and
// the code that runs it (interp, lower/llvm) use it, never the other way
// round.
//
// # Differences from MLIR
//
//   - scf.for, scf.while, scf.parallel, scf.index_switch and
//     scf.execute_region are not modelled (scf.yield's parent check still
//     names them, as MLIR's does).
//   - An scf.if without results is printed with its (empty) scf.yield in
//     each block; MLIR elides that terminator. Both forms parse, and
//     mlir-opt-19 reads either.
//   - Canonicalization only folds a constant condition (MLIR's
//     RemoveStaticCondition); MLIR's other scf.if patterns (unused
//     results, if-to-select, nested-if merging) are not implemented.
package scf
