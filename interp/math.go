package interp

import (
	mathdialect "github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The math dialect (dialects/math), on scalars and, elementwise without
// broadcasting, on tensors of one shape. The functions are the dialect's
// own tables (mathdialect.UnaryOps and BinaryOps, shared with its
// folders): computed in float64 and rounded to the element type, as the
// hlo ops are, so `math.exp` and `hlo.exponential` give the same bits.
// Fast-math flags are ignored: the interpreter computes the IEEE result
// even where a flag would allow another (nnan, ninf: poison).

func mathUnary(f func(float64) float64) handler {
	return func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		x, k, err := floatOperand(op, in)
		if err != nil {
			return nil, err
		}
		out := newTensor(x.elem, k, x.shape)
		for i, v := range x.f {
			out.f[i] = k.round(f(v))
		}
		return one(out), nil
	}
}

// floatOperand returns op's first operand and its element kind, which
// must be a float.
func floatOperand(op *ir.Operation, in []value) (*Tensor, elemKind, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, elemKind{}, err
	}
	x := ts[0]
	k, err := kindOf(x.elem)
	if err != nil {
		return nil, elemKind{}, op.Emit("%v", err)
	}
	if !k.float {
		return nil, elemKind{}, op.Emit("needs floating-point elements, but has %s", x.elem)
	}
	return x, k, nil
}

func mathBinary(f func(float64, float64) float64) handler {
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
		if !k.float {
			return nil, op.Emit("needs floating-point elements, but has %s", a.elem)
		}
		out := newTensor(a.elem, k, l.shape)
		l.each(func(o int, offs []int) { out.f[o] = k.round(f(a.f[offs[0]], b.f[offs[1]])) })
		return one(out), nil
	}
}

func init() {
	for def, f := range mathdialect.UnaryOps {
		registerOps(mathUnary(f), def)
	}
	for def, f := range mathdialect.BinaryOps {
		registerOps(mathBinary(f), def)
	}
}
