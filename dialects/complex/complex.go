package complex

import (
	"github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// UnaryOps maps each op from a complex number to a complex number to its
// scalar function; BinaryOps the ops of two; ToRealOps the ops from a
// complex number to its part type (abs, re, im).
var (
	UnaryOps  = map[*ir.OpDef]func(complex128) complex128{}
	BinaryOps = map[*ir.OpDef]func(a, b complex128) complex128{}
	ToRealOps = map[*ir.OpDef]func(complex128) float64{}
)

// The ops' definitions, by MLIR's names for them (complex::AddOp is Add).
var (
	Add   = binary("add", addC)
	Sub   = binary("sub", subC)
	Mul   = binary("mul", mulC)
	Div   = binary("div", divC)
	Neg   = unary("neg", negC)
	Conj  = unary("conj", conjC)
	Exp   = unary("exp", expC)
	Log   = unary("log", logC)
	Sqrt  = unary("sqrt", sqrtC)
	Rsqrt = unary("rsqrt", rsqrtC)
	Tanh  = unary("tanh", tanhC)
	Sin   = unary("sin", sinC)
	Cos   = unary("cos", cosC)
	Tan   = unary("tan", tanC)
	Expm1 = unary("expm1", expm1C)
	Log1p = unary("log1p", log1pC)
	Pow   = binary("pow", powC)
	Atan2 = binary("atan2", atan2C)
	Sign  = unary("sign", signC)
	Abs   = toReal("abs", absC)
	Re    = toReal("re", reC)
	Im    = toReal("im", imC)
	Eq    = compare("eq")
	Neq   = compare("neq")

	// Create is `complex.create %re, %im : complex<f32>`.
	Create = &ir.OpDef{
		Name:     "complex.create",
		Summary:  "a complex number from its real and imaginary parts",
		Doc:      "%z = complex.create %re, %im : complex<f32>",
		Traits:   ir.Pure | ir.Elementwise,
		Operands: 2,
		Results:  1,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			loc := p.Loc()
			refs := p.ParseOperandList()
			p.ParseOptionalAttrDict(&st.Attrs)
			tloc := p.Loc()
			t := p.ParseColonType()
			ct, ok := t.(*ir.ComplexType)
			if !ok {
				p.FailAt(tloc, "expected a complex type, but got '%s'", t)
			}
			st.Operands = p.ResolveAll(refs, []ir.Type{ct.Elem, ct.Elem}, loc)
			st.ResultTypes = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operands(op.Operands())
			p.OptionalAttrDict()
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			ct, ok := op.Result(0).Type().(*ir.ComplexType)
			if !ok {
				return op.Emit("result must be complex, but got '%s'", op.Result(0).Type())
			}
			for i, v := range op.Operands() {
				if v.Type() != ct.Elem {
					return op.Emit("operand #%d must be '%s' (the element type of the result), but got '%s'", i, ct.Elem, v.Type())
				}
			}
			return nil
		},
	}

	// Constant is `complex.constant [re : f32, im : f32] : complex<f32>`.
	Constant = &ir.OpDef{
		Name:          "complex.constant",
		Summary:       "a complex constant",
		Doc:           "%c = complex.constant [1.000000e+00 : f32, -2.000000e+00 : f32] : complex<f32>",
		Traits:        ir.Pure | ir.ConstantLike,
		Operands:      0,
		Results:       1,
		InherentAttrs: []string{"value"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			st.AddAttr("value", p.ParseAttribute(nil))
			p.ParseOptionalAttrDict(&st.Attrs)
			st.ResultTypes = []ir.Type{p.ParseColonType()}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Attr(op.Attr("value"))
			p.OptionalAttrDict("value")
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			ct, ok := op.Result(0).Type().(*ir.ComplexType)
			if !ok || !ir.IsComplex(ct) {
				return op.Emit("result must be complex<f32> or complex<f64>, but got '%s'", op.Result(0).Type())
			}
			arr, ok := op.Attr("value").(*ir.ArrayAttr)
			if !ok || len(arr.Elems) != 2 {
				return op.Emit("requires 'value' to be a pair [re, im], but got %s", ir.AttrString(op.Attr("value")))
			}
			for _, e := range arr.Elems {
				if f, ok := e.(*ir.FloatAttr); !ok || f.Type != ct.Elem {
					return op.Emit("requires both parts of 'value' to be %s attributes, but got %s", ct.Elem, ir.AttrString(e))
				}
			}
			return nil
		},
		Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
			return []ir.FoldResult{{Attr: op.Attr("value")}}
		},
		ResultNames: func(*ir.Operation) string { return "cst" },
	}
)

