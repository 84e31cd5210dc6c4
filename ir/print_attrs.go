package ir

import (
	"bytes"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// hexElementsThreshold: dense attributes with more elements than this print
// as a hex string, as mlir-opt does by default.
const hexElementsThreshold = 100

// attrPrinter appends attributes in MLIR syntax to a buffer, using aliases
// for affine maps when an alias table is set.
type attrPrinter struct {
	buf     []byte
	aliases map[string]string // printed affine map -> alias name (without '#')
}

// AttrString prints an attribute without aliases.
func AttrString(a Attribute) string {
	var ap attrPrinter
	ap.attr(a)
	return string(ap.buf)
}

func (ap *attrPrinter) str(s string) { ap.buf = append(ap.buf, s...) }

func (ap *attrPrinter) attr(a Attribute) {
	switch a := a.(type) {
	case *IntegerAttr:
		ap.intValue(a.Value, a.Type)
		{
			ap.str(" : ")
			ap.str(a.Type.String())
		}
	case *FloatAttr:
		ap.floatValue(a.Value, a.Type.(*FloatType))
		ap.str(" : ")
		ap.str(a.Type.String())
	case *BoolAttr:
		if a.Value {
			ap.str("true")
		} else {
			ap.str("false")
		}
	case *StringAttr:
		ap.buf = appendQuoted(ap.buf, a.Value)
		if a.Type != nil {
			ap.str(" : ")
			ap.str(a.Type.String())
		}
	case *UnitAttr:
		ap.str("unit")
	case *ArrayAttr:
		ap.buf = append(ap.buf, '[')
		for i, e := range a.Elems {
			if i > 0 {
				ap.str(", ")
			}
			// Inside arrays MLIR elides the default types, i64 and f64.
			switch x := e.(type) {
			case *IntegerAttr:
				if x.Type == I64 {
					ap.intValue(x.Value, x.Type)
					continue
				}
			case *FloatAttr:
				// ... unless the value prints in hex (MLIR's printedHex),
				// which would read back as an integer.
				if x.Type == F64T {
					start := len(ap.buf)
					ap.floatValue(x.Value, F64T)
					if !bytes.HasPrefix(ap.buf[start:], []byte("0x")) {
						continue
					}
					ap.str(" : f64")
					continue
				}
			}
			ap.attr(e)
		}
		ap.buf = append(ap.buf, ']')
	case *DenseArrayAttr:
		ap.str("array<")
		ap.str(a.Elem.String())
		if len(a.Ints)+len(a.Floats) > 0 {
			ap.str(": ")
		}
		for i, v := range a.Ints {
			if i > 0 {
				ap.str(", ")
			}
			if a.Elem == I1 {
				ap.str(strconv.FormatBool(v != 0))
			} else {
				ap.intValue(v, a.Elem)
			}
		}
		for i, v := range a.Floats {
			if i > 0 {
				ap.str(", ")
			}
			ap.floatValue(v, a.Elem.(*FloatType))
		}
		ap.buf = append(ap.buf, '>')
	case *DenseElementsAttr:
		ap.dense(a)
	case *TypeAttr:
		ap.str(a.Type.String())
	case *SymbolRefAttr:
		ap.symbol(a.Root)
		for _, n := range a.Nested {
			ap.str("::")
			ap.symbol(n)
		}
	case *AffineMapAttr:
		s := a.mapText()
		if name, ok := ap.aliases[s]; ok {
			ap.buf = append(ap.buf, '#')
			ap.str(name)
			return
		}
		ap.str("affine_map<")
		ap.str(s)
		ap.buf = append(ap.buf, '>')
	case *DictionaryAttr:
		ap.buf = append(ap.buf, '{')
		ap.dictBody(a.Entries)
		ap.buf = append(ap.buf, '}')
	case *StridedLayoutAttr:
		ap.str("strided<[")
		for i, s := range a.Strides {
			if i > 0 {
				ap.str(", ")
			}
			ap.dynInt(s)
		}
		ap.buf = append(ap.buf, ']')
		if a.Offset != 0 {
			ap.str(", offset: ")
			ap.dynInt(a.Offset)
		}
		ap.buf = append(ap.buf, '>')
	case *OpaqueAttr:
		ap.buf = append(ap.buf, '#')
		ap.str(a.Text)
	case *locAttr:
		ap.str("loc(unknown)")
	default:
		ap.str("<<unknown attribute>>")
	}
}

func (ap *attrPrinter) dynInt(v int64) {
	if v == Dynamic {
		ap.buf = append(ap.buf, '?')
	} else {
		ap.buf = strconv.AppendInt(ap.buf, v, 10)
	}
}

// dictBody prints `a = 1, b` (unit attributes by name only).
func (ap *attrPrinter) dictBody(entries []NamedAttr) {
	for i, e := range entries {
		if i > 0 {
			ap.str(", ")
		}
		ap.attrName(e.Name)
		if _, unit := e.Value.(*UnitAttr); unit {
			continue
		}
		ap.str(" = ")
		ap.attr(e.Value)
	}
}

// attrName prints a dictionary key bare if it is an identifier, else quoted.
func (ap *attrPrinter) attrName(n string) {
	if isBareIdent(n) {
		ap.str(n)
	} else {
		ap.buf = appendQuoted(ap.buf, n)
	}
}

func (ap *attrPrinter) symbol(n string) {
	ap.buf = append(ap.buf, '@')
	if isBareIdent(n) {
		ap.str(n)
	} else {
		ap.buf = appendQuoted(ap.buf, n)
	}
}

func isBareIdent(s string) bool {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// appendQuoted writes a string literal escaped as llvm::printEscapedString
// does: `\\` for a backslash, `\XX` hex for '"' and non-printable bytes.
func appendQuoted(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			buf = append(buf, '\\', c)
		case c == '"' || c < 0x20 || c >= 0x7f:
			const hexd = "0123456789ABCDEF"
			buf = append(buf, '\\', hexd[c>>4], hexd[c&15])
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

func (ap *attrPrinter) intValue(v int64, t Type) {
	if it, ok := t.(*IntegerType); ok {
		if it.Width == 1 && it.Sign == Signless {
			ap.str(strconv.FormatBool(v != 0))
			return
		}
		if it.Sign == Unsigned {
			ap.buf = strconv.AppendUint(ap.buf, uint64(v), 10)
			return
		}
	}
	ap.buf = strconv.AppendInt(ap.buf, v, 10)
}

func (ap *attrPrinter) floatValue(v float64, t *FloatType) {
	ap.buf = appendFloatLiteral(ap.buf, v, t)
}

// appendFloatLiteral prints a float as MLIR 19's printFloatValue
// (mlir/lib/IR/AsmPrinter.cpp) does:
//
//   - the value in APFloat's `%e`-like form,
//     APFloat::toString(FormatPrecision=6, FormatMaxPadding=0,
//     TruncateZero=false), when that reads back (correctly rounded to the
//     type) to the same bits;
//   - else APFloat::toString() with its defaults (FormatPrecision
//     2 + precision*59/196, FormatMaxPadding 3, TruncateZero), when that
//     has a '.';
//   - else (integers that the default form prints without a '.', NaN and
//     infinities) the bit pattern in hex, `0x` and upper-case digits, as
//     APInt::toString(16, formatAsCLiteral) prints it.
//
// The digits are not the correctly rounded ones: apDigits reproduces
// toStringImpl's truncation and one-digit rounding.
func appendFloatLiteral(buf []byte, v float64, t *FloatType) []byte {
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		neg := math.Signbit(v)
		if v == 0 {
			// fcZero: toString(6, 0, false) prints 0.000000e+00, which
			// reads back to the same zero.
			if neg {
				buf = append(buf, '-')
			}
			return append(buf, "0.000000e+00"...)
		}
		var x apInteger
		x.init(binaryParts(v))
		var scratch [24]byte
		digits, e10 := apDigits(scratch[:0], &x, 6)
		start := len(buf)
		buf = appendShortForm(buf, neg, digits, e10)
		if shortFormRoundTrips(buf[start:], digits, e10, v, t.Kind) {
			return buf
		}
		buf = buf[:start]
		fp := 2 + floatPrecision(t.Kind)*59/196
		digits, e10 = apDigits(scratch[:0], &x, fp)
		var dot bool
		buf, dot = appendDefaultForm(buf, neg, digits, e10, fp)
		if dot {
			return buf
		}
		buf = buf[:start]
	}
	// APInt::toString(Radix=16, Signed=false, formatAsCLiteral=true).
	buf = append(buf, "0x"...)
	start := len(buf)
	buf = strconv.AppendUint(buf, FloatBits(v, t.Kind), 16)
	for i := start; i < len(buf); i++ {
		if c := buf[i]; c >= 'a' {
			buf[i] = c - 'a' + 'A'
		}
	}
	return buf
}

// floatPrecision is the significand width of APFloat's semantics for k,
// the integer bit included.
func floatPrecision(k FloatKind) int {
	switch k {
	case F16:
		return 11
	case BF16:
		return 8
	case F32:
		return 24
	}
	return 53
}

// binaryParts returns n odd and e with |v| = n * 2^e, for finite nonzero v:
// APFloat's significand and exponent after toStringImpl's "ignore trailing
// binary zeros". v is exact in every type it can hold, so the parts do not
// depend on the type.
func binaryParts(v float64) (n uint64, e int) {
	b := math.Float64bits(v)
	frac := b & (1<<52 - 1)
	exp := int(b>>52) & 0x7FF
	if exp == 0 {
		n, e = frac, -1074
	} else {
		n, e = frac|1<<52, exp-1075
	}
	tz := bits.TrailingZeros64(n)
	return n >> tz, e + tz
}

// pow10u are the powers of 10 that fit in a uint64.
var pow10u = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return
}()

// pow5x27 is 5^27, the largest power of 5 that fits in a uint64.
const pow5x27 = 7450580596923828125

// apInteger is a finite nonzero n * 2^e (n odd) made an exact integer times
// a power of ten, as toStringImpl makes it: m = n << e (exp10 0) when e >=
// 0, else m = n * 5^-e (exp10 e), since n * 2^e = n * 5^-e * 10^e.
// toStringImpl sizes its APInts for this (precision + e bits for the
// shift, precision + (137*(-e) + 136)/59 for the product, 137/59 being
// slightly more than lg 5), so its arithmetic is exact and so is ours. m is
// kept in w (little-endian words) when it fits in 512 bits, which it does
// for every f32, f16 and bf16 value and f64 values from about 1e-43 to
// 1e154; else in big.
type apInteger struct {
	w     [8]uint64
	nw    int
	big   *big.Int
	exp10 int
}

func (x *apInteger) init(n uint64, e int) {
	x.w[0], x.nw, x.big, x.exp10 = n, 1, nil, 0
	if e >= 0 {
		if bits.Len64(n)+e <= 64*len(x.w) {
			x.shl(uint(e))
			return
		}
		x.big = new(big.Int).Lsh(new(big.Int).SetUint64(n), uint(e))
		return
	}
	x.exp10 = e
	t := -e
	ok := true
	for ; ok && t >= 27; t -= 27 {
		ok = x.mul(pow5x27)
	}
	if ok {
		p := uint64(1)
		for ; t > 0; t-- {
			p *= 5
		}
		ok = x.mul(p)
	}
	if !ok {
		p := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-e)), nil)
		x.big = p.Mul(p, new(big.Int).SetUint64(n))
	}
}

