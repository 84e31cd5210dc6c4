package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The tensor dialect's reshapes and slices (dialects/tensor): tensor.
// collapse_shape and expand_shape keep the row-major elements and change
// the shape; extract_slice and insert_slice read and write a strided
// slice. Sizes, offsets and strides given by operands (MLIR's mixed
// static/dynamic lists) are read at run time and checked: a reshape whose
// output_shape does not multiply to the source's dims, or a slice that
// leaves its tensor, is an error at the op (MLIR leaves both undefined).

func tensorCollapseShape(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	groups := tensor.Reassociation(op)
	if groups == nil && op.Attr("reassociation") == nil {
		return nil, op.Emit("requires a 'reassociation'")
	}
	shape := make([]int64, len(groups))
	next := 0
	for i, g := range groups {
		shape[i] = 1
		for _, d := range g {
			if int(d) != next || next >= x.Rank() {
				return nil, op.Emit("reassociation group #%d does not continue the dims of run-time shape %s in order", i, ir.FormatShape(x.shape))
			}
			shape[i] *= x.shape[d]
			next++
		}
	}
	// Collapsing to rank 0 has no groups and needs unit dims.
	if len(groups) > 0 && next != x.Rank() || numElements(shape) != x.Len() {
		return nil, op.Emit("reassociation %v does not collapse run-time shape %s", groups, ir.FormatShape(x.shape))
	}
	return one(withShape(x, shape)), nil
}

func tensorExpandShape(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	shape, err := mixedList(op, "static_output_shape", in, 1)
	if err != nil {
		return nil, err
	}
	groups := tensor.Reassociation(op)
	if len(groups) != x.Rank() {
		return nil, op.Emit("has %d reassociation groups for run-time shape %s", len(groups), ir.FormatShape(x.shape))
	}
	next := 0
	for i, g := range groups {
		prod := int64(1)
		for _, d := range g {
			if int(d) != next || next >= len(shape) {
				return nil, op.Emit("reassociation group #%d does not continue the dims of output_shape %s in order", i, ir.FormatShape(shape))
			}
			if shape[d] < 0 {
				return nil, op.Emit("output_shape %s has the negative size %d", formatIndex(shape), shape[d])
			}
			prod *= shape[d]
			next++
		}
		if prod != x.shape[i] {
			return nil, op.Emit("output_shape %s does not expand run-time shape %s: group #%d multiplies to %d, but dim %d is %d",
				ir.FormatShape(shape), ir.FormatShape(x.shape), i, prod, i, x.shape[i])
		}
	}
	// Expanding rank 0 has no groups and makes unit dims.
	if len(groups) > 0 && next != len(shape) || numElements(shape) != x.Len() {
		return nil, op.Emit("reassociation %v does not expand run-time shape %s to output_shape %s", groups, ir.FormatShape(x.shape), ir.FormatShape(shape))
	}
	return one(withShape(x, shape)), nil
}

// mixedList reads a static list attribute whose tensor.Dynamic entries
// stand for operands, taken in order from operand *next on.
func mixedList(op *ir.Operation, name string, in []value, next int) ([]int64, error) {
	n := next
	return mixedListAt(op, name, in, &n)
}

func mixedListAt(op *ir.Operation, name string, in []value, next *int) ([]int64, error) {
	if op.Attr(name) == nil {
		return nil, op.Emit("requires '%s'", name)
	}
	static := tensor.StaticList(op, name)
	out := make([]int64, len(static))
	for i, s := range static {
		if s != tensor.Dynamic {
			out[i] = s
			continue
		}
		if *next >= len(in) {
			return nil, op.Emit("has too few operands for the dynamic entries of '%s'", name)
		}
		v, err := scalarInt(op, *next, in)
		if err != nil {
			return nil, err
		}
		out[i], *next = v, *next+1
	}
	return out, nil
}

// slice is the run-time offsets, sizes and strides of a slice op.
type slice struct {
	offsets, sizes, strides []int64
}

