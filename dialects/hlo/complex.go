package hlo

import "github.com/bcast-opt/bcast-opt/ir"

// ComplexOp is `hlo.complex`: the complex numbers whose real parts are lhs
// and imaginary parts rhs, two tensors of one shape and of f32 or f64
// elements (StableHLO's complex; no implicit broadcasting):
//
//	%z = hlo.complex %re, %im : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
//
// StableHLO's compact form `: tensor<4xcomplex<f32>>` (the result type,
// the operands' being its part type) is accepted and printed.
var ComplexOp = &ir.OpDef{
	Name:     "hlo.complex",
	Summary:  "complex numbers from their real and imaginary parts",
	Doc:      "%z = hlo.complex %re, %im : tensor<4xcomplex<f32>>",
	Traits:   ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
	Operands: 2,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		a := p.ParseOperand()
		p.Parse(",")
		b := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		if p.Peek("(") {
			ft := p.ParseFunctionType()
			st.Operands = p.ResolveAll([]ir.OperandRef{a, b}, ft.Inputs, loc)
			st.ResultTypes = ft.Results
			return nil
		}
		tloc := p.Loc()
		rt := p.ParseType()
		part := complexPartsType(rt)
		if part == nil {
			p.FailAt(tloc, "expected a tensor of complex<f32> or complex<f64> elements, but got '%s'", rt)
		}
		st.Operands = p.ResolveAll([]ir.OperandRef{a, b}, []ir.Type{part, part}, loc)
		st.ResultTypes = []ir.Type{rt}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
		p.Write(" : ")
		rt := op.Result(0).Type()
		if part := complexPartsType(rt); part != nil && op.Operand(0).Type() == part && op.Operand(1).Type() == part {
			p.Type(rt)
			return
		}
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		if err := tensorsOnly(op); err != nil {
			return err
		}
		et := ir.ElementTypeOf(op.Operand(0).Type())
		if et != ir.ElementTypeOf(op.Operand(1).Type()) {
			return op.Emit("operands #0 and #1 have different element types '%s' and '%s'", et, ir.ElementTypeOf(op.Operand(1).Type()))
		}
		if et != ir.F32T && et != ir.F64T {
			return op.Emit("operands must have f32 or f64 elements, but have '%s'", et)
		}
		if got, want := ir.ElementTypeOf(op.Result(0).Type()), ir.Complex(et); got != want {
			return op.Emit("result element type '%s' must be '%s'", got, want)
		}
		return nil
	},
}

// complexPartsType is the type of the parts of a tensor of complex
// numbers over a float type (tensor<4xf32> for tensor<4xcomplex<f32>>), or
// nil.
func complexPartsType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		if ct, ok := t.ElementType().(*ir.ComplexType); ok && ir.IsComplex(ct) {
			return ir.RankedTensor(t.Shape(), ct.Elem)
		}
	case *ir.UnrankedTensorType:
		if ct, ok := t.ElementType().(*ir.ComplexType); ok && ir.IsComplex(ct) {
			return ir.UnrankedTensor(ct.Elem)
		}
	}
	return nil
}

// foldComplex folds hlo.complex of two constants.
func foldComplex(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	out := make([]elem, len(vals[0]))
	for i := range out {
		out[i].c = complex(vals[0][i].f, vals[1][i].f)
	}
	return result(rt, out)
}

func init() {
	ComplexOp.Fold = foldComplex
	ir.Register(ComplexOp)
}
