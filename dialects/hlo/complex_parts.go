package hlo

import (
	gomath "math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The complex functions that the complex dialect has no op for (CHLO's
// sinh, cosh, asin, acos, atan, asinh, acosh, atanh, and cbrt), each
// written once, on the float64 parts of its operand, against partsCode:
// goParts evaluates it (the element function, which the folder and the
// interpreter call) and irParts builds the same steps as arith, math and
// complex ops on f64 (the scalar lowering; complex<f32> elements are
// widened first and rounded once, as the interpreter rounds). Every
// branch is computed and one selected, so the lowered body is straight-
// line code, and the interpreter before and after lowering give the same
// bits (the math ops' Go functions on both sides); natively the C
// library's functions replace Go's.

// partsCode is the arithmetic the functions are written in: values V
// (float64 parts) and conditions C.
type partsCode[V, C any] interface {
	c(v float64) V
	add(a, b V) V
	sub(a, b V) V
	mul(a, b V) V
	div(a, b V) V
	neg(a V) V
	// math is a unary math op (math.Sqrt, math.Log1p, ...), atan2 the
	// binary one.
	math(def *ir.OpDef, a V) V
	atan2(y, x V) V
	// hypot is complex.abs of (x, y): Go's math.Hypot.
	hypot(x, y V) V
	// cx is the complex dialect's unary op def on (x, y).
	cx(def *ir.OpDef, x, y V) (V, V)
	lt(a, b V) C
	le(a, b V) C
	eq(a, b V) C
	isNaN(a V) C
	signbit(a V) C
	and(a, b C) C
	or(a, b C) C
	sel(cond C, a, b V) V
}

// Helpers on partsCode.

func pAbs[V, C any](k partsCode[V, C], a V) V { return k.math(math.AbsF, a) }

// pCopysign is |a| with b's sign bit.
func pCopysign[V, C any](k partsCode[V, C], a, b V) V {
	m := pAbs(k, a)
	return k.sel(k.signbit(b), k.neg(m), m)
}

func pIsInf[V, C any](k partsCode[V, C], a V) C { return k.eq(pAbs(k, a), k.c(gomath.Inf(1))) }

// pAnyNaN and pAnyInf test both parts.
func pAnyNaN[V, C any](k partsCode[V, C], x, y V) C { return k.or(k.isNaN(x), k.isNaN(y)) }
func pAnyInf[V, C any](k partsCode[V, C], x, y V) C { return k.or(pIsInf(k, x), pIsInf(k, y)) }

// pSelCx is sel on both parts.
func pSelCx[V, C any](k partsCode[V, C], cond C, ax, ay, bx, by V) (V, V) {
	return k.sel(cond, ax, bx), k.sel(cond, ay, by)
}

// sinhParts is sinh z = -i·sin(iz) (complex.sin of iz = -y + ix; -i·w
// is w's parts swapped, the new imaginary one negated: exact), which is
// dialects/complex's sinhC with C99's special values.
func sinhParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	wr, wi := k.cx(complexdialect.Sin, k.neg(y), x)
	return wi, k.neg(wr)
}

// coshParts is cosh z = cos(iz).
func coshParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	return k.cx(complexdialect.Cos, k.neg(y), x)
}

