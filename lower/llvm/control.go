package llvm

import (
	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/scf"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers control flow and the function's end: scf.if becomes a
// conditional branch and a merge block with one phi per part of each
// result (a scalar; each extent; a buffer's pointer, dims and strides);
// cf.assert a check (checks.go) with its message; func.return the stores of
// the results into the caller's buffers (or, in the result-shapes function,
// of their dims). returnSlot finds the result a value ends in, so that
// generics write the caller's buffers directly.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(funcdialect.Return, (*fnLowering).lowerReturn)
		r.add(scf.If, (*fnLowering).lowerIf)
		r.add(cf.Assert, (*fnLowering).lowerAssert)
	})
}

// branchEnd is what one region of an scf.if yields, and where it ends.
type branchEnd struct {
	vals  []lval
	block *llir.Block
}

func (l *fnLowering) lowerIf(op *ir.Operation) error {
	c, err := l.needScalar(op, 0)
	if err != nil {
		return err
	}
	thenB, elseB := l.newBlock("then"), l.newBlock("else")
	l.cur.NewCondBr(c, thenB, elseB)
	var ends []branchEnd
	for r, start := range []*llir.Block{thenB, elseB} {
		l.cur = start
		var vals []lval
		if r < op.NumRegions() && !op.Region(r).Empty() {
			term, err := l.lowerBlock(op.Region(r).Front())
			if err != nil {
				return err
			}
			if term == nil || term.Def() != scf.Yield || term.NumOperands() != op.NumResults() {
				return ir.Errorf(op.Loc, "region %d of scf.if does not end in scf.yield of %d values", r, op.NumResults())
			}
			for i := range term.NumOperands() {
				v, err := l.normalize(op, op.Result(i).Type(), l.get(term.Operand(i)))
				if err != nil {
					return err
				}
				vals = append(vals, v)
			}
		} else if op.NumResults() > 0 {
			return ir.Errorf(op.Loc, "scf.if with results has no region %d", r)
		}
		ends = append(ends, branchEnd{vals: vals, block: l.cur})
	}
	merge := l.newBlock("endif")
	for _, e := range ends {
		e.block.NewBr(merge)
	}
	l.cur = merge
	for i := range op.NumResults() {
		v, err := l.merge(op, ends[0].vals[i], ends[1].vals[i], ends[0].block, ends[1].block)
		if err != nil {
			return err
		}
		l.vals[op.Result(i)] = v
	}
	return nil
}

// normalize puts a yielded value in the form every branch uses for a
// result of type t: extents for a static 1-D index tensor, a buffer for
// other tensors, a scalar otherwise.
func (l *fnLowering) normalize(op *ir.Operation, t ir.Type, v lval) (lval, error) {
	if _, isShape := isShapeType(t); isShape {
		if v.extents != nil {
			return v, nil
		}
		if ext, ok := l.asExtents(v); ok {
			return mkExtents(ext), nil
		}
		return lval{}, l.dataDependent(op)
	}
	if ir.IsTensor(t) {
		return lval{buf: l.asBuffer(v, t)}, nil
	}
	return v, nil
}

// merge joins the values two branches yield into phis in the current
// block (which follows both).
func (l *fnLowering) merge(op *ir.Operation, a, b lval, pa, pb *llir.Block) (lval, error) {
	phi := func(x, y value.Value) value.Value {
		if x == nil || y == nil {
			return nil
		}
		if x == y {
			return x
		}
		if cx, ok := constInt(x); ok {
			if cy, ok := constInt(y); ok && cx == cy && x.Type().Equal(y.Type()) {
				return x
			}
		}
		return l.cur.NewPhi(incoming(x, pa), incoming(y, pb))
	}
	switch {
	case a.extents != nil:
		if len(a.extents) != len(b.extents) {
			return lval{}, ir.Errorf(op.Loc, "scf.if branches yield shapes of different ranks")
		}
		out := make([]value.Value, len(a.extents))
		for i := range out {
			out[i] = phi(a.extents[i], b.extents[i])
		}
		return mkExtents(out), nil
	case a.buf != nil:
		x, y := a.buf, b.buf
		if len(x.dims) != len(y.dims) {
			return lval{}, ir.Errorf(op.Loc, "scf.if branches yield tensors of different ranks")
		}
		nb := &buffer{elem: x.elem, result: x.result, checked: x.checked && y.checked, empty: x.empty && y.empty, inPlace: x.inPlace && y.inPlace}
		if x.result != y.result {
			nb.result = maybeResult
		}
		if x.ptr != nil && y.ptr != nil {
			nb.ptr = phi(x.ptr, y.ptr)
		} else if x.ptr != nil || y.ptr != nil {
			// One branch yields a tensor.empty without storage.
			if !l.shapesOnly {
				return lval{}, ir.Errorf(op.Loc, "scf.if yields a tensor.empty in one branch only (not lowered yet)")
			}
		}
		for i := range x.dims {
			nb.dims = append(nb.dims, phi(x.dims[i], y.dims[i]))
		}
		if (x.strides != nil || y.strides != nil) && nb.ptr != nil {
			// A view in either branch: strides are phis too (computed in
			// each branch's block).
			sx, sy := l.stridesIn(x, pa), l.stridesIn(y, pb)
			for i := range sx {
				nb.strides = append(nb.strides, phi(sx[i], sy[i]))
			}
		}
		return lval{buf: nb}, nil
	}
	return lval{scalar: phi(a.scalar, b.scalar)}, nil
}

