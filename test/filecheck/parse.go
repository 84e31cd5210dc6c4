package filecheck

import (
	"math"
	"strconv"
	"strings"
)

// directive classification results (LLVM's CheckNone, CheckComment, ...).
const (
	dirNone = iota
	dirComment
	dirOK
	dirMisspelled
	dirBadNot
	dirBadCount
)

// dirType is the result of classifying the text after a prefix.
type dirType struct {
	status  int
	kind    checkKind
	count   int
	literal bool
	after   int // offset (relative to the text after the prefix) past the ':'
}

func isWordChar(c byte) bool { return isVarChar(c) || c == '-' }

var badNotCombos = []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"}

var suffixKinds = []struct {
	name string
	kind checkKind
}{{"NEXT", kindNext}, {"SAME", kindSame}, {"NOT", kindNot}, {"DAG", kindDAG}, {"LABEL", kindLabel}, {"EMPTY", kindEmpty}}

// findCheckType classifies rest, the text following a prefix occurrence,
// like FindCheckType in LLVM 19 (including the "misspelled" detection of
// '_' used instead of '-').
func findCheckType(rest string, comment bool) dirType {
	if rest == "" {
		return dirType{}
	}
	if comment {
		if rest[0] == ':' {
			return dirType{status: dirComment, after: 1}
		}
		return dirType{}
	}
	r := dirType{kind: kindPlain, count: 1}
	i := 0
	modifiers := func() dirType {
		if i < len(rest) && rest[i] == ':' {
			r.status, r.after = dirOK, i+1
			return r
		}
		if i >= len(rest) || rest[i] != '{' {
			return dirType{}
		}
		for i++; ; i++ {
			i += len(rest[i:]) - len(strings.TrimLeft(rest[i:], " \t\n\v\f\r"))
			if !strings.HasPrefix(rest[i:], "LITERAL") {
				return dirType{}
			}
			r.literal = true
			i += len("LITERAL")
			i += len(rest[i:]) - len(strings.TrimLeft(rest[i:], " \t\n\v\f\r"))
			if i >= len(rest) || rest[i] != ',' {
				break
			}
		}
		if !strings.HasPrefix(rest[i:], "}:") {
			return dirType{}
		}
		r.status, r.after = dirOK, i+2
		return r
	}
	if rest[0] == ':' || rest[0] == '{' {
		return modifiers()
	}
	misspelled := rest[0] == '_'
	if !misspelled && rest[0] != '-' {
		return dirType{}
	}
	i = 1
	res := dirType{}
	switch {
	case strings.HasPrefix(rest[i:], "COUNT-"):
		i += len("COUNT-")
		j := i
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		n, err := strconv.ParseInt(rest[i:j], 10, 64)
		switch {
		case err != nil:
			res = dirType{status: dirBadCount, after: i}
		case n <= 0 || n > math.MaxInt32 || j >= len(rest) || rest[j] != ':' && rest[j] != '{':
			res = dirType{status: dirBadCount, after: j}
		default:
			i, r.count = j, int(n)
			res = modifiers()
		}
	default:
		for _, b := range badNotCombos {
			if strings.HasPrefix(rest[i:], b) {
				res = dirType{status: dirBadNot, after: i}
			}
		}
		if res.status != dirNone {
			break
		}
		for _, s := range suffixKinds {
			if strings.HasPrefix(rest[i:], s.name) {
				i += len(s.name)
				r.kind = s.kind
				res = modifiers()
				break
			}
		}
	}
	if misspelled && res.status != dirNone {
		res.status = dirMisspelled
	}
	return res
}

// prefixFinder locates the next directive in a check file.
type prefixFinder struct {
	text     string
	prefixes []string
	comment  map[string]bool
	next     []int // cached next occurrence of each prefix (-1: none left)
}

