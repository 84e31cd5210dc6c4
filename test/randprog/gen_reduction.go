package randprog

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Reduction mode (Config.Reductions, doc.go "Reductions"): programs whose
// steps are reductions (sum, max, min, prod, argmax, argmin, the value of
// an argmax or argmin) over random dims, each often broadcast back over
// the reduced dims into an elementwise op with the value it reduced (as
// JAX writes keepdims), reductions of values in which a `?` dim that is 1
// at run time was stretched by numpy's rules, softmax and layer norm
// chains, and the default mode's elementwise ops. The default mode never
// calls anything here, so its seeds keep their programs.

// ReductionConfig is the configuration of reduction mode: MaxOps is the
// number of steps, each one op or a chain of them.
var ReductionConfig = Config{MaxRank: 4, MaxSize: 5, MaxInputs: 3, MaxOps: 5, ErrorRate: 0.08, Reductions: true}

// ReductionKinds are the reductions drawn. argmax and argmin are the
// indices of jnp.argmax / jnp.argmin (an i32 result); argmax.value and
// argmin.value are the first (value) result of the same reduce.
var ReductionKinds = []string{"reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "argmax", "argmin", "argmax.value", "argmin.value"}

// reductionWeights are ReductionKinds' probabilities.
var reductionWeights = []float64{0.3, 0.18, 0.12, 0.1, 0.12, 0.08, 0.05, 0.05}

// maxProdTerms bounds the number of elements an f32 product reduces: a
// longer product of this data over- or underflows in some order of
// evaluation and not in another, and its result has no bound (bounds.go).
const maxProdTerms = 16

// Keepdims forms: how a reduced value comes back over the dims it lost.
const (
	// keepFull: broadcast_in_dim (dynamic_broadcast_in_dim with the
	// input's run-time dims, for a dynamic input) to the input's shape,
	// then an op on operands of one shape (JAX's explicit broadcast).
	keepFull = iota
	// keepDims: broadcast_in_dim to the input's shape with the reduced
	// dims 1 (keepdims=True), then an op that stretches those 1s by
	// numpy's rules.
	keepDims
	// keepBroadcastDims: the op itself broadcasts the reduced value with
	// broadcast_dimensions naming the kept dims (XLA's, CHLO's form).
	keepBroadcastDims
	numKeepForms
)

var keepFormNames = [numKeepForms]string{"broadcast_in_dim to the full shape", "keepdims shape, numpy broadcast", "broadcast_dimensions"}

// isReduction tells whether kind is one of ReductionKinds.
func isReduction(kind string) bool { return slices.Contains(ReductionKinds, kind) }

// resultIndex is which result of its hlo op a program op is: the indices
// of an argmax's reduce are its second.
func (o Op) resultIndex() int {
	if o.Kind == "argmax" || o.Kind == "argmin" {
		return 1
	}
	return 0
}

// toleranced tells whether numpy's value of o may differ from the
// interpreter's on the same operands: an approximate op (Transcendental,
// or ComplexInexact on complex operands), or a float sum or product (an
// order of summation of its own).
func (p *Program) toleranced(o Op) bool {
	return p.approximate(o) || ((o.Kind == "reduce_sum" || o.Kind == "reduce_prod" || o.Kind == "dot_general") && o.Result.Elem == "f32") ||
		(o.Kind == "dot_general" && o.Result.Elem == "f64")
}

// reductionProgram draws a reduction-mode program.
func (g *gen) reductionProgram() {
	cfg := g.cfg
	g.p.Elem = "f32"
	if g.rng.Float64() < 0.25 {
		g.p.Elem = "i32"
	}
	rank := g.rng.Intn(cfg.MaxRank + 1)
	if rank == 0 && g.rng.Float64() < 0.6 {
		rank = 1 + g.rng.Intn(cfg.MaxRank)
	}
	base := g.shape(rank)
	// An input of the whole base shape, often one with a `?` that is 1 at
	// run time where the base is larger (a could-be-1 dim that numpy's
	// rules stretch), then inputs as the default mode draws them.
	g.fullInput(base, -1)
	var wide []int
	for d, s := range base {
		if s > 1 {
			wide = append(wide, d)
		}
	}
	if len(wide) > 0 && g.rng.Float64() < 0.6 {
		g.fullInput(base, wide[g.rng.Intn(len(wide))])
	}
	for n := g.rng.Intn(cfg.MaxInputs); n > 0; n-- {
		g.input(base)
	}
	if g.rng.Float64() < cfg.ErrorRate {
		g.failing = true
		g.spoil()
	}
	steps := 1 + g.rng.Intn(cfg.MaxOps)
	for s := 0; s < steps && g.p.Broken < 0; s++ {
		switch r := g.rng.Float64(); {
		case r < 0.2:
			g.op()
		case r < 0.5:
			g.reductionStep(-1)
		case r < 0.66:
			g.stretchReduce()
		case r < 0.83 && g.p.Elem == "f32":
			g.softmax()
		case g.p.Elem == "f32":
			g.layerNorm()
		default:
			g.reductionStep(-1)
		}
	}
	if g.p.Broken < 0 && !slices.ContainsFunc(g.p.Ops, func(o Op) bool { return isReduction(o.Kind) }) {
		g.reductionStep(-1)
	}
}

// fullInput adds an argument of the base shape, each dim static or
// dynamic; dim one (if not -1) is dynamic and 1 at run time.
func (g *gen) fullInput(base []int64, one int) {
	v := Value{Elem: g.p.Elem, Static: slices.Clone(base), Shape: slices.Clone(base)}
	for d := range base {
		if d == one {
			v.Shape[d], v.Static[d] = 1, ir.Dynamic
		} else if g.rng.Float64() < 0.5 {
			v.Static[d] = ir.Dynamic
		}
	}
	g.p.Inputs = append(g.p.Inputs, Input{Value: v, Data: g.data(v.Shape)})
}

// reductionData draws f32 data for reduction mode: as the default mode's,
// but with magnitudes within 2^±24 and 1e30 instead of the largest
// finite float (a sum with it overflows in some orders of summation and
// not in others, and is left unbounded), and values near 1 for products.
func (g *gen) reductionData(shape []int64, n int) *interp.Tensor {
	vals := make([]float64, n)
	for i := range vals {
		switch r := g.rng.Float64(); {
		case r < 0.5:
			vals[i] = float64(float32(g.rng.Float64()*20 - 10))
		case r < 0.7:
			vals[i] = float64(g.rng.Intn(11) - 5)
		case r < 0.8:
			vals[i] = float64(float32((1 + (g.rng.Float64()-0.5)/4) * float64(1-2*g.rng.Intn(2))))
		case r < 0.94:
			m := float32(1 + g.rng.Float64())
			vals[i] = math.Ldexp(float64(m), g.rng.Intn(49)-24) * float64(1-2*g.rng.Intn(2))
		default:
			specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
				1e30, -1e30, math.SmallestNonzeroFloat32, -1e-40, 1e-38}
			vals[i] = specials[g.rng.Intn(len(specials))]
		}
	}
	t, err := interp.NewFloats(ir.F32T, shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// add appends o and returns its value id; -1 once the program has its
// failing op (nothing follows it), or if an operand is -1 (an op of the
// chain did not fit).
func (g *gen) add(o Op) int {
	if g.p.Broken >= 0 && g.p.Broken < len(g.p.Ops) || slices.Contains(o.Args, -1) {
		return -1
	}
	g.p.Ops = append(g.p.Ops, o)
	return len(g.p.Inputs) + len(g.p.Ops) - 1
}

// pickRanked returns the id of a value of element type elem and rank at
// least minRank (exact only, if exact), preferring the latest; -1 if
// there is none.
func (g *gen) pickRanked(elem string, exact bool, minRank int) int {
	var ids []int
	for id := 0; id < len(g.p.Inputs)+len(g.p.Ops); id++ {
		if v := g.p.value(id); v.Elem == elem && !(exact && v.Inexact) && len(v.Shape) >= minRank {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return -1
	}
	if g.rng.Float64() < 0.5 {
		return ids[len(ids)-1]
	}
	return ids[g.rng.Intn(len(ids))]
}

// drawReduction draws a reduction kind by reductionWeights.
func (g *gen) drawReduction() string {
	r := g.rng.Float64()
	for i, w := range reductionWeights {
		if r < w {
			return ReductionKinds[i]
		}
		r -= w
	}
	return ReductionKinds[0]
}

// isArg tells whether kind is one of the argmax / argmin kinds, which
// reduce one dim and take only exact operands (an index jumps when a value
// moves by an ulp).
func isArg(kind string) bool { return strings.HasPrefix(kind, "arg") }

// reduceDims draws the dims to reduce of a value of shape shape: none,
// all, the last, or a random subset (one dim for an argmax).
func (g *gen) reduceDims(shape []int64, kind string) []int64 {
	rank := len(shape)
	if isArg(kind) {
		return []int64{int64(g.rng.Intn(rank))}
	}
	dims := []int64{}
	switch r := g.rng.Float64(); {
	case r < 0.1 || rank == 0:
	case r < 0.3:
		for d := range rank {
			dims = append(dims, int64(d))
		}
	case r < 0.55:
		dims = append(dims, int64(rank-1))
	default:
		for d := range rank {
			if g.rng.Float64() < 0.5 {
				dims = append(dims, int64(d))
			}
		}
	}
	return dims
}

// terms is how many elements each result element of a reduction over
// dims of a value of shape shape folds.
func terms(shape []int64, dims []int64) int64 {
	n := int64(1)
	for _, d := range dims {
		n *= shape[d]
	}
	return n
}

// reductionStep adds a reduction of a value (of x if not -1) and, often,
// an op combining the reduced value, broadcast back, with it.
func (g *gen) reductionStep(x int) int {
	kind := g.drawReduction()
	if x < 0 {
		minRank := 0
		if isArg(kind) {
			minRank = 1
		}
		x = g.pickRanked(g.p.Elem, isArg(kind), minRank)
		if x < 0 {
			kind = "reduce_max"
			x = g.pickRanked(g.p.Elem, false, 0)
		}
	}
	v := g.p.value(x)
	if isArg(kind) && (len(v.Shape) == 0 || v.Inexact) {
		kind = "reduce_max"
	}
	dims := g.reduceDims(v.Shape, kind)
	if kind == "reduce_prod" && v.Elem == "f32" {
		for try := 0; terms(v.Shape, dims) > maxProdTerms; try++ {
			if try == 5 {
				kind = "reduce_sum"
				break
			}
			dims = g.reduceDims(v.Shape, kind)
		}
	}
	r := g.addReduce(kind, x, dims)
	rv := g.p.value(r)
	if len(v.Shape) > 0 && rv.Elem == v.Elem && g.rng.Float64() < 0.6 {
		kinds := []string{"subtract", "subtract", "add", "multiply", "maximum", "minimum"}
		if v.Elem == "f32" && kind != "reduce_sum" && kind != "reduce_prod" {
			kinds = append(kinds, "divide")
		}
		k := kinds[g.rng.Intn(len(kinds))]
		return g.combine(k, x, r, dims, g.rng.Intn(numKeepForms), g.rng.Float64() < 0.3)
	}
	return r
}

// addReduce adds the reduction kind of x over dims.
func (g *gen) addReduce(kind string, x int, dims []int64) int {
	if x < 0 {
		return -1
	}
	v := g.p.value(x)
	res := Value{Elem: v.Elem, Static: dropDims(v.Static, dims), Shape: dropDims(v.Shape, dims)}
	switch kind {
	case "argmax", "argmin":
		res.Elem = "i32"
	case "reduce_sum", "reduce_prod":
		res.Inexact = v.Elem == "f32"
	}
	if res.Elem == "f32" && v.Inexact {
		res.Inexact = true
	}
	return g.add(Op{Kind: kind, Args: []int{x}, RDims: dims, Like: -1, Result: res})
}

// dropDims is shape without dims.
func dropDims(shape []int64, dims []int64) []int64 {
	out := []int64{}
	for d, s := range shape {
		if !slices.Contains(dims, int64(d)) {
			out = append(out, s)
		}
	}
	return out
}

// keptDims are the dims of a rank-rank value not in dims.
func keptDims(rank int, dims []int64) []int64 {
	out := []int64{}
	for d := range rank {
		if !slices.Contains(dims, int64(d)) {
			out = append(out, int64(d))
		}
	}
	return out
}

// combine adds `x kind back(r)` (`back(r) kind x` if rFirst), r being a
// reduction of x over dims, brought back over the reduced dims in keepdims
// form form; it returns the op's id, or -1 if the op does not fit.
func (g *gen) combine(kind string, x, r int, dims []int64, form int, rFirst bool) int {
	if x < 0 || r < 0 {
		return -1
	}
	xv := g.p.value(x)
	o := Op{Kind: kind, Like: -1}
	y := r
	switch form {
	case keepFull, keepDims:
		if y = g.broadcastBack(r, x, dims, form == keepFull); y < 0 {
			return -1
		}
		if form == keepFull && g.rng.Float64() < 0.5 {
			o.Policy = broadcast.None
		}
	case keepBroadcastDims:
		if len(dims) > 0 {
			o.Dims = keptDims(len(xv.Shape), dims)
		}
	}
	o.Args = []int{x, y}
	if rFirst {
		o.Args = []int{y, x}
	}
	return g.addOp(o)
}

// broadcastBack adds the broadcast_in_dim of r, the reduction of x over
// dims, to x's shape (full) or x's shape with the reduced dims 1.
func (g *gen) broadcastBack(r, x int, dims []int64, full bool) int {
	xv, rv := g.p.value(x), g.p.value(r)
	res := Value{Elem: rv.Elem, Static: slices.Clone(xv.Static), Shape: slices.Clone(xv.Shape), Inexact: rv.Inexact}
	like := -1
	for d := range res.Static {
		if !full && slices.Contains(dims, int64(d)) {
			res.Static[d], res.Shape[d] = 1, 1
		}
		if res.Static[d] == ir.Dynamic {
			like = x
		}
	}
	return g.add(Op{Kind: "broadcast_in_dim", Args: []int{r}, Dims: keptDims(len(xv.Shape), dims), Like: like, Result: res})
}

// addOp adds the elementwise op o (its result inferred by accept) and
// returns its id, or -1 if its operands do not broadcast.
func (g *gen) addOp(o Op) int {
	o.Like = -1
	if g.p.Broken >= 0 || slices.Contains(o.Args, -1) || !g.accept(&o) {
		return -1
	}
	o.Result.Inexact = g.inexact(o)
	return g.add(o)
}

// binary adds `a kind b` under numpy's rules (-1 if it does not fit).
func (g *gen) binary(kind string, a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return g.addOp(Op{Kind: kind, Args: []int{a, b}})
}

// unary adds `kind x`.
func (g *gen) unary(kind string, x int) int {
	if x < 0 {
		return -1
	}
	v := g.p.value(x)
	v.Inexact = v.Inexact || Transcendental[kind]
	return g.add(Op{Kind: kind, Args: []int{x}, Like: -1, Result: v})
}

// constant adds a rank-0 f32 constant.
func (g *gen) constant(c float64) int {
	return g.add(Op{Kind: "constant", Like: -1, Const: c, Result: Value{Elem: "f32", Static: []int64{}, Shape: []int64{}}})
}

// count adds the number of elements of x over dims, as f32 (a constant,
// or get_dimension_size of the dynamic dims, multiplied and converted).
func (g *gen) count(x int, dims []int64) int {
	if x < 0 {
		return -1
	}
	return g.add(Op{Kind: "count", Args: []int{x}, RDims: dims, Like: -1, Result: Value{Elem: "f32", Static: []int64{}, Shape: []int64{}}})
}

// normDims draws the dims a softmax or layer norm normalizes over: the
// last one mostly, else trailing dims or any nonempty subset.
func (g *gen) normDims(rank int) []int64 {
	switch r := g.rng.Float64(); {
	case r < 0.55:
		return []int64{int64(rank - 1)}
	case r < 0.8:
		k := 1 + g.rng.Intn(rank)
		var out []int64
		for d := rank - k; d < rank; d++ {
			out = append(out, int64(d))
		}
		return out
	}
	var out []int64
	for d := range rank {
		if g.rng.Float64() < 0.5 {
			out = append(out, int64(d))
		}
	}
	if len(out) == 0 {
		out = append(out, int64(g.rng.Intn(rank)))
	}
	return out
}

// softmax adds jax.nn.softmax of an f32 value over some dims:
// e = exp(x - max(x)); e / sum(e), the reduced values brought back in one
// keepdims form; or log_softmax, (x - max(x)) - log(sum(e)).
func (g *gen) softmax() {
	x := g.pickRanked("f32", false, 1)
	if x < 0 {
		g.reductionStep(-1)
		return
	}
	dims := g.normDims(len(g.p.value(x).Shape))
	form := g.rng.Intn(numKeepForms)
	m := g.addReduce("reduce_max", x, dims)
	s := g.combine("subtract", x, m, dims, form, false)
	if s < 0 {
		return
	}
	e := g.unary("exponential", s)
	if e < 0 {
		return
	}
	t := g.addReduce("reduce_sum", e, dims)
	if g.rng.Float64() < 0.25 {
		g.note("log_softmax", form)
		g.combine("subtract", s, g.unary("log", t), dims, form, false)
		return
	}
	g.note("softmax", form)
	g.combine("divide", e, t, dims, form, false)
}

// note records a chain in the program's Chains.
func (g *gen) note(chain string, form int) {
	g.p.Chains = append(g.p.Chains, fmt.Sprintf("%s, %s", chain, keepFormNames[form]))
}

// layerNorm adds a layer norm of an f32 value over some dims (mostly
// trailing): mean = sum(x) / n, xc = x - mean, var = mean(xc * xc) (or
// mean(x * x) - mean * mean, at least 0), xc * rsqrt(var + eps), the
// means brought back in one keepdims form, sometimes times a scale and
// plus a shift drawn from the other values.
func (g *gen) layerNorm() {
	x := g.pickRanked("f32", false, 1)
	if x < 0 {
		g.reductionStep(-1)
		return
	}
	dims := g.normDims(len(g.p.value(x).Shape))
	form := g.rng.Intn(numKeepForms)
	n := g.count(x, dims)
	mean := g.binary("divide", g.addReduce("reduce_sum", x, dims), n)
	xc := g.combine("subtract", x, mean, dims, form, false)
	if xc < 0 {
		return
	}
	var variance int
	if g.rng.Float64() < 0.7 {
		g.note("layer_norm", form)
		variance = g.binary("divide", g.addReduce("reduce_sum", g.binary("multiply", xc, xc), dims), n)
	} else {
		g.note("layer_norm (mean of squares)", form)
		m2 := g.binary("divide", g.addReduce("reduce_sum", g.binary("multiply", x, x), dims), n)
		variance = g.binary("maximum", g.binary("subtract", m2, g.binary("multiply", mean, mean)), g.constant(0))
	}
	eps := g.constant([]float64{1e-5, 1e-6}[g.rng.Intn(2)])
	inv := g.unary("rsqrt", g.binary("add", variance, eps))
	y := g.combine("multiply", xc, inv, dims, form, false)
	if y < 0 || g.rng.Float64() < 0.5 {
		return
	}
	if scale := g.binary("multiply", y, g.pickRanked("f32", false, 0)); scale >= 0 {
		g.binary("add", scale, g.pickRanked("f32", false, 0))
	}
}

// stretchedDims are the result dims of the elementwise op o where an
// operand dim that is `?` in its type and 1 at run time stretches to a
// larger size.
func stretchedDims(p *Program, o Op) []int64 {
	shape, places, conflict := p.runTimeBroadcast(o)
	if conflict != nil {
		return nil
	}
	var out []int64
	for i, a := range o.Args {
		v := p.value(a)
		for d, rd := range places[i].ResultDim {
			if v.Static[d] == ir.Dynamic && v.Shape[d] == 1 && shape[rd] > 1 && !slices.Contains(out, int64(rd)) {
				out = append(out, int64(rd))
			}
		}
	}
	slices.Sort(out)
	return out
}

// stretchReduce adds an op in which a `?` dim that is 1 at run time
// stretches by numpy's rules, and a reduction of its result over that dim
// (mostly) or over others; without such operands, a reductionStep.
func (g *gen) stretchReduce() {
	type pair struct{ a, b int }
	var cands []pair
	n := len(g.p.Inputs) + len(g.p.Ops)
	for a := range n {
		va := g.p.value(a)
		if va.Elem != g.p.Elem || a == g.spoiled {
			continue
		}
		for b := range n {
			if b == a || b == g.spoiled || g.p.value(b).Elem != g.p.Elem {
				continue
			}
			if len(stretchedDims(g.p, Op{Kind: "add", Args: []int{a, b}})) > 0 {
				cands = append(cands, pair{a, b})
			}
		}
	}
	if len(cands) == 0 {
		g.reductionStep(-1)
		return
	}
	g.p.Chains = append(g.p.Chains, "stretch_reduce")
	c := cands[g.rng.Intn(len(cands))]
	kinds := BinaryKinds
	id := g.binary(kinds[g.rng.Intn(len(kinds))], c.a, c.b)
	if id < 0 {
		return
	}
	o := g.p.Ops[len(g.p.Ops)-1]
	sd := stretchedDims(g.p, o)
	rank := len(o.Result.Shape)
	kind := g.drawReduction()
	if isArg(kind) && o.Result.Inexact {
		kind = "reduce_sum"
	}
	var dims []int64
	if isArg(kind) {
		dims = []int64{sd[g.rng.Intn(len(sd))]}
	} else if g.rng.Float64() < 0.2 && len(sd) < rank {
		dims = keptDims(rank, sd) // the stretched dims are kept
	} else {
		dims = []int64{sd[g.rng.Intn(len(sd))]}
		for d := range rank {
			if !slices.Contains(dims, int64(d)) && g.rng.Float64() < 0.3 {
				dims = append(dims, int64(d))
			}
		}
		slices.Sort(dims)
	}
	if kind == "reduce_prod" && o.Result.Elem == "f32" && terms(o.Result.Shape, dims) > maxProdTerms {
		kind = "reduce_sum"
	}
	r := g.addReduce(kind, id, dims)
	if g.p.value(r).Elem == o.Result.Elem && g.rng.Float64() < 0.5 {
		g.combine("subtract", id, r, dims, g.rng.Intn(numKeepForms), false)
	}
}

// buildReductionOp builds a reduction-mode op of args (like: the value
// whose run-time dims size a dynamic broadcast_in_dim).
func buildReductionOp(b *ir.Builder, o Op, args []*ir.Value, like *ir.Value) (*ir.Value, error) {
	switch o.Kind {
	case "reduce_sum":
		return hlo.ReduceSum(b, args[0], o.RDims...)
	case "reduce_prod":
		return hlo.ReduceProd(b, args[0], o.RDims...)
	case "reduce_max":
		return hlo.ReduceMax(b, args[0], o.RDims...)
	case "reduce_min":
		return hlo.ReduceMin(b, args[0], o.RDims...)
	case "argmax", "argmin", "argmax.value", "argmin.value":
		build := hlo.Argmax
		if o.Kind == "argmin" || o.Kind == "argmin.value" {
			build = hlo.Argmin
		}
		vals, idx, err := build(b, args[0], o.RDims[0])
		if o.resultIndex() == 1 {
			return idx, err
		}
		return vals, err
	case "constant":
		return hlo.ScalarConstant(b, elemType(o.Result.Elem), o.Const)
	case "count":
		return buildCount(b, args[0], o.RDims)
	case "broadcast_in_dim":
		rt := ir.RankedTensor(o.Result.Static, elemType(o.Result.Elem))
		if like == nil {
			return hlo.NewBroadcastInDim(b, args[0], o.Dims, rt)
		}
		shape, err := shapeOperand(b, like, o.Result.Static)
		if err != nil {
			return nil, err
		}
		return hlo.NewDynamicBroadcastInDim(b, args[0], shape, o.Dims, rt)
	}
	return nil, fmt.Errorf("no reduction-mode op %q", o.Kind)
}

// create builds one op and verifies it.
func create(b *ir.Builder, st *ir.OpState) (*ir.Value, error) {
	st.Loc = b.Loc
	op := b.Create(st)
	if err := ir.Verify(op); err != nil {
		return nil, err
	}
	return op.Result(0), nil
}

// dimSize builds `get_dimension_size` of x's dim d (tensor<i32>).
func dimSize(b *ir.Builder, x *ir.Value, d int) (*ir.Value, error) {
	st := &ir.OpState{Name: hlo.GetDimensionSize.Name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{ir.RankedTensor(nil, ir.I32)}}
	st.AddAttr("dimension", ir.I64Attr(int64(d)))
	return create(b, st)
}

// shapeOperand builds, as JAX does under shape polymorphism, the 1-D i32
// shape of a result of type static whose dynamic dims are like's: each
// dynamic dim get_dimension_size reshaped to tensor<1xi32>, each static
// one a constant, concatenated.
func shapeOperand(b *ir.Builder, like *ir.Value, static []int64) (*ir.Value, error) {
	one := ir.RankedTensor([]int64{1}, ir.I32)
	parts := make([]*ir.Value, len(static))
	for d, s := range static {
		if s != ir.Dynamic {
			parts[d] = hlo.NewConstant(b, ir.NewDenseInts(one, []int64{s}))
			parts[d].DefiningOp().Loc = b.Loc
			continue
		}
		n, err := dimSize(b, like, d)
		if err != nil {
			return nil, err
		}
		if parts[d], err = create(b, &ir.OpState{Name: hlo.Reshape.Name, Operands: []*ir.Value{n}, ResultTypes: []ir.Type{one}}); err != nil {
			return nil, err
		}
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	st := &ir.OpState{Name: hlo.Concatenate.Name, Operands: parts, ResultTypes: []ir.Type{ir.RankedTensor([]int64{int64(len(parts))}, ir.I32)}}
	st.AddAttr("dimension", ir.I64Attr(0))
	return create(b, st)
}

// buildCount builds the number of elements of x over dims as a rank-0
// f32: a constant when those dims are static, else (as jnp.mean does
// under shape polymorphism) get_dimension_size of the dynamic ones,
// multiplied together and by the static ones, converted to f32.
func buildCount(b *ir.Builder, x *ir.Value, dims []int64) (*ir.Value, error) {
	static := int64(1)
	var n *ir.Value
	shape := x.Type().(*ir.RankedTensorType).Shape()
	for _, d := range dims {
		if shape[d] != ir.Dynamic {
			static *= shape[d]
			continue
		}
		s, err := dimSize(b, x, int(d))
		if err != nil {
			return nil, err
		}
		if n == nil {
			n = s
		} else if n, err = hlo.Multiply(b, n, s); err != nil {
			return nil, err
		}
	}
	if n == nil {
		return hlo.ScalarConstant(b, ir.F32T, float64(static))
	}
	if static != 1 {
		c, err := hlo.ScalarConstant(b, ir.I32, float64(static))
		if err != nil {
			return nil, err
		}
		if n, err = hlo.Multiply(b, n, c); err != nil {
			return nil, err
		}
	}
	return create(b, &ir.OpState{Name: hlo.Convert.Name, Operands: []*ir.Value{n}, ResultTypes: []ir.Type{ir.RankedTensor(nil, ir.F32T)}})
}

// hasReductions tells whether p has a reduction-mode op.
func (p *Program) hasReductions() bool {
	return slices.ContainsFunc(p.Ops, func(o Op) bool {
		return isReduction(o.Kind) || o.Kind == "broadcast_in_dim" || o.Kind == "count" || o.Kind == "constant" || o.Kind == "dot_general"
	})
}
