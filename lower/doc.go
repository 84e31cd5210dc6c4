// Package lower holds hlo-legalize-to-linalg, the conversion of hlo on
// tensors to linalg.generic, tensor and arith (lower/llvm, a package of
// its own, takes linalg on to LLVM IR).
//
// # Layout
//
// The pass (legalize_to_linalg.go) walks the hlo ops in program order and
// applies to each the conversion registered for its definition, as
// MLIR's conversions apply pattern sets that populate*Patterns functions
// assemble. Each file converts one category of ops and registers its
// conversions, keyed by op definition (hlo.Transpose, hlo.AddOp, ...), in
// its init:
//
//   - elementwise.go: every op of hlo's elementwise tables (binary, unary,
//     compare, select, clamp, convert) becomes one all-parallel generic
//     whose body is the op's scalar lowering (hlo.ScalarLowering, beside
//     the op's element functions in dialects/hlo, which the folder and
//     the interpreter read too); a new entry there needs nothing here.
//   - data_movement.go: transpose, iota, reshape, slice, concatenate,
//     dynamic_reshape, narrow (a unit-dim tensor.collapse_shape).
//   - dynamic_shapes.go: dynamic_iota and real_dynamic_slice, whose sizes
//     and indices are operands, with their run-time checks.
//   - shape_computations.go: the hlo ops computing shape operands become
//     scalar arith first; get_dimension_size.
//   - broadcast.go: broadcast_in_dim and dynamic_broadcast_in_dim, read
//     through their maps by the generics (accessFor), then erased,
//     materialized or kept (could-be-1 dims, below); an hlo.assign left
//     by hlo-legalize-broadcasts (its source already of the destination's
//     static type) is its source.
//   - reduction.go, reduction_body.go, reduction_window.go: hlo.reduce
//     becomes a generic with `reduction` iterators over a linalg.fill of
//     its init (several operands: a multi-result generic), its reducer
//     converted to the body; reduce_window, a generic with window loops.
//   - contraction.go: hlo.dot_general and hlo.dot become a generic with a
//     `parallel` loop per result dim and a `reduction` loop per
//     contracting pair, each operand read through the projected
//     permutation of its dims to their loops (no transposed copies), over
//     a linalg.fill of zero; the body is hlo.multiply's and hlo.add's
//     scalar lowerings, after an extension to a wider result type.
//   - constant.go, custom_call.go: hlo.constant; JAX's @shape_assertion
//     (a cf.assert), and the error for any other custom call.
//   - generic.go: the generic builders all of them share (operand
//     accesses, loop sizes, shared attributes, copies).
//
// After the conversions the pass checks legality: an hlo op left behind
// (one no conversion is registered for, or an unregistered `hlo.X` in
// generic form) fails the pass with `'hlo.X' op has no lowering to
// linalg` at the op, and `--pipeline=cpu` exits 1; the only hlo ops
// allowed to stay are the dynamic broadcasts with could-be-1 dims, which
// linalg-version-broadcasts removes. A custom call other than
// @shape_assertion says what to do about it (remove it, or run the
// interpreter for its @check.expect_* assertions).
//
// Adding an op: docs/adding-an-op.md.
//
// # Broadcasts
//
// Every elementwise hlo op becomes one all-parallel linalg.generic whose
// body computes the element with StableHLO's semantics in arith and math
// ops. A broadcast that feeds an elementwise op is never materialized:
// the generic reads the broadcast's operand through the broadcast's
// indexing map, e.g. `affine_map<(d0, d1) -> (d1)>` for a row vector, or
// a constant 0 for a size-1 dim that stretches. A dynamic broadcast whose
// every dim is known to expand or not (known_expanding_dimensions /
// known_nonexpanding_dimensions, or static sizes) gets such static maps
// too; a static 1 always reads index 0, which is right whether or not it
// stretches. hlo.BroadcastMap is the one place that reads a broadcast's
// dims this way; linalg-version-broadcasts (dialects/linalg/transforms)
// calls it too.
//
// # Could-be-1 dims
//
// A could-be-1 dim is a dynamic operand dim of hlo.dynamic_broadcast_in_dim
// that is neither known expanding nor known non-expanding: only its
// run-time size says whether it stretches (numpy rules, a `?` that may be
// 1). No one static map reads it right, and such a broadcast is never
// copied. The strategy is multi-versioning (the "big lever" of
// reference/broadcasting-in-frontends-and-codegen.txt), in two steps:
//
//  1. Here, the broadcast is left in place, unmaterialized, and the
//     consuming generic reads its result with the identity map; the
//     generic's loop bounds come from its other operands or from the
//     broadcast's shape operand (tensor.extract), never from the
//     broadcast. Fusion then treats the broadcast as an opaque input.
//     tensor.dim of such a broadcast reads the shape operand instead; any
//     other user (a return, a reshape) gets a generic that copies the
//     broadcast's result with the identity map, which is versioned like
//     any reader.
//  2. linalg-version-broadcasts, after fusion, gives each generic reading
//     such broadcasts one copy per run-time pattern of the distinct
//     (operand, dim) could-be-1 pairs (at most max-versions, 8 by
//     default), chosen by a nest of scf.if on `tensor.dim == 1`, each
//     reading the broadcasts' operands with static maps, and erases the
//     broadcasts. More pairs than the bound is an error, not a copy.
//
// Limits, today:
//   - Integer power (square-and-multiply) and popcnt (a shift and mask per
//     bit) are unrolled into the body, as a generic's body has no loops.
//   - Integers with explicit signedness (si/ui element types) are rejected
//     with a diagnostic.
//   - Data movement (data_movement.go): transpose is a generic reading
//     through the inverse permutation, iota a generic on linalg.index,
//     static reshapes tensor.collapse_shape / expand_shape, slice a
//     generic reading through `d * stride + start` (it fuses like an
//     elementwise op), concatenate (static or dynamic) a tensor.empty
//     into whose tensor.extract_slice parts a generic copies each operand,
//     put back with tensor.insert_slice (destination-passing style),
//     dynamic_reshape tensor.reshape; get_dimension_size is tensor.dim.
//     Static reshapes that do not only merge or split adjacent dims go
//     through the 1-D form (rank 0 has no groups).
//   - Shape computations (shape_computations.go): the hlo ops on small
//     integer tensors that compute the shape operand of a
//     dynamic_broadcast_in_dim or dynamic_reshape (JAX's
//     get_dimension_size / reshape / concatenate / convert / arithmetic)
//     become scalar arith and tensor.from_elements, not generics.
//
// The package must not depend on a package of passes (passes/, the
// dialects' transforms) or on lower/llvm, nor dialects/hlo on it: the hlo dialect's tables own what an op computes,
// this package only how an op's data moves into generics.
package lower
