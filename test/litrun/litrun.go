package litrun

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Tool is an in-process command: args exclude the program name. It reads
// its standard input from stdin, writes to stdout and stderr, and returns
// the process exit status. Tools may be called concurrently from parallel
// tests (see Config.Serial). A panicking tool is reported as a crash.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Config describes the environment RUN lines execute in.
type Config struct {
	// Tools maps command names (e.g. "bcast-opt", "FileCheck") to
	// in-process implementations.
	Tools map[string]Tool
	// Features are the names REQUIRES, UNSUPPORTED and XFAIL expressions
	// are evaluated against.
	Features map[string]bool
	// External: if a command name is not in Tools but is in External, it is
	// run as a real process found on PATH (e.g. "mlir-opt-19", "llc",
	// "opt"); otherwise an error.
	External map[string]bool
	// Serial makes RunDir run test files one at a time. Set it when the
	// Tools are not safe for concurrent use (e.g. they share global flag
	// state); by default files run in parallel.
	Serial bool
}

// RunError describes a failing RUN line.
type RunError struct {
	// Path is the test file.
	Path string
	// Line is the 1-based line number of the (first line of the) RUN line.
	Line int
	// Command is the RUN line after substitution.
	Command string
	// ExitCode is the exit status of the RUN line (of its last pipeline,
	// with pipefail applied).
	ExitCode int
	// Transcript lists each command that ran with its exit status and its
	// captured stderr and stdout, similar to lit's failure output.
	Transcript string
}

// Error formats the failure like lit: the RUN line, then the transcript.
func (e *RunError) Error() string {
	return fmt.Sprintf("%s:%d: RUN line failed with exit status %d\nRUN: at line %d: %s\n%s",
		e.Path, e.Line, e.ExitCode, e.Line, e.Command, e.Transcript)
}

// SkipError is returned by RunFile for tests that are not supported by the
// configuration (unmet REQUIRES or matching UNSUPPORTED). RunDir turns it
// into t.Skip.
type SkipError struct {
	// Reason explains why the test was skipped.
	Reason string
}

// Error returns the skip reason.
func (e *SkipError) Error() string { return "UNSUPPORTED: " + e.Reason }

// maxStream bounds how much of each captured stream goes into a report.
const maxStream = 16 << 10

// RunFile runs all RUN lines of one test file; returns nil on success or an
// error describing the failing RUN line, the command, its exit code and its
// stderr/stdout (like lit's output).
//
// RUN lines run in order and stop at the first failure. A test marked
// XFAIL (with a true expression) succeeds when a RUN line fails and returns
// an "XPASS" error when all of them pass. Files that are unsupported by
// cfg.Features return a *SkipError; failing RUN lines return a *RunError.
// Malformed files (no RUN lines, shell syntax errors, unknown commands) are
// errors even when marked XFAIL.
func RunFile(cfg Config, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return err
	}
	s, err := parseScript(data)
	if err != nil {
		return fmt.Errorf("%s:%v", abs, err)
	}
	if len(s.runs) == 0 {
		return fmt.Errorf("%s: test has no RUN lines", abs)
	}
	if reason := unsupportedReason(s, cfg.Features); reason != "" {
		return &SkipError{Reason: reason}
	}
	xfail := false
	for _, x := range s.xfail {
		v, _ := evalExpr(x, cfg.Features) // validated by parseScript
		xfail = xfail || v
	}

	tmp, err := os.MkdirTemp("", "litrun-"+sanitize(filepath.Base(abs))+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	subs := map[byte]string{
		's': abs,
		'S': filepath.Dir(abs),
		'p': filepath.Dir(abs),
		't': filepath.Join(tmp, filepath.Base(abs)+".tmp"),
		'T': tmp,
	}
	ex := &executor{cfg: cfg, dir: filepath.Dir(abs)}

	// Parse and check every RUN line before running any, so that syntax
	// errors and unknown commands are always reported.
	type parsed struct {
		run  runLine
		text string
		list *cmdList
	}
	var lines []parsed
	for _, r := range s.runs {
		text := substitute(r.text, subs)
		list, err := parseShell(text)
		if err == nil {
			err = ex.checkCommands(list)
		}
		if err != nil {
			return fmt.Errorf("%s:%d: bad RUN line %q: %v", abs, r.line, text, err)
		}
		lines = append(lines, parsed{r, text, list})
	}

	for _, l := range lines {
		status, results, err := ex.runList(l.list)
		if err == nil && status == 0 {
			continue
		}
		if xfail {
			return nil
		}
		re := &RunError{Path: abs, Line: l.run.line, Command: l.text, ExitCode: status,
			Transcript: transcript(results)}
		if err != nil {
			re.Transcript += "# error: " + err.Error() + "\n"
		}
		return re
	}
	if xfail {
		return fmt.Errorf("%s: XPASS: all RUN lines passed but the test is marked XFAIL", abs)
	}
	return nil
}