// cbrtParts is the principal cube root, numpy's z**(1/3), in polar form:
// ∛|z|·(cos θ/3 + i sin θ/3) with θ = atan2(y, x) (a few ulps of the
// result everywhere, where exp(log(z)/3) loses |log z| ulps), |z| scaled
// by 2^±600 when a part is beyond 2^±1000 (the root by 2^∓200). Special
// values are numpy's: 0 for ±0 ± 0i, +Inf + NaN·i for an infinite part,
// NaN + NaN·i for a NaN part.
func cbrtParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	m := k.sel(k.lt(pAbs(k, x), pAbs(k, y)), pAbs(k, y), pAbs(k, x))
	big, tiny := k.lt(k.c(0x1p1000), m), k.lt(m, k.c(0x1p-900))
	scale := k.sel(big, k.c(0x1p-600), k.sel(tiny, k.c(0x1p600), k.c(1)))
	unscale := k.sel(big, k.c(0x1p200), k.sel(tiny, k.c(0x1p-200), k.c(1)))
	r := k.mul(k.math(math.Cbrt, k.hypot(k.mul(x, scale), k.mul(y, scale))), unscale)
	t := k.div(k.atan2(y, x), k.c(3))
	re, im := k.mul(r, k.math(math.Cos, t)), k.mul(r, k.math(math.Sin, t))
	nan := k.c(gomath.NaN())
	re, im = pSelCx(k, k.and(k.eq(x, k.c(0)), k.eq(y, k.c(0))), k.c(0), k.c(0), re, im)
	re, im = pSelCx(k, pAnyNaN(k, x, y), nan, nan, re, im)
	return pSelCx(k, pAnyInf(k, x, y), k.c(gomath.Inf(1)), nan, re, im)
}

// The inverse functions are Hull, Fairgrieve and Tang's algorithms
// (ACM TOMS 23(3), 1997: asin and acos; the others from them) for
// X = |x|, Y = |y|, the signs restored by the functions' symmetries:
// with R = |z + 1|, S = |z - 1|, A = (R + S)/2 and B = X/A,
// Re asin = asin B (B <= 0.6417) or atan(X / √(A² - X²)) with A - X
// written without cancellation, Im asin = log(A + √(A² - 1)) (A > 1.5)
// or log1p(A - 1 + √((A - 1)(A + 1))) with A - 1 written without
// cancellation; beyond |z| = 2^30, asin z = -i·log(2iz) to double
// precision; for a tiny Y below X < 1, Im asin = Y / √(1 - X²) (Y²
// underflows).

// asinCore returns Re asin (or, with acos, Re acos) and |Im asin| of X +
// iY (X, Y >= 0).
func asinCore[V, C any](k partsCode[V, C], ax, ay V, acos bool) (re, imAsin V) {
	one, half := k.c(1), k.c(0.5)
	r := k.hypot(k.add(ax, one), ay)
	s := k.hypot(k.sub(ax, one), ay)
	a := k.mul(half, k.add(r, s))
	b := k.div(ax, a)
	y2 := k.mul(ay, ay)
	rx1 := k.add(r, k.add(ax, one)) // R + X + 1
	below := k.lt(ax, one)          // X < 1
	s1x := k.add(s, k.sub(one, ax)) // S + 1 - X (X < 1)
	sx1 := k.add(s, k.sub(ax, one)) // S + X - 1 (X >= 1)
	// A - X: ½(Y²/(R+X+1) + (S+1-X)) for X <= 1; for X > 1,
	// ½·Y²·(1/(R+X+1) + 1/(S+X-1)), whose root is Y·√(½((A+X)/(R+X+1) +
	// (A+X)/(S+X-1)))
	apx := k.add(a, ax)
	rootLow := k.math(math.Sqrt, k.mul(k.mul(half, apx), k.add(k.div(y2, rx1), s1x)))
	rootHigh := k.mul(ay, k.math(math.Sqrt, k.mul(half, k.add(k.div(apx, rx1), k.div(apx, sx1)))))
	root := k.sel(k.le(ax, one), rootLow, rootHigh) // √(A² - X²)
	const bCross = 0.6417
	small := k.le(b, k.c(bCross))
	if acos {
		re = k.sel(small, k.math(math.Acos, b), k.math(math.Atan, k.div(root, ax)))
	} else {
		re = k.sel(small, k.math(math.Asin, b), k.math(math.Atan, k.div(ax, root)))
	}
	// 2(A - 1); (A - 1)(A + 1) halved after the product, so that a
	// subnormal A - 1 (X = 1, a subnormal Y) keeps its bits
	am1x2 := k.sel(below, k.add(k.div(y2, rx1), k.div(y2, s1x)), k.add(k.div(y2, rx1), sx1))
	am1 := k.mul(half, am1x2)
	imNear := k.math(math.Log1p, k.add(am1, k.math(math.Sqrt, k.mul(half, k.mul(am1x2, k.add(a, one))))))
	imFar := k.math(math.Log, k.add(a, k.math(math.Sqrt, k.mul(k.sub(a, one), k.add(a, one)))))
	imAsin = k.sel(k.le(a, k.c(1.5)), imNear, imFar)
	// a tiny Y below X < 1: Y / √((1 - X)(1 + X))
	tinyY := k.and(below, k.lt(ay, k.c(0x1p-500)))
	imAsin = k.sel(tinyY, k.div(ay, k.math(math.Sqrt, k.mul(k.sub(one, ax), k.add(one, ax)))), imAsin)
	return re, imAsin
}

