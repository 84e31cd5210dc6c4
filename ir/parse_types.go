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
	src := p.src
	// tensor, memref and vector all have six letters.
	if t.end-t.start != 6 || t.end >= len(src) || src[t.end] != '<' {
		return p.parseBuiltinType()
	}
	if w := p.view(t); w != "tensor" && w != "memref" && w != "vector" {
		return p.parseBuiltinType()
	}
	// Find the closing '>' of a simple spelling (no nested brackets, strings
	// or newlines); anything else takes the normal path.
	end := t.end + 1
	for end < len(src) && !shapedSpellingStop[src[end]] {
		end++
	}
	if end >= len(src) || src[end] != '>' {
		return p.parseBuiltinType()
	}
	key := unsafeString(src[t.start : end+1])
	if ty, ok := p.typeCache[key]; ok {
		p.resetLexer(end + 1)
		return ty
	}
	ty := p.parseBuiltinType()
	p.typeCache[string(src[t.start:end+1])] = ty
	return ty
}

// shapedSpellingStop marks the bytes that end the scan of a shaped type's
// `<...>` in parseBuiltinTypeCached: the closing '>', and those that make
// the spelling not simple.
var shapedSpellingStop = [256]bool{'>': true, '<': true, '"': true, '\n': true, '(': true, '{': true, '#': true, '!': true}

// parseFunctionType parses `(ins) -> outs`. Like tensor types, function
// types are memoized by spelling: a call's `(f32, f32) -> (f32, f32)`
// recurs throughout a module, and the normal path builds two lists and a
// uniquing key.
func (p *parser) parseFunctionType() *FunctionType {
	start := p.tok.start
	end := p.functionTypeSpan(start)
	if end < 0 {
		return p.parseFunctionTypeUncached()
	}
	if ty, ok := p.typeCache[unsafeString(p.src[start:end])]; ok {
		p.resetLexer(end)
		return ty.(*FunctionType)
	}
	ft := p.parseFunctionTypeUncached()
	// Cache only if the parse ended where the scan did.
	if p.tok.start >= end && isBlank(p.src[end:p.tok.start]) {
		p.typeCache[string(p.src[start:end])] = ft
	}
	return ft
}

// isBlank reports whether b is only white space.
func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// functionTypeSpan returns the end offset of a simply spelled function
// type starting at the '(' at offset i, or -1. Simple means: on one line,
// no comments, strings, aliases, attributes or dialect types; parentheses
// balanced; after the arrow, either a parenthesized list (not itself
// followed by an arrow, which would make it a function type) or one type
// name with an optional `<...>` holding no parentheses.
func (p *parser) functionTypeSpan(i int) int {
	src := p.src
	if i = skipParens(src, i); i < 0 {
		return -1
	}
	for i < len(src) && src[i] == ' ' {
		i++
	}
	if i+1 >= len(src) || src[i] != '-' || src[i+1] != '>' {
		return -1
	}
	i += 2
	for i < len(src) && src[i] == ' ' {
		i++
	}
	if i < len(src) && src[i] == '(' {
		if i = skipParens(src, i); i < 0 {
			return -1
		}
		j := i
		for j < len(src) && src[j] == ' ' {
			j++
		}
		if j+1 < len(src) && src[j] == '-' && src[j+1] == '>' {
			return -1
		}
		return i
	}
	if i >= len(src) || !isLetter(src[i]) {
		return -1
	}
	i = skipClass(src, i, ccIdent)
	if i < len(src) && src[i] == '<' {
		depth := 0
		for ; i < len(src); i++ {
			switch c := src[i]; {
			case c == '<':
				depth++
			case c == '>':
				if depth--; depth == 0 {
					return i + 1
				}
			case !simpleTypeChar(c) || c == '(' || c == ')':
				return -1
			}
		}
		return -1
	}
	return i
}

// simpleTypeChar reports whether c may appear in a memoizable type spelling.
func simpleTypeChar(c byte) bool {
	switch c {
	case ' ', ',', '?', '*', '<', '>', '[', ']', '(', ')', '-', ':':
		return true
	}
	return isIdentChar(c)
}

// skipParens returns the offset after the ')' matching the '(' at i, or
// -1 if the text in between is not made of simpleTypeChar or nests more
// than maxSimpleParens deep. The bound keeps the scans linear: each
// function type of a deeply nested one would otherwise scan to its end.
func skipParens(src []byte, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch c := src[i]; {
		case c == '(':
			if depth++; depth > maxSimpleParens {
				return -1
			}
		case c == ')':
			if depth--; depth == 0 {
				return i + 1
			}
		case !simpleTypeChar(c):
			return -1
		}
	}
	return -1
}

// maxSimpleParens is how deep the parentheses of a memoized function type
// spelling may nest.
const maxSimpleParens = 8