// Value returns the value of a complex.constant (false for any other op).
func Value(op *ir.Operation) (complex128, bool) {
	if op.Def() != Constant {
		return 0, false
	}
	return ir.ComplexFromPair(op.Attr("value"))
}

// NewConstant builds `complex.constant` of z in the complex type t.
func NewConstant(b *ir.Builder, t *ir.ComplexType, z complex128) *ir.Value {
	st := &ir.OpState{Name: Constant.Name, ResultTypes: []ir.Type{t}}
	st.AddAttr("value", ir.ComplexPair(t, ir.RoundToComplexType(z, t)))
	return b.Create(st).Result(0)
}

// def is an op `complex.name %operands [fastmath<...>] : complex<T>` of n
// complex operands of one type, whose result type is result(operand type).
func def(name string, n int, fastmath bool, result func(*ir.ComplexType) ir.Type) *ir.OpDef {
	d := &ir.OpDef{
		Name:     "complex." + name,
		Summary:  "complex " + name,
		Doc:      "%r = complex." + name + " %a : complex<f32>",
		Traits:   ir.Pure | ir.Elementwise,
		Operands: n,
		Results:  1,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			loc := p.Loc()
			refs := p.ParseOperandList()
			if fastmath {
				st.AddAttr("fastmath", math.ParseFastmath(p))
			}
			p.ParseOptionalAttrDict(&st.Attrs)
			tloc := p.Loc()
			t := p.ParseColonType()
			ct, ok := t.(*ir.ComplexType)
			if !ok {
				p.FailAt(tloc, "expected a complex type, but got '%s'", t)
			}
			ts := make([]ir.Type, len(refs))
			for i := range ts {
				ts[i] = t
			}
			st.Operands = p.ResolveAll(refs, ts, loc)
			st.ResultTypes = []ir.Type{result(ct)}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operands(op.Operands())
			math.PrintFastmath(p, op)
			p.OptionalAttrDict("fastmath")
			p.Write(" : ")
			p.Type(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			ct, ok := op.Operand(0).Type().(*ir.ComplexType)
			if !ok {
				return op.Emit("operand #0 must be complex, but got '%s'", op.Operand(0).Type())
			}
			for i, v := range op.Operands() {
				if v.Type() != ct {
					return op.Emit("operand #%d has type '%s', but operand #0 has '%s'", i, v.Type(), ct)
				}
			}
			if want := result(ct); op.Result(0).Type() != want {
				return op.Emit("result must be '%s', but got '%s'", want, op.Result(0).Type())
			}
			return nil
		},
	}
	if fastmath {
		d.InherentAttrs = []string{"fastmath"}
	}
	return d
}

func same(t *ir.ComplexType) ir.Type { return t }
func part(t *ir.ComplexType) ir.Type { return t.Elem }

func unary(name string, f func(complex128) complex128) *ir.OpDef {
	d := def(name, 1, true, same)
	UnaryOps[d] = f
	return d
}

func binary(name string, f func(a, b complex128) complex128) *ir.OpDef {
	d := def(name, 2, true, same)
	BinaryOps[d] = f
	return d
}

func toReal(name string, f func(complex128) float64) *ir.OpDef {
	d := def(name, 1, true, part)
	ToRealOps[d] = f
	return d
}

func compare(name string) *ir.OpDef {
	return def(name, 2, false, func(*ir.ComplexType) ir.Type { return ir.I1 })
}

func init() {
	ir.Register(Add, Sub, Mul, Div, Neg, Conj, Exp, Log, Sqrt, Rsqrt, Tanh, Sin, Cos, Tan, Expm1, Log1p, Pow, Atan2, Sign, Abs, Re, Im, Eq, Neq, Create, Constant)
}

// Build creates, at b, the complex op def on args (fastmath<none> where
// the op has the flag) and returns its result, typed by the op's rule: a
// complex result for the arithmetic, the part type for abs, re and im, i1
// for eq and neq, complex<T> for create of two T.
func Build(b *ir.Builder, def *ir.OpDef, args ...*ir.Value) *ir.Value {
	var rt ir.Type
	switch {
	case def == Create:
		rt = ir.Complex(args[0].Type())
	case def == Eq || def == Neq:
		rt = ir.I1
	case ToRealOps[def] != nil:
		rt = args[0].Type().(*ir.ComplexType).Elem
	default:
		rt = args[0].Type()
	}
	st := &ir.OpState{Name: def.Name, Operands: args, ResultTypes: []ir.Type{rt}}
	if len(def.InherentAttrs) > 0 {
		st.AddAttr("fastmath", math.NoFastmath)
	}
	return b.Create(st).Result(0)
}
