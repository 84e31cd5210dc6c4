package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/scf"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers tensor.extract_slice and tensor.insert_slice.
// Slices are views: tensor.extract_slice is the source's pointer moved to
// the slice's first element, with the slice's sizes and the source's
// strides times the slice's (buffer.strides), and no copy. A generic whose
// output is such a view and whose result is put back with
// tensor.insert_slice at the same place writes the destination in place
// (destination-passing style: hlo.concatenate's parts are written straight
// into the caller's result buffer); any other tensor.insert_slice copies
// its source into the view. A tensor.empty that slices are taken of gets
// the storage its value ends in: the caller's result buffer when the chain
// of insert_slice results is returned.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(tensor.ExtractSlice, (*fnLowering).lowerExtractSlice)
		r.add(tensor.InsertSlice, (*fnLowering).lowerInsertSlice)
	})
}

// sliceParts reads the offsets, sizes and strides of a slice op whose
// tensor operands are the first lead ones.
func (l *fnLowering) sliceParts(op *ir.Operation, lead int) (offs, sizes, strides []value.Value, err error) {
	next := lead
	lists := make([][]value.Value, 3)
	for k, name := range []string{"static_offsets", "static_sizes", "static_strides"} {
		for _, s := range tensor.StaticList(op, name) {
			if s != tensor.Dynamic {
				lists[k] = append(lists[k], i64c(s))
				continue
			}
			x, e := l.needScalar(op, next)
			if e != nil && l.shapesOnly && k == 0 {
				// An offset read from data (dynamic_slice's start
				// index) decides no shape: the result-shapes function
				// needs only the sizes, the kernel reads the offset.
				x, e = i64c(0), nil
			}
			if e != nil {
				return nil, nil, nil, e
			}
			next++
			lists[k] = append(lists[k], x)
		}
	}
	return lists[0], lists[1], lists[2], nil
}

// sliceView is the view of src selected by a slice op (checked to be in
// bounds at run time unless it folds). The result has rank len(sizes): a
// rank-reducing slice is not lowered.
func (l *fnLowering) sliceView(op *ir.Operation, src *buffer, offs, sizes, steps []value.Value) (*buffer, error) {
	if len(offs) != len(src.dims) {
		return nil, ir.Errorf(op.Loc, "'%s' with %d offsets of a rank-%d tensor", op.Name(), len(offs), len(src.dims))
	}
	view := &buffer{elem: src.elem, dims: sizes, result: notResult}
	if l.shapesOnly || src.ptr == nil {
		return view, nil
	}
	ss := l.stridesOf(src)
	var off value.Value = i64c(0)
	for j := range offs {
		// Inside: the slice is empty, or its first and last index are in
		// [0, dim).
		last := l.add(offs[j], l.mul(l.sub(sizes[j], i64c(1)), steps[j]))
		empty := l.cmp(enum.IPredEQ, sizes[j], i64c(0))
		inside := l.and(l.and(l.cmp(enum.IPredSGE, offs[j], i64c(0)), l.cmp(enum.IPredSLT, last, src.dims[j])), l.cmp(enum.IPredSGE, sizes[j], i64c(0)))
		l.check(l.or(empty, inside), codeShape,
			fmt.Sprintf("%s: %s: %s: dim %d: offset %%lld, size %%lld, stride %%lld are out of bounds for size %%lld", l.abi.Name, op.Loc, op.Name(), j),
			offs[j], sizes[j], steps[j], src.dims[j])
		off = l.add(off, l.mul(offs[j], ss[j]))
		view.strides = append(view.strides, l.mul(ss[j], steps[j]))
	}
	view.ptr = l.elemPtr(src.elem, src.ptr, off)
	return view, nil
}

// storage returns the buffer of tensor v, giving a tensor.empty the
// storage its value ends in (see destination) and recording it, so that
// every slice of it shares that storage.
func (l *fnLowering) storage(v *ir.Value) *buffer {
	lv := l.get(v)
	if lv.buf == nil || !lv.buf.empty || lv.buf.ptr != nil || l.shapesOnly {
		return l.asBuffer(lv, v.Type())
	}
	nb := *lv.buf
	nb.empty = false
	slot, viaReshape := destination(v)
	switch {
	case slot >= 0 && !viaReshape:
		l.checkResultDims(slot, nb.dims)
		nb.ptr, nb.checked, nb.result = l.resPtr[slot], true, slot
	case slot >= 0:
		l.checkResultSize(slot, nb.dims)
		nb.ptr, nb.result = l.resPtr[slot], slot
	default:
		nb.ptr = l.alloc(nb.elem, nb.dims)
	}
	l.vals[v] = lval{buf: &nb}
	return &nb
}