// find returns the first valid directive at or after cur, following
// FindFirstMatchingPrefix: the earliest (then longest) prefix occurrence that
// is not preceded by a word character and is followed by a directive suffix.
func (f *prefixFinder) find(cur int) (string, int, dirType) {
	for cur < len(f.text) {
		best, bp := -1, ""
		for k, p := range f.prefixes {
			if f.next[k] >= 0 && f.next[k] < cur {
				f.next[k] = strings.Index(f.text[cur:], p)
				if f.next[k] >= 0 {
					f.next[k] += cur
				}
			}
			if n := f.next[k]; n >= 0 && (best < 0 || n < best || n == best && len(p) > len(bp)) {
				best, bp = n, p
			}
		}
		if best < 0 {
			break
		}
		if best == cur || !isWordChar(f.text[best-1]) {
			if t := findCheckType(f.text[best+len(bp):], f.comment[bp]); t.status != dirNone {
				return bp, best, t
			}
		}
		for cur = best + len(bp); cur < len(f.text) && isWordChar(f.text[cur]); cur++ {
		}
	}
	return "", 0, dirType{}
}

// parseCheckFile reads the directives of the check file (readCheckFile in
// LLVM). It returns the check strings and the set of prefixes used.
func parseCheckFile(o *Options, ctx *parseCtx, src *source, prefixes, comments []string, implicit []*pattern) ([]*checkString, map[string]bool, *parseError) {
	text := src.text
	f := &prefixFinder{text: text, prefixes: append(append([]string{}, prefixes...), comments...), comment: map[string]bool{}}
	for _, c := range comments {
		f.comment[c] = true
	}
	f.next = make([]int, len(f.prefixes))
	for k := range f.next {
		f.next[k] = strings.Index(text, f.prefixes[k])
	}
	used := map[string]bool{}
	var strs []*checkString
	dagNot := append([]*pattern(nil), implicit...)
	for cur := 0; ; {
		pfx, loc, t := f.find(cur)
		if pfx == "" {
			break
		}
		if t.status != dirComment {
			used[pfx] = true
		}
		pos := loc + len(pfx) + t.after
		if pos >= len(text) { // LLVM quirk: an empty remainder restarts after the prefix
			pos = loc + len(pfx)
		}
		switch t.status {
		case dirMisspelled:
			return nil, nil, errAt(src, loc, "misspelled directive '%s'", text[loc:loc+len(pfx)+t.after])
		case dirBadNot:
			return nil, nil, errAt(src, pos, "unsupported -NOT combo on prefix '%s'", pfx)
		case dirBadCount:
			return nil, nil, errAt(src, pos, "invalid count in -COUNT specification on prefix '%s'", pfx)
		}
		if !(o.StrictWhitespace && o.MatchFullLines) {
			for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t') {
				pos++
			}
		}
		eol := pos
		for eol < len(text) && text[eol] != '\n' && text[eol] != '\r' {
			eol++
		}
		cur = eol
		if t.status == dirComment {
			continue
		}
		line, _ := src.lineCol(loc)
		p := &pattern{kind: t.kind, count: t.count, literal: t.literal, prefix: pfx, src: src, loc: pos, line: line}
		if perr := parsePattern(p, text[pos:eol], o, ctx); perr != nil {
			return nil, nil, perr
		}
		if p.kind == kindLabel && p.hasVar {
			return nil, nil, errAt(src, loc, "found '%s-LABEL:' with variable definition or use", pfx)
		}
		if (p.kind == kindNext || p.kind == kindSame || p.kind == kindEmpty) && len(strs) == 0 {
			return nil, nil, errAt(src, loc, "found '%s%s' without previous '%s: line", pfx, kindSuffix[p.kind], pfx)
		}
		if p.kind == kindDAG || p.kind == kindNot {
			dagNot = append(dagNot, p)
			continue
		}
		strs = append(strs, &checkString{pat: p, dagNot: dagNot})
		dagNot = append([]*pattern(nil), implicit...)
	}
	if len(dagNot) > 0 { // trailing CHECK-DAG/CHECK-NOT/--implicit-check-not
		eof := &pattern{kind: kindEOF, count: 1, prefix: prefixes[0], src: src}
		strs = append(strs, &checkString{pat: eof, dagNot: dagNot})
	}
	return strs, used, nil
}

// canonicalize drops the '\r' of "\r\n" and, unless strict, folds runs of
// spaces and tabs into a single space (FileCheck::CanonicalizeFile).
func canonicalize(b []byte, strict bool) string {
	var out strings.Builder
	out.Grow(len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		if strict || c != ' ' && c != '\t' {
			out.WriteByte(c)
			continue
		}
		out.WriteByte(' ')
		for i+1 < len(b) && (b[i+1] == ' ' || b[i+1] == '\t') {
			i++
		}
	}
	return out.String()
}
