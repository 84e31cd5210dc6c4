package llvm

import (
	"fmt"
	"strings"
	"sync"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The arith and math dialects on scalars become LLVM instructions,
// intrinsics, or C math library calls. Semantics follow MLIR's lowering to
// LLVM, except arith.maximumf / minimumf, which LLVM 14 cannot select as
// llvm.maximum on x86: they are compare-and-select sequences with the same
// meaning (NaN if either operand is NaN, -0 < +0).
//
// arith.constant is here too: a scalar, extents, or a constant array.

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

// mathIntrinsics are math ops with an LLVM intrinsic of the same meaning.
var mathIntrinsics = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2", "log10": "log10",
		"sqrt": "sqrt", "absf": "fabs", "floor": "floor", "ceil": "ceil", "roundeven": "roundeven",
		"round": "round", "trunc": "trunc", "sin": "sin", "cos": "cos", "powf": "pow",
		"copysign": "copysign", "fma": "fma",
	}
})

// libmFuncs are math ops computed by the C math library function of that
// name (with an "f" suffix for f32).
var libmFuncs = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"tanh": "tanh", "expm1": "expm1", "log1p": "log1p", "cbrt": "cbrt", "atan2": "atan2",
		"atan": "atan", "tan": "tan", "erf": "erf", "asin": "asin", "acos": "acos",
		"sinh": "sinh", "cosh": "cosh", "asinh": "asinh", "acosh": "acosh", "atanh": "atanh",
	}
})

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

func (l *fnLowering) lowerScalarOp(op *ir.Operation) error {
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
	x, err := l.scalarOp(op, t, args)
	if err != nil {
		return err
	}
	x = l.halfResult(op, t, x)
	l.vals[op.Result(0)] = lval{scalar: x}
	return nil
}

func isScalarType(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType:
		return true
	}
	return false
}

