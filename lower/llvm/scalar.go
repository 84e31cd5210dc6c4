package llvm

import (
	"fmt"
	"math"
	"sync"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	mathdialect "github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers arith.constant and the arith and math ops on scalars,
// one table line per op (arithMathLowerings).
//
// The arith and math dialects on scalars become LLVM instructions,
// intrinsics, or C math library calls. Semantics follow MLIR's lowering to
// LLVM, except arith.maximumf / minimumf, which LLVM 14 cannot select as
// llvm.maximum on x86: they are compare-and-select sequences with the same
// meaning (NaN if either operand is NaN, -0 < +0). arith.constant is a
// scalar, extents, or a constant array.

func (l *fnLowering) lowerConstant(op *ir.Operation) error {
	t := op.Result(0).Type()
	a := op.Attr("value")
	if d, ok := a.(*ir.DenseElementsAttr); ok {
		if n, isShape := isShapeType(t); isShape {
			ext := make([]value.Value, n)
			for i := range ext {
				ext[i] = i64c(d.IntAt(int64(i)))
			}
			l.vals[op.Result(0)] = lval{extents: ext}
			return nil
		}
		rt, _ := t.(*ir.RankedTensorType)
		if rt == nil || !rt.HasStaticShape() {
			return ir.Errorf(op.Loc, "dense constant of type %s is not lowered", t)
		}
		b := &buffer{elem: rt.ElementType(), result: notResult}
		for _, s := range rt.Shape() {
			b.dims = append(b.dims, i64c(s))
		}
		if !l.shapesOnly {
			p, err := l.e.constArray(d)
			if err != nil {
				return ir.Errorf(op.Loc, "%v", err)
			}
			b.ptr = p
		}
		l.vals[op.Result(0)] = lval{buf: b}
		return nil
	}
	c, err := scalarConst(t, a)
	if err != nil {
		return ir.Errorf(op.Loc, "%v", err)
	}
	l.vals[op.Result(0)] = lval{scalar: c}
	return nil
}

func init() { registerLowerings(arithMathLowerings) }

// scalarLowering computes an arith or math op of result type t on its
// lowered operands a: scalars, or vectors of the current lane count inside
// a vector body (the same instructions, lane-wise).
type scalarLowering func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error)

// scalarFlags are the properties of a scalar op's lowering.
type scalarFlags uint8

const (
	// vec: the lowering is lanewise (registry.go), so a generic body of
	// such ops gets a vector inner loop (vector.go). Integer division
	// (which traps), remf and C math library calls are not.
	vec scalarFlags = 1 << iota
	// exact: on f16 and bf16 the result is a value of the format when the
	// operands are, so it is not rounded after the op (half.go).
	exact
	// vecF32: the lowering is lanewise when the result is f32 (the
	// functions of vecmath.go; other types call the C math library).
	vecF32
	// costly: divisions, square roots and math functions (registry.go).
	costly
)

// scalarOp is one line of the table of scalar ops.
type scalarOp struct {
	def   *ir.OpDef
	lower scalarLowering
	flags scalarFlags
}

