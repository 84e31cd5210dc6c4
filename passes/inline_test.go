package passes

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

// inlineCases pins inline's output; cases without noMLIR also run through mlir-opt-19.
var inlineCases = []passCase{
	{
		name: "multiple-results",
		pass: "inline",
		in: `func.func private @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  return %q, %r : i32, i32
}
func.func @main(%x: i32, %y: i32) -> i32 {
  %0:2 = call @divmod(%x, %y) : (i32, i32) -> (i32, i32)
  %1 = arith.addi %0#0, %0#1 : i32
  return %1 : i32
}
`,
		want: `module {
  func.func @main(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.remsi %arg0, %arg1 : i32
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
`,
	},
	{
		name: "nested-calls",
		pass: "inline",
		in: `func.func private @inner(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func private @mid(%x: i32) -> i32 {
  %0 = call @inner(%x) : (i32) -> i32
  %1 = call @inner(%0) : (i32) -> i32
  return %1 : i32
}
func.func @shared(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}
func.func @top(%x: i32) -> i32 {
  %0 = call @mid(%x) : (i32) -> i32
  %1 = call @shared(%0) : (i32) -> i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %2 = arith.addi %c2, %c3 : i32
  %3 = arith.muli %1, %2 : i32
  return %3 : i32
}
`,
		want: `module {
  func.func @shared(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    return %0 : i32
  }
  func.func @top(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c5_i32 = arith.constant 5 : i32
    %0 = arith.muli %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    %2 = arith.addi %1, %c1_i32 : i32
    %3 = arith.muli %2, %c5_i32 : i32
    return %3 : i32
  }
}
`,
	},
	{
		name: "nested-calls-without-pipeline",
		pass: "inline",
		opts: ir.PassOptions{"default-pipeline": ""},
		in: `func.func private @inner(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func private @mid(%x: i32) -> i32 {
  %0 = call @inner(%x) : (i32) -> i32
  %1 = call @inner(%0) : (i32) -> i32
  return %1 : i32
}
func.func @shared(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}
func.func @top(%x: i32) -> i32 {
  %0 = call @mid(%x) : (i32) -> i32
  %1 = call @shared(%0) : (i32) -> i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %2 = arith.addi %c2, %c3 : i32
  %3 = arith.muli %1, %2 : i32
  return %3 : i32
}
`,
		want: `module {
  func.func @shared(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    return %0 : i32
  }
  func.func @top(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.addi %1, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %c3_i32 = arith.constant 3 : i32
    %3 = arith.addi %c2_i32, %c3_i32 : i32
    %4 = arith.muli %2, %3 : i32
    return %4 : i32
  }
}
`,
	},
	{
		name: "recursive-callee-not-inlined",
		pass: "inline",
		in: `func.func @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.subi %n, %c1 : i32
  %1 = call @fact(%0) : (i32) -> i32
  %2 = arith.muli %n, %1 : i32
  return %2 : i32
}
func.func @user(%n: i32) -> i32 {
  %0 = call @fact(%n) : (i32) -> i32
  return %0 : i32
}
`,
		want: `module {
  func.func @fact(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.subi %arg0, %c1_i32 : i32
    %1 = call @fact(%0) : (i32) -> i32
    %2 = arith.muli %arg0, %1 : i32
    return %2 : i32
  }
  func.func @user(%arg0: i32) -> i32 {
    %0 = call @fact(%arg0) : (i32) -> i32
    return %0 : i32
  }
}
`,
	},
	{
		name: "dead-private-functions",
		pass: "inline",
		in: `func.func private @unused() {
  return
}
func.func private @used_by_unused() {
  return
}
func.func private @unused_caller() {
  call @used_by_unused() : () -> ()
  return
}
func.func private @ext(i32) -> i32
func.func private @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = call @id(%x) : (i32) -> i32
  %1 = call @ext(%0) : (i32) -> i32
  "test.region"() ({
    %2 = func.call @id(%1) : (i32) -> i32
    "test.use"(%2) : (i32) -> ()
  }) : () -> ()
  return %1 : i32
}
`,
		want: `module {
  func.func private @used_by_unused() {
    return
  }
  func.func private @ext(i32) -> i32
  func.func @main(%arg0: i32) -> i32 {
    %0 = call @ext(%arg0) : (i32) -> i32
    "test.region"() ({
      "test.use"(%0) : (i32) -> ()
    }) : () -> ()
    return %0 : i32
  }
}
`,
	},
	{
		name: "mutual-recursion-not-inlined",
		pass: "inline",
		in: `func.func private @even(%x: i32) -> i32 {
  %0 = call @odd(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @odd(%x: i32) -> i32 {
  %0 = call @even(%x) : (i32) -> i32
  return %0 : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = call @even(%x) : (i32) -> i32
  return %0 : i32
}
`,
		want: `module {
  func.func private @even(%arg0: i32) -> i32 {
    %0 = call @odd(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @odd(%arg0: i32) -> i32 {
    %0 = call @even(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @main(%arg0: i32) -> i32 {
    %0 = call @even(%arg0) : (i32) -> i32
    return %0 : i32
  }
}
`,
		noMLIR: "MLIR 19 partially unrolls mutual recursion (doc.go)",
	},
	{
		name: "multi-block-callee-not-inlined",
		pass: "inline",
		in: `func.func private @branchy(%x: i32) -> i32 {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %x : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = call @branchy(%x) : (i32) -> i32
  return %0 : i32
}
`,
		want: `module {
  func.func private @branchy(%arg0: i32) -> i32 {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    return %arg0 : i32
  }
  func.func @main(%arg0: i32) -> i32 {
    %0 = call @branchy(%arg0) : (i32) -> i32
    return %0 : i32
  }
}
`,
		noMLIR: "MLIR inlines multi-block callees (doc.go)",
	},
}

func TestInline(t *testing.T) { runCases(t, inlineCases) }

func TestInlineOptions(t *testing.T) {
	src := "func.func @f() {\n  return\n}\n"
	for _, c := range []struct {
		opts    ir.PassOptions
		wantErr string
	}{
		{ir.PassOptions{"default-pipeline": "no-such-pass"}, "'no-such-pass' does not refer to a registered pass"},
		{ir.PassOptions{"default-pipeline": "canonicalize{bogus=1}"}, "no such option 'bogus' for pass 'canonicalize'"},
		{ir.PassOptions{"max-iterations": "x"}, "invalid value 'x' for option 'max-iterations'"},
		{ir.PassOptions{"default-pipeline": `"canonicalize,cse"`}, ""},
		{ir.PassOptions{"default-pipeline": "canonicalize{max-iterations=2 region-simplify=disabled},cse"}, ""},
	} {
		_, err := passtest.RunPass(t, "inline", c.opts, src)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%v: unexpected error: %v", c.opts, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%v: got error %v, want one containing %q", c.opts, err, c.wantErr)
		}
	}
}
