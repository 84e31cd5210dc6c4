package passes

import "github.com/bcast-opt/bcast-opt/ir"

// This file decides when two ops compute the same thing (MLIR's
// OperationEquivalence as used by CSE), regions included.

// equivalentOps reports whether a and b are the same expression: same
// name, attributes, result types and operands (as a multiset for
// Commutative ops) and, if they have regions, exactly one single-block
// region each, structurally equal.
func equivalentOps(a, b *ir.Operation) bool {
	if a == b {
		return true
	}
	if !sameShape(a, b) || !sameAttrs(a, b) || !sameResultTypes(a, b) {
		return false
	}
	if !sameOperands(a, b, func(x, y *ir.Value) bool { return x == y }) {
		return false
	}
	if a.NumRegions() == 0 {
		return true
	}
	if a.NumRegions() != 1 || len(a.Region(0).Blocks()) != 1 || len(b.Region(0).Blocks()) != 1 {
		return false
	}
	m := map[*ir.Value]*ir.Value{}
	return equivalentRegions(a.Region(0), b.Region(0), m)
}

// sameShape compares the name and the operand, result, region and
// successor counts.
func sameShape(a, b *ir.Operation) bool {
	return a.Name() == b.Name() && a.NumOperands() == b.NumOperands() && a.NumResults() == b.NumResults() &&
		a.NumRegions() == b.NumRegions() && len(a.Successors()) == len(b.Successors())
}

func sameAttrs(a, b *ir.Operation) bool {
	la, lb := a.Attrs.List(), b.Attrs.List()
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if la[i].Name != lb[i].Name || !ir.AttrEqual(la[i].Value, lb[i].Value) {
			return false
		}
	}
	return true
}

func sameResultTypes(a, b *ir.Operation) bool {
	for i, r := range a.Results() {
		if r.Type() != b.Result(i).Type() {
			return false
		}
	}
	return true
}

// sameOperands compares operands pairwise with eq, or, for commutative ops,
// as multisets: every operand of a must pair with a distinct one of b.
func sameOperands(a, b *ir.Operation, eq func(x, y *ir.Value) bool) bool {
	if !a.HasTrait(ir.Commutative) {
		for i := 0; i < a.NumOperands(); i++ {
			if !eq(a.Operand(i), b.Operand(i)) {
				return false
			}
		}
		return true
	}
	used := make([]bool, b.NumOperands())
	for i := 0; i < a.NumOperands(); i++ {
		found := false
		for j := 0; j < b.NumOperands() && !found; j++ {
			if !used[j] && eq(a.Operand(i), b.Operand(j)) {
				used[j], found = true, true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// equivalentRegions compares two regions block by block and op by op. m
// maps values defined in ra to their counterparts in rb; values defined
// outside must be identical.
func equivalentRegions(ra, rb *ir.Region, m map[*ir.Value]*ir.Value) bool {
	ba, bb := ra.Blocks(), rb.Blocks()
	if len(ba) != len(bb) {
		return false
	}
	blockMap := map[*ir.Block]*ir.Block{}
	for i := range ba {
		blockMap[ba[i]] = bb[i]
		if len(ba[i].Args()) != len(bb[i].Args()) || ba[i].Len() != bb[i].Len() {
			return false
		}
		for j, x := range ba[i].Args() {
			y := bb[i].Arg(j)
			if x.Type() != y.Type() {
				return false
			}
			m[x] = y
		}
	}
	eq := func(x, y *ir.Value) bool {
		if mx, ok := m[x]; ok {
			return mx == y
		}
		return x == y
	}
	for i := range ba {
		for x, y := ba[i].First(), bb[i].First(); x != nil; x, y = x.Next(), y.Next() {
			if !sameShape(x, y) || !sameAttrs(x, y) || !sameResultTypes(x, y) || !sameOperands(x, y, eq) {
				return false
			}
			for k, s := range x.Successors() {
				if blockMap[s] != y.Successors()[k] {
					return false
				}
			}
			for k, r := range x.Results() {
				m[r] = y.Result(k)
			}
			for k, r := range x.Regions() {
				if !equivalentRegions(r, y.Region(k), m) {
					return false
				}
			}
		}
	}
	return true
}
