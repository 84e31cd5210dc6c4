package interp

import (
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// The shape dialect (dialects/shape) and the few tensor ops that compute
// with shapes. They are dispatched by name only: this file does not
// depend on those packages' Go APIs.
//
// A shape (an extent tensor, or a `!shape.shape`) is a 1-D index tensor.
// A constraint gives a witness that records its failure, if any, without
// reporting it; shape.assuming reports a failed witness's error, located
// at the constraint that failed.

func indexTensor(vals []int64) *Tensor {
	return &Tensor{elem: ir.Index, shape: []int64{int64(len(vals))}, i: append([]int64{}, vals...)}
}

func indexScalar(v int64) *Tensor { return &Tensor{elem: ir.Index, i: []int64{v}} }

// extents reads operand i of a shape op as a list of extents.
func extents(op *ir.Operation, i int, in []value) ([]int64, error) {
	if in[i].t == nil {
		return nil, op.Emit("operand #%d is a witness, not a shape", i)
	}
	return shapeOperand(op, i, in[i].t)
}

// scalarInt reads operand i as one integer (a scalar or 1-element tensor).
func scalarInt(op *ir.Operation, i int, in []value) (int64, error) {
	t := in[i].t
	if t == nil || t.IsFloat() || t.Len() != 1 {
		return 0, op.Emit("operand #%d must be one integer or index value", i)
	}
	return t.i[0], nil
}

func shapeShapeOf(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	if in[0].t == nil {
		return nil, op.Emit("operand is a witness, not a tensor")
	}
	return one(indexTensor(in[0].t.shape)), nil
}

func shapeConstShape(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	var vals []int64
	switch a := op.Attr("shape").(type) {
	case *ir.DenseElementsAttr:
		vals = make([]int64, a.NumElements())
		for i := range vals {
			vals[i] = a.IntAt(int64(i))
		}
	case *ir.DenseArrayAttr:
		vals = a.Ints
	default:
		return nil, op.Emit("requires a 'shape' attribute of extents")
	}
	return one(indexTensor(vals)), nil
}

// shapeOperands reads all operands as shapes, for inference.
func shapeOperands(op *ir.Operation, in []value) ([]broadcast.Operand, []*Tensor, error) {
	ops := make([]broadcast.Operand, len(in))
	ts := make([]*Tensor, len(in))
	for i := range in {
		s, err := extents(op, i, in)
		if err != nil {
			return nil, nil, err
		}
		ops[i] = broadcast.Operand{Shape: s, Ranked: true}
		ts[i] = &Tensor{shape: s}
	}
	return ops, ts, nil
}

// broadcastShapes is the numpy broadcast of run-time shapes. Incompatible
// shapes give bad, a diagnostic at op naming the operands, the dim and both
// sizes; err is for operands that are not shapes at all.
func broadcastShapes(op *ir.Operation, in []value) (shape []int64, bad, err error) {
	ops, ts, err := shapeOperands(op, in)
	if err != nil {
		return nil, nil, err
	}
	shape, _, _, conflict := broadcast.Infer(ops, broadcast.Spec{Policy: broadcast.Numpy})
	if conflict != nil {
		msg := conflict.Error()
		if a, ok := op.Attr("error").(*ir.StringAttr); ok && a.Value != "" {
			msg = a.Value + ": " + msg
		}
		return nil, op.Emit("run-time shapes %s do not broadcast: %s", shapesString(ts), msg), nil
	}
	return shape, nil, nil
}

// shapeBroadcast reports incompatible shapes as an error (MLIR leaves
// them undefined).
func shapeBroadcast(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	shape, bad, err := broadcastShapes(op, in)
	if err != nil {
		return nil, err
	}
	if bad != nil {
		return nil, bad
	}
	return one(indexTensor(shape)), nil
}

func shapeGetExtent(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	s, err := extents(op, 0, in)
	if err != nil {
		return nil, err
	}
	d, err := scalarInt(op, 1, in)
	if err != nil {
		return nil, err
	}
	if d < 0 || int(d) >= len(s) {
		return nil, op.Emit("dim %d is out of range for the run-time shape %s", d, ir.FormatShape(s))
	}
	return one(indexScalar(s[d])), nil
}

func shapeFromExtents(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	vals := make([]int64, len(in))
	for i := range in {
		v, err := scalarInt(op, i, in)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return one(indexTensor(vals)), nil
}

func shapeToExtentTensor(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	s, err := extents(op, 0, in)
	if err != nil {
		return nil, err
	}
	return one(indexTensor(s)), nil
}

func pass() []value          { return []value{{w: &witness{}}} }
func fail(err error) []value { return []value{{w: &witness{err: err}}} }

func shapeCstrBroadcastable(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	_, bad, err := broadcastShapes(op, in)
	if err != nil {
		return nil, err
	}
	if bad != nil {
		return fail(bad), nil
	}
	return pass(), nil
}

func shapeCstrEq(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	_, ts, err := shapeOperands(op, in)
	if err != nil {
		return nil, err
	}
	for i := 1; i < len(ts); i++ {
		if !equalShapes(ts[i].shape, ts[0].shape) {
			return fail(op.Emit("run-time shapes %s are not equal: operand #0 is %s and operand #%d is %s",
				shapesString(ts), ir.FormatShape(ts[0].shape), i, ir.FormatShape(ts[i].shape))), nil
		}
	}
	return pass(), nil
}

func shapeCstrRequire(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	c, err := scalarInt(op, 0, in)
	if err != nil {
		return nil, err
	}
	if c == 0 {
		msg := "requirement failed"
		if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
			msg = s.Value
		}
		return fail(op.Emit("%s", msg)), nil
	}
	return pass(), nil
}

func shapeConstWitness(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	if b, ok := op.Attr("passing").(*ir.BoolAttr); ok && b.Value {
		return pass(), nil
	}
	return fail(op.Emit("constant witness does not hold")), nil
}

func shapeAssumingAll(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	for i, v := range in {
		w := v.w
		if w == nil {
			return nil, op.Emit("operand #%d is not a witness", i)
		}
		if w.err != nil {
			return fail(w.err), nil
		}
	}
	return pass(), nil
}

// shapeAssuming runs the region if the witness holds and yields its values;
// a failed witness is the run-time error.
func shapeAssuming(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	w := in[0].w
	if w == nil {
		return nil, op.Emit("operand is not a witness")
	}
	if w.err != nil {
		return nil, w.err
	}
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil, op.Emit("needs one region with a block")
	}
	outs, term, err := e.runBlock(op.Region(0).Front())
	if err != nil {
		return nil, err
	}
	if term == nil || term.Name() != "shape.assuming_yield" {
		return nil, op.Emit("region does not end in shape.assuming_yield")
	}
	return outs, nil
}

