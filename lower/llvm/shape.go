package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/shape"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers the shape dialect's ops: shapes are extents (one i64 per
// dim, see lval), and the ops are integer arithmetic on them that LLVM folds
// (numpy's broadcasting rule written out per dim). The constraints and
// witnesses are not lowered: --pipeline=cpu turns them into cf.assert.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(shape.ShapeOf, (*fnLowering).lowerShapeOf)
		r.add(shape.ConstShape, (*fnLowering).lowerConstShape)
		r.add(shape.Broadcast, (*fnLowering).lowerBroadcast)
		r.add(shape.IsBroadcastable, (*fnLowering).lowerIsBroadcastable)
		r.add(shape.ShapeEq, (*fnLowering).lowerShapeEq)
		r.add(shape.GetExtent, (*fnLowering).lowerGetExtent)
		r.add(shape.FromExtents, (*fnLowering).lowerFromExtents)
		r.add(shape.ToExtentTensor, (*fnLowering).lowerToExtentTensor)
	})
}

// lowerShapeOf is the dims of a buffer (a shape's length for extents, none
// for a scalar).
func (l *fnLowering) lowerShapeOf(op *ir.Operation) error {
	v := l.get(op.Operand(0))
	if v.buf != nil {
		return l.setResult(op, mkExtents(append([]value.Value{}, v.buf.dims...)))
	}
	if v.extents != nil {
		return l.setResult(op, mkExtents([]value.Value{i64c(int64(len(v.extents)))}))
	}
	return l.setResult(op, mkExtents(nil)) // a scalar
}

// lowerConstShape is the constant extents.
func (l *fnLowering) lowerConstShape(op *ir.Operation) error {
	var ext []value.Value
	switch a := op.Attr("shape").(type) {
	case *ir.DenseElementsAttr:
		for i := range a.NumElements() {
			ext = append(ext, i64c(a.IntAt(i)))
		}
	case *ir.DenseArrayAttr:
		for _, x := range a.Ints {
			ext = append(ext, i64c(x))
		}
	default:
		return ir.Errorf(op.Loc, "shape.const_shape without a 'shape' attribute")
	}
	return l.setResult(op, mkExtents(ext))
}

// lowerBroadcast is numpy's broadcast of the shapes, checked at run time.
func (l *fnLowering) lowerBroadcast(op *ir.Operation) error {
	shapes, err := l.allExtents(op)
	if err != nil {
		return err
	}
	acc := shapes[0]
	for _, s := range shapes[1:] {
		acc = l.broadcastPair(op, acc, s)
	}
	return l.setResult(op, mkExtents(acc))
}

// lowerIsBroadcastable is whether every pair of the shapes broadcasts.
func (l *fnLowering) lowerIsBroadcastable(op *ir.Operation) error {
	shapes, err := l.allExtents(op)
	if err != nil {
		return err
	}
	var ok value.Value = constant.True
	for i := range shapes {
		for j := i + 1; j < len(shapes); j++ {
			ok = l.and(ok, l.broadcastable(shapes[i], shapes[j]))
		}
	}
	return l.setResult(op, lval{scalar: ok})
}

// lowerShapeEq is whether the shapes are equal.
func (l *fnLowering) lowerShapeEq(op *ir.Operation) error {
	shapes, err := l.allExtents(op)
	if err != nil {
		return err
	}
	var ok value.Value = constant.True
	for _, s := range shapes[1:] {
		if len(s) != len(shapes[0]) {
			ok = constant.False
			break
		}
		for k := range s {
			ok = l.and(ok, l.eq(s[k], shapes[0][k]))
		}
	}
	return l.setResult(op, lval{scalar: ok})
}

