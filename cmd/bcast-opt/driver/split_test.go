package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// splitWithFailure has three chunks; the middle one does not verify.
const splitWithFailure = `func.func @f() {
  return
}

// -----

func.func @g(%a: i32) -> i64 {
  return %a : i32
}

// -----

func.func @h() {
  return
}
`

// splitWithFailureOut is what mlir-opt-19 --split-input-file prints for
// it: the chunks that succeed, the failed one nothing, separators between
// all three.
const splitWithFailureOut = `module {
  func.func @f() {
    return
  }
}

// -----
// -----
module {
  func.func @h() {
    return
  }
}

`

// runDriver runs Main in-process on the given arguments and stdin.
func runDriver(args []string, stdin string) (status int, stdout, stderr string) {
	var out, errb bytes.Buffer
	status = Main(args, strings.NewReader(stdin), &out, &errb)
	return status, out.String(), errb.String()
}

// TestSplitInputFileFailure checks --split-input-file as mlir-opt does it:
// when one chunk fails, the others are still processed and printed, with
// `// -----` between all of them, the failed chunk's diagnostics go to
// stderr and the exit status is 1. An output file is not written then
// (mlir-opt keeps it only on success). With mlir-opt-19 on PATH, its
// output on the same file is compared byte for byte.
func TestSplitInputFileFailure(t *testing.T) {
	status, stdout, stderr := runDriver([]string{"--split-input-file"}, splitWithFailure)
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	if stdout != splitWithFailureOut {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, splitWithFailureOut)
	}
	if want := "<stdin>:8:3: error: 'func.return' op type of return operand 0 ('i32') doesn't match function result type ('i64')"; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q lacks %q", stderr, want)
	}
	if strings.Count(stderr, "error:") != 1 {
		t.Errorf("stderr has other errors than the middle chunk's:\n%s", stderr)
	}

	dir := t.TempDir()
	outFile := filepath.Join(dir, "out.mlir")
	if status, _, _ := runDriver([]string{"--split-input-file", "-o", outFile}, splitWithFailure); status != 1 {
		t.Errorf("-o: status %d, want 1", status)
	}
	if _, err := os.Stat(outFile); !os.IsNotExist(err) {
		t.Errorf("-o: the output file was written after a failure (%v)", err)
	}

	tool, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Log("mlir-opt-19 not on PATH: not compared with it")
		return
	}
	in := filepath.Join(dir, "split.mlir")
	if err := os.WriteFile(in, []byte(splitWithFailure), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "--split-input-file", in)
	var theirs bytes.Buffer
	cmd.Stdout = &theirs
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("mlir-opt-19 exits with %v, want status 1", err)
	}
	if theirs.String() != stdout {
		t.Errorf("mlir-opt-19 prints:\n%s\nbcast-opt:\n%s", theirs.String(), stdout)
	}
}
