package driver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHeaderGuardNames pins where --emit=c-header's include guard comes
// from, in order: --header-guard, the output file, the module's name, the
// input file's name, and BCAST_KERNELS_H for an anonymous module on stdin.
func TestHeaderGuardNames(t *testing.T) {
	const anonymous = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
	const named = "module @jit_f {\n" + anonymous + "}\n"
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	anonFile := write("3d-model.v2.mlir", anonymous)
	namedFile := write("named.mlir", named)
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"--header-guard=MY_H", "-o", filepath.Join(dir, "foo_kernels.h"), namedFile}, "", "MY_H"},
		{[]string{"-o", filepath.Join(dir, "foo_kernels.h"), namedFile}, "", "FOO_KERNELS_H"},
		{[]string{"-o", filepath.Join(dir, "my-lib.hpp"), anonFile}, "", "MY_LIB_HPP"},
		{[]string{namedFile}, "", "JIT_F_H"},
		{[]string{anonFile}, "", "H_3D_MODEL_V2_H"},
		{nil, named, "JIT_F_H"},
		{nil, anonymous, "BCAST_KERNELS_H"},
	} {
		args := append([]string{"--emit=c-header"}, tc.args...)
		status, stdout, stderr := runDriver(args, tc.stdin)
		if status != 0 {
			t.Errorf("%v: status %d: %s", tc.args, status, stderr)
			continue
		}
		out := stdout
		for i, a := range tc.args {
			if a == "-o" {
				b, err := os.ReadFile(tc.args[i+1])
				if err != nil {
					t.Fatal(err)
				}
				out = string(b)
			}
		}
		if want := "#ifndef " + tc.want + "\n#define " + tc.want + "\n"; !strings.Contains(out, want) {
			t.Errorf("%v: the header lacks %q:\n%s", tc.args, want, out)
		}
	}
}

// TestTwoHeadersInOneFile includes the headers of two modules in one C
// file and compiles it with the installed C compiler: with one fixed
// include guard the second header would be skipped and its kernel
// undeclared.
func TestTwoHeadersInOneFile(t *testing.T) {
	cc := ""
	for _, name := range []string{"cc", "clang-19", "gcc", "clang"} {
		if p, err := exec.LookPath(name); err == nil {
			cc = p
			break
		}
	}
	if cc == "" {
		t.Skip("no C compiler on PATH")
	}
	dir := t.TempDir()
	modules := map[string]string{
		"scale.mlir": "module @scale {\n  func.func @scale(%a: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = stablehlo.add %a, %a : tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n",
		"shift.mlir": "func.func @shift(%a: tensor<?xf32>, %b: tensor<f32>) -> tensor<?xf32> {\n  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>\n  return %0 : tensor<?xf32>\n}\n",
	}
	for name, text := range modules {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// One header goes to stdout (its guard is the module's name), the other
	// to a file named by -o (its guard is the file's name).
	status, header, stderr := runDriver([]string{filepath.Join(dir, "scale.mlir"), "--pipeline=cpu", "--emit=c-header"}, "")
	if status != 0 {
		t.Fatalf("scale.mlir: %s", stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "scale.h"), []byte(header), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, _, stderr := runDriver([]string{filepath.Join(dir, "shift.mlir"), "--pipeline=cpu", "--emit=c-header", "-o", filepath.Join(dir, "shift_kernels.h")}, ""); status != 0 {
		t.Fatalf("shift.mlir: %s", stderr)
	}
	const main = `#include "scale.h"
#include "shift_kernels.h"

int32_t both(const float *a, float *r, char *err, int64_t err_len) {
	int64_t shape[1] = {4};
	float b = 1.0f;
	if (scale(a, shape, r, shape, err, err_len) != 0)
		return 1;
	return shift(r, shape, &b, 0, r, shape, err, err_len);
}
`
	if err := os.WriteFile(filepath.Join(dir, "both.c"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cc, "-std=c11", "-Wall", "-Werror", "-c", "both.c", "-o", "both.o")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(cc), err, out)
	}
}
