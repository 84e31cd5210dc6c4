package runner

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/npy"
)

const testFile = "testdata/relu_bias.mlir"

// toolchains returns the native toolchain flag sets available on this
// machine; it skips the test when there is none, unless
// BCAST_REQUIRE_TOOLS=1.
func toolchains(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	if _, err := exec.LookPath("clang-19"); err == nil {
		out["clang-19"] = []string{"--clang=clang-19"}
	}
	_, errLLC := exec.LookPath("llc")
	_, errCC := exec.LookPath("cc")
	if errLLC == nil && errCC == nil {
		out["llc+cc"] = []string{"--llc=llc", "--cc=cc"}
	}
	if len(out) == 0 {
		msg := "native bcast-run needs clang-19, or llc and cc, on PATH"
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
		}
		t.Skip(msg + "; skipping native tests (set BCAST_REQUIRE_TOOLS=1 to fail instead)")
	}
	return out
}

func writeNpy(t *testing.T, dir, name string, a *npy.Array, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := npy.WriteFile(p, a); err != nil {
		t.Fatal(err)
	}
	return p
}

// runMain runs bcast-run in-process and returns its status, stdout and stderr.
func runMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := Main(args, &out, &errb)
	return st, out.String(), errb.String()
}

type inputs struct {
	x, b, b1, b5, col, bi string
}

func makeInputs(t *testing.T) inputs {
	dir := t.TempDir()
	var in inputs
	a, err := npy.FromFloat32([]int64{3, 4}, []float32{-1, 2, -3, 4, 5, -6, 7, -8, 0.5, -0.5, 1.5, -2.5})
	in.x = writeNpy(t, dir, "x.npy", a, err)
	a, err = npy.FromFloat32([]int64{4}, []float32{0.25, -1, 1, 0})
	in.b = writeNpy(t, dir, "b.npy", a, err)
	a, err = npy.FromFloat32([]int64{1}, []float32{-0.75})
	in.b1 = writeNpy(t, dir, "b1.npy", a, err)
	a, err = npy.FromFloat32([]int64{5}, []float32{1, 2, 3, 4, 5})
	in.b5 = writeNpy(t, dir, "b5.npy", a, err)
	a, err = npy.FromFloat32([]int64{3, 1}, []float32{1, -2, 3})
	in.col = writeNpy(t, dir, "col.npy", a, err)
	a, err = npy.FromInt32([]int64{4}, []int32{1, 2, 3, 4})
	in.bi = writeNpy(t, dir, "bi.npy", a, err)
	return in
}

// TestInterpMatchesNative runs each case with --interp and natively with
// every available toolchain and compares the printed results and the
// written .npy files byte for byte.
func TestInterpMatchesNative(t *testing.T) {
	in := makeInputs(t)
	tools := toolchains(t)
	// Temporary files must be removed.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	cases := []struct {
		name string
		args []string
		nres int
	}{
		{"main", []string{"--input", in.x, "--input", in.b}, 1},
		{"dynamic", []string{"--entry", "dynamic", "--input", in.x, "--input", in.b}, 1},
		{"dynamic-stretch", []string{"--entry", "dynamic", "--input", in.x, "--input", in.b1}, 1},
		{"dynamic-col", []string{"--entry", "dynamic", "--input", in.col, "--input", in.b}, 1},
		{"noargs", []string{"--entry", "noargs"}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := append([]string{testFile}, c.args...)
			st, want, stderr := runMain(t, append([]string{"--interp"}, base...)...)
			if st != 0 {
				t.Fatalf("--interp: status %d: %s", st, stderr)
			}
			if n := len(regexp.MustCompile(`(?m)^result [0-9]+: `).FindAllString(want, -1)); n != c.nres {
				t.Fatalf("--interp printed %d results, want %d:\n%s", n, c.nres, want)
			}
			idir := t.TempDir()
			if st, _, stderr := runMain(t, append([]string{"--interp", "--output-dir", idir}, base...)...); st != 0 {
				t.Fatalf("--interp --output-dir: status %d: %s", st, stderr)
			}
			for name, flags := range tools {
				st, got, stderr := runMain(t, append(flags, base...)...)
				if st != 0 {
					t.Fatalf("%s: status %d: %s", name, st, stderr)
				}
				if got != want {
					t.Errorf("%s printed\n%s\nthe interpreter printed\n%s", name, got, want)
				}
				ndir := t.TempDir()
				if st, _, stderr := runMain(t, append(append(flags, "--output-dir", ndir), base...)...); st != 0 {
					t.Fatalf("%s --output-dir: status %d: %s", name, st, stderr)
				}
				for i := 0; i < c.nres; i++ {
					f := "result" + string(rune('0'+i)) + ".npy"
					a, err1 := os.ReadFile(filepath.Join(idir, f))
					b, err2 := os.ReadFile(filepath.Join(ndir, f))
					if err1 != nil || err2 != nil {
						t.Fatalf("%s: %v %v", name, err1, err2)
					}
					if !bytes.Equal(a, b) {
						t.Errorf("%s: %s differs from the interpreter's", name, f)
					}
				}
			}
		})
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("temporary files left in TMPDIR: %v", ents)
	}
}

