package affine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError is a syntax or semantic error found while parsing an affine
// map or expression. Offset is the byte offset into the parsed source.
type ParseError struct {
	// Offset is the byte offset of the offending token in the source.
	Offset int
	// Msg describes the problem, using MLIR's wording where one exists.
	Msg string
}

// Error formats the error as "affine: offset N: msg".
func (e *ParseError) Error() string {
	return fmt.Sprintf("affine: offset %d: %s", e.Offset, e.Msg)
}

// ParseMap parses the MLIR affine map syntax found inside affine_map<...>,
// e.g. "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)". Dims and symbols may have
// any bare-identifier names (MLIR also accepts keywords such as "mod" as
// names). Whitespace, newlines and // comments may appear between tokens.
// The whole input must be consumed. Expressions are built with the
// simplifying constructors, exactly as MLIR's parser does, so the printed
// form of the result is what mlir-opt would print. Errors are *ParseError.
func ParseMap(src string) (Map, error) {
	m, n, err := ParseMapPrefix(src)
	if err != nil {
		return Map{}, err
	}
	p := newParser(src)
	p.pos = n
	p.next()
	if p.tok.kind != tokEOF {
		return Map{}, p.errAt(p.tok.off, "unexpected trailing input after affine map")
	}
	return m, nil
}

// ParseMapPrefix parses an affine map at the start of src (after optional
// whitespace) and returns it with the byte offset just past its closing ')'.
// Trailing input is left unparsed, which lets an enclosing parser handle the
// '>' of affine_map<...>.
func ParseMapPrefix(src string) (Map, int, error) {
	p := newParser(src)
	p.next()
	m, err := p.parseMap()
	if err != nil {
		return Map{}, 0, err
	}
	return m, p.pos, nil
}

// ParseExpr parses a single affine expression in which dims are spelled d0,
// d1, ... and symbols s0, s1, ... (the names the printer uses). The affine
// restrictions on multiplication and division are enforced as in maps.
func ParseExpr(src string) (Expr, error) {
	p := newParser(src)
	p.autoNames = true
	p.next()
	e, _, err := p.parseExpr()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, p.errAt(p.tok.off, "unexpected trailing input after affine expression")
	}
	return e, nil
}

type tokKind int

const (
	tokEOF tokKind = iota
	tokIdent
	tokInt
	tokFloat
	tokLParen
	tokRParen
	tokLSquare
	tokRSquare
	tokComma
	tokPlus
	tokMinus
	tokStar
	tokArrow
	tokColon
	tokError
)

type token struct {
	kind tokKind
	off  int
	text string
}

type parser struct {
	src       string
	pos       int // next byte to lex
	tok       token
	names     map[string]Expr
	autoNames bool
	// parens counts the parentheses and unary minuses the parser is
	// inside (its recursion), up to MaxDepth.
	parens int
}

func newParser(src string) *parser {
	return &parser{src: src, names: map[string]Expr{}}
}

func (p *parser) errAt(off int, format string, args ...any) *ParseError {
	return &ParseError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || isDigit(c) || c == '$' || c == '.'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}

