// Package hlo declares the hlo dialect: StableHLO's tensor ops, with
// implicit numpy / XLA broadcasting on the elementwise ops (docs/SPEC.md §4).
//
// Text written `stablehlo.X` or `mhlo.X` parses as `hlo.X`;
// `chlo.broadcast_X` parses as `hlo.X` (CHLO's implicitly broadcasting ops
// are exactly hlo's elementwise ops), and so do CHLO's elementwise ops
// (chlo.erf, chlo.lgamma, chlo.next_after, ...: chloOps), in CHLO's
// `T -> R` and `T1, T2 -> R` forms too. Output uses the `hlo.` names, in
// StableHLO's pretty syntax:
//
//	%0 = hlo.add %a, %b : tensor<4xf32>
//	%1 = hlo.add %x, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
//	%2 = hlo.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
//	%3 = hlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
//	%4 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
//
// Broadcasting elementwise ops (binary ops, compare, select, clamp) take an
// optional `broadcast_dimensions = array<i64: ...>` (binary ops: XLA
// "InDim" broadcasting of the lower-rank operand) and an optional
// `broadcast_policy = "numpy" | "rank" | "scalar" | "none"`. Their
// verifier is the Broadcastable trait (ir.VerifyBroadcastableWith) under
// that policy; the shape inference itself lives in ir/broadcast and
// nowhere else. The builder functions (builder.go) infer result types with
// the same code, so a front end gets an error value, not a panic, for
// incompatible shapes.
//
// The reference documents' two other rules are ops of assign.go:
// hlo.assign (`dst[...] = src`: the source broadcast one way into the
// destination's shape, under ir/broadcast's Assign policy, legalized by
// hlo-legalize-broadcasts like the elementwise ops' broadcasts) and
// hlo.narrow (narrowcasting: the static size-1 dims removed), with their
// builders Assign and Narrow in builder_broadcast.go.
//
// The contractions, hlo.dot_general and its matrix-product case hlo.dot,
// are contraction.go (syntax, StableHLO's constraints, dot's
// canonicalization to dot_general), contraction_dims.go (DotDims and the
// #hlo.dot, precision and algorithm attributes in every spelling JAX and
// MHLO write) and builder_contraction.go (DotGeneral, Matmul); their
// sums' order and rounding are the interpreter's (interp/contraction.go).
//
// The package also owns what each elementwise op computes, written once:
// one entry per op in the tables of elementwise_ops.go (the types, the
// categories and their lookups in elementwise_semantics.go) holds its
// definition, element functions and scalar lowering, which the folder
// (fold.go), the interpreter (../../interp) and the lowering to linalg
// read. Two elementwise ops have files of their own: reduce_precision.go
// (an op with attributes: declaration, element function, lowering) and
// digamma.go (ψ's element function and its arith/math lowering, written
// side by side because they must compute the same thing step for step).
//
// Complex elements (complex<f32>, complex<f64>): a class or-ed with
// WithComplex admits them (ElemClass.TakesComplex), the entry's Eval has
// Complex (or ComplexToReal, for abs, real and imag: the result is the
// part type) and its Lower has the complex dialect's op (Complex) or
// handles them in Emit (compare EQ/NE, select, convert); the functions are
// the complex dialect's (complex_functions.go, ../complex). real, imag and
// CHLO's conj are unary entries that also take real operands; hlo.complex
// (complex.go) builds complex numbers from two f32 or f64 tensors.
//
// The passes that rewrite hlo into hlo are in transforms
// (dialects/hlo/transforms); the conversion to linalg is in ../../lower.
package hlo
