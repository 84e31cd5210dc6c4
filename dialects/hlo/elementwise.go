package hlo

import (
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// ElemClass is the set of element types an op accepts.
type ElemClass int

// Element type classes.
const (
	IntOrFloat ElemClass = iota // integers (not i1) and floats
	FloatOnly
	IntOnly     // integers other than i1
	IntOrBool   // integers including i1 (logical and bitwise ops)
	AnyNumeric  // any integer (including i1) or float
	FloatToBool // float operand, i1 result (is_finite)

	// WithComplex, or-ed into a class, also admits complex<f32> and
	// complex<f64> (the ops StableHLO defines on complex numbers); the
	// op's entry then has Complex element functions.
	WithComplex ElemClass = 1 << 8
)

// base is c without WithComplex.
func (c ElemClass) base() ElemClass { return c &^ WithComplex }

// TakesComplex reports whether c admits complex elements.
func (c ElemClass) TakesComplex() bool { return c&WithComplex != 0 }

// Accepts reports whether c admits element type t (what the verifier of
// an op of class c checks).
func (c ElemClass) Accepts(t ir.Type) bool { return c.accepts(t) }

func (c ElemClass) accepts(t ir.Type) bool {
	if _, ok := t.(*ir.ComplexType); ok {
		// StableHLO's complex types: complex<f32> and complex<f64>.
		k, _ := ir.ComplexPartKind(t)
		return c.TakesComplex() && (k == ir.F32 || k == ir.F64) && ir.IsComplex(t)
	}
	c = c.base()
	it, isInt := t.(*ir.IntegerType)
	isFloat := ir.IsFloat(t)
	isBool := isInt && it.Width == 1
	switch c {
	case IntOrFloat:
		return (isInt && !isBool) || isFloat
	case FloatOnly, FloatToBool:
		return isFloat
	case IntOnly:
		return isInt && !isBool
	case IntOrBool:
		return isInt
	}
	return isInt || isFloat
}

func (c ElemClass) String() string {
	if c.TakesComplex() {
		return [...]string{"integer, floating-point or complex", "floating-point or complex", "integer", "integer or boolean", "integer, boolean, floating-point or complex", "floating-point"}[c.base()]
	}
	return [...]string{"integer or floating-point", "floating-point", "integer", "integer or boolean", "numeric", "floating-point"}[c]
}

// broadcastAttrs are the attributes that control implicit broadcasting.
var broadcastAttrs = []string{"broadcast_dimensions", "broadcast_policy"}

// BroadcastSpec reads an op's broadcast_policy and broadcast_dimensions
// (hlo.assign's is always AssignSpec).
func BroadcastSpec(op *ir.Operation) (broadcast.Spec, error) {
	var s broadcast.Spec
	if op.Def() == AssignOp {
		return AssignSpec, nil
	}
	if a := op.Attr("broadcast_policy"); a != nil {
		str, ok := a.(*ir.StringAttr)
		p, known := broadcast.Policy(0), false
		if ok {
			p, known = broadcast.ParsePolicy(str.Value)
		}
		if !known {
			return s, op.Emit(`broadcast_policy must be one of "numpy", "rank", "scalar" or "none", but got %s`, ir.AttrString(a))
		}
		s.Policy = p
	}
	if a := op.Attr("broadcast_dimensions"); a != nil {
		s.Dims = I64s(a)
		if s.Dims == nil {
			return s, op.Emit("broadcast_dimensions must be a list of integers, but got %s", ir.AttrString(a))
		}
	}
	return s, nil
}

// verifyElementTypes checks that the operands listed share one element
// type of class c and that the result has resultElem (nil: the same).
func verifyElementTypes(op *ir.Operation, operands []int, c ElemClass, resultElem ir.Type) error {
	var et ir.Type
	first := -1
	for _, i := range operands {
		t := ir.ElementTypeOf(op.Operand(i).Type())
		if et == nil {
			et, first = t, i
			continue
		}
		if t != et {
			return op.Emit("operands #%d and #%d have different element types '%s' and '%s'", first, i, et, t)
		}
	}
	if it, ok := et.(*ir.IntegerType); ok && it.Width != 1 && it.Width != 8 && it.Width != 16 && it.Width != 32 && it.Width != 64 {
		return op.Emit("operand #%d has '%s' elements; integers of %d bits are not supported (StableHLO's sub-byte types among them): use 8, 16, 32 or 64 bits, or i1", first, et, it.Width)
	}
	if !c.accepts(et) {
		return op.Emit("operand #%d must have %s elements, but has '%s'", first, c, et)
	}
	want := resultElem
	if want == nil {
		want = et
	}
	if got := ir.ElementTypeOf(op.Result(0).Type()); got != want {
		return op.Emit("result element type '%s' must be '%s'", got, want)
	}
	return nil
}

func tensorsOnly(op *ir.Operation) error {
	for i, t := range op.OperandTypes() {
		if !ir.IsTensor(t) {
			return op.Emit("operand #%d must be a tensor, but got '%s'", i, t)
		}
	}
	for i, t := range op.ResultTypes() {
		if !ir.IsTensor(t) {
			return op.Emit("result #%d must be a tensor, but got '%s'", i, t)
		}
	}
	return nil
}

// verifyBroadcasting runs the Broadcastable trait under the op's policy.
func verifyBroadcasting(op *ir.Operation) error {
	if err := tensorsOnly(op); err != nil {
		return err
	}
	spec, err := BroadcastSpec(op)
	if err != nil {
		return err
	}
	return ir.VerifyBroadcastableWith(op, spec)
}

func binaryDef(e *BinaryOp) *ir.OpDef {
	name, class := e.Name, e.Class
	traits := ir.Pure | ir.Elementwise
	if e.Commutative {
		traits |= ir.Commutative
	}
	return &ir.OpDef{
		Name:          "hlo." + name,
		Summary:       "elementwise " + name + " with implicit broadcasting",
		Doc:           "%r = hlo." + name + " %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
		Traits:        traits,
		Operands:      2,
		Results:       1,
		InherentAttrs: broadcastAttrs,
		Parse:         parseSignatureForm,
		Print:         printSignatureForm,
		Verify: func(op *ir.Operation) error {
			if err := verifyBroadcasting(op); err != nil {
				return err
			}
			if et := ir.ElementTypeOf(op.Operand(0).Type()); e.ComplexUndefined != "" && ir.IsComplex(et) {
				return op.Emit("operand #0 has '%s' elements: %s", et, e.ComplexUndefined)
			}
			return verifyElementTypes(op, []int{0, 1}, class, nil)
		},
	}
}

func unaryDef(e *UnaryOp) *ir.OpDef {
	name, class := e.Name, e.Class
	return &ir.OpDef{
		Name:     "hlo." + name,
		Summary:  "elementwise " + name,
		Doc:      "%r = hlo." + name + " %a : tensor<4xf32>",
		Traits:   ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
		Operands: 1,
		Results:  1,
		Parse:    parseSignatureForm,
		Print:    printSignatureForm,
		Verify: func(op *ir.Operation) error {
			if err := tensorsOnly(op); err != nil {
				return err
			}
			return verifyElementTypes(op, []int{0}, class, e.resultElem(ir.ElementTypeOf(op.Operand(0).Type())))
		},
	}
}

// resultElem is the result element type of unary op e on operand
// elements et: i1 for FloatToBool ops, the part type for an op from
// complex numbers to reals (abs, real, imag), et for the others.
func (e *UnaryOp) resultElem(et ir.Type) ir.Type {
	if e.Class == FloatToBool {
		return ir.I1
	}
	if ct, ok := et.(*ir.ComplexType); ok && e.Eval.ComplexToReal != nil {
		return ct.Elem
	}
	return et
}

// unaryOps indexes UnaryOps by definition.
var unaryOps = map[*ir.OpDef]*UnaryOp{}

// Comparison directions and types of hlo.compare.
var (
	Directions  = []string{"EQ", "NE", "GE", "GT", "LE", "LT"}
	CompareType = []string{"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"}
)

// enumValue extracts the case from `#hlo<comparison_direction GT>` (also
// the stablehlo/mhlo spellings); "" if a is not such an attribute.
func enumValue(a ir.Attribute, kind string) string {
	o, ok := a.(*ir.OpaqueAttr)
	if !ok {
		return ""
	}
	for _, d := range []string{"hlo<", "stablehlo<", "mhlo<", "chlo<"} {
		if strings.HasPrefix(o.Text, d+kind+" ") && strings.HasSuffix(o.Text, ">") {
			return strings.TrimSpace(o.Text[len(d)+len(kind)+1 : len(o.Text)-1])
		}
	}
	return ""
}

func enumAttr(kind, v string) ir.Attribute {
	return &ir.OpaqueAttr{Text: "hlo<" + kind + " " + v + ">"}
}

// Direction returns a compare op's direction (EQ, NE, GE, GT, LE, LT).
func Direction(op *ir.Operation) string {
	return enumValue(op.Attr("comparison_direction"), "comparison_direction")
}

// CompareTypeOf returns a compare op's comparison type, or "" if absent.
func CompareTypeOf(op *ir.Operation) string {
	return enumValue(op.Attr("compare_type"), "comparison_type")
}

func oneOf(s string, set []string) bool {
	for _, x := range set {
		if x == s {
			return true
		}
	}
	return false
}

// CompareOp is `hlo.compare`:
//
//	%r = hlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
var CompareOp = &ir.OpDef{
	Name:          "hlo.compare",
	Summary:       "elementwise comparison with implicit broadcasting, giving i1",
	Doc:           "%r = hlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>",
	Traits:        ir.Pure | ir.Elementwise,
	Operands:      2,
	Results:       1,
	InherentAttrs: append([]string{"comparison_direction", "compare_type"}, broadcastAttrs...),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if p.PeekOperand() {
			// CHLO's form: the direction is in the attribute dictionary.
			// Known enum cases are respelled #hlo<...>, as the pretty form
			// stores them, so that equal compares have equal attributes.
			parseOperandsAndSignature(p, st)
			if d := enumValue(st.Attrs.Get("comparison_direction"), "comparison_direction"); oneOf(d, Directions) {
				st.AddAttr("comparison_direction", enumAttr("comparison_direction", d))
			}
			if ct := enumValue(st.Attrs.Get("compare_type"), "comparison_type"); oneOf(ct, CompareType) {
				st.AddAttr("compare_type", enumAttr("comparison_type", ct))
			}
			return nil
		}
		loc := p.Loc()
		dir := p.ParseIdent("comparison direction")
		if !oneOf(dir, Directions) {
			p.FailAt(loc, "unknown comparison direction '%s' (expected one of %s)", dir, strings.Join(Directions, ", "))
		}
		st.AddAttr("comparison_direction", enumAttr("comparison_direction", dir))
		p.Parse(",")
		oloc := p.Loc()
		a := p.ParseOperand()
		p.Parse(",")
		b := p.ParseOperand()
		if p.Accept(",") {
			tloc := p.Loc()
			ct := p.ParseIdent("comparison type")
			if !oneOf(ct, CompareType) {
				p.FailAt(tloc, "unknown comparison type '%s' (expected one of %s)", ct, strings.Join(CompareType, ", "))
			}
			st.AddAttr("compare_type", enumAttr("comparison_type", ct))
		}
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 2)
		st.Operands = p.ResolveAll([]ir.OperandRef{a, b}, ins, oloc)
		st.ResultTypes = outs
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" " + Direction(op) + ", ")
		p.Operands(op.Operands())
		if ct := CompareTypeOf(op); ct != "" {
			p.Write(", " + ct)
		}
		p.OptionalAttrDict("comparison_direction", "compare_type")
		printTypeSignature(p, op)
	},
	Verify: func(op *ir.Operation) error {
		if !oneOf(Direction(op), Directions) {
			return op.Emit("requires a comparison_direction attribute (#hlo<comparison_direction EQ|NE|GE|GT|LE|LT>)")
		}
		if a := op.Attr("compare_type"); a != nil && !oneOf(CompareTypeOf(op), CompareType) {
			return op.Emit("compare_type must be #hlo<comparison_type NOTYPE|FLOAT|TOTALORDER|SIGNED|UNSIGNED>, but got %s", ir.AttrString(a))
		}
		if err := verifyBroadcasting(op); err != nil {
			return err
		}
		if err := verifyElementTypes(op, []int{0, 1}, AnyNumeric|WithComplex, ir.I1); err != nil {
			return err
		}
		if et := ir.ElementTypeOf(op.Operand(0).Type()); ir.IsComplex(et) {
			if d := Direction(op); d != "EQ" && d != "NE" {
				return op.Emit("comparison direction %s is not defined on complex elements ('%s'): only EQ and NE are", d, et)
			}
			if ct := CompareTypeOf(op); ct != "" && ct != "NOTYPE" && ct != "FLOAT" {
				return op.Emit("compare_type %s does not apply to complex elements ('%s'): use FLOAT or none", ct, et)
			}
		}
		return nil
	},
}

