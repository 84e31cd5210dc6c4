package llvm_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

const complexFile = "testdata/complex.mlir"

// complexULPs are the kernels of testdata/complex.mlir whose results may
// differ from the interpreter's, and by how much: ulps of the part type at
// |result|. They call the C library's f64 exp, expm1, log, log1p, sin,
// cos, tan, sinh, cosh, tanh and atan2 where the interpreter calls Go's
// or the math dialect's, each within about an ulp of the other; the
// formulas carry those differences into both parts (Kahan's tanh, and
// tan through it, carry tan's; logistic, 1/(1 + e^-z), amplifies exp's
// near its poles, where 1 + e^-z is near 0). Measured on 20000 random
// arguments with the specials below, on complex<f64>: exp 2 (6 beyond
// x = 709, where the factor e^(x/2) is taken twice), log 1, tanh
// 4, sin 4, cos 3, tan 4, expm1 5, log1p 1, logistic 67 ulps, sinh 4
// and cosh 4 (sin and cos of iz), cbrt 4 (the C library's cbrt, cos and
// sin of the polar form), acos and acosh 2, asin, asinh, atan, atanh and
// atan2 1 (the arith and math ops on the parts: log, log1p, atan2,
// asin, acos, atan); on
// complex<f32> the f64 differences never reached a rounding boundary (0
// ulps; 1 is allowed). The bounds are about twice those. Every other
// kernel (the arithmetic with Smith's division, abs, sqrt, rsqrt and
// sign by Go's hypot algorithm, integer powers by repeated squaring,
// compare, select, convert, reductions, dot products, iota, data
// movement) must give the interpreter's bits; pow by exp(b·log a) is
// TestNativeComplexPow's.
var complexULPs = map[string]int64{
	"exp_c64": 1, "log_c64": 1, "tanh_c64": 1, "sin_c64": 1, "cos_c64": 1, "tan_c64": 1,
	"expm1_c64": 1, "log1p_c64": 1, "logistic_c64": 1,
	"exp_c128": 8, "log_c128": 2, "tanh_c128": 8, "sin_c128": 8, "cos_c128": 8, "tan_c128": 8,
	"expm1_c128": 8, "log1p_c128": 2, "logistic_c128": 128,
	"sinh_c64": 1, "cosh_c64": 1, "cbrt_c64": 1, "asin_c64": 1, "acos_c64": 1, "atan_c64": 1, "asinh_c64": 1, "acosh_c64": 1, "atanh_c64": 1, "atan2_c64": 1,
	"sinh_c128": 8, "cosh_c128": 8, "cbrt_c128": 8, "asin_c128": 4, "acos_c128": 4, "atan_c128": 4, "asinh_c128": 4, "acosh_c128": 4, "atanh_c128": 4, "atan2_c128": 4,
}

// TestNativeComplex runs each kernel of testdata/complex.mlir natively
// and in the interpreter on random complex arguments whose parts include
// NaN, infinities, signed zeros, subnormals and the values where the
// functions change their formula (|z| near 1 for log, |x| > 22 for tanh,
// parts above 4 for sqrt, exp's overflow), for 0, 1, 7 and 40 rows (4000
// for the functions of complexULPs); the
// results must agree bit for bit (NaN with any payload), or within
// complexULPs.
func TestNativeComplex(t *testing.T) {
	t.Parallel()
	k := compileNative(t, complexFile)
	var cases []nativeCase
	for _, f := range k.fns {
		big := int64(40)
		if _, inexact := complexULPs[f.Name]; inexact {
			big = 4000 // 20000 arguments: the measurement above
		}
		for _, n := range []int64{0, 1, 7, big} {
			if n == 0 && strings.HasPrefix(f.Name, "move_") {
				continue // its slice takes row 0
			}
			if strings.HasPrefix(f.Name, "pow_") {
				continue // TestNativeComplexPow
			}
			c := nativeCase{fn: f.Name, specials: true, ulps: complexULPs[f.Name]}
			for _, a := range f.Args {
				shape := append([]int64{}, a.Shape...)
				for j, d := range shape {
					if d == ir.Dynamic {
						shape[j] = n
					}
				}
				c.shapes = append(c.shapes, shape)
			}
			cases = append(cases, c)
		}
	}
	if len(cases) != 4*(2*28+1)-2 {
		t.Fatalf("%d cases; want 4 for each of the 57 kernels but pow_* (3 for move_*)", len(cases))
	}
	runNativeCases(t, k, cases, 32)
}

