package ir

import "math"

// Float64ToF16Bits rounds v to IEEE half precision (round to nearest even).
func Float64ToF16Bits(v float64) uint16 {
	f := float32(v)
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b >> 23) & 0xff)
	mant := b & 0x7fffff
	if exp == 0xff { // inf or nan
		if mant != 0 {
			return sign | 0x7e00 | uint16(mant>>13)
		}
		return sign | 0x7c00
	}
	// Use float64 arithmetic for correct rounding (double rounding through
	// float32 is harmless for f16 except in rare ties; recompute from v).
	a := math.Abs(v)
	if a >= 65520 {
		return sign | 0x7c00
	}
	if a < 0x1p-25 {
		return sign
	}
	e := math.Floor(math.Log2(a))
	if e < -14 { // subnormal: units of 2^-24
		m := math.RoundToEven(a / 0x1p-24)
		return sign | uint16(m)
	}
	m := math.RoundToEven(a/math.Exp2(e)*1024) - 1024 // 10-bit mantissa
	ex := int(e) + 15
	if m >= 1024 {
		m -= 1024
		ex++
	}
	if ex >= 31 {
		return sign | 0x7c00
	}
	_ = exp
	return sign | uint16(ex)<<10 | uint16(m)
}

// F16BitsToFloat64 decodes an IEEE half.
func F16BitsToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	mant := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * mant * 0x1p-24
	case 31:
		if mant != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * (1 + mant/1024) * math.Exp2(float64(exp-15))
}

// Float64ToBF16Bits rounds v to bfloat16 (round to nearest even), once:
// v is first rounded to f32 to odd (truncated, with the last bit set when
// inexact), which keeps enough information for the second rounding to
// give the correctly rounded result (f32 has more than 8+2 bits). Rounding
// to nearest twice would not: 1 + 2^-8 + 2^-30 would become the f32 tie
// 1 + 2^-8 and then 1, instead of 1 + 2^-7. The kernels of lower/llvm
// round the same way (half.go), so both agree bit for bit.
func Float64ToBF16Bits(v float64) uint16 {
	b := float32BitsRoundedToOdd(v)
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		return uint16(b>>16) | 0x40
	}
	rounding := uint32(0x7fff) + (b>>16)&1
	return uint16((b + rounding) >> 16)
}

// float32BitsRoundedToOdd returns the bits of v rounded to f32 to odd: the
// f32 nearest v toward zero, with its last mantissa bit set when that is
// not v itself. A finite v beyond the f32 range gives the largest finite
// f32 (odd), NaN and infinities stay.
func float32BitsRoundedToOdd(v float64) uint32 {
	f := float32(v)
	b := math.Float32bits(f)
	if math.IsNaN(v) || math.IsInf(v, 0) || float64(f) == v {
		return b
	}
	if math.IsInf(float64(f), 0) {
		return b&0x80000000 | 0x7f7fffff
	}
	if b&1 == 0 {
		// f is the even neighbour: the odd one is one step toward v (the
		// bits are sign and magnitude, so a step changes the magnitude).
		if math.Abs(float64(f)) > math.Abs(v) {
			b--
		} else {
			b++
		}
	}
	return b
}

// BF16BitsToFloat64 decodes a bfloat16.
func BF16BitsToFloat64(h uint16) float64 {
	return float64(math.Float32frombits(uint32(h) << 16))
}
