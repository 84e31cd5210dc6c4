package ir

import (
	"strconv"
	"unsafe"
)

// unsafeString views b as a string for map lookups without copying.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// parseType parses any type, including aliases and function types.
func (p *parser) parseType() Type {
	switch p.tok.kind {
	case tLParen:
		return p.parseFunctionType()
	case tExclaimId:
		return p.parseExclaimType()
	case tBareIdent:
		return p.parseBuiltinTypeCached()
	}
	p.fail("expected non-function type")
	return nil
}

// parseBuiltinTypeCached memoizes shaped types by their source spelling:
// the same `tensor<?x4096xf32>` recurs on most lines of a module, and a
// map hit is much cheaper than building and uniquing the type again.
func (p *parser) parseBuiltinTypeCached() Type {
	t := p.tok
	w := p.view(t)
	if (w != "tensor" && w != "memref" && w != "vector") || t.end >= len(p.src) || p.src[t.end] != '<' {
		return p.parseBuiltinType()
	}
	// Find the closing '>' of a simple spelling (no nested brackets, strings
	// or newlines); anything else takes the normal path.
	end := t.end + 1
	for end < len(p.src) {
		c := p.src[end]
		if c == '>' {
			break
		}
		if c == '<' || c == '"' || c == '\n' || c == '(' || c == '{' || c == '#' || c == '!' {
			return p.parseBuiltinType()
		}
		end++
	}
	if end >= len(p.src) {
		return p.parseBuiltinType()
	}
	key := unsafeString(p.src[t.start : end+1])
	if ty, ok := p.typeCache[key]; ok {
		p.resetLexer(end + 1)
		return ty
	}
	ty := p.parseBuiltinType()
	p.typeCache[string(p.src[t.start:end+1])] = ty
	return ty
}

func (p *parser) parseFunctionType() *FunctionType {
	p.expect(tLParen, "")
	var ins []Type
	if p.tok.kind != tRParen {
		ins = p.parseTypeListNoParens()
	}
	p.expect(tRParen, "")
	p.expect(tArrow, "in function type")
	return Function(ins, p.parseResultTypes())
}

// parseResultTypes parses `type` or `(type, ...)` after an arrow.
func (p *parser) parseResultTypes() []Type {
	if p.tok.kind == tLParen {
		// Either a parenthesized list or a function type as the single result.
		save := *p.lex
		saveTok := p.tok
		p.advance()
		var ts []Type
		if p.tok.kind != tRParen {
			ts = p.parseTypeListNoParens()
		}
		p.expect(tRParen, "")
		if p.tok.kind == tArrow {
			// It was a function type: re-parse it as such.
			*p.lex = save
			p.tok = saveTok
			return []Type{p.parseFunctionType()}
		}
		return ts
	}
	return []Type{p.parseType()}
}

func (p *parser) parseTypeListNoParens() []Type {
	var ts []Type
	for {
		ts = append(ts, p.parseType())
		if !p.accept(tComma) {
			return ts
		}
	}
}

func (p *parser) parseExclaimType() Type {
	t := p.tok
	name := p.text()[1:]
	if ty, ok := p.typeAliases[name]; ok {
		p.advance()
		return ty
	}
	// Dialect type: `!dialect.name` optionally followed by `<...>`.
	dialect := name
	body := ""
	if i := indexByte(name, '.'); i >= 0 {
		dialect, body = name[:i], name[i:]
	} else if !p.bodyFollows(t) {
		p.failAt(t, "undefined symbol alias id '%s'", name)
	}
	p.advance()
	if p.tok.kind == tLess && p.tok.start == t.end {
		body += p.scanBalancedAngle()
	}
	return Opaque(dialect, body)
}

func (p *parser) bodyFollows(t token) bool {
	return t.end < len(p.src) && p.src[t.end] == '<'
}