// asinLarge returns the parts of -i·log(2iz) for X + iY beyond 2^30 (and
// infinite): atan2(X, Y) and log|z| + log 2 (|z| halved first, so that it
// does not overflow).
func asinLarge[V, C any](k partsCode[V, C], ax, ay V) (re, im V) {
	return k.atan2(ax, ay), k.add(k.math(math.Log, k.hypot(k.mul(ax, k.c(0.5)), k.mul(ay, k.c(0.5)))), k.c(2*gomath.Ln2))
}

// asinLargeCond is true where asinLarge replaces asinCore.
func asinLargeCond[V, C any](k partsCode[V, C], ax, ay V) C {
	t := k.c(0x1p30)
	return k.or(k.lt(t, ax), k.lt(t, ay))
}

// asinParts is asin z (numpy's arcsin, C99's casin): odd, and
// asin(conj z) = conj(asin z), so Re has x's sign and Im y's; asin(±0 +
// NaN·i) = ±0 + NaN·i.
func asinParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	ax, ay := pAbs(k, x), pAbs(k, y)
	re, im := asinCore(k, ax, ay, false)
	lre, lim := asinLarge(k, ax, ay)
	re, im = pSelCx(k, asinLargeCond(k, ax, ay), lre, lim, re, im)
	re, im = pCopysign(k, re, x), pCopysign(k, im, y)
	return pSelCx(k, k.and(k.eq(x, k.c(0)), k.isNaN(y)), x, k.c(gomath.NaN()), re, im)
}

// acosParts is acos z (numpy's arccos): Re acos z = π - Re acos(-z) for
// x < 0, Im acos z = -Im asin z; acos(±0 + NaN·i) = π/2 + NaN·i.
func acosParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	ax, ay := pAbs(k, x), pAbs(k, y)
	re, im := asinCore(k, ax, ay, true)
	re = k.sel(k.signbit(x), k.sub(k.c(gomath.Pi), re), re)
	_, lim := asinLarge(k, ax, ay)
	large := asinLargeCond(k, ax, ay)
	re, im = pSelCx(k, large, k.atan2(ay, x), lim, re, im)
	im = k.neg(pCopysign(k, im, y))
	return pSelCx(k, k.and(k.eq(x, k.c(0)), k.isNaN(y)), k.c(gomath.Pi/2), k.c(gomath.NaN()), re, im)
}

// asinhParts is asinh z = -i·asin(iz).
func asinhParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	wr, wi := asinParts(k, k.neg(y), x)
	return wi, k.neg(wr)
}

// acoshParts is acosh z = ±i·acos z, the sign making the real part
// nonnegative: (|Im w|, Re w with y's sign) for w = acos z.
func acoshParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	wr, wi := acosParts(k, x, y)
	// a NaN y gives Im = acos's real part unsigned (π/2 for x = ±0), as
	// numpy's (glibc's cacosh) whatever the NaN's sign bit
	return pAbs(k, wi), k.sel(k.isNaN(y), wr, pCopysign(k, wr, y))
}

