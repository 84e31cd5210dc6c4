package compiler_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// TestUnverifiedModuleIsAnError builds a module whose return does not
// match its function's type (lower/llvm panics on it with an index out of
// range) and checks that every call returns the verifier's error, located
// at the builder call, instead of panicking.
func TestUnverifiedModuleIsAnError(t *testing.T) {
	x := ir.RankedTensor([]int64{4}, ir.F32T)
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{x}, []ir.Type{x})
	arg := fn.Region(0).Front().Arg(0)
	_, _, line, _ := runtime.Caller(0)
	funcdialect.NewReturn(b, arg, arg) // two values for one result
	want := fmt.Sprintf("compiler_test.go:%d:1: error: 'func.return' op has 2 operands, but enclosing function (@f) returns 1", line+1)

	calls := map[string]func() error{
		"Verify":      func() error { return compiler.Verify(module) },
		"RunPipeline": func() error { return compiler.RunPipeline(module, "cpu") },
		"LLVMIR":      func() error { _, err := compiler.LLVMIR(module, compiler.Options{}); return err },
		"CHeader":     func() error { _, err := compiler.CHeader(module, ""); return err },
		"Object":      func() error { _, err := compiler.Object(module, compiler.Options{}); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			err := call()
			if err == nil || !strings.HasSuffix(err.Error(), want) {
				t.Fatalf("got %v, want an error ending in %q", err, want)
			}
			var diags ir.DiagList
			if !errors.As(err, &diags) || len(diags) != 1 || diags[0].Loc.Line != int32(line+1) {
				t.Errorf("the error is %#v, want one ir.Diagnostic at line %d", err, line+1)
			}
		})
	}
}

func TestVerifyRejectsNonModules(t *testing.T) {
	if err := compiler.Verify(nil); err == nil || err.Error() != "the module is nil" {
		t.Errorf("Verify(nil): %v", err)
	}
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", nil, nil)
	funcdialect.NewReturn(b)
	err := compiler.Verify(fn)
	if err == nil || !strings.HasSuffix(err.Error(), "error: expected a builtin.module, but got 'func.func'") ||
		!strings.Contains(err.Error(), "compiler_test.go:") {
		t.Errorf("Verify(func.func): %v", err)
	}
	if err := compiler.Verify(module); err != nil {
		t.Errorf("Verify(module): %v", err)
	}
	if err := compiler.RunPipeline(module, "no-such-pipeline"); err == nil || !strings.Contains(err.Error(), `unknown pipeline "no-such-pipeline"`) {
		t.Errorf("RunPipeline with an unknown pipeline: %v", err)
	}
	if _, err := compiler.LLVMIR(module, compiler.Options{Target: "sparc"}); err == nil || !strings.Contains(err.Error(), `unsupported target "sparc"`) {
		t.Errorf("LLVMIR with an unknown target: %v", err)
	}
}

// TestSameAsBcastOpt: Parse, RunPipeline, LLVMIR and CHeader give what
// `bcast-opt --pipeline=cpu --emit=llvm` and `--emit=c-header` print, byte
// for byte, on the examples and the benchmark workloads; and with
// Options.Threads (CHeaderFor), what they print with --threads.
func TestSameAsBcastOpt(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.mlir")
	workloads, _ := filepath.Glob("../bench/workloads/*.mlir")
	files = append(files, workloads...)
	if len(files) < 3 {
		t.Fatalf("found only %v", files)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		module, err := compiler.Parse(file, src)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		header, err := compiler.CHeader(module, "")
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		headerThreads, err := compiler.CHeaderFor(module, "", compiler.Options{Threads: true})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := compiler.RunPipeline(module, "cpu"); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		ll, err := compiler.LLVMIR(module, compiler.Options{Target: "x86_64-linux-gnu"})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		llThreads, err := compiler.LLVMIR(module, compiler.Options{Target: "x86_64-linux-gnu", Threads: true})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, c := range []struct {
			emit, got string
			threads   bool
		}{{"llvm", ll, false}, {"c-header", header, false}, {"llvm", llThreads, true}, {"c-header", headerThreads, true}} {
			var out, errb bytes.Buffer
			// CHeader's guard for "" is bcast-opt's for a header with
			// nothing to name it after.
			args := []string{file, "--pipeline=cpu", "--emit=" + c.emit, "--target=x86_64-linux-gnu", "--header-guard=BCAST_KERNELS_H"}
			if c.threads {
				args = append(args, "--threads")
			}
			if st := driver.Main(args, nil, &out, &errb); st != 0 {
				t.Fatalf("bcast-opt %s: status %d: %s", strings.Join(args, " "), st, errb.String())
			}
			if c.got != out.String() {
				t.Errorf("%s: the compiler package's %s (threads %v) differs from bcast-opt's", file, c.emit, c.threads)
			}
		}
	}
	t.Logf("%d files compared: %v", len(files), files)
}

