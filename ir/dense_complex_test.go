package ir_test

import (
	"math"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

func TestDenseComplex(t *testing.T) {
	c64 := ir.Complex(ir.F32T)
	ty := ir.RankedTensor([]int64{3}, c64)
	if got := ir.ElementByteSize(c64); got != 8 {
		t.Fatalf("ElementByteSize(complex<f32>) = %d, want 8", got)
	}
	if got := ir.ElementByteSize(ir.Complex(ir.F64T)); got != 16 {
		t.Fatalf("ElementByteSize(complex<f64>) = %d, want 16", got)
	}
	if got := ir.ElementByteSize(ir.Complex(ir.I32)); got != 0 {
		t.Fatalf("ElementByteSize(complex<i32>) = %d, want 0 (not stored densely)", got)
	}
	// 0.1 rounds to f32 in each part; the parts are interleaved.
	d := ir.NewDenseComplex(ty, []complex128{complex(1, -2), complex(0.1, math.Inf(1)), complex(math.Copysign(0, -1), 3)})
	want := []complex128{complex(1, -2), complex(float64(float32(0.1)), math.Inf(1)), complex(math.Copysign(0, -1), 3)}
	for i, w := range want {
		if got := d.ComplexAt(int64(i)); got != w || math.Signbit(real(got)) != math.Signbit(real(w)) {
			t.Errorf("ComplexAt(%d) = %v, want %v", i, got, w)
		}
	}
	if len(d.Raw) != 24 || d.Raw[4] != 0 || d.Raw[7] != 0xc0 {
		t.Errorf("raw layout % x: want re then im, little-endian", d.Raw)
	}
	if got := ir.AttrString(d); got != "dense<[(1.000000e+00,-2.000000e+00), (1.000000e-01,0x7F800000), (-0.000000e+00,3.000000e+00)]> : tensor<3xcomplex<f32>>" {
		t.Errorf("printed %s", got)
	}
	// ElementAttr gives complex.constant's pair, which NewDenseSplat takes back.
	splat, err := ir.NewDenseSplat(ty, d.ElementAttr(0))
	if err != nil {
		t.Fatal(err)
	}
	if !splat.Splat || splat.ComplexAt(2) != complex(1, -2) {
		t.Errorf("splat of element 0: %s", ir.AttrString(splat))
	}
	if _, err := ir.NewDenseSplat(ir.RankedTensor([]int64{2}, ir.F32T), d.ElementAttr(0)); err == nil {
		t.Errorf("a complex pair for an f32 tensor: want an error")
	}
	if got := ir.RoundToComplexType(complex(0.1, 0.2), c64); got != complex(float64(float32(0.1)), float64(float32(0.2))) {
		t.Errorf("RoundToComplexType = %v", got)
	}
}
