package lower_test

import (
	"testing"

	_ "github.com/bcast-opt/bcast-opt/dialects/arith"
	_ "github.com/bcast-opt/bcast-opt/dialects/builtin"
	_ "github.com/bcast-opt/bcast-opt/dialects/func"
	_ "github.com/bcast-opt/bcast-opt/dialects/hlo"
	_ "github.com/bcast-opt/bcast-opt/dialects/linalg"
	_ "github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	_ "github.com/bcast-opt/bcast-opt/lower"
)

// TestIntegerBodiesMatchInterpreter checks the unrolled bodies of integer
// power and popcnt against the interpreter's StableHLO semantics on edge
// values (negative exponents, bases 0 and ±1, INT_MIN, all bits set).
func TestIntegerBodiesMatchInterpreter(t *testing.T) {
	src := `func.func @f(%a: tensor<12xi32>, %b: tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>) {
  %r = hlo.power %a, %b : tensor<12xi32>
  %c = hlo.popcnt %a : tensor<12xi32>
  return %r, %c : tensor<12xi32>, tensor<12xi32>
}`
	t12 := ir.RankedTensor([]int64{12}, ir.I32)
	a, err := interp.NewInts(t12.ElementType(), []int64{12}, []int64{2, -3, 0, 1, -1, -1, 7, 2, -2147483648, -1, 3, 0})
	if err != nil {
		t.Fatal(err)
	}
	b, err := interp.NewInts(t12.ElementType(), []int64{12}, []int64{10, 3, 0, -5, -3, -4, -1, 31, 1, 2147483647, 40, -2})
	if err != nil {
		t.Fatal(err)
	}
	run := func(lowered bool) []*interp.Tensor {
		m, err := ir.Parse("f.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if lowered {
			e, err := ir.NewPassEntry("hlo-legalize-to-linalg", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := (&ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}).Run(m); err != nil {
				t.Fatal(err)
			}
		}
		out, err := interp.Run(m, "f", []*interp.Tensor{a, b})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want, got := run(false), run(true)
	for i := range want {
		if !want[i].Equal(got[i]) {
			t.Errorf("result #%d: hlo gives %s, the linalg body gives %s", i, want[i], got[i])
		}
	}
}
