package runner

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/npy"
)

// requireNumpy skips the test without python3 and numpy (Debian's
// python3-numpy; PYENV_VERSION=system picks the system python under
// pyenv), or fails it with BCAST_REQUIRE_TOOLS=1.
func requireNumpy(t *testing.T) {
	t.Helper()
	msg := ""
	if _, err := exec.LookPath("python3"); err != nil {
		msg = "python3 not on PATH"
	} else if out, err := pythonCommand("-c", "import numpy").CombinedOutput(); err != nil {
		msg = fmt.Sprintf("python3 cannot import numpy (%v: %s)", err, strings.TrimSpace(string(out)))
	}
	if msg == "" {
		return
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " and BCAST_REQUIRE_TOOLS=1")
	}
	t.Skip(msg + "; install python3-numpy or set BCAST_REQUIRE_TOOLS=1 to make this a failure")
}

func pythonCommand(args ...string) *exec.Cmd {
	cmd := exec.Command("python3", args...)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	return cmd
}

// printCase is one array for TestArrayStringMatchesNumpy.
type printCase struct {
	name string
	a    *npy.Array
	err  error
}

func f32(name string, shape []int64, v ...float32) printCase {
	a, err := npy.FromFloat32(shape, v)
	return printCase{name, a, err}
}

func f64(name string, shape []int64, v ...float64) printCase {
	a, err := npy.FromFloat64(shape, v)
	return printCase{name, a, err}
}

func f16(name string, shape []int64, v ...float32) printCase {
	a, err := npy.FromFloat16(shape, v)
	return printCase{name, a, err}
}

func i64(name string, shape []int64, v ...int64) printCase {
	a, err := npy.FromInt64(shape, v)
	return printCase{name, a, err}
}

