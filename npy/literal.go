package npy

import (
	"fmt"
	"strconv"
	"strings"
)

// The header of a .npy file is the repr of a Python dict, which numpy
// reads back with ast.literal_eval. This file parses the subset of Python
// literals that can appear there (strings, ints, True/False/None, tuples,
// lists and dicts), so that any valid spelling is accepted, not just
// numpy's own.

type pyKind uint8

const (
	pyStr pyKind = iota
	pyInt
	pyBool
	pyNone
	pyTuple
	pyList
	pyDict
)

// pyValue is a parsed Python literal.
type pyValue struct {
	kind  pyKind
	str   string    // pyStr: the value; pyInt: the digits as written
	num   int64     // pyInt, when it fits (see big)
	big   bool      // pyInt: does not fit in an int64
	b     bool      // pyBool
	items []pyValue // pyTuple, pyList; pyDict: key, value, key, value, ...
}

// repr prints v as Python would, for error messages.
func (v pyValue) repr() string {
	switch v.kind {
	case pyStr:
		return pyQuote(v.str)
	case pyInt:
		return v.str
	case pyBool:
		if v.b {
			return "True"
		}
		return "False"
	case pyNone:
		return "None"
	case pyDict:
		parts := make([]string, 0, len(v.items)/2)
		for i := 0; i+1 < len(v.items); i += 2 {
			parts = append(parts, v.items[i].repr()+": "+v.items[i+1].repr())
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	parts := make([]string, len(v.items))
	for i, it := range v.items {
		parts[i] = it.repr()
	}
	if v.kind == pyList {
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// brief is repr shortened for a message.
func (v pyValue) brief() string { return clip(v.repr()) }

// clip shortens s to at most about 100 bytes, so that a hostile header
// cannot make an error message huge.
func clip(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}

// pyQuote quotes s in single quotes as Python's repr does, escaping
// anything unprintable so that an error message stays on one line.
func pyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// maxLiteralDepth bounds the nesting of brackets, so that a hostile header
// cannot recurse deeply; real headers nest at most three levels.
const maxLiteralDepth = 32

type literalParser struct {
	s     string
	pos   int
	depth int
}

// parseLiteral parses s as one Python literal surrounded by whitespace.
func parseLiteral(s string) (pyValue, error) {
	p := &literalParser{s: s}
	p.skipSpace()
	v, err := p.value()
	if err != nil {
		return pyValue{}, err
	}
	p.skipSpace()
	if p.pos < len(p.s) {
		return pyValue{}, p.errorf("unexpected %s after the dict", p.found())
	}
	return v, nil
}

func (p *literalParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

// found describes the text at the current position for an error message.
func (p *literalParser) found() string {
	if p.pos >= len(p.s) {
		return "end of header"
	}
	rest := p.s[p.pos:]
	if len(rest) > 12 {
		rest = rest[:12] + "..."
	}
	return strconv.Quote(rest)
}

func (p *literalParser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

func (p *literalParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *literalParser) value() (pyValue, error) {
	if p.pos >= len(p.s) {
		return pyValue{}, p.errorf("expected a value, found end of header")
	}
	c := p.s[p.pos]
	switch {
	case c == '\'' || c == '"':
		return p.str()
	case (c == 'u' || c == 'U') && p.pos+1 < len(p.s) && (p.s[p.pos+1] == '\'' || p.s[p.pos+1] == '"'):
		p.pos++ // Python 2's u'...' is an ordinary string
		return p.str()
	case c == '(' || c == '[' || c == '{':
		if p.depth >= maxLiteralDepth {
			return pyValue{}, p.errorf("brackets nested more than %d deep", maxLiteralDepth)
		}
		p.depth++
		defer func() { p.depth-- }()
		if c == '{' {
			return p.dict()
		}
		return p.sequence()
	case c == '-' || c == '+' || isDigit(c):
		return p.integer()
	case isLetter(c):
		start := p.pos
		for p.pos < len(p.s) && (isLetter(p.s[p.pos]) || isDigit(p.s[p.pos])) {
			p.pos++
		}
		switch name := p.s[start:p.pos]; name {
		case "True", "False":
			return pyValue{kind: pyBool, b: name == "True"}, nil
		case "None":
			return pyValue{kind: pyNone}, nil
		default:
			p.pos = start
			return pyValue{}, p.errorf("unexpected name %q (only True, False and None are literals)", name)
		}
	}
	return pyValue{}, p.errorf("expected a value, found %s", p.found())
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }

// str parses a single- or double-quoted string with backslash escapes.
func (p *literalParser) str() (pyValue, error) {
	start := p.pos
	quote := p.s[p.pos]
	p.pos++
	var b strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == quote:
			p.pos++
			return pyValue{kind: pyStr, str: b.String()}, nil
		case c == '\n':
			p.pos = start
			return pyValue{}, p.errorf("string literal not terminated before the end of the line")
		case c == '\\' && p.pos+1 < len(p.s):
			// The escapes a dtype descr could need; others keep the
			// backslash, as Python does for unknown escapes.
			switch e := p.s[p.pos+1]; e {
			case '\\', '\'', '"':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
			p.pos += 2
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	p.pos = start
	return pyValue{}, p.errorf("string literal not terminated")
}

// integer parses a decimal integer with an optional sign and Python 2's
// long suffix (3L), which numpy strips from version 1.0 and 2.0 headers.
func (p *literalParser) integer() (pyValue, error) {
	start := p.pos
	if c := p.s[p.pos]; c == '-' || c == '+' {
		p.pos++
		p.skipSpace()
	}
	digitsStart := p.pos
	for p.pos < len(p.s) && (isDigit(p.s[p.pos]) || p.s[p.pos] == '_') {
		p.pos++
	}
	digits := strings.ReplaceAll(p.s[digitsStart:p.pos], "_", "")
	if digits == "" {
		return pyValue{}, p.errorf("expected digits, found %s", p.found())
	}
	if p.pos < len(p.s) && (p.s[p.pos] == 'L' || p.s[p.pos] == 'l') {
		p.pos++
	}
	if c := p.peek(); c == '.' || c == 'e' || c == 'E' || c == 'j' || c == 'J' || c == 'x' || c == 'X' || isLetter(c) {
		return pyValue{}, p.errorf("expected a decimal integer, found %s", strconv.Quote(p.s[start:p.pos+1]))
	}
	text := digits
	if p.s[start] == '-' {
		text = "-" + digits
	}
	v := pyValue{kind: pyInt, str: text}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		v.big = true
	}
	v.num = n
	return v, nil
}

// sequence parses a tuple or a list. As in Python, "(x)" is x itself and
// "(x,)" is a 1-tuple.
func (p *literalParser) sequence() (pyValue, error) {
	open := p.s[p.pos]
	kind, closer := pyTuple, byte(')')
	if open == '[' {
		kind, closer = pyList, ']'
	}
	p.pos++
	var items []pyValue
	sawComma := false
	for {
		p.skipSpace()
		if p.peek() == closer {
			p.pos++
			break
		}
		v, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		items = append(items, v)
		p.skipSpace()
		if p.peek() == ',' {
			p.pos++
			sawComma = true
			continue
		}
		if p.peek() == closer {
			p.pos++
			break
		}
		return pyValue{}, p.errorf("expected ',' or '%c', found %s", closer, p.found())
	}
	if kind == pyTuple && len(items) == 1 && !sawComma {
		return items[0], nil
	}
	return pyValue{kind: kind, items: items}, nil
}

// dict parses a dict whose keys are strings. A repeated key keeps its last
// value, as in Python.
func (p *literalParser) dict() (pyValue, error) {
	p.pos++
	var items []pyValue
	index := map[string]int{} // key -> position in items
	for {
		p.skipSpace()
		if p.peek() == '}' {
			p.pos++
			break
		}
		keyPos := p.pos
		k, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		if k.kind != pyStr {
			p.pos = keyPos
			return pyValue{}, p.errorf("dict key %s is not a string", k.brief())
		}
		p.skipSpace()
		if p.peek() != ':' {
			return pyValue{}, p.errorf("expected ':' after key %s, found %s", k.brief(), p.found())
		}
		p.pos++
		p.skipSpace()
		v, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		if i, ok := index[k.str]; ok {
			items[i+1] = v
		} else {
			index[k.str] = len(items)
			items = append(items, k, v)
		}
		p.skipSpace()
		if p.peek() == ',' {
			p.pos++
			continue
		}
		if p.peek() == '}' {
			p.pos++
			break
		}
		return pyValue{}, p.errorf("expected ',' or '}', found %s", p.found())
	}
	return pyValue{kind: pyDict, items: items}, nil
}
