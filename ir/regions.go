package ir

// This file holds region simplification for the greedy rewrite driver.
// Only unreachable-block removal is implemented; MLIR's simplifyRegions
// also removes dead block arguments and dead cycles (runRegionDCE) and, at
// the aggressive level, merges identical blocks.

// EraseUnreachableBlocks removes, in every region nested in root (root's
// own regions included), the blocks that cannot be reached from the
// region's entry block through terminator successors. The ops of the
// removed blocks drop their operand uses first, so values used across dead
// blocks do not keep each other alive. It reports whether it removed any.
func EraseUnreachableBlocks(root *Operation) bool {
	changed := false
	root.Walk(func(op *Operation) bool {
		for _, r := range op.Regions() {
			if len(r.blocks) > 1 && eraseUnreachableIn(r) {
				changed = true
			}
		}
		return true
	})
	return changed
}

// eraseUnreachableIn removes r's unreachable blocks.
func eraseUnreachableIn(r *Region) bool {
	entry := r.blocks[0]
	reachable := map[*Block]bool{entry: true}
	stack := []*Block{entry}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t := b.last; t != nil {
			for _, s := range t.Successors() {
				if !reachable[s] {
					reachable[s] = true
					stack = append(stack, s)
				}
			}
		}
	}
	var dead []*Block
	for _, b := range r.blocks {
		if !reachable[b] {
			dead = append(dead, b)
		}
	}
	if len(dead) == 0 {
		return false
	}
	for _, b := range dead {
		for o := b.first; o != nil; o = o.next {
			o.DropAllReferences()
		}
	}
	for _, b := range dead {
		r.RemoveBlock(b)
	}
	return true
}
