package arith

import (
	"fmt"
	"math"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Constant is `arith.constant`:
//
//	%cst = arith.constant dense<1.000000e+00> : tensor<4xf32>
//	%c0 = arith.constant 0 : index
var Constant = &ir.OpDef{
	Name:          "arith.constant",
	Summary:       "integer or floating point constant",
	Doc:           "%c0 = arith.constant 0 : index",
	Traits:        ir.Pure | ir.ConstantLike,
	Operands:      0,
	Results:       1,
	Regions:       0,
	InherentAttrs: []string{"value"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		p.ParseOptionalAttrDict(&st.Attrs)
		loc := p.Loc()
		v := p.ParseAttribute(nil)
		t := ir.AttrType(v)
		if t == nil {
			p.FailAt(loc, "expected a typed constant attribute")
		}
		st.AddAttr("value", v)
		st.ResultTypes = append(st.ResultTypes, t)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict("value")
		p.Write(" ")
		p.Attr(op.Attr("value"))
	},
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value")
		t := ir.AttrType(v)
		if t == nil {
			return op.Emit("requires attribute 'value' to be an integer, float or dense elements constant")
		}
		if t != op.Result(0).Type() {
			return op.Emit("value type '%s' and result type '%s' differ", t, op.Result(0).Type())
		}
		if _, ok := v.(*ir.StringAttr); ok {
			return op.Emit("value must be an integer, float, or elements attribute")
		}
		if it, ok := ir.ElementTypeOf(t).(*ir.IntegerType); ok && it.Sign != ir.Signless {
			return op.Emit("integer return type must be signless")
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult { return nil },
	ResultNames: func(op *ir.Operation) string {
		switch v := op.Attr("value").(type) {
		case *ir.BoolAttr:
			if v.Value {
				return "true"
			}
			return "false"
		case *ir.IntegerAttr:
			if v.Type == ir.Index {
				return fmt.Sprintf("c%d", v.Value)
			}
			if it, ok := v.Type.(*ir.IntegerType); ok && it.Sign == ir.Unsigned {
				return fmt.Sprintf("c%d_%s", uint64(v.Value)&umax(it), v.Type)
			}
			return fmt.Sprintf("c%d_%s", v.Value, v.Type)
		}
		return "cst"
	},
}

// NewConstant builds `arith.constant` for a typed attribute.
func NewConstant(b *ir.Builder, v ir.Attribute) *ir.Operation {
	st := &ir.OpState{Name: "arith.constant", ResultTypes: []ir.Type{ir.AttrType(v)}}
	st.AddAttr("value", v)
	return b.Create(st)
}

// unaryDef declares `%r = arith.NAME %a : T` with a scalar folder.
func unaryDef(name string, k Kind, f func(float64) float64) *ir.OpDef {
	return &ir.OpDef{
		Name:          "arith." + name,
		Summary:       "arith." + name + " elementwise unary operation",
		Doc:           "%r = arith." + name + " %a : f32",
		Traits:        ir.Pure | ir.SameOperandsAndResultType | ir.Elementwise,
		Operands:      1,
		Results:       1,
		InherentAttrs: []string{"fastmath"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			a := p.ParseOperand()
			flag := noFlags["fastmath"]
			if p.AcceptKeyword("fastmath") {
				flag = p.ParseOpaqueAngleAttr("arith.fastmath")
			}
			st.AddAttr("fastmath", flag)
			p.ParseOptionalAttrDict(&st.Attrs)
			t := p.ParseColonType()
			st.Operands = append(st.Operands, p.Resolve(a, t))
			st.ResultTypes = append(st.ResultTypes, t)
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operand(op.Operand(0))
			if f, ok := op.Attr("fastmath").(*ir.OpaqueAttr); ok && f.Text != "arith.fastmath<none>" {
				p.Write(" ")
				p.Write(f.Text[len("arith."):])
			}
			p.OptionalAttrDict("fastmath")
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if !elemOK(op.Result(0).Type(), k) {
				return op.Emit("operand #0 must be %s scalar, vector or tensor, but got '%s'", kindName(k), op.Result(0).Type())
			}
			return nil
		},
		Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			if c[0] == nil {
				return nil
			}
			a := ElementwiseFold2(c[0], c[0], op.Result(0).Type(), func(x, _ float64) float64 { return f(x) }, nil)
			if a == nil {
				return nil
			}
			return []ir.FoldResult{{Attr: a}}
		},
	}
}

// FloatPredicates are arith.cmpf's predicates in enum order.
var FloatPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// IntPredicates are arith.cmpi's predicates in enum order.
var IntPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// I1Like returns i1 with t's shape (t scalar, tensor or vector).
func I1Like(t ir.Type) ir.Type { return ir.WithElementType(t, ir.I1) }

// EvalFloatPredicate evaluates cmpf predicate p.
func EvalFloatPredicate(p int, a, b float64) bool {
	unordered := math.IsNaN(a) || math.IsNaN(b)
	switch FloatPredicates[p] {
	case "false":
		return false
	case "true":
		return true
	case "ord":
		return !unordered
	case "uno":
		return unordered
	}
	var r bool
	switch FloatPredicates[p][1:] {
	case "eq":
		r = a == b
	case "gt":
		r = a > b
	case "ge":
		r = a >= b
	case "lt":
		r = a < b
	case "le":
		r = a <= b
	case "ne":
		r = a != b
	}
	if FloatPredicates[p][0] == 'o' {
		return !unordered && r
	}
	return unordered || r
}

// EvalIntPredicate evaluates cmpi predicate p on values of type t.
func EvalIntPredicate(p int, a, b int64, t *ir.IntegerType) bool {
	ua, ub := toUnsigned(a, t), toUnsigned(b, t)
	switch IntPredicates[p] {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "slt":
		return a < b
	case "sle":
		return a <= b
	case "sgt":
		return a > b
	case "sge":
		return a >= b
	case "ult":
		return ua < ub
	case "ule":
		return ua <= ub
	case "ugt":
		return ua > ub
	}
	return ua >= ub
}

func cmpDef(name string, preds []string, k Kind) *ir.OpDef {
	// Attributes are immutable, so ops share one per predicate.
	predAttrs := make([]ir.Attribute, len(preds))
	for i := range preds {
		predAttrs[i] = ir.I64Attr(int64(i))
	}
	inherent := []string{"predicate"}
	if k == FloatOp {
		inherent = append(inherent, "fastmath")
	}
	return &ir.OpDef{
		Name:          "arith." + name,
		Summary:       "comparison with a predicate, giving i1",
		Doc:           "%r = arith." + name + " " + preds[1] + ", %a, %b : f32",
		Traits:        ir.Pure | ir.Elementwise,
		Operands:      2,
		Results:       1,
		InherentAttrs: inherent,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			loc := p.Loc()
			kw := p.ParseIdent("comparison predicate")
			idx := -1
			for i, s := range preds {
				if s == kw {
					idx = i
				}
			}
			if idx < 0 {
				p.FailAt(loc, "unknown comparison predicate \"%s\"", kw)
			}
			st.AddAttr("predicate", predAttrs[idx])
			p.Parse(",")
			a := p.ParseOperand()
			p.Parse(",")
			c := p.ParseOperand()
			if k == FloatOp {
				flag := noFlags["fastmath"]
				if p.AcceptKeyword("fastmath") {
					flag = p.ParseOpaqueAngleAttr("arith.fastmath")
				}
				st.AddAttr("fastmath", flag)
			}
			p.ParseOptionalAttrDict(&st.Attrs)
			t := p.ParseColonType()
			st.Operands = append(st.Operands, p.Resolve(a, t), p.Resolve(c, t))
			st.ResultTypes = append(st.ResultTypes, I1Like(t))
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			idx := op.Attr("predicate").(*ir.IntegerAttr).Value
			p.Write(" ")
			p.Write(preds[idx])
			p.Write(", ")
			p.OpOperands()
			if f, ok := op.Attr("fastmath").(*ir.OpaqueAttr); ok && f.Text != "arith.fastmath<none>" {
				p.Write(" ")
				p.Write(f.Text[len("arith."):])
			}
			p.OptionalAttrDict("predicate", "fastmath")
			p.Write(" : ")
			p.Type(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			pa, ok := op.Attr("predicate").(*ir.IntegerAttr)
			if !ok || pa.Value < 0 || pa.Value >= int64(len(preds)) {
				return op.Emit("requires a valid 'predicate' attribute")
			}
			t := op.Operand(0).Type()
			if op.Operand(1).Type() != t {
				return op.Emit("requires all operands to have the same type")
			}
			if !elemOK(t, k) {
				return op.Emit("operand #0 must be %s scalar, vector or tensor, but got '%s'", kindName(k), t)
			}
			if op.Result(0).Type() != I1Like(t) {
				return op.Emit("result type '%s' must be i1 with the operands' shape ('%s')", op.Result(0).Type(), I1Like(t))
			}
			return nil
		},
		Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			if k == IntOp && op.Operand(0) == op.Operand(1) && op.Result(0).Type() == ir.I1 {
				// x == x, x <= x, ... hold and x != x, x < x, ... do not.
				p := IntPredicates[op.Attr("predicate").(*ir.IntegerAttr).Value]
				holds := p == "eq" || p == "sle" || p == "sge" || p == "ule" || p == "uge"
				return []ir.FoldResult{{Attr: &ir.BoolAttr{Value: holds}}}
			}
			if c[0] == nil || c[1] == nil {
				return nil
			}
			pred := int(op.Attr("predicate").(*ir.IntegerAttr).Value)
			t := op.Operand(0).Type()
			fa, ia, okA := scalarsOf(c[0], numElems(t))
			fb, ib, okB := scalarsOf(c[1], numElems(t))
			if !okA || !okB {
				return nil
			}
			n := numElems(t)
			out := make([]int64, n)
			for i := range out {
				var r bool
				if fa != nil {
					r = EvalFloatPredicate(pred, fa[i], fb[i])
				} else {
					it, _ := ir.ElementTypeOf(t).(*ir.IntegerType)
					if it == nil {
						it = ir.I64
					}
					r = EvalIntPredicate(pred, ia[i], ib[i], it)
				}
				if r {
					out[i] = 1
				}
			}
			rt := op.Result(0).Type()
			if st, ok := rt.(ir.ShapedType); ok {
				return []ir.FoldResult{{Attr: ir.NewDenseInts(st, out)}}
			}
			return []ir.FoldResult{{Attr: &ir.BoolAttr{Value: out[0] != 0}}}
		},
	}
}

