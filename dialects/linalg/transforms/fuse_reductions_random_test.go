package transforms_test

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestFuseReductionsRandomPrograms is TestFuseElementwiseRandomPrograms
// for programs with reductions, written in linalg directly (so that they
// do not wait for test/randprog's hlo programs to have reductions, and
// reach forms the lowering may not write): random chains of elementwise
// generics (cheap and expensive bodies, broadcasting maps, unit dims),
// reductions over random dims (sum and max into a tensor filled by
// linalg.fill or a generic, results at their reduced rank, as keepdims
// Nx1 written through a map with a 0, or expanded back by
// tensor.expand_shape) and softmaxes, with static, dynamic and size-1
// dims. For each program, fusion is a fixed point,
// linalg-fold-unit-extent-dims before or after it (then canonicalize and
// cse) gives the same IR, and the interpreter gives the same bits before
// and after (neither pass changes the order of a reduction or any
// element's arithmetic). BCAST_RANDPROG_SEED and BCAST_RANDPROG_N
// (default 1 and 300) choose the seeds.
func TestFuseReductionsRandomPrograms(t *testing.T) {
	first, n := envInt64(t, "BCAST_RANDPROG_SEED", 1), envInt64(t, "BCAST_RANDPROG_N", 300)
	var stats struct{ programs, intoReductions, recomputed int }
	for seed := first; seed < first+n; seed++ {
		p := genReductionProgram(seed)
		src := p.text
		in := parseModule(t, fmt.Sprintf("seed%d.mlir", seed), src, false)
		if err := ir.Verify(in); err != nil {
			t.Fatalf("seed %d: generated program does not verify: %v\n%s", seed, err, src)
		}
		fused := bcastOpt(t, src, "--linalg-fuse-elementwise-ops")
		if again := bcastOpt(t, fused, "--linalg-fuse-elementwise-ops"); again != fused {
			t.Errorf("seed %d: fusion is not a fixed point:\n%s\n---\n%s", seed, fused, again)
		}
		foldFirst := bcastOpt(t, src, "--linalg-fold-unit-extent-dims", "--linalg-fuse-elementwise-ops", "--canonicalize", "--cse")
		fuseFirst := bcastOpt(t, src, "--linalg-fuse-elementwise-ops", "--linalg-fold-unit-extent-dims", "--canonicalize", "--cse")
		if foldFirst != fuseFirst {
			t.Errorf("seed %d: fold;fuse and fuse;fold differ\n--- input:\n%s\n--- fold first:\n%s\n--- fuse first:\n%s", seed, src, foldFirst, fuseFirst)
		}
		want, err := interp.Run(in, "main", p.args)
		if err != nil {
			t.Fatalf("seed %d: interpreting the input: %v\n%s", seed, err, src)
		}
		for _, out := range []struct{ name, text string }{{"fused", fused}, {"fold first", foldFirst}} {
			m := parseModule(t, out.name, out.text, false)
			got, err := interp.Run(m, "main", p.args)
			if err != nil {
				t.Errorf("seed %d: interpreting the %s program: %v\n%s", seed, out.name, err, out.text)
				continue
			}
			for i := range want {
				if !got[i].Equal(want[i]) {
					t.Errorf("seed %d: result %d of the %s program differs:\n got  %v\n want %v\n--- input:\n%s\n--- %s:\n%s", seed, i, out.name, got[i], want[i], src, out.name, out.text)
				}
			}
		}
		stats.programs++
		before, after := reductionStats(in), reductionStats(parseModule(t, "fused", fused, false))
		if after.bodyOps > before.bodyOps {
			stats.intoReductions++
		}
		if after.expensive > before.expensive {
			stats.recomputed++
		}
	}
	if n >= 300 && (int64(stats.intoReductions) < n/6 || int64(stats.recomputed) < n/30) {
		t.Errorf("only %d of %d programs fused into a reduction and %d recomputed an expensive producer: the test checks too little", stats.intoReductions, stats.programs, stats.recomputed)
	}
	t.Logf("%d programs, %d fused producers into reductions, %d recomputed an expensive producer", stats.programs, stats.intoReductions, stats.recomputed)
}

