package llvm_test

// The native tests of reductions: the kernels of testdata/reductions.mlir
// (hand-written linalg, emitted as they are: no pipeline runs) are built
// with every toolchain (buildNative) and run natively and in the
// interpreter on the same random arguments. Integer, maximum / minimum,
// argmax and outer-dim (column) results must be the interpreter's bits;
// float sums and products that the vector code reassociates must be within
// the bound stated in the package documentation (withinSumBound).

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// reduceCase runs one kernel on random arguments of the given shapes.
type reduceCase struct {
	fn     string
	shapes [][]int64
	// specials puts NaN, infinities, signed zeros and subnormals into
	// float arguments (one element in 4; with rare, one in 64, so that
	// some rows have none: a maximum's loose pass and its exact one,
	// reduce_vector.go, both run); ties draws floats from a few values
	// (-1, -0, 0, 1, 2), so that maxima tie.
	specials, rare, ties bool
	// sum marks float results that are reassociated sums: within the
	// bound of withinSumBound, B computed by the kernel named bound (the
	// sum of the terms' absolute values), or by the result itself when
	// bound is "self" (terms that are not negative). prod marks a
	// reassociated product: |got - want| <= 2*n*u*|want|.
	sum   bool
	bound string
	prod  bool
	// ulps allows float results that distance from the interpreter's
	// (math functions in the body).
	ulps int64
}

var reduceCases = func() []reduceCase {
	var cs []reduceCase
	// shapes around the vector widths: empty and unit dims, shorter than
	// one vector, exactly one, several with a remainder, many
	rows := [][]int64{{3, 0}, {0, 5}, {1, 1}, {4, 1}, {2, 7}, {3, 16}, {3, 17}, {2, 64}, {5, 100}, {2, 129}, {3, 1000}, {1, 4099}}
	for _, s := range rows {
		cs = append(cs,
			reduceCase{fn: "row_sum", shapes: [][]int64{s}, sum: true, bound: "row_sum_abs"},
			reduceCase{fn: "row_sum", shapes: [][]int64{s}, sum: true, bound: "row_sum_abs", specials: true},
			reduceCase{fn: "row_sum_f64", shapes: [][]int64{s}, sum: true, bound: "row_sum_f64_abs"},
			reduceCase{fn: "row_max", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "row_min", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "row_max_f64", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "row_max", shapes: [][]int64{s}, ties: true},
			reduceCase{fn: "row_max", shapes: [][]int64{s}},
			reduceCase{fn: "row_max", shapes: [][]int64{s}, specials: true, rare: true},
			reduceCase{fn: "row_min", shapes: [][]int64{s}, specials: true, rare: true},
			reduceCase{fn: "row_max_f64", shapes: [][]int64{s}, specials: true, rare: true},
			reduceCase{fn: "row_sum_i32", shapes: [][]int64{s}},
			reduceCase{fn: "row_max_i32", shapes: [][]int64{s}},
			reduceCase{fn: "row_min_i64", shapes: [][]int64{s}},
			reduceCase{fn: "row_umax_i16", shapes: [][]int64{s}},
			reduceCase{fn: "row_umin_i32", shapes: [][]int64{s}},
			reduceCase{fn: "row_mul_i8", shapes: [][]int64{s}},
			reduceCase{fn: "row_xor_i32", shapes: [][]int64{s}},
			reduceCase{fn: "row_or_i64", shapes: [][]int64{s}},
			reduceCase{fn: "row_and_i32", shapes: [][]int64{s}},
			reduceCase{fn: "row_any", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "row_all", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "row_sum_f16", shapes: [][]int64{s}},
			reduceCase{fn: "row_prod", shapes: [][]int64{s}, prod: true},
			reduceCase{fn: "row_sum_exp", shapes: [][]int64{s}, sum: true, bound: "self"},
			reduceCase{fn: "row_softplus_sum", shapes: [][]int64{s}, ulps: 2},
			reduceCase{fn: "row_sum_init", shapes: [][]int64{s, {s[0]}}, sum: true, bound: "row_sum_init_abs"},
			reduceCase{fn: "row_max_init_scalar", shapes: [][]int64{s, {}}, specials: true},
			reduceCase{fn: "matvec", shapes: [][]int64{s, {s[1]}}, sum: true, bound: "matvec_abs"},
			reduceCase{fn: "moments", shapes: [][]int64{s}, sum: true, bound: "moments_abs"},
			reduceCase{fn: "col_sum", shapes: [][]int64{{s[1], s[0]}}, specials: true},
			reduceCase{fn: "col_max", shapes: [][]int64{{s[1], s[0]}}, specials: true},
			reduceCase{fn: "col_sum_i32", shapes: [][]int64{{s[1], s[0]}}},
			// summed in order, but of terms whose vector exp is within an
			// ulp or so of the interpreter's (vecmath.go): a sum's bound,
			// of terms that are not negative
			reduceCase{fn: "col_softplus_sum", shapes: [][]int64{{s[1], s[0]}}, sum: true, bound: "self"},
			reduceCase{fn: "full_sum", shapes: [][]int64{s}, sum: true, bound: "full_sum_abs"},
			reduceCase{fn: "argmax", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "argmax", shapes: [][]int64{s}, ties: true},
			reduceCase{fn: "argmax_both", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "argmax_both", shapes: [][]int64{s}, ties: true},
			reduceCase{fn: "argmin_i64", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "argmin_i64", shapes: [][]int64{s}, ties: true},
			reduceCase{fn: "argmax_f64", shapes: [][]int64{s}, ties: true},
			reduceCase{fn: "argmax_i32", shapes: [][]int64{s}},
			reduceCase{fn: "argmax_iota", shapes: [][]int64{s, s}, ties: true},
			reduceCase{fn: "argmax_col", shapes: [][]int64{{s[1], s[0]}}, ties: true},
			reduceCase{fn: "argmax_col_idx", shapes: [][]int64{{s[1], s[0]}}, specials: true},
			reduceCase{fn: "row_weighted", shapes: [][]int64{s}, sum: true, bound: "row_weighted_abs"},
			reduceCase{fn: "col_sum_init", shapes: [][]int64{{s[1], s[0]}, {s[0]}}, specials: true},
			reduceCase{fn: "row_sum_fill", shapes: [][]int64{s}, sum: true, bound: "row_sum_fill_abs"},
			reduceCase{fn: "col_max_fill", shapes: [][]int64{{s[1], s[0]}, {}}, specials: true},
			reduceCase{fn: "fill_returned", shapes: [][]int64{s, {}}},
		)
	}
	for _, s := range [][]int64{{0, 3, 4}, {2, 0, 5}, {3, 1, 1}, {2, 3, 17}, {3, 5, 40}, {1, 2, 300}, {4, 3, 64}} {
		cs = append(cs,
			reduceCase{fn: "sum02", shapes: [][]int64{s}, sum: true, bound: "sum02_abs"},
			reduceCase{fn: "mid_sum", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "mid_min", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "mid_max_i8", shapes: [][]int64{s}},
			reduceCase{fn: "full_max3", shapes: [][]int64{s}, specials: true},
			reduceCase{fn: "full_sum_i64", shapes: [][]int64{s}},
			reduceCase{fn: "sum01", shapes: [][]int64{s}, specials: true},
		)
	}
	return append(cs,
		reduceCase{fn: "row_sum_static", shapes: [][]int64{{5, 100}}, sum: true, bound: "row_sum_static_abs"},
		reduceCase{fn: "row_max_static", shapes: [][]int64{{3, 16}}, specials: true},
		reduceCase{fn: "full_sum", shapes: [][]int64{{300, 301}}, sum: true, bound: "full_sum_abs"},
	)
}()

