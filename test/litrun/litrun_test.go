package litrun

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// fakeTools returns the in-process tools used by the testdata files.
func fakeTools() map[string]Tool {
	return map[string]Tool{
		// echo prints its arguments separated by spaces.
		"echo": func(args []string, _ io.Reader, stdout, _ io.Writer) int {
			fmt.Fprintln(stdout, strings.Join(args, " "))
			return 0
		},
		// echoerr prints its arguments to stderr.
		"echoerr": func(args []string, _ io.Reader, _, stderr io.Writer) int {
			fmt.Fprintln(stderr, strings.Join(args, " "))
			return 0
		},
		// args prints each argument as [arg] on its own line.
		"args": func(args []string, _ io.Reader, stdout, _ io.Writer) int {
			for _, a := range args {
				fmt.Fprintf(stdout, "[%s]\n", a)
			}
			return 0
		},
		// cat copies its file arguments, or stdin, to stdout.
		"cat": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				io.Copy(stdout, stdin)
				return 0
			}
			for _, a := range args {
				data, err := os.ReadFile(a)
				if err != nil {
					fmt.Fprintln(stderr, "cat:", err)
					return 1
				}
				stdout.Write(data)
			}
			return 0
		},
		// check succeeds iff stdin contains every argument.
		"check": func(args []string, stdin io.Reader, _, stderr io.Writer) int {
			data, _ := io.ReadAll(stdin)
			for _, a := range args {
				if !strings.Contains(string(data), a) {
					fmt.Fprintf(stderr, "check: expected %q in input:\n%s", a, data)
					return 1
				}
			}
			return 0
		},
		// check-empty succeeds iff stdin is empty.
		"check-empty": func(_ []string, stdin io.Reader, _, stderr io.Writer) int {
			data, _ := io.ReadAll(stdin)
			if len(data) != 0 {
				fmt.Fprintf(stderr, "check-empty: got %q\n", data)
				return 1
			}
			return 0
		},
		// same succeeds iff its two arguments are equal.
		"same": func(args []string, _ io.Reader, _, stderr io.Writer) int {
			if len(args) != 2 || args[0] != args[1] {
				fmt.Fprintf(stderr, "same: %q\n", args)
				return 1
			}
			return 0
		},
		// fail prints "boom" to stderr and exits 1.
		"fail": func(_ []string, _ io.Reader, _, stderr io.Writer) int {
			fmt.Fprintln(stderr, "fail: boom")
			return 1
		},
		// fail-with-output prints to stdout, then fails.
		"fail-with-output": func(_ []string, _ io.Reader, stdout, stderr io.Writer) int {
			fmt.Fprintln(stdout, "partial output")
			fmt.Fprintln(stderr, "fail: boom")
			return 1
		},
		// exit exits with the status given as its argument.
		"exit": func(args []string, _ io.Reader, _, _ io.Writer) int {
			n, _ := strconv.Atoi(args[0])
			return n
		},
		// panic panics, simulating a crashing tool.
		"panic": func(_ []string, _ io.Reader, _, _ io.Writer) int {
			panic("tool crashed")
		},
		// rm removes files.
		"rm": func(args []string, _ io.Reader, _, stderr io.Writer) int {
			for _, a := range args {
				if err := os.Remove(a); err != nil {
					fmt.Fprintln(stderr, err)
					return 1
				}
			}
			return 0
		},
	}
}

// testConfig is the configuration used with the testdata files.
func testConfig() Config {
	return Config{
		Tools:    fakeTools(),
		Features: map[string]bool{"asserts": true, "known-bug": true},
	}
}

// TestRunDirPass runs every file under testdata/pass as a subtest; all of
// them must pass or be skipped (and Inputs/ must be ignored).
func TestRunDirPass(t *testing.T) {
	RunDir(t, testConfig(), filepath.Join("testdata", "pass"))
}

// TestRunDirSerial runs the same files without t.Parallel.
func TestRunDirSerial(t *testing.T) {
	cfg := testConfig()
	cfg.Serial = true
	RunDir(t, cfg, filepath.Join("testdata", "pass"))
}

