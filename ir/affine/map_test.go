package affine

import (
	"math/rand"
	"testing"
)

func TestMapConstructorsAndPrinting(t *testing.T) {
	tests := []struct {
		m    Map
		want string
	}{
		{Identity(3), "(d0, d1, d2) -> (d0, d1, d2)"},
		{Identity(0), "() -> ()"},
		{Empty(2), "(d0, d1) -> ()"},
		{ConstantMap(0), "() -> (0)"},
		{ConstantMap(1, -2), "() -> (1, -2)"},
		{Permutation([]int{2, 0, 1}), "(d0, d1, d2) -> (d2, d0, d1)"},
		{MinorIdentity(3, 2), "(d0, d1, d2) -> (d1, d2)"},
		{NewMap(2, 1, Add(d0, s0), c(0)), "(d0, d1)[s0] -> (d0 + s0, 0)"},
		{NewMap(0, 2, Mul(s0, s1)), "()[s0, s1] -> (s0 * s1)"},
	}
	for _, tc := range tests {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	for _, f := range []func(){
		func() { NewMap(1, 0, d1) },
		func() { NewMap(1, 0, s0) },
		func() { NewMap(1, 0, nil) },
		func() { Permutation([]int{0, 0}) },
		func() { MinorIdentity(1, 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("expected panic")
				}
			}()
			f()
		}()
	}
}

func TestMapQueries(t *testing.T) {
	tests := []struct {
		src                                    string
		identity, perm, projPerm, projPermZero bool
		minorIdentity, constant                bool
	}{
		{"(d0, d1) -> (d0, d1)", true, true, true, true, true, false},
		{"(d0, d1)[s0] -> (d0, d1)", true, false, false, false, false, false},
		{"(d0, d1) -> (d1, d0)", false, true, true, true, false, false},
		{"(d0, d1, d2) -> (d2, d0)", false, false, true, true, false, false},
		{"(d0, d1, d2) -> (d1, d2)", false, false, true, true, true, false},
		{"(d0, d1) -> (d0, 0)", false, false, false, true, false, false},
		{"(d0, d1) -> (d0, 1)", false, false, false, false, false, false},
		{"(d0, d1) -> (d0, d0)", false, false, false, false, false, false},
		{"(d0) -> (d0, 0)", false, false, false, false, false, false},
		{"(d0, d1) -> (d0 + d1)", false, false, false, false, false, false},
		{"(d0, d1) -> ()", false, false, true, true, true, true},
		{"() -> (3, 4)", false, false, false, false, false, true},
		{"() -> ()", true, true, true, true, true, true},
	}
	for _, tc := range tests {
		m := mustParse(t, tc.src)
		got := []bool{m.IsIdentity(), m.IsPermutation(), m.IsProjectedPermutation(false),
			m.IsProjectedPermutation(true), m.IsMinorIdentity(), m.IsConstant()}
		want := []bool{tc.identity, tc.perm, tc.projPerm, tc.projPermZero, tc.minorIdentity, tc.constant}
		names := []string{"IsIdentity", "IsPermutation", "IsProjectedPermutation(false)",
			"IsProjectedPermutation(true)", "IsMinorIdentity", "IsConstant"}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s.%s = %v, want %v", tc.src, names[i], got[i], want[i])
			}
		}
	}
	m := mustParse(t, "(d0, d1, d2) -> (d2, d0 + 1, d1)")
	if p, ok := m.DimPosition(0); !ok || p != 2 {
		t.Errorf("DimPosition(0) = %d, %v", p, ok)
	}
	if _, ok := m.DimPosition(1); ok {
		t.Error("DimPosition(1) should fail for d0 + 1")
	}
	if _, ok := m.DimPosition(5); ok {
		t.Error("DimPosition(5) should fail")
	}
	if p, ok := m.ResultPosition(d1); !ok || p != 2 {
		t.Errorf("ResultPosition(d1) = %d, %v", p, ok)
	}
	if vals, ok := mustParse(t, "(d0) -> (1, -2)").ConstantResults(); !ok || !equalInts(vals, []int64{1, -2}) {
		t.Errorf("ConstantResults = %v, %v", vals, ok)
	}
	if !mustParse(t, "(d0, d1) -> (d1)").Equal(mustParse(t, "(i, j) -> (j)")) {
		t.Error("Equal on renamed maps")
	}
	if mustParse(t, "(d0, d1) -> (d1)").Equal(mustParse(t, "(d0, d1)[s0] -> (d1)")) {
		t.Error("Equal ignores symbols")
	}
}

