package interp

import (
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
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
// is first rounded once to the part type, by its signedness); complex to a
// real type converts the real part (hlo.RealFromComplex).
func convertComplex(x *Tensor, elem ir.Type, from, to elemKind) *Tensor {
	out := newTensor(elem, to, x.shape)
	for i := range x.Len() {
		var z complex128
		switch {
		case from.complex:
			z = x.c[i]
		case from.float:
			z = hlo.ComplexFromReal(x.f[i])
		default: // an integer, rounded once to the part type (not through float64)
			z = hlo.ComplexFromReal(hlo.ElemKind{Float: true, Format: to.fk}.RoundInt(x.i[i], from.unsigned))
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

// The complex dialect (dialects/complex), on scalars (the bodies of
// lowered hlo ops) and elementwise on tensors of one shape, with the
// dialect's functions, each part rounded to the part type.
func complexOp(op *ir.Operation, in []value) ([]*Tensor, elemKind, *layout, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, elemKind{}, nil, err
	}
	if err := sameElems(op, ts); err != nil {
		return nil, elemKind{}, nil, err
	}
	l, err := sameShapeLayout(op, ts)
	if err != nil {
		return nil, elemKind{}, nil, err
	}
	k, err := kindOf(ts[0].elem)
	if err != nil || !k.complex {
		return nil, elemKind{}, nil, op.Emit("needs complex elements, but has %s", ts[0].elem)
	}
	return ts, k, l, nil
}

func complexUnary(f func(complex128) complex128) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, k, l, err := complexOp(op, in)
		if err != nil {
			return nil, err
		}
		out := newTensor(ts[0].elem, k, l.shape)
		l.each(func(o int, offs []int) { out.c[o] = hlo.RoundComplex(f(ts[0].c[offs[0]]), k.fk) })
		return one(out), nil
	}
}

func complexBinary(f func(a, b complex128) complex128) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, k, l, err := complexOp(op, in)
		if err != nil {
			return nil, err
		}
		out := newTensor(ts[0].elem, k, l.shape)
		l.each(func(o int, offs []int) { out.c[o] = hlo.RoundComplex(f(ts[0].c[offs[0]], ts[1].c[offs[1]]), k.fk) })
		return one(out), nil
	}
}

func complexToReal(f func(complex128) float64) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, k, l, err := complexOp(op, in)
		if err != nil {
			return nil, err
		}
		rk := elemKind{float: true, fk: k.fk}
		out := newTensor(ts[0].elem.(*ir.ComplexType).Elem, rk, l.shape)
		l.each(func(o int, offs []int) { out.f[o] = rk.round(f(ts[0].c[offs[0]])) })
		return one(out), nil
	}
}

func complexCompare(eq bool) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, _, l, err := complexOp(op, in)
		if err != nil {
			return nil, err
		}
		out := newTensor(ir.I1, elemKind{width: 1, unsigned: true}, l.shape)
		l.each(func(o int, offs []int) {
			out.i[o] = b2i(complexdialect.Equal(ts[0].c[offs[0]], ts[1].c[offs[1]]) == eq)
		})
		return one(out), nil
	}
}

// complexCreate is complex.create (and, on tensors, hlo.complex's
// element).
func complexCreate(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	return hloComplex(e, op, in)
}

func complexConstant(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	z, ok := complexdialect.Value(op)
	if !ok {
		return nil, op.Emit("requires a [re, im] 'value'")
	}
	t, err := NewComplex(op.Result(0).Type(), nil, []complex128{z})
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(t), nil
}

func init() {
	for def, f := range complexdialect.UnaryOps {
		registerOps(complexUnary(f), def)
		takesComplex[def.Name] = true
	}
	for def, f := range complexdialect.BinaryOps {
		registerOps(complexBinary(f), def)
		takesComplex[def.Name] = true
	}
	for def, f := range complexdialect.ToRealOps {
		registerOps(complexToReal(f), def)
		takesComplex[def.Name] = true
	}
	registerOps(complexCompare(true), complexdialect.Eq)
	registerOps(complexCompare(false), complexdialect.Neq)
	registerOps(complexCreate, complexdialect.Create)
	registerOps(complexConstant, complexdialect.Constant)
	for _, d := range []*ir.OpDef{complexdialect.Eq, complexdialect.Neq, complexdialect.Create, complexdialect.Constant} {
		takesComplex[d.Name] = true
	}
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
		hlo.OptimizationBarrierOp, hlo.ReduceOp, hlo.ReduceWindowOp, hlo.ReturnOp,
		hlo.DotGeneralOp, hlo.DotOp, hlo.Iota, hlo.DynamicIota,
		hlo.ClampOp, hlo.AssignOp, hlo.NarrowOp, hlo.BitcastConvertOp,
	} {
		takesComplex[d.Name] = true
	}
	for _, n := range []string{
		"func.call", "arith.constant", "arith.select", "scf.if", "linalg.generic", "linalg.yield", "linalg.fill", "shape.shape_of", "shape.assuming", "shape.assuming_yield",
		"tensor.cast", "tensor.dim", "tensor.empty", "tensor.extract", "tensor.from_elements",
		"tensor.reshape", "tensor.collapse_shape", "tensor.expand_shape",
		"tensor.extract_slice", "tensor.insert_slice",
	} {
		takesComplex[n] = true
	}
}