// arithMathLowerings registers arith.constant and the arith and math ops
// on scalars, one table line each: the op, its lowering, its flags. The
// arith and math dialects export no OpDef variables for these ops (only
// arith.Constant and arith.Select), so the table finds the others by
// name, once; a name that no dialect registered (math ops that MLIR has
// and the math dialect does not declare yet) gets no entry.
func arithMathLowerings(r opRegistry) {
	r.addLanewise(arith.Constant, (*fnLowering).lowerConstant)
	lookup := ir.LookupOp
	ieee := func(max bool) scalarLowering {
		return func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
			if x, ok := l.loose.lower(l, op, a, max); ok {
				return x, nil // reduce_vector.go
			}
			return l.ieeeMinMax(t, a[0], a[1], max), nil
		}
	}
	selectIf := func(pred enum.IPred) scalarLowering {
		return func(l *fnLowering, _ *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
			return l.cur.NewSelect(l.cur.NewICmp(pred, a[0], a[1]), a[0], a[1]), nil
		}
	}
	roundedDiv := func(floor bool) scalarLowering {
		return func(l *fnLowering, _ *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
			return l.roundedDiv(a[0], a[1], floor), nil
		}
	}
	table := []scalarOp{
		{lookup("arith.addf"), binaryInst((*llir.Block).NewFAdd), vec},
		{lookup("arith.subf"), binaryInst((*llir.Block).NewFSub), vec},
		{lookup("arith.mulf"), binaryInst((*llir.Block).NewFMul), vec},
		{lookup("arith.divf"), lowerDivF, vec | costly},
		{lookup("arith.remf"), binaryInst((*llir.Block).NewFRem), costly},
		{lookup("arith.negf"), unaryInst((*llir.Block).NewFNeg), vec | exact},
		{lookup("arith.maximumf"), ieee(true), vec | exact},
		{lookup("arith.minimumf"), ieee(false), vec | exact},
		{lookup("arith.maxnumf"), intrinsicOp("llvm.maxnum"), vec | exact},
		{lookup("arith.minnumf"), intrinsicOp("llvm.minnum"), vec | exact},
		{lookup("arith.addi"), binaryInst((*llir.Block).NewAdd), vec},
		{lookup("arith.subi"), binaryInst((*llir.Block).NewSub), vec},
		{lookup("arith.muli"), binaryInst((*llir.Block).NewMul), vec},
		{lookup("arith.divsi"), binaryInst((*llir.Block).NewSDiv), costly},
		{lookup("arith.divui"), binaryInst((*llir.Block).NewUDiv), costly},
		{lookup("arith.remsi"), binaryInst((*llir.Block).NewSRem), costly},
		{lookup("arith.remui"), binaryInst((*llir.Block).NewURem), costly},
		{lookup("arith.floordivsi"), roundedDiv(true), costly},
		{lookup("arith.ceildivsi"), roundedDiv(false), costly},
		{lookup("arith.andi"), binaryInst((*llir.Block).NewAnd), vec},
		{lookup("arith.ori"), binaryInst((*llir.Block).NewOr), vec},
		{lookup("arith.xori"), binaryInst((*llir.Block).NewXor), vec},
		{lookup("arith.shli"), binaryInst((*llir.Block).NewShl), vec},
		{lookup("arith.shrsi"), binaryInst((*llir.Block).NewAShr), vec},
		{lookup("arith.shrui"), binaryInst((*llir.Block).NewLShr), vec},
		{lookup("arith.maxsi"), selectIf(enum.IPredSGT), vec},
		{lookup("arith.minsi"), selectIf(enum.IPredSLT), vec},
		{lookup("arith.maxui"), selectIf(enum.IPredUGT), vec},
		{lookup("arith.minui"), selectIf(enum.IPredULT), vec},
		{lookup("arith.cmpi"), lowerCmpi, vec},
		{lookup("arith.cmpf"), lowerCmpf, vec},
		{arith.Select, lowerSelect, vec | exact},
		{lookup("arith.extf"), cast(halfExtOrTrunc, (*llir.Block).NewFPExt), vec},
		{lookup("arith.truncf"), cast(halfExtOrTrunc, (*llir.Block).NewFPTrunc), vec},
		{lookup("arith.sitofp"), cast(halfSIToFP, (*llir.Block).NewSIToFP), vec},
		{lookup("arith.uitofp"), cast(halfUIToFP, (*llir.Block).NewUIToFP), vec},
		{lookup("arith.fptosi"), cast(halfNone, (*llir.Block).NewFPToSI), vec},
		{lookup("arith.fptoui"), cast(halfNone, (*llir.Block).NewFPToUI), vec},
		{lookup("arith.extsi"), cast(halfNone, (*llir.Block).NewSExt), vec},
		{lookup("arith.extui"), cast(halfNone, (*llir.Block).NewZExt), vec},
		{lookup("arith.trunci"), cast(halfNone, (*llir.Block).NewTrunc), vec},
		{lookup("arith.bitcast"), cast(halfBitcast, (*llir.Block).NewBitCast), vec | exact},
		{lookup("arith.index_cast"), indexCast(true), vec},
		{lookup("arith.index_castui"), indexCast(false), vec},
		{lookup("math.absi"), lowerAbsi, 0},
		{lookup("math.rsqrt"), mathFloat(lowerRsqrt), vec | costly},
		{lookup("math.exp"), mathFloat(f32Math(mathExp, intrinsicOp("llvm.exp"))), vecF32 | costly},
		{lookup("math.log"), mathFloat(f32Math(mathLog, intrinsicOp("llvm.log"))), vecF32 | costly},
		{lookup("math.tanh"), mathFloat(f32Math(mathTanh, libmOp("tanh"))), vecF32 | costly},
		{lookup("math.expm1"), mathFloat(f32Math(mathExpm1, libmOp("expm1"))), vecF32 | costly},
		{lookup("math.log1p"), mathFloat(f32Math(mathLog1p, libmOp("log1p"))), vecF32 | costly},
		{lookup("math.lgamma"), mathFloat(lowerLgamma), costly},
	}
	// math ops with an LLVM intrinsic of the same meaning
	for _, m := range []struct {
		name, intrinsic string
		flags           scalarFlags
	}{
		{"exp2", "exp2", costly}, {"log2", "log2", costly}, {"log10", "log10", costly},
		{"sqrt", "sqrt", vec | costly}, {"absf", "fabs", vec | exact}, {"floor", "floor", vec | exact}, {"ceil", "ceil", vec | exact},
		{"roundeven", "roundeven", vec | exact}, {"round", "round", vec | exact}, {"trunc", "trunc", vec | exact},
		{"sin", "sin", costly}, {"cos", "cos", costly}, {"powf", "pow", costly}, {"copysign", "copysign", vec | exact}, {"fma", "fma", vec},
	} {
		table = append(table, scalarOp{lookup("math." + m.name), mathFloat(intrinsicOp("llvm." + m.intrinsic)), m.flags})
	}
	// math ops computed by the C math library function of their name
	for _, fn := range libmFuncs {
		if fn == "tanh" || fn == "expm1" || fn == "log1p" {
			continue // f32 in vecmath.go, above
		}
		table = append(table, scalarOp{lookup("math." + fn), mathFloat(libmOp(fn)), costly})
	}
	for _, s := range table {
		if s.def == nil {
			continue // not declared by its dialect (yet)
		}
		e := &opLowering{lower: func(l *fnLowering, op *ir.Operation) error { return l.lowerScalarOp(op, s) },
			lanewise: s.flags&vec != 0, costly: s.flags&costly != 0}
		if s.flags&vecF32 != 0 {
			e.lanewiseIf = hasF32Result
		}
		r.addEntry(s.def, e)
	}
}