// next lexes the next token into p.tok, following MLIR's lexer for the
// subset of tokens that can occur in affine maps.
func (p *parser) next() {
	s := p.src
	for p.pos < len(s) {
		c := s[p.pos]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.pos++
			continue
		}
		if c == '/' && p.pos+1 < len(s) && s[p.pos+1] == '/' {
			for p.pos < len(s) && s[p.pos] != '\n' {
				p.pos++
			}
			continue
		}
		break
	}
	start := p.pos
	if start >= len(s) {
		p.tok = token{kind: tokEOF, off: start}
		return
	}
	c := s[start]
	single := map[byte]tokKind{'(': tokLParen, ')': tokRParen, '[': tokLSquare, ']': tokRSquare,
		',': tokComma, '+': tokPlus, '*': tokStar, ':': tokColon}
	switch {
	case single[c] != 0:
		p.pos++
		p.tok = token{kind: single[c], off: start, text: s[start:p.pos]}
	case c == '-':
		p.pos++
		kind := tokMinus
		if p.pos < len(s) && s[p.pos] == '>' {
			p.pos++
			kind = tokArrow
		}
		p.tok = token{kind: kind, off: start, text: s[start:p.pos]}
	case isIdentStart(c):
		p.pos++
		for p.pos < len(s) && isIdentChar(s[p.pos]) {
			p.pos++
		}
		p.tok = token{kind: tokIdent, off: start, text: s[start:p.pos]}
	case isDigit(c):
		p.pos++
		kind := tokInt
		if c == '0' && p.pos+1 < len(s) && s[p.pos] == 'x' && isHex(s[p.pos+1]) {
			p.pos++
			for p.pos < len(s) && isHex(s[p.pos]) {
				p.pos++
			}
		} else {
			for p.pos < len(s) && isDigit(s[p.pos]) {
				p.pos++
			}
			if p.pos < len(s) && s[p.pos] == '.' {
				kind = tokFloat
				p.pos++
				for p.pos < len(s) && (isDigit(s[p.pos]) || strings.IndexByte("eE+-", s[p.pos]) >= 0 && isExpChar(s, p.pos)) {
					p.pos++
				}
			}
		}
		p.tok = token{kind: kind, off: start, text: s[start:p.pos]}
	default:
		p.pos++
		p.tok = token{kind: tokError, off: start, text: s[start:p.pos]}
	}
}

// isExpChar reports whether s[i] continues a float exponent ("e", "e+", "e-").
func isExpChar(s string, i int) bool {
	switch s[i] {
	case 'e', 'E':
		return true
	case '+', '-':
		return i > 0 && (s[i-1] == 'e' || s[i-1] == 'E')
	}
	return false
}

// expect consumes a token of kind k or reports msg at the current token.
func (p *parser) expect(k tokKind, msg string) error {
	if p.tok.kind != k {
		return p.wrongToken(msg)
	}
	p.next()
	return nil
}

// wrongToken reports msg for an unexpected current token, or "unexpected
// character" when the lexer could not form a token. Like MLIR's
// emitWrongTokenError, the error is located just after the previous
// non-whitespace character (the end of the previous token), unless only
// whitespace precedes the token.
func (p *parser) wrongToken(msg string) *ParseError {
	if p.tok.kind == tokError {
		return p.errAt(p.tok.off, "unexpected character")
	}
	return p.errAt(p.prevEnd(p.tok.off), "%s", msg)
}

// prevEnd returns the offset just after the last non-whitespace byte before
// off, or off itself if only whitespace precedes it.
func (p *parser) prevEnd(off int) int {
	i := off
	for i > 0 && strings.IndexByte(" \t\r\n", p.src[i-1]) >= 0 {
		i--
	}
	if i == 0 {
		return off
	}
	return i
}

func (p *parser) parseMap() (Map, error) {
	start := p.tok.off
	numDims, numSyms := 0, 0
	if err := p.parseIDList(tokLParen, tokRParen, "(", ")", " in dimensional identifier list", func() Expr {
		numDims++
		return Dim(numDims - 1)
	}); err != nil {
		return Map{}, err
	}
	if p.tok.kind == tokLSquare {
		if err := p.parseIDList(tokLSquare, tokRSquare, "[", "]", " in symbol list", func() Expr {
			numSyms++
			return Sym(numSyms - 1)
		}); err != nil {
			return Map{}, err
		}
	}
	switch p.tok.kind {
	case tokArrow:
		p.next()
	case tokColon:
		return Map{}, p.errAt(start, "expected AffineMap, but got IntegerSet")
	default:
		return Map{}, p.wrongToken("expected '->' or ':'")
	}
	if err := p.expect(tokLParen, "expected '(' in affine map range"); err != nil {
		return Map{}, err
	}
	results := []Expr{}
	if p.tok.kind == tokRParen {
		return Map{NumDims: numDims, NumSymbols: numSyms, Results: results}, nil
	}
	for {
		e, _, err := p.parseExpr()
		if err != nil {
			return Map{}, err
		}
		results = append(results, e)
		if p.tok.kind == tokComma {
			p.next()
			continue
		}
		if p.tok.kind != tokRParen {
			return Map{}, p.wrongToken("expected ')' in affine map range")
		}
		// p.pos is just past ')': the token after it is deliberately not lexed.
		return Map{NumDims: numDims, NumSymbols: numSyms, Results: results}, nil
	}
}

