package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHostileInputs runs inputs that crashed the tools with a Go stack
// dump (issue 18: nesting two million levels deep, a shape of more than
// 2^63-1 elements) through bcast-run, native and --interp: each is one
// located error and status 1, never a panic, fatal error or goroutine
// dump. (A stack overflow kills the test binary, so this fails loudly if
// one comes back.)
func TestHostileInputs(t *testing.T) {
	const n = 2_000_000
	rep := strings.Repeat
	fn := func(attr string) string {
		return "func.func @main() attributes {a = " + attr + "} {\n  return\n}\n"
	}
	dir := t.TempDir()
	for name, src := range map[string]string{
		"attribute": fn(rep("[", n) + rep("]", n)),
		"region":    "func.func @main(%c: i1) {\n" + rep("scf.if %c {\n", n) + rep("}\n", n) + "  return\n}\n",
		"type":      "func.func @main(%a: " + rep("tuple<", n) + "f32" + rep(">", n) + ") {\n  return\n}\n",
		"affine":    fn("affine_map<(d0) -> (" + rep("(", n) + "d0" + rep(")", n) + ")>"),
		"size": "func.func @main() -> tensor<9223372036854775807x2xf32> {\n" +
			"  %0 = stablehlo.constant dense<1.0> : tensor<9223372036854775807x2xf32>\n" +
			"  return %0 : tensor<9223372036854775807x2xf32>\n}\n",
	} {
		path := filepath.Join(dir, name+".mlir")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		loc := regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `:\d+:\d+: error: `)
		for _, args := range [][]string{{"--interp", path}, {path}} {
			st, _, stderr := runMain(t, args...)
			first, _, _ := strings.Cut(stderr, "\n")
			limit := strings.Contains(first, "nested deeper than 1000 levels") || strings.Contains(first, "nesting deeper than 1000 levels") ||
				strings.Contains(first, "has more than 2^63-1 elements")
			if st != 1 || !loc.MatchString(first) || !limit || regexp.MustCompile(`panic|fatal error|goroutine`).MatchString(stderr) {
				t.Errorf("%s %v: status %d, stderr %.300q; want status 1 and the limit's located error", name, args, st, stderr)
			}
		}
	}
}