// hasF32Result reports whether op's result is f32 (the ops whose f32
// lowering is vecmath.go's are lanewise on f32).
func hasF32Result(op *ir.Operation) bool {
	return op.NumResults() == 1 && isF32(op.Result(0).Type())
}

func isF32(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.F32
}

// f32Math is the lowering of a math op that vecmath.go computes on f32;
// other float types take other.
func f32Math(fn mathFunc, other scalarLowering) scalarLowering {
	return func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		if isF32(t) {
			return l.callMath(fn, a[0]), nil
		}
		return other(l, op, t, a)
	}
}

// lowerDivF is an fdiv, except that the f32 logistic spelled
// 1 / (1 + exp(-x)) (hlo.logistic's lowering; no math op computes it) is
// vecmath.go's logistic of x, correctly rounded but in rare cases, where
// the four ops would round four times; and that a vector body's division
// by a loop-invariant divisor is divide.go's exact multiply-add sequence.
func lowerDivF(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
	if x := logisticArg(op, t); x != nil {
		if v, ok := l.scalarOf(x); ok {
			return l.callMath(mathLogistic, v), nil
		}
	}
	if _, inv := l.scalarOf(op.Operand(1)); inv && l.lanes > 0 && !exactReciprocal(op.Operand(1)) {
		if q, ok := l.divInvariant(a[0], a[1]); ok {
			return q, nil
		}
	}
	return l.cur.NewFDiv(a[0], a[1]), nil
}

