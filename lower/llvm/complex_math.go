package llvm

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// This file owns the complex functions (complex.exp, log, sqrt, rsqrt,
// tanh, sign, abs's hypot): each is its dialects/complex/functions.go
// twin written in LLVM IR on doubles, the same operations in the same
// order, with the C library's f64 exp, log, log1p, sin, cos, tan, sinh,
// tanh and atan2 where Go's math package is called; hypot is Go's own
// algorithm (max·sqrt(1 + (min/max)²), as math.Hypot computes it), so
// that abs, sqrt, rsqrt and sign compute the interpreter's bits. The
// special cases of each function are selected after computing every case
// (see complex.go).

// hypotGo is Go's math.Hypot(p, q): +Inf if either is infinite, NaN if
// either is NaN, else max·sqrt(1 + (min/max)²) (0 for two zeros).
func (l *fnLowering) hypotGo(z cx) value.Value {
	c := l.cur
	p, q := l.fabs(z.re), l.fabs(z.im)
	swap := c.NewFCmp(enum.FPredOLT, p, q)
	big, small := l.sel(swap, q, p), l.sel(swap, p, q)
	ratio := c.NewFDiv(small, big)
	r := value.Value(c.NewFMul(big, l.fsqrt(c.NewFAdd(dc(1), c.NewFMul(ratio, ratio)))))
	r = l.sel(l.isZero(big), dc(0), r)
	r = l.sel(c.NewOr(l.isNaN(p), l.isNaN(q)), dnan(), r)
	return l.sel(c.NewOr(l.isInf(p), l.isInf(q)), dc(inf), r)
}

// cxExp is expC: exp(x)·(cos y + i sin y) (for x > 709 as
// e^(x/2)·e^(x/2)); a zero y gives (exp(x), y),
// an infinite or NaN y gives (0, ±0 with y's sign) for x = -Inf, (+Inf,
// NaN) for x = +Inf, else NaN in both parts.
func (l *fnLowering) cxExp(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	e := l.f64Intrinsic("llvm.exp", x)
	s, co := l.f64Intrinsic("llvm.sin", y), l.f64Intrinsic("llvm.cos", y)
	res := cx{c.NewFMul(e, co), c.NewFMul(e, s)}
	// for x > 709, where e^x overflows before the parts may: e^(x/2) twice
	h := l.f64Intrinsic("llvm.exp", c.NewFDiv(x, dc(2)))
	res = l.cxSel(c.NewFCmp(enum.FPredOGT, x, dc(709)), cx{c.NewFMul(c.NewFMul(co, h), h), c.NewFMul(c.NewFMul(s, h), h)}, res)
	special := l.cxSel(c.NewFCmp(enum.FPredOEQ, x, dc(-inf)), cx{dc(0), l.f64Intrinsic("llvm.copysign", dc(0), y)},
		l.cxSel(c.NewFCmp(enum.FPredOEQ, x, dc(inf)), cx{x, dnan()}, cx{dnan(), dnan()}))
	res = l.cxSel(c.NewOr(l.isInf(y), l.isNaN(y)), special, res)
	return l.cxSel(l.isZero(y), cx{e, y}, res)
}