// numElems returns the element count of a static shaped type (1 for a
// scalar, -1 if unknown).
func numElems(t ir.Type) int64 {
	st, ok := t.(ir.ShapedType)
	if !ok {
		return 1
	}
	if !st.HasRank() || !ir.IsStaticShape(st.Shape()) {
		return -1
	}
	return ir.NumElements(st.Shape())
}

// Select is `arith.select`:
//
//	%r = arith.select %cond, %a, %b : f32
//	%r = arith.select %cond, %a, %b : tensor<4xi1>, tensor<4xf32>
var Select = &ir.OpDef{
	Name:     "arith.select",
	Summary:  "select between two values by an i1 condition",
	Doc:      "%r = arith.select %cond, %a, %b : f32",
	Traits:   ir.Pure | ir.Elementwise,
	Operands: 3,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		c := p.ParseOperand()
		p.Parse(",")
		a := p.ParseOperand()
		p.Parse(",")
		b := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		ts := p.ParseColonTypeList()
		ct, t := ir.Type(ir.I1), ts[0]
		if len(ts) == 2 {
			ct, t = ts[0], ts[1]
		}
		st.Operands = append(st.Operands, p.Resolve(c, ct), p.Resolve(a, t), p.Resolve(b, t))
		st.ResultTypes = append(st.ResultTypes, t)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.OpOperands()
		p.OptionalAttrDict()
		p.Write(" : ")
		if op.Operand(0).Type() != ir.I1 {
			p.Type(op.Operand(0).Type())
			p.Write(", ")
		}
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		t := op.Result(0).Type()
		if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
			return op.Emit("requires the true and false values and the result to have one type")
		}
		ct := op.Operand(0).Type()
		if ct != ir.I1 && ct != I1Like(t) {
			return op.Emit("condition must be i1 or i1 with the shape of the result, but got '%s'", ct)
		}
		return nil
	},
	Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		if op.Operand(1) == op.Operand(2) {
			return []ir.FoldResult{{Value: op.Operand(1)}}
		}
		if b, ok := c[0].(*ir.BoolAttr); ok {
			if b.Value {
				return []ir.FoldResult{{Value: op.Operand(1)}}
			}
			return []ir.FoldResult{{Value: op.Operand(2)}}
		}
		return nil
	},
}