// unsupportedReason returns why a test cannot run with the given features,
// or "" if it can.
func unsupportedReason(s *script, features map[string]bool) string {
	var missing []string
	for _, r := range s.requires {
		if v, _ := evalExpr(r, features); !v {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		return "test requires: " + strings.Join(missing, ", ")
	}
	for _, u := range s.unsupported {
		if v, _ := evalExpr(u, features); v {
			return "test is unsupported with: " + u
		}
	}
	return ""
}

// transcript renders the executed commands and their output for a report.
func transcript(results []cmdResult) string {
	var b strings.Builder
	for _, r := range results {
		b.WriteString("$ ")
		if r.crash {
			b.WriteString("not --crash ")
		}
		b.WriteString(strings.Repeat("not ", r.nots))
		b.WriteString(shellQuote(r.args))
		if r.redirs != "" {
			b.WriteString(" " + r.redirs)
		}
		b.WriteString("\n")
		writeStream(&b, "stdout", r.stdout)
		writeStream(&b, "stderr", r.stderr)
		switch {
		case r.crashed:
			fmt.Fprintf(&b, "# crashed (exit status %d)\n", r.raw)
		case r.raw != 0 || r.nots > 0:
			fmt.Fprintf(&b, "# exit status: %d\n", r.raw)
		}
		if r.nots > 0 || r.crash {
			fmt.Fprintf(&b, "# status after 'not': %d\n", r.status)
		}
	}
	return b.String()
}

// writeStream appends a captured stream to b, truncated to maxStream bytes.
func writeStream(b *strings.Builder, name, s string) {
	if s == "" {
		return
	}
	fmt.Fprintf(b, "# %s:\n", name)
	if len(s) > maxStream {
		fmt.Fprintf(b, "%s\n# ... (%d more bytes)\n", s[:maxStream], len(s)-maxStream)
		return
	}
	b.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
}

// sanitize makes a file name safe for use in a temporary directory name.
func sanitize(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, name)
}

// RunDir walks dir for *.mlir files (recursively) and runs each as a
// subtest t.Run(relpath, ...), in parallel unless cfg.Serial is set.
// Directories named "Inputs" (lit's convention for auxiliary files) and
// hidden directories are not searched. Unsupported tests are skipped with
// the reason; finding no tests at all is a failure.
//
// Parallel subtests only start once the calling test function returns, so
// resources the tools need must be released with t.Cleanup, not defer.
func RunDir(t *testing.T, cfg Config, dir string) {
	t.Helper()
	files, err := findTests(dir)
	if err != nil {
		t.Fatalf("litrun: %v", err)
	}
	if len(files) == 0 {
		t.Fatalf("litrun: no *.mlir tests found under %s", dir)
	}
	for _, rel := range files {
		path := filepath.Join(dir, rel)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			if !cfg.Serial {
				t.Parallel()
			}
			err := RunFile(cfg, path)
			var skip *SkipError
			switch {
			case errors.As(err, &skip):
				t.Skip(skip.Error())
			case err != nil:
				t.Error(err)
			}
		})
	}
}

// findTests returns the *.mlir files under dir, relative to dir, sorted.
func findTests(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (d.Name() == "Inputs" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".mlir") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
