package ir

import (
	"math"
	"testing"
)

// TestFloat64ToBF16Bits checks rounding to nearest even done once, from
// the f64 value: the cases near a tie are those that rounding through f32
// to nearest gets wrong.
func TestFloat64ToBF16Bits(t *testing.T) {
	cases := []struct {
		name string
		v    float64
		want uint16
	}{
		{"exact", 1, 0x3f80},
		{"tie to even (down)", 1 + 0x1p-8, 0x3f80},
		{"tie to even (up)", 1 + 0x1p-7 + 0x1p-8, 0x3f82},
		// Double rounding: f32 rounds these to the tie, which then goes
		// to even, the wrong way.
		{"just above a tie", 1 + 0x1p-8 + 0x1p-30, 0x3f81},
		{"just below a tie", 1 + 0x1p-7 + 0x1p-8 - 0x1p-30, 0x3f81},
		{"negative, just above a tie", -(1 + 0x1p-8 + 0x1p-30), 0xbf81},
		{"negative, just below a tie", -(1 + 0x1p-7 + 0x1p-8 - 0x1p-30), 0xbf81},
		// bf16 subnormals (units of 2^-133), also near a tie.
		{"subnormal just above a tie", 0x1p-134 + 0x1p-160, 0x0001},
		{"subnormal tie", 0x1p-134, 0x0000},
		{"below the f32 range", 0x1p-200, 0x0000},
		{"negative zero", math.Copysign(0, -1), 0x8000},
		// Largest finite bf16, the tie above it, and beyond f32.
		{"largest finite", 0x1.fep127, 0x7f7f},
		{"just below the overflow tie", 0x1.ffp127 - 0x1p90, 0x7f7f},
		{"overflow tie", 0x1.ffp127, 0x7f80},
		{"beyond f32", 1e300, 0x7f80},
		{"negative beyond f32", -1e300, 0xff80},
		{"infinity", math.Inf(-1), 0xff80},
	}
	for _, c := range cases {
		if got := Float64ToBF16Bits(c.v); got != c.want {
			t.Errorf("%s: Float64ToBF16Bits(%g) = %#04x, want %#04x", c.name, c.v, got, c.want)
		}
	}
	if got := Float64ToBF16Bits(math.NaN()); got&0x7f80 != 0x7f80 || got&0x7f == 0 {
		t.Errorf("Float64ToBF16Bits(NaN) = %#04x, not a NaN", got)
	}
}

// TestFloat64ToBF16BitsNearest compares with the nearest bf16 found by
// search, on values spread around ties and over the exponent range.
func TestFloat64ToBF16BitsNearest(t *testing.T) {
	for _, bits := range []uint16{0x0001, 0x0042, 0x007f, 0x0080, 0x3f80, 0x3f81, 0x4049, 0x7f7e} {
		lo, hi := BF16BitsToFloat64(bits), BF16BitsToFloat64(bits+1)
		tie := (lo + hi) / 2
		for _, d := range []float64{-0x1p-40, -0x1p-60, 0, 0x1p-60, 0x1p-40} {
			v := tie + d*(hi-lo)
			want := bits
			if v > tie || v == tie && bits&1 == 1 {
				want = bits + 1
			}
			if got := Float64ToBF16Bits(v); got != want {
				t.Errorf("Float64ToBF16Bits(%x) = %#04x, want %#04x", v, got, want)
			}
		}
	}
}
