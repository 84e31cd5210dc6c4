package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers the tensor dialect's ops other than slices (slices.go):
// tensor.empty (no storage until its user picks it), tensor.dim,
// tensor.extract, tensor.from_elements, and the reshapes (collapse_shape,
// expand_shape, cast, reshape), which reuse the source's storage with other
// dims and check at run time what can fail.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(tensor.Empty, (*fnLowering).lowerEmpty)
		r.add(tensor.Dim, (*fnLowering).lowerDim)
		r.add(tensor.Extract, (*fnLowering).lowerExtract)
		r.add(tensor.FromElements, (*fnLowering).lowerFromElements)
		r.add(tensor.Cast, (*fnLowering).lowerCast)
		r.add(tensor.Bitcast, (*fnLowering).lowerBitcast)
		r.add(tensor.CollapseShape, (*fnLowering).lowerCollapse)
		r.add(tensor.ExpandShape, (*fnLowering).lowerExpand)
		r.add(tensor.Reshape, (*fnLowering).lowerReshape)
	})
}

// lowerEmpty is a buffer without storage (its user picks it: the caller's
// result, a slice's destination, or malloc).
func (l *fnLowering) lowerEmpty(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.Errorf(op.Loc, "tensor.empty of type %s is not lowered", op.Result(0).Type())
	}
	b := &buffer{elem: rt.ElementType(), result: notResult, empty: true}
	next := 0
	for _, d := range rt.Shape() {
		if d != ir.Dynamic {
			b.dims = append(b.dims, i64c(d))
			continue
		}
		x, err := l.needScalar(op, next)
		if err != nil {
			return err
		}
		next++
		b.dims = append(b.dims, x)
	}
	return l.setResult(op, lval{buf: b})
}

// lowerDim is one dim of a buffer (or a shape's length), its index checked
// at run time.
func (l *fnLowering) lowerDim(op *ir.Operation) error {
	v := l.get(op.Operand(0))
	idx, err := l.needScalar(op, 1)
	if err != nil {
		return err
	}
	var dims []value.Value
	switch {
	case v.buf != nil:
		dims = v.buf.dims
	case v.extents != nil:
		dims = []value.Value{i64c(int64(len(v.extents)))}
	}
	x, err := l.pick(op, dims, idx)
	if err != nil {
		return err
	}
	return l.setResult(op, lval{scalar: x})
}

// lowerFromElements is extents for a static 1-D index tensor, else a new
// buffer that also keeps its elements' scalars (elems: a shape computed
// from shapes stays known in the result-shapes function).
func (l *fnLowering) lowerFromElements(op *ir.Operation) error {
	var xs []value.Value
	for i := range op.NumOperands() {
		x, _ := l.scalarOf(op.Operand(i))
		xs = append(xs, x)
	}
	if _, isShape := isShapeType(op.Result(0).Type()); isShape {
		for i, x := range xs {
			if x == nil {
				return l.dataDependent(op.Operand(i).DefiningOp())
			}
		}
		return l.setResult(op, mkExtents(xs))
	}
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if !rt.HasStaticShape() {
		return ir.Errorf(op.Loc, "tensor.from_elements of type %s is not lowered", rt)
	}
	b := &buffer{elem: rt.ElementType(), result: notResult}
	for _, d := range rt.Shape() {
		b.dims = append(b.dims, i64c(d))
	}
	if !l.shapesOnly {
		b.ptr = l.alloc(b.elem, b.dims)
		for i, x := range xs {
			l.storeElem(b.elem, x, l.elemPtr(b.elem, b.ptr, i64c(int64(i))))
		}
	}
	return l.setResult(op, lval{buf: b, elems: xs})
}

// lowerCollapse is the source's storage with each group of dims multiplied
// into one.
func (l *fnLowering) lowerCollapse(op *ir.Operation) error {
	src := l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type())
	groups := tensor.Reassociation(op)
	var dims []value.Value
	for _, g := range groups {
		var n value.Value = i64c(1)
		for _, d := range g {
			n = l.mul(n, src.dims[d])
		}
		dims = append(dims, n)
	}
	return l.setResult(op, lval{buf: l.reshapeView(src, groups, dims, true)})
}

func (l *fnLowering) lowerExpand(op *ir.Operation) error {
	src := l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type())
	static := tensor.StaticList(op, "static_output_shape")
	var dims []value.Value
	next := 1
	for _, s := range static {
		if s != tensor.Dynamic {
			dims = append(dims, i64c(s))
			continue
		}
		x, err := l.needScalar(op, next)
		if err != nil {
			return err
		}
		next++
		dims = append(dims, x)
	}
	for gi, g := range tensor.Reassociation(op) {
		var n value.Value = i64c(1)
		for _, d := range g {
			n = l.mul(n, dims[d])
		}
		l.check(l.eq(n, src.dims[gi]), codeShape, fmt.Sprintf("%s: %s: tensor.expand_shape: output dims %v have %%lld elements, but source dim %d has %%lld",
			l.abi.Name, op.Loc, g, gi), n, src.dims[gi])
	}
	l.vals[op.Result(0)] = lval{buf: l.reshapeView(src, tensor.Reassociation(op), dims, false)}
	return nil
}

