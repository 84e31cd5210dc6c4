package transforms

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/shape"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// This file builds the run-time shapes and checks of hlo-legalize-broadcasts.
// Everything here is inserted before the op (l.b), except the result shape,
// which goes where the broadcasts go (inside shape.assuming if there is one).

// check emits the run-time check the op needs and returns its witness, or
// nil when the shapes are known to be compatible.
func (l *legalizer) check() *ir.Value {
	switch l.spec.Policy {
	case broadcast.Numpy:
		return l.checkBroadcastable()
	case broadcast.Assign:
		return l.checkAssignable()
	}
	return l.checkEqualSizes()
}

// checkAssignable is hlo.assign's one-way check: each source dim (operand
// 1) whose size is not known at compile time to fit is 1 or the size of
// the destination dim it lands in (operand 0). A static source size
// other than 1 must equal the destination's; a dynamic one is compared
// through `select(src == 1, dst, src) == dst`, so that the cmpi's left
// operand is the source size whenever the check fails.
func (l *legalizer) checkAssignable() *ir.Value {
	var witnesses []*ir.Value
	src := &l.operands[1]
	for k, d := range src.place {
		s, t := src.shape[k], l.target[d]
		if s == 1 || s != ir.Dynamic && t != ir.Dynamic {
			continue // stretches, or the verifier compared the sizes
		}
		if l.facts.Same(l.operandExtent(1, k), l.operandExtent(0, int(d))) {
			continue
		}
		x, y := l.extent(1, k), l.extent(0, int(d))
		if s == ir.Dynamic && t != 1 {
			is1 := arith.NewCmpI(l.b, "eq", x, l.index(1))
			x = arith.NewSelect(l.b, is1, y, x)
		}
		eq := arith.NewCmpI(l.b, "eq", x, y)
		// {0} and {1} are the compared sizes at run time (dialects/cf).
		msg := fmt.Sprintf("%s: operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim %d has size {0} but destination dim %d has size {1}; a source dim must equal the destination's or be 1",
			l.where(), k, d)
		witnesses = append(witnesses, shape.NewCstrRequire(l.b, eq, msg))
	}
	switch len(witnesses) {
	case 0:
		return nil
	case 1:
		return witnesses[0]
	}
	return shape.NewAssumingAll(l.b, witnesses)
}

// checkBroadcastable emits shape.cstr_broadcastable over the operands of
// rank > 0 unless shape.StaticallyBroadcastable proves it passes.
func (l *legalizer) checkBroadcastable() *ir.Value {
	rank := len(l.target)
	l.extents, l.shapes = slices.Grow(l.extents[:0], rank*len(l.operands)), l.shapes[:0]
	for i := range l.operands {
		if o := &l.operands[i]; len(o.shape) > 0 {
			l.extents = appendAlignedExtents(l.extents, o, rank)
			l.shapes = append(l.shapes, l.extents[len(l.extents)-rank:])
		}
	}
	if shape.StaticallyBroadcastable(l.shapes) {
		return nil
	}
	var vals []*ir.Value
	for i := range l.operands {
		if len(l.operands[i].shape) > 0 {
			vals = append(vals, l.alignedShape(i))
		}
	}
	return shape.NewCstrBroadcastable(l.b, vals)
}

// checkEqualSizes is the exact check of the rank, scalar and none
// policies: in each result dim, every operand dim that feeds it has one
// size. A static size is the reference if there is one; pairs of static
// sizes were checked by the verifier.
func (l *legalizer) checkEqualSizes() *ir.Value {
	type feed struct {
		operand, dim int
		size         int64
	}
	var witnesses []*ir.Value
	for d := range l.target {
		var feeds []feed
		ref := -1
		for i, o := range l.operands {
			for k, to := range o.place {
				if to != int64(d) {
					continue
				}
				if ref < 0 && o.shape[k] != ir.Dynamic {
					ref = len(feeds)
				}
				feeds = append(feeds, feed{i, k, o.shape[k]})
			}
		}
		if ref < 0 {
			ref = 0
		}
		for n, f := range feeds {
			if n == ref || f.size != ir.Dynamic {
				continue
			}
			r := feeds[ref]
			if l.facts.Same(l.operandExtent(f.operand, f.dim), l.operandExtent(r.operand, r.dim)) {
				continue // the same size (JAX's shapes built from one get_dimension_size, or checked equal)
			}
			a, b := f, r
			if a.operand > b.operand {
				a, b = b, a
			}
			eq := l.b.CreateOp("arith.cmpi", []*ir.Value{l.extent(a.operand, a.dim), l.extent(b.operand, b.dim)},
				[]ir.Type{ir.I1}, ir.NamedAttr{Name: "predicate", Value: ir.I64Attr(0)}).Result(0) // eq
			// {0} and {1} are the compared sizes at run time (dialects/cf).
			msg := fmt.Sprintf(`%s: operands #%d and #%d are not broadcast compatible: dim %d is {0} in operand #%d and {1} in operand #%d (broadcast_policy "%s" does not stretch size-1 dims)`,
				l.where(), a.operand, b.operand, d, a.operand, b.operand, l.spec.Policy)
			witnesses = append(witnesses, shape.NewCstrRequire(l.b, eq, msg))
		}
	}
	if witnesses == nil {
		return nil
	}
	return shape.NewAssumingAll(l.b, witnesses)
}