// lowerReturn stores the results: in the kernel, a result a generic did not
// write in place is copied into the caller's buffer after its shape is
// checked; in the result-shapes function, the dims are written.
func (l *fnLowering) lowerReturn(op *ir.Operation) error {
	for i := range op.NumOperands() {
		v := l.get(op.Operand(i))
		r := l.abi.Results[i]
		var dims []value.Value
		switch {
		case v.buf != nil:
			dims = v.buf.dims
		case v.extents != nil:
			dims = []value.Value{i64c(int64(len(v.extents)))}
		}
		if l.shapesOnly {
			for j, d := range dims {
				l.cur.NewStore(d, l.elemPtr(ir.Index, l.resShape[i], i64c(int64(j))))
			}
			continue
		}
		if v.buf != nil && v.buf.result == i && v.buf.checked {
			continue
		}
		l.checkResultDims(i, dims)
		switch {
		case v.scalar != nil:
			l.storeElem(r.Elem, v.scalar, l.resPtr[i])
		case v.extents != nil:
			for j, x := range v.extents {
				l.storeElem(r.Elem, x, l.elemPtr(r.Elem, l.resPtr[i], i64c(int64(j))))
			}
		case v.buf != nil && v.buf.ptr != nil && v.buf.result != i:
			dst := &buffer{elem: r.Elem, ptr: l.resPtr[i], dims: dims}
			if v.buf.result == maybeResult {
				// Copy unless this path wrote the caller's buffer in place.
				same := l.cur.NewICmp(enum.IPredEQ, v.buf.ptr, l.resPtr[i])
				cp, done := l.newBlock("copy"), l.newBlock("copied")
				l.cur.NewCondBr(same, done, cp)
				l.cur = cp
				l.copyBuffer(dst, v.buf)
				l.cur.NewBr(done)
				l.cur = done
			} else {
				l.copyBuffer(dst, v.buf)
			}
		}
	}
	l.exitWith(codeOK)
	l.cur = nil // func.return ends the function's only block
	return nil
}

// returnSlot follows a generic's result through its single uses (scf.yield
// out of scf.if, reshapes) to func.return; it returns the result index, or
// -1. viaReshape reports a reshape on the way, whose dims differ from the
// generic's.
func returnSlot(v *ir.Value) (slot int, viaReshape bool) {
	for {
		if !v.HasOneUse() {
			return notResult, false
		}
		use := v.Uses()[0]
		user := use.Owner()
		switch user.Def() {
		case funcdialect.Return:
			return use.Index(), viaReshape
		case scf.Yield:
			parent := user.ParentOp()
			if parent == nil || parent.Def() != scf.If {
				return notResult, false
			}
			v = parent.Result(use.Index())
		case tensor.CollapseShape, tensor.ExpandShape, tensor.Cast, tensor.Bitcast:
			if use.Index() != 0 {
				return notResult, false
			}
			viaReshape = true
			v = user.Result(0)
		default:
			return notResult, false
		}
	}
}

func (l *fnLowering) lowerAssert(op *ir.Operation) error {
	c, ok := l.scalarOf(op.Operand(0))
	if !ok {
		// A check on data: the kernel makes it.
		return nil
	}
	msg, _ := op.Attr("msg").(*ir.StringAttr)
	text := "assertion failed"
	if msg != nil && msg.Value != "" {
		text = msg.Value
	}
	// The placeholders {0} and {1} are the compared sizes (dialects/cf).
	var args []value.Value
	cmp := cf.MessageArgs(op)
	text = cf.ExpandMessage(escapeFormat(text), len(cmp), func(k int) string {
		x, ok := l.scalarOf(cmp[k])
		if !ok {
			return "?"
		}
		it, isInt := x.Type().(*lltypes.IntType)
		if !isInt {
			return "?"
		}
		if it.BitSize < 64 {
			x = l.cur.NewSExt(x, i64)
		}
		args = append(args, x)
		return "%lld"
	})
	suffix, shapeArgs := l.argShapesSuffix()
	l.check(c, codeShape, text+suffix, append(args, shapeArgs...)...)
	return nil
}