const reductionsFile = "testdata/reductions.mlir"

// compileLinalg compiles a testdata file of linalg kernels as it is (no
// pipeline) for the native tests; nativeKernels.orig and lowered are the
// same module.
func compileLinalg(t *testing.T, file string) *nativeKernels {
	t.Helper()
	return compileLinalgFor(t, file, nil)
}

// compileLinalgFor is compileLinalg for the target cross (nil: the host;
// compileNativeFor).
func compileLinalgFor(t *testing.T, file string, cross *crossTarget) *nativeKernels {
	t.Helper()
	tool(t, "compiling LLVM IR to native code", "clang-19", "llc")
	if cross != nil {
		cross.toolchain(t)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	k := &nativeKernels{orig: parse(t, file, src), cross: cross}
	k.lowered = k.orig
	if k.irText, err = llvm.Emit(k.lowered, k.options(false)); err != nil {
		t.Fatalf("Emit: %v", err)
	}
	if k.header, err = llvm.CHeader(k.lowered, ""); err != nil {
		t.Fatal(err)
	}
	k.fns, k.byName = functionABIs(t, k.lowered)
	return k
}

// TestNativeReductions runs reduceCases.
func TestNativeReductions(t *testing.T) {
	t.Parallel()
	k := compileLinalg(t, reductionsFile)
	dir := t.TempDir()
	builds := withParallelForm(t, buildNative(t, dir, k.fns, k.irText, k.header), k)
	rng := rand.New(rand.NewSource(14))
	for i, c := range reduceCases {
		f := k.byName[c.fn]
		if f == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		args := reduceArgs(t, rng, f, c)
		t.Run(fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes)), func(t *testing.T) {
			want, err := interp.Run(k.orig, c.fn, args)
			if err != nil {
				t.Fatalf("interpreter: %v", err)
			}
			var bound []*interp.Tensor
			switch c.bound {
			case "", "self":
				bound = want
			default:
				if bound, err = interp.Run(k.orig, c.bound, args); err != nil {
					t.Fatalf("interpreter, %s: %v", c.bound, err)
				}
			}
			for _, b := range builds {
				rc, msg, got := runNative(t, b, dir, f, args, nil)
				if rc != 0 {
					t.Fatalf("%s: code %d: %s", b.name, rc, msg)
				}
				for r := range want {
					compareReduction(t, b.name, r, c, got[r], want[r], bound[r], args[0])
				}
			}
		})
	}
}

