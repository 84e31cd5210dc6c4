package hlo

import (
	"math"
	"sort"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestNextAfterHalfFormats checks next_after on every f16 and bf16 value
// towards ±Inf against the sorted list of the format's values (numpy has
// no bf16 to compare with; interp's TestNextAfterAgainstNumpy covers
// f16, f32 and f64).
func TestNextAfterHalfFormats(t *testing.T) {
	for _, k := range []ir.FloatKind{ir.F16, ir.BF16} {
		var sorted []float64
		for b := range 1 << 16 {
			v := ir.FloatFromBits(uint64(b), k)
			if !math.IsNaN(v) && !(v == 0 && math.Signbit(v)) {
				sorted = append(sorted, v)
			}
		}
		sort.Float64s(sorted)
		f := nextAfter(k)
		for i, v := range sorted {
			up, down := math.Inf(1), math.Inf(-1)
			if i+1 < len(sorted) {
				up = sorted[i+1]
			}
			if i > 0 {
				down = sorted[i-1]
			}
			if math.IsInf(v, 1) {
				up = v
			}
			if math.IsInf(v, -1) {
				down = v
			}
			if got := f(v, math.Inf(1)); got != up {
				t.Fatalf("%v: next_after(%v, +Inf) = %v, want %v", k, v, got, up)
			}
			if got := f(v, math.Inf(-1)); got != down {
				t.Fatalf("%v: next_after(%v, -Inf) = %v, want %v", k, v, got, down)
			}
		}
		if got := f(math.Copysign(0, -1), 0); got != 0 || math.Signbit(got) {
			t.Errorf("%v: next_after(-0, +0) = %v, want +0", k, got)
		}
		if got := f(1, math.NaN()); !math.IsNaN(got) {
			t.Errorf("%v: next_after(1, NaN) = %v, want NaN", k, got)
		}
	}
}

// TestReducePrecision: reduce_precision to a format the element type
// converts to exactly (f32 to f16's e5m10 and bf16's e8m7, f64 to f32's
// e8m23) is that conversion for normal results (round to nearest even,
// overflow to Inf; the narrow format's subnormals flush to zero, as in
// StableHLO's interpreter), and NaN stays NaN but with no mantissa bits.
func TestReducePrecision(t *testing.T) {
	vals := []float64{1, -1, 1.5, 0.1, -3.14159, 65504, 65519, 65520, 1e5, -1e5, 6.1e-5, 1e-7, 3e38, 3.4e38,
		1.00048828125, 1.0009765625, 1.00146484375, 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1)}
	for i := range 200 {
		vals = append(vals, math.Ldexp(1+float64(i)*0.00731, i%60-30)*float64(1-2*(i%3%2)))
	}
	check := func(name string, from ir.FloatKind, e, m int64, to ir.FloatKind, minNormal float64) {
		for _, v := range vals {
			x := ir.RoundToFloatType(v, from)
			want := ir.RoundToFloatType(x, to)
			if math.Abs(want) < minNormal {
				want = math.Copysign(0, x)
			}
			got := ReducePrecisionElem(x, from, e, m)
			if got != want || math.Signbit(got) != math.Signbit(want) {
				t.Errorf("%s(%v) = %v, want %v", name, x, got, want)
			}
		}
	}
	check("f32 e5m10", ir.F32, 5, 10, ir.F16, 0x1p-14)
	check("f32 e8m7", ir.F32, 8, 7, ir.BF16, 0x1p-126)
	check("f64 e8m23", ir.F64, 8, 23, ir.F32, 0x1p-126)
	check("f16 e5m10 (no-op)", ir.F16, 5, 10, ir.F16, 0)
	check("bf16 e11m52 (no-op)", ir.BF16, 11, 52, ir.BF16, 0)
	for _, k := range []ir.FloatKind{ir.F16, ir.BF16, ir.F32, ir.F64} {
		if got := ReducePrecisionElem(math.NaN(), k, 5, 2); !math.IsNaN(got) {
			t.Errorf("%v: NaN e5m2 = %v, want NaN", k, got)
		}
		if got := ReducePrecisionElem(math.NaN(), k, 5, 0); !math.IsInf(got, 1) {
			t.Errorf("%v: NaN e5m0 = %v, want +Inf", k, got)
		}
		if got := ReducePrecisionElem(-1.75, k, 3, 0); got != -2 {
			t.Errorf("%v: -1.75 e3m0 = %v, want -2", k, got)
		}
		// e2 has the normal exponents 0 and 1; e1 none (0 or Inf).
		for _, c := range []struct {
			x    float64
			e    int64
			want float64
		}{{1.5, 2, 1.5}, {3, 2, 3}, {3.5, 2, math.Inf(1)}, {4, 2, math.Inf(1)}, {0.99, 2, 1}, {0.5, 2, 0}, {-0.5, 2, math.Copysign(0, -1)}, {1.5, 1, 0}, {-2, 1, math.Inf(-1)}} {
			if got := ReducePrecisionElem(c.x, k, c.e, 1); got != c.want || math.Signbit(got) != math.Signbit(c.want) {
				t.Errorf("%v: %v e%dm1 = %v, want %v", k, c.x, c.e, got, c.want)
			}
		}
	}
}

// TestDigammaKnownValues: ψ at its poles, infinities, known closed forms
// and beside its positive zero (interp's TestUnaryOpsAgainstNumpy checks
// it against scipy on many values).
func TestDigammaKnownValues(t *testing.T) {
	const gamma = 0.5772156649015329
	cases := []struct{ x, want float64 }{
		{1, -gamma}, {2, 0.42278433509846713}, {0.5, -1.9635100260214235}, {1.5, 0.03648997397857652},
		{-0.5, 0.03648997397857652}, // ψ(-1/2) = ψ(3/2): cot(-π/2) is 0
		{10, 2.251752589066721}, {100, 4.600161852738087},
		{math.Inf(1), math.Inf(1)},
		{1.4616321449683622, 1.1102230246251565e-16 * 0.9717}, // ψ'(x0) (x - x0), x - x0 = lo part
	}
	for _, c := range cases {
		got := digammaF(c.x)
		if c.x == 1.4616321449683622 {
			if math.Abs(got) > 1e-16 {
				t.Errorf("ψ(fl(x0)) = %v, want below 1e-16", got)
			}
			continue
		}
		if d := math.Abs(got - c.want); !(got == c.want || d <= 4e-16*math.Abs(c.want)) {
			t.Errorf("ψ(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1, -2, -100, math.Inf(-1), math.NaN()} {
		if got := digammaF(x); !math.IsNaN(got) {
			t.Errorf("ψ(%v) = %v, want NaN", x, got)
		}
	}
}
