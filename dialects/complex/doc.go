// Package complex declares the ops of MLIR's `complex` dialect that the
// bodies of lowered hlo ops on complex<f32> and complex<f64> elements use,
// with MLIR 19's syntax (checked against mlir-opt-19). Importing the
// package registers them.
//
//	%r = complex.mul %a, %b : complex<f32>
//	%m = complex.abs %z : complex<f32>
//	%z = complex.create %re, %im : complex<f32>
//	%c = complex.constant [1.000000e+00 : f32, -2.000000e+00 : f32] : complex<f32>
//
// It owns the ops' definitions, exported by MLIR's names for them (Add,
// Mul, Pow, Sin, Expm1, Log1p, Abs, Re, Create, Eq, ...), and each op's scalar function on
// complex128 (functions.go: UnaryOps, BinaryOps, ToRealOps), the one
// meaning of the op: the hlo ops on complex elements compute with these
// functions (as hlo.exponential computes with math.exp's), the reference
// interpreter runs them, and lower/llvm's code follows their algorithms.
// A complex<f32> result is computed in complex128 and each part rounded
// to f32 by the caller.
//
// It depends on ir only; it must not know hlo, the conversions or the
// passes.
package complex
