package llvm

// The measured errors of the f32 math functions (vecmath.go), on their Go
// model (vecmath_model_test.go), against the float64 functions of Go's
// math package rounded to f32 (whose own errors, below one f64 ulp, are
// 2^-29 of an f32 ulp). By default a sample of every 4099th bit pattern
// (about a million inputs per function) and the special values;
// BCAST_VECMATH_EXHAUSTIVE=1 runs all 2^32 inputs (on all CPUs: about a
// minute or two per function on 2 cores, 10 minutes in all) and logs
// what the package documentation states.

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
)

// vecMathCase is one measured function: its model, the exact function
// and the bounds the test holds it to (ulps: of the exact result; dist:
// distance in representable f32 values from the correctly rounded
// result).
type vecMathCase struct {
	name  string
	model func(float32) float32
	exact func(float64) float64
	ulps  float64
	dist  int64
}

var vecMathCases = []vecMathCase{
	{"exp", modelExpf, math.Exp, 1, 1},
	{"exp with FMA", modelExpfFMA, math.Exp, 1.006, 1},
	{"log", modelLogf, math.Log, 0.5002, 1},
	{"log1p", modelLog1pf, math.Log1p, 0.5002, 1},
	{"expm1", modelExpm1f, math.Expm1, 0.5002, 1},
	{"tanh", modelTanhf, math.Tanh, 0.5002, 1},
	{"logistic", modelLogisticf, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }, 0.5002, 1},
	// not vecmath.go's (llvm.sqrt, and 1 / llvm.sqrt), measured for the
	// package documentation
	{"sqrt", func(x float32) float32 { return float32(math.Sqrt(float64(x))) }, math.Sqrt, 0.5, 0},
	{"rsqrt", func(x float32) float32 { return 1 / float32(math.Sqrt(float64(x))) }, func(x float64) float64 { return 1 / math.Sqrt(x) }, 1.5, 1},
}

// ulpStats is what a measurement finds.
type ulpStats struct {
	maxULP    float64
	worst     float32
	maxDist   int64
	misrounds int64 // inputs whose result is not the correctly rounded one
	inputs    int64
	bad       string // a wrong special result, if any
}

func (s *ulpStats) merge(o ulpStats) {
	if o.maxULP > s.maxULP {
		s.maxULP, s.worst = o.maxULP, o.worst
	}
	s.maxDist = max(s.maxDist, o.maxDist)
	s.misrounds += o.misrounds
	s.inputs += o.inputs
	if s.bad == "" {
		s.bad = o.bad
	}
}

// ulp32 is the spacing of f32 values at |y| (2^-149 below the normal
// range).
func ulp32(y float64) float64 {
	a := math.Abs(y)
	if a < 0x1p-126 {
		return 0x1p-149
	}
	_, e := math.Frexp(a)
	return math.Ldexp(1, e-24)
}

// line maps f32 values onto the integers in order, -0 just below +0.
func line(x float32) int64 {
	b := math.Float32bits(x)
	if b&0x80000000 != 0 {
		return -int64(b&0x7fffffff) - 1
	}
	return int64(b)
}

// measure1 adds input x to s.
func (c *vecMathCase) measure1(s *ulpStats, x float32) {
	s.inputs++
	got := c.model(x)
	want := c.exact(float64(x))
	if math.IsNaN(want) || x != x {
		if got == got && s.bad == "" {
			s.bad = "not NaN at " + fmtf(x)
		}
		return
	}
	w32 := float32(want)
	if math.IsInf(float64(w32), 0) || math.IsInf(float64(got), 0) || got != got {
		if got != w32 && s.bad == "" {
			s.bad = fmtf(got) + " at " + fmtf(x) + ", want " + fmtf(w32)
		}
		return
	}
	if u := math.Abs(float64(got)-want) / ulp32(want); u > s.maxULP {
		s.maxULP, s.worst = u, x
	}
	if d := line(got) - line(w32); d != 0 {
		s.misrounds++
		s.maxDist = max(s.maxDist, max(d, -d))
	}
}

func fmtf(x float32) string { return fmtFloat(float64(x)) }

// measure runs c on every step-th bit pattern (offset off) and on the
// special values, in parallel.
func (c *vecMathCase) measure(step uint64) ulpStats {
	var total ulpStats
	for _, x := range []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-24, -0x1p-24} {
		c.measure1(&total, x)
	}
	workers := runtime.GOMAXPROCS(0)
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := (uint64(1)<<32 + step - 1) / step
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s ulpStats
			for i := uint64(w); i < n; i += uint64(workers) {
				c.measure1(&s, math.Float32frombits(uint32(i*step)))
			}
			mu.Lock()
			total.merge(s)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}

// TestVecMathULP holds each function to its bounds; with
// BCAST_VECMATH_EXHAUSTIVE=1 on all 2^32 inputs.
func TestVecMathULP(t *testing.T) {
	step := uint64(4099)
	if os.Getenv("BCAST_VECMATH_EXHAUSTIVE") == "1" {
		step = 1
	}
	for _, c := range vecMathCases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			s := c.measure(step)
			t.Logf("%s: %d inputs in %v: max %.5f ulp (at %s), %d not correctly rounded (max distance %d)",
				c.name, s.inputs, time.Since(start).Round(time.Millisecond), s.maxULP, fmtf(s.worst), s.misrounds, s.maxDist)
			if s.bad != "" {
				t.Errorf("%s: %s", c.name, s.bad)
			}
			if s.maxULP > c.ulps || s.maxDist > c.dist {
				t.Errorf("%s: max error %.4f ulp (at %s), distance %d; the bounds are %.4f ulp and %d", c.name, s.maxULP, fmtf(s.worst), s.maxDist, c.ulps, c.dist)
			}
		})
	}
}

// fmtFloat prints a float with its bits, for messages.
func fmtFloat(x float64) string {
	return strconv.FormatFloat(x, 'g', -1, 32) + " (0x" + strconv.FormatUint(uint64(math.Float32bits(float32(x))), 16) + ")"
}
