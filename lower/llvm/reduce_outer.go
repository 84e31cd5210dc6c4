package llvm

import (
	"strconv"

	"github.com/llir/llvm/ir/value"
)

// This file owns the outer layout of reductions (see reduce.go): when the
// inputs are contiguous along the last parallel dim and not along the
// reduction dims (a reduction over the rows of a row-major matrix), the
// outputs accumulate in memory, set to their inits first, and the loops
// run with that parallel dim innermost, vector code across it
// (vector.go's inner loop, whose body then loads the outputs too). Each
// element accumulates its terms in loop order, as the interpreter does, so
// every body is exact.

// outerLayout reports whether the reduction takes the outer layout: its
// innermost reduction dim does not step through the inputs contiguously,
// and a vector loop along the last parallel dim can run.
func (r *reduction) outerLayout() bool {
	if len(r.par) == 0 || len(r.red) == 0 {
		return false
	}
	last := r.red[len(r.red)-1]
	for i := range r.nIn {
		if c, ok := constInt(r.acc[i].coef[last]); r.body.Arg(i).HasUses() && ok && c == 1 {
			return false // the inner layout reads it contiguously
		}
	}
	p := r.par[len(r.par)-1]
	return r.vectorWidth(r.dimCoefs(p)[:len(r.body.Args())], p, true) > 0
}

// emitOuter emits the outer layout.
func (r *reduction) emitOuter() error {
	l := r.l
	r.setInits()
	nOps := len(r.body.Args())
	r.acc = r.acc[:nOps] // the inits are in the outputs now
	p := r.par[len(r.par)-1]
	lanes := r.vectorWidth(r.dimCoefs(p), p, true)
	if c, ok := constInt(r.bounds[p]); ok && c < int64(lanes) {
		lanes = 0
	}
	order := append(append(append([]int{}, r.par[:len(r.par)-1]...), r.red...), p)
	cols := r.bounds[p] // the vector loop's length
	var nest func(level int, ptrs []value.Value) error
	nest = func(level int, ptrs []value.Value) error {
		d := order[level]
		if level == len(order)-1 && lanes > 0 {
			return l.innerLoops(r.op, r.acc, ptrs, r.ivs, cols, d, lanes, noStream)
		}
		tag := "d" + strconv.Itoa(d)
		// a parallel outermost loop: split across threads in the parallel form
		loop := l.outerLoop(level == 0 && len(r.par) > 1, func() value.Value { return l.numElements(r.bounds) })
		return loop(r.bounds[d], tag, func(iv value.Value) error {
			r.ivs[d] = iv
			next := r.advance(ptrs, r.dimCoefs(d), iv, tag)
			if level == len(order)-1 {
				return l.genericBody(r.op, r.acc, next, r.ivs)
			}
			return nest(level+1, next)
		})
	}
	if len(r.par) == 1 && lanes > 0 && l.parallel() {
		// The only parallel dim is the vector loop's: in the parallel
		// form, threads take blocks of its columns, each through all the
		// reduction loops (every element still folds in order; lanes
		// compute what scalar iterations do, and a vector body reads no
		// linalg.index).
		size := r.bounds[p]
		return l.outline(l.ceilDiv(size, outerColumnBlock), l.numElements(r.bounds), parallelGrain, "cols", func(begin, end, _ value.Value) error {
			c0 := l.mul(begin, i64c(outerColumnBlock))
			cols = l.sub(l.smin(l.mul(end, i64c(outerColumnBlock)), size), c0)
			return nest(0, r.advance(r.basePtrs(), r.dimCoefs(p), c0, "cols"))
		})
	}
	return nest(0, r.basePtrs())
}

// outerColumnBlock is the columns of the blocks a reduction along outer
// dims is split in across threads: a multiple of every vector width.
const outerColumnBlock = 256
