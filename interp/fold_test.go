package interp

import (
	"fmt"
	"math"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// foldValues are edge values per element type: zeros, ones, extremes,
// shift widths, NaN and infinities.
var foldValues = map[string][]float64{
	"f32":  {0, math.Copysign(0, -1), 1, -1, 2.5, -3.5, math.Inf(1), math.Inf(-1), math.NaN(), 1e30, 0.1},
	"f16":  {0, 1, -2, 65504, math.Inf(1), math.NaN(), 0.5},
	"i32":  {0, 1, -1, 2, -2, 7, math.MinInt32, math.MaxInt32, 31, 32},
	"i8":   {0, 1, -1, 127, -128, 3, 8, -7},
	"ui8":  {0, 1, 2, 255, 128, 7, 8},
	"i1":   {0, 1},
	"i64":  {0, 1, -1, -9223372036854775808, 63, 64, 3},
	"ui64": {0, 1, 5, 9223372036854775808},
}

// foldTypes lists foldValues' keys in a fixed order.
var foldTypes = []string{"f32", "f16", "i32", "i8", "ui8", "i1", "i64", "ui64"}

// scalar is a rank-0 tensor of element type elem holding v (ui64's
// 2^63 and above as its two's complement bits).
func scalar(elem string, v float64) *Tensor {
	if et := elemType(elem); ir.IsFloat(et) {
		return tf(elem, nil, v)
	}
	if v >= 1<<63 {
		return ti(elem, nil, int64(uint64(v)))
	}
	return ti(elem, nil, int64(v))
}

// foldAgrees folds the op producing @f's result on the constants args
// (the op's folder, as canonicalize calls it) and runs @f on the same
// args; it reports whether the folder declined, and fails t if the folded
// constant differs from the interpreter's result.
func foldAgrees(t *testing.T, m *ir.Operation, what string, args ...*Tensor) (folded bool) {
	t.Helper()
	var op *ir.Operation
	m.Walk(func(o *ir.Operation) bool {
		if o.Dialect() == "hlo" {
			op = o
		}
		return true
	})
	c := make([]ir.Attribute, len(args))
	for i, a := range args {
		c[i] = a.ToDense()
	}
	got, err := Run(m, "f", args)
	res := op.Def().Fold(op, c)
	if res == nil {
		return false
	}
	if err != nil {
		t.Errorf("%s: the folder gives %s, the interpreter fails: %v", what, ir.AttrString(res[0].Attr), err)
		return true
	}
	d, ok := res[0].Attr.(*ir.DenseElementsAttr)
	if !ok {
		t.Errorf("%s: the folder gives %v, not a constant", what, res[0])
		return true
	}
	want, err := FromDense(d)
	if err != nil {
		t.Fatal(err)
	}
	if !want.Equal(got[0]) {
		t.Errorf("%s: the folder gives %s, the interpreter %s", what, want, got[0])
	}
	return true
}

// parseIfValid parses src and verifies it; nil if the op does not take
// the element type.
func parseIfValid(t *testing.T, src string) *ir.Operation {
	m, err := ir.Parse("fold.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if ir.Verify(m) != nil {
		return nil
	}
	return m
}

// TestFoldersMatchInterpreter checks, on edge values of every element
// type, that each elementwise hlo op's folder gives the interpreter's
// result wherever it folds: both read the op's element semantics from
// hlo's tables.
// reducePrecisionFormats are formats of hlo.reduce_precision the tests
// try: f16's, bf16's, f32's, fp8's, narrow and no-mantissa ones, and one
// wider than f32.
var reducePrecisionFormats = []string{"e5m10", "e8m7", "e8m23", "e4m3", "e5m2", "e2m1", "e3m0", "e1m4", "e11m52", "e15m60"}

func TestFoldersMatchInterpreter(t *testing.T) {
	folds := 0
	for _, elem := range foldTypes {
		ty := "tensor<" + elem + ">"
		vals := foldValues[elem]
		for _, b := range hlo.BinaryOps {
			m := parseIfValid(t, fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = hlo.%s %%a, %%b : %s\n  return %%0 : %s\n}\n", ty, ty, ty, b.Name, ty, ty))
			if m == nil {
				continue
			}
			for _, x := range vals {
				for _, y := range vals {
					if foldAgrees(t, m, fmt.Sprintf("%s %s(%v, %v)", b.Name, elem, x, y), scalar(elem, x), scalar(elem, y)) {
						folds++
					}
				}
			}
		}
		for _, u := range hlo.UnaryOps {
			rty := ty
			if u.Class == hlo.FloatToBool {
				rty = "tensor<i1>"
			}
			m := parseIfValid(t, fmt.Sprintf("func.func @f(%%a: %s) -> %s {\n  %%0 = hlo.%s %%a : (%s) -> %s\n  return %%0 : %s\n}\n", ty, rty, u.Name, ty, rty, rty))
			if m == nil {
				continue
			}
			for _, x := range vals {
				if foldAgrees(t, m, fmt.Sprintf("%s %s(%v)", u.Name, elem, x), scalar(elem, x)) {
					folds++
				}
			}
		}
		for _, dir := range hlo.Directions {
			for _, ct := range []string{"", ", SIGNED", ", UNSIGNED", ", FLOAT"} {
				m := parseIfValid(t, fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> tensor<i1> {\n  %%0 = hlo.compare %s, %%a, %%b%s : (%s, %s) -> tensor<i1>\n  return %%0 : tensor<i1>\n}\n", ty, ty, dir, ct, ty, ty))
				if m == nil {
					continue
				}
				// A compare type that does not apply to the element type
				// (SIGNED on floats, FLOAT on integers) is an error in the
				// interpreter; the folder folds it as the default type.
				floatType := ir.IsFloat(elemType(elem))
				if (floatType && ct != "" && ct != ", FLOAT") || (!floatType && ct == ", FLOAT") {
					continue
				}
				for _, x := range vals {
					for _, y := range vals {
						if foldAgrees(t, m, fmt.Sprintf("compare %s%s %s(%v, %v)", dir, ct, elem, x, y), scalar(elem, x), scalar(elem, y)) {
							folds++
						}
					}
				}
			}
		}
		m := parseIfValid(t, fmt.Sprintf("func.func @f(%%lo: %s, %%x: %s, %%hi: %s) -> %s {\n  %%0 = hlo.clamp %%lo, %%x, %%hi : %s\n  return %%0 : %s\n}\n", ty, ty, ty, ty, ty, ty))
		if m != nil {
			for _, x := range vals {
				for _, lo := range vals[:min(4, len(vals))] {
					for _, hi := range vals[len(vals)-min(4, len(vals)):] {
						if foldAgrees(t, m, fmt.Sprintf("clamp %s(%v, %v, %v)", elem, lo, x, hi), scalar(elem, lo), scalar(elem, x), scalar(elem, hi)) {
							folds++
						}
					}
				}
			}
		}
		for _, f := range reducePrecisionFormats {
			m := parseIfValid(t, fmt.Sprintf("func.func @f(%%a: %s) -> %s {\n  %%0 = hlo.reduce_precision %%a, format = %s : %s\n  return %%0 : %s\n}\n", ty, ty, f, ty, ty))
			if m == nil {
				continue
			}
			for _, x := range vals {
				if foldAgrees(t, m, fmt.Sprintf("reduce_precision %s %s(%v)", f, elem, x), scalar(elem, x)) {
					folds++
				}
			}
		}
	}
	// Every binary and unary op folds somewhere, so the loops above are
	// not vacuous.
	t.Logf("%d folds compared", folds)
	if folds < 2000 {
		t.Errorf("only %d folds were compared", folds)
	}
}
