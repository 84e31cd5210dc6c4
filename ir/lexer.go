package ir

// tokKind classifies a token of MLIR's textual format.
type tokKind uint8

const (
	tEOF tokKind = iota
	tError
	tBareIdent   // foo, func.func, f32, x
	tPercentId   // %0, %arg0
	tCaretId     // ^bb0
	tAtId        // @name, @"quoted"
	tHashId      // #map
	tExclaimId   // !alias
	tInteger     // 42, 0x2A
	tFloat       // 1.5, 2.0e-3
	tString      // "text"
	tLParen      // (
	tRParen      // )
	tLSquare     // [
	tRSquare     // ]
	tLBrace      // {
	tRBrace      // }
	tLess        // <
	tGreater     // >
	tComma       // ,
	tColon       // :
	tColonColon  // ::
	tEqual       // =
	tArrow       // ->
	tQuestion    // ?
	tStar        // *
	tPlus        // +
	tMinus       // -
	tEllipsis    // ...
	tFileMetaBeg // {-#
	tFileMetaEnd // #-}
	tVerticalBar // |
)

var tokNames = [...]string{"end of file", "error", "identifier", "SSA value", "block label", "symbol",
	"'#' identifier", "'!' identifier", "integer", "float", "string", "'('", "')'", "'['", "']'", "'{'", "'}'",
	"'<'", "'>'", "','", "':'", "'::'", "'='", "'->'", "'?'", "'*'", "'+'", "'-'", "'...'", "'{-#'", "'#-}'", "'|'"}

func (k tokKind) String() string { return tokNames[k] }

// token is a lexed token: its kind, byte span and position.
type token struct {
	kind       tokKind
	start, end int
	line, col  int32
}

// lexer scans MLIR text. It tracks line numbers as it goes so that every
// token carries its position without a later search.
type lexer struct {
	src       []byte
	pos       int
	line      int32
	lineStart int
	errMsg    string
}

func newLexer(src []byte) *lexer { return &lexer{src: src, line: 1} }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.'
}
func isSuffixChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' || c == '-'
}

// skipSpace skips white space and `//` comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.pos++
			l.line++
			l.lineStart = l.pos
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) next() token {
	l.skipSpace()
	t := token{start: l.pos, line: l.line, col: int32(l.pos - l.lineStart + 1)}
	if l.pos >= len(l.src) {
		t.kind = tEOF
		t.end = l.pos
		return t
	}
	c := l.src[l.pos]
	l.pos++
	one := func(k tokKind) token { t.kind = k; t.end = l.pos; return t }
	switch c {
	case '(':
		return one(tLParen)
	case ')':
		return one(tRParen)
	case '[':
		return one(tLSquare)
	case ']':
		return one(tRSquare)
	case '{':
		if l.peekStr("-#") {
			l.pos += 2
			return one(tFileMetaBeg)
		}
		return one(tLBrace)
	case '}':
		return one(tRBrace)
	case '<':
		return one(tLess)
	case '>':
		return one(tGreater)
	case ',':
		return one(tComma)
	case '=':
		return one(tEqual)
	case '?':
		return one(tQuestion)
	case '*':
		return one(tStar)
	case '+':
		return one(tPlus)
	case '|':
		return one(tVerticalBar)
	case ':':
		if l.pos < len(l.src) && l.src[l.pos] == ':' {
			l.pos++
			return one(tColonColon)
		}
		return one(tColon)
	case '-':
		if l.pos < len(l.src) && l.src[l.pos] == '>' {
			l.pos++
			return one(tArrow)
		}
		return one(tMinus)
	case '.':
		if l.peekStr("..") {
			l.pos += 2
			return one(tEllipsis)
		}
		return l.errorTok(t, "unexpected character '.'")
	case '"':
		return l.lexString(t)
	case '%':
		return l.lexPrefixed(t, tPercentId)
	case '^':
		return l.lexPrefixed(t, tCaretId)
	case '!':
		return l.lexPrefixed(t, tExclaimId)
	case '#':
		if l.peekStr("-}") {
			l.pos += 2
			return one(tFileMetaEnd)
		}
		return l.lexPrefixed(t, tHashId)
	case '@':
		if l.pos < len(l.src) && l.src[l.pos] == '"' {
			l.pos++
			st := l.lexString(t)
			if st.kind == tError {
				return st
			}
			st.kind = tAtId
			return st
		}
		if l.pos < len(l.src) && (isLetter(l.src[l.pos]) || l.src[l.pos] == '_') {
			for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
				l.pos++
			}
			return one(tAtId)
		}
		return l.errorTok(t, "expected symbol name after '@'")
	}
	if isLetter(c) || c == '_' {
		for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		return one(tBareIdent)
	}
	if isDigit(c) {
		return l.lexNumber(t)
	}
	return l.errorTok(t, "unexpected character")
}

