package hlo

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// parseTypeSignature reads StableHLO's compact type signature after ':':
// either one type T (every operand and the result have type T), a
// function type `(T1, T2) -> R`, or CHLO's `T -> R` (one operand) and
// `T1, T2 -> R` (chlo.next_after). It returns the operand types and the
// result types for n operands.
func parseTypeSignature(p *ir.OpParser, n int) (ins []ir.Type, outs []ir.Type) {
	loc := p.Loc()
	p.Parse(":")
	if p.Peek("(") {
		ft := p.ParseFunctionType()
		if len(ft.Inputs) != n {
			p.FailAt(loc, "expected %d operand types, but found %d", n, len(ft.Inputs))
		}
		return ft.Inputs, ft.Results
	}
	t := p.ParseType()
	if n == 1 && p.Accept("->") {
		// CHLO's unary form, `T -> R` (chlo.erf %x : tensor<4xf32> ->
		// tensor<4xf32>).
		return []ir.Type{t}, []ir.Type{p.ParseType()}
	}
	if n > 1 && p.Accept(",") {
		// CHLO's form, `T1, T2 -> R` (chlo.next_after %x, %y :
		// tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>).
		ins = []ir.Type{t}
		for {
			ins = append(ins, p.ParseType())
			if !p.Accept(",") {
				break
			}
		}
		if len(ins) != n {
			p.FailAt(loc, "expected %d operand types, but found %d", n, len(ins))
		}
		p.Parse("->")
		return ins, []ir.Type{p.ParseType()}
	}
	ins = make([]ir.Type, n)
	for i := range ins {
		ins[i] = t
	}
	return ins, []ir.Type{t}
}

// printTypeSignature prints the compact form when every operand and the
// result share one type, else the function type.
func printTypeSignature(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" : ")
	same := op.NumResults() == 1
	for _, t := range op.OperandTypes() {
		same = same && t == op.Result(0).Type()
	}
	if same {
		p.Type(op.Result(0).Type())
		return
	}
	p.FunctionType(op.OperandTypes(), op.ResultTypes())
}

// parseSignatureForm and printSignatureForm are the Parse and Print of
// ops whose whole custom form is `%a, %b {attrs} : signature`.
func parseSignatureForm(p *ir.OpParser, st *ir.OpState) error {
	parseOperandsAndSignature(p, st)
	return nil
}

func printSignatureForm(p *ir.OpPrinter, op *ir.Operation) { printOperandsAndSignature(p, op) }

// printFunctionalForm prints `%a, %b {attrs} : (T1, T2) -> R`: the
// signature-form ops whose StableHLO spelling is always the function
// type, never the compact one (real_dynamic_slice, dynamic_update_slice,
// bitcast_convert).
func printFunctionalForm(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands())
	p.OptionalAttrDict()
	p.Write(" : ")
	p.FunctionType(op.OperandTypes(), op.ResultTypes())
}

// parseOperandsAndSignature is the whole syntax of ops written
// `%a, %b {attrs} : signature`.
func parseOperandsAndSignature(p *ir.OpParser, st *ir.OpState) {
	loc := p.Loc()
	refs := p.ParseOperandList()
	p.ParseOptionalAttrDict(&st.Attrs)
	ins, outs := parseTypeSignature(p, len(refs))
	st.Operands = p.ResolveAll(refs, ins, loc)
	st.ResultTypes = outs
}

func printOperandsAndSignature(p *ir.OpPrinter, op *ir.Operation, elided ...string) {
	if op.NumOperands() > 0 {
		p.Write(" ")
		p.Operands(op.Operands())
	}
	p.OptionalAttrDict(elided...)
	printTypeSignature(p, op)
}

// parseDimsList reads `name = [1, 2]` into an i64 dense array attribute.
func parseDimsList(p *ir.OpParser, st *ir.OpState, keyword, attr string) {
	p.ParseKeyword(keyword)
	p.Parse("=")
	st.AddAttr(attr, ir.I64Array(p.ParseI64List()...))
}

func printDimsList(p *ir.OpPrinter, op *ir.Operation, keyword, attr string) {
	p.Write(", " + keyword + " = [")
	for i, v := range I64s(op.Attr(attr)) {
		if i > 0 {
			p.Write(", ")
		}
		p.Int(v)
	}
	p.Write("]")
}

// I64s reads an integer list attribute: `array<i64: ...>`, a dense integer
// tensor (MHLO's older spelling), or an array of integers. It returns nil
// for anything else.
func I64s(a ir.Attribute) []int64 {
	switch a := a.(type) {
	case *ir.DenseArrayAttr:
		if a.Ints != nil || a.Floats == nil {
			return append([]int64{}, a.Ints...)
		}
	case *ir.DenseElementsAttr:
		if ir.IsIntOrIndex(a.Type.ElementType()) {
			out := make([]int64, a.NumElements())
			for i := range out {
				out[i] = a.IntAt(int64(i))
			}
			return out
		}
	case *ir.ArrayAttr:
		out := make([]int64, len(a.Elems))
		for i, e := range a.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			out[i] = ia.Value
		}
		return out
	}
	return nil
}

// I64sView is I64s without the copy for `array<i64: ...>`, whose own
// elements it returns: the caller must not modify them.
func I64sView(a ir.Attribute) []int64 {
	if d, ok := a.(*ir.DenseArrayAttr); ok && d.Ints != nil {
		return d.Ints
	}
	return I64s(a) // (an empty list is non-nil, as there)
}

// IntAttr reads an integer attribute's value.
func IntAttr(a ir.Attribute) (int64, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Value, true
}

// rankedTensor returns t as a ranked tensor type, or nil.
func rankedTensor(t ir.Type) *ir.RankedTensorType {
	rt, _ := t.(*ir.RankedTensorType)
	return rt
}
