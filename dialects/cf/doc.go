// Package cf declares the part of MLIR's cf dialect the pipeline uses:
// cf.assert, the run-time check that shape constraints become (a failing
// assert is a run-time error carrying its message). Importing the package
// registers the op.
//
// A message may name the sizes that failed the check: when the condition
// is an arith.cmpi, `{0}` and `{1}` in the message stand for the run-time
// values of its left and right operands (MessageArgs, ExpandMessage; the
// convention of JAX's @shape_assertion custom call, whose message
// formats its operands the same way). The interpreter and lower/llvm fill
// them in; to MLIR they are plain text.
//
// It owns the op (syntax, verifier, EraseAssertTrue, the canonicalization
// that erases an assert proven to pass), its builder NewAssert and the
// message convention. It depends on ir only: the passes and conversions
// that emit asserts (dialects/shape/transforms, lower,
// dialects/linalg/transforms) and those that give them their run-time
// meaning (interp, lower/llvm) import it, never the other way round.
package cf
