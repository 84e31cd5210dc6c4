package runner

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/npy"
)

// TestComplexInterp runs testdata/complex.mlir (complex64 inputs, a
// complex64, a float32 and a complex128 result) with --interp: the
// results print as numpy prints them and are written as numpy's '<c8' and
// '<c16' files. Natively the program is refused with a located error
// (complex values have no C ABI and no LLVM emission yet).
func TestComplexInterp(t *testing.T) {
	dir := t.TempDir()
	a, _ := npy.FromComplex64([]int64{3}, []complex64{complex(1, 2), complex(3.5, -4), complex(0, 0.001)})
	b, _ := npy.FromComplex64([]int64{3}, []complex64{complex(2, -1), complex(0, 1), complex(1000, 0)})
	pa, pb := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	if err := npy.WriteFile(pa, a); err != nil {
		t.Fatal(err)
	}
	if err := npy.WriteFile(pb, b); err != nil {
		t.Fatal(err)
	}
	args := []string{"testdata/complex.mlir", "--input", pa, "--input", pb}
	st, out, stderr := runMain(t, append([]string{"--interp"}, args...)...)
	// numpy: a*b, np.abs(a*b), np.complex128(1.5-0.25j).
	want := "result 0: complex64 (3,)\n[4.+3.j  4.+3.5j 0.+1.j ]\nresult 1: float32 (3,)\n[5.       5.315073 1.      ]\nresult 2: complex128 ()\n(1.5-0.25j)\n"
	if st != 0 || out != want {
		t.Errorf("--interp: status %d, stderr %q, printed\n%s\nwant\n%s", st, stderr, out, want)
	}
	odir := filepath.Join(dir, "out")
	if st, _, stderr := runMain(t, append([]string{"--interp", "--output-dir", odir}, args...)...); st != 0 {
		t.Fatalf("--interp --output-dir: status %d: %s", st, stderr)
	}
	for i, dt := range []npy.DType{npy.DTypeComplex64, npy.DTypeFloat32, npy.DTypeComplex128} {
		r, err := npy.ReadFile(filepath.Join(odir, "result"+string(rune('0'+i))+".npy"))
		if err != nil || r.DType != dt {
			t.Errorf("result%d.npy: %v, dtype %v, want %v", i, err, r, dt)
		}
	}
	st, _, stderr = runMain(t, args...)
	if st == 0 || !strings.Contains(stderr, "complex.mlir:1:1: error: @main: argument 0: element type complex<f32> has no C ABI yet") {
		t.Errorf("native: status %d, stderr %q, want the located refusal", st, stderr)
	}
}
