package lower_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestIntegerBodiesMatchInterpreter checks the unrolled bodies of integer
// power and popcnt against the interpreter's StableHLO semantics on edge
// values (negative exponents, bases 0 and ±1, INT_MIN, all bits set).
func TestIntegerBodiesMatchInterpreter(t *testing.T) {
	src := `func.func @f(%a: tensor<12xi32>, %b: tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>) {
  %r = hlo.power %a, %b : tensor<12xi32>
  %c = hlo.popcnt %a : tensor<12xi32>
  return %r, %c : tensor<12xi32>, tensor<12xi32>
}`
	t12 := ir.RankedTensor([]int64{12}, ir.I32)
	a, err := interp.NewInts(t12.ElementType(), []int64{12}, []int64{2, -3, 0, 1, -1, -1, 7, 2, -2147483648, -1, 3, 0})
	if err != nil {
		t.Fatal(err)
	}
	b, err := interp.NewInts(t12.ElementType(), []int64{12}, []int64{10, 3, 0, -5, -3, -4, -1, 31, 1, 2147483647, 40, -2})
	if err != nil {
		t.Fatal(err)
	}
	run := func(lowered bool) []*interp.Tensor {
		m, err := ir.Parse("f.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if lowered {
			e, err := ir.NewPassEntry("hlo-legalize-to-linalg", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := (&ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}).Run(m); err != nil {
				t.Fatal(err)
			}
		}
		out, err := interp.Run(m, "f", []*interp.Tensor{a, b})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want, got := run(false), run(true)
	for i := range want {
		if !want[i].Equal(got[i]) {
			t.Errorf("result #%d: hlo gives %s, the linalg body gives %s", i, want[i], got[i])
		}
	}
}

// loweringValues are edge values per element type for
// TestScalarLoweringsMatchInterpreter.
var loweringValues = map[string][]float64{
	"f32": {0, math.Copysign(0, -1), 1, -1, 2.5, -3.5, math.Inf(1), math.Inf(-1), math.NaN(), 1e30, 0.1},
	"f16": {0, 1, -2, 65504, math.Inf(-1), math.NaN(), 0.5},
	"i32": {0, 1, -1, 2, -2, 7, math.MinInt32, math.MaxInt32, 31},
	"i8":  {0, 1, -1, 127, -128, 3, 7},
	"i1":  {0, 1},
	"ui8": {0, 1, 255, 128, 127, 3, 7, 8},
}

// loweringTypes are the element types of loweringValues.
var loweringTypes = map[string]ir.Type{"f32": ir.F32T, "f16": ir.F16T, "i32": ir.I32, "i8": ir.Integer(8, ir.Signless),
	"i1": ir.I1, "ui8": ir.Integer(8, ir.Unsigned)}

// tensorOf is a 1-D tensor of element type elem holding vals.
func tensorOf(t *testing.T, elem string, vals []float64) *interp.Tensor {
	et := loweringTypes[elem]
	var x *interp.Tensor
	var err error
	if ir.IsFloat(et) {
		x, err = interp.NewFloats(et, []int64{int64(len(vals))}, vals)
	} else {
		is := make([]int64, len(vals))
		for i, v := range vals {
			is[i] = int64(v)
		}
		x, err = interp.NewInts(et, []int64{int64(len(vals))}, is)
	}
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// runBothWays runs @f of src on args in the interpreter as hlo and after
// hlo-legalize-to-linalg (the generic bodies, in arith and math); ok is
// false if src does not verify (the op does not take the element type).
func runBothWays(t *testing.T, src string, args ...*interp.Tensor) (want, got *interp.Tensor, ok bool) {
	t.Helper()
	var outs [2]*interp.Tensor
	for i, lowered := range []bool{false, true} {
		m, err := ir.Parse("f.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if ir.Verify(m) != nil {
			return nil, nil, false
		}
		if lowered {
			e, err := ir.NewPassEntry("hlo-legalize-to-linalg", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := (&ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}).Run(m); err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
		}
		out, err := interp.Run(m, "f", args)
		if err != nil {
			t.Fatalf("lowered %v: %v\n%s", lowered, err, src)
		}
		outs[i] = out[0]
	}
	return outs[0], outs[1], true
}

// sameResult compares the hlo op's result with its lowering's, bit for
// bit, or within ulps for a lowering of several float ops (each rounded).
func sameResult(t *testing.T, what string, want, got *interp.Tensor, ulps int64) {
	t.Helper()
	if ulps == 0 || !want.IsFloat() {
		if !want.Equal(got) {
			t.Errorf("%s: hlo gives %s, the linalg body %s", what, want, got)
		}
		return
	}
	for i := range want.Floats() {
		if d := interp.ULPDistance(want.Floats()[i], got.Floats()[i], want.ElemType()); d > ulps {
			t.Errorf("%s: element %d: hlo gives %v, the linalg body %v", what, i, want.Floats()[i], got.Floats()[i])
		}
	}
}

// TestScalarLoweringsMatchInterpreter checks every binary and unary op's
// scalar lowering (hlo's tables) against its element functions, as the
// interpreter runs them, on edge values of each element type the op
// takes: the operand pairs an integer op leaves to run time (Folds:
// division by zero, ...), INT_MIN / -1 and shifts by the width or more,
// which arith leaves undefined and the interpreter refuses, are left out.
func TestScalarLoweringsMatchInterpreter(t *testing.T) {
	compared := 0
	for _, elem := range []string{"f32", "f16", "i32", "i8", "i1", "ui8"} {
		vals := loweringValues[elem]
		var as, bs []float64
		for _, x := range vals {
			for _, y := range vals {
				as, bs = append(as, x), append(bs, y)
			}
		}
		for _, b := range hlo.BinaryOps {
			var xs, ys []float64
			for i := range as {
				k := hlo.IntKindOf(loweringTypes[elem])
				if !strings.HasPrefix(elem, "f") {
					if b.Eval.Folds != nil && !b.Eval.Folds(int64(as[i]), int64(bs[i]), k) {
						continue
					}
					if b.Def == hlo.DivideOp && as[i] == float64(k.MinInt()) && bs[i] == -1 {
						continue // arith.divsi overflows (Folds leaves only 64 bits to run time)
					}
				}
				xs, ys = append(xs, as[i]), append(ys, bs[i])
			}
			n := len(xs)
			vty := fmt.Sprintf("tensor<%dx%s>", n, elem)
			src := fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = hlo.%s %%a, %%b : %s\n  return %%0 : %s\n}\n", vty, vty, vty, b.Name, vty, vty)
			want, got, ok := runBothWays(t, src, tensorOf(t, elem, xs), tensorOf(t, elem, ys))
			if ok {
				sameResult(t, b.Name+" "+elem, want, got, 0)
				compared++
			}
		}
		for _, u := range hlo.UnaryOps {
			n := len(vals)
			vty := fmt.Sprintf("tensor<%dx%s>", n, elem)
			rty := vty
			if u.Class == hlo.FloatToBool {
				rty = fmt.Sprintf("tensor<%dxi1>", n)
			}
			src := fmt.Sprintf("func.func @f(%%a: %s) -> %s {\n  %%0 = hlo.%s %%a : (%s) -> %s\n  return %%0 : %s\n}\n", vty, rty, u.Name, vty, rty, rty)
			want, got, ok := runBothWays(t, src, tensorOf(t, elem, vals))
			if ok {
				ulps := int64(0)
				if u.Def == hlo.LogisticOp {
					ulps = 4 // exp, add and divide, each rounded
				}
				sameResult(t, u.Name+" "+elem, want, got, ulps)
				compared++
			}
		}
		n := len(as)
		vty := fmt.Sprintf("tensor<%dx%s>", n, elem)
		for _, dir := range hlo.Directions {
			src := fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> tensor<%dxi1> {\n  %%0 = hlo.compare %s, %%a, %%b : (%s, %s) -> tensor<%dxi1>\n  return %%0 : tensor<%dxi1>\n}\n", vty, vty, n, dir, vty, vty, n, n)
			if want, got, ok := runBothWays(t, src, tensorOf(t, elem, as), tensorOf(t, elem, bs)); ok {
				sameResult(t, "compare "+dir+" "+elem, want, got, 0)
				compared++
			}
		}
		hi := append([]float64{}, bs...)
		slices.Reverse(hi)
		src := fmt.Sprintf("func.func @f(%%lo: %s, %%x: %s, %%hi: %s) -> %s {\n  %%0 = hlo.clamp %%lo, %%x, %%hi : %s\n  return %%0 : %s\n}\n", vty, vty, vty, vty, vty, vty)
		if want, got, ok := runBothWays(t, src, tensorOf(t, elem, as), tensorOf(t, elem, bs), tensorOf(t, elem, hi)); ok {
			sameResult(t, "clamp "+elem, want, got, 0)
			compared++
		}
		for _, f := range []string{"e5m10", "e8m7", "e4m3", "e5m2", "e2m1", "e3m0", "e1m4", "e11m52"} {
			n := len(vals)
			vty := fmt.Sprintf("tensor<%dx%s>", n, elem)
			src := fmt.Sprintf("func.func @f(%%a: %s) -> %s {\n  %%0 = hlo.reduce_precision %%a, format = %s : %s\n  return %%0 : %s\n}\n", vty, vty, f, vty, vty)
			if want, got, ok := runBothWays(t, src, tensorOf(t, elem, vals)); ok {
				sameResult(t, "reduce_precision "+f+" "+elem, want, got, 0)
				compared++
			}
		}
		for _, to := range []string{"f32", "f16", "i32", "i8", "i1"} {
			in := vals // out-of-range and NaN floats too: the lowering converts only in-range values
			n := len(in)
			src := fmt.Sprintf("func.func @f(%%a: tensor<%dx%s>) -> tensor<%dx%s> {\n  %%0 = hlo.convert %%a : (tensor<%dx%s>) -> tensor<%dx%s>\n  return %%0 : tensor<%dx%s>\n}\n", n, elem, n, to, n, elem, n, to, n, to)
			if want, got, ok := runBothWays(t, src, tensorOf(t, elem, in)); ok {
				sameResult(t, "convert "+elem+" to "+to, want, got, 0)
				compared++
			}
		}
	}
	if compared < 2*len(hlo.BinaryOps) {
		t.Errorf("only %d ops compared", compared)
	}
}
