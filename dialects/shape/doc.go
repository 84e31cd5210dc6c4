// Package shape declares the subset of MLIR's `shape` dialect that
// bcast-opt uses to compute run-time broadcast shapes and to check them,
// with MLIR's exact syntax so that mlir-opt-19 reads what we print:
//
//	%s0 = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
//	%s1 = shape.shape_of %y : tensor<4xf32> -> tensor<1xindex>
//	%w = shape.cstr_broadcastable %s0, %s1 : tensor<2xindex>, tensor<1xindex>
//	%r = shape.assuming %w -> (tensor<?x4xf32>) {
//	  %s = shape.broadcast %s0, %s1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
//	  ...
//	  shape.assuming_yield %sum : tensor<?x4xf32>
//	}
//
// Shapes are extent tensors (`tensor<?xindex>` or `tensor<Nxindex>`); a
// shape made of run-time sizes is `tensor.from_elements` of index values
// (NewExtentTensorFromElements). MLIR's `!shape.shape` appears only as the
// result of shape.from_extents, which shape.to_extent_tensor turns back
// into an extent tensor; canonicalization rewrites that pair to
// tensor.from_elements, because MLIR 19 lowers and bufferizes no
// `!shape.shape` value (convert-shape-to-std leaves both ops, and
// one-shot-bufferize rejects them).
// Constraints give a `!shape.witness` (ir.Opaque("shape", ".witness")),
// and shape.assuming runs its region only when the witness holds: that is
// where a run-time broadcast error is reported.
//
// The ops (ops.go: shapes and extents; witness.go: constraints and
// assuming) are declared one OpDef each, with verifiers, folders where
// they are trivial (a static shape_of is a const_shape, a broadcast of
// known shapes is a const_shape, a constraint that holds statically is
// `shape.const_witness true`) and the canonicalization that inlines a
// shape.assuming whose witness is true. Importing the package registers
// the ops and the dialect's constant materializer. builder.go has the Go
// API passes use to build these ops.
//
// The package knows nothing about hlo or any pass. Its one piece of
// broadcast reasoning, StaticallyBroadcastable, answers a question
// ir/broadcast does not: whether shapes with `?` dims are compatible for
// every run-time value of those dims.
//
// # Differences from MLIR
//
//   - Only extent tensors are shapes: `!shape.shape`, `!shape.size`,
//     shape.const_size and the error-propagating forms are not modelled.
//   - const_shape and const_witness keep their values in the `shape` and
//     `passing` attributes (MLIR's names) rather than the `value` attribute
//     the rewrite driver knows, so the greedy driver neither uniques nor
//     hoists them; the folders here look through defining ops instead.
//   - A shape.assuming without results is printed with its (empty)
//     shape.assuming_yield; MLIR elides that terminator. Both forms parse.
package shape
