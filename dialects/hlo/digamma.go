package hlo

import (
	gomath "math"
	"math/big"
	"sync"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Digamma, ψ(x) = Γ'(x)/Γ(x) (chlo.digamma, jax.scipy.special.digamma),
// twice: digammaF, the element function (float64), and lowerDigamma, the
// same computation as arith and math ops in f64, step for step, so that
// the interpreter and the compiled code agree to the bits of the math
// ops they call (log and tan: Go's against the C library's).
//
// The algorithm, for y >= 1 (x itself, or x + 1 for 0 < x < 1 with the
// recurrence ψ(x) = ψ(x+1) - 1/x, or 1 - x for x < 0 with the reflection
// ψ(x) = ψ(1-x) - π cot(πx), digammaCot):
//
//   - 1 <= y < 10: ψ(u) + 1/(y-1) + ... + 1/(y-m), with m = floor(y) - 1
//     and u = y - m in [1, 2) (both exact), ψ(u) by the Taylor series of
//     ψ about its positive zero x0 = 1.4616..., in u - x0 with x0 in two
//     parts (no cancellation near the zero: ψ is correct to a few ulps
//     relatively there), the positive terms summed from the smallest;
//   - y >= 10: the asymptotic series, log y - 1/(2y) - Σ B2k/(2k y^2k)
//     (8 terms).
//
// Poles: NaN at ±0 and the negative integers, as XLA's digamma (the one
// JAX programs get; scipy gives ∓Inf at ±0), and at -Inf; ψ(+Inf) = +Inf. Near ψ's zeros below 0
// the reflection loses the relative accuracy of the small result (as
// scipy's does), not the absolute one.

// digammaX0 is ψ's positive zero in two float64 parts, and digammaTaylor
// the coefficients of ψ's Taylor series there, c[n-1] = ψ^(n)(x0)/n! =
// (-1)^(n+1) ζ(n+1, x0), enough for |y - x0| <= 0.54 (the ratio to the
// radius of convergence, x0, is 0.37 there: 40 terms).
var digammaCoefs = sync.OnceValue(func() (c struct {
	hi, lo float64
	taylor []float64
}) {
	const x0 = "1.4616321449683623412626595423257213284681962040064463512959884085987864403538018102430749927337255927519"
	b, _, err := big.ParseFloat(x0, 10, 200, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	c.hi, _ = b.Float64()
	c.lo, _ = new(big.Float).SetPrec(200).Sub(b, new(big.Float).SetFloat64(c.hi)).Float64()
	for n := 1; n <= 40; n++ {
		z := hurwitzZeta(float64(n+1), c.hi)
		if n%2 == 0 {
			z = -z
		}
		c.taylor = append(c.taylor, z)
	}
	return c
})

// hurwitzZeta is ζ(s, a) = Σ (a+k)^-s for s > 1, a > 0: 30 terms summed
// from the smallest, then the Euler-Maclaurin remainder (enough for
// float64 with s >= 2 and a near 1.46).
func hurwitzZeta(s, a float64) float64 {
	const n = 30
	an := a + n
	// Euler-Maclaurin: ∫ + f(N)/2 + Σ B2j/(2j)! s(s+1)...(s+2j-2) (a+N)^(-s-2j+1)
	b2j := []float64{1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730}
	sum := gomath.Pow(an, 1-s)/(s-1) + gomath.Pow(an, -s)/2
	rising, fact := s, 2.0
	for j, b := range b2j {
		sum += b / fact * rising * gomath.Pow(an, -s-float64(2*j+1))
		rising *= (s + float64(2*j+1)) * (s + float64(2*j+2))
		fact *= float64(2*j+3) * float64(2*j+4)
	}
	for k := n - 1; k >= 0; k-- {
		sum += gomath.Pow(a+float64(k), -s)
	}
	return sum
}

// digammaAsym are the coefficients of the asymptotic series' tail in z =
// 1/y², B2k/(2k), lowest first.
var digammaAsym = [...]float64{1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760, 1.0 / 12, -3617.0 / 8160}

// horner is c[0] + c[1] r + ... (highest first), as scalarCode.poly.
func horner(r float64, c ...float64) float64 {
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = p*r + c[i]
	}
	return p
}

// digammaCot is π cot(πr) for |r| <= 1/2: π / tan(πr) up to |r| = 1/4,
// π tan(π(1/2 - |r|)) with r's sign beyond (1/2 - |r| is exact, so
// cot(±π/2) is 0, not π/tan(fl(π/2)) = 1.9e-16).
func digammaCot(r float64, tanF func(float64) float64) float64 {
	a := gomath.Abs(r)
	if a <= 0.25 {
		return gomath.Pi / tanF(gomath.Pi*r)
	}
	v := gomath.Pi * tanF(gomath.Pi*(0.5-a))
	if r < 0 {
		return -v
	}
	return v
}

// digammaF is ψ(x) (see above); every value lowerDigamma selects is
// computed here by the same operations in the same order.
func digammaF(x float64) float64 {
	c := digammaCoefs()
	logF, tanF := mathFn(math.Log), mathFn(math.Tan)
	var y, term float64
	switch {
	case x == 0:
		return gomath.NaN() // a pole, as XLA's
	case x < 0:
		y = 1 - x
		r := x - gomath.RoundToEven(x)
		if r == 0 {
			return gomath.NaN() // a pole at a negative integer
		}
		term = -digammaCot(r, tanF)
	case x < 1:
		y = x + 1
		term = -(1 / x)
	default:
		y = x
	}
	var core float64
	if y < 10 {
		m := gomath.Floor(y) - 1
		u := y - m
		d := (u - c.hi) - c.lo
		sum := 0.0
		for k := 1.0; k <= 8; k++ {
			t := 0.0
			if k <= m {
				t = 1 / (y - k)
			}
			sum += t
		}
		core = horner(d, c.taylor...)*d + sum
	} else {
		z := 1 / (y * y)
		core = (logF(y) - 0.5/y) - z*horner(z, digammaAsym[:]...)
	}
	if x < 1 {
		return core + term
	}
	return core
}

// lowerDigamma is digammaF as arith and math ops in f64 (the operand
// extended, the result rounded once): every branch computed, the value
// selected, straight-line code.
func lowerDigamma(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	t := args[0].Type()
	x := wideFloat(s, args[0])
	f := x.Type()
	cf := digammaCoefs()
	c := func(v float64) *ir.Value { return s.constF(f, v) }
	add := func(a, b *ir.Value) *ir.Value { return s.op(arith.AddF, f, a, b) }
	sub := func(a, b *ir.Value) *ir.Value { return s.op(arith.SubF, f, a, b) }
	mul := func(a, b *ir.Value) *ir.Value { return s.op(arith.MulF, f, a, b) }
	div := func(a, b *ir.Value) *ir.Value { return s.op(arith.DivF, f, a, b) }
	lt := func(a, b *ir.Value) *ir.Value { return s.cmpf("olt", a, b) }
	one := c(1)
	neg, small := lt(x, c(0)), lt(x, one)
	// y and the reflection or recurrence term
	r := sub(x, s.op(math.RoundEven, f, x))
	ar := s.op(math.AbsF, f, r)
	near := div(c(gomath.Pi), s.op(math.Tan, f, mul(c(gomath.Pi), r)))
	far := mul(c(gomath.Pi), s.op(math.Tan, f, mul(c(gomath.Pi), sub(c(0.5), ar))))
	far = s.sel(lt(r, c(0)), s.op(arith.NegF, f, far), far)
	reflect := s.op(arith.NegF, f, s.sel(s.cmpf("ole", ar, c(0.25)), near, far))
	recur := s.op(arith.NegF, f, div(one, x))
	y := s.sel(neg, sub(one, x), s.sel(small, add(x, one), x))
	term := s.sel(neg, reflect, recur)
	// 1 <= y < 10: the Taylor series at u = y - m, plus 1/(y-k) for k <= m
	m := sub(s.op(math.Floor, f, y), one)
	d := sub(sub(sub(y, m), c(cf.hi)), c(cf.lo))
	sum := c(0)
	for k := 1; k <= 8; k++ {
		kc := c(float64(k))
		sum = add(sum, s.sel(s.cmpf("ole", kc, m), div(one, sub(y, kc)), c(0)))
	}
	low := add(mul(s.poly(d, cf.taylor...), d), sum)
	// y >= 10: the asymptotic series
	z := div(one, mul(y, y))
	asym := sub(sub(s.op(math.Log, f, y), div(c(0.5), y)), mul(z, s.poly(z, digammaAsym[:]...)))
	core := s.sel(lt(y, c(10)), low, asym)
	v := s.sel(small, add(core, term), core)
	// NaN at ±0 and the negative integers (r == 0: tan would give a
	// signed Inf), as XLA's
	pole := s.op(arith.AndI, ir.I1, s.cmpf("ole", x, c(0)), s.cmpf("oeq", r, c(0)))
	v = s.sel(pole, c(gomath.NaN()), v)
	return narrowFloat(s, v, t)
}
