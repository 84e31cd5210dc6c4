package complex

import (
	"math"
	"math/cmplx"

	mathdialect "github.com/bcast-opt/bcast-opt/dialects/math"
)

// The scalar functions of the complex ops, in complex128, written from
// real functions with numpy's algorithms and C99 Annex G's special values
// where numpy follows them (abs and sqrt are Go's math/cmplx, which
// does). interp's TestComplexOpsAgainstNumpy states the bounds.

// The real functions they are built from are the math dialect's
// (dialects/math: within 2 ulps of glibc's, which numpy calls, where Go's
// math package is not: sin and cos of large arguments, sinh and cosh
// near overflow, log of subnormals).
var (
	sinR   = mathdialect.UnaryOps[mathdialect.Sin]
	cosR   = mathdialect.UnaryOps[mathdialect.Cos]
	tanR   = mathdialect.UnaryOps[mathdialect.Tan]
	sinhR  = mathdialect.UnaryOps[mathdialect.Sinh]
	coshR  = mathdialect.UnaryOps[mathdialect.Cosh]
	expR   = mathdialect.UnaryOps[mathdialect.Exp]
	expm1R = mathdialect.UnaryOps[mathdialect.ExpM1]
	logR   = mathdialect.UnaryOps[mathdialect.Log]
	log1pR = mathdialect.UnaryOps[mathdialect.Log1p]
	tanhR  = mathdialect.UnaryOps[mathdialect.Tanh]
	atan2R = mathdialect.BinaryOps[mathdialect.Atan2]
)

// sincos is sin and cos of y.
func sincos(y float64) (s, c float64) { return sinR(y), cosR(y) }

func addC(a, b complex128) complex128 { return a + b }
func subC(a, b complex128) complex128 { return a - b }
func negC(z complex128) complex128    { return -z }
func conjC(z complex128) complex128   { return cmplx.Conj(z) }

// mulC is the schoolbook product, as numpy computes it; the conversions
// keep each product rounded (no fused multiply-add on any platform).
func mulC(a, b complex128) complex128 {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	return complex(float64(ar*br)-float64(ai*bi), float64(ar*bi)+float64(ai*br))
}

// divC is Smith's algorithm, as numpy divides: scaled by the larger part
// of b, and a division by zero divides each part by |re(b)| (so x / -0
// is +Inf, as numpy gives).
func divC(a, b complex128) complex128 {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	abr, abi := math.Abs(br), math.Abs(bi)
	if abr >= abi {
		if abr == 0 && abi == 0 {
			return complex(ar/abr, ai/abr)
		}
		rat := bi / br
		scl := 1 / (br + float64(bi*rat))
		return complex(float64((ar+float64(ai*rat))*scl), float64((ai-float64(ar*rat))*scl))
	}
	rat := br / bi
	scl := 1 / (bi + float64(br*rat))
	return complex(float64((float64(ar*rat)+ai)*scl), float64((float64(ai*rat)-ar)*scl))
}

// expC is exp(x)·(cos y + i sin y) (for x > 709, where e^x overflows
// before the parts may, as e^(x/2)·e^(x/2)), with C99's special values: a zero
// imaginary part stays exact (exp(x) + 0i, also for x = +Inf), and an
// infinite or NaN y gives (0, ±0 with y's sign) for x = -Inf and (+Inf,
// NaN) for x = +Inf.
func expC(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case y == 0:
		return complex(expR(x), y)
	case math.IsInf(y, 0) || math.IsNaN(y):
		switch {
		case math.IsInf(x, -1):
			return complex(0, math.Copysign(0, y)) // glibc's choice of signs
		case math.IsInf(x, 1):
			return complex(x, math.NaN())
		}
		return complex(math.NaN(), math.NaN())
	}
	s, c := sincos(y)
	if x > 709 {
		// e^x overflows before e^x·cos y or e^x·sin y may: two factors
		h := expR(x / 2)
		return complex(c*h*h, s*h*h)
	}
	e := expR(x)
	return complex(e*c, e*s)
}