// exactReciprocal reports whether v is a constant whose division LLVM
// makes a multiplication by its exact reciprocal (a power of two), or
// zero, infinite or NaN: divide.go's sequence gains nothing there.
func exactReciprocal(v *ir.Value) bool {
	f, ok := ir.ConstantValue(v).(*ir.FloatAttr)
	if !ok {
		return false
	}
	fr, _ := math.Frexp(f.Value)
	return math.Abs(fr) == 0.5 || f.Value == 0 || math.IsInf(f.Value, 0) || math.IsNaN(f.Value)
}

// logisticArg returns x when the arith.divf op of type t is the f32
// 1 / (1 + exp(-x)), in either order of the addition; else nil.
func logisticArg(op *ir.Operation, t ir.Type) *ir.Value {
	if !isF32(t) || !isFloatConst(op.Operand(0), 1) {
		return nil
	}
	add := op.Operand(1).DefiningOp()
	if add == nil || add.Def() != arith.AddF {
		return nil
	}
	e := add.Operand(1)
	if !isFloatConst(add.Operand(0), 1) {
		if !isFloatConst(e, 1) {
			return nil
		}
		e = add.Operand(0)
	}
	exp := e.DefiningOp()
	if exp == nil || exp.Def() != mathdialect.Exp {
		return nil
	}
	neg := exp.Operand(0).DefiningOp()
	if neg == nil || neg.Def() != arith.NegF {
		return nil
	}
	return neg.Operand(0)
}

// isFloatConst reports whether v is a float constant equal to c.
func isFloatConst(v *ir.Value, c float64) bool {
	f, ok := ir.ConstantValue(v).(*ir.FloatAttr)
	return ok && f.Value == c
}

// libmFuncs are the math ops computed by the C math library function of
// that name (with an "f" suffix for f32); abi.go keeps kernels' C names
// off them.
var libmFuncs = []string{
	"tanh", "expm1", "log1p", "cbrt", "atan2", "atan", "tan", "erf", "erfc", "asin", "acos",
	"sinh", "cosh", "asinh", "acosh", "atanh",
}

// libmOwnLowering are the C math library functions of math ops lowered
// by a function of their own (lowerLgamma): abi.go keeps kernels' C
// names off them too.
var libmOwnLowering = []string{"lgamma_r", "lgammaf_r"}

// intrinsicLibm are the C math library functions that the LLVM
// intrinsics of the math ops become (llvm.exp.f64 is a call of exp), and
// that C declares: abi.go keeps kernels' C names off them too.
var intrinsicLibm = []string{"exp", "exp2", "log", "log2", "log10", "sqrt", "fabs", "floor", "ceil",
	"roundeven", "round", "trunc", "sin", "cos", "pow", "copysign", "fma"}

// ipred maps arith.cmpi predicate names to LLVM's. It and the package's
// other tables are built on first use, not at bcast-opt's start-up.
var ipred = sync.OnceValue(func() map[string]enum.IPred {
	return map[string]enum.IPred{
		"eq": enum.IPredEQ, "ne": enum.IPredNE, "slt": enum.IPredSLT, "sle": enum.IPredSLE,
		"sgt": enum.IPredSGT, "sge": enum.IPredSGE, "ult": enum.IPredULT, "ule": enum.IPredULE,
		"ugt": enum.IPredUGT, "uge": enum.IPredUGE,
	}
})

// fpred maps arith.cmpf predicate names to LLVM's.
var fpred = sync.OnceValue(func() map[string]enum.FPred {
	return map[string]enum.FPred{
		"false": enum.FPredFalse, "oeq": enum.FPredOEQ, "ogt": enum.FPredOGT, "oge": enum.FPredOGE,
		"olt": enum.FPredOLT, "ole": enum.FPredOLE, "one": enum.FPredONE, "ord": enum.FPredORD,
		"ueq": enum.FPredUEQ, "ugt": enum.FPredUGT, "uge": enum.FPredUGE, "ult": enum.FPredULT,
		"ule": enum.FPredULE, "une": enum.FPredUNE, "uno": enum.FPredUNO, "true": enum.FPredTrue,
	}
})

