package filecheck

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// source is a named buffer that diagnostics can point into (the check file,
// the input, or a synthetic "command line" buffer for --implicit-check-not).
type source struct {
	name  string
	text  string
	lines []int // offsets of line starts, computed lazily
}

func newSource(name, text string) *source { return &source{name: name, text: text} }

// lineCol returns the 1-based line and byte column of offset off.
func (s *source) lineCol(off int) (line, col int) {
	if s.lines == nil {
		s.lines = []int{0}
		for i := 0; i < len(s.text); i++ {
			if s.text[i] == '\n' {
				s.lines = append(s.lines, i+1)
			}
		}
	}
	l := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	// Like llvm::SourceMgr, lines are counted by '\n' but columns start
	// after the last '\n' or '\r'.
	return l + 1, off - strings.LastIndexAny(s.text[:off], "\n\r")
}

// lineAt returns the text of the line containing off (without terminator)
// and the offset where that line starts.
func (s *source) lineAt(off int) (string, int) {
	start := strings.LastIndexAny(s.text[:off], "\n\r") + 1
	end := off
	for end < len(s.text) && s.text[end] != '\n' && s.text[end] != '\r' {
		end++
	}
	return s.text[start:end], start
}

// Match types recorded for the input dump; they mirror LLVM's
// FileCheckDiag::MatchType values that FileCheck reports without -v.
type matchType int

const (
	mtNoneButExpected  matchType = iota // 'X' error: no match found
	mtInvalidPattern                    // 'X' error: match failed for invalid pattern
	mtFoundButExcluded                  // '!' error: no match expected
	mtWrongLine                         // '!' error: match on wrong line
	mtFuzzy                             // '?' possible intended match
)

func (m matchType) marker() (byte, string) {
	switch m {
	case mtNoneButExpected:
		return 'X', "error: no match found"
	case mtInvalidPattern:
		return 'X', "error: match failed for invalid pattern"
	case mtFoundButExcluded:
		return '!', "error: no match expected"
	case mtWrongLine:
		return '!', "error: match on wrong line"
	default:
		return '?', "possible intended match"
	}
}

// annotation is one diagnostic attached to a range of the input, rendered by
// dumpInput below the input line it refers to.
type annotation struct {
	pat        *pattern
	mt         matchType
	start, end int    // input offsets
	note       string // overrides the marker's default note when non-empty
}

// diags accumulates LLVM SourceMgr-style messages and input annotations.
type diags struct {
	out    strings.Builder
	annots []annotation
}

// msg prints "file:line:col: kind: text", the source line and a caret line.
// rangeLen > 0 underlines that many bytes (clipped to the line) with '~'.
func (d *diags) msg(src *source, off int, kind, text string, rangeLen int) {
	line, col := src.lineCol(off)
	fmt.Fprintf(&d.out, "%s:%d:%d: %s: %s\n", src.name, line, col, kind, text)
	lineText, lineStart := src.lineAt(off)
	caret := []byte(strings.Repeat(" ", len(lineText)+1))
	for i := off + 1; i < off+rangeLen && i-lineStart <= len(lineText); i++ {
		caret[i-lineStart] = '~'
	}
	caret[off-lineStart] = '^'
	caretStr := strings.TrimRight(string(caret), " ")
	// Expand tabs to 8-column stops in both lines, like llvm::SourceMgr.
	var src1, src2 strings.Builder
	outCol := 0
	for i := 0; i < len(caretStr) || i < len(lineText); i++ {
		if i < len(lineText) && lineText[i] == '\t' {
			c := byte(' ')
			if i < len(caretStr) {
				c = caretStr[i]
			}
			for {
				src1.WriteByte(' ')
				if i < len(caretStr) {
					src2.WriteByte(c)
				}
				outCol++
				if outCol%8 == 0 {
					break
				}
			}
			continue
		}
		if i < len(lineText) {
			src1.WriteByte(lineText[i])
		}
		if i < len(caretStr) {
			src2.WriteByte(caretStr[i])
		}
		outCol++
	}
	d.out.WriteString(src1.String() + "\n" + src2.String() + "\n")
}

// plain prints a message that has no source location.
func (d *diags) plain(format string, args ...any) {
	fmt.Fprintf(&d.out, format+"\n", args...)
}

func (d *diags) annotate(p *pattern, mt matchType, start, end int, note string) {
	d.annots = append(d.annots, annotation{pat: p, mt: mt, start: start, end: end, note: note})
}

// dumpLine is an annotation split to a single input line.
type dumpLine struct {
	idx       int // index of the originating annotation (temporal order)
	label     string
	line      int
	startCol  int
	endCol    int // exclusive; -1 means "to the end of the line"
	lead      byte
	note      string
	firstLine bool
}

