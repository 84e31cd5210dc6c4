package filecheck

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
)

// checkKind is the kind of a directive (LLVM's Check::FileCheckType).
type checkKind int

const (
	kindPlain checkKind = iota // CHECK: (and CHECK-COUNT-N:)
	kindNext                   // CHECK-NEXT:
	kindSame                   // CHECK-SAME:
	kindNot                    // CHECK-NOT:
	kindDAG                    // CHECK-DAG:
	kindLabel                  // CHECK-LABEL:
	kindEmpty                  // CHECK-EMPTY:
	kindEOF                    // implicit end-of-input pattern
)

var (
	kindSuffix = [...]string{"", "-NEXT", "-SAME", "-NOT", "-DAG", "-LABEL", "-EMPTY", ""}
	kindAbbrev = [...]string{"check", "next", "same", "not", "dag", "label", "empty", "eof"}
)

// abbrev is the label used for the kind in the input dump.
func (k checkKind) abbrev(count int) string {
	if k == kindPlain && count > 1 {
		return "count"
	}
	return kindAbbrev[k]
}

// pieceKind classifies the parts of a parsed pattern.
type pieceKind int

const (
	pLit    pieceKind = iota // literal text
	pRegex                   // {{regex}}
	pStrDef                  // [[NAME:regex]]
	pStrUse                  // [[NAME]]
	pNumDef                  // [[#NAME:]], [[#%x,NAME:]], [[#NAME:expr]]
	pNumUse                  // [[#expr]], [[@LINE+1]]
)

// piece is one component of a pattern.
type piece struct {
	kind   pieceKind
	text   string    // literal text, or regex translated to Go syntax
	name   string    // variable name (definitions and string uses)
	expr   *numExpr  // numeric expression, if any
	format numFormat // numeric format (explicit, implicit or %u)
	groups int       // capture groups inside text
	paren  bool      // LLVM parenthesizes this {{regex}} in its regex string
	off    int       // offset in the pattern's source, for diagnostics
	from   string    // source text: regex as written, or the substitution shown in notes
}

// pattern is the parsed form of one directive (LLVM's Pattern).
type pattern struct {
	kind     checkKind
	count    int  // CHECK-COUNT-N; 1 otherwise
	literal  bool // {LITERAL} modifier
	prefix   string
	src      *source // buffer holding the pattern text
	loc      int     // offset of the pattern text in src
	line     int     // check file line, the value of @LINE
	impIndex int     // 1-based index of an --implicit-check-not pattern

	isFixed  bool
	fixed    string // the fixed string when isFixed
	pieces   []piece
	fullLine bool // --match-full-lines anchoring
	strict   bool // --strict-whitespace
	fold     bool // --ignore-case
	hasVar   bool // has string definitions or substitutions (forbidden in LABEL)

	cacheSrc string
	cacheRe  *regexp.Regexp
}

// description is the directive name used in messages, e.g. "CHECK-NEXT".
func (p *pattern) description() string {
	if p.kind == kindEOF {
		return "implicit EOF"
	}
	s := p.prefix + kindSuffix[p.kind]
	if p.kind == kindPlain && p.count > 1 {
		s += "-COUNT"
	}
	if p.literal {
		s += "{LITERAL}"
	}
	return s
}

// parseError is a check-file (or command-line) error located in a source.
type parseError struct {
	src   *source
	off   int
	msg   string
	blank bool // LLVM prints ErrorDiagnostic-based errors followed by a blank line
}

func errAt(src *source, off int, format string, args ...any) *parseError {
	return &parseError{src: src, off: off, msg: fmt.Sprintf(format, args...)}
}

func blankLine(e *parseError) *parseError {
	if e != nil {
		e.blank = true
	}
	return e
}

// compileRegex compiles a POSIX ERE with leftmost-longest semantics, where
// '.' and negated bracket expressions do not match newlines and ^/$ match at
// line boundaries (like LLVM's Regex with the Newline flag).
func compileRegex(expr string, fold bool) (*regexp.Regexp, error) {
	if !fold {
		return regexp.CompilePOSIX(expr)
	}
	re, err := syntax.Parse(expr, syntax.POSIX|syntax.FoldCase)
	if err != nil {
		return nil, err
	}
	r, err := regexp.Compile(re.String())
	if err != nil {
		return nil, err
	}
	r.Longest()
	return r, nil
}

