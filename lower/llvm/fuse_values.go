package llvm

import (
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file owns what the members of a fused group (fuse.go) do in their
// bodies beyond an unfused generic: keep values per row instead of
// computing them again, and prefetch the next row.
//
// Row values. linalg's elementwise fusion puts an expensive producer into
// each of its consumers rather than keep a temporary (the cost rule of
// FuseElementwiseOps), so a softmax's sum reduction and its division both
// compute exp(x - m). In the group's row loop the earlier member stores
// such a value for each element of the row in a row buffer, and the later
// ones load it instead of computing it again:
//
//	for i (the shared loops):
//	    for j: m = maximum(m, x[i,j])
//	    for j: e = exp(x[i,j] - m); s = s + e; row[j] = e
//	    for j: y[i,j] = row[j] / s
//
// A value v of a later member's body is loaded so (planRowValues) when
//
//   - both members have one loop after the shared ones, the last (a row is
//     one-dimensional, indexed by that loop);
//   - v is the same expression in both bodies: the same pure ops
//     (definitions, attributes, result types), whose leaves
//     are the same values from outside the bodies, or inputs that are the
//     same tensor read through the same indexing map; one of those maps has
//     the row's loop dim as a result, so v changes along the row and the
//     two members' rows have the same length (each checks that tensor's
//     size against its loop bound);
//   - the expression has a costly op (a division, a square root, a math
//     function: registry.go), v is an f32 or f64, and the later body needs
//     v itself, not only a larger expression that is loaded too;
//   - the earlier member computes v: the first member that does stores
//     it, and a member that loads v loads it from that buffer.
//
// The ops of a body that only loaded values need are not lowered, nor are
// the inputs that only they read loaded. The stored value is what the
// later member would have computed, bit for bit: the same instructions,
// lane for lane (vector.go). A row buffer holds one row (on the stack when
// it is at most rowStackBytes, else from malloc), written and read in
// cache.
//
// Prefetching. The first member of a group reads each row of its inputs
// from memory, and the hardware prefetcher follows it; the later members
// find the row in cache and, bound by arithmetic, leave the memory idle.
// So each later member's vector loop prefetches, into the second-level
// cache, one vector step of the next row (the next iteration of the
// innermost shared loop) of each input it reads that is not a result of
// the group and is contiguous along the row: by the time the next row's
// first member reads it, it is there. A prefetch is a hint: its address
// past the last row is harmless (llvm.prefetch never faults).

// rowValue is a value kept per element of the row: its producer's body
// stores it in the row buffer at ptr, which lowerGroup allocates with the
// producer's loop bound for the row.
type rowValue struct {
	producer *ir.Operation
	v        *ir.Value
	elem     ir.Type
	ptr      value.Value
}

// fusedBody is what a member of a fused group does in its body beyond an
// unfused generic (see the top of the file).
type fusedBody struct {
	// dim is the loop dim along the row (the last; only used when the
	// member loads or stores row values).
	dim int
	// load are the body's values loaded from a row buffer instead of
	// computed, in body order; store the values stored after the body
	// runs; skip the ops not lowered.
	load  []*ir.Value
	loads map[*ir.Value]*rowValue
	store []*rowValue
	skip  map[*ir.Operation]bool
	// prefetch are the inputs whose next row the vector loop prefetches;
	// rowStep their pointers' increment per step of the innermost shared
	// loop (set with the loops' strides).
	prefetch []int
	rowStep  []value.Value
}

// planBodies plans the row values and prefetches of a group's members
// (see the top of the file); results are the group's results.
func planBodies(members []*ir.Operation, shared int, results map[*ir.Value]affine.Map) (map[*ir.Operation]*fusedBody, []*rowValue) {
	bodies := map[*ir.Operation]*fusedBody{}
	var values []*rowValue
	for mi, b := range members {
		fb := &fusedBody{dim: shared, loads: map[*ir.Value]*rowValue{}, skip: map[*ir.Operation]bool{}}
		bodies[b] = fb
		sources := map[*ir.Value]source{}
		if rowShaped(b, shared) {
			for _, o := range linalg.Body(b).Ops() {
				if o.NumResults() != 1 || !loadable(o) {
					continue
				}
				if src, ok := findSource(members[:mi], bodies, b, o.Result(0), shared); ok {
					sources[o.Result(0)] = src
				}
			}
		}
		fb.planSkips(linalg.Body(b), sources)
		for _, v := range fb.load {
			fb.loads[v] = sources[v].rowValue(bodies, &values)
		}
		if mi > 0 {
			fb.prefetch = prefetchInputs(b, fb, shared, results)
		}
	}
	return bodies, values
}

// source is where a value of a member's body can be loaded from: value y
// of earlier member a's body.
type source struct {
	a *ir.Operation
	y *ir.Value
}

// rowValue returns the row value of s: the one a loads y from, or the one
// a stores y in (made on first use, and added to values).
func (s source) rowValue(bodies map[*ir.Operation]*fusedBody, values *[]*rowValue) *rowValue {
	fa := bodies[s.a]
	if rv := fa.loads[s.y]; rv != nil {
		return rv
	}
	for _, rv := range fa.store {
		if rv.v == s.y {
			return rv
		}
	}
	rv := &rowValue{producer: s.a, v: s.y, elem: s.y.Type()}
	fa.store = append(fa.store, rv)
	*values = append(*values, rv)
	return rv
}

// rowShaped reports whether generic op has one loop after the shared
// ones, and one output.
func rowShaped(op *ir.Operation, shared int) bool {
	// One output: not an argmax-style reduction, whose vector form
	// evaluates the body once more on a selected element (argmax.go).
	return len(linalg.IteratorTypesView(op)) == shared+1 && op.NumResults() == 1
}

// loadable reports whether o's result may be kept per row: an f32 or f64
// computed by an op that may be part of such an expression.
func loadable(o *ir.Operation) bool {
	ft, ok := o.Result(0).Type().(*ir.FloatType)
	if !ok || ft.Kind != ir.F32 && ft.Kind != ir.F64 {
		return false
	}
	return matchableOp(o)
}

// matchableOp reports whether o may be part of an expression kept per
// row: pure, without regions, not linalg.index (its value is a loop's,
// not an element's).
func matchableOp(o *ir.Operation) bool {
	return o.HasTrait(ir.Pure) && o.NumRegions() == 0 && o.Def() != linalg.Index
}

// findSource returns where v, a value of member b's body, can be loaded
// from: the first earlier member that computes or loads the same
// expression, when v is costly and changes along the row.
func findSource(earlier []*ir.Operation, bodies map[*ir.Operation]*fusedBody, b *ir.Operation, v *ir.Value, shared int) (source, bool) {
	body := linalg.Body(b)
	if !costlyExpr(v, body, map[*ir.Value]bool{}) || !alongRow(v, b, shared, map[*ir.Value]bool{}) {
		return source{}, false
	}
	for _, a := range earlier {
		if !rowShaped(a, shared) {
			continue
		}
		m := newExprMatch(a, b)
		fa := bodies[a]
		for _, o := range linalg.Body(a).Ops() {
			if o.NumResults() != 1 {
				continue
			}
			y := o.Result(0)
			if o.Def() != v.DefiningOp().Def() || (fa.skip[o] && fa.loads[y] == nil) || !m.same(v, y) {
				continue // (a member that neither computes nor loads y cannot store it)
			}
			return source{a, y}, true
		}
	}
	return source{}, false
}

// costlyExpr reports whether v's expression in body has a costly op.
func costlyExpr(v *ir.Value, body *ir.Block, seen map[*ir.Value]bool) bool {
	o := v.DefiningOp()
	if o == nil || o.Block() != body || seen[v] {
		return false
	}
	seen[v] = true
	if isCostly(o) {
		return true
	}
	for _, w := range o.Operands() {
		if costlyExpr(w, body, seen) {
			return true
		}
	}
	return false
}

// alongRow reports whether v's expression in generic op's body has an
// input leaf whose indexing map has the row's loop dim (shared) as a
// result.
func alongRow(v *ir.Value, op *ir.Operation, shared int, seen map[*ir.Value]bool) bool {
	body := linalg.Body(op)
	if seen[v] {
		return false
	}
	seen[v] = true
	if v.IsBlockArg() {
		if v.OwnerBlock() != body || v.Index() >= linalg.NumInputs(op) {
			return false
		}
		for _, r := range linalg.IndexingMapsView(op)[v.Index()].Results {
			if d, ok := r.(affine.DimExpr); ok && d.Position == shared {
				return true
			}
		}
		return false
	}
	o := v.DefiningOp()
	if o.Block() != body {
		return false
	}
	for _, w := range o.Operands() {
		if alongRow(w, op, shared, seen) {
			return true
		}
	}
	return false
}

// exprMatch compares expressions of two generics' bodies: a value x of
// b's and a value y of a's (see the top of the file).
type exprMatch struct {
	a, b   *ir.Operation
	ba, bb *ir.Block
	ma, mb []affine.Map
	memo   map[[2]*ir.Value]bool
}

func newExprMatch(a, b *ir.Operation) *exprMatch {
	return &exprMatch{a: a, b: b, ba: linalg.Body(a), bb: linalg.Body(b),
		ma: linalg.IndexingMapsView(a), mb: linalg.IndexingMapsView(b), memo: map[[2]*ir.Value]bool{}}
}

// same reports whether x (of b's body or from outside it) and y (of a's)
// are the same expression.
func (m *exprMatch) same(x, y *ir.Value) bool {
	key := [2]*ir.Value{x, y}
	if r, ok := m.memo[key]; ok {
		return r
	}
	r := m.compare(x, y)
	m.memo[key] = r
	return r
}

func (m *exprMatch) compare(x, y *ir.Value) bool {
	xin, yin := definedIn(x, m.bb), definedIn(y, m.ba)
	if !xin || !yin {
		return !xin && !yin && x == y
	}
	if x.IsBlockArg() || y.IsBlockArg() {
		if !x.IsBlockArg() || !y.IsBlockArg() {
			return false
		}
		i, j := x.Index(), y.Index()
		if i >= linalg.NumInputs(m.b) || j >= linalg.NumInputs(m.a) {
			return false // an output's element: an accumulator
		}
		return m.b.Operand(i) == m.a.Operand(j) && m.mb[i].Equal(m.ma[j])
	}
	ox, oy := x.DefiningOp(), y.DefiningOp()
	if x.Index() != y.Index() || !sameOp(ox, oy) {
		return false
	}
	n := ox.NumOperands()
	pairwise := true
	for i := range n {
		pairwise = pairwise && m.same(ox.Operand(i), oy.Operand(i))
	}
	if pairwise {
		return true
	}
	return n == 2 && ox.HasTrait(ir.Commutative) && m.same(ox.Operand(0), oy.Operand(1)) && m.same(ox.Operand(1), oy.Operand(0))
}

// definedIn reports whether v is a block argument of body or a result of
// one of its ops.
func definedIn(v *ir.Value, body *ir.Block) bool {
	if v.IsBlockArg() {
		return v.OwnerBlock() == body
	}
	return v.DefiningOp().Block() == body
}

// sameOp reports whether two ops compute the same function of their
// operands: the same definition, attributes and result types, pure.
func sameOp(a, b *ir.Operation) bool {
	if a.Def() != b.Def() || !matchableOp(a) || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() {
		return false
	}
	for i, r := range a.Results() {
		if r.Type() != b.Result(i).Type() {
			return false
		}
	}
	la, lb := a.Attrs.List(), b.Attrs.List()
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if la[i].Name != lb[i].Name || !ir.AttrEqual(la[i].Value, lb[i].Value) {
			return false
		}
	}
	return true
}

