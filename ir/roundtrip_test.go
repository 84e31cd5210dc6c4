package ir_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	_ "github.com/bcast-opt/bcast-opt/internal/testdialect"
	"github.com/bcast-opt/bcast-opt/ir"
)

// chunk is one `// -----` piece of a lit test input.
type chunk struct {
	name string
	text []byte
}

// litChunks returns every chunk of every .mlir file under test/lit.
func litChunks(t testing.TB) []chunk {
	var chunks []chunk
	root := filepath.Join("..", "test", "lit")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, part := range bytes.Split(src, []byte("\n// -----\n")) {
			rel, _ := filepath.Rel(root, path)
			chunks = append(chunks, chunk{name: rel + "#" + string(rune('0'+i%10)) + strings.Repeat("'", i/10), text: part})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) == 0 {
		t.Fatal("no lit inputs found")
	}
	return chunks
}

func parseVerified(text []byte) (*ir.Operation, bool) {
	m, err := ir.Parse("in.mlir", text, ir.ParseOptions{AllowUnregistered: true})
	if err != nil || ir.Verify(m) != nil {
		return nil, false
	}
	return m, true
}

// TestRoundTrip checks that printing is a fixed point: print(parse(x)) parses
// and prints to the same bytes, in the pretty and the generic form, and
// that the generic form converts back to the same pretty text.
func TestRoundTrip(t *testing.T) {
	n := 0
	for _, c := range litChunks(t) {
		m, ok := parseVerified(c.text)
		if !ok {
			continue // invalid on purpose (expected-error tests)
		}
		n++
		pretty := ir.PrintString(m, ir.PrintOptions{})
		generic := ir.PrintString(m, ir.PrintOptions{Generic: true})
		for _, form := range []struct {
			name string
			text string
			opts ir.PrintOptions
		}{{"pretty", pretty, ir.PrintOptions{}}, {"generic", generic, ir.PrintOptions{Generic: true}}} {
			m2, err := ir.Parse("printed.mlir", []byte(form.text), ir.ParseOptions{AllowUnregistered: true})
			if err != nil {
				t.Errorf("%s: %s output does not parse: %v\n%s", c.name, form.name, err, form.text)
				continue
			}
			if err := ir.Verify(m2); err != nil {
				t.Errorf("%s: %s output does not verify: %v", c.name, form.name, err)
				continue
			}
			if again := ir.PrintString(m2, form.opts); again != form.text {
				t.Errorf("%s: %s printing is not a fixed point:\nfirst:\n%s\nsecond:\n%s", c.name, form.name, form.text, again)
			}
			if back := ir.PrintString(m2, ir.PrintOptions{}); back != pretty {
				t.Errorf("%s: %s form does not convert back to the same pretty text:\n%s\nvs\n%s", c.name, form.name, back, pretty)
			}
		}
	}
	if n == 0 {
		t.Fatal("no valid chunk was round-tripped")
	}
	t.Logf("%d chunks round-tripped", n)
}

func mlirOpt(t *testing.T) string {
	for _, n := range []string{"mlir-opt-19", "/usr/lib/llvm-19/bin/mlir-opt"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal("mlir-opt-19 not found and BCAST_REQUIRE_TOOLS=1")
	}
	t.Skip("mlir-opt-19 not installed (Debian package mlir-19-tools); skipping the MLIR parity check")
	return ""
}

// mlirCompatible reports whether every op in m belongs to a dialect that
// mlir-opt-19 knows (or is an unregistered test op it accepts as such).
func mlirCompatible(m *ir.Operation) bool {
	ok := true
	m.Walk(func(o *ir.Operation) bool {
		switch o.Dialect() {
		case "builtin", "func", "arith", "test", "tensor", "linalg", "math", "memref", "complex":
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// TestMLIRParity runs the printed IR through mlir-opt-19: it must be
// accepted, and mlir-opt must print it back byte for byte as we do (both
// forms), which pins our printer to MLIR's.
func TestMLIRParity(t *testing.T) {
	tool := mlirOpt(t)
	n := 0
	for _, c := range litChunks(t) {
		m, ok := parseVerified(c.text)
		if !ok || !mlirCompatible(m) {
			continue
		}
		n++
		for _, generic := range []bool{false, true} {
			ours := ir.PrintString(m, ir.PrintOptions{Generic: generic}) + "\n"
			args := []string{"--allow-unregistered-dialect", "-"}
			if generic {
				args = append(args, "--mlir-print-op-generic")
			}
			cmd := exec.Command(tool, args...)
			cmd.Stdin = strings.NewReader(ours)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			theirs, err := cmd.Output()
			if err != nil {
				t.Errorf("%s: mlir-opt-19 rejects our output (generic=%v): %v\n%s\n%s", c.name, generic, err, stderr.String(), ours)
				continue
			}
			if string(theirs) != ours {
				t.Errorf("%s: mlir-opt-19 prints differently (generic=%v):\nours:\n%s\nmlir-opt:\n%s", c.name, generic, ours, theirs)
			}
		}
	}
	t.Logf("%d chunks checked against %s", n, tool)
}
