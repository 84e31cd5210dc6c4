package lower_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The reductions' lowering (reduction.go, reduction_window.go) against the
// interpreter: random hlo.reduce and hlo.reduce_window programs (ranks 0
// to 4, dims of size 0, 1 and more, static and dynamic, short-form and
// region bodies, order-sensitive ones, argmax, several inputs, init
// values constant or not, a value from outside the body) run before and
// after hlo-legalize-to-linalg, and after printing and parsing the
// lowered program again. The interpreter runs a generic's
// loops in the order it folds a reduce, so results are bit-exact: floats
// too (NaNs equal as NaNs).

// reduceCase is one random program and its arguments.
type reduceCase struct {
	src  string
	args []*interp.Tensor
}

// reduceElems are the element types the cases use: MLIR spelling and type.
var reduceElems = []struct {
	name string
	t    ir.Type
}{
	{"f32", ir.F32T}, {"f16", ir.F16T}, {"i32", ir.I32}, {"i8", ir.Integer(8, ir.Signless)}, {"i1", ir.I1},
}

// reduceGen draws random programs.
type reduceGen struct {
	t *testing.T
	r *rand.Rand
}

func (g *reduceGen) shape(minRank, maxRank int) []int64 {
	rank := minRank + g.r.IntN(maxRank-minRank+1)
	s := make([]int64, rank)
	for d := range s {
		switch g.r.IntN(6) {
		case 0:
			s[d] = 0
		case 1:
			s[d] = 1
		default:
			s[d] = 2 + g.r.Int64N(4)
		}
	}
	// Keep the element count small.
	for n := int64(1); ; n = 1 {
		for _, x := range s {
			n *= max(x, 1)
		}
		if n <= 400 {
			break
		}
		s[g.r.IntN(rank)] = 1
	}
	return s
}

// value draws one element of elem: edge values some of the time.
func (g *reduceGen) value(elem ir.Type) float64 {
	if ir.IsFloat(elem) {
		if g.r.IntN(5) == 0 {
			edges := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e30, -1e30, math.Inf(1), math.Inf(-1), math.NaN(), 65504}
			return edges[g.r.IntN(len(edges))]
		}
		return math.Round((g.r.Float64()*20-10)*8) / 8
	}
	k := hlo.IntKindOf(elem)
	if k.IsBool() {
		return float64(g.r.IntN(2))
	}
	if g.r.IntN(6) == 0 {
		edges := []int64{0, 1, -1, k.MinInt(), ^k.MinInt()}
		return float64(edges[g.r.IntN(len(edges))])
	}
	return float64(g.r.IntN(21) - 10)
}

// tensor draws a tensor of elem and shape.
func (g *reduceGen) tensor(elem ir.Type, shape []int64) *interp.Tensor {
	n := 1
	for _, s := range shape {
		n *= int(s)
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = g.value(elem)
	}
	return g.make(elem, shape, vals)
}

func (g *reduceGen) make(elem ir.Type, shape []int64, vals []float64) *interp.Tensor {
	var x *interp.Tensor
	var err error
	if ir.IsFloat(elem) {
		x, err = interp.NewFloats(elem, shape, vals)
	} else {
		is := make([]int64, len(vals))
		for i, v := range vals {
			is[i] = int64(v)
		}
		x, err = interp.NewInts(elem, shape, is)
	}
	if err != nil {
		g.t.Fatal(err)
	}
	return x
}

// typeString is tensor<shape x elem> with the dims marked in dynamic as ?.
func typeString(shape []int64, dynamic []bool, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for d, s := range shape {
		if dynamic != nil && dynamic[d] {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", s)
		}
	}
	return b.String() + elem + ">"
}

// compareType is the compare_type of hlo.compare on elem.
func compareType(elem ir.Type) string {
	switch {
	case ir.IsFloat(elem):
		return "FLOAT"
	case hlo.IntKindOf(elem).IsBool():
		return "UNSIGNED"
	}
	return "SIGNED"
}

