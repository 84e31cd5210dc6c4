package ir

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// locAttr stands for a `loc(...)` attribute alias (`#loc1 = loc(...)`);
// locations are accepted and dropped.
type locAttr struct{}

func (*locAttr) isAttr() {}

// parseAttribute parses any attribute. If t is non-nil it is the expected
// type of an untyped literal (`dense<...>` still requires its own type).
func (p *parser) parseAttribute(t Type) Attribute {
	switch p.tok.kind {
	case tLSquare:
		p.enter()
		p.advance()
		var elems []Attribute
		if p.tok.kind != tRSquare {
			for {
				elems = append(elems, p.parseAttribute(nil))
				if !p.accept(tComma) {
					break
				}
			}
		}
		p.expect(tRSquare, "to end array attribute")
		p.leave()
		return &ArrayAttr{Elems: elems}
	case tLBrace:
		p.enter()
		d := &DictionaryAttr{Entries: p.parseDict()}
		p.leave()
		return d
	case tAtId:
		return p.parseSymbolRef()
	case tHashId:
		return p.parseHashAttr()
	case tString:
		s := unquote(p.src[p.tok.start:p.tok.end])
		p.advance()
		a := &StringAttr{Value: s}
		if p.accept(tColon) {
			a.Type = p.parseType()
		}
		return a
	case tInteger, tFloat, tMinus:
		return p.parseNumberAttr(t)
	case tBareIdent:
		switch p.view(p.tok) {
		case "true", "false":
			v := p.view(p.tok) == "true"
			p.advance()
			if p.accept(tColon) {
				if ty := p.parseType(); ty != I1 {
					p.fail("expected i1 type for boolean attribute")
				}
			}
			return &BoolAttr{Value: v}
		case "unit":
			p.advance()
			return Unit
		case "dense":
			return p.parseDenseAttr()
		case "array":
			return p.parseDenseArray()
		case "affine_map":
			return p.parseAffineMapAttr()
		case "strided":
			return p.parseStrided()
		case "loc":
			p.parseLocation()
			return &locAttr{}
		}
	}
	// A type used as an attribute.
	return &TypeAttr{Type: p.parseType()}
}

func (p *parser) parseSymbolRef() *SymbolRefAttr {
	t := p.tok
	p.advance()
	if p.tok.kind != tColonColon {
		// A flat reference: share one attribute per spelling (attributes
		// are immutable), as calls name the same few functions over and
		// over. The key is a view of the source; the map dies with the parse.
		key := p.view(t)
		if a, ok := p.symCache[key]; ok {
			return a
		}
		a := &SymbolRefAttr{Root: p.symbolNameOf(t)}
		if p.symCache == nil {
			p.symCache = map[string]*SymbolRefAttr{}
		}
		p.symCache[key] = a
		return a
	}
	a := &SymbolRefAttr{Root: p.symbolNameOf(t)}
	for p.tok.kind == tColonColon {
		p.advance()
		if p.tok.kind != tAtId {
			p.fail("expected nested symbol reference identifier")
		}
		a.Nested = append(a.Nested, p.symbolName())
		p.advance()
	}
	return a
}

// symbolName decodes the current `@name` / `@"name"` token.
func (p *parser) symbolName() string { return p.symbolNameOf(p.tok) }

// symbolNameOf decodes a `@name` / `@"name"` token.
func (p *parser) symbolNameOf(t token) string {
	s := p.src[t.start+1 : t.end]
	if len(s) > 0 && s[0] == '"' {
		return unquote(s)
	}
	return string(s)
}

func (p *parser) parseHashAttr() Attribute {
	t := p.tok
	name := p.text()[1:]
	if a, ok := p.attrAliases[name]; ok {
		p.advance()
		return a
	}
	if !strings.Contains(name, ".") && !p.bodyFollows(t) {
		p.failAt(t, "undefined symbol alias id '%s'", name)
	}
	p.advance()
	text := name
	if p.tok.kind == tLess && p.tok.start == t.end {
		text += p.scanBalancedAngle()
	}
	return &OpaqueAttr{Text: text}
}

// parseDict parses `{name = attr, unitname, ...}`.
func (p *parser) parseDict() []NamedAttr {
	p.expect(tLBrace, "")
	entries := p.parseDictBody()
	p.expect(tRBrace, "to end attribute dictionary")
	return entries
}