// cxLog is logC: log|z| + i·arg z, the real part as
// log1p((|x|-1)(|x|+1) + y²)/2 near |z| = 1 (for the larger part in
// [0.5, 2] and the smaller below 1), of |z|·2^600 for a larger part
// below 2^-1000, +Inf for an infinite part.
func (l *fnLowering) cxLog(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	ax0, ay0 := l.fabs(x), l.fabs(y)
	swap := c.NewFCmp(enum.FPredOLT, ax0, ay0)
	ax, ay := l.sel(swap, ay0, ax0), l.sel(swap, ax0, ay0)
	near := c.NewFMul(c.NewFSub(ax, dc(1)), c.NewFAdd(ax, dc(1)))
	nearRe := c.NewFDiv(l.f64Libm("log1p", c.NewFAdd(near, c.NewFMul(ay, ay))), dc(2))
	farRe := l.f64Intrinsic("llvm.log", l.hypotGo(cx{ax, ay}))
	nearOne := c.NewAnd(c.NewAnd(c.NewFCmp(enum.FPredOGE, ax, dc(0.5)), c.NewFCmp(enum.FPredOLE, ax, dc(2))), c.NewFCmp(enum.FPredOLT, ay, dc(1)))
	// a tiny |z| scaled by 2^600 first: a hypot of subnormals loses bits
	tinyRe := c.NewFSub(l.f64Intrinsic("llvm.log", l.hypotGo(cx{c.NewFMul(ax, dc(0x1p600)), c.NewFMul(ay, dc(0x1p600))})), dc(600*math.Ln2))
	re := l.sel(c.NewFCmp(enum.FPredOLT, ax, dc(0x1p-1000)), tinyRe, farRe)
	re = l.sel(nearOne, nearRe, re)
	re = l.sel(c.NewOr(l.isNaN(ax), l.isNaN(ay)), dnan(), re)
	re = l.sel(c.NewOr(l.isInf(x), l.isInf(y)), dc(inf), re)
	return cx{re, l.f64Libm("atan2", y, x)}
}

// cxTanh is tanhC: Kahan's formula (t = tan y, s = sinh x, β = 1 + t²):
// (β·s·√(1+s²) + i·t) / (1 + β·s²); for |x| > 22 (±1, ±0); C99's
// special values.
func (l *fnLowering) cxTanh(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	t := l.f64Libm("tan", y)
	beta := c.NewFAdd(dc(1), c.NewFMul(t, t))
	s := l.f64Libm("sinh", x)
	rho := l.fsqrt(c.NewFAdd(dc(1), c.NewFMul(s, s)))
	den := c.NewFAdd(dc(1), c.NewFMul(c.NewFMul(beta, s), s))
	res := cx{c.NewFDiv(c.NewFMul(c.NewFMul(beta, rho), s), den), c.NewFDiv(t, den)}
	one := l.f64Intrinsic("llvm.copysign", dc(1), x)
	sc := c.NewFMul(l.f64Intrinsic("llvm.sin", y), l.f64Intrinsic("llvm.cos", y))
	res = l.cxSel(c.NewFCmp(enum.FPredOGT, l.fabs(x), dc(22)), cx{one, l.f64Intrinsic("llvm.copysign", dc(0), sc)}, res)
	special := l.cxSel(l.isInf(x), cx{one, l.f64Intrinsic("llvm.copysign", dc(0), y)},
		l.cxSel(l.isZero(x), cx{x, dnan()}, cx{dnan(), dnan()}))
	res = l.cxSel(c.NewOr(l.isInf(y), l.isNaN(y)), special, res)
	res = l.cxSel(l.isNaN(x), cx{x, dnan()}, res)
	return l.cxSel(l.isZero(y), cx{l.f64Libm("tanh", x), y}, res)
}

