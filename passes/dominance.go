package passes

import "github.com/bcast-opt/bcast-opt/ir"

// This file holds the dominator tree CSE walks.

// domTree is the dominator tree of a region's CFG (reachable blocks only).
type domTree struct {
	children map[*ir.Block][]*ir.Block
	root     *ir.Block
}

// successors returns the successors of b's terminator.
func successors(b *ir.Block) []*ir.Block {
	if t := b.Last(); t != nil {
		return t.Successors()
	}
	return nil
}

// newDomTree computes immediate dominators with the Cooper-Harvey-Kennedy
// iterative algorithm over a reverse post-order of the reachable blocks.
func newDomTree(r *ir.Region) *domTree {
	entry := r.Front()
	var post []*ir.Block
	seen := map[*ir.Block]bool{entry: true}
	var dfs func(b *ir.Block)
	dfs = func(b *ir.Block) {
		for _, s := range successors(b) {
			if !seen[s] {
				seen[s] = true
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(entry)
	order := map[*ir.Block]int{} // post-order number
	for i, b := range post {
		order[b] = i
	}
	preds := map[*ir.Block][]*ir.Block{}
	for _, b := range post {
		for _, s := range successors(b) {
			preds[s] = append(preds[s], b)
		}
	}
	idom := map[*ir.Block]*ir.Block{entry: entry}
	intersect := func(a, b *ir.Block) *ir.Block {
		for a != b {
			for order[a] < order[b] {
				a = idom[a]
			}
			for order[b] < order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 1; i >= 0; i-- {
			b := post[i]
			if b == entry {
				continue
			}
			var nd *ir.Block
			for _, p := range preds[b] {
				if idom[p] == nil {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	t := &domTree{children: map[*ir.Block][]*ir.Block{}, root: entry}
	// Children in region order, for a deterministic walk.
	for _, b := range r.Blocks() {
		if d := idom[b]; d != nil && b != entry {
			t.children[d] = append(t.children[d], b)
		}
	}
	return t
}
