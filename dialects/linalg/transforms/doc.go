// Package transforms holds the passes that rewrite linalg on tensors into
// linalg on tensors, after the conversion from hlo (MLIR's
// Dialect/Linalg/Transforms):
//
//   - linalg-fuse-elementwise-ops (fuse_elementwise*.go): elementwise
//     producer generics fuse into their consumers, elementwise or
//     reductions, one generic per kernel;
//   - linalg-version-broadcasts (version_broadcasts*.go): a generic that
//     reads a broadcast with could-be-1 dims gets one copy with static
//     indexing maps per run-time pattern, chosen by scf.if, and the
//     broadcasts go; it is the last pass that sees hlo, and an hlo op
//     left after it is an error (version_broadcasts_legality.go);
//   - linalg-fold-unit-extent-dims (fold_unit_extent_dims*.go): size-1
//     loop and operand dims disappear behind tensor reshapes.
//
// Each pass documents its differences from mlir-opt-19 on its PassInfo.
// Importing the package registers the passes with ir.RegisterPass;
// package passes imports it so that a named pipeline registers the
// passes it names.
//
// The package owns these passes and their helpers. It reads the IR that
// hlo-legalize-to-linalg (package lower) writes, and the one hlo op that
// conversion leaves on purpose, hlo.dynamic_broadcast_in_dim with
// could-be-1 dims, through the hlo dialect's API (hlo.BroadcastMap); it
// must not import the conversion itself, LLVM emission (lower/llvm), or
// package passes (which imports this one), and must not change the
// linalg dialect's ops, folders or canonicalizations (..). The layering
// test (internal/layering) checks the imports.
package transforms
