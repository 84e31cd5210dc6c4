package passes

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

// canonicalizeCases pins canonicalize's output; each case also runs through mlir-opt-19 (TestAgainstMLIROpt).
var canonicalizeCases = []passCase{
	{
		name: "fold-int-constants",
		pass: "canonicalize",
		in: `func.func @fold_int() -> (i32, i32, i64, index) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %c2 : i32
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %2 = arith.subi %c5, %c7 : i64
  %i4 = arith.constant 4 : index
  %i3 = arith.constant 3 : index
  %3 = arith.divsi %i4, %i3 : index
  return %0, %1, %2, %3 : i32, i32, i64, index
}
`,
		want: `module {
  func.func @fold_int() -> (i32, i32, i64, index) {
    %c3_i32 = arith.constant 3 : i32
    %c6_i32 = arith.constant 6 : i32
    %c-2_i64 = arith.constant -2 : i64
    %c1 = arith.constant 1 : index
    return %c3_i32, %c6_i32, %c-2_i64, %c1 : i32, i32, i64, index
  }
}
`,
	},
	{
		name: "fold-float-constants",
		pass: "canonicalize",
		in: `func.func @fold_float() -> (f32, f32, f64, f32, tensor<2xf32>) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %a, %b : f32
  %x = arith.constant 1.0 : f64
  %y = arith.constant 3.0 : f64
  %2 = arith.divf %x, %y : f64
  %3 = arith.negf %a : f32
  %t = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %u = arith.constant dense<0.5> : tensor<2xf32>
  %4 = arith.subf %t, %u : tensor<2xf32>
  return %0, %1, %2, %3, %4 : f32, f32, f64, f32, tensor<2xf32>
}
`,
		want: `module {
  func.func @fold_float() -> (f32, f32, f64, f32, tensor<2xf32>) {
    %cst = arith.constant 3.750000e+00 : f32
    %cst_0 = arith.constant 3.375000e+00 : f32
    %cst_1 = arith.constant 0.33333333333333331 : f64
    %cst_2 = arith.constant -1.500000e+00 : f32
    %cst_3 = arith.constant dense<[5.000000e-01, 1.500000e+00]> : tensor<2xf32>
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f32, f32, f64, f32, tensor<2xf32>
  }
}
`,
	},
	{
		name: "integer-identities",
		pass: "canonicalize",
		in: `func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %y : i32
  %2 = arith.muli %c1, %x : i32
  %3 = arith.subi %y, %c0 : i32
  %4 = arith.ori %x, %c0 : i32
  %5 = arith.addi %c5, %x : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
`,
		want: `module {
  func.func @identities(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i32, i32) {
    %c5_i32 = arith.constant 5 : i32
    %0 = arith.addi %arg0, %c5_i32 : i32
    return %arg0, %arg1, %arg0, %arg1, %arg0, %0 : i32, i32, i32, i32, i32, i32
  }
}
`,
	},
	{
		name: "cmpi-cmpf-fold",
		pass: "canonicalize",
		in: `func.func @cmp() -> (i1, i1, i1, i1, i1, i1, i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.cmpi slt, %c1, %c2 : i32
  %1 = arith.cmpi eq, %c1, %c2 : i32
  %2 = arith.cmpi ult, %c1, %m1 : i32
  %3 = arith.cmpi sgt, %c1, %m1 : i32
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %4 = arith.cmpf ogt, %a, %b : f32
  %5 = arith.cmpf olt, %a, %nan : f32
  %6 = arith.cmpf ult, %a, %nan : f32
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, i1
}
`,
		want: `module {
  func.func @cmp() -> (i1, i1, i1, i1, i1, i1, i1) {
    %true = arith.constant true
    %false = arith.constant false
    return %true, %false, %true, %true, %false, %false, %true : i1, i1, i1, i1, i1, i1, i1
  }
}
`,
	},
	{
		name: "select-fold",
		pass: "canonicalize",
		in: `func.func @select(%x: f32, %y: f32, %c: i1) -> (f32, f32, f32, f32) {
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.select %true, %x, %y : f32
  %1 = arith.select %false, %x, %y : f32
  %2 = arith.select %c, %x, %x : f32
  %3 = arith.select %c, %x, %y : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}
`,
		want: `module {
  func.func @select(%arg0: f32, %arg1: f32, %arg2: i1) -> (f32, f32, f32, f32) {
    %0 = arith.select %arg2, %arg0, %arg1 : f32
    return %arg0, %arg1, %arg0, %0 : f32, f32, f32, f32
  }
}
`,
	},
	{
		name: "dead-code",
		pass: "canonicalize",
		in: `func.func private @ext(i32) -> i32
func.func @dead(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %x, %x : i32
  %1 = arith.addi %0, %c3 : i32
  %cst = arith.constant 2.0 : f32
  %2 = call @ext(%x) : (i32) -> i32
  "test.effect"(%x) : (i32) -> ()
  %3 = "test.unused_result"() : () -> i32
  return %x : i32
}
`,
		want: `module {
  func.func private @ext(i32) -> i32
  func.func @dead(%arg0: i32) -> i32 {
    %0 = call @ext(%arg0) : (i32) -> i32
    "test.effect"(%arg0) : (i32) -> ()
    %1 = "test.unused_result"() : () -> i32
    return %arg0 : i32
  }
}
`,
	},
	{
		name: "constants-hoisted-and-uniqued",
		pass: "canonicalize",
		in: `func.func @hoist(%x: i32) -> (i32, i32, i32) {
  %0 = arith.muli %x, %x : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.divsi %0, %c7 : i32
  %c9 = arith.constant 9 : i32
  %c7b = arith.constant 7 : i32
  %2 = arith.remsi %1, %c7b : i32
  %3 = arith.maxsi %c9, %2 : i32
  return %1, %2, %3 : i32, i32, i32
}
`,
		want: `module {
  func.func @hoist(%arg0: i32) -> (i32, i32, i32) {
    %c9_i32 = arith.constant 9 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = arith.muli %arg0, %arg0 : i32
    %1 = arith.divsi %0, %c7_i32 : i32
    %2 = arith.remsi %1, %c7_i32 : i32
    %3 = arith.maxsi %2, %c9_i32 : i32
    return %1, %2, %3 : i32, i32, i32
  }
}
`,
	},
	{
		name: "one-iteration-leaves-constant-in-place",
		pass: "canonicalize",
		opts: ir.PassOptions{"max-iterations": "1"},
		in: `func.func @iter(%x: i32) -> (i32, i32) {
  %0 = arith.muli %x, %x : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %1 = arith.addi %c1, %c2 : i32
  return %0, %1 : i32, i32
}
`,
		want: `module {
  func.func @iter(%arg0: i32) -> (i32, i32) {
    %0 = arith.muli %arg0, %arg0 : i32
    %c3_i32 = arith.constant 3 : i32
    return %0, %c3_i32 : i32, i32
  }
}
`,
	},
	{
		name: "folded-constant-hoisted-next-iteration",
		pass: "canonicalize",
		in: `func.func @iter(%x: i32) -> (i32, i32) {
  %0 = arith.muli %x, %x : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %1 = arith.addi %c1, %c2 : i32
  return %0, %1 : i32, i32
}
`,
		want: `module {
  func.func @iter(%arg0: i32) -> (i32, i32) {
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.muli %arg0, %arg0 : i32
    return %0, %c3_i32 : i32, i32
  }
}
`,
	},
	{
		name: "constants-stay-in-unregistered-region",
		pass: "canonicalize",
		in: `func.func @nested(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  "test.region"() ({
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %0 = arith.addi %c2, %c3 : i32
    %1 = arith.addi %x, %c1 : i32
    %c2b = arith.constant 2 : i32
    "test.use"(%0, %1, %c2b) : (i32, i32, i32) -> ()
  }) : () -> ()
  %2 = arith.addi %x, %c1 : i32
  return %2 : i32
}
`,
		want: `module {
  func.func @nested(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    "test.region"() ({
      %c2_i32 = arith.constant 2 : i32
      %c5_i32 = arith.constant 5 : i32
      %1 = arith.addi %arg0, %c1_i32 : i32
      "test.use"(%c5_i32, %1, %c2_i32) : (i32, i32, i32) -> ()
    }) : () -> ()
    %0 = arith.addi %arg0, %c1_i32 : i32
    return %0 : i32
  }
}
`,
	},
	{
		name: "constants-leave-registered-region",
		pass: "canonicalize",
		in: `func.func @hoist_nested(%a: i32) -> i32 {
  %0 = "ptest.region"(%a) ({
  ^bb0(%x: i32):
    %c4 = arith.constant 4 : i32
    %1 = arith.muli %x, %c4 : i32
    %c2 = arith.constant 2 : i32
    %c2b = arith.constant 2 : i32
    %2 = arith.addi %c2, %c2b : i32
    %3 = arith.muli %1, %2 : i32
    "ptest.yield"(%3) : (i32) -> ()
  }) : (i32) -> i32
  return %0 : i32
}
`,
		want: `module {
  func.func @hoist_nested(%arg0: i32) -> i32 {
    %c4_i32 = arith.constant 4 : i32
    %0 = "ptest.region"(%arg0) ({
    ^bb0(%arg1: i32):
      %1 = arith.muli %arg1, %c4_i32 : i32
      %2 = arith.muli %1, %c4_i32 : i32
      "ptest.yield"(%2) : (i32) -> ()
    }) : (i32) -> i32
    return %0 : i32
  }
}
`,
		noMLIR: "ptest ops exist only in this test binary",
	},
	{
		name: "erase-unreachable-blocks",
		pass: "canonicalize",
		in: `func.func @f(%a: i32) -> i32 {
  "test.region"() ({
    %0 = arith.addi %a, %a : i32
    "test.use"(%0) : (i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb1:
    "test.foo"() : () -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    "test.term"() : () -> ()
  }) : () -> ()
  return %a : i32
}
`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    "test.region"() ({
      %0 = arith.addi %arg0, %arg0 : i32
      "test.use"(%0) : (i32) -> ()
      "test.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "test.term"() : () -> ()
    }) : () -> ()
    return %arg0 : i32
  }
}
`,
	},
	{
		name: "region-simplify-disabled",
		pass: "canonicalize",
		opts: ir.PassOptions{"region-simplify": "disabled"},
		in: `func.func @f(%a: i32) -> i32 {
  "test.region"() ({
    %0 = arith.addi %a, %a : i32
    "test.use"(%0) : (i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb1:
    "test.foo"() : () -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    "test.term"() : () -> ()
  }) : () -> ()
  return %a : i32
}
`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    "test.region"() ({
      %0 = arith.addi %arg0, %arg0 : i32
      "test.use"(%0) : (i32) -> ()
      "test.br"()[^bb2] : () -> ()
    ^bb1:  // no predecessors
      "test.foo"() : () -> ()
      "test.br"()[^bb2] : () -> ()
    ^bb2:  // 2 preds: ^bb0, ^bb1
      "test.term"() : () -> ()
    }) : () -> ()
    return %arg0 : i32
  }
}
`,
	},
	{
		name: "top-level-ops-outside-functions",
		pass: "canonicalize",
		in: `%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%0 = arith.addi %c1, %c2 : i32
"test.use"(%0) : (i32) -> ()
`,
		want: `module {
  %c3_i32 = arith.constant 3 : i32
  "test.use"(%c3_i32) : (i32) -> ()
}
`,
	},
	{
		name: "max-iterations-zero",
		pass: "canonicalize",
		opts: ir.PassOptions{"max-iterations": "0"},
		in: `func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c1, %c1 : i32
  %c2 = arith.constant 2 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}
`,
		want: `module {
  func.func @f() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %c1_i32, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.addi %0, %c2_i32 : i32
    return %1 : i32
  }
}
`,
	},
}