// TestComplexVerifyWithLLVM runs the LLVM IR of testdata/complex.mlir
// through the verifiers and code generators of LLVM 14 and 19, for x86-64
// and AArch64 (TestEmitThreadsVerifiesWithLLVM does the parallel form).
func TestComplexVerifyWithLLVM(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(complexFile)
	if err != nil {
		t.Fatal(err)
	}
	_, m := cpuPipeline(t, complexFile, src)
	for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
		text, err := llvm.Emit(m, llvm.Options{Target: target})
		if err != nil {
			t.Fatal(err)
		}
		verifyWithLLVM(t, complexFile, text, target)
	}
}

// complexSpecials are the parts drawn for complex arguments with
// specials: specialFloats and the functions' thresholds.
var complexSpecials = append(append([]float64{}, specialFloats...),
	30, -30, 22.5, 710, -746, 1e300, -1e-300, 0.75, -1.25, 3.9, 4.5, 1e-310, math.Pi/2)

// randomComplex draws n complex numbers, each part as randomArgs draws a
// float (with specials, a quarter of them from complexSpecials).
func randomComplex(rng *rand.Rand, n int, specials bool) []complex128 {
	part := func() float64 {
		x := math.Round(rng.NormFloat64()*400) / 64
		switch {
		case rng.Intn(8) == 0:
			x = math.Copysign(0, float64(rng.Intn(2)*2-1))
		case specials && rng.Intn(4) == 0:
			x = complexSpecials[rng.Intn(len(complexSpecials))]
		}
		return x
	}
	out := make([]complex128, n)
	for i := range out {
		out[i] = complex(part(), part())
	}
	return out
}

// compareComplex checks each element of a complex result against the
// interpreter's with complexClose.
func compareComplex(t *testing.T, build string, k int, got, want *interp.Tensor, ulps int64) {
	t.Helper()
	g, w := got.Complexes(), want.Complexes()
	part := got.ElemType().(*ir.ComplexType).Elem
	for i := range g {
		if !complexClose(g[i], w[i], ulps, part) {
			t.Errorf("%s: result %d element %d: %v vs the interpreter's %v (%s)", build, k, i, g[i], w[i], complexDistance(g[i], w[i], part))
		}
	}
}

// complexClose reports whether g is w: NaN parts where w's are NaN (any
// payload), infinities and zeros (with their signs) where w has them,
// and each other part equal (ulps 0) or within ulps of the part type at
// |w| (at the part's own magnitude when a part of w is infinite).
func complexClose(g, w complex128, ulps int64, part ir.Type) bool {
	mag := cmplx.Abs(w)
	for _, p := range [][2]float64{{real(g), real(w)}, {imag(g), imag(w)}} {
		x, y := p[0], p[1]
		switch {
		case math.IsNaN(x) || math.IsNaN(y):
			if !math.IsNaN(x) || !math.IsNaN(y) {
				return false
			}
		case ulps == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0 && y == 0:
			if math.Float64bits(x) != math.Float64bits(y) {
				return false
			}
		default:
			scale := mag
			if math.IsInf(mag, 0) || math.IsNaN(mag) {
				scale = math.Abs(y)
			}
			if math.Abs(x-y) > float64(ulps)*ulpAt(scale, part) {
				return false
			}
		}
	}
	return true
}

// complexDistance describes how far g is from w, in ulps of the part
// type at |w|, for messages and for measuring the bounds.
func complexDistance(g, w complex128, part ir.Type) string {
	d := math.Max(math.Abs(real(g)-real(w)), math.Abs(imag(g)-imag(w)))
	return fmt.Sprintf("%.3g ulps at |result|", d/ulpAt(cmplx.Abs(w), part))
}

// ulpAt is the spacing of the part type's numbers at magnitude x.
func ulpAt(x float64, part ir.Type) float64 {
	x = math.Abs(x)
	if part == ir.F32T {
		f := float32(math.Min(x, math.MaxFloat32))
		return float64(math.Nextafter32(f, float32(math.Inf(1)))) - float64(f)
	}
	x = math.Min(x, math.MaxFloat64/2)
	return math.Nextafter(x, math.Inf(1)) - x
}

