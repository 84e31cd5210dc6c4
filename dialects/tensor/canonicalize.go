package tensor

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file holds the tensor canonicalization patterns, each attached to
// the OpDef of the op it rewrites (a subset of MLIR's patterns for
// tensor.dim, tensor.collapse_shape, tensor.expand_shape and tensor.empty).
// The folders of tensor.dim (static sizes) and tensor.cast (same type) are
// on the ops themselves.
//
//	dim (empty(%sizes)), %c                    -> the size operand of dim c
//	dim (expand_shape ... output_shape [...]), %c -> output_shape entry c
//	dim (collapse_shape %x), %c               -> product of the dims of %x in group c
//	dim (cast %x), %c                          -> dim %x, %c
//	collapse/expand %x (same type, one dim per group) -> %x
//	collapse (expand %x) (same groups, back to %x's type), and vice versa -> %x
//	collapse (expand %x) (nesting groups, or a rank-0 side) -> one reshape of %x
//	collapse/expand (empty)                    -> empty of the new shape
//	collapse/expand (splat constant)           -> splat constant of the new type
//
// tensor.cast moves across tensor.collapse_shape by the patterns of
// cast_reshape.go.
//
// linalg-fold-unit-extent-dims runs the reshape folds too
// (ReshapeFoldPatterns), and takes FoldCollapse for the collapses it makes.

// Patterns rooted at tensor.dim.
var (
	// DimOfEmpty folds `tensor.dim (tensor.empty(%sizes)), %c` to the size
	// operand for that dim, so reading a size never keeps a tensor alive.
	DimOfEmpty = dimFromSource("DimOfEmpty", "tensor.empty", func(_ *ir.Builder, empty *ir.Operation, d int) *ir.Value {
		return EmptySize(empty, d)
	})
	// DimOfExpandShape folds a dynamic dim of an expand_shape's result to
	// its output_shape entry.
	DimOfExpandShape = dimFromSource("DimOfExpandShape", "tensor.expand_shape", expandedDimSize)
	// DimOfCollapseShape computes a dynamic dim of a collapse_shape's
	// result from the source: the product of its group's sizes (MLIR's
	// FoldDimOfCollapseShape, with arith.muli for affine.apply).
	DimOfCollapseShape = dimFromSource("DimOfCollapseShape", "tensor.collapse_shape", collapsedDimSize)
	// DimOfCast reads the size from a tensor.cast's source (MLIR's
	// DimOfCastOp).
	DimOfCast = &ir.PatternFunc{Name: "DimOfCast", RootOp: "tensor.dim", Fn: dimOfCast}
)

// FoldCollapseShape and FoldExpandShape are the reshape folds listed above
// (collapse/expand of an identity, of an inverse reshape, of a
// tensor.empty or of a splat constant, and collapse of expand with nesting
// groups).
var (
	FoldCollapseShape = &ir.PatternFunc{Name: "FoldCollapseShape", RootOp: "tensor.collapse_shape", Fn: foldReshape}
	FoldExpandShape   = &ir.PatternFunc{Name: "FoldExpandShape", RootOp: "tensor.expand_shape", Fn: foldReshape}
)

// ReshapeFoldPatterns returns the reshape folds, for passes that run them
// with their own patterns.
func ReshapeFoldPatterns() []ir.Pattern {
	return []ir.Pattern{FoldCollapseShape, FoldExpandShape}
}

func init() {
	Dim.Canonicalize = append(Dim.Canonicalize, DimOfEmpty, DimOfExpandShape, DimOfCollapseShape, DimOfCast)
	CollapseShape.Canonicalize = append(CollapseShape.Canonicalize, FoldCollapseShape)
	ExpandShape.Canonicalize = append(ExpandShape.Canonicalize, FoldExpandShape)
}

// sizeOperand returns the operand that holds entry d of a size list whose
// dynamic entries (those equal to dyn) are given by operands, in order;
// nil if entry d is static or out of range.
func sizeOperand(list []int64, dyn int64, operands []*ir.Value, d int) *ir.Value {
	if d < 0 || d >= len(list) || list[d] != dyn {
		return nil
	}
	k := 0
	for _, s := range list[:d] {
		if s == dyn {
			k++
		}
	}
	if k >= len(operands) {
		return nil
	}
	return operands[k]
}

// EmptySize returns the size operand of dynamic dim d of a tensor.empty's
// result; nil if that dim is static.
func EmptySize(empty *ir.Operation, d int) *ir.Value {
	rt, ok := empty.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	return sizeOperand(rt.Shape(), ir.Dynamic, empty.Operands(), d)
}

