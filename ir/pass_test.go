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