// lowerScalarOp lowers an arith or math op on scalars by its table line:
// its operands must be scalars (elementwise ops on tensors are generics
// by now), known (in the result-shapes function a value read from data is
// unknown, and so is what is computed from it), and an f16 or bf16 result
// is rounded to its format unless the op is exact.
func (l *fnLowering) lowerScalarOp(op *ir.Operation, s scalarOp) error {
	for i := range op.NumOperands() {
		if !isScalarType(op.Operand(i).Type()) {
			return ir.Errorf(op.Loc, "'%s' on %s is not lowered to LLVM IR (only scalars; elementwise tensor ops become linalg.generic first)", op.Name(), op.Operand(i).Type())
		}
	}
	args := make([]value.Value, op.NumOperands())
	for i := range args {
		x, ok := l.scalarOf(op.Operand(i))
		if !ok {
			if l.shapesOnly {
				return nil // unknown data stays unknown
			}
			return ir.Errorf(op.Loc, "operand #%d of '%s' is not lowered", i, op.Name())
		}
		args[i] = x
	}
	var t ir.Type
	if op.NumResults() == 1 {
		t = op.Result(0).Type()
	}
	x, err := s.lower(l, op, t, args)
	if err != nil {
		return err
	}
	x = l.halfResult(t, x, s.flags&exact != 0)
	l.vals[op.Result(0)] = lval{scalar: x}
	return nil
}

func isScalarType(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType, *ir.ComplexType:
		return true
	}
	return false
}

// binaryInst is the lowering of an op that is one LLVM instruction on its two
// operands.
func binaryInst[I value.Value](inst func(b *llir.Block, x, y value.Value) I) scalarLowering {
	return func(l *fnLowering, _ *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
		return inst(l.cur, a[0], a[1]), nil
	}
}

// unaryInst is the lowering of an op that is one LLVM instruction on its
// operand.
func unaryInst[I value.Value](inst func(b *llir.Block, x value.Value) I) scalarLowering {
	return func(l *fnLowering, _ *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
		return inst(l.cur, a[0]), nil
	}
}

// intrinsicOp is the lowering of an op that is an overloaded LLVM
// intrinsic (base without its type suffix: "llvm.exp").
func intrinsicOp(base string) scalarLowering {
	return func(l *fnLowering, _ *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		return l.intrinsic(base, t, a...)
	}
}

// libmOp is the lowering of a math op that is a C math library call.
func libmOp(fn string) scalarLowering {
	return func(l *fnLowering, _ *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		return l.libm(fn, t.(*ir.FloatType), a), nil
	}
}

// mathFloat is the lowering of a math op on floats: the float types the
// package computes (f16 and bf16 in f32 registers, f32, f64), else an
// error.
func mathFloat(lower scalarLowering) scalarLowering {
	return func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		ft, ok := t.(*ir.FloatType)
		if !ok {
			return nil, ir.Errorf(op.Loc, "'%s' on %s is not lowered to LLVM IR yet", op.Name(), t)
		}
		if ft.Kind != ir.F32 && ft.Kind != ir.F64 && ft.Kind != ir.F16 && ft.Kind != ir.BF16 {
			return nil, ir.Errorf(op.Loc, "%s is not lowered to LLVM IR yet", ft)
		}
		return lower(l, op, t, a)
	}
}

// lowerLgamma is math.lgamma: the C library's lgamma_r (lgammaf_r for
// f32, f16 and bf16), whose sign goes to a stack slot of the function
// and is not read; not lgamma, which writes the global signgam (a data
// race between the threads of the parallel form).
func lowerLgamma(l *fnLowering, _ *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
	lt, fn := lltypes.Type(lltypes.Double), "lgamma_r"
	if t.(*ir.FloatType).Kind != ir.F64 {
		lt, fn = lltypes.Float, "lgammaf_r"
	}
	sign := l.entry.NewAlloca(i32)
	return l.cur.NewCall(l.e.declare(fn, lt, false, lt, lltypes.NewPointer(i32)), a[0], sign), nil
}

