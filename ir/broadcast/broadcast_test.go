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
		{[]int64{D}, []int64{4}, false}, // the formal rule (SPEC §4)
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
