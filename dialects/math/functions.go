package math

import (
	"math/big"
	"sync"

	gomath "math"
)

// The float64 functions of the math ops where Go's math package is not
// accurate enough to be the reference (its results differ from glibc's
// and numpy's by up to tens of ulps, TestFunctionsAgainstKnownValues):
// sin, cos and tan reduce their argument by π/2 exactly (Go's reduction
// loses bits near multiples of π/2 and for large arguments), tan keeps
// its cubic term for tiny arguments, acos and asin avoid the cancellation
// of 1 - x*x near ±1, sinh and cosh do not overflow before their result
// does, log takes subnormal arguments and atan2 underflowing quotients.
// Each is within 2 ulps of glibc's value.

// halfPi is π/2 to 1300 bits: enough for an exact remainder of any finite
// float64 (2^1024 needs 1024 bits above the point, and 53 + guard bits
// below it).
var halfPi = sync.OnceValue(func() *big.Float {
	// π by Machin's formula, π/4 = 4 atan(1/5) - atan(1/239), in big floats.
	const prec = 1400
	atanInv := func(n int64) *big.Float {
		// atan(1/n) = Σ (-1)^k / ((2k+1) n^(2k+1))
		sum := new(big.Float).SetPrec(prec)
		nn := new(big.Float).SetPrec(prec).SetInt64(n * n)
		pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(n))
		eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -prec)
		for k := int64(0); ; k++ {
			term := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			if term.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, nn)
		}
	}
	a := new(big.Float).SetPrec(prec).Mul(big.NewFloat(4), atanInv(5))
	pi4 := new(big.Float).SetPrec(prec).Sub(a, atanInv(239))
	// π/2 = 2 (π/4)
	return pi4.Mul(pi4, big.NewFloat(2))
})

// reduceHalfPi returns r and the quadrant q (0-3) with x = r + (4m + q) π/2
// and |r| <= π/4 (rounded once to float64).
func reduceHalfPi(x float64) (r float64, q int) {
	if gomath.Abs(x) <= gomath.Pi/4 {
		return x, 0
	}
	// The remainder is exact to well past 53 bits with the bits of π/2
	// above x's exponent plus 200 (a remainder can cancel about 61 bits
	// of a float64 near a multiple of π/2): far fewer than halfPi's 1400
	// for ordinary arguments, which keeps the interpreter's sin fast.
	prec := uint(200 + max(0, gomath.Ilogb(x)))
	hp := new(big.Float).SetPrec(prec).Set(halfPi())
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	k := new(big.Float).SetPrec(prec).Quo(bx, hp)
	// ki: k rounded to the nearest integer (k's fraction decides).
	ki, _ := k.Int(nil) // toward zero
	frac := new(big.Float).SetPrec(prec).Sub(k, new(big.Float).SetPrec(prec).SetInt(ki))
	switch {
	case frac.Cmp(big.NewFloat(0.5)) >= 0:
		ki.Add(ki, big.NewInt(1))
	case frac.Cmp(big.NewFloat(-0.5)) <= 0:
		ki.Sub(ki, big.NewInt(1))
	}
	rem := new(big.Float).SetPrec(prec).Mul(new(big.Float).SetPrec(prec).SetInt(ki), hp)
	rem.Sub(bx, rem)
	r, _ = rem.Float64()
	q = int(new(big.Int).And(ki, big.NewInt(3)).Int64())
	return r, q
}

// sinQuadrant is sin(x + shift π/2): sin and cos of the reduced argument,
// by the quadrant (sinF is shift 0, cosF shift 1).
func sinQuadrant(x float64, shift int) float64 {
	if gomath.IsInf(x, 0) || gomath.IsNaN(x) {
		return gomath.NaN()
	}
	r, q := reduceHalfPi(x)
	switch (q + shift) % 4 {
	case 1:
		return gomath.Cos(r)
	case 2:
		return -gomath.Sin(r)
	case 3:
		return -gomath.Cos(r)
	}
	return gomath.Sin(r)
}

func sinF(x float64) float64 { return sinQuadrant(x, 0) }
func cosF(x float64) float64 { return sinQuadrant(x, 1) }

func tanF(x float64) float64 {
	if gomath.IsInf(x, 0) || gomath.IsNaN(x) {
		return gomath.NaN()
	}
	r, q := reduceHalfPi(x)
	t := r
	if gomath.Abs(r) >= 1e-7 {
		t = gomath.Tan(r)
	} else {
		t = r + r*r*r/3 // math.Tan returns r itself there
	}
	if q%2 == 1 {
		return -1 / t
	}
	return t
}

