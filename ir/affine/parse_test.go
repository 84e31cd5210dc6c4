package affine

import (
	"errors"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) Map {
	t.Helper()
	m, err := ParseMap(src)
	if err != nil {
		t.Fatalf("ParseMap(%q): %v", src, err)
	}
	return m
}

func TestParsePrintCanonical(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(d0, d1) -> (d0, 0)", "(d0, d1) -> (d0, 0)"},
		{"(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d2, d0)"},
		{"(d0)[s0] -> (d0 * s0)", "(d0)[s0] -> (d0 * s0)"},
		{"(d0)[s0] -> (s0 * d0)", "(d0)[s0] -> (d0 * s0)"},
		{"(d0) -> (d0 - 1)", "(d0) -> (d0 - 1)"},
		{"(d0) -> (3 - d0)", "(d0) -> (-d0 + 3)"},
		{"(d0) -> (-d0 + 3)", "(d0) -> (-d0 + 3)"},
		{"(d0, d1) -> ()", "(d0, d1) -> ()"},
		{"() -> (0)", "() -> (0)"},
		{"()[] -> ()", "() -> ()"},
		{"(i, j) -> (j)", "(d0, d1) -> (d1)"},
		{"(i, j)[n] -> (i + n, j floordiv 2)", "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)"},
		{"(d0) -> (2 * d0 + 1)", "(d0) -> (d0 * 2 + 1)"},
		{"(d0) -> (d0 * -1)", "(d0) -> (-d0)"},
		{"(d0, d1) -> (d0 + d1 * -1)", "(d0, d1) -> (d0 - d1)"},
		{"(d0, d1) -> (d0 - d1 * 3)", "(d0, d1) -> (d0 - d1 * 3)"},
		{"(d0, d1) -> (d0 - (d1 + 2))", "(d0, d1) -> (d0 - (d1 + 2))"},
		{"(d0, d1) -> (-(d0 + d1))", "(d0, d1) -> (-(d0 + d1))"},
		{"(d0, d1) -> ((d0 + d1) floordiv 2)", "(d0, d1) -> ((d0 + d1) floordiv 2)"},
		{"(d0) -> (d0 floordiv 2 * 3)", "(d0) -> ((d0 floordiv 2) * 3)"},
		{"(d0) -> (d0 + 2 + 3)", "(d0) -> (d0 + 5)"},
		{"(d0, d1) -> (d0 + 2 + d1)", "(d0, d1) -> (d0 + d1 + 2)"},
		{"(d0) -> (d0 mod 1, d0 floordiv 1, 7 mod 3, -7 mod 3, -7 floordiv 2, -7 ceildiv 2)",
			"(d0) -> (0, d0, 1, 2, -4, -3)"},
		{"(d0) -> (d0 - (d0 floordiv 8) * 8)", "(d0) -> (d0 mod 8)"},
		{"(d0)[s0] -> (-s0)", "(d0)[s0] -> (-s0)"},
		{"(d0) -> (0x1F)", "(d0) -> (31)"},
		{"(d0) -> (010)", "(d0) -> (10)"},
		{"(d0) -> (d0 + -3)", "(d0) -> (d0 - 3)"},
		{"(d0)[s0] -> (d0 * (s0 + 1))", "(d0)[s0] -> (d0 * (s0 + 1))"},
		{"(d0)[s0] -> (d0 - d0 floordiv s0 * s0)", "(d0)[s0] -> (d0 mod s0)"},
		{"  (d0)\n[s0]\t->\n(d0 // comment\n + s0)  ", "(d0)[s0] -> (d0 + s0)"},
	}
	for _, tc := range tests {
		m := mustParse(t, tc.src)
		if got := m.String(); got != tc.want {
			t.Errorf("ParseMap(%q).String() = %q, want %q", tc.src, got, tc.want)
		}
		if again := mustParse(t, m.String()); !again.Equal(m) || again.String() != m.String() {
			t.Errorf("%q is not a fixed point: reparsed as %q", m, again)
		}
	}
}

