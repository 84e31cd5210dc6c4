package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// layout maps the elements of a result to the elements of its operands:
// for operand k, strides[k][d] is how far its flat offset moves when result
// index d grows by one (0 along a dim it is broadcast over).
type layout struct {
	shape   []int64
	strides [][]int
}

func rowMajorStrides(shape []int64) []int {
	s := make([]int, len(shape))
	n := 1
	for d := len(shape) - 1; d >= 0; d-- {
		s[d] = n
		n *= int(shape[d])
	}
	return s
}

// broadcastLayout broadcasts the run-time shapes of an implicitly
// broadcasting hlo op by its policy and broadcast_dimensions. The shape
// inference is broadcast.Infer on the actual sizes, so a dynamic dim that
// is 1 at run time stretches (numpy policy) and incompatible sizes are an
// error naming the op, the operands, the dim and both sizes.
func broadcastLayout(op *ir.Operation, ins []*Tensor) (*layout, error) {
	spec, err := hlo.BroadcastSpec(op)
	if err != nil {
		return nil, err
	}
	ops := make([]broadcast.Operand, len(ins))
	for i, t := range ins {
		ops[i] = broadcast.Operand{Shape: t.shape, Ranked: true}
	}
	shape, places, _, conflict := broadcast.Infer(ops, spec)
	if conflict != nil {
		return nil, op.Emit("%srun-time operand shapes %s do not broadcast: %s", inFunction(op), shapesString(ins), conflict.Error())
	}
	l := &layout{shape: shape, strides: make([][]int, len(ins))}
	for k, t := range ins {
		s := make([]int, len(shape))
		own := rowMajorStrides(t.shape)
		for i, rd := range places[k].ResultDim {
			switch t.shape[i] {
			case shape[rd]:
				s[rd] = own[i]
			case 1:
				s[rd] = 0 // stretched
			default:
				return nil, op.Emit("interp: operand #%d dim %d of size %d placed at result dim %d of size %d", k, i, t.shape[i], rd, shape[rd])
			}
		}
		l.strides[k] = s
	}
	return l, nil
}

// sameShapeLayout is the layout of an elementwise op without broadcasting
// (arith on tensors, hlo unary ops): all shapes must be equal.
func sameShapeLayout(op *ir.Operation, ins []*Tensor) (*layout, error) {
	l := &layout{strides: make([][]int, len(ins))}
	for k, t := range ins {
		if k == 0 {
			l.shape = t.shape
		} else if !equalShapes(t.shape, l.shape) {
			return nil, op.Emit("operands have different run-time shapes %s", shapesString(ins))
		}
		l.strides[k] = rowMajorStrides(t.shape)
	}
	return l, nil
}

func equalShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// each calls fn for every result element in row-major order with the
// result's flat index and each operand's flat offset.
func (l *layout) each(fn func(out int, offs []int)) {
	n := numElements(l.shape)
	if n == 0 {
		return
	}
	rank := len(l.shape)
	offs := make([]int, len(l.strides))
	idx := make([]int64, rank)
	for out := 0; out < n; out++ {
		fn(out, offs)
		for d := rank - 1; d >= 0; d-- {
			idx[d]++
			for k := range offs {
				offs[k] += l.strides[k][d]
			}
			if idx[d] < l.shape[d] {
				break
			}
			for k := range offs {
				offs[k] -= l.strides[k][d] * int(l.shape[d])
			}
			idx[d] = 0
		}
	}
}

