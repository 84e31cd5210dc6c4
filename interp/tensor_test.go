package interp

import (
	"math"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

func TestNewFloatsRoundsToElementType(t *testing.T) {
	cases := []struct {
		elem string
		in   float64
		want float64
	}{
		{"f32", 0.1, f32(0.1)},
		{"f32", 16777217, 16777216}, // 2^24+1 is not an f32
		{"f16", 2049, 2048},         // 11-bit significand
		{"f16", 70000, math.Inf(1)}, // above the f16 range
		{"bf16", 257, 256},          // 8-bit significand
		{"f64", 0.1, 0.1},
	}
	for _, c := range cases {
		got := tf(c.elem, nil, c.in).Floats()[0]
		if got != c.want {
			t.Errorf("NewFloats(%s, %v) = %v; want %v", c.elem, c.in, got, c.want)
		}
	}
}

func TestNewIntsWraps(t *testing.T) {
	cases := []struct {
		elem string
		in   int64
		want int64
	}{
		{"i8", 200, -56},
		{"ui8", -1, 255},
		{"i1", 3, 1},
		{"i32", 1 << 31, math.MinInt32},
		{"ui32", -1, 4294967295},
		{"ui64", -1, -1}, // kept as bits
		{"index", math.MinInt64, math.MinInt64},
	}
	for _, c := range cases {
		got := ti(c.elem, nil, c.in).Ints()[0]
		if got != c.want {
			t.Errorf("NewInts(%s, %d) = %d; want %d", c.elem, c.in, got, c.want)
		}
	}
}

func TestConstructorErrors(t *testing.T) {
	if _, err := NewFloats(ir.F32T, sh(2, 2), []float64{1, 2, 3}); err == nil {
		t.Error("NewFloats accepted 3 values for a 2x2 shape")
	}
	if _, err := NewFloats(ir.I32, nil, []float64{1}); err == nil {
		t.Error("NewFloats accepted an integer element type")
	}
	if _, err := NewInts(ir.F32T, nil, []int64{1}); err == nil {
		t.Error("NewInts accepted a float element type")
	}
	if _, err := NewInts(ir.I32, sh(-1), nil); err == nil {
		t.Error("NewInts accepted a negative dim")
	}
	if _, err := FromBytes(ir.F32T, sh(2), make([]byte, 7)); err == nil {
		t.Error("FromBytes accepted 7 bytes for 2 f32s")
	}
}

// TestBytesRoundTrip checks the packed little-endian layout (the `.npy`
// and hex dense layout) both ways for every element family.
func TestBytesRoundTrip(t *testing.T) {
	cases := []struct {
		t    *Tensor
		want []byte
	}{
		{tf("f32", sh(2), 1, -2), []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}},
		{tf("f16", sh(1), 1), []byte{0, 0x3c}},
		{tf("bf16", sh(1), 1), []byte{0x80, 0x3f}},
		{tf("f64", nil, 1), []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f}},
		{ti("i1", sh(3), 1, 0, 1), []byte{1, 0, 1}},
		{ti("i16", sh(1), -2), []byte{0xfe, 0xff}},
		{ti("ui64", sh(1), -1), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
		{ti("index", sh(1), 5), []byte{5, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, c := range cases {
		b := c.t.Bytes()
		if string(b) != string(c.want) {
			t.Errorf("%v.Bytes() = % x; want % x", c.t, b, c.want)
		}
		back, err := FromBytes(c.t.ElemType(), c.t.Shape(), b)
		if err != nil || !back.Equal(c.t) {
			t.Errorf("FromBytes(Bytes(%v)) = %v, %v", c.t, back, err)
		}
	}
}

func TestDenseRoundTrip(t *testing.T) {
	for _, x := range []*Tensor{
		tf("f32", sh(2, 2), 1, 2.5, math.Inf(-1), 0),
		ti("i32", sh(3), -1, 0, 7),
		ti("i1", sh(2), 1, 0),
		tf("f16", nil, 0.5),
		ti("ui8", sh(0)),
	} {
		back, err := FromDense(x.ToDense())
		if err != nil || !back.Equal(x) {
			t.Errorf("FromDense(ToDense(%v)) = %v, %v", x, back, err)
		}
	}
	// A splat expands.
	d, _ := ir.NewDenseSplat(ir.RankedTensor(sh(2, 2), ir.I32), ir.IntAttr(ir.I32, 7))
	got, err := FromDense(d)
	if err != nil {
		t.Fatal(err)
	}
	expectTensor(t, "FromDense(splat)", got, ti("i32", sh(2, 2), 7, 7, 7, 7))
}

func TestStringAndEqual(t *testing.T) {
	x := tf("f32", sh(2), 1, math.NaN())
	if got, want := x.String(), "dense<[1.000000e+00, 0x7FC00000]> : tensor<2xf32>"; got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
	if !x.Equal(tf("f32", sh(2), 1, -math.NaN())) {
		t.Error("NaN must equal NaN")
	}
	if tf("f32", nil, 0).Equal(tf("f32", nil, math.Copysign(0, -1))) {
		t.Error("+0 must differ from -0")
	}
	if tf("f32", sh(1), 1).Equal(tf("f32", nil, 1)) {
		t.Error("shapes [1] and [] must differ")
	}
	if ti("i32", nil, 1).Equal(ti("i64", nil, 1)) {
		t.Error("element types must match")
	}
}

func TestULPDistance(t *testing.T) {
	next := float64(math.Nextafter32(1, 2))
	cases := []struct {
		a, b float64
		elem ir.Type
		want int64
	}{
		{1, 1, ir.F32T, 0},
		{1, next, ir.F32T, 1},
		{0, math.Copysign(0, -1), ir.F32T, 1},
		{math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, ir.F32T, 3},
		{math.NaN(), math.NaN(), ir.F32T, 0},
		{math.NaN(), 1, ir.F32T, math.MaxInt64},
		{1, 1 + 1.0/1024, ir.F16T, 1},
		{math.Inf(-1), math.Inf(1), ir.F64T, math.MaxInt64}, // saturates
		{1, math.Nextafter(1, 0), ir.F64T, 1},
	}
	for _, c := range cases {
		if got := ULPDistance(c.a, c.b, c.elem); got != c.want {
			t.Errorf("ULPDistance(%v, %v, %s) = %d; want %d", c.a, c.b, c.elem, got, c.want)
		}
	}
}
