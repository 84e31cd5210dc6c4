package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Complex elements (complex<f32>, complex<f64>): the element functions are
// hlo's (complex_functions.go), computed in complex128 and rounded part by
// part to the part type. The ops listed in init run on complex tensors;
// the data-movement handlers among them copy elements with copyElem.

// unaryComplex runs unary op e on a complex tensor x.
func unaryComplex(op *ir.Operation, e *hlo.UnaryOp, x *Tensor, k elemKind) ([]value, error) {
	if f := e.Eval.ComplexToReal; f != nil {
		part := x.elem.(*ir.ComplexType).Elem
		rk := elemKind{float: true, fk: k.fk}
		out := newTensor(part, rk, x.shape)
		for i, z := range x.c {
			out.f[i] = rk.round(f(z))
		}
		return one(out), nil
	}
	f := e.Eval.Complex
	if f == nil {
		return nil, op.Emit("is not defined on complex elements")
	}
	out := newTensor(x.elem, k, x.shape)
	for i, z := range x.c {
		out.c[i] = hlo.RoundComplex(f(z), k.fk)
	}
	return one(out), nil
}

// convertComplex is hlo.convert to or from a complex type: complex to
// complex rounds each part; a real element x becomes (x, 0) (an integer
// is first converted to the part type, by its signedness); complex to a
// real type converts the real part (hlo.RealFromComplex).
func convertComplex(x *Tensor, elem ir.Type, from, to elemKind) *Tensor {
	out := newTensor(elem, to, x.shape)
	part := elemKind{float: true, fk: to.fk}
	for i := range x.Len() {
		var z complex128
		switch {
		case from.complex:
			z = x.c[i]
		case from.float:
			z = hlo.ComplexFromReal(x.f[i])
		default:
			z = hlo.ComplexFromReal(part.round(x.Float(i)))
		}
		if to.complex {
			out.c[i] = hlo.RoundComplex(z, to.fk)
			continue
		}
		fromF, _ := hlo.ConvertElem(hlo.ElemKind{Float: true, Format: from.fk}, to.hlo())
		f, n := fromF(hlo.RealFromComplex(z))
		if to.float {
			out.f[i] = f
		} else {
			out.i[i] = n
		}
	}
	return out
}

// hloComplex is hlo.complex: (re, im) from two real tensors of one shape.
func hloComplex(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	re, im := ts[0], ts[1]
	if !re.IsFloat() || re.elem != im.elem || !equalShapes(re.shape, im.shape) {
		return nil, op.Emit("operands must be float tensors of one type and shape, but are %s and %s", re.Type(), im.Type())
	}
	elem := ir.Complex(re.elem)
	k, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(elem, k, re.shape)
	for i := range out.c {
		out.c[i] = complex(re.f[i], im.f[i])
	}
	return one(out), nil
}

func init() {
	registerOps(hloComplex, hlo.ComplexOp)
	for _, b := range hlo.BinaryOps {
		if b.Class.TakesComplex() {
			takesComplex[b.Def.Name] = true
		}
	}
	for _, u := range hlo.UnaryOps {
		if u.Class.TakesComplex() {
			takesComplex[u.Def.Name] = true
		}
	}
	for _, d := range []*ir.OpDef{
		hlo.ComplexOp, hlo.CompareOp, hlo.SelectOp, hlo.Convert, hlo.Constant,
		hlo.BroadcastInDim, hlo.DynamicBroadcastInDim, hlo.Reshape, hlo.DynamicReshape,
		hlo.Transpose, hlo.ReverseOp, hlo.Concatenate, hlo.Slice, hlo.RealDynamicSlice,
		hlo.DynamicSliceOp, hlo.DynamicUpdateSliceOp, hlo.PadOp, hlo.GetDimensionSize,
		hlo.OptimizationBarrierOp,
	} {
		takesComplex[d.Name] = true
	}
	for _, n := range []string{
		"func.call", "arith.constant", "scf.if",
		"tensor.cast", "tensor.dim", "tensor.empty", "tensor.extract", "tensor.from_elements",
		"tensor.reshape", "tensor.collapse_shape", "tensor.expand_shape",
		"tensor.extract_slice", "tensor.insert_slice",
	} {
		takesComplex[n] = true
	}
}
