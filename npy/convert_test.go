package npy

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestConstructorsAndAccessors(t *testing.T) {
	shape := []int64{2, 2}
	must := func(a *Array, err error) *Array {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	cases := []struct {
		a     *Array
		dtype DType
		f64   []float64
		i64   []int64 // nil: Int64s fails
	}{
		{must(FromBool(shape, []bool{true, false, false, true})), DTypeBool, []float64{1, 0, 0, 1}, []int64{1, 0, 0, 1}},
		{must(FromInt8(shape, []int8{-128, 127, 0, -1})), DTypeInt8, []float64{-128, 127, 0, -1}, []int64{-128, 127, 0, -1}},
		{must(FromInt16(shape, []int16{-32768, 32767, 0, -1})), DTypeInt16, []float64{-32768, 32767, 0, -1}, []int64{-32768, 32767, 0, -1}},
		{must(FromInt32(shape, []int32{math.MinInt32, math.MaxInt32, 0, -1})), DTypeInt32, []float64{math.MinInt32, math.MaxInt32, 0, -1}, []int64{math.MinInt32, math.MaxInt32, 0, -1}},
		{must(FromInt64(shape, []int64{math.MinInt64, math.MaxInt64, 0, -1})), DTypeInt64, []float64{math.MinInt64, math.MaxInt64, 0, -1}, []int64{math.MinInt64, math.MaxInt64, 0, -1}},
		{must(FromUint8(shape, []uint8{0, 255, 1, 2})), DTypeUint8, []float64{0, 255, 1, 2}, []int64{0, 255, 1, 2}},
		{must(FromUint16(shape, []uint16{0, 65535, 1, 2})), DTypeUint16, []float64{0, 65535, 1, 2}, []int64{0, 65535, 1, 2}},
		{must(FromUint32(shape, []uint32{0, math.MaxUint32, 1, 2})), DTypeUint32, []float64{0, math.MaxUint32, 1, 2}, []int64{0, math.MaxUint32, 1, 2}},
		{must(FromUint64(shape, []uint64{0, math.MaxInt64, 1, 2})), DTypeUint64, []float64{0, math.MaxInt64, 1, 2}, []int64{0, math.MaxInt64, 1, 2}},
		{must(FromFloat16(shape, []float32{1, -0.5, 65504, 1e-7})), DTypeFloat16, []float64{1, -0.5, 65504, 0x1p-23}, nil},
		{must(FromFloat32(shape, []float32{1, -0.5, math.MaxFloat32, 1e-45})), DTypeFloat32, []float64{1, -0.5, math.MaxFloat32, float64(float32(1e-45))}, nil},
		{must(FromFloat64(shape, []float64{1, -0.5, math.MaxFloat64, 5e-324})), DTypeFloat64, []float64{1, -0.5, math.MaxFloat64, 5e-324}, nil},
	}
	for _, c := range cases {
		if c.a.DType != c.dtype || !slices.Equal(c.a.Shape, shape) || c.a.NumElements() != 4 {
			t.Errorf("%s: constructed %s with %d elements; want %s (2, 2) with 4", c.dtype, c.a, c.a.NumElements(), c.dtype)
		}
		f64, err := c.a.Float64s()
		if err != nil || !slices.Equal(f64, c.f64) {
			t.Errorf("%s: Float64s = %v, %v; want %v", c.dtype, f64, err, c.f64)
		}
		i64, err := c.a.Int64s()
		if c.i64 == nil {
			if err == nil || !strings.Contains(err.Error(), "is not an integer or bool type") {
				t.Errorf("%s: Int64s error = %v; want 'not an integer or bool type'", c.dtype, err)
			}
		} else if err != nil || !slices.Equal(i64, c.i64) {
			t.Errorf("%s: Int64s = %v, %v; want %v", c.dtype, i64, err, c.i64)
		}
	}
}

func TestAccessorErrors(t *testing.T) {
	u64, _ := FromUint64([]int64{2}, []uint64{1, math.MaxUint64})
	if _, err := u64.Int64s(); err == nil || !strings.Contains(err.Error(), "element 1 of <u8 is 18446744073709551615, more than the largest int64") {
		t.Errorf("Int64s of a huge uint64 = %v", err)
	}
	if got, err := u64.Uint64s(); err != nil || !slices.Equal(got, []uint64{1, math.MaxUint64}) {
		t.Errorf("Uint64s = %v, %v", got, err)
	}
	i8, _ := FromInt8([]int64{2}, []int8{3, -4})
	if _, err := i8.Uint64s(); err == nil || !strings.Contains(err.Error(), "element 1 of |i1 is negative (-4)") {
		t.Errorf("Uint64s of a negative int8 = %v", err)
	}
	if _, err := i8.Bools(); err == nil || !strings.Contains(err.Error(), "dtype |i1 is not bool") {
		t.Errorf("Bools of int8 = %v", err)
	}
	if _, err := i8.Float32s(); err == nil || !strings.Contains(err.Error(), "dtype |i1 is not float16 or float32") {
		t.Errorf("Float32s of int8 = %v", err)
	}
	f16, _ := FromFloat16([]int64{3}, []float32{0.1, 70000, float32(math.NaN())})
	if got, err := f16.Float32s(); err != nil || got[0] != 0.0999755859375 || !math.IsInf(float64(got[1]), 1) || !math.IsNaN(float64(got[2])) {
		t.Errorf("Float32s of float16 = %v, %v; want [0.0999755859375 +Inf NaN]", got, err)
	}
	b, _ := FromBool([]int64{}, []bool{true})
	if got, err := b.Bools(); err != nil || !slices.Equal(got, []bool{true}) {
		t.Errorf("Bools of rank 0 = %v, %v", got, err)
	}
	broken := &Array{DType: DTypeFloat32, Shape: []int64{2}, Data: make([]byte, 3)}
	if _, err := broken.Float64s(); err == nil || !strings.Contains(err.Error(), "data has 3 bytes; shape (2,) of <f4 needs 8") {
		t.Errorf("Float64s of a broken array = %v", err)
	}
	if _, err := FromFloat32([]int64{2, 3}, make([]float32, 5)); err == nil || err.Error() != "npy: 5 values for shape (2, 3) of <f4, which has 6 elements" {
		t.Errorf("FromFloat32 with too few values = %v", err)
	}
	if _, err := FromInt64([]int64{-1}, nil); err == nil || !strings.Contains(err.Error(), "negative dimension") {
		t.Errorf("FromInt64 with a negative dim = %v", err)
	}
	if _, err := New(DType{Int, 3}, nil); err == nil || !strings.Contains(err.Error(), "unsupported dtype") {
		t.Errorf("New of a bad dtype = %v", err)
	}
}

func TestDTypeNames(t *testing.T) {
	want := map[DType][2]string{
		DTypeBool: {"|b1", "bool"}, DTypeInt8: {"|i1", "int8"}, DTypeInt16: {"<i2", "int16"},
		DTypeInt32: {"<i4", "int32"}, DTypeInt64: {"<i8", "int64"}, DTypeUint8: {"|u1", "uint8"},
		DTypeUint16: {"<u2", "uint16"}, DTypeUint32: {"<u4", "uint32"}, DTypeUint64: {"<u8", "uint64"},
		DTypeFloat16: {"<f2", "float16"}, DTypeFloat32: {"<f4", "float32"}, DTypeFloat64: {"<f8", "float64"},
		DTypeComplex64: {"<c8", "complex64"}, DTypeComplex128: {"<c16", "complex128"},
	}
	if len(DTypes) != len(want) {
		t.Errorf("DTypes has %d entries; want %d", len(DTypes), len(want))
	}
	for _, dt := range DTypes {
		if got := [2]string{dt.String(), dt.Name()}; got != want[dt] {
			t.Errorf("%v: String, Name = %q; want %q", dt, got, want[dt])
		}
		back, big, err := parseDescr(dt.String())
		if err != nil || back != dt || big {
			t.Errorf("parseDescr(%s) = %v, %v, %v", dt, back, big, err)
		}
	}
}

func TestHalfConversion(t *testing.T) {
	cases := []struct {
		bits uint16
		f    float64
	}{
		{0x0000, 0},
		{0x8000, math.Copysign(0, -1)},
		{0x3c00, 1},
		{0xc000, -2},
		{0x7bff, 65504},
		{0x0400, 0x1p-14},   // smallest normal
		{0x0001, 0x1p-24},   // smallest subnormal
		{0x03ff, 0x3ffp-24}, // largest subnormal
		{0x7c00, math.Inf(1)},
		{0xfc00, math.Inf(-1)},
		{0x3555, 0x1.554p-2},
	}
	for _, c := range cases {
		if got := halfToFloat64(c.bits); math.Float64bits(got) != math.Float64bits(c.f) {
			t.Errorf("halfToFloat64(%#04x) = %v; want %v", c.bits, got, c.f)
		}
		if got := float64ToHalf(c.f); got != c.bits {
			t.Errorf("float64ToHalf(%v) = %#04x; want %#04x", c.f, got, c.bits)
		}
	}
	rounding := []struct {
		f    float64
		bits uint16
	}{
		{2049, 0x6800},            // tie between 2048 and 2050: even
		{2051, 0x6802},            // tie between 2050 and 2052: even
		{2049.0001, 0x6801},       // above the tie
		{65519, 0x7bff},           // below the tie with 65536
		{65520, 0x7c00},           // tie: rounds to even, which overflows
		{1e10, 0x7c00},            // overflow
		{-1e10, 0xfc00},           // overflow
		{0x1p-25, 0x0000},         // tie between 0 and the smallest subnormal
		{0x1.0000001p-25, 0x0001}, // just above it
		{0x3p-25, 0x0002},         // tie between 1 and 2 units: even
		{0x1.ffffffp-15, 0x0400},  // rounds up into the smallest normal
		{0x1p-1074, 0x0000},       // float64 subnormal
		{-0x1p-30, 0x8000},        // underflow keeps the sign
		{0.1, 0x2e66},             // numpy: np.float16(0.1).view(np.uint16)
		{math.MaxFloat64, 0x7c00},
	}
	for _, c := range rounding {
		if got := float64ToHalf(c.f); got != c.bits {
			t.Errorf("float64ToHalf(%v) = %#04x; want %#04x", c.f, got, c.bits)
		}
	}
	// Every half survives the round trip; NaNs stay NaNs.
	for h := range 1 << 16 {
		f := halfToFloat64(uint16(h))
		back := float64ToHalf(f)
		if math.IsNaN(f) {
			if back&0x7c00 != 0x7c00 || back&0x3ff == 0 || back&0x8000 != uint16(h)&0x8000 {
				t.Errorf("NaN %#04x came back as %#04x", h, back)
			}
			continue
		}
		if back != uint16(h) {
			t.Errorf("half %#04x -> %v -> %#04x", h, f, back)
		}
	}
}