func (l *lexer) peekStr(s string) bool {
	return l.pos+len(s) <= len(l.src) && string(l.src[l.pos:l.pos+len(s)]) == s
}

func (l *lexer) errorTok(t token, msg string) token {
	t.kind = tError
	t.end = l.pos
	l.errMsg = msg
	return t
}

// lexPrefixed lexes `%id`, `^id`, `#id`, `!id` (ids may be all digits).
func (l *lexer) lexPrefixed(t token, k tokKind) token {
	start := l.pos
	if l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.pos++
		}
	} else {
		for l.pos < len(l.src) && isSuffixChar(l.src[l.pos]) {
			l.pos++
		}
	}
	if l.pos == start {
		if k == tHashId || k == tExclaimId {
			// `#` / `!` followed by `<` is not valid; report below.
		}
		return l.errorTok(t, "invalid identifier after '"+string(l.src[t.start])+"'")
	}
	t.kind = k
	t.end = l.pos
	return t
}

func (l *lexer) lexNumber(t token) token {
	// Hex integer: 0x...
	if l.src[l.pos-1] == '0' && l.pos+1 < len(l.src) && l.src[l.pos] == 'x' && isHex(l.src[l.pos+1]) {
		l.pos++
		for l.pos < len(l.src) && isHex(l.src[l.pos]) {
			l.pos++
		}
		t.kind = tInteger
		t.end = l.pos
		return t
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '.' {
		t.kind = tInteger
		t.end = l.pos
		return t
	}
	l.pos++
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(l.src) && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < len(l.src) && isDigit(l.src[p]) {
			l.pos = p
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
	}
	t.kind = tFloat
	t.end = l.pos
	return t
}

func (l *lexer) lexString(t token) token {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		l.pos++
		switch c {
		case '"':
			t.kind = tString
			t.end = l.pos
			return t
		case '\n':
			return l.errorTok(t, "expected '\"' in string literal")
		case '\\':
			if l.pos >= len(l.src) {
				return l.errorTok(t, "expected '\"' in string literal")
			}
			e := l.src[l.pos]
			switch {
			case e == '"' || e == '\\' || e == 'n' || e == 't':
				l.pos++
			case l.pos+1 < len(l.src) && isHex(e) && isHex(l.src[l.pos+1]):
				l.pos += 2
			default:
				return l.errorTok(t, "unknown escape in string literal")
			}
		}
	}
	return l.errorTok(t, "expected '\"' in string literal")
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// unquote decodes the body of a lexed string token (with quotes).
func unquote(s []byte) string {
	s = s[1 : len(s)-1]
	if !containsByte(s, '\\') {
		return string(s)
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			out = append(out, s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case '"', '\\':
			out = append(out, s[i])
		default:
			out = append(out, hexVal(s[i])<<4|hexVal(s[i+1]))
			i++
		}
	}
	return string(out)
}

func containsByte(s []byte, c byte) bool {
	for _, x := range s {
		if x == c {
			return true
		}
	}
	return false
}