// expandSize returns the output_shape operand of dynamic dim d of an
// expand_shape's result; nil if that entry is static.
func expandSize(expand *ir.Operation, d int) *ir.Value {
	return sizeOperand(StaticList(expand, "static_output_shape"), Dynamic, expand.Operands()[1:], d)
}

// dimFromSource returns the pattern named name that replaces `tensor.dim`
// of a dynamic dim d of the result of an op named srcName (read at a
// constant index) by size(b, src, d), which builds the size at the
// tensor.dim; size returns nil, creating nothing, when it is not known.
func dimFromSource(name, srcName string, size func(b *ir.Builder, src *ir.Operation, d int) *ir.Value) *ir.PatternFunc {
	return &ir.PatternFunc{Name: name, RootOp: "tensor.dim", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		src := op.Operand(0).DefiningOp()
		idx, isInt := ir.ConstantValue(op.Operand(1)).(*ir.IntegerAttr)
		if src == nil || src.Name() != srcName || !isInt {
			return false
		}
		rt, _ := src.Result(0).Type().(*ir.RankedTensorType)
		if rt == nil || idx.Value < 0 || idx.Value >= int64(rt.Rank()) || rt.Shape()[idx.Value] != ir.Dynamic {
			return false
		}
		rw.SetInsertionPoint(op)
		v := size(&rw.Builder, src, int(idx.Value))
		if v == nil {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{v})
		return true
	}}
}

// expandedDimSize is dim d of an expand_shape's result: its output_shape
// entry (a constant for a static entry).
func expandedDimSize(b *ir.Builder, expand *ir.Operation, d int) *ir.Value {
	if size := expandSize(expand, d); size != nil {
		return size
	}
	static := StaticList(expand, "static_output_shape")
	if d >= len(static) || static[d] == Dynamic {
		return nil
	}
	return arith.NewConstant(b, ir.IntAttr(ir.Index, static[d])).Result(0)
}

// collapsedDimSize is dim d of a collapse_shape's result: the product of
// the sizes of its group of source dims (groupSize, tensor.dim for the
// dynamic ones).
func collapsedDimSize(b *ir.Builder, collapse *ir.Operation, d int) *ir.Value {
	groups := Reassociation(collapse)
	in := collapse.Operand(0)
	st, _ := in.Type().(*ir.RankedTensorType)
	if d >= len(groups) || st == nil {
		return nil
	}
	return groupSize(b, st.Shape(), groups[d], func(s int64) *ir.Value { return NewDim(b, in, int(s)) })
}

// A tensor.bitcast keeps every dim too, and is read through the same way.
func dimOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0).DefiningOp()
	if src == nil || src.Name() != "tensor.cast" && src.Name() != "tensor.bitcast" {
		return false
	}
	rw.Modify(op, func() { op.SetOperand(0, src.Operand(0)) })
	return true
}

// NewDim builds `tensor.dim %v, %cd` (with the index constant) at b.
func NewDim(b *ir.Builder, v *ir.Value, d int) *ir.Value {
	c := arith.NewConstant(b, ir.IntAttr(ir.Index, int64(d)))
	return b.Create(&ir.OpState{Name: "tensor.dim", Operands: []*ir.Value{v, c.Result(0)}, ResultTypes: []ir.Type{ir.Index}}).Result(0)
}

// groupSize builds at b the size of the dims of shape in group: the
// product of the dynamic sizes (sizeOf gives each one's value), multiplied
// out with arith.muli only where two or more sizes are not 1. It returns
// nil when no dim of the group is dynamic.
func groupSize(b *ir.Builder, shape, group []int64, sizeOf func(d int64) *ir.Value) *ir.Value {
	var size *ir.Value
	static := int64(1)
	for _, d := range group {
		switch {
		case shape[d] != ir.Dynamic:
			static *= shape[d]
		case size == nil:
			size = sizeOf(d)
		default:
			size = b.CreateOp("arith.muli", []*ir.Value{size, sizeOf(d)}, []ir.Type{ir.Index}).Result(0)
		}
	}
	if size != nil && static != 1 {
		c := arith.NewConstant(b, ir.IntAttr(ir.Index, static)).Result(0)
		size = b.CreateOp("arith.muli", []*ir.Value{size, c}, []ir.Type{ir.Index}).Result(0)
	}
	return size
}