// lowerGetExtent is one extent (its index checked at run time).
func (l *fnLowering) lowerGetExtent(op *ir.Operation) error {
	ext, err := l.extentsOf(op, 0)
	if err != nil {
		return err
	}
	idx, err := l.needScalar(op, 1)
	if err != nil {
		return err
	}
	x, err := l.pick(op, ext, idx)
	if err != nil {
		return err
	}
	return l.setResult(op, lval{scalar: x})
}

// lowerFromExtents is the scalar operands as extents.
func (l *fnLowering) lowerFromExtents(op *ir.Operation) error {
	var ext []value.Value
	for i := range op.NumOperands() {
		x, err := l.needScalar(op, i)
		if err != nil {
			return err
		}
		ext = append(ext, x)
	}
	return l.setResult(op, mkExtents(ext))
}

// lowerToExtentTensor is the shape's extents.
func (l *fnLowering) lowerToExtentTensor(op *ir.Operation) error {
	ext, err := l.extentsOf(op, 0)
	if err != nil {
		return err
	}
	return l.setResult(op, mkExtents(ext))
}

func (l *fnLowering) allExtents(op *ir.Operation) ([][]value.Value, error) {
	var out [][]value.Value
	for i := range op.NumOperands() {
		e, err := l.extentsOf(op, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, ir.Errorf(op.Loc, "'%s' needs at least one shape", op.Name())
	}
	return out, nil
}

// broadcastable is numpy's rule for two shapes aligned on the right: each
// pair of sizes is equal or one of them is 1.
func (l *fnLowering) broadcastable(a, b []value.Value) value.Value {
	var ok value.Value = constant.True
	for k := 1; k <= min(len(a), len(b)); k++ {
		x, y := a[len(a)-k], b[len(b)-k]
		one := i64c(1)
		ok = l.and(ok, l.or(l.or(l.eq(x, one), l.eq(y, one)), l.eq(x, y)))
	}
	return ok
}

// broadcastPair is numpy's broadcast of two shapes. Incompatible sizes are
// an error at op (MLIR leaves the result undefined; a kernel must not run
// on it).
func (l *fnLowering) broadcastPair(op *ir.Operation, a, b []value.Value) []value.Value {
	n := max(len(a), len(b))
	out := make([]value.Value, n)
	for k := 1; k <= n; k++ {
		switch {
		case k > len(a):
			out[n-k] = b[len(b)-k]
		case k > len(b):
			out[n-k] = a[len(a)-k]
		default:
			x, y := a[len(a)-k], b[len(b)-k]
			one := i64c(1)
			if ok := l.or(l.or(l.eq(x, one), l.eq(y, one)), l.eq(x, y)); !isTrue(ok) { // else no message to make
				l.check(ok, codeShape, fmt.Sprintf("%s: %s: shape.broadcast: sizes %%lld and %%lld of dim %d (from the right) do not broadcast",
					l.abi.Name, op.Loc, k), x, y)
			}
			out[n-k] = l.sel(l.eq(x, one), y, x)
		}
	}
	return out
}

// pick returns ext[idx] (a select chain for a run-time index, which must be
// in range).
func (l *fnLowering) pick(op *ir.Operation, ext []value.Value, idx value.Value) (value.Value, error) {
	if c, ok := constInt(idx); ok {
		if c < 0 || int(c) >= len(ext) {
			return nil, ir.Errorf(op.Loc, "index %d is out of range for %d extents", c, len(ext))
		}
		return ext[c], nil
	}
	if len(ext) == 0 {
		return nil, ir.Errorf(op.Loc, "index into an empty shape")
	}
	inRange := l.cur.NewICmp(enum.IPredULT, idx, i64c(int64(len(ext))))
	l.check(inRange, codeShape, fmt.Sprintf("%s: %s: index %%lld is out of range for a shape of %d extents", l.abi.Name, op.Loc, len(ext)), idx)
	x := ext[len(ext)-1]
	for k := len(ext) - 2; k >= 0; k-- {
		x = l.sel(l.eq(idx, i64c(int64(k))), ext[k], x)
	}
	return x, nil
}
