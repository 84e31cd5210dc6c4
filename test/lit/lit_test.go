package lit

import (
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/cmd/bcast-run/runner"
	"github.com/bcast-opt/bcast-opt/compiler"
	_ "github.com/bcast-opt/bcast-opt/internal/testdialect" // test.broadcastable
	"github.com/bcast-opt/bcast-opt/test/filecheck"
	"github.com/bcast-opt/bcast-opt/test/litrun"
)

// fileCheck runs the Go FileCheck, and in cross-check mode also LLVM's,
// failing when their verdicts differ.
func fileCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if os.Getenv("BCAST_FILECHECK_CROSSCHECK") != "1" {
		return filecheck.Main(args, stdin, stdout, stderr)
	}
	input, err := io.ReadAll(stdin)
	if err != nil {
		return 2
	}
	ours := filecheck.Main(args, bytesReader(input), stdout, stderr)
	tool := llvmFileCheck()
	if tool == "" {
		io.WriteString(stderr, "cross-check: no LLVM FileCheck on PATH\n")
		return 2
	}
	cmd := exec.Command(tool, args...)
	cmd.Stdin = bytesReader(input)
	cmd.Stderr = io.Discard
	theirs := 0
	if err := cmd.Run(); err != nil {
		theirs = 1
		if ee, ok := err.(*exec.ExitError); ok {
			theirs = ee.ExitCode()
		}
	}
	if (ours == 0) != (theirs == 0) {
		io.WriteString(stderr, "cross-check: Go FileCheck and "+tool+" disagree\n")
		return 3
	}
	return ours
}

func llvmFileCheck() string {
	for _, n := range []string{"FileCheck-19", "FileCheck", "FileCheck-14"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

func TestLit(t *testing.T) {
	features := map[string]bool{}
	if _, err := exec.LookPath("mlir-opt-19"); err == nil {
		features["mlir-opt"] = true
	} else if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal("mlir-opt-19 is required (BCAST_REQUIRE_TOOLS=1) but not on PATH")
	}
	// LLVM's opt and llc (14, the unsuffixed Debian ones, and 19) check
	// the LLVM IR of --emit=llvm (test/lit/codegen).
	llvmTools := []string{"opt", "llc", "opt-19", "llc-19"}
	for _, name := range llvmTools {
		if _, err := exec.LookPath(name); err == nil {
			features[name] = true
		} else if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s is required (BCAST_REQUIRE_TOOLS=1) but not on PATH", name)
		}
	}
	// bcast-run without --interp compiles natively (clang-19, or llc and
	// cc): the files that need it say REQUIRES: native.
	if _, err := compiler.FindToolchain(compiler.Toolchain{}); err == nil {
		features["native"] = true
	} else if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatalf("a native toolchain is required (BCAST_REQUIRE_TOOLS=1): %v", err)
	}
	if os.Getenv("BCAST_FILECHECK_CROSSCHECK") == "1" && llvmFileCheck() == "" {
		t.Fatal("BCAST_FILECHECK_CROSSCHECK=1 but no LLVM FileCheck on PATH")
	}
	cfg := litrun.Config{
		Tools: map[string]litrun.Tool{
			"bcast-opt": driver.Main,
			"bcast-run": func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
				return runner.Main(args, stdout, stderr)
			},
			"FileCheck": fileCheck,
		},
		Features: features,
		External: map[string]bool{"mlir-opt-19": true},
	}
	for _, name := range llvmTools {
		cfg.External[name] = true
	}
	litrun.RunDir(t, cfg, ".")
}
