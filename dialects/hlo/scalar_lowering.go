package hlo

import (
	gomath "math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The Emit hooks of the scalar lowerings (ScalarLowering): the elements
// that take more than one arith or math op. Each computes what the op's
// element functions (element_functions.go) compute, on the signless
// scalars of a linalg.generic's body; lower/elementwise_test.go and the
// native tests check them against the interpreter.

// scalarCode builds scalar arith and math ops at b.
type scalarCode struct{ b *ir.Builder }

func (s scalarCode) op(def *ir.OpDef, t ir.Type, args ...*ir.Value) *ir.Value {
	return arith.Build(s.b, def, t, args...)
}

func (s scalarCode) cmpi(p string, x, y *ir.Value) *ir.Value { return arith.NewCmpI(s.b, p, x, y) }
func (s scalarCode) cmpf(p string, x, y *ir.Value) *ir.Value { return arith.NewCmpF(s.b, p, x, y) }
func (s scalarCode) sel(c, x, y *ir.Value) *ir.Value         { return arith.NewSelect(s.b, c, x, y) }
func (s scalarCode) constI(t ir.Type, v int64) *ir.Value     { return arith.IntConstant(s.b, t, v) }
func (s scalarCode) constF(t ir.Type, v float64) *ir.Value   { return arith.FloatConstant(s.b, t, v) }

// lowerIntPower is StableHLO's integer power: square-and-multiply over
// the exponent's bits, unrolled (a generic's body has no loops); a
// negative exponent gives 0 unless the base is 1 or -1.
func lowerIntPower(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x, y := args[0], args[1]
	t := x.Type()
	w := t.(*ir.IntegerType).Width
	zero, one := s.constI(t, 0), s.constI(t, 1)
	neg := s.cmpi("slt", y, zero)
	if isUnsignedType(ir.ElementTypeOf(op.Operand(1).Type())) {
		neg = arith.IntConstant(b, ir.I1, 0) // an unsigned exponent is never negative
	}
	e := s.sel(neg, s.op(arith.SubI, t, zero, y), y)
	r, base := one, x
	for i := 0; i < w; i++ {
		odd := s.cmpi("ne", s.op(arith.AndI, t, e, one), zero)
		r = s.sel(odd, s.op(arith.MulI, t, r, base), r)
		if i+1 < w {
			base = s.op(arith.MulI, t, base, base)
			e = s.op(arith.ShRUI, t, e, one)
		}
	}
	unit := s.op(arith.OrI, ir.I1, s.cmpi("eq", x, one), s.cmpi("eq", x, s.constI(t, -1)))
	return s.sel(neg, s.sel(unit, r, zero), r)
}

// lowerIntDivRem is integer divide (rem false) or remainder with XLA's
// results where the machine instruction would trap or be undefined:
// x / 0 is all ones, x % 0 is x, and signed INT_MIN / -1 is INT_MIN
// (INT_MIN % -1 is 0). The divisor is made 1 in those lanes so that the
// instruction itself is always defined.
func lowerIntDivRem(rem bool) func(*ir.Builder, *ir.Operation, []*ir.Value) *ir.Value {
	return func(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
		s := scalarCode{b}
		x, y := args[0], args[1]
		t := x.Type()
		zero, one, ones := s.constI(t, 0), s.constI(t, 1), s.constI(t, -1)
		byZero := s.cmpi("eq", y, zero)
		bad := byZero
		div, remOp := arith.DivUI, arith.RemUI
		var overflow *ir.Value
		if !isUnsignedType(ir.ElementTypeOf(op.Operand(0).Type())) {
			div, remOp = arith.DivSI, arith.RemSI
			w := t.(*ir.IntegerType).Width
			overflow = s.op(arith.AndI, ir.I1, s.cmpi("eq", x, s.constI(t, -1<<(w-1))), s.cmpi("eq", y, ones))
			bad = s.op(arith.OrI, ir.I1, byZero, overflow)
		}
		safe := s.sel(bad, one, y)
		if rem {
			r := s.op(remOp, t, x, safe) // x % 1 = 0: INT_MIN % -1
			return s.sel(byZero, x, r)
		}
		q := s.op(div, t, x, safe) // x / 1 = x: INT_MIN / -1
		return s.sel(byZero, ones, q)
	}
}

// lowerShiftOrZero is shift_left or shift_right_logical (shift): a shift
// by the width or more gives 0.
func lowerShiftOrZero(shift *ir.OpDef) func(*ir.Builder, *ir.Operation, []*ir.Value) *ir.Value {
	return func(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
		s := scalarCode{b}
		x, y := args[0], args[1]
		t := x.Type()
		tooBig := s.cmpi("uge", y, s.constI(t, int64(t.(*ir.IntegerType).Width)))
		return s.sel(tooBig, s.constI(t, 0), s.op(shift, t, x, y))
	}
}

// lowerShiftRightArithmetic: a shift by the width or more fills with the
// sign bit.
func lowerShiftRightArithmetic(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x, y := args[0], args[1]
	t := x.Type()
	w := int64(t.(*ir.IntegerType).Width)
	tooBig := s.cmpi("uge", y, s.constI(t, w))
	clamped := s.sel(tooBig, s.constI(t, w-1), y)
	return s.op(arith.ShRSI, t, x, clamped)
}

// lowerNegateInt is 0 - x.
func lowerNegateInt(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	return s.op(arith.SubI, x.Type(), s.constI(x.Type(), 0), x)
}

// lowerAbsInt is x < 0 ? 0 - x : x, and x for unsigned integers (whose
// signless view may have its sign bit set).
func lowerAbsInt(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	if isUnsignedType(ir.ElementTypeOf(op.Operand(0).Type())) {
		return x
	}
	neg := s.op(arith.SubI, t, s.constI(t, 0), x)
	return s.sel(s.cmpi("slt", x, s.constI(t, 0)), neg, x)
}

// lowerLogistic is 1 / (1 + exp(-x)).
func lowerLogistic(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	one := s.constF(t, 1)
	e := s.op(math.Exp, t, s.op(arith.NegF, t, x))
	return s.op(arith.DivF, t, one, s.op(arith.AddF, t, one, e))
}

// lowerSign: -1, 0 or 1 (unsigned integers: 0 or 1); on floats NaN stays
// NaN and -0.0 stays -0.0.
func lowerSign(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	if ir.IsFloat(t) {
		zero, one := s.constF(t, 0), s.constF(t, 1)
		pos := s.sel(s.cmpf("ogt", x, zero), one, x)
		return s.sel(s.cmpf("olt", x, zero), s.constF(t, -1), pos)
	}
	zero := s.constI(t, 0)
	if isUnsignedType(ir.ElementTypeOf(op.Operand(0).Type())) {
		return s.sel(s.cmpi("ne", x, zero), s.constI(t, 1), zero)
	}
	pos := s.sel(s.cmpi("sgt", x, zero), s.constI(t, 1), zero)
	return s.sel(s.cmpi("slt", x, zero), s.constI(t, -1), pos)
}

// lowerNot is x xor all ones (on i1: x xor true).
func lowerNot(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	return s.op(arith.XOrI, x.Type(), x, s.constI(x.Type(), -1))
}

// lowerIsFinite is |x| != +Inf, ordered (false for NaN).
func lowerIsFinite(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	abs := s.op(math.AbsF, t, x)
	return s.cmpf("one", abs, s.constF(t, gomath.Inf(1)))
}

// lowerIsInf is chlo.is_inf (sign 0: |x| == +Inf), is_pos_inf (1: x ==
// +Inf) or is_neg_inf (-1: x == -Inf); ordered, so false for NaN.
func lowerIsInf(sign int) func(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	return func(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
		s := scalarCode{b}
		x := args[0]
		t := x.Type()
		if sign == 0 {
			x = s.op(math.AbsF, t, x)
		}
		inf := gomath.Inf(1)
		if sign < 0 {
			inf = gomath.Inf(-1)
		}
		return s.cmpf("oeq", x, s.constF(t, inf))
	}
}

// lowerNextAfter is next_after on the bits (nextAfter): a's bits as an
// integer of its width, plus one where the magnitude grows (b > a and a
// > 0, or b < a and a < 0), else minus one; from a zero, the smallest
// subnormal with b's sign; b where a == b; a + b (a NaN) where either is
// NaN. Exact in every float type, and lanewise.
func lowerNextAfter(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x, y := args[0], args[1]
	t := x.Type()
	it := ir.Integer(t.(*ir.FloatType).Width(), ir.Signless)
	xi, yi := s.op(arith.Bitcast, it, x), s.op(arith.Bitcast, it, y)
	zero, one := s.constF(t, 0), s.constI(it, 1)
	up := s.op(arith.XOrI, ir.I1, s.cmpf("ogt", y, x), s.cmpf("olt", x, zero))
	step := s.sel(up, s.op(arith.AddI, it, xi, one), s.op(arith.SubI, it, xi, one))
	signBit := s.constI(it, -1<<(it.Width-1))
	tiny := s.op(arith.OrI, it, s.op(arith.AndI, it, yi, signBit), one)
	r := s.op(arith.Bitcast, t, s.sel(s.cmpf("oeq", x, zero), tiny, step))
	r = s.sel(s.cmpf("oeq", x, y), y, r)
	return s.sel(s.cmpf("uno", x, y), s.op(arith.AddF, t, x, y), r)
}

// lowerPopcnt counts the set bits, one shift-and-mask per bit.
func lowerPopcnt(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	w := t.(*ir.IntegerType).Width
	one := s.constI(t, 1)
	n := s.op(arith.AndI, t, x, one)
	for i := 1; i < w; i++ {
		bit := s.op(arith.AndI, t, s.op(arith.ShRUI, t, x, s.constI(t, int64(i))), one)
		n = s.op(arith.AddI, t, n, bit)
	}
	return n
}

// compareFloatPredicates and compareIntPredicates are the arith
// predicates of hlo.compare's directions (cmpf: ordered, but NE, which is
// true when unordered; cmpi: signed, made unsigned below).
var (
	compareFloatPredicates = map[string]string{"EQ": "oeq", "NE": "une", "GE": "oge", "GT": "ogt", "LE": "ole", "LT": "olt"}
	compareIntPredicates   = map[string]string{"EQ": "eq", "NE": "ne", "GE": "sge", "GT": "sgt", "LE": "sle", "LT": "slt"}
)

// lowerCompare: cmpf or cmpi by the direction. Integers compare unsigned
// for ui elements, i1 and compare type UNSIGNED. (On i1 with compare type
// SIGNED, which StableHLO does not allow, this compares unsigned where
// CompareUnsigned, and so the folder and the interpreter, compare signed.)
func lowerCompare(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x, y := args[0], args[1]
	dir := Direction(op)
	if ir.IsFloat(x.Type()) {
		return s.cmpf(compareFloatPredicates[dir], x, y)
	}
	unsigned := isUnsignedType(ir.ElementTypeOf(op.Operand(0).Type())) || CompareTypeOf(op) == "UNSIGNED" || isBoolType(x.Type())
	p := compareIntPredicates[dir]
	if unsigned && p[0] == 's' {
		p = "u" + p[1:]
	}
	return s.cmpi(p, x, y)
}

// lowerClamp is minimum(maximum(x, lo), hi), with the ops that maximum's
// and minimum's lowerings name for the element kind.
func lowerClamp(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	lo, x, hi := args[0], args[1], args[2]
	mx := ElementwiseOf(MaximumOp).Lower.Build(b, op, []*ir.Value{x, lo})
	return ElementwiseOf(MinimumOp).Lower.Build(b, op, []*ir.Value{mx, hi})
}

// lowerConvert is StableHLO's convert between element types: to i1 as
// x != 0, between floats by extension or truncation (f16 <-> bf16
// through f32), between floats and integers by arith's casts (by the
// source's or the result's signedness), between integers by truncation or
// extension (zero-extending ui and i1 sources).
func lowerConvert(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	from, to := ir.ElementTypeOf(op.Operand(0).Type()), ir.ElementTypeOf(op.Result(0).Type())
	ft, tt := signless(from), signless(to)
	switch {
	case from == to || ft == tt:
		return x
	case isBoolType(tt):
		if ir.IsFloat(ft) {
			return s.cmpf("une", x, s.constF(ft, 0))
		}
		return s.cmpi("ne", x, s.constI(ft, 0))
	case ir.IsFloat(ft) && ir.IsFloat(tt):
		if ft.(*ir.FloatType).Width() == tt.(*ir.FloatType).Width() {
			// f16 <-> bf16: exact to f32, then rounded.
			return s.op(arith.TruncF, tt, s.op(arith.ExtF, ir.F32T, x))
		}
		if ft.(*ir.FloatType).Width() < tt.(*ir.FloatType).Width() {
			return s.op(arith.ExtF, tt, x)
		}
		return s.op(arith.TruncF, tt, x)
	case ir.IsFloat(tt):
		if isUnsignedType(from) || isBoolType(ft) {
			return s.op(arith.UIToFP, tt, x)
		}
		return s.op(arith.SIToFP, tt, x)
	case ir.IsFloat(ft):
		return saturatingFPToI(s, x, ft, tt, isUnsignedType(to))
	}
	fw, tw := ft.(*ir.IntegerType).Width, tt.(*ir.IntegerType).Width
	switch {
	case fw > tw:
		return s.op(arith.TruncI, tt, x)
	case isUnsignedType(from) || isBoolType(ft):
		return s.op(arith.ExtUI, tt, x)
	}
	return s.op(arith.ExtSI, tt, x)
}

// signless returns the type arith computes an element type in: si and ui
// integers as iN.
// saturatingFPToI converts float x (of type ft) to the integer type tt
// as ConvertElem does: truncated, NaN to 0, and values beyond the range
// to its minimum or maximum. The machine conversion, undefined there, is
// only selected inside the range.
func saturatingFPToI(s scalarCode, x *ir.Value, ft, tt ir.Type, unsigned bool) *ir.Value {
	w := tt.(*ir.IntegerType).Width
	nan := s.cmpf("uno", x, x)
	if unsigned {
		hi := s.constF(ft, gomath.Ldexp(1, w)) // 2^w: above the maximum
		r := s.sel(s.cmpf("oge", x, hi), s.constI(tt, -1), s.op(arith.FPToUI, tt, x))
		low := s.op(arith.OrI, ir.I1, nan, s.cmpf("ole", x, s.constF(ft, 0)))
		return s.sel(low, s.constI(tt, 0), r)
	}
	lo := gomath.Ldexp(-1, w-1) // -2^(w-1), the minimum, exact
	r := s.sel(s.cmpf("oge", x, s.constF(ft, -lo)), s.constI(tt, gomath.MaxInt64>>(64-w)), s.op(arith.FPToSI, tt, x))
	r = s.sel(s.cmpf("ole", x, s.constF(ft, lo)), s.constI(tt, -1<<(w-1)), r)
	return s.sel(nan, s.constI(tt, 0), r)
}

func signless(t ir.Type) ir.Type {
	if it, ok := t.(*ir.IntegerType); ok && it.Sign != ir.Signless {
		return ir.Integer(it.Width, ir.Signless)
	}
	return t
}