// buildReluBias builds relu(x + b) on dynamic shapes through the
// builders; line is the line of the hlo.Add call.
func buildReluBias(t *testing.T) (module *ir.Operation, line int) {
	t.Helper()
	x := ir.RankedTensor([]int64{ir.Dynamic, ir.Dynamic}, ir.F32T)
	bias := ir.RankedTensor([]int64{ir.Dynamic}, ir.F32T)
	module = builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "relu_bias", []ir.Type{x, bias}, nil)
	args := fn.Region(0).Front().Args()
	_, _, line, _ = runtime.Caller(0)
	sum, err := hlo.Add(b, args[0], args[1])
	if err != nil {
		t.Fatal(err)
	}
	zero, err := hlo.ScalarConstant(b, ir.F32T, 0)
	if err != nil {
		t.Fatal(err)
	}
	relu, err := hlo.Maximum(b, sum, zero)
	if err != nil {
		t.Fatal(err)
	}
	funcdialect.NewReturn(b, relu)
	return module, line + 1
}

// TestRunTimeErrorsPointAtTheFrontEnd: the run-time shape check of a
// built op names the Go line that built it, not loc(unknown).
func TestRunTimeErrorsPointAtTheFrontEnd(t *testing.T) {
	module, line := buildReluBias(t)
	if err := compiler.RunPipeline(module, "cpu"); err != nil {
		t.Fatal(err)
	}
	ll, err := compiler.LLVMIR(module, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("compiler_test.go:%d:1: operand shapes are not broadcast compatible", line)
	if !strings.Contains(ll, want) || strings.Contains(ll, "loc(unknown)") {
		t.Errorf("the LLVM IR's messages do not name the builder's line (want %q):\n%s", want, grepLines(ll, "c\""))
	}
}

func grepLines(text, sub string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// toolchains returns the toolchains available here; it skips the test when
// there is none, unless BCAST_REQUIRE_TOOLS=1.
func toolchains(t *testing.T) map[string]compiler.Toolchain {
	t.Helper()
	out := map[string]compiler.Toolchain{}
	if tc, err := compiler.FindToolchain(compiler.Toolchain{Clang: "clang-19"}); err == nil {
		out["clang-19"] = tc
	}
	if tc, err := compiler.FindToolchain(compiler.Toolchain{LLC: "llc", CC: "cc"}); err == nil {
		out["llc+cc"] = tc
	}
	if len(out) == 0 {
		msg := "compiling needs clang-19, or llc and cc, on PATH"
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
		}
		t.Skip(msg + "; skipping (set BCAST_REQUIRE_TOOLS=1 to fail instead)")
	}
	return out
}

// mainC calls relu_bias through the header: once on shapes that
// broadcast, once on shapes that do not.
const mainC = `#include <stdio.h>
#include "relu_bias.h"

static void call(const int64_t *xs, const int64_t *bs, const float *x, const float *b) {
	int64_t rs[2];
	char err[256];
	float r[6];
	if (relu_bias_result_shapes(xs, bs, rs, err, sizeof err) != 0) { printf("error: %s\n", err); return; }
	if (relu_bias(x, xs, b, bs, r, rs, err, sizeof err) != 0) { printf("error: %s\n", err); return; }
	for (int i = 0; i < rs[0] * rs[1]; i++) printf("%g ", r[i]);
	printf("\n");
}

int main(void) {
	const float x[6] = {-1, 2, -3, 4, 5, -6}, b[3] = {0.5f, -1, 1};
	const int64_t xs[2] = {2, 3}, bs[1] = {3}, bad[1] = {2};
	call(xs, bs, x, b);
	call(xs, bad, x, b);
	return 0;
}
`

// TestObject compiles the built relu(x + b) to an object with each
// toolchain, links it with a C caller that includes the CHeader, and runs
// it: the results, and the run-time error naming the Go line.
func TestObject(t *testing.T) {
	for name, tools := range toolchains(t) {
		t.Run(name, func(t *testing.T) {
			module, line := buildReluBias(t)
			header, err := compiler.CHeader(module, "RELU_BIAS_H")
			if err != nil {
				t.Fatal(err)
			}
			if err := compiler.RunPipeline(module, "cpu"); err != nil {
				t.Fatal(err)
			}
			obj, err := compiler.Object(module, compiler.Options{Tools: tools})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(obj, []byte("\x7fELF")) {
				t.Fatalf("Object returned %d bytes that are not an ELF file", len(obj))
			}
			dir := t.TempDir()
			files := map[string][]byte{"relu_bias.h": []byte(header), "main.c": []byte(mainC), "relu_bias.o": obj}
			for f, data := range files {
				if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := tools.Link(dir, "prog", "main.c", "relu_bias.o"); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(filepath.Join(dir, "prog")).CombinedOutput()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			want := fmt.Sprintf("0 1 0 4.5 4 0 \nerror: %s:%d:1: operand shapes are not broadcast compatible (argument shapes: [2, 3], [2])\n",
				callerFile(t), line)
			if string(out) != want {
				t.Errorf("the program printed\n%s\nwant\n%s", out, want)
			}
		})
	}
}

// callerFile is this file's path as the runtime reports it.
func callerFile(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return file
}

// TestFindToolchain: named tools are looked up, and a missing one is an
// error saying which.
func TestFindToolchain(t *testing.T) {
	_, err := compiler.FindToolchain(compiler.Toolchain{Clang: "no-such-clang"})
	var missing *compiler.MissingToolError
	if !errors.As(err, &missing) || missing.Tool != "no-such-clang" || errors.Is(err, compiler.ErrNoToolchain) ||
		!strings.HasPrefix(err.Error(), "cannot find no-such-clang: ") {
		t.Errorf("a missing --clang: %v", err)
	}
	_, err = compiler.FindToolchain(compiler.Toolchain{LLC: "no-such-llc"})
	if !errors.As(err, &missing) || missing.Tool != "no-such-llc" || !errors.Is(err, compiler.ErrNoToolchain) ||
		!strings.HasPrefix(err.Error(), "native code needs clang-19, or llc and cc: cannot find no-such-llc: ") {
		t.Errorf("a missing llc: %v", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := compiler.FindToolchain(compiler.Toolchain{}); !errors.Is(err, compiler.ErrNoToolchain) {
		t.Errorf("an empty PATH: %v", err)
	}
}

// TestObjectIsTunedForTheCPU compiles relu(x + b) with each toolchain, for
// the host (the default) and for named CPUs, and disassembles it: the
// "target-cpu" and "target-features" attributes of the LLVM IR must reach
// the code, with no -march or -mcpu on the tools' command lines (zmm
// registers with AVX-512, ymm with AVX2 and no AVX-512, xmm only for
// x86-64 v1).
func TestObjectIsTunedForTheCPU(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the registers checked are x86-64's")
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		t.Skip("no objdump")
	}
	host := llvm.HostTarget()
	cases := []struct {
		cpu, features string
		want, not     string // a register the code must use, one it must not
	}{
		{"x86-64", "", "xmm", "ymm"},
		{"haswell", "", "ymm", "zmm"},
		{"skylake-avx512", "", "zmm", ""},
	}
	switch {
	case strings.Contains(host.Features, "+avx512f"):
		cases = append(cases, struct{ cpu, features, want, not string }{"", "", "zmm", ""})
	case strings.Contains(host.Features, "+avx2"):
		cases = append(cases, struct{ cpu, features, want, not string }{"", "", "ymm", "zmm"})
	}
	for name, tools := range toolchains(t) {
		for _, c := range cases {
			cpu := c.cpu
			if cpu == "" {
				cpu = "host"
			}
			t.Run(name+"/"+cpu, func(t *testing.T) {
				module, _ := buildReluBias(t)
				if err := compiler.RunPipeline(module, "cpu"); err != nil {
					t.Fatal(err)
				}
				obj, err := compiler.Object(module, compiler.Options{CPU: c.cpu, Features: c.features, Tools: tools})
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(t.TempDir(), "k.o")
				if err := os.WriteFile(path, obj, 0o644); err != nil {
					t.Fatal(err)
				}
				asm, err := exec.Command(objdump, "-d", path).Output()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(asm, []byte("%"+c.want)) || c.not != "" && bytes.Contains(asm, []byte("%"+c.not)) {
					t.Errorf("--target-cpu=%q: want %%%s registers and no %%%s ones in the code", c.cpu, c.want, c.not)
				}
			})
		}
	}
}
