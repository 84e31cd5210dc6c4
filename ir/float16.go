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

// Float64ToBF16Bits rounds v to bfloat16 (round to nearest even).
func Float64ToBF16Bits(v float64) uint16 {
	b := math.Float32bits(float32(v))
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		return uint16(b>>16) | 0x40
	}
	rounding := uint32(0x7fff) + (b>>16)&1
	return uint16((b + rounding) >> 16)
}

// BF16BitsToFloat64 decodes a bfloat16.
func BF16BitsToFloat64(h uint16) float64 {
	return float64(math.Float32frombits(uint32(h) << 16))
}
