package broadcast

import (
	"reflect"
	"testing"
)

const D = Dynamic

// TestInferDimTable checks every row of the Broadcastable trait's
// dimension inference table, in both operand orders.
func TestInferDimTable(t *testing.T) {
	cases := []struct {
		d0, d1, want int64
		ok           bool
	}{
		{D, D, D, true}, // (?, ?) -> ?
		{D, 1, D, true}, // (?, 1) -> ?
		{1, D, D, true},
		{D, 4, 4, true}, // (?, >1) -> dim1
		{4, D, 4, true},
		{1, 1, 1, true}, // (1, 1) -> 1
		{1, 4, 4, true}, // (1, >1) -> dim1
		{4, 1, 4, true},
		{4, 4, 4, true}, // (>1, >1) equal
		{4, 3, 0, false},
		{0, 1, 0, true}, // size 0 stretches like any other size
		{0, 3, 0, false},
	}
	for _, c := range cases {
		got, ok := InferDim(c.d0, c.d1)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("InferDim(%d, %d) = %d, %v; want %d, %v", c.d0, c.d1, got, ok, c.want, c.ok)
		}
	}
}

func TestInferShape(t *testing.T) {
	r := func(s ...int64) Operand { return Operand{Shape: s, Ranked: true} }
	u := Operand{}
	cases := []struct {
		name     string
		ops      []Operand
		want     []int64
		ranked   bool
		conflict *Conflict
	}{
		{"rank expansion", []Operand{r(4), r(2, 3, 4)}, []int64{2, 3, 4}, true, nil},
		{"numpy 7x1x6 + 7x5x6", []Operand{r(7, 1, 6), r(7, 5, 6)}, []int64{7, 5, 6}, true, nil},
		{"outer", []Operand{r(4, 1), r(1, 4)}, []int64{4, 4}, true, nil},
		{"rank 0", []Operand{r(), r(3)}, []int64{3}, true, nil},
		{"unranked skipped", []Operand{u, r(3), r(1)}, []int64{3}, true, nil},
		{"all unranked", []Operand{u, u}, nil, false, nil},
		{"dynamic", []Operand{r(D, 1), r(1, D)}, []int64{D, D}, true, nil},
		{"conflict names operands", []Operand{r(1, 4), r(3, 1), r(2, 4)}, nil, true,
			&Conflict{Operand: 2, OtherOperand: 1, Dim: 0, Size: 2, Other: 3}},
	}
	for _, c := range cases {
		got, ranked, conflict := InferShape(c.ops)
		if ranked != c.ranked || !reflect.DeepEqual(conflict, c.conflict) || (conflict == nil && !reflect.DeepEqual(got, c.want)) {
			t.Errorf("%s: InferShape = %v, %v, %+v; want %v, %v, %+v", c.name, got, ranked, conflict, c.want, c.ranked, c.conflict)
		}
	}
}

func TestCheckResult(t *testing.T) {
	cases := []struct {
		inferred, actual []int64
		ok               bool
	}{
		{[]int64{D}, []int64{D}, true},
		{[]int64{D}, []int64{4}, false}, // the formal rule (docs/SPEC.md §4)
		{[]int64{4}, []int64{D}, true},
		{[]int64{4}, []int64{4}, true},
		{[]int64{4}, []int64{5}, false},
		{[]int64{3}, []int64{1, 3}, false},
	}
	for _, c := range cases {
		if got := CheckResult(c.inferred, c.actual) == nil; got != c.ok {
			t.Errorf("CheckResult(%v, %v) ok = %v; want %v", c.inferred, c.actual, got, c.ok)
		}
	}
}