// scanBalancedAngle consumes `<...>` at the current token (which is `<`),
// returning the raw text including the brackets. Strings are skipped whole
// and `->` does not close a bracket.
func (p *parser) scanBalancedAngle() string {
	start := p.tok.start
	var want []byte // closers expected, innermost last
	for i := start; i < len(p.src); i++ {
		c := p.src[i]
		switch c {
		case '<':
			want = append(want, '>')
		case '(':
			want = append(want, ')')
		case '[':
			want = append(want, ']')
		case '{':
			want = append(want, '}')
		case '>', ')', ']', '}':
			if c == '>' && i > 0 && p.src[i-1] == '-' {
				continue // the arrow of a function type
			}
			if len(want) == 0 || want[len(want)-1] != c {
				p.failAt(p.tokenAtOffset(i), "unbalanced '%c' in dialect type or attribute", c)
			}
			want = want[:len(want)-1]
			if len(want) == 0 {
				p.resetLexer(i + 1)
				return string(p.src[start : i+1])
			}
		case '"':
			i++
			for i < len(p.src) && p.src[i] != '"' {
				if p.src[i] == '\\' {
					i++
				}
				i++
			}
		case '\n':
			p.lex.line++
			p.lex.lineStart = i + 1
		}
	}
	p.fail("unbalanced '<' in dialect type or attribute")
	return ""
}

// resetLexer restarts lexing at byte offset pos (on the current line
// bookkeeping) and reads the next token.
func (p *parser) resetLexer(pos int) {
	p.lex.pos = pos
	p.advance()
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func (p *parser) parseBuiltinType() Type {
	t := p.tok
	s := p.src[t.start:t.end]
	switch string(s) {
	case "f32":
		p.advance()
		return F32T
	case "f64":
		p.advance()
		return F64T
	case "f16":
		p.advance()
		return F16T
	case "bf16":
		p.advance()
		return BF16T
	case "index":
		p.advance()
		return Index
	case "none":
		p.advance()
		return None
	case "tensor":
		return p.parseTensorType()
	case "memref":
		return p.parseMemRefType()
	case "vector":
		return p.parseVectorType()
	case "complex":
		p.advance()
		p.expect(tLess, "in complex type")
		et := p.parseType()
		p.expect(tGreater, "in complex type")
		return Complex(et)
	case "tuple":
		p.advance()
		p.expect(tLess, "in tuple type")
		var ts []Type
		if p.tok.kind != tGreater {
			ts = p.parseTypeListNoParens()
		}
		p.expect(tGreater, "in tuple type")
		return Tuple(ts)
	}
	if it := parseIntTypeName(s); it != nil {
		p.advance()
		return it
	}
	p.failAt(t, "expected non-function type")
	return nil
}

// parseIntTypeName recognizes `iN`, `siN`, `uiN`.
func parseIntTypeName(s []byte) *IntegerType {
	sign := Signless
	switch {
	case len(s) > 2 && s[0] == 's' && s[1] == 'i':
		sign, s = Signed, s[2:]
	case len(s) > 2 && s[0] == 'u' && s[1] == 'i':
		sign, s = Unsigned, s[2:]
	case len(s) > 1 && s[0] == 'i':
		s = s[1:]
	default:
		return nil
	}
	w := 0
	for _, c := range s {
		if !isDigit(c) {
			return nil
		}
		w = w*10 + int(c-'0')
		if w > 1<<16 {
			return nil
		}
	}
	if w == 0 || s[0] == '0' {
		return nil
	}
	return Integer(w, sign)
}

// parseDims reads a dimension list `2x?x4x` directly from the bytes after
// the current `<` token, since `4xf32` is not split by the lexer. It
// returns the dims and whether `*x` (unranked) was seen.
func (p *parser) parseDims(allowUnranked, allowScalable bool) (dims []int64, scalable []bool, unranked bool) {
	// The current token is the first token after '<'; rescan from its start.
	i := p.tok.start
	src := p.src
	skip := func() {
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			if src[i] == '\n' {
				p.lex.line++
				p.lex.lineStart = i + 1
			}
			i++
		}
	}
	errAt := func(msg string) {
		p.lex.pos = i
		tok := token{line: p.lex.line, col: int32(i - p.lex.lineStart + 1)}
		p.failAt(tok, "%s", msg)
	}
	for {
		skip()
		if i >= len(src) {
			break
		}
		c := src[i]
		scal := false
		switch {
		case c == '*' && allowUnranked && len(dims) == 0:
			i++
			skip()
			if i >= len(src) || src[i] != 'x' {
				errAt("expected 'x' in dimension list")
			}
			i++
			p.resetLexer(i)
			return nil, nil, true
		case c == '?':
			i++
			dims = append(dims, Dynamic)
		case isDigit(c):
			j := i
			for i < len(src) && isDigit(src[i]) {
				i++
			}
			n, err := strconv.ParseInt(string(src[j:i]), 10, 64)
			if err != nil {
				errAt("invalid dimension")
			}
			dims = append(dims, n)
		case c == '[' && allowScalable:
			i++
			j := i
			for i < len(src) && isDigit(src[i]) {
				i++
			}
			n, err := strconv.ParseInt(string(src[j:i]), 10, 64)
			if err != nil || i >= len(src) || src[i] != ']' {
				errAt("expected scalable dimension")
			}
			i++
			dims = append(dims, n)
			scal = true
		default:
			p.resetLexer(i)
			return dims, scalable, false
		}
		if allowScalable {
			scalable = append(scalable, scal)
		}
		skip()
		if i >= len(src) || src[i] != 'x' {
			errAt("expected 'x' in dimension list")
		}
		i++
	}
	p.resetLexer(i)
	return dims, scalable, false
}

