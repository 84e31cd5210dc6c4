package builtin

import "github.com/bcast-opt/bcast-opt/ir"

// Module is `builtin.module`:
//
//	module @name attributes {mhlo.num_partitions = 1 : i32} {
//	  func.func @f() { return }
//	}
var Module = &ir.OpDef{
	Name:          "builtin.module",
	Summary:       "A top level container operation",
	Doc:           "module @name attributes {...} { ... }",
	Traits:        ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.SymbolTable,
	Operands:      0,
	Results:       0,
	Regions:       1,
	InherentAttrs: []string{"sym_name", "sym_visibility"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if p.PeekSymbol() {
			st.AddAttr("sym_name", ir.Str(p.ParseSymbolName()))
		}
		p.ParseOptionalAttrDictWithKeyword(&st.Attrs)
		r := p.ParseRegion(nil, true)
		if r.Empty() {
			r.AddBlock(nil)
		}
		st.Regions = append(st.Regions, r)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if n, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			p.Write(" ")
			p.Symbol(n.Value)
		}
		p.OptionalAttrDictWithKeyword("sym_name")
		p.Write(" ")
		p.Region(op.Region(0), false, false)
	},
}

// UnrealizedConversionCast is `builtin.unrealized_conversion_cast`:
//
//	%1 = builtin.unrealized_conversion_cast %0 : tensor<4xf32> to memref<4xf32>
var UnrealizedConversionCast = &ir.OpDef{
	Name:     "builtin.unrealized_conversion_cast",
	Summary:  "An unrealized conversion from one set of types to another",
	Doc:      "%1 = builtin.unrealized_conversion_cast %0 : tensor<4xf32> to memref<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  0,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		loc := p.Loc()
		var ins []ir.Type
		if len(refs) > 0 || p.Peek(":") {
			ins = p.ParseColonTypeList()
		}
		st.Operands = p.ResolveAll(refs, ins, loc)
		p.ParseKeyword("to")
		st.ResultTypes = p.ParseTypeList()
		return nil
	},
	Verify: func(op *ir.Operation) error {
		if op.NumResults() == 0 {
			return op.Emit("expected at least one result")
		}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.Operands(op.Operands())
		}
		p.OptionalAttrDict()
		if op.NumOperands() > 0 {
			p.Write(" : ")
			p.Types(op.OperandTypes())
		}
		p.Write(" to ")
		p.Types(op.ResultTypes())
	},
}

func init() {
	ir.Register(Module, UnrealizedConversionCast)
}

// NewModule returns an empty `module` with one block to append ops to.
func NewModule() *ir.Operation {
	m := ir.NewOp(&ir.OpState{Name: "builtin.module"})
	m.AddRegion(nil).AddBlock(nil)
	return m
}
