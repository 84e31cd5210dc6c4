package ir_test

import (
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestSourceFormat pins the mlir-opt form of a diagnostic with its source
// lines: the message, the line, a caret under the column (tabs expanded
// to 8-column stops, a UTF-8 character one column), each note likewise,
// and no source line for a location in another file or an unknown one.
func TestSourceFormat(t *testing.T) {
	src := []byte("first line\n\tx = y\r\nwith é and z\nshort\n")
	s := ir.NewSource("f.mlir", src)
	at := func(line, col int32) ir.Location { return ir.Location{File: "f.mlir", Line: line, Col: col} }
	for _, tc := range []struct {
		name string
		d    *ir.Diagnostic
		want string
	}{
		{"first column", ir.Errorf(at(1, 1), "m"), "f.mlir:1:1: error: m\nfirst line\n^"},
		{"tab and CR", ir.Errorf(at(2, 4), "m"), "f.mlir:2:4: error: m\n        x = y\n          ^"},
		{"after UTF-8", ir.Errorf(at(3, 13), "m"), "f.mlir:3:13: error: m\nwith é and z\n           ^"},
		{"past the end", ir.Errorf(at(4, 9), "m"), "f.mlir:4:9: error: m\nshort\n     ^"},
		{"past the last line", ir.Errorf(at(9, 1), "m"), "f.mlir:9:1: error: m"},
		{"other file", ir.Errorf(ir.Location{File: "g.mlir", Line: 1, Col: 1}, "m"), "g.mlir:1:1: error: m"},
		{"unknown", ir.Errorf(ir.Location{}, "m"), "error: m"},
		{"note", ir.Errorf(at(4, 2), "m").AddNote(at(1, 7), "n"),
			"f.mlir:4:2: error: m\nshort\n ^\nf.mlir:1:7: note: n\nfirst line\n      ^"},
	} {
		if got := s.Format(tc.d); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
	// A line longer than 4096 bytes is not shown, as LLVM's
	// SMDiagnostic does not show it.
	long := ir.NewSource("f.mlir", []byte("[["+strings.Repeat("[", 4095)+"\nok\n"))
	if got, want := long.Format(ir.Errorf(at(1, 3), "m")), "f.mlir:1:3: error: m"; got != want {
		t.Errorf("long line: got %.80q..., want %q", got, want)
	}
	if got, want := long.Format(ir.Errorf(at(2, 1), "m")), "f.mlir:2:1: error: m\nok\n^"; got != want {
		t.Errorf("after a long line: got %q, want %q", got, want)
	}
	var none *ir.Source
	d := ir.Errorf(at(1, 1), "m").AddNote(at(2, 1), "n")
	if got := none.Format(d); got != d.Error() {
		t.Errorf("nil source: got %q, want Error's %q", got, d.Error())
	}
}

// TestOpSpelling checks that an op parsed under an alias keeps its
// spelling for diagnostics (Emit), in the custom and the generic form,
// and through CloneOp, while its name, its printed form and everything
// that looks it up by name see the canonical op.
func TestOpSpelling(t *testing.T) {
	src := `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  %1 = "mhlo.multiply"(%0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = chlo.broadcast_subtract %1, %1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %3 = hlo.divide %2, %2 : tensor<2xf32>
  return %3 : tensor<2xf32>
}`
	m, err := ir.Parse("s.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, spelled string }{
		{"hlo.add", "stablehlo.add"}, {"hlo.multiply", "mhlo.multiply"},
		{"hlo.subtract", "chlo.broadcast_subtract"}, {"hlo.divide", "hlo.divide"},
		{"func.return", "func.return"},
	}
	var ops []*ir.Operation
	m.WalkPost(func(op *ir.Operation) {
		if op.ParentOp() != nil && op.ParentOp().Name() == "func.func" {
			ops = append(ops, op)
		}
	})
	if len(ops) != len(want) {
		t.Fatalf("got %d ops in @f, want %d", len(ops), len(want))
	}
	for i, op := range ops {
		if op.Name() != want[i].name || op.Spelling() != want[i].spelled {
			t.Errorf("op %d: Name %q Spelling %q, want %q %q", i, op.Name(), op.Spelling(), want[i].name, want[i].spelled)
		}
		if op.Dialect() != strings.Split(want[i].name, ".")[0] {
			t.Errorf("op %d: Dialect %q", i, op.Dialect())
		}
		if got, w := op.Emit("x").Msg, "'"+want[i].spelled+"' op x"; got != w {
			t.Errorf("op %d: Emit gives %q, want %q", i, got, w)
		}
		if c := ir.CloneOp(op, nil); c.Name() != op.Name() || c.Spelling() != op.Spelling() || c.Def() != op.Def() {
			t.Errorf("op %d: clone is %q/%q", i, c.Name(), c.Spelling())
		}
	}
	out := ir.PrintString(m, ir.PrintOptions{})
	if strings.Contains(out, "stablehlo.") || strings.Contains(out, "mhlo.") || strings.Contains(out, "chlo.") {
		t.Errorf("the printed form keeps a spelling:\n%s", out)
	}
}
