package interp

import (
	"math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The arith dialect on scalars (rank-0 tensors) and, elementwise without
// broadcasting, on tensors. Integers are signless; each op picks the
// signedness. What LLVM calls undefined behavior or poison (division by
// zero, signed division overflow, shifts by the width or more, float to
// integer conversions out of range) is an error here.

func arithConstant(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	rt := op.Result(0).Type()
	elem := ir.ElementTypeOf(rt)
	var t *Tensor
	var err error
	switch a := op.Attr("value").(type) {
	case *ir.DenseElementsAttr:
		t, err = FromDense(a)
	case *ir.FloatAttr:
		t, err = NewFloats(elem, nil, []float64{a.Value})
	case *ir.IntegerAttr:
		t, err = NewInts(elem, nil, []int64{a.Value})
	case *ir.BoolAttr:
		t, err = NewInts(elem, nil, []int64{b2i(a.Value)})
	default:
		return nil, op.Emit("requires an integer, float or dense elements 'value'")
	}
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(t), nil
}

// arithIntKind is the integer kind arith computes in: signless, so signed
// storage; index is 64 bits.
func arithIntType(elem ir.Type) *ir.IntegerType {
	if it, ok := elem.(*ir.IntegerType); ok {
		return it
	}
	return ir.I64
}

// signedVal reads a stored integer as arith's signed view: the same value,
// except that an i1 true (stored 1) is -1.
func signedVal(k elemKind, v int64) int64 {
	if k.width == 1 {
		return -v
	}
	return v
}

func arithBinary(def arith.BinaryOp) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, err := tensors(op, in)
		if err != nil {
			return nil, err
		}
		if err := sameElems(op, ts); err != nil {
			return nil, err
		}
		l, err := sameShapeLayout(op, ts)
		if err != nil {
			return nil, err
		}
		a, b := ts[0], ts[1]
		k, err := kindOf(a.elem)
		if err != nil {
			return nil, op.Emit("%v", err)
		}
		out := newTensor(a.elem, k, l.shape)
		if k.float != (def.Kind == arith.FloatOp) {
			return nil, op.Emit("does not take %s elements", a.elem)
		}
		if k.float {
			l.each(func(o int, offs []int) { out.f[o] = k.round(def.F(a.f[offs[0]], b.f[offs[1]])) })
			return one(out), nil
		}
		it := arithIntType(a.elem)
		d := def.Def()
		signedDiv := d == arith.DivSI || d == arith.CeilDivSI || d == arith.FloorDivSI
		var ub *ir.Diagnostic
		l.each(func(o int, offs []int) {
			x, y := signedVal(k, a.i[offs[0]]), signedVal(k, b.i[offs[1]])
			v, ok := def.I(x, y, it)
			if ok && signedDiv && y == -1 && x == k.minInt() {
				ok = false
			}
			if !ok && ub == nil {
				ub = op.Emit("undefined behavior on operands %d and %d (division by zero, signed overflow or a shift by %d bits or more)", x, y, k.width)
			}
			out.i[o] = k.wrap(v)
		})
		if ub != nil {
			return nil, ub
		}
		return one(out), nil
	}
}

func predicate(op *ir.Operation) int {
	if p, ok := op.Attr("predicate").(*ir.IntegerAttr); ok {
		return int(p.Value)
	}
	return -1
}

func arithCmp(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if err := sameElems(op, ts); err != nil {
		return nil, err
	}
	l, err := sameShapeLayout(op, ts)
	if err != nil {
		return nil, err
	}
	a, b := ts[0], ts[1]
	p := predicate(op)
	out := newTensor(ir.I1, elemKind{width: 1, unsigned: true}, l.shape)
	if op.Def() == arith.CmpF {
		if p < 0 || p >= len(arith.FloatPredicates) || !a.IsFloat() {
			return nil, op.Emit("needs a float predicate and float operands")
		}
		l.each(func(o int, offs []int) { out.i[o] = b2i(arith.EvalFloatPredicate(p, a.f[offs[0]], b.f[offs[1]])) })
		return one(out), nil
	}
	if p < 0 || p >= len(arith.IntPredicates) || a.IsFloat() {
		return nil, op.Emit("needs an integer predicate and integer operands")
	}
	it := arithIntType(a.elem)
	k, _ := kindOf(a.elem)
	l.each(func(o int, offs []int) {
		out.i[o] = b2i(arith.EvalIntPredicate(p, signedVal(k, a.i[offs[0]]), signedVal(k, b.i[offs[1]]), it))
	})
	return one(out), nil
}