// binaryKernel computes out = f(a, b) elementwise over l, with the
// element function of binary op e for the element type elem.
func binaryKernel(op *ir.Operation, e *hlo.BinaryOp, l *layout, a, b *Tensor, elem ir.Type) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(elem, k, l.shape)
	if k.complex {
		f := e.Eval.Complex
		if f == nil {
			return nil, op.Emit("is not defined on complex elements")
		}
		l.each(func(o int, offs []int) { out.c[o] = hlo.RoundComplex(f(a.c[offs[0]], b.c[offs[1]]), k.fk) })
		return out, nil
	}
	if k.float {
		f := e.Eval.FloatFn(k.fk)
		if f == nil {
			return nil, op.Emit("is not defined on floating-point elements")
		}
		l.each(func(o int, offs []int) { out.f[o] = k.round(f(a.f[offs[0]], b.f[offs[1]])) })
		return out, nil
	}
	ik := k.intKind()
	f := e.Eval.Int(ik)
	if f == nil {
		return nil, op.Emit("is not defined on %s elements", elem)
	}
	l.each(func(o int, offs []int) { out.i[o] = k.wrap(f(a.i[offs[0]], b.i[offs[1]], ik)) })
	return out, nil
}

func sameElems(op *ir.Operation, ts []*Tensor) error {
	for i := 1; i < len(ts); i++ {
		if ts[i].elem != ts[0].elem {
			return op.Emit("operands #0 and #%d have different element types %s and %s", i, ts[0].elem, ts[i].elem)
		}
	}
	return nil
}

// hloBinary is the handler of the binary op e.
func hloBinary(e *hlo.BinaryOp) handler {
	return func(_ *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, err := tensors(op, in)
		if err != nil {
			return nil, err
		}
		if err := sameElems(op, ts); err != nil {
			return nil, err
		}
		l, err := broadcastLayout(op, ts)
		if err != nil {
			return nil, err
		}
		out, err := binaryKernel(op, e, l, ts[0], ts[1], ts[0].elem)
		if err != nil {
			return nil, err
		}
		return one(out), nil
	}
}

// hloUnary is the handler of the unary op e.
func hloUnary(e *hlo.UnaryOp) handler {
	return func(_ *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ts, err := tensors(op, in)
		if err != nil {
			return nil, err
		}
		x := ts[0]
		k, err := kindOf(x.elem)
		if err != nil {
			return nil, op.Emit("%v", err)
		}
		if test := e.Eval.FloatTest; test != nil {
			if !k.float {
				return nil, op.Emit("needs floating-point elements, but has %s", x.elem)
			}
			out := newTensor(ir.I1, elemKind{width: 1, unsigned: true}, x.shape)
			for i, v := range x.f {
				out.i[i] = b2i(test(v))
			}
			return one(out), nil
		}
		if k.complex {
			return unaryComplex(op, e, x, k)
		}
		out := newTensor(x.elem, k, x.shape)
		if k.float {
			f := e.Eval.Float
			if f == nil {
				return nil, op.Emit("is not defined on floating-point elements")
			}
			for i, v := range x.f {
				out.f[i] = k.round(f(v))
			}
			return one(out), nil
		}
		ik := k.intKind()
		f := e.Eval.Int(ik)
		if f == nil {
			return nil, op.Emit("is not defined on %s elements", x.elem)
		}
		for i, v := range x.i {
			out.i[i] = k.wrap(f(v, ik))
		}
		return one(out), nil
	}
}

