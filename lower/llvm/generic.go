package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file lowers linalg.generic (all parallel) and linalg.index: the
// operands' accesses, the loop bounds and their run-time checks, and the
// outputs' storage; the loops themselves are loops.go's.
//
// An all-parallel linalg.generic becomes a loop nest, d0 outermost and the
// last loop dim innermost. Each operand is read at the offset
// sum_j result_j * stride_j of its indexing map's results (strides of a
// contiguous row-major buffer); a result is a loop dim or a constant (0
// for a stretched size-1 dim), so the offset is linear in the loop
// indices: each loop level advances every operand's pointer by its
// coefficient for that dim, computed once before the loops. An operand
// whose map ends in the last loop dim is read with unit stride in the
// innermost loop; one whose map does not use it is loop-invariant there.

func init() {
	registerLowerings(func(r opRegistry) {
		r.add(linalg.Generic, (*fnLowering).lowerGeneric)
		r.add(linalg.Index, (*fnLowering).lowerIndex)
	})
}

// operandAccess is how a generic reads or writes one operand.
type operandAccess struct {
	buf *buffer
	// coef[d] is the pointer increment per step of loop d; base the
	// offset of the constant map results.
	coef []value.Value
	base value.Value
}

// genericPlan is a generic whose operand accesses, loop bounds (with
// their checks) and output storage are set up: what its loops need.
type genericPlan struct {
	op        *ir.Operation
	maps      []affine.Map
	acc       []*operandAccess
	bounds    []value.Value
	nIn       int
	inits     []*buffer
	reduction bool
}

func (l *fnLowering) lowerGeneric(op *ir.Operation) error {
	g, err := l.prepareGeneric(op, nil)
	if g == nil || err != nil || l.shapesOnly {
		return err
	}
	if g.reduction {
		return l.lowerReduction(g) // reduce.go
	}
	return l.loopNest(g)
}

// prepareGeneric emits what comes before a generic's loops: its operands'
// accesses, its loop bounds and their checks, and its outputs' storage
// (row, when set, gives the results a fused group keeps per row their
// storage: fuse.go). It returns nil for a fill that only reductions read
// (fill.go), which has no loops.
func (l *fnLowering) prepareGeneric(op *ir.Operation, row *rowStorage) (*genericPlan, error) {
	reduction := false
	for _, it := range linalg.IteratorTypes(op) {
		switch it {
		case linalg.Parallel:
		case linalg.Reduction:
			reduction = true
		default:
			return nil, ir.Errorf(op.Loc, "linalg.generic with a %s iterator is not lowered to LLVM IR yet (only parallel and reduction iterators)", it)
		}
	}
	if !reduction {
		if ok, err := l.lowerFillGeneric(op); ok || err != nil {
			return nil, err // a fill that only reductions read (fill.go)
		}
	}
	maps := linalg.IndexingMaps(op)
	operands := op.Operands()
	nIn := linalg.NumInputs(op)
	if len(maps) != len(operands) || len(maps) == 0 {
		return nil, ir.Errorf(op.Loc, "linalg.generic has %d indexing maps for %d operands", len(maps), len(operands))
	}
	nLoops := maps[0].NumDims
	acc := make([]*operandAccess, len(operands))
	for i, v := range operands {
		lv := l.get(v)
		var b *buffer
		if i >= nIn && lv.buf != nil {
			b = lv.buf // an output: a tensor.empty keeps no storage
		} else {
			b = l.asBuffer(lv, v.Type())
		}
		if len(b.dims) != len(maps[i].Results) {
			return nil, ir.Errorf(op.Loc, "operand #%d has rank %d but its indexing map has %d results", i, len(b.dims), len(maps[i].Results))
		}
		for _, r := range maps[i].Results {
			if _, _, ok := linearForm(r, nLoops); !ok {
				return nil, ir.Errorf(op.Loc, "indexing map result %s of operand #%d is not lowered yet (only sums of loop dims times constants, and constants)", r, i)
			}
		}
		acc[i] = &operandAccess{buf: b}
	}

	bounds, err := l.loopBounds(op, maps, acc, nIn)
	if err != nil {
		return nil, err
	}

	// The outputs' storage: the caller's result buffer when the value is
	// returned, else a new buffer.
	nOut := len(operands) - nIn
	dests := make([]*buffer, nOut)
	inits := make([]*buffer, nOut)
	body := linalg.Body(op)
	for k := range nOut {
		init := acc[nIn+k].buf
		inits[k] = init
		var d *buffer
		if row != nil && row.perRow[k] {
			var rows value.Value
			if row.block[k] {
				rows = row.blockRows
			}
			d = l.rowBuffer(init, maps[nIn+k], row.shared, rows) // fuse.go
		} else {
			// no storage for an unused reduction result unless the
			// reduction's layout needs it (an argmax's value: reduce.go)
			d = l.outputStorage(op.Result(k), operands[nIn+k], init, reduction && !op.Result(k).HasUses())
		}
		if !l.shapesOnly && !reduction && body.Arg(nIn+k).HasUses() && !init.empty && init.ptr != nil && d.ptr != init.ptr {
			l.copyBuffer(d, init)
		}
		dests[k] = d
		acc[nIn+k].buf = d
	}
	for k, d := range dests {
		l.vals[op.Result(k)] = lval{buf: d}
	}
	return &genericPlan{op: op, maps: maps, acc: acc, bounds: bounds, nIn: nIn, inits: inits, reduction: reduction}, nil
}