func TestBroadcastError(t *testing.T) {
	in := makeInputs(t)
	args := []string{testFile, "--entry", "dynamic", "--input", in.x, "--input", in.b5}
	st, out, stderr := runMain(t, append([]string{"--interp"}, args...)...)
	if st != 1 || out != "" || !strings.Contains(stderr, "do not broadcast") {
		t.Errorf("--interp: status %d, stdout %q, stderr %q", st, out, stderr)
	}
	for name, flags := range toolchains(t) {
		st, out, stderr := runMain(t, append(flags, args...)...)
		if st != 1 || out != "" {
			t.Errorf("%s: status %d, stdout %q", name, st, out)
		}
		want := "bcast-run: run-time error: testdata/relu_bias.mlir:12:5: operand shapes are not broadcast compatible (argument shapes: [3, 4], [5])\n"
		if stderr != want {
			t.Errorf("%s: stderr %q, want %q", name, stderr, want)
		}
	}
}

func TestBadInputs(t *testing.T) {
	in := makeInputs(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--input", in.x, "--input", in.bi}, "bi.npy: argument 1 of @main: dtype int32 does not match tensor<4xf32> (needs float32)"},
		{[]string{"--input", in.x, "--input", in.b5}, "b5.npy: argument 1 of @main: shape (5,) does not match tensor<4xf32>: dim 0 is 5, not 4"},
		{[]string{"--input", in.b, "--input", in.b}, "b.npy: argument 0 of @main: shape (4,) has rank 1, but tensor<3x4xf32> has rank 2"},
		{[]string{"--input", in.x}, "@main takes 2 argument(s), but 1 --input file(s) were given"},
		{[]string{"--entry", "nope"}, "no function @nope"},
		{[]string{"--input", in.x, "--input", testFile}, "npy: testdata/relu_bias.mlir:"},
	}
	for _, c := range cases {
		for _, mode := range [][]string{{"--interp"}, {}} {
			st, out, stderr := runMain(t, append(append(mode, testFile), c.args...)...)
			if st != 1 || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v %v: status %d, stdout %q, stderr %q; want a line containing %q", mode, c.args, st, out, stderr, c.want)
			}
		}
	}
	if st, _, stderr := runMain(t, "testdata/missing.mlir"); st != 1 || !strings.Contains(stderr, "cannot open input file") {
		t.Errorf("missing file: status %d, stderr %q", st, stderr)
	}
}

func TestBench(t *testing.T) {
	in := makeInputs(t)
	re := regexp.MustCompile(`^bench: 3 runs, median [0-9.]+ ms, min [0-9.]+ ms\n$`)
	args := []string{testFile, "--bench", "3", "--input", in.x, "--input", in.b}
	if st, out, stderr := runMain(t, append([]string{"--interp"}, args...)...); st != 0 || !re.MatchString(stderr) || out == "" {
		t.Errorf("--interp: status %d, stdout %q, stderr %q", st, out, stderr)
	}
	for name, flags := range toolchains(t) {
		if st, out, stderr := runMain(t, append(flags, args...)...); st != 0 || !re.MatchString(stderr) || out == "" {
			t.Errorf("%s: status %d, stdout %q, stderr %q", name, st, out, stderr)
		}
	}
}

