package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// linalg.fill on tensors: every element of the result is what the op's
// body (linalg.FillBody: the value, cast to the element type as MLIR's
// cast_signed does) yields, as for a generic whose input map reads the
// scalar in every iteration. A body that does not read the output's
// element yields the same value everywhere and runs once.

func linalgFill(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if len(ts) != 2 || linalg.NumInputs(op) != 1 {
		return nil, op.Emit("needs one value and one out")
	}
	if !ir.IsTensor(op.Operand(1).Type()) {
		return nil, op.Emit("out is a %s; only tensor outs are interpretable", op.Operand(1).Type())
	}
	x, out := ts[0], clone(ts[1])
	if x.Rank() != 0 {
		return nil, op.Emit("value is a %s, not a scalar", x.Type())
	}
	if out.Len() == 0 {
		return one(out), nil
	}
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil, op.Emit("needs a body")
	}
	body := op.Region(0).Front()
	args := body.Args()
	if len(args) != 2 {
		return nil, op.Emit("body has %d arguments for 2 operands", len(args))
	}
	e.env[args[0]] = value{t: x}
	perElement := args[1].HasUses()
	for off := range out.Len() {
		if off == 0 || perElement {
			e.env[args[1]] = value{t: scalarAt(out, off)}
			ys, term, err := e.runBlock(body)
			if err != nil {
				return nil, err
			}
			e.m.current = op
			if term == nil || term.Def() != linalg.Yield || len(ys) != 1 {
				return nil, op.Emit("body does not end in linalg.yield of one value")
			}
			y := ys[0].t
			if y == nil || y.elem != out.elem || y.Rank() != 0 {
				return nil, term.Emit("value #0 is not one %s element", out.elem)
			}
			x = y
		}
		out.copyElem(off, x, 0)
	}
	return one(out), nil
}

func init() { register(linalgFill, linalg.Fill.Name) }
