package ir

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkAppendFloatLiteral measures float printing into a reused
// buffer, as the printer does: common constants (the short form), random
// f32 and f64 bit patterns (every magnitude; many take the default form,
// and f64 values below about 1e-43 or above 1e154 need math/big) and f64
// values of moderate magnitude.
func BenchmarkAppendFloatLiteral(b *testing.B) {
	type val struct {
		v float64
		t *FloatType
	}
	common := []val{}
	for _, v := range []float64{0, 1, -1, 0.5, 1.5, 2, 8, 1e-5, 0.1, 3, 255, 1e6, 0.001, -0.25} {
		common = append(common, val{RoundToFloatType(v, F32), F32T})
	}
	rng := rand.New(rand.NewPCG(3, 4))
	// Random bit patterns: every magnitude.
	var bitsF32, bitsF64, moderateF64 []val
	for len(bitsF32) < 1000 {
		if v := FloatFromBits(rng.Uint64(), F32); !math.IsNaN(v) && !math.IsInf(v, 0) {
			bitsF32 = append(bitsF32, val{v, F32T})
		}
	}
	for len(bitsF64) < 1000 {
		if v := FloatFromBits(rng.Uint64(), F64); !math.IsNaN(v) && !math.IsInf(v, 0) {
			bitsF64 = append(bitsF64, val{v, F64T})
		}
	}
	// f64 values between 1e-10 and 1e10.
	for len(moderateF64) < 1000 {
		moderateF64 = append(moderateF64, val{rng.Float64() * math.Pow(10, float64(rng.IntN(21)-10)), F64T})
	}
	for _, c := range []struct {
		name string
		vals []val
	}{{"common", common}, {"random-f32", bitsF32}, {"moderate-f64", moderateF64}, {"random-f64", bitsF64}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 64)
			for i := 0; i < b.N; i++ {
				x := c.vals[i%len(c.vals)]
				buf = appendFloatLiteral(buf[:0], x.v, x.t)
			}
		})
	}
}