// TestFindTests checks test discovery: recursive, sorted, Inputs skipped.
func TestFindTests(t *testing.T) {
	files, err := findTests(filepath.Join("testdata", "pass"))
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, f := range files {
		rel = append(rel, filepath.ToSlash(f))
	}
	for _, want := range []string{"sub/nested.mlir", "quoting.mlir"} {
		if !contains(rel, want) {
			t.Errorf("findTests missing %s: %v", want, rel)
		}
	}
	for _, f := range rel {
		if strings.Contains(f, "Inputs") {
			t.Errorf("findTests included %s", f)
		}
	}
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSkips checks that REQUIRES and UNSUPPORTED produce *SkipError.
func TestSkips(t *testing.T) {
	for _, tc := range []struct{ file, reason string }{
		{"requires-missing.mlir", "requires: nonexistent-feature"},
		{"unsupported.mlir", "unsupported with: asserts && known-bug"},
	} {
		err := RunFile(testConfig(), filepath.Join("testdata", "pass", tc.file))
		var skip *SkipError
		if !errors.As(err, &skip) {
			t.Errorf("%s: got %v, want *SkipError", tc.file, err)
			continue
		}
		if !strings.Contains(skip.Reason, tc.reason) {
			t.Errorf("%s: reason %q, want %q", tc.file, skip.Reason, tc.reason)
		}
	}
	// Without the features, the files run (and their RUN lines fail).
	cfg := testConfig()
	cfg.Features = map[string]bool{"nonexistent-feature": true}
	if err := RunFile(cfg, filepath.Join("testdata", "pass", "requires-missing.mlir")); err == nil {
		t.Errorf("requires-missing.mlir with feature: want failure")
	}
	if err := RunFile(cfg, filepath.Join("testdata", "pass", "unsupported.mlir")); err == nil {
		t.Errorf("unsupported.mlir without features: want failure")
	}
}

// TestXFailFeature checks that XFAIL with a feature list only applies when
// a listed feature is present.
func TestXFailFeature(t *testing.T) {
	path := filepath.Join("testdata", "pass", "xfail-feature.mlir")
	if err := RunFile(testConfig(), path); err != nil {
		t.Errorf("with known-bug: %v", err)
	}
	cfg := testConfig()
	cfg.Features = nil
	var re *RunError
	if err := RunFile(cfg, path); !errors.As(err, &re) {
		t.Errorf("without known-bug: got %v, want *RunError", err)
	}
}

// TestFailures checks that failing files produce useful errors.
func TestFailures(t *testing.T) {
	tests := []struct {
		file     string
		runError bool     // expect a *RunError
		line     int      // RunError.Line
		exit     int      // RunError.ExitCode
		want     []string // substrings of the error message
		notWant  []string // strings that must not appear
	}{
		{"pipefail.mlir", true, 3, 1, []string{"$ fail", "fail: boom", "$ cat", "exit status: 1"}, nil},
		{"failing-run.mlir", true, 2, 1, []string{
			"failing-run.mlir:2: RUN line failed with exit status 1",
			"RUN: at line 2: echo actual-output | check expected-output",
			"$ echo actual-output", "$ check expected-output",
			`check: expected "expected-output" in input:`, "actual-output",
		}, []string{"never-runs", "line 1"}},
		{"no-run.mlir", false, 0, 0, []string{"no-run.mlir: test has no RUN lines"}, nil},
		{"xpass.mlir", false, 0, 0, []string{"XPASS"}, nil},
		{"unknown-tool.mlir", false, 0, 0, []string{`unknown command "no-such-tool"`, "unknown-tool.mlir:2:"}, nil},
		{"bad-continuation.mlir", false, 0, 0, []string{"bad-continuation.mlir:1: RUN line ends with '\\'"}, nil},
		{"crash.mlir", true, 2, 1, []string{"PANIC in panic: tool crashed", "crashed (exit status 134)", "$ not panic"}, nil},
		{"and-stops.mlir", true, 1, 1, []string{"$ fail"}, []string{"$ echo"}},
		{"not-success.mlir", true, 1, 1, []string{"$ not echo unexpectedly-fine", "# stdout:", "unexpectedly-fine", "status after 'not': 1"}, nil},
		{"unterminated-quote.mlir", false, 0, 0, []string{"unterminated single quote"}, nil},
		{"exit-code.mlir", true, 1, 42, []string{"exit status 42"}, nil},
		{"missing-input.mlir", true, 1, 1, []string{"redirection:", "does-not-exist"}, nil},
		{"bad-requires.mlir", false, 0, 0, []string{"bad-requires.mlir:1: REQUIRES: invalid feature expression"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			err := RunFile(testConfig(), filepath.Join("testdata", "fail", tc.file))
			if err == nil {
				t.Fatal("RunFile succeeded, want error")
			}
			msg := err.Error()
			var re *RunError
			if errors.As(err, &re) != tc.runError {
				t.Fatalf("error type %T, runError=%v: %v", err, tc.runError, err)
			}
			if re != nil {
				if re.Line != tc.line || re.ExitCode != tc.exit {
					t.Errorf("Line=%d ExitCode=%d, want %d, %d\n%s", re.Line, re.ExitCode, tc.line, tc.exit, msg)
				}
				if !filepath.IsAbs(re.Path) {
					t.Errorf("Path %q is not absolute", re.Path)
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error does not contain %q:\n%s", w, msg)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(msg, w) {
					t.Errorf("error contains %q:\n%s", w, msg)
				}
			}
		})
	}
}

// TestExternal runs real programs from PATH listed in Config.External.
func TestExternal(t *testing.T) {
	for _, p := range []string{"true", "false", "cat"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s not on PATH", p)
		}
	}
	tools := fakeTools()
	delete(tools, "cat")
	cfg := Config{Tools: tools, External: map[string]bool{"true": true, "false": true, "cat": true}}
	path := filepath.Join("testdata", "external", "external.mlir")
	if err := RunFile(cfg, path); err != nil {
		t.Fatal(err)
	}
	// Not listed in External: an error, not a silently failing command.
	cfg.External = map[string]bool{"true": true, "cat": true}
	if err := RunFile(cfg, path); err == nil || !strings.Contains(err.Error(), `unknown command "false"`) {
		t.Errorf("got %v, want unknown command error", err)
	}
}

