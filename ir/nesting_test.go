package ir_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// nestedInputs returns, for each class of nesting, a file nesting n levels
// deep (open, the middle, close, each repeated), wrapped in a function.
func nestedInputs(n int) map[string]string {
	rep := strings.Repeat
	fn := func(attr string) string {
		return "func.func @f() attributes {a = " + attr + "} {\n  return\n}\n"
	}
	return map[string]string{
		"array attribute":      fn(rep("[", n) + rep("]", n)),
		"dictionary attribute": fn(rep("{a = ", n) + "1" + rep("}", n)),
		"dense literal":        fn("dense<" + rep("[", n) + "1" + rep("]", n) + "> : tensor<1xf32>"),
		"tensor type":          "func.func @f(%a: " + rep("tensor<", n) + "f32" + rep(">", n) + ")\n",
		"complex type":         fn(rep("complex<", n) + "f32" + rep(">", n)),
		"tuple type":           fn(rep("tuple<", n) + "f32" + rep(">", n)),
		"function type":        fn(rep("() -> (", n) + "f32" + rep(")", n)),
		"region": "func.func @f() {\n" + rep("\"test.op\"() ({\n", n) + "\"test.op\"() : () -> ()\n" +
			rep("}) : () -> ()\n", n) + "  return\n}\n",
		"affine parentheses": fn("affine_map<(d0) -> (" + rep("(", n) + "d0" + rep(")", n) + ")>"),
		"affine negation":    fn("affine_map<(d0) -> (" + rep("-", n) + "d0)>"),
		"affine chain":       fn("affine_map<(d0)[s0] -> (d0" + rep(" mod s0", n) + ")>"),
	}
}