// reductionCounts counts, in a module, the ops in the bodies of
// reduction generics and the expensive ops (math.exp, arith.divf) in all
// generic bodies.
type reductionCounts struct{ bodyOps, expensive int }

func reductionStats(m *ir.Operation) reductionCounts {
	var c reductionCounts
	m.Walk(func(o *ir.Operation) bool {
		if o.Name() != "linalg.generic" {
			return true
		}
		red := slices.Contains(linalg.IteratorTypes(o), linalg.Reduction)
		for b := linalg.Body(o).First(); b != nil; b = b.Next() {
			if red {
				c.bodyOps++
			}
			if b.Name() == "math.exp" || b.Name() == "arith.divf" {
				c.expensive++
			}
		}
		return true
	})
	return c
}

// reductionProgram is a generated function @main with the arguments to
// run it on.
type reductionProgram struct {
	text string
	args []*interp.Tensor
}

// rpDim is one dim of a generated value: position pos of the program's
// iteration space, with that position's size, or a static 1 there (unit).
type rpDim struct {
	pos  int
	unit bool
}

// rpValue is a value of a generated program: its SSA name and its dims,
// in increasing position (fewer than the space's rank once reduced).
type rpValue struct {
	name string
	dims []rpDim
}

// rpGen generates one program over an iteration space whose position p
// has a run-time size size[p], spelled `?` in the types where dyn[p].
// Maps follow hlo-legalize-to-linalg's rule for broadcasts: a loop reads
// a dim of the operand's; a static 1 read by a loop whose extent is not a
// static 1 is read at index 0 (it stretches).
type rpGen struct {
	r    *rand.Rand
	size []int64
	dyn  []bool
	body strings.Builder
	vals []rpValue
	n    int
}

// genReductionProgram generates the program of one seed.
func genReductionProgram(seed int64) reductionProgram {
	g := &rpGen{r: rand.New(rand.NewSource(seed))}
	rank := 2 + g.r.Intn(2)
	for range rank {
		g.size = append(g.size, []int64{1, 1, 2, 3, 4}[g.r.Intn(5)])
		g.dyn = append(g.dyn, g.r.Intn(3) == 0)
	}
	// Arguments: one over the whole space (its dims give the dynamic
	// sizes), and up to two others with fewer dims or unit dims.
	all := make([]rpDim, rank)
	for p := range all {
		all[p] = rpDim{pos: p}
	}
	argDims := [][]rpDim{all}
	for range g.r.Intn(3) {
		var dims []rpDim
		for p := range rank {
			switch g.r.Intn(4) {
			case 0:
			case 1:
				dims = append(dims, rpDim{pos: p, unit: true})
			default:
				dims = append(dims, rpDim{pos: p})
			}
		}
		argDims = append(argDims, dims)
	}
	var params []string
	var args []*interp.Tensor
	for i, dims := range argDims {
		v := rpValue{name: fmt.Sprintf("%%a%d", i), dims: dims}
		g.vals = append(g.vals, v)
		params = append(params, v.name+": "+g.typ(dims))
		shape := g.shape(dims)
		n := 1
		for _, s := range shape {
			n *= int(s)
		}
		data := make([]float64, n)
		for j := range data {
			data[j] = float64(float32(g.r.Float64()*4 - 2))
		}
		t, err := interp.NewFloats(ir.F32T, shape, data)
		if err != nil {
			panic(err)
		}
		args = append(args, t)
	}
	for p := range rank {
		if g.dyn[p] {
			fmt.Fprintf(&g.body, "  %%c%d = arith.constant %d : index\n", p, p)
			fmt.Fprintf(&g.body, "  %%sz%d = tensor.dim %%a0, %%c%d : %s\n", p, p, g.typ(all))
		}
	}
	for range 3 + g.r.Intn(5) {
		switch k := g.r.Intn(10); {
		case k < 3:
			g.reduction()
		case k < 4:
			g.softmax()
		default:
			g.elementwise()
		}
	}
	// The last value and, sometimes, an earlier one (another use).
	rets := []rpValue{g.vals[len(g.vals)-1]}
	if g.r.Intn(3) == 0 && len(g.vals) > len(argDims)+1 {
		rets = append(rets, g.vals[len(argDims)+g.r.Intn(len(g.vals)-len(argDims)-1)])
	}
	var names, types []string
	for _, v := range rets {
		names, types = append(names, v.name), append(types, g.typ(v.dims))
	}
	text := fmt.Sprintf("func.func @main(%s) -> (%s) {\n%s  return %s : %s\n}\n",
		strings.Join(params, ", "), strings.Join(types, ", "), g.body.String(), strings.Join(names, ", "), strings.Join(types, ", "))
	return reductionProgram{text: text, args: args}
}