func (l *fnLowering) lowerCast(op *ir.Operation) error {
	v := l.get(op.Operand(0))
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.Errorf(op.Loc, "tensor.cast to %s is not lowered", op.Result(0).Type())
	}
	if v.extents != nil {
		if n, isShape := isShapeType(rt); isShape && n == len(v.extents) {
			l.vals[op.Result(0)] = v
			return nil
		}
	}
	src := l.asBuffer(v, op.Operand(0).Type())
	if len(src.dims) != rt.Rank() {
		return ir.Errorf(op.Loc, "tensor.cast changes the rank")
	}
	dims := make([]value.Value, rt.Rank())
	for j, d := range rt.Shape() {
		if d == ir.Dynamic {
			dims[j] = src.dims[j]
			continue
		}
		l.check(l.eq(src.dims[j], i64c(d)), codeShape, fmt.Sprintf("%s: %s: tensor.cast to %s: dim %d has size %%lld", l.abi.Name, op.Loc, rt, j), src.dims[j])
		dims[j] = i64c(d)
	}
	nb := *src
	nb.dims = dims
	l.vals[op.Result(0)] = lval{buf: &nb}
	return nil
}

// lowerBitcast is the operand's storage under the result's element type
// (of the same width: the same LLVM integer or float type, or the same
// bytes).
func (l *fnLowering) lowerBitcast(op *ir.Operation) error {
	src := l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type())
	nb := *src
	nb.elem = ir.ElementTypeOf(op.Result(0).Type())
	l.vals[op.Result(0)] = lval{buf: &nb}
	return nil
}

// lowerExtract reads one element: of extents, or of a buffer (unknown in
// the result-shapes function).
func (l *fnLowering) lowerExtract(op *ir.Operation) error {
	v := l.get(op.Operand(0))
	var idx []value.Value
	for i := 1; i < op.NumOperands(); i++ {
		x, err := l.needScalar(op, i)
		if err != nil {
			return err
		}
		idx = append(idx, x)
	}
	if k, ok := constIndex(idx, v); ok {
		// An element of tensor.from_elements: its scalar (nil, unknown,
		// when it was read from data in the result-shapes function).
		l.vals[op.Result(0)] = lval{scalar: v.elems[k]}
		return nil
	}
	if v.extents != nil && len(idx) == 1 {
		x, err := l.pick(op, v.extents, idx[0])
		if err != nil {
			return err
		}
		l.vals[op.Result(0)] = lval{scalar: x}
		return nil
	}
	b := l.asBuffer(v, op.Operand(0).Type())
	if b.ptr == nil {
		l.vals[op.Result(0)] = lval{} // data: unknown without it
		return nil
	}
	if len(idx) != len(b.dims) {
		return ir.Errorf(op.Loc, "tensor.extract with %d indices of a rank-%d tensor", len(idx), len(b.dims))
	}
	var off value.Value = i64c(0)
	var inRange value.Value = constant.True
	strides := l.stridesOf(b)
	for j, x := range idx {
		off = l.add(off, l.mul(x, strides[j]))
		inRange = l.and(inRange, l.cur.NewICmp(enum.IPredULT, x, b.dims[j]))
	}
	l.check(inRange, codeShape, fmt.Sprintf("%s: %s: tensor.extract index out of range", l.abi.Name, op.Loc))
	l.vals[op.Result(0)] = lval{scalar: l.loadElem(b.elem, l.elemPtr(b.elem, b.ptr, off))}
	return nil
}

// constIndex returns the row-major position of the constant indices idx
// in v's tensor.from_elements elements; ok is false when v has none or an
// index is not a constant in range.
func constIndex(idx []value.Value, v lval) (int, bool) {
	if v.elems == nil || v.buf == nil || len(idx) != len(v.buf.dims) {
		return 0, false
	}
	k := int64(0)
	for j, x := range idx {
		c, ok := constInt(x)
		n, static := constInt(v.buf.dims[j])
		if !ok || !static || c < 0 || c >= n {
			return 0, false
		}
		k = k*n + c
	}
	return int(k), true
}

// lowerReshape lowers tensor.reshape: the source's storage (contiguous)
// with the dims of the shape operand, whose element count must match.
func (l *fnLowering) lowerReshape(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.Errorf(op.Loc, "tensor.reshape to %s is not lowered", op.Result(0).Type())
	}
	ext, err := l.shapeExtents(op, 1)
	if err != nil {
		return err
	}
	if len(ext) != rt.Rank() {
		return ir.Errorf(op.Loc, "tensor.reshape: the shape has %d elements for a rank-%d result", len(ext), rt.Rank())
	}
	src := l.contiguous(l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type()))
	dims := make([]value.Value, len(ext))
	for j, x := range ext {
		dims[j] = x
		if s := rt.Shape()[j]; s != ir.Dynamic {
			l.check(l.eq(x, i64c(s)), codeShape, fmt.Sprintf("%s: %s: tensor.reshape: dim %d is %%lld, but the result type has %d", l.abi.Name, op.Loc, j, s), x)
			dims[j] = i64c(s)
		} else {
			l.check(l.cmp(enum.IPredSGE, x, i64c(0)), codeShape, fmt.Sprintf("%s: %s: tensor.reshape: dim %d is negative (%%lld)", l.abi.Name, op.Loc, j), x)
		}
	}
	have, want := l.numElements(src.dims), l.numElements(dims)
	l.check(l.eq(have, want), codeShape, fmt.Sprintf("%s: %s: tensor.reshape of %%lld elements to a shape of %%lld elements", l.abi.Name, op.Loc), have, want)
	l.vals[op.Result(0)] = lval{buf: reshaped(src, dims)}
	return nil
}