// acosF is 2 atan2(√(1-x), √(1+x)): 1-x and 1+x are exact where the
// result is small.
func acosF(x float64) float64 {
	if gomath.Abs(x) > 1 || gomath.IsNaN(x) {
		return gomath.NaN()
	}
	return 2 * gomath.Atan2(gomath.Sqrt(1-x), gomath.Sqrt(1+x))
}

// asinF is atan2(x, sqrt((1-x)(1+x))): math.Asin's 1 - x*x near ±1
// loses bits (41 ulps at 0.9999999); 1 - x is exact there.
func asinF(x float64) float64 {
	if gomath.Abs(x) > 1 || gomath.IsNaN(x) {
		return gomath.NaN()
	}
	return gomath.Atan2(x, gomath.Sqrt((1-x)*(1+x)))
}

// lgammaF is log|Γ(x)|: Go's math.Lgamma (fdlibm's algorithm, as
// glibc's for x > -2) but where Go's departs from fdlibm: for tiny x,
// where it is -log|x| and Go's math.Log is wrong on subnormals
// (log(5e-324) is -709.09, not -744.44); on [0.1916, 0.2316) and
// [1.1916, 1.2316), where Go's branch boundaries are 0.04 below
// fdlibm's, so that it uses the approximation about lgamma's minimum
// outside the range it was fitted on (up to 340 ulps off at 1.19:
// lgammaSmall computes fdlibm's there); and -Inf, where C's lgamma is
// +Inf (Go's -Inf). +Inf at the poles (the non-positive integers).
func lgammaF(x float64) float64 {
	switch a := gomath.Abs(x); {
	case gomath.IsInf(x, -1):
		return gomath.Inf(1)
	case a != 0 && a < 0x1p-70:
		return -logF(a)
	case x >= 0.19163214496836225 && x < 0.23164:
		return -logF(x) + lgammaSmall(x)
	case x >= 1.1916321449683622 && x < 1.23164:
		return lgammaSmall(x - 1)
	}
	v, _ := gomath.Lgamma(x)
	return v
}

// lgammaSmall is log Γ(1+y) for 0 <= y < 0.2316 by fdlibm's rational
// approximation -y/2 + y U(y)/V(y) (e_lgamma_r.c's u0..u5, v1..v5).
func lgammaSmall(y float64) float64 {
	p1 := y * (-7.72156649015328655494e-02 + y*(6.32827064025093366517e-01+y*(1.45492250137234768737e+00+
		y*(9.77717527963372745603e-01+y*(2.28963728064692451092e-01+y*1.33810918536787660377e-02)))))
	p2 := 1 + y*(2.45597793713041134822e+00+y*(2.12848976379893395361e+00+y*(7.69285150456672783825e-01+
		y*(1.04222645593369134254e-01+y*3.21709242282423911810e-03))))
	return -0.5*y + p1/p2
}

// sinhF and coshF compute e^|x| / 2 with halfExp where e^|x| alone
// overflows and the result does not (math.Sinh(710) is +Inf; it is
// 1.1e308): ln 2 in two parts (fdlibm's), |x| - 2 ln2Hi exact, and
// e^(-2 ln2Lo) as 1 - 2 ln2Lo.
func sinhF(x float64) float64 {
	if a := gomath.Abs(x); a > 709 {
		return gomath.Copysign(halfExp(a), x)
	}
	return gomath.Sinh(x)
}

func coshF(x float64) float64 {
	if a := gomath.Abs(x); a > 709 {
		return halfExp(a)
	}
	return gomath.Cosh(x)
}

// halfExp is e^a / 2 for a > 709, as 2 e^(a - 2 ln 2): math.Exp itself
// overflows from about 709.4 on amd64, below its documented threshold.
func halfExp(a float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
	)
	return gomath.Ldexp(gomath.Exp(a-2*ln2Hi)*(1-2*ln2Lo), 1)
}

// logF scales a subnormal argument into the normal range first: Go's
// math.Log on amd64 (its assembly version) reads a subnormal's exponent
// as the smallest normal one, so that math.Log(5e-324) is -709.09, not
// -744.44.
func logF(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return gomath.Log(x*0x1p54) - 54*gomath.Ln2
	}
	return gomath.Log(x)
}

// atan2F gives an underflowing y/x its sign back: math.Atan2 computes
// atan(y/x) and, for x < 0, adds π when that is <= 0, so that
// atan2(-5e-324, -2.5), whose quotient underflows to +0, is +π (it is -π).
func atan2F(y, x float64) float64 {
	if x < 0 && y != 0 && y/x == 0 {
		return gomath.Copysign(gomath.Pi, y)
	}
	return gomath.Atan2(y, x)
}
