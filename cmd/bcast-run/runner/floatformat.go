package runner

import (
	"iter"
	"math"
	"strconv"
	"strings"
)

// floatFormat is numpy's FloatingFormat with floatmode "maxprec", sign "-"
// and suppress_small off: every element gets its shortest round-trip
// digits (at most printPrecision after the point), and all elements one
// width. Positional ("0.25", "10.  ") unless the magnitudes ask for
// scientific ("1.5e-05"): the largest nonzero magnitude is 1e8 or more,
// the smallest is under 1e-4, or their ratio is over 1000.
type floatFormat struct {
	bits int
	// plus is numpy's sign "+" (the imaginary parts of complex numbers):
	// non-negative values, NaN and +Inf print a '+'.
	plus bool
	// sci chooses scientific notation.
	sci bool
	// padLeft is the width of the part before the point (sign included),
	// padRight that of the part after it (in scientific notation, the
	// fraction, "e", the exponent's sign and its digits).
	padLeft, padRight int
	// precision is, in scientific notation, the fraction digits of every
	// element (digits past the shortest ones if need be); positional
	// elements have at most printPrecision fraction digits each.
	precision int
	// expDigits is the number of exponent digits (at least 2).
	expDigits int
}

// newFloatFormat is fillFormat: it chooses the notation and the widths
// from vals, the shown elements, held in floats of bits bits.
func newFloatFormat(vals iter.Seq[float64], bits int) *floatFormat {
	return newSignedFloatFormat(vals, bits, false)
}

// newSignedFloatFormat is newFloatFormat with numpy's sign "+" if plus.
func newSignedFloatFormat(vals iter.Seq[float64], bits int, plus bool) *floatFormat {
	f := &floatFormat{bits: bits, precision: printPrecision, plus: plus}
	finite := func(yield func(float64) bool) {
		for v := range vals {
			if !math.IsNaN(v) && !math.IsInf(v, 0) && !yield(v) {
				return
			}
		}
	}
	anyFinite := false
	minAbs, maxAbs := math.Inf(1), 0.0
	hasNonFinite, negInf := false, false
	for v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			hasNonFinite = true
			negInf = negInf || math.IsInf(v, -1)
			continue
		}
		anyFinite = true
		if v != 0 {
			minAbs = math.Min(minAbs, math.Abs(v))
			maxAbs = math.Max(maxAbs, math.Abs(v))
		}
	}
	if maxAbs > 0 {
		f.sci = maxAbs >= 1e8 || minAbs < 1e-4 || ratio(maxAbs, minAbs, bits) > 1000
	}
	switch {
	case !anyFinite:
		f.sci = false
	case f.sci:
		expLen := 0
		f.precision = 0
		for v := range finite {
			ip, frac, exp := scientific(v, bits, printPrecision, -1)
			frac = strings.TrimRight(frac, "0")
			f.padLeft = max(f.padLeft, len(f.signed(ip)))
			f.precision = max(f.precision, len(frac))
			expLen = max(expLen, len(exponent(exp, 2)))
		}
		f.expDigits = expLen - 1
		f.padRight = f.expDigits + 2 + f.precision
	default:
		for v := range finite {
			ip, frac := positional(v, bits, printPrecision, -1)
			f.padLeft = max(f.padLeft, len(f.signed(ip)))
			f.padRight = max(f.padRight, len(frac))
		}
	}
	if hasNonFinite {
		infLen := 3
		if negInf || plus {
			infLen = 4
		}
		f.padLeft = max(f.padLeft, 3-(f.padRight+1), infLen-(f.padRight+1))
	}
	return f
}

// ratio is max/min computed in the array's float type, as numpy does (a
// float32 quotient may overflow to +Inf).
func ratio(maxAbs, minAbs float64, bits int) float64 {
	switch bits {
	case 16:
		return roundToHalf(float64(float32(maxAbs) / float32(minAbs)))
	case 32:
		return float64(float32(maxAbs) / float32(minAbs))
	}
	return maxAbs / minAbs
}

