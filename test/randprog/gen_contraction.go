package randprog

import (
	"fmt"
	"math"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Contraction mode (Config.Contractions, doc.go "Contractions"): programs
// of hlo.dot_general ops with random dimension numbers (batching dims
// paired, contracting dims paired, free dims, every operand's dims in any
// order) on operands of rank 1-4, each followed by a fused epilogue as a
// dense layer writes it: a bias added through a broadcast, relu (maximum
// with 0), a scale, a residual add. A later contraction may take an
// earlier one's value. The other modes never call anything here, so their
// seeds keep their programs.

// ContractionConfig is the configuration of contraction mode: MaxOps is
// the number of contractions, MaxSize the largest free or batch size (a
// contracting dim is sometimes longer, largeK).
var ContractionConfig = Config{MaxRank: 4, MaxSize: 5, MaxOps: 2, Contractions: true}

// largeK is the range of the long contracting dims drawn, longer than a
// vector register of f32 or i32 lanes, so that native code's vector loops
// and remainders both run.
var largeK = [2]int64{17, 40}

// EpilogueKinds are the epilogue steps drawn after a contraction.
var EpilogueKinds = []string{"bias", "relu", "scale", "residual"}

// contractionProgram draws a contraction-mode program.
func (g *gen) contractionProgram() {
	switch r := g.rng.Float64(); {
	case r < 0.5:
		g.p.Elem = "f32"
	case r < 0.8:
		g.p.Elem = "i32"
	default:
		g.p.Elem = "f64"
	}
	dots := 1 + g.rng.Intn(g.cfg.MaxOps)
	for range dots {
		lhs := -1
		if len(g.p.Ops) > 0 && g.rng.Float64() < 0.5 {
			lhs = g.pickRanked(g.p.Elem, false, 1)
		}
		r := g.dotGeneral(lhs)
		for _, kind := range g.epilogue() {
			r = g.epilogueStep(kind, r)
		}
	}
}

// epilogue draws the epilogue steps of one contraction, in a random
// order: each of EpilogueKinds about half the time.
func (g *gen) epilogue() []string {
	var out []string
	for _, k := range EpilogueKinds {
		if g.rng.Float64() < 0.5 {
			out = append(out, k)
		}
	}
	g.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Dim roles in a contraction operand.
const (
	roleBatch = iota
	roleContract
	roleFree
)

// dotGeneral adds a dot_general whose lhs is the value lhs (a new input
// if -1) and whose rhs is a new input, with random dimension numbers,
// and returns its id.
func (g *gen) dotGeneral(lhs int) int {
	var lShape []int64
	var lRole []int
	if lhs >= 0 {
		lShape = g.p.value(lhs).Shape
		for range lShape {
			lRole = append(lRole, g.role())
		}
	} else {
		rank := 1 + g.rng.Intn(g.cfg.MaxRank)
		for range rank {
			lRole = append(lRole, g.role())
			s := g.size()
			if lRole[len(lRole)-1] == roleContract && g.rng.Float64() < 0.15 {
				s = largeK[0] + g.rng.Int63n(largeK[1]-largeK[0]+1)
			}
			lShape = append(lShape, s)
		}
	}
	// rhs: the paired dims, then up to what rank 4 leaves of free dims,
	// in a random order.
	type rdim struct {
		role int
		lhs  int // the paired lhs dim
		size int64
	}
	if !slices.Contains(lRole, roleBatch) && !slices.Contains(lRole, roleContract) && len(lRole) == g.cfg.MaxRank {
		lRole[g.rng.Intn(len(lRole))] = roleContract // else the result's rank would pass MaxRank
	}
	var rdims []rdim
	kept := 0 // the result's dims from lhs
	for d, r := range lRole {
		if r != roleFree {
			rdims = append(rdims, rdim{r, d, lShape[d]})
		}
		if r != roleContract {
			kept++
		}
	}
	for n := g.rng.Intn(3); n > 0 && len(rdims) < g.cfg.MaxRank && kept < g.cfg.MaxRank; n-- {
		rdims = append(rdims, rdim{roleFree, -1, g.size()})
		kept++
	}
	if len(rdims) == 0 {
		rdims = append(rdims, rdim{roleFree, -1, g.size()})
	}
	g.rng.Shuffle(len(rdims), func(i, j int) { rdims[i], rdims[j] = rdims[j], rdims[i] })
	// Pairs in a random order too: the sum runs over the contracting
	// pairs in the order the dimension numbers list them.
	var d hlo.DotDims
	rShape := make([]int64, len(rdims))
	for i, rd := range rdims {
		rShape[i] = rd.size
	}
	for _, i := range g.rng.Perm(len(rdims)) {
		switch rdims[i].role {
		case roleBatch:
			d.LhsBatching, d.RhsBatching = append(d.LhsBatching, int64(rdims[i].lhs)), append(d.RhsBatching, int64(i))
		case roleContract:
			d.LhsContracting, d.RhsContracting = append(d.LhsContracting, int64(rdims[i].lhs)), append(d.RhsContracting, int64(i))
		}
	}
	if lhs < 0 {
		lhs = g.contractionInput(lShape)
	}
	rhs := g.contractionInput(rShape, &lhs)
	lv, rv := g.p.value(lhs), g.p.value(rhs)
	res := Value{Elem: lv.Elem, Static: d.ResultShape(lv.Static, rv.Static), Shape: d.ResultShape(lv.Shape, rv.Shape)}
	res.Inexact = res.Elem != "i32" // a sum in an order of its own, as reduce_sum's
	return g.add(Op{Kind: "dot_general", Args: []int{lhs, rhs}, Dot: &d, Like: -1, Result: res})
}

// role draws an lhs dim's role: contracting mostly.
func (g *gen) role() int {
	switch r := g.rng.Float64(); {
	case r < 0.25:
		return roleBatch
	case r < 0.7:
		return roleContract
	}
	return roleFree
}

// contractionInput adds an argument of run-time shape shape, each dim `?`
// in its type 40% of the time. Value ids number the inputs first, so the
// ops' ids, in their args and in held (ids the caller keeps), move up by
// one.
func (g *gen) contractionInput(shape []int64, held ...*int) int {
	v := Value{Elem: g.p.Elem, Static: slices.Clone(shape), Shape: slices.Clone(shape)}
	for d := range shape {
		if g.rng.Float64() < 0.4 {
			v.Static[d] = ir.Dynamic
		}
	}
	n := len(g.p.Inputs)
	shift := func(id *int) {
		if *id >= n {
			*id++
		}
	}
	for k := range g.p.Ops {
		for i := range g.p.Ops[k].Args {
			shift(&g.p.Ops[k].Args[i])
		}
		shift(&g.p.Ops[k].Like)
	}
	for _, h := range held {
		shift(h)
	}
	g.p.Inputs = append(g.p.Inputs, Input{Value: v, Data: g.data(v.Shape)})
	return n
}

// epilogueStep adds one epilogue step of kind to x and returns the value
// it gives (x if the step does not fit).
func (g *gen) epilogueStep(kind string, x int) int {
	v := g.p.value(x)
	r := -1
	switch kind {
	case "bias":
		if len(v.Shape) == 0 {
			return x
		}
		// A bias along one result dim (the last mostly, as a dense
		// layer's), broadcast explicitly to the result's shape, or by
		// numpy's rules for the last dim.
		d := len(v.Shape) - 1
		if g.rng.Float64() < 0.3 {
			d = g.rng.Intn(len(v.Shape))
		}
		bias := g.contractionInput([]int64{v.Shape[d]}, &x)
		if d == len(v.Shape)-1 && g.rng.Float64() < 0.3 {
			g.p.Chains = append(g.p.Chains, "bias, numpy broadcast")
			r = g.binary("add", x, bias)
			break
		}
		like := -1
		if slices.Contains(v.Static, ir.Dynamic) {
			like = x
		}
		bv := g.p.value(bias)
		b := g.add(Op{Kind: "broadcast_in_dim", Args: []int{bias}, Dims: []int64{int64(d)}, Like: like,
			Result: Value{Elem: bv.Elem, Static: slices.Clone(v.Static), Shape: slices.Clone(v.Shape)}})
		o := Op{Kind: "add", Args: []int{x, b}}
		if g.rng.Float64() < 0.5 {
			o.Policy = broadcast.None
		}
		g.p.Chains = append(g.p.Chains, "bias, broadcast_in_dim")
		r = g.addOp(o)
	case "relu":
		g.p.Chains = append(g.p.Chains, "relu")
		r = g.binary("maximum", x, g.elemConstant(v.Elem, 0))
	case "scale":
		cs := []float64{0.5, 2, -1.5, 0.1, 3}
		if v.Elem == "i32" {
			cs = []float64{2, -3, 7, 65537}
		}
		g.p.Chains = append(g.p.Chains, "scale")
		r = g.binary("multiply", x, g.elemConstant(v.Elem, cs[g.rng.Intn(len(cs))]))
	case "residual":
		g.p.Chains = append(g.p.Chains, "residual")
		res := g.contractionInput(v.Shape, &x)
		r = g.binary("add", x, res)
	}
	if r < 0 {
		return x
	}
	return r
}

// elemConstant adds a rank-0 constant of element type elem.
func (g *gen) elemConstant(elem string, c float64) int {
	return g.add(Op{Kind: "constant", Like: -1, Const: c, Result: Value{Elem: elem, Static: []int64{}, Shape: []int64{}}})
}

// contractionData draws f32 or f64 data for contraction mode: small
// integers (exact products and sums), ordinary numbers, magnitudes within
// 2^±20, and rarely zeros of both signs, infinities and NaN.
func (g *gen) contractionData(shape []int64, n int) *interp.Tensor {
	round := func(x float64) float64 { return float64(float32(x)) }
	elem := ir.F32T
	if g.p.Elem == "f64" {
		round, elem = func(x float64) float64 { return x }, ir.F64T
	}
	vals := make([]float64, n)
	for i := range vals {
		switch r := g.rng.Float64(); {
		case r < 0.35:
			vals[i] = float64(g.rng.Intn(11) - 5)
		case r < 0.8:
			vals[i] = round(g.rng.Float64()*20 - 10)
		case r < 0.97:
			vals[i] = math.Ldexp(round(1+g.rng.Float64()), g.rng.Intn(41)-20) * float64(1-2*g.rng.Intn(2))
		default:
			specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN()}
			vals[i] = specials[g.rng.Intn(len(specials))]
		}
	}
	t, err := interp.NewFloats(elem, shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// buildContractionOp builds a contraction-mode op.
func buildContractionOp(b *ir.Builder, o Op, args []*ir.Value) (*ir.Value, error) {
	if o.Kind != "dot_general" || o.Dot == nil {
		return nil, fmt.Errorf("no contraction-mode op %q", o.Kind)
	}
	return hlo.DotGeneral(b, args[0], args[1], *o.Dot)
}

// ContractionsInOrder makes native bounds (programBounds not local) hold
// a contraction with a parallel loop (a result dim that is not static 1:
// linalg-fold-unit-extent-dims drops those) on exact operands to the
// interpreter's bits, as lower/llvm's contraction_native_test.go says
// native code sums it in the interpreter's order. It is off by default:
// lower/llvm's doc.go documents that matmul-shaped f32 and f64
// contractions run an FMA micro-kernel (each step rounded once, within
// K·eps·Σ|a_k·b_k| of the interpreter) and that full sums are
// reassociated, so the bits differ by design; TestContractionProgramsNative
// logs the programs whose results differ from the interpreter's bits, and
// sets it under BCAST_RANDPROG_CONTRACT_INORDER=1.
var ContractionsInOrder = false

// contraction computes the bounds of a dot_general's f32 result res from
// its operands' bounds. Each element is a sum of K products, each
// rounded, so its bound is sumBound's for the exact products (f32 times
// f32 is exact in float64; a product of ranges spans its corners), and
// an absolute K·2^-149 more for products that underflow to subnormals.
func (bs *boundSet) contraction(o Op, operands []valueBounds, res *interp.Tensor) valueBounds {
	lhs, rhs := bs.vals[o.Args[0]], bs.vals[o.Args[1]]
	if !res.IsFloat() {
		if operands[0] == nil && operands[1] == nil {
			return nil
		}
		out := make(valueBounds, res.Len())
		for i := range out {
			out[i] = elemBound{kind: boundAny}
		}
		return out
	}
	if ContractionsInOrder && !bs.local && operands[0] == nil && operands[1] == nil && slices.ContainsFunc(o.Result.Static, func(s int64) bool { return s != 1 }) {
		return nil // native code sums in the interpreter's order
	}
	pairs := contractionTerms(*o.Dot, lhs.Shape(), rhs.Shape())
	out := make(valueBounds, len(pairs))
	var terms []elemBound
	var vals []float64
	for j, ts := range pairs {
		terms, vals = terms[:0], vals[:0]
		bounded := true
		for _, t := range ts {
			lb, rb := operands[0].at(t[0]), operands[1].at(t[1])
			llo, lhi, lu := interval(lb, lhs.Float(t[0]))
			rlo, rhi, ru := interval(rb, rhs.Float(t[1]))
			if lu || ru {
				bounded = false
				break
			}
			p := lhs.Float(t[0]) * rhs.Float(t[1])
			if lb.kind == boundExact && rb.kind == boundExact {
				terms, vals = append(terms, elemBound{kind: boundRange, lo: p, hi: p}), append(vals, p)
				continue
			}
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, c := range [4]float64{llo * rlo, llo * rhi, lhi * rlo, lhi * rhi} {
				if math.IsNaN(c) {
					bounded = false
				}
				lo, hi = math.Min(lo, c), math.Max(hi, c)
			}
			// 0 · inf inside the ranges is NaN
			if (llo <= 0 && lhi >= 0 && (math.IsInf(rlo, 0) || math.IsInf(rhi, 0))) || (rlo <= 0 && rhi >= 0 && (math.IsInf(llo, 0) || math.IsInf(lhi, 0))) {
				bounded = false
			}
			terms, vals = append(terms, elemBound{kind: boundRange, lo: lo, hi: hi}), append(vals, p)
		}
		if !bounded {
			out[j] = elemBound{kind: boundAny}
			continue
		}
		b := sumBound(terms, vals)
		if len(ts) == 0 {
			b = exactBound // 0
		}
		if b.kind == boundRange {
			slack := float64(len(ts)) * fp.tiny
			b.lo, b.hi = roundDown(b.lo-slack), roundUp(b.hi+slack)
		}
		out[j] = b
	}
	return out
}

// contractionTerms lists, for each element of the contraction with dims d
// of operands of run-time shapes lhs and rhs (row-major), the flat
// offsets of its products' lhs and rhs elements.
func contractionTerms(d hlo.DotDims, lhs, rhs []int64) [][][2]int {
	ls, rs := strides(lhs), strides(rhs)
	var outShape []int64
	var outL, outR []int
	for i, ld := range d.LhsBatching {
		outShape = append(outShape, lhs[ld])
		outL, outR = append(outL, ls[ld]), append(outR, rs[d.RhsBatching[i]])
	}
	for _, f := range d.LhsFree(len(lhs)) {
		outShape = append(outShape, lhs[f])
		outL, outR = append(outL, ls[f]), append(outR, 0)
	}
	for _, f := range d.RhsFree(len(rhs)) {
		outShape = append(outShape, rhs[f])
		outL, outR = append(outL, 0), append(outR, rs[f])
	}
	var kShape []int64
	var kL, kR []int
	for i, ld := range d.LhsContracting {
		kShape = append(kShape, lhs[ld])
		kL, kR = append(kL, ls[ld]), append(kR, rs[d.RhsContracting[i]])
	}
	var ks [][2]int
	for i := range numElems(kShape) {
		ks = append(ks, offsets(i, kShape, kL, kR))
	}
	out := make([][][2]int, numElems(outShape))
	for i := range out {
		base := offsets(i, outShape, outL, outR)
		for _, k := range ks {
			out[i] = append(out[i], [2]int{base[0] + k[0], base[1] + k[1]})
		}
	}
	return out
}

// offsets is the pair of flat offsets of the row-major index i of shape,
// with per-dim strides ls and rs.
func offsets(i int, shape []int64, ls, rs []int) [2]int {
	var o [2]int
	for d := len(shape) - 1; d >= 0; d-- {
		c := i % int(shape[d])
		i /= int(shape[d])
		o[0] += c * ls[d]
		o[1] += c * rs[d]
	}
	return o
}

// strides are the row-major strides of shape.
func strides(shape []int64) []int {
	s := make([]int, len(shape))
	n := 1
	for d := len(shape) - 1; d >= 0; d-- {
		s[d] = n
		n *= int(shape[d])
	}
	return s
}
