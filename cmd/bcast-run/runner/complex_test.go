package runner

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/npy"
)

// TestComplexRuns runs testdata/complex.mlir (complex64 inputs, a
// complex64, a float32 and a complex128 result) with --interp and
// natively with each toolchain: the results print as numpy prints them,
// the same on both paths, and are written as numpy's '<c8' and '<c16'
// files with the same bytes.
func TestComplexRuns(t *testing.T) {
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
	// numpy: a*b, np.abs(a*b), np.complex128(1.5-0.25j).
	want := "result 0: complex64 (3,)\n[4.+3.j  4.+3.5j 0.+1.j ]\nresult 1: float32 (3,)\n[5.       5.315073 1.      ]\nresult 2: complex128 ()\n(1.5-0.25j)\n"
	runs := map[string][]string{"--interp": {"--interp"}}
	for name, flags := range toolchains(t) {
		runs[name] = flags
	}
	var files map[string][]byte
	for name, flags := range runs {
		st, out, stderr := runMain(t, append(append([]string{}, flags...), args...)...)
		if st != 0 || out != want {
			t.Errorf("%s: status %d, stderr %q, printed\n%s\nwant\n%s", name, st, stderr, out, want)
		}
		odir := filepath.Join(dir, "out-"+strings.TrimPrefix(name, "--"))
		if st, _, stderr := runMain(t, append(append([]string{"--output-dir", odir}, flags...), args...)...); st != 0 {
			t.Fatalf("%s --output-dir: status %d: %s", name, st, stderr)
		}
		got := map[string][]byte{}
		for i, dt := range []npy.DType{npy.DTypeComplex64, npy.DTypeFloat32, npy.DTypeComplex128} {
			f := filepath.Join(odir, "result"+string(rune('0'+i))+".npy")
			r, err := npy.ReadFile(f)
			if err != nil || r.DType != dt {
				t.Errorf("%s: result%d.npy: %v, dtype %v, want %v", name, i, err, r, dt)
				continue
			}
			got[filepath.Base(f)] = r.Data
		}
		if files == nil {
			files = got
		} else if !reflect.DeepEqual(got, files) {
			t.Errorf("%s: the .npy results differ from another run's", name)
		}
	}
}
