// Package cf declares the part of MLIR's cf dialect the pipeline uses:
// cf.assert, the run-time check that shape constraints become (a failing
// assert is a run-time error carrying its message). Importing the package
// registers the op.
package cf

import "github.com/bcast-opt/bcast-opt/ir"

// Assert is `cf.assert`:
//
//	cf.assert %ok, "operands are not broadcast compatible"
var Assert = &ir.OpDef{
	Name:          "cf.assert",
	Summary:       "a run-time check: fails with the message when the i1 is false",
	Doc:           `cf.assert %ok, "message"`,
	Operands:      1,
	Results:       0,
	InherentAttrs: []string{"msg"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		c := p.ParseOperand()
		p.Parse(",")
		st.AddAttr("msg", ir.Str(p.ParseString()))
		p.ParseOptionalAttrDict(&st.Attrs)
		st.Operands = p.ResolveAll([]ir.OperandRef{c}, []ir.Type{ir.I1}, loc)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write(", ")
		p.Attr(op.Attr("msg"))
		p.OptionalAttrDict("msg")
	},
	Verify: func(op *ir.Operation) error {
		if op.Operand(0).Type() != ir.I1 {
			return op.Emit("operand #0 must be 1-bit signless integer, but got '%s'", op.Operand(0).Type())
		}
		if _, ok := op.Attr("msg").(*ir.StringAttr); !ok {
			return op.Emit("requires attribute 'msg'")
		}
		return nil
	},
}

// NewAssert builds `cf.assert cond, msg` at b.
func NewAssert(b *ir.Builder, cond *ir.Value, msg string) *ir.Operation {
	st := &ir.OpState{Name: "cf.assert", Operands: []*ir.Value{cond}}
	st.AddAttr("msg", ir.Str(msg))
	return b.Create(st)
}

func init() { ir.Register(Assert) }
