package llvm

import (
	"strconv"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the vector code: the explicit vector form of the
// innermost loop of a linalg.generic, the vector types and splats of
// fnBuilder, and the non-temporal stores.
//
// LLVM's loop vectorizer handles most of our loops, but not all of what
// pays on memory-bound broadcasting kernels: it will not vectorize a loop
// whose stores are non-temporal unless they are provably aligned, and its
// cost model sometimes gives up on long select chains (IEEE maximum). So
// when the body allows it, the innermost loop is emitted in vector form:
//
//	j = 0
//	peel:  while j < n && out0+j is not 64-byte aligned: scalar body   (streaming only)
//	main:  while j+VF <= n: the body on <VF x T> vectors
//	rest:  while j < n: scalar body
//
// An operand whose map ends in the innermost loop dim is read with one
// unaligned vector load per step; one that does not use that dim is
// loop-invariant and splatted. The body's ops are the scalar lowering
// applied to vectors (LLVM's instructions are lane-wise), so a vector lane
// computes bit for bit what a scalar iteration computes; ops whose vector
// form would differ or cost a libm call per lane keep the scalar loop: the
// registry says which ops are lanewise (registry.go; scalar.go's table for
// arith and math).
//
// Streaming (non-temporal) stores: on x86-64, a generic whose outputs
// total at least streamBytes writes its main loop with aligned
// non-temporal stores, which skip the read-for-ownership of the output's
// cache lines (a third of the memory traffic of y = f(x)); an sfence at
// the function's exit orders them before the return. Smaller outputs stay
// in cache for whoever reads them next, and bodies that call vecmath.go's
// functions, bound by arithmetic, store plainly (streaming made them
// slower). The choice is made at compile time when the size is static,
// else by a loop-invariant branch around the vector stores (one loop nest
// either way, to keep code size down).

// vectorBytes is the width of one vector step: a cache line, which
// LLVM splits into the target's registers (2 x 256-bit on AVX2, 4 x
// 128-bit on NEON).
const vectorBytes = 64

// streamBytes is the output size from which stores are non-temporal,
// well past the last-level cache share of one core.
const streamBytes = 16 << 20

// vectorElemBytes is the in-register size of a scalar type the vector
// body handles, or 0.
func vectorElemBytes(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 1, 8, 16, 32, 64:
			return max(1, int(t.Width)/8)
		}
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return 4
		case ir.F64:
			return 8
		}
	}
	return 0
}

// vectorLanes returns the number of lanes of the generic's vector inner
// loop, or 0 when it keeps the scalar loop.
func (l *fnLowering) vectorLanes(op *ir.Operation, acc []*operandAccess, inner int) int {
	if inner < 0 {
		return 0 // a 0-d generic
	}
	widest := 0
	body := linalg.Body(op)
	nIn := len(acc) - op.NumResults()
	for i, a := range acc {
		arg := body.Arg(i)
		if i < nIn && !l.argRead(op, arg) {
			continue
		}
		if i >= nIn && arg.HasUses() {
			return 0 // the body reads its output: the vector body loads inputs only
		}
		c, ok := constInt(a.coef[inner])
		if !ok || c != 1 && (c != 0 || i >= nIn) {
			return 0 // strided, or an output not contiguous in the inner dim
		}
		w := vectorElemBytes(a.buf.elem)
		if w == 0 {
			return 0
		}
		widest = max(widest, w)
	}
	for _, o := range body.Ops() {
		if o.Def() == linalg.Yield || l.fused[op].skipped(o) {
			continue // (a fused group's member may not lower all: fuse_values.go)
		}
		if !lanewise(o) || o.NumRegions() > 0 {
			return 0
		}
		for _, r := range o.Results() {
			w := vectorElemBytes(r.Type())
			if w == 0 {
				return 0
			}
			widest = max(widest, w)
		}
		for _, v := range o.Operands() {
			if vectorElemBytes(v.Type()) == 0 {
				return 0
			}
		}
	}
	if widest == 0 {
		return 0
	}
	return vectorBytes / widest
}

// vt is t, or a vector of t with the current lane count inside a vector
// body.
func (fb *fnBuilder) vt(t lltypes.Type) lltypes.Type {
	if fb.lanes == 0 {
		return t
	}
	return lltypes.NewVector(uint64(fb.lanes), t)
}

