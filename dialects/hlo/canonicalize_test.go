package hlo_test

import (
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestFoldersAttached: fold.go's init must run after elementwise.go's has
// registered the ops (Go runs init functions in file name order).
func TestFoldersAttached(t *testing.T) {
	names := []string{"hlo.compare", "hlo.select", "hlo.clamp", "hlo.negate", "hlo.sqrt", "hlo.not", "hlo.is_finite"}
	for _, b := range hlo.BinaryOps {
		names = append(names, "hlo."+b.Name)
	}
	for _, n := range names {
		if d := ir.LookupOp(n); d == nil || d.Fold == nil {
			t.Errorf("%s has no folder", n)
		}
	}
	if ir.LookupConstantMaterializer("hlo") == nil {
		t.Errorf("no constant materializer for hlo")
	}
}

// canonicalize runs every registered pattern and folder on src.
func canonicalize(t *testing.T, src string) string {
	t.Helper()
	m, err := ir.Parse("canon.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var patterns []ir.Pattern
	for _, d := range ir.RegisteredOps() {
		patterns = append(patterns, d.Canonicalize...)
	}
	ir.ApplyPatternsGreedily(m, patterns, ir.DefaultGreedyConfig())
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after canonicalization: %v", err)
	}
	return ir.PrintString(m, ir.PrintOptions{})
}

// TestFoldSemantics folds one op on constants and checks the constant,
// StableHLO's semantics for each (table-driven).
func TestFoldSemantics(t *testing.T) {
	cases := []struct {
		name, op, ty, a, b string
		want               string // "" if the op must not fold
	}{
		{"add wraps", "add", "tensor<2xi8>", "[127, -128]", "[1, -1]", "dense<[-128, 127]> : tensor<2xi8>"},
		{"remainder truncates", "remainder", "tensor<2xi32>", "[-7, 7]", "[2, -2]", "dense<[-1, 1]> : tensor<2xi32>"},
		{"float remainder is fmod", "remainder", "tensor<2xf64>", "[-7.5, 7.5]", "[2.0, -2.0]", "dense<[-1.500000e+00, 1.500000e+00]> : tensor<2xf64>"},
		{"divide truncates", "divide", "tensor<2xi32>", "[-7, 7]", "[2, 2]", "dense<[-3, 3]> : tensor<2xi32>"},
		{"divide by zero stays", "divide", "tensor<2xi32>", "[1, 1]", "[1, 0]", ""},
		{"unsigned divide", "divide", "tensor<1xui32>", "[4294967295]", "[2]", "dense<2147483647> : tensor<1xui32>"},
		{"shift_left by width", "shift_left", "tensor<3xi16>", "[1, 1, 1]", "[15, 16, 100]", "dense<[-32768, 0, 0]> : tensor<3xi16>"},
		{"shift_right_logical", "shift_right_logical", "tensor<2xi16>", "[-1, -1]", "[12, 16]", "dense<[15, 0]> : tensor<2xi16>"},
		{"shift_right_arithmetic fills the sign", "shift_right_arithmetic", "tensor<3xi16>", "[-16, -16, 16]", "[2, 16, 17]", "dense<[-4, -1, 0]> : tensor<3xi16>"},
		{"shift_right_arithmetic of unsigned", "shift_right_arithmetic", "tensor<1xui8>", "[200]", "[1]", "dense<228> : tensor<1xui8>"},
		{"power", "power", "tensor<2xi32>", "[3, -2]", "[4, 3]", "dense<[81, -8]> : tensor<2xi32>"},
		{"negative power stays", "power", "tensor<1xi32>", "[2]", "[-1]", ""},
		{"maximum propagates NaN", "maximum", "tensor<2xf32>", "[0x7FC00000, 1.0]", "[1.0, 2.0]", "dense<[0x7FC00000, 2.000000e+00]> : tensor<2xf32>"},
		{"unsigned minimum", "minimum", "tensor<1xui8>", "[255]", "[1]", "dense<1> : tensor<1xui8>"},
		{"and of i1", "and", "tensor<2xi1>", "[true, true]", "[true, false]", "dense<[true, false]> : tensor<2xi1>"},
		{"atan2", "atan2", "tensor<1xf64>", "[1.0]", "[1.0]", "dense<0.78539816339744828> : tensor<1xf64>"},
		{"xor", "xor", "tensor<1xi32>", "[12]", "[10]", "dense<6> : tensor<1xi32>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "func.func @f() -> " + c.ty + " {\n" +
				"  %a = hlo.constant dense<" + c.a + "> : " + c.ty + "\n" +
				"  %b = hlo.constant dense<" + c.b + "> : " + c.ty + "\n" +
				"  %r = hlo." + c.op + " %a, %b : " + c.ty + "\n" +
				"  return %r : " + c.ty + "\n}"
			got := canonicalize(t, src)
			folded := !strings.Contains(got, "hlo."+c.op+" ")
			switch {
			case c.want == "" && folded:
				t.Errorf("folded, but must not:\n%s", got)
			case c.want != "" && !strings.Contains(got, c.want):
				t.Errorf("want %s in\n%s", c.want, got)
			}
		})
	}
}

// TestBroadcastConstant expands a constant as broadcast_in_dim does.
func TestBroadcastConstant(t *testing.T) {
	i32 := ir.Integer(32, ir.Signless)
	col := ir.NewDenseInts(ir.RankedTensor([]int64{2, 1}, i32), []int64{1, 2})
	got := hlo.BroadcastConstant(col, []int64{1, 2}, ir.RankedTensor([]int64{2, 2, 3}, i32))
	if want := "dense<[[[1, 1, 1], [2, 2, 2]], [[1, 1, 1], [2, 2, 2]]]> : tensor<2x2x3xi32>"; ir.AttrString(got) != want {
		t.Errorf("BroadcastConstant = %s, want %s", ir.AttrString(got), want)
	}
	big := ir.RankedTensor([]int64{2, 1024}, i32)
	if hlo.BroadcastConstant(col, []int64{0, 1}, big) != nil {
		t.Errorf("a non-splat broadcast beyond MaxFoldElements should not fold")
	}
	splat := ir.NewDenseInts(ir.RankedTensor(nil, i32), []int64{7})
	if got := hlo.BroadcastConstant(splat, nil, big); got == nil || !got.IsSplatValue() {
		t.Errorf("a splat broadcasts at any size, got %v", got)
	}
}
