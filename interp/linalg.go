package interp

import (
	"fmt"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// linalg.generic on tensors: a loop nest over the iteration space whose
// body computes on scalars (rank-0 tensors) with the ordinary handlers of
// the ops in it (arith, math, linalg.index, ...).
//
// The size of loop d is, as in MLIR, the run-time size of an operand dim
// whose indexing-map result is exactly d; every such dim of every operand
// must have that size, or the generic fails at its location naming the
// operands and dims that disagree. A loop no operand dim determines is an
// error too. Other map results (constants, `d0 + 1`, ...) are evaluated
// with affine.Map semantics and must fall inside the operand, checked at
// every access.
//
// The loops run in row-major order (d0 outermost). The results start as
// the values of the outs operands; at each iteration the body reads every
// operand's element at its map's position, an out's element being its
// result's current value, and linalg.yield writes the result elements.
// A reduction therefore accumulates into the outs' initial values,
// sequentially in loop order, as MLIR's lowering to loops does.

// genericAccess is how a generic reaches one operand's elements.
type genericAccess struct {
	t   *Tensor
	m   affine.Map
	own []int // the operand's row-major strides
	// simple is set when every map result is a loop dim or a constant:
	// the flat offset is then base + Σ loop[d]*strides[d].
	simple  bool
	base    int
	strides []int
}

func newGenericAccess(t *Tensor, m affine.Map, loops int) *genericAccess {
	a := &genericAccess{t: t, m: m, own: rowMajorStrides(t.shape), simple: true, strides: make([]int, loops)}
	for r, e := range m.Results {
		switch x := e.(type) {
		case affine.DimExpr:
			a.strides[x.Position] += a.own[r]
		case affine.ConstantExpr:
			a.base += int(x.Value) * a.own[r]
		default:
			a.simple = false
		}
	}
	return a
}

// offset returns the flat offset of the element the access reaches in
// iteration loop; out-of-bounds positions (possible only for map results
// that are not plain loop dims) are an error at op.
func (a *genericAccess) offset(op *ir.Operation, i int, loop []int64) (int, error) {
	if a.simple {
		off := a.base
		for d, s := range a.strides {
			off += int(loop[d]) * s
		}
		return off, nil
	}
	pos, err := a.m.TryEval(loop, nil)
	if err != nil {
		return 0, op.Emit("indexing map #%d %s in iteration %s: %v", i, a.m, formatIndex(loop), err)
	}
	off := 0
	for r, p := range pos {
		if p < 0 || p >= a.t.shape[r] {
			return 0, op.Emit("operand #%d of run-time shape %s is accessed at %s by indexing map %s in iteration %s: out of bounds",
				i, ir.FormatShape(a.t.shape), formatIndex(pos), a.m, formatIndex(loop))
		}
		off += int(p) * a.own[r]
	}
	return off, nil
}

// formatIndex prints an iteration or element position as `(1, 0, 2)`.
func formatIndex(idx []int64) string {
	parts := make([]string, len(idx))
	for i, v := range idx {
		parts[i] = fmt.Sprint(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// loopBounds derives the run-time loop sizes from the operand shapes: loop
// d has the size of every operand dim whose map result is exactly d.
func loopBounds(op *ir.Operation, ts []*Tensor, maps []affine.Map, loops int) ([]int64, error) {
	bounds := make([]int64, loops)
	from := make([][2]int, loops) // operand, dim that fixed each bound
	for d := range bounds {
		bounds[d] = -1
	}
	for i, t := range ts {
		for r := range maps[i].Results {
			d, ok := maps[i].DimPosition(r)
			if !ok {
				continue
			}
			switch size := t.shape[r]; {
			case bounds[d] < 0:
				bounds[d], from[d] = size, [2]int{i, r}
			case bounds[d] != size:
				return nil, op.Emit("loop d%d has size %d from operand #%d dim %d, but operand #%d dim %d (also d%d) has size %d (run-time operand shapes %s)",
					d, bounds[d], from[d][0], from[d][1], i, r, d, size, shapesString(ts))
			}
		}
	}
	for d, b := range bounds {
		if b < 0 {
			return nil, op.Emit("loop d%d has no run-time size: no indexing map result is exactly d%d", d, d)
		}
	}
	return bounds, nil
}

// scalarAt returns element off of t as a rank-0 tensor.
func scalarAt(t *Tensor, off int) *Tensor {
	switch {
	case t.f != nil:
		return &Tensor{elem: t.elem, f: []float64{t.f[off]}}
	case t.c != nil:
		return &Tensor{elem: t.elem, c: []complex128{t.c[off]}}
	}
	return &Tensor{elem: t.elem, i: []int64{t.i[off]}}
}

// clone returns a copy of t whose elements can be written.
func clone(t *Tensor) *Tensor {
	c := &Tensor{elem: t.elem, shape: append([]int64{}, t.shape...)}
	switch {
	case t.f != nil:
		c.f = append([]float64{}, t.f...)
	case t.c != nil:
		c.c = append([]complex128{}, t.c...)
	default:
		c.i = append([]int64{}, t.i...)
	}
	return c
}

// atIteration notes the generic and the iteration on an error from its body.
func atIteration(err error, op *ir.Operation, loop []int64) error {
	if d, ok := err.(*ir.Diagnostic); ok {
		d.AddNote(op.Loc, "in iteration %s of this linalg.generic", formatIndex(loop))
	}
	return err
}

func linalgGeneric(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	nIns := linalg.NumInputs(op)
	maps, iters := linalg.IndexingMaps(op), linalg.IteratorTypes(op)
	if nIns < 0 || nIns > len(ts) || len(maps) != len(ts) {
		return nil, op.Emit("needs one indexing map per operand and valid operandSegmentSizes")
	}
	loops := len(iters)
	for i, m := range maps {
		if m.NumDims != loops || m.NumSymbols != 0 || m.NumResults() != ts[i].Rank() {
			return nil, op.Emit("indexing map #%d %s does not fit %d loops and operand #%d of run-time shape %s", i, m, loops, i, ir.FormatShape(ts[i].shape))
		}
	}
	for i, v := range op.Operands()[nIns:] {
		if !ir.IsTensor(v.Type()) {
			return nil, op.Emit("out #%d is a %s; only tensor outs are interpretable", i, v.Type())
		}
	}
	bounds, err := loopBounds(op, ts, maps, loops)
	if err != nil {
		return nil, err
	}
	results := make([]*Tensor, len(ts)-nIns)
	for k := range results {
		results[k] = clone(ts[nIns+k])
	}
	total := numElements(bounds)
	if total == 0 {
		return tensorValues(results), nil
	}
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil, op.Emit("needs a body")
	}
	body := op.Region(0).Front()
	args := body.Args()
	if len(args) != len(ts) {
		return nil, op.Emit("body has %d arguments for %d operands", len(args), len(ts))
	}
	acc := make([]*genericAccess, len(ts))
	for i, t := range ts {
		src := t
		if i >= nIns {
			src = results[i-nIns]
		}
		acc[i] = newGenericAccess(src, maps[i], loops)
		// A constant map result is the same position in every iteration:
		// check it once.
		for r, x := range maps[i].Results {
			if c, ok := x.(affine.ConstantExpr); ok && (c.Value < 0 || c.Value >= t.shape[r]) {
				return nil, op.Emit("indexing map #%d %s reads position %d of dim %d of operand #%d, whose run-time shape is %s: out of bounds",
					i, maps[i], c.Value, r, i, ir.FormatShape(t.shape))
			}
		}
	}
	loop := make([]int64, loops)
	saved := e.loop
	e.loop = loop
	defer func() { e.loop = saved }()
	offs := make([]int, len(ts))
	for range total {
		for i, a := range acc {
			off, err := a.offset(op, i, loop)
			if err != nil {
				return nil, err
			}
			offs[i] = off
			e.env[args[i]] = value{t: scalarAt(a.t, off)}
		}
		ys, term, err := e.runBlock(body)
		if err != nil {
			return nil, atIteration(err, op, loop)
		}
		e.m.current = op
		if term == nil || term.Name() != "linalg.yield" {
			return nil, op.Emit("body does not end in linalg.yield")
		}
		if len(ys) != len(results) {
			return nil, term.Emit("yields %d values for %d outs", len(ys), len(results))
		}
		for k, y := range ys {
			r := results[k]
			if y.t == nil || y.t.elem != r.elem || y.t.Rank() != 0 {
				return nil, term.Emit("value #%d is not one %s element", k, r.elem)
			}
			off := offs[nIns+k]
			r.copyElem(off, y.t, 0)
		}
		for d := loops - 1; d >= 0; d-- {
			loop[d]++
			if loop[d] < bounds[d] {
				break
			}
			loop[d] = 0
		}
	}
	return tensorValues(results), nil
}

func tensorValues(ts []*Tensor) []value {
	vs := make([]value, len(ts))
	for i, t := range ts {
		vs[i] = value{t: t}
	}
	return vs
}

func linalgIndex(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	d, ok := op.Attr("dim").(*ir.IntegerAttr)
	if !ok {
		return nil, op.Emit("requires an integer 'dim'")
	}
	if e.loop == nil {
		return nil, op.Emit("is not in the body of a running linalg.generic")
	}
	if d.Value < 0 || d.Value >= int64(len(e.loop)) {
		return nil, op.Emit("dim %d is out of range for the %d loops of the enclosing linalg.generic", d.Value, len(e.loop))
	}
	return one(indexScalar(e.loop[d.Value])), nil
}

func init() {
	register(linalgGeneric, "linalg.generic")
	register(linalgIndex, "linalg.index")
}
