package broadcast

import (
	"slices"
	"strings"
	"testing"
)

// The assignment rule against its statement in the reference documents:
// ranks aligned on the right, a source dim equal to the destination's or
// 1, no more source dims than destination dims, and the destination's
// shape (its 1s included) never changing; `?` on either side left to the
// run-time check.
func TestAssignRule(t *testing.T) {
	const q = Dynamic
	cases := []struct {
		dst, src []int64
		err      string // a substring of the conflict, "" if none
	}{
		{[]int64{2, 3, 4}, []int64{1, 3, 4}, ""},                                             // Array API: x[...] = a
		{[]int64{3, 4}, []int64{1, 3, 4}, "has rank 3, more"},                                // Array API: x[1, ...] = a
		{[]int64{3}, nil, ""},                                                                // TML: a = 1
		{[]int64{3, 3}, []int64{3}, ""},                                                      // TML: b = [1, 1, 1]
		{[]int64{3}, []int64{2}, "source dim 0 has size 2 but destination dim 0 has size 3"}, // TML: a = [1, 3]
		{[]int64{2, 1}, []int64{5}, "never stretches a size-1 dim"},
		{[]int64{1}, []int64{1}, ""},
		{[]int64{0}, []int64{1}, ""},
		{[]int64{0}, []int64{2}, "source dim 0 has size 2"},
		{[]int64{q, 4}, []int64{7, 1}, ""},
		{[]int64{1, q}, []int64{q, 5}, ""},
		{[]int64{1, 3}, []int64{q, 3}, ""},
		{nil, nil, ""},
		{nil, []int64{1}, "has rank 1, more than the rank 0"},
	}
	for _, c := range cases {
		shape, places, ok, conflict := Infer([]Operand{{Shape: c.dst, Ranked: true}, {Shape: c.src, Ranked: true}}, Spec{Policy: Assign})
		if c.err != "" {
			if conflict == nil || !strings.Contains(conflict.Error(), c.err) {
				t.Errorf("assign %v into %v: conflict %v, want one saying %q", c.src, c.dst, conflict, c.err)
			}
			continue
		}
		if conflict != nil || !ok {
			t.Errorf("assign %v into %v: %v (ok %v)", c.src, c.dst, conflict, ok)
			continue
		}
		if !slices.Equal(shape, c.dst) {
			t.Errorf("assign %v into %v: shape %v, want the destination's", c.src, c.dst, shape)
		}
		if want := rightAligned(len(c.src), len(c.dst)); !slices.Equal(places[1].ResultDim, want) {
			t.Errorf("assign %v into %v: source placed at %v, want %v", c.src, c.dst, places[1].ResultDim, want)
		}
	}
	if _, ok := ParsePolicy("assign"); ok {
		t.Error(`broadcast_policy = "assign" parses; Assign is hlo.assign's rule, not an attribute value`)
	}
}

// TML's narrowcasting examples, and `?` dims kept.
func TestNarrow(t *testing.T) {
	const q = Dynamic
	cases := []struct {
		in, out []int64
		kept    []int
	}{
		{nil, []int64{}, []int{}},
		{[]int64{1}, []int64{}, []int{}},
		{[]int64{1, 5, 1}, []int64{5}, []int{1}},
		{[]int64{5, 5}, []int64{5, 5}, []int{0, 1}},
		{[]int64{1, q, 1, 0}, []int64{q, 0}, []int{1, 3}},
	}
	for _, c := range cases {
		out, kept := Narrow(c.in)
		if !slices.Equal(out, c.out) || !slices.Equal(kept, c.kept) {
			t.Errorf("Narrow(%v) = %v, %v; want %v, %v", c.in, out, kept, c.out, c.kept)
		}
	}
}
