package llvm

import (
	"fmt"
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file owns the loop-nest emitter for generics: counted loops (loop,
// loopFrom, and loopCarried with values carried in phis) and the nest of a
// generic's loops with each operand's pointer advanced per loop (loopNest,
// setCoefs), around one iteration of its body (genericBody). The vector
// form of the innermost loop is vector.go's; reductions' nests are
// reduce.go's.

// loopNest emits the loops of a generic whose operand accesses and loop
// bounds are known: the per-loop pointer increments, computed before the
// loops, then one loop per dim, d0 outermost, whose innermost level is
// vector code when the body allows it (vector.go), around the body.
func (l *fnLowering) loopNest(g *genericPlan) error {
	n := l.newParallelNest(g, 0, true)
	return n.emit(0, n.basePtrs())
}

// parallelNest is the loop nest of an all-parallel generic, set up: its
// loops from dim from on (the loops before are a fused group's, fuse.go)
// are emitted by emit, as often as needed.
type parallelNest struct {
	l      *fnLowering
	g      *genericPlan
	nLoops int
	ivs    []value.Value
	lanes  int
	stream value.Value
	base   []value.Value
}

// newParallelNest emits what comes before the loops of g from dim from
// on: the pointer increments, the operands' first elements and, when
// streamOK, the choice of streaming stores (vector.go).
func (l *fnLowering) newParallelNest(g *genericPlan, from int, streamOK bool) *parallelNest {
	nLoops := g.maps[0].NumDims
	// Strides and per-loop pointer increments, before the loops.
	for i, a := range g.acc {
		l.setCoefs(a, g.maps[i], nLoops)
	}
	n := &parallelNest{l: l, g: g, nLoops: nLoops, ivs: make([]value.Value, nLoops), stream: constant.False}
	n.base = make([]value.Value, len(g.acc))
	for i, a := range g.acc {
		n.base[i] = l.elemPtr(a.buf.elem, a.buf.ptr, a.base)
	}
	if nLoops > from {
		n.lanes = l.vectorLanes(g.op, g.acc, nLoops-1)
		if c, ok := constInt(g.bounds[nLoops-1]); ok && c < int64(n.lanes) {
			n.lanes = 0 // too short for one vector step
		}
	}
	if streamOK && n.lanes > 0 && !callsVecMath(g.op, l.fused[g.op]) {
		n.stream = l.streaming(g.acc, g.nIn)
	}
	return n
}

// basePtrs are the operands' pointers at the first iteration.
func (n *parallelNest) basePtrs() []value.Value { return n.base }

// emit emits the loops from dim d on, with the operands' pointers at the
// first iteration of those loops.
func (n *parallelNest) emit(d int, ptrs []value.Value) error {
	l, g := n.l, n.g
	if d == n.nLoops {
		return l.genericBody(g.op, g.acc, ptrs, n.ivs)
	}
	if d == n.nLoops-1 && n.lanes > 0 {
		if d == 0 && l.parallel() {
			return n.splitVectorLoop(ptrs)
		}
		return l.innerLoops(g.op, g.acc, ptrs, n.ivs, g.bounds[d], d, n.lanes, n.stream)
	}
	loop := l.outerLoop(d == 0, func() value.Value { return l.numElements(g.bounds) })
	return loop(g.bounds[d], fmt.Sprintf("d%d", d), func(iv value.Value) error {
		n.ivs[d] = iv
		return n.emit(d+1, l.advancePtrs(g.acc, ptrs, d, iv, "d"+strconv.Itoa(d)))
	})
}

// vectorBlock is the elements of the chunks of a one-dim generic's vector
// loop split across threads: a multiple of every vector width.
const vectorBlock = 1 << 14

// splitVectorLoop emits the only loop of a one-dim generic, its vector
// loop, split across threads in blocks of vectorBlock elements: each
// chunk runs the vector loop (with its remainder) over its elements.
// Lanes compute what scalar iterations do, so where a chunk's vector
// steps start changes no bit.
func (n *parallelNest) splitVectorLoop(ptrs []value.Value) error {
	l, g := n.l, n.g
	size := g.bounds[0]
	return l.outline(l.ceilDiv(size, vectorBlock), size, parallelGrain, "d0", func(begin, end, _ value.Value) error {
		j0 := l.mul(begin, i64c(vectorBlock))
		j1 := l.smin(l.mul(end, i64c(vectorBlock)), size)
		return l.innerLoops(g.op, g.acc, l.advancePtrs(g.acc, ptrs, 0, j0, "d0"), n.ivs, l.sub(j1, j0), 0, n.lanes, n.stream)
	})
}

// advancePtrs returns ptrs moved by iv steps of loop d (operands of one
// shape share their offset), the moved pointers named p<i>.<tag>; a nil
// pointer (a reduction's output without storage) stays nil.
func (l *fnLowering) advancePtrs(acc []*operandAccess, ptrs []value.Value, d int, iv value.Value, tag string) []value.Value {
	next := make([]value.Value, len(ptrs))
	offsets := map[coefKey]value.Value{} // operands of one shape share their offset
	for i, a := range acc {
		if ptrs[i] == nil {
			continue
		}
		k := keyOf(a.coef[d])
		off, ok := offsets[k]
		if !ok {
			off = l.mul(iv, a.coef[d])
			offsets[k] = off
		}
		next[i] = l.elemPtr(a.buf.elem, ptrs[i], off)
		if g, ok := next[i].(*llir.InstGetElementPtr); ok && next[i] != ptrs[i] {
			l.name(g, "p"+strconv.Itoa(i)+"."+tag)
		}
	}
	return next
}

// setCoefs computes a's per-loop pointer increments and base offset for
// its indexing map m over nLoops loops (emitted before the loops).
func (l *fnLowering) setCoefs(a *operandAccess, m affine.Map, nLoops int) {
	a.coef = make([]value.Value, nLoops)
	for d := range a.coef {
		a.coef[d] = i64c(0)
	}
	a.base = i64c(0)
	strides := l.stridesOf(a.buf)
	for j, r := range m.Results {
		coefs, c, _ := linearForm(r, nLoops)
		for d, k := range coefs {
			if k != 0 {
				a.coef[d] = l.add(a.coef[d], l.mul(i64c(k), strides[j]))
			}
		}
		a.base = l.add(a.base, l.mul(i64c(c), strides[j]))
	}
}

// coefKey identifies a coefficient: a constant by its value, another
// value by identity.
type coefKey struct {
	v       value.Value
	c       int64
	isConst bool
}

func keyOf(v value.Value) coefKey {
	if c, ok := constInt(v); ok {
		return coefKey{c: c, isConst: true}
	}
	return coefKey{v: v}
}

// genericBody emits one iteration: load the inputs the body reads, run its
// ops, store the yielded values.
func (l *fnLowering) genericBody(op *ir.Operation, acc []*operandAccess, ptrs, ivs []value.Value) error {
	body := linalg.Body(op)
	for i, arg := range body.Args() {
		if x, ok := l.given[arg]; ok {
			l.vals[arg] = lval{scalar: x}
			continue
		}
		if l.argRead(op, arg) {
			v := l.loadElem(acc[i].buf.elem, ptrs[i])
			if ld, ok := v.(*llir.InstLoad); ok {
				l.name(ld, "x"+strconv.Itoa(i))
			}
			l.vals[arg] = lval{scalar: v}
		}
	}
	term, err := l.lowerBody(op, ivs)
	if err != nil {
		return err
	}
	if term == nil || term.Def() != linalg.Yield {
		return ir.Errorf(op.Loc, "linalg.generic body does not end in linalg.yield")
	}
	nIn := len(acc) - term.NumOperands()
	for k := range term.NumOperands() {
		x, _ := l.scalarOf(term.Operand(k))
		if x == nil {
			return ir.Errorf(term.Loc, "linalg.yield of a value that is not lowered")
		}
		l.storeElem(acc[nIn+k].buf.elem, x, ptrs[nIn+k])
	}
	return nil
}

// loop emits `for (iv = 0; iv < n; iv++) body(iv)` and leaves fb.cur at the
// block after it.
func (fb *fnBuilder) loop(n value.Value, name string, body func(iv value.Value) error) error {
	pre := fb.cur
	header := fb.newBlock(name + ".loop")
	bodyB := fb.newBlock(name + ".body")
	exit := fb.laterBlock(name + ".end")
	pre.NewBr(header)
	iv := header.NewPhi(incoming(i64c(0), pre))
	fb.name(iv, name)
	more := header.NewICmp(enum.IPredSLT, iv, n)
	header.NewCondBr(more, bodyB, exit)
	fb.cur = bodyB
	if err := body(iv); err != nil {
		return err
	}
	next := fb.cur.NewAdd(iv, i64c(1))
	next.OverflowFlags = []enum.OverflowFlag{enum.OverflowFlagNUW, enum.OverflowFlagNSW}
	fb.name(next, name+".next")
	fb.cur.NewBr(header)
	iv.Incs = append(iv.Incs, incoming(next, fb.cur))
	fb.enter(exit)
	return nil
}

// loopCarried emits `for (iv = start; iv < limit; iv += step)` with the
// values init carried around the loop in phis: body gets their current
// values and returns the next ones. It leaves fb.cur at the block after
// the loop and returns iv's and the carried values' final values.
func (fb *fnBuilder) loopCarried(start, limit value.Value, step int64, name string, init []value.Value,
	body func(iv value.Value, cur []value.Value) ([]value.Value, error)) (value.Value, []value.Value, error) {
	pre := fb.cur
	header := fb.newBlock(name + ".loop")
	bodyB := fb.newBlock(name + ".body")
	exit := fb.laterBlock(name + ".end")
	pre.NewBr(header)
	iv := header.NewPhi(incoming(start, pre))
	fb.name(iv, name)
	phis := make([]*llir.InstPhi, len(init))
	cur := make([]value.Value, len(init))
	for k, x := range init {
		phis[k] = header.NewPhi(incoming(x, pre))
		fb.name(phis[k], name+".acc"+strconv.Itoa(k))
		cur[k] = phis[k]
	}
	more := header.NewICmp(enum.IPredSLT, iv, limit)
	header.NewCondBr(more, bodyB, exit)
	fb.cur = bodyB
	next, err := body(iv, cur)
	if err != nil {
		return nil, nil, err
	}
	inc := fb.cur.NewAdd(iv, i64c(step))
	inc.OverflowFlags = []enum.OverflowFlag{enum.OverflowFlagNSW}
	fb.name(inc, name+".next")
	fb.cur.NewBr(header)
	iv.Incs = append(iv.Incs, incoming(inc, fb.cur))
	for k, p := range phis {
		p.Incs = append(p.Incs, incoming(next[k], fb.cur))
	}
	fb.enter(exit)
	return iv, cur, nil
}

// loopFrom emits `for (iv = start; iv < limit; iv += step) body(iv)`,
// leaves fb.cur at the block after it and returns iv's final value.
func (fb *fnBuilder) loopFrom(start, limit value.Value, step int64, name string, body func(iv value.Value) error) (value.Value, error) {
	pre := fb.cur
	header := fb.newBlock(name + ".loop")
	bodyB := fb.newBlock(name + ".body")
	exit := fb.laterBlock(name + ".end")
	pre.NewBr(header)
	iv := header.NewPhi(incoming(start, pre))
	fb.name(iv, name)
	more := header.NewICmp(enum.IPredSLT, iv, limit)
	header.NewCondBr(more, bodyB, exit)
	fb.cur = bodyB
	if err := body(iv); err != nil {
		return nil, err
	}
	next := fb.cur.NewAdd(iv, i64c(step))
	next.OverflowFlags = []enum.OverflowFlag{enum.OverflowFlagNSW}
	fb.name(next, name+".next")
	fb.cur.NewBr(header)
	iv.Incs = append(iv.Incs, incoming(next, fb.cur))
	fb.enter(exit)
	return iv, nil
}
