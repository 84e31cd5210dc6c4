package interp

import (
	"fmt"
	"math"
	"strconv"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The hlo ops that move, create or reshape data rather than compute
// elementwise.

// gather returns a tensor of shape whose element at index idx is
// src[base + Σ idx[d]*strides[d]].
func gather(src *Tensor, shape []int64, base int, strides []int) *Tensor {
	k, _ := kindOf(src.elem)
	out := newTensor(src.elem, k, shape)
	l := &layout{shape: shape, strides: [][]int{strides}}
	l.each(func(o int, offs []int) { out.copyElem(o, src, base+offs[0]) })
	return out
}

// withShape shares t's elements under another shape of the same size.
func withShape(t *Tensor, shape []int64) *Tensor {
	return &Tensor{elem: t.elem, shape: append([]int64{}, shape...), f: t.f, i: t.i, c: t.c}
}

// shapeOperand reads a 1-D integer or index tensor of dim sizes.
func shapeOperand(op *ir.Operation, i int, t *Tensor) ([]int64, error) {
	if t.IsFloat() || t.Rank() != 1 {
		return nil, op.Emit("operand #%d must be a 1-D integer or index tensor, but is %s", i, t.Type())
	}
	for _, d := range t.i {
		if d < 0 {
			return nil, op.Emit("operand #%d holds the negative dim size %d", i, d)
		}
	}
	return append([]int64{}, t.i...), nil
}

func staticResultShape(op *ir.Operation) ([]int64, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, false
	}
	return rt.Shape(), true
}

func hloConstant(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, op.Emit("requires a dense elements 'value' attribute")
	}
	t, err := FromDense(d)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(t), nil
}

func hloConvert(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	out, err := convertTensor(op, ts[0], resultElem(op, 0))
	if err != nil {
		return nil, err
	}
	return one(out), nil
}

// convertTensor converts every element of x to elem (hlo.convert rules).
func convertTensor(op *ir.Operation, x *Tensor, elem ir.Type) (*Tensor, error) {
	from, err := kindOf(x.elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	to, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	if from.complex || to.complex {
		return convertComplex(x, elem, from, to), nil
	}
	out := newTensor(elem, to, x.shape)
	fromF, fromI := hlo.ConvertElem(from.hlo(), to.hlo())
	for i := range x.Len() {
		var f float64
		var n int64
		if from.float {
			f, n = fromF(x.f[i])
		} else {
			f, n = fromI(x.i[i])
		}
		if to.float {
			out.f[i] = f
		} else {
			out.i[i] = n
		}
	}
	return out, nil
}

// broadcastInDim broadcasts x to shape, operand dim i becoming result dim
// dims[i]; each operand dim must be 1 or the result's size.
func broadcastInDim(op *ir.Operation, x *Tensor, shape []int64, dims []int64) (*Tensor, error) {
	if len(dims) != x.Rank() {
		return nil, op.Emit("broadcast_dimensions has %d entries but the operand has rank %d", len(dims), x.Rank())
	}
	strides := make([]int, len(shape))
	own := rowMajorStrides(x.shape)
	for i, d := range dims {
		if d < 0 || int(d) >= len(shape) {
			return nil, op.Emit("broadcast_dimensions entry %d is %d, out of range for a result of rank %d", i, d, len(shape))
		}
		switch x.shape[i] {
		case shape[d]:
			strides[d] = own[i]
		case 1:
		default:
			return nil, op.Emit("operand dim %d has run-time size %d, which cannot broadcast to result dim %d of size %d", i, x.shape[i], d, shape[d])
		}
	}
	return gather(x, shape, 0, strides), nil
}

func hloBroadcastInDim(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x, dims := ts[0], hlo.I64s(op.Attr("broadcast_dimensions"))
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("requires a ranked result type")
	}
	// A dynamic result dim takes the size of the operand dim mapped to it.
	shape := append([]int64{}, rt.Shape()...)
	for d := range shape {
		if shape[d] != ir.Dynamic {
			continue
		}
		for i, to := range dims {
			if to == int64(d) && i < x.Rank() {
				shape[d] = x.shape[i]
			}
		}
		if shape[d] == ir.Dynamic {
			return nil, op.Emit("result dim %d is dynamic and no operand dim maps to it", d)
		}
	}
	out, err := broadcastInDim(op, x, shape, dims)
	if err != nil {
		return nil, err
	}
	return one(out), nil
}

