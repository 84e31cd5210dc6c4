package runner

import (
	"math"
	"math/big"
)

// dragon4 returns the decimal digits numpy's Dragon4 (numpy/core/src/
// multiarray/dragon4.c, after Ryan Juckett's) prints for the finite,
// nonzero |x| held in a float of bits bits, in its "unique" mode: digits
// are generated until they tell x apart from its neighbouring floats
// (the halfway points too when x's mantissa is even), but not before minDigits digits nor past
// maxDigits (-1: no bound). The counts are of all digits in scientific
// notation (sci) and of fraction digits in positional notation. The last
// digit is rounded as Dragon4 does: toward the side that stays unique, or
// to nearest (ties to an even digit) when both or neither do. exp is the
// decimal exponent of the first digit. Go's strconv gives shortest digits
// too, but rounds differently at ties and at powers of two (float32 2^-96
// with 8 digits: numpy 1.2621775e-29, Go's correctly rounded
// 1.2621774e-29), so the printer follows Dragon4 itself.
func dragon4(x float64, bits int, sci bool, maxDigits, minDigits int) (digits []byte, exp int) {
	mantBits, minExp := 52, -1022
	switch bits {
	case 16:
		mantBits, minExp = 10, -14
	case 32:
		mantBits, minExp = 23, -126
	}
	// |x| = m × 2^e with m an integer of at most mantBits+1 bits.
	frac, fe := math.Frexp(math.Abs(x)) // |x| = frac × 2^fe, 0.5 <= frac < 1
	var m *big.Int
	var e int
	unequal := false
	if fe-1 >= minExp {
		e = fe - 1 - mantBits
		mf, _ := math.Modf(math.Ldexp(frac, mantBits+1))
		m = new(big.Int).SetUint64(uint64(mf))
		// The gap below a power of two is half the gap above (not for
		// the smallest normal, whose gap below is the subnormals').
		unequal = uint64(mf) == 1<<mantBits && fe-1 > minExp
	} else {
		e = minExp - mantBits
		mf, _ := math.Modf(math.Ldexp(math.Abs(x), -e))
		m = new(big.Int).SetUint64(uint64(mf))
	}
	even := m.Bit(0) == 0
	// value = V/S, and the half gaps to the neighbours mLow/S and mHigh/S.
	k := 2
	if e < 0 {
		k = 2 - e
	}
	S := new(big.Int).Lsh(big.NewInt(1), uint(k))
	V := new(big.Int).Lsh(m, uint(e+k))
	mHigh := new(big.Int).Lsh(big.NewInt(1), uint(e+k-1))
	mLow := new(big.Int).Set(mHigh)
	if unequal {
		mLow.Rsh(mLow, 1)
	}
	// digitExp: the estimate is right or one too low. (Through Log2:
	// math.Log10 is wrong for subnormals, -307.95 for 5e-324.)
	digitExp := int(math.Ceil(math.Log2(math.Abs(x))*math.Log10(2) - 0.69))
	ten := big.NewInt(10)
	if digitExp > 0 {
		S.Mul(S, new(big.Int).Exp(ten, big.NewInt(int64(digitExp)), nil))
	} else if digitExp < 0 {
		p := new(big.Int).Exp(ten, big.NewInt(int64(-digitExp)), nil)
		V.Mul(V, p)
		mLow.Mul(mLow, p)
		mHigh.Mul(mHigh, p)
	}
	if V.Cmp(S) >= 0 {
		digitExp++
	} else {
		V.Mul(V, ten)
		mLow.Mul(mLow, ten)
		mHigh.Mul(mHigh, ten)
	}
	exp = digitExp - 1
	cutoffMax := math.MinInt
	if maxDigits >= 0 {
		if sci {
			cutoffMax = digitExp - maxDigits
		} else {
			cutoffMax = -maxDigits
		}
	}
	cutoffMin := digitExp
	if minDigits >= 0 {
		if sci {
			cutoffMin = digitExp - minDigits
		} else {
			cutoffMin = -minDigits
		}
	}
	if cutoffMax > exp {
		// Positional, and the first digit is already past the cutoff:
		// numpy's arrays never get here (such values print in scientific
		// notation); round the plain way.
		return nil, exp
	}
	var digit int64
	var low, high bool
	q, high2 := new(big.Int), new(big.Int)
	for {
		digitExp--
		q.QuoRem(V, S, V)
		digit = q.Int64()
		high2.Add(V, mHigh)
		// A halfway point reads back as x when x's mantissa is even
		// (IEEE ties to even), so it counts as unique then.
		cl, ch := V.Cmp(mLow), high2.Cmp(S)
		low, high = cl < 0 || (even && cl == 0), ch > 0 || (even && ch == 0)
		if ((low || high) && digitExp <= cutoffMin) || digitExp == cutoffMax {
			break
		}
		digits = append(digits, byte('0'+digit))
		V.Mul(V, ten)
		mLow.Mul(mLow, ten)
		mHigh.Mul(mHigh, ten)
	}
	roundDown := low
	if low == high {
		c := new(big.Int).Lsh(V, 1).Cmp(S)
		roundDown = c < 0 || (c == 0 && digit%2 == 0)
	}
	switch {
	case roundDown:
		digits = append(digits, byte('0'+digit))
	case digit < 9:
		digits = append(digits, byte('0'+digit+1))
	default:
		// Carry through the nines; all nines become a 1 one place up.
		for {
			if len(digits) == 0 {
				return []byte{'1'}, exp + 1
			}
			last := len(digits) - 1
			if digits[last] != '9' {
				digits[last]++
				return digits, exp
			}
			digits = digits[:last]
		}
	}
	return digits, exp
}