func TestCompose(t *testing.T) {
	tests := []struct{ f, g, want string }{
		{"(d0, d1) -> (d1, d0)", "(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d0, d2)"},
		{"(d0, d1) -> (d0 + d1)", "(d0) -> (d0 * 2, d0 + 1)", "(d0) -> (d0 * 2 + d0 + 1)"},
		{"(d0, d1) -> (d1 + d0)", "(d0) -> (d0 * 2, d0 + 1)", "(d0) -> (d0 * 3 + 1)"},
		{"(d0)[s0] -> (d0 + s0)", "(d0)[s0] -> (d0 * s0)", "(d0)[s0, s1] -> (d0 * s1 + s0)"},
		{"(d0) -> (d0 floordiv 4)", "(d0) -> (d0 * 8)", "(d0) -> (d0 * 2)"},
		{"(d0, d1) -> ()", "(d0) -> (d0, 0)", "(d0) -> ()"},
		{"() -> (7)", "(d0, d1) -> ()", "(d0, d1) -> (7)"},
		{"(d0) -> (d0 - 1)", "(d0) -> (d0 + 1)", "(d0) -> (d0)"},
	}
	for _, tc := range tests {
		got := mustParse(t, tc.f).Compose(mustParse(t, tc.g))
		if got.String() != tc.want {
			t.Errorf("(%s).Compose(%s) = %s, want %s", tc.f, tc.g, got, tc.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Compose with mismatched arity should panic")
		}
	}()
	Identity(2).Compose(Identity(3))
}

// TestFusionIndexingMap reproduces linalg elementwise fusion
// (getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp): the producer
// argument map in consumer loop coordinates is
// producerArgMap ∘ inverse(producerResultMap) ∘ consumerOperandMap.
func TestFusionIndexingMap(t *testing.T) {
	tests := []struct{ producerArg, producerResult, consumerOperand, want string }{
		// Producer broadcasts a 1-D input along d1 and writes transposed.
		{"(d0, d1) -> (d0)", "(d0, d1) -> (d1, d0)", "(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d0)"},
		// Plain elementwise chain.
		{"(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0, d1)"},
		// Transposed producer input, consumer reads with a permutation.
		{"(d0, d1, d2) -> (d2, d0, d1)", "(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d1, d2, d0)",
			"(d0, d1, d2) -> (d0, d1, d2)"},
		// Producer with a strided/shifted access.
		{"(d0, d1) -> (d0 * 2, d1 + 1)", "(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1 * 2, d0 + 1)"},
	}
	for _, tc := range tests {
		inv, ok := mustParse(t, tc.producerResult).InversePermutation()
		if !ok {
			t.Fatalf("InversePermutation(%s) failed", tc.producerResult)
		}
		got := mustParse(t, tc.producerArg).Compose(inv).Compose(mustParse(t, tc.consumerOperand))
		if got.String() != tc.want {
			t.Errorf("fused map = %s, want %s", got, tc.want)
		}
	}
}

func TestInversePermutation(t *testing.T) {
	tests := []struct {
		src, want string
		ok        bool
	}{
		{"(d0, d1, d2) -> (d2, d0, d1)", "(d0, d1, d2) -> (d1, d2, d0)", true},
		{"(d0, d1) -> (d1, d0, d1)", "(d0, d1, d2) -> (d1, d0)", true},
		{"(d0, d1) -> (d1, d0 + 1, d0)", "(d0, d1, d2) -> (d2, d0)", true},
		{"(d0, d1) -> (0, d1, d0)", "(d0, d1, d2) -> (d2, d1)", true},
		{"(d0, d1, d2) -> (d2, 0, d0)", "", false},
		{"(d0)[s0] -> (d0)", "", false},
		{"() -> ()", "() -> ()", true},
		{"(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0, d1)", true},
	}
	for _, tc := range tests {
		m := mustParse(t, tc.src)
		inv, ok := m.InversePermutation()
		if ok != tc.ok || (ok && inv.String() != tc.want) {
			t.Errorf("InversePermutation(%s) = %s, %v; want %s, %v", tc.src, inv, ok, tc.want, tc.ok)
			continue
		}
		if ok && m.IsPermutation() && !m.Compose(inv).IsIdentity() {
			t.Errorf("m ∘ inverse(m) is not the identity for %s", tc.src)
		}
	}
}

func TestMapManipulation(t *testing.T) {
	m := mustParse(t, "(d0, d1, d2, d3)[s0, s1] -> (d3 + s1, d1, d3 floordiv 2)")
	check := func(name string, got Map, want string) {
		t.Helper()
		if got.String() != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	check("SubMap", m.SubMap(2, 0), "(d0, d1, d2, d3)[s0, s1] -> (d3 floordiv 2, d3 + s1)")
	check("MajorSubMap", m.MajorSubMap(1), "(d0, d1, d2, d3)[s0, s1] -> (d3 + s1)")
	check("MinorSubMap", m.MinorSubMap(2), "(d0, d1, d2, d3)[s0, s1] -> (d1, d3 floordiv 2)")
	check("DropResults", m.DropResults(0, 2), "(d0, d1, d2, d3)[s0, s1] -> (d1)")
	check("CompressUnusedDims", m.CompressUnusedDims(), "(d0, d1)[s0, s1] -> (d1 + s1, d0, d1 floordiv 2)")
	check("CompressUnusedSymbols", m.CompressUnusedSymbols(), "(d0, d1, d2, d3)[s0] -> (d3 + s0, d1, d3 floordiv 2)")
	check("DropDims used", m.DropDims(1, 2), "(d0, d1)[s0, s1] -> (d1 + s1, 0, d1 floordiv 2)")
	check("DropSymbols", m.DropSymbols(0), "(d0, d1, d2, d3)[s0] -> (d3 + s0, d1, d3 floordiv 2)")
	check("ReplaceDimsAndSymbols", m.ReplaceDimsAndSymbols(
		[]Expr{c(0), d0, c(0), Mul(d0, c(2))}, []Expr{c(0), c(5)}, 1, 0),
		"(d0) -> (d0 * 2 + 5, d0, d0)")
	if got := m.UnusedDims(); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("UnusedDims = %v", got)
	}
	if !m.IsFunctionOfDim(3) || m.IsFunctionOfDim(0) || !m.IsFunctionOfSymbol(1) || m.IsFunctionOfSymbol(0) {
		t.Error("IsFunctionOfDim/Symbol")
	}
	if m.NumResults() != 3 || m.NumInputs() != 6 {
		t.Error("NumResults/NumInputs")
	}
	if err := (Map{NumDims: 1, Results: []Expr{d1}}).Validate(); err == nil {
		t.Error("Validate accepted out-of-range dim")
	}
}

// TestComposeRandom checks (f∘g)(x) == f(g(x)) on random maps.
func TestComposeRandom(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	inputs := []int64{-9, -2, -1, 0, 1, 2, 5, 11}
	for seed := int64(0); seed < 800; seed++ {
		k := 1 + int(seed%3)
		gg := newGen(seed, 1+int(seed%3), int(seed%2))
		gSrc, _ := gg.mapText(k)
		fg := newGen(seed+100000, k, int(seed/2%2))
		fSrc, _ := fg.mapText(1 + int(seed/3%3))
		f, g := mustParse(t, fSrc), mustParse(t, gSrc)
		fog := f.Compose(g)
		if err := fog.Validate(); err != nil {
			t.Fatalf("compose of %s and %s invalid: %v", f, g, err)
		}
		for trial := 0; trial < 5; trial++ {
			dims := make([]int64, g.NumDims)
			for i := range dims {
				dims[i] = inputs[r.Intn(len(inputs))]
			}
			fs := make([]int64, f.NumSymbols)
			gs := make([]int64, g.NumSymbols)
			for i := range fs {
				fs[i] = inputs[r.Intn(len(inputs))]
			}
			for i := range gs {
				gs[i] = inputs[r.Intn(len(inputs))]
			}
			gv, err := g.TryEval(dims, gs)
			if err != nil {
				continue
			}
			want, err := f.TryEval(gv, fs)
			if err != nil {
				continue
			}
			got, err := fog.TryEval(dims, append(append([]int64{}, fs...), gs...))
			if err != nil || !equalInts(got, want) {
				t.Fatalf("(%s)∘(%s) = %s at %v: got %v (%v), want %v", f, g, fog, dims, got, err, want)
			}
		}
	}
}
