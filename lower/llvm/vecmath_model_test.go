package llvm

// The Go model of vecmath.go's functions: each computes, operation for
// operation and in the same precision, what the emitted IR computes
// (explicit conversions keep Go from fusing a multiply and an add, which
// it may do on some targets). The ulp measurements (vecmath_ulp_test.go)
// run on the model; TestNativeVecMathMatchesModel (vecmath_native_test.go)
// checks that the compiled IR gives the model's bits.

import (
	"math"
	"testing"
)

// modelClamp is mathBuilder.clamp: NaN stays NaN.
func modelClamp(x, lo, hi float32) float32 {
	if x > hi {
		x = hi
	}
	if x < lo {
		x = lo
	}
	return x
}

// modelExpm1Parts is mathBuilder.expm1Parts.
func modelExpm1Parts(y float64) (s, em float64) {
	t := float64(y*em1InvLn2) + em1Round
	kd := t - em1Round
	k := int64(math.Float64bits(t) - math.Float64bits(em1Round))
	r := y - float64(kd*math.Ln2)
	p := em1Poly[len(em1Poly)-1]
	for i := len(em1Poly) - 2; i >= 0; i-- {
		p = float64(p*r) + em1Poly[i]
	}
	em = float64(float64(r*r)*p) + r
	s = math.Float64frombits(uint64(k+1023) << 52)
	return s, em
}

// modelExpm1d is mathBuilder.expm1d.
func modelExpm1d(y float64) float64 {
	s, em := modelExpm1Parts(y)
	return float64(s*em) + (s - 1)
}

// modelLogd is mathBuilder.logd.
func modelLogd(u float64) float64 {
	ix := math.Float64bits(u) + (logOneBits - logSqrtHalfBits)
	e := int64(ix>>52) - 1023
	ed := math.Float64frombits(uint64(e)+math.Float64bits(em1Round)) - em1Round
	f := math.Float64frombits(ix&(1<<52-1)+logSqrtHalfBits) - 1
	s := f / (f + 2)
	z := s * s
	p := logPoly[len(logPoly)-1]
	for i := len(logPoly) - 2; i >= 0; i-- {
		p = float64(p*z) + logPoly[i]
	}
	l := (s + s) + float64(s*float64(z*p))
	return float64(ed*math.Ln2) + l
}

// modelLogSpecials is mathBuilder.logSpecials.
func modelLogSpecials(x, r, lo float32) float32 {
	inf := float32(math.Inf(1))
	if x == inf {
		r = inf
	}
	if x == lo {
		r = float32(math.Inf(-1))
	}
	if x < lo {
		r = modelNaN32
	}
	if x != x {
		r = x
	}
	return r
}

// modelNaN32 is nanConst(f32): the interpreter's NaN.
var modelNaN32 = float32(math.Float64frombits(0x7FF8000000000001))

func modelTiny(x float32) bool { return x < 0x1p-24 && x > -0x1p-24 }

func modelExpf(x float32) float32 { return modelExpfWith(x, false) }

// modelExpfFMA is expf on a target with FMA.
func modelExpfFMA(x float32) float32 { return modelExpfWith(x, true) }

// fma32 is f32's fused multiply-add, a*b + c rounded once: the product is
// exact in f64, the sum exact as s + err (Knuth's two-sum), and s made
// odd in its last bit when err is not 0 (rounding to odd), so that
// rounding it to f32's 24 bits rounds the exact sum (53 >= 24 + 2).
func fma32(a, b, c float32) float32 {
	p, cd := float64(a)*float64(b), float64(c)
	s := p + cd
	if math.IsInf(s, 0) || math.IsNaN(s) || s == 0 {
		return float32(s)
	}
	bb := s - p
	err := (p - (s - bb)) + (cd - bb)
	if bits := math.Float64bits(s); err != 0 && bits&1 == 0 {
		if (err > 0) == (s > 0) {
			bits++
		} else {
			bits--
		}
		s = math.Float64frombits(bits)
	}
	return float32(s)
}

// modelExpfWith is expf as the compiled code computes it: the fast path
// where k is within [expfFastMinK, expfFastMaxK], else the clamped
// two-step form (modelExpfSlow).
func modelExpfWith(x float32, fused bool) float32 {
	t := modelMadd(x, expfInvLn2, expfRound, fused)
	if !modelExpfFast(t) {
		return modelExpfSlow(x, fused)
	}
	e := modelExpfPoly(x, t, fused)
	return math.Float32frombits(math.Float32bits(e) + math.Float32bits(t)<<23)
}

