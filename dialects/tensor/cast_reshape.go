package tensor

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file holds the patterns that move a tensor.cast across a
// tensor.collapse_shape, so that a cast meets the reshapes around it in
// one order whichever order the passes made them in:
//
//	collapse (cast %x), cast only drops static sizes -> cast (collapse %x)
//	cast (collapse %x), cast only adds static sizes  -> collapse (cast %x)
//
// Casts that drop static information sink towards their users and casts
// that add it rise towards the producer, as MLIR's canFoldIntoConsumerOp
// and canFoldIntoProducerOp have it. The first pattern is MLIR's
// FoldCollapseOfCastOp. MLIR 19 has no second one; we add it so that
// expand (cast (collapse %x)), which linalg-fold-unit-extent-dims leaves
// around a generic that canonicalizes to a cast, becomes the cast of %x
// that the same generic gives before the fold (the cast rises above the
// collapse, which then meets the expand and undoes it). mlir-opt-19
// --canonicalize leaves `cast (collapse %x)` alone.

var (
	// FoldCollapseOfCast sinks a cast that only drops static sizes below
	// the collapse_shape that uses it (MLIR's FoldCollapseOfCastOp).
	FoldCollapseOfCast = &ir.PatternFunc{Name: "FoldCollapseOfCast", RootOp: "tensor.collapse_shape", Fn: foldCollapseOfCast}
	// FoldCastOfCollapse lifts a cast that only adds static sizes above
	// the collapse_shape that defines its source, refining the collapse's
	// source instead (not in MLIR 19).
	FoldCastOfCollapse = &ir.PatternFunc{Name: "FoldCastOfCollapse", RootOp: "tensor.cast", Fn: foldCastOfCollapse}
)

func init() {
	CollapseShape.Canonicalize = append(CollapseShape.Canonicalize, FoldCollapseOfCast)
	Cast.Canonicalize = append(Cast.Canonicalize, FoldCastOfCollapse)
}

// preservesStaticInformation reports whether target has every static size
// that source has, with the same rank and element type (MLIR's
// tensor::preservesStaticInformation): a cast from source to target adds
// static information or none, and loses none.
func preservesStaticInformation(source, target ir.Type) bool {
	s, _ := source.(*ir.RankedTensorType)
	t, _ := target.(*ir.RankedTensorType)
	if s == nil || t == nil || s.ElementType() != t.ElementType() || s.Rank() != t.Rank() || !ir.AttrEqual(s.Encoding, t.Encoding) {
		return false
	}
	for i, d := range s.Shape() {
		if d != ir.Dynamic && t.Shape()[i] == ir.Dynamic {
			return false
		}
	}
	return true
}

// collapsedType is the type of collapsing src by groups: each group's
// size is the product of its sizes, dynamic if one of them is (MLIR's
// CollapseShapeOp::inferCollapsedType).
func collapsedType(src *ir.RankedTensorType, groups [][]int64) *ir.RankedTensorType {
	shape := make([]int64, len(groups))
	for g, group := range groups {
		shape[g] = collapsedSize(src.Shape(), group)
	}
	return ir.RankedTensorWithEncoding(shape, src.ElementType(), src.Encoding)
}

func foldCollapseOfCast(collapse *ir.Operation, rw *ir.Rewriter) bool {
	cast := collapse.Operand(0).DefiningOp()
	if cast == nil || cast.Name() != "tensor.cast" || !preservesStaticInformation(cast.Result(0).Type(), cast.Operand(0).Type()) {
		return false
	}
	src, _ := cast.Operand(0).Type().(*ir.RankedTensorType)
	groups := Reassociation(collapse)
	if src == nil || groups == nil {
		return false
	}
	newType := collapsedType(src, groups)
	if newType == collapse.Result(0).Type() {
		rw.Modify(collapse, func() { collapse.SetOperand(0, cast.Operand(0)) })
		return true
	}
	rw.SetInsertionPoint(collapse)
	st := &ir.OpState{Name: "tensor.collapse_shape", Operands: []*ir.Value{cast.Operand(0)}, ResultTypes: []ir.Type{newType}, Loc: collapse.Loc}
	st.AddAttr("reassociation", collapse.Attr("reassociation"))
	narrow := rw.Create(st).Result(0)
	rw.ReplaceOp(collapse, rw.CreateOp("tensor.cast", []*ir.Value{narrow}, collapse.ResultTypes()).Results())
	return true
}

func foldCastOfCollapse(cast *ir.Operation, rw *ir.Rewriter) bool {
	collapse := cast.Operand(0).DefiningOp()
	if collapse == nil || collapse.Name() != "tensor.collapse_shape" || cast.Operand(0).Type() == cast.Result(0).Type() ||
		!preservesStaticInformation(cast.Operand(0).Type(), cast.Result(0).Type()) {
		return false
	}
	src, _ := collapse.Operand(0).Type().(*ir.RankedTensorType)
	to := cast.Result(0).Type().(*ir.RankedTensorType)
	groups := Reassociation(collapse)
	if src == nil || len(groups) != to.Rank() {
		return false
	}
	shape, ok := refineGroups(src.Shape(), groups, to.Shape())
	if !ok {
		return false
	}
	rw.SetInsertionPoint(cast)
	refined := rw.Create(&ir.OpState{Name: "tensor.cast", Operands: []*ir.Value{collapse.Operand(0)},
		ResultTypes: []ir.Type{ir.WithShape(src, shape)}, Loc: cast.Loc}).Result(0)
	st := &ir.OpState{Name: "tensor.collapse_shape", Operands: []*ir.Value{refined}, ResultTypes: []ir.Type{to}, Loc: collapse.Loc}
	st.AddAttr("reassociation", collapse.Attr("reassociation"))
	rw.ReplaceOp(cast, rw.Create(st).Results())
	return true
}

// refineGroups returns the sizes of a tensor of shape src whose collapse
// by groups has the (more static) shape to: in each group whose collapsed
// size becomes static, the one dynamic size is that size divided by the
// group's static ones, or every size is 1 when the group collapses to 1.
// ok is false when a group cannot be refined so: it has several dynamic
// sizes, or its static sizes do not divide the new size.
func refineGroups(src []int64, groups [][]int64, to []int64) (shape []int64, ok bool) {
	shape = slices.Clone(src)
	for g, group := range groups {
		if to[g] == ir.Dynamic || collapsedSize(src, group) != ir.Dynamic {
			continue
		}
		if to[g] == 1 {
			for _, d := range group {
				if src[d] != ir.Dynamic && src[d] != 1 {
					return nil, false
				}
				shape[d] = 1
			}
			continue
		}
		dyn, static := -1, int64(1)
		for _, d := range group {
			switch {
			case src[d] != ir.Dynamic:
				static *= src[d]
			case dyn >= 0:
				return nil, false
			default:
				dyn = int(d)
			}
		}
		if static == 0 || to[g]%static != 0 {
			return nil, false
		}
		shape[dyn] = to[g] / static
	}
	return shape, true
}

// collapsedSize is the size of the dims of shape in group collapsed into
// one: their product, or dynamic when one of them is.
func collapsedSize(shape, group []int64) int64 {
	size := int64(1)
	for _, d := range group {
		if shape[d] == ir.Dynamic {
			return ir.Dynamic
		}
		size *= shape[d]
	}
	return size
}
