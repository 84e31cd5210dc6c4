package ir

import (
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