func (l *fnLowering) scalarOp(op *ir.Operation, t ir.Type, a []value.Value) (value.Value, error) {
	b := l.cur
	dialect, name, _ := strings.Cut(op.Name(), ".")
	if dialect == "math" {
		return l.mathOp(op, t, name, a)
	}
	switch name {
	case "addf":
		return b.NewFAdd(a[0], a[1]), nil
	case "subf":
		return b.NewFSub(a[0], a[1]), nil
	case "mulf":
		return b.NewFMul(a[0], a[1]), nil
	case "divf":
		return b.NewFDiv(a[0], a[1]), nil
	case "remf":
		return b.NewFRem(a[0], a[1]), nil
	case "negf":
		return b.NewFNeg(a[0]), nil
	case "maximumf":
		return l.ieeeMinMax(t, a[0], a[1], true), nil
	case "minimumf":
		return l.ieeeMinMax(t, a[0], a[1], false), nil
	case "maxnumf", "minnumf":
		fn := "llvm.maxnum"
		if name == "minnumf" {
			fn = "llvm.minnum"
		}
		return l.intrinsic(fn, t, a...)
	case "addi":
		return b.NewAdd(a[0], a[1]), nil
	case "subi":
		return b.NewSub(a[0], a[1]), nil
	case "muli":
		return b.NewMul(a[0], a[1]), nil
	case "divsi":
		return b.NewSDiv(a[0], a[1]), nil
	case "divui":
		return b.NewUDiv(a[0], a[1]), nil
	case "remsi":
		return b.NewSRem(a[0], a[1]), nil
	case "remui":
		return b.NewURem(a[0], a[1]), nil
	case "floordivsi", "ceildivsi":
		return l.roundedDiv(a[0], a[1], name == "floordivsi"), nil
	case "andi":
		return b.NewAnd(a[0], a[1]), nil
	case "ori":
		return b.NewOr(a[0], a[1]), nil
	case "xori":
		return b.NewXor(a[0], a[1]), nil
	case "shli":
		return b.NewShl(a[0], a[1]), nil
	case "shrsi":
		return b.NewAShr(a[0], a[1]), nil
	case "shrui":
		return b.NewLShr(a[0], a[1]), nil
	case "maxsi", "minsi", "maxui", "minui":
		pred := map[string]enum.IPred{"maxsi": enum.IPredSGT, "minsi": enum.IPredSLT, "maxui": enum.IPredUGT, "minui": enum.IPredULT}[name]
		return b.NewSelect(b.NewICmp(pred, a[0], a[1]), a[0], a[1]), nil
	case "cmpi":
		p, err := predicate(op, arith.IntPredicates)
		if err != nil {
			return nil, err
		}
		if x, xc := constInt(a[0]); xc {
			if y, yc := constInt(a[1]); yc && op.Operand(0).Type() == ir.Index {
				return constant.NewBool(arith.EvalIntPredicate(predIndex(arith.IntPredicates, p), x, y, ir.I64)), nil
			}
		}
		return b.NewICmp(ipred()[p], a[0], a[1]), nil
	case "cmpf":
		p, err := predicate(op, arith.FloatPredicates)
		if err != nil {
			return nil, err
		}
		return b.NewFCmp(fpred()[p], a[0], a[1]), nil
	case "select":
		return l.sel(a[0], a[1], a[2]), nil
	}
	return l.castOp(op, t, name, a[0])
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

func (l *fnLowering) castOp(op *ir.Operation, t ir.Type, name string, x value.Value) (value.Value, error) {
	b := l.cur
	lt, err := scalarType(t)
	if err != nil {
		return nil, ir.Errorf(op.Loc, "%v", err)
	}
	lt = l.vt(lt)
	if x, ok := l.halfCast(op, t, name, x); ok {
		return x, nil
	}
	switch name {
	case "extf":
		return b.NewFPExt(x, lt), nil
	case "truncf":
		return b.NewFPTrunc(x, lt), nil
	case "sitofp":
		return b.NewSIToFP(x, lt), nil
	case "uitofp":
		return b.NewUIToFP(x, lt), nil
	case "fptosi":
		return b.NewFPToSI(x, lt), nil
	case "fptoui":
		return b.NewFPToUI(x, lt), nil
	case "extsi":
		return b.NewSExt(x, lt), nil
	case "extui":
		return b.NewZExt(x, lt), nil
	case "trunci":
		return b.NewTrunc(x, lt), nil
	case "bitcast":
		return b.NewBitCast(x, lt), nil
	case "index_cast", "index_castui":
		from := x.Type().(*lltypes.IntType).BitSize
		to := lt.(*lltypes.IntType).BitSize
		switch {
		case from == to:
			return x, nil
		case from > to:
			if c, ok := constInt(x); ok {
				return intConst(lt.(*lltypes.IntType), c), nil
			}
			return b.NewTrunc(x, lt), nil
		case name == "index_cast":
			if c, ok := constInt(x); ok {
				return intConst(lt.(*lltypes.IntType), c), nil
			}
			return b.NewSExt(x, lt), nil
		}
		return b.NewZExt(x, lt), nil
	}
	return nil, ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", op.Name())
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

func (l *fnLowering) mathOp(op *ir.Operation, t ir.Type, name string, a []value.Value) (value.Value, error) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		if name == "absi" {
			zero := constant.NewInt(a[0].Type().(*lltypes.IntType), 0)
			neg := l.cur.NewSub(zero, a[0])
			return l.cur.NewSelect(l.cur.NewICmp(enum.IPredSLT, a[0], zero), neg, a[0]), nil
		}
		return nil, ir.Errorf(op.Loc, "'%s' on %s is not lowered to LLVM IR yet", op.Name(), t)
	}
	if ft.Kind != ir.F32 && ft.Kind != ir.F64 && ft.Kind != ir.F16 && ft.Kind != ir.BF16 {
		return nil, ir.Errorf(op.Loc, "%s is not lowered to LLVM IR yet", ft)
	}
	switch name {
	case "rsqrt":
		s, err := l.intrinsic("llvm.sqrt", t, a[0])
		if err != nil {
			return nil, err
		}
		return l.cur.NewFDiv(l.splat(floatConst(ft, 1)), s), nil
	}
	if in, ok := mathIntrinsics()[name]; ok {
		return l.intrinsic("llvm."+in, t, a...)
	}
	if fn, ok := libmFuncs()[name]; ok {
		return l.libm(fn, ft, a), nil
	}
	return nil, ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", op.Name())
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
