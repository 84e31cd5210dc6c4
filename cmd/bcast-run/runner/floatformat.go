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
	// sci chooses scientific notation.
	sci bool
	// padLeft is the width of the part before the point (sign included),
	// padRight that of the part after it (in scientific notation, the
	// fraction, "e", the exponent's sign and its digits).
	padLeft, padRight int
	// precision is, in scientific notation, the fraction digits of every
	// element (the exact value rounded to them); positional elements have at most
	// printPrecision fraction digits each.
	precision int
	// expDigits is the number of exponent digits (at least 2).
	expDigits int
}

// newFloatFormat is fillFormat: it chooses the notation and the widths
// from vals, the shown elements, held in floats of bits bits.
func newFloatFormat(vals iter.Seq[float64], bits int) *floatFormat {
	f := &floatFormat{bits: bits, precision: printPrecision}
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
			ip, frac, exp := scientific(v, bits, printPrecision)
			f.padLeft = max(f.padLeft, len(ip))
			f.precision = max(f.precision, len(frac))
			expLen = max(expLen, len(exponent(exp, 2)))
		}
		f.expDigits = expLen - 1
		f.padRight = f.expDigits + 2 + f.precision
	default:
		for v := range finite {
			ip, frac := positional(v, bits, printPrecision)
			f.padLeft = max(f.padLeft, len(ip))
			f.padRight = max(f.padRight, len(frac))
		}
	}
	if hasNonFinite {
		infLen := 3
		if negInf {
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
		return padLeft(s, f.padLeft+f.padRight+1)
	}
	if f.sci {
		// numpy's min_digits: the exact value's digits up to precision,
		// not the shortest ones zero-padded (float32 2/3 is 6.6666669e-01
		// among 7-digit fractions, not 6.6666670e-01).
		mant, e, _ := strings.Cut(strconv.FormatFloat(x, 'e', f.precision, 64), "e")
		exp, _ := strconv.Atoi(e)
		ip, frac, _ := strings.Cut(mant, ".")
		return padLeft(ip, f.padLeft) + "." + frac + "e" + exponent(exp, f.expDigits)
	}
	ip, frac := positional(x, f.bits, printPrecision)
	return padLeft(ip, f.padLeft) + "." + padRight(frac, f.padRight)
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

// scientific returns x's shortest round-trip digits in bits-bit floats as
// d.ddd × 10^exp, rounded to at most prec fraction digits when prec >= 0
// (numpy's Dragon4 with unique=True and a precision): the integer part
// with its sign, the fraction without trailing zeros, and the exponent.
func scientific(x float64, bits, prec int) (ip, frac string, exp int) {
	split := func(s string) {
		mant, e, _ := strings.Cut(s, "e")
		exp, _ = strconv.Atoi(e)
		ip, frac, _ = strings.Cut(mant, ".")
	}
	split(shortest(x, bits))
	if prec >= 0 && len(frac) > prec {
		split(strconv.FormatFloat(x, 'e', prec, 64))
	}
	return ip, strings.TrimRight(frac, "0"), exp
}

// positional returns x's shortest round-trip digits in bits-bit floats in
// positional notation, rounded to at most prec fraction digits when prec
// >= 0: the integer part with its sign and the fraction without trailing
// zeros. With prec >= 0 (arrays) the integer part is exact; with prec < 0
// (a scalar's str) shortest digits are padded with zeros to the point.
func positional(x float64, bits, prec int) (ip, frac string) {
	ip, frac, exp := scientific(x, bits, -1)
	neg := strings.HasPrefix(ip, "-")
	digits := strings.TrimPrefix(ip, "-") + frac
	if nfrac := len(digits) - 1 - exp; prec >= 0 && nfrac > prec {
		s := strconv.FormatFloat(x, 'f', prec, 64)
		ip, frac, _ = strings.Cut(s, ".")
		return ip, strings.TrimRight(frac, "0")
	}
	if prec >= 0 && exp+1 > len(digits) {
		// Dragon4 with min_digits (numpy's arrays) prints every digit
		// up to the point: float16 32112 is "32112.", not "32110.".
		return strconv.FormatFloat(x, 'f', 0, 64), ""
	}
	if exp >= 0 {
		digits += strings.Repeat("0", max(0, exp+1-len(digits)))
		ip, frac = digits[:exp+1], digits[exp+1:]
	} else {
		ip, frac = "0", strings.Repeat("0", -exp-1)+digits
	}
	if digits == "0" {
		frac = ""
	}
	if neg {
		ip = "-" + ip
	}
	return ip, strings.TrimRight(frac, "0")
}

// shortest returns the fewest digits that read back as x in bits-bit
// floats, in Go's %e form ("1.5e-05"). Go has no float16: for 16 bits it
// takes the first precision whose correctly rounded digits, or their
// neighbour above or below, round back to x.
func shortest(x float64, bits int) string {
	if bits != 16 {
		return strconv.FormatFloat(x, 'e', -1, bits)
	}
	readsBack := func(s string) bool {
		v, _ := strconv.ParseFloat(s, 64)
		return roundToHalf(v) == x
	}
	for p := 0; p < 5; p++ {
		s := strconv.FormatFloat(x, 'e', p, 64)
		if readsBack(s) {
			return s
		}
		// At a power of two the gap below is half the gap above: the
		// correctly rounded digits may fall outside it where their
		// neighbour above (or below) reads back (2^-6 is 0.01563, as
		// numpy prints it, not 0.015625).
		mant, exp, _ := strings.Cut(s, "e")
		m, _ := strconv.ParseInt(strings.Replace(mant, ".", "", 1), 10, 64)
		e, _ := strconv.Atoi(exp)
		best, bestDist := "", math.Inf(1)
		for _, n := range []int64{m - 1, m + 1} {
			c := strconv.FormatInt(n, 10) + "e" + strconv.Itoa(e-p)
			if v, _ := strconv.ParseFloat(c, 64); readsBack(c) && math.Abs(v-x) < bestDist {
				best, bestDist = strconv.FormatFloat(v, 'e', p, 64), math.Abs(v-x)
			}
		}
		if best != "" {
			return best
		}
	}
	return strconv.FormatFloat(x, 'e', 5, 64)
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