// hloDynamicBroadcastInDim broadcasts to a run-time shape and checks the
// known_expanding_dimensions (the operand dim is 1) and
// known_nonexpanding_dimensions (it keeps its size) claims.
func hloDynamicBroadcastInDim(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	shape, err := shapeOperand(op, 1, ts[1])
	if err != nil {
		return nil, err
	}
	dims := hlo.I64s(op.Attr("broadcast_dimensions"))
	out, err := broadcastInDim(op, x, shape, dims)
	if err != nil {
		return nil, err
	}
	for _, d := range hlo.I64s(op.Attr("known_expanding_dimensions")) {
		if d >= 0 && int(d) < x.Rank() && x.shape[d] != 1 {
			return nil, op.Emit("known_expanding_dimensions claims operand dim %d expands, but it has run-time size %d", d, x.shape[d])
		}
	}
	for _, d := range hlo.I64s(op.Attr("known_nonexpanding_dimensions")) {
		if d >= 0 && int(d) < x.Rank() && x.shape[d] != shape[dims[d]] {
			return nil, op.Emit("known_nonexpanding_dimensions claims operand dim %d keeps its size, but it has run-time size %d and result dim %d has %d", d, x.shape[d], dims[d], shape[dims[d]])
		}
	}
	return one(out), nil
}

func hloReshape(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("requires a ranked result type")
	}
	shape := append([]int64{}, rt.Shape()...)
	dyn, known := -1, 1
	for d, s := range shape {
		if s == ir.Dynamic {
			if dyn >= 0 {
				return nil, op.Emit("cannot infer more than one dynamic result dim")
			}
			dyn = d
		} else {
			known *= int(s)
		}
	}
	if dyn >= 0 {
		if known == 0 || x.Len()%known != 0 {
			return nil, op.Emit("cannot reshape %d elements to %s", x.Len(), rt)
		}
		shape[dyn] = int64(x.Len() / known)
	}
	if numElements(shape) != x.Len() {
		return nil, op.Emit("cannot reshape %d elements (run-time shape %s) to %s", x.Len(), ir.FormatShape(x.shape), ir.FormatShape(shape))
	}
	return one(withShape(x, shape)), nil
}

func hloDynamicReshape(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	shape, err := shapeOperand(op, 1, ts[1])
	if err != nil {
		return nil, err
	}
	if numElements(shape) != ts[0].Len() {
		return nil, op.Emit("cannot reshape %d elements (run-time shape %s) to %s", ts[0].Len(), ir.FormatShape(ts[0].shape), ir.FormatShape(shape))
	}
	return one(withShape(ts[0], shape)), nil
}

func hloTranspose(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x, perm := ts[0], hlo.I64s(op.Attr("permutation"))
	if len(perm) != x.Rank() {
		return nil, op.Emit("permutation has %d entries for an operand of rank %d", len(perm), x.Rank())
	}
	own := rowMajorStrides(x.shape)
	shape, strides := make([]int64, len(perm)), make([]int, len(perm))
	for i, p := range perm {
		if p < 0 || int(p) >= x.Rank() {
			return nil, op.Emit("permutation entry %d is out of range", p)
		}
		shape[i], strides[i] = x.shape[p], own[p]
	}
	return one(gather(x, shape, 0, strides)), nil
}

// hloReverse reads index i_d at n_d - 1 - i_d along each reversed dim: a
// gather starting at the last element of those dims, with their strides
// negated.
func hloReverse(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	strides := rowMajorStrides(x.shape)
	base := 0
	for _, d := range hlo.I64s(op.Attr("dimensions")) {
		if d < 0 || int(d) >= x.Rank() {
			return nil, op.Emit("dimensions entry %d is out of range for an operand of rank %d", d, x.Rank())
		}
		if x.shape[d] == 0 {
			return one(withShape(x, x.shape)), nil // no elements
		}
		base += (int(x.shape[d]) - 1) * strides[d]
		strides[d] = -strides[d]
	}
	return one(gather(x, x.shape, base, strides)), nil
}

func hloIota(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	shape, ok := staticResultShape(op)
	if !ok {
		return nil, op.Emit("needs a static result shape")
	}
	dim, _ := hlo.IntAttr(op.Attr("iota_dimension"))
	if dim < 0 || int(dim) >= len(shape) {
		return nil, op.Emit("iota_dimension %d is out of range", dim)
	}
	return iota(op, shape, int(dim))
}

