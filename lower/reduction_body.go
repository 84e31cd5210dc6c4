package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The body of a reduction (hlo.reduce, hlo.reduce_window) is hlo ops on
// rank-0 tensors ending in hlo.return; in the generic it becomes the same
// computation on scalars. Each elementwise op becomes its scalar lowering
// (hlo.ScalarLowering, the one elementwise.go builds generics' bodies
// with: hlo.add is arith.addf, hlo.maximum arith.maximumf, hlo.compare
// arith.cmpf/cmpi, hlo.select arith.select, ...), hlo.constant a scalar
// arith.constant, and a reshape or broadcast of a rank-0 tensor to rank 0
// its operand. A rank-0 tensor the body uses from outside it is read with
// tensor.extract before the generic (a constant becomes a scalar constant
// in the body). Any other op fails the pass at that op.

// convertReducerBody builds, with bb (in the generic's body), the scalar
// form of the body of op, whose block arguments are the scalars args (in
// the body's order: the accumulators, then the elements), and returns the
// scalars its hlo.return gives. Values from outside the body are read with
// outside (before the generic).
func (l *lowering) convertReducerBody(op *ir.Operation, outside, bb *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
	blk := op.Region(0).Front()
	scalars := make(map[*ir.Value]*ir.Value, blk.Len()+len(args))
	for i, a := range blk.Args() {
		scalars[a] = args[i]
	}
	get := func(v *ir.Value) *ir.Value {
		if s, ok := scalars[v]; ok {
			return s
		}
		var s *ir.Value
		if d, ok := ir.ConstantValue(v).(*ir.DenseElementsAttr); ok && d.NumElements() == 1 {
			s = scalarConstant(bb, d)
		} else {
			s = scalarOf(outside, v)
		}
		scalars[v] = s
		return s
	}
	for inner := blk.First(); inner != nil; inner = inner.Next() {
		if inner.Def() == hlo.ReturnOp {
			vals := make([]*ir.Value, inner.NumOperands())
			for i, v := range inner.Operands() {
				vals[i] = get(v)
			}
			return vals, nil
		}
		if err := checkScalarOp(op, inner); err != nil {
			return nil, err
		}
		var r *ir.Value
		switch def := inner.Def(); {
		case hlo.ElementwiseOf(def) != nil:
			in := make([]*ir.Value, inner.NumOperands())
			for i, v := range inner.Operands() {
				in[i] = get(v)
			}
			r = hlo.ElementwiseOf(def).Lower.Build(bb, inner, in)
		case def == hlo.Constant:
			d, ok := inner.Attr("value").(*ir.DenseElementsAttr)
			if !ok || d.NumElements() != 1 {
				return nil, inner.Emit("in the body of '%s' has no scalar lowering to linalg", op.Name())
			}
			r = scalarConstant(bb, d)
		case def == hlo.Reshape || def == hlo.BroadcastInDim:
			r = get(inner.Operand(0))
		default:
			return nil, inner.Emit("in the body of '%s' has no scalar lowering to linalg", op.Name())
		}
		scalars[inner.Result(0)] = r
	}
	return nil, op.Emit("body does not end in hlo.return")
}

// checkScalarOp checks that inner, an op of op's body, takes and gives
// one rank-0 tensor each.
func checkScalarOp(op, inner *ir.Operation) error {
	if inner.NumResults() != 1 || inner.NumRegions() != 0 {
		return inner.Emit("in the body of '%s' has no scalar lowering to linalg", op.Name())
	}
	vs := append([]*ir.Value{inner.Result(0)}, inner.Operands()...)
	for _, v := range vs {
		if t, ok := v.Type().(*ir.RankedTensorType); !ok || t.Rank() != 0 {
			return inner.Emit("in the body of '%s' has a '%s' operand or result; only rank-0 tensors are lowered to scalars", op.Name(), v.Type())
		}
	}
	return nil
}
