package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Shapes are extents (one i64 per dim, see lval); the shape dialect's ops
// are integer arithmetic on them.

func mkExtents(vs []value.Value) lval {
	if vs == nil {
		vs = []value.Value{}
	}
	return lval{extents: vs}
}

// extentsOf returns operand i of op as extents: a shape, or the dims of a
// tensor.
func (l *fnLowering) extentsOf(op *ir.Operation, i int) ([]value.Value, error) {
	ext, ok := l.asExtents(l.get(op.Operand(i)))
	if !ok {
		if l.shapesOnly {
			return nil, l.dataDependent(op)
		}
		return nil, ir.Errorf(op.Loc, "operand #%d of type %s is not a shape of static rank", i, op.Operand(i).Type())
	}
	return ext, nil
}

func (l *fnLowering) lowerShapeOp(op *ir.Operation) error {
	res := func(v lval) error { l.vals[op.Result(0)] = v; return nil }
	switch op.Name() {
	case "shape.shape_of":
		v := l.get(op.Operand(0))
		if v.buf != nil {
			return res(mkExtents(append([]value.Value{}, v.buf.dims...)))
		}
		if v.extents != nil {
			return res(mkExtents([]value.Value{i64c(int64(len(v.extents)))}))
		}
		return res(mkExtents(nil)) // a scalar
	case "shape.const_shape":
		var ext []value.Value
		switch a := op.Attr("shape").(type) {
		case *ir.DenseElementsAttr:
			for i := range a.NumElements() {
				ext = append(ext, i64c(a.IntAt(i)))
			}
		case *ir.DenseArrayAttr:
			for _, x := range a.Ints {
				ext = append(ext, i64c(x))
			}
		default:
			return ir.Errorf(op.Loc, "shape.const_shape without a 'shape' attribute")
		}
		return res(mkExtents(ext))
	case "shape.broadcast":
		shapes, err := l.allExtents(op)
		if err != nil {
			return err
		}
		acc := shapes[0]
		for _, s := range shapes[1:] {
			acc = l.broadcastPair(op, acc, s)
		}
		return res(mkExtents(acc))
	case "shape.is_broadcastable":
		shapes, err := l.allExtents(op)
		if err != nil {
			return err
		}
		var ok value.Value = constant.True
		for i := range shapes {
			for j := i + 1; j < len(shapes); j++ {
				ok = l.and(ok, l.broadcastable(shapes[i], shapes[j]))
			}
		}
		return res(lval{scalar: ok})
	case "shape.shape_eq":
		shapes, err := l.allExtents(op)
		if err != nil {
			return err
		}
		var ok value.Value = constant.True
		for _, s := range shapes[1:] {
			if len(s) != len(shapes[0]) {
				ok = constant.False
				break
			}
			for k := range s {
				ok = l.and(ok, l.eq(s[k], shapes[0][k]))
			}
		}
		return res(lval{scalar: ok})
	case "shape.get_extent":
		ext, err := l.extentsOf(op, 0)
		if err != nil {
			return err
		}
		idx, err := l.needScalar(op, 1)
		if err != nil {
			return err
		}
		x, err := l.pick(op, ext, idx)
		if err != nil {
			return err
		}
		return res(lval{scalar: x})
	case "shape.from_extents":
		var ext []value.Value
		for i := range op.NumOperands() {
			x, err := l.needScalar(op, i)
			if err != nil {
				return err
			}
			ext = append(ext, x)
		}
		return res(mkExtents(ext))
	case "shape.to_extent_tensor":
		ext, err := l.extentsOf(op, 0)
		if err != nil {
			return err
		}
		return res(mkExtents(ext))
	}
	return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet (run --pipeline=cpu first: shape constraints become cf.assert)", op.Name())
}

