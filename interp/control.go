package interp

import (
	"strconv"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Control flow and run-time checks: scf.if runs one of its regions (the
// versions of a kernel multi-versioned on could-be-1 dims), cf.assert
// fails with its message, located at the assert, when its i1 is false.

func scfIf(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	c, err := scalarInt(op, 0, in)
	if err != nil {
		return nil, err
	}
	r := 0
	if c == 0 {
		r = 1
	}
	if r >= op.NumRegions() || op.Region(r).Empty() {
		if op.NumResults() == 0 {
			return nil, nil
		}
		return nil, op.Emit("has no region to run for a false condition")
	}
	outs, term, err := e.runBlock(op.Region(r).Front())
	if err != nil {
		return nil, err
	}
	if term == nil || term.Name() != "scf.yield" {
		return nil, op.Emit("region does not end in scf.yield")
	}
	return outs, nil
}

func cfAssert(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	c, err := scalarInt(op, 0, in)
	if err != nil {
		return nil, err
	}
	if c == 0 {
		msg, _ := op.Attr("msg").(*ir.StringAttr)
		text := ""
		if msg != nil {
			text = msg.Value
		}
		args := cf.MessageArgs(op)
		text = cf.ExpandMessage(text, len(args), func(k int) string {
			if v, ok := e.env[args[k]]; ok {
				if v.t != nil && !v.t.IsFloat() && v.t.Len() == 1 {
					return strconv.FormatInt(v.t.i[0], 10)
				}
			}
			return "?"
		})
		return nil, op.Emit("assertion failed: %s", text)
	}
	return nil, nil
}

func init() {
	register(scfIf, "scf.if")
	register(cfAssert, "cf.assert")
	terminators["scf.yield"] = true
}

func init() {
	// tensor.reshape (the lowering of hlo.dynamic_reshape) has the same
	// semantics as its source op.
	register(hloDynamicReshape, "tensor.reshape")
}