func (p *parser) parseFunctionTypeUncached() *FunctionType {
	p.enter()
	p.expect(tLParen, "")
	var ins []Type
	if p.tok.kind != tRParen {
		ins = p.parseTypeListNoParens()
	}
	p.expect(tRParen, "")
	p.expect(tArrow, "in function type")
	results := p.parseResultTypes()
	p.leave()
	return Function(ins, results)
}

// parseResultTypes parses `type` or `(type, ...)` after an arrow.
func (p *parser) parseResultTypes() []Type {
	if p.tok.kind != tLParen {
		return []Type{p.parseType()}
	}
	// Either a parenthesized list or a function type as the single
	// result, which an arrow after the list tells. The list is then the
	// function's inputs: building the type from it, rather than parsing
	// it again as a function type, keeps `() -> (() -> (...) -> f32) ->
	// f32` linear (each level parsed twice would be 2^depth).
	p.enter()
	p.advance()
	var ts []Type
	if p.tok.kind != tRParen {
		ts = p.parseTypeListNoParens()
	}
	p.expect(tRParen, "")
	if p.accept(tArrow) {
		ts = []Type{Function(ts, p.parseResultTypes())}
	}
	p.leave()
	return ts
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
	start, end := p.scanBalancedAngleSpan()
	return string(p.src[start:end])
}

// scanBalancedAngleSpan is scanBalancedAngle returning the text's offsets.
func (p *parser) scanBalancedAngleSpan() (start, end int) {
	start = p.tok.start
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
				return start, i + 1
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
	return 0, 0
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
		p.enter()
		p.expect(tLess, "in complex type")
		et := p.parseType()
		p.expect(tGreater, "in complex type")
		p.leave()
		return Complex(et)
	case "tuple":
		p.advance()
		p.enter()
		p.expect(tLess, "in tuple type")
		var ts []Type
		if p.tok.kind != tGreater {
			ts = p.parseTypeListNoParens()
		}
		p.expect(tGreater, "in tuple type")
		p.leave()
		return Tuple(ts)
	}
	if it := parseIntTypeName(s); it != nil {
		p.advance()
		return it
	}
	if what := unsupportedFloatType(string(s)); what != "" {
		p.failAt(t, "element type '%s' (%s) is not supported: the float types are f16, bf16, f32 and f64", s, what)
	}
	p.failAt(t, "expected non-function type")
	return nil
}

// unsupportedFloatType names the kind of MLIR's float types that this
// project does not have (float8 and narrower, tf32, f80, f128), or "".
func unsupportedFloatType(s string) string {
	switch {
	case len(s) > 3 && s[0] == 'f' && s[2] == 'E' && (s[1] == '8' || s[1] == '6' || s[1] == '4'):
		return "a float" + s[1:2] + " type"
	case s == "tf32":
		return "TensorFloat-32"
	case s == "f80" || s == "f128":
		return "an extended-precision float"
	}
	return ""
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
	start := p.tok
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in tensor type")
	}
	p.enter()
	p.advance()
	dims, _, unranked := p.parseDims(true, false)
	et := p.parseType()
	if !isValidTensorElement(et) {
		p.fail("invalid tensor element type: %s", et)
	}
	if unranked {
		p.expect(tGreater, "in tensor type")
		p.leave()
		return UnrankedTensor(et)
	}
	var enc Attribute
	if p.accept(tComma) {
		enc = p.parseAttribute(nil)
	}
	p.expect(tGreater, "in tensor type")
	p.leave()
	t := RankedTensorWithEncoding(dims, et, enc)
	p.checkElementCount(start, t)
	return t
}

func isValidTensorElement(t Type) bool {
	switch t.(type) {
	case *FunctionType, *RankedTensorType, *UnrankedTensorType, *MemRefType, *UnrankedMemRefType, *NoneType:
		return false
	}
	return true
}

func (p *parser) parseMemRefType() Type {
	start := p.tok
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in memref type")
	}
	p.enter()
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
	p.leave()
	if unranked {
		return UnrankedMemRef(et)
	}
	t := MemRef(dims, et, layout, space)
	p.checkElementCount(start, t)
	return t
}

func (p *parser) parseVectorType() Type {
	start := p.tok
	p.advance()
	if p.tok.kind != tLess {
		p.fail("expected '<' in vector type")
	}
	p.enter()
	p.advance()
	dims, scal, _ := p.parseDims(false, true)
	et := p.parseType()
	p.expect(tGreater, "in vector type")
	p.leave()
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
	t := Vector(dims, scal, et)
	p.checkElementCount(start, t)
	return t
}

// checkElementCount rejects a shaped type, spelled at token t, whose
// static dims multiply to more elements than an int64 counts.
func (p *parser) checkElementCount(t token, st ShapedType) {
	if TooManyElements(st) {
		p.failAt(t, "%s has more than 2^63-1 elements", st)
	}
}
