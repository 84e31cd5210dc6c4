package cf

import (
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

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

// MessageArgs returns the values that the placeholders `{0}` and `{1}` of
// a cf.assert's message stand for: the operands of the arith.cmpi that
// computes its condition, or nil when the condition is something else.
func MessageArgs(op *ir.Operation) []*ir.Value {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "arith.cmpi" || def.NumOperands() != 2 {
		return nil
	}
	return def.Operands()
}

// ExpandMessage returns msg with each placeholder `{k}`, k < n, replaced
// by arg(k), called in the order the placeholders appear; other text,
// other braces included, is kept as it is.
func ExpandMessage(msg string, n int, arg func(k int) string) string {
	if n == 0 || !strings.Contains(msg, "{") {
		return msg
	}
	var sb strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			break
		}
		j := i + 1
		for j < len(msg) && j-i <= 3 && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		k, err := strconv.Atoi(msg[i+1 : j])
		if j == i+1 || j >= len(msg) || msg[j] != '}' || err != nil || k >= n {
			sb.WriteString(msg[:i+1])
			msg = msg[i+1:]
			continue
		}
		sb.WriteString(msg[:i])
		sb.WriteString(arg(k))
		msg = msg[j+1:]
	}
	sb.WriteString(msg)
	return sb.String()
}

// EraseAssertTrue erases a cf.assert whose condition is the constant true
// (MLIR's cf.assert canonicalization): a check proven to pass.
var EraseAssertTrue = &ir.PatternFunc{Name: "EraseAssertTrue", RootOp: "cf.assert", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	if c, ok := ir.ConstantValue(op.Operand(0)).(*ir.BoolAttr); !ok || !c.Value {
		if c, ok := ir.ConstantValue(op.Operand(0)).(*ir.IntegerAttr); !ok || c.Value == 0 {
			return false
		}
	}
	rw.EraseOp(op)
	return true
}}

func init() {
	Assert.Canonicalize = []ir.Pattern{EraseAssertTrue}
	ir.Register(Assert)
}