func arithNegf(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	if !x.IsFloat() {
		return nil, op.Emit("needs float elements")
	}
	out := newTensor(x.elem, elemKind{float: true}, x.shape)
	for i, v := range x.f {
		out.f[i] = -v
	}
	return one(out), nil
}

// arithSelect picks whole operands by a scalar condition, or elements by a
// condition of the result's shape.
func arithSelect(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	c, x, y := ts[0], ts[1], ts[2]
	if err := sameElems(op, ts[1:]); err != nil {
		return nil, err
	}
	if c.Rank() == 0 && !ir.IsTensor(op.Operand(0).Type()) {
		if c.i[0] != 0 {
			return one(x), nil
		}
		return one(y), nil
	}
	l, err := sameShapeLayout(op, ts)
	if err != nil {
		return nil, err
	}
	k, _ := kindOf(x.elem)
	out := newTensor(x.elem, k, l.shape)
	l.each(func(o int, offs []int) {
		src, j := y, offs[2]
		if c.i[offs[0]] != 0 {
			src, j = x, offs[1]
		}
		out.copyElem(o, src, j)
	})
	return one(out), nil
}

// arithCast implements the arith casts element by element.
func arithCast(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x, elem := ts[0], resultElem(op, 0)
	from, err := kindOf(x.elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	to, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(elem, to, x.shape)
	def := op.Def()
	for i := range x.Len() {
		switch def {
		case arith.ExtF, arith.TruncF:
			out.f[i] = to.round(x.f[i])
		case arith.SIToFP:
			out.f[i] = to.hlo().RoundInt(signedVal(from, x.i[i]), false)
		case arith.UIToFP:
			out.f[i] = to.hlo().RoundInt(int64(from.mask(x.i[i])), true)
		case arith.FPToSI, arith.FPToUI:
			v := math.Trunc(x.f[i])
			lo, hi := -math.Ldexp(1, to.width-1), math.Ldexp(1, to.width-1)
			if def == arith.FPToUI {
				lo, hi = 0, math.Ldexp(1, to.width)
			}
			if math.IsNaN(v) || v < lo || v >= hi {
				return nil, op.Emit("%v does not fit %s (poison)", x.f[i], elem)
			}
			if v >= 1<<63 {
				out.i[i] = to.wrap(int64(uint64(v)))
			} else {
				out.i[i] = to.wrap(int64(v))
			}
		case arith.ExtSI, arith.TruncI, arith.IndexCast:
			out.i[i] = to.wrap(signedVal(from, x.i[i]))
		case arith.ExtUI, arith.IndexCastUI:
			out.i[i] = to.wrap(int64(from.mask(x.i[i])))
		case arith.Bitcast:
			switch {
			case from.float && to.float:
				out.f[i] = ir.FloatFromBits(ir.FloatBits(x.f[i], from.fk), to.fk)
			case from.float:
				out.i[i] = to.wrap(int64(ir.FloatBits(x.f[i], from.fk)))
			case to.float:
				out.f[i] = ir.FloatFromBits(from.mask(x.i[i]), to.fk)
			default:
				out.i[i] = to.wrap(x.i[i])
			}
		default:
			return nil, op.Emit("is not interpretable")
		}
	}
	return one(out), nil
}

func init() {
	registerOps(arithConstant, arith.Constant)
	for _, b := range arith.BinaryOps {
		if (b.Kind == arith.FloatOp && b.F == nil) || (b.Kind == arith.IntOp && b.I == nil) {
			continue
		}
		registerOps(arithBinary(b), b.Def())
	}
	registerOps(arithCmp, arith.CmpF, arith.CmpI)
	registerOps(arithNegf, arith.NegF)
	registerOps(arithSelect, arith.Select)
	registerOps(arithCast, arith.ExtF, arith.TruncF, arith.SIToFP, arith.UIToFP, arith.FPToSI, arith.FPToUI,
		arith.ExtSI, arith.ExtUI, arith.TruncI, arith.IndexCast, arith.IndexCastUI, arith.Bitcast)
}