// translateERE adapts a POSIX ERE as accepted by LLVM's regcomp to Go's
// POSIX syntax: outside bracket expressions "\" before a letter or '0' is the
// literal character (so "\n" is 'n' and "\d" is 'd', as in LLVM), "\1".."\9"
// (back-references) are rejected, and inside bracket expressions a backslash
// is an ordinary character.
func translateERE(re string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		c := re[i]
		switch {
		case c == '\\' && i+1 < len(re):
			i++
			switch n := re[i]; {
			case n >= '1' && n <= '9':
				return "", fmt.Errorf("back-references are not supported: `\\%c`", n)
			case isVarChar(n):
				b.WriteByte(n)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '[':
			j := i + 1
			if j < len(re) && re[j] == '^' {
				j++
			}
			if j < len(re) && re[j] == ']' {
				j++
			}
			for ; j < len(re) && re[j] != ']'; j++ {
				if re[j] == '[' && j+1 < len(re) && strings.IndexByte(":.=", re[j+1]) >= 0 {
					if k := strings.Index(re[j+2:], string(re[j+1])+"]"); k >= 0 {
						j += k + 3
					}
				}
			}
			b.WriteString(strings.ReplaceAll(re[i:min(j+1, len(re))], `\`, `\\`))
			i = j
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// checkRegex validates a user regex and returns its number of groups.
func checkRegex(expr string, fold bool) (int, error) {
	re, err := compileRegex(expr, fold)
	if err != nil {
		return 0, errors.New(strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return re.NumSubexp(), nil
}

// parseCtx tracks variables across the whole check file (and the command
// line) while parsing, like LLVM's FileCheckPatternContext: each numeric
// variable keeps the format of its first use or definition.
type parseCtx struct {
	strVars map[string]bool
	numVars map[string]numFormat
	numLine map[string]int // line of the definition that created a numeric variable
}

func newParseCtx() *parseCtx {
	return &parseCtx{strVars: map[string]bool{}, numVars: map[string]numFormat{}, numLine: map[string]int{}}
}

// patParser holds the state for parsing one directive.
type patParser struct {
	*pattern
	ctx     *parseCtx
	strDefs map[string]bool // string variables defined earlier in this directive
}

// parsePattern parses the text of a directive into p, mirroring
// Pattern::parsePattern in LLVM's FileCheck.cpp.
func parsePattern(p *pattern, text string, o *Options, ctx *parseCtx) *parseError {
	fullLine := o.MatchFullLines && p.kind != kindNot
	p.strict, p.fold = o.StrictWhitespace, o.IgnoreCase
	if !(o.StrictWhitespace && o.MatchFullLines) {
		text = strings.TrimRight(text, " \t")
	}
	if text == "" && p.kind != kindEmpty {
		return errAt(p.src, p.loc, "found empty check string with prefix '%s:'", p.prefix)
	}
	if text != "" && p.kind == kindEmpty {
		return errAt(p.src, p.loc, "found non-empty check string for empty check with prefix '%s:'", p.prefix)
	}
	if p.kind == kindEmpty {
		p.pieces = []piece{{kind: pRegex, text: "\n$"}}
		return nil
	}
	if p.literal || !fullLine && (len(text) < 2 || !strings.Contains(text, "{{") && !strings.Contains(text, "[[")) {
		p.isFixed, p.fixed = true, text
		return nil
	}
	p.fullLine = fullLine
	off := p.loc
	pp := &patParser{pattern: p, ctx: ctx, strDefs: map[string]bool{}}
	for len(text) > 0 {
		var adv int
		switch {
		case strings.HasPrefix(text, "{{"):
			end := strings.Index(text, "}}")
			if end < 0 {
				return errAt(p.src, off, "found start of regex string with no end '}}'")
			}
			re, err := translateERE(text[2:end])
			if re == "" && err == nil {
				err = fmt.Errorf("empty (sub)expression")
			}
			n := 0
			if err == nil {
				n, err = checkRegex(re, p.fold)
			}
			if err != nil {
				return errAt(p.src, off+2, "invalid regex: %v", err)
			}
			p.pieces = append(p.pieces, piece{kind: pRegex, text: re, groups: n, off: off + 2, from: text[2:end],
				paren: strings.Contains(text, "|")})
			adv = end + 2
		case strings.HasPrefix(text, "[[") && !strings.HasPrefix(text, "[[["):
			end, perr := findRegexVarEnd(p.src, text[2:], off+2)
			if perr != nil {
				return perr
			}
			if end < 0 {
				return errAt(p.src, off, "Invalid substitution block, no ]] found")
			}
			if perr := pp.parseBlock(text[2:2+end], off+2); perr != nil {
				return perr
			}
			adv = end + 4
		default:
			adv = len(text)
			if i := strings.Index(text[1:], "{{"); i >= 0 {
				adv = i + 1
			}
			if i := strings.Index(text[1:], "[["); i >= 0 && i+1 < adv {
				adv = i + 1
			}
			p.pieces = append(p.pieces, piece{kind: pLit, text: text[:adv], off: off})
		}
		text, off = text[adv:], off+adv
	}
	return nil
}

// findRegexVarEnd finds the "]]" closing a substitution block, skipping
// brackets and escapes inside regexes; -1 if there is none.
func findRegexVarEnd(src *source, s string, off int) (int, *parseError) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case depth == 0 && strings.HasPrefix(s[i:], "]]"):
			return i, nil
		case s[i] == '\\':
			i++
		case s[i] == '[':
			depth++
		case s[i] == ']':
			if depth == 0 {
				return 0, errAt(src, off+i, `missing closing "]" for regex variable`)
			}
			depth--
		}
	}
	return -1, nil
}

func isVarStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isVarChar(c byte) bool  { return isVarStart(c) || c >= '0' && c <= '9' }

// parseVarName parses "[$@]?[A-Za-z_][A-Za-z0-9_]*" at the start of s.
func parseVarName(s string) (name, rest, errMsg string) {
	if s == "" {
		return "", s, "empty variable name"
	}
	i := 0
	if s[0] == '$' || s[0] == '@' {
		i++
	}
	if i == len(s) {
		if s[0] == '@' {
			return "", s, "empty pseudo variable name"
		}
		return "", s, "empty global variable name"
	}
	if !isVarStart(s[i]) {
		return "", s, "invalid variable name"
	}
	for i++; i < len(s) && isVarChar(s[i]); i++ {
	}
	return s[:i], s[i:], ""
}

// parseBlock parses the inside of a "[[...]]" substitution block at off.
func (pp *patParser) parseBlock(block string, off int) *parseError {
	p := pp.pattern
	if strings.HasPrefix(block, "#") {
		return blankLine(pp.parseNumericBlock(block[1:], off+1))
	}
	name, rest, msg := parseVarName(block)
	if msg != "" {
		return blankLine(errAt(p.src, off, "%s", msg))
	}
	pseudo := name[0] == '@'
	if strings.IndexByte(block, ':') >= 0 {
		if pseudo || !strings.HasPrefix(rest, ":") {
			return errAt(p.src, off, "invalid name in string variable definition")
		}
		re, err := translateERE(rest[1:])
		n := 0
		if err == nil && re != "" {
			n, err = checkRegex(re, p.fold)
		}
		if err != nil {
			return errAt(p.src, off+len(name)+1, "invalid regex: %v", err)
		}
		if _, ok := pp.ctx.numVars[name]; ok {
			return errAt(p.src, off, "numeric variable with name '%s' already exists", name)
		}
		pp.strDefs[name], pp.ctx.strVars[name] = true, true
		p.hasVar = true
		p.pieces = append(p.pieces, piece{kind: pStrDef, name: name, text: re, groups: n, off: off, from: rest[1:]})
		return nil
	}
	if pseudo {
		return blankLine(pp.parseNumericBlock(block, off))
	}
	if rest != "" {
		return errAt(p.src, off, "invalid name in string variable use")
	}
	if pp.strDefs[name] {
		return errAt(p.src, off, "string variable '%s' defined earlier in the same directive cannot be used here (no back-references in Go regexp)", name)
	}
	p.hasVar = true
	p.pieces = append(p.pieces, piece{kind: pStrUse, name: name, off: off, from: name})
	return nil
}

// parseNumericBlock parses "[%fmt,][NAME:][==]expr" (the text after "[[#").
func (pp *patParser) parseNumericBlock(s string, off int) *parseError {
	p := pp.pattern
	pc := piece{kind: pNumUse, from: s, off: off}
	sc := scanner{s: s, off: off}
	sc.space()
	explicit := sc.peek() == '%'
	if explicit {
		f, ok := parseFormat(&sc)
		sc.space()
		if !ok || !sc.eat(",") {
			return errAt(p.src, sc.pos(), "invalid format specifier in expression")
		}
		pc.format = f
		sc.space()
	}
	def, defOff := "", -1
	if i := strings.IndexByte(sc.s, ':'); i >= 0 {
		def, defOff = sc.s[:i], sc.pos()
		sc.advance(i + 1)
	}
	sc.space()
	constraint := sc.eat("==")
	sc.space()
	if sc.s != "" {
		e, perr := pp.parseExpr(&sc)
		if perr != nil {
			return perr
		}
		sc.space()
		if sc.s != "" {
			return errAt(p.src, sc.pos(), "unexpected characters at end of expression '%s'", sc.s)
		}
		pc.expr = e
		p.hasVar = true // any expression is a substitution in LLVM
		if !explicit {
			if pc.format, perr = e.implicitFormat(p.src); perr != nil {
				return perr
			}
		}
	} else if constraint {
		return errAt(p.src, sc.pos(), "empty numeric expression should not have a constraint")
	}
	if pc.format.kind == 0 {
		pc.format.kind = 'u'
	}
	if defOff >= 0 || pc.expr == nil { // a definition, or "[[#]]" matching any number
		pc.kind = pNumDef
	}
	if defOff >= 0 {
		name, rest, msg := parseVarName(def)
		switch {
		case msg != "":
			return errAt(p.src, defOff, "%s", msg)
		case name[0] == '@':
			return errAt(p.src, defOff, "definition of pseudo numeric variable unsupported")
		case pp.ctx.strVars[name]:
			return errAt(p.src, defOff, "string variable with name '%s' already exists", name)
		case strings.TrimLeft(rest, " \t") != "":
			return errAt(p.src, defOff+len(def)-len(strings.TrimLeft(rest, " \t")), "unexpected characters after numeric variable name")
		}
		if prev, ok := pp.ctx.numVars[name]; !ok {
			pp.ctx.numVars[name], pp.ctx.numLine[name] = pc.format, p.line
		} else if prev != pc.format {
			return errAt(p.src, defOff+len(def), "format different from previous variable definition")
		}
		pc.name = name
	}
	p.pieces = append(p.pieces, pc)
	return nil
}

// regexFor builds the regex for the pattern. When vars is nil, substitutions
// are left out (used for the fuzzy-match example string). defs lists the
// capture group of each variable-defining piece.
func (p *pattern) regexFor(vars *varContext) (re string, defs []groupDef, errs []*parseError) {
	var b strings.Builder
	if p.fullLine {
		b.WriteString("^")
		if !p.strict {
			b.WriteString(" *")
		}
	}
	group := 0
	for i, pc := range p.pieces {
		switch pc.kind {
		case pLit:
			b.WriteString(regexp.QuoteMeta(pc.text))
		case pRegex, pStrDef:
			if vars == nil { // LLVM's own regex text, used for fuzzy matching
				if pc.kind == pStrDef || pc.paren {
					b.WriteString("(" + pc.from + ")")
				} else {
					b.WriteString(pc.from)
				}
				continue
			}
			if pc.kind == pStrDef {
				defs = append(defs, groupDef{piece: i, group: group + 1})
			}
			b.WriteString("(" + pc.text + ")")
			group += 1 + pc.groups
		case pStrUse:
			if vars == nil {
				continue
			}
			v, ok := vars.str[pc.name]
			if !ok {
				errs = append(errs, errAt(p.src, pc.off, "undefined variable: %s", pc.name))
			}
			b.WriteString(regexp.QuoteMeta(v))
		case pNumDef, pNumUse:
			text, f := "", pc.format
			if pc.expr != nil && vars != nil {
				v, eerrs := pc.expr.eval(vars, p.line)
				for _, e := range eerrs {
					errs = append(errs, errAt(p.src, e.off, "%s", e.msg))
				}
				if eerrs != nil {
					continue
				}
				var ok bool
				if text, ok = f.format(v); !ok {
					errs = append(errs, errAt(p.src, pc.off, "unable to substitute variable or numeric expression: overflow error"))
					continue
				}
			}
			text = regexp.QuoteMeta(text)
			if pc.kind == pNumDef {
				if pc.expr == nil {
					text = f.wildcard()
				}
				defs = append(defs, groupDef{piece: i, group: group + 1})
				group += 1 + countGroups(text)
				text = "(" + text + ")"
			}
			b.WriteString(text)
		}
	}
	if p.fullLine {
		if !p.strict {
			b.WriteString(" *")
		}
		b.WriteString("$")
	}
	return b.String(), defs, errs
}

// groupDef records the capture group holding a variable definition's value.
type groupDef struct{ piece, group int }

func countGroups(re string) int {
	r, err := regexp.CompilePOSIX(re)
	if err != nil {
		return 0
	}
	return r.NumSubexp()
}

// substitutions returns the `with "X" equal to "V"` notes for the pattern.
func (p *pattern) substitutions(vars *varContext) []string {
	var notes []string
	for _, pc := range p.pieces {
		var val string
		switch {
		case pc.kind == pStrUse:
			v, ok := vars.str[pc.name]
			if !ok {
				continue
			}
			val = regexp.QuoteMeta(v) // LLVM shows the escaped value it substitutes
		case pc.expr != nil: // numeric substitution, possibly defining a variable
			v, eerrs := pc.expr.eval(vars, p.line)
			if eerrs != nil {
				continue
			}
			s, ok := pc.format.format(v)
			if !ok {
				continue
			}
			val = s
		default:
			continue
		}
		notes = append(notes, fmt.Sprintf("with \"%s\" equal to \"%s\"", writeEscaped(pc.from), writeEscaped(val)))
	}
	return notes
}

// exampleString is the string LLVM's fuzzy matching compares the input
// with: the fixed string, or the regex without substituted values.
func (p *pattern) exampleString() string {
	if p.isFixed {
		return p.fixed
	}
	if p.kind == kindEmpty {
		return "(\n$)"
	}
	re, _, _ := p.regexFor(nil)
	return re
}