// parseIDList parses a delimited, comma-separated list of identifier
// definitions, binding each name to the expression returned by mk.
func (p *parser) parseIDList(open, closeK tokKind, openS, closeS, ctx string, mk func() Expr) error {
	if err := p.expect(open, "expected '"+openS+"'"+ctx); err != nil {
		return err
	}
	if p.tok.kind == closeK {
		p.next()
		return nil
	}
	for {
		if p.tok.kind != tokIdent {
			return p.wrongToken("expected bare identifier")
		}
		name := p.tok.text
		if _, dup := p.names[name]; dup {
			return p.errAt(p.tok.off, "redefinition of identifier '%s'", name)
		}
		p.names[name] = mk()
		p.next()
		if p.tok.kind == tokComma {
			p.next()
			continue
		}
		return p.expect(closeK, "expected '"+closeS+"'"+ctx)
	}
}

// isLowPrec reports whether the current token is '+' or '-'.
func (p *parser) isLowPrec() bool { return p.tok.kind == tokPlus || p.tok.kind == tokMinus }

// highPrecOp returns the kind of a high-precedence operator at the current
// token ('*', floordiv, ceildiv, mod).
func (p *parser) highPrecOp() (Kind, bool) {
	switch {
	case p.tok.kind == tokStar:
		return KindMul, true
	case p.tok.kind != tokIdent:
		return 0, false
	case p.tok.text == "floordiv":
		return KindFloorDiv, true
	case p.tok.text == "ceildiv":
		return KindCeilDiv, true
	case p.tok.text == "mod":
		return KindMod, true
	}
	return 0, false
}

// parseExpr parses a sum of terms: term (('+' | '-') term)*. It returns
// the expression and the depth of its tree as built (see MaxDepth).
func (p *parser) parseExpr() (Expr, int, error) {
	lhs, depth, err := p.parseTerm(false)
	if err != nil {
		return nil, 0, err
	}
	for p.isLowPrec() {
		sub := p.tok.kind == tokMinus
		opOff := p.tok.off
		p.next()
		rhs, rd, err := p.parseTerm(true)
		if err != nil {
			return nil, 0, err
		}
		if depth, err = p.binaryDepth(depth, rd+btoi(sub), opOff); err != nil {
			return nil, 0, err
		}
		if sub {
			lhs = Sub(lhs, rhs)
		} else {
			lhs = Add(lhs, rhs)
		}
	}
	return lhs, depth, nil
}

// btoi is 1 for true: a subtraction adds the `* -1` of its right operand.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// binaryDepth returns the depth of a binary expression whose operands have
// depths l and r, or an error at the operator (at off) if it is more than
// MaxDepth. Checking before building matters: the simplifying constructors
// walk their operands recursively.
func (p *parser) binaryDepth(l, r, off int) (int, error) {
	d := max(l, r) + 1
	if d > MaxDepth {
		return 0, p.errAt(off, "affine expression nested deeper than %d levels (the limit is affine.MaxDepth)", MaxDepth)
	}
	return d, nil
}