// TestSoftmaxExample runs README's softmax example (examples/softmax.mlir,
// jax.nn.softmax with a symbolic batch) natively and in the interpreter
// and checks both against softmax computed here in float64: the row sums
// may be reassociated natively and exp is not correctly rounded
// (lower/llvm/doc.go), so the bound is a few float32 ulps.
func TestSoftmaxExample(t *testing.T) {
	dir := t.TempDir()
	const rows, cols = 5, 10
	vals := make([]float32, rows*cols)
	for i := range vals {
		vals[i] = float32((i*37)%23) / 4 * float32(1-2*(i%3%2))
	}
	a, err := npy.FromFloat32([]int64{rows, cols}, vals)
	in := writeNpy(t, dir, "logits.npy", a, err)
	want := make([]float64, len(vals))
	for r := 0; r < rows; r++ {
		row := vals[r*cols : (r+1)*cols]
		m := math.Inf(-1)
		for _, v := range row {
			m = math.Max(m, float64(v))
		}
		s := 0.0
		for _, v := range row {
			s += math.Exp(float64(v) - m)
		}
		for c, v := range row {
			want[r*cols+c] = math.Exp(float64(v)-m) / s
		}
	}
	modes := map[string][]string{"interp": {"--interp"}}
	for name, flags := range toolchains(t) {
		modes[name] = flags
	}
	for name, flags := range modes {
		out := t.TempDir()
		args := append(append([]string{}, flags...), "../../../examples/softmax.mlir", "--input", in, "--output-dir", out)
		if st, _, stderr := runMain(t, args...); st != 0 {
			t.Fatalf("%s: status %d: %s", name, st, stderr)
		}
		res, err := npy.ReadFile(filepath.Join(out, "result0.npy"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := res.Float32s()
		if err != nil || len(got) != len(want) {
			t.Fatalf("%s: %d results (%v)", name, len(got), err)
		}
		for i := range got {
			if d := math.Abs(float64(got[i]) - want[i]); d > 4e-7*want[i]+1e-9 {
				t.Errorf("%s: element %d is %v, want %v", name, i, got[i], want[i])
			}
		}
	}
}

// TestMLPExample runs README's MLP (examples/mlp.mlir: two dense layers,
// a symbolic batch) natively and in the interpreter, on a batch of 7 and
// of 1, against the same layers computed in float64: each result within
// the bound of a float32 sum of its terms, K·2^-23·Σ|terms| per layer,
// taken loosely as 1e-5 of the magnitudes.
func TestMLPExample(t *testing.T) {
	dir := t.TempDir()
	val := func(i, mod int) float32 { return float32((i*37)%mod-mod/2) / 8 }
	arr := func(name string, shape []int64, mod int) ([]float32, string) {
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		v := make([]float32, n)
		for i := range v {
			v[i] = val(i+len(name)*11, mod)
		}
		a, err := npy.FromFloat32(shape, v)
		return v, writeNpy(t, dir, name+".npy", a, err)
	}
	w1, w1f := arr("w1", []int64{16, 32}, 13)
	b1, b1f := arr("b1", []int64{32}, 7)
	w2, w2f := arr("w2", []int64{32, 4}, 11)
	b2, b2f := arr("b2", []int64{4}, 5)
	modes := map[string][]string{"interp": {"--interp"}}
	for name, flags := range toolchains(t) {
		modes[name] = flags
	}
	for _, batch := range []int64{7, 1} {
		x, xf := arr(fmt.Sprintf("x%d", batch), []int64{batch, 16}, 17)
		want := make([]float64, batch*4)
		scale := make([]float64, batch*4)
		for r := int64(0); r < batch; r++ {
			h := make([]float64, 32)
			hs := make([]float64, 32)
			for j := range 32 {
				s, a := float64(b1[j]), math.Abs(float64(b1[j]))
				for k := range 16 {
					p := float64(x[r*16+int64(k)]) * float64(w1[k*32+j])
					s, a = s+p, a+math.Abs(p)
				}
				h[j], hs[j] = math.Max(s, 0), a
			}
			for j := range 4 {
				s, a := float64(b2[j]), math.Abs(float64(b2[j]))
				for k := range 32 {
					p := h[k] * float64(w2[k*4+j])
					s, a = s+p, a+math.Abs(p)+hs[k]*math.Abs(float64(w2[k*4+j]))
				}
				want[r*4+int64(j)], scale[r*4+int64(j)] = s, a
			}
		}
		for name, flags := range modes {
			out := t.TempDir()
			args := append(append([]string{}, flags...), "../../../examples/mlp.mlir",
				"--input", xf, "--input", w1f, "--input", b1f, "--input", w2f, "--input", b2f, "--output-dir", out)
			if st, _, stderr := runMain(t, args...); st != 0 {
				t.Fatalf("%s, batch %d: status %d: %s", name, batch, st, stderr)
			}
			res, err := npy.ReadFile(filepath.Join(out, "result0.npy"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := res.Float32s()
			if err != nil || len(got) != len(want) {
				t.Fatalf("%s, batch %d: %d results (%v)", name, batch, len(got), err)
			}
			for i := range got {
				if d := math.Abs(float64(got[i]) - want[i]); d > 1e-5*scale[i] {
					t.Errorf("%s, batch %d: element %d is %v, want %v (bound %g)", name, batch, i, got[i], want[i], 1e-5*scale[i])
				}
			}
		}
	}
}

// TestPrintResults (issue 18): without --output-dir the results print as
// numpy prints them, under a header with the index, dtype and shape
// (testdata/print.out, checked against numpy when it was written, and
// arrayprint_test.go checks the formatting against numpy itself):
// nothing in hex, a long array wrapped, a large one summarized unless
// --print-full. --print-mlir prints the dense attributes instead.
func TestPrintResults(t *testing.T) {
	const file = "testdata/print.mlir"
	want, err := os.ReadFile("testdata/print.out")
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string][]string{"interp": {"--interp"}}
	if _, err := exec.LookPath("clang-19"); err == nil {
		modes["clang-19"] = []string{"--clang=clang-19"}
	}
	for name, flags := range modes {
		st, out, stderr := runMain(t, append(flags, file)...)
		if st != 0 || out != string(want) {
			t.Errorf("%s: status %d, stderr %q, stdout\n%s\nwant\n%s", name, st, stderr, out, want)
		}
	}
	st, out, _ := runMain(t, "--interp", "--print-full", file)
	if st != 0 || strings.Contains(out, "...") || strings.Count(out, "2.5e-10") != 1200 {
		t.Errorf("--print-full: status %d, %d values, stdout %.300q", st, strings.Count(out, "2.5e-10"), out)
	}
	st, out, _ = runMain(t, "--interp", "--print-mlir", file)
	if st != 0 || !strings.HasPrefix(out, "dense<\"0x00000000CDCCCC3D") || !strings.Contains(out, "dense<[0xFF800000, 1.000000e+00, 0x7FC00000]> : tensor<3xf32>\n") || strings.Contains(out, "result ") {
		t.Errorf("--print-mlir: status %d, stdout %q", st, out)
	}
}

// TestThreads runs a kernel natively on one thread (the single-thread
// form) and on three (the parallel form, built with -pthread), which must
// print the same results; --threads 0 is an error.
func TestThreads(t *testing.T) {
	in := makeInputs(t)
	args := []string{testFile, "--entry", "dynamic", "--input", in.x, "--input", in.b}
	for name, flags := range toolchains(t) {
		st, one, stderr := runMain(t, append(append(flags, "--threads", "1"), args...)...)
		if st != 0 {
			t.Fatalf("%s --threads 1: status %d: %s", name, st, stderr)
		}
		st, three, stderr := runMain(t, append(append(flags, "--threads", "3"), args...)...)
		if st != 0 {
			t.Fatalf("%s --threads 3: status %d: %s", name, st, stderr)
		}
		if one != three {
			t.Errorf("%s: --threads 3 printed\n%s\n--threads 1 printed\n%s", name, three, one)
		}
	}
	if st, _, stderr := runMain(t, append([]string{"--threads", "0"}, args...)...); st != 1 || !strings.Contains(stderr, "--threads must be at least 1, got 0") {
		t.Errorf("--threads 0: status %d, stderr %q", st, stderr)
	}
}
