package hlo

import (
	"math"
	"sort"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestNextAfterHalfFormats checks next_after on every f16 and bf16 value
// towards ±Inf against the sorted list of the format's values (numpy has
// no bf16 to compare with; interp's TestNextAfterAgainstNumpy covers
// f16, f32 and f64).
func TestNextAfterHalfFormats(t *testing.T) {
	for _, k := range []ir.FloatKind{ir.F16, ir.BF16} {
		var sorted []float64
		for b := range 1 << 16 {
			v := ir.FloatFromBits(uint64(b), k)
			if !math.IsNaN(v) && !(v == 0 && math.Signbit(v)) {
				sorted = append(sorted, v)
			}
		}
		sort.Float64s(sorted)
		f := nextAfter(k)
		for i, v := range sorted {
			up, down := math.Inf(1), math.Inf(-1)
			if i+1 < len(sorted) {
				up = sorted[i+1]
			}
			if i > 0 {
				down = sorted[i-1]
			}
			if math.IsInf(v, 1) {
				up = v
			}
			if math.IsInf(v, -1) {
				down = v
			}
			if got := f(v, math.Inf(1)); got != up {
				t.Fatalf("%v: next_after(%v, +Inf) = %v, want %v", k, v, got, up)
			}
			if got := f(v, math.Inf(-1)); got != down {
				t.Fatalf("%v: next_after(%v, -Inf) = %v, want %v", k, v, got, down)
			}
		}
		if got := f(math.Copysign(0, -1), 0); got != 0 || math.Signbit(got) {
			t.Errorf("%v: next_after(-0, +0) = %v, want +0", k, got)
		}
		if got := f(1, math.NaN()); !math.IsNaN(got) {
			t.Errorf("%v: next_after(1, NaN) = %v, want NaN", k, got)
		}
	}
}