func TestInferSpec(t *testing.T) {
	r := func(s ...int64) Operand { return Operand{Shape: s, Ranked: true} }
	cases := []struct {
		name   string
		ops    []Operand
		spec   Spec
		want   []int64
		places [][]int64
		errSub string
	}{
		{"xla composition 4 + 1x2 dims [0]", []Operand{r(4), r(1, 2)}, Spec{Dims: []int64{0}}, []int64{4, 2}, [][]int64{{0}, {0, 1}}, ""},
		{"xla 1x2 onto 4x3x1 dims [1,2]", []Operand{r(1, 2), r(4, 3, 1)}, Spec{Dims: []int64{1, 2}}, []int64{4, 3, 2}, [][]int64{{1, 2}, {0, 1, 2}}, ""},
		{"xla column", []Operand{r(2, 3), r(2)}, Spec{Dims: []int64{0}}, []int64{2, 3}, [][]int64{{0, 1}, {0}}, ""},
		{"xla size mismatch", []Operand{r(2, 3), r(3)}, Spec{Dims: []int64{0}}, nil, nil, "dim 0 is 2 in operand #0 and 3 in operand #1"},
		{"xla not increasing", []Operand{r(2, 3, 4), r(3, 2)}, Spec{Dims: []int64{1, 0}}, nil, nil, "strictly increasing"},
		{"xla out of range", []Operand{r(2, 3), r(3)}, Spec{Dims: []int64{2}}, nil, nil, "out of range"},
		{"xla wrong count", []Operand{r(2, 3), r(3)}, Spec{Dims: []int64{0, 1}}, nil, nil, "has 2 entries"},
		{"rank policy expands rank", []Operand{r(4), r(3, 4)}, Spec{Policy: Rank}, []int64{3, 4}, [][]int64{{1}, {0, 1}}, ""},
		{"rank policy no stretch", []Operand{r(1, 4), r(3, 4)}, Spec{Policy: Rank}, nil, nil, `broadcast_policy "rank" does not stretch size-1 dims`},
		{"rank policy dynamic infers static", []Operand{r(D, 4), r(3, D)}, Spec{Policy: Rank}, []int64{3, 4}, [][]int64{{0, 1}, {0, 1}}, ""},
		{"scalar policy", []Operand{r(), r(3, 4), r(3, 4)}, Spec{Policy: Scalar}, []int64{3, 4}, [][]int64{{}, {0, 1}, {0, 1}}, ""},
		{"scalar policy rejects rank expansion", []Operand{r(4), r(3, 4)}, Spec{Policy: Scalar}, nil, nil, "only broadcasts rank-0 operands"},
		{"none policy", []Operand{r(D, 4), r(3, 4)}, Spec{Policy: None}, []int64{3, 4}, [][]int64{{0, 1}, {0, 1}}, ""},
		{"none policy rejects scalar", []Operand{r(), r(3)}, Spec{Policy: None}, nil, nil, "needs identical shapes"},
	}
	for _, c := range cases {
		got, places, _, conflict := Infer(c.ops, c.spec)
		if c.errSub != "" {
			if conflict == nil || !contains(conflict.Error(), c.errSub) {
				t.Errorf("%s: conflict = %v; want one containing %q", c.name, conflict, c.errSub)
			}
			continue
		}
		if conflict != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Infer = %v, %v; want %v", c.name, got, conflict, c.want)
			continue
		}
		for i, p := range places {
			if !reflect.DeepEqual(append([]int64{}, p.ResultDim...), c.places[i]) {
				t.Errorf("%s: operand #%d placed at %v; want %v", c.name, i, p.ResultDim, c.places[i])
			}
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestIsExpanding(t *testing.T) {
	cases := []struct {
		in, out  int64
		p        Policy
		exp, non bool
	}{
		{1, 4, Numpy, true, false},
		{4, 4, Numpy, false, true},
		{1, 1, Numpy, false, true},
		{1, D, Numpy, false, false},
		{D, 4, Numpy, false, false},
		{D, D, Numpy, false, false},
		{D, D, Rank, false, true},
	}
	for _, c := range cases {
		e, n := IsExpanding(c.in, c.out, c.p)
		if e != c.exp || n != c.non {
			t.Errorf("IsExpanding(%d, %d, %v) = %v, %v; want %v, %v", c.in, c.out, c.p, e, n, c.exp, c.non)
		}
	}
}

// TestInferAllocs pins the allocation-free common cases that verifiers
// hit on every broadcasting op: the inferred shape is an operand's, and
// placements that the caller drops stay on its stack (Infer is inlined).
func TestInferAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	cases := [][]Operand{
		{{Shape: []int64{64, 256}, Ranked: true}, {Shape: []int64{256}, Ranked: true}},
		{{Shape: []int64{D, D}, Ranked: true}, {Shape: []int64{D, D}, Ranked: true}},
		{{Shape: []int64{}, Ranked: true}, {Shape: []int64{4, 1}, Ranked: true}, {Shape: []int64{4, 1}, Ranked: true}},
	}
	for _, ops := range cases {
		allocs := testing.AllocsPerRun(10, func() {
			if shape, _, _, c := Infer(ops, Spec{}); c != nil || len(shape) != 2 {
				t.Fatalf("Infer(%v) = %v, %v", ops, shape, c)
			}
		})
		if allocs != 0 {
			t.Errorf("Infer(%v) allocates %v times; want 0", ops, allocs)
		}
	}
}
