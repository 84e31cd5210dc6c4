package llvm

import (
	"math"
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the vector form of the innermost loop of a reduction
// (reduce.go's inner layout):
//
//	if n >= VF:
//	    s[0..U) = identity vectors            (per output)
//	    while j + U*VF <= n: s[u] = body(s[u], x[j+u*VF ..]) for each u
//	    s = s[0] (+) s[1] (+) ...             (lane-wise)
//	    while j + VF <= n:   s = body(s, x[j ..])
//	    acc = finish(acc, horizontal(s))      (halves, then the two lanes)
//	while j < n: acc = body(acc, x[j])        (scalar remainder)
//
// Each lane accumulates its own elements with the body itself, so the
// lanes are partial reductions that (+), the body's combining op applied
// to two partial results, merges. That is valid when the body is a known
// combiner for every output: it yields `c(out, g(ins))` (either operand
// order) with c associative and commutative, out used by c only, and g
// reading no output: addf, mulf, maximumf, minimumf on floats; addi,
// muli, andi, ori, xori, maxsi, minsi, maxui, minui on integers. Integer
// ops and IEEE maximum / minimum (NaN propagates; the NaN is the
// interpreter's) are exact in any order, so those reductions give the
// interpreter's bits; float sums and products are reassociated, within
// the bound the package documentation states. The argmax family (two
// outputs, value and index) is argmax.go's: its lanes are merged by a
// comparison that reproduces the sequential fold's choice.
//
// U accumulators per output (unrollAccs) hide the latency of the
// combining op; VF is 64 bytes of the widest element type, as in
// vector.go.

// unrollAccs is U, the vector accumulators per output.
const unrollAccs = 4

// vectorReduction is the vector form chosen for the innermost reduction
// loop.
type vectorReduction struct {
	lanes, unroll int
	// dim is the loop dim the vector loop runs along (-1 when several
	// collapsed dims).
	dim int
	// combiners[k] is output k's combining op (nil in selection mode).
	combiners []*ir.Operation
	sel       *selection
}

// vectorForm returns the vector form of the innermost reduction loop lp,
// or nil when it keeps the scalar loop: the body must be a known combiner
// or selection, of ops that compute lane-wise, on inputs that move by 0
// or 1 element per step of lp.
func (r *reduction) vectorForm(lp *redLoop) *vectorReduction {
	dim := -1
	if len(lp.dims) == 1 {
		dim = lp.dims[0]
	}
	lanes := r.vectorWidth(lp.coef, dim, false)
	if lanes == 0 {
		return nil
	}
	if c, ok := constInt(lp.bound); ok && c < int64(lanes) {
		return nil // too short for one vector step
	}
	v := &vectorReduction{lanes: lanes, unroll: unrollAccs, dim: dim}
	if v.combiners = combiners(r.body, r.nIn); v.combiners != nil {
		return v
	}
	if v.sel = r.selectionForm(dim); v.sel != nil {
		v.unroll = 2
		return v
	}
	return nil
}

// vectorWidth returns the lanes of a vector loop whose steps move the
// accesses by coef (ins: 0 or 1 element; outs: 1 when outsMove, the
// outer layout's memory accumulators, else 0), or 0 when the body does
// not compute lane-wise: ops lowered lane-wise (registry.go) and
// linalg.index (dim is the vector loop's, whose lanes' indices it gives;
// -1 for collapsed dims, which a body reading indices does not have), on
// types a vector holds.
func (r *reduction) vectorWidth(coef []value.Value, dim int, outsMove bool) int {
	widest := 0
	for i, arg := range r.body.Args() {
		c, ok := constInt(coef[i])
		want := c == 0 || c == 1
		if i >= r.nIn {
			want = c == 0
			if outsMove {
				want = c == 1
			}
		}
		if !ok || !want {
			return 0
		}
		if !arg.HasUses() {
			continue
		}
		w := laneBytes(r.acc[i].buf.elem)
		if w == 0 {
			return 0
		}
		widest = max(widest, w)
	}
	for _, o := range r.body.Ops() {
		switch {
		case o.Def() == linalg.Yield, r.l.fused[r.op].skipped(o):
			continue
		case o.Def() == linalg.Index:
			// the lanes' indices along dim, the same index along another
		case !lanewise(o) || o.NumRegions() > 0:
			return 0
		}
		for _, v := range append(o.Results(), o.Operands()...) {
			w := laneBytes(v.Type())
			if w == 0 {
				return 0
			}
			widest = max(widest, w)
		}
	}
	if widest == 0 {
		return 0
	}
	return vectorBytes / widest
}

// laneBytes is vectorElemBytes, and 8 for index (i64 lanes: linalg.index
// and its casts in reduction bodies).
func laneBytes(t ir.Type) int {
	if t == ir.Index {
		return 8
	}
	return vectorElemBytes(t)
}

// combinerDefs are the combining ops whose partial results merge in any
// order.
var combinerDefs = map[*ir.OpDef]bool{
	arith.AddF: true, arith.MulF: true, arith.MaximumF: true, arith.MinimumF: true,
	arith.AddI: true, arith.MulI: true, arith.AndI: true, arith.OrI: true, arith.XOrI: true,
	arith.MaxSI: true, arith.MinSI: true, arith.MaxUI: true, arith.MinUI: true,
}

// combiners returns each output's combining op when the body yields
// c(out, g(ins)) for every output (see the top of the file), else nil.
func combiners(body *ir.Block, nIn int) []*ir.Operation {
	ops := body.Ops()
	term := ops[len(ops)-1]
	if term.Def() != linalg.Yield || term.NumOperands() != len(body.Args())-nIn {
		return nil
	}
	readsOut := outReaders(body, nIn)
	cs := make([]*ir.Operation, term.NumOperands())
	for k := range cs {
		out := body.Arg(nIn + k)
		c := term.Operand(k).DefiningOp()
		if c == nil || c.Block() != body || !combinerDefs[c.Def()] || !c.Result(0).HasOneUse() || len(out.Uses()) != 1 {
			return nil
		}
		g := c.Operand(1)
		if c.Operand(1) == out {
			g = c.Operand(0)
		} else if c.Operand(0) != out {
			return nil
		}
		if gd := g.DefiningOp(); g == out || gd != nil && readsOut[gd] || isOutArg(body, nIn, g) {
			return nil
		}
		cs[k] = c
	}
	return cs
}

// outReaders are the body's ops whose results depend on an output's
// block argument.
func outReaders(body *ir.Block, nIn int) map[*ir.Operation]bool {
	dep := map[*ir.Operation]bool{}
	for _, o := range body.Ops() {
		for _, v := range o.Operands() {
			if isOutArg(body, nIn, v) || v.DefiningOp() != nil && dep[v.DefiningOp()] {
				dep[o] = true
			}
		}
	}
	return dep
}

func isOutArg(body *ir.Block, nIn int, v *ir.Value) bool {
	for i := nIn; i < len(body.Args()); i++ {
		if body.Arg(i) == v {
			return true
		}
	}
	return false
}

// identity is the element that combining op c leaves the other operand
// unchanged with, for elements of type t.
func identity(c *ir.Operation, t ir.Type) constant.Constant {
	if ft, ok := t.(*ir.FloatType); ok {
		v := math.Copysign(0, -1) // -0 + x is x, even for x = -0
		switch c.Def() {
		case arith.MulF:
			v = 1
		case arith.MaximumF:
			v = math.Inf(-1)
		case arith.MinimumF:
			v = math.Inf(1)
		}
		return floatConst(ft, v)
	}
	lt, _ := scalarType(t)
	it := lt.(*lltypes.IntType)
	w := it.BitSize
	var v int64
	switch c.Def() {
	case arith.MulI:
		v = 1
	case arith.AndI, arith.MinUI:
		v = -1
	case arith.MaxSI:
		v = math.MinInt64 >> (64 - w)
	case arith.MinSI:
		v = math.MaxInt64 >> (64 - w)
	}
	return intConst(it, v)
}

// vectorLoops emits the vector form of loop lp (see the top of the file)
// and returns the accumulators' final values.
func (r *reduction) vectorLoops(lp *redLoop, ptrs, accs []value.Value) ([]value.Value, error) {
	l, v := r.l, r.vec
	n := lp.bound
	at := func(j value.Value, tag string) []value.Value { return r.advance(ptrs, lp.coef, j, tag) }
	var j value.Value = i64c(0)
	enough := l.cmp(enum.IPredSGE, n, i64c(int64(v.lanes)))
	if !isFalse(enough) {
		pre := l.cur
		var join *llir.Block
		if !isTrue(enough) {
			vec := l.newBlock("rvec.pre")
			join = l.laterBlock("rvec.join")
			pre.NewCondBr(enough, vec, join)
			l.cur = vec
		}
		jv, best, err := r.vectorPart(n, at, lp.coef, r.looseForm())
		if err != nil {
			return nil, err
		}
		done, err := r.finish(accs, best)
		if err != nil {
			return nil, err
		}
		j = jv
		if join != nil {
			l.cur.NewBr(join)
			join.Parent = l.f
			l.f.Blocks = append(l.f.Blocks, join)
			phiJ := join.NewPhi(incoming(i64c(0), pre), incoming(jv, l.cur))
			l.name(phiJ, "rvec.j")
			for k := range accs {
				p := join.NewPhi(incoming(accs[k], pre), incoming(done[k], l.cur))
				l.name(p, "rvec.acc")
				done[k] = p
			}
			l.cur = join
			j = phiJ
		}
		accs = done
	}
	_, out, err := l.loopCarried(j, n, 1, "rrest", accs, func(j value.Value, cur []value.Value) ([]value.Value, error) {
		if v.dim >= 0 {
			r.ivs[v.dim] = j
		}
		return r.scalarStep(at(j, "rs"), cur)
	})
	return out, err
}

// vectorPart emits the vector steps of the loop over n elements (inputs
// at(j)) with their lanes merged: it returns the index after the last
// vector step and each output's reduced value. With lc (looseForm) it
// first runs the loose pass and takes it when it is exact, else the exact
// steps.
func (r *reduction) vectorPart(n value.Value, at func(j value.Value, tag string) []value.Value, coef []value.Value, lc *looseCombine) (value.Value, []value.Value, error) {
	l := r.l
	if lc == nil {
		return r.vectorSteps(n, at, coef, nil)
	}
	jv, best, err := r.vectorSteps(n, at, coef, lc)
	if err != nil {
		return nil, nil, err
	}
	// exact unless a step saw a NaN or a result is a zero
	ok := l.signsClear(l.cur.NewBitCast(lc.flags, lc.ints(lc.flags.Type().(*lltypes.VectorType))))
	for _, b := range best {
		ok = l.cur.NewAnd(ok, l.cur.NewFCmp(enum.FPredONE, b, constant.NewFloat(b.Type().(*lltypes.FloatType), 0)))
	}
	looseEnd := l.cur
	exact := l.newBlock("rvec.exact")
	join := l.laterBlock("rvec.loose.join")
	looseEnd.NewCondBr(ok, join, exact)
	l.cur = exact
	jx, bestX, err := r.vectorSteps(n, at, coef, nil)
	if err != nil {
		return nil, nil, err
	}
	exactEnd := l.cur
	exactEnd.NewBr(join)
	l.enter(join)
	phiJ := join.NewPhi(incoming(jv, looseEnd), incoming(jx, exactEnd))
	l.name(phiJ, "rvec.jx")
	out := make([]value.Value, len(best))
	for k := range best {
		p := join.NewPhi(incoming(best[k], looseEnd), incoming(bestX[k], exactEnd))
		l.name(p, "rvec.best")
		out[k] = p
	}
	return phiJ, out, nil
}

// vectorSteps emits the unrolled vector loop, the merge of its slots, the
// loop of single vector steps and the horizontal merge (see the top of the
// file); with lc, loosely, each slot carrying a NaN flag after its
// outputs' vectors, which lc.flags holds at the end, or'ed.
func (r *reduction) vectorSteps(n value.Value, at func(j value.Value, tag string) []value.Value, coef []value.Value, lc *looseCombine) (value.Value, []value.Value, error) {
	l, v := r.l, r.vec
	l.loose = lc
	defer func() { l.loose = nil }()
	slot := r.identities()
	nOut := len(slot)
	if lc != nil {
		slot = append(slot, lc.zeroFlag(v.lanes))
	}
	w := len(slot)
	// step and merge work on one slot, its flag included
	step := func(j value.Value, cur []value.Value) ([]value.Value, error) {
		if lc == nil {
			return r.vectorStep(at(j, "rv"), coef, j, cur)
		}
		lc.flag = cur[nOut]
		s, err := r.vectorStep(at(j, "rv"), coef, j, cur[:nOut])
		s, lc.flag = append(s, lc.flag), nil
		return s, err
	}
	merge := func(a, b []value.Value) ([]value.Value, error) {
		m, err := r.mergeSlots(a[:nOut], b[:nOut], v.lanes)
		if lc != nil {
			m = append(m, lc.or(l, a[nOut], b[nOut]))
		}
		return m, err
	}
	var slots []value.Value
	for range v.unroll {
		slots = append(slots, slot...)
	}
	jv, slots, err := l.loopCarried(i64c(0), l.sub(n, i64c(int64(v.unroll*v.lanes-1))), int64(v.unroll*v.lanes), "rvu", slots,
		func(j value.Value, cur []value.Value) ([]value.Value, error) {
			var next []value.Value
			for u := range v.unroll {
				s, err := step(l.add(j, i64c(int64(u*v.lanes))), cur[u*w:(u+1)*w])
				if err != nil {
					return nil, err
				}
				next = append(next, s...)
			}
			return next, nil
		})
	if err != nil {
		return nil, nil, err
	}
	merged := slots[:w]
	for u := 1; u < v.unroll; u++ {
		if merged, err = merge(merged, slots[u*w:(u+1)*w]); err != nil {
			return nil, nil, err
		}
	}
	if v.unroll > 1 {
		jv, merged, err = l.loopCarried(jv, l.sub(n, i64c(int64(v.lanes-1))), int64(v.lanes), "rv1", merged, step)
		if err != nil {
			return nil, nil, err
		}
	}
	if lc != nil {
		lc.flags, merged = merged[nOut], merged[:nOut]
	}
	best, err := r.horizontal(merged, v.lanes)
	return jv, best, err
}

// vectorStep emits one vector step of the body on the inputs at ptrs,
// which move by coef per lane (the first lane's loop index j), and the
// accumulator vectors accs.
func (r *reduction) vectorStep(ptrs, coef []value.Value, j value.Value, accs []value.Value) ([]value.Value, error) {
	l, v := r.l, r.vec
	for i, arg := range r.body.Args() {
		switch {
		case !l.argRead(r.op, arg):
		case i >= r.nIn:
			l.vals[arg] = lval{scalar: accs[i-r.nIn]}
		default:
			elem := r.acc[i].buf.elem
			var x value.Value
			if c, _ := constInt(coef[i]); c == 0 {
				x = l.loadElem(elem, ptrs[i]) // does not move: splatted by scalarOf
			} else {
				x = l.vectorLoad(elem, ptrs[i], v.lanes, "v"+strconv.Itoa(i))
			}
			l.vals[arg] = lval{scalar: x}
		}
	}
	if v.dim >= 0 {
		r.ivs[v.dim] = j
	}
	l.prefetchRows(r.op, ptrs) // fuse_values.go
	l.lanes, l.vecIndexDim = v.lanes, v.dim
	ys, err := r.yields()
	l.lanes = 0
	return ys, err
}

// looseCombine is the loose pass of a vector loop whose combiners are
// all arith.maximumf or all arith.minimumf on f32 or f64, on x86-64
// (looseForm). Each step is a plain compare-and-select (vmaxps, vminps),
// which may drop a NaN and picks either of two equal zeros, and sets its
// lanes of a flag where the value combined is a NaN: the flag's set lanes
// are all ones, themselves a NaN, so one unordered comparison of the
// value with the flag updates it. Without a NaN, the maximum (minimum)
// of the values is unique but for the sign of a zero: the loose result is
// the exact one unless a flag is set or the result is a zero, when the
// exact steps run again over the same elements (vectorPart). A softmax's
// row maximum costs two instructions per vector instead of six.
type looseCombine struct {
	// ops are the combiners, each with the operand index of the value it
	// combines into the accumulator.
	ops map[*ir.Operation]int
	// flag is the NaN flag of the slot whose step is being lowered (nil in
	// the merges of slots); flags all slots' flags or'ed, at the end.
	flag, flags value.Value
	// elem is the combiners' element type (one for all).
	elem *lltypes.FloatType
}

// looseForm returns the loose pass of r's vector loop, or nil when it has
// none (see looseCombine).
func (r *reduction) looseForm() *looseCombine {
	v := r.vec
	if v.sel != nil || r.l.e.target.Arch() != "x86_64" || len(v.combiners) == 0 {
		return nil
	}
	t := v.combiners[0].Result(0).Type()
	lc := &looseCombine{ops: map[*ir.Operation]int{}, elem: f32t}
	if t == ir.F64T {
		lc.elem = f64t
	}
	for _, c := range v.combiners {
		d := c.Def()
		if d != v.combiners[0].Def() || d != arith.MaximumF && d != arith.MinimumF || c.Result(0).Type() != t || t != ir.F32T && t != ir.F64T {
			return nil
		}
		g := 0
		if isOutArg(r.body, r.nIn, c.Operand(0)) {
			g = 1
		}
		lc.ops[c] = g
	}
	return lc
}

// lower emits combiner op of a loose pass on a (vectors), or returns false
// when the op is not one (lc nil, another op, or scalars).
func (lc *looseCombine) lower(l *fnLowering, op *ir.Operation, a []value.Value, max bool) (value.Value, bool) {
	if lc == nil || l.lanes == 0 {
		return nil, false
	}
	g, ok := lc.ops[op]
	if !ok {
		return nil, false
	}
	b := l.cur
	pred := enum.FPredOLT
	if max {
		pred = enum.FPredOGT
	}
	if lc.flag != nil {
		vt := a[g].Type().(*lltypes.VectorType)
		lc.flag = b.NewBitCast(b.NewSExt(b.NewFCmp(enum.FPredUNO, a[g], lc.flag), lc.ints(vt)), vt)
	}
	return b.NewSelect(b.NewFCmp(pred, a[0], a[1]), a[0], a[1]), true
}

// zeroFlag is a NaN flag with no lane set.
func (lc *looseCombine) zeroFlag(lanes int) value.Value {
	return constant.NewZeroInitializer(lltypes.NewVector(uint64(lanes), lc.elem))
}

// ints is the vector of integers as wide as vt's floats.
func (lc *looseCombine) ints(vt *lltypes.VectorType) *lltypes.VectorType {
	w := uint64(32)
	if lc.elem == f64t {
		w = 64
	}
	return lltypes.NewVector(vt.Len, lltypes.NewInt(w))
}

// or merges two NaN flags.
func (lc *looseCombine) or(l *fnLowering, x, y value.Value) value.Value {
	vt := x.Type().(*lltypes.VectorType)
	it := lc.ints(vt)
	return l.cur.NewBitCast(l.cur.NewOr(l.cur.NewBitCast(x, it), l.cur.NewBitCast(y, it)), vt)
}

// identities are one slot of lane accumulators: identity vectors per
// output (combiners), or the selection's worst pair.
func (r *reduction) identities() []value.Value {
	v := r.vec
	if v.sel != nil {
		return r.selIdentities()
	}
	out := make([]value.Value, len(v.combiners))
	for k, c := range v.combiners {
		out[k] = r.l.splatN(identity(c, c.Result(0).Type()), v.lanes)
	}
	return out
}

// mergeSlots merges two slots of partial results (vectors of lanes
// elements, or scalars when lanes is 0).
func (r *reduction) mergeSlots(a, b []value.Value, lanes int) ([]value.Value, error) {
	if r.vec.sel != nil {
		return r.selMerge(a, b, lanes), nil
	}
	out := make([]value.Value, len(a))
	for k, c := range r.vec.combiners {
		x, err := r.combine(c, a[k], b[k], lanes)
		if err != nil {
			return nil, err
		}
		out[k] = x
	}
	return out, nil
}

// horizontal merges the lanes of a slot: halves until two lanes are left,
// then those two.
func (r *reduction) horizontal(s []value.Value, lanes int) ([]value.Value, error) {
	l := r.l
	for ; lanes > 2; lanes /= 2 {
		h := lanes / 2
		lo, hi := make([]value.Value, len(s)), make([]value.Value, len(s))
		for k, x := range s {
			lo[k], hi[k] = l.halves(x, h)
		}
		var err error
		if s, err = r.mergeSlots(lo, hi, h); err != nil {
			return nil, err
		}
	}
	a, b := make([]value.Value, len(s)), make([]value.Value, len(s))
	for k, x := range s {
		a[k] = l.cur.NewExtractElement(x, constant.NewInt(i32, 0))
		b[k] = l.cur.NewExtractElement(x, constant.NewInt(i32, 1))
	}
	return r.mergeSlots(a, b, 0)
}

// finish merges the reduced vector part into the accumulators.
func (r *reduction) finish(accs, best []value.Value) ([]value.Value, error) {
	if r.vec.sel != nil {
		return r.selFinish(accs, best)
	}
	return r.mergeSlots(accs, best, 0)
}

// combine lowers combining op c on a and b (vectors of lanes elements,
// or scalars) with the op's own lowering.
func (r *reduction) combine(c *ir.Operation, a, b value.Value, lanes int) (value.Value, error) {
	l := r.l
	x, y := c.Operand(0), c.Operand(1)
	sx, sy := l.vals[x], l.vals[y]
	l.vals[x], l.vals[y] = lval{scalar: a}, lval{scalar: b}
	saved := l.lanes
	l.lanes = lanes
	err := l.lowerOp(c)
	l.lanes = saved
	l.vals[x], l.vals[y] = sx, sy
	return l.vals[c.Result(0)].scalar, err
}

// halves splits vector x of 2h lanes into its low and high halves.
func (fb *fnBuilder) halves(x value.Value, h int) (lo, hi value.Value) {
	return halvesIn(fb.cur, x, h)
}

// halvesIn is halves, appending to block b.
func halvesIn(b *llir.Block, x value.Value, h int) (lo, hi value.Value) {
	mask := func(from int) constant.Constant {
		idx := make([]constant.Constant, h)
		for i := range idx {
			idx[i] = constant.NewInt(i32, int64(from+i))
		}
		return constant.NewVector(lltypes.NewVector(uint64(h), i32), idx...)
	}
	undef := constant.NewUndef(x.Type())
	return b.NewShuffleVector(x, undef, mask(0)), b.NewShuffleVector(x, undef, mask(h))
}

// signsClear returns whether no lane of integer vector x has its sign
// bit set: x's halves or'ed down to one register of the target
// (Target.regBytes), whose lanes' signs are tested at once (a vector of
// i1 wider than a register would be packed lane by lane).
func (fb *fnBuilder) signsClear(x value.Value) value.Value {
	return signsClearIn(fb.cur, x, fb.e.target.regBytes())
}

// signsClearIn is signsClear, appending to block b, for registers of
// regBytes bytes.
func signsClearIn(b *llir.Block, x value.Value, regBytes int) value.Value {
	vt := x.Type().(*lltypes.VectorType)
	bits := int(vt.ElemType.(*lltypes.IntType).BitSize)
	for n := int(vt.Len); n*bits/8 > regBytes; n /= 2 {
		lo, hi := halvesIn(b, x, n/2)
		x = b.NewOr(lo, hi)
	}
	vt = x.Type().(*lltypes.VectorType)
	neg := b.NewICmp(enum.IPredSLT, x, constant.NewZeroInitializer(vt))
	mask := lltypes.NewInt(vt.Len)
	return b.NewICmp(enum.IPredEQ, b.NewBitCast(neg, mask), constant.NewInt(mask, 0))
}

// splatN is the constant vector of lanes copies of c.
func (fb *fnBuilder) splatN(c constant.Constant, lanes int) value.Value {
	elems := make([]constant.Constant, lanes)
	for i := range elems {
		elems[i] = c
	}
	return constant.NewVector(lltypes.NewVector(uint64(lanes), c.Type()), elems...)
}