// cxSqrt is sqrtC: Go's cmplx.Sqrt (the parts scaled by 1/4 or 2^54
// around hypot, the root of the larger of (r ± x)/2 and the other part
// from it), NaN + NaN·i for a NaN real part with a finite or NaN
// imaginary one, and √(|y|/2)·(1 ± i) for a zero real part (exactly
// halved: scaled by 2^100 first when tiny).
func (l *fnLowering) cxSqrt(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	// the general case
	large := c.NewOr(c.NewFCmp(enum.FPredOGT, l.fabs(x), dc(4)), c.NewFCmp(enum.FPredOGT, l.fabs(y), dc(4)))
	k := l.sel(large, dc(0.25), dc(1.8014398509481984e16))    // 2^54
	scale := l.sel(large, dc(2), dc(7.450580596923828125e-9)) // 2^-27
	a, b := c.NewFMul(x, k), c.NewFMul(y, k)
	r := l.hypotGo(cx{a, b})
	halfB := c.NewFMul(dc(0.5), b)
	t1 := l.fsqrt(c.NewFAdd(c.NewFMul(dc(0.5), r), c.NewFMul(dc(0.5), a)))
	r1 := c.NewFMul(scale, l.fabs(c.NewFDiv(halfB, t1)))
	t1 = c.NewFMul(t1, scale)
	r2 := l.fsqrt(c.NewFSub(c.NewFMul(dc(0.5), r), c.NewFMul(dc(0.5), a)))
	t2 := c.NewFMul(scale, l.fabs(c.NewFDiv(halfB, r2)))
	r2 = c.NewFMul(r2, scale)
	pos := c.NewFCmp(enum.FPredOGT, a, dc(0))
	tt, rr := l.sel(pos, t1, t2), l.sel(pos, r1, r2)
	res := cx{tt, l.sel(c.NewFCmp(enum.FPredOLT, b, dc(0)), c.NewFNeg(rr), rr)}
	// a zero real part
	yNeg := c.NewFCmp(enum.FPredOLT, y, dc(0))
	rz := l.fsqrt(l.sel(yNeg, c.NewFMul(dc(-0.5), y), c.NewFMul(dc(0.5), y)))
	res = l.cxSel(l.isZero(x), cx{rz, l.sel(yNeg, c.NewFNeg(rz), rz)}, res)
	// an infinite imaginary part
	res = l.cxSel(l.isInf(y), cx{dc(inf), y}, res)
	// a zero imaginary part
	neg := cx{dc(0), l.f64Intrinsic("llvm.copysign", l.fsqrt(c.NewFNeg(x)), y)}
	onAxis := l.cxSel(l.isZero(x), cx{dc(0), y}, l.cxSel(c.NewFCmp(enum.FPredOLT, x, dc(0)), neg, cx{l.fsqrt(x), y}))
	res = l.cxSel(l.isZero(y), onAxis, res)
	// a zero real part and a finite imaginary one: √(|y|/2)·(1 ± i), for a
	// tiny y halved after scaling by 2^100
	ay := l.fabs(y)
	ri := l.sel(c.NewFCmp(enum.FPredOLT, ay, dc(0x1p-1000)),
		c.NewFMul(l.fsqrt(c.NewFDiv(c.NewFMul(ay, dc(0x1p100)), dc(2))), dc(0x1p-50)),
		l.fsqrt(c.NewFDiv(ay, dc(2))))
	imaginary := c.NewAnd(c.NewAnd(l.isZero(x), l.not(l.isZero(y))), l.finite(y))
	res = l.cxSel(imaginary, cx{ri, l.f64Intrinsic("llvm.copysign", ri, y)}, res)
	// -∞ + NaN·i: NaN ± ∞·i with y's sign
	negInfNaN := c.NewAnd(c.NewFCmp(enum.FPredOEQ, x, dc(-inf)), l.isNaN(y))
	res = l.cxSel(negInfNaN, cx{dnan(), l.f64Intrinsic("llvm.copysign", dc(inf), y)}, res)
	return l.cxSel(c.NewAnd(l.isNaN(x), l.not(l.isInf(y))), cx{dnan(), dnan()}, res)
}

// cxRsqrt is rsqrtC: 1 / sqrt(z), by cxDiv.
func (l *fnLowering) cxRsqrt(z cx) cx {
	return l.cxDiv(cx{dc(1), dc(0)}, l.cxSqrt(z))
}

// cxSign is signC: z / |z| (a complex division), z itself for 0, NaN in
// both parts when a part is NaN and neither is infinite (Go's
// cmplx.IsNaN).
func (l *fnLowering) cxSign(z cx) cx {
	c := l.cur
	res := l.cxDiv(z, cx{l.hypotGo(z), dc(0)})
	res = l.cxSel(c.NewAnd(l.isZero(z.re), l.isZero(z.im)), z, res)
	isNaN := c.NewAnd(c.NewOr(l.isNaN(z.re), l.isNaN(z.im)), l.not(c.NewOr(l.isInf(z.re), l.isInf(z.im))))
	return l.cxSel(isNaN, cx{dnan(), dnan()}, res)
}
