package shape_test

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/shape"
	"github.com/bcast-opt/bcast-opt/ir"
)

const D = ir.Dynamic

func TestStaticallyBroadcastable(t *testing.T) {
	cases := []struct {
		shapes [][]int64
		want   bool
	}{
		{[][]int64{{D, 4}, {4}}, true},      // the bias add
		{[][]int64{{D, 1}, {1, D}}, true},   // the outer product
		{[][]int64{{D}, {4}}, false},        // the ? may be 3
		{[][]int64{{D}, {D}}, false},        // two ? may differ
		{[][]int64{{D}, {1}, {}}, true},     // a ? against 1s
		{[][]int64{{2, 3}, {3}, {1}}, true}, // static and compatible
		{[][]int64{{2}, {3}}, false},        // static and incompatible
		{[][]int64{{4}, {D}}, false},        // the order does not matter
		{[][]int64{{D, 3}}, true},           // one shape
		{nil, true},
	}
	for _, c := range cases {
		if got := shape.StaticallyBroadcastable(c.shapes); got != c.want {
			t.Errorf("StaticallyBroadcastable(%v) = %v, want %v", c.shapes, got, c.want)
		}
	}
}

// TestBuilders builds every op through the Go API, verifies the module and
// checks that the printed text parses back to the same text.
func TestBuilders(t *testing.T) {
	x := ir.RankedTensor([]int64{D, 4}, ir.F32T)
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{x, ir.I1}, []ir.Type{x})
	args := fn.Region(0).Front().Args()
	sx := shape.NewShapeOf(b, args[0])
	c := shape.NewConstShape(b, []int64{1, 4})
	bc := shape.NewBroadcast(b, []*ir.Value{sx, c}, 2)
	zero := arith.NewConstant(b, &ir.IntegerAttr{Type: ir.Index, Value: 0}).Result(0)
	e := shape.NewGetExtent(b, bc, zero)
	te := shape.NewToExtentTensor(b, shape.NewFromExtents(b, []*ir.Value{e, e}), 2)
	w := shape.NewAssumingAll(b, []*ir.Value{
		shape.NewCstrBroadcastable(b, []*ir.Value{sx, c}),
		shape.NewCstrEq(b, []*ir.Value{bc, te}),
		shape.NewCstrRequire(b, args[1], "condition failed"),
		shape.NewConstWitness(b, true),
	})
	if shape.NewAssumingAll(b, []*ir.Value{w}) != w {
		t.Errorf("NewAssumingAll of one witness should be that witness")
	}
	as, inner := shape.NewAssuming(b, w, []ir.Type{x})
	shape.NewAssumingYield(inner, []*ir.Value{args[0]})
	funcdialect.NewReturn(b, as.Result(0))
	if err := ir.Verify(module); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.PrintString(module, ir.PrintOptions{}))
	}
	text := ir.PrintString(module, ir.PrintOptions{})
	for _, want := range []string{
		"shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>",
		"shape.const_shape [1, 4] : tensor<2xindex>",
		"shape.broadcast %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>",
		"shape.from_extents %3, %3 : index, index",
		"shape.to_extent_tensor %4 : !shape.shape -> tensor<2xindex>",
		`shape.cstr_require %arg1, "condition failed"`,
		"shape.const_witness true",
		"shape.assuming_all %6, %7, %8, %9",
		"shape.assuming %10 -> (tensor<?x4xf32>) {",
		"shape.assuming_yield %arg0 : tensor<?x4xf32>",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	again, err := ir.Parse("builders.mlir", []byte(text), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("reparse: %v", err)
	}
	if got := ir.PrintString(again, ir.PrintOptions{}); got != text {
		t.Errorf("round trip changed the text:\n%s\n---\n%s", text, got)
	}
}

// TestFolding folds the checks of a bias add (`?x4` with `4`) away with the
// greedy driver: cstr_broadcastable holds statically, assuming_all of it is
// true, and the assuming is inlined.
func TestFolding(t *testing.T) {
	src := `func.func @f(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.shape_of %b : tensor<4xf32> -> tensor<1xindex>
  %2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<1xindex>
  %3 = shape.assuming_all %2, %2
  %4 = shape.assuming %3 -> (tensor<?x4xf32>) {
    shape.assuming_yield %x : tensor<?x4xf32>
  }
  return %4 : tensor<?x4xf32>
}`
	m, err := ir.Parse("fold.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var patterns []ir.Pattern
	for _, d := range ir.RegisteredOps() {
		patterns = append(patterns, d.Canonicalize...)
	}
	ir.ApplyPatternsGreedily(m, patterns, ir.DefaultGreedyConfig())
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	got := ir.PrintString(m, ir.PrintOptions{})
	if strings.Contains(got, "shape.") || !strings.Contains(got, "return %arg0 : tensor<?x4xf32>") {
		t.Errorf("checks not folded away:\n%s", got)
	}
}

// TestKnownExtents reads extents through the ops that carry them.
func TestKnownExtents(t *testing.T) {
	module := builtin.NewModule()
	x := ir.RankedTensor([]int64{D, 4}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{x, ir.Index}, nil)
	args := fn.Region(0).Front().Args()
	three := arith.NewConstant(b, &ir.IntegerAttr{Type: ir.Index, Value: 3}).Result(0)
	cases := []struct {
		v    *ir.Value
		want []int64
		ok   bool
	}{
		{shape.NewShapeOf(b, args[0]), []int64{D, 4}, true},
		{shape.NewConstShape(b, []int64{2, 5}), []int64{2, 5}, true},
		{shape.NewToExtentTensor(b, shape.NewFromExtents(b, []*ir.Value{three, args[1]}), 2), []int64{3, D}, true},
		{args[1], nil, false},
	}
	for i, c := range cases {
		got, ok := shape.KnownExtents(c.v)
		if ok != c.ok || (ok && !equal(got, c.want)) {
			t.Errorf("case %d: KnownExtents = %v, %v; want %v, %v", i, got, ok, c.want, c.ok)
		}
	}
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
