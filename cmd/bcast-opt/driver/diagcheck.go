package driver

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// expectation is one `// expected-error@+1 {{message}}` directive.
type expectation struct {
	sev     ir.Severity
	line    int // line the diagnostic must be reported on
	dirLine int // line of the directive itself
	col     int
	msg     string
	re      *regexp.Regexp
	matched bool
}

var expectRE = regexp.MustCompile(`expected-(error|warning|note|remark)(-re)? *(@([+-][0-9]+|above|below|[0-9]+))? *\{\{(.*)\}\}`)

var sevByName = map[string]ir.Severity{"error": ir.SevError, "warning": ir.SevWarning, "note": ir.SevNote, "remark": ir.SevRemark}

// parseExpectations finds the expected-* directives in text (1-based lines).
func parseExpectations(file string, text []byte, stderr io.Writer) ([]*expectation, bool) {
	lines := bytes.Split(text, []byte("\n"))
	isDirective := func(i int) bool { return i >= 0 && i < len(lines) && expectRE.Match(lines[i]) }
	var exps []*expectation
	ok := true
	for i, l := range lines {
		m := expectRE.FindSubmatchIndex(l)
		if m == nil {
			continue
		}
		e := &expectation{sev: sevByName[string(l[m[2]:m[3]])], line: i + 1, dirLine: i + 1, col: m[0] + 1}
		e.msg = string(l[m[10]:m[11]])
		if m[4] >= 0 {
			var err error
			e.re, err = regexp.Compile(expectedRegex(e.msg))
			if err != nil {
				fmt.Fprintf(stderr, "%s:%d:%d: error: invalid regex in expected diagnostic: %v\n", file, i+1, e.col, err)
				ok = false
				continue
			}
		}
		if m[8] >= 0 {
			switch d := string(l[m[8]:m[9]]); {
			case d == "above":
				j := i - 1
				for isDirective(j) {
					j--
				}
				e.line = j + 1
			case d == "below":
				j := i + 1
				for isDirective(j) {
					j++
				}
				e.line = j + 1
			case d[0] == '+' || d[0] == '-':
				n, _ := strconv.Atoi(d)
				e.line = i + 1 + n
			default:
				n, _ := strconv.Atoi(d)
				e.line = n
			}
		}
		exps = append(exps, e)
	}
	return exps, ok
}

// expectedRegex turns an -re message (literal text with {{regex}} parts)
// into one regular expression, as MLIR does.
func expectedRegex(msg string) string {
	var sb strings.Builder
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			sb.WriteString(regexp.QuoteMeta(msg))
			return sb.String()
		}
		j := strings.Index(msg[i+2:], "}}")
		if j < 0 {
			sb.WriteString(regexp.QuoteMeta(msg))
			return sb.String()
		}
		sb.WriteString(regexp.QuoteMeta(msg[:i]))
		sb.WriteString("(?:" + msg[i+2:i+2+j] + ")")
		msg = msg[i+2+j+2:]
	}
}

// checkDiagnostics matches produced diagnostics (and their located notes)
// against the expectations; it reports mismatches to stderr in MLIR's
// words and returns whether everything matched.
//
// Like mlir-opt, it shows each mismatch with its source line (from
// source) and a caret.
func checkDiagnostics(file string, text []byte, source *ir.Source, diags ir.DiagList, stderr io.Writer) bool {
	exps, ok := parseExpectations(file, text, stderr)
	var all []*ir.Diagnostic
	var flatten func(d *ir.Diagnostic)
	flatten = func(d *ir.Diagnostic) {
		all = append(all, d)
		for _, n := range d.Notes {
			if n.Loc.Known() {
				flatten(n)
			}
		}
	}
	for _, d := range diags {
		flatten(d)
	}
	for _, d := range all {
		found := false
		for _, e := range exps {
			if e.matched || e.sev != d.Severity || !d.Loc.Known() || e.line != int(d.Loc.Line) {
				continue
			}
			if (e.re != nil && e.re.MatchString(d.Msg)) || (e.re == nil && strings.Contains(d.Msg, e.msg)) {
				e.matched, found = true, true
				break
			}
		}
		if !found {
			ok = false
			u := ir.Errorf(d.Loc, "unexpected %s: %s", d.Severity, d.Msg)
			fmt.Fprintln(stderr, source.Format(u))
		}
	}
	for _, e := range exps {
		if !e.matched {
			ok = false
			loc := ir.Location{File: file, Line: int32(e.dirLine), Col: int32(e.col)}
			fmt.Fprintln(stderr, source.Format(ir.Errorf(loc, "expected %s \"%s\" was not produced", e.sev, e.msg)))
		}
	}
	return ok
}