// atanhParts is atanh z (numpy's arctanh), Kahan's formulas for X + iY:
// Re = ¼·log1p(4X / ((1 - X)² + Y²)), or, where ρ = |1 - z| is below
// 2^-200 (the quotient would overflow), ¼·log(ρ² + 4X) - ½·log ρ; Im =
// ½·atan2(2Y, (1 - X)(1 + X) - Y²); beyond 2^500, Re = X/|z|/|z| and Im
// = π/2. Re has x's sign, Im y's. Special values: an infinite part gives
// ±0 + ±π/2·i (but ±0 + NaN·i for an infinite x with a NaN y), ±0 +
// NaN·i gives itself, other NaNs NaN + NaN·i.
func atanhParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	ax, ay := pAbs(k, x), pAbs(k, y)
	one := k.c(1)
	omx := k.sub(one, ax)
	rho := k.hypot(omx, ay)
	q := k.add(k.mul(omx, omx), k.mul(ay, ay))
	re := k.mul(k.c(0.25), k.math(math.Log1p, k.div(k.mul(k.c(4), ax), q)))
	reNear := k.sub(k.mul(k.c(0.25), k.math(math.Log, k.add(k.mul(rho, rho), k.mul(k.c(4), ax)))), k.mul(k.c(0.5), k.math(math.Log, rho)))
	re = k.sel(k.lt(rho, k.c(0x1p-200)), reNear, re)
	im := k.mul(k.c(0.5), k.atan2(k.mul(k.c(2), ay), k.sub(k.mul(omx, k.add(one, ax)), k.mul(ay, ay))))
	// beyond 2^500: 1/z
	t := k.c(0x1p500)
	large := k.or(k.lt(t, ax), k.lt(t, ay))
	h := k.hypot(ax, ay)
	re, im = pSelCx(k, large, k.div(k.div(ax, h), h), k.c(gomath.Pi/2), re, im)
	nan := k.c(gomath.NaN())
	re, im = pSelCx(k, pAnyNaN(k, x, y), nan, nan, re, im)
	re, im = pSelCx(k, k.and(k.eq(x, k.c(0)), k.isNaN(y)), k.c(0), nan, re, im)
	re, im = pSelCx(k, pIsInf(k, x), k.c(0), k.sel(k.isNaN(y), nan, k.c(gomath.Pi/2)), re, im)
	re, im = pSelCx(k, pIsInf(k, y), k.c(0), k.c(gomath.Pi/2), re, im)
	return pCopysign(k, re, x), k.sel(k.isNaN(im), im, pCopysign(k, im, y))
}

// atanParts is atan z = -i·atanh(iz).
func atanParts[V, C any](k partsCode[V, C], x, y V) (V, V) {
	wr, wi := atanhParts(k, k.neg(y), x)
	return wi, k.neg(wr)
}

// goParts evaluates partsCode in float64 with the math and complex
// dialects' functions (each result converted, so that no product is fused
// into a multiply-add).
type goParts struct{}

func (goParts) c(v float64) float64        { return v }
func (goParts) add(a, b float64) float64   { return float64(a + b) }
func (goParts) sub(a, b float64) float64   { return float64(a - b) }
func (goParts) mul(a, b float64) float64   { return float64(a * b) }
func (goParts) div(a, b float64) float64   { return float64(a / b) }
func (goParts) neg(a float64) float64      { return -a }
func (goParts) atan2(y, x float64) float64 { return math.BinaryOps[math.Atan2](y, x) }
func (goParts) lt(a, b float64) bool       { return a < b }
func (goParts) le(a, b float64) bool       { return a <= b }
func (goParts) eq(a, b float64) bool       { return a == b }
func (goParts) isNaN(a float64) bool       { return gomath.IsNaN(a) }
func (goParts) signbit(a float64) bool     { return gomath.Signbit(a) }
func (goParts) and(a, b bool) bool         { return a && b }
func (goParts) or(a, b bool) bool          { return a || b }
func (goParts) math(def *ir.OpDef, a float64) float64 {
	return math.UnaryOps[def](a)
}
func (goParts) hypot(x, y float64) float64 {
	return complexdialect.ToRealOps[complexdialect.Abs](complex(x, y))
}
func (goParts) cx(def *ir.OpDef, x, y float64) (float64, float64) {
	w := complexdialect.UnaryOps[def](complex(x, y))
	return real(w), imag(w)
}
func (goParts) sel(cond bool, a, b float64) float64 {
	if cond {
		return a
	}
	return b
}