func (p *parser) parseTensorType() Type {
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in tensor type")
	}
	p.advance()
	dims, _, unranked := p.parseDims(true, false)
	et := p.parseType()
	if !isValidTensorElement(et) {
		p.fail("invalid tensor element type: %s", et)
	}
	if unranked {
		p.expect(tGreater, "in tensor type")
		return UnrankedTensor(et)
	}
	var enc Attribute
	if p.accept(tComma) {
		enc = p.parseAttribute(nil)
	}
	p.expect(tGreater, "in tensor type")
	return RankedTensorWithEncoding(dims, et, enc)
}

func isValidTensorElement(t Type) bool {
	switch t.(type) {
	case *FunctionType, *RankedTensorType, *UnrankedTensorType, *MemRefType, *UnrankedMemRefType, *NoneType:
		return false
	}
	return true
}

func (p *parser) parseMemRefType() Type {
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in memref type")
	}
	p.advance()
	dims, _, unranked := p.parseDims(true, false)
	et := p.parseType()
	if !isValidTensorElement(et) {
		p.fail("invalid memref element type: %s", et)
	}
	var layout, space Attribute
	if p.accept(tComma) {
		a := p.parseAttribute(nil)
		switch a.(type) {
		case *StridedLayoutAttr, *AffineMapAttr:
			if unranked {
				p.fail("cannot have affine map for unranked memref type")
			}
			layout = a
			if p.accept(tComma) {
				space = p.parseAttribute(nil)
			}
		default:
			space = a
		}
	}
	p.expect(tGreater, "in memref type")
	if unranked {
		return UnrankedMemRef(et)
	}
	return MemRef(dims, et, layout, space)
}

func (p *parser) parseVectorType() Type {
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in vector type")
	}
	p.advance()
	dims, scal, _ := p.parseDims(false, true)
	et := p.parseType()
	p.expect(tGreater, "in vector type")
	for _, d := range dims {
		if d <= 0 {
			p.fail("vector types must have positive constant sizes")
		}
	}
	any := false
	for _, s := range scal {
		any = any || s
	}
	if !any {
		scal = nil
	}
	return Vector(dims, scal, et)
}
