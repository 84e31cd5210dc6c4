package llprint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/lower/llvm/internal/buildhook"
	"github.com/bcast-opt/bcast-opt/lower/llvm/llprint"
	"github.com/bcast-opt/bcast-opt/passes"
	"github.com/bcast-opt/bcast-opt/test/randprog"
)

// This file tests the printer against llir's own on the modules that
// lower/llvm builds.

// TestPrintMatchesLLIR checks that Module writes what llir's own
// printer writes, byte for byte, on every kernel the tests and benchmarks
// lower (each `// -----` chunk that --pipeline=cpu and Emit accept), for
// both targets, and on random programs.
func TestPrintMatchesLLIR(t *testing.T) {
	var files []string
	for _, pat := range []string{"../testdata/*.mlir", "../../../test/lit/codegen/*.mlir", "../../../bench/workloads/*.mlir", "../../../examples/*.mlir"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d input files", len(files))
	}
	compared := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range strings.Split(string(src), "\n// -----\n") {
			m, err := ir.Parse(path, []byte(chunk), ir.ParseOptions{})
			if err != nil || ir.Verify(m) != nil {
				continue // invalid on purpose (expected-error cases)
			}
			compared += comparePrint(t, fmt.Sprintf("%s chunk %d", path, i), m)
		}
	}
	for seed := int64(0); seed < 300; seed++ {
		m, _, err := randprog.Generate(seed, randprog.DefaultConfig).Build()
		if err != nil {
			continue
		}
		compared += comparePrint(t, fmt.Sprintf("random program %d", seed), m)
	}
	t.Logf("compared %d modules", compared)
	if compared < 100 {
		t.Errorf("compared only %d modules", compared)
	}
}

// comparePrint runs the CPU pipeline on m and compares the two printers
// on the result for both targets; it returns the number of comparisons.
func comparePrint(t *testing.T, what string, m *ir.Operation) int {
	t.Helper()
	entries, err := passes.PipelineEntries("cpu")
	if err != nil {
		t.Fatal(err)
	}
	if err := (&ir.PassManager{Entries: entries, VerifyEach: true}).Run(m); err != nil {
		return 0
	}
	n := 0
	for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
		mod, err := buildhook.Build(m, target.Triple)
		if err != nil {
			continue // not lowered yet (invalid.mlir)
		}
		got := llprint.Module(mod)
		want := mod.String()
		if got != want {
			t.Errorf("%s (%s): llprint.Module differs from llir's printer\n%s", what, target.Triple, firstDiff(got, want))
		}
		n++
	}
	return n
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d and %d lines", len(g), len(w))
}