// TestParseRoundTripRandom checks that parsing preserves the value of random
// expressions and that printing loses nothing: the printed form reparses to
// an equivalent map. (As in MLIR, print(parse(x)) is not always a textual
// fixed point: "a + (b + c)" prints as "a + b + c", which reparses as the
// differently shaped, possibly further simplified, tree of "(a + b) + c".
// TestMLIROptPrinting checks that mlir-opt behaves identically.)
func TestParseRoundTripRandom(t *testing.T) {
	fixedPoints := 0
	for seed := int64(0); seed < 2000; seed++ {
		g := newGen(seed, int(seed%4), int(seed/3%3))
		src, evals := g.mapText(1 + int(seed%3))
		m, err := ParseMap(src)
		if err != nil {
			t.Fatalf("ParseMap(%q): %v", src, err)
		}
		checkValues(t, src, m, evals, g)
		printed := m.String()
		m2, err := ParseMap(printed)
		if err != nil {
			t.Fatalf("reparse of %q (from %q): %v", printed, src, err)
		}
		checkValues(t, printed+" reparsed", m2, evals, g)
		if m2.String() == printed {
			fixedPoints++
		}
	}
	if fixedPoints < 1900 {
		t.Errorf("only %d of 2000 printed maps are fixed points", fixedPoints)
	}
}

// checkValues compares m against reference evaluators on a few inputs.
func checkValues(t *testing.T, src string, m Map, evals []refFn, g *gen) {
	t.Helper()
	inputs := []int64{-7, -1, 0, 1, 3, 8, 13}
	for trial := 0; trial < 6; trial++ {
		dims := make([]int64, m.NumDims)
		syms := make([]int64, m.NumSymbols)
		for i := range dims {
			dims[i] = inputs[g.r.Intn(len(inputs))]
		}
		for i := range syms {
			syms[i] = inputs[g.r.Intn(len(inputs))]
		}
		for i, ev := range evals {
			want, ok := ev(dims, syms)
			if !ok {
				continue
			}
			got, err := EvalExpr(m.Results[i], dims, syms)
			if err != nil || got != want {
				t.Fatalf("%q result %d (%v) at dims=%v syms=%v: got %d (%v), want %d",
					src, i, m.Results[i], dims, syms, got, err, want)
			}
		}
	}
}

type parseErrorCase struct {
	src               string
	offset            int
	msg               string
	mlirOffsetDiffers bool // MLIR reports the next operator's location
}

// Offsets of "expected ..." and "use of undeclared identifier" errors follow
// MLIR's convention of pointing just after the previous token.

