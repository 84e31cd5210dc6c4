package complex

import (
	"math"
	"math/cmplx"
)

// The scalar functions of the complex ops, in complex128, written from
// real functions with numpy's algorithms and C99 Annex G's special values
// where numpy follows them (abs and sqrt are Go's math/cmplx, which
// does). interp's TestComplexOpsAgainstNumpy states the bounds.

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

// expC is exp(x)·(cos y + i sin y), with C99's special values: a zero
// imaginary part stays exact (exp(x) + 0i, also for x = +Inf), and an
// infinite or NaN y gives 0 for x = -Inf and (+Inf, NaN) for x = +Inf.
func expC(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case y == 0:
		return complex(math.Exp(x), y)
	case math.IsInf(y, 0) || math.IsNaN(y):
		switch {
		case math.IsInf(x, -1):
			return 0
		case math.IsInf(x, 1):
			return complex(x, math.NaN())
		}
		return complex(math.NaN(), math.NaN())
	}
	e := math.Exp(x)
	s, c := math.Sincos(y)
	return complex(e*c, e*s)
}

// logC is log|z| + i·arg z. Near |z| = 1 the real part is
// log1p((|x|-1)(|x|+1) + y²)/2, which keeps the digits that log(hypot)
// loses to cancellation; an infinite part gives +Inf even with a NaN.
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
		re = math.Log1p(float64((ax-1)*(ax+1))+float64(ay*ay)) / 2
	default:
		re = math.Log(math.Hypot(ax, ay))
	}
	return complex(re, math.Atan2(y, x))
}

// tanhC is Kahan's formula (with t = tan y, s = sinh x, β = 1 + t²):
// (β·s·√(1+s²) + i·t) / (1 + β·s²), which does not overflow; for |x| > 22
// tanh is ±1 to double precision and the imaginary part underflows.
func tanhC(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case y == 0:
		return complex(math.Tanh(x), y)
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
		s, c := math.Sincos(y)
		return complex(math.Copysign(1, x), math.Copysign(0, s*c))
	}
	t := math.Tan(y)
	beta := 1 + t*t
	s := math.Sinh(x)
	rho := math.Sqrt(1 + s*s)
	den := 1 + beta*s*s
	return complex(beta*rho*s/den, t/den)
}

// sqrtC is Go's cmplx.Sqrt, but for C99's NaN + NaN·i when the real
// part is NaN and the imaginary one finite (numpy's too).
func sqrtC(z complex128) complex128 {
	if math.IsNaN(real(z)) && !math.IsInf(imag(z), 0) {
		return complex(math.NaN(), math.NaN())
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
