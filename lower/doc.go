// Package lower holds the conversions between levels of the pipeline:
// hlo on tensors to linalg (hlo-legalize-to-linalg), and later linalg to
// loops and LLVM IR.
//
// hlo-legalize-to-linalg turns every elementwise hlo op into one
// all-parallel linalg.generic whose body computes the element with
// StableHLO's semantics in arith and math ops (scalar.go). A broadcast that
// feeds an elementwise op is never materialized: the generic reads the
// broadcast's operand through the broadcast's indexing map, e.g.
// `affine_map<(d0, d1) -> (d1)>` for a row vector, or a constant 0 for a
// size-1 dim that stretches. A dynamic broadcast whose every dim is known
// to expand or not (known_expanding_dimensions /
// known_nonexpanding_dimensions, or static sizes) gets such static maps
// too.
//
// Limits, today:
//   - A dim that may or may not be 1 at run time (could-be-1) is rejected
//     with a diagnostic. The chosen strategy is multi-versioning: one copy
//     of the fused kernel per run-time broadcast pattern of the could-be-1
//     dims (bounded), each with static maps, selected by the run-time
//     sizes; it is not implemented yet. No copy is ever made instead.
//   - Integer power and popcnt, and integers with explicit signedness (si/ui
//     element types), are rejected with a diagnostic.
//   - Data movement (hlo_structural.go): transpose is a generic reading
//     through the inverse permutation, iota a generic on linalg.index,
//     static reshapes tensor.collapse_shape / expand_shape, slice
//     tensor.extract_slice, concatenate a chain of tensor.insert_slice,
//     get_dimension_size tensor.dim. Dynamic reshapes, dynamic_reshape and
//     dynamic slices are left in place for now.
package lower
