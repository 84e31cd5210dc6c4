package ir

import (
	"bytes"
	"fmt"
	"strings"
)

// Location is a source position: the file, 1-based line and column of the
// text an operation (or value) was parsed from. The zero Location is unknown.
//
// Textual `loc(...)` annotations are accepted by the parser but diagnostics
// always point at the parsed text itself, which is what a user editing the
// file needs.
type Location struct {
	File      string
	Line, Col int32
}

// Known reports whether the location points into a file.
func (l Location) Known() bool { return l.Line > 0 }

// String returns `file:line:col`, or `loc(unknown)`.
func (l Location) String() string {
	if !l.Known() {
		return "loc(unknown)"
	}
	return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col)
}

// Severity of a diagnostic.
type Severity int

// Severities, as in MLIR.
const (
	SevError Severity = iota
	SevWarning
	SevNote
	SevRemark
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "note", "remark"}[s]
}

// Diagnostic is a located message with attached notes. It implements error,
// printing `file:line:col: error: message` and one line per note.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Msg      string
	Notes    []*Diagnostic
}

// Error formats the diagnostic with its notes.
func (d *Diagnostic) Error() string {
	var sb strings.Builder
	d.write(&sb)
	return strings.TrimSuffix(sb.String(), "\n")
}

func (d *Diagnostic) write(sb *strings.Builder) {
	if d.Loc.Known() {
		sb.WriteString(d.Loc.String())
		sb.WriteString(": ")
	}
	sb.WriteString(d.Severity.String())
	sb.WriteString(": ")
	sb.WriteString(d.Msg)
	sb.WriteByte('\n')
	for _, n := range d.Notes {
		n.write(sb)
	}
}

// AddNote attaches a note at loc and returns the diagnostic.
func (d *Diagnostic) AddNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SevNote, Loc: loc, Msg: fmt.Sprintf(format, args...)})
	return d
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SevError, Loc: loc, Msg: fmt.Sprintf(format, args...)}
}

// DiagList collects diagnostics; it implements error when non-empty.
type DiagList []*Diagnostic

// Error joins the diagnostics, one per line.
func (l DiagList) Error() string {
	parts := make([]string, len(l))
	for i, d := range l {
		parts[i] = d.Error()
	}
	return strings.Join(parts, "\n")
}

// AsDiagnostics converts an error into diagnostics (wrapping a plain error
// at loc).
func AsDiagnostics(err error, loc Location) DiagList {
	switch e := err.(type) {
	case nil:
		return nil
	case *Diagnostic:
		return DiagList{e}
	case DiagList:
		return e
	}
	return DiagList{Errorf(loc, "%s", err.Error())}
}

// Source is the text of an input file, for showing diagnostics as mlir-opt
// does: the message, then the source line it points into and a caret
// under the column.
type Source struct {
	File string
	Text []byte
	// starts are the byte offsets of the lines, computed on first use.
	starts []int
}

// maxSourceLine is the longest source line Format shows, LLVM's
// SMDiagnostic's MaxLineLengthToPrint.
const maxSourceLine = 4096

// NewSource returns the source of file, whose text is text.
func NewSource(file string, text []byte) *Source { return &Source{File: file, Text: text} }

// Format returns d with its notes, one `file:line:col: severity: msg` line
// each, as Diagnostic.Error does, each followed, when it points into the
// source's file, by the source line and a caret line:
//
//	f.mlir:3:8: error: 'stablehlo.add' op ...
//	  %0 = stablehlo.add %a, %b : tensor<4xf32>
//	       ^
//
// Tabs are expanded to 8-column stops in both lines, as LLVM's SourceMgr
// does, and a line longer than maxSourceLine bytes is not shown (nor is
// LLVM's: a generated one-line input would fill the terminal). A nil
// source formats as Error does.
func (s *Source) Format(d *Diagnostic) string {
	var sb strings.Builder
	s.write(&sb, d)
	return strings.TrimSuffix(sb.String(), "\n")
}

func (s *Source) write(sb *strings.Builder, d *Diagnostic) {
	if d.Loc.Known() {
		sb.WriteString(d.Loc.String())
		sb.WriteString(": ")
	}
	sb.WriteString(d.Severity.String())
	sb.WriteString(": ")
	sb.WriteString(d.Msg)
	sb.WriteByte('\n')
	if line, ok := s.line(d.Loc); ok && len(line) <= maxSourceLine {
		writeSourceLine(sb, line, int(d.Loc.Col))
	}
	for _, n := range d.Notes {
		s.write(sb, n)
	}
}

// line returns the text of loc's line, without its line break, if loc
// points into the source.
func (s *Source) line(loc Location) ([]byte, bool) {
	if s == nil || !loc.Known() || loc.File != s.File {
		return nil, false
	}
	if s.starts == nil {
		s.starts = append(s.starts, 0)
		for i, c := range s.Text {
			if c == '\n' {
				s.starts = append(s.starts, i+1)
			}
		}
	}
	n := int(loc.Line) - 1
	if n >= len(s.starts) {
		return nil, false
	}
	end := len(s.Text)
	if n+1 < len(s.starts) {
		end = s.starts[n+1] - 1
	}
	line := s.Text[s.starts[n]:end]
	return bytes.TrimSuffix(line, []byte("\r")), true
}

// writeSourceLine writes line and a caret under the byte column col
// (1-based), expanding tabs to 8-column stops and counting a UTF-8
// sequence as one column.
func writeSourceLine(sb *strings.Builder, line []byte, col int) {
	caret, width := -1, 0
	if col < 1 {
		caret = 0
	}
	for i, c := range line {
		if i == col-1 {
			caret = width
		}
		switch {
		case c == '\t':
			n := 8 - width%8
			sb.WriteString("        "[:n])
			width += n
		case c&0xC0 == 0x80:
			// A UTF-8 continuation byte shares its lead byte's column.
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
			width++
		}
	}
	if caret < 0 {
		caret = width // a column past the end of the line
	}
	sb.WriteByte('\n')
	for range caret {
		sb.WriteByte(' ')
	}
	sb.WriteString("^\n")
}
