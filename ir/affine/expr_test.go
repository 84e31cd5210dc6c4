package affine

import (
	"math"
	"testing"
)

var (
	d0, d1, d2 = Dim(0), Dim(1), Dim(2)
	s0, s1     = Sym(0), Sym(1)
	c          = Const
)

func TestConstructorSimplification(t *testing.T) {
	tests := []struct {
		name string
		got  Expr
		want string
	}{
		{"const fold add", Add(c(2), c(3)), "5"},
		{"const fold mul", Mul(c(-2), c(3)), "-6"},
		{"add overflow kept", Add(c(math.MaxInt64), c(1)), "9223372036854775807 + 1"},
		{"mul overflow kept", Mul(c(math.MaxInt64), c(2)), "9223372036854775807 * 2"},
		{"x + 0", Add(d0, c(0)), "d0"},
		{"0 + x", Add(c(0), d0), "d0"},
		{"const to right", Add(c(4), d0), "d0 + 4"},
		{"symbol to right", Add(s0, d0), "d0 + s0"},
		{"(x + c1) + c2", Add(Add(d0, c(2)), c(3)), "d0 + 5"},
		{"(x + c) + y", Add(Add(d0, c(2)), d1), "d0 + d1 + 2"},
		{"x + x", Add(d0, d0), "d0 * 2"},
		{"2x + 3x", Add(Mul(d0, c(2)), Mul(d0, c(3))), "d0 * 5"},
		{"x - x", Sub(d0, d0), "0"},
		{"x * 1", Mul(d0, c(1)), "d0"},
		{"x * 0", Mul(d0, c(0)), "0"},
		{"c * x", Mul(c(3), d0), "d0 * 3"},
		{"s * x", Mul(s0, d0), "d0 * s0"},
		{"(x * 2) * 3", Mul(Mul(d0, c(2)), c(3)), "d0 * 6"},
		{"(x * 2) * s", Mul(Mul(d0, c(2)), s0), "(d0 * s0) * 2"},
		{"non-affine mul kept", Mul(d0, d1), "d0 * d1"},
		{"neg", Neg(d0), "-d0"},
		{"neg neg", Neg(Neg(d0)), "d0"},
		{"sub", Sub(d0, d1), "d0 - d1"},
		{"sub const", Sub(d0, c(1)), "d0 - 1"},
		{"const - x", Sub(c(3), d0), "-d0 + 3"},
		{"x floordiv 1", FloorDiv(d0, c(1)), "d0"},
		{"x ceildiv 1", CeilDiv(d0, c(1)), "d0"},
		{"x mod 1", Mod(d0, c(1)), "0"},
		{"floordiv neg fold", FloorDiv(c(-7), c(2)), "-4"},
		{"floordiv by neg fold", FloorDiv(c(7), c(-2)), "-4"},
		{"ceildiv neg fold", CeilDiv(c(-7), c(2)), "-3"},
		{"ceildiv by neg fold", CeilDiv(c(7), c(-2)), "-3"},
		{"mod neg fold", Mod(c(-7), c(3)), "2"},
		{"mod by neg kept", Mod(c(7), c(-2)), "7 mod -2"},
		{"mod by zero kept", Mod(d0, c(0)), "d0 mod 0"},
		{"floordiv by zero kept", FloorDiv(c(7), c(0)), "7 floordiv 0"},
		{"minint floordiv -1 kept", FloorDiv(c(math.MinInt64), c(-1)), "-9223372036854775808 floordiv -1"},
		{"(x*128) floordiv 64", FloorDiv(Mul(d0, c(128)), c(64)), "d0 * 2"},
		{"(x*4) floordiv -2", FloorDiv(Mul(d0, c(4)), c(-2)), "d0 * -2"},
		{"(x + 4) floordiv 2", FloorDiv(Add(d0, c(4)), c(2)), "d0 floordiv 2 + 2"},
		{"(x*128) ceildiv 64", CeilDiv(Mul(d0, c(128)), c(64)), "d0 * 2"},
		{"(x*128) mod 64", Mod(Mul(d0, c(128)), c(64)), "0"},
		{"(x*4 + 3) mod 2", Mod(Add(Mul(d0, c(4)), c(3)), c(2)), "1"},
		{"(x mod 4) mod 2", Mod(Mod(d0, c(4)), c(2)), "d0 mod 2"},
		{"mod pattern", Add(d0, Mul(FloorDiv(d0, c(4)), c(-4))), "d0 mod 4"},
		{"symbolic mod pattern", Sub(d0, Mul(FloorDiv(d0, s0), s0)), "d0 mod s0"},
		{"symbolic floordiv kept", FloorDiv(s0, s0), "s0 floordiv s0"},
		{"Binary dispatch", Binary(KindMod, c(9), c(4)), "1"},
	}
	for _, tc := range tests {
		if got := tc.got.String(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestPrinting(t *testing.T) {
	tests := []struct {
		e    Expr
		want string
	}{
		{raw(KindMul, d0, c(-1)), "-d0"},
		{raw(KindMul, raw(KindAdd, d0, d1), c(-1)), "-(d0 + d1)"},
		{raw(KindMul, raw(KindMul, d0, s0), c(-1)), "-(d0 * s0)"},
		{raw(KindAdd, d0, raw(KindMul, d1, c(-1))), "d0 - d1"},
		{raw(KindAdd, d0, raw(KindMul, raw(KindAdd, d1, c(1)), c(-1))), "d0 - (d1 + 1)"},
		{raw(KindAdd, d0, raw(KindMul, raw(KindMod, d1, c(3)), c(-1))), "d0 - d1 mod 3"},
		{raw(KindAdd, d0, raw(KindMul, d1, c(-3))), "d0 - d1 * 3"},
		{raw(KindAdd, d0, raw(KindMul, raw(KindAdd, d1, c(1)), c(-3))), "d0 - (d1 + 1) * 3"},
		{raw(KindAdd, d0, c(-3)), "d0 - 3"},
		{raw(KindAdd, raw(KindAdd, d0, d1), d2), "d0 + d1 + d2"},
		{raw(KindAdd, d0, raw(KindAdd, d1, d2)), "d0 + d1 + d2"},
		{raw(KindMul, raw(KindAdd, d0, d1), c(2)), "(d0 + d1) * 2"},
		{raw(KindFloorDiv, raw(KindFloorDiv, d0, c(2)), c(3)), "(d0 floordiv 2) floordiv 3"},
		{raw(KindCeilDiv, d0, raw(KindAdd, s0, c(1))), "d0 ceildiv (s0 + 1)"},
		{raw(KindMod, d0, s1), "d0 mod s1"},
		{raw(KindAdd, raw(KindMul, d0, c(2)), c(1)), "d0 * 2 + 1"},
		{raw(KindAdd, raw(KindMul, d0, c(-1)), c(3)), "-d0 + 3"},
		{c(-5), "-5"},
	}
	for _, tc := range tests {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("print: got %q, want %q", got, tc.want)
		}
	}
}

func TestEqualAndComparable(t *testing.T) {
	a := Add(Mul(d0, c(2)), s0)
	b := Add(Mul(Dim(0), Const(2)), Sym(0))
	if !a.Equal(b) || !Equal(a, b) || a != b {
		t.Errorf("structurally equal expressions compare unequal")
	}
	if a.Equal(Add(Mul(d0, c(3)), s0)) || Equal(d0, s0) || Equal(d0, nil) || !Equal(nil, nil) {
		t.Errorf("unequal expressions compare equal")
	}
	set := map[Expr]int{a: 1}
	if set[b] != 1 {
		t.Errorf("expressions are not usable as map keys")
	}
}

func TestEval(t *testing.T) {
	tests := []struct {
		src        string
		dims, syms []int64
		want       int64
	}{
		{"d0 floordiv 2", []int64{-7}, nil, -4},
		{"d0 ceildiv 2", []int64{-7}, nil, -3},
		{"d0 mod 3", []int64{-7}, nil, 2},
		{"d0 floordiv s0", []int64{7}, []int64{-2}, -4},
		{"d0 ceildiv s0", []int64{7}, []int64{-2}, -3},
		{"d0 * s0 - d1", []int64{-3, 4}, []int64{5}, -19},
		{"-d0 + 3", []int64{10}, nil, -7},
		{"(d0 + d1) mod 4", []int64{-1, -4}, nil, 3},
	}
	for _, tc := range tests {
		e, err := ParseExpr(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := EvalExpr(e, tc.dims, tc.syms)
		if err != nil || got != tc.want {
			t.Errorf("EvalExpr(%s, %v, %v) = %d, %v; want %d", tc.src, tc.dims, tc.syms, got, err, tc.want)
		}
	}
	bad := []struct {
		src        string
		dims, syms []int64
	}{
		{"d0 floordiv s0", []int64{1}, []int64{0}},
		{"d0 mod s0", []int64{1}, []int64{-2}},
		{"d0 * 2", []int64{math.MaxInt64}, nil},
		{"d1", []int64{1}, nil},
	}
	for _, tc := range bad {
		e, _ := ParseExpr(tc.src)
		if v, err := EvalExpr(e, tc.dims, tc.syms); err == nil {
			t.Errorf("EvalExpr(%s) = %d, want error", tc.src, v)
		}
	}
	m := mustParse(t, "(d0, d1)[s0] -> (d0 floordiv s0, d1 mod s0, -d0 - d1)")
	if got := m.Eval([]int64{-5, -5}, []int64{2}); !equalInts(got, []int64{-3, 1, 10}) {
		t.Errorf("Map.Eval = %v", got)
	}
	if _, err := m.TryEval([]int64{1}, []int64{2}); err == nil {
		t.Error("TryEval accepted wrong arity")
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestExprQueries(t *testing.T) {
	e := Add(Mul(d0, s0), FloorDiv(d2, c(4)))
	if IsSymbolicOrConstant(e) || !IsSymbolicOrConstant(Add(s0, c(1))) {
		t.Error("IsSymbolicOrConstant")
	}
	if IsPureAffine(e) || !IsPureAffine(Add(Mul(d0, c(3)), Mod(d1, c(2)))) {
		t.Error("IsPureAffine")
	}
	if !IsFunctionOfDim(e, 2) || IsFunctionOfDim(e, 1) || !IsFunctionOfSymbol(e, 0) || IsFunctionOfSymbol(e, 1) {
		t.Error("IsFunctionOfDim/Symbol")
	}
	divs := []struct {
		e    Expr
		want int64
	}{
		{Mul(d0, c(6)), 6}, {Add(Mul(d0, c(6)), c(4)), 2}, {FloorDiv(raw(KindMul, d0, c(12)), c(3)), 4},
		{d0, 1}, {c(-8), 8}, {Mod(Mul(d0, c(4)), c(6)), 2},
	}
	for _, tc := range divs {
		if got := LargestKnownDivisor(tc.e); got != tc.want {
			t.Errorf("LargestKnownDivisor(%v) = %d, want %d", tc.e, got, tc.want)
		}
	}
	var order []string
	Walk(Add(d0, Mul(s0, c(2))), func(x Expr) { order = append(order, x.String()) })
	if got := len(order); got != 5 || order[0] != "d0" || order[4] != "d0 + s0 * 2" {
		t.Errorf("Walk order = %v", order)
	}
	r := ReplaceDimsAndSymbols(Add(d0, Mul(d1, c(2))), []Expr{Add(d1, c(1)), c(3)}, nil)
	if r.String() != "d1 + 7" {
		t.Errorf("ReplaceDimsAndSymbols = %v", r)
	}
	if got := Replace(Add(FloorDiv(d0, c(2)), d1), FloorDiv(d0, c(2)), s0); got.String() != "d1 + s0" {
		t.Errorf("Replace = %v", got)
	}
	if got := ShiftDims(Add(d0, d1), 2, 1); got.String() != "d0 + d3" {
		t.Errorf("ShiftDims = %v", got)
	}
	if got := ShiftSymbols(Add(s0, s1), 1, 0); got.String() != "s1 + s2" {
		t.Errorf("ShiftSymbols = %v", got)
	}
}
