package affine

import "testing"

// The expected strings were obtained from mlir-opt-19
// --affine-simplify-structures.
func TestSimplify(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(d0, d1) -> (d0 + d1 mod 4)", "(d0, d1) -> (d0 + d1 - (d1 floordiv 4) * 4)"},
		{"(d0, d1) -> ((d0 + 2 * d1) floordiv 2)", "(d0, d1) -> (d1 + d0 floordiv 2)"},
		{"(d0, d1) -> (d1 * 3 + d0 - d1 * 3)", "(d0, d1) -> (d0)"},
		{"(d0) -> ((d0 * 4 + 8) floordiv 4)", "(d0) -> (d0 + 2)"},
		{"(d0) -> (d0 mod 4 + (d0 floordiv 4) * 4)", "(d0) -> (d0)"},
		{"(d0, d1) -> (d1 + d0 floordiv 4 + d0 floordiv 4)", "(d0, d1) -> (d1 + (d0 floordiv 4) * 2)"},
		{"(d0)[s0] -> (d0 * s0 + d0 * s0, (d0 * s0) mod s0, 3 ceildiv 2 + d0 ceildiv 3)",
			"(d0)[s0] -> ((d0 * s0) * 2, 0, d0 ceildiv 3 + 2)"},
		{"(d0)[s0, s1] -> ((s0 - s0 mod s1) mod s1, (d0 * s0 + s1 * s0) floordiv s0)",
			"(d0)[s0, s1] -> (0, d0 + s1)"},
		{"(d0)[s0, s1] -> (d0 * s1 + s0 * d0 + d0 floordiv 2 + s1 + d0 + 3 + s0 * s1)",
			"(d0)[s0, s1] -> (d0 + d0 floordiv 2 + d0 * s0 + d0 * s1 + s0 * s1 + s1 + 3)"},
		{"(d0, d1) -> (d0 mod 4 + d0 mod 4, (d0 * 2 + d1 * 4 + 2) ceildiv 4, d0 floordiv 3 - d0 floordiv 3)",
			"(d0, d1) -> (d0 * 2 - (d0 floordiv 4) * 8, (d0 + d1 * 2 + 1) ceildiv 2, 0)"},
		{"(d0) -> (d0 floordiv -2 + d0 floordiv -2)", "(d0) -> ((d0 floordiv -2) * 2)"},
	}
	for _, tc := range tests {
		got := mustParse(t, tc.src).Simplify()
		if got.String() != tc.want {
			t.Errorf("Simplify(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
	// The MLIR 19 bug "(x - x mod q) floordiv q -> 0" is not replicated.
	e, _ := ParseExpr("(s0 - s0 mod s1) floordiv s1")
	if got := Simplify(e, 0, 2); got.String() == "0" {
		t.Errorf("Simplify(%s) = 0, which is wrong for s0 = 5, s1 = 2", e)
	}
}

// TestSimplifyPreservesValue checks Simplify on random expressions against
// reference evaluation. (Like MLIR's, it is not always idempotent.)
func TestSimplifyPreservesValue(t *testing.T) {
	for seed := int64(0); seed < 2000; seed++ {
		g := newGen(seed, 1+int(seed%3), int(seed/3%3))
		g.pureAffine = seed%4 != 0
		src, evals := g.mapText(1 + int(seed%2))
		m := mustParse(t, src)
		s := m.Simplify()
		checkValues(t, src+" simplified", s, evals, g)
	}
}