func (g *rpGen) shape(dims []rpDim) []int64 {
	s := make([]int64, len(dims))
	for i, d := range dims {
		s[i] = 1
		if !d.unit {
			s[i] = g.size[d.pos]
		}
	}
	return s
}

// static1 reports whether dim d is a static 1 in the types.
func (g *rpGen) static1(d rpDim) bool {
	return d.unit || g.size[d.pos] == 1 && !g.dyn[d.pos]
}

func (g *rpGen) typ(dims []rpDim) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range dims {
		if !d.unit && g.dyn[d.pos] {
			sb.WriteString("?x")
		} else {
			fmt.Fprintf(&sb, "%dx", g.shape([]rpDim{d})[0])
		}
	}
	sb.WriteString("f32>")
	return sb.String()
}

// dynSizes returns the size operands of a tensor.empty or expand_shape of
// a value with dims.
func (g *rpGen) dynSizes(dims []rpDim) []string {
	var sizes []string
	for _, d := range dims {
		if !d.unit && g.dyn[d.pos] {
			sizes = append(sizes, fmt.Sprintf("%%sz%d", d.pos))
		}
	}
	return sizes
}

// empty writes a tensor.empty of the type of a value with dims.
func (g *rpGen) empty(dims []rpDim) string {
	name := g.fresh()
	fmt.Fprintf(&g.body, "  %s = tensor.empty(%s) : %s\n", name, strings.Join(g.dynSizes(dims), ", "), g.typ(dims))
	return name
}

func (g *rpGen) fresh() string {
	g.n++
	return fmt.Sprintf("%%v%d", g.n)
}

// pick returns a random value, recent ones more often.
func (g *rpGen) pick() rpValue {
	n := len(g.vals)
	i := n - 1 - g.r.Intn(min(n, 3))
	if g.r.Intn(4) == 0 {
		i = g.r.Intn(n)
	}
	return g.vals[i]
}

// readMap returns the map through which a loop nest whose loop l is the
// dim loops[l] reads a value with dims (every position of dims is one of
// the loops'): a loop's index, or 0 for a static 1 read by a loop whose
// extent is not a static 1.
func (g *rpGen) readMap(loops, dims []rpDim) string {
	var ds, res []string
	for l := range loops {
		ds = append(ds, fmt.Sprintf("d%d", l))
	}
	for _, d := range dims {
		l := slices.IndexFunc(loops, func(x rpDim) bool { return x.pos == d.pos })
		if g.static1(d) && !g.static1(loops[l]) {
			res = append(res, "0")
		} else {
			res = append(res, fmt.Sprintf("d%d", l))
		}
	}
	return fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(ds, ", "), strings.Join(res, ", "))
}

// identityMap returns the identity map of n dims.
func identityMap(n int) string {
	ds := make([]string, n)
	for i := range ds {
		ds[i] = fmt.Sprintf("d%d", i)
	}
	return fmt.Sprintf("affine_map<(%[1]s) -> (%[1]s)>", strings.Join(ds, ", "))
}