// SelectOp is `hlo.select`; the predicate and both values broadcast:
//
//	%r = hlo.select %pred, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
//
// StableHLO's compact form `: tensor<4xi1>, tensor<4xf32>` (predicate type,
// then the type of both values and the result) is accepted and printed when
// it applies.
var SelectOp = &ir.OpDef{
	Name:          "hlo.select",
	Summary:       "elementwise select with implicit broadcasting",
	Doc:           "%r = hlo.select %pred, %a, %b : tensor<4xi1>, tensor<4xf32>",
	Traits:        ir.Pure | ir.Elementwise,
	Operands:      3,
	Results:       1,
	InherentAttrs: broadcastAttrs,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		if len(refs) != 3 {
			p.FailAt(loc, "expected 3 operands, but found %d", len(refs))
		}
		p.Parse(":")
		if p.Peek("(") {
			ft := p.ParseFunctionType()
			st.Operands = p.ResolveAll(refs, ft.Inputs, loc)
			st.ResultTypes = ft.Results
			return nil
		}
		pt := p.ParseType()
		p.Parse(",")
		t := p.ParseType()
		st.Operands = p.ResolveAll(refs, []ir.Type{pt, t, t}, loc)
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
		rt := op.Result(0).Type()
		if op.Operand(1).Type() == rt && op.Operand(2).Type() == rt {
			p.Write(" : ")
			p.Type(op.Operand(0).Type())
			p.Write(", ")
			p.Type(rt)
			return
		}
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		if err := verifyBroadcasting(op); err != nil {
			return err
		}
		if et := ir.ElementTypeOf(op.Operand(0).Type()); et != ir.I1 {
			return op.Emit("predicate (operand #0) must have i1 elements, but has '%s'", et)
		}
		return verifyElementTypes(op, []int{1, 2}, AnyNumeric|WithComplex, nil)
	},
}