// dumpInput renders the input with annotations, following the layout of
// LLVM FileCheck's -dump-input (see DumpAnnotatedInput in FileCheck.cpp).
func dumpInput(w *strings.Builder, in *source, checkName string, annots []annotation, filter string, context int) {
	fmt.Fprintf(w, "\nInput file: %s\nCheck file: %s\n\n", in.name, checkName)
	w.WriteString("-dump-input=help explains the following input dump.\n\nInput was:\n<<<<<<\n")

	// Labels: "<abbrev>:<check line>" plus "'N" when a directive has several diagnostics.
	count := map[*pattern]int{}
	for _, a := range annots {
		count[a.pat]++
	}
	seen := map[*pattern]int{}
	var lines []dumpLine
	labelWidth := 0
	for i, a := range annots {
		label := a.pat.kind.abbrev(a.pat.count) + ":"
		if a.pat.impIndex > 0 {
			label += "imp" + strconv.Itoa(a.pat.impIndex)
		} else {
			l, _ := a.pat.src.lineCol(a.pat.loc)
			label += strconv.Itoa(l)
		}
		if count[a.pat] > 1 {
			label += "'" + strconv.Itoa(seen[a.pat])
			seen[a.pat]++
		}
		labelWidth = max(labelWidth, len(label))
		lead, note := a.mt.marker()
		sl, sc := in.lineCol(a.start)
		el, ec := in.lineCol(a.end)
		if a.note != "" {
			note = a.note
			if sl == el && sc == ec {
				lead = ' '
			}
		}
		dl := dumpLine{idx: i, label: label, line: sl, startCol: sc, lead: lead, note: note, firstLine: true}
		if sl == el {
			dl.endCol = max(sc+1, ec)
			lines = append(lines, dl)
			continue
		}
		dl.endCol = -1
		lines = append(lines, dl)
		for l := sl + 1; l <= el; l++ {
			if ec == 1 && l == el {
				break
			}
			b := dumpLine{idx: i, label: label, line: l, startCol: 1, endCol: -1, lead: '~'}
			if l == el {
				b.endCol = ec
			}
			lines = append(lines, b)
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		if lines[i].line != lines[j].line {
			return lines[i].line < lines[j].line
		}
		return lines[i].idx < lines[j].idx
	})

	total := strings.Count(in.text, "\n")
	if len(in.text) > 0 && in.text[len(in.text)-1] != '\n' {
		total++
	}
	labelWidth = max(labelWidth, len(strconv.Itoa(max(total, 1)))) + 3

	nextInFilter := func(cur, from int) int {
		if filter == "all" {
			return cur
		}
		for _, l := range lines[from:] {
			switch {
			// Only error annotations are recorded (no -v), so "error"
			// selects the same lines as "annotation".
			case filter == "annotation-full", l.firstLine:
				return l.line
			}
		}
		return -1 // none
	}
	var elided strings.Builder
	flushElided := func() {
		if elided.Len() == 0 {
			return
		}
		if strings.Count(elided.String(), "\n") > 3 {
			for range 3 {
				fmt.Fprintf(w, "%*s\n", labelWidth, ".")
			}
		} else {
			w.WriteString(elided.String())
		}
		elided.Reset()
	}

	pos, ai := 0, 0
	prevInFilter, nextIn := 0, 0
	for line := 1; pos < len(in.text) || ai < len(lines); line++ {
		if nextIn != -1 && nextIn < line {
			nextIn = nextInFilter(line, ai)
		}
		if nextIn == line {
			prevInFilter = line
		}
		out := w
		if (prevInFilter == 0 || prevInFilter+context < line) && (nextIn == -1 || line+context < nextIn) {
			out = &elided
		} else {
			flushElided()
		}
		fmt.Fprintf(out, "%*d: ", labelWidth, line)
		width := 0
		for pos < len(in.text) {
			c := in.text[pos]
			pos++
			width++
			if c == '\n' {
				out.WriteByte(' ')
				break
			}
			out.WriteByte(c)
		}
		out.WriteByte('\n')
		for ; ai < len(lines) && lines[ai].line == line; ai++ {
			l := lines[ai]
			fmt.Fprintf(out, "%-*s  ", labelWidth, l.label)
			col := 1
			for ; col < l.startCol; col++ {
				out.WriteByte(' ')
			}
			out.WriteByte(l.lead)
			for col++; (l.endCol < 0 || col < l.endCol) && col <= width; col++ {
				out.WriteByte('~')
			}
			if l.note != "" {
				for ; col <= width; col++ {
					out.WriteByte(' ')
				}
				out.WriteString(" " + l.note)
			}
			out.WriteByte('\n')
		}
	}
	flushElided()
	w.WriteString(">>>>>>\n")
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cur := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, prev+cost)
			prev = cur
		}
	}
	return row[len(b)]
}

// writeEscaped escapes a string like llvm::raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '"':
			b.WriteString(`\"`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// parseErr prints a check-file or command-line error.
func (d *diags) parseErr(e *parseError) {
	d.msg(e.src, e.off, "error", e.msg, 0)
	if e.blank {
		d.out.WriteString("\n")
	}
}