// outputStorage is the storage of result res of a destination-style op
// (a generic, linalg.fill) whose outs operand out was lowered to init: the
// caller's result buffer when res is returned (its dims checked first),
// the slice of its destination a tensor.insert_slice puts it back into
// (slices.go), no storage when none is needed (lazy), or a new buffer.
func (l *fnLowering) outputStorage(res, out *ir.Value, init *buffer, lazy bool) *buffer {
	slot, viaReshape := returnSlot(res)
	d := &buffer{elem: init.elem, dims: init.dims, result: slot}
	if l.shapesOnly {
		return d
	}
	switch {
	case slot >= 0 && !viaReshape:
		l.checkResultDims(slot, d.dims)
		d.ptr, d.checked = l.resPtr[slot], true
	case slot >= 0:
		l.checkResultSize(slot, d.dims)
		d.ptr = l.resPtr[slot]
	case init.strides != nil && writesInPlace(res, out):
		d.ptr, d.strides, d.inPlace = init.ptr, init.strides, true // a slice of its destination (slices.go)
	case lazy:
	default:
		d.ptr = l.alloc(d.elem, d.dims)
	}
	return d
}

// lowerIndex is the index of a loop of the generic whose body is being
// lowered; in a vector body along that loop, the lanes' indices.
func (l *fnLowering) lowerIndex(op *ir.Operation) error {
	d, _ := op.Attr("dim").(*ir.IntegerAttr)
	if d == nil || d.Value < 0 || int(d.Value) >= len(l.ivs) {
		return ir.Errorf(op.Loc, "linalg.index outside a generic's loops")
	}
	iv := l.ivs[d.Value]
	if l.lanes > 0 && int(d.Value) == l.vecIndexDim {
		steps := make([]constant.Constant, l.lanes)
		for i := range steps {
			steps[i] = i64c(int64(i))
		}
		iota := constant.NewVector(lltypes.NewVector(uint64(l.lanes), i64), steps...)
		l.vals[op.Result(0)] = lval{scalar: l.cur.NewAdd(l.splat(iv), iota)}
		return nil
	}
	l.vals[op.Result(0)] = lval{scalar: iv}
	return nil
}

