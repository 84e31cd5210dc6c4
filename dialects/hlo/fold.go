package hlo

import (
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// This file holds the constant folders of the elementwise ops: an op whose
// operands are all hlo constants and whose result is a static tensor of at
// most MaxFoldElements elements becomes a constant. Operands broadcast as
// the op says (broadcast.Infer gives each operand's placement), so
// `add(dense<[1, 2]>, dense<10>)` folds too. Each element is the op's
// element function from its entry (elementwise_ops.go), the one the
// interpreter runs; the cases an entry's Folds leaves to run time
// (integer division by zero, 64-bit INT_MIN / -1, a negative integer
// power) and compares of type TOTALORDER are not folded. declareBinary
// and declareUnary attach the binary and unary folders, elementwise.go's
// init those of compare, select and clamp.

// MaxFoldElements bounds the size of a folded constant.
const MaxFoldElements = 1024

// elem is one element value: f for floats, i for integers (sign- or
// zero-extended by the element type, i1 as 0 or 1), c for complex numbers.
type elem struct {
	f float64
	i int64
	c complex128
}

// elemAt reads element at of d into an elem.
func elemAt(d *ir.DenseElementsAttr, at int64) elem {
	switch et := d.Type.ElementType(); {
	case ir.IsFloat(et):
		return elem{f: d.FloatAt(at)}
	case ir.IsComplex(et):
		return elem{c: d.ComplexAt(at)}
	}
	return elem{i: d.IntAt(at)}
}

// operandValues reads the constant operands of op, each expanded to the
// result's shape through its broadcast placement. It returns nil if an
// operand is not a constant or the result is not a small static tensor.
func operandValues(op *ir.Operation, c []ir.Attribute) (rt *ir.RankedTensorType, vals [][]elem) {
	rt = rankedTensor(op.Result(0).Type())
	if rt == nil || !rt.HasStaticShape() || ir.NumElements(rt.Shape()) > MaxFoldElements {
		return nil, nil
	}
	in := make([]broadcast.Operand, len(c))
	dense := make([]*ir.DenseElementsAttr, len(c))
	for i, a := range c {
		d, ok := a.(*ir.DenseElementsAttr)
		if !ok || !d.Type.HasRank() || !ir.IsStaticShape(d.Type.Shape()) {
			return nil, nil
		}
		dense[i] = d
		in[i] = broadcast.Operand{Shape: d.Type.Shape(), Ranked: true}
	}
	spec, err := BroadcastSpec(op)
	if err != nil {
		return nil, nil
	}
	_, places, _, conflict := broadcast.Infer(in, spec)
	if conflict != nil {
		return nil, nil
	}
	shape := rt.Shape()
	n := ir.NumElements(shape)
	idx := make([]int64, len(shape))
	vals = make([][]elem, len(c))
	for i := range vals {
		vals[i] = make([]elem, n)
	}
	for lin := int64(0); lin < n; lin++ {
		// idx is the multi-index of lin.
		r := lin
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d] = r % shape[d]
			r /= shape[d]
		}
		for i, d := range dense {
			vals[i][lin] = elemAt(d, sourceIndex(d.Type.Shape(), places[i].ResultDim, idx))
		}
	}
	return rt, vals
}

// sourceIndex is the linear index, in an operand of shape shape placed at
// result dims place, of the element that broadcasts to result index idx.
func sourceIndex(shape, place, idx []int64) int64 {
	at := int64(0)
	for k, to := range place {
		at *= shape[k]
		if shape[k] != 1 {
			at += idx[to]
		}
	}
	return at
}

