package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.dynamic_slice and hlo.dynamic_update_slice: StableHLO's clamped
// start indices (clamp(start, 0, dim size - slice size)).

// clampedStarts reads the 0-d start index operands from first on and
// clamps each so that a slice of sizes lies in shape.
func clampedStarts(op *ir.Operation, ts []*Tensor, first int, shape, sizes []int64) ([]int64, error) {
	starts := make([]int64, len(shape))
	for d := range shape {
		t := ts[first+d]
		if t.IsFloat() || t.Len() != 1 {
			return nil, op.Emit("operand #%d must be a 0-d integer tensor", first+d)
		}
		if sizes[d] > shape[d] {
			return nil, op.Emit("at run time: the slice has %d elements in dim %d, more than the operand's %d", sizes[d], d, shape[d])
		}
		starts[d] = min(max(t.i[0], 0), shape[d]-sizes[d])
	}
	return starts, nil
}

func hloDynamicSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	sizes := hlo.I64s(op.Attr("slice_sizes"))
	if len(sizes) != x.Rank() || len(ts) != 1+x.Rank() {
		return nil, op.Emit("needs slice_sizes and a start index per operand dim")
	}
	starts, err := clampedStarts(op, ts, 1, x.shape, sizes)
	if err != nil {
		return nil, err
	}
	strides := rowMajorStrides(x.shape)
	base := 0
	for d, s := range starts {
		base += int(s) * strides[d]
	}
	if numElements(sizes) == 0 {
		base = 0
	}
	return one(gather(x, sizes, base, strides)), nil
}

func hloDynamicUpdateSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x, u := ts[0], ts[1]
	if u.Rank() > x.Rank() || len(ts) != 2+x.Rank() {
		return nil, op.Emit("needs an update of at most the operand's rank and a start index per operand dim")
	}
	// The slice: the update with leading 1s (the assignment rule's rank
	// expansion), which has the update's elements in the same order.
	sizes := make([]int64, x.Rank())
	for d := range sizes {
		sizes[d] = 1
	}
	copy(sizes[x.Rank()-u.Rank():], u.shape)
	starts, err := clampedStarts(op, ts, 2, x.shape, sizes)
	if err != nil {
		return nil, err
	}
	out := clone(x)
	strides := rowMajorStrides(x.shape)
	base := 0
	for d, s := range starts {
		base += int(s) * strides[d]
	}
	l := &layout{shape: sizes, strides: [][]int{strides}}
	l.each(func(o int, offs []int) { out.copyElem(base+offs[0], u, o) })
	return one(out), nil
}

func init() {
	registerOps(hloDynamicSlice, hlo.DynamicSliceOp)
	registerOps(hloDynamicUpdateSlice, hlo.DynamicUpdateSliceOp)
}