// lowerRsqrt is 1 / llvm.sqrt(x).
func lowerRsqrt(l *fnLowering, _ *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
	s, err := l.intrinsic("llvm.sqrt", t, a[0])
	if err != nil {
		return nil, err
	}
	return l.cur.NewFDiv(l.splat(floatConst(t.(*ir.FloatType), 1)), s), nil
}

// lowerAbsi is math.absi: x < 0 ? 0 - x : x.
func lowerAbsi(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
	if _, isFloat := t.(*ir.FloatType); isFloat {
		return nil, ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", op.Name())
	}
	zero := constant.NewInt(a[0].Type().(*lltypes.IntType), 0)
	neg := l.cur.NewSub(zero, a[0])
	return l.cur.NewSelect(l.cur.NewICmp(enum.IPredSLT, a[0], zero), neg, a[0]), nil
}

// lowerCmpi is an icmp, folded when both operands are index constants.
func lowerCmpi(l *fnLowering, op *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
	p, err := predicate(op, arith.IntPredicates)
	if err != nil {
		return nil, err
	}
	if x, xc := constInt(a[0]); xc {
		if y, yc := constInt(a[1]); yc && op.Operand(0).Type() == ir.Index {
			return constant.NewBool(arith.EvalIntPredicate(predIndex(arith.IntPredicates, p), x, y, ir.I64)), nil
		}
	}
	return l.cur.NewICmp(ipred()[p], a[0], a[1]), nil
}

// lowerCmpf is an fcmp.
func lowerCmpf(l *fnLowering, op *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
	p, err := predicate(op, arith.FloatPredicates)
	if err != nil {
		return nil, err
	}
	return l.cur.NewFCmp(fpred()[p], a[0], a[1]), nil
}

// lowerSelect is a select that folds a constant condition.
func lowerSelect(l *fnLowering, _ *ir.Operation, _ ir.Type, a []value.Value) (value.Value, error) {
	return l.sel(a[0], a[1], a[2]), nil
}

func predIndex(list []string, p string) int {
	for i, x := range list {
		if x == p {
			return i
		}
	}
	return -1
}

// predicate reads a cmpi/cmpf predicate attribute (its enum index).
func predicate(op *ir.Operation, names []string) (string, error) {
	a, ok := op.Attr("predicate").(*ir.IntegerAttr)
	if !ok || a.Value < 0 || int(a.Value) >= len(names) {
		return "", ir.Errorf(op.Loc, "'%s' without a valid predicate", op.Name())
	}
	return names[a.Value], nil
}

// cast is the lowering of a conversion that is one LLVM cast instruction
// to the result's register type, except from or to f16 and bf16, which
// half says how to convert (halfCast).
func cast[I value.Value](half halfCastKind, inst func(b *llir.Block, x value.Value, to lltypes.Type) I) scalarLowering {
	return func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		lt, err := l.castType(op, t)
		if err != nil {
			return nil, err
		}
		if x, ok := l.halfCast(op, t, half, a[0]); ok {
			return x, nil
		}
		return inst(l.cur, a[0], lt), nil
	}
}

// castType is the register type of a conversion's result.
func (l *fnLowering) castType(op *ir.Operation, t ir.Type) (lltypes.Type, error) {
	lt, err := scalarType(t)
	if err != nil {
		return nil, ir.Errorf(op.Loc, "%v", err)
	}
	return l.vt(lt), nil
}

// indexCast is arith.index_cast (signed) or arith.index_castui: a
// truncation or a sign (zero) extension, folded on constants.
func indexCast(signed bool) scalarLowering {
	return func(l *fnLowering, op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
		lt, err := l.castType(op, t)
		if err != nil {
			return nil, err
		}
		b, x := l.cur, a[0]
		from, to := intBits(x.Type()), intBits(lt)
		switch {
		case from == to:
			return x, nil
		case from > to:
			if c, ok := constInt(x); ok {
				return intConst(lt.(*lltypes.IntType), c), nil
			}
			return b.NewTrunc(x, lt), nil
		case signed:
			if c, ok := constInt(x); ok {
				return intConst(lt.(*lltypes.IntType), c), nil
			}
			return b.NewSExt(x, lt), nil
		}
		return b.NewZExt(x, lt), nil
	}
}

