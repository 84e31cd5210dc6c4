package funcdialect

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// Func is `func.func`:
//
//	func.func public @main(%arg0: tensor<?x4xf32> {mhlo.sharding = ""}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
//	  return %arg0 : tensor<?x4xf32>
//	}
//
// A declaration has no body: `func.func private @f(i32) -> i32`.
var Func = &ir.OpDef{
	Name:           "func.func",
	Summary:        "An operation with a name containing a single SSACFG region",
	Doc:            "func.func @f(%arg0: f32) -> f32 { return %arg0 : f32 }",
	Traits:         ir.IsolatedFromAbove | ir.Symbol,
	DefaultDialect: "func",
	Operands:       0,
	Results:        0,
	Regions:        1,
	InherentAttrs:  []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"},
	Parse:          parseFunc,
	Print:          printFunc,
	Verify:         verifyFunc,
}

// Type returns a func.func's function type.
func Type(op *ir.Operation) *ir.FunctionType {
	ta, _ := op.Attr("function_type").(*ir.TypeAttr)
	if ta == nil {
		return ir.Function(nil, nil)
	}
	ft, _ := ta.Type.(*ir.FunctionType)
	if ft == nil {
		return ir.Function(nil, nil)
	}
	return ft
}

// Name returns a symbol op's name.
func Name(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

func parseFunc(p *ir.OpParser, st *ir.OpState) error {
	for _, vis := range []string{"public", "private", "nested"} {
		if p.AcceptKeyword(vis) {
			if vis != "public" {
				st.AddAttr("sym_visibility", ir.Str(vis))
			}
		}
	}
	st.AddAttr("sym_name", ir.Str(p.ParseSymbolName()))
	p.Parse("(")
	var args []ir.RegionArg
	var ins []ir.Type
	var argAttrs []ir.Attribute
	anyArgAttr := false
	named := p.PeekOperand()
	if !p.Peek(")") {
		for {
			var a ir.RegionArg
			if named {
				a = p.ParseArgument(true, true)
				args = append(args, a)
			} else {
				a.Type = p.ParseType()
				if p.Peek("{") {
					var at ir.Attrs
					p.ParseOptionalAttrDict(&at)
					a.Attrs = &ir.DictionaryAttr{Entries: at.List()}
				}
				p.ParseOptionalLoc()
			}
			ins = append(ins, a.Type)
			if a.Attrs != nil && len(a.Attrs.Entries) > 0 {
				anyArgAttr = true
				argAttrs = append(argAttrs, a.Attrs)
			} else {
				argAttrs = append(argAttrs, &ir.DictionaryAttr{})
			}
			if !p.Accept(",") {
				break
			}
			if named != p.PeekOperand() {
				p.Fail("expected SSA identifier")
			}
		}
	}
	p.Parse(")")
	var outs []ir.Type
	var resAttrs []ir.Attribute
	anyResAttr := false
	if p.Accept("->") {
		if p.Accept("(") {
			if !p.Peek(")") {
				for {
					outs = append(outs, p.ParseType())
					var at ir.Attrs
					p.ParseOptionalAttrDict(&at)
					if at.Len() > 0 {
						anyResAttr = true
					}
					resAttrs = append(resAttrs, &ir.DictionaryAttr{Entries: at.List()})
					if !p.Accept(",") {
						break
					}
				}
			}
			p.Parse(")")
		} else {
			outs = []ir.Type{p.ParseType()}
			resAttrs = []ir.Attribute{&ir.DictionaryAttr{}}
		}
	}
	st.AddAttr("function_type", &ir.TypeAttr{Type: ir.Function(ins, outs)})
	if anyArgAttr {
		st.AddAttr("arg_attrs", &ir.ArrayAttr{Elems: argAttrs})
	}
	if anyResAttr {
		st.AddAttr("res_attrs", &ir.ArrayAttr{Elems: resAttrs})
	}
	p.ParseOptionalAttrDictWithKeyword(&st.Attrs)
	if p.PeekRegion() {
		if !named && len(ins) > 0 {
			p.Fail("expected SSA identifiers for the arguments of a function with a body")
		}
		if args == nil {
			args = []ir.RegionArg{}
		}
		st.Regions = append(st.Regions, p.ParseRegion(args, true))
	} else {
		st.Regions = append(st.Regions, &ir.Region{})
	}
	return nil
}

func dictAt(a ir.Attribute, i int) *ir.DictionaryAttr {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	d, _ := arr.Elems[i].(*ir.DictionaryAttr)
	if d != nil && len(d.Entries) == 0 {
		return nil
	}
	return d
}

func printFunc(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	if v, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok {
		p.Write(v.Value + " ")
	}
	p.Symbol(Name(op))
	ft := Type(op)
	body := op.Region(0)
	p.Write("(")
	for i, t := range ft.Inputs {
		if i > 0 {
			p.Write(", ")
		}
		if !body.Empty() {
			p.ArgDecl(body.Front().Arg(i))
		} else {
			p.Type(t)
		}
		if d := dictAt(op.Attr("arg_attrs"), i); d != nil {
			p.Write(" ")
			p.AttrDictEntries(d.Entries)
		}
	}
	p.Write(")")
	if len(ft.Results) > 0 {
		p.Write(" -> ")
		anyAttr := false
		for i := range ft.Results {
			anyAttr = anyAttr || dictAt(op.Attr("res_attrs"), i) != nil
		}
		_, isFn := ft.Results[0].(*ir.FunctionType)
		if len(ft.Results) == 1 && !anyAttr && !isFn {
			p.Type(ft.Results[0])
		} else {
			p.Write("(")
			for i, t := range ft.Results {
				if i > 0 {
					p.Write(", ")
				}
				p.Type(t)
				if d := dictAt(op.Attr("res_attrs"), i); d != nil {
					p.Write(" ")
					p.AttrDictEntries(d.Entries)
				}
			}
			p.Write(")")
		}
	}
	p.OptionalAttrDictWithKeyword("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")
	if !body.Empty() {
		p.Write(" ")
		p.Region(body, false, true)
	}
}

func verifyFunc(op *ir.Operation) error {
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return op.Emit("requires attribute 'function_type'")
	}
	ft, ok := ta.Type.(*ir.FunctionType)
	if !ok {
		return op.Emit("requires a function type, got '%s'", ta.Type)
	}
	if _, ok := op.Attr("sym_name").(*ir.StringAttr); !ok {
		return op.Emit("requires string attribute 'sym_name'")
	}
	if v := op.Attr("sym_visibility"); v != nil {
		s, ok := v.(*ir.StringAttr)
		if !ok || (s.Value != "public" && s.Value != "private" && s.Value != "nested") {
			return op.Emit("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", ir.AttrString(v))
		}
	}
	for _, n := range []string{"arg_attrs", "res_attrs"} {
		want := len(ft.Inputs)
		if n == "res_attrs" {
			want = len(ft.Results)
		}
		if a := op.Attr(n); a != nil {
			arr, ok := a.(*ir.ArrayAttr)
			if !ok || len(arr.Elems) != want {
				return op.Emit("expects %s to be an array of %d dictionaries", n, want)
			}
		}
	}
	body := op.Region(0)
	if body.Empty() {
		if v, _ := op.Attr("sym_visibility").(*ir.StringAttr); v == nil || v.Value == "public" {
			return op.Emit("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := body.Front()
	if len(entry.Args()) != len(ft.Inputs) {
		return op.Emit("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Args() {
		if a.Type() != ft.Inputs[i] {
			return op.Emit("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.Type(), ft.Inputs[i])
		}
	}
	return nil
}

// Return is `func.return` (printed `return`):
//
//	return %0, %1 : tensor<4xf32>, i32
var Return = &ir.OpDef{
	Name:     "func.return",
	Summary:  "Function return operation",
	Doc:      "return %0 : tensor<4xf32>",
	Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
	Operands: ir.Variadic,
	Results:  0,
	Regions:  0,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		if len(refs) > 0 {
			loc := p.Loc()
			st.Operands = p.ResolveAll(refs, p.ParseColonTypeList(), loc)
		}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict()
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.OpOperands()
			p.Write(" : ")
			p.OpOperandTypes()
		}
	},
	Verify: func(op *ir.Operation) error {
		fn := op.ParentOp()
		if fn == nil || fn.Name() != "func.func" {
			return op.Emit("expects parent op 'func.func'")
		}
		ft := Type(fn)
		if op.NumOperands() != len(ft.Results) {
			return op.Emit("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), Name(fn), len(ft.Results))
		}
		for i, t := range op.OperandTypes() {
			if t != ft.Results[i] {
				return op.Emit("type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, t, ft.Results[i], Name(fn))
			}
		}
		return nil
	},
}

// Call is `func.call`:
//
//	%0:2 = call @inputs() : () -> (tensor<2xf32>, tensor<2xf32>)
var Call = &ir.OpDef{
	Name:          "func.call",
	Summary:       "Call operation",
	Doc:           "%0 = call @f(%a) : (f32) -> f32",
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	Regions:       0,
	InherentAttrs: []string{"callee"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		st.AddAttr("callee", p.ParseSymbolRef())
		p.Parse("(")
		refs := p.ParseOperandList()
		p.Parse(")")
		p.ParseOptionalAttrDict(&st.Attrs)
		loc := p.Loc()
		p.Parse(":")
		ft := p.ParseFunctionType()
		st.Operands = p.ResolveAll(refs, ft.Inputs, loc)
		st.ResultTypes = ft.Results
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Attr(op.Attr("callee"))
		p.Write("(")
		p.OpOperands()
		p.Write(")")
		p.OptionalAttrDict("callee")
		p.Write(" : ")
		p.OpFunctionType()
	},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("callee").(*ir.SymbolRefAttr); !ok {
			return op.Emit("requires a 'callee' symbol reference attribute")
		}
		return nil
	},
	VerifySymbolUses: verifyCallee,
}

// LookupSymbol finds the symbol op named name in the nearest enclosing
// symbol table of from.
func LookupSymbol(from *ir.Operation, name string) *ir.Operation {
	for t := from.ParentOp(); t != nil; t = t.ParentOp() {
		if t.HasTrait(ir.SymbolTable) {
			return t.LookupSymbol(name)
		}
	}
	return nil
}

// verifyCallee checks that a call's callee is a function of the call's
// type (MLIR's CallOp::verifySymbolUses).
func verifyCallee(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return op.Emit("requires a 'callee' symbol reference attribute")
	}
	fn := LookupSymbol(op, ref.Root)
	if fn == nil || fn.Name() != "func.func" {
		return op.Emit("'%s' does not reference a valid function", ref.Root)
	}
	ft := Type(fn)
	if len(ft.Inputs) != op.NumOperands() {
		return op.Emit("incorrect number of operands for callee")
	}
	for i, t := range op.OperandTypes() {
		if t != ft.Inputs[i] {
			return op.Emit("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], t, i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return op.Emit("incorrect number of results for callee")
	}
	for i, t := range op.ResultTypes() {
		if t != ft.Results[i] {
			return op.Emit("result type mismatch at index %d", i).AddNote(op.Loc, "      op result types: %s", joinTypes(op.ResultTypes())).
				AddNote(op.Loc, "function result types: %s", joinTypes(ft.Results))
		}
	}
	return nil
}

func joinTypes(ts []ir.Type) string {
	s := "("
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += t.String()
	}
	return s + ")"
}

func init() {
	ir.Register(Func, Return, Call)
}