// planSkips decides which of the values that have a source (findSource)
// the body loads: those it needs, walking back from its yield (a loaded
// value's operands are not needed); and marks the ops nothing needs as
// skipped.
func (fb *fusedBody) planSkips(body *ir.Block, sources map[*ir.Value]source) {
	needed := map[*ir.Operation]bool{}
	loaded := map[*ir.Value]bool{}
	var need func(v *ir.Value)
	need = func(v *ir.Value) {
		o := v.DefiningOp()
		if o == nil || o.Block() != body || needed[o] || loaded[v] {
			return
		}
		if _, ok := sources[v]; ok {
			loaded[v] = true
			return
		}
		needed[o] = true
		for _, w := range o.Operands() {
			need(w)
		}
		if o.Def() == arith.DivF {
			if x := logisticArg(o, o.Result(0).Type()); x != nil {
				need(x) // the logistic reads x, not the division's operands (scalar.go)
			}
		}
	}
	term := body.Terminator()
	for _, w := range term.Operands() {
		need(w)
	}
	for _, o := range body.Ops() {
		if o == term {
			continue
		}
		if !needed[o] {
			fb.skip[o] = true
		}
		if o.NumResults() == 1 && loaded[o.Result(0)] {
			fb.load = append(fb.load, o.Result(0))
		}
	}
}