func tensorDim(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	d, err := scalarInt(op, 1, in)
	if err != nil {
		return nil, err
	}
	if d < 0 || int(d) >= ts[0].Rank() {
		return nil, op.Emit("dim %d is out of range for run-time shape %s", d, ir.FormatShape(ts[0].shape))
	}
	return one(indexScalar(ts[0].shape[d])), nil
}

func tensorCast(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	return one(ts[0]), nil // checkValue checks the cast's claim
}

// tensorBitcast reads the operand's bytes as the result's element type.
func tensorBitcast(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	t, err := FromBytes(resultElem(op, 0), ts[0].shape, ts[0].Bytes())
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(t), nil
}

func tensorExtract(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	if len(ts)-1 != x.Rank() {
		return nil, op.Emit("needs %d indices, got %d", x.Rank(), len(ts)-1)
	}
	off, strides := 0, rowMajorStrides(x.shape)
	for d := range x.shape {
		i, err := scalarInt(op, d+1, in)
		if err != nil {
			return nil, err
		}
		if i < 0 || i >= x.shape[d] {
			return nil, op.Emit("index %d is out of bounds for dim %d of size %d", i, d, x.shape[d])
		}
		off += int(i) * strides[d]
	}
	return one(gather(x, nil, off, nil)), nil
}

func tensorFromElements(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	shape, ok := staticResultShape(op)
	if !ok || numElements(shape) != len(ts) {
		return nil, op.Emit("needs a static result shape with %d elements", len(ts))
	}
	elem := resultElem(op, 0)
	k, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(elem, k, shape)
	for i, t := range ts {
		if t.elem != elem || t.Len() != 1 {
			return nil, op.Emit("element #%d is %s, not one %s", i, t.Type(), elem)
		}
		out.copyElem(i, t, 0)
	}
	return one(out), nil
}

// tensorEmpty gives zeros: a reference run must not depend on the
// contents of an uninitialized tensor, and zeros make such a dependence
// reproducible.
func tensorEmpty(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("needs a ranked result type")
	}
	shape, next := append([]int64{}, rt.Shape()...), 0
	for d := range shape {
		if shape[d] == ir.Dynamic {
			if next >= len(in) {
				return nil, op.Emit("needs one size operand per dynamic dim")
			}
			v, err := scalarInt(op, next, in)
			if err != nil {
				return nil, err
			}
			if v < 0 {
				return nil, op.Emit("negative size %d for dim %d", v, d)
			}
			shape[d], next = v, next+1
		}
	}
	out, err := Zeros(rt.ElementType(), shape)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(out), nil
}

func init() {
	register(shapeShapeOf, "shape.shape_of")
	register(shapeConstShape, "shape.const_shape")
	register(shapeBroadcast, "shape.broadcast")
	register(shapeGetExtent, "shape.get_extent")
	register(shapeFromExtents, "shape.from_extents")
	register(shapeToExtentTensor, "shape.to_extent_tensor")
	register(shapeCstrBroadcastable, "shape.cstr_broadcastable")
	register(shapeCstrEq, "shape.cstr_eq")
	register(shapeCstrRequire, "shape.cstr_require")
	register(shapeConstWitness, "shape.const_witness")
	register(shapeAssumingAll, "shape.assuming_all")
	register(shapeAssuming, "shape.assuming")
	register(tensorDim, "tensor.dim")
	register(tensorCast, "tensor.cast")
	register(tensorBitcast, "tensor.bitcast")
	register(tensorExtract, "tensor.extract")
	register(tensorFromElements, "tensor.from_elements")
	register(tensorEmpty, "tensor.empty")
}
