package c_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
)

// input is the example module, relative to this directory; the error
// message's location names it the same way.
const input = "../relu_bias.mlir"

const want = `relu(x[2x3] + b[3]):
result shape [2, 3]
1.5 0 2
0 6 0
relu(x[2x3] + b[1]):
result shape [2, 3]
3 0 5
0 7 0
relu(x[2x3] + b[4]):
error 1: ../relu_bias.mlir:16:5: operand shapes are not broadcast compatible (argument shapes: [2, 3], [4])
`

// bcastOpt runs the driver in-process and writes its output to out.
func bcastOpt(t *testing.T, out string, flags ...string) {
	t.Helper()
	args := append([]string{input, "--pipeline=cpu"}, flags...)
	args = append(args, "-o", out)
	var stdout, stderr bytes.Buffer
	if status := driver.Main(args, strings.NewReader(""), &stdout, &stderr); status != 0 {
		t.Fatalf("bcast-opt %s: status %d\n%s%s", strings.Join(args, " "), status, stdout.String(), stderr.String())
	}
}

func TestCExample(t *testing.T) {
	clang, errClang := exec.LookPath("clang-19")
	llc, errLLC := exec.LookPath("llc")
	cc, errCC := exec.LookPath("cc")
	if errClang != nil && (errLLC != nil || errCC != nil) {
		msg := "building the C example needs clang-19, or llc and cc, on PATH"
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
		}
		t.Skip(msg + "; set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	}

	dir := t.TempDir()
	ll := filepath.Join(dir, "relu.ll")
	bcastOpt(t, ll, "--emit=llvm")
	bcastOpt(t, filepath.Join(dir, "relu.h"), "--emit=c-header")
	mainC, err := filepath.Abs("main.c")
	if err != nil {
		t.Fatal(err)
	}

	run := func(name string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return out
	}
	type build struct{ name, exe string }
	var builds []build
	if errClang == nil {
		exe := filepath.Join(dir, "relu-clang19")
		run(clang, "-O2", "-Wall", "-Werror", "-Wno-override-module", "-I", dir, mainC, ll, "-o", exe, "-lm")
		builds = append(builds, build{"clang-19 -O2", exe})
	}
	if errLLC == nil && errCC == nil {
		obj := filepath.Join(dir, "relu-llc.o")
		run(llc, "-O2", "-filetype=obj", "-relocation-model=pic", ll, "-o", obj)
		exe := filepath.Join(dir, "relu-llc")
		run(cc, "-O2", "-Wall", "-Werror", "-I", dir, mainC, obj, "-o", exe, "-lm")
		builds = append(builds, build{"llc -O2 + cc", exe})
	}
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) {
			if got := string(run(b.exe)); got != want {
				t.Errorf("output:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