// logC is log|z| + i·arg z. Near |z| = 1 the real part is
// log1p((|x|-1)(|x|+1) + y²)/2, which keeps the digits that log(hypot)
// loses to cancellation; a tiny |z| is scaled by 2^600 first (a hypot of
// subnormals loses bits); an infinite part gives +Inf even with a NaN.
func logC(z complex128) complex128 {
	x, y := real(z), imag(z)
	ax, ay := math.Abs(x), math.Abs(y)
	if ax < ay {
		ax, ay = ay, ax
	}
	var re float64
	switch {
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		re = math.Inf(1)
	case math.IsNaN(ax) || math.IsNaN(ay):
		re = math.NaN()
	case ax >= 0.5 && ax <= 2 && ay < 1:
		re = log1pR(float64((ax-1)*(ax+1))+float64(ay*ay)) / 2
	case ax < 0x1p-1000:
		// |z| scaled up by 2^600 first: hypot of subnormals loses bits
		re = logR(math.Hypot(ax*0x1p600, ay*0x1p600)) - 600*math.Ln2
	default:
		re = logR(math.Hypot(ax, ay))
	}
	return complex(re, atan2R(y, x))
}

// tanhC is Kahan's formula (with t = tan y, s = sinh x, β = 1 + t²):
// (β·s·√(1+s²) + i·t) / (1 + β·s²), which does not overflow; for |x| > 22
// tanh is ±1 to double precision and the imaginary part underflows.
func tanhC(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case y == 0:
		return complex(tanhR(x), y)
	case math.IsNaN(x):
		return complex(x, math.NaN())
	case math.IsInf(y, 0) || math.IsNaN(y):
		switch {
		case math.IsInf(x, 0):
			return complex(math.Copysign(1, x), math.Copysign(0, y))
		case x == 0:
			return complex(x, math.NaN())
		}
		return complex(math.NaN(), math.NaN())
	case math.Abs(x) > 22:
		s, c := sincos(y)
		return complex(math.Copysign(1, x), math.Copysign(0, s*c))
	}
	t := tanR(y)
	beta := 1 + t*t
	s := sinhR(x)
	rho := math.Sqrt(1 + s*s)
	den := 1 + beta*s*s
	return complex(beta*rho*s/den, t/den)
}

// sqrtC is Go's cmplx.Sqrt, but for C99's NaN + NaN·i when the real
// part is NaN and the imaginary one finite (numpy's too), and for a zero
// real part, where Go's halves the imaginary part first, which drops the
// last bit of a subnormal one: √(±iy) = √(y/2)·(1 ± i), halved exactly
// after scaling by 2^100.
func sqrtC(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case math.IsNaN(x) && !math.IsInf(y, 0):
		return complex(math.NaN(), math.NaN())
	case math.IsInf(x, -1) && math.IsNaN(y):
		// C99's NaN ± i∞, the sign y's as glibc's csqrt (numpy) gives it
		return complex(math.NaN(), math.Copysign(math.Inf(1), y))
	case x == 0 && y != 0 && finite(y):
		r := math.Sqrt(math.Abs(y) / 2)
		if math.Abs(y) < 0x1p-1000 {
			r = math.Ldexp(math.Sqrt(math.Ldexp(math.Abs(y), 100)/2), -50)
		}
		return complex(r, math.Copysign(r, y))
	}
	return cmplx.Sqrt(z)
}

// rsqrtC is 1 / sqrt(z).
func rsqrtC(z complex128) complex128 { return divC(1, sqrtC(z)) }

// signC is z / |z| (a complex division, as numpy's z / abs(z)), 0 for 0
// and NaN (both parts) if a part is NaN.
func signC(z complex128) complex128 {
	switch {
	case cmplx.IsNaN(z):
		return complex(math.NaN(), math.NaN())
	case z == 0:
		return z
	}
	return divC(z, complex(cmplx.Abs(z), 0))
}

func absC(z complex128) float64 { return cmplx.Abs(z) }
func reC(z complex128) float64  { return real(z) }
func imC(z complex128) float64  { return imag(z) }

// Equal is complex.eq's function: both parts equal (so NaN is unequal to
// everything); complex.neq is its negation.
func Equal(a, b complex128) bool { return a == b }

