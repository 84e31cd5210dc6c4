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

// An all-parallel linalg.generic becomes a loop nest, d0 outermost and the
// last loop dim innermost. Each operand is read at the offset
// sum_j result_j * stride_j of its indexing map's results (strides of a
// contiguous row-major buffer); a result is a loop dim or a constant (0
// for a stretched size-1 dim), so the offset is linear in the loop
// indices: each loop level advances every operand's pointer by its
// coefficient for that dim, computed once before the loops. An operand
// whose map ends in the last loop dim is read with unit stride in the
// innermost loop; one whose map does not use it is loop-invariant there.

// operandAccess is how a generic reads or writes one operand.
type operandAccess struct {
	buf *buffer
	// coef[d] is the pointer increment per step of loop d; base the
	// offset of the constant map results.
	coef []value.Value
	base value.Value
}

func (l *fnLowering) lowerGeneric(op *ir.Operation) error {
	for _, it := range linalg.IteratorTypes(op) {
		if it != linalg.Parallel {
			return ir.Errorf(op.Loc, "linalg.generic with a %s iterator is not lowered to LLVM IR yet (only all-parallel generics)", it)
		}
	}
	maps := linalg.IndexingMaps(op)
	operands := op.Operands()
	nIn := linalg.NumInputs(op)
	if len(maps) != len(operands) || len(maps) == 0 {
		return ir.Errorf(op.Loc, "linalg.generic has %d indexing maps for %d operands", len(maps), len(operands))
	}
	nLoops := maps[0].NumDims
	acc := make([]*operandAccess, len(operands))
	for i, v := range operands {
		lv := l.get(v)
		var b *buffer
		if i >= nIn && lv.buf != nil {
			b = lv.buf // an output: a tensor.empty keeps no storage
		} else {
			b = l.asBuffer(lv, v.Type())
		}
		if len(b.dims) != len(maps[i].Results) {
			return ir.Errorf(op.Loc, "operand #%d has rank %d but its indexing map has %d results", i, len(b.dims), len(maps[i].Results))
		}
		for _, r := range maps[i].Results {
			if _, _, ok := linearForm(r, nLoops); !ok {
				return ir.Errorf(op.Loc, "indexing map result %s of operand #%d is not lowered yet (only sums of loop dims times constants, and constants)", r, i)
			}
		}
		acc[i] = &operandAccess{buf: b}
	}

	bounds, err := l.loopBounds(op, maps, acc, nIn)
	if err != nil {
		return err
	}

	// The outputs' storage: the caller's result buffer when the value is
	// returned, else a new buffer.
	nOut := len(operands) - nIn
	dests := make([]*buffer, nOut)
	body := linalg.Body(op)
	for k := range nOut {
		init := acc[nIn+k].buf
		slot, viaReshape := returnSlot(op.Result(k))
		d := &buffer{elem: init.elem, dims: init.dims, result: slot}
		if !l.shapesOnly {
			switch {
			case slot >= 0 && !viaReshape:
				l.checkResultDims(slot, d.dims)
				d.ptr, d.checked = l.resPtr[slot], true
			case slot >= 0:
				l.checkResultSize(slot, d.dims)
				d.ptr = l.resPtr[slot]
			case init.strides != nil && writesInPlace(op.Result(k), operands[nIn+k]):
				d.ptr, d.strides, d.inPlace = init.ptr, init.strides, true // a slice of its destination (slices.go)
			default:
				d.ptr = l.alloc(d.elem, d.dims)
			}
			if body.Arg(nIn+k).HasUses() && !init.empty && init.ptr != nil && d.ptr != init.ptr {
				l.copyBuffer(d, init)
			}
		}
		dests[k] = d
		acc[nIn+k].buf = d
	}
	for k, d := range dests {
		l.vals[op.Result(k)] = lval{buf: d}
	}
	if l.shapesOnly {
		return nil
	}

	// Strides and per-loop pointer increments, before the loops.
	for i, a := range acc {
		a.coef = make([]value.Value, nLoops)
		for d := range a.coef {
			a.coef[d] = i64c(0)
		}
		a.base = i64c(0)
		strides := l.stridesOf(a.buf)
		for j, r := range maps[i].Results {
			coefs, c, _ := linearForm(r, nLoops)
			for d, k := range coefs {
				if k != 0 {
					a.coef[d] = l.add(a.coef[d], l.mul(i64c(k), strides[j]))
				}
			}
			a.base = l.add(a.base, l.mul(i64c(c), strides[j]))
		}
	}
	ptrs := make([]value.Value, len(acc))
	for i, a := range acc {
		ptrs[i] = l.elemPtr(a.buf.elem, a.buf.ptr, a.base)
	}
	ivs := make([]value.Value, nLoops)
	lanes := 0
	if nLoops > 0 {
		lanes = l.vectorLanes(op, acc, nLoops-1)
		if c, ok := constInt(bounds[nLoops-1]); ok && c < int64(lanes) {
			lanes = 0 // too short for one vector step
		}
	}
	var stream value.Value = constant.False
	var nest func(d int, ptrs []value.Value) error
	nest = func(d int, ptrs []value.Value) error {
		if d == nLoops {
			return l.genericBody(op, acc, ptrs, ivs)
		}
		if d == nLoops-1 && lanes > 0 {
			return l.innerLoops(op, acc, ptrs, ivs, bounds[d], d, lanes, stream)
		}
		return l.loop(bounds[d], fmt.Sprintf("d%d", d), func(iv value.Value) error {
			ivs[d] = iv
			next := make([]value.Value, len(ptrs))
			offsets := map[coefKey]value.Value{} // operands of one shape share their offset
			for i, a := range acc {
				k := keyOf(a.coef[d])
				off, ok := offsets[k]
				if !ok {
					off = l.mul(iv, a.coef[d])
					offsets[k] = off
				}
				next[i] = l.elemPtr(a.buf.elem, ptrs[i], off)
				if g, ok := next[i].(*llir.InstGetElementPtr); ok && next[i] != ptrs[i] {
					l.name(g, "p"+strconv.Itoa(i)+".d"+strconv.Itoa(d))
				}
			}
			return nest(d+1, next)
		})
	}
	if lanes > 0 {
		stream = l.streaming(acc, nIn)
	}
	return nest(0, ptrs)
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

// loopBounds returns each loop's size: the size of the first operand dim
// (outputs first) its map indexes with exactly that loop dim. Every other
// operand dim indexed by the loop is checked to have that size, and every
// constant index to be inside its dim, at run time unless it folds: a
// kernel never reads or writes out of bounds.
func (l *fnLowering) loopBounds(op *ir.Operation, maps []affine.Map, acc []*operandAccess, nIn int) ([]value.Value, error) {
	nLoops := maps[0].NumDims
	bounds := make([]value.Value, nLoops)
	src := make([][2]int, nLoops) // the operand and dim giving each bound
	order := make([]int, 0, len(acc))
	for i := nIn; i < len(acc); i++ {
		order = append(order, i)
	}
	for i := 0; i < nIn; i++ {
		order = append(order, i)
	}
	for _, i := range order {
		for j, r := range maps[i].Results {
			if dim, ok := r.(affine.DimExpr); ok && bounds[dim.Position] == nil {
				bounds[dim.Position] = acc[i].buf.dims[j]
				src[dim.Position] = [2]int{i, j}
			}
		}
	}
	for d, b := range bounds {
		if b == nil {
			return nil, ir.Errorf(op.Loc, "loop d%d of linalg.generic has no operand dim giving its size", d)
		}
	}
	var nonEmpty value.Value
	for i, a := range acc {
		for j, r := range maps[i].Results {
			dim := a.buf.dims[j]
			switch r := r.(type) {
			case affine.DimExpr:
				ok := l.eq(dim, bounds[r.Position])
				if isTrue(ok) {
					continue // the dim is the bound (the message is not made)
				}
				l.check(ok, codeShape,
					fmt.Sprintf("%s: %s: linalg.generic operand #%d dim %d has size %%lld, but loop d%d has size %%lld (from operand #%d dim %d)",
						l.abi.Name, op.Loc, i, j, r.Position, src[r.Position][0], src[r.Position][1]), dim, bounds[r.Position])
			case affine.ConstantExpr:
				if c, ok := constInt(dim); ok && r.Value >= 0 && r.Value < c {
					continue
				}
				if nonEmpty == nil {
					nonEmpty = l.allPositive(bounds)
				}
				var inside value.Value = constant.False
				if r.Value >= 0 {
					inside = l.cur.NewICmp(enum.IPredSLT, i64c(r.Value), dim)
				}
				l.check(l.or(l.not(nonEmpty), inside), codeShape,
					fmt.Sprintf("%s: %s: linalg.generic operand #%d dim %d has size %%lld, too small for index %d",
						l.abi.Name, op.Loc, i, j, r.Value), dim)
			default:
				if nonEmpty == nil {
					nonEmpty = l.allPositive(bounds)
				}
				l.checkLinearIndex(op, r, i, j, dim, bounds, nonEmpty)
			}
		}
	}
	return bounds, nil
}

// allPositive is true when every size in ds is positive.
func (l *fnLowering) allPositive(ds []value.Value) value.Value {
	var all value.Value = constant.True
	for _, d := range ds {
		if c, ok := constInt(d); ok && c > 0 {
			continue
		}
		all = l.and(all, l.cur.NewICmp(enum.IPredSGT, d, i64c(0)))
	}
	return all
}

func (l *fnLowering) not(v value.Value) value.Value {
	switch {
	case isTrue(v):
		return constant.False
	case isFalse(v):
		return constant.True
	}
	return l.cur.NewXor(v, constant.True)
}

// checkResultSize checks that result i's caller buffer holds as many
// elements as dims (a generic writing it through a reshape).
func (l *fnLowering) checkResultSize(i int, dims []value.Value) {
	var have value.Value = i64c(1)
	for j := range l.abi.Results[i].Shape {
		have = l.mul(have, l.cur.NewLoad(i64, l.elemPtr(ir.Index, l.resShape[i], i64c(int64(j)))))
	}
	want := l.numElements(dims)
	l.check(l.eq(have, want), codeShape, fmt.Sprintf("%s: result %d: the caller's shape has %%lld elements, the computed result has %%lld (size results with %s)",
		l.abi.Name, i, l.abi.ShapesName), have, want)
}

// genericBody emits one iteration: load the inputs the body reads, run its
// ops, store the yielded values.
func (l *fnLowering) genericBody(op *ir.Operation, acc []*operandAccess, ptrs, ivs []value.Value) error {
	body := linalg.Body(op)
	for i, arg := range body.Args() {
		if arg.HasUses() {
			v := l.loadElem(acc[i].buf.elem, ptrs[i])
			if ld, ok := v.(*llir.InstLoad); ok {
				l.name(ld, "x"+strconv.Itoa(i))
			}
			l.vals[arg] = lval{scalar: v}
		}
	}
	saved := l.ivs
	l.ivs = ivs
	term, err := l.lowerBlock(body)
	l.ivs = saved
	if err != nil {
		return err
	}
	if term == nil || term.Name() != "linalg.yield" {
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

// loop emits `for (iv = 0; iv < n; iv++) body(iv)` and leaves l.cur at the
// block after it.
func (l *fnLowering) loop(n value.Value, name string, body func(iv value.Value) error) error {
	pre := l.cur
	header := l.newBlock(name + ".loop")
	bodyB := l.newBlock(name + ".body")
	exit := llir.NewBlock(l.unique(name + ".end"))
	pre.NewBr(header)
	iv := header.NewPhi(incoming(i64c(0), pre))
	l.name(iv, name)
	more := header.NewICmp(enum.IPredSLT, iv, n)
	header.NewCondBr(more, bodyB, exit)
	l.cur = bodyB
	if err := body(iv); err != nil {
		return err
	}
	next := l.cur.NewAdd(iv, i64c(1))
	next.OverflowFlags = []enum.OverflowFlag{enum.OverflowFlagNUW, enum.OverflowFlagNSW}
	l.name(next, name+".next")
	l.cur.NewBr(header)
	iv.Incs = append(iv.Incs, incoming(next, l.cur))
	exit.Parent = l.f
	l.f.Blocks = append(l.f.Blocks, exit)
	l.cur = exit
	return nil
}