func hloCompare(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if err := sameElems(op, ts); err != nil {
		return nil, err
	}
	l, err := broadcastLayout(op, ts)
	if err != nil {
		return nil, err
	}
	k, err := kindOf(ts[0].elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	dir, ct := hlo.Direction(op), hlo.CompareTypeOf(op)
	out := newTensor(ir.I1, elemKind{width: 1, unsigned: true}, l.shape)
	a, b := ts[0], ts[1]
	if k.complex {
		f := hlo.CompareComplex(dir)
		if f == nil {
			return nil, op.Emit("comparison direction %s is not defined on complex elements", dir)
		}
		l.each(func(o int, offs []int) { out.i[o] = b2i(f(a.c[offs[0]], b.c[offs[1]])) })
		return one(out), nil
	}
	if !hlo.CompareTypeApplies(ct, k.hlo()) {
		return nil, op.Emit("compare type %s does not apply to %s elements", ct, a.elem)
	}
	if k.float {
		f := hlo.CompareFloats(dir, ct == "TOTALORDER", k.fk)
		if f == nil {
			return nil, op.Emit("unknown comparison direction %q", dir)
		}
		l.each(func(o int, offs []int) { out.i[o] = b2i(f(a.f[offs[0]], b.f[offs[1]])) })
		return one(out), nil
	}
	ik := k.intKind()
	f := hlo.CompareInts(dir, hlo.CompareUnsigned(ct, ik), ik)
	if f == nil {
		return nil, op.Emit("unknown comparison direction %q", dir)
	}
	l.each(func(o int, offs []int) { out.i[o] = b2i(f(a.i[offs[0]], b.i[offs[1]])) })
	return one(out), nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func hloSelect(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if ts[0].elem != ir.I1 {
		return nil, op.Emit("predicate has element type %s, not i1", ts[0].elem)
	}
	if err := sameElems(op, ts[1:]); err != nil {
		return nil, err
	}
	l, err := broadcastLayout(op, ts)
	if err != nil {
		return nil, err
	}
	p, x, y := ts[0], ts[1], ts[2]
	k, err := kindOf(x.elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(x.elem, k, l.shape)
	l.each(func(o int, offs []int) {
		if p.i[offs[0]] != 0 {
			out.copyElem(o, x, offs[1])
		} else {
			out.copyElem(o, y, offs[2])
		}
	})
	return one(out), nil
}

// hloClamp is minimum(maximum(operand, lo), hi) (hlo.ClampFloat,
// hlo.ClampInt, hlo.ClampComplex).
func hloClamp(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	if err := sameElems(op, ts); err != nil {
		return nil, err
	}
	l, err := broadcastLayout(op, ts)
	if err != nil {
		return nil, err
	}
	lo, x, hi := ts[0], ts[1], ts[2]
	k, err := kindOf(x.elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	out := newTensor(x.elem, k, l.shape)
	if k.complex {
		l.each(func(o int, offs []int) { out.c[o] = hlo.ClampComplex(lo.c[offs[0]], x.c[offs[1]], hi.c[offs[2]]) })
		return one(out), nil
	}
	if k.float {
		l.each(func(o int, offs []int) { out.f[o] = hlo.ClampFloat(lo.f[offs[0]], x.f[offs[1]], hi.f[offs[2]]) })
		return one(out), nil
	}
	ik := k.intKind()
	l.each(func(o int, offs []int) { out.i[o] = hlo.ClampInt(lo.i[offs[0]], x.i[offs[1]], hi.i[offs[2]], ik) })
	return one(out), nil
}

// hloReducePrecision rounds each element to the op's format
// (hlo.ReducePrecisionElem).
func hloReducePrecision(_ *evaluator, op *ir.Operation, in []value) ([]value, error) {
	x, k, err := floatOperand(op, in)
	if err != nil {
		return nil, err
	}
	e, _ := hlo.IntAttr(op.Attr("exponent_bits"))
	m, _ := hlo.IntAttr(op.Attr("mantissa_bits"))
	out := newTensor(x.elem, k, x.shape)
	for i, v := range x.f {
		out.f[i] = hlo.ReducePrecisionElem(v, k.fk, e, m)
	}
	return one(out), nil
}

func init() {
	for _, b := range hlo.BinaryOps {
		registerOps(hloBinary(b), b.Def)
	}
	for _, u := range hlo.UnaryOps {
		registerOps(hloUnary(u), u.Def)
	}
	registerOps(hloCompare, hlo.CompareOp)
	registerOps(hloSelect, hlo.SelectOp)
	registerOps(hloClamp, hlo.ClampOp)
	registerOps(hloReducePrecision, hlo.ReducePrecisionOp)
}

// inFunction is "in @f: " for an op in function f ("" outside functions),
// for run-time errors.
func inFunction(op *ir.Operation) string {
	if f := ir.EnclosingSymbolName(op); f != "" {
		return "in @" + f + ": "
	}
	return ""
}