// partsFn is the element function of a parts function f: f of z's parts.
func partsFn(f func(partsCode[float64, bool], float64, float64) (float64, float64)) func(complex128) complex128 {
	return func(z complex128) complex128 {
		re, im := f(goParts{}, real(z), imag(z))
		return complex(re, im)
	}
}

// irParts builds partsCode as arith, math and complex ops on f64 at b.
type irParts struct{ s scalarCode }

var complexF64 = ir.Complex(ir.F64T)

func (p irParts) c(v float64) *ir.Value        { return p.s.constF(ir.F64T, v) }
func (p irParts) add(a, b *ir.Value) *ir.Value { return p.s.op(arith.AddF, ir.F64T, a, b) }
func (p irParts) sub(a, b *ir.Value) *ir.Value { return p.s.op(arith.SubF, ir.F64T, a, b) }
func (p irParts) mul(a, b *ir.Value) *ir.Value { return p.s.op(arith.MulF, ir.F64T, a, b) }
func (p irParts) div(a, b *ir.Value) *ir.Value { return p.s.op(arith.DivF, ir.F64T, a, b) }
func (p irParts) neg(a *ir.Value) *ir.Value    { return p.s.op(arith.NegF, ir.F64T, a) }
func (p irParts) math(def *ir.OpDef, a *ir.Value) *ir.Value {
	return p.s.op(def, ir.F64T, a)
}
func (p irParts) atan2(y, x *ir.Value) *ir.Value { return p.s.op(math.Atan2, ir.F64T, y, x) }
func (p irParts) hypot(x, y *ir.Value) *ir.Value {
	return complexdialect.Build(p.s.b, complexdialect.Abs, complexdialect.Build(p.s.b, complexdialect.Create, x, y))
}
func (p irParts) cx(def *ir.OpDef, x, y *ir.Value) (*ir.Value, *ir.Value) {
	w := complexdialect.Build(p.s.b, def, complexdialect.Build(p.s.b, complexdialect.Create, x, y))
	return complexdialect.Build(p.s.b, complexdialect.Re, w), complexdialect.Build(p.s.b, complexdialect.Im, w)
}
func (p irParts) lt(a, b *ir.Value) *ir.Value { return p.s.cmpf("olt", a, b) }
func (p irParts) le(a, b *ir.Value) *ir.Value { return p.s.cmpf("ole", a, b) }
func (p irParts) eq(a, b *ir.Value) *ir.Value { return p.s.cmpf("oeq", a, b) }
func (p irParts) isNaN(a *ir.Value) *ir.Value { return p.s.cmpf("uno", a, a) }
func (p irParts) signbit(a *ir.Value) *ir.Value {
	return p.s.cmpi("slt", p.s.op(arith.Bitcast, ir.I64, a), p.s.constI(ir.I64, 0))
}
func (p irParts) and(a, b *ir.Value) *ir.Value    { return p.s.op(arith.AndI, ir.I1, a, b) }
func (p irParts) or(a, b *ir.Value) *ir.Value     { return p.s.op(arith.OrI, ir.I1, a, b) }
func (p irParts) sel(c, a, b *ir.Value) *ir.Value { return p.s.sel(c, a, b) }

// lowerParts is the scalar lowering of a parts function f on complex
// elements: the parts (widened to f64), f, and the result's parts
// rounded once to the element's part type.
func lowerParts(f func(partsCode[*ir.Value, *ir.Value], *ir.Value, *ir.Value) (*ir.Value, *ir.Value)) func(*ir.Builder, *ir.Operation, []*ir.Value) *ir.Value {
	return func(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
		s := scalarCode{b}
		z := args[0]
		ct := z.Type().(*ir.ComplexType)
		x := wideFloat(s, complexdialect.Build(b, complexdialect.Re, z))
		y := wideFloat(s, complexdialect.Build(b, complexdialect.Im, z))
		re, im := f(irParts{s}, x, y)
		return complexdialect.Build(b, complexdialect.Create, narrowFloat(s, re, ct.Elem), narrowFloat(s, im, ct.Elem))
	}
}