// reducerBody returns a body kind for elem and its region text on
// (%a acc, %b x) of type t, with %s a captured rank-0 value; short is the
// op of the short form when the body is one.
func (g *reduceGen) reducerBody(elem ir.Type, t string) (short, region string) {
	numeric := []string{"add", "multiply", "maximum", "minimum"}
	ints := []string{"and", "or", "xor"}
	var kinds []string
	switch {
	case ir.IsFloat(elem):
		kinds = append(numeric, "subtract", "selmax", "scaled", "captured")
	case hlo.IntKindOf(elem).IsBool():
		kinds = append(ints, "add", "maximum", "selmax", "captured")
	default:
		kinds = append(append(numeric, ints...), "subtract", "selmax", "scaled", "captured")
	}
	k := kinds[g.r.IntN(len(kinds))]
	switch k {
	case "subtract": // acc - x: the order of the arguments matters
		return "", fmt.Sprintf("%%r = hlo.subtract %%a, %%b : %s\n    hlo.return %%r : %s", t, t)
	case "selmax":
		return "", fmt.Sprintf("%%p = hlo.compare GT, %%b, %%a, %s : (%s, %s) -> tensor<i1>\n    %%r = hlo.select %%p, %%b, %%a : tensor<i1>, %s\n    hlo.return %%r : %s",
			compareType(elem), t, t, t, t)
	case "scaled": // acc * 2 + x, a constant in the body
		return "", fmt.Sprintf("%%k = hlo.constant dense<2> : %s\n    %%m = hlo.multiply %%a, %%k : %s\n    %%r = hlo.add %%m, %%b : %s\n    hlo.return %%r : %s", t, t, t, t)
	case "captured": // acc + x * s, s from outside the body
		return "", fmt.Sprintf("%%m = hlo.multiply %%b, %%s : %s\n    %%r = hlo.add %%a, %%m : %s\n    hlo.return %%r : %s", t, t, t)
	}
	return k, fmt.Sprintf("%%r = hlo.%s %%a, %%b : %s\n    hlo.return %%r : %s", k, t, t)
}

