package llvm_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNativeRandomPadReverse compiles one module of random hlo.pad and
// hlo.reverse kernels (ranks 1-3, each dim static or dynamic, low and high
// padding in [-3, 3], interior in [0, 2], pad followed by a reverse of
// random dims) and runs each natively and in the interpreter on random
// shapes (sizes 0-5), which must agree: values, or both failing for a
// padded size that would be negative. The interpreter's pad is checked
// against numpy in interp's tests.
func TestNativeRandomPadReverse(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(20))
	var src strings.Builder
	var cases []nativeCase
	for f := range 40 {
		rank := 1 + rng.Intn(3)
		shape := make([]int64, rank)
		inDims, outDims := make([]string, rank), make([]string, rank)
		low, high, interior := make([]string, rank), make([]string, rank), make([]string, rank)
		var rev []string
		for d := range rank {
			shape[d] = int64(rng.Intn(6))
			l, h, i := rng.Intn(7)-3, rng.Intn(7)-3, rng.Intn(3)
			low[d], high[d], interior[d] = fmt.Sprint(l), fmt.Sprint(h), fmt.Sprint(i)
			inDims[d], outDims[d] = "?", "?"
			if rng.Intn(3) == 0 {
				// A static dim, and the result's static size where it is
				// not negative.
				inDims[d] = fmt.Sprint(shape[d])
				size := int64(l+h) + shape[d] + max(shape[d]-1, 0)*int64(i)
				if size < 0 {
					shape[d] = 5
					inDims[d] = "5"
					size = int64(l+h) + 5 + 4*int64(i)
				}
				outDims[d] = fmt.Sprint(size)
			}
			if rng.Intn(2) == 0 {
				rev = append(rev, fmt.Sprint(d))
			}
		}
		in := "tensor<" + strings.Join(inDims, "x") + "xf32>"
		out := "tensor<" + strings.Join(outDims, "x") + "xf32>"
		fmt.Fprintf(&src, `func.func @p%d(%%x: %s, %%v: tensor<f32>) -> %s {
  %%0 = stablehlo.pad %%x, %%v, low = [%s], high = [%s], interior = [%s] : (%s, tensor<f32>) -> %s
  %%1 = stablehlo.reverse %%0, dims = [%s] : %s
  return %%1 : %s
}
`, f, in, out, strings.Join(low, ", "), strings.Join(high, ", "), strings.Join(interior, ", "), in, out, strings.Join(rev, ", "), out, out)
		for range 3 {
			s := append([]int64{}, shape...)
			for d := range s {
				if inDims[d] == "?" {
					s[d] = int64(rng.Intn(6))
				}
			}
			cases = append(cases, nativeCase{fn: fmt.Sprintf("p%d", f), shapes: [][]int64{s, {}}, specials: true, wantErr: padErr(s, low, high, interior)})
		}
	}
	file := filepath.Join(t.TempDir(), "pads.mlir")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	runNativeCases(t, compileNative(t, file), cases, 20)
}

// padErr is the start of the native error of a pad of shape with the
// given amounts whose padded size is negative ("" if none is).
func padErr(shape []int64, low, high, interior []string) string {
	for d, n := range shape {
		var l, h, i int64
		fmt.Sscan(low[d], &l)
		fmt.Sscan(high[d], &h)
		fmt.Sscan(interior[d], &i)
		if size := l + h + n + max(n-1, 0)*i; size < 0 {
			return fmt.Sprintf("dim %d would have %d elements", d, size)
		}
	}
	return ""
}
