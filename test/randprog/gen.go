package randprog

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Config bounds the programs Generate makes.
type Config struct {
	MaxRank   int // result rank, at most 4
	MaxSize   int // largest dim size (0 and 1 are always possible)
	MaxInputs int
	MaxOps    int
	// ErrorRate is the fraction of programs given an input whose run-time
	// size in some dynamic dim conflicts with the others, so that the
	// program is expected to fail at run time.
	ErrorRate float64
	// Reductions selects reduction mode (gen_reduction.go): programs of
	// reductions, keepdims broadcasts, softmax and layer norm chains, with
	// MaxOps steps (each one or several ops). The default mode never
	// draws them, so that its seeds keep their programs.
	Reductions bool
	// Contractions selects contraction mode (gen_contraction.go):
	// programs of MaxOps dot_generals, each with a fused epilogue.
	Contractions bool
	// Types selects types mode (gen_types.go): elementwise programs on
	// every element type of ElemTypes, joined by converts.
	Types bool
}

// DefaultConfig is what the test uses.
var DefaultConfig = Config{MaxRank: 4, MaxSize: 5, MaxInputs: 4, MaxOps: 8, ErrorRate: 0.15}

// Binary ops drawn, and the unary ops drawn for each element type.
var (
	BinaryKinds      = []string{"add", "subtract", "multiply", "maximum", "minimum"}
	FloatUnaryKinds  = []string{"negate", "abs", "floor", "ceil", "round_nearest_even", "sqrt", "exponential", "exponential_minus_one", "log", "log_plus_one", "tanh"}
	IntUnaryKinds    = []string{"negate", "abs", "not", "sign"}
	CompareDirection = []string{"EQ", "NE", "GE", "GT", "LE", "LT"}
)

// The inexact-value rule (doc.go): Transcendental are the float ops whose
// result is only defined to within a few ulp, because the interpreter
// (Go's math package in float64, rounded to f32), numpy and the C math
// library native code calls (glibc's expf, logf, tanhf, expm1f, log1pf,
// ...; none of them is correctly rounded) may each round differently.
// IEEE 754 requires the correctly rounded result of add, subtract,
// multiply, divide and sqrt, and floor, ceil, round_*, abs, negate,
// maximum, minimum, clamp, select, compare, sign and remainder (fmod) are
// exact, so those are not in the set. The generator draws only the first
// five; the others are classified for when it draws them.
//
// Discontinuous are the ops whose result can jump when a float operand
// moves by one ulp (compare's i1, floor, ceil and rounding to an integer,
// sign, remainder, power's integer-exponent cases, conversions to an
// integer or i1 type): the generator gives them only exact operands, so an
// i1 value (and so every select predicate) is exact too.
var (
	Transcendental = map[string]bool{
		"exponential": true, "exponential_minus_one": true, "log": true, "log_plus_one": true, "tanh": true,
		"logistic": true, "rsqrt": true, "cbrt": true, "sine": true, "cosine": true, "tan": true,
		"atan2": true, "power": true, "erf": true, "erfc": true, "erf_inv": true, "lgamma": true, "digamma": true,
		"sinh": true, "cosh": true, "asin": true, "acos": true, "atan": true, "asinh": true, "acosh": true, "atanh": true,
	}
	Discontinuous = map[string]bool{
		"compare": true, "floor": true, "ceil": true, "round_nearest_even": true, "round_nearest_afz": true,
		"sign": true, "remainder": true, "power": true, "convert": true, "is_finite": true,
		"reduce_precision": true, "is_inf": true, "is_pos_inf": true, "is_neg_inf": true, "next_after": true,
	}
)

// TranscendentalULPs is how far apart, in units in the last place, the
// interpreter (Go's float64 math, rounded to f32) and numpy's float32
// exp/expm1/log/log1p/tanh may be (and native code's, bounds.go).
const TranscendentalULPs = 4

// Value is a value of a program: an element type (an ElemTypes name), its
// static shape (ir.Dynamic for `?`) and its shape at run time.
type Value struct {
	Elem   string
	Static []int64
	Shape  []int64
	// Inexact is set for a float value that depends on a Transcendental
	// op's result: it is only defined to within a few ulp (doc.go).
	Inexact bool
}

// Input is an argument of the program with its run-time data.
type Input struct {
	Value
	Data *interp.Tensor
}

