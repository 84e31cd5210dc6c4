package passtest

import (
	"os"
	"os/exec"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// RunPass parses src (unregistered ops allowed), runs the registered pass
// with opts through a PassManager that verifies after each pass, and
// prints the result. A parse error or an unknown pass fails the test; the
// pass's own error is returned.
func RunPass(t testing.TB, pass string, opts ir.PassOptions, src string) (string, error) {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	e, err := ir.NewPassEntry(pass, opts)
	if err != nil {
		t.Fatalf("pass entry: %v", err)
	}
	pm := &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		return "", err
	}
	return ir.PrintString(m, ir.PrintOptions{}), nil
}

// llvm19MLIROpt is where Debian's mlir-19-tools installs mlir-opt when
// mlir-opt-19 is not on PATH.
const llvm19MLIROpt = "/usr/lib/llvm-19/bin/mlir-opt"

// MLIROpt19 returns the path of mlir-opt-19. When it is missing the test
// is skipped, or fails if BCAST_REQUIRE_TOOLS=1 asks for the tool.
func MLIROpt19(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("mlir-opt-19"); err == nil {
		return p
	}
	if _, err := os.Stat(llvm19MLIROpt); err == nil {
		return llvm19MLIROpt
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal("mlir-opt-19 not found (PATH or " + llvm19MLIROpt + ") and BCAST_REQUIRE_TOOLS=1")
	}
	t.Skip("mlir-opt-19 not installed (Debian package mlir-19-tools); set BCAST_REQUIRE_TOOLS=1 to require it")
	return ""
}
