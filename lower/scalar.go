package lower

import (
	"fmt"
	gomath "math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"

	// The bodies this file builds use math ops.
	_ "github.com/bcast-opt/bcast-opt/dialects/math"
)

// scalarBuilder emits the arith/math ops that compute one element of an
// elementwise hlo op, with StableHLO's semantics, inside a generic's body.
type scalarBuilder struct {
	b *ir.Builder
}

// The default flags of the arith ops that have them, shared by every op
// (attributes are immutable).
var (
	fastmathNone = &ir.OpaqueAttr{Text: "arith.fastmath<none>"}
	overflowNone = &ir.OpaqueAttr{Text: "arith.overflow<none>"}
)

func (s scalarBuilder) op(name string, t ir.Type, args ...*ir.Value) *ir.Value {
	op := s.b.Create(&ir.OpState{Name: name, Operands: args, ResultTypes: []ir.Type{t}})
	if d := op.Def(); d != nil {
		for _, a := range d.InherentAttrs {
			switch a {
			case "fastmath":
				op.SetAttr(a, fastmathNone)
			case "overflowFlags":
				op.SetAttr(a, overflowNone)
			}
		}
	}
	return op.Result(0)
}

func (s scalarBuilder) cmp(name string, pred int, x, y *ir.Value) *ir.Value {
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x, y}, ResultTypes: []ir.Type{ir.I1}}
	st.AddAttr("predicate", ir.I64Attr(int64(pred)))
	if name == "arith.cmpf" {
		st.AddAttr("fastmath", fastmathNone)
	}
	return s.b.Create(st).Result(0)
}

func (s scalarBuilder) constF(t ir.Type, v float64) *ir.Value {
	return arith.NewConstant(s.b, ir.FloatAttrOf(t, v)).Result(0)
}

func (s scalarBuilder) constI(t ir.Type, v int64) *ir.Value {
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		return arith.NewConstant(s.b, &ir.BoolAttr{Value: v != 0}).Result(0)
	}
	return arith.NewConstant(s.b, ir.IntAttr(t, ir.TruncateInt(v, t))).Result(0)
}

func predIndex(list []string, p string) int {
	for i, x := range list {
		if x == p {
			return i
		}
	}
	panic("lower: unknown predicate " + p)
}

func (s scalarBuilder) cmpf(p string, x, y *ir.Value) *ir.Value {
	return s.cmp("arith.cmpf", predIndex(arith.FloatPredicates, p), x, y)
}

func (s scalarBuilder) cmpi(p string, x, y *ir.Value) *ir.Value {
	return s.cmp("arith.cmpi", predIndex(arith.IntPredicates, p), x, y)
}

func (s scalarBuilder) sel(c, x, y *ir.Value) *ir.Value {
	return s.op("arith.select", x.Type(), c, x, y)
}

func isUnsigned(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Sign == ir.Unsigned
}

func isBool(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 1
}

// signless returns the arith-compatible type for an element type: arith
// works on signless integers, so si/ui types compute as iN.
func signless(t ir.Type) ir.Type {
	if it, ok := t.(*ir.IntegerType); ok && it.Sign != ir.Signless {
		return ir.Integer(it.Width, ir.Signless)
	}
	return t
}