// mul multiplies m by f, reporting false if the product does not fit.
func (x *apInteger) mul(f uint64) bool {
	var carry uint64
	for i := 0; i < x.nw; i++ {
		hi, lo := bits.Mul64(x.w[i], f)
		var c uint64
		x.w[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	if carry != 0 {
		if x.nw == len(x.w) {
			return false
		}
		x.w[x.nw] = carry
		x.nw++
	}
	return true
}

// shl shifts m left by s bits; the caller has checked that it fits.
func (x *apInteger) shl(s uint) {
	words, sh := int(s/64), s%64
	nw := (x.bitLen() + int(s) + 63) / 64
	for i := nw - 1; i >= 0; i-- {
		var v uint64
		if j := i - words; j >= 0 && j < x.nw {
			v = x.w[j] << sh
		}
		if j := i - words - 1; sh != 0 && j >= 0 && j < x.nw {
			v |= x.w[j] >> (64 - sh)
		}
		x.w[i] = v
	}
	x.nw = nw
}

func (x *apInteger) bitLen() int {
	if x.big != nil {
		return x.big.BitLen()
	}
	return 64*(x.nw-1) + bits.Len64(x.w[x.nw-1])
}

// adjust is toStringImpl's AdjustToPrecision on the integer: it drops,
// by truncating division, the (bits - bitsRequired) * 59/196 decimal
// digits beyond what bitsRequired bits need (196/59 slightly overestimates
// lg 10), and returns what is left, which has at most bitsRequired + 5 bits
// (fits for FormatPrecision <= 17), and its power of ten. m is unchanged.
func (x *apInteger) adjust(bitsRequired int) (uint64, int) {
	k := 0
	if nb := x.bitLen(); nb > bitsRequired {
		k = (nb - bitsRequired) * 59 / 196
	}
	if x.big != nil {
		q := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
		q.Quo(x.big, q)
		if !q.IsUint64() {
			panic("ir: APFloat digits do not fit in 64 bits")
		}
		return q.Uint64(), x.exp10 + k
	}
	w, nw := x.w, x.nw
	for r := k; r > 0; {
		// floor(floor(m / a) / b) = floor(m / ab): divide by 10^19 at most
		// at a time.
		d := pow10u[min(r, 19)]
		r -= min(r, 19)
		var rem uint64
		for i := nw - 1; i >= 0; i-- {
			w[i], rem = bits.Div64(rem, w[i], d)
		}
		for nw > 1 && w[nw-1] == 0 {
			nw--
		}
	}
	if nw != 1 {
		panic("ir: APFloat digits do not fit in 64 bits")
	}
	return w[0], x.exp10 + k
}

// apDigits computes the decimal digits toStringImpl prints for the value
// with FormatPrecision fp (at most 17): it appends them to dst, most
// significant first and without trailing zeros, and returns them with the
// power of ten of the last one.
//
// As toStringImpl: the value is an exact integer times a power of ten
// (apInteger); AdjustToPrecision drops digits by truncation (adjust),
// with bitsRequired = (fp*196 + 58)/59; the trailing zeros of what
// remains are dropped; and if more than fp digits remain they are rounded
// to fp, half up on the first dropped digit alone, and trailing zeros are
// dropped again.
func apDigits(dst []byte, x *apInteger, fp int) ([]byte, int) {
	m, e10 := x.adjust((fp*196 + 58) / 59)
	start := len(dst)
	dst = strconv.AppendUint(dst, m, 10)
	for dst[len(dst)-1] == '0' {
		dst = dst[:len(dst)-1]
		e10++
	}
	d := dst[start:]
	nd := len(d)
	if nd <= fp {
		return dst, e10
	}
	if d[fp] < '5' {
		keep := fp
		for d[keep-1] == '0' {
			keep--
		}
		return dst[:start+keep], e10 + nd - keep
	}
	i := fp - 1
	for i >= 0 && d[i] == '9' {
		i--
	}
	if i < 0 {
		return append(dst[:start], '1'), e10 + nd
	}
	d[i]++
	return dst[:start+i+1], e10 + nd - (i + 1)
}

// appendShortForm appends toStringImpl's scientific form with
// TruncateZero=false and FormatPrecision 6: the digits padded with zeros to
// six after the point, a lower-case 'e' and an exponent of at least two
// digits.
func appendShortForm(buf []byte, neg bool, digits []byte, e10 int) []byte {
	if neg {
		buf = append(buf, '-')
	}
	buf = append(buf, digits[0], '.')
	buf = append(buf, digits[1:]...)
	for i := len(digits); i <= 6; i++ {
		buf = append(buf, '0')
	}
	return appendExp(buf, 'e', e10+len(digits)-1, 2)
}

// appendExp appends an exponent marker, its sign and at least minDigits
// digits.
func appendExp(buf []byte, marker byte, exp, minDigits int) []byte {
	buf = append(buf, marker)
	if exp < 0 {
		buf = append(buf, '-')
		exp = -exp
	} else {
		buf = append(buf, '+')
	}
	if exp < 10 && minDigits == 2 {
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(exp), 10)
}

// appendDefaultForm appends toStringImpl's output with FormatMaxPadding 3
// and TruncateZero: plain notation unless that needs more than three
// padding zeros or would show more than fp digits, else d.dddE±x. It
// reports whether the text has a '.' (integers in plain notation do not).
func appendDefaultForm(buf []byte, neg bool, digits []byte, e10, fp int) ([]byte, bool) {
	if neg {
		buf = append(buf, '-')
	}
	nd := len(digits)
	var sci bool
	if e10 >= 0 {
		sci = e10 > 3 || nd+e10 > fp
	} else if msd := e10 + nd - 1; msd < 0 {
		sci = -msd > 3
	}
	switch {
	case sci:
		buf = append(buf, digits[0], '.')
		if nd == 1 {
			buf = append(buf, '0')
		} else {
			buf = append(buf, digits[1:]...)
		}
		return appendExp(buf, 'E', e10+nd-1, 1), true
	case e10 >= 0:
		buf = append(buf, digits...)
		for i := 0; i < e10; i++ {
			buf = append(buf, '0')
		}
		return buf, false
	}
	whole := e10 + nd
	if whole > 0 {
		buf = append(buf, digits[:whole]...)
		buf = append(buf, '.')
		return append(buf, digits[whole:]...), true
	}
	buf = append(buf, '0', '.')
	for i := 0; i < -whole; i++ {
		buf = append(buf, '0')
	}
	return append(buf, digits...), true
}

// shortFormRoundTrips reports whether s, the short form of digits ×
// 10^e10, parsed correctly rounded into format k as APFloat(semantics, s)
// does, is v. When the digits (at most six) and the power of ten are exact
// in the format's arithmetic, one multiplication or division rounds
// correctly (strconv's own fast path, without reading the text); else s is
// parsed. f16 and bf16 go through f64, which rounds the same: the short
// form is within 1e-5 (relative) of v, far from any midpoint between f16
// or bf16 values, where rounding twice could differ.
func shortFormRoundTrips(s, digits []byte, e10 int, v float64, k FloatKind) bool {
	var d uint64
	for _, c := range digits {
		d = d*10 + uint64(c-'0')
	}
	a := math.Abs(v)
	switch {
	case k == F32 && e10 >= -10 && e10 <= 10:
		f, p := float32(d), float32(pow10u[max(e10, -e10)])
		if e10 < 0 {
			return float64(f/p) == a
		}
		return float64(f*p) == a
	case k != F32 && e10 >= -22 && e10 <= 22:
		f, p := float64(d), float64pow10[max(e10, -e10)]
		r := f * p
		if e10 < 0 {
			r = f / p
		}
		if k != F64 {
			r = RoundToFloatType(r, k)
		}
		return r == a
	}
	str := unsafeString(s)
	switch k {
	case F32:
		back, err := strconv.ParseFloat(str, 32)
		return err == nil && back == v
	case F64:
		back, err := strconv.ParseFloat(str, 64)
		return err == nil && back == v
	}
	back, err := strconv.ParseFloat(str, 64)
	return err == nil && RoundToFloatType(back, k) == v
}

// float64pow10 are the powers of ten exact in a float64.
var float64pow10 = [...]float64{
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
	1e20, 1e21, 1e22,
}

func (ap *attrPrinter) dense(d *DenseElementsAttr) {
	ap.str("dense<")
	n := d.NumElements()
	et := d.Type.ElementType()
	switch {
	case d.Splat || (n >= 1 && d.IsSplatValue()):
		ap.denseElem(d, 0, et)
	case n > hexElementsThreshold:
		ap.buf = append(ap.buf, '"', '0', 'x')
		const hexd = "0123456789ABCDEF"
		for _, b := range d.Raw {
			ap.buf = append(ap.buf, hexd[b>>4], hexd[b&15])
		}
		ap.buf = append(ap.buf, '"')
	case n == 0:
		// `dense<>` for empty tensors, as MLIR prints.
		if len(d.Type.Shape()) > 0 && d.Type.Shape()[0] != 0 {
			ap.denseNested(d, d.Type.Shape(), 0, new(int64), et)
		}
	default:
		ap.denseNested(d, d.Type.Shape(), 0, new(int64), et)
	}
	ap.str("> : ")
	ap.str(d.Type.String())
}

func (ap *attrPrinter) denseNested(d *DenseElementsAttr, shape []int64, dim int, idx *int64, et Type) {
	if dim == len(shape) {
		ap.denseElem(d, *idx, et)
		*idx++
		return
	}
	ap.buf = append(ap.buf, '[')
	for i := int64(0); i < shape[dim]; i++ {
		if i > 0 {
			ap.str(", ")
		}
		ap.denseNested(d, shape, dim+1, idx, et)
	}
	ap.buf = append(ap.buf, ']')
}

func (ap *attrPrinter) denseElem(d *DenseElementsAttr, i int64, et Type) {
	if ct, ok := et.(*ComplexType); ok {
		ap.complexElem(d.ComplexAt(i), ct)
		return
	}
	if ft, ok := et.(*FloatType); ok {
		ap.floatValue(d.FloatAt(i), ft)
		return
	}
	ap.intValue(d.IntAt(i), et)
}
