package llvm_test

import (
	"os"
	"os/exec"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes"
)

// parse parses and verifies src.
func parse(t testing.TB, name string, src []byte) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(name, src, ir.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

// cpuPipeline returns src parsed (for the interpreter) and src after
// --pipeline=cpu (for Emit).
func cpuPipeline(t testing.TB, name string, src []byte) (orig, lowered *ir.Operation) {
	t.Helper()
	orig = parse(t, name, src)
	lowered = parse(t, name, src)
	entries, err := passes.PipelineEntries("cpu")
	if err != nil {
		t.Fatal(err)
	}
	pm := &ir.PassManager{Entries: entries, VerifyEach: true}
	if err := pm.Run(lowered); err != nil {
		t.Fatalf("--pipeline=cpu: %v", err)
	}
	return orig, lowered
}

func readKernels(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/kernels.mlir")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// tool returns the path of the first of names on PATH; when none is there
// the test is skipped, or fails under BCAST_REQUIRE_TOOLS=1.
func tool(t *testing.T, why string, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	msg := why + ": none of " + joinNames(names) + " is on PATH"
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
	}
	t.Skip(msg + "; install LLVM (llvm-19, clang-19) or set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	return ""
}

func joinNames(ns []string) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