// TestParseNestingLimit parses inputs nested two million levels deep,
// which overflowed the goroutine stack (`fatal error: stack overflow`,
// which kills the process), and checks each is a located error naming the
// limit.
func TestParseNestingLimit(t *testing.T) {
	for name, src := range nestedInputs(2_000_000) {
		_, err := ir.Parse("deep.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
		d, ok := err.(*ir.Diagnostic)
		if !ok || !d.Loc.Known() {
			t.Errorf("%s: got %v, want a located diagnostic", name, err)
			continue
		}
		want := fmt.Sprintf("nesting deeper than %d levels", ir.MaxNesting)
		if strings.HasPrefix(name, "affine") {
			want = fmt.Sprintf("affine expression nested deeper than %d levels", affine.MaxDepth)
		}
		if !strings.Contains(d.Msg, want) {
			t.Errorf("%s: %v, want %q", name, d, want)
		}
	}
}

// TestParseNestingBelowLimit checks that input nested well within the
// limit parses, verifies and prints to text that parses back.
func TestParseNestingBelowLimit(t *testing.T) {
	for name, src := range nestedInputs(400) {
		m, err := ir.Parse("deep.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
		if err != nil {
			// complex<complex<f32>> and tensor<tensor<f32>> are not valid
			// types, nor is a 400-d literal a tensor<1xf32>, but the error
			// must be theirs, not the nesting.
			if strings.Contains(name, "complex") || strings.Contains(name, "tensor") || strings.Contains(name, "dense") {
				if strings.Contains(err.Error(), "nesting") {
					t.Errorf("%s: %v", name, err)
				}
				continue
			}
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := ir.Verify(m); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		out := ir.PrintBytes(m, ir.PrintOptions{})
		if _, err := ir.Parse("printed.mlir", out, ir.ParseOptions{AllowUnregistered: true}); err != nil {
			t.Errorf("%s: the printed form does not parse: %v", name, err)
		}
	}
}

// TestParseNestingBoundary checks the exact limit: brackets MaxNesting
// deep parse, one more does not, and the error points at the bracket.
func TestParseNestingBoundary(t *testing.T) {
	// The attribute of a top-level function is at nesting 0.
	at := func(n int) string {
		return "func.func @f() attributes {a = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "}\n"
	}
	if _, err := ir.Parse("a.mlir", []byte(at(ir.MaxNesting)), ir.ParseOptions{}); err != nil {
		t.Errorf("%d levels: %v", ir.MaxNesting, err)
	}
	_, err := ir.Parse("a.mlir", []byte(at(ir.MaxNesting+1)), ir.ParseOptions{})
	col := len("func.func @f() attributes {a = ") + ir.MaxNesting + 1
	want := fmt.Sprintf("a.mlir:1:%d: error: nesting deeper than %d levels", col, ir.MaxNesting)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%d levels: got %v, want %q", ir.MaxNesting+1, err, want)
	}
}

// TestVerifyNestingLimit builds IR deeper than MaxNesting through the
// library, which the parser would have refused, and checks the verifier
// reports it rather than overflowing the stack in a later walk.
func TestVerifyNestingLimit(t *testing.T) {
	module := func() (*ir.Operation, *ir.Builder) {
		m := ir.NewOp(&ir.OpState{Name: "builtin.module", Regions: []*ir.Region{{}}})
		blk := m.Region(0).AddBlock(nil)
		return m, ir.AtEnd(blk)
	}
	wantNesting := func(t *testing.T, m *ir.Operation) {
		t.Helper()
		err := ir.Verify(m)
		if err == nil || !strings.Contains(err.Error(), "nesting deeper than") {
			t.Fatalf("Verify: %v, want a nesting error", err)
		}
	}

	t.Run("regions", func(t *testing.T) {
		m, b := module()
		for range 100_000 {
			op := b.Create(&ir.OpState{Name: "test.op", Regions: []*ir.Region{{}}})
			b = ir.AtEnd(op.Region(0).AddBlock(nil))
		}
		wantNesting(t, m)
	})

	t.Run("attribute", func(t *testing.T) {
		m, b := module()
		var a ir.Attribute = &ir.ArrayAttr{}
		for range 2_000_000 {
			a = &ir.ArrayAttr{Elems: []ir.Attribute{a}}
		}
		b.Create(&ir.OpState{Name: "test.op", Attrs: attrs("a", a)})
		wantNesting(t, m)
	})

	t.Run("attribute inside regions", func(t *testing.T) {
		// Neither is too deep alone; together they are.
		m, b := module()
		for range ir.MaxNesting / 2 {
			op := b.Create(&ir.OpState{Name: "test.op", Regions: []*ir.Region{{}}})
			b = ir.AtEnd(op.Region(0).AddBlock(nil))
		}
		var a ir.Attribute = &ir.ArrayAttr{}
		for range ir.MaxNesting / 2 {
			a = &ir.ArrayAttr{Elems: []ir.Attribute{a}}
		}
		b.Create(&ir.OpState{Name: "test.op", Attrs: attrs("a", a)})
		wantNesting(t, m)
	})

	t.Run("affine map", func(t *testing.T) {
		m, b := module()
		e := affine.Dim(0)
		for range 2 * affine.MaxDepth {
			e = affine.Mod(e, affine.Sym(0))
		}
		b.Create(&ir.OpState{Name: "test.op", Attrs: attrs("m", &ir.AffineMapAttr{Map: affine.NewMap(1, 1, e)})})
		err := ir.Verify(m)
		if err == nil || !strings.Contains(err.Error(), "affine expression nested deeper than") {
			t.Fatalf("Verify: %v, want a nesting error", err)
		}
	})

	t.Run("within the limit", func(t *testing.T) {
		// What verifies prints to text that parses.
		m, b := module()
		for range ir.MaxNesting/2 - 1 {
			op := b.Create(&ir.OpState{Name: "test.op", Regions: []*ir.Region{{}}})
			b = ir.AtEnd(op.Region(0).AddBlock(nil))
		}
		var attr ir.Attribute = &ir.TypeAttr{Type: ir.Function(nil, []ir.Type{ir.Function(nil, nil)})}
		for range ir.MaxNesting/2 - 4 {
			attr = &ir.ArrayAttr{Elems: []ir.Attribute{attr}}
		}
		// 500 regions around the op, and 4 + 496 levels in its attribute:
		// exactly the limit.
		op := b.Create(&ir.OpState{Name: "test.op", Attrs: attrs("a", attr)})
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
		out := ir.PrintBytes(m, ir.PrintOptions{})
		if _, err := ir.Parse("printed.mlir", out, ir.ParseOptions{AllowUnregistered: true}); err != nil {
			t.Fatalf("printed IR does not parse: %v", err)
		}
		op.SetAttr("a", &ir.ArrayAttr{Elems: []ir.Attribute{attr}})
		wantNesting(t, m)
	})
}

// TestTooManyElements checks that shapes whose element count overflows
// int64 are rejected where they are written, and in library-built IR by
// the verifier.
func TestTooManyElements(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{"func.func @f(%a: tensor<9223372036854775807x2xf32>)\n", "t.mlir:1:18: error: tensor<9223372036854775807x2xf32> has more than 2^63-1 elements"},
		{"func.func @f(%a: tensor<?x4294967296x4294967296xf32>)\n", "t.mlir:1:18: error: tensor<?x4294967296x4294967296xf32> has more than"},
		{"func.func @f(%a: memref<3037000500x3037000500xf32>)\n", "t.mlir:1:18: error: memref<3037000500x3037000500xf32> has more than"},
		{"func.func @f(%a: vector<4611686018427387904x2xf32>)\n", "t.mlir:1:18: error: vector<4611686018427387904x2xf32> has more than"},
		{"func.func @f() -> tensor<9223372036854775807x2xf32> {\n  %0 = hlo.constant dense<1.0> : tensor<9223372036854775807x2xf32>\n  return %0 : tensor<9223372036854775807x2xf32>\n}\n", "t.mlir:1:19: error:"},
	} {
		_, err := ir.Parse("t.mlir", []byte(tc.src), ir.ParseOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
	for _, src := range []string{
		"func.func @f(%a: tensor<0x9223372036854775807x2xf32>)\n", // no elements
		"func.func @f(%a: tensor<3037000499x3037000499xf32>)\n",   // just fits
		"func.func @f(%a: tensor<9223372036854775807x?xf32>)\n",
	} {
		if _, err := ir.Parse("t.mlir", []byte(src), ir.ParseOptions{}); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}

	m := ir.NewOp(&ir.OpState{Name: "builtin.module", Regions: []*ir.Region{{}}})
	b := ir.AtEnd(m.Region(0).AddBlock(nil))
	b.Create(&ir.OpState{Name: "test.op", ResultTypes: []ir.Type{ir.RankedTensor([]int64{math.MaxInt64, 2}, ir.F32T)}})
	err := ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "result #0 has type tensor<9223372036854775807x2xf32>, of more than 2^63-1 elements") {
		t.Errorf("Verify: %v", err)
	}
}

func attrs(name string, a ir.Attribute) ir.Attrs {
	var as ir.Attrs
	as.Set(name, a)
	return as
}
