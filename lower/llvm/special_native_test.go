package llvm_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// specialFloatTypes are the element types every special function takes.
var specialFloatTypes = []string{"f32", "f64", "f16", "bf16"}

var specialElem = map[string]ir.Type{"f32": ir.F32T, "f64": ir.F64T, "f16": ir.F16T, "bf16": ir.BF16T}

// specialNative are the special-function and precision ops of issue 16
// run natively on chosen values (specialValues) in every float type and
// compared with the interpreter: body is the op on %x (and %y) of type T,
// ulps the largest distance allowed per element type (absent: 0, the
// same bits).
var specialNative = []struct {
	name, body string
	binary     bool
	ulps       map[string]int64
	// abs, if set, also passes an f64 element within abs of the
	// interpreter's: lgamma near its zeros below -2, where the result
	// is tiny and Go's and glibc's differ by about 1e-16 absolutely, and
	// digamma below 0 where the reflection cancels (C's tan and log
	// against Go's, an ulp of ψ(1-x) apart).
	abs float64
}{
	// erfcf / erfc of the C library against Go's float64 erfc rounded
	// once (f16 and bf16: erfcf rounded once).
	{name: "erfc", body: "hlo.erfc %x : T", ulps: map[string]int64{"f32": 1, "f64": 1}},
	// lgammaf_r / lgamma_r: glibc's lgamma is more accurate than Go's
	// (fdlibm's) below -2, near lgamma's zeros (TestUnaryOpsAgainstNumpy
	// in interp states the interpreter's bound against it)
	{name: "lgamma", body: "chlo.lgamma %x : T -> T", ulps: map[string]int64{"f32": 2, "f64": 4, "f16": 1, "bf16": 1}, abs: 1e-15},
	// arith and math ops in f64 (Go's algorithm; glibc's log against
	// Go's)
	{name: "erf_inv", body: "chlo.erf_inv %x : T -> T", ulps: map[string]int64{"f32": 1, "f64": 2}},
	{name: "digamma", body: "chlo.digamma %x : T -> T", ulps: map[string]int64{"f32": 1, "f64": 2}, abs: 4e-15},
	// bit manipulation in arith, exact in every format
	{name: "next_after", body: "chlo.next_after %x, %y : T, T -> T", binary: true},
	{name: "reduce_precision_e5m10", body: "stablehlo.reduce_precision %x, format = e5m10 : T"},
	{name: "reduce_precision_e8m7", body: "stablehlo.reduce_precision %x, format = e8m7 : T"},
	{name: "reduce_precision_e4m3", body: "stablehlo.reduce_precision %x, format = e4m3 : T"},
	{name: "reduce_precision_e2m0", body: "stablehlo.reduce_precision %x, format = e2m0 : T"},
	{name: "reduce_precision_e11m52", body: "stablehlo.reduce_precision %x, format = e11m52 : T"},
}

// specialValues are the arguments: special values, poles of lgamma and
// digamma and values beside them, erf_inv's ±1 and beyond, subnormals of
// each format, and values over many scales.
func specialValues() []float64 {
	vals := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 2, -2, -3, -10, -100,
		0.5, -0.5, 1.5, -1.5, -2.5, 2.5, 1e-3, -1e-3, 1e-8, 1e-40, -1e-40, 1e-310, -5e-324, 6e-8, 1e-45,
		0.9999999, -0.9999999, 0.99999, 1.0000001, 0.85, 0.8500001, -0.86, 0.9999999999, 0.99999999999999989, -0.99999999999999989, 0.9990234375, -2.4570247, 1.4616321, -0.1, 0.3, 0.75, 0.999, -0.9,
		3, 4.5, 9.75, 10, 26, 27.5, 100, 1e4, 1e10, 1e20, 1e30, 3.4e38, 1e300, -1e300, 65504, 70000}
	for i := range 40 {
		vals = append(vals, math.Ldexp(1+float64(i)/40, i%24-12)*float64(1-2*(i%2)))
	}
	return vals
}

// TestNativeSpecialFunctions compiles the kernels of specialNative for
// every float type once and runs each on specialValues (and, for binary
// ops, on every pair of a shorter list), natively and in the
// interpreter.
func TestNativeSpecialFunctions(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	for _, s := range specialNative {
		for _, ty := range specialFloatTypes {
			tt := "tensor<?x" + ty + ">"
			body := strings.ReplaceAll(s.body, "T", tt)
			if s.binary {
				fmt.Fprintf(&src, "func.func @%s_%s(%%x: %s, %%y: %s) -> %s {\n  %%r = %s\n  return %%r : %s\n}\n\n", s.name, ty, tt, tt, tt, body, tt)
			} else {
				fmt.Fprintf(&src, "func.func @%s_%s(%%x: %s) -> %s {\n  %%r = %s\n  return %%r : %s\n}\n\n", s.name, ty, tt, tt, body, tt)
			}
		}
	}
	file := filepath.Join(t.TempDir(), "special_functions.mlir")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	k := compileNative(t, file)
	dir := t.TempDir()
	builds := buildNative(t, dir, k.fns, k.irText, k.header)
	vals := specialValues()
	var xs, ys []float64
	pairs := vals[:40]
	for _, a := range pairs {
		for _, b := range pairs {
			xs, ys = append(xs, a), append(ys, b)
		}
	}
	for _, s := range specialNative {
		for _, ty := range specialFloatTypes {
			fn := s.name + "_" + ty
			elem := specialElem[ty]
			var args []*interp.Tensor
			in := [][]float64{vals}
			if s.binary {
				in = [][]float64{xs, ys}
			}
			for _, v := range in {
				a, err := interp.NewFloats(elem, []int64{int64(len(v))}, v)
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, a)
			}
			want, err := interp.Run(k.orig, fn, args)
			if err != nil {
				t.Fatalf("%s: interpreter: %v", fn, err)
			}
			for _, b := range builds {
				rc, msg, got := runNative(t, b, dir, k.byName[fn], args, nil)
				if rc != 0 {
					t.Fatalf("%s: %s: code %d: %s", fn, b.name, rc, msg)
				}
				var worst int64
				for i := range got[0].Len() {
					d := interp.ULPDistance(got[0].Float(i), want[0].Float(i), elem)
					if ty == "f64" && math.Abs(got[0].Float(i)-want[0].Float(i)) <= s.abs {
						continue
					}
					worst = max(worst, d)
					if d > s.ulps[ty] {
						x := args[0].Float(i)
						if s.binary {
							t.Errorf("%s: %s(%g, %g): native %g, interpreter %g (%d ulps)", b.name, fn, x, args[1].Float(i), got[0].Float(i), want[0].Float(i), d)
						} else {
							t.Errorf("%s: %s(%g): native %g, interpreter %g (%d ulps)", b.name, fn, x, got[0].Float(i), want[0].Float(i), d)
						}
					}
				}
				note := ""
				if s.abs > 0 && ty == "f64" {
					note = fmt.Sprintf(" (but those within %g)", s.abs)
				}
				t.Logf("%-28s %-8s %d values, largest distance from the interpreter %d ulps%s", fn, b.name, got[0].Len(), worst, note)
			}
		}
	}
}