// destination is returnSlot for a tensor that slices are written into:
// it follows the value through the tensor.insert_slice ops that update it
// (ignoring the slices and dims read from it) to func.return.
func destination(v *ir.Value) (slot int, viaReshape bool) {
	for {
		var next *ir.OpOperand
		for _, u := range v.Uses() {
			switch d := u.Owner().Def(); {
			case d == tensor.ExtractSlice && u.Index() == 0, d == tensor.Dim:
				continue
			case next != nil:
				return notResult, false
			}
			next = u
		}
		if next == nil {
			return notResult, false
		}
		if next.Owner().Def() == tensor.InsertSlice && next.Index() == 1 {
			v = next.Owner().Result(0)
			continue
		}
		slot, via := returnSlot(v)
		return slot, via || viaReshape
	}
}

// writesInPlace reports whether generic result r, computed into the view
// init, is put back by a tensor.insert_slice at the very place init was
// extracted from, so that writing init's storage is the insertion. r may
// reach the insertion through scf.if yields (one version of a generic per
// branch) and reshapes, and init be a reshape of the extracted slice
// (unit dims folded away): reshapes keep the row-major order of the
// elements, so element k of r is element k of the slice either way.
func writesInPlace(r *ir.Value, init *ir.Value) bool {
	ex := init.DefiningOp()
	for ex != nil && (ex.Def() == tensor.CollapseShape || ex.Def() == tensor.ExpandShape) {
		ex = ex.Operand(0).DefiningOp()
	}
	if ex == nil || ex.Def() != tensor.ExtractSlice {
		return false
	}
	ins := insertionOf(r)
	if ins == nil || ins.Operand(1) != ex.Operand(0) || ins.Operand(0).Type() != ex.Result(0).Type() {
		return false
	}
	if ins.Block() != ex.Block() || !sameSliceParams(ex, 1, ins, 2) {
		return false
	}
	return insertInPlace(ins)
}

// insertionOf follows v through its single uses (scf.yield out of scf.if,
// reshapes) to the tensor.insert_slice whose source it is; nil if none.
func insertionOf(v *ir.Value) *ir.Operation {
	for v.HasOneUse() {
		use := v.Uses()[0]
		user := use.Owner()
		switch user.Def() {
		case tensor.InsertSlice:
			if use.Index() != 0 {
				return nil
			}
			return user
		case scf.Yield:
			parent := user.ParentOp()
			if parent == nil || parent.Def() != scf.If {
				return nil
			}
			v = parent.Result(use.Index())
		case tensor.CollapseShape, tensor.ExpandShape:
			v = user.Result(0)
		default:
			return nil
		}
	}
	return nil
}

// reshapeView is src with dims (a collapse_shape or expand_shape by
// groups): the same storage. A strided view stays a view when each group
// has at most one dim that is not a static 1 (the unit dims that
// linalg-fold-unit-extent-dims adds and drops), and is copied to
// contiguous storage otherwise.
func (l *fnLowering) reshapeView(src *buffer, groups [][]int64, dims []value.Value, collapse bool) *buffer {
	if src.strides == nil || src.ptr == nil {
		return reshaped(src, dims)
	}
	strides := make([]value.Value, len(dims))
	for gi, g := range groups {
		var stride value.Value = i64c(1)
		nonUnit := 0
		for _, d := range g {
			size := src.dims[gi]
			if collapse {
				size = src.dims[d]
			} else {
				size = dims[d]
			}
			if c, ok := constInt(size); ok && c == 1 {
				continue
			}
			nonUnit++
			if collapse {
				stride = src.strides[d]
			}
		}
		if nonUnit > 1 {
			return reshaped(l.contiguous(src), dims)
		}
		if collapse {
			strides[gi] = stride
			continue
		}
		for _, d := range g {
			strides[d] = src.strides[gi]
		}
	}
	nb := reshaped(src, dims)
	nb.strides = strides
	return nb
}