// reduceArgs draws arguments: floats as randomArgs does (or from a few
// values, ties), integers over their type's range with its extremes, and
// an argument named iota in the kernel's signature gets the column index.
func reduceArgs(t *testing.T, rng *rand.Rand, f *llvm.FuncABI, c reduceCase) []*interp.Tensor {
	t.Helper()
	var args []*interp.Tensor
	for i, a := range f.Args {
		shape := c.shapes[i]
		n := int(ir.NumElements(shape))
		var tt *interp.Tensor
		var err error
		switch {
		case ir.IsFloat(a.Elem):
			data := make([]float64, n)
			for j := range data {
				switch {
				case c.ties:
					data[j] = []float64{-1, math.Copysign(0, -1), 0, 1, 2}[rng.Intn(5)]
				case c.specials && !c.rare && rng.Intn(4) == 0, c.rare && rng.Intn(64) == 0:
					data[j] = specialFloats[rng.Intn(len(specialFloats))]
				default:
					data[j] = math.Round(rng.NormFloat64()*400) / 64
				}
			}
			tt, err = interp.NewFloats(a.Elem, shape, data)
		case c.fn == "argmax_iota" && i == 1:
			data := make([]int64, n)
			for j := range data {
				data[j] = int64(j) % shape[len(shape)-1]
			}
			tt, err = interp.NewInts(a.Elem, shape, data)
		default:
			w := uint(ir.ElementByteSize(a.Elem) * 8)
			lo, hi := int64(-1)<<(w-1), int64(uint64(1)<<(w-1)-1)
			data := make([]int64, n)
			for j := range data {
				data[j] = max(lo, min(hi, rng.Int63n(2001)-1000))
				if rng.Intn(8) == 0 {
					data[j] = []int64{lo, hi, 0, -1, 1}[rng.Intn(5)]
				}
			}
			tt, err = interp.NewInts(a.Elem, shape, data)
		}
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, tt)
	}
	return args
}

// compareReduction checks result r of case c: got against want, exactly
// but for float sums and products (withinSumBound, withinProdBound) and
// math (c.ulps); a float NaN equals any NaN.
func compareReduction(t *testing.T, build string, r int, c reduceCase, got, want, bound, in0 *interp.Tensor) {
	t.Helper()
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		t.Fatalf("%s: result %d has shape %v, the interpreter's %v", build, r, got.Shape(), want.Shape())
	}
	if !got.IsFloat() {
		for i := range got.Len() {
			if got.Int(i) != want.Int(i) {
				t.Errorf("%s: result %d element %d: %d, the interpreter's %d", build, r, i, got.Int(i), want.Int(i))
			}
		}
		return
	}
	// n: the terms per result element, the init included
	n := int64(1)
	if want.Len() > 0 {
		n += int64(in0.Len() / want.Len())
	}
	u := unitRoundoff(got.ElemType())
	for i := range got.Len() {
		g, w := got.Float(i), want.Float(i)
		ok := true
		switch {
		case math.IsNaN(w) || math.IsNaN(g):
			ok = math.IsNaN(w) && math.IsNaN(g)
		case math.IsInf(w, 0) || math.IsInf(g, 0):
			ok = g == w
		case c.sum:
			ok = withinSumBound(g, w, bound.Float(i), n, u)
		case c.prod:
			ok = math.Abs(g-w) <= 2*float64(n)*u*math.Abs(w)
		case c.ulps > 0:
			ok = interp.ULPDistance(g, w, got.ElemType()) <= c.ulps
		default:
			ok = math.Float64bits(g) == math.Float64bits(w)
		}
		if !ok {
			t.Errorf("%s: result %d element %d: %g, the interpreter's %g (bound %g, %d terms)", build, r, i, g, w, bound.Float(i), n)
		}
	}
}

// withinSumBound is the tolerance of a reassociated float sum stated in
// the package documentation: |got - want| <= 2*n*u*B for n terms whose
// absolute values sum to B, with u the unit roundoff (2^-24 for f32,
// 2^-53 for f64). Any order of summation is within (n-1)*u*B of the
// exact sum, so two orders are within twice that of each other.
func withinSumBound(got, want, b float64, n int64, u float64) bool {
	return math.Abs(got-want) <= 2*float64(n)*u*b
}

// unitRoundoff is 2^-p for a float type of p significand bits.
func unitRoundoff(t ir.Type) float64 {
	switch t.(*ir.FloatType).Kind {
	case ir.F64:
		return 0x1p-53
	case ir.F16:
		return 0x1p-11
	case ir.BF16:
		return 0x1p-8
	}
	return 0x1p-24
}
