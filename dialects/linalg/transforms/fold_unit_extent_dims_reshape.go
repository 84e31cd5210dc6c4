package transforms

import (
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

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
		for _, e := range sortedByKey(byUser[u], func(e *ir.Operation) string { return useKey(e, u) + reshapeKey(e) }) {
			e.op.MoveBefore(u)
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
		list := sortedByKey(byAnchor[a], reshapeKey)
		// Merge identical collapses into the first.
		var kept []*ir.Operation
		for i, c := range list {
			if i > 0 && list[i-1].key == c.key {
				c.op.Result(0).ReplaceAllUsesWith(kept[len(kept)-1].Result(0))
				c.op.Erase()
				continue
			}
			kept = append(kept, c.op)
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
		for ref != nil && (inList[ref] || a.after == nil && isHoistedConstant(ref)) {
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

// keyedOp is an op with its sort key.
type keyedOp struct {
	op  *ir.Operation
	key string
}

// sortedByKey returns ops sorted stably by key, each key computed once (a
// single op needs none).
func sortedByKey(ops []*ir.Operation, key func(*ir.Operation) string) []keyedOp {
	list := make([]keyedOp, len(ops))
	for i, o := range ops {
		list[i].op = o
		if len(ops) > 1 {
			list[i].key = key(o)
		}
	}
	slices.SortStableFunc(list, func(x, y keyedOp) int { return strings.Compare(x.key, y.key) })
	return list
}

// isHoistedConstant reports whether op is a constant that the greedy
// driver hoists to the start of its block (one result, ConstantLike, with
// a `value` attribute: ir.ConstantValue). Other ConstantLike ops
// (shape.const_shape, shape.const_witness) stay where they are, so they
// count as leading constants only when no other op precedes them, which
// depends on what fusion erased: a reshape placed after them would move
// with the pass order.
func isHoistedConstant(op *ir.Operation) bool {
	return op.NumResults() == 1 && ir.ConstantValue(op.Result(0)) != nil
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