// foldReshape applies the first of the reshape folds that matches a
// collapse_shape or expand_shape (see FoldCollapseShape).
func foldReshape(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	groups := Reassociation(op)
	if !ok || groups == nil {
		return false
	}
	inverse := "tensor.expand_shape"
	if op.Name() == "tensor.expand_shape" {
		inverse = "tensor.collapse_shape"
	}
	def := src.DefiningOp()
	switch {
	case src.Type() == rt && len(groups) == rt.Rank():
		rw.ReplaceOp(op, []*ir.Value{src})
		return true
	case isReshapeBy(def, inverse, groups, rt):
		rw.ReplaceOp(op, []*ir.Value{def.Operand(0)})
		return true
	case def != nil && def.Name() == "tensor.expand_shape" && op.Name() == "tensor.collapse_shape":
		return composeCollapseOfExpand(op, def, rw)
	case def != nil && def.Name() == "tensor.empty":
		var e *ir.Value
		if op.Name() == "tensor.collapse_shape" {
			e, ok = emptyForReshape(rw, src, rt, groups, nil)
		} else {
			rw.SetInsertionPoint(op)
			e, ok = emptyForReshape(rw, src, rt, groups, op.Operands()[1:])
		}
		if ok {
			rw.ReplaceOp(op, []*ir.Value{e})
		}
		return ok
	case def != nil && def.HasTrait(ir.ConstantLike) && def.Name() == "arith.constant":
		d, ok := def.Attr("value").(*ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return false
		}
		rw.SetInsertionPoint(op)
		c := arith.NewConstant(&rw.Builder, &ir.DenseElementsAttr{Type: rt, Splat: true, Raw: d.Raw})
		rw.ReplaceOp(op, c.Results())
		return true
	}
	return false
}

// composeCollapseOfExpand replaces collapse(expand(x)) by one reshape of
// x when every group of the lower-rank side is a union of whole groups of
// the higher-rank side (MLIR's ComposeCollapseOfExpandOp). An expand it
// makes needs each dynamic result dim to be a single dynamic dim of the
// old expand_shape's output_shape, the rest of its group 1s.
func composeCollapseOfExpand(collapse, expand *ir.Operation, rw *ir.Rewriter) bool {
	src := expand.Operand(0)
	srcT, _ := src.Type().(*ir.RankedTensorType)
	resT, _ := collapse.Result(0).Type().(*ir.RankedTensorType)
	if srcT == nil || resT == nil || srcT.Rank() == resT.Rank() {
		return false
	}
	higher, lower := Reassociation(expand), Reassociation(collapse)
	if srcT.Rank() < resT.Rank() {
		higher, lower = lower, higher
	}
	composed, ok := composeReassociations(higher, lower)
	if !ok {
		return false
	}
	rw.SetInsertionPoint(collapse)
	st := &ir.OpState{Name: collapse.Name(), Operands: []*ir.Value{src}, ResultTypes: []ir.Type{resT}, Loc: collapse.Loc}
	st.AddAttr("reassociation", ReassociationAttr(composed))
	if srcT.Rank() < resT.Rank() {
		// The new op is an expand: its sizes come from the old one.
		mid := expand.Result(0).Type().(*ir.RankedTensorType).Shape()
		static := append([]int64(nil), resT.Shape()...)
		// Walk the result's dims, i.e. the collapse's groups of the old
		// expand's dims.
		for r, group := range Reassociation(collapse) {
			if resT.Shape()[r] != ir.Dynamic {
				continue
			}
			static[r] = Dynamic
			var size *ir.Value
			for _, d := range group {
				switch s := expandSize(expand, int(d)); {
				case mid[d] == ir.Dynamic && size == nil && s != nil:
					size = s
				case mid[d] != 1:
					return false
				}
			}
			if size == nil {
				return false
			}
			st.Operands = append(st.Operands, size)
		}
		st.Name = "tensor.expand_shape"
		st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: static})
	}
	rw.ReplaceOp(collapse, rw.Create(st).Results())
	return true
}

// composeReassociations composes two reassociations over the same
// intermediate dims: higher groups them into the higher-rank side's dims,
// lower into the lower-rank side's. Each lower group must be a union of
// consecutive whole higher groups; the result groups the higher-rank
// side's dims by lower-rank dim. A rank-0 lower side (no groups) takes
// all the unit dims of the higher side: the composition is empty, as in
// MLIR's composeReassociationIndices.
func composeReassociations(higher, lower [][]int64) ([][]int64, bool) {
	if len(lower) == 0 {
		return [][]int64{}, true
	}
	var out [][]int64
	h := 0
	for _, l := range lower {
		group := []int64{}
		for h < len(higher) {
			last := higher[h][len(higher[h])-1]
			if last > l[len(l)-1] {
				return nil, false
			}
			group = append(group, int64(h))
			h++
			if last == l[len(l)-1] {
				break
			}
		}
		if len(group) == 0 {
			return nil, false
		}
		out = append(out, group)
	}
	if h != len(higher) {
		return nil, false
	}
	if out == nil {
		out = [][]int64{}
	}
	return out, true
}