// TestParseShell checks word splitting, quoting, operators and redirections.
func TestParseShell(t *testing.T) {
	tests := []struct {
		in   string
		want string // rendering of the parsed list, see render
	}{
		{"a b c", "[a b c]"},
		{"a 'b c' \"d e\"", "[a b c d e]"},
		{"a | b | c", "[a] | [b] | [c]"},
		{"a && b || c ; d", "[a] && [b] || [c] ; [d]"},
		{"not a | not not b", "not[a] | not not[b]"},
		{"not --crash a", "crash[a]"},
		{"a 2>&1 > f < g 2> h >> i 2>> j &> k 1>&2", "[a]{2>&1 1> f < g 2> h 1>> i 2>> j &> k 1>&2}"},
		{"a>f", "[a]{1> f}"},
		{"a 'x|y' x\\|y", "[a x|y x|y]"},
	}
	for _, tc := range tests {
		list, err := parseShell(tc.in)
		if err != nil {
			t.Errorf("parseShell(%q): %v", tc.in, err)
			continue
		}
		if got := render(list); got != tc.want {
			t.Errorf("parseShell(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// Quoted words keep spaces inside one argument.
	list, _ := parseShell(`x 'a b' "c \"d\" \\ \$" e\ f ''`)
	if got, want := list.pipes[0].cmds[0].args, []string{"x", "a b", `c "d" \ $`, "e f", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("args = %q, want %q", got, want)
	}
	for _, bad := range []string{"", "a |", "| a", "a && && b", "a >", "not", "a &", "a 'b", `a "b`, "a >&3", "a \\"} {
		if _, err := parseShell(bad); err == nil {
			t.Errorf("parseShell(%q) succeeded, want error", bad)
		}
	}
}

// render prints a parsed command list compactly for TestParseShell.
func render(l *cmdList) string {
	var b strings.Builder
	for i, p := range l.pipes {
		if i > 0 {
			b.WriteString(map[tokKind]string{tokAnd: " && ", tokOr: " || ", tokSemi: " ; "}[l.ops[i-1]])
		}
		for j, c := range p.cmds {
			if j > 0 {
				b.WriteString(" | ")
			}
			if c.crash {
				b.WriteString("crash")
			} else {
				b.WriteString(strings.TrimSpace(strings.Repeat("not ", c.nots)))
			}
			b.WriteString("[" + strings.Join(c.args, " ") + "]")
			if len(c.redirs) > 0 {
				var rs []string
				for _, r := range c.redirs {
					rs = append(rs, describeRedir(r))
				}
				b.WriteString("{" + strings.Join(rs, " ") + "}")
			}
		}
	}
	return b.String()
}

// TestSubstitute checks lit substitutions directly.
func TestSubstitute(t *testing.T) {
	subs := map[byte]string{'s': "/d/x.mlir", 'S': "/d", 't': "/tmp/x.tmp", 'T': "/tmp"}
	tests := map[string]string{
		"%s":            "/d/x.mlir",
		"%S/y %t %T":    "/d/y /tmp/x.tmp /tmp",
		"%%s %%":        "%s %",
		"%q %":          "%q %",
		"--o=%t.ll%%%s": "--o=/tmp/x.tmp.ll%/d/x.mlir",
	}
	for in, want := range tests {
		if got := substitute(in, subs); got != want {
			t.Errorf("substitute(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEvalExpr checks feature expressions.
func TestEvalExpr(t *testing.T) {
	f := map[string]bool{"a": true, "b-c.d": true}
	tests := map[string]bool{
		"a": true, "x": false, "!x": true, "!a": false, "*": true,
		"a && b-c.d": true, "a && x": false, "x || a": true, "!(a && x)": true,
		"x || a && !x": true, "(x || a) && x": false, "true": true, "false": false,
	}
	for in, want := range tests {
		got, err := evalExpr(in, f)
		if err != nil || got != want {
			t.Errorf("evalExpr(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"a &&", "(a", "a b", "&& a", "a ? b", ")"} {
		if _, err := evalExpr(bad, f); err == nil {
			t.Errorf("evalExpr(%q) succeeded, want error", bad)
		}
	}
}

// TestParseScript checks directive extraction and continuation joining.
func TestParseScript(t *testing.T) {
	src := "// RUN: a \\\n// CHECK: x\n// RUN: b\n# RUN: c\n; XFAIL: *\n// REQUIRES: f, g\n  //   UNSUPPORTED: h\nRUN: not-a-directive\n"
	s, err := parseScript([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []runLine{{1, "a b"}, {4, "c"}}
	if !reflect.DeepEqual(s.runs, want) {
		t.Errorf("runs = %v, want %v", s.runs, want)
	}
	if !reflect.DeepEqual(s.xfail, []string{"*"}) || !reflect.DeepEqual(s.requires, []string{"f", "g"}) ||
		!reflect.DeepEqual(s.unsupported, []string{"h"}) {
		t.Errorf("directives = %v %v %v", s.xfail, s.requires, s.unsupported)
	}
	for _, bad := range []string{"// RUN:\n", "// RUN: a \\\n", "// RUN: a \\\n// XFAIL: *\n// RUN: b\n", "// REQUIRES: a,,b\n"} {
		if _, err := parseScript([]byte(bad)); err == nil {
			t.Errorf("parseScript(%q) succeeded, want error", bad)
		}
	}
}

// TestApplyNot checks the exit status rules of "not" and "not --crash".
func TestApplyNot(t *testing.T) {
	tests := []struct {
		nots    int
		crash   bool
		raw     int
		crashed bool
		want    int
	}{
		{0, false, 3, false, 3},
		{1, false, 3, false, 0},
		{1, false, 0, false, 1},
		{2, false, 0, false, 0},
		{1, false, 134, true, 1},
		{0, true, 134, true, 0},
		{0, true, 1, false, 1},
	}
	for _, tc := range tests {
		got := applyNot(command{nots: tc.nots, crash: tc.crash}, tc.raw, tc.crashed)
		if got != tc.want {
			t.Errorf("applyNot(%+v) = %d, want %d", tc, got, tc.want)
		}
	}
}

// TestMissingFile checks that a nonexistent test file is an error.
func TestMissingFile(t *testing.T) {
	if err := RunFile(testConfig(), filepath.Join("testdata", "nope.mlir")); err == nil {
		t.Error("want error for missing file")
	}
}

// TestTempCleanup checks that %T is removed after the test and unique per
// run.
func TestTempCleanup(t *testing.T) {
	var dirs []string
	cfg := testConfig()
	cfg.Tools["record"] = func(args []string, _ io.Reader, _, _ io.Writer) int {
		dirs = append(dirs, args...)
		return 0
	}
	path := filepath.Join(t.TempDir(), "rec.mlir")
	if err := os.WriteFile(path, []byte("// RUN: record %T\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := RunFile(cfg, path); err != nil {
			t.Fatal(err)
		}
	}
	if len(dirs) != 2 || dirs[0] == dirs[1] {
		t.Fatalf("temp dirs %v, want two distinct", dirs)
	}
	for _, d := range dirs {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("temp dir %s not removed", d)
		}
	}
}
