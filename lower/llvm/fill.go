package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file owns fills, the inits of reductions: linalg.fill, and an
// all-parallel linalg.generic that yields the same value in every
// iteration (a constant, a value defined outside its body, or a scalar
// input) into every element of its outputs. A fill whose results only
// reductions read as their inits (outs) is kept as that value
// (buffer.fill) with no storage: the reduction starts its accumulators
// from it (reduce.go). Any other linalg.fill writes its output with a
// loop (the caller's result buffer when it is returned), as such a generic
// does (asBuffer fills a kept fill when a use needs memory).

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(linalg.Fill, (*fnLowering).lowerFill)
	})
}

// lowerFill lowers linalg.fill on a tensor: its value is what its body
// yields for the input scalar (MLIR's cast to the output's element type).
func (l *fnLowering) lowerFill(op *ir.Operation) error {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return ir.Errorf(op.Loc, "linalg.fill without a tensor result is not lowered to LLVM IR")
	}
	out := l.get(op.Operand(1)).buf
	if out == nil {
		return ir.Errorf(op.Loc, "linalg.fill of %s is not lowered to LLVM IR", op.Operand(1).Type())
	}
	x, known := l.scalarOf(op.Operand(0))
	body := linalg.Body(op)
	if known {
		l.vals[body.Arg(0)] = lval{scalar: x}
		term, err := l.lowerBlock(body)
		if err != nil {
			return err
		}
		if term == nil || term.Def() != linalg.Yield || term.NumOperands() != 1 {
			return ir.Errorf(op.Loc, "linalg.fill body does not end in linalg.yield of one value")
		}
		x, _ = l.scalarOf(term.Operand(0))
	} else if !l.shapesOnly {
		return ir.Errorf(op.Loc, "linalg.fill of a value that is not lowered")
	}
	if onlyReductionInits(op.Result(0)) {
		l.vals[op.Result(0)] = lval{buf: &buffer{elem: out.elem, dims: out.dims, result: notResult, empty: true, hasFill: true, fill: x}}
		return nil
	}
	d := l.outputStorage(op.Result(0), op.Operand(1), out, false)
	if !l.shapesOnly {
		l.fillBuffer(d, x)
	}
	l.vals[op.Result(0)] = lval{buf: d}
	return nil
}

// lowerFillGeneric records the results of op, an all-parallel generic, as
// fills and reports true when op is a fill that only reductions read; it
// reports false, having emitted nothing that matters, otherwise.
func (l *fnLowering) lowerFillGeneric(op *ir.Operation) (bool, error) {
	if op.NumResults() == 0 {
		return false, nil
	}
	for _, res := range op.Results() {
		if !onlyReductionInits(res) {
			return false, nil
		}
	}
	maps := linalg.IndexingMapsView(op)
	nIn := linalg.NumInputs(op)
	if len(maps) != op.NumOperands() || len(maps) == 0 {
		return false, nil
	}
	for i, m := range maps {
		if i < nIn && len(m.Results) != 0 || i >= nIn && !coversAll(m) {
			return false, nil // inputs must be scalars; outputs written everywhere
		}
	}
	body := linalg.Body(op)
	term := body.Ops()[len(body.Ops())-1]
	if term.Def() != linalg.Yield || term.NumOperands() != op.NumResults() {
		return false, nil
	}
	fills := make([]value.Value, term.NumOperands())
	for k := range fills {
		v, ok := l.uniformValue(op, body, nIn, term.Operand(k))
		if !ok {
			return false, nil
		}
		fills[k] = v
	}
	bufs := make([]*buffer, len(fills))
	for k := range fills {
		out := l.get(op.Operand(nIn + k)).buf
		if out == nil {
			return false, nil
		}
		bufs[k] = &buffer{elem: out.elem, dims: out.dims, result: notResult, empty: true, hasFill: true, fill: fills[k]}
	}
	for k, b := range bufs {
		l.vals[op.Result(k)] = lval{buf: b}
	}
	return true, nil
}

// onlyReductionInits reports whether v is used, and only as an outs
// operand of generics with a reduction iterator.
func onlyReductionInits(v *ir.Value) bool {
	if !v.HasUses() {
		return false
	}
	for _, u := range v.Uses() {
		o := u.Owner()
		if o.Def() != linalg.Generic || u.Index() < linalg.NumInputs(o) || !hasReduction(o) {
			return false
		}
	}
	return true
}

// hasReduction reports whether a generic has a reduction iterator.
func hasReduction(op *ir.Operation) bool {
	for _, it := range linalg.IteratorTypesView(op) {
		if it == linalg.Reduction {
			return true
		}
	}
	return false
}

// coversAll reports whether m's results are all its dims, each once: an
// output so indexed is written at every element.
func coversAll(m affine.Map) bool {
	if len(m.Results) != m.NumDims {
		return false
	}
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		d, ok := r.(affine.DimExpr)
		if !ok || seen[d.Position] {
			return false
		}
		seen[d.Position] = true
	}
	return true
}

// uniformValue returns y, a value a fill's body yields, as a scalar when
// it is the same in every iteration: defined outside the body, an
// arith.constant, or a scalar input. In the result-shapes function the
// value may be unknown (nil, ok).
func (l *fnLowering) uniformValue(op *ir.Operation, body *ir.Block, nIn int, y *ir.Value) (value.Value, bool) {
	if def := y.DefiningOp(); def != nil && def.Block() == body {
		if def.Def() != arith.Constant || l.lowerOp(def) != nil {
			return nil, false
		}
		return l.get(y).scalar, true
	}
	for i, arg := range body.Args() {
		if arg != y {
			continue
		}
		if i >= nIn {
			return nil, false
		}
		in := l.get(op.Operand(i))
		if in.scalar != nil || in.buf == nil {
			return in.scalar, true
		}
		if in.buf.ptr == nil {
			return nil, l.shapesOnly
		}
		return l.loadElem(in.buf.elem, in.buf.ptr), true
	}
	x, ok := l.scalarOf(y)
	return x, ok || l.shapesOnly
}

// fillBuffer stores x into every element of b.
func (l *fnLowering) fillBuffer(b *buffer, x value.Value) {
	strides := l.stridesOf(b)
	var nest func(d int, p value.Value) error
	nest = func(d int, p value.Value) error {
		if d == len(b.dims) {
			l.storeElem(b.elem, x, p)
			return nil
		}
		return l.loop(b.dims[d], fmt.Sprintf("fill%d", d), func(iv value.Value) error {
			return nest(d+1, l.elemPtr(b.elem, p, l.mul(iv, strides[d])))
		})
	}
	_ = nest(0, b.ptr)
}