var parseErrorCases = []parseErrorCase{
	{src: "(d0, d1) -> (d0 * d1)", offset: 16, msg: "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"},
	{src: "(d0, d1) -> (d0 floordiv d1)", offset: 16, msg: "non-affine expression: right operand of floordiv has to be either a constant or symbolic"},
	{src: "(d0, d1) -> (d0 ceildiv d1)", offset: 16, msg: "non-affine expression: right operand of ceildiv has to be either a constant or symbolic"},
	{src: "(d0, d1) -> (d0 mod d1)", offset: 16, msg: "non-affine expression: right operand of mod has to be either a constant or symbolic"},
	{src: "(d0, d1) -> (d0 * d1 * 2)", offset: 16, msg: "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic", mlirOffsetDiffers: true},
	{src: "(d0, d1) -> (d0 + (d1 mod d0))", offset: 22, msg: "non-affine expression: right operand of mod has to be either a constant or symbolic"},
	{src: "(d0, d0) -> (d0)", offset: 5, msg: "redefinition of identifier 'd0'"},
	{src: "(d0)[d0] -> (d0)", offset: 5, msg: "redefinition of identifier 'd0'"},
	{src: "(d0) -> (x)", offset: 9, msg: "use of undeclared identifier"},
	{src: "(d0) -> (d0 +)", offset: 13, msg: "missing right operand of binary operator"},
	{src: "(d0) -> (d0 * )", offset: 14, msg: "missing right operand of binary operator"},
	{src: "(d0) -> (+ d0)", offset: 9, msg: "missing left operand of binary operator"},
	{src: "(d0) -> (*)", offset: 9, msg: "missing left operand of binary operator"},
	{src: "(d0) -> (d0", offset: 11, msg: "expected ')' in affine map range"},
	{src: "(d0) -> (d0 d0)", offset: 11, msg: "expected ')' in affine map range"},
	{src: "(d0) -> (d0,)", offset: 12, msg: "expected affine expression"},
	{src: "(d0)  (d0)", offset: 4, msg: "expected '->' or ':'"},
	{src: "(d0 -> (d0)", offset: 3, msg: "expected ')' in dimensional identifier list"},
	{src: "d0 -> (d0)", offset: 0, msg: "expected '(' in dimensional identifier list"},
	{src: "(d0)[s0 -> (d0)", offset: 7, msg: "expected ']' in symbol list"},
	{src: "(d0) -> d0", offset: 7, msg: "expected '(' in affine map range"},
	{src: "(1) -> (1)", offset: 1, msg: "expected bare identifier"},
	{src: "(d0) -> (-)", offset: 10, msg: "expected affine expression"},
	{src: "(d0) -> (())", offset: 10, msg: "no expression inside parentheses"},
	{src: "(d0) -> ((d0)", offset: 13, msg: "expected ')' in affine map range"},
	{src: "(d0) -> (99999999999999999999)", offset: 9, msg: "constant too large for index"},
	{src: "(d0) -> (9223372036854775808)", offset: 9, msg: "constant too large for index"},
	{src: "(d0) -> (1.5)", offset: 9, msg: "expected affine expression"},
	{src: "(d0) -> (d0 mod mod)", offset: 15, msg: "use of undeclared identifier"},
	{src: "(i, $a) -> (i)", offset: 4, msg: "unexpected character"},
	{src: "(d0) -> (d0 ; 1)", offset: 12, msg: "unexpected character"},
	{src: "(d0) : (d0 >= 0)", offset: 0, msg: "expected AffineMap, but got IntegerSet"},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range parseErrorCases {
		_, err := ParseMap(tc.src)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseMap(%q) error = %v, want *ParseError", tc.src, err)
			continue
		}
		if pe.Offset != tc.offset || pe.Msg != tc.msg {
			t.Errorf("ParseMap(%q) = offset %d %q, want offset %d %q", tc.src, pe.Offset, pe.Msg, tc.offset, tc.msg)
		}
		if !strings.Contains(pe.Error(), tc.msg) {
			t.Errorf("Error() = %q lacks message", pe.Error())
		}
	}
}

func TestParseTrailingAndPrefix(t *testing.T) {
	if _, err := ParseMap("(d0) -> (d0) x"); err == nil {
		t.Error("ParseMap accepted trailing input")
	} else if pe := err.(*ParseError); pe.Offset != 13 {
		t.Errorf("trailing input offset = %d, want 13", pe.Offset)
	}
	src := " (d0, d1) -> (d1)>, #foo"
	m, n, err := ParseMapPrefix(src)
	if err != nil || m.String() != "(d0, d1) -> (d1)" || src[n:] != ">, #foo" {
		t.Errorf("ParseMapPrefix = %v, %d (%q), %v", m, n, src[n:], err)
	}
	m, n, err = ParseMapPrefix("() -> ()>")
	if err != nil || n != 8 || m.String() != "() -> ()" {
		t.Errorf("ParseMapPrefix empty = %v, %d, %v", m, n, err)
	}
}

func TestParseExpr(t *testing.T) {
	tests := []struct{ src, want string }{
		{"d0 + s0", "d0 + s0"},
		{"s1 * d3 - 1", "d3 * s1 - 1"},
		{"-(d0 floordiv 2)", "-(d0 floordiv 2)"},
		{"d0 mod 4 mod 2", "d0 mod 2"},
		{"d0 mod 2 mod 4", "(d0 mod 2) mod 4"},
		{"d0 - d1 - d2", "d0 - d1 - d2"},
		{"d0 - (d1 - d2)", "d0 - (d1 - d2)"},
		{"d0 * 2 floordiv 3", "(d0 * 2) floordiv 3"},
		{"d0 floordiv 2 * 3 + 1", "(d0 floordiv 2) * 3 + 1"},
	}
	for _, tc := range tests {
		e, err := ParseExpr(tc.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tc.src, err)
			continue
		}
		if e.String() != tc.want {
			t.Errorf("ParseExpr(%q) = %q, want %q", tc.src, e, tc.want)
		}
	}
	for _, bad := range []string{"x", "d01", "d0 * d1", "d0 +", "d0 d1", ""} {
		if _, err := ParseExpr(bad); err == nil {
			t.Errorf("ParseExpr(%q) succeeded", bad)
		}
	}
}