// reduce draws a random hlo.reduce program.
func (g *reduceGen) reduce() reduceCase {
	e := reduceElems[g.r.IntN(len(reduceElems))]
	shape := g.shape(0, 4)
	dynamic := make([]bool, len(shape))
	for d := range dynamic {
		dynamic[d] = g.r.IntN(3) == 0
	}
	var dims []int64
	for d := range shape {
		if g.r.IntN(2) == 0 {
			dims = append(dims, int64(d))
		}
	}
	g.r.Shuffle(len(dims), func(i, j int) { dims[i], dims[j] = dims[j], dims[i] })
	dimList := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(dims)), ", "), "[]")
	out := hlo.ReducedShape(shape, dims)
	var outDyn []bool
	for d := range shape {
		if !slices.Contains(dims, int64(d)) {
			outDyn = append(outDyn, dynamic[d])
		}
	}
	xt, st := typeString(shape, dynamic, e.name), "tensor<"+e.name+">"
	rt := typeString(out, outDyn, e.name)
	c := reduceCase{args: []*interp.Tensor{g.tensor(e.t, shape), g.tensor(e.t, nil), g.tensor(e.t, nil)}}
	var b strings.Builder
	init := "%c"
	fmt.Fprintf(&b, "func.func @f(%%x: %s, %%c: %s, %%s: %s", xt, st, st)
	argmax := ir.IsFloat(e.t) && g.r.IntN(5) == 0
	pair := !argmax && g.r.IntN(6) == 0
	if argmax || pair {
		it := typeString(shape, dynamic, "i32")
		fmt.Fprintf(&b, ", %%i: %s) -> (%s, %s) {\n", it, rt, typeString(out, outDyn, "i32"))
		idx := make([]float64, 0)
		n := 1
		for _, s := range shape {
			n *= int(s)
		}
		for i := range n {
			idx = append(idx, float64(i%5))
		}
		c.args = append(c.args, g.make(ir.I32, shape, idx))
	} else {
		fmt.Fprintf(&b, ") -> %s {\n", rt)
	}
	if g.r.IntN(2) == 0 {
		init = "%k0"
		fmt.Fprintf(&b, "  %%k0 = hlo.constant %s\n", g.tensor(e.t, nil))
	}
	switch {
	case argmax:
		fmt.Fprintf(&b, "  %%ci = hlo.constant dense<0> : tensor<i32>\n")
		fmt.Fprintf(&b, "  %%r:2 = hlo.reduce(%%x init: %s), (%%i init: %%ci) across dimensions = [%s] : (%s, %s, %s, tensor<i32>) -> (%s, %s)\n", init, dimList, xt, typeString(shape, dynamic, "i32"), st, rt, typeString(out, outDyn, "i32"))
		fmt.Fprintf(&b, `   reducer(%%a: %[1]s, %%b: %[1]s) (%%ia: tensor<i32>, %%ib: tensor<i32>) {
    %%0 = hlo.compare GT, %%a, %%b, FLOAT : (%[1]s, %[1]s) -> tensor<i1>
    %%1 = hlo.compare NE, %%a, %%a, FLOAT : (%[1]s, %[1]s) -> tensor<i1>
    %%2 = hlo.or %%0, %%1 : tensor<i1>
    %%3 = hlo.compare EQ, %%a, %%b, FLOAT : (%[1]s, %[1]s) -> tensor<i1>
    %%4 = hlo.compare LT, %%ia, %%ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %%5 = hlo.and %%3, %%4 : tensor<i1>
    %%6 = hlo.or %%2, %%5 : tensor<i1>
    %%7 = hlo.select %%2, %%a, %%b : tensor<i1>, %[1]s
    %%8 = hlo.select %%6, %%ia, %%ib : tensor<i1>, tensor<i32>
    hlo.return %%7, %%8 : %[1]s, tensor<i32>
  }
  return %%r#0, %%r#1 : %[2]s, %[3]s
}`, st, rt, typeString(out, outDyn, "i32"))
	case pair:
		_, region := g.reducerBody(e.t, st)
		fmt.Fprintf(&b, "  %%ci = hlo.constant dense<-7> : tensor<i32>\n")
		fmt.Fprintf(&b, "  %%r:2 = hlo.reduce(%%x init: %s), (%%i init: %%ci) across dimensions = [%s] : (%s, %s, %s, tensor<i32>) -> (%s, %s)\n", init, dimList, xt, typeString(shape, dynamic, "i32"), st, rt, typeString(out, outDyn, "i32"))
		fmt.Fprintf(&b, "   reducer(%%a: %s, %%b: %s) (%%ia: tensor<i32>, %%ib: tensor<i32>) {\n    %%j = hlo.maximum %%ia, %%ib : tensor<i32>\n    %s, %%j : %s, tensor<i32>\n  }\n",
			st, st, strings.Replace(region, "hlo.return %r : "+st, "hlo.return %r", 1), st)
		fmt.Fprintf(&b, "  return %%r#0, %%r#1 : %s, %s\n}", rt, typeString(out, outDyn, "i32"))
	default:
		short, region := g.reducerBody(e.t, st)
		if short != "" && g.r.IntN(2) == 0 {
			fmt.Fprintf(&b, "  %%r = hlo.reduce(%%x init: %s) applies hlo.%s across dimensions = [%s] : (%s, %s) -> %s\n", init, short, dimList, xt, st, rt)
		} else {
			fmt.Fprintf(&b, "  %%r = hlo.reduce(%%x init: %s) across dimensions = [%s] : (%s, %s) -> %s\n   reducer(%%a: %s, %%b: %s) {\n    %s\n  }\n",
				init, dimList, xt, st, rt, st, st, region)
		}
		fmt.Fprintf(&b, "  return %%r : %s\n}", rt)
	}
	c.src = b.String()
	return c
}

// neutral returns an init value of elem for body op under which the
// padding of a window is no change (see paddingNeutral), as text.
func neutral(op string, elem ir.Type) string {
	v := "3"
	switch op {
	case "add", "xor":
		v = "0"
	case "multiply":
		v = "1"
	case "maximum":
		if ir.IsFloat(elem) {
			return "0xFF800000"
		}
	}
	if ir.IsFloat(elem) {
		v += ".0"
	}
	return v
}