// where names the op in a run-time error: `file:line:col: 'hlo.add' op
// in @f`.
func (l *legalizer) where() string {
	w := fmt.Sprintf("'%s' op", l.op.Name())
	if f := ir.EnclosingSymbolName(l.op); f != "" {
		w += " in @" + f
	}
	if loc := l.op.Loc; loc.Known() {
		return fmt.Sprintf("%s:%d:%d: %s", filepath.Base(loc.File), loc.Line, loc.Col, w)
	}
	return w
}

// resultShape builds the run-time result shape at b: a constant if the
// inferred shape is static, the shape of an operand that already has the
// result's shape, or the shape.broadcast of the operand shapes.
func (l *legalizer) resultShape(b *ir.Builder) *ir.Value {
	if ir.IsStaticShape(l.inferred) {
		return shape.NewConstShape(b, l.inferred)
	}
	for i := range l.operands {
		if l.operands[i].keep {
			return l.operandShapeOf(i)
		}
	}
	var vals []*ir.Value
	for i := range l.operands {
		if len(l.operands[i].shape) > 0 {
			vals = append(vals, l.alignedShape(i))
		}
	}
	return shape.NewBroadcast(b, vals, int64(len(l.target)))
}

// appendAlignedExtents appends the operand's shape at the result's rank,
// with 1 for the result dims it does not have.
func appendAlignedExtents(out []int64, o *bcastOperand, rank int) []int64 {
	n := len(out)
	for range rank {
		out = append(out, 1)
	}
	for k, d := range o.place {
		out[n+int(d)] = o.shape[k]
	}
	return out
}

// rightAligned reports whether the operand's dims are the result's last
// ones, so that the numpy rules of the shape ops place it correctly.
func rightAligned(o *bcastOperand, rank int) bool {
	for k, d := range o.place {
		if d != int64(rank-len(o.shape)+k) {
			return false
		}
	}
	return true
}

// alignedShape returns a shape value for operand i that the numpy rules
// of shape.broadcast and shape.cstr_broadcastable place where the
// operand's placement says: its shape_of when it is right-aligned, else
// its aligned extents (broadcast_dimensions that leave a gap), an extent
// tensor built with tensor.from_elements. Not shape.from_extents: its
// `!shape.shape` is a type MLIR 19's convert-shape-to-std does not lower
// nor one-shot-bufferize bufferize, so our linalg output would not go
// through MLIR's own pipeline.
func (l *legalizer) alignedShape(i int) *ir.Value {
	if l.aligned[i] == nil {
		l.aligned[i] = l.buildAlignedShape(i)
	}
	return l.aligned[i]
}

func (l *legalizer) buildAlignedShape(i int) *ir.Value {
	o := &l.operands[i]
	rank := len(l.target)
	if rightAligned(o, rank) {
		return l.operandShapeOf(i)
	}
	ext := appendAlignedExtents(nil, o, rank)
	if ir.IsStaticShape(ext) {
		return shape.NewConstShape(l.b, ext)
	}
	vals := make([]*ir.Value, rank)
	for d := range vals {
		vals[d] = l.index(1)
	}
	for k, d := range o.place {
		vals[d] = l.extent(i, k)
	}
	return shape.NewExtentTensorFromElements(l.b, vals)
}

// operandShapeOf returns (once) `shape.shape_of` of operand i.
func (l *legalizer) operandShapeOf(i int) *ir.Value {
	if l.shapeOf[i] == nil {
		l.shapeOf[i] = shape.NewShapeOf(l.b, l.operands[i].value)
	}
	return l.shapeOf[i]
}

// extent returns the size of dim k of operand i as an index value.
func (l *legalizer) extent(i, k int) *ir.Value {
	if n := l.operands[i].shape[k]; n != ir.Dynamic {
		return l.index(n)
	}
	return shape.NewGetExtent(l.b, l.operandShapeOf(i), l.index(int64(k)))
}

// index returns (once per op) `arith.constant n : index`.
func (l *legalizer) index(n int64) *ir.Value {
	if c, ok := l.consts[n]; ok {
		return c
	}
	c := arith.NewConstant(l.b, &ir.IntegerAttr{Type: ir.Index, Value: n}).Result(0)
	if l.consts == nil {
		l.consts = map[int64]*ir.Value{}
	}
	l.consts[n] = c
	return c
}