// printCases are arrays of every dtype and rank, special values, tiny and
// huge magnitudes, summarized and wrapped arrays, and random ones.
func printCases() []printCase {
	inf, nan := math.Inf(1), math.NaN()
	finf, fnan := float32(inf), float32(nan)
	negZero := math.Copysign(0, -1)
	r := rand.New(rand.NewPCG(18, 1))
	normal32 := func(n int, scale float64) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.NormFloat64() * scale)
		}
		return v
	}
	normal64 := func(n int, scale float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = r.NormFloat64() * scale
		}
		return v
	}
	ramp := func(n int) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(i*i) - 500
		}
		return v
	}
	cases := []printCase{
		f32("0d f32", nil, 1.5),
		f32("0d f32 1e-4", nil, 1e-4),
		f32("0d f32 big", nil, 123456789),
		f32("0d f32 -inf", nil, -finf),
		f32("0d f32 nan", nil, fnan),
		f64("0d f64 1e16", nil, 1e16),
		f64("0d f64 -0", nil, negZero),
		f64("0d f64 1e-5", nil, 1.5e-5),
		f64("0d f64 0.1+0.2", nil, 0.1+0.2),
		f16("0d f16", nil, 0.1),
		i64("0d i64", nil, -7),
		f32("empty", []int64{0}),
		f64("empty 3d", []int64{2, 0, 3}),
		f32("4x3", []int64{4, 3}, -1, 2, -3, 4, 5, -6, 7, -8, 0.5, -0.5, 1.5, -2.5),
		f32("specials", []int64{6}, 1, fnan, -finf, float32(negZero), 0, 2.25),
		f32("nan only", []int64{2}, fnan, fnan),
		f32("inf only", []int64{2}, finf, -finf),
		f64("nan and -0", []int64{2}, nan, negZero),
		f64("inf sci", []int64{3}, inf, 1e-9, 1),
		f32("tiny and one", []int64{2}, 1e-30, 1),
		f32("huge and tiny", []int64{2}, 1e30, -1e-30),
		f64("extremes f64", []int64{3}, 5e-324, 1e308, -2.5e-308),
		f32("extremes f32", []int64{3}, 1.4e-45, 3.4028235e38, 1.17549435e-38),
		f32("1e8", []int64{2}, 1e8, 1),
		f32("just under 1e8", []int64{2}, 99999990, 1),
		f64("ratio 1000", []int64{2}, 1000, 1),
		f64("ratio 1001", []int64{2}, 1001, 1),
		f32("1e-4 f32", []int64{2}, 1e-4, 0.1),
		f64("1e-4 f64", []int64{2}, 1e-4, 0.1),
		f64("eight digits", []int64{4}, 0.1+0.2, 1.0/3, 2.0/3, 123.456789012),
		f32("eight digits f32", []int64{4}, 0.1, 1.0/3, 2.0/3, 123.456789),
		f64("round to 1", []int64{2}, 0.999999999, 0.5),
		f64("integers", []int64{3}, 1, 10, 100),
		f64("negative", []int64{3}, -1.25, 3, -100.5),
		f16("f16", []int64{6}, 65504, -65504, 6e-8, float32(inf), 0.1, 1.0/3),
		f16("f16 positional", []int64{5}, 0.5, 1.0/3, 2.0/3, 10, -7.125),
		f32("256 f32", []int64{256}, normal32(256, 1)...),
		f32("1000 f32 not summarized", []int64{1000}, normal32(1000, 3)...),
		f64("1001 f64 summarized", []int64{1001}, normal64(1001, 1e-3)...),
		f32("10x200 summarized", []int64{10, 200}, normal32(2000, 100)...),
		f64("7x7x30 summarized", []int64{7, 7, 30}, normal64(7*7*30, 1)...),
		f64("3x4x5", []int64{3, 4, 5}, normal64(60, 10)...),
		f32("2x2x2x2", []int64{2, 2, 2, 2}, normal32(16, 1e5)...),
		f32("wide rows", []int64{2, 30}, normal32(60, 1e9)...),
		i64("ints", []int64{5}, -3, 0, 12345, 7, -99),
		i64("ints 2d summarized", []int64{40, 40}, ramp(1600)...),
		i64("int64 extremes", []int64{2}, math.MinInt64, math.MaxInt64),
		f32("2x600 summarized", []int64{2, 600}, normal32(1200, 1e-6)...),
		f64("3x1x400 summarized", []int64{3, 1, 400}, normal64(1200, 1e12)...),
	}
	bools := make([]bool, 1300)
	for i := range bools {
		bools[i] = i%3 == 0
	}
	ab, err := npy.FromBool([]int64{13, 100}, bools)
	cases = append(cases, printCase{"bools summarized", ab, err})
	for _, c := range []struct {
		dt npy.DType
		v  []uint64
	}{
		{npy.DTypeInt8, []uint64{0x80, 0x7f, 0, 0xff}},
		{npy.DTypeUint8, []uint64{0, 255, 7, 128}},
		{npy.DTypeInt16, []uint64{0x8000, 1, 0xffff, 300}},
		{npy.DTypeUint16, []uint64{65535, 0, 1, 2}},
		{npy.DTypeInt32, []uint64{0x80000000, 0x7fffffff, 5, 0xfffffffe}},
		{npy.DTypeUint32, []uint64{0xffffffff, 0, 10, 100}},
		{npy.DTypeUint64, []uint64{math.MaxUint64, 0, 1, 1 << 40}},
		{npy.DTypeBool, []uint64{1, 0, 0, 1}},
	} {
		a, err := npy.New(c.dt, []int64{2, 2})
		for i, v := range c.v {
			for b := 0; b < c.dt.Size; b++ {
				a.Data[i*c.dt.Size+b] = byte(v >> (8 * b))
			}
		}
		cases = append(cases, printCase{c.dt.Name() + " 2x2", a, err})
		a0, err := npy.New(c.dt, []int64{})
		copy(a0.Data, a.Data[:c.dt.Size])
		cases = append(cases, printCase{"0d " + c.dt.Name(), a0, err})
	}
	c64 := func(name string, shape []int64, v ...complex64) {
		a, err := npy.FromComplex64(shape, v)
		cases = append(cases, printCase{name, a, err})
	}
	c128 := func(name string, shape []int64, v ...complex128) {
		a, err := npy.FromComplex128(shape, v)
		cases = append(cases, printCase{name, a, err})
	}
	c64("0d c64", nil, complex(1, 2))
	c128("0d c128 imaginary", nil, complex(0, 2))
	c128("0d c128 -0 real", nil, complex(negZero, 2))
	c128("0d c128 fractions", nil, complex(1.5, -0.25))
	c128("0d c128 nan inf", nil, complex(nan, inf))
	c128("0d c128 sci", nil, complex(1e20, 1e-5))
	c64("0d c64 0.1", nil, complex(0.1, 0.2))
	c64("c64 sci imag", []int64{3}, complex(1, 2), complex(3.5, -4), complex(0, 0.001))
	c128("c128 specials", []int64{3}, complex(1, 2), complex(nan, -inf), complex(0, 1e10))
	c128("c128 2x2", []int64{2, 2}, complex(1, 2), complex(negZero, negZero), complex(0.5, 1e-6), complex(0, 3))
	c128("c128 ramp", []int64{3, 4}, complex(0, 0), complex(1, 0.5), complex(2, 1), complex(3, 1.5), complex(4, 2), complex(5, 2.5),
		complex(6, 3), complex(7, 3.5), complex(8, 4), complex(9, 4.5), complex(10, 5), complex(11, 5.5))
	c64("c64 nan only", []int64{2}, complex(fnan, fnan), complex(finf, -finf))
	for k := 0; k < 300; k++ {
		n := 1 + r.IntN(20)
		scale := math.Pow(10, float64(r.IntN(40)-20))
		part := func() float64 {
			switch r.IntN(8) {
			case 0:
				return float64(r.IntN(64)-32) / 8
			case 1:
				return [...]float64{inf, -inf, nan, 0, negZero}[r.IntN(5)]
			}
			return r.NormFloat64() * scale
		}
		v128 := make([]complex128, n)
		v64 := make([]complex64, n)
		for i := range v128 {
			v128[i] = complex(part(), part())
			v64[i] = complex64(v128[i])
		}
		if k%2 == 0 {
			c128(fmt.Sprintf("random c128 %d", k), []int64{int64(n)}, v128...)
		} else {
			c64(fmt.Sprintf("random c64 %d", k), []int64{int64(n)}, v64...)
		}
	}
	c64("c64 summarized", []int64{1200}, make([]complex64, 1200)...)
	// Random arrays of random magnitudes: values with few digits (k/8),
	// with many, and special values, so that both notations, rounding to
	// 8 digits and the padding of nan and inf are exercised.
	for k := 0; k < 1500; k++ {
		n := 1 + r.IntN(30)
		vals := make([]float64, n)
		scale := math.Pow(10, float64(r.IntN(60)-30))
		for i := range vals {
			switch r.IntN(8) {
			case 0:
				vals[i] = float64(r.IntN(64)-32) / 8
			case 1:
				vals[i] = [...]float64{inf, -inf, nan, 0, negZero}[r.IntN(5)]
			case 2:
				vals[i] = float64(r.IntN(2000)) * scale
			default:
				vals[i] = r.NormFloat64() * scale
			}
		}
		v32 := make([]float32, n)
		for i, v := range vals {
			v32[i] = float32(v)
		}
		switch k % 3 {
		case 0:
			cases = append(cases, f64(fmt.Sprintf("random f64 %d", k), []int64{int64(n)}, vals...))
		case 1:
			cases = append(cases, f32(fmt.Sprintf("random f32 %d", k), []int64{int64(n)}, v32...))
		default:
			cases = append(cases, f16(fmt.Sprintf("random f16 %d", k), []int64{int64(n)}, v32...))
		}
	}
	return cases
}