// TestComplexCloseRules checks complexClose on its cases.
func TestComplexCloseRules(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		g, w complex128
		ulps int64
		part ir.Type
		want bool
	}{
		{complex(nan, 1), complex(math.Float64frombits(0x7FF8000000000001), 1), 0, ir.F64T, true},
		{complex(nan, 1), complex(1, 1), 4, ir.F64T, false},
		{complex(0, 1), complex(negZero, 1), 4, ir.F64T, false},
		{complex(inf, 0), complex(inf, 0), 0, ir.F64T, true},
		{complex(inf, 0), complex(math.MaxFloat64, 0), 4, ir.F64T, false},
		{complex(1, 1e-20), complex(1, 0), 1, ir.F64T, true}, // a zero part next to a larger one
		{complex(1, 1e-15), complex(1, 0), 1, ir.F64T, false},
		{complex(1, 1e-17), complex(1, 2e-17), 1, ir.F64T, true}, // within an ulp of |w| = 1
		{complex(1, 1e-17), complex(1, 2e-17), 0, ir.F64T, false},
		{complex(1+0x1p-23, 0.5), complex(1, 0.5), 1, ir.F32T, true},
		{complex(1+0x1p-21, 0.5), complex(1, 0.5), 1, ir.F32T, false},
		{complex(inf, 3+0x1p-51), complex(inf, 3), 1, ir.F64T, true}, // at the part's magnitude
		{complex(inf, 3+0x1p-49), complex(inf, 3), 1, ir.F64T, false},
	} {
		if got := complexClose(c.g, c.w, c.ulps, c.part); got != c.want {
			t.Errorf("complexClose(%v, %v, %d, %s) = %v, want %v", c.g, c.w, c.ulps, c.part, got, c.want)
		}
	}
	if !strings.Contains(complexDistance(complex(1+0x1p-52, 0), 1, ir.F64T), "1 ulps") {
		t.Errorf("complexDistance: %s", complexDistance(complex(1+0x1p-52, 0), 1, ir.F64T))
	}
}

// TestNativeComplexPow runs testdata/complex.mlir's pow kernels (a^b for
// random complex a and b: exp(b·log a) but for integer and zero
// exponents) natively and in the interpreter. exp carries the absolute
// difference of b·log a (an ulp or so of each part: the C library's log
// against Go's) into a relative difference of the result, so the bound
// is complexPowULPs ulps of |result| times the condition
// max(1, |b·log a|); where the condition exceeds powIllConditioned, an
// ulp of b·log a's imaginary part is a visible angle and the result's
// direction (and the signs of an overflowed result's infinities) is not
// determined by the inputs, and only NaN-ness is compared.
func TestNativeComplexPow(t *testing.T) {
	t.Parallel()
	k := compileNative(t, complexFile)
	dir := t.TempDir()
	builds := buildNativeWith(t, dir, k.fns, k.irText, k.header, true, nil)
	rng := rand.New(rand.NewSource(64))
	worst := map[string]float64{}
	for _, fn := range []string{"pow_c64", "pow_c128"} {
		f := k.byName[fn]
		c := nativeCase{fn: fn, shapes: [][]int64{{4000, 5}, {4000, 5}}, specials: true}
		args := randomArgs(t, rng, f, c)
		want, err := interp.Run(k.orig, fn, args)
		if err != nil {
			t.Fatal(err)
		}
		_, msg, got := runNative(t, builds[0], dir, f, args, nil)
		if got == nil {
			t.Fatalf("%s: %s", fn, msg)
		}
		part := f.Results[0].Elem.(*ir.ComplexType).Elem
		as, bs, g, w := args[0].Complexes(), args[1].Complexes(), got[0].Complexes(), want[0].Complexes()
		for i := range w {
			cond := cmplx.Abs(bs[i]) * cmplx.Abs(cmplx.Log(as[i]))
			if math.IsNaN(cond) || math.IsInf(cond, 0) || cond < 1 {
				cond = 1 // a special value: an exact case (0, Inf or NaN parts)
			}
			if cond > powIllConditioned {
				if cmplx.IsNaN(g[i]) != cmplx.IsNaN(w[i]) {
					t.Errorf("%s element %d: %v^%v: %v vs the interpreter's %v", fn, i, as[i], bs[i], g[i], w[i])
				}
				continue
			}
			ulps := int64(math.Ceil(complexPowULPs * cond))
			if !complexClose(g[i], w[i], ulps, part) {
				t.Errorf("%s element %d: %v^%v (condition %.3g): %v vs the interpreter's %v (%s)", fn, i, as[i], bs[i], cond, g[i], w[i], complexDistance(g[i], w[i], part))
			}
			d := math.Max(math.Abs(real(g[i])-real(w[i])), math.Abs(imag(g[i])-imag(w[i]))) / ulpAt(cmplx.Abs(w[i]), part) / cond
			if !math.IsNaN(d) && !math.IsInf(d, 0) {
				worst[fn] = math.Max(worst[fn], d)
			}
		}
	}
	t.Logf("largest difference in ulps of |result| per unit of condition: %v", worst)
}

// complexPowULPs and powIllConditioned: see TestNativeComplexPow.
const (
	complexPowULPs    = 4
	powIllConditioned = 1e6
)
