// Package transforms holds the passes that rewrite hlo into hlo, before
// the conversion to linalg (MLIR's Dialect/X/Transforms):
//
//   - hlo-legalize-broadcasts (legalize_broadcasts.go,
//     legalize_broadcasts_shapes.go): every implicitly broadcasting hlo op
//     becomes explicit hlo.broadcast_in_dim / hlo.dynamic_broadcast_in_dim
//     feeding the same op on operands of one shape, with the run-time
//     shape checks (shape.cstr_broadcastable, shape.cstr_require) and the
//     shape.assuming region they guard.
//
// Importing the package registers its passes with ir.RegisterPass; package
// passes imports it so that a named pipeline registers the passes it
// names.
//
// The package owns these passes. It reads and writes hlo, shape, tensor
// and arith ops through their dialects' Go APIs, and takes every broadcast
// rule from ir/broadcast (through hlo.BroadcastSpec). It must not change
// the hlo dialect's op definitions, folders or canonicalizations (..), and
// must not import anything later in the pipeline: the conversion to linalg
// (../../../lower), the linalg transforms, LLVM emission, or package
// passes (which imports this one). The layering test
// (internal/layering) checks the imports.
package transforms
