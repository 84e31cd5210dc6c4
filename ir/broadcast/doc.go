// Package broadcast is the one home of broadcast shape inference: the
// numpy / Array API rules as the MLIR Broadcastable trait documents them,
// XLA's broadcast_dimensions mapping, the broadcast policies of
// docs/SPEC.md §4, and the two rules of the reference documents that are
// not binary-op broadcasts: the one-way assignment rule (policy Assign,
// hlo.assign) and narrowcasting (Narrow, hlo.narrow). Verifiers, builders and passes all call it; nothing
// else in the project computes a broadcast shape.
//
// Shapes are []int64 with Dynamic (-1) for `?`. The package owns the rules
// (InferDim, InferShape, Infer under a Spec, which also says where each
// operand's dims land, CheckResult, IsExpanding) and the errors that describe a conflict
// (Conflict, ResultMismatch); callers turn them into located diagnostics.
// It imports the standard library only, no IR: ir's verifier (the
// Broadcastable trait) calls it, so every layer can use it.
package broadcast
