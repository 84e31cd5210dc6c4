// Package math declares the unary and binary float ops of MLIR's `math`
// dialect that linalg bodies use, with MLIR's syntax, fast-math flags and
// constant folders. Importing the package registers them. Two are not
// MLIR 19's: math.erfc (MLIR's from LLVM 20 on) and math.lgamma (this
// package's own, log|Γ(x)|), which hlo.erfc and hlo.lgamma lower to so
// that lower/llvm calls the C library's erfc and lgamma_r; mlir-opt-19
// does not read them.
//
//	%r = math.exp %x : f32
//	%p = math.powf %x, %y fastmath<fast> : f32
//
// It owns the ops' definitions, exported by MLIR's names for them (Exp,
// Log1p, PowF, AbsF, ...), and each op's scalar function in float64
// (UnaryOps and BinaryOps, keyed by definition). That function is the
// op's one meaning: its folder, the reference interpreter (interp) and
// the hlo ops whose element is computed by the op (dialects/hlo's
// element semantics tables: hlo.exponential is math.exp) all call it, so
// `math.exp` and `hlo.exponential` give the same bits before and after
// lowering. Fast-math flags are parsed, printed and verified, but no
// folder or interpreter takes the freedom they give.
//
// It depends on ir and arith (whose fast-math attribute and elementwise
// folding it shares). It must not know hlo, the conversions or the
// passes; adding an op here is one line in math.go's declarations (a name
// and a Go function), after which the folder and the interpreter have it.
package math
