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

// Character classes, looked up in a table: one load and a mask test per
// byte in the identifier and number loops that dominate lexing.
const (
	ccLetter = 1 << iota // a-z A-Z
	ccDigit              // 0-9
	ccHex                // 0-9 a-f A-F
	ccIdent              // letters, digits, _ $ .
	ccSuffix             // ccIdent and '-' (%foo-bar, #map-x)
	ccSpace              // ' ' '\t' '\r' (newlines are handled apart: they count lines)
)

var charClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		letter := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
		digit := b >= '0' && b <= '9'
		if letter {
			t[c] |= ccLetter
		}
		if digit {
			t[c] |= ccDigit
		}
		if digit || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' {
			t[c] |= ccHex
		}
		if letter || digit || b == '_' || b == '$' || b == '.' {
			t[c] |= ccIdent | ccSuffix
		}
		if b == '-' {
			t[c] |= ccSuffix
		}
		if b == ' ' || b == '\t' || b == '\r' {
			t[c] |= ccSpace
		}
	}
	return t
}()

func isLetter(c byte) bool    { return charClass[c]&ccLetter != 0 }
func isDigit(c byte) bool     { return charClass[c]&ccDigit != 0 }
func isHex(c byte) bool       { return charClass[c]&ccHex != 0 }
func isIdentChar(c byte) bool { return charClass[c]&ccIdent != 0 }

// skipClass returns the first position at or after i whose byte is not in
// class cc (or len(src)).
func skipClass(src []byte, i int, cc uint8) int {
	for i < len(src) && charClass[src[i]]&cc != 0 {
		i++
	}
	return i
}

// skipSpace skips white space and `//` comments.
func (l *lexer) skipSpace() {
	src, i := l.src, l.pos
	for i < len(src) {
		c := src[i]
		switch {
		case charClass[c]&ccSpace != 0:
			i++
		case c == '\n':
			i++
			l.line++
			l.lineStart = i
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		default:
			l.pos = i
			return
		}
	}
	l.pos = i
}

// singleTok maps the punctuation characters that always form a token of
// their own to its kind (tEOF: not such a character).
var singleTok = [256]tokKind{'(': tLParen, ')': tRParen, '[': tLSquare, ']': tRSquare,
	'}': tRBrace, '<': tLess, '>': tGreater, ',': tComma, '=': tEqual, '?': tQuestion,
	'*': tStar, '+': tPlus, '|': tVerticalBar}

// lexCommon lexes the tokens that make up most of a module (punctuation,
// identifiers, SSA names, after spaces and newlines) and reports whether
// it did; if not, it leaves the position after the white space it
// skipped, for lexAny. It calls nothing, so it compiles to a cheap leaf
// function.
func (l *lexer) lexCommon(t *token) bool {
	src := l.src
	i := l.pos
	for i < len(src) {
		c := src[i]
		if c > ' ' {
			break
		}
		if c == ' ' {
			i++
			continue
		}
		if c != '\n' {
			break // tabs and the like: lexAny
		}
		i++
		l.line++
		l.lineStart = i
	}
	if i >= len(src) {
		l.pos = i
		return false
	}
	start := i
	c := src[i]
	i++
	k := singleTok[c]
	switch {
	case k != tEOF:
	case charClass[c]&ccLetter != 0 || c == '_':
		for i < len(src) && charClass[src[i]]&ccIdent != 0 {
			i++
		}
		k = tBareIdent
	case c == '%' && i < len(src) && charClass[src[i]]&ccLetter != 0:
		for i < len(src) && charClass[src[i]]&ccSuffix != 0 {
			i++
		}
		k = tPercentId
	case c == ':':
		k = tColon
		if i < len(src) && src[i] == ':' {
			i++
			k = tColonColon
		}
	default:
		l.pos = start
		return false
	}
	l.pos = i
	t.kind, t.start, t.end, t.line, t.col = k, start, i, l.line, int32(start-l.lineStart+1)
	return true
}

