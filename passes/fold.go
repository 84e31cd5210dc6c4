package passes

import "github.com/bcast-opt/bcast-opt/ir"

// This file holds the folding half of the canonicalizer: a pattern that
// runs an op's folder the way MLIR 19's greedy driver does, and the
// hoisting and uniquing of constants (MLIR's OperationFolder) done at the
// start of every canonicalizer iteration.

// FoldPattern returns a pattern rooted at ops named root that folds them as
// MLIR's greedy driver does: the op's Fold hook sees the constant values of
// its operands; constant results are materialized just before the op (the
// next iteration hoists and uniques them); value results replace the op's
// uses; a folder returning the op's own results is an in-place update.
// When nothing folds, a Commutative op with constant operands ahead of
// non-constant ones has its constants moved to the end (MLIR's
// IsCommutative trait folder), so `addi %c1, %x` becomes `addi %x, %c1`.
func FoldPattern(root string) ir.Pattern {
	return &ir.PatternFunc{Name: "fold(" + root + ")", RootOp: root, Fn: foldOp}
}

func foldOp(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.HasTrait(ir.ConstantLike) {
		// Folding a constant would rematerialize it forever.
		return false
	}
	consts := make([]ir.Attribute, op.NumOperands())
	for i := range consts {
		consts[i] = ir.ConstantValue(op.Operand(i))
	}
	var res []ir.FoldResult
	if d := op.Def(); d != nil && d.Fold != nil {
		res = d.Fold(op, consts)
	}
	if res == nil || len(res) != op.NumResults() {
		return foldCommutative(op, consts, rw)
	}
	vals := make([]*ir.Value, len(res))
	var created []*ir.Operation
	fail := func() bool {
		for _, c := range created {
			rw.EraseOp(c)
		}
		return false
	}
	own := 0
	for i, fr := range res {
		switch {
		case fr.Value != nil:
			if fr.Value.Type() != op.Result(i).Type() {
				return fail()
			}
			vals[i] = fr.Value
			if fr.Value == op.Result(i) {
				own++
			}
		case fr.Attr != nil:
			c := materializeConstant(rw, op, fr.Attr, op.Result(i).Type())
			if c == nil {
				return fail()
			}
			created = append(created, c)
			vals[i] = c.Result(0)
		default:
			return fail()
		}
	}
	switch own {
	case 0:
		rw.ReplaceOp(op, vals)
	case len(vals):
		// In-place update: the folder changed op itself.
		rw.Modify(op, func() {})
	default:
		// Replacing some results by themselves cannot erase the op.
		return fail()
	}
	return true
}

// foldCommutative moves the constant operands of a commutative op after
// the others, keeping each group's order (a stable partition).
func foldCommutative(op *ir.Operation, consts []ir.Attribute, rw *ir.Rewriter) bool {
	if !op.HasTrait(ir.Commutative) || op.NumOperands() < 2 {
		return false
	}
	var vars, cs []*ir.Value
	for i, c := range consts {
		if c == nil {
			vars = append(vars, op.Operand(i))
		} else {
			cs = append(cs, op.Operand(i))
		}
	}
	order := append(vars, cs...)
	moved := false
	for i, v := range order {
		moved = moved || v != op.Operand(i)
	}
	if !moved {
		return false
	}
	rw.Modify(op, func() { op.SetOperands(order) })
	return true
}

// materializeConstant builds a constant op for attribute a of type t just
// before op, with the op's dialect's `constant` op if it has a ConstantLike
// one taking a `value` attribute, else `arith.constant` (the fallback the
// ir driver also uses). It returns nil if no constant op accepts a and t.
//
// The ir package keeps the constant materializers registered with
// ir.RegisterConstantMaterializer private, so this mirrors what they do for
// the registered dialects instead of calling them.
func materializeConstant(rw *ir.Rewriter, op *ir.Operation, a ir.Attribute, t ir.Type) *ir.Operation {
	for _, name := range []string{op.Dialect() + ".constant", "arith.constant"} {
		def := ir.LookupOp(name)
		if def == nil || def.Traits&ir.ConstantLike == 0 || ir.AttrType(a) != t {
			continue
		}
		st := &ir.OpState{Name: name, ResultTypes: []ir.Type{t}, Loc: op.Loc}
		st.AddAttr("value", a)
		c := ir.NewOp(st)
		if def.Verify != nil && def.Verify(c) != nil {
			continue
		}
		return rw.Insert(c)
	}
	return nil
}

// constantInsertionRegion returns the region whose entry block receives the
// constants used in block b: the closest enclosing region whose parent op
// is isolated from above, unregistered (it might be isolated) or top-level,
// as in MLIR's OperationFolder.
func constantInsertionRegion(b *ir.Block) *ir.Region {
	for {
		r := b.Parent()
		p := r.ParentOp()
		if p == nil || p.Def() == nil || p.HasTrait(ir.IsolatedFromAbove) || p.Block() == nil {
			return r
		}
		b = p.Block()
	}
}

// hoistConstants uniques and hoists the constants nested in root, visiting
// them in pre-order as MLIR's greedy driver does when it seeds an
// iteration (OperationFolder::insertKnownConstant): the first constant of
// each (dialect, value, type) in an insertion region is moved to the start
// of the region's entry block, unless it is already in the run of hoisted
// constants there; later duplicates are replaced by it and erased. It
// reports whether it erased a duplicate.
func hoistConstants(root *ir.Operation) bool {
	var consts []*ir.Operation
	for _, r := range root.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				o.Walk(func(x *ir.Operation) bool {
					if x.HasTrait(ir.ConstantLike) && x.NumResults() == 1 && ir.ConstantValue(x.Result(0)) != nil {
						consts = append(consts, x)
					}
					return true
				})
			}
		}
	}
	owned := map[*ir.Operation]bool{}
	scopes := map[*ir.Region]map[string][]*ir.Operation{}
	erased := false
	for _, c := range consts {
		if c.Block() == nil {
			continue
		}
		region := constantInsertionRegion(c.Block())
		v := ir.ConstantValue(c.Result(0))
		key := c.Dialect() + "|" + attrKey(v) + "|" + c.Result(0).Type().String()
		scope := scopes[region]
		if scope == nil {
			scope = map[string][]*ir.Operation{}
			scopes[region] = scope
		}
		var existing *ir.Operation
		for _, e := range scope[key] {
			if ir.AttrEqual(ir.ConstantValue(e.Result(0)), v) {
				existing = e
				break
			}
		}
		if existing != nil {
			c.Result(0).ReplaceAllUsesWith(existing.Result(0))
			c.Erase()
			erased = true
			continue
		}
		entry := region.Front()
		if c.Block() != entry || (entry.First() != c && !owned[c.Prev()]) {
			c.MoveBefore(entry.First())
		}
		owned[c] = true
		scope[key] = append(scope[key], c)
	}
	return erased
}