// elementwise emits the body of an elementwise hlo op on scalar args of
// element types from the op's operands; it returns the result element.
func (s scalarBuilder) elementwise(op *ir.Operation, args []*ir.Value) (*ir.Value, error) {
	name := op.Name()[len("hlo."):]
	t := args[len(args)-1].Type()
	srcElem := ir.ElementTypeOf(op.Operand(len(op.Operands()) - 1).Type())
	float := ir.IsFloat(t)
	unsigned := isUnsigned(srcElem)
	x := args[0]
	var y *ir.Value
	if len(args) > 1 {
		y = args[1]
	}
	pick := func(f, si, ui string) string {
		switch {
		case float:
			return f
		case unsigned:
			return ui
		}
		return si
	}
	switch name {
	case "add":
		if isBool(t) {
			return s.op("arith.ori", t, x, y), nil
		}
		return s.op(pick("arith.addf", "arith.addi", "arith.addi"), t, x, y), nil
	case "subtract":
		return s.op(pick("arith.subf", "arith.subi", "arith.subi"), t, x, y), nil
	case "multiply":
		if isBool(t) {
			return s.op("arith.andi", t, x, y), nil
		}
		return s.op(pick("arith.mulf", "arith.muli", "arith.muli"), t, x, y), nil
	case "divide":
		return s.op(pick("arith.divf", "arith.divsi", "arith.divui"), t, x, y), nil
	case "remainder":
		return s.op(pick("arith.remf", "arith.remsi", "arith.remui"), t, x, y), nil
	case "maximum":
		if isBool(t) {
			return s.op("arith.ori", t, x, y), nil
		}
		return s.op(pick("arith.maximumf", "arith.maxsi", "arith.maxui"), t, x, y), nil
	case "minimum":
		if isBool(t) {
			return s.op("arith.andi", t, x, y), nil
		}
		return s.op(pick("arith.minimumf", "arith.minsi", "arith.minui"), t, x, y), nil
	case "power":
		if !float {
			return s.intPower(t, x, y), nil
		}
		return s.op("math.powf", t, x, y), nil
	case "atan2":
		return s.op("math.atan2", t, x, y), nil
	case "and":
		return s.op("arith.andi", t, x, y), nil
	case "or":
		return s.op("arith.ori", t, x, y), nil
	case "xor":
		return s.op("arith.xori", t, x, y), nil
	case "shift_left", "shift_right_logical", "shift_right_arithmetic":
		return s.shift(name, t, x, y), nil
	case "compare":
		return s.compare(op, x, y), nil
	case "select":
		return s.sel(args[0], args[1], args[2]), nil
	case "clamp":
		lo, v, hi := args[0], args[1], args[2]
		mx, mn := pick("arith.maximumf", "arith.maxsi", "arith.maxui"), pick("arith.minimumf", "arith.minsi", "arith.minui")
		return s.op(mn, t, s.op(mx, t, v, lo), hi), nil
	case "convert":
		return s.convert(x, ir.ElementTypeOf(op.Operand(0).Type()), ir.ElementTypeOf(op.Result(0).Type()))
	}
	return s.unary(op, name, x)
}

func (s scalarBuilder) shift(name string, t ir.Type, x, y *ir.Value) *ir.Value {
	w := int64(t.(*ir.IntegerType).Width)
	width := s.constI(t, w)
	tooBig := s.cmpi("uge", y, width)
	switch name {
	case "shift_left":
		return s.sel(tooBig, s.constI(t, 0), s.op("arith.shli", t, x, y))
	case "shift_right_logical":
		return s.sel(tooBig, s.constI(t, 0), s.op("arith.shrui", t, x, y))
	}
	// Arithmetic: shifting by >= width fills with the sign bit.
	clamped := s.sel(tooBig, s.constI(t, w-1), y)
	return s.op("arith.shrsi", t, x, clamped)
}

func (s scalarBuilder) compare(op *ir.Operation, x, y *ir.Value) *ir.Value {
	dir := hlo.Direction(op)
	if ir.IsFloat(x.Type()) {
		p := map[string]string{"EQ": "oeq", "NE": "une", "GE": "oge", "GT": "ogt", "LE": "ole", "LT": "olt"}[dir]
		return s.cmpf(p, x, y)
	}
	unsigned := isUnsigned(ir.ElementTypeOf(op.Operand(0).Type())) || hlo.CompareTypeOf(op) == "UNSIGNED" || isBool(x.Type())
	p := map[string]string{"EQ": "eq", "NE": "ne", "GE": "sge", "GT": "sgt", "LE": "sle", "LT": "slt"}[dir]
	if unsigned && p[0] == 's' {
		p = "u" + p[1:]
	}
	return s.cmpi(p, x, y)
}

func (s scalarBuilder) unary(op *ir.Operation, name string, x *ir.Value) (*ir.Value, error) {
	t := x.Type()
	float := ir.IsFloat(t)
	mathOp := map[string]string{"exponential": "math.exp", "exponential_minus_one": "math.expm1", "log": "math.log",
		"log_plus_one": "math.log1p", "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "cbrt": "math.cbrt", "tanh": "math.tanh",
		"floor": "math.floor", "ceil": "math.ceil", "round_nearest_even": "math.roundeven"}
	if m, ok := mathOp[name]; ok {
		return s.op(m, t, x), nil
	}
	switch name {
	case "negate":
		if float {
			return s.op("arith.negf", t, x), nil
		}
		return s.op("arith.subi", t, s.constI(t, 0), x), nil
	case "abs":
		if float {
			return s.op("math.absf", t, x), nil
		}
		neg := s.op("arith.subi", t, s.constI(t, 0), x)
		return s.sel(s.cmpi("slt", x, s.constI(t, 0)), neg, x), nil
	case "logistic":
		one := s.constF(t, 1)
		e := s.op("math.exp", t, s.op("arith.negf", t, x))
		return s.op("arith.divf", t, one, s.op("arith.addf", t, one, e)), nil
	case "sign":
		if float {
			// sign(x): -1, 0 or 1; NaN stays NaN; -0.0 stays -0.0.
			zero, one := s.constF(t, 0), s.constF(t, 1)
			pos := s.sel(s.cmpf("ogt", x, zero), one, x)
			return s.sel(s.cmpf("olt", x, zero), s.constF(t, -1), pos), nil
		}
		zero := s.constI(t, 0)
		pos := s.sel(s.cmpi("sgt", x, zero), s.constI(t, 1), zero)
		return s.sel(s.cmpi("slt", x, zero), s.constI(t, -1), pos), nil
	case "not":
		return s.op("arith.xori", t, x, s.constI(t, -1)), nil
	case "is_finite":
		abs := s.op("math.absf", t, x)
		return s.cmpf("one", abs, s.constF(t, gomath.Inf(1))), nil
	}
	if name == "popcnt" {
		return s.popcount(t, x), nil
	}
	return nil, op.Emit("is not lowered to linalg yet")
}