func (p *parser) parseDictBody() []NamedAttr {
	var a Attrs
	if p.tok.kind == tRBrace || p.tok.kind == tGreater {
		return nil
	}
	for {
		var name string
		switch p.tok.kind {
		case tBareIdent:
			name = p.text()
		case tString:
			name = unquote(p.src[p.tok.start:p.tok.end])
		default:
			p.fail("expected attribute name")
		}
		nt := p.tok
		p.advance()
		if a.Has(name) {
			p.failAt(nt, "duplicate key '%s' in dictionary attribute", name)
		}
		if p.accept(tEqual) {
			a.Set(name, p.parseAttribute(nil))
		} else {
			a.Set(name, Unit)
		}
		if !p.accept(tComma) {
			break
		}
	}
	return a.list
}

// parseNumberAttr parses `[-]literal [: type]`.
func (p *parser) parseNumberAttr(t Type) Attribute {
	lt := p.tok
	neg := p.accept(tMinus)
	if p.tok.kind != tInteger && p.tok.kind != tFloat {
		p.fail("expected integer or float literal")
	}
	numTok := p.tok
	p.advance()
	if p.accept(tColon) {
		t = p.parseType()
	}
	a, msg := p.numberLiteral(numTok, neg, t)
	if msg != "" {
		p.failAt(lt, "%s", msg)
	}
	return a
}