// BroadcastConstant returns the constant d broadcast to the static type t
// with operand dim k feeding result dim dims[k] (hlo.broadcast_in_dim's
// rule), or nil if t has more than MaxFoldElements elements (a splat
// broadcasts at any size).
func BroadcastConstant(d *ir.DenseElementsAttr, dims []int64, t *ir.RankedTensorType) *ir.DenseElementsAttr {
	if !t.HasStaticShape() || d.NumElements() == 0 || t.ElementType() != d.Type.ElementType() || len(dims) != len(d.Type.Shape()) {
		return nil
	}
	if d.IsSplatValue() {
		splat, err := ir.NewDenseSplat(t, d.ElementAttr(0))
		if err != nil {
			return nil
		}
		return splat
	}
	shape := t.Shape()
	n := ir.NumElements(shape)
	if n > MaxFoldElements {
		return nil
	}
	idx := make([]int64, len(shape))
	from := d.Type.Shape()
	out := make([]elem, n)
	for lin := int64(0); lin < n; lin++ {
		r := lin
		for k := len(shape) - 1; k >= 0; k-- {
			idx[k] = r % shape[k]
			r /= shape[k]
		}
		out[lin] = elemAt(d, sourceIndex(from, dims, idx))
	}
	return result(t, out)[0].Attr.(*ir.DenseElementsAttr)
}

// result builds the folded constant of type rt from out (floats or ints
// by rt's element type).
func result(rt *ir.RankedTensorType, out []elem) []ir.FoldResult {
	et := rt.ElementType()
	same := true
	for _, e := range out {
		same = same && e == out[0]
	}
	if same && len(out) > 0 {
		out = out[:1]
	}
	if k, ok := ir.ComplexPartKind(et); ok {
		cs := make([]complex128, len(out))
		for i, e := range out {
			cs[i] = RoundComplex(e.c, k)
		}
		return []ir.FoldResult{{Attr: ir.NewDenseComplex(rt, cs)}}
	}
	if ft, ok := et.(*ir.FloatType); ok {
		fs := make([]float64, len(out))
		for i, e := range out {
			fs[i] = ir.RoundToFloatType(e.f, ft.Kind)
		}
		return []ir.FoldResult{{Attr: ir.NewDenseFloats(rt, fs)}}
	}
	is := make([]int64, len(out))
	for i, e := range out {
		is[i] = ir.TruncateInt(e.i, et)
	}
	return []ir.FoldResult{{Attr: ir.NewDenseInts(rt, is)}}
}

// binaryFolder returns the folder of the binary op e.
func binaryFolder(e *BinaryOp) func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		rt, vals := operandValues(op, c)
		if rt == nil {
			return nil
		}
		out := make([]elem, len(vals[0]))
		if ir.IsComplex(rt.ElementType()) {
			if e.Eval.Complex == nil {
				return nil
			}
			for i := range out {
				out[i].c = e.Eval.Complex(vals[0][i].c, vals[1][i].c)
			}
			return result(rt, out)
		}
		if ft, ok := rt.ElementType().(*ir.FloatType); ok {
			f := e.Eval.FloatFn(ft.Kind)
			if f == nil {
				return nil
			}
			for i := range out {
				out[i].f = f(vals[0][i].f, vals[1][i].f)
			}
			return result(rt, out)
		}
		k := IntKindOf(rt.ElementType())
		fn := e.Eval.Int(k)
		if fn == nil {
			return nil
		}
		for i := range out {
			a, b := vals[0][i].i, vals[1][i].i
			if e.Eval.Folds != nil && !e.Eval.Folds(a, b, k) {
				return nil
			}
			out[i].i = fn(a, b, k)
		}
		return result(rt, out)
	}
}