// lexAny lexes any token (see lexCommon).
func (l *lexer) lexAny(t *token) {
	l.skipSpace()
	src := l.src
	i := l.pos
	t.start, t.line, t.col = i, l.line, int32(i-l.lineStart+1)
	if i >= len(src) {
		l.pos = i
		t.kind, t.end = tEOF, i
		return
	}
	c := src[i]
	i++
	if k := singleTok[c]; k != tEOF {
		l.pos = i
		t.kind, t.end = k, i
		return
	}
	cc := charClass[c]
	switch {
	case cc&ccLetter != 0 || c == '_':
		i = skipClass(src, i, ccIdent)
		l.pos = i
		t.kind, t.end = tBareIdent, i
		return
	case cc&ccDigit != 0:
		l.pos = i
		l.lexNumber(t)
		return
	}
	l.pos = i
	switch c {
	case '%':
		l.lexPrefixed(t, tPercentId)
	case '{':
		if l.peekStr("-#") {
			l.pos += 2
			l.finish(t, tFileMetaBeg)
			return
		}
		l.finish(t, tLBrace)
	case ':':
		if i < len(src) && src[i] == ':' {
			l.pos++
			l.finish(t, tColonColon)
			return
		}
		l.finish(t, tColon)
	case '-':
		if i < len(src) && src[i] == '>' {
			l.pos++
			l.finish(t, tArrow)
			return
		}
		l.finish(t, tMinus)
	case '.':
		if l.peekStr("..") {
			l.pos += 2
			l.finish(t, tEllipsis)
			return
		}
		l.errorTok(t, "unexpected character '.'")
	case '"':
		l.lexString(t)
	case '^':
		l.lexPrefixed(t, tCaretId)
	case '!':
		l.lexPrefixed(t, tExclaimId)
	case '#':
		if l.peekStr("-}") {
			l.pos += 2
			l.finish(t, tFileMetaEnd)
			return
		}
		l.lexPrefixed(t, tHashId)
	case '@':
		if i < len(src) && src[i] == '"' {
			l.pos++
			if l.lexString(t); t.kind != tError {
				t.kind = tAtId
			}
			return
		}
		if i < len(src) && (isLetter(src[i]) || src[i] == '_') {
			l.pos = skipClass(src, i, ccIdent)
			l.finish(t, tAtId)
			return
		}
		l.errorTok(t, "expected symbol name after '@'")
	default:
		l.errorTok(t, "unexpected character")
	}
}

// finish ends token t of kind k at the current position.
func (l *lexer) finish(t *token, k tokKind) { t.kind, t.end = k, l.pos }

func (l *lexer) peekStr(s string) bool {
	return l.pos+len(s) <= len(l.src) && string(l.src[l.pos:l.pos+len(s)]) == s
}

func (l *lexer) errorTok(t *token, msg string) {
	l.finish(t, tError)
	l.errMsg = msg
}

// lexPrefixed lexes `%id`, `^id`, `#id`, `!id` (ids may be all digits).
func (l *lexer) lexPrefixed(t *token, k tokKind) {
	start := l.pos
	if start < len(l.src) && isDigit(l.src[start]) {
		l.pos = skipClass(l.src, start, ccDigit)
	} else {
		l.pos = skipClass(l.src, start, ccSuffix)
	}
	if l.pos == start {
		l.invalidIdent(t)
		return
	}
	l.finish(t, k)
}

//go:noinline
func (l *lexer) invalidIdent(t *token) {
	l.errorTok(t, "invalid identifier after '"+string(l.src[t.start])+"'")
}

// lexNumber lexes an integer or float literal whose first digit has been
// consumed.
func (l *lexer) lexNumber(t *token) {
	src := l.src
	// Hex integer: 0x...
	if src[l.pos-1] == '0' && l.pos+1 < len(src) && src[l.pos] == 'x' && isHex(src[l.pos+1]) {
		l.pos = skipClass(src, l.pos+1, ccHex)
		l.finish(t, tInteger)
		return
	}
	l.pos = skipClass(src, l.pos, ccDigit)
	if l.pos >= len(src) || src[l.pos] != '.' {
		l.finish(t, tInteger)
		return
	}
	l.pos = skipClass(src, l.pos+1, ccDigit)
	if l.pos < len(src) && (src[l.pos] == 'e' || src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(src) && (src[p] == '+' || src[p] == '-') {
			p++
		}
		if p < len(src) && isDigit(src[p]) {
			l.pos = skipClass(src, p, ccDigit)
		}
	}
	l.finish(t, tFloat)
}

func (l *lexer) lexString(t *token) {
	src := l.src
	for l.pos < len(src) {
		c := src[l.pos]
		l.pos++
		switch c {
		case '"':
			l.finish(t, tString)
			return
		case '\n':
			l.errorTok(t, "expected '\"' in string literal")
			return
		case '\\':
			if l.pos >= len(src) {
				l.errorTok(t, "expected '\"' in string literal")
				return
			}
			e := src[l.pos]
			switch {
			case e == '"' || e == '\\' || e == 'n' || e == 't':
				l.pos++
			case l.pos+1 < len(src) && isHex(e) && isHex(src[l.pos+1]):
				l.pos += 2
			default:
				l.errorTok(t, "unknown escape in string literal")
				return
			}
		}
	}
	l.errorTok(t, "expected '\"' in string literal")
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
