package tensor

import "github.com/bcast-opt/bcast-opt/ir"

// DimOfEmpty folds `tensor.dim (tensor.empty(%sizes)), %c` to the size
// operand for that dim, so reading a size never keeps a tensor alive.
var DimOfEmpty = &ir.PatternFunc{Name: "DimOfEmpty", RootOp: "tensor.dim", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0).DefiningOp()
	idx, ok := ir.ConstantValue(op.Operand(1)).(*ir.IntegerAttr)
	if src == nil || src.Name() != "tensor.empty" || !ok {
		return false
	}
	rt, _ := src.Result(0).Type().(*ir.RankedTensorType)
	if rt == nil || idx.Value < 0 || idx.Value >= int64(rt.Rank()) || rt.Shape()[idx.Value] != ir.Dynamic {
		return false
	}
	k := 0
	for d := int64(0); d < idx.Value; d++ {
		if rt.Shape()[d] == ir.Dynamic {
			k++
		}
	}
	rw.ReplaceOp(op, []*ir.Value{src.Operand(k)})
	return true
}}

func init() {
	Dim.Canonicalize = append(Dim.Canonicalize, DimOfEmpty)
}