// castDef declares `%r = arith.NAME %a : T1 to T2`.
func castDef(name string, ok func(from, to ir.Type) bool) *ir.OpDef {
	return &ir.OpDef{
		Name:     "arith." + name,
		Summary:  "arith." + name + " elementwise cast",
		Doc:      "%r = arith." + name + " %a : i32 to f32",
		Traits:   ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
		Operands: 1,
		Results:  1,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			a := p.ParseOperand()
			p.ParseOptionalAttrDict(&st.Attrs)
			from := p.ParseColonType()
			p.ParseKeyword("to")
			to := p.ParseType()
			st.Operands = append(st.Operands, p.Resolve(a, from))
			st.ResultTypes = append(st.ResultTypes, to)
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operand(op.Operand(0))
			p.OptionalAttrDict()
			p.Write(" : ")
			p.Type(op.Operand(0).Type())
			p.Write(" to ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			from, to := op.Operand(0).Type(), op.Result(0).Type()
			if !ok(ir.ElementTypeOf(from), ir.ElementTypeOf(to)) {
				return op.Emit("operand type '%s' and result type '%s' are cast incompatible", from, to)
			}
			return nil
		},
	}
}

// intCastDef is castDef for a cast between integers (or index), with
// castFolder's folds.
func intCastDef(name string, ok func(from, to ir.Type) bool) *ir.OpDef {
	d := castDef(name, ok)
	d.Fold = castFolder(name)
	return d
}

