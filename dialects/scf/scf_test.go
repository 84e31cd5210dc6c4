package scf_test

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/scf"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestBuilders builds a nest of scf.if through the Go API (as
// linalg-version-broadcasts does), verifies it, and checks the printed
// text and that it parses back to the same text.
func TestBuilders(t *testing.T) {
	x := ir.RankedTensor([]int64{ir.Dynamic, ir.Dynamic}, ir.F32T)
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{ir.I1, ir.I1, x, x}, []ir.Type{x})
	args := fn.Region(0).Front().Args()
	outer, then, els := scf.NewIf(b, args[0], []ir.Type{x}, true)
	inner, innerThen, innerElse := scf.NewIf(then, args[1], []ir.Type{x}, true)
	scf.NewYield(innerThen, []*ir.Value{args[2]})
	scf.NewYield(innerElse, []*ir.Value{args[3]})
	scf.NewYield(then, inner.Results())
	scf.NewYield(els, []*ir.Value{args[3]})
	noResults, effect, none := scf.NewIf(b, args[1], nil, false)
	if none != nil {
		t.Errorf("NewIf without else returned an else builder")
	}
	arith.NewConstant(effect, ir.IntAttr(ir.I32, 7))
	scf.NewYield(effect, nil)
	funcdialect.NewReturn(b, outer.Result(0))
	if err := ir.Verify(module); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.PrintString(module, ir.PrintOptions{}))
	}
	if !noResults.Region(1).Empty() {
		t.Errorf("an scf.if built without else has an else block")
	}
	text := ir.PrintString(module, ir.PrintOptions{})
	want := `    %0 = scf.if %arg0 -> (tensor<?x?xf32>) {
      %1 = scf.if %arg1 -> (tensor<?x?xf32>) {
        scf.yield %arg2 : tensor<?x?xf32>
      } else {
        scf.yield %arg3 : tensor<?x?xf32>
      }
      scf.yield %1 : tensor<?x?xf32>
    } else {
      scf.yield %arg3 : tensor<?x?xf32>
    }
    scf.if %arg1 {
      %c7_i32 = arith.constant 7 : i32
      scf.yield
    }
    return %0 : tensor<?x?xf32>`
	if !strings.Contains(text, want) {
		t.Errorf("printed\n%s\nwant it to contain\n%s", text, want)
	}
	again, err := ir.Parse("builders.mlir", []byte(text), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("reparse: %v", err)
	}
	if got := ir.PrintString(again, ir.PrintOptions{}); got != text {
		t.Errorf("round trip changed the text:\n%s\n---\n%s", text, got)
	}
}