func TestCanonicalize(t *testing.T) { runCases(t, canonicalizeCases) }

func TestCanonicalizeOptions(t *testing.T) {
	src := `func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}
`
	for _, c := range []struct {
		name    string
		opts    ir.PassOptions
		wantErr string
	}{
		{"bad-max-iterations", ir.PassOptions{"max-iterations": "ten"}, "invalid value 'ten' for option 'max-iterations'"},
		{"bad-region-simplify", ir.PassOptions{"region-simplify": "always"}, "invalid value 'always' for option 'region-simplify'"},
		{"not-converged", ir.PassOptions{"max-iterations": "1", "test-convergence": "true"}, "did not converge after 1 iterations"},
		{"converged", ir.PassOptions{"max-iterations": "2", "test-convergence": "true"}, ""},
		{"region-simplify-bool", ir.PassOptions{"region-simplify": "false"}, ""},
		{"no-iteration-limit", ir.PassOptions{"max-iterations": "-1"}, ""},
		// No iteration leaves nothing unconverged, as in mlir-opt-19.
		{"zero-iterations", ir.PassOptions{"max-iterations": "0", "test-convergence": "true"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := passtest.RunPass(t, "canonicalize", c.opts, src)
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Fatalf("got error %v, want one containing %q", err, c.wantErr)
			}
		})
	}
}

// TestCanonicalizeNestedPipeline runs canonicalize on each function through
// a nested pipeline, as `func.func(canonicalize)` does.
func TestCanonicalizeNestedPipeline(t *testing.T) {
	src := `func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %c0, %x : i32
  return %0 : i32
}
`
	want := `module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
`
	m, err := ir.Parse("in.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pm := &ir.PassManager{VerifyEach: true, Entries: []ir.PassEntry{{Anchor: "func.func",
		Nested: []ir.PassEntry{{Pass: Canonicalize}}}}}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	if got := ir.PrintString(m, ir.PrintOptions{}); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