// modelExpfSlow is expf's clamped form, e*2^k in two steps.
func modelExpfSlow(x float32, fused bool) float32 {
	x = modelClamp(x, expfMin, expfMax)
	t := modelMadd(x, expfInvLn2, expfRound, fused)
	e := modelExpfPoly(x, t, fused)
	k := modelExpfK(t)
	k1 := k >> 1
	s1 := math.Float32frombits(uint32(k1+127) << 23)
	s2 := math.Float32frombits(uint32(k-k1+127) << 23)
	return float32(e*s1) * s2
}

// modelExpfK is k from t = x*(1/ln2) + 1.5*2^23.
func modelExpfK(t float32) int32 { return int32(math.Float32bits(t) - math.Float32bits(expfRound)) }

// modelExpfFast reports whether expf takes its fast path for t.
func modelExpfFast(t float32) bool {
	k := modelExpfK(t)
	return k >= expfFastMinK && k <= expfFastMaxK
}

// modelMadd is a*b + c, fused (rounded once) or not.
func modelMadd(a, b, c float32, fused bool) float32 {
	if fused {
		return fma32(a, b, c)
	}
	return float32(a*b) + c
}

// modelExpfPoly is e = exp(r), r = x - k*ln2, from t = x*(1/ln2) +
// 1.5*2^23.
func modelExpfPoly(x, t float32, fused bool) float32 {
	kf := t - expfRound
	var r float32
	if fused {
		r = fma32(kf, -expfLn2Lo, fma32(kf, -expfLn2Hi, x))
	} else {
		r = float32(x-float32(kf*expfLn2Hi)) - float32(kf*expfLn2Lo)
	}
	p := expfPoly[len(expfPoly)-1]
	for i := len(expfPoly) - 2; i >= 0; i-- {
		p = modelMadd(p, r, expfPoly[i], fused)
	}
	return 1 + modelMadd(float32(r*r), p, r, fused)
}

// TestExpfFastPathExact checks that expf's fast path gives the bits of
// its two-step form wherever it is taken (so a lane's result does not
// depend on whether its vector took it), on every 257th f32 between
// -88 and 89 and on the 4096 around each end of the fast range, with and
// without FMA.
func TestExpfFastPathExact(t *testing.T) {
	t.Parallel()
	var xs []float32
	for b := uint32(0); b <= math.Float32bits(89); b += 257 {
		xs = append(xs, math.Float32frombits(b), -math.Float32frombits(b))
	}
	for _, k := range []float64{expfFastMinK - 0.5, expfFastMaxK + 0.5} {
		c := math.Float32bits(float32(k * math.Ln2))
		for b := c - 2048; b < c+2048; b++ {
			xs = append(xs, math.Float32frombits(b))
		}
	}
	fast := 0
	for _, fused := range []bool{false, true} {
		for _, x := range xs {
			got, want := modelExpfWith(x, fused), modelExpfSlow(x, fused)
			if math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("fused %v: exp(%g): fast path %g (%#x), two-step %g (%#x)", fused, x, got, math.Float32bits(got), want, math.Float32bits(want))
			}
			if modelExpfFast(modelMadd(x, expfInvLn2, expfRound, fused)) {
				fast++
			}
		}
	}
	// both ends of the fast range are reached
	if fast == 0 || fast == 2*len(xs) {
		t.Fatalf("%d of %d arguments on the fast path", fast, 2*len(xs))
	}
}

func modelLogf(x float32) float32 {
	return modelLogSpecials(x, float32(modelLogd(float64(x))), 0)
}

func modelLog1pf(x float32) float32 {
	r := float32(modelLogd(float64(x) + 1))
	if modelTiny(x) {
		r = x
	}
	return modelLogSpecials(x, r, -1)
}

func modelExpm1f(x float32) float32 {
	r := float32(modelExpm1d(float64(modelClamp(x, expm1fMin, expm1fMax))))
	if modelTiny(x) {
		r = x
	}
	return r
}

func modelTanhf(x float32) float32 {
	bits := math.Float32bits(x)
	abs := math.Float32frombits(bits & 0x7fffffff)
	if abs > tanhfMax {
		abs = tanhfMax
	}
	y := float64(abs) * 2
	e := modelExpm1d(y)
	t := float32(e / (e + 2))
	return math.Float32frombits(math.Float32bits(t) | bits&0x80000000)
}

func modelLogisticf(x float32) float32 {
	y := -float64(modelClamp(x, logisticfMin, logisticfMax))
	return float32(1 / (2 + modelExpm1d(y)))
}

// vecMathModel is the model of each function.
var vecMathModel = [...]func(float32) float32{
	mathExp:      modelExpf,
	mathLog:      modelLogf,
	mathLog1p:    modelLog1pf,
	mathExpm1:    modelExpm1f,
	mathTanh:     modelTanhf,
	mathLogistic: modelLogisticf,
}