// loopBounds returns each loop's size: the size of the first operand dim
// (outputs first) its map indexes with exactly that loop dim. Every other
// operand dim indexed by the loop is checked to have that size, and every
// constant index to be inside its dim, at run time unless it folds: a
// kernel never reads or writes out of bounds.
func (l *fnLowering) loopBounds(op *ir.Operation, maps []affine.Map, acc []*operandAccess, nIn int) ([]value.Value, error) {
	nLoops := maps[0].NumDims
	bounds := make([]value.Value, nLoops)
	src := make([][2]int, nLoops) // the operand and dim giving each bound
	order := make([]int, 0, len(acc))
	for i := nIn; i < len(acc); i++ {
		order = append(order, i)
	}
	for i := 0; i < nIn; i++ {
		order = append(order, i)
	}
	for _, i := range order {
		for j, r := range maps[i].Results {
			if dim, ok := r.(affine.DimExpr); ok && bounds[dim.Position] == nil {
				bounds[dim.Position] = acc[i].buf.dims[j]
				src[dim.Position] = [2]int{i, j}
			}
		}
	}
	for d, b := range bounds {
		if b == nil {
			return nil, ir.Errorf(op.Loc, "loop d%d of linalg.generic has no operand dim giving its size", d)
		}
	}
	var nonEmpty value.Value
	for i, a := range acc {
		for j, r := range maps[i].Results {
			dim := a.buf.dims[j]
			switch r := r.(type) {
			case affine.DimExpr:
				ok := l.eq(dim, bounds[r.Position])
				if isTrue(ok) {
					continue // the dim is the bound (the message is not made)
				}
				l.check(ok, codeShape,
					fmt.Sprintf("%s: %s: linalg.generic operand #%d dim %d has size %%lld, but loop d%d has size %%lld (from operand #%d dim %d)",
						l.abi.Name, op.Loc, i, j, r.Position, src[r.Position][0], src[r.Position][1]), dim, bounds[r.Position])
			case affine.ConstantExpr:
				if c, ok := constInt(dim); ok && r.Value >= 0 && r.Value < c {
					continue
				}
				if nonEmpty == nil {
					nonEmpty = l.allPositive(bounds)
				}
				var inside value.Value = constant.False
				if r.Value >= 0 {
					inside = l.cur.NewICmp(enum.IPredSLT, i64c(r.Value), dim)
				}
				l.check(l.or(l.not(nonEmpty), inside), codeShape,
					fmt.Sprintf("%s: %s: linalg.generic operand #%d dim %d has size %%lld, too small for index %d",
						l.abi.Name, op.Loc, i, j, r.Value), dim)
			default:
				if nonEmpty == nil {
					nonEmpty = l.allPositive(bounds)
				}
				l.checkLinearIndex(op, r, i, j, dim, bounds, nonEmpty)
			}
		}
	}
	return bounds, nil
}

// Slices are views: tensor.extract_slice is the source's pointer moved to
// the slice's first element, with the slice's sizes and the source's
// strides times the slice's (buffer.strides), and no copy. A generic whose
// output is such a view and whose result is put back with
// tensor.insert_slice at the same place writes the destination in place
// (destination-passing style: hlo.concatenate's parts are written straight
// into the caller's result buffer); any other tensor.insert_slice copies
// its source into the view. A tensor.empty that slices are taken of gets
// the storage its value ends in: the caller's result buffer when the chain
// of insert_slice results is returned.

// linearForm splits an indexing map result that is linear in the loop dims
// (sums of dims times constants, plus a constant: `d0 * 2 + 1`) into the
// coefficient of each of the n dims and the constant; ok is false for
// other expressions (mod, floordiv, symbols, products of dims).
func linearForm(e affine.Expr, n int) (coefs []int64, c int64, ok bool) {
	coefs = make([]int64, n)
	var walk func(e affine.Expr, scale int64) bool
	walk = func(e affine.Expr, scale int64) bool {
		switch e := e.(type) {
		case affine.DimExpr:
			if e.Position >= n {
				return false
			}
			coefs[e.Position] += scale
			return true
		case affine.ConstantExpr:
			c += scale * e.Value
			return true
		case affine.BinaryExpr:
			switch e.Kind() {
			case affine.KindAdd:
				return walk(e.LHS(), scale) && walk(e.RHS(), scale)
			case affine.KindMul:
				if k, isConst := e.RHS().(affine.ConstantExpr); isConst {
					return walk(e.LHS(), scale*k.Value)
				}
				if k, isConst := e.LHS().(affine.ConstantExpr); isConst {
					return walk(e.RHS(), scale*k.Value)
				}
			}
		}
		return false
	}
	ok = walk(e, 1)
	return coefs, c, ok
}

// checkLinearIndex checks, before a generic's loops, that a linear map
// result (neither a loop dim nor a constant) stays inside operand i's dim
// j of size dim for every iteration: its smallest value is >= 0 and its
// largest < dim, when no loop is empty.
func (l *fnLowering) checkLinearIndex(op *ir.Operation, r affine.Expr, i, j int, dim value.Value, bounds []value.Value, nonEmpty value.Value) {
	coefs, c, _ := linearForm(r, len(bounds))
	var lo, hi value.Value = i64c(c), i64c(c)
	for d, k := range coefs {
		if k == 0 {
			continue
		}
		span := l.mul(i64c(k), l.cur.NewSub(bounds[d], i64c(1)))
		if k > 0 {
			hi = l.add(hi, span)
		} else {
			lo = l.add(lo, span)
		}
	}
	inside := l.and(l.cmp(enum.IPredSGE, lo, i64c(0)), l.cmp(enum.IPredSLT, hi, dim))
	l.check(l.or(l.not(nonEmpty), inside), codeShape,
		fmt.Sprintf("%s: %s: linalg.generic operand #%d dim %d has size %%lld, but index %s reaches %%lld",
			l.abi.Name, op.Loc, i, j, r), dim, hi)
}