// intPower is StableHLO's integer power: square-and-multiply over the
// exponent's bits, unrolled (no loops in a generic's body); a negative
// exponent gives 0 unless the base is 1 or -1.
func (s scalarBuilder) intPower(t ir.Type, x, y *ir.Value) *ir.Value {
	w := t.(*ir.IntegerType).Width
	zero, one := s.constI(t, 0), s.constI(t, 1)
	neg := s.cmpi("slt", y, zero)
	e := s.sel(neg, s.op("arith.subi", t, zero, y), y)
	r, b := one, x
	for i := 0; i < w; i++ {
		odd := s.cmpi("ne", s.op("arith.andi", t, e, one), zero)
		r = s.sel(odd, s.op("arith.muli", t, r, b), r)
		if i+1 < w {
			b = s.op("arith.muli", t, b, b)
			e = s.op("arith.shrui", t, e, one)
		}
	}
	unit := s.op("arith.ori", ir.I1, s.cmpi("eq", x, one), s.cmpi("eq", x, s.constI(t, -1)))
	return s.sel(neg, s.sel(unit, r, zero), r)
}

// popcount counts the set bits, one shift-and-mask per bit.
func (s scalarBuilder) popcount(t ir.Type, x *ir.Value) *ir.Value {
	w := t.(*ir.IntegerType).Width
	one := s.constI(t, 1)
	n := s.op("arith.andi", t, x, one)
	for i := 1; i < w; i++ {
		bit := s.op("arith.andi", t, s.op("arith.shrui", t, x, s.constI(t, int64(i))), one)
		n = s.op("arith.addi", t, n, bit)
	}
	return n
}

// convert emits StableHLO's convert between element types.
func (s scalarBuilder) convert(x *ir.Value, from, to ir.Type) (*ir.Value, error) {
	ft, tt := signless(from), signless(to)
	switch {
	case from == to || ft == tt:
		return x, nil
	case isBool(tt):
		if ir.IsFloat(ft) {
			return s.cmpf("une", x, s.constF(ft, 0)), nil
		}
		return s.cmpi("ne", x, s.constI(ft, 0)), nil
	case ir.IsFloat(ft) && ir.IsFloat(tt):
		if ft.(*ir.FloatType).Width() == tt.(*ir.FloatType).Width() {
			// f16 <-> bf16: exact to f32, then rounded.
			return s.op("arith.truncf", tt, s.op("arith.extf", ir.F32T, x)), nil
		}
		if ft.(*ir.FloatType).Width() < tt.(*ir.FloatType).Width() {
			return s.op("arith.extf", tt, x), nil
		}
		return s.op("arith.truncf", tt, x), nil
	case ir.IsFloat(tt):
		if isUnsigned(from) || isBool(ft) {
			return s.op("arith.uitofp", tt, x), nil
		}
		return s.op("arith.sitofp", tt, x), nil
	case ir.IsFloat(ft):
		if isUnsigned(to) {
			return s.op("arith.fptoui", tt, x), nil
		}
		return s.op("arith.fptosi", tt, x), nil
	}
	fw, tw := ft.(*ir.IntegerType).Width, tt.(*ir.IntegerType).Width
	switch {
	case fw > tw:
		return s.op("arith.trunci", tt, x), nil
	case isUnsigned(from) || isBool(ft):
		return s.op("arith.extui", tt, x), nil
	}
	return s.op("arith.extsi", tt, x), nil
}

var _ = fmt.Sprint
