package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInterpMaxMemory runs issue 18's program, a 100000x100000 constant
// added to itself, in the interpreter: one line naming the op, the tensor
// and the bytes, status 1, where it died with `fatal error: runtime: out
// of memory` and a stack dump. With the default limit the tensor is one
// no machine has (2^62 bytes in the interpreter).
func TestInterpMaxMemory(t *testing.T) {
	dir := t.TempDir()
	prog := func(dims string) string {
		p := filepath.Join(dir, strings.ReplaceAll(dims, "x", "_")+".mlir")
		ty := "tensor<" + dims + "xf32>"
		src := "func.func @main() -> " + ty + " {\n" +
			"  %0 = stablehlo.constant dense<1.0> : " + ty + "\n" +
			"  %1 = stablehlo.add %0, %0 : " + ty + "\n" +
			"  return %1 : " + ty + "\n}\n"
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--interp", "--max-memory=1GiB", prog("100000x100000")},
			`:2:3: error: 'stablehlo.constant' op cannot allocate a tensor<100000x100000xf32>: the interpreter needs 74.5 GiB \(80000000000 bytes\) for its 10000000000 elements \(8 bytes each\), more than its limit of 1.0 GiB \(1073741824 bytes\), which bcast-run --max-memory and interp.Options.MaxMemory set$`},
		{[]string{"--interp", prog("1000000000x536870912")},
			`:2:3: error: 'stablehlo.constant' op cannot allocate a tensor<1000000000x536870912xf32>: the interpreter needs .* bytes\) for its 536870912000000000 elements`},
		{[]string{"--interp", "--max-memory=7MB", prog("1000x1000")},
			`more than its limit of 6.7 MiB \(7000000 bytes\)`},
		{[]string{"--interp", "--max-memory=lots", prog("1000x1000")},
			`^bcast-run: --max-memory: "lots" is not a size`},
	} {
		st, _, stderr := runMain(t, c.args...)
		if st != 1 || strings.Count(stderr, "\n") != 1 || !regexp.MustCompile(c.want).MatchString(strings.TrimSuffix(stderr, "\n")) {
			t.Errorf("%v: status %d, stderr %q; want status 1 and one line matching %q", c.args, st, stderr, c.want)
		}
	}
	st, stdout, stderr := runMain(t, "--interp", "--max-memory=16MB", prog("1000x1000"))
	want := "result 0: float32 (1000, 1000)\n[[2. 2. 2. ... 2. 2. 2.]\n [2. 2. 2. ... 2. 2. 2.]\n"
	if st != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("within the limit: status %d, stdout %.100q, stderr %q", st, stdout, stderr)
	}
}

// TestParseSize checks the --max-memory spellings.
func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{
		"1000": 1000, "1000B": 1000, "4kB": 4000, "4KiB": 4096, "4K": 4096,
		"1.5GiB": 3 << 29, "2GB": 2e9, "1 TiB": 1 << 40, "1e9": 1e9, "none": -1,
	} {
		if got, err := parseSize(s); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "x", "GiB", "-1", "0", "1PB", "1e30", "NaN"} {
		if got, err := parseSize(s); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", s, got)
		}
	}
}

// TestNativeOutOfMemory runs, natively, a program whose result no machine
// can hold (2^61 bytes): one line naming the result, its type and its
// bytes, status 1, where the driver printed `driver: out of memory` and
// bcast-run `the compiled program failed: exit status 2`.
func TestNativeOutOfMemory(t *testing.T) {
	for name, flags := range toolchains(t) {
		t.Run(name, func(t *testing.T) { nativeOutOfMemory(t, flags) })
	}
}

func nativeOutOfMemory(t *testing.T, flags []string) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.mlir")
	ty := "tensor<1000000000x536870912xf32>"
	src := "func.func @main() -> " + ty + " {\n" +
		"  %0 = stablehlo.constant dense<1.0> : " + ty + "\n" +
		"  %1 = stablehlo.add %0, %0 : " + ty + "\n" +
		"  return %1 : " + ty + "\n}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `^bcast-run: cannot allocate result 0 of @main \(tensor<1000000000x536870912xf32>\): 2147483648000000000 bytes \(2000000000.0 GiB\), more than the system can give$`
	st, _, stderr := runMain(t, append(flags, p)...)
	if st != 1 || strings.Count(stderr, "\n") != 1 || !regexp.MustCompile(want).MatchString(strings.TrimSuffix(stderr, "\n")) {
		t.Errorf("status %d, stderr %q; want status 1 and one line matching %q", st, stderr, want)
	}
}