// TestArrayStringMatchesNumpy prints every case with arrayString and with
// numpy's str(), with numpy's default options and with summarization off
// (--print-full, threshold=sys.maxsize), and wants the same bytes.
func TestArrayStringMatchesNumpy(t *testing.T) {
	requireNumpy(t)
	cases := printCases()
	dir := t.TempDir()
	paths := make([]string, len(cases))
	for i, c := range cases {
		if c.err != nil {
			t.Fatalf("%s: %v", c.name, c.err)
		}
		paths[i] = filepath.Join(dir, fmt.Sprintf("%d.npy", i))
		if err := npy.WriteFile(paths[i], c.a); err != nil {
			t.Fatal(err)
		}
	}
	// Each case prints with the default options, then with summarization
	// off (--print-full).
	const sep = "\n\x1e\n"
	script := `import sys, numpy as np
for full in (False, True):
    if full:
        np.set_printoptions(threshold=sys.maxsize)
    for p in sys.argv[1:]:
        sys.stdout.write(str(np.load(p)) + "\n\x1e\n")`
	cmd := pythonCommand(append([]string{"-c", script}, paths...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v: %s", err, stderr.String())
	}
	want := strings.Split(strings.TrimSuffix(string(out), sep), sep)
	if len(want) != 2*len(cases) {
		t.Fatalf("numpy printed %d arrays, want %d", len(want), 2*len(cases))
	}
	for k, full := range []bool{false, true} {
		for i, c := range cases {
			got := arrayString(ndarray{dt: c.a.DType, shape: c.a.Shape, data: c.a.Data}, full)
			if w := want[k*len(cases)+i]; got != w {
				t.Errorf("%s (full %v): got\n%s\nnumpy prints\n%s", c.name, full, got, w)
			}
		}
	}
}

// TestEachValueMatchesNumpy prints single values, as a one-element array
// and as a rank-0 one, and compares them with numpy's: every float16 (Go
// has no float16, so its shortest digits are found by trial), and for
// float32 and float64 every power of two and its neighbours, where the gap
// below a float is half the gap above and shortest-digit algorithms are
// most likely to disagree.
func TestEachValueMatchesNumpy(t *testing.T) {
	requireNumpy(t)
	var f16bits []uint16
	for h := 0; h < 1<<16; h++ {
		f16bits = append(f16bits, uint16(h))
	}
	var f32s []float32
	for e := -149; e <= 127; e++ {
		p := float32(math.Ldexp(1, e))
		f32s = append(f32s, p, math.Nextafter32(p, 0), math.Nextafter32(p, float32(math.Inf(1))))
	}
	var f64s []float64
	for e := -1074; e <= 1023; e++ {
		p := math.Ldexp(1, e)
		f64s = append(f64s, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)))
	}
	dir := t.TempDir()
	a16, err := npy.New(npy.DTypeFloat16, []int64{int64(len(f16bits))})
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range f16bits {
		a16.Data[2*i], a16.Data[2*i+1] = byte(h), byte(h>>8)
	}
	a32, err32 := npy.FromFloat32([]int64{int64(len(f32s))}, f32s)
	a64, err64 := npy.FromFloat64([]int64{int64(len(f64s))}, f64s)
	if err32 != nil || err64 != nil {
		t.Fatal(err32, err64)
	}
	var paths []string
	arrays := []*npy.Array{a16, a32, a64}
	for i, a := range arrays {
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("%d.npy", i)))
		if err := npy.WriteFile(paths[i], a); err != nil {
			t.Fatal(err)
		}
	}
	script := `import sys, numpy as np
for p in sys.argv[1:]:
    a = np.load(p)
    print("\n".join(str(a[i:i+1]) + "|" + str(a[i:i+1].reshape(())) for i in range(a.size)))`
	cmd := pythonCommand(append([]string{"-c", script}, paths...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	k, bad := 0, 0
	for _, a := range arrays {
		n, size := len(a.Data)/a.DType.Size, a.DType.Size
		for i := 0; i < n; i++ {
			data := a.Data[i*size : (i+1)*size]
			got := arrayString(ndarray{dt: a.DType, shape: []int64{1}, data: data}, false) + "|" +
				arrayString(ndarray{dt: a.DType, data: data}, false)
			if k >= len(want) {
				t.Fatalf("numpy printed %d values, want %d", len(want), k+1)
			}
			if got != want[k] && bad < 20 {
				bad++
				t.Errorf("%s value %d (bits %x): got %q, numpy prints %q", a.DType.Name(), i, data, got, want[k])
			}
			k++
		}
	}
}
