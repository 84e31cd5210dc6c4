package hlo

import (
	"math"
	"math/rand"
	"testing"
)

// sameComplex reports whether a and b have the same bits in each part,
// any NaN matching any NaN.
func sameComplex(a, b complex128) bool {
	same := func(x, y float64) bool {
		if x != x || y != y {
			return x != x && y != y
		}
		return math.Float64bits(x) == math.Float64bits(y)
	}
	return same(real(a), real(b)) && same(imag(a), imag(b))
}

// TestComplexMaximumMinimumCases pins maximumC, minimumC and ClampComplex
// on the cases their doc comment decides: the lexicographic order,
// -0 == +0 inside it, a NaN part winning (the first operand's), and the
// parts' float maximum on equal values.
func TestComplexMaximumMinimumCases(t *testing.T) {
	nan, negZero := math.NaN(), math.Copysign(0, -1)
	cases := []struct {
		name     string
		a, b     complex128
		max, min complex128
	}{
		{"real decides", complex(1, 5), complex(2, 0), complex(2, 0), complex(1, 5)},
		{"equal reals: imag decides", complex(1, 5), complex(1, 6), complex(1, 6), complex(1, 5)},
		{"-0 == +0 in the real part", complex(negZero, 1), complex(0, 0), complex(negZero, 1), complex(0, 0)},
		{"infinities", complex(math.Inf(1), -1), complex(math.MaxFloat64, math.Inf(1)), complex(math.Inf(1), -1), complex(math.MaxFloat64, math.Inf(1))},
		{"NaN real part of a", complex(nan, 0), complex(1, 0), complex(nan, 0), complex(nan, 0)},
		{"NaN imag part of b", complex(3, -1), complex(2, nan), complex(2, nan), complex(2, nan)},
		{"NaN in both: the first", complex(nan, 1), complex(0.5, nan), complex(nan, 1), complex(nan, 1)},
		{"equal but for zero signs", complex(negZero, 0), complex(0, negZero), complex(0, 0), complex(negZero, negZero)},
	}
	for _, c := range cases {
		if got := maximumC(c.a, c.b); !sameComplex(got, c.max) {
			t.Errorf("%s: maximum(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.max)
		}
		if got := minimumC(c.a, c.b); !sameComplex(got, c.min) {
			t.Errorf("%s: minimum(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.min)
		}
	}
	if got := ClampComplex(complex(0, 0), complex(5, -1), complex(5, -2)); got != complex(5, -2) {
		t.Errorf("clamp(0, 5-1i, 5-2i) = %v, want 5-2i (the bound's imaginary part decides)", got)
	}
}

// TestComplexOrderLaws checks the laws of a total order's maximum and
// minimum on random values without NaN, drawn from a small set of parts
// so that equal parts and zeros of both signs are frequent: both are
// commutative (bit for bit), pick one operand or, on equal values, the
// parts' float extremum, max(a, b) >= min(a, b), max(a, a) = a, and
// clamp lies between its bounds when they are ordered.
func TestComplexOrderLaws(t *testing.T) {
	parts := []float64{0, math.Copysign(0, -1), 1, -1, 2.5, math.Inf(1), math.Inf(-1), math.SmallestNonzeroFloat64}
	rng := rand.New(rand.NewSource(1))
	draw := func() complex128 {
		return complex(parts[rng.Intn(len(parts))], parts[rng.Intn(len(parts))])
	}
	less := func(a, b complex128) bool {
		return real(a) < real(b) || real(a) == real(b) && imag(a) < imag(b)
	}
	for range 20000 {
		a, b, c := draw(), draw(), draw()
		mx, mn := maximumC(a, b), minimumC(a, b)
		if !sameComplex(mx, maximumC(b, a)) || !sameComplex(mn, minimumC(b, a)) {
			t.Fatalf("not commutative on %v, %v: max %v vs %v, min %v vs %v", a, b, mx, maximumC(b, a), mn, minimumC(b, a))
		}
		if a != b && (!sameComplex(mx, a) && !sameComplex(mx, b) || !sameComplex(mn, a) && !sameComplex(mn, b)) {
			t.Fatalf("max %v or min %v of %v, %v is neither operand", mx, mn, a, b)
		}
		if less(mx, mn) || less(mx, a) || less(mx, b) || less(a, mn) || less(b, mn) {
			t.Fatalf("order broken on %v, %v: max %v, min %v", a, b, mx, mn)
		}
		if !sameComplex(maximumC(a, a), a) || !sameComplex(minimumC(a, a), a) {
			t.Fatalf("max(a, a) or min(a, a) is not a = %v", a)
		}
		lo, hi := mn, mx
		if x := ClampComplex(lo, c, hi); less(x, lo) || less(hi, x) {
			t.Fatalf("clamp(%v, %v, %v) = %v lies outside its bounds", lo, c, hi, x)
		}
	}
}