// ClampOp is `hlo.clamp` (min, operand, max), all three broadcasting:
//
//	%r = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
var ClampOp = &ir.OpDef{
	Name:          "hlo.clamp",
	Summary:       "elementwise clamp(min, operand, max) with implicit broadcasting",
	Doc:           "%r = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>",
	Traits:        ir.Pure | ir.Elementwise,
	Operands:      3,
	Results:       1,
	InherentAttrs: broadcastAttrs,
	Parse:         parseSignatureForm,
	Print:         printSignatureForm,
	Verify: func(op *ir.Operation) error {
		if err := verifyBroadcasting(op); err != nil {
			return err
		}
		// i1 too, as StableHLO: its maximum and minimum are or and and;
		// complex in their lexicographic order.
		return verifyElementTypes(op, []int{0, 1, 2}, AnyNumeric|WithComplex, nil)
	},
}

// IsBroadcasting reports whether op is one of the implicitly broadcasting
// elementwise ops (the binary ops, compare, select and clamp).
func IsBroadcasting(op *ir.Operation) bool { return broadcasting[op.Name()] }

// broadcasting holds the names of the implicitly broadcasting ops (also
// read by builder.go's Binary).
var broadcasting = map[string]bool{}

func init() {
	CompareOp.Fold = foldCompare
	SelectOp.Fold = foldSelect
	ClampOp.Fold = foldClamp
	ir.Register(CompareOp, SelectOp, ClampOp)
	broadcasting[CompareOp.Name], broadcasting[SelectOp.Name], broadcasting[ClampOp.Name] = true, true, true
	for _, b := range BinaryOps {
		ir.Register(b.Def)
		broadcasting[b.Def.Name] = true
		ir.RegisterAlias("chlo.broadcast_"+b.Name, b.Def.Name)
		registerStableHLOSpellings(b.Def.Name)
	}
	for _, u := range UnaryOps {
		ir.Register(u.Def)
		unaryOps[u.Def] = u
	}
	for _, d := range chloOps {
		ir.RegisterAlias("chlo."+d.Name[len("hlo."):], d.Name)
	}
	ir.RegisterAlias("chlo.broadcast_compare", CompareOp.Name)
	ir.RegisterAlias("chlo.broadcast_select", SelectOp.Name)
	ir.RegisterAlias("chlo.broadcast_clamp", ClampOp.Name)
	ir.RegisterDialectAlias("stablehlo", "hlo")
	ir.RegisterDialectAlias("mhlo", "hlo")
	for _, d := range []*ir.OpDef{CompareOp, SelectOp, ClampOp} {
		registerStableHLOSpellings(d.Name)
	}
}
