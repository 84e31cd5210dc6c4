package llvm_test

import (
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// TestNativeDivideByInvariant runs testdata/divide.mlir's division of
// rows by a per-row divisor (divide.go's multiply-add sequence on targets
// with FMA) with every toolchain, and checks each quotient against the
// interpreter's correctly rounded one bit for bit (any NaN for a NaN).
// The divisors are the fast path's boundaries and beyond, the special
// values, and random ones; each row's first vector holds the special
// dividends (which send it to the fdiv), the others random dividends of
// exponents either side of the fast path's range (with zeros among
// them), and the rows' length leaves a scalar remainder.
func TestNativeDivideByInvariant(t *testing.T) {
	t.Parallel()
	testNativeDivideByInvariant(t, nil)
}

// TestNativeAArch64DivideByInvariant is TestNativeDivideByInvariant for
// AArch64 under qemu (native_aarch64_test.go), whose NEON has FMA.
func TestNativeAArch64DivideByInvariant(t *testing.T) {
	t.Parallel()
	testNativeDivideByInvariant(t, aarch64Target)
}

// testNativeDivideByInvariant is TestNativeDivideByInvariant for the
// target cross (nil: the host).
func testNativeDivideByInvariant(t *testing.T, cross *crossTarget) {
	k := compileNativeFor(t, "testdata/divide.mlir", cross)
	target := llvm.HostTarget()
	if cross != nil {
		target = cross.target
	}
	if has := strings.Contains(k.irText, "@bcast.divinv."); has != llvm.HasFMA(target) {
		t.Errorf("the kernels use the multiply-add division: %v; the target (%+v) has FMA: %v", has, target, !has)
	}
	if fma := llvm.HasFMA(llvm.HostTarget()); strings.Contains(llvmFunction(k.irText, "div_by_8"), "divinv") || strings.Contains(llvmFunction(k.irText, "div_by_3"), "divinv") != fma {
		t.Errorf("a division by 8 uses the multiply-add sequence, or one by 3 does not on a host with FMA")
	}
	runNativeCases(t, k, []nativeCase{
		{fn: "div_by_8", shapes: [][]int64{{1000}}},
		{fn: "div_by_3", shapes: [][]int64{{1000}}},
		{fn: "div_by_3", shapes: [][]int64{{1000}}, specials: true},
	}, 3)
	dir := t.TempDir()
	builds := buildKernels(t, dir, k)
	for _, tc := range []struct {
		fn   string
		elem ir.Type
	}{{"div_rows_f32", ir.Float(ir.F32)}, {"div_rows_f64", ir.Float(ir.F64)}} {
		t.Run(tc.fn, func(t *testing.T) {
			is32 := tc.elem == ir.Float(ir.F32)
			round := func(x float64) float64 {
				if is32 {
					return float64(float32(x))
				}
				return x
			}
			maxF, tiny := math.MaxFloat64, 1e-310
			if is32 {
				maxF, tiny = math.MaxFloat32, 1e-40
			}
			below := func(x float64) float64 { // the float just below x > 0
				if is32 {
					return float64(math.Nextafter32(float32(x), 0))
				}
				return math.Nextafter(x, 0)
			}
			rng := rand.New(rand.NewSource(7))
			randIn := func(lo, hi int) float64 {
				x := math.Ldexp(1+rng.Float64(), lo+rng.Intn(hi-lo))
				if rng.Intn(2) == 0 {
					x = -x
				}
				return round(x)
			}
			divisors := []float64{1, 3, -7.5, 0.1, 0x1p-30, below(0x1p-30), 0x1p30, below(0x1p30), -0x1p-31, 0x1p31,
				0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), tiny, -tiny, maxF, 1 + 0x1p-23, 2 - 0x1p-23}
			for range 80 {
				divisors = append(divisors, randIn(-35, 35))
			}
			specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), tiny, -tiny, maxF,
				0x1p-90, below(0x1p-90), 0x1p90, below(0x1p90), -0x1p-90, 1, -1, 3}
			const cols = 517
			var as []float64
			for range divisors {
				as = append(as, specials...)
				for j := len(specials); j < cols; j++ {
					switch {
					case rng.Intn(50) == 0:
						as = append(as, math.Copysign(0, float64(rng.Intn(2)*2-1)))
					case rng.Intn(20) == 0:
						as = append(as, randIn(-100, 100))
					default:
						as = append(as, randIn(-89, 89))
					}
				}
			}
			a, err := interp.NewFloats(tc.elem, []int64{int64(len(divisors)), cols}, as)
			if err != nil {
				t.Fatal(err)
			}
			b, err := interp.NewFloats(tc.elem, []int64{int64(len(divisors))}, divisors)
			if err != nil {
				t.Fatal(err)
			}
			args := []*interp.Tensor{a, b}
			want, err := interp.Run(k.orig, tc.fn, args)
			if err != nil {
				t.Fatal(err)
			}
			for _, bld := range builds {
				rc, msg, got := runNative(t, bld, dir, k.byName[tc.fn], args, nil)
				if rc != 0 {
					t.Fatalf("%s: code %d: %s", bld.name, rc, msg)
				}
				bad := 0
				for i := range want[0].Len() {
					g, w := got[0].Float(i), want[0].Float(i)
					same := math.Float64bits(g) == math.Float64bits(w) || g != g && w != w
					if !same {
						if bad++; bad <= 5 {
							t.Errorf("%s: %g / %g = %g, the interpreter's %g", bld.name, as[i], divisors[i/cols], g, w)
						}
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d quotients differ", bld.name, bad, want[0].Len())
				}
			}
		})
	}
}

