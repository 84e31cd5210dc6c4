package ir

import (
	"math/rand"
	"testing"
)

// TestDominatorsMatchDefinition checks the dominator tree of random CFGs
// (with unreachable blocks, self-loops, unreachable predecessors of
// reachable blocks and repeated successors) against the definition: a
// dominates b if b is reachable and every path from the entry to b goes
// through a, i.e. b is unreachable once a is removed.
func TestDominatorsMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.Intn(24)
		r := &Region{}
		blocks := make([]*Block, n)
		for i := range blocks {
			blocks[i] = r.AddBlock(nil)
		}
		succ := make([][]int, n)
		for i, b := range blocks {
			var ss []*Block
			for k := rng.Intn(4); k > 0; k-- {
				j := rng.Intn(n)
				succ[i] = append(succ[i], j)
				ss = append(ss, blocks[j])
			}
			b.Append(NewOp(&OpState{Name: "test.br", Successors: ss}))
		}
		// reach reports whether to is reachable from the entry without
		// going through block skip (-1: none).
		reach := func(to, skip int) bool {
			if skip == 0 {
				return false
			}
			seen := make([]bool, n)
			stack := []int{0}
			seen[0] = true
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if x == to {
					return true
				}
				for _, y := range succ[x] {
					if y != skip && !seen[y] {
						seen[y] = true
						stack = append(stack, y)
					}
				}
			}
			return false
		}
		v := newVerifier()
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				want := a == b || reach(a, -1) && reach(b, -1) && !reach(b, a)
				if got := v.dominates(blocks[a], blocks[b]); got != want {
					t.Fatalf("trial %d, CFG %v: dominates(bb%d, bb%d) = %v, want %v", trial, succ, a, b, got, want)
				}
			}
			if got, want := v.reachable(blocks[a]), reach(a, -1); got != want {
				t.Fatalf("trial %d, CFG %v: reachable(bb%d) = %v, want %v", trial, succ, a, got, want)
			}
		}
	}
}