// Op is one hlo op of the program.
type Op struct {
	Kind   string // a binary or unary op name, "compare", "select" or "clamp"
	Dir    string // comparison direction
	Args   []int  // value ids: inputs first, then op results in order
	Policy broadcast.Policy
	Dims   []int64 // broadcast_dimensions, nil if absent
	Result Value
	// Reduction mode's ops (gen_reduction.go). RDims are the dims a
	// reduction reduces (an argmax's one dim) or whose sizes a count
	// multiplies. Like is the value whose run-time shape a broadcast_in_dim
	// with a dynamic result takes its dynamic sizes from (-1 if its result
	// is static). Const is a constant's value.
	RDims []int64
	Like  int
	Const float64
	// Dot is a contraction-mode dot_general's dimension numbers.
	Dot *hlo.DotDims
}

// Program is a random broadcasting program: `@main(inputs) -> results`.
type Program struct {
	Seed    int64
	Elem    string // "f32" or "i32"; in types mode any ElemTypes name
	Inputs  []Input
	Ops     []Op
	Results []int // value ids returned (the op results nothing else uses)
	// Broken is the op the generator expects to fail at run time, or -1.
	// It is a hint for statistics; the test's oracle is numpy.
	Broken int
	// Reductions is set for a reduction-mode program; Chains names the
	// chains its steps drew (softmax, layer_norm, ...), for statistics and
	// failure reports.
	Reductions bool
	Chains     []string
	// Contractions is set for a contraction-mode program (its Chains
	// name the epilogue steps).
	Contractions bool
	// Types is set for a types-mode program (gen_types.go); Elem is then
	// its first element type.
	Types bool
}

// value returns the value with id v.
func (p *Program) value(v int) Value {
	if v < len(p.Inputs) {
		return p.Inputs[v].Value
	}
	return p.Ops[v-len(p.Inputs)].Result
}

// elemType returns the element type named s (an ElemTypes name).
func elemType(s string) ir.Type {
	if e := elemTypeNamed(s); e != nil {
		return e.Type
	}
	panic("randprog: unknown element type " + s)
}

type gen struct {
	rng *rand.Rand
	cfg Config
	p   *Program
	// failing is set for a program meant to fail at run time.
	failing bool
	// spoiled is the input given a conflicting run-time size, or -1.
	spoiled int
}

// Generate makes the program of a seed.
func Generate(seed int64, cfg Config) *Program {
	g := &gen{rng: rand.New(rand.NewSource(seed)), cfg: cfg, p: &Program{Seed: seed, Broken: -1}, spoiled: -1}
	if cfg.Contractions {
		g.p.Contractions = true
		g.contractionProgram()
		g.finish()
		return g.p
	}
	if cfg.Types {
		g.p.Types = true
		g.typedProgram()
		g.finish()
		return g.p
	}
	if cfg.Reductions {
		g.p.Reductions = true
		g.reductionProgram()
		g.finish()
		return g.p
	}
	g.p.Elem = []string{"f32", "i32"}[g.rng.Intn(2)]
	base := g.shape(g.rng.Intn(cfg.MaxRank + 1))
	n := 1 + g.rng.Intn(cfg.MaxInputs)
	for i := 0; i < n; i++ {
		g.input(base)
	}
	if g.rng.Float64() < cfg.ErrorRate {
		// A program meant to fail: an input gets a conflicting run-time
		// size, and the first op whose run-time shapes do not broadcast
		// (by that size or by a policy) is kept as its last op.
		g.failing = true
		g.spoil()
	}
	ops := 1 + g.rng.Intn(cfg.MaxOps)
	for len(g.p.Ops) < ops && g.p.Broken < 0 {
		if !g.op() {
			break
		}
	}
	g.finish()
	return g.p
}

// finish makes sure the program has an op and returns the op results
// nothing else uses.
func (g *gen) finish() {
	if len(g.p.Ops) == 0 {
		// Nothing fit: x + x always does.
		v := g.p.Inputs[0].Value
		g.p.Ops = append(g.p.Ops, Op{Kind: "add", Args: []int{0, 0}, Result: Value{Elem: v.Elem, Static: v.Static, Shape: v.Shape}})
	}
	used := map[int]bool{}
	for _, o := range g.p.Ops {
		for _, a := range o.Args {
			used[a] = true
		}
	}
	for k := range g.p.Ops {
		if id := len(g.p.Inputs) + k; !used[id] {
			g.p.Results = append(g.p.Results, id)
		}
	}
}

// size draws a dim size: 0 rarely, 1 often.
func (g *gen) size() int64 {
	switch r := g.rng.Float64(); {
	case r < 0.04:
		return 0
	case r < 0.2:
		return 1
	}
	return 2 + g.rng.Int63n(int64(g.cfg.MaxSize-1))
}