func (l *fnLowering) allExtents(op *ir.Operation) ([][]value.Value, error) {
	var out [][]value.Value
	for i := range op.NumOperands() {
		e, err := l.extentsOf(op, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, ir.Errorf(op.Loc, "'%s' needs at least one shape", op.Name())
	}
	return out, nil
}

// broadcastable is numpy's rule for two shapes aligned on the right: each
// pair of sizes is equal or one of them is 1.
func (l *fnLowering) broadcastable(a, b []value.Value) value.Value {
	var ok value.Value = constant.True
	for k := 1; k <= min(len(a), len(b)); k++ {
		x, y := a[len(a)-k], b[len(b)-k]
		one := i64c(1)
		ok = l.and(ok, l.or(l.or(l.eq(x, one), l.eq(y, one)), l.eq(x, y)))
	}
	return ok
}

// broadcastPair is numpy's broadcast of two shapes. Incompatible sizes are
// an error at op (MLIR leaves the result undefined; a kernel must not run
// on it).
func (l *fnLowering) broadcastPair(op *ir.Operation, a, b []value.Value) []value.Value {
	n := max(len(a), len(b))
	out := make([]value.Value, n)
	for k := 1; k <= n; k++ {
		switch {
		case k > len(a):
			out[n-k] = b[len(b)-k]
		case k > len(b):
			out[n-k] = a[len(a)-k]
		default:
			x, y := a[len(a)-k], b[len(b)-k]
			one := i64c(1)
			if ok := l.or(l.or(l.eq(x, one), l.eq(y, one)), l.eq(x, y)); !isTrue(ok) { // else no message to make
				l.check(ok, codeShape, fmt.Sprintf("%s: %s: shape.broadcast: sizes %%lld and %%lld of dim %d (from the right) do not broadcast",
					l.abi.Name, op.Loc, k), x, y)
			}
			out[n-k] = l.sel(l.eq(x, one), y, x)
		}
	}
	return out
}

// pick returns ext[idx] (a select chain for a run-time index, which must be
// in range).
func (l *fnLowering) pick(op *ir.Operation, ext []value.Value, idx value.Value) (value.Value, error) {
	if c, ok := constInt(idx); ok {
		if c < 0 || int(c) >= len(ext) {
			return nil, ir.Errorf(op.Loc, "index %d is out of range for %d extents", c, len(ext))
		}
		return ext[c], nil
	}
	if len(ext) == 0 {
		return nil, ir.Errorf(op.Loc, "index into an empty shape")
	}
	inRange := l.cur.NewICmp(enum.IPredULT, idx, i64c(int64(len(ext))))
	l.check(inRange, codeShape, fmt.Sprintf("%s: %s: index %%lld is out of range for a shape of %d extents", l.abi.Name, op.Loc, len(ext)), idx)
	x := ext[len(ext)-1]
	for k := len(ext) - 2; k >= 0; k-- {
		x = l.sel(l.eq(idx, i64c(int64(k))), ext[k], x)
	}
	return x, nil
}

func (l *fnLowering) lowerTensorOp(op *ir.Operation) error {
	res := func(v lval) error { l.vals[op.Result(0)] = v; return nil }
	switch op.Name() {
	case "tensor.empty":
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
		return res(lval{buf: b})
	case "tensor.dim":
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
		return res(lval{scalar: x})
	case "tensor.extract":
		return l.lowerExtract(op)
	case "tensor.from_elements":
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
			return res(mkExtents(xs))
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
		return res(lval{buf: b, elems: xs})
	case "tensor.cast":
		return l.lowerCast(op)
	case "tensor.collapse_shape":
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
		return res(lval{buf: l.reshapeView(src, groups, dims, true)})
	case "tensor.expand_shape":
		return l.lowerExpand(op)
	case "tensor.extract_slice":
		return l.lowerExtractSlice(op)
	case "tensor.insert_slice":
		return l.lowerInsertSlice(op)
	case "tensor.reshape":
		return l.lowerReshape(op)
	}
	return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", op.Name())
}

// reshaped is src with other dims and the same contiguous storage.
func reshaped(src *buffer, dims []value.Value) *buffer {
	nb := *src
	nb.dims = dims
	nb.checked = false
	return &nb
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
