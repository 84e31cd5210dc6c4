// Package tensor declares the ops of MLIR's tensor dialect that the
// linalg pipeline needs, with MLIR's syntax: empty, dim, cast, extract,
// from_elements (tensor.go), collapse_shape, expand_shape, reshape,
// extract_slice and insert_slice (reshape.go). Importing the package
// registers them.
//
// Static size lists (expand_shape's output_shape, the slice offsets, sizes
// and strides) store a dynamic entry as MLIR does, as math.MinInt64 in the
// attribute with the value among the operands, so the generic form is
// MLIR's.
//
// It owns these ops (syntax, verifiers, folders), their canonicalization
// patterns, attached to the OpDefs (canonicalize.go; cast_reshape.go moves
// casts across reshapes), and the helpers other packages build and read
// them with (NewDim, EmptySize, Reassociation, StaticList,
// ReshapeFoldPatterns, FoldCollapse). It knows arith (index constants)
// and nothing above it: no hlo, no linalg, no pass. Rewrites that need
// linalg (unit-dim folding) belong to the linalg transforms, which, like
// the lowerings to linalg and to LLVM, call the helpers here.
package tensor