func (g *gen) shape(rank int) []int64 {
	s := make([]int64, rank)
	for i := range s {
		s[i] = g.size()
	}
	return s
}

// input adds an argument whose run-time shape broadcasts into base: a
// suffix of it (numpy) or, for broadcast_dimensions, any subsequence;
// some dims are 1, some are dynamic.
func (g *gen) input(base []int64) { g.inputOf(base, g.p.Elem) }

// inputOf is input with elements of the named type.
func (g *gen) inputOf(base []int64, elem string) {
	rank := len(base)
	k := rank
	if g.rng.Float64() < 0.5 {
		k = g.rng.Intn(rank + 1)
	}
	var pos []int
	if g.rng.Float64() < 0.75 {
		for i := rank - k; i < rank; i++ {
			pos = append(pos, i)
		}
	} else {
		pos = g.subsequence(k, rank)
	}
	v := Value{Elem: elem, Static: make([]int64, k), Shape: make([]int64, k)}
	for i, d := range pos {
		v.Shape[i] = base[d]
		if g.rng.Float64() < 0.35 {
			v.Shape[i] = 1
		}
		v.Static[i] = v.Shape[i]
		if g.rng.Float64() < 0.5 {
			v.Static[i] = ir.Dynamic
		}
	}
	g.p.Inputs = append(g.p.Inputs, Input{Value: v, Data: g.dataOf(elem, v.Shape)})
}

// subsequence returns k sorted distinct positions in [0, n).
func (g *gen) subsequence(k, n int) []int {
	perm := g.rng.Perm(n)[:k]
	out := make([]int, 0, k)
	for i := 0; i < n; i++ {
		for _, p := range perm {
			if p == i {
				out = append(out, i)
			}
		}
	}
	return out
}

