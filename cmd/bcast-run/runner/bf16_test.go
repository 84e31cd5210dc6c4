package runner

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/npy"
)

// bfloat16 arguments come as JAX users have them: np.save of an
// ml_dtypes.bfloat16 array (descr '<V2'), the 'bfloat16' descr some
// writers use, or float32 (rounded to nearest even, said on stderr); a
// bfloat16 result is printed and written as float32, exactly.
func TestBF16Arrays(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "bf16.mlir")
	if err := os.WriteFile(prog, []byte(`func.func @main(%x: tensor<3xbf16>, %y: tensor<3xbf16>) -> tensor<3xbf16> {
  %r = stablehlo.add %x, %y : tensor<3xbf16>
  return %r : tensor<3xbf16>
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	bits := func(vs ...uint16) []byte {
		b := make([]byte, 2*len(vs))
		for i, v := range vs {
			binary.LittleEndian.PutUint16(b[2*i:], v)
		}
		return b
	}
	// 1, 0.099609375 (0x3DCC), 3 as bfloat16 bits.
	v2 := writeNpy(t, dir, "v2.npy", &npy.Array{DType: npy.DTypeVoid2, Shape: []int64{3}, Data: bits(0x3F80, 0x3DCC, 0x4040)}, nil)
	named := writeNpy(t, dir, "named.npy", &npy.Array{DType: npy.DTypeBFloat16, Shape: []int64{3}, Data: bits(0x3F80, 0x3DCC, 0x4040)}, nil)
	// 1, 0.1 and 3 in float32: 0.1 rounds to 0x3DCD (0.10009765625).
	f32, err := npy.FromFloat32([]int64{3}, []float32{1, 0.1, 3})
	f32path := writeNpy(t, dir, "f32.npy", f32, err)

	runs := [][]string{{"--interp"}}
	for _, flags := range toolchains(t) {
		runs = append(runs, flags)
	}
	for _, flags := range runs {
		// 0.10009765625 + 0.099609375 = 0.19970703125, a tie between
		// bfloat16 neighbours: to even, 0.19921875.
		st, out, stderr := runMain(t, append(flags, prog, "--input", f32path, "--input", v2)...)
		want := "result 0: bfloat16 (as float32) (3,)\n[2.         0.19921875 6.        ]\n"
		if st != 0 || out != want || !strings.Contains(stderr, "float32 rounded to bfloat16 (to nearest, ties to even)") {
			t.Errorf("%v f32 + V2: status %d, stdout %q (want %q), stderr %q", flags, st, out, want, stderr)
		}
		outDir := filepath.Join(dir, strings.Join(flags, "_"))
		st, _, stderr = runMain(t, append(flags, prog, "--input", named, "--input", v2, "--output-dir", outDir)...)
		if st != 0 || !strings.Contains(stderr, "result 0 is bfloat16, written as float32") {
			t.Fatalf("%v --output-dir: status %d, stderr %q", flags, st, stderr)
		}
		a, err := npy.ReadFile(filepath.Join(outDir, "result0.npy"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Float32s()
		if err != nil || a.DType != npy.DTypeFloat32 || len(got) != 3 || got[0] != 2 || got[1] != 0.19921875 || got[2] != 6 {
			t.Errorf("%v result0.npy: %v %v, %v", flags, a.DType, got, err)
		}
	}
}
