package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// hlo.assign and hlo.narrow: the assignment and narrowcasting rules of
// ir/broadcast applied to run-time shapes.

// hloAssign broadcasts the source into the destination's run-time shape
// under broadcast.Assign (the rule the verifier applies to static sizes),
// so a run-time size that does not fit is the same error.
func hloAssign(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	dst, src := ts[0], ts[1]
	ops := [2]broadcast.Operand{{Shape: dst.shape, Ranked: true}, {Shape: src.shape, Ranked: true}}
	_, places, _, c := broadcast.Infer(ops[:], hlo.AssignSpec)
	if c != nil {
		return nil, op.Emit("at run time: %s", c.Error())
	}
	out, err := broadcastInDim(op, src, dst.shape, places[1].ResultDim)
	if err != nil {
		return nil, err
	}
	return one(out), nil
}

// hloNarrow drops the operand's static size-1 dims (the result type's
// shape, with the run-time sizes of the kept `?` dims).
func hloNarrow(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	rt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, op.Emit("requires a ranked operand")
	}
	_, kept := broadcast.Narrow(rt.Shape())
	shape := make([]int64, len(kept))
	for j, d := range kept {
		shape[j] = ts[0].shape[d]
	}
	return one(withShape(ts[0], shape)), nil
}

func init() {
	registerOps(hloAssign, hlo.AssignOp)
	registerOps(hloNarrow, hlo.NarrowOp)
}
