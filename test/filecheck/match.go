package filecheck

import (
	"bytes"
	"errors"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// varContext holds the string and numeric variables defined so far.
type varContext struct {
	str map[string]string
	num map[string]*big.Int
}

// clearLocal drops variables not starting with '$' (--enable-var-scope).
func (v *varContext) clearLocal() {
	for k := range v.str {
		if !strings.HasPrefix(k, "$") {
			delete(v.str, k)
		}
	}
	for k := range v.num {
		if !strings.HasPrefix(k, "$") {
			delete(v.num, k)
		}
	}
}

var errNotFound = errors.New("not found")

// patternErrors are errors such as undefined variables that prevent matching.
type patternErrors []*parseError

func (e patternErrors) Error() string { return e[0].msg }

// checkString is a positive directive together with the CHECK-DAG/CHECK-NOT
// directives that precede it (LLVM's FileCheckString).
type checkString struct {
	pat    *pattern
	dagNot []*pattern
}

// checker matches check strings against the (canonicalized) input.
type checker struct {
	opts *Options
	in   *source
	vars *varContext
	d    *diags
	caps []capture // variables captured by the last successful match
}

// capture is the input range a variable definition matched.
type capture struct {
	name       string
	numeric    bool
	start, end int
}

// match searches for p in in.text[start:end]; it returns the absolute
// position and length of the match, errNotFound, or patternErrors.
func (c *checker) match(p *pattern, start, end int) (int, int, error) {
	buf := c.in.text[start:end]
	c.caps = c.caps[:0]
	if p.kind == kindEOF {
		return end, 0, nil
	}
	if p.isFixed {
		i := strings.Index(buf, p.fixed)
		if p.fold {
			i = bytes.Index(bytes.ToLower([]byte(buf)), bytes.ToLower([]byte(p.fixed)))
		}
		if i < 0 {
			return 0, 0, errNotFound
		}
		return start + i, len(p.fixed), nil
	}
	src, defs, errs := p.regexFor(c.vars)
	if errs != nil {
		return 0, 0, patternErrors(errs)
	}
	if src == "" { // e.g. "[[X]]" with X empty: an invalid regex never matches in LLVM
		return 0, 0, errNotFound
	}
	if p.cacheRe == nil || p.cacheSrc != src {
		re, err := compileRegex(src, p.fold)
		if err != nil {
			return 0, 0, patternErrors{errAt(p.src, p.loc, "invalid regex: %v", err)}
		}
		p.cacheSrc, p.cacheRe = src, re
	}
	m := p.cacheRe.FindStringSubmatchIndex(buf)
	if m == nil {
		return 0, 0, errNotFound
	}
	for _, d := range defs {
		val, s, e := "", m[2*d.group], m[2*d.group+1]
		if s >= 0 {
			val = buf[s:e]
		}
		pc := p.pieces[d.piece]
		if pc.name != "" && s >= 0 {
			c.caps = slices.DeleteFunc(c.caps, func(x capture) bool { return x.name == pc.name })
			c.caps = append(c.caps, capture{pc.name, pc.kind == pNumDef, start + s, start + e})
		}
		if pc.kind == pStrDef {
			c.vars.str[pc.name] = val
		} else if v, ok := pc.format.parse(val); ok && pc.name != "" {
			c.vars.num[pc.name] = v
		}
	}
	pos, n := start+m[0], m[1]-m[0]
	if p.kind == kindEmpty { // the match range starts after the consumed newline
		pos, n = pos+1, n-1
	}
	return pos, n, nil
}

// run implements FileCheck::checkInput: CHECK-LABELs partition the input
// into blocks first, then the directives between labels are matched within
// each block. It returns false if any check failed.
func (c *checker) run(strs []*checkString) bool {
	failed := false
	bufStart, inEnd := 0, len(c.in.text)
	i, j, e := 0, 0, len(strs)
	for {
		regStart, regEnd := bufStart, inEnd
		if j != e {
			if strs[j].pat.kind != kindLabel {
				j++
				continue
			}
			pos, n, ok := c.check(strs[j], bufStart, inEnd, true)
			if !ok {
				return false // a missing label is fatal
			}
			regEnd = pos + n
			bufStart = pos + n
			j++
		}
		if i != 0 && c.opts.EnableVarScope {
			c.vars.clearLocal()
		}
		for ; i != j; i++ {
			pos, n, ok := c.check(strs[i], regStart, regEnd, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regStart = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}

// check matches one check string in [start,end) (FileCheckString::Check).
// In label-scan mode only the pattern itself is matched.
func (c *checker) check(cs *checkString, start, end int, labelScan bool) (int, int, bool) {
	lastPos := start
	var nots []*pattern
	if !labelScan {
		var ok bool
		if lastPos, nots, ok = c.checkDAG(cs, start, end); !ok {
			return 0, 0, false
		}
	}
	p := cs.pat
	lastEnd, first := lastPos, 0
	for i := 1; i <= p.count; i++ {
		pos, n, err := c.match(p, lastEnd, end)
		if err != nil {
			c.reportNoMatch(p, true, i, lastEnd, end, err)
			return 0, 0, false
		}
		if i == 1 {
			first = pos
		}
		lastEnd = pos + n
	}
	n := lastEnd - first
	if !labelScan {
		if !c.checkLines(p, lastPos, first, n) || c.checkNot(nots, lastPos, first) {
			return 0, 0, false
		}
	}
	return first, n, true
}

// checkLines verifies the CHECK-NEXT/EMPTY/SAME line constraints on the
// region [prev, match) skipped since the previous match.
func (c *checker) checkLines(p *pattern, prev, match, n int) bool {
	if p.kind != kindNext && p.kind != kindEmpty && p.kind != kindSame {
		return true
	}
	lines, firstNL := 0, 0
	for i := prev; i < match; i++ {
		if ch := c.in.text[i]; ch == '\n' || ch == '\r' {
			lines++
			if i+1 < match && (c.in.text[i+1] == '\n' || c.in.text[i+1] == '\r') && c.in.text[i+1] != ch {
				i++
			}
			if lines == 1 {
				firstNL = i + 1
			}
		}
	}
	var msg string
	switch {
	case p.kind == kindSame && lines != 0:
		msg = p.prefix + "-SAME: is not on the same line as the previous match"
	case p.kind == kindSame || lines == 1:
		return true
	case lines == 0:
		msg = p.prefix + kindSuffix[p.kind] + ": is on the same line as previous match"
	default:
		msg = p.prefix + kindSuffix[p.kind] + ": is not on the line after the previous match"
	}
	c.d.msg(p.src, p.loc, "error", msg, 0)
	c.d.annotate(p, mtWrongLine, match, match+n, "")
	c.d.msg(c.in, match, "note", "'next' match was here", 0)
	c.d.msg(c.in, prev, "note", "previous match ended here", 0)
	if p.kind != kindSame && lines > 1 {
		c.d.msg(c.in, firstNL, "note", "non-matching line after previous match is here", 0)
	}
	return false
}

// checkNot reports every CHECK-NOT pattern found in [start,end); it returns
// true if any was found (or could not be matched).
func (c *checker) checkNot(nots []*pattern, start, end int) bool {
	failed := false
	for _, p := range nots {
		pos, n, err := c.match(p, start, end)
		if errors.Is(err, errNotFound) {
			continue
		}
		failed = true
		if err != nil {
			c.reportNoMatch(p, false, 1, start, end, err)
			continue
		}
		c.d.msg(p.src, p.loc, "error", p.description()+": excluded string found in input", 0)
		c.d.annotate(p, mtFoundButExcluded, pos, pos+n, "")
		c.d.msg(c.in, pos, "note", "found here", n)
		for _, note := range p.substitutions(c.vars) {
			c.d.annotate(p, mtFoundButExcluded, pos, pos, note)
			c.d.msg(c.in, pos, "note", note, 0)
		}
		// LLVM lists string captures by name, then numeric ones, sorted by position.
		sort.SliceStable(c.caps, func(i, j int) bool {
			a, b := c.caps[i], c.caps[j]
			return a.numeric != b.numeric && !a.numeric || a.numeric == b.numeric && a.name < b.name
		})
		sort.SliceStable(c.caps, func(i, j int) bool { return c.caps[i].start < c.caps[j].start })
		for _, cp := range c.caps {
			note := "captured var \"" + cp.name + "\""
			c.d.annotate(p, mtFoundButExcluded, cp.start, cp.end, note)
			c.d.msg(c.in, cp.start, "note", note, cp.end-cp.start)
		}
	}
	return failed
}

// checkDAG matches the CHECK-DAG groups (with interleaved CHECK-NOTs) that
// precede a check string. It returns the end of the last DAG group and the
// CHECK-NOTs still to be checked before the positive match.
func (c *checker) checkDAG(cs *checkString, start, end int) (int, []*pattern, bool) {
	type rng struct{ pos, end int }
	var nots []*pattern
	var ranges []rng // sorted, non-overlapping matches of the current group
	startPos := start
	for k, p := range cs.dagNot {
		if p.kind == kindNot {
			nots = append(nots, p)
			continue
		}
		matchPos := startPos
		var pos, n int
		for mi := 0; ; mi++ {
			var err error
			pos, n, err = c.match(p, matchPos, end)
			if err != nil {
				c.reportNoMatch(p, true, 1, matchPos, end, err)
				return 0, nil, false
			}
			if c.opts.AllowDeprecatedDAGOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, rng{pos, pos + n})
				} else {
					ranges[0] = rng{min(ranges[0].pos, pos), max(ranges[0].end, pos+n)}
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if pos < ranges[mi].end {
					overlap = ranges[mi].pos < pos+n
					break
				}
			}
			if !overlap {
				ranges = append(ranges[:mi], append([]rng{{pos, pos + n}}, ranges[mi:]...)...)
				break
			}
			matchPos = ranges[mi].end
		}
		if k+1 == len(cs.dagNot) || cs.dagNot[k+1].kind == kindNot {
			if len(nots) > 0 {
				if c.checkNot(nots, startPos, ranges[0].pos) {
					return 0, nil, false
				}
				nots = nil
			}
			startPos = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return startPos, nots, true
}

// reportNoMatch prints the diagnostics for a pattern that was expected but
// not found (or, for CHECK-NOT, that could not be matched at all).
func (c *checker) reportNoMatch(p *pattern, expected bool, nth, start, end int, err error) {
	var perrs patternErrors
	errors.As(err, &perrs)
	mt := mtNoneButExpected
	if perrs != nil {
		mt = mtInvalidPattern
	}
	for _, e := range perrs {
		c.d.msg(e.src, e.off, "error", e.msg, 0)
	}
	c.d.annotate(p, mt, start, end, "")
	for _, e := range perrs {
		c.d.annotate(p, mt, start, start, e.msg)
	}
	notes := p.substitutions(c.vars)
	for _, note := range notes {
		c.d.annotate(p, mt, start, start, note)
	}
	if perrs == nil {
		msg := p.description() + ": expected string not found in input"
		if p.count > 1 {
			msg += " (" + strconv.Itoa(nth) + " out of " + strconv.Itoa(p.count) + ")"
		}
		c.d.msg(p.src, p.loc, "error", msg, 0)
		c.d.msg(c.in, start, "note", "scanning from here", 0)
	}
	for _, note := range notes {
		c.d.msg(c.in, start, "note", note, 0)
	}
	if expected {
		c.fuzzy(p, start, end)
	}
}

// fuzzy prints LLVM's "possible intended match here" heuristic.
func (c *checker) fuzzy(p *pattern, start, end int) {
	buf := c.in.text[start:end]
	example := p.exampleString()
	best, bestQ, lines := -1, 0.0, 0
	for i := 0; i < min(4096, len(buf)); i++ {
		if buf[i] == '\n' {
			lines++
		}
		if buf[i] == ' ' || buf[i] == '\t' {
			continue
		}
		prefix := buf[i:min(len(buf), i+len(example))]
		if k := strings.IndexByte(prefix, '\n'); k >= 0 {
			prefix = prefix[:k]
		}
		q := float64(editDistance(prefix, example)) + float64(lines)/100
		if best < 0 || q < bestQ {
			best, bestQ = i, q
		}
	}
	if best > 0 && bestQ < 50 {
		c.d.annotate(p, mtFuzzy, start+best, start+best, "")
		c.d.msg(c.in, start+best, "note", "possible intended match here", 0)
	}
}
