package llvm_test

import (
	"math"
	"sort"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// TestNativeVecMathMatchesModel runs the kernels of testdata/vecmath.mlir
// with every toolchain on a sample of every f32 bit pattern (every
// 4093rd, and the special values) and checks that each element is the Go
// model's value, bit for bit (any NaN for a NaN): the measured errors of
// the package documentation are those of the compiled code, and the
// vector lanes and the scalar remainder (the sample's length is not a
// multiple of the vector width) compute the same function.
func TestNativeVecMathMatchesModel(t *testing.T) {
	t.Parallel()
	testNativeVecMath(t, nil)
}

// TestNativeAArch64VecMath is TestNativeVecMathMatchesModel for AArch64
// under qemu (native_aarch64_test.go): the same sample, bit for bit.
func TestNativeAArch64VecMath(t *testing.T) {
	t.Parallel()
	testNativeVecMath(t, aarch64Target)
}

// TestNativeNoFMAVecMath is TestNativeVecMathMatchesModel for the x86-64
// baseline CPU, without FMA: exp's unfused form.
func TestNativeNoFMAVecMath(t *testing.T) {
	t.Parallel()
	testNativeVecMath(t, x86NoFMATarget)
}

// testNativeVecMath is TestNativeVecMathMatchesModel for the target cross
// (nil: the host).
func testNativeVecMath(t *testing.T, cross *crossTarget) {
	k := compileLinalgFor(t, "testdata/vecmath.mlir", cross)
	dir := t.TempDir()
	builds := buildKernels(t, dir, k)
	var xs []float64
	for b := uint64(0); b < 1<<32; b += 4093 {
		xs = append(xs, float64(math.Float32frombits(uint32(b))))
	}
	xs = append(xs, specialFloats...)
	xs = append(xs, math.MaxFloat32, -math.MaxFloat32, 88.72283935546875, -103.97208, 0x1p-24, -0x1p-24, -1, 9.01, -9.01)
	// runs across both ends of exp's fast path (k = -125 and 126), whole
	// vectors on either side and vectors that mix them
	for _, k := range []float64{-125.5, 126.5} {
		c := math.Float32bits(float32(k * math.Ln2))
		for b := c - 64; b < c+64; b++ {
			xs = append(xs, float64(math.Float32frombits(b)))
		}
	}
	arg, err := interp.NewFloats(ir.Float(ir.F32), []int64{int64(len(xs))}, xs)
	if err != nil {
		t.Fatal(err)
	}
	target := llvm.HostTarget()
	if cross != nil {
		target = cross.target
	}
	models := llvm.VecMathModels(target)
	var names []string
	for n := range models {
		names = append(names, n)
	}
	sort.Strings(names)
	names = append(names, "logistic_swapped")
	for _, name := range names {
		model := models[name]
		if name == "logistic_swapped" {
			model = models["logistic"]
		}
		t.Run(name, func(t *testing.T) {
			if k.byName[name] == nil {
				t.Fatalf("no kernel @%s", name)
			}
			for _, b := range builds {
				rc, msg, got := runNative(t, b, dir, k.byName[name], []*interp.Tensor{arg}, nil)
				if rc != 0 {
					t.Fatalf("%s: code %d: %s", b.name, rc, msg)
				}
				bad := 0
				for i, x := range xs {
					g, w := float32(got[0].Float(i)), model(float32(x))
					if math.Float32bits(g) != math.Float32bits(w) && !(g != g && w != w) {
						if bad++; bad <= 5 {
							t.Errorf("%s: %s(%g) = %g (%#x), the model's %g (%#x)", b.name, name, x, g, math.Float32bits(g), w, math.Float32bits(w))
						}
					}
				}
				if bad > 5 {
					t.Errorf("%s: %d elements differ", b.name, bad)
				}
			}
		})
	}
}