func iterators(kinds []string) string {
	q := make([]string, len(kinds))
	for i, k := range kinds {
		q[i] = `"` + k + `"`
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// elementwise writes a generic of one or two random operands whose result
// has their positions, sometimes more (the operands are then broadcast):
// a position is a unit dim only where every operand has a unit dim or
// none.
func (g *rpGen) elementwise() {
	operands := []rpValue{g.pick()}
	bin := ""
	if g.r.Intn(2) == 0 {
		operands = append(operands, g.pick())
		bin = []string{"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.divf"}[g.r.Intn(5)]
	}
	un := []string{"math.exp", "math.exp", "arith.negf", "math.absf"}[g.r.Intn(4)]
	g.elementwiseOf(operands, bin, un, true)
}

// elementwiseOf writes the generic computing un(bin(operands)) (un
// alone for one operand; bin alone without un), over the operands'
// positions and, with extra, sometimes more.
func (g *rpGen) elementwiseOf(operands []rpValue, bin, un string, extra bool) (rpValue, bool) {
	var dims []rpDim
	for p := range g.size {
		has, full := false, false
		for _, o := range operands {
			if i := slices.IndexFunc(o.dims, func(d rpDim) bool { return d.pos == p }); i >= 0 {
				has, full = true, full || !o.dims[i].unit
			}
		}
		switch {
		case full:
			dims = append(dims, rpDim{pos: p})
		case has:
			dims = append(dims, rpDim{pos: p, unit: !extra || g.r.Intn(3) > 0})
		case extra && g.r.Intn(4) == 0:
			dims = append(dims, rpDim{pos: p, unit: g.r.Intn(3) == 0})
		}
	}
	if len(dims) == 0 {
		return rpValue{}, false // a scalar: nothing to loop over
	}
	var maps, ins, types, args []string
	for i, o := range operands {
		maps = append(maps, g.readMap(dims, o.dims))
		ins, types = append(ins, o.name), append(types, g.typ(o.dims))
		args = append(args, fmt.Sprintf("%%in%d: f32", i))
	}
	maps = append(maps, identityMap(len(dims)))
	kinds := make([]string, len(dims))
	for l := range kinds {
		kinds[l] = "parallel"
	}
	init := g.empty(dims)
	res := g.fresh()
	fmt.Fprintf(&g.body, "  %s = linalg.generic {indexing_maps = [%s], iterator_types = %s} ins(%s : %s) outs(%s : %s) {\n  ^bb0(%s, %%out: f32):\n",
		res, strings.Join(maps, ", "), iterators(kinds), strings.Join(ins, ", "), strings.Join(types, ", "), init, g.typ(dims), strings.Join(args, ", "))
	x := "%in0"
	if bin != "" {
		fmt.Fprintf(&g.body, "    %%b = %s %%in0, %%in1 : f32\n", bin)
		x = "%b"
	}
	if un != "" {
		fmt.Fprintf(&g.body, "    %%u = %s %s : f32\n", un, x)
		x = "%u"
	}
	fmt.Fprintf(&g.body, "    linalg.yield %s : f32\n  } -> %s\n", x, g.typ(dims))
	v := rpValue{name: res, dims: dims}
	g.vals = append(g.vals, v)
	return v, true
}

// reduction writes a sum or max of a random value over some of its dims
// (unit dims included).
func (g *rpGen) reduction() {
	v := g.pick()
	if len(v.dims) == 0 {
		return
	}
	g.reductionOf(v, g.reducedDims(v), g.r.Intn(3), g.r.Intn(2) == 0)
}

// reducedDims returns a random nonempty choice of v's dims to reduce.
func (g *rpGen) reducedDims(v rpValue) []bool {
	reduced := make([]bool, len(v.dims))
	for l := range reduced {
		reduced[l] = g.r.Intn(2) == 0
	}
	if !slices.Contains(reduced, true) {
		reduced[g.r.Intn(len(reduced))] = true
	}
	return reduced
}

// softmax writes softmax over some dims of a random value v:
// e = exp(v - max(v)), e / sum(e), the reductions' results in one of the
// keepdims forms and read back through broadcasting maps.
func (g *rpGen) softmax() {
	v := g.pick()
	if len(v.dims) == 0 {
		return
	}
	reduced, mode := g.reducedDims(v), g.r.Intn(3)
	m := g.reductionOf(v, reduced, mode, false)
	e, ok := g.elementwiseOf([]rpValue{v, m}, "arith.subf", "math.exp", false)
	if !ok {
		return
	}
	s := g.reductionOf(e, reduced, mode, true)
	g.elementwiseOf([]rpValue{e, s}, "arith.divf", "", false)
}

// reductionOf writes the sum (or max) of v over the dims reduced marks,
// into a tensor filled with the combiner's identity (by linalg.fill or a
// generic), with the result at
// its reduced rank (mode 0), as keepdims (a unit dim written at index 0,
// mode 1), or at its reduced rank and expanded back to keepdims (mode 2).
func (g *rpGen) reductionOf(v rpValue, reduced []bool, mode int, sum bool) rpValue {
	if !slices.Contains(reduced, false) && mode == 2 {
		mode = 0
	}
	// Loop l reads dim l of v.
	var outDims, keepDims []rpDim
	var loops, outExprs []string
	kinds := make([]string, len(v.dims))
	for l, d := range v.dims {
		loops = append(loops, fmt.Sprintf("d%d", l))
		kinds[l] = "parallel"
		if reduced[l] {
			kinds[l] = "reduction"
			keepDims = append(keepDims, rpDim{pos: d.pos, unit: true})
			if mode == 1 {
				outDims, outExprs = append(outDims, rpDim{pos: d.pos, unit: true}), append(outExprs, "0")
			}
			continue
		}
		keepDims = append(keepDims, d)
		outDims, outExprs = append(outDims, d), append(outExprs, fmt.Sprintf("d%d", l))
	}
	outMap := fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(loops, ", "), strings.Join(outExprs, ", "))
	cst, comb := "0.000000e+00", "arith.addf"
	if !sum {
		cst, comb = "0xFF800000", "arith.maximumf"
	}
	e := g.empty(outDims)
	init := g.fresh()
	if g.r.Intn(2) == 0 {
		c := g.fresh()
		fmt.Fprintf(&g.body, "  %s = arith.constant %s : f32\n  %s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s\n",
			c, cst, init, c, e, g.typ(outDims), g.typ(outDims))
	} else {
		kindsOut := make([]string, len(outDims))
		for i := range kindsOut {
			kindsOut[i] = "parallel"
		}
		fmt.Fprintf(&g.body, "  %s = linalg.generic {indexing_maps = [%s], iterator_types = %s} outs(%s : %s) {\n  ^bb0(%%out: f32):\n    %%c = arith.constant %s : f32\n    linalg.yield %%c : f32\n  } -> %s\n",
			init, identityMap(len(outDims)), iterators(kindsOut), e, g.typ(outDims), cst, g.typ(outDims))
	}
	res := g.fresh()
	fmt.Fprintf(&g.body, "  %s = linalg.generic {indexing_maps = [%s, %s], iterator_types = %s} ins(%s : %s) outs(%s : %s) {\n  ^bb0(%%in: f32, %%acc: f32):\n    %%r = %s %%in, %%acc : f32\n    linalg.yield %%r : f32\n  } -> %s\n",
		res, identityMap(len(v.dims)), outMap, iterators(kinds), v.name, g.typ(v.dims), init, g.typ(outDims), comb, g.typ(outDims))
	out := rpValue{name: res, dims: outDims}
	if mode == 2 {
		out = g.expand(out, keepDims, reduced)
	}
	g.vals = append(g.vals, out)
	return out
}

// expand writes the tensor.expand_shape of the reduced-rank result r of a
// reduction to keepdims (dims: a unit dim where reduced says a dim was
// reduced): a unit dim joins the group of the next kept dim, trailing
// ones the last group.
func (g *rpGen) expand(r rpValue, dims []rpDim, reduced []bool) rpValue {
	var groups [][]string
	var cur []string
	for l := range dims {
		cur = append(cur, fmt.Sprint(l))
		if !reduced[l] {
			groups, cur = append(groups, cur), nil
		}
	}
	if len(cur) > 0 {
		groups[len(groups)-1] = append(groups[len(groups)-1], cur...)
	}
	var gs, shape []string
	for _, grp := range groups {
		gs = append(gs, "["+strings.Join(grp, ", ")+"]")
	}
	for i, d := range dims {
		if !d.unit && g.dyn[d.pos] {
			shape = append(shape, fmt.Sprintf("%%sz%d", d.pos))
		} else {
			shape = append(shape, fmt.Sprint(g.shape(dims)[i]))
		}
	}
	name := g.fresh()
	fmt.Fprintf(&g.body, "  %s = tensor.expand_shape %s [%s] output_shape [%s] : %s into %s\n",
		name, r.name, strings.Join(gs, ", "), strings.Join(shape, ", "), g.typ(r.dims), g.typ(dims))
	return rpValue{name: name, dims: dims}
}
