package conformance

import (
	"math"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestCompareRaw checks the matrix's comparison itself: exact integers,
// floats within the bound, any NaN equal to any NaN, a zero's sign and an
// infinity never within a bound.
func TestCompareRaw(t *testing.T) {
	f32 := dtypeNamed("f32")
	bits := func(vs ...float64) []byte {
		var out []byte
		for _, v := range vs {
			out = append(out, le(ir.FloatBits(v, ir.F32), 4)...)
		}
		return out
	}
	next := float64(math.Nextafter32(1, 2))
	cases := []struct {
		name      string
		d         dtype
		got, want []byte
		ulps      int64
		ok        bool
	}{
		{"equal ints", dtypeNamed("ui8"), []byte{1, 255}, []byte{1, 255}, 0, true},
		{"different ints", dtypeNamed("si8"), []byte{1, 255}, []byte{1, 254}, 4, false},
		{"NaNs", f32, bits(math.NaN()), le(0xFFC00001, 4), 0, true},
		{"NaN and a number", f32, bits(math.NaN()), bits(1), 1 << 40, false},
		{"zeros' signs", f32, bits(negZero), bits(0), 1 << 40, false},
		{"one ulp, bound 0", f32, bits(next), bits(1), 0, false},
		{"one ulp, bound 1", f32, bits(next), bits(1), 1, true},
		{"max and Inf", f32, bits(math.MaxFloat32), bits(posInf), 1 << 40, false},
	}
	for _, c := range cases {
		msg, _ := compareRaw(c.d, c.got, c.want, c.ulps, 0)
		if (msg == "") != c.ok {
			t.Errorf("%s: compareRaw says %q, want ok = %v", c.name, msg, c.ok)
		}
	}
}