func sameSliceParams(a *ir.Operation, la int, b *ir.Operation, lb int) bool {
	for _, n := range []string{"static_offsets", "static_sizes", "static_strides"} {
		x, y := tensor.StaticList(a, n), tensor.StaticList(b, n)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
	}
	if a.NumOperands()-la != b.NumOperands()-lb {
		return false
	}
	for i := la; i < a.NumOperands(); i++ {
		if a.Operand(i) != b.Operand(i-la+lb) {
			return false
		}
	}
	return true
}

// insertInPlace reports whether insert_slice ins may update its
// destination's storage: the storage is the kernel's own (ownedStorage:
// not a caller's argument or a constant), and every other use of the
// destination is a slice or a dim taken before ins in its block (so
// nothing reads the old value after the update).
func insertInPlace(ins *ir.Operation) bool {
	dest := ins.Operand(1)
	if !ownedStorage(dest) {
		return false
	}
	for _, u := range dest.Uses() {
		o := u.Owner()
		if o == ins {
			continue
		}
		if (o.Def() != tensor.ExtractSlice && o.Def() != tensor.Dim) || o.Block() != ins.Block() || !o.IsBeforeInBlock(ins) {
			return false
		}
	}
	return true
}

// ownedStorage reports whether tensor v lives in storage the kernel made
// for it: a tensor.empty, or what a generic or fill computed into such
// storage, or an earlier insertion into it. A function's argument (the
// caller's buffer, read-only) and a constant are not; neither is anything
// else, to be safe (a reshape or slice view of an argument, a value
// yielded by scf.if).
func ownedStorage(v *ir.Value) bool {
	for {
		def := v.DefiningOp()
		if def == nil {
			return false
		}
		switch def.Def() {
		case tensor.Empty:
			return true
		case tensor.InsertSlice:
			v = def.Operand(1)
		case linalg.Generic, linalg.Fill:
			init := linalg.TiedInit(def, v.Index())
			if init == nil {
				return false
			}
			v = init
		default:
			return false
		}
	}
}

func (l *fnLowering) lowerExtractSlice(op *ir.Operation) error {
	offs, sizes, steps, err := l.sliceParts(op, 1)
	if err != nil {
		return err
	}
	if rt := op.Result(0).Type().(*ir.RankedTensorType); rt.Rank() != len(sizes) {
		return ir.Errorf(op.Loc, "rank-reducing tensor.extract_slice is not lowered to LLVM IR yet")
	}
	view, err := l.sliceView(op, l.storage(op.Operand(0)), offs, sizes, steps)
	if err != nil {
		return err
	}
	l.vals[op.Result(0)] = lval{buf: view}
	return nil
}

func (l *fnLowering) lowerInsertSlice(op *ir.Operation) error {
	offs, sizes, steps, err := l.sliceParts(op, 2)
	if err != nil {
		return err
	}
	if st := op.Operand(0).Type().(*ir.RankedTensorType); st.Rank() != len(sizes) {
		return ir.Errorf(op.Loc, "rank-reducing tensor.insert_slice is not lowered to LLVM IR yet")
	}
	dest := l.storage(op.Operand(1))
	if !l.shapesOnly && !insertInPlace(op) {
		// The old value is read later: update a copy.
		cp := &buffer{elem: dest.elem, dims: dest.dims, result: notResult}
		cp.ptr = l.alloc(dest.elem, dest.dims)
		l.copyBuffer(cp, dest)
		dest = cp
	}
	view, err := l.sliceView(op, dest, offs, sizes, steps)
	if err != nil {
		return err
	}
	if !l.shapesOnly {
		src := l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type())
		for j := range sizes {
			l.check(l.eq(src.dims[j], sizes[j]), codeShape,
				fmt.Sprintf("%s: %s: tensor.insert_slice: source dim %d has size %%lld, the slice %%lld", l.abi.Name, op.Loc, j), src.dims[j], sizes[j])
		}
		if !src.inPlace && !(src.ptr == view.ptr && sameValues(l.stridesOf(src), view.strides)) {
			l.copyBuffer(view, src)
		}
	}
	l.vals[op.Result(0)] = lval{buf: dest}
	return nil
}

func sameValues(a, b []value.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, xc := constInt(a[i])
		y, yc := constInt(b[i])
		if a[i] != b[i] && !(xc && yc && x == y) {
			return false
		}
	}
	return true
}