// iota returns the result of op, an hlo.iota or hlo.dynamic_iota: a
// tensor of op's result element type and the given shape whose elements
// count along dim (which the caller has checked is in range).
func iota(op *ir.Operation, shape []int64, dim int) ([]value, error) {
	elem := resultElem(op, 0)
	k, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(elem, k, shape)
	strides := make([]int, len(shape))
	strides[dim] = 1
	l := &layout{shape: shape, strides: [][]int{strides}}
	l.each(func(o int, offs []int) {
		switch {
		case k.complex:
			out.c[o] = hlo.RoundComplex(complex(float64(offs[0]), 0), k.fk)
		case k.float:
			out.f[o] = k.round(float64(offs[0]))
		default:
			out.i[o] = k.wrap(int64(offs[0]))
		}
	})
	return one(out), nil
}

func hloConcatenate(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	dim64, _ := hlo.IntAttr(op.Attr("dimension"))
	dim := int(dim64)
	if dim < 0 || dim >= ts[0].Rank() {
		return nil, op.Emit("dimension %d is out of range for rank %d", dim, ts[0].Rank())
	}
	if err := sameElems(op, ts); err != nil {
		return nil, err
	}
	shape := append([]int64{}, ts[0].shape...)
	shape[dim] = 0
	for i, t := range ts {
		if t.Rank() != len(shape) {
			return nil, op.Emit("operand #%d has rank %d, not %d", i, t.Rank(), len(shape))
		}
		for d := range shape {
			if d != dim && t.shape[d] != shape[d] {
				return nil, op.Emit("operand #%d has run-time shape %s, which differs from %s outside dim %d", i, ir.FormatShape(t.shape), ir.FormatShape(ts[0].shape), dim)
			}
		}
		shape[dim] += t.shape[dim]
	}
	k, _ := kindOf(ts[0].elem)
	out := newTensor(ts[0].elem, k, shape)
	outStrides := rowMajorStrides(shape)
	base := 0
	for _, t := range ts {
		l := &layout{shape: t.shape, strides: [][]int{outStrides}}
		l.each(func(o int, offs []int) { out.copyElem(base+offs[0], t, o) })
		if len(outStrides) > 0 {
			base += int(t.shape[dim]) * outStrides[dim]
		}
	}
	return one(out), nil
}

func hloSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	starts, limits, steps := hlo.I64s(op.Attr("start_indices")), hlo.I64s(op.Attr("limit_indices")), hlo.I64s(op.Attr("strides"))
	r := x.Rank()
	if len(starts) != r || len(limits) != r || len(steps) != r {
		return nil, op.Emit("start_indices, limit_indices and strides need %d entries", r)
	}
	own := rowMajorStrides(x.shape)
	shape, strides, base := make([]int64, r), make([]int, r), 0
	for d := 0; d < r; d++ {
		if steps[d] <= 0 || starts[d] < 0 || limits[d] < starts[d] || limits[d] > x.shape[d] {
			return nil, op.Emit("slice %d:%d:%d of dim %d is out of bounds for run-time size %d", starts[d], limits[d], steps[d], d, x.shape[d])
		}
		shape[d] = (limits[d] - starts[d] + steps[d] - 1) / steps[d]
		strides[d] = own[d] * int(steps[d])
		base += own[d] * int(starts[d])
	}
	if numElements(shape) == 0 {
		base = 0
	}
	return one(gather(x, shape, base, strides)), nil
}

func hloGetDimensionSize(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	d, _ := hlo.IntAttr(op.Attr("dimension"))
	if d < 0 || int(d) >= ts[0].Rank() {
		return nil, op.Emit("dimension %d is out of range for rank %d", d, ts[0].Rank())
	}
	out, err := NewInts(resultElem(op, 0), nil, []int64{ts[0].shape[d]})
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(out), nil
}

