package llvm

import (
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// This file owns complex sin, cos and tan (by sinh, cosh and tanh of iz,
// as C99 defines them), expm1, log1p, pow and atan2, each its
// dialects/complex/functions.go twin in LLVM IR on doubles, as
// complex_math.go's functions are (the C library's f64 sinh, cosh, exp,
// expm1, log1p, sin and cos where the interpreter calls the math
// dialect's).

// finite reports whether x is neither infinite nor NaN.
func (l *fnLowering) finite(x value.Value) value.Value {
	return l.cur.NewFCmp(enum.FPredOLT, l.fabs(x), dc(inf))
}

// cxSinh is sinhC: sinh(x)·cos y + i·cosh(x)·sin y, for |x| >= 22 with
// e^|x|/2 as two factors e^(|x|/2); C99's special values.
func (l *fnLowering) cxSinh(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	s, co := l.f64Intrinsic("llvm.sin", y), l.f64Intrinsic("llvm.cos", y)
	sh, ch := l.f64Libm("sinh", x), l.f64Libm("cosh", x)
	h := l.f64Intrinsic("llvm.exp", c.NewFDiv(l.fabs(x), dc(2)))
	large := cx{
		c.NewFMul(c.NewFDiv(c.NewFMul(l.f64Intrinsic("llvm.copysign", h, x), co), dc(2)), h),
		c.NewFMul(c.NewFDiv(c.NewFMul(s, h), dc(2)), h),
	}
	res := l.cxSel(c.NewFCmp(enum.FPredOLT, l.fabs(x), dc(22)), cx{c.NewFMul(sh, co), c.NewFMul(ch, s)}, large)
	res = l.cxSel(l.isZero(y), cx{sh, y}, res)
	// not both finite
	xInf := l.isInf(x)
	special := l.cxSel(xInf, cx{dc(inf), dnan()}, cx{dnan(), dnan()})
	special = l.cxSel(c.NewAnd(xInf, l.finite(y)), cx{c.NewFMul(x, co), c.NewFMul(dc(inf), s)}, special)
	special = l.cxSel(l.finite(x), cx{dnan(), dnan()}, special)
	special = l.cxSel(l.isZero(y), cx{x, y}, special)
	special = l.cxSel(l.isZero(x), cx{x, dnan()}, special)
	return l.cxSel(c.NewAnd(l.finite(x), l.finite(y)), res, special)
}

// cxCosh is coshC: cosh(x)·cos y + i·sinh(x)·sin y, scaled for large |x|
// as cxSinh; C99's special values.
func (l *fnLowering) cxCosh(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	s, co := l.f64Intrinsic("llvm.sin", y), l.f64Intrinsic("llvm.cos", y)
	sh, ch := l.f64Libm("sinh", x), l.f64Libm("cosh", x)
	h := l.f64Intrinsic("llvm.exp", c.NewFDiv(l.fabs(x), dc(2)))
	large := cx{
		c.NewFMul(c.NewFDiv(c.NewFMul(co, h), dc(2)), h),
		c.NewFMul(c.NewFDiv(c.NewFMul(l.f64Intrinsic("llvm.copysign", h, x), s), dc(2)), h),
	}
	res := l.cxSel(c.NewFCmp(enum.FPredOLT, l.fabs(x), dc(22)), cx{c.NewFMul(ch, co), c.NewFMul(sh, s)}, large)
	res = l.cxSel(l.isZero(y), cx{ch, c.NewFMul(x, y)}, res)
	xInf := l.isInf(x)
	special := l.cxSel(xInf, cx{dc(inf), dnan()}, cx{dnan(), dnan()})
	special = l.cxSel(c.NewAnd(xInf, l.finite(y)), cx{c.NewFMul(dc(inf), co), c.NewFMul(x, s)}, special)
	special = l.cxSel(l.finite(x), cx{dnan(), dnan()}, special)
	special = l.cxSel(l.isZero(y), cx{c.NewFMul(x, x), c.NewFMul(l.f64Intrinsic("llvm.copysign", dc(0), x), y)}, special)
	special = l.cxSel(l.isZero(x), cx{dnan(), dc(0)}, special)
	return l.cxSel(c.NewAnd(l.finite(x), l.finite(y)), res, special)
}

// cxAtan2 is atan2C: -i·log((b + i·a) / sqrt(b·b + a·a)), with i·a and
// -i· as swapped parts.
func (l *fnLowering) cxAtan2(a, b cx) cx {
	c := l.cur
	num := cx{c.NewFSub(b.re, a.im), c.NewFAdd(b.im, a.re)}
	bb, aa := l.cxMul(b, b), l.cxMul(a, a)
	w := l.cxLog(l.cxDiv(num, l.cxSqrt(cx{c.NewFAdd(bb.re, aa.re), c.NewFAdd(bb.im, aa.im)})))
	return cx{w.im, c.NewFNeg(w.re)}
}

// times is i·z's parts: iz = -y + ix.
func (l *fnLowering) timesI(z cx) cx { return cx{l.cur.NewFNeg(z.im), z.re} }

// cxSin is sinC: -i·sinh(iz), and NaN + i∞ for an infinite or NaN real
// part with an infinite imaginary one (glibc's sign).
func (l *fnLowering) cxSin(z cx) cx {
	w := l.cxSinh(l.timesI(z))
	res := cx{w.im, l.cur.NewFNeg(w.re)}
	return l.cxSel(l.cur.NewAnd(l.not(l.finite(z.re)), l.isInf(z.im)), cx{dnan(), dc(inf)}, res)
}

// cxCos is cosC: cosh(iz).
func (l *fnLowering) cxCos(z cx) cx { return l.cxCosh(l.timesI(z)) }

// cxTan is tanC: -i·tanh(iz).
func (l *fnLowering) cxTan(z cx) cx {
	w := l.cxTanh(l.timesI(z))
	return cx{w.im, l.cur.NewFNeg(w.re)}
}

// cxExpm1 is expm1C: expm1(x)·cos y − 2·sin²(y/2) + i·e^x·sin y, and
// (expm1(x), y) for a zero y.
func (l *fnLowering) cxExpm1(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	em1 := l.f64Libm("expm1", x)
	h := l.f64Intrinsic("llvm.sin", c.NewFDiv(y, dc(2)))
	res := cx{
		c.NewFSub(c.NewFMul(em1, l.f64Intrinsic("llvm.cos", y)), c.NewFMul(c.NewFMul(dc(2), h), h)),
		c.NewFMul(l.f64Intrinsic("llvm.exp", x), l.f64Intrinsic("llvm.sin", y)),
	}
	return l.cxSel(l.isZero(y), cx{em1, y}, res)
}

// cxLog1p is log1pC: (log1p(u)/2, atan2(y, 1 + x)) with u = x(2 + x) + y²
// when both parts are finite and |u| < 1/2, else log(1 + z).
func (l *fnLowering) cxLog1p(z cx) cx {
	c := l.cur
	x, y := z.re, z.im
	onePlus := c.NewFAdd(dc(1), x)
	u := c.NewFAdd(c.NewFMul(x, c.NewFAdd(dc(2), x)), c.NewFMul(y, y))
	small := cx{c.NewFDiv(l.f64Libm("log1p", u), dc(2)), l.f64Libm("atan2", y, onePlus)}
	near := c.NewAnd(c.NewAnd(l.finite(x), l.finite(y)), c.NewFCmp(enum.FPredOLT, l.fabs(u), dc(0.5)))
	return l.cxSel(near, small, l.cxLog(cx{onePlus, y}))
}

// powMaxSquarings is the number of squarings of powC's integer exponents
// (|n| < 100 < 2^7).
const powMaxSquarings = 7

// cxPow is powC: 1 for b = 0; for a = 0, 0 when b is a positive real and
// NaN otherwise; a real integer exponent |n| < 100 by repeated squaring
// from 1 (a, a·a and a·(a·a) for 1, 2 and 3; 1 divided by it for n < 0);
// else exp(b·log a) with C's complex multiplication.
func (l *fnLowering) cxPow(a, b cx) cx {
	c := l.cur
	br, bi := b.re, b.im
	one := cx{dc(1), dc(0)}
	general := l.cxExp(l.cxMulC99(b, l.cxLog(a)))
	// integer exponents
	absN := l.fabs(br)
	isInt := c.NewAnd(c.NewAnd(l.isZero(bi), c.NewFCmp(enum.FPredOEQ, br, l.f64Intrinsic("llvm.trunc", br))), c.NewFCmp(enum.FPredOLT, absN, dc(100)))
	n := c.NewFPToSI(l.sel(isInt, absN, dc(0)), i32)
	r, p := one, a
	for k := range powMaxSquarings {
		bit := c.NewICmp(enum.IPredNE, c.NewAnd(n, i32c(1<<k)), i32c(0))
		r = l.cxSel(bit, l.cxMul(r, p), r)
		if k < powMaxSquarings-1 {
			p = l.cxMul(p, p)
		}
	}
	r = l.cxSel(c.NewFCmp(enum.FPredOLT, br, dc(0)), l.cxDiv(one, r), r)
	sq := l.cxMul(a, a)
	r = l.cxSel(c.NewFCmp(enum.FPredOEQ, br, dc(3)), l.cxMul(a, sq), r)
	r = l.cxSel(c.NewFCmp(enum.FPredOEQ, br, dc(2)), sq, r)
	r = l.cxSel(c.NewFCmp(enum.FPredOEQ, br, dc(1)), a, r)
	res := l.cxSel(isInt, r, general)
	// a zero base, a zero exponent
	zeroA := l.cxSel(c.NewAnd(c.NewFCmp(enum.FPredOGT, br, dc(0)), l.isZero(bi)), cx{dc(0), dc(0)}, cx{dnan(), dnan()})
	res = l.cxSel(c.NewAnd(l.isZero(a.re), l.isZero(a.im)), zeroA, res)
	return l.cxSel(c.NewAnd(l.isZero(br), l.isZero(bi)), one, res)
}

// cxMulC99 is mulC99, C's complex multiplication (C11 Annex G's
// _Cmultd): the schoolbook product, but where both parts are NaN and an
// operand is infinite (or a partial product overflowed), the product
// recomputed with infinite parts as ±1 and NaN parts as ±0, times +Inf.
func (l *fnLowering) cxMulC99(z, w cx) cx {
	c := l.cur
	r := l.cxMul(z, w)
	box := func(v value.Value) value.Value {
		return l.f64Intrinsic("llvm.copysign", l.sel(l.isInf(v), dc(1), dc(0)), v)
	}
	unNaN := func(v value.Value) value.Value {
		return l.sel(l.isNaN(v), l.f64Intrinsic("llvm.copysign", dc(0), v), v)
	}
	a, b, cc, d := z.re, z.im, w.re, w.im
	rc1 := c.NewOr(l.isInf(a), l.isInf(b))
	a, b, cc, d = l.sel(rc1, box(a), a), l.sel(rc1, box(b), b), l.sel(rc1, unNaN(cc), cc), l.sel(rc1, unNaN(d), d)
	rc2 := c.NewOr(l.isInf(cc), l.isInf(d))
	cc, d, a, b = l.sel(rc2, box(cc), cc), l.sel(rc2, box(d), d), l.sel(rc2, unNaN(a), a), l.sel(rc2, unNaN(b), b)
	recalc := c.NewOr(rc1, rc2)
	overflow := c.NewOr(c.NewOr(l.isInf(c.NewFMul(a, cc)), l.isInf(c.NewFMul(b, d))), c.NewOr(l.isInf(c.NewFMul(a, d)), l.isInf(c.NewFMul(b, cc))))
	rc3 := c.NewAnd(l.not(recalc), overflow)
	a, b, cc, d = l.sel(rc3, unNaN(a), a), l.sel(rc3, unNaN(b), b), l.sel(rc3, unNaN(cc), cc), l.sel(rc3, unNaN(d), d)
	again := cx{
		c.NewFMul(dc(inf), c.NewFSub(c.NewFMul(a, cc), c.NewFMul(b, d))),
		c.NewFMul(dc(inf), c.NewFAdd(c.NewFMul(a, d), c.NewFMul(b, cc))),
	}
	res := l.cxSel(c.NewOr(recalc, rc3), again, r)
	return l.cxSel(c.NewAnd(l.isNaN(r.re), l.isNaN(r.im)), res, r)
}
