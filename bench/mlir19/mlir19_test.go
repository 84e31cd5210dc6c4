package mlir19

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// requireTools skips the test when the MLIR 19 tools are missing, unless
// BCAST_REQUIRE_TOOLS=1 makes that a failure.
func requireTools(t *testing.T) {
	t.Helper()
	if err := Available(); err != nil {
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%v (BCAST_REQUIRE_TOOLS=1)", err)
		}
		t.Skipf("%v; set BCAST_REQUIRE_TOOLS=1 to make this a failure", err)
	}
}

func TestPassPipeline(t *testing.T) {
	got := PassPipeline()
	for _, want := range []string{
		"builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),canonicalize,",
		",func.func(buffer-hoisting,buffer-loop-hoisting),",
		",reconcile-unrealized-casts)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("PassPipeline() = %s\nmissing %s", got, want)
		}
	}
}

func TestUnknownWorkload(t *testing.T) {
	if _, err := ToLLVMCommands("W10", t.TempDir()); err == nil || !strings.Contains(err.Error(), "W10") {
		t.Errorf("ToLLVMCommands(W10) error = %v, want one naming W10", err)
	}
}

// TestKernels builds every workload's object and runs testdata/check.c
// against it: each variant, on the real shapes (and W5 also as W5u), must
// equal the C reference loop bit for bit.
func TestKernels(t *testing.T) {
	requireTools(t)
	cc, err := cCompiler()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range Workloads {
		t.Run(w, func(t *testing.T) {
			dir := t.TempDir()
			obj, err := BuildKernel(w, dir)
			if err != nil {
				t.Fatal(err)
			}
			exe := filepath.Join(dir, "check")
			build := exec.Command(cc, "-O3", "-march=native", "-ffp-contract=off",
				"-DWORKLOAD="+strings.TrimPrefix(w, "W"),
				filepath.Join(Dir(), "testdata", "check.c"), obj, "-o", exe, "-lm")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(build.Args, " "), err, out)
			}
			out, err := exec.Command(exe).CombinedOutput()
			if err != nil {
				t.Fatalf("check %s: %v\n%s", w, err, out)
			}
			t.Logf("%s", out)
		})
	}
}