// hloCustomCall runs the `check.*` targets (test assertions) and refuses
// every other target.
func hloCustomCall(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	name := ""
	if s, ok := op.Attr("call_target_name").(*ir.StringAttr); ok {
		name = s.Value
	}
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if name == hlo.ShapeAssertion {
		return nil, shapeAssertion(op, ts)
	}
	if hlo.IsShardingAnnotation(name) && len(ts) == 1 && op.NumResults() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
		return one(ts[0]), nil // one device: the operand itself
	}
	var check func(a, b *Tensor) string
	switch name {
	case "check.expect_eq":
		check = func(a, b *Tensor) string { return mismatch(a, b, 0) }
	case "check.expect_close", "check.expect_almost_eq":
		check = func(a, b *Tensor) string { return mismatch(a, b, almostEqualULPs) }
	}
	if check == nil || op.NumResults() != 0 || len(ts) != 2 {
		return nil, op.Emit("custom call target @%s is not interpretable", name)
	}
	if msg := check(ts[0], ts[1]); msg != "" {
		return nil, op.Emit("@%s failed: %s", name, msg)
	}
	return nil, nil
}

// almostEqualULPs is the float tolerance of check.expect_close.
const almostEqualULPs = 4

// mismatch describes the first difference between a and b, with floats
// allowed ulps units in the last place apart (NaN equals NaN); "" if none.
func mismatch(a, b *Tensor, ulps int64) string {
	if a.elem != b.elem || !equalShapes(a.shape, b.shape) {
		return fmt.Sprintf("%s vs %s", a.Type(), b.Type())
	}
	k, _ := kindOf(a.elem)
	for i := range a.Len() {
		if k.float {
			if d := ULPDistance(a.f[i], b.f[i], a.elem); d > ulps {
				return fmt.Sprintf("element %d: %v vs %v (%d ulps apart)", i, a.f[i], b.f[i], d)
			}
		} else if a.i[i] != b.i[i] {
			return fmt.Sprintf("element %d: %d vs %d", i, a.i[i], b.i[i])
		}
	}
	return ""
}

// ULPDistance returns how many representable values of the float type
// elem lie between a and b (0 if equal or both NaN, MaxInt64 if exactly one
// is NaN). +0 and -0 are 1 apart.
func ULPDistance(a, b float64, elem ir.Type) int64 {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	if an || bn {
		if an && bn {
			return 0
		}
		return math.MaxInt64
	}
	k, err := kindOf(elem)
	if err != nil || !k.float {
		return math.MaxInt64
	}
	// Map the sign-magnitude bits onto a line, -0 just below +0.
	w := uint(ir.ElementByteSize(elem) * 8)
	line := func(v float64) int64 {
		b := hlo.FormatBits(v, k.fk)
		mag := int64(uint64(b) & (1<<(w-1) - 1))
		if b < 0 {
			return -mag - 1
		}
		return mag
	}
	la, lb := line(a), line(b)
	if la < lb {
		la, lb = lb, la
	}
	if d := uint64(la) - uint64(lb); d <= math.MaxInt64 {
		return int64(d)
	}
	return math.MaxInt64
}

func init() {
	registerOps(hloConstant, hlo.Constant)
	registerOps(hloConvert, hlo.Convert)
	registerOps(hloBroadcastInDim, hlo.BroadcastInDim)
	registerOps(hloDynamicBroadcastInDim, hlo.DynamicBroadcastInDim)
	registerOps(hloReshape, hlo.Reshape)
	registerOps(hloDynamicReshape, hlo.DynamicReshape)
	registerOps(hloTranspose, hlo.Transpose)
	registerOps(hloReverse, hlo.ReverseOp)
	registerOps(hloIota, hlo.Iota)
	registerOps(hloConcatenate, hlo.Concatenate)
	registerOps(hloSlice, hlo.Slice)
	registerOps(hloGetDimensionSize, hlo.GetDimensionSize)
	registerOps(hloCustomCall, hlo.CustomCall)
}

// shapeAssertion runs JAX's @shape_assertion: an error with its message,
// `{k}` replaced by the value of operand k+1, when the condition is false.
func shapeAssertion(op *ir.Operation, ts []*Tensor) error {
	if len(ts) == 0 || ts[0].Len() != 1 {
		return op.Emit("@%s needs a one-element condition", hlo.ShapeAssertion)
	}
	if ts[0].i[0] != 0 {
		return nil
	}
	msg, _ := op.Attr("error_message").(*ir.StringAttr)
	text := ""
	if msg != nil {
		text = msg.Value
	}
	text = cf.ExpandMessage(text, len(ts)-1, func(k int) string {
		if t := ts[k+1]; t.Len() == 1 && !t.IsFloat() {
			return strconv.FormatInt(t.i[0], 10)
		}
		return "?"
	})
	return op.Emit("%s%s", inFunction(op), text)
}