// reduceWindow draws a random hlo.reduce_window program: JAX's cumulative
// reductions (window n along one dim, padding n-1 before or after) or
// windows with random sizes, strides, dilations and padding.
func (g *reduceGen) reduceWindow() reduceCase {
	e := reduceElems[g.r.IntN(4)] // no i1
	if e.name == "f16" {
		e = reduceElems[0]
	}
	shape := g.shape(1, 3)
	rank := len(shape)
	w := hlo.Window{Dimensions: make([]int64, rank), Strides: make([]int64, rank), BaseDilations: make([]int64, rank),
		WindowDilations: make([]int64, rank), Padding: make([][2]int64, rank)}
	for d := range rank {
		w.Dimensions[d], w.Strides[d], w.BaseDilations[d], w.WindowDilations[d] = 1, 1, 1, 1
	}
	cumulative := g.r.IntN(2) == 0
	if cumulative {
		a := g.r.IntN(rank)
		w.Dimensions[a] = max(shape[a], 1)
		if g.r.IntN(3) == 0 {
			w.Padding[a][1] = w.Dimensions[a] - 1 // reverse=True
		} else {
			w.Padding[a][0] = w.Dimensions[a] - 1
		}
	} else {
		for d := range rank {
			if g.r.IntN(3) == 0 {
				continue
			}
			w.Dimensions[d] = 1 + g.r.Int64N(3)
			w.Strides[d] = 1 + g.r.Int64N(2)
			w.BaseDilations[d] = 1 + g.r.Int64N(2)
			w.WindowDilations[d] = 1 + g.r.Int64N(2)
			w.Padding[d] = [2]int64{g.r.Int64N(4) - 1, g.r.Int64N(4) - 1}
		}
	}
	dynamic := make([]bool, rank)
	padded := false
	for d := range rank {
		trivial := w.Dimensions[d] == 1 && w.Strides[d] == 1 && w.BaseDilations[d] == 1 && w.Padding[d] == [2]int64{}
		dynamic[d] = trivial && g.r.IntN(2) == 0
		padded = padded || w.Padding[d][0] > 0 || w.Padding[d][1] > 0 || w.BaseDilations[d] > 1
	}
	st := "tensor<" + e.name + ">"
	short, region := g.reducerBody(e.t, st)
	init := "%c"
	var pre string
	if padded {
		// Padding is lowered for neutral inits of one-op bodies only.
		if short == "" {
			short = "add"
		}
		region = fmt.Sprintf("%%r = hlo.%s %%a, %%b : %s\n    hlo.return %%r : %s", short, st, st)
		if !slices.Contains([]string{"maximum", "minimum", "and", "or"}, short) || g.r.IntN(2) == 0 {
			pre = fmt.Sprintf("  %%k0 = hlo.constant dense<%s> : %s\n", neutral(short, e.t), st)
			init = "%k0"
		}
	}
	out := w.ResultShape(shape)
	xt, rt := typeString(shape, dynamic, e.name), typeString(out, dynamic, e.name)
	list := func(vs []int64) string {
		return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(vs)), ", "), "[]")
	}
	var pads []string
	for _, p := range w.Padding {
		pads = append(pads, fmt.Sprintf("[%d, %d]", p[0], p[1]))
	}
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%c: %s, %%s: %s) -> %s {
%s  %%r = "hlo.reduce_window"(%%x, %s) <{window_dimensions = array<i64: %s>, window_strides = array<i64: %s>, base_dilations = array<i64: %s>, window_dilations = array<i64: %s>, padding = dense<[%s]> : tensor<%dx2xi64>}> ({
  ^bb0(%%a: %s, %%b: %s):
    %s
  }) : (%s, %s) -> %s
  return %%r : %s
}`, xt, st, st, rt, pre, init, list(w.Dimensions), list(w.Strides), list(w.BaseDilations), list(w.WindowDilations),
		strings.Join(pads, ", "), rank, st, st, region, xt, st, rt, rt)
	return reduceCase{src: src, args: []*interp.Tensor{g.tensor(e.t, shape), g.tensor(e.t, nil), g.tensor(e.t, nil)}}
}

// runLowered runs c's program in the interpreter as it is and after
// hlo-legalize-to-linalg (verified after the pass, printed and parsed
// again), and fails on any difference.
func runLowered(t *testing.T, i int, c reduceCase) {
	t.Helper()
	m, err := ir.Parse("case.mlir", []byte(c.src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("case %d: %v\n%s", i, err, c.src)
	}
	want, err := interp.Run(m, "f", c.args)
	if err != nil {
		t.Fatalf("case %d: hlo: %v\n%s", i, err, c.src)
	}
	e, err := ir.NewPassEntry("hlo-legalize-to-linalg", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := (&ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}).Run(m); err != nil {
		t.Fatalf("case %d: %v\n%s", i, err, c.src)
	}
	lowered := ir.PrintString(m, ir.PrintOptions{})
	// Only a dynamic broadcast with could-be-1 dims may stay, for
	// linalg-version-broadcasts.
	if strings.Contains(strings.ReplaceAll(lowered, "hlo.dynamic_broadcast_in_dim", ""), "hlo.") {
		t.Fatalf("case %d: hlo ops left:\n%s", i, lowered)
	}
	again, err := ir.Parse("lowered.mlir", []byte(lowered), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("case %d: the lowered program does not parse: %v\n%s", i, err, lowered)
	}
	for _, mod := range []*ir.Operation{m, again} {
		got, err := interp.Run(mod, "f", c.args)
		if err != nil {
			t.Fatalf("case %d: linalg: %v\n%s\n%s", i, err, c.src, lowered)
		}
		for k := range want {
			if !want[k].Equal(got[k]) {
				t.Fatalf("case %d: result #%d: hlo gives %s, linalg gives %s\n%s\n%s", i, k, want[k], got[k], c.src, lowered)
			}
		}
	}
}

// TestReduceLoweringMatchesInterpreter runs random hlo.reduce programs
// before and after lowering.
func TestReduceLoweringMatchesInterpreter(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(14, 2))}
	n := 600
	if testing.Short() {
		n = 100
	}
	for i := range n {
		runLowered(t, i, g.reduce())
	}
}

// TestReduceWindowLoweringMatchesInterpreter runs random
// hlo.reduce_window programs before and after lowering.
func TestReduceWindowLoweringMatchesInterpreter(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(14, 3))}
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := range n {
		runLowered(t, i, g.reduceWindow())
	}
}

// TestReduceOfBroadcastMatchesInterpreter: reduces whose input is a
// broadcast, read through its map (a kept dim), materialized (a reduced
// dim it stretches), or, with could-be-1 dims, read as it is, whether the
// dim is 1 at run time or not.
func TestReduceOfBroadcastMatchesInterpreter(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(14, 4))}
	static := `func.func @f(%x: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<f32>) {
  %c = hlo.constant dense<0.5> : tensor<f32>
  %b = hlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %0 = hlo.reduce(%b init: %c) applies hlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = hlo.reduce(%b init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = hlo.reduce(%b init: %c) applies hlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<8xf32>, tensor<4xf32>, tensor<f32>
}`
	runLowered(t, 0, reduceCase{src: static, args: []*interp.Tensor{g.tensor(ir.F32T, []int64{4})}})
	couldBe1 := `func.func @f(%x: tensor<?x?xf32>, %s: tensor<2xindex>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = hlo.reduce(%b init: %c) applies hlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = hlo.reduce(%b init: %c) applies hlo.add across dimensions = [0] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}`
	for i, shape := range [][]int64{{3, 5}, {1, 5}, {3, 1}, {1, 1}} {
		s, err := interp.NewInts(ir.Index, []int64{2}, []int64{3, 5})
		if err != nil {
			t.Fatal(err)
		}
		runLowered(t, i+1, reduceCase{src: couldBe1, args: []*interp.Tensor{g.tensor(ir.F32T, shape), s}})
	}
}