// TestNativeDivideExhaustive, with BCAST_DIVIDE_EXHAUSTIVE=N, divides every
// f32 in [1, 2) by N divisors in [1, 2) (the 64 largest and 64 smallest
// mantissas, then random ones) with the first toolchain's build of
// div_rows_f32, and checks each quotient against Go's IEEE division: the
// evidence for Markstein's theorem on this sequence (other binades scale
// it by powers of two). Every 2^23 row takes a few seconds.
func TestNativeDivideExhaustive(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BCAST_DIVIDE_EXHAUSTIVE"))
	if n <= 0 {
		t.Skip("set BCAST_DIVIDE_EXHAUSTIVE=N to divide all of [1, 2) by N divisors")
	}
	k := compileNative(t, "testdata/divide.mlir")
	dir := t.TempDir()
	bld := buildNativeWith(t, dir, k.fns, k.irText, k.header, true, nil)[0]
	const m = 1 << 23
	as := make([]float64, m)
	for i := range as {
		as[i] = float64(math.Float32frombits(0x3f800000 | uint32(i)))
	}
	a, err := interp.NewFloats(ir.Float(ir.F32), []int64{1, m}, as)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	for d := range n {
		mant := uint32(rng.Intn(m))
		switch {
		case d < 64:
			mant = m - 1 - uint32(d)
		case d < 128:
			mant = uint32(d - 64)
		}
		bv := math.Float32frombits(0x3f800000 | mant)
		b, err := interp.NewFloats(ir.Float(ir.F32), []int64{1}, []float64{float64(bv)})
		if err != nil {
			t.Fatal(err)
		}
		rc, msg, got := runNative(t, bld, dir, k.byName["div_rows_f32"], []*interp.Tensor{a, b}, nil)
		if rc != 0 {
			t.Fatalf("code %d: %s", rc, msg)
		}
		for i, x := range as {
			if g, w := float32(got[0].Float(i)), float32(x)/bv; g != w {
				t.Fatalf("%x / %x = %x, IEEE %x", x, bv, g, w)
			}
		}
	}
	t.Logf("%d divisors x %d dividends: every quotient exact", n, m)
}