// sinhC is sinh(x)·cos y + i·cosh(x)·sin y with C99 Annex G's special
// values (csinh: odd, and conj(sinh z) = sinh(conj z)). A zero imaginary
// part stays exact; for |x| >= 22 cosh x = |sinh x| = e^|x|/2 to double
// precision, taken as two factors e^(|x|/2) so that a result with a
// small cos y or sin y does not overflow early.
func sinhC(z complex128) complex128 {
	x, y := real(z), imag(z)
	if finite(x) && finite(y) {
		if y == 0 {
			return complex(sinhR(x), y)
		}
		s, c := sincos(y)
		if math.Abs(x) < 22 {
			return complex(sinhR(x)*c, coshR(x)*s)
		}
		h := expR(math.Abs(x) / 2)
		return complex(math.Copysign(h, x)*c/2*h, s*h/2*h)
	}
	switch {
	case x == 0: // y is Inf or NaN
		return complex(x, math.NaN())
	case y == 0: // x is Inf or NaN
		return complex(x, y)
	case finite(x): // y is Inf or NaN
		return complex(math.NaN(), math.NaN())
	case math.IsInf(x, 0) && finite(y):
		s, c := sincos(y)
		return complex(x*c, math.Inf(1)*s)
	case math.IsInf(x, 0): // y is Inf or NaN
		return complex(math.Inf(1), math.NaN())
	}
	return complex(math.NaN(), math.NaN())
}

// coshC is cosh(x)·cos y + i·sinh(x)·sin y with Annex G's special values
// (ccosh: even), scaled for large |x| as sinhC.
func coshC(z complex128) complex128 {
	x, y := real(z), imag(z)
	if finite(x) && finite(y) {
		if y == 0 {
			return complex(coshR(x), x*y)
		}
		s, c := sincos(y)
		if math.Abs(x) < 22 {
			return complex(coshR(x)*c, sinhR(x)*s)
		}
		h := expR(math.Abs(x) / 2)
		return complex(c*h/2*h, math.Copysign(h, x)*s/2*h)
	}
	switch {
	case x == 0: // y is Inf or NaN
		return complex(math.NaN(), 0)
	case y == 0: // x is Inf or NaN
		return complex(x*x, math.Copysign(0, x)*y)
	case finite(x): // y is Inf or NaN
		return complex(math.NaN(), math.NaN())
	case math.IsInf(x, 0) && finite(y):
		s, c := sincos(y)
		return complex(math.Inf(1)*c, x*s)
	case math.IsInf(x, 0): // y is Inf or NaN
		return complex(math.Inf(1), math.NaN())
	}
	return complex(math.NaN(), math.NaN())
}

// sinC, cosC and tanC are C99's csin(z) = -i·sinh(iz), ccos(z) = cosh(iz)
// and ctan(z) = -i·tanh(iz), as numpy computes them through the C
// library: with iz = -y + ix, -i·(p + iq) = q - ip.
// Where C99 leaves the sign of an infinite part open, sin takes the C
// library's (glibc's, which numpy gives): sin(x ± i∞) for an infinite or
// NaN x is NaN + i∞.
func sinC(z complex128) complex128 {
	if !finite(real(z)) && math.IsInf(imag(z), 0) {
		return complex(math.NaN(), math.Inf(1))
	}
	w := sinhC(complex(-imag(z), real(z)))
	return complex(imag(w), -real(w))
}

func cosC(z complex128) complex128 { return coshC(complex(-imag(z), real(z))) }

func tanC(z complex128) complex128 {
	w := tanhC(complex(-imag(z), real(z)))
	return complex(imag(w), -real(w))
}

// expm1C is numpy's expm1 on complex numbers: expm1(x)·cos y − 2·sin²(y/2)
// + i·e^x·sin y, which keeps the digits of small |z| that exp(z) − 1
// loses, but with a zero imaginary part exact, (expm1(x), y), as expC
// (numpy gives NaN for the imaginary part of expm1(+Inf + 0i)).
func expm1C(z complex128) complex128 {
	x, y := real(z), imag(z)
	if y == 0 {
		return complex(expm1R(x), y)
	}
	h := sinR(y / 2)
	return complex(expm1R(x)*cosR(y)-2*h*h, expR(x)*sinR(y))
}

