package llvm

import (
	"strconv"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers linalg.generic with reduction iterators: the choice of
// loop order, the loop nest with the accumulators carried in registers,
// and the initial values; the vector forms are reduce_vector.go's (a
// reduction along the innermost dim) and reduce_outer.go's (along an outer
// dim), the argmax-style reductions argmax.go's.
//
// The body is a fold: each output element starts as its init (the outs
// operand's element) and every iteration replaces it by what the body
// yields from the inputs' elements and its current value, in loop order
// (the interpreter's semantics). Any order of the parallel loops gives the
// same results, and so does any order of the reduction loops that keeps
// their relative order, which the nests below keep unless the combiner is
// reassociable (reduce_vector.go).
//
// Inner layout (the default): the parallel loops outermost, in their
// order, then the reduction loops; each output element's accumulator is a
// register (a phi) through the reduction loops, loaded from its init once
// and stored once. Adjacent reduction loops over contiguous memory are
// collapsed into one (a full reduction of a row-major matrix is one loop),
// and the innermost is vector code when the body is a known combiner
// (reduce_vector.go, argmax.go).
//
// Outer layout, for reductions whose inputs are contiguous along the last
// parallel dim but not along the reduction dims (a column sum of a
// row-major matrix): the outputs are first set to their inits, then the
// other parallel loops, the reduction loops and innermost the last parallel
// loop, vector code across it (reduce_outer.go). Each element still
// accumulates in loop order, so any body works, exactly.
//
// The init of an output is read where it is: a fill (an all-parallel
// generic, or linalg.fill, whose value is the same everywhere and which
// only reductions read: fill.go) is its scalar, never stored; another
// buffer is read in place, not copied into the output first.

// reduction is one reduction generic being lowered.
type reduction struct {
	l    *fnLowering
	op   *ir.Operation
	body *ir.Block
	nIn  int
	// acc are the inputs' and outputs' accesses (outputs: their
	// storage), then those of the inits read from other buffers; initAt
	// is the index in acc of output k's init access, or -1.
	acc    []*operandAccess
	initAt []int
	// fill is output k's fill value when its init is a fill.
	fill   []value.Value
	bounds []value.Value
	// par and red are the parallel and reduction loop dims, in order.
	par, red []int
	ivs      []value.Value
	// outer marks the outer layout (reduce_outer.go); loops are the
	// reduction loops of the inner layout and vec the vector form of the
	// innermost, if any.
	outer bool
	loops []*redLoop
	vec   *vectorReduction
}

// redLoop is one loop of the reduction nest: one reduction dim, or
// several adjacent ones collapsed.
type redLoop struct {
	dims  []int
	bound value.Value
	// coef is the pointer increment of each access (reduction.acc) per
	// step.
	coef []value.Value
}

// lowerReduction emits the loops of a reduction generic whose operand
// accesses, loop bounds and output storage prepareGeneric set up.
func (l *fnLowering) lowerReduction(g *genericPlan) error {
	if m := l.matmulOf(g); m != nil {
		return m.emit(l) // matmul.go
	}
	r, err := l.newReduction(g, 0)
	if err != nil {
		return err
	}
	if r.outer {
		return r.emitOuter()
	}
	return r.nestInner(0, r.basePtrs())
}

// newReduction sets up the loops of reduction g (emitting what comes
// before them): with shared > 0 its first shared loops, parallel, are a
// fused group's (fuse.go), and the rest take the inner layout, which
// nestInner emits per iteration of those.
func (l *fnLowering) newReduction(g *genericPlan, shared int) (*reduction, error) {
	op, maps, acc, bounds, nIn, inits := g.op, g.maps, g.acc, g.bounds, g.nIn, g.inits
	nLoops := len(bounds)
	r := &reduction{l: l, op: op, body: linalg.Body(op), nIn: nIn, bounds: bounds, ivs: make([]value.Value, nLoops)}
	for d, it := range linalg.IteratorTypesView(op) {
		if it == linalg.Reduction {
			r.red = append(r.red, d)
		} else {
			r.par = append(r.par, d)
		}
	}
	for k := nIn; k < len(maps); k++ {
		for _, res := range maps[k].Results {
			coefs, _, _ := linearForm(res, nLoops)
			for _, d := range r.red {
				if coefs[d] != 0 {
					return nil, ir.Errorf(op.Loc, "linalg.generic output #%d, whose indexing map %s uses reduction loop d%d, is not lowered to LLVM IR (an output element must stay in place through the reduction loops)", k-nIn, maps[k], d)
				}
			}
		}
	}
	for i, a := range acc {
		l.setCoefs(a, maps[i], nLoops)
	}
	r.acc = acc
	r.initAt = make([]int, len(inits))
	r.fill = make([]value.Value, len(inits))
	for k, b := range inits {
		r.initAt[k] = -1
		switch dest := acc[nIn+k].buf; {
		case b.hasFill:
			r.fill[k] = b.fill
		case b.ptr != nil && b.ptr != dest.ptr:
			a := &operandAccess{buf: b}
			l.setCoefs(a, maps[nIn+k], nLoops)
			r.initAt[k] = len(r.acc)
			r.acc = append(r.acc, a)
		}
	}
	if shared == 0 && r.outerLayout() {
		for k := range inits {
			if d := acc[nIn+k].buf; d.ptr == nil {
				d.ptr = l.alloc(d.elem, d.dims) // an unused result accumulates too
			}
		}
		r.outer = true
		return r, nil
	}
	r.loops = r.reductionLoops()
	if len(r.loops) > 0 {
		r.vec = r.vectorForm(r.loops[len(r.loops)-1])
	}
	return r, nil
}

// basePtrs are the accesses' pointers at the first iteration.
func (r *reduction) basePtrs() []value.Value {
	ptrs := make([]value.Value, len(r.acc))
	for i, a := range r.acc {
		if a.buf.ptr != nil { // nil: an unused result of the inner layout
			ptrs[i] = r.l.elemPtr(a.buf.elem, a.buf.ptr, a.base)
		}
	}
	return ptrs
}

// advance returns ptrs moved by iv steps of a loop whose per-access
// increments are coef (operands of one shape share their offset).
func (r *reduction) advance(ptrs, coef []value.Value, iv value.Value, tag string) []value.Value {
	l := r.l
	next := make([]value.Value, len(ptrs))
	offsets := map[coefKey]value.Value{}
	for i, a := range r.acc {
		if ptrs[i] == nil {
			continue
		}
		k := keyOf(coef[i])
		off, ok := offsets[k]
		if !ok {
			off = l.mul(iv, coef[i])
			offsets[k] = off
		}
		next[i] = l.elemPtr(a.buf.elem, ptrs[i], off)
		if g, ok := next[i].(*llir.InstGetElementPtr); ok && next[i] != ptrs[i] {
			l.name(g, "p"+strconv.Itoa(i)+"."+tag)
		}
	}
	return next
}

// dimCoefs are the accesses' increments per step of loop d.
func (r *reduction) dimCoefs(d int) []value.Value {
	c := make([]value.Value, len(r.acc))
	for i, a := range r.acc {
		c[i] = a.coef[d]
	}
	return c
}

// reductionLoops are the reduction dims as loops, outermost first, with
// adjacent dims collapsed into one loop when every access steps through
// them as through one contiguous dim (and the body does not read their
// indices).
func (r *reduction) reductionLoops() []*redLoop {
	var loops []*redLoop
	usesIndex := false
	r.op.Walk(func(o *ir.Operation) bool {
		usesIndex = usesIndex || o.Def() == linalg.Index
		return true
	})
	for _, d := range r.red {
		cur := &redLoop{dims: []int{d}, bound: r.bounds[d], coef: r.dimCoefs(d)}
		if n := len(loops); n > 0 && !usesIndex && r.contiguous(loops[n-1], cur) {
			prev := loops[n-1]
			prev.dims = append(prev.dims, d)
			prev.bound = r.l.mul(prev.bound, cur.bound)
			prev.coef = cur.coef
			continue
		}
		loops = append(loops, cur)
	}
	return loops
}

// contiguous reports whether, for every access, a step of outer is
// inner.bound steps of inner.
func (r *reduction) contiguous(outer, inner *redLoop) bool {
	for i := range r.acc {
		o, in := outer.coef[i], inner.coef[i]
		c, ok := constInt(in)
		switch {
		case !ok:
			return false
		case c == 0:
			if oc, ok := constInt(o); !ok || oc != 0 {
				return false
			}
		case c == 1:
			if keyOf(o) != keyOf(inner.bound) {
				return false
			}
		default:
			b, bok := constInt(inner.bound)
			oc, ook := constInt(o)
			if !bok || !ook || oc != b*c {
				return false
			}
		}
	}
	return true
}

// nestInner emits the inner layout (see the top of the file) from the
// parallel loop par[pi] on, with the accesses' pointers at its first
// iteration.
func (r *reduction) nestInner(pi int, ptrs []value.Value) error {
	l := r.l
	if pi < len(r.par) {
		d := r.par[pi]
		tag := "d" + strconv.Itoa(d)
		loop := l.outerLoop(pi == 0, func() value.Value { return l.numElements(r.bounds) })
		return loop(r.bounds[d], tag, func(iv value.Value) error {
			r.ivs[d] = iv
			return r.nestInner(pi+1, r.advance(ptrs, r.dimCoefs(d), iv, tag))
		})
	}
	accs := r.initialValues(ptrs)
	accs, err := r.reduceLoops(r.loops, 0, ptrs, accs)
	if err != nil {
		return err
	}
	for k, x := range accs {
		if p := ptrs[r.nIn+k]; p != nil {
			l.storeElem(r.acc[r.nIn+k].buf.elem, x, p)
		}
	}
	return nil
}

// initialValues are the outputs' inits at ptrs: fills, loads from the
// init buffers, or loads of the outputs' storage (which holds the init, or
// nothing for a tensor.empty).
func (r *reduction) initialValues(ptrs []value.Value) []value.Value {
	accs := make([]value.Value, len(r.fill))
	for k := range accs {
		switch {
		case r.fill[k] != nil:
			accs[k] = r.fill[k]
		case r.initAt[k] >= 0:
			i := r.initAt[k]
			accs[k] = r.l.loadElem(r.acc[i].buf.elem, ptrs[i])
		case ptrs[r.nIn+k] == nil:
			accs[k] = zeroOf(r.acc[r.nIn+k].buf.elem) // unused, from a tensor.empty
		default:
			accs[k] = r.l.loadElem(r.acc[r.nIn+k].buf.elem, ptrs[r.nIn+k])
		}
		if ld, ok := accs[k].(*llir.InstLoad); ok {
			r.l.name(ld, "init"+strconv.Itoa(k))
		}
	}
	return accs
}

// reduceLoops emits loops[level:] around the body, carrying the
// accumulators accs, and returns their final values.
func (r *reduction) reduceLoops(loops []*redLoop, level int, ptrs, accs []value.Value) ([]value.Value, error) {
	if level == len(loops) {
		return r.scalarStep(ptrs, accs)
	}
	lp := loops[level]
	if level == len(loops)-1 && r.vec != nil {
		return r.vectorLoops(lp, ptrs, accs)
	}
	tag := "r" + dimsTag(lp.dims)
	_, out, err := r.l.loopCarried(i64c(0), lp.bound, 1, tag, accs, func(iv value.Value, cur []value.Value) ([]value.Value, error) {
		if len(lp.dims) == 1 {
			r.ivs[lp.dims[0]] = iv
		}
		return r.reduceLoops(loops, level+1, r.advance(ptrs, lp.coef, iv, tag), cur)
	})
	return out, err
}

func dimsTag(dims []int) string {
	var sb strings.Builder
	for i, d := range dims {
		if i > 0 {
			sb.WriteByte('_')
		}
		sb.WriteString(strconv.Itoa(d))
	}
	return sb.String()
}

// scalarStep emits one iteration of the body on the inputs' elements at
// ptrs and the accumulators accs, and returns what it yields.
func (r *reduction) scalarStep(ptrs, accs []value.Value) ([]value.Value, error) {
	l := r.l
	for i, arg := range r.body.Args() {
		if !l.argRead(r.op, arg) {
			continue
		}
		if i >= r.nIn {
			l.vals[arg] = lval{scalar: accs[i-r.nIn]}
			continue
		}
		v := l.loadElem(r.acc[i].buf.elem, ptrs[i])
		if ld, ok := v.(*llir.InstLoad); ok {
			l.name(ld, "x"+strconv.Itoa(i))
		}
		l.vals[arg] = lval{scalar: v}
	}
	return r.yields()
}

// yields lowers the body (its args bound) and returns the yielded values.
func (r *reduction) yields() ([]value.Value, error) {
	l := r.l
	term, err := l.lowerBody(r.op, r.ivs)
	if err != nil {
		return nil, err
	}
	if term == nil || term.Def() != linalg.Yield {
		return nil, ir.Errorf(r.op.Loc, "linalg.generic body does not end in linalg.yield")
	}
	ys := make([]value.Value, term.NumOperands())
	for k := range ys {
		y, ok := l.scalarOf(term.Operand(k))
		if !ok {
			return nil, ir.Errorf(term.Loc, "linalg.yield of a value that is not lowered")
		}
		ys[k] = y
	}
	return ys, nil
}

// setInits writes every output's init into its storage (the outer
// layout accumulates there): a fill, or a copy of the init buffer.
func (r *reduction) setInits() {
	l := r.l
	for k := range r.fill {
		dest := r.acc[r.nIn+k].buf
		switch {
		case r.fill[k] != nil:
			l.fillBuffer(dest, r.fill[k])
		case r.initAt[k] >= 0:
			l.copyBuffer(dest, r.acc[r.initAt[k]].buf)
		}
	}
}

// noStream is the stream parameter of vector.go's inner loop: reductions
// never stream their outputs.
var noStream value.Value = constant.False

// zeroOf is the zero of elem in registers.
func zeroOf(elem ir.Type) value.Value {
	switch t := elem.(type) {
	case *ir.FloatType:
		return floatConst(t, 0)
	case *ir.ComplexType:
		return complexConst(t, 0)
	}
	lt, _ := scalarType(elem)
	return intConst(lt.(*lltypes.IntType), 0)
}