// splat broadcasts a scalar to all lanes of a vector body (a constant
// vector for a constant); other values and vectors are returned as they
// are.
func (fb *fnBuilder) splat(x value.Value) value.Value {
	if fb.lanes == 0 {
		return x
	}
	if _, ok := x.Type().(*lltypes.VectorType); ok {
		return x
	}
	vt := lltypes.NewVector(uint64(fb.lanes), x.Type())
	if c, ok := x.(constant.Constant); ok {
		elems := make([]constant.Constant, fb.lanes)
		for i := range elems {
			elems[i] = c
		}
		return constant.NewVector(vt, elems...)
	}
	one := fb.cur.NewInsertElement(constant.NewUndef(vt), x, constant.NewInt(i32, 0))
	mask := constant.NewZeroInitializer(lltypes.NewVector(uint64(fb.lanes), i32))
	return fb.cur.NewShuffleVector(one, constant.NewUndef(vt), mask)
}

// innerLoops emits the innermost loop of a generic in vector form (see
// the top of this file). ptrs are the operands' pointers at j = 0 of the
// inner loop, n its trip count.
func (l *fnLowering) innerLoops(op *ir.Operation, acc []*operandAccess, ptrs, ivs []value.Value, n value.Value, inner, lanes int, stream value.Value) error {
	at := func(j value.Value, tag string) []value.Value {
		next := make([]value.Value, len(ptrs))
		for i, a := range acc {
			c, _ := constInt(a.coef[inner])
			if c == 0 {
				next[i] = ptrs[i]
				continue
			}
			next[i] = l.elemPtr(a.buf.elem, ptrs[i], j)
			if g, ok := next[i].(*llir.InstGetElementPtr); ok {
				l.name(g, "p"+strconv.Itoa(i)+"."+tag)
			}
		}
		return next
	}
	scalar := func(j value.Value) error {
		ivs[inner] = j
		return l.genericBody(op, acc, at(j, "s"), ivs)
	}
	nIn := len(acc) - op.NumResults()
	var j value.Value = i64c(0)
	if !isFalse(stream) {
		// Peel scalar iterations until the first output's pointer is
		// aligned to a vector step (only when streaming: unaligned
		// vector stores are fine otherwise). The C ABI's pointers are
		// element-aligned, so the step count is exact.
		mis := l.cur.NewAnd(l.cur.NewPtrToInt(ptrs[nIn], i64), i64c(vectorBytes-1))
		eb := elemBytes(acc[nIn].buf.elem)
		peel := l.cur.NewUDiv(l.cur.NewAnd(l.cur.NewSub(i64c(vectorBytes), mis), i64c(vectorBytes-1)), i64c(eb))
		var lim value.Value = l.cur.NewSelect(l.cur.NewICmp(enum.IPredSLT, peel, n), peel, n)
		lim = l.sel(stream, lim, i64c(0))
		var err error
		j, err = l.loopFrom(j, lim, 1, "peel", scalar)
		if err != nil {
			return err
		}
	}
	// main: j + lanes <= n, i.e. j < n - lanes + 1
	mainLim := l.cur.NewSub(n, i64c(int64(lanes-1)))
	j, err := l.loopFrom(j, mainLim, int64(lanes), "vec", func(j value.Value) error {
		ivs[inner] = j
		return l.vectorBody(op, acc, at(j, "v"), ivs, inner, lanes, stream)
	})
	if err != nil {
		return err
	}
	_, err = l.loopFrom(j, n, 1, "rest", scalar)
	return err
}

