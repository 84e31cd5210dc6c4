package driver

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// hostileInputs are inputs that once crashed bcast-opt with a Go stack
// dump (issue 18): nesting two million levels deep, of each class the
// parser recurses on, and a shape whose element count overflows int64.
// Each maps to the diagnostic expected, after `file:line:col: error: `.
func hostileInputs() map[string]struct{ src, want string } {
	const n = 2_000_000
	rep := strings.Repeat
	fn := func(attr string) string {
		return "func.func @f() attributes {a = " + attr + "} {\n  return\n}\n"
	}
	nesting := "nesting deeper than 1000 levels"
	return map[string]struct{ src, want string }{
		"attribute": {fn(rep("[", n) + rep("]", n)), nesting},
		"region": {"func.func @f() {\n" + rep("\"test.op\"() ({\n", n) + "\"test.op\"() : () -> ()\n" +
			rep("}) : () -> ()\n", n) + "  return\n}\n", nesting},
		"type":   {"func.func @f(%a: " + rep("tensor<", n) + "f32" + rep(">", n) + ")\n", nesting},
		"affine": {fn("affine_map<(d0) -> (" + rep("(", n) + "d0" + rep(")", n) + ")>"), "affine expression nested deeper than 1000 levels"},
		"size": {"func.func @f() -> tensor<9223372036854775807x2xf32> {\n" +
			"  %0 = stablehlo.constant dense<1.0> : tensor<9223372036854775807x2xf32>\n" +
			"  return %0 : tensor<9223372036854775807x2xf32>\n}\n", "tensor<9223372036854775807x2xf32> has more than 2^63-1 elements"},
	}
}

// crashSigns are what a Go crash prints; no input may make bcast-opt print
// them.
var crashSigns = regexp.MustCompile(`panic|fatal error|goroutine`)

// TestHostileInputs runs the hostile inputs through the driver in-process:
// each is one located error and exit status 1.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	for name, in := range hostileInputs() {
		path := filepath.Join(dir, name+".mlir")
		if err := os.WriteFile(path, []byte(in.src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"--allow-unregistered-dialect", path},
			{"--allow-unregistered-dialect", "--pipeline=cpu", "--emit=llvm", path},
		} {
			var stdout, stderr bytes.Buffer
			status := Main(args, strings.NewReader(""), &stdout, &stderr)
			checkHostile(t, name, status, stderr.String(), path, in.want)
		}
	}
}

// TestHostileInputsBinary runs the hostile inputs through the bcast-opt
// binary: a stack overflow is a fatal error no recover catches, so only a
// separate process shows that none happens.
func TestHostileInputsBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bcast-opt")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bcast-opt")
	build := exec.Command("go", "build", "-o", bin, "github.com/bcast-opt/bcast-opt/cmd/bcast-opt")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for name, in := range hostileInputs() {
		path := filepath.Join(dir, name+".mlir")
		if err := os.WriteFile(path, []byte(in.src), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "--allow-unregistered-dialect", path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		status := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			status = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		checkHostile(t, name, status, stderr.String(), path, in.want)
	}
}

func checkHostile(t *testing.T, name string, status int, stderr, path, want string) {
	t.Helper()
	// The first line is the diagnostic; the source line and caret follow.
	first, _, _ := strings.Cut(stderr, "\n")
	loc := regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `:\d+:\d+: error: `)
	if status != 1 || !loc.MatchString(first) || !strings.Contains(first, want) {
		t.Errorf("%s: status %d, stderr %.300q; want status 1 and %q at file:line:col", name, status, stderr, want)
	}
	if m := crashSigns.FindString(stderr); m != "" {
		t.Errorf("%s: stderr has %q: %.300q", name, m, stderr)
	}
}