// numberLiteral converts a literal token to an attribute of type t (i64 or
// f64 when t is nil).
func (p *parser) numberLiteral(tk token, neg bool, t Type) (Attribute, string) {
	s := p.view(tk) // not kept
	if t == nil {
		if tk.kind == tFloat {
			t = F64T
		} else {
			t = I64
		}
	}
	switch ty := t.(type) {
	case *FloatType:
		if tk.kind == tInteger && strings.HasPrefix(s, "0x") {
			if neg {
				return nil, "hexadecimal float literal should not have a leading minus"
			}
			bits, err := strconv.ParseUint(s[2:], 16, 64)
			if err != nil || (ty.Width() < 64 && bits>>uint(ty.Width()) != 0) {
				return nil, "hexadecimal float constant out of range for type"
			}
			return &FloatAttr{Type: t, Value: FloatFromBits(bits, ty.Kind)}, ""
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil && !(errors.Is(err, strconv.ErrRange) && (math.IsInf(v, 0) || v == 0)) {
			return nil, "invalid floating point literal"
		}
		if neg {
			v = -v
		}
		return &FloatAttr{Type: t, Value: RoundToFloatType(v, ty.Kind)}, ""
	case *IntegerType, *IndexType:
		if tk.kind == tFloat {
			return nil, "floating point value not valid for specified type"
		}
		v, ok := parseIntLiteral(s, neg, t)
		if !ok {
			return nil, "integer constant out of range for attribute"
		}
		if it, isInt := t.(*IntegerType); isInt && it.Width == 1 {
			return &BoolAttr{Value: v != 0}, ""
		}
		// Store the value in canonical form: `255 : i8` is `-1 : i8`.
		return &IntegerAttr{Type: t, Value: TruncateInt(v, t)}, ""
	}
	return nil, "invalid type for numeric literal: " + t.String()
}

// parseIntLiteral parses a decimal or hex integer and checks it fits t.
func parseIntLiteral(s string, neg bool, t Type) (int64, bool) {
	var u uint64
	var err error
	if strings.HasPrefix(s, "0x") {
		u, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		u, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil {
		return 0, false
	}
	width := 64
	sign := Signless
	if it, ok := t.(*IntegerType); ok {
		width, sign = it.Width, it.Sign
	}
	if neg {
		if sign == Unsigned || u > 1<<63 {
			return 0, false
		}
		v := -int64(u)
		if width < 64 && v < -(int64(1)<<(width-1)) {
			return 0, false
		}
		return v, true
	}
	if width < 64 && u >= uint64(1)<<width {
		return 0, false
	}
	if sign == Signed && width <= 64 && u > uint64(1)<<(width-1)-1 {
		return 0, false
	}
	return int64(u), true
}

func (p *parser) parseDenseArray() Attribute {
	p.advance()
	p.expect(tLess, "in dense array")
	et := p.parseType()
	a := &DenseArrayAttr{Elem: et}
	if !IsInteger(et) && !IsFloat(et) {
		p.fail("expected integer or float type in dense array, got %s", et)
	}
	if p.accept(tColon) {
		for {
			var v Attribute
			if p.isKeyword("true") || p.isKeyword("false") {
				v = &BoolAttr{Value: p.text() == "true"}
				p.advance()
			} else {
				lt := p.tok
				neg := p.accept(tMinus)
				nt := p.tok
				if nt.kind != tInteger && nt.kind != tFloat {
					p.fail("expected integer or float literal in dense array")
				}
				p.advance()
				var msg string
				v, msg = p.numberLiteral(nt, neg, et)
				if msg != "" {
					p.failAt(lt, "%s", msg)
				}
			}
			switch v := v.(type) {
			case *IntegerAttr:
				a.Ints = append(a.Ints, v.Value)
			case *BoolAttr:
				if et != I1 {
					p.fail("boolean value in non-i1 dense array")
				}
				b := int64(0)
				if v.Value {
					b = 1
				}
				a.Ints = append(a.Ints, b)
			case *FloatAttr:
				a.Floats = append(a.Floats, v.Value)
			}
			if !p.accept(tComma) {
				break
			}
		}
	}
	p.expect(tGreater, "to end dense array")
	return a
}

func (p *parser) parseAffineMapAttr() Attribute {
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in affine map")
	}
	// The affine parser reads the map straight from the source and says
	// where it stopped; the closing '>' must follow.
	body := p.tok.end
	m, n, err := affine.ParseMapPrefix(unsafeString(p.src[body:]))
	if err != nil {
		off := body
		msg := err.Error()
		if pe, ok := err.(*affine.ParseError); ok {
			off += pe.Offset
			msg = pe.Msg
		}
		p.failAt(p.tokenAtOffset(off), "%s", msg)
	}
	end := body + n
	for end < len(p.src) && (p.src[end] == ' ' || p.src[end] == '\t' || p.src[end] == '\n' || p.src[end] == '\r') {
		end++
	}
	if end >= len(p.src) || p.src[end] != '>' {
		p.failAt(p.tokenAtOffset(end), "expected '>' to end affine map")
	}
	// Keep the lexer's line bookkeeping right across a multi-line map.
	for i := p.tok.end; i <= end; i++ {
		if p.src[i] == '\n' {
			p.lex.line++
			p.lex.lineStart = i + 1
		}
	}
	p.resetLexer(end + 1)
	return &AffineMapAttr{Map: m}
}

// tokenAtOffset computes the position of a byte offset (for errors inside
// sub-parsed text).
func (p *parser) tokenAtOffset(off int) token {
	line, start := 1, 0
	for i := 0; i < off && i < len(p.src); i++ {
		if p.src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return token{start: off, end: off, line: int32(line), col: int32(off - start + 1)}
}

// parseStrided parses `strided<[s0, s1, ...], offset: o>`.
func (p *parser) parseStrided() Attribute {
	p.advance()
	p.expect(tLess, "in strided layout")
	p.expect(tLSquare, "in strided layout")
	a := &StridedLayoutAttr{}
	dynOrInt := func() int64 {
		if p.accept(tQuestion) {
			return Dynamic
		}
		neg := p.accept(tMinus)
		t := p.expect(tInteger, "in strided layout")
		v, err := strconv.ParseInt(string(p.src[t.start:t.end]), 10, 64)
		if err != nil {
			p.failAt(t, "invalid stride")
		}
		if neg {
			v = -v
		}
		return v
	}
	if p.tok.kind != tRSquare {
		for {
			a.Strides = append(a.Strides, dynOrInt())
			if !p.accept(tComma) {
				break
			}
		}
	}
	p.expect(tRSquare, "in strided layout")
	if p.accept(tComma) {
		if !p.acceptKeyword("offset") {
			p.fail("expected 'offset' in strided layout")
		}
		p.expect(tColon, "after 'offset'")
		a.Offset = dynOrInt()
	}
	p.expect(tGreater, "to end strided layout")
	return a
}

// denseLit is one element literal inside dense<...>: a number or boolean,
// or, when im is set, a complex `(re, im)` whose real part is tok.
type denseLit struct {
	tok token
	neg bool
	im  *denseLit
}

// parseDenseAttr parses `dense<literal-tree | "0xHEX">` `:` shaped-type.
func (p *parser) parseDenseAttr() Attribute {
	start := p.tok
	p.advance()
	p.expect(tLess, "in dense attribute")
	var hex []byte
	var lits []denseLit
	var shape []int64 // nested list shape; nil for a bare splat literal
	isSplat := false
	empty := false
	switch p.tok.kind {
	case tGreater:
		empty = true
	case tString:
		s := unquote(p.src[p.tok.start:p.tok.end])
		if !strings.HasPrefix(s, "0x") || len(s)%2 != 0 {
			p.fail("expected a hex string ('0x...') in dense attribute")
		}
		hex = make([]byte, (len(s)-2)/2)
		for i := range hex {
			a, b := s[2+2*i], s[3+2*i]
			if !isHex(a) || !isHex(b) {
				p.fail("invalid hex digit in dense attribute")
			}
			hex[i] = hexVal(a)<<4 | hexVal(b)
		}
		p.advance()
	case tLSquare:
		shape = p.parseDenseList(&lits, 0, nil)
	default:
		lits = append(lits, p.parseDenseScalar())
		isSplat = true
	}
	p.expect(tGreater, "to end dense attribute")
	ct := p.expect(tColon, "followed by a shaped type in dense attribute")
	_ = ct
	typ, ok := p.parseType().(ShapedType)
	if !ok || !typ.HasRank() {
		p.failAt(start, "dense attribute needs a ranked tensor or vector type")
	}
	et := typ.ElementType()
	esz := ElementByteSize(et)
	if esz == 0 {
		p.failAt(start, "unsupported dense element type %s", et)
	}
	n := NumElements(typ.Shape())
	if !IsStaticShape(typ.Shape()) {
		p.failAt(start, "dense attribute type must have a static shape, got %s", typ)
	}
	d := &DenseElementsAttr{Type: typ}
	switch {
	case hex != nil:
		if int64(len(hex)) == int64(esz) && n != 1 {
			d.Splat = true
		} else if int64(len(hex)) != n*int64(esz) {
			p.failAt(start, "elements hex data size is invalid for provided type: %d bytes for %d elements of %s", len(hex), n, et)
		}
		d.Raw = hex
		if it, ok := et.(*IntegerType); ok && it.Width == 1 {
			for i := range d.Raw {
				d.Raw[i] &= 1
			}
		}
		return d
	case empty:
		if n != 0 {
			p.failAt(start, "parsed zero elements, but type (%s) expected at least 1", typ)
		}
		return d
	case isSplat:
		d.Splat = n != 1
	default:
		if !shapesEqual(shape, typ.Shape()) && !(n == 0 && len(lits) == 0) {
			if len(lits) == 1 && len(shape) >= 1 && NumElements(shape) == 1 && n != 1 {
				// `dense<[1]>` style splat is not MLIR; keep strict.
			}
			p.failAt(start, "inferred shape of elements literal ([%s]) does not match type ([%s])", joinDims(shape), joinDims(typ.Shape()))
		}
	}
	d.Raw = make([]byte, 0, len(lits)*esz)
	if IsComplex(et) {
		for _, l := range lits {
			if l.im == nil {
				p.failAt(l.tok, "expected complex element (re, im) for %s", et)
			}
			d.Raw = p.encodeComplexLiteral(d.Raw, l, et)
		}
		return d
	}
	for _, l := range lits {
		if l.im != nil {
			p.encodeComplexLiteral(nil, l, et)
		}
		var a Attribute
		if l.tok.kind == tBareIdent {
			a = &BoolAttr{Value: string(p.src[l.tok.start:l.tok.end]) == "true"}
			if et != I1 {
				p.failAt(l.tok, "expected %s element, got a boolean", et)
			}
		} else {
			var msg string
			a, msg = p.numberLiteral(l.tok, l.neg, et)
			if msg != "" {
				p.failAt(l.tok, "%s", msg)
			}
		}
		var err error
		d.Raw, err = encodeScalar(d.Raw, et, a)
		if err != nil {
			p.failAt(l.tok, "%s", err.Error())
		}
	}
	return d
}

// parseDenseScalar parses one element: a primitive literal or a complex
// `(re, im)`.
func (p *parser) parseDenseScalar() denseLit {
	if p.tok.kind == tLParen {
		return p.parseComplexLiteral()
	}
	return p.parsePrimitiveLiteral()
}

// parsePrimitiveLiteral parses `[-]number`, `true` or `false`.
func (p *parser) parsePrimitiveLiteral() denseLit {
	l := denseLit{}
	l.neg = p.accept(tMinus)
	l.tok = p.tok
	switch {
	case p.tok.kind == tInteger || p.tok.kind == tFloat:
	case !l.neg && (p.isKeyword("true") || p.isKeyword("false")):
	default:
		p.fail("expected element literal of primitive type")
	}
	p.advance()
	return l
}

// parseDenseList parses a nested `[...]` list, appending literals, and
// returns its shape; all sublists must agree.
func (p *parser) parseDenseList(lits *[]denseLit, depth int, _ []int64) []int64 {
	p.enter()
	p.expect(tLSquare, "")
	var sub []int64
	count := int64(0)
	first := true
	if p.tok.kind != tRSquare {
		for {
			var s []int64
			if p.tok.kind == tLSquare {
				s = p.parseDenseList(lits, depth+1, nil)
				if s == nil {
					s = []int64{}
				}
			} else {
				*lits = append(*lits, p.parseDenseScalar())
				s = []int64{}
			}
			if first {
				sub, first = s, false
			} else if !shapesEqual(s, sub) {
				p.fail("tensor literal is invalid; ranks are not consistent between elements")
			}
			count++
			if !p.accept(tComma) {
				break
			}
		}
	}
	p.expect(tRSquare, "to end tensor literal")
	p.leave()
	return append([]int64{count}, sub...)
}

func shapesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func joinDims(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	return strings.Join(parts, ", ")
}
