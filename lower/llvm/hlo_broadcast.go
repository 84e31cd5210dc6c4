package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers the one hlo op that --pipeline=cpu may leave for LLVM
// emission, hlo.dynamic_broadcast_in_dim, and is the only file of the
// package that imports dialects/hlo. It goes once the pipeline leaves no
// hlo op (dynamic broadcasts disappear before LLVM lowering, issue 13):
// then lower/llvm no longer depends on the hlo dialect.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(hlo.DynamicBroadcastInDim, (*fnLowering).lowerDynamicBroadcast)
	})
}

// lowerDynamicBroadcast lowers an hlo.dynamic_broadcast_in_dim that the
// pipeline left in place (its shape, or whether a dim stretches, is known
// only at run time, and no versioned generic absorbed it) as a view of its
// operand, never a copy: operand dim i becomes result dim dims[i] with
// stride 0 when it is 1 and stretches, its own stride otherwise (checked:
// it must be 1 or the result's size).
func (l *fnLowering) lowerDynamicBroadcast(op *ir.Operation) error {
	ext, err := l.shapeExtents(op, 1)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || rt.Rank() != len(ext) {
		return ir.Errorf(op.Loc, "hlo.dynamic_broadcast_in_dim: the shape has %d elements for a result of type %s", len(ext), op.Result(0).Type())
	}
	src := l.asBuffer(l.get(op.Operand(0)), op.Operand(0).Type())
	view := &buffer{elem: src.elem, dims: append([]value.Value{}, ext...), result: notResult}
	for j, s := range rt.Shape() {
		if s != ir.Dynamic {
			l.check(l.eq(ext[j], i64c(s)), codeShape, fmt.Sprintf("%s: %s: hlo.dynamic_broadcast_in_dim: result dim %d is %%lld, but its type has %d", l.abi.Name, op.Loc, j, s), ext[j])
			view.dims[j] = i64c(s)
		}
	}
	if l.shapesOnly {
		l.vals[op.Result(0)] = lval{buf: view}
		return nil
	}
	ss := l.stridesOf(src)
	view.ptr = src.ptr
	view.strides = make([]value.Value, len(ext))
	for j := range view.strides {
		view.strides[j] = i64c(0)
	}
	for i, d := range hlo.I64s(op.Attr("broadcast_dimensions")) {
		in, out := src.dims[i], view.dims[d]
		one := l.eq(in, i64c(1))
		l.check(l.or(one, l.eq(in, out)), codeShape, fmt.Sprintf("%s: %s: hlo.dynamic_broadcast_in_dim: operand dim %d has size %%lld, which does not broadcast to %%lld", l.abi.Name, op.Loc, i), in, out)
		view.strides[d] = l.sel(one, i64c(0), ss[i])
	}
	l.vals[op.Result(0)] = lval{buf: view}
	return nil
}