// log1pC is log(1 + z) = log|1 + z| + i·atan2(y, 1 + x). Where |1 + z|² =
// 1 + u with u = x·(2 + x) + y² and |u| < 1/2, the real part is
// log1p(u)/2, which keeps the digits of small |z| (numpy takes
// log(hypot(1 + x, y)) everywhere, which loses them: its complex64
// log1p(1e-5) is off by 0.1%); elsewhere, and for infinite and NaN parts,
// it is logC(1 + z).
func log1pC(z complex128) complex128 {
	x, y := real(z), imag(z)
	if finite(x) && finite(y) {
		if u := float64(x*(2+x)) + float64(y*y); math.Abs(u) < 0.5 {
			return complex(log1pR(u)/2, atan2R(y, 1+x))
		}
	}
	return logC(complex(1+x, y))
}

// powC is numpy's power on complex numbers: a^0 = 1 for every a (NaN
// too); 0^b = 0 for a real b > 0 and NaN + NaN·i for any other b; an
// integer real exponent n with |n| < 100 is the product of repeated
// squares from 1 (mulC; 1, 2 and 3 are a, a·a and a·(a·a); a negative n
// divides 1 by it, divC), exact for small Gaussian integers; any other
// a^b is exp(b·log a), as C's cpow.
func powC(a, b complex128) complex128 {
	br, bi := real(b), imag(b)
	switch {
	case b == 0:
		return 1
	case a == 0:
		if br > 0 && bi == 0 {
			return 0
		}
		return complex(math.NaN(), math.NaN())
	case bi == 0 && br == math.Trunc(br) && math.Abs(br) < 100:
		switch br {
		case 1:
			return a
		case 2:
			return mulC(a, a)
		case 3:
			return mulC(a, mulC(a, a))
		}
		r := complex128(1)
		for n, p := int(math.Abs(br)), a; ; {
			if n&1 != 0 {
				r = mulC(r, p)
			}
			if n >>= 1; n == 0 {
				break
			}
			p = mulC(p, p)
		}
		if br < 0 {
			r = divC(1, r)
		}
		return r
	}
	return expC(mulC99(b, logC(a)))
}

// mulC99 is C's complex multiplication (C11 Annex G's _Cmultd, which C
// libraries' cpow uses): the schoolbook product, but where both parts
// come out NaN and an operand is infinite (or a partial product
// overflowed), infinities are recovered by recomputing with the infinite
// parts as ±1 and the NaN parts as ±0, scaled by +Inf.
func mulC99(z, w complex128) complex128 {
	r := mulC(z, w)
	if !math.IsNaN(real(r)) || !math.IsNaN(imag(r)) {
		return r
	}
	a, b, c, d := real(z), imag(z), real(w), imag(w)
	box := func(v float64) float64 { // an infinite part to ±1, a finite one to ±0
		if math.IsInf(v, 0) {
			return math.Copysign(1, v)
		}
		return math.Copysign(0, v)
	}
	unNaN := func(v float64) float64 {
		if math.IsNaN(v) {
			return math.Copysign(0, v)
		}
		return v
	}
	recalc := false
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		a, b, c, d = box(a), box(b), unNaN(c), unNaN(d)
		recalc = true
	}
	if math.IsInf(c, 0) || math.IsInf(d, 0) {
		c, d, a, b = box(c), box(d), unNaN(a), unNaN(b)
		recalc = true
	}
	if !recalc && (math.IsInf(a*c, 0) || math.IsInf(b*d, 0) || math.IsInf(a*d, 0) || math.IsInf(b*c, 0)) {
		a, b, c, d = unNaN(a), unNaN(b), unNaN(c), unNaN(d)
		recalc = true
	}
	if !recalc {
		return r
	}
	inf := math.Inf(1)
	return complex(inf*(float64(a*c)-float64(b*d)), inf*(float64(a*d)+float64(b*c)))
}

// atan2C is complex.atan2(a, b), StableHLO's (and MLIR's) definition
// -i·log((b + i·a) / sqrt(b·b + a·a)), step for step: i·a and the final
// -i· exactly (the parts swapped, one negated: no product with a zero
// part, which would turn an infinite part into NaN), the squares and the
// sum as mulC and addC, then sqrtC, divC and logC.
func atan2C(a, b complex128) complex128 {
	ia := complex(-imag(a), real(a))
	w := logC(divC(b+ia, sqrtC(mulC(b, b)+mulC(a, a))))
	return complex(imag(w), -real(w))
}

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }
