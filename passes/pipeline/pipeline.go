package pipeline

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Element is one entry of a pipeline: either a pass (Pass != "") or a nested
// pipeline anchored on an op name (Anchor != "").
type Element struct {
	// Anchor is the op name a nested pipeline runs on, e.g. "func.func" or
	// "builtin.module". Empty for passes.
	Anchor string
	// Pass is the pass name, e.g. "canonicalize". Empty for nested pipelines.
	Pass string
	// Options are the pass options in source order (passes only).
	Options []Option
	// Nested is the body of an anchored pipeline (anchored elements only).
	// It may be empty, as in "builtin.module()".
	Nested []Element
	// Offset is the byte offset of the element's name in the parsed text.
	Offset int
}

// Option is one entry of a pass options block: "key" or "key=value".
type Option struct {
	// Key is the option name, e.g. "max-iterations".
	Key string
	// Value is the raw source text of the value, e.g. "3", "\"a b\"" or
	// "{x=1 y=[2,3]}". Quotes and nested groups are kept verbatim; see
	// Unquoted. An empty Value means the option was given without '='.
	Value string
}

// Error is a syntax error in a pass pipeline.
type Error struct {
	// Offset is the byte offset of the error in the parsed text.
	Offset int
	// Line and Column are the 1-based position corresponding to Offset.
	Line, Column int
	// Msg describes the problem, e.g. "expected ')'".
	Msg string
}

// Error formats the error as "pass pipeline:LINE:COL: MSG".
func (e *Error) Error() string {
	return fmt.Sprintf("pass pipeline:%d:%d: %s", e.Line, e.Column, e.Msg)
}

// Parse parses a pipeline string. The result is the top-level list; if the
// text is anchored (builtin.module(...)), it returns one Element with Anchor
// set. Text consisting only of whitespace yields an empty list and no error.
// Syntax errors are returned as *Error.
func Parse(text string) ([]Element, error) {
	g, err := parser().ParseString("", text)
	if err != nil {
		return nil, convertError(text, err)
	}
	return convertList(text, g.Elems)
}

// MustParse is like Parse but panics on error. It is intended for pipelines
// that are constants in the program.
func MustParse(text string) []Element {
	elems, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return elems
}

// String prints the element back in canonical MLIR form, e.g.
// "builtin.module(func.func(cse),canonicalize{max-iterations=3})". Canonical
// form has no whitespace except single spaces between options, and omits
// empty options blocks.
func (e Element) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

// Format prints a list of elements in canonical form, separated by commas.
// Format(Parse(s)) is the canonical spelling of s.
func Format(elems []Element) string {
	var b strings.Builder
	writeList(&b, elems)
	return b.String()
}

// String prints the option as "key" or "key=value".
func (o Option) String() string {
	if o.Value == "" {
		return o.Key
	}
	return o.Key + "=" + o.Value
}

// QuoteValue spells v as an option value that parses back to v (through
// Option.Unquoted): bare when it is one word of the options block's
// syntax, which may hold any character but whitespace, quotes, '=' and
// brackets ("canonicalize", "a,b,c", "-1"), else double quoted with
// backslashes before '"' and '\'.
func QuoteValue(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\n\r\f\v{}[]=\"'") {
		return v
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	b.WriteByte('"')
	return b.String()
}

// Unquoted returns the option value with one level of surrounding single or
// double quotes removed (and, for double quotes, backslash escapes
// resolved). Other values are returned unchanged.
func (o Option) Unquoted() string {
	v := o.Value
	if len(v) < 2 {
		return v
	}
	switch {
	case v[0] == '\'' && v[len(v)-1] == '\'':
		return v[1 : len(v)-1]
	case v[0] == '"' && v[len(v)-1] == '"':
		var b strings.Builder
		inner := v[1 : len(v)-1]
		for i := 0; i < len(inner); i++ {
			if inner[i] == '\\' && i+1 < len(inner) {
				i++
			}
			b.WriteByte(inner[i])
		}
		return b.String()
	}
	return v
}

// IsPass reports whether the element is a pass rather than a nested pipeline.
func (e Element) IsPass() bool { return e.Anchor == "" }

// write appends the canonical form of e to b.
func (e Element) write(b *strings.Builder) {
	if e.Anchor != "" {
		b.WriteString(e.Anchor)
		b.WriteByte('(')
		writeList(b, e.Nested)
		b.WriteByte(')')
		return
	}
	b.WriteString(e.Pass)
	if len(e.Options) == 0 {
		return
	}
	b.WriteByte('{')
	for i, o := range e.Options {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(o.String())
	}
	b.WriteByte('}')
}

// writeList appends the comma separated canonical form of elems to b.
func writeList(b *strings.Builder, elems []Element) {
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		e.write(b)
	}
}

// convertList turns grammar elements into the public representation.
func convertList(text string, gs []*gElement) ([]Element, error) {
	var out []Element
	for _, g := range gs {
		e := Element{Offset: g.Pos.Offset}
		switch {
		case g.Nested != nil:
			e.Anchor = g.Name
			nested, err := convertList(text, g.Nested.Elems)
			if err != nil {
				return nil, err
			}
			e.Nested = nested
		default:
			e.Pass = g.Name
			if g.Options != nil {
				for _, o := range g.Options.Opts {
					opt := Option{Key: o.Key}
					if o.Value != nil {
						if err := checkGroups(text, o.Value.Group); err != nil {
							return nil, err
						}
						opt.Value = rawText(text, o.Value.Tokens)
					}
					e.Options = append(e.Options, opt)
				}
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// rawText returns the source text spanned by toks, without surrounding
// whitespace.
func rawText(text string, toks []lexer.Token) string {
	if len(toks) == 0 {
		return ""
	}
	first, last := toks[0], toks[len(toks)-1]
	return strings.TrimSpace(text[first.Pos.Offset : last.Pos.Offset+len(last.Value)])
}

// checkGroups verifies that every group inside an option value is closed by
// the matching bracket kind ('{' with '}', '[' with ']').
func checkGroups(text string, g *gGroup) error {
	if g == nil {
		return nil
	}
	for _, it := range g.Items {
		if err := checkGroups(text, it.Group); err != nil {
			return err
		}
	}
	want := map[string]string{"{": "}", "[": "]"}[g.Open]
	if g.Close != want {
		pos := g.Tokens[len(g.Tokens)-1].Pos
		return newError(text, pos.Offset, fmt.Sprintf("expected '%s' to close '%s'", want, g.Open))
	}
	return nil
}

// expectRE extracts the expectation from a participle error message.
var expectRE = regexp.MustCompile(`\(expected (.*)\)$`)

// expectNames maps participle's description of what was expected to a
// human readable phrase.
var expectNames = map[string]string{
	`")"`:         "')'",
	`"}"`:         "'}'",
	`GElement`:    "pass or op name",
	`GValue`:      "option value",
	`GOption`:     "option name",
	`("}" | "]")`: "'}' or ']'",
}

// convertError turns a participle or lexer error into an *Error with a
// message phrased in terms of the pipeline syntax.
func convertError(text string, err error) error {
	var lexErr *lexer.Error
	if errors.As(err, &lexErr) {
		off := lexErr.Pos.Offset
		msg := fmt.Sprintf("invalid character '%s'", firstRune(text[off:]))
		if strings.HasPrefix(text[off:], `"`) || strings.HasPrefix(text[off:], `'`) {
			msg = "unterminated string"
		}
		return newError(text, off, msg)
	}
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		tok := ute.Unexpected
		off := tok.Pos.Offset
		expect := ""
		if m := expectRE.FindStringSubmatch(ute.Message()); m != nil {
			expect = m[1]
			if name, ok := expectNames[expect]; ok {
				expect = name
			}
		}
		var msg string
		switch {
		case tok.Value == ",":
			msg = "expected pass or op name"
		case tok.Value == "=" && strings.HasSuffix(strings.TrimSpace(text[:off]), "="):
			msg = "expected option value"
		case tok.Value == "=":
			msg = "expected option name before '='"
		case expect == "')'" && !tok.EOF():
			msg = "expected ',' or ')'"
		case expect == "'}'" && !tok.EOF():
			msg = "expected option name or '}'"
		case expect != "":
			msg = "expected " + expect
		case tok.EOF():
			msg = "unexpected end of pipeline"
		case tok.Value == ")":
			msg = "unbalanced ')'"
		case strings.TrimSpace(text[:off]) == "":
			msg = "expected pass or op name"
		default:
			msg = fmt.Sprintf("expected ',' before '%s'", tok.Value)
		}
		return newError(text, off, msg)
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		return newError(text, perr.Position().Offset, perr.Message())
	}
	return newError(text, 0, err.Error())
}

// firstRune returns the first character of s as a string.
func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// newError builds an *Error at byte offset off of text, computing its
// 1-based line and column (columns count characters, not bytes).
func newError(text string, off int, msg string) *Error {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	line, col := 1, 1
	for _, r := range text[:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &Error{Offset: off, Line: line, Column: col, Msg: msg}
}
