package passes

import (
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// symbolDCECases pins symbol-dce's output; they also run through mlir-opt-19.
var symbolDCECases = []passCase{
	{
		name: "keeps-public-and-referenced",
		pass: "symbol-dce",
		in: `func.func private @unused() {
  return
}
func.func private @only_from_dead() {
  return
}
func.func private @dead_caller() {
  call @only_from_dead() : () -> ()
  return
}
func.func private @leaf(%x: i32) -> i32 {
  return %x : i32
}
func.func private @mid(%x: i32) -> i32 {
  %0 = call @leaf(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @self_recursive(%x: i32) -> i32 {
  %0 = call @self_recursive(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @ext(i32) -> i32
func.func private @unused_decl(i32) -> i32
func.func private @by_attr()
func.func @public_unused() {
  return
}
func.func @main(%x: i32) -> i32 {
  %0 = call @mid(%x) : (i32) -> i32
  %1 = call @ext(%0) : (i32) -> i32
  "test.op"() {refs = [@by_attr]} : () -> ()
  return %1 : i32
}
`,
		want: `module {
  func.func private @leaf(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @mid(%arg0: i32) -> i32 {
    %0 = call @leaf(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @ext(i32) -> i32
  func.func private @by_attr()
  func.func @public_unused() {
    return
  }
  func.func @main(%arg0: i32) -> i32 {
    %0 = call @mid(%arg0) : (i32) -> i32
    %1 = call @ext(%0) : (i32) -> i32
    "test.op"() {refs = [@by_attr]} : () -> ()
    return %1 : i32
  }
}
`,
	},
	{
		name: "nested-symbol-tables",
		pass: "symbol-dce",
		in: `module {
  func.func nested @nested_vis() {
    return
  }
  module @inner {
    func.func private @inner_dead() {
      return
    }
    func.func private @inner_live() {
      return
    }
    func.func @inner_pub() {
      call @inner_live() : () -> ()
      return
    }
  }
  module @hidden attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
  }
  module @referenced attributes {sym_visibility = "private"} {
    func.func @g() {
      return
    }
    func.func private @h() {
      return
    }
  }
  "test.op"() {ref = @referenced::@g} : () -> ()
}
`,
		want: `module {
  module @inner {
    func.func private @inner_live() {
      return
    }
    func.func @inner_pub() {
      call @inner_live() : () -> ()
      return
    }
  }
  module @referenced attributes {sym_visibility = "private"} {
    func.func @g() {
      return
    }
  }
  "test.op"() {ref = @referenced::@g} : () -> ()
}
`,
	},
}

func TestSymbolDCE(t *testing.T) { runCases(t, symbolDCECases) }

// TestSymbolDCERequiresSymbolTable schedules symbol-dce on functions, which
// are not symbol tables: like MLIR, the pass fails.
func TestSymbolDCERequiresSymbolTable(t *testing.T) {
	m, err := ir.Parse("in.mlir", []byte("func.func @f() {\n  return\n}\n"), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pm := &ir.PassManager{Entries: []ir.PassEntry{{Anchor: "func.func", Nested: []ir.PassEntry{{Pass: SymbolDCE}}}}}
	err = pm.Run(m)
	const want = "in.mlir:1:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table"
	if err == nil || err.Error() != want {
		t.Fatalf("got error %v, want %q", err, want)
	}
}