// sliceOf reads a slice op's lists (after its lead tensor operands) and
// checks them against big, the run-time shape sliced: every position
// the slice reaches must be inside big.
func sliceOf(op *ir.Operation, in []value, lead int, big []int64) (*slice, error) {
	next := lead
	var s slice
	for _, l := range []struct {
		name string
		dst  *[]int64
	}{{"static_offsets", &s.offsets}, {"static_sizes", &s.sizes}, {"static_strides", &s.strides}} {
		v, err := mixedListAt(op, l.name, in, &next)
		if err != nil {
			return nil, err
		}
		if len(v) != len(big) {
			return nil, op.Emit("'%s' has %d entries for the run-time shape %s", l.name, len(v), ir.FormatShape(big))
		}
		*l.dst = v
	}
	for d, size := range s.sizes {
		off, stride := s.offsets[d], s.strides[d]
		if size < 0 {
			return nil, op.Emit("size %d of dim %d is negative", size, d)
		}
		last := off + (size-1)*stride
		if off < 0 || off > big[d] || size > 0 && (off >= big[d] || last < 0 || last >= big[d]) {
			return nil, op.Emit("slice offsets %s, sizes %s, strides %s leave the run-time shape %s in dim %d",
				formatIndex(s.offsets), formatIndex(s.sizes), formatIndex(s.strides), ir.FormatShape(big), d)
		}
	}
	return &s, nil
}

// reducedShape drops from the slice sizes the unit dims that the
// rank-reduced type small drops, as MLIR's ExtractSliceOp::getDroppedDims
// does: a static size of 1 is dropped unless the next dim of small is a
// static 1; a dynamic size is never dropped.
func (s *slice) reducedShape(op *ir.Operation, small *ir.RankedTensorType) ([]int64, error) {
	static := tensor.StaticList(op, "static_sizes")
	var out []int64
	for d, size := range s.sizes {
		if static[d] == 1 && !(len(out) < small.Rank() && small.Shape()[len(out)] == 1) {
			continue
		}
		out = append(out, size)
	}
	if len(out) != small.Rank() {
		return nil, op.Emit("slice sizes %s do not reduce to the rank of %s", formatIndex(s.sizes), small)
	}
	return out, nil
}

// layout returns the positions of the slice's elements in a tensor of
// shape big, in the slice's row-major order.
func (s *slice) layout(big []int64) (*layout, int) {
	own := rowMajorStrides(big)
	strides := make([]int, len(big))
	base := 0
	for d := range big {
		base += int(s.offsets[d]) * own[d]
		strides[d] = int(s.strides[d]) * own[d]
	}
	return &layout{shape: s.sizes, strides: [][]int{strides}}, base
}

func tensorExtractSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	if in[0].t == nil {
		return nil, op.Emit("operand #0 is a shape witness, not a tensor")
	}
	x := in[0].t
	s, err := sliceOf(op, in, 1, x.shape)
	if err != nil {
		return nil, err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("needs a ranked result type")
	}
	shape, err := s.reducedShape(op, rt)
	if err != nil {
		return nil, err
	}
	l, base := s.layout(x.shape)
	k, _ := kindOf(x.elem)
	out := newTensor(x.elem, k, shape)
	l.each(func(o int, offs []int) { out.copyElem(o, x, base+offs[0]) })
	return one(out), nil
}

func tensorInsertSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	if in[0].t == nil || in[1].t == nil {
		return nil, op.Emit("the source and dest must be tensors, not shape witnesses")
	}
	src, dst := in[0].t, in[1].t
	if src.elem != dst.elem {
		return nil, op.Emit("source and dest have different element types %s and %s", src.elem, dst.elem)
	}
	s, err := sliceOf(op, in, 2, dst.shape)
	if err != nil {
		return nil, err
	}
	st, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("needs a ranked source type")
	}
	shape, err := s.reducedShape(op, st)
	if err != nil {
		return nil, err
	}
	if !equalShapes(shape, src.shape) {
		return nil, op.Emit("source of run-time shape %s does not fit the slice sizes %s", ir.FormatShape(src.shape), formatIndex(s.sizes))
	}
	out := clone(dst)
	l, base := s.layout(dst.shape)
	l.each(func(o int, offs []int) { out.copyElem(base+offs[0], src, o) })
	return one(out), nil
}

func init() {
	register(tensorCollapseShape, "tensor.collapse_shape")
	register(tensorExpandShape, "tensor.expand_shape")
	register(tensorExtractSlice, "tensor.extract_slice")
	register(tensorInsertSlice, "tensor.insert_slice")
}