// format returns x in f's notation and width.
func (f *floatFormat) format(x float64) string {
	if s, ok := nonFinite(x); ok {
		return padLeft(f.signed(s), f.padLeft+f.padRight+1)
	}
	if f.sci {
		// numpy's min_digits: digits past the shortest ones up to
		// precision (float32 2/3 is 6.6666669e-01 among 7-digit
		// fractions, not 6.6666670e-01).
		ip, frac, exp := scientific(x, f.bits, f.precision, f.precision)
		frac += strings.Repeat("0", f.precision-len(frac))
		return padLeft(f.signed(ip), f.padLeft) + "." + frac + "e" + exponent(exp, f.expDigits)
	}
	ip, frac := positional(x, f.bits, printPrecision, 0)
	return padLeft(f.signed(ip), f.padLeft) + "." + padRight(frac, f.padRight)
}

// signed is s (digits, "nan" or "inf" with x's sign) with the '+' of
// sign "+" when s has no '-'.
func (f *floatFormat) signed(s string) string {
	if f.plus && !strings.HasPrefix(s, "-") {
		return "+" + s
	}
	return s
}

// exponent returns e with its sign and at least digits digits: "+05".
func exponent(e, digits int) string {
	sign := "+"
	if e < 0 {
		sign, e = "-", -e
	}
	s := strconv.Itoa(e)
	return sign + strings.Repeat("0", max(0, digits-len(s))) + s
}

// scientific returns the digits numpy's dragon4_scientific prints for x,
// a float of bits bits, as d.ddd × 10^exp: at most prec fraction digits
// (-1: no bound) and at least minFrac (-1: none), see dragon4. The integer
// part has x's sign; the fraction is as generated, trailing zeros and all.
func scientific(x float64, bits, prec, minFrac int) (ip, frac string, exp int) {
	sign := ""
	if math.Signbit(x) {
		sign = "-"
	}
	if x == 0 {
		return sign + "0", "", 0
	}
	bound := func(n int) int {
		if n < 0 {
			return -1
		}
		return n + 1
	}
	d, exp := dragon4(x, bits, true, bound(prec), bound(minFrac))
	return sign + string(d[:1]), string(d[1:]), exp
}

// positional returns the digits numpy's dragon4_positional prints for x,
// a float of bits bits: at most prec fraction digits (-1: no bound) and at
// least minFrac (-1: none; 0, as numpy's arrays ask, makes every integer
// digit exact: float16 32112 is "32112.", where the scalar's shortest
// digits are "32110."). The integer part has x's sign; the fraction has
// no trailing zeros.
func positional(x float64, bits, prec, minFrac int) (ip, frac string) {
	sign := ""
	if math.Signbit(x) {
		sign = "-"
	}
	if x == 0 {
		return sign + "0", ""
	}
	d, exp := dragon4(x, bits, false, prec, minFrac)
	if d == nil {
		ip, frac, _ = strings.Cut(strconv.FormatFloat(x, 'f', prec, 64), ".")
		return ip, strings.TrimRight(frac, "0")
	}
	digits := string(d)
	if exp >= 0 {
		digits += strings.Repeat("0", max(0, exp+1-len(digits)))
		ip, frac = digits[:exp+1], digits[exp+1:]
	} else {
		ip, frac = "0", strings.Repeat("0", -exp-1)+digits
	}
	return sign + ip, strings.TrimRight(frac, "0")
}

// roundToHalf rounds x to the nearest float16 (ties to even), as a
// float64.
func roundToHalf(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	_, e := math.Frexp(x) // |x| = m × 2^e, 0.5 <= m < 1
	q := math.Ldexp(1, max(e, -13)-11)
	r := math.RoundToEven(x/q) * q
	if math.Abs(r) >= 65520 {
		return math.Copysign(math.Inf(1), x)
	}
	return r
}

// halfToFloat64 converts IEEE half-precision bits to a float64.
func halfToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e, m := int(h>>10&0x1f), float64(h&0x3ff)
	switch e {
	case 0:
		return sign * math.Ldexp(m, -24)
	case 0x1f:
		if m != 0 {
			return math.NaN()
		}
		return sign * math.Inf(1)
	}
	return sign * math.Ldexp(1024+m, e-25)
}
