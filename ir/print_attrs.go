package ir

import (
	"math"
	"strconv"
	"strings"
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
				if x.Type == F64T {
					ap.floatValue(x.Value, F64T)
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

// appendFloatLiteral prints a float as MLIR does: `%e`-style with six digits when
// that reads back to the same value, otherwise the shortest precise decimal
// form in APFloat's style, and hex bits for NaN and infinities.
func appendFloatLiteral(buf []byte, v float64, t *FloatType) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		bits := FloatBits(v, t.Kind)
		digits := t.Width() / 4
		s := strconv.FormatUint(bits, 16)
		buf = append(buf, "0x"...)
		for i := len(s); i < digits; i++ {
			buf = append(buf, '0')
		}
		return append(buf, strings.ToUpper(s)...)
	}
	bitSize := 64
	if t.Kind == F32 {
		bitSize = 32
	}
	short := strconv.FormatFloat(v, 'e', 6, 64)
	if back, err := strconv.ParseFloat(short, bitSize); err == nil && RoundToFloatType(back, t.Kind) == v && math.Signbit(back) == math.Signbit(v) {
		return append(buf, short...)
	}
	return append(buf, apfloatString(v, t)...)
}

// apfloatString mimics llvm::APFloat::toString with default arguments: the
// value rounded to the format's significant decimal digits, trailing zeros
// dropped, plain notation unless that needs more than three padding zeros.
func apfloatString(v float64, t *FloatType) string {
	prec := map[FloatKind]int{F16: 11, BF16: 8, F32: 24, F64: 53}[t.Kind]
	digitsWanted := 2 + prec*59/196
	s := strconv.FormatFloat(math.Abs(v), 'e', digitsWanted-1, 64) // d.ddddde±XX
	mant, expStr, _ := strings.Cut(s, "e")
	e10, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		digits = "0"
	}
	nd := len(digits)
	exp := e10 - (nd - 1) // value = digits * 10^exp
	const maxPad = 3
	var sci bool
	if exp >= 0 {
		sci = exp > maxPad || nd+exp > digitsWanted
	} else {
		msd := exp + nd - 1
		sci = msd < 0 && -msd > maxPad
	}
	var sb strings.Builder
	if math.Signbit(v) {
		sb.WriteByte('-')
	}
	if sci {
		sb.WriteByte(digits[0])
		sb.WriteByte('.')
		if nd == 1 {
			sb.WriteByte('0')
		} else {
			sb.WriteString(digits[1:])
		}
		e := exp + nd - 1
		sb.WriteByte('E')
		if e >= 0 {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('-')
			e = -e
		}
		sb.WriteString(strconv.Itoa(e))
		return sb.String()
	}
	if exp >= 0 {
		sb.WriteString(digits)
		sb.WriteString(strings.Repeat("0", exp))
		sb.WriteString(".0")
		return sb.String()
	}
	point := nd + exp // digits before the decimal point
	if point > 0 {
		sb.WriteString(digits[:point])
		sb.WriteByte('.')
		sb.WriteString(digits[point:])
	} else {
		sb.WriteString("0.")
		sb.WriteString(strings.Repeat("0", -point))
		sb.WriteString(digits)
	}
	return sb.String()
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
	if ft, ok := et.(*FloatType); ok {
		ap.floatValue(d.FloatAt(i), ft)
		return
	}
	ap.intValue(d.IntAt(i), et)
}
