package interp

import (
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestComplexDataMovement runs testdata/complex_data_movement.mlir
// (transpose, reverse, concatenate, slice, pad, reshape, broadcast_in_dim,
// dynamic_slice and dynamic_update_slice of a complex<f32> tensor) and
// the same program on f32 twice, on the real and on the imaginary parts:
// moving complex elements must move both parts as the f32 program moves
// each.
func TestComplexDataMovement(t *testing.T) {
	src, err := os.ReadFile("testdata/complex_data_movement.mlir")
	if err != nil {
		t.Fatal(err)
	}
	parse := func(text string) *ir.Operation {
		m, err := ir.Parse("complex_data_movement.mlir", []byte(text), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	cm := parse(string(src))
	// The real program: f32 elements, the pad value's parts in turn.
	f32Src := strings.ReplaceAll(string(src), "complex<f32>", "f32")
	rm := parse(strings.Replace(f32Src, "dense<(9.0, -9.0)>", "dense<9.0>", 1))
	im := parse(strings.Replace(f32Src, "dense<(9.0, -9.0)>", "dense<-9.0>", 1))
	zs := []complex128{complex(1, -1), complex(2, 0.5), complex(3, 30), complex(-4, 4), complex(5, -0.25), complex(6, 60)}
	re, imv := make([]float64, len(zs)), make([]float64, len(zs))
	for i, z := range zs {
		re[i], imv[i] = real(z), imag(z)
	}
	a, _ := NewComplex(ir.Complex(ir.F32T), []int64{2, 3}, zs)
	ar, _ := NewFloats(ir.F32T, []int64{2, 3}, re)
	ai, _ := NewFloats(ir.F32T, []int64{2, 3}, imv)
	s, _ := NewInts(ir.I32, nil, []int64{1})
	got, err := Run(cm, "main", []*Tensor{a, s})
	if err != nil {
		t.Fatal(err)
	}
	wantRe, err := Run(rm, "main", []*Tensor{ar, s})
	if err != nil {
		t.Fatal(err)
	}
	wantIm, err := Run(im, "main", []*Tensor{ai, s})
	if err != nil {
		t.Fatal(err)
	}
	for k, g := range got {
		if !g.IsComplex() || !equalShapes(g.Shape(), wantRe[k].Shape()) {
			t.Fatalf("result #%d: %s, want the shape of %s in complex<f32>", k, g.Type(), wantRe[k].Type())
		}
		for i, z := range g.Complexes() {
			if real(z) != wantRe[k].Floats()[i] || imag(z) != wantIm[k].Floats()[i] {
				t.Errorf("result #%d element %d: %v, want (%v, %v)", k, i, z, wantRe[k].Floats()[i], wantIm[k].Floats()[i])
			}
		}
	}
}

// TestComplexUnsupportedOp: an op whose handler does not take complex
// elements says so at the op.
func TestComplexUnsupportedOp(t *testing.T) {
	// check.expect_close compares floats and integers only.
	m, err := ir.Parse("u.mlir", []byte(`func.func @main(%a: tensor<2x2xcomplex<f32>>) {
  hlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>) -> ()
  return
}`), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := NewComplex(ir.Complex(ir.F32T), []int64{2, 2}, []complex128{1, 2, 3, 4})
	_, err = Run(m, "main", []*Tensor{a})
	if err == nil || !strings.Contains(err.Error(), "complex elements are not interpreted by this op yet") {
		t.Errorf("check.expect_close on complex: %v, want the op's complex error", err)
	}
}

// TestConvertIntToComplexRoundsOnce converts integers just above a
// halfway point of f32 by less than f64's precision to complex<f32>: the
// real part is the integer rounded once to f32 (through float64 first it
// would tie to even, down).
func TestConvertIntToComplexRoundsOnce(t *testing.T) {
	const v = int64(1)<<62 + 1<<38 + 1 // halfway between two f32s, plus 1
	for src, et := range map[string]ir.Type{"i64": ir.I64, "ui64": ir.Integer(64, ir.Unsigned)} {
		text := "func.func @main(%a: tensor<1x" + src + ">) -> tensor<1xcomplex<f32>> {\n" +
			"  %r = hlo.convert %a : (tensor<1x" + src + ">) -> tensor<1xcomplex<f32>>\n  return %r : tensor<1xcomplex<f32>>\n}\n"
		m, err := ir.Parse("convert.mlir", []byte(text), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewInts(et, []int64{1}, []int64{v})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(m, "main", []*Tensor{a})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := res[0].Complexes()[0], complex(float64(float32(1<<62+1<<39)), 0); got != want {
			t.Errorf("%s %d to complex<f32>: got %v, want %v", src, v, got, want)
		}
	}
}