// parseTerm parses operand (('*' | floordiv | ceildiv | mod) operand)*,
// checking MLIR's affine restrictions.
func (p *parser) parseTerm(hasLHS bool) (Expr, int, error) {
	lhs, depth, err := p.parseOperand(hasLHS)
	if err != nil {
		return nil, 0, err
	}
	for {
		op, ok := p.highPrecOp()
		if !ok {
			return lhs, depth, nil
		}
		opOff := p.tok.off
		p.next()
		rhs, rd, err := p.parseOperand(true)
		if err != nil {
			return nil, 0, err
		}
		if depth, err = p.binaryDepth(depth, rd, opOff); err != nil {
			return nil, 0, err
		}
		if op == KindMul {
			if !IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs) {
				return nil, 0, p.errAt(opOff, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
			}
		} else if !IsSymbolicOrConstant(rhs) {
			return nil, 0, p.errAt(opOff, "non-affine expression: right operand of %s has to be either a constant or symbolic", op)
		}
		lhs = Binary(op, lhs, rhs)
	}
}

// parseOperand parses an identifier, integer, parenthesized expression or
// negation. hasLHS selects MLIR's wording for a missing operand.
func (p *parser) parseOperand(hasLHS bool) (Expr, int, error) {
	t := p.tok
	switch t.kind {
	case tokIdent:
		e, ok := p.lookup(t.text)
		if !ok {
			return nil, 0, p.wrongToken("use of undeclared identifier")
		}
		p.next()
		return e, 1, nil
	case tokInt:
		base, digits := 10, t.text
		if strings.HasPrefix(digits, "0x") {
			base, digits = 16, digits[2:]
		}
		v, err := strconv.ParseUint(digits, base, 64)
		if err != nil || v > 1<<63-1 {
			return nil, 0, p.errAt(t.off, "constant too large for index")
		}
		p.next()
		return Const(int64(v)), 1, nil
	case tokLParen:
		// Parentheses nest the parser's recursion, not the tree: count
		// them too, or `((((...d0...))))` would overflow the stack.
		if p.parens++; p.parens > MaxDepth {
			return nil, 0, p.errAt(t.off, "affine expression nested deeper than %d levels (the limit is affine.MaxDepth)", MaxDepth)
		}
		p.next()
		if p.tok.kind == tokRParen {
			return nil, 0, p.errAt(p.tok.off, "no expression inside parentheses")
		}
		e, d, err := p.parseExpr()
		if err != nil {
			return nil, 0, err
		}
		if err := p.expect(tokRParen, "expected ')'"); err != nil {
			return nil, 0, err
		}
		p.parens--
		return e, d, nil
	case tokMinus:
		if p.parens++; p.parens > MaxDepth {
			return nil, 0, p.errAt(t.off, "affine expression nested deeper than %d levels (the limit is affine.MaxDepth)", MaxDepth)
		}
		p.next()
		e, d, err := p.parseOperand(hasLHS)
		if err != nil {
			return nil, 0, err
		}
		p.parens--
		if d, err = p.binaryDepth(d, 1, t.off); err != nil {
			return nil, 0, err
		}
		return Neg(e), d, nil
	case tokPlus, tokStar:
		if hasLHS {
			return nil, 0, p.errAt(t.off, "missing right operand of binary operator")
		}
		return nil, 0, p.errAt(t.off, "missing left operand of binary operator")
	case tokError:
		return nil, 0, p.errAt(t.off, "unexpected character")
	}
	if hasLHS {
		return nil, 0, p.errAt(t.off, "missing right operand of binary operator")
	}
	return nil, 0, p.errAt(t.off, "expected affine expression")
}

// lookup resolves an identifier to the dim or symbol it names.
func (p *parser) lookup(name string) (Expr, bool) {
	if !p.autoNames {
		e, ok := p.names[name]
		return e, ok
	}
	if len(name) < 2 || (name[0] != 'd' && name[0] != 's') {
		return nil, false
	}
	for i := 1; i < len(name); i++ {
		if !isDigit(name[i]) {
			return nil, false
		}
	}
	if len(name) > 2 && name[1] == '0' {
		return nil, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n > 1<<20 {
		return nil, false
	}
	if name[0] == 'd' {
		return Dim(n), true
	}
	return Sym(n), true
}
