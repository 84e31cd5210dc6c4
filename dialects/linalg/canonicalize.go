package linalg

import (
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// DimOfGenericResult rewrites `tensor.dim` of a generic's result to
// `tensor.dim` of the output operand it was computed into (same shape by
// the verifier), so the size no longer depends on running the generic.
var DimOfGenericResult = &ir.PatternFunc{Name: "DimOfGenericResult", RootOp: "tensor.dim", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	v := op.Operand(0)
	g := v.DefiningOp()
	if g == nil || g.Name() != "linalg.generic" {
		return false
	}
	outs := Outputs(g)
	k := 0
	for _, o := range outs {
		if !ir.IsTensor(o.Type()) {
			continue
		}
		if k == v.Index() {
			rw.Modify(op, func() { op.SetOperand(0, o) })
			return true
		}
		k++
	}
	return false
}}

func init() {
	tensor.Dim.Canonicalize = append(tensor.Dim.Canonicalize, DimOfGenericResult)
}