// unaryFolder returns the folder of the unary op e.
func unaryFolder(e *UnaryOp) func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		rt, vals := operandValues(op, c)
		if rt == nil {
			return nil
		}
		out := make([]elem, len(vals[0]))
		in := ir.ElementTypeOf(op.Operand(0).Type())
		k := IntKindOf(in)
		switch {
		case ir.IsComplex(in) && e.Eval.ComplexToReal != nil:
			for i := range out {
				out[i].f = e.Eval.ComplexToReal(vals[0][i].c)
			}
		case ir.IsComplex(in) && e.Eval.Complex != nil:
			for i := range out {
				out[i].c = e.Eval.Complex(vals[0][i].c)
			}
		case ir.IsComplex(in):
			return nil
		case ir.IsFloat(in) && e.Eval.FloatTest != nil:
			for i := range out {
				if e.Eval.FloatTest(vals[0][i].f) {
					out[i].i = 1
				}
			}
		case ir.IsFloat(in) && e.Eval.Float != nil:
			for i := range out {
				out[i].f = e.Eval.Float(vals[0][i].f)
			}
		case !ir.IsFloat(in) && e.Eval.Int(k) != nil:
			fn := e.Eval.Int(k)
			for i := range out {
				out[i].i = fn(vals[0][i].i, k)
			}
		default:
			return nil
		}
		return result(rt, out)
	}
}

// foldCompare folds hlo.compare (not TOTALORDER) to an i1 constant; a
// compare type that does not apply to the element type reads as NOTYPE.
func foldCompare(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	dir, ct := Direction(op), CompareTypeOf(op)
	if ct == "TOTALORDER" {
		return nil
	}
	et := ir.ElementTypeOf(op.Operand(0).Type())
	out := make([]elem, len(vals[0]))
	if ir.IsComplex(et) {
		cmp := CompareComplex(dir)
		if cmp == nil {
			return nil
		}
		for i := range out {
			if cmp(vals[0][i].c, vals[1][i].c) {
				out[i].i = 1
			}
		}
		return result(rt, out)
	}
	if ir.IsFloat(et) {
		cmp := CompareFloats(dir, false, et.(*ir.FloatType).Kind)
		if cmp == nil {
			return nil
		}
		for i := range out {
			if cmp(vals[0][i].f, vals[1][i].f) {
				out[i].i = 1
			}
		}
		return result(rt, out)
	}
	k := IntKindOf(et)
	cmp := CompareInts(dir, CompareUnsigned(ct, k), k)
	if cmp == nil {
		return nil
	}
	for i := range out {
		if cmp(vals[0][i].i, vals[1][i].i) {
			out[i].i = 1
		}
	}
	return result(rt, out)
}

// foldSelect picks a branch when the predicate is one constant, or folds
// all-constant operands.
func foldSelect(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rtype := op.Result(0).Type()
	// select(p, x, x) is x only if p's shape cannot fail the broadcast at
	// run time: a predicate with a dynamic dim may not fit, and that error
	// must not be folded away.
	if pt, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && pt.HasStaticShape() &&
		op.Operand(1) == op.Operand(2) && op.Operand(1).Type() == rtype {
		return []ir.FoldResult{{Value: op.Operand(1)}}
	}
	if p, ok := c[0].(*ir.DenseElementsAttr); ok && p.IsSplatValue() && p.NumElements() > 0 {
		pick := op.Operand(2)
		if p.IntAt(0) != 0 {
			pick = op.Operand(1)
		}
		if pick.Type() == rtype {
			return []ir.FoldResult{{Value: pick}}
		}
	}
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	out := make([]elem, len(vals[0]))
	for i := range out {
		if vals[0][i].i != 0 {
			out[i] = vals[1][i]
		} else {
			out[i] = vals[2][i]
		}
	}
	return result(rt, out)
}

// foldClamp folds clamp(min, x, max) = minimum(maximum(x, min), max).
func foldClamp(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	out := make([]elem, len(vals[0]))
	if ir.IsComplex(rt.ElementType()) {
		for i := range out {
			out[i].c = ClampComplex(vals[0][i].c, vals[1][i].c, vals[2][i].c)
		}
		return result(rt, out)
	}
	if ir.IsFloat(rt.ElementType()) {
		for i := range out {
			out[i].f = ClampFloat(vals[0][i].f, vals[1][i].f, vals[2][i].f)
		}
		return result(rt, out)
	}
	k := IntKindOf(rt.ElementType())
	for i := range out {
		out[i].i = ClampInt(vals[0][i].i, vals[1][i].i, vals[2][i].i, k)
	}
	return result(rt, out)
}
