// Package transforms holds the passes that rewrite the shape dialect's
// constraints (MLIR's Dialect/Shape/Transforms):
//
//   - convert-shape-constraints (convert_shape_constraints.go): each
//     shape.cstr_broadcastable, shape.cstr_eq and shape.cstr_require
//     becomes the i1 it tests (shape.is_broadcastable, shape.shape_eq, or
//     the required value) checked by a cf.assert with the message of the
//     run-time error, and its witness a passing shape.const_witness, so
//     that canonicalization inlines the shape.assuming regions.
//
// Why here and not beside the conversions: the pass reads shape ops only
// and writes shape ops and one cf.assert each; it knows nothing about hlo
// or linalg, and runs at the hlo level of the pipeline (after
// hlo-legalize-broadcasts writes the constraints, before canonicalize
// inlines the regions and hlo-legalize-to-linalg). MLIR files its pass of
// the same name under Conversion/ShapeToStandard because it emits
// cf.assert; the checks stay shape-level here, and lower/llvm reads
// shape.is_broadcastable and shape.shape_eq later.
//
// Importing the package registers its pass with ir.RegisterPass; package
// passes imports it so that a named pipeline registers the passes it
// names. The package owns this pass. It must not change the shape
// dialect's ops, folders or canonicalizations (..), and must not import
// the hlo dialect, any other transforms package, a conversion (lower,
// lower/llvm) or package passes (which imports this one). The layering
// test (internal/layering) checks the imports.
package transforms