// spoil adds an input like an existing one but with a conflicting
// run-time size in a dim that is dynamic in its type, so that an op
// combining the two (or the spoiled one with anything of the original's
// size there) fails at run time.
func (g *gen) spoil() {
	var cands [][2]int
	for i, in := range g.p.Inputs {
		for d, s := range in.Shape {
			if s >= 2 {
				cands = append(cands, [2]int{i, d})
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	c := cands[g.rng.Intn(len(cands))]
	orig := g.p.Inputs[c[0]].Value
	shape := append([]int64{}, orig.Shape...)
	shape[c[1]] += 1 + g.rng.Int63n(2)
	static := append([]int64{}, orig.Static...)
	static[c[1]] = ir.Dynamic
	g.spoiled = len(g.p.Inputs)
	g.p.Inputs = append(g.p.Inputs, Input{Value: Value{Elem: orig.Elem, Static: static, Shape: shape}, Data: g.dataOf(orig.Elem, shape)})
}

// dataOf draws run-time values of the named element type: typedData's
// in types mode, else data's (of the program's type).
func (g *gen) dataOf(elem string, shape []int64) *interp.Tensor {
	if g.cfg.Types {
		return g.typedData(elem, shape)
	}
	return g.data(shape)
}

// data draws run-time values: ordinary numbers, small integers (ties and
// zeros), wide magnitudes and IEEE specials for f32; small and extreme
// values for i32.
func (g *gen) data(shape []int64) *interp.Tensor {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	if g.p.Elem == "i32" {
		vals := make([]int64, n)
		for i := range vals {
			switch r := g.rng.Float64(); {
			case r < 0.7:
				vals[i] = g.rng.Int63n(41) - 20
			case r < 0.9:
				vals[i] = int64(int32(g.rng.Uint32()))
			default:
				vals[i] = []int64{math.MinInt32, math.MaxInt32, 0, -1, 1, math.MinInt32 + 1}[g.rng.Intn(6)]
			}
		}
		t, err := interp.NewInts(ir.I32, shape, vals)
		if err != nil {
			panic(err)
		}
		return t
	}
	if g.cfg.Contractions {
		return g.contractionData(shape, n)
	}
	if g.cfg.Reductions {
		return g.reductionData(shape, n)
	}
	vals := make([]float64, n)
	for i := range vals {
		switch r := g.rng.Float64(); {
		case r < 0.55:
			vals[i] = float64(float32(g.rng.Float64()*20 - 10))
		case r < 0.75:
			vals[i] = float64(g.rng.Intn(11) - 5)
		case r < 0.94:
			m := float32(1 + g.rng.Float64())
			vals[i] = math.Ldexp(float64(m), g.rng.Intn(80)-40) * float64(1-2*g.rng.Intn(2))
		default:
			specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
				math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, -1e-40, 1e-38}
			vals[i] = specials[g.rng.Intn(len(specials))]
		}
	}
	t, err := interp.NewFloats(ir.F32T, shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// pick returns the id of a value of element type elem, preferring recent
// ones so that ops chain; -1 if there is none.
func (g *gen) pick(elem string) int { return g.pickFor(elem, false) }

// pickExact is pick for an operand of a Discontinuous op: only exact
// values (the inputs always are).
func (g *gen) pickExact(elem string) int { return g.pickFor(elem, true) }

func (g *gen) pickFor(elem string, exact bool) int {
	var ids []int
	for id := 0; id < len(g.p.Inputs)+len(g.p.Ops); id++ {
		if v := g.p.value(id); v.Elem == elem && !(exact && v.Inexact) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return -1
	}
	if g.spoiled >= 0 && elem == g.p.value(g.spoiled).Elem && g.rng.Float64() < 0.3 {
		return g.spoiled
	}
	if g.rng.Float64() < 0.5 {
		return ids[len(ids)-1]
	}
	return ids[g.rng.Intn(len(ids))]
}

func (g *gen) policy() broadcast.Policy {
	switch r := g.rng.Float64(); {
	case r < 0.7:
		return broadcast.Numpy
	case r < 0.8:
		return broadcast.Rank
	case r < 0.9:
		return broadcast.Scalar
	}
	return broadcast.None
}

// op tries to add one op (two for compare + select); false if nothing
// fit after many tries.
func (g *gen) op() bool {
	for try := 0; try < 40; try++ {
		var o Op
		switch r := g.rng.Float64(); {
		case r < 0.5:
			o = Op{Kind: BinaryKinds[g.rng.Intn(len(BinaryKinds))], Args: []int{g.pick(g.p.Elem), g.pick(g.p.Elem)}}
		case r < 0.65:
			o = Op{Kind: "compare", Dir: CompareDirection[g.rng.Intn(len(CompareDirection))], Args: []int{g.pickExact(g.p.Elem), g.pickExact(g.p.Elem)}}
		case r < 0.75:
			if g.pick("i1") < 0 {
				continue
			}
			o = Op{Kind: "select", Args: []int{g.pick("i1"), g.pick(g.p.Elem), g.pick(g.p.Elem)}}
		case r < 0.85:
			o = Op{Kind: "clamp", Args: []int{g.pick(g.p.Elem), g.pick(g.p.Elem), g.pick(g.p.Elem)}}
		default:
			kinds := FloatUnaryKinds
			if g.p.Elem == "i32" {
				kinds = IntUnaryKinds
			}
			x := g.pick(g.p.Elem)
			kind := kinds[g.rng.Intn(len(kinds))]
			if Discontinuous[kind] && g.p.value(x).Inexact {
				x = g.pickExact(g.p.Elem)
			}
			v := g.p.value(x)
			v.Inexact = v.Inexact || Transcendental[kind]
			g.p.Ops = append(g.p.Ops, Op{Kind: kind, Args: []int{x}, Result: v})
			return true
		}
		o.Policy = g.policy()
		if len(o.Args) == 2 && g.rng.Float64() < 0.3 {
			o.Dims = g.dims(g.p.value(o.Args[0]), g.p.value(o.Args[1]))
		}
		if g.accept(&o) {
			o.Result.Inexact = g.inexact(o)
			g.p.Ops = append(g.p.Ops, o)
			return true
		}
	}
	return false
}

// inexact tells whether the float result of o depends on an inexact value
// (select's i1 predicate never is one).
func (g *gen) inexact(o Op) bool {
	if !roundsElem(o.Result.Elem) {
		return false
	}
	for _, a := range o.Args {
		if v := g.p.value(a); roundsElem(v.Elem) && v.Inexact {
			return true
		}
	}
	return g.p.approximate(o)
}

// dims draws broadcast_dimensions mapping the lower-rank operand's dims to
// increasing positions of the higher-rank one (the identity for equal ranks).
func (g *gen) dims(a, b Value) []int64 {
	lo, hi := len(a.Shape), len(b.Shape)
	if lo > hi {
		lo, hi = hi, lo
	}
	out := make([]int64, 0, lo)
	if lo == hi {
		for i := 0; i < lo; i++ {
			out = append(out, int64(i))
		}
		return out
	}
	for _, p := range g.subsequence(lo, hi) {
		out = append(out, int64(p))
	}
	return out
}

// accept infers o's static result type with the builders' own inference
// (hlo.InferResultType) and its run-time shape with broadcast.Infer. An
// op whose run-time shapes do not broadcast is kept only in a program
// meant to fail, as its last op.
func (g *gen) accept(o *Op) bool { return g.acceptElem(o, g.p.Elem) }

// acceptElem is accept for an op on elements of the named type.
func (g *gen) acceptElem(o *Op, elem string) bool {
	spec := broadcast.Spec{Policy: o.Policy, Dims: o.Dims}
	types := make([]ir.Type, len(o.Args))
	rts := make([]broadcast.Operand, len(o.Args))
	for i, a := range o.Args {
		v := g.p.value(a)
		types[i] = ir.RankedTensor(v.Static, elemType(v.Elem))
		rts[i] = broadcast.Operand{Shape: v.Shape, Ranked: true}
	}
	if o.Kind == "compare" {
		elem = "i1"
	}
	rt, err := hlo.InferResultType(types, spec, elemType(elem))
	if err != nil {
		return false
	}
	shape, _, _, conflict := broadcast.Infer(rts, spec)
	if conflict != nil {
		if !g.failing {
			return false
		}
		g.p.Broken = len(g.p.Ops)
		shape = nil
	}
	o.Result = Value{Elem: elem, Static: rt.(*ir.RankedTensorType).Shape(), Shape: shape}
	return true
}

// Build returns the program as IR: `func.func @main` in a module, built
// through the hlo builder API, each op located at `randprog:<k+1>:1` for
// op k. ops maps each built op to its index in p.Ops.
func (p *Program) Build() (module *ir.Operation, ops map[*ir.Operation]int, err error) {
	module = builtin.NewModule()
	ins := make([]ir.Type, len(p.Inputs))
	for i, in := range p.Inputs {
		ins[i] = ir.RankedTensor(in.Static, elemType(in.Elem))
	}
	outs := make([]ir.Type, len(p.Results))
	for i, r := range p.Results {
		v := p.value(r)
		outs[i] = ir.RankedTensor(v.Static, elemType(v.Elem))
	}
	fn, b := funcdialect.NewFunc(module, "main", ins, outs)
	vals := append([]*ir.Value{}, fn.Region(0).Front().Args()...)
	ops = map[*ir.Operation]int{}
	for k, o := range p.Ops {
		b.Loc = ir.Location{File: "randprog", Line: int32(k + 1), Col: 1}
		args := make([]*ir.Value, len(o.Args))
		for i, a := range o.Args {
			args[i] = vals[a]
		}
		var opts []hlo.Option
		if o.Policy != broadcast.Numpy {
			opts = append(opts, hlo.WithPolicy(o.Policy))
		}
		if o.Dims != nil {
			opts = append(opts, hlo.WithBroadcastDimensions(o.Dims...))
		}
		var v *ir.Value
		switch o.Kind {
		case "reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "argmax", "argmin", "argmax.value", "argmin.value",
			"broadcast_in_dim", "count", "constant":
			var like *ir.Value
			if o.Like >= 0 && o.Kind == "broadcast_in_dim" {
				like = vals[o.Like]
			}
			v, err = buildReductionOp(b, o, args, like)
		case "dot_general":
			v, err = buildContractionOp(b, o, args)
		case "convert":
			v, err = create(b, &ir.OpState{Name: hlo.Convert.Name, Operands: args,
				ResultTypes: []ir.Type{ir.RankedTensor(o.Result.Static, elemType(o.Result.Elem))}})
		case "compare":
			v, err = hlo.Compare(b, o.Dir, args[0], args[1], opts...)
		case "select":
			v, err = hlo.Select(b, args[0], args[1], args[2], opts...)
		case "clamp":
			v, err = hlo.Clamp(b, args[0], args[1], args[2], opts...)
		case "complex":
			v, err = hlo.Complex(b, args[0], args[1])
		default:
			if len(args) == 2 {
				v, err = hlo.Binary(b, o.Kind, args[0], args[1], opts...)
			} else {
				v, err = hlo.Unary(b, o.Kind, args[0])
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("op %d (%s): %v", k, o.Kind, err)
		}
		ops[v.DefiningOp()] = k
		vals = append(vals, v)
	}
	res := make([]*ir.Value, len(p.Results))
	for i, r := range p.Results {
		res[i] = vals[r]
	}
	b.Loc = ir.Location{File: "randprog", Line: int32(len(p.Ops) + 1), Col: 1}
	funcdialect.NewReturn(b, res...)
	if err := ir.Verify(module); err != nil {
		return nil, nil, err
	}
	return module, ops, nil
}

// Args returns the run-time arguments.
func (p *Program) Args() []*interp.Tensor {
	args := make([]*interp.Tensor, len(p.Inputs))
	for i, in := range p.Inputs {
		args[i] = in.Data
	}
	return args
}
