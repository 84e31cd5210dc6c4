package passes

import (
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// FoldReshapePatterns returns the folds of tensor.collapse_shape and
// tensor.expand_shape that linalg-fold-unit-extent-dims relies on (a
// subset of MLIR's canonicalization patterns of the two ops and of
// tensor.empty):
//
//   - a collapse_shape of an expand_shape with the same reassociation, back
//     to the expand_shape's source type, is that source, and vice versa;
//   - a reshape that changes nothing (same type, one dim per group) is its
//     source;
//   - a collapse_shape of an expand_shape with other reassociations is one
//     reshape of the expand_shape's source when the groups nest (MLIR's
//     ComposeCollapseOfExpandOp: `4x8 -> 4x1x8 -> 32` is `4x8 -> 32`);
//   - a reshape of a tensor.empty is a tensor.empty of the new shape,
//     created where the old one was for a collapse (its sizes are the old
//     ones) and at the expand_shape for an expand (its sizes are the
//     output_shape operands);
//   - a reshape of a splat arith.constant is a splat of the new type.
//
// They belong with the tensor dialect's canonicalization patterns; they
// live here until the dialect declares them.
func FoldReshapePatterns() []ir.Pattern {
	return []ir.Pattern{
		&ir.PatternFunc{Name: "FoldCollapseShape", RootOp: "tensor.collapse_shape", Fn: foldReshape},
		&ir.PatternFunc{Name: "FoldExpandShape", RootOp: "tensor.expand_shape", Fn: foldReshape},
	}
}

func isReshape(op *ir.Operation) bool {
	return op != nil && (op.Name() == "tensor.collapse_shape" || op.Name() == "tensor.expand_shape")
}

// foldReshape applies the first of FoldReshapePatterns' folds that
// matches a collapse_shape or expand_shape.
func foldReshape(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	groups := tensor.Reassociation(op)
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
	case def != nil && def.Name() == inverse && def.Operand(0).Type() == rt && slices.EqualFunc(tensor.Reassociation(def), groups, slices.Equal):
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
		st := &ir.OpState{Name: "arith.constant", ResultTypes: []ir.Type{rt}, Loc: op.Loc}
		st.AddAttr("value", &ir.DenseElementsAttr{Type: rt, Splat: true, Raw: d.Raw})
		rw.SetInsertionPoint(op)
		rw.ReplaceOp(op, rw.Create(st).Results())
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
	higher, lower := tensor.Reassociation(expand), tensor.Reassociation(collapse)
	if srcT.Rank() < resT.Rank() {
		higher, lower = lower, higher
	}
	composed, ok := composeReassociations(higher, lower)
	if !ok {
		return false
	}
	rw.SetInsertionPoint(collapse)
	st := &ir.OpState{Name: collapse.Name(), Operands: []*ir.Value{src}, ResultTypes: []ir.Type{resT}, Loc: collapse.Loc}
	st.AddAttr("reassociation", tensor.ReassociationAttr(composed))
	if srcT.Rank() < resT.Rank() {
		// The new op is an expand: its sizes come from the old one.
		mid := expand.Result(0).Type().(*ir.RankedTensorType).Shape()
		midSizes := map[int64]*ir.Value{}
		k := 1
		for d, s := range tensor.StaticList(expand, "static_output_shape") {
			if s == tensor.Dynamic {
				midSizes[int64(d)] = expand.Operand(k)
				k++
			}
		}
		static := append([]int64(nil), resT.Shape()...)
		for r, group := range lower {
			if resT.Shape()[r] != ir.Dynamic {
				continue
			}
			static[r] = tensor.Dynamic
			var size *ir.Value
			for _, d := range group {
				switch {
				case mid[d] == ir.Dynamic && size == nil && midSizes[d] != nil:
					size = midSizes[d]
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
// side's dims by lower-rank dim.
func composeReassociations(higher, lower [][]int64) ([][]int64, bool) {
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

// collapsedExpandSource returns the source of v's defining expand_shape
// when collapsing v by groups to typ just undoes it.
func collapsedExpandSource(v *ir.Value, groups [][]int64, typ *ir.RankedTensorType) (*ir.Value, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "tensor.expand_shape" || def.Operand(0).Type() != typ {
		return nil, false
	}
	if !slices.EqualFunc(tensor.Reassociation(def), groups, slices.Equal) {
		return nil, false
	}
	return def.Operand(0), true
}

// emptyForReshape builds the tensor.empty of type typ that reshaping the
// tensor.empty v by groups gives. For a collapse (expandSizes nil) it is
// placed at v's tensor.empty and its dynamic sizes are the products of the
// old sizes of each group (arith.muli where two or more are not 1); for an
// expand it uses the expand_shape's output_shape operands expandSizes at
// the current insertion point.
func emptyForReshape(rw *ir.Rewriter, v *ir.Value, typ *ir.RankedTensorType, groups [][]int64, expandSizes []*ir.Value) (*ir.Value, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "tensor.empty" {
		return nil, false
	}
	sizes := expandSizes
	if expandSizes == nil {
		src := v.Type().(*ir.RankedTensorType).Shape()
		// operandOf[d] is the empty's operand for dynamic dim d.
		operandOf := map[int64]*ir.Value{}
		k := 0
		for d, s := range src {
			if s == ir.Dynamic {
				operandOf[int64(d)] = def.Operand(k)
				k++
			}
		}
		rw.SetInsertionPoint(def)
		for g, group := range groups {
			if typ.Shape()[g] != ir.Dynamic {
				continue
			}
			// The product of the group's sizes, multiplied out only when
			// more than one of them is not 1.
			var size *ir.Value
			static := int64(1)
			for _, d := range group {
				switch {
				case src[d] != ir.Dynamic:
					static *= src[d]
				case size == nil:
					size = operandOf[d]
				default:
					size = rw.CreateOp("arith.muli", []*ir.Value{size, operandOf[d]}, []ir.Type{ir.Index}).Result(0)
				}
			}
			if size == nil {
				return nil, false
			}
			if static != 1 {
				c := arith.NewConstant(&rw.Builder, ir.IntAttr(ir.Index, static)).Result(0)
				size = rw.CreateOp("arith.muli", []*ir.Value{size, c}, []ir.Type{ir.Index}).Result(0)
			}
			sizes = append(sizes, size)
		}
	}
	return rw.Create(&ir.OpState{Name: "tensor.empty", Operands: sizes, ResultTypes: []ir.Type{typ}, Loc: def.Loc}).Result(0), true
}

// placeReshapes moves the reshapes nested in root to their canonical
// places (see FoldUnitExtentDims): each collapse_shape right after the
// definition of its source, in the order of reshapeKey, identical ones
// merged; each expand_shape right before the first op of its block that
// uses it, in the order of the operand it feeds. Moves stay in one block
// and only bring a collapse closer to its source or an expand closer to
// its users, so dominance holds.
func placeReshapes(root *ir.Operation) {
	type anchor struct {
		blk   *ir.Block
		after *ir.Operation // nil: the block's arguments
	}
	var expands, collapses []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		switch o.Name() {
		case "tensor.expand_shape":
			expands = append(expands, o)
		case "tensor.collapse_shape":
			collapses = append(collapses, o)
		}
		return true
	})

	// Expand shapes first: collapses of them then anchor at their new place.
	byUser := map[*ir.Operation][]*ir.Operation{}
	var users []*ir.Operation
	for _, e := range expands {
		u := firstUserInBlock(e)
		if u == nil {
			continue
		}
		if byUser[u] == nil {
			users = append(users, u)
		}
		byUser[u] = append(byUser[u], e)
	}
	for _, u := range users {
		list := byUser[u]
		slices.SortStableFunc(list, func(a, b *ir.Operation) int {
			return strings.Compare(useKey(a, u)+reshapeKey(a), useKey(b, u)+reshapeKey(b))
		})
		for _, e := range list {
			e.MoveBefore(u)
		}
	}

	byAnchor := map[anchor][]*ir.Operation{}
	var anchors []anchor
	for _, c := range collapses {
		src := c.Operand(0)
		a := anchor{blk: c.Block(), after: src.DefiningOp()}
		if a.after == nil && src.OwnerBlock() != a.blk || a.after != nil && a.after.Block() != a.blk {
			continue
		}
		if byAnchor[a] == nil {
			anchors = append(anchors, a)
		}
		byAnchor[a] = append(byAnchor[a], c)
	}
	for _, a := range anchors {
		list := byAnchor[a]
		slices.SortStableFunc(list, func(x, y *ir.Operation) int {
			return strings.Compare(reshapeKey(x), reshapeKey(y))
		})
		// Merge identical collapses into the first.
		kept := list[:0]
		for _, c := range list {
			if n := len(kept); n > 0 && reshapeKey(kept[n-1]) == reshapeKey(c) {
				c.Result(0).ReplaceAllUsesWith(kept[n-1].Result(0))
				c.Erase()
				continue
			}
			kept = append(kept, c)
		}
		inList := map[*ir.Operation]bool{}
		for _, c := range kept {
			inList[c] = true
		}
		// The first op after the anchor that stays where it is.
		ref := a.blk.First()
		if a.after != nil {
			ref = a.after.Next()
		}
		for ref != nil && (inList[ref] || a.after == nil && ref.HasTrait(ir.ConstantLike)) {
			ref = ref.Next()
		}
		if ref == nil {
			continue
		}
		for _, c := range kept {
			c.MoveBefore(ref)
		}
	}
}

// firstUserInBlock returns the first op of e's block that uses e's result
// or contains a use of it; nil if there is none.
func firstUserInBlock(e *ir.Operation) *ir.Operation {
	var first *ir.Operation
	for _, u := range e.Result(0).Users() {
		for u != nil && u.Block() != e.Block() {
			u = u.ParentOp()
		}
		if u == nil {
			continue
		}
		if first == nil || u.IsBeforeInBlock(first) {
			first = u
		}
	}
	return first
}

// useKey orders the expand_shapes feeding user u by the first operand of u
// they feed (uses nested in u's regions come last).
func useKey(e, u *ir.Operation) string {
	best := 1 << 30
	for _, use := range e.Result(0).Uses() {
		if use.Owner() == u && use.Index() < best {
			best = use.Index()
		}
	}
	return padInt(best)
}

func padInt(n int) string {
	s := []byte("0000000000")
	for i := len(s) - 1; i >= 0 && n > 0; i-- {
		s[i] = byte('0' + n%10)
		n /= 10
	}
	return string(s)
}

// reshapeKey orders and identifies reshapes of one anchor: the source (its
// position among the anchor's results or block arguments), the op, the
// reassociation and the result type.
func reshapeKey(op *ir.Operation) string {
	var sb strings.Builder
	src := op.Operand(0)
	sb.WriteString(padInt(src.Index()))
	sb.WriteString(op.Name())
	for _, g := range tensor.Reassociation(op) {
		sb.WriteByte('[')
		for _, d := range g {
			sb.WriteString(padInt(int(d)))
		}
	}
	sb.WriteString(op.Result(0).Type().String())
	return sb.String()
}
