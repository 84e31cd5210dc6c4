package ir

import (
	"fmt"
	"strings"
	"testing"
)

// TestFingerprint checks that the pass manager's change detection sees
// each kind of change a pass can make, and nothing else.
func TestFingerprint(t *testing.T) {
	src := `"test.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "test.add"(%a, %b) {k = 1 : i32} : (i32, i32) -> i32
  %1 = "test.mul"(%0, %a) : (i32, i32) -> i32
  "test.return"(%1) : (i32) -> ()
}) : () -> ()
`
	changes := []struct {
		name   string
		change func(add, mul *Operation)
	}{
		{"operand", func(add, mul *Operation) { mul.SetOperand(1, add.Operand(1)) }},
		{"attribute", func(add, mul *Operation) { add.SetAttr("k", IntAttr(I32, 2)) }},
		{"new attribute", func(add, mul *Operation) { mul.SetAttr("j", Unit) }},
		{"result type", func(add, mul *Operation) { add.Result(0).SetType(I64) }},
		{"block argument type", func(add, mul *Operation) { add.Operand(0).SetType(I64) }},
		{"order", func(add, mul *Operation) { mul.MoveBefore(add) }},
		{"erase", func(add, mul *Operation) {
			mul.Result(0).ReplaceAllUsesWith(add.Result(0))
			mul.Erase()
		}},
		{"insert", func(add, mul *Operation) {
			Before(mul).Create(&OpState{Name: "test.neg", Operands: []*Value{add.Result(0)}, ResultTypes: []Type{I32}})
		}},
	}
	for _, c := range changes {
		m, err := Parse("in.mlir", []byte(src), ParseOptions{AllowUnregistered: true})
		if err != nil {
			t.Fatal(err)
		}
		fn := m.Region(0).Blocks()[0].First()
		add := fn.Region(0).Blocks()[0].First()
		mul := add.Next()
		before := fingerprint(m)
		if again := fingerprint(m); again != before {
			t.Fatalf("fingerprint of unchanged IR differs: %x then %x", before, again)
		}
		c.change(add, mul)
		if after := fingerprint(m); after == before {
			t.Errorf("%s: change not seen by the fingerprint", c.name)
		}
	}
}

// TestFingerprintLargeBlock checks the fingerprint of a function whose
// block is hashed in parallel runs: the same with and without threads,
// and changed by moving an op across a run boundary or changing an
// attribute in the middle.
func TestFingerprintLargeBlock(t *testing.T) {
	var src strings.Builder
	src.WriteString("\"test.func\"() ({\n^bb0(%a: i32):\n")
	const n = 3 * parallelVerifyMin
	for i := 0; i < n; i++ {
		fmt.Fprintf(&src, "  %%v%d = \"test.op\"(%%a) {i = %d : i32} : (i32) -> i32\n", i, i)
	}
	src.WriteString("  \"test.return\"() : () -> ()\n}) : () -> ()\n")
	m, err := Parse("in.mlir", []byte(src.String()), ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	fn := m.Region(0).Blocks()[0].First()
	SetMultithreading(false)
	seq := fingerprint(fn)
	SetMultithreading(true)
	if par := fingerprint(fn); par != seq {
		t.Fatalf("fingerprint depends on threading: %x sequential, %x parallel", seq, par)
	}
	// The pass manager verifies and hashes in one walk after most passes.
	if h, _, err := walkSplittingBlocks(fn, true); err != nil || h != seq {
		t.Fatalf("verifying walk: fingerprint %x, error %v; want %x, no error", h, err, seq)
	}
	ops := fn.Region(0).Blocks()[0].Ops()
	ops[verifyRun].MoveBefore(ops[verifyRun-1]) // across the first run boundary
	moved := fingerprint(fn)
	if moved == seq {
		t.Error("moving an op across a run boundary is not seen by the fingerprint")
	}
	ops[n/2].SetAttr("i", IntAttr(I32, -1))
	if fingerprint(fn) == moved {
		t.Error("changing an attribute in the middle of a large block is not seen by the fingerprint")
	}
}