// intBits is the width of an integer type or of a vector's integers.
func intBits(t lltypes.Type) uint64 {
	if v, ok := t.(*lltypes.VectorType); ok {
		t = v.ElemType
	}
	return t.(*lltypes.IntType).BitSize
}

// ieeeMinMax is IEEE 754-2019 maximum (max) or minimum: the larger
// (smaller) operand; for equal operands the bitwise AND (OR) of their bits,
// which orders -0 below +0; NaN if either operand is NaN. All selects, so
// that loops vectorize.
func (fb *fnBuilder) ieeeMinMax(t ir.Type, x, y value.Value, max bool) value.Value {
	b := fb.cur
	ft := t.(*ir.FloatType)
	lt, _ := scalarType(t)
	lt = fb.vt(lt)
	it := fb.vt(lltypes.NewInt(uint64(registerWidth(ft))))
	pred, bits := enum.FPredOLT, value.Value(nil)
	if max {
		pred = enum.FPredOGT
	}
	pick := b.NewSelect(b.NewFCmp(pred, x, y), x, y)
	xi, yi := b.NewBitCast(x, it), b.NewBitCast(y, it)
	if max {
		bits = b.NewAnd(xi, yi)
	} else {
		bits = b.NewOr(xi, yi)
	}
	equal := b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, y), b.NewBitCast(bits, lt), pick)
	return b.NewSelect(b.NewFCmp(enum.FPredUNO, x, y), fb.splat(nanConst(ft)), equal)
}

// roundedDiv is floor (or ceil) division of signed integers.
func (fb *fnBuilder) roundedDiv(x, y value.Value, floor bool) value.Value {
	b := fb.cur
	q := b.NewSDiv(x, y)
	r := b.NewSRem(x, y)
	zero := constant.NewInt(x.Type().(*lltypes.IntType), 0)
	inexact := b.NewICmp(enum.IPredNE, r, zero)
	rNeg := b.NewICmp(enum.IPredSLT, r, zero)
	yNeg := b.NewICmp(enum.IPredSLT, y, zero)
	if floor {
		adjust := b.NewAnd(inexact, b.NewXor(rNeg, yNeg))
		return b.NewSub(q, b.NewZExt(adjust, x.Type()))
	}
	adjust := b.NewAnd(inexact, b.NewICmp(enum.IPredEQ, rNeg, yNeg))
	return b.NewAdd(q, b.NewZExt(adjust, x.Type()))
}

// intrinsic calls an overloaded LLVM intrinsic on scalars of type t.
func (fb *fnBuilder) intrinsic(base string, t ir.Type, args ...value.Value) (value.Value, error) {
	lt, err := scalarType(t)
	if err != nil {
		return nil, err
	}
	lt = fb.vt(lt)
	params := make([]lltypes.Type, len(args))
	for i := range params {
		params[i] = lt
	}
	f := fb.e.declare(fmt.Sprintf("%s.%s", base, suffix(lt)), lt, false, params...)
	return fb.cur.NewCall(f, args...), nil
}

func suffix(t lltypes.Type) string {
	if v, ok := t.(*lltypes.VectorType); ok {
		return fmt.Sprintf("v%d%s", v.Len, suffix(v.ElemType))
	}
	switch t {
	case lltypes.Float:
		return "f32"
	case lltypes.Double:
		return "f64"
	}
	return t.String()
}

// libm calls the C math function fn (fnf for f32).
func (fb *fnBuilder) libm(fn string, t *ir.FloatType, args []value.Value) value.Value {
	lt := lltypes.Type(lltypes.Double)
	if t.Kind != ir.F64 { // f16 and bf16 compute in f32
		lt = lltypes.Float
		fn += "f"
	}
	params := make([]lltypes.Type, len(args))
	for i := range args {
		params[i] = lt
	}
	return fb.cur.NewCall(fb.e.declare(fn, lt, false, params...), args...)
}