func intWidth(t ir.Type) int {
	if it, ok := t.(*ir.IntegerType); ok && it.Sign == ir.Signless {
		return it.Width
	}
	return 0
}

func floatWidth(t ir.Type) int {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Width()
	}
	return 0
}

// The other ops' definitions (Constant and Select are declared above).
var (
	NegF        = unaryDef("negf", FloatOp, func(x float64) float64 { return -x })
	CmpF        = cmpDef("cmpf", FloatPredicates, FloatOp)
	CmpI        = cmpDef("cmpi", IntPredicates, IntOp)
	ExtF        = castDef("extf", func(f, t ir.Type) bool { return floatWidth(f) > 0 && floatWidth(f) < floatWidth(t) })
	TruncF      = castDef("truncf", func(f, t ir.Type) bool { return floatWidth(t) > 0 && floatWidth(t) < floatWidth(f) })
	SIToFP      = castDef("sitofp", func(f, t ir.Type) bool { return intWidth(f) > 0 && floatWidth(t) > 0 })
	UIToFP      = castDef("uitofp", func(f, t ir.Type) bool { return intWidth(f) > 0 && floatWidth(t) > 0 })
	FPToSI      = castDef("fptosi", func(f, t ir.Type) bool { return floatWidth(f) > 0 && intWidth(t) > 0 })
	FPToUI      = castDef("fptoui", func(f, t ir.Type) bool { return floatWidth(f) > 0 && intWidth(t) > 0 })
	ExtSI       = intCastDef("extsi", func(f, t ir.Type) bool { return intWidth(f) > 0 && intWidth(f) < intWidth(t) })
	ExtUI       = intCastDef("extui", func(f, t ir.Type) bool { return intWidth(f) > 0 && intWidth(f) < intWidth(t) })
	TruncI      = intCastDef("trunci", func(f, t ir.Type) bool { return intWidth(t) > 0 && intWidth(t) < intWidth(f) })
	IndexCast   = intCastDef("index_cast", indexCastOK)
	IndexCastUI = intCastDef("index_castui", indexCastOK)
	Bitcast     = castDef("bitcast", func(f, t ir.Type) bool {
		w := func(x ir.Type) int { return intWidth(x) + floatWidth(x) }
		return w(f) > 0 && w(f) == w(t)
	})
)

// indexCastOK: index_cast and index_castui go between index and a
// signless integer, either way.
func indexCastOK(f, t ir.Type) bool {
	return (f == ir.Index && intWidth(t) > 0) || (t == ir.Index && intWidth(f) > 0)
}

func init() {
	for _, b := range BinaryOps {
		ir.Register(b.Def())
	}
	ir.Register(Constant, Select, NegF, CmpF, CmpI, ExtF, TruncF, SIToFP, UIToFP, FPToSI, FPToUI,
		ExtSI, ExtUI, TruncI, IndexCast, IndexCastUI, Bitcast)
	ir.RegisterConstantMaterializer("arith", func(b *ir.Builder, a ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		if ir.AttrType(a) != t {
			return nil
		}
		return NewConstant(b, a)
	})
}
