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
// |result|. They call the C library's f64 exp, log, log1p, sin, cos, tan,
// sinh, tanh and atan2 where the interpreter calls Go's (or the math
// dialect's), each within about an ulp of the other; Kahan's tanh
// formula carries tan's difference into both parts. Measured on 20000
// random arguments (with the specials below): exp 2, log 1, tanh 4 ulps
// on complex<f64>; on complex<f32> the f64 differences never reached a
// rounding boundary (0 ulps), and 1 is allowed. Every other kernel (the
// arithmetic with Smith's division, abs, sqrt, rsqrt and sign by Go's
// hypot algorithm, compare, select, convert, reductions, data movement)
// must give the interpreter's bits.
var complexULPs = map[string]int64{
	"exp_c64": 1, "log_c64": 1, "tanh_c64": 1,
	"exp_c128": 2, "log_c128": 1, "tanh_c128": 4,
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
	if len(cases) != 4*(2*8+1)-2 {
		t.Fatalf("%d cases; want 4 for each of the 17 kernels (3 for move_*)", len(cases))
	}
	runNativeCases(t, k, cases, 32)
}

// TestComplexVerifyWithLLVM runs the LLVM IR of testdata/complex.mlir
// through the verifiers and code generators of LLVM 14 and 19, for x86-64
// and AArch64 (TestEmitThreadsVerifiesWithLLVM does the parallel form).
func TestComplexVerifyWithLLVM(t *testing.T) {
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
