package shape

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// Witness is `!shape.witness`, the result of a constraint.
var Witness = ir.Opaque("shape", ".witness")

// ShapeType is `!shape.shape`, the result of shape.from_extents. It does
// not outlive canonicalization (ToExtentTensorOfFromExtents).
var ShapeType = ir.Opaque("shape", ".shape")

// ExtentTensor returns `tensor<nxindex>` (n may be ir.Dynamic).
func ExtentTensor(n int64) *ir.RankedTensorType {
	return ir.RankedTensor([]int64{n}, ir.Index)
}

// extentCount reports whether t is an extent tensor (a 1-D tensor of
// index) and its length (ir.Dynamic for `tensor<?xindex>`).
func extentCount(t ir.Type) (int64, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() != 1 || rt.ElementType() != ir.Index {
		return 0, false
	}
	return rt.Shape()[0], true
}

// KnownExtents returns what is known at compile time about the shape value
// v: its extents, ir.Dynamic where only the run time knows. It looks
// through shape.const_shape, shape.shape_of of a ranked tensor,
// tensor.from_elements of index values and shape.to_extent_tensor of
// shape.from_extents; ok is false when even the rank is unknown.
func KnownExtents(v *ir.Value) (extents []int64, ok bool) {
	op := v.DefiningOp()
	if op == nil {
		return nil, false
	}
	switch op.Name() {
	case "shape.const_shape":
		d, isDense := op.Attr("shape").(*ir.DenseElementsAttr)
		if !isDense {
			return nil, false
		}
		out := make([]int64, d.NumElements())
		for i := range out {
			out[i] = d.IntAt(int64(i))
		}
		return out, true
	case "shape.shape_of":
		rt, ranked := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ranked {
			return nil, false
		}
		return append([]int64{}, rt.Shape()...), true
	case "tensor.from_elements":
		if n, isExtents := extentCount(v.Type()); !isExtents || n != int64(op.NumOperands()) {
			return nil, false
		}
		return constantIndices(op.Operands()), true
	case "shape.to_extent_tensor":
		from := op.Operand(0).DefiningOp()
		if from == nil || from.Name() != "shape.from_extents" {
			return nil, false
		}
		return constantIndices(from.Operands()), true
	}
	return nil, false
}

// constantIndices returns the values of index constants, ir.Dynamic for
// each that is not one.
func constantIndices(vs []*ir.Value) []int64 {
	out := make([]int64, len(vs))
	for i, e := range vs {
		out[i] = constantIndex(e)
	}
	return out
}

// constantIndex returns the value of an index constant, or ir.Dynamic.
func constantIndex(v *ir.Value) int64 {
	if a, ok := ir.ConstantValue(v).(*ir.IntegerAttr); ok && a.Value >= 0 {
		return a.Value
	}
	return ir.Dynamic
}

// isStatic reports whether no extent is ir.Dynamic.
func isStatic(extents []int64) bool { return ir.IsStaticShape(extents) }

// WitnessValue reports whether v is a shape.const_witness and, if so,
// whether it passes.
func WitnessValue(v *ir.Value) (passing, known bool) {
	op := v.DefiningOp()
	if op == nil || op.Name() != "shape.const_witness" {
		return false, false
	}
	b, ok := op.Attr("passing").(*ir.BoolAttr)
	if !ok {
		return false, false
	}
	return b.Value, true
}

// StaticallyBroadcastable reports whether shapes (ir.Dynamic for `?`)
// broadcast by the numpy rules whatever values their `?` dims take at run
// time (MLIR's OpTrait::util::staticallyKnownBroadcastable). In every
// column, counted from the right, the dims other than 1 must be one `?`
// alone, or static sizes that are all equal: `?x4` and `4` are always
// compatible, `?` and `4` are not (the `?` may be 3), nor are `?` and `?`.
func StaticallyBroadcastable(shapes [][]int64) bool {
	rank := 0
	for _, s := range shapes {
		rank = max(rank, len(s))
	}
	for i := 0; i < rank; i++ {
		seenDynamic := false
		nonOne := int64(-2) // no dim other than 1 seen yet
		for _, s := range shapes {
			d := int64(1)
			if i < len(s) {
				d = s[len(s)-1-i]
			}
			switch {
			case d == 1:
				continue
			case d == ir.Dynamic:
				if seenDynamic || nonOne != -2 {
					return false
				}
				seenDynamic = true
			case nonOne != -2 && d != nonOne:
				return false
			}
			nonOne = d
		}
	}
	return true
}
