package interp

import "github.com/bcast-opt/bcast-opt/ir"

// The shape dialect's predicates (dialects/shape/predicates.go), which
// give an i1 instead of a witness: shape.is_broadcastable (the shapes
// broadcast by the numpy rules) and shape.shape_eq (the shapes are equal).

func i1Scalar(b bool) *Tensor { return &Tensor{elem: ir.I1, i: []int64{b2i(b)}} }

func shapeIsBroadcastable(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	_, bad, err := broadcastShapes(op, in)
	if err != nil {
		return nil, err
	}
	return one(i1Scalar(bad == nil)), nil
}

func shapeShapeEq(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	_, ts, err := shapeOperands(op, in)
	if err != nil {
		return nil, err
	}
	eq := true
	for _, t := range ts[1:] {
		eq = eq && equalShapes(t.shape, ts[0].shape)
	}
	return one(i1Scalar(eq)), nil
}

func init() {
	register(shapeIsBroadcastable, "shape.is_broadcastable")
	register(shapeShapeEq, "shape.shape_eq")
}
