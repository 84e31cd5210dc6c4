package ir_test

import (
	"testing"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestLookupSymbol checks LookupSymbol against a scan of the module after
// each kind of change its index is not told about: renaming, erasing,
// adding and moving symbols, before and after verification (which seeds
// the index).
func TestLookupSymbol(t *testing.T) {
	src := `module {
  func.func @a() {
    return
  }
  func.func @b() {
    call @a() : () -> ()
    return
  }
  func.func @c() {
    return
  }
}
`
	m, err := ir.Parse("sym.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	body := m.Region(0).Front()
	names := []string{"a", "b", "c", "d", "e", "x"}
	check := func(step string) {
		t.Helper()
		for _, n := range names {
			var want *ir.Operation
			for o := body.First(); o != nil; o = o.Next() {
				if funcdialect.Name(o) == n {
					want = o
					break
				}
			}
			if got := m.LookupSymbol(n); got != want {
				t.Errorf("%s: LookupSymbol(%q) = %v, want %v", step, n, got, want)
			}
		}
	}
	check("parsed")
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	check("verified")
	a, b, c := body.First(), body.First().Next(), body.Last()
	b.SetAttr("sym_name", ir.Str("d"))
	check("b renamed d")
	c.Erase()
	check("c erased")
	funcdialect.NewFunc(m, "e", nil, nil)
	check("e added")
	a.SetAttr("sym_name", ir.Str("b"))
	check("a renamed b")
	e := body.Last()
	e.Remove()
	check("e removed")
	body.Append(e)
	check("e appended again")
	if got := b.LookupSymbol("a"); got != nil {
		t.Errorf("LookupSymbol on a function (no symbol table of its own region): %v", got)
	}
}
