package litrun

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// runLine is one logical RUN line, after joining continuation lines.
type runLine struct {
	line int    // 1-based line number of the first physical line
	text string // command text before substitution
}

// script holds the directives of one test file.
type script struct {
	runs        []runLine
	xfail       []string // XFAIL expressions (any true => expected failure)
	requires    []string // REQUIRES expressions (all must be true)
	unsupported []string // UNSUPPORTED expressions (any true => skipped)
}

// directiveRE matches a directive in a comment: the line must start with a
// comment leader ("//", "#", ";" or "--") followed by KEYWORD ":".
var directiveRE = regexp.MustCompile(`^\s*(?://+|#+|;+|--)\s*(RUN|XFAIL|REQUIRES|UNSUPPORTED):(.*)$`)

// parseScript extracts RUN, XFAIL, REQUIRES and UNSUPPORTED directives from
// the contents of a test file. A RUN line ending in '\' is continued by the
// next RUN line.
func parseScript(data []byte) (*script, error) {
	s := &script{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	continuing := false
	lineNo := 0
	for sc.Scan() {
		lineNo++
		m := directiveRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		kw, body := m[1], strings.TrimSpace(m[2])
		if continuing && kw != "RUN" {
			return nil, fmt.Errorf("%d: %s: directive inside a continued RUN line", lineNo, kw)
		}
		switch kw {
		case "RUN":
			cont := strings.HasSuffix(body, `\`)
			body = strings.TrimSpace(strings.TrimSuffix(body, `\`))
			if continuing {
				last := &s.runs[len(s.runs)-1]
				last.text = strings.TrimSpace(last.text + " " + body)
			} else {
				s.runs = append(s.runs, runLine{line: lineNo, text: body})
			}
			continuing = cont
			if !continuing && s.runs[len(s.runs)-1].text == "" {
				return nil, fmt.Errorf("%d: empty RUN line", s.runs[len(s.runs)-1].line)
			}
		case "XFAIL", "REQUIRES", "UNSUPPORTED":
			exprs, err := splitExprs(body)
			if err != nil {
				return nil, fmt.Errorf("%d: %s: %v", lineNo, kw, err)
			}
			switch kw {
			case "XFAIL":
				s.xfail = append(s.xfail, exprs...)
			case "REQUIRES":
				s.requires = append(s.requires, exprs...)
			default:
				s.unsupported = append(s.unsupported, exprs...)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if continuing {
		return nil, fmt.Errorf("%d: RUN line ends with '\\' but no RUN line follows", s.runs[len(s.runs)-1].line)
	}
	return s, nil
}

// splitExprs splits a comma separated list of feature expressions and
// checks that each one is well formed.
func splitExprs(body string) ([]string, error) {
	var out []string
	for _, e := range strings.Split(body, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			return nil, fmt.Errorf("empty feature expression in %q", body)
		}
		if _, err := evalExpr(e, nil); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// exprTokRE splits a feature expression into identifiers and operators.
var exprTokRE = regexp.MustCompile(`\s*([-+=._a-zA-Z0-9*]+|&&|\|\||!|\(|\))`)

// evalExpr evaluates a lit feature expression such as "asserts && !windows"
// or "(a || b)". Identifiers are true when features[name] is set; "true"
// and "false" are constants and "*" is always true (for XFAIL: *).
func evalExpr(expr string, features map[string]bool) (bool, error) {
	var toks []string
	rest := expr
	for strings.TrimSpace(rest) != "" {
		loc := exprTokRE.FindStringSubmatchIndex(rest)
		if loc == nil || loc[0] != 0 {
			return false, fmt.Errorf("invalid feature expression %q", expr)
		}
		toks = append(toks, rest[loc[2]:loc[3]])
		rest = rest[loc[1]:]
	}
	p := &exprParser{toks: toks, features: features}
	v, err := p.or()
	if err == nil && p.pos < len(p.toks) {
		err = fmt.Errorf("unexpected %q", p.toks[p.pos])
	}
	if err != nil {
		return false, fmt.Errorf("invalid feature expression %q: %v", expr, err)
	}
	return v, nil
}

// exprParser is a recursive descent parser/evaluator for feature
// expressions: or := and ("||" and)*; and := unary ("&&" unary)*;
// unary := "!" unary | "(" or ")" | identifier.
type exprParser struct {
	toks     []string
	pos      int
	features map[string]bool
}

// peek returns the next token or "" at the end.
func (p *exprParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

// or parses a disjunction.
func (p *exprParser) or() (bool, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.pos++
		var r bool
		r, err = p.and()
		v = v || r
	}
	return v, err
}

// and parses a conjunction.
func (p *exprParser) and() (bool, error) {
	v, err := p.unary()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var r bool
		r, err = p.unary()
		v = v && r
	}
	return v, err
}

// unary parses a negation, parenthesized expression or identifier.
func (p *exprParser) unary() (bool, error) {
	t := p.peek()
	p.pos++
	switch t {
	case "":
		return false, fmt.Errorf("unexpected end of expression")
	case "!":
		v, err := p.unary()
		return !v, err
	case "(":
		v, err := p.or()
		if err == nil && p.peek() != ")" {
			err = fmt.Errorf("missing ')'")
		}
		p.pos++
		return v, err
	case ")", "&&", "||":
		return false, fmt.Errorf("unexpected %q", t)
	case "true", "*":
		return true, nil
	case "false":
		return false, nil
	}
	return p.features[t], nil
}
