package ir

import (
	"fmt"
	"strings"
	"testing"
)

// TestAnchoredPassParallel runs a pass anchored on many functions, on all
// CPUs, and checks that each function is processed exactly once and that
// the error reported is the first in function order, as a sequential run
// would report it.
func TestAnchoredPassParallel(t *testing.T) {
	var src strings.Builder
	const n = 64
	for i := 0; i < n; i++ {
		fmt.Fprintf(&src, "\"test.func\"() ({\n}) {idx = %d : i32} : () -> ()\n", i)
	}
	for _, sequential := range []bool{false, true} {
		m, err := Parse("in.mlir", []byte(src.String()), ParseOptions{AllowUnregistered: true})
		if err != nil {
			t.Fatal(err)
		}
		mark := &PassInfo{Name: "test-mark", Run: func(op *Operation, _ PassOptions) error {
			idx := op.Attr("idx").(*IntegerAttr).Value
			if op.Attr("seen") != nil {
				return fmt.Errorf("function %d processed twice", idx)
			}
			op.SetAttr("seen", Unit)
			if idx%20 == 13 {
				return fmt.Errorf("failed on function %d", idx)
			}
			return nil
		}}
		pm := &PassManager{Entries: []PassEntry{{Pass: mark, Anchor: "test.func"}}, Sequential: sequential}
		err = pm.Run(m)
		if err == nil || err.Error() != "failed on function 13" {
			t.Errorf("sequential=%v: got error %v, want the first function's", sequential, err)
		}
		for o := m.Region(0).Blocks()[0].First(); o != nil; o = o.Next() {
			if o.Attr("seen") == nil {
				t.Errorf("sequential=%v: function %v not processed", sequential, AttrString(o.Attr("idx")))
			}
		}
	}
}

// TestVerifyLargeBlockFirstError checks that a block verified in parallel
// runs still reports its first invalid op.
func TestVerifyLargeBlockFirstError(t *testing.T) {
	var src strings.Builder
	src.WriteString("\"test.func\"() ({\n^bb0(%a: i32):\n")
	const n = 3 * parallelVerifyMin
	for i := 0; i < n; i++ {
		operand := "%a"
		if i == n/2 || i == n-10 { // uses a value defined after it
			operand = fmt.Sprintf("%%v%d", i+5)
		}
		fmt.Fprintf(&src, "  %%v%d = \"test.op\"(%s) {i = %d : i32} : (i32) -> i32\n", i, operand, i)
	}
	src.WriteString("  \"test.return\"() : () -> ()\n}) : () -> ()\n")
	m, err := Parse("in.mlir", []byte(src.String()), ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	fn := m.Region(0).Blocks()[0].First()
	err = Verify(fn)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("in.mlir:%d:", n/2+3)) {
		t.Errorf("got %v, want the error of the op on line %d", err, n/2+3)
	}
}

// TestAnchoredPipelineErrorOrder runs two passes anchored on the same
// functions, which the pass manager runs as one nested pipeline (each
// function through both passes in turn, functions in parallel), and checks
// that the error reported is the one running each pass on all functions
// in turn would report: the first failing pass; for it a pass error
// before a verifier error; and among those the first function.
func TestAnchoredPipelineErrorOrder(t *testing.T) {
	var src strings.Builder
	const n = 64
	for i := 0; i < n; i++ {
		fmt.Fprintf(&src, "\"test.func\"() ({\n  %%0 = \"test.a\"() : () -> i32\n  \"test.b\"(%%0) : (i32) -> ()\n}) {idx = %d : i32} : () -> ()\n", i)
	}
	// passA breaks (for the verifier) the functions in breakA and fails on
	// those in failA; passB fails on those in failB.
	pass := func(name string, fail, breaks map[int64]bool) *PassInfo {
		return &PassInfo{Name: name, Run: func(op *Operation, _ PassOptions) error {
			idx := op.Attr("idx").(*IntegerAttr).Value
			if fail[idx] {
				return fmt.Errorf("%s failed on function %d", name, idx)
			}
			if breaks[idx] {
				body := op.Region(0).Blocks()[0]
				body.Last().MoveBefore(body.First()) // a use before its definition
			}
			return nil
		}}
	}
	cases := []struct {
		failA, breakA, failB map[int64]bool
		want                 string
	}{
		{failA: map[int64]bool{40: true, 50: true}, breakA: map[int64]bool{20: true}, failB: map[int64]bool{5: true}, want: "pass-a failed on function 40"},
		{breakA: map[int64]bool{20: true, 30: true}, failB: map[int64]bool{5: true}, want: "in.mlir:83:3: error: 'test.b' op operand #0 does not dominate this use"},
		{failB: map[int64]bool{9: true, 5: true}, want: "pass-b failed on function 5"},
		{want: ""},
	}
	for _, c := range cases {
		for _, sequential := range []bool{false, true} {
			for _, nested := range []bool{false, true} {
				m, err := Parse("in.mlir", []byte(src.String()), ParseOptions{AllowUnregistered: true})
				if err != nil {
					t.Fatal(err)
				}
				a, b := pass("pass-a", c.failA, c.breakA), pass("pass-b", c.failB, nil)
				entries := []PassEntry{{Pass: a, Anchor: "test.func"}, {Pass: b, Anchor: "test.func"}}
				if nested {
					entries = []PassEntry{{Anchor: "test.func", Nested: []PassEntry{{Pass: a}, {Pass: b}}}}
				}
				pm := &PassManager{Entries: entries, Sequential: sequential, VerifyEach: true}
				got := ""
				if err := pm.Run(m); err != nil {
					got = err.Error()
				}
				if !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
					t.Errorf("sequential=%v nested=%v: got error %q, want %q", sequential, nested, got, c.want)
				}
			}
		}
	}
}