// prefetchInputs are the inputs of member op whose next row its vector
// loop prefetches (see the top of the file): read by the body, not
// results of the group, and moving with the innermost shared loop.
func prefetchInputs(op *ir.Operation, fb *fusedBody, shared int, results map[*ir.Value]affine.Map) []int {
	var ins []int
	maps := linalg.IndexingMapsView(op)
	body := linalg.Body(op)
	for i := range linalg.NumInputs(op) {
		if _, ok := results[op.Operand(i)]; ok || !fb.reads(body.Arg(i)) {
			continue
		}
		coefs := make([]int64, maps[i].NumDims)
		for _, r := range maps[i].Results {
			c, _, _ := linearForm(r, maps[i].NumDims)
			for d, k := range c {
				coefs[d] += k
			}
		}
		if coefs[shared-1] != 0 {
			ins = append(ins, i)
		}
	}
	return ins
}

// skipped reports whether the body does not lower op.
func (fb *fusedBody) skipped(op *ir.Operation) bool { return fb != nil && fb.skip[op] }

// reads reports whether the body reads block argument arg in an op it
// lowers.
func (fb *fusedBody) reads(arg *ir.Value) bool {
	for _, u := range arg.Uses() {
		if !fb.skipped(u.Owner()) {
			return true
		}
	}
	return false
}

