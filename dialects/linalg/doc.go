// Package linalg declares the subset of MLIR's linalg dialect the pipeline
// lowers to: linalg.generic (with MLIR's exact custom syntax), linalg.yield,
// linalg.index and linalg.fill (fill.go: a reduction's init, as MLIR's
// stablehlo-legalize-to-linalg makes it). Broadcasting is expressed in a generic's indexing
// maps (`affine_map<(d0, d1) -> (d1)>` reads a row vector for every d0),
// never by copying data.
//
// Importing the package registers the ops. Transformations on linalg live
// in transforms (dialects/linalg/transforms), conversions into it in
// ../../lower.
//
// It owns the ops (linalg.go: syntax, verifiers), the accessors others
// read a generic through (IteratorTypes, IndexingMaps, Inputs, Outputs,
// Body, TiedInit), their canonicalization patterns, attached to the
// OpDefs (canonicalize.go; canonicalize_sizes.go gives a
// tensor.expand_shape of a generic's result the generic's own sizes), and
// GenericSpec, the builder of generics in canonical form. It depends on ir, ir/affine, arith and tensor only:
// it must not know hlo, shape or any pass or conversion. Rewrites that are
// passes (fusion, versioning, unit-dim folding) belong to transforms,
// which calls the helpers here.
package linalg
