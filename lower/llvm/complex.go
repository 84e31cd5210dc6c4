package llvm

import (
	"fmt"
	"math"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers the complex dialect's ops on scalars (category:
// complex numbers): the values, constants, parts, comparisons and
// arithmetic; the functions (exp, log, sqrt, ...) are complex_math.go's.
//
// A complex<f32> or complex<f64> value is an LLVM struct {float, float}
// or {double, double}, the real part first, in registers and in memory:
// the interleaved (re, im) pairs of C99's float _Complex and double
// _Complex and of numpy's complex64 and complex128 (the C ABI passes
// pointers to them). Loads, stores, phis, selects and copies take the
// struct whole; generics on complex elements keep the scalar loop (no
// vector form: vectorElemBytes has no complex type).
//
// Each op computes what dialects/complex/functions.go computes, with its
// algorithm, step for step: the interpreter evaluates a complex<f32> op
// on the parts widened to f64 and rounds each part of the result to f32
// once, and so does this code (cx: the parts in double registers), so
// that the only differences are the C library's f64 functions (exp, log,
// sin, ...) against Go's. Add, sub, neg, conj, re, im, create, eq and
// neq compute in the part type: for + and - on f32 parts computing in
// f64 and rounding once gives the same bits (53 >= 2*24+2). No product
// is fused into a multiply-add: each is rounded, as numpy and the
// interpreter round it. Special cases (C99 Annex G: infinite and NaN
// parts, signed zeros) are selects, not branches, so a body stays one
// block: every case is computed and the op's case is selected.

func init() { registerLowerings(complexLowerings) }

// complexLowerings registers every op of the complex dialect: an op the
// dialect adds without a line here is a diagnostic at the op
// (TestRegistryCoversOps checks that none is missing).
func complexLowerings(r opRegistry) {
	r.add(complexdialect.Constant, (*fnLowering).lowerComplexConstant)
	r.add(complexdialect.Create, (*fnLowering).lowerComplexCreate)
	for def, f := range map[*ir.OpDef]func(l *fnLowering, t *ir.ComplexType, z value.Value) value.Value{
		complexdialect.Re:   (*fnLowering).complexRe,
		complexdialect.Im:   (*fnLowering).complexIm,
		complexdialect.Abs:  (*fnLowering).complexAbs,
		complexdialect.Neg:  (*fnLowering).complexNeg,
		complexdialect.Conj: (*fnLowering).complexConj,
	} {
		r.add(def, complexUnary(f))
	}
	for def, f := range map[*ir.OpDef]func(l *fnLowering, a cx) cx{
		complexdialect.Exp:   (*fnLowering).cxExp,
		complexdialect.Log:   (*fnLowering).cxLog,
		complexdialect.Sqrt:  (*fnLowering).cxSqrt,
		complexdialect.Rsqrt: (*fnLowering).cxRsqrt,
		complexdialect.Tanh:  (*fnLowering).cxTanh,
		complexdialect.Sign:  (*fnLowering).cxSign,
		complexdialect.Sin:   (*fnLowering).cxSin,
		complexdialect.Cos:   (*fnLowering).cxCos,
		complexdialect.Tan:   (*fnLowering).cxTan,
		complexdialect.Expm1: (*fnLowering).cxExpm1,
		complexdialect.Log1p: (*fnLowering).cxLog1p,
	} {
		r.add(def, complexUnary(widened(f)))
	}
	r.add(complexdialect.Add, complexBinary((*fnLowering).complexAdd))
	r.add(complexdialect.Sub, complexBinary((*fnLowering).complexSub))
	r.add(complexdialect.Mul, complexBinary(widened2((*fnLowering).cxMul)))
	r.add(complexdialect.Div, complexBinary(widened2((*fnLowering).cxDiv)))
	r.add(complexdialect.Pow, complexBinary(widened2((*fnLowering).cxPow)))
	r.add(complexdialect.Atan2, complexBinary(widened2((*fnLowering).cxAtan2)))
	r.add(complexdialect.Eq, complexCompare(true))
	r.add(complexdialect.Neq, complexCompare(false))
}

// Complex values.

// complexLLType is the LLVM type of a complex value: {float, float} or
// {double, double}; only complex<f32> and complex<f64> are lowered.
func complexLLType(t *ir.ComplexType) (*lltypes.StructType, error) {
	ft, ok := t.Elem.(*ir.FloatType)
	switch {
	case ok && ft.Kind == ir.F32:
		return complexF32, nil
	case ok && ft.Kind == ir.F64:
		return complexF64, nil
	}
	return nil, fmt.Errorf("type %s is not lowered to LLVM IR (complex<f32> and complex<f64> are)", t)
}

var (
	complexF32 = lltypes.NewStruct(lltypes.Float, lltypes.Float)
	complexF64 = lltypes.NewStruct(lltypes.Double, lltypes.Double)
	f64        = lltypes.Double
	inf        = math.Inf(1)
)

// complexConst is the constant z of complex type t (NaN payloads kept).
func complexConst(t *ir.ComplexType, z complex128) constant.Constant {
	st, _ := complexLLType(t)
	ft := t.Elem.(*ir.FloatType)
	return constant.NewStruct(st, floatConst(ft, real(z)), floatConst(ft, imag(z)))
}

// cx is a complex number being computed: its parts in double registers
// (a complex<f32> operand widened exactly).
type cx struct{ re, im value.Value }

// cxParts returns z's parts as doubles.
func (l *fnLowering) cxParts(t *ir.ComplexType, z value.Value) cx {
	return cx{l.toF64(t, l.cur.NewExtractValue(z, 0)), l.toF64(t, l.cur.NewExtractValue(z, 1))}
}

// toF64 widens a part of a complex<f32> to double (exactly).
func (l *fnLowering) toF64(t *ir.ComplexType, x value.Value) value.Value {
	if t.Elem == ir.F32T {
		return l.cur.NewFPExt(x, f64)
	}
	return x
}

// toPart rounds a double to t's part type (once, to nearest even).
func (l *fnLowering) toPart(t *ir.ComplexType, x value.Value) value.Value {
	if t.Elem == ir.F32T {
		return l.cur.NewFPTrunc(x, lltypes.Float)
	}
	return x
}

// cxValue is the complex value of t with the parts of z rounded to t's
// part type.
func (l *fnLowering) cxValue(t *ir.ComplexType, z cx) value.Value {
	return l.complexOf(t, l.toPart(t, z.re), l.toPart(t, z.im))
}

// complexOf builds the complex value (re, im) of t from parts of its
// part type: a constant when both are.
func (l *fnLowering) complexOf(t *ir.ComplexType, re, im value.Value) value.Value {
	st, _ := complexLLType(t)
	if rc, ok := re.(constant.Constant); ok {
		if ic, ok := im.(constant.Constant); ok {
			return constant.NewStruct(st, rc, ic)
		}
	}
	z := l.cur.NewInsertValue(constant.NewUndef(st), re, 0)
	return l.cur.NewInsertValue(z, im, 1)
}

// The lowerings' shapes: ops on complex scalars of one type.

// complexOperands returns op's operands, scalars of one complex type.
func (l *fnLowering) complexOperands(op *ir.Operation) (*ir.ComplexType, []value.Value, error) {
	t, ok := op.Operand(0).Type().(*ir.ComplexType)
	if !ok {
		return nil, nil, ir.Errorf(op.Loc, "'%s' on %s is not lowered to LLVM IR (only complex scalars; elementwise tensor ops become linalg.generic first)", op.Name(), op.Operand(0).Type())
	}
	if _, err := complexLLType(t); err != nil {
		return nil, nil, ir.Errorf(op.Loc, "%v", err)
	}
	args := make([]value.Value, op.NumOperands())
	for i := range args {
		x, ok := l.scalarOf(op.Operand(i))
		if !ok {
			return nil, nil, nil // unknown data (the result-shapes function)
		}
		args[i] = x
	}
	return t, args, nil
}

// complexOp is the lowering of an op on complex scalars of one type by
// f (its operands' type and values).
func complexOp(f func(l *fnLowering, t *ir.ComplexType, a []value.Value) value.Value) loweringFunc {
	return func(l *fnLowering, op *ir.Operation) error {
		t, args, err := l.complexOperands(op)
		if err != nil || args == nil {
			if err == nil && !l.shapesOnly {
				err = ir.Errorf(op.Loc, "an operand of '%s' is not lowered", op.Name())
			}
			return err
		}
		l.vals[op.Result(0)] = lval{scalar: f(l, t, args)}
		return nil
	}
}

func complexUnary(f func(l *fnLowering, t *ir.ComplexType, z value.Value) value.Value) loweringFunc {
	return complexOp(func(l *fnLowering, t *ir.ComplexType, a []value.Value) value.Value { return f(l, t, a[0]) })
}

func complexBinary(f func(l *fnLowering, t *ir.ComplexType, a, b value.Value) value.Value) loweringFunc {
	return complexOp(func(l *fnLowering, t *ir.ComplexType, a []value.Value) value.Value { return f(l, t, a[0], a[1]) })
}

// widened is a unary function computed on the parts in double and
// rounded once to the part type.
func widened(f func(l *fnLowering, a cx) cx) func(l *fnLowering, t *ir.ComplexType, z value.Value) value.Value {
	return func(l *fnLowering, t *ir.ComplexType, z value.Value) value.Value {
		return l.cxValue(t, f(l, l.cxParts(t, z)))
	}
}

// widened2 is widened for a binary function.
func widened2(f func(l *fnLowering, a, b cx) cx) func(l *fnLowering, t *ir.ComplexType, a, b value.Value) value.Value {
	return func(l *fnLowering, t *ir.ComplexType, a, b value.Value) value.Value {
		return l.cxValue(t, f(l, l.cxParts(t, a), l.cxParts(t, b)))
	}
}

// complexCompare is complex.eq (eq) or complex.neq: both parts equal
// (ordered: NaN equals nothing), or its negation.
func complexCompare(eq bool) loweringFunc {
	return complexOp(func(l *fnLowering, _ *ir.ComplexType, a []value.Value) value.Value {
		b := l.cur
		are, aim := b.NewExtractValue(a[0], 0), b.NewExtractValue(a[0], 1)
		bre, bim := b.NewExtractValue(a[1], 0), b.NewExtractValue(a[1], 1)
		if eq {
			return b.NewAnd(b.NewFCmp(enum.FPredOEQ, are, bre), b.NewFCmp(enum.FPredOEQ, aim, bim))
		}
		return b.NewOr(b.NewFCmp(enum.FPredUNE, are, bre), b.NewFCmp(enum.FPredUNE, aim, bim))
	})
}

// lowerComplexConstant is complex.constant: a constant struct.
func (l *fnLowering) lowerComplexConstant(op *ir.Operation) error {
	t, ok := op.Result(0).Type().(*ir.ComplexType)
	z, isPair := complexdialect.Value(op)
	if !ok || !isPair {
		return ir.Errorf(op.Loc, "complex.constant without a [re, im] value of a complex type")
	}
	if _, err := complexLLType(t); err != nil {
		return ir.Errorf(op.Loc, "%v", err)
	}
	l.vals[op.Result(0)] = lval{scalar: complexConst(t, z)}
	return nil
}

// lowerComplexCreate is complex.create: the struct of its two parts.
func (l *fnLowering) lowerComplexCreate(op *ir.Operation) error {
	t, ok := op.Result(0).Type().(*ir.ComplexType)
	if !ok {
		return ir.Errorf(op.Loc, "complex.create of type %s", op.Result(0).Type())
	}
	if _, err := complexLLType(t); err != nil {
		return ir.Errorf(op.Loc, "%v", err)
	}
	re, okRe := l.scalarOf(op.Operand(0))
	im, okIm := l.scalarOf(op.Operand(1))
	if !okRe || !okIm {
		if l.shapesOnly {
			return nil
		}
		return ir.Errorf(op.Loc, "an operand of 'complex.create' is not lowered")
	}
	l.vals[op.Result(0)] = lval{scalar: l.complexOf(t, re, im)}
	return nil
}

// The exact ops, in the part type.

func (l *fnLowering) complexAdd(t *ir.ComplexType, a, b value.Value) value.Value {
	c := l.cur
	return l.complexOf(t, c.NewFAdd(c.NewExtractValue(a, 0), c.NewExtractValue(b, 0)), c.NewFAdd(c.NewExtractValue(a, 1), c.NewExtractValue(b, 1)))
}

func (l *fnLowering) complexSub(t *ir.ComplexType, a, b value.Value) value.Value {
	c := l.cur
	return l.complexOf(t, c.NewFSub(c.NewExtractValue(a, 0), c.NewExtractValue(b, 0)), c.NewFSub(c.NewExtractValue(a, 1), c.NewExtractValue(b, 1)))
}

func (l *fnLowering) complexRe(_ *ir.ComplexType, z value.Value) value.Value {
	return l.cur.NewExtractValue(z, 0)
}

func (l *fnLowering) complexIm(_ *ir.ComplexType, z value.Value) value.Value {
	return l.cur.NewExtractValue(z, 1)
}

// complexAbs is absC: Go's hypot of the parts (hypotGo), rounded once.
func (l *fnLowering) complexAbs(t *ir.ComplexType, z value.Value) value.Value {
	return l.toPart(t, l.hypotGo(l.cxParts(t, z)))
}

func (l *fnLowering) complexNeg(t *ir.ComplexType, z value.Value) value.Value {
	c := l.cur
	return l.complexOf(t, c.NewFNeg(c.NewExtractValue(z, 0)), c.NewFNeg(c.NewExtractValue(z, 1)))
}

func (l *fnLowering) complexConj(t *ir.ComplexType, z value.Value) value.Value {
	c := l.cur
	return l.complexOf(t, c.NewExtractValue(z, 0), c.NewFNeg(c.NewExtractValue(z, 1)))
}

// cxMul is mulC: the schoolbook product, each product rounded.
func (l *fnLowering) cxMul(a, b cx) cx {
	c := l.cur
	return cx{
		c.NewFSub(c.NewFMul(a.re, b.re), c.NewFMul(a.im, b.im)),
		c.NewFAdd(c.NewFMul(a.re, b.im), c.NewFMul(a.im, b.re)),
	}
}

// cxDiv is divC: Smith's algorithm, scaled by the larger part of b; a
// division by zero divides each part by |re(b)|.
func (l *fnLowering) cxDiv(a, b cx) cx {
	c := l.cur
	abr, abi := l.fabs(b.re), l.fabs(b.im)
	// |re b| >= |im b|
	rat := c.NewFDiv(b.im, b.re)
	scl := c.NewFDiv(dc(1), c.NewFAdd(b.re, c.NewFMul(b.im, rat)))
	first := cx{
		c.NewFMul(c.NewFAdd(a.re, c.NewFMul(a.im, rat)), scl),
		c.NewFMul(c.NewFSub(a.im, c.NewFMul(a.re, rat)), scl),
	}
	zero := cx{c.NewFDiv(a.re, abr), c.NewFDiv(a.im, abr)}
	bothZero := c.NewAnd(c.NewFCmp(enum.FPredOEQ, abr, dc(0)), c.NewFCmp(enum.FPredOEQ, abi, dc(0)))
	first = l.cxSel(bothZero, zero, first)
	// |re b| < |im b|
	rat2 := c.NewFDiv(b.re, b.im)
	scl2 := c.NewFDiv(dc(1), c.NewFAdd(b.im, c.NewFMul(b.re, rat2)))
	second := cx{
		c.NewFMul(c.NewFAdd(c.NewFMul(a.re, rat2), a.im), scl2),
		c.NewFMul(c.NewFSub(c.NewFMul(a.im, rat2), a.re), scl2),
	}
	return l.cxSel(c.NewFCmp(enum.FPredOGE, abr, abi), first, second)
}

// Helpers on doubles.

// dc is the double constant v.
func dc(v float64) constant.Constant { return floatConst(ir.F64T, v) }

// dnan is the interpreter's NaN (Go's math.NaN()) as a double.
func dnan() constant.Constant { return nanConst(ir.F64T) }

// cxSel is select on both parts.
func (l *fnLowering) cxSel(cond value.Value, a, b cx) cx {
	return cx{l.sel(cond, a.re, b.re), l.sel(cond, a.im, b.im)}
}

func (l *fnLowering) fabs(x value.Value) value.Value  { return l.f64Intrinsic("llvm.fabs", x) }
func (l *fnLowering) fsqrt(x value.Value) value.Value { return l.f64Intrinsic("llvm.sqrt", x) }
func (l *fnLowering) isNaN(x value.Value) value.Value { return l.cur.NewFCmp(enum.FPredUNO, x, x) }
func (l *fnLowering) isInf(x value.Value) value.Value {
	return l.cur.NewFCmp(enum.FPredOEQ, l.fabs(x), dc(inf))
}
func (l *fnLowering) isZero(x value.Value) value.Value { return l.cur.NewFCmp(enum.FPredOEQ, x, dc(0)) }

// f64Intrinsic calls an overloaded LLVM intrinsic on doubles.
func (l *fnLowering) f64Intrinsic(base string, args ...value.Value) value.Value {
	x, _ := l.intrinsic(base, ir.F64T, args...)
	return x
}

// f64Libm calls the C math library's double function fn.
func (l *fnLowering) f64Libm(fn string, args ...value.Value) value.Value {
	return l.libm(fn, ir.F64T, args)
}