// argRead reports whether the body of generic op, as lowered, reads its
// block argument arg.
func (l *fnLowering) argRead(op *ir.Operation, arg *ir.Value) bool {
	return l.fused[op].reads(arg)
}

// lowerBody lowers the body of generic op for one iteration or one vector
// step, its arguments bound, with ivs the loop indices, and returns its
// terminator. A member of a fused group loads its row values first,
// lowers only the ops it needs, and then stores the values later members
// load.
func (l *fnLowering) lowerBody(op *ir.Operation, ivs []value.Value) (*ir.Operation, error) {
	saved := l.ivs
	l.ivs = ivs
	defer func() { l.ivs = saved }()
	fb := l.fused[op]
	if fb == nil {
		return l.lowerBlock(linalg.Body(op))
	}
	for _, v := range fb.load {
		rv := fb.loads[v]
		p := l.elemPtr(rv.elem, rv.ptr, ivs[fb.dim])
		if l.lanes > 0 {
			l.vals[v] = lval{scalar: l.vectorLoad(rv.elem, p, l.lanes, "row")}
		} else {
			l.vals[v] = lval{scalar: l.loadElem(rv.elem, p)}
		}
	}
	l.skip = fb.skip
	term, err := l.lowerBlock(linalg.Body(op))
	l.skip = nil
	if err != nil {
		return nil, err
	}
	for _, rv := range fb.store {
		x, ok := l.scalarOf(rv.v) // splats a value the same in every lane
		if !ok {
			return nil, ir.Errorf(op.Loc, "a value kept per row is not lowered")
		}
		p := l.elemPtr(rv.elem, rv.ptr, ivs[fb.dim])
		if l.lanes == 0 {
			l.storeElem(rv.elem, x, p)
			continue
		}
		vt := lltypes.NewVector(uint64(l.lanes), mustMemType(rv.elem))
		st := l.cur.NewStore(x, l.cur.NewBitCast(p, lltypes.NewPointer(vt)))
		st.Align = llir.Align(elemBytes(rv.elem))
	}
	return term, nil
}

// prefetchRows emits, in a vector step of member op whose operands are at
// ptrs, the prefetches of the next row of its inputs (see the top of the
// file).
func (l *fnLowering) prefetchRows(op *ir.Operation, ptrs []value.Value) {
	fb := l.fused[op]
	if fb == nil {
		return
	}
	for k, i := range fb.prefetch {
		p := l.cur.NewGetElementPtr(ptrs[i].Type().(*lltypes.PointerType).ElemType, ptrs[i], fb.rowStep[k])
		l.name(p, "next"+strconv.Itoa(i))
		// read, locality 2 (the second-level cache), data
		l.cur.NewCall(l.e.prefetch(), l.cur.NewBitCast(p, i8Ptr), constant.NewInt(i32, 0), constant.NewInt(i32, 2), constant.NewInt(i32, 1))
	}
}
