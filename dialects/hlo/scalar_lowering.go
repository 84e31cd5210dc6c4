package hlo

import (
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
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
		// The shift itself takes an amount below the width, so that no
		// operand of the select is poison (the interpreter's arith
		// rejects shifts by the width or more, as LLVM's poison).
		inRange := s.sel(tooBig, s.constI(t, 0), y)
		return s.sel(tooBig, s.constI(t, 0), s.op(shift, t, x, inRange))
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

// lowerLogistic is 1 / (1 + exp(-x)); f16 and bf16 compute it in f32 and
// round once (as XLA does), not after each of its four ops. Complex
// elements take the complex dialect's ops (logisticC), complex<f32> in
// complex<f64> and rounded once, as the interpreter does.
func lowerLogistic(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	if ct, ok := t.(*ir.ComplexType); ok {
		wide := ir.Complex(ir.F64T)
		if ct != wide {
			x = convertScalar(b, x, ct, wide)
		}
		one := complexdialect.NewConstant(b, wide, 1)
		e := complexdialect.Build(b, complexdialect.Exp, complexdialect.Build(b, complexdialect.Neg, x))
		r := complexdialect.Build(b, complexdialect.Div, one, complexdialect.Build(b, complexdialect.Add, one, e))
		if ct != wide {
			r = convertScalar(b, r, wide, ct)
		}
		return r
	}
	ct := t
	if ft := t.(*ir.FloatType); ft.Kind == ir.F16 || ft.Kind == ir.BF16 {
		ct = ir.F32T
		x = s.op(arith.ExtF, ct, x)
	}
	one := s.constF(ct, 1)
	e := s.op(math.Exp, ct, s.op(arith.NegF, ct, x))
	r := s.op(arith.DivF, ct, one, s.op(arith.AddF, ct, one, e))
	if ct != t {
		r = s.op(arith.TruncF, t, r)
	}
	return r
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

// wideFloat is x extended to f64 (x itself when f64): the lowerings
// that compute a function with many ops compute it in f64 and round
// once (narrowFloat), as the interpreter's float64 function is rounded.
func wideFloat(s scalarCode, x *ir.Value) *ir.Value {
	if ft := x.Type().(*ir.FloatType); ft.Kind != ir.F64 {
		return s.op(arith.ExtF, ir.F64T, x)
	}
	return x
}

// narrowFloat rounds the f64 value x to type t.
func narrowFloat(s scalarCode, x *ir.Value, t ir.Type) *ir.Value {
	if t != ir.Type(ir.F64T) {
		return s.op(arith.TruncF, t, x)
	}
	return x
}

// poly is c[0] + c[1] r + ... by Horner's rule, highest first (as Go's
// math package writes its polynomials, so that the bits agree).
func (s scalarCode) poly(r *ir.Value, c ...float64) *ir.Value {
	t := r.Type()
	p := s.constF(t, c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		p = s.op(arith.AddF, t, s.op(arith.MulF, t, p, r), s.constF(t, c[i]))
	}
	return p
}

// lowerErfInv is Go's math.Erfinv (AS241's rational approximations, the
// interpreter's function) in f64: x z1(r)/z2(r) with r = 0.180625 -
// x²/4 for |x| <= 0.85, else a ratio in q - 1.6 or q - 5 (q <= 5 or
// not) with q = sqrt(ln 2 - log(1 - |x|)), with x's sign; ±Inf at ±1,
// NaN beyond (log of a negative number). Every branch is computed and
// selected, so the body is straight-line code.
func lowerErfInv(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	t := args[0].Type()
	x := wideFloat(s, args[0])
	f := x.Type()
	c := func(v float64) *ir.Value { return s.constF(f, v) }
	mul := func(a, b *ir.Value) *ir.Value { return s.op(arith.MulF, f, a, b) }
	sub := func(a, b *ir.Value) *ir.Value { return s.op(arith.SubF, f, a, b) }
	div := func(a, b *ir.Value) *ir.Value { return s.op(arith.DivF, f, a, b) }
	ax := s.op(math.AbsF, f, x)
	r := sub(c(0.180625), mul(mul(c(0.25), x), x))
	central := div(mul(x, s.poly(r, erfInvA[:]...)), s.poly(r, erfInvB[:]...))
	q := s.op(math.Sqrt, f, sub(c(gomath.Ln2), s.op(math.Log, f, sub(c(1), ax))))
	rc, re := sub(q, c(1.6)), sub(q, c(5))
	tail := s.sel(s.cmpf("ole", q, c(5)),
		div(s.poly(rc, erfInvC[:]...), s.poly(rc, erfInvD[:]...)),
		div(s.poly(re, erfInvE[:]...), s.poly(re, erfInvF[:]...)))
	tail = s.sel(s.cmpf("olt", x, c(0)), s.op(arith.NegF, f, tail), tail)
	y := s.sel(s.cmpf("ole", ax, c(0.85)), central, tail)
	inf := s.sel(s.cmpf("olt", x, c(0)), c(gomath.Inf(-1)), c(gomath.Inf(1)))
	y = s.sel(s.cmpf("oeq", ax, c(1)), inf, y)
	return narrowFloat(s, y, t)
}

// The coefficients of Go's math.Erfinv (AS241, Wichura 1988), lowest
// first: |x| <= 0.85 (A/B), q <= 5 (C/D), q > 5 (E/F).
var (
	erfInvA = [...]float64{1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2, 4.8548868893843886794648e3,
		1.6235862515167575384252e4, 2.3782041382114385731252e4, 1.1819493347062294404278e4, 8.8709406962545514830200e2}
	erfInvB = [...]float64{1.0000000000000000000e0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
		2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3}
	erfInvC = [...]float64{1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0, 3.64784832476320460504e0,
		1.27045825245236838258e0, 2.41780725177450611770e-1, 2.27238449892691845833e-2, 7.74545014278341407640e-4}
	erfInvD = [...]float64{1.4142135623730950488016887e0, 2.9036514445419946173133295e0, 2.3707661626024532365971225e0, 9.7547832001787427186894837e-1,
		2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2, 7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9}
	erfInvE = [...]float64{6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0, 2.96560571828504891230e-1,
		2.65321895265761230930e-2, 1.24266094738807843860e-3, 2.71155556874348757815e-5, 2.01033439929228813265e-7}
	erfInvF = [...]float64{1.414213562373095048801689e0, 8.482908416595164588112026e-1, 1.936480946950659106176712e-1, 2.103693768272068968719679e-2,
		1.112800997078859844711555e-3, 2.611088405080593625138020e-5, 2.010321207683943062279931e-7, 2.891024605872965461538222e-15}
)

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
	if ir.IsComplex(x.Type()) {
		if dir == "EQ" {
			return complexdialect.Build(b, complexdialect.Eq, x, y)
		}
		return complexdialect.Build(b, complexdialect.Neq, x, y)
	}
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
//
// To or from a complex type it converts parts: complex to complex part
// by part, a real x to (x as the part type, 0), complex to real its real
// part (ConvertElem's rule).
func lowerConvert(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	return convertScalar(b, args[0], ir.ElementTypeOf(op.Operand(0).Type()), ir.ElementTypeOf(op.Result(0).Type()))
}

// convertScalar is lowerConvert of x from element type from to to.
func convertScalar(b *ir.Builder, x *ir.Value, from, to ir.Type) *ir.Value {
	s := scalarCode{b}
	fc, fromComplex := from.(*ir.ComplexType)
	tc, toComplex := to.(*ir.ComplexType)
	switch {
	case fromComplex && toComplex:
		re := convertScalar(b, complexdialect.Build(b, complexdialect.Re, x), fc.Elem, tc.Elem)
		im := convertScalar(b, complexdialect.Build(b, complexdialect.Im, x), fc.Elem, tc.Elem)
		return complexdialect.Build(b, complexdialect.Create, re, im)
	case fromComplex:
		return convertScalar(b, complexdialect.Build(b, complexdialect.Re, x), fc.Elem, to)
	case toComplex:
		re := convertScalar(b, x, from, tc.Elem)
		return complexdialect.Build(b, complexdialect.Create, re, s.constF(tc.Elem, 0))
	}
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
// to its minimum or maximum. The machine conversion, undefined (poison)
// there, only converts a value inside the range: x there, 0 elsewhere,
// so that no operand of the selects is poison (the interpreter's arith
// rejects an out-of-range conversion, as LLVM's poison).
func saturatingFPToI(s scalarCode, x *ir.Value, ft, tt ir.Type, unsigned bool) *ir.Value {
	w := tt.(*ir.IntegerType).Width
	nan := s.cmpf("uno", x, x)
	zero := s.constF(ft, 0)
	if unsigned {
		hi := s.constF(ft, gomath.Ldexp(1, w)) // 2^w: above the maximum
		high := s.cmpf("oge", x, hi)
		low := s.op(arith.OrI, ir.I1, nan, s.cmpf("ole", x, zero))
		in := s.sel(s.op(arith.OrI, ir.I1, high, low), zero, x)
		r := s.sel(high, s.constI(tt, -1), s.op(arith.FPToUI, tt, in))
		return s.sel(low, s.constI(tt, 0), r)
	}
	lo := gomath.Ldexp(-1, w-1) // -2^(w-1), the minimum, exact
	high, low := s.cmpf("oge", x, s.constF(ft, -lo)), s.cmpf("ole", x, s.constF(ft, lo))
	in := s.sel(s.op(arith.OrI, ir.I1, s.op(arith.OrI, ir.I1, high, low), nan), zero, x)
	r := s.sel(high, s.constI(tt, gomath.MaxInt64>>(64-w)), s.op(arith.FPToSI, tt, in))
	r = s.sel(low, s.constI(tt, -1<<(w-1)), r)
	return s.sel(nan, s.constI(tt, 0), r)
}

func signless(t ir.Type) ir.Type {
	if it, ok := t.(*ir.IntegerType); ok && it.Sign != ir.Signless {
		return ir.Integer(it.Width, ir.Signless)
	}
	return t
}

// lowerIdentity is real and conj on real elements: the element itself.
func lowerIdentity(_ *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value { return args[0] }

// lowerZero is imag on real elements: 0.
func lowerZero(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	return scalarCode{b}.constF(args[0].Type(), 0)
}

// lowerSelect is select on complex elements (arith.select takes any type).
func lowerSelect(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	return scalarCode{b}.sel(args[0], args[1], args[2])
}

// lowerCreate is hlo.complex's element: complex.create.
func lowerCreate(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
	return complexdialect.Build(b, complexdialect.Create, args[0], args[1])
}

// lowerComplexExtremum is hlo.maximum (max) or hlo.minimum (!max) on
// complex elements, complexExtremum's steps in the complex dialect's re,
// im and create and arith's cmpf and select (the complex dialect has no
// max): a if a has a NaN part, else b if b has one, else on equal values
// the parts' maximumf (minimumf), else a where it is lexicographically
// greater (less) than b, else b. On other elements the op's arith op
// takes precedence over this hook.
func lowerComplexExtremum(max bool) func(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	return func(b *ir.Builder, _ *ir.Operation, args []*ir.Value) *ir.Value {
		s := scalarCode{b}
		x, y := args[0], args[1]
		part := func(def *ir.OpDef, z *ir.Value) *ir.Value { return complexdialect.Build(b, def, z) }
		xr, xi := part(complexdialect.Re, x), part(complexdialect.Im, x)
		yr, yi := part(complexdialect.Re, y), part(complexdialect.Im, y)
		t := xr.Type()
		cmp, pick := "ogt", arith.MaximumF
		if !max {
			cmp, pick = "olt", arith.MinimumF
		}
		reEq := s.cmpf("oeq", xr, yr)
		wins := s.op(arith.OrI, ir.I1, s.cmpf(cmp, xr, yr), s.op(arith.AndI, ir.I1, reEq, s.cmpf(cmp, xi, yi)))
		r := s.sel(wins, x, y)
		equal := s.op(arith.AndI, ir.I1, reEq, s.cmpf("oeq", xi, yi))
		tie := complexdialect.Build(b, complexdialect.Create, s.op(pick, t, xr, yr), s.op(pick, t, xi, yi))
		r = s.sel(equal, tie, r)
		r = s.sel(s.cmpf("uno", yr, yi), y, r)
		return s.sel(s.cmpf("uno", xr, xi), x, r)
	}
}