// FoldCollapse returns what collapsing v by groups to typ folds to without
// a new collapse_shape, as the reshape folds would fold it: the source of
// the expand_shape defining v when the collapse undoes it, or a new
// tensor.empty of type typ when v is a tensor.empty (made at the old one,
// see emptyForReshape). ok is false when neither applies.
func FoldCollapse(rw *ir.Rewriter, v *ir.Value, groups [][]int64, typ *ir.RankedTensorType) (folded *ir.Value, ok bool) {
	if def := v.DefiningOp(); isReshapeBy(def, "tensor.expand_shape", groups, typ) {
		return def.Operand(0), true
	}
	return emptyForReshape(rw, v, typ, groups, nil)
}

// isReshapeBy reports whether op is a reshape named name with
// reassociation groups of a value of type from: the reshape that the
// inverse reshape with the same groups back to from undoes.
func isReshapeBy(op *ir.Operation, name string, groups [][]int64, from ir.Type) bool {
	return op != nil && op.Name() == name && op.Operand(0).Type() == from && slices.EqualFunc(Reassociation(op), groups, slices.Equal)
}

// emptyForReshape builds the tensor.empty of type typ that reshaping the
// tensor.empty v by groups gives. For a collapse (expandSizes nil) it is
// placed at v's tensor.empty and its dynamic sizes are the products of the
// old sizes of each group (groupSize); for an expand it uses the
// expand_shape's output_shape operands expandSizes at the current
// insertion point.
func emptyForReshape(rw *ir.Rewriter, v *ir.Value, typ *ir.RankedTensorType, groups [][]int64, expandSizes []*ir.Value) (*ir.Value, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "tensor.empty" {
		return nil, false
	}
	sizes := expandSizes
	if expandSizes == nil {
		src := v.Type().(*ir.RankedTensorType).Shape()
		rw.SetInsertionPoint(def)
		for g, group := range groups {
			if typ.Shape()[g] != ir.Dynamic {
				continue
			}
			size := groupSize(&rw.Builder, src, group, func(d int64) *ir.Value { return EmptySize(def, int(d)) })
			if size == nil {
				return nil, false
			}
			sizes = append(sizes, size)
		}
	}
	return rw.Create(&ir.OpState{Name: "tensor.empty", Operands: sizes, ResultTypes: []ir.Type{typ}, Loc: def.Loc}).Result(0), true
}

// ReshapeOfUnitDims rewrites a tensor.reshape that only inserts or removes
// size-1 dims around one other dim into tensor.expand_shape or
// tensor.collapse_shape: source and result have the same element count,
// so when all but one dim of the larger rank are a static 1 and the
// smaller rank is 1, that one dim is the whole tensor (JAX's keepdims on a
// symbolic dim, `dynamic_reshape` of `?` to `?x1`). The reshapes then fold
// with their inverses and through unit-dim folding like any other.
var ReshapeOfUnitDims = &ir.PatternFunc{Name: "ReshapeOfUnitDims", RootOp: "tensor.reshape", Fn: reshapeOfUnitDims}

func reshapeOfUnitDims(op *ir.Operation, rw *ir.Rewriter) bool {
	src, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	dst, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if src == nil || dst == nil || src.ElementType() != dst.ElementType() {
		return false
	}
	low, high, expand := src, dst, true
	if src.Rank() > dst.Rank() {
		low, high, expand = dst, src, false
	}
	if low.Rank() != 1 || high.Rank() < 1 {
		return false
	}
	// The one dim of high that is not a static 1 (or the first, if all are).
	keep := -1
	for d, s := range high.Shape() {
		if s != 1 {
			if keep >= 0 {
				return false
			}
			keep = d
		}
	}
	if keep < 0 {
		keep = 0
	}
	if s, t := high.Shape()[keep], low.Shape()[0]; s != ir.Dynamic && t != ir.Dynamic && s != t {
		return false
	}
	group := make([]int64, high.Rank())
	for d := range group {
		group[d] = int64(d)
	}
	groups := [][]int64{group}
	rw.SetInsertionPoint(op)
	st := &ir.OpState{Loc: op.Loc, Operands: []*ir.Value{op.Operand(0)}, ResultTypes: []ir.Type{dst}}
	st.AddAttr("reassociation", ReassociationAttr(groups))
	if expand {
		st.Name = "tensor.expand_shape"
		static := append([]int64(nil), dst.Shape()...)
		if static[keep] == ir.Dynamic {
			static[keep] = Dynamic
			st.Operands = append(st.Operands, NewDim(&rw.Builder, op.Operand(0), 0))
		}
		st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: static})
	} else {
		st.Name = "tensor.collapse_shape"
	}
	rw.ReplaceOp(op, rw.Create(st).Results())
	return true
}

func init() { Reshape.Canonicalize = append(Reshape.Canonicalize, ReshapeOfUnitDims) }