// vectorBody emits one vector step of the generic's body along loop dim
// inner, whose index ivs[inner] is the first lane's. The body's arguments
// are loaded: vectors, or a scalar where the operand does not move along
// inner (splatted where used); an output read by the body is a reduction
// accumulated in memory (reduce_outer.go).
func (l *fnLowering) vectorBody(op *ir.Operation, acc []*operandAccess, ptrs, ivs []value.Value, inner, lanes int, stream value.Value) error {
	body := linalg.Body(op)
	nIn := len(acc) - op.NumResults()
	for i, arg := range body.Args() {
		if x, ok := l.given[arg]; ok {
			l.vals[arg] = lval{scalar: x}
			continue
		}
		if !l.argRead(op, arg) {
			continue
		}
		elem := acc[i].buf.elem
		var x value.Value
		if c, _ := constInt(acc[i].coef[inner]); c == 0 {
			x = l.loadElem(elem, ptrs[i]) // splatted by scalarOf
		} else {
			x = l.vectorLoad(elem, ptrs[i], lanes, "v"+strconv.Itoa(i))
		}
		l.vals[arg] = lval{scalar: x}
	}
	l.prefetchRows(op, ptrs) // fuse_values.go
	l.lanes, l.vecIndexDim = lanes, inner
	term, err := l.lowerBody(op, ivs)
	if err == nil && (term == nil || term.Def() != linalg.Yield) {
		err = ir.Errorf(op.Loc, "linalg.generic body does not end in linalg.yield")
	}
	var ys []value.Value
	if err == nil {
		for k := range term.NumOperands() {
			y, ok := l.scalarOf(term.Operand(k)) // splats a yielded invariant
			if !ok {
				err = ir.Errorf(term.Loc, "linalg.yield of a value that is not lowered")
				break
			}
			ys = append(ys, y)
		}
	}
	l.lanes = 0
	if err != nil {
		return err
	}
	stores := func(nt bool) {
		for k, y := range ys {
			elem := acc[nIn+k].buf.elem
			vt := lltypes.NewVector(uint64(lanes), mustMemType(elem))
			if elem == ir.I1 {
				y = l.cur.NewZExt(y, vt)
			}
			p := l.cur.NewBitCast(ptrs[nIn+k], lltypes.NewPointer(vt))
			st := l.cur.NewStore(y, p)
			st.Align = llir.Align(elemBytes(elem))
			if nt && k == 0 {
				// The peel loop aligned the first output to a
				// vector step. Other outputs may be misaligned
				// relative to it, and x86 splits a misaligned
				// non-temporal store, so they are plain stores.
				st.Align = llir.Align(min(vectorBytes, int64(lanes)*elemBytes(elem)))
				st.Metadata = append(st.Metadata, l.e.nontemporal())
				l.streams = true
			}
		}
	}
	if isTrue(stream) || isFalse(stream) {
		stores(isTrue(stream))
		return nil
	}
	// Streaming or not is decided per call by a branch that is the same
	// on every iteration (predicted; LLVM may unswitch the loop).
	nt, plain, done := l.newBlock("store.nt"), l.newBlock("store"), l.laterBlock("store.done")
	l.cur.NewCondBr(stream, nt, plain)
	l.cur = nt
	stores(true)
	l.cur.NewBr(done)
	l.cur = plain
	stores(false)
	l.cur.NewBr(done)
	l.enter(done)
	return nil
}

// vectorLoad loads lanes elements of elem at p (unaligned) as a vector
// named name, widening i1 from its bytes.
func (l *fnLowering) vectorLoad(elem ir.Type, p value.Value, lanes int, name string) value.Value {
	vt := lltypes.NewVector(uint64(lanes), mustMemType(elem))
	ld := l.cur.NewLoad(vt, l.cur.NewBitCast(p, lltypes.NewPointer(vt)))
	ld.Align = llir.Align(elemBytes(elem))
	l.name(ld, name)
	if elem == ir.I1 {
		return l.cur.NewTrunc(ld, lltypes.NewVector(uint64(lanes), i1))
	}
	return ld
}

// streaming decides whether a generic with outputs of the given sizes
// writes them with non-temporal stores: a constant when the sizes are
// static, else a run-time condition; false off x86-64.
func (l *fnLowering) streaming(acc []*operandAccess, nIn int) value.Value {
	if !strings.HasPrefix(l.e.target.Triple, "x86_64") {
		return constant.False
	}
	var total value.Value = i64c(0)
	for _, a := range acc[nIn:] {
		total = l.add(total, l.mul(l.numElements(a.buf.dims), i64c(elemBytes(a.buf.elem))))
	}
	if c, ok := constInt(total); ok {
		return constant.NewBool(c >= streamBytes)
	}
	return l.cur.NewICmp(enum.IPredSGE, total, i64c(streamBytes))
}

// nontemporal is the !nontemporal metadata attachment (!{i32 1}).
func (e *emitter) nontemporal() *metadata.Attachment {
	if e.ntNode == nil {
		e.ntNode = &metadata.Tuple{MetadataID: metadata.MetadataID(len(e.m.MetadataDefs)), Fields: []metadata.Field{constant.NewInt(i32, 1)}}
		e.m.MetadataDefs = append(e.m.MetadataDefs, e.ntNode)
	}
	return &metadata.Attachment{Name: "nontemporal", Node: e.ntNode}
}
