package llvm_test

import (
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

const matmulFile = "testdata/matmul.mlir"

// TestNativeMatmul runs the blocked contractions of testdata/matmul.mlir
// (matmul.go) natively on random values that are not exact in the
// element type, with sizes across the micro-kernel's tiles (matmulTile:
// 6 x one vector, 12 x two), the k block (256), the row block (96) and
// the column block (2048), empty dims included, and compares each result
// element with the interpreter's: with fused multiply-adds in k's order
// the two may differ by at most K*eps*sum_k |a_k*b_k| (eps = 2u: 2^-23
// for f32, 2^-52 for f64), where the interpreter computes sum_k
// |a_k*b_k| itself, running the same function on the arguments' absolute
// values. An empty contracting dim gives the fill, 0, bit for bit.
func TestNativeMatmul(t *testing.T) {
	t.Parallel()
	var cases []mmCase
	for _, s := range [][3]int64{{1, 1, 1}, {0, 3, 5}, {4, 0, 7}, {5, 3, 0}, {7, 33, 65}, {6, 256, 16}, {24, 64, 64}, {100, 260, 40}, {13, 20, 2100}, {97, 513, 17}} {
		m, kk, n := s[0], s[1], s[2]
		cases = append(cases,
			mmCase{"mm", [][]int64{{m, kk}, {kk, n}}, kk},
			mmCase{"mm_tt", [][]int64{{kk, m}, {n, kk}}, kk},
			mmCase{"mm_f64", [][]int64{{m, kk}, {kk, n}}, kk},
		)
		if m*n*kk < 1<<20 {
			cases = append(cases, mmCase{"bmm_nt", [][]int64{{3, m, kk}, {3, n, kk}}, kk})
		}
	}
	cases = append(cases, mmCase{"mm_static", [][]int64{{13, 300}, {300, 37}}, 300})
	testNativeMatmul(t, nil, cases)
}

// mmCase is a call of a kernel of testdata/matmul.mlir: its argument
// shapes and the length of its contracting dim.
type mmCase struct {
	fn     string
	shapes [][]int64
	kDim   int64
}

// testNativeMatmul is TestNativeMatmul's check of cases for the target
// cross (nil: the host), each build running all the cases in one process.
func testNativeMatmul(t *testing.T, cross *crossTarget, cases []mmCase) {
	k := compileNativeFor(t, matmulFile, cross)
	dir := t.TempDir()
	builds := withAVX2Tile(t, withParallelForm(t, buildKernels(t, dir, k), k), k)
	rng := rand.New(rand.NewSource(15))
	calls := make([]llvm.DriverCall, len(cases))
	wants, sums := make([]*interp.Tensor, len(cases)), make([]*interp.Tensor, len(cases))
	for x, c := range cases {
		f := k.byName[c.fn]
		if f == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		var args, abs []*interp.Tensor
		for i, a := range f.Args {
			n := int(ir.NumElements(c.shapes[i]))
			data, mag := make([]float64, n), make([]float64, n)
			for j := range data {
				data[j] = (rng.Float64()*2 - 1) * math.Exp2(float64(rng.Intn(7)-3))
				mag[j] = math.Abs(data[j])
			}
			x, err := interp.NewFloats(a.Elem, c.shapes[i], data)
			if err != nil {
				t.Fatal(err)
			}
			y, err := interp.NewFloats(a.Elem, c.shapes[i], mag)
			if err != nil {
				t.Fatal(err)
			}
			args, abs = append(args, x), append(abs, y)
		}
		want, err := interp.Run(k.orig, c.fn, args)
		if err != nil {
			t.Fatalf("%s %v: interpreter: %v", c.fn, c.shapes, err)
		}
		sum, err := interp.Run(k.orig, c.fn, abs)
		if err != nil {
			t.Fatalf("%s %v: interpreter on |args|: %v", c.fn, c.shapes, err)
		}
		calls[x] = llvm.DriverCall{Func: f, Args: driverTensors(args)}
		wants[x], sums[x] = want[0], sum[0]
	}
	for _, b := range builds {
		ran := runNativeCalls(t, b, dir, calls)
		for x, c := range cases {
			rc, msg, got := ran[x].code, ran[x].msg, ran[x].results
			if rc != 0 {
				t.Fatalf("%s %v: %s: code %d: %s", c.fn, c.shapes, b.name, rc, msg)
			}
			if c.kDim == 0 {
				b.compare(t, 0, got[0], wants[x], 0)
				continue
			}
			eps := 2 * unitRoundoff(calls[x].Func.Args[0].Elem)
			bad := 0
			for i := range got[0].Len() {
				g, w := got[0].Float(i), wants[x].Float(i)
				// the bound, with sums' own rounding (K*u relative) allowed for
				if bound := float64(c.kDim) * eps * sums[x].Float(i) * (1 + float64(c.kDim)*eps); !(math.Abs(g-w) <= bound) {
					if bad++; bad <= 3 {
						t.Errorf("%s %v: %s: element %d: %g, the interpreter's %g: more than K*eps*sum|a*b| = %g", c.fn, c.shapes, b.name, i, g, w, bound)
					}
				}
			}
		}
	}
}

// TestMatmulVerifyWithLLVM checks that the contractions of
// testdata/matmul.mlir and contraction.mlir become the blocked code (a
// vector llvm.fma of 64 bytes, f32 and f64, or of 16 bytes for AArch64:
// matmulTile) and that the IR passes
// opt -passes=verify and compiles with llc (LLVM 14 and 19) for x86-64
// and AArch64.
func TestMatmulVerifyWithLLVM(t *testing.T) {
	t.Parallel()
	for _, file := range []string{matmulFile, contractionFile} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, m := cpuPipeline(t, file, src)
		for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
			text, err := llvm.Emit(m, llvm.Options{Target: target})
			if err != nil {
				t.Fatalf("%s: Emit: %v", file, err)
			}
			fmas := []string{"@llvm.fma.v16f32(", "@llvm.fma.v8f64("}
			if target.Arch() == "aarch64" {
				fmas = []string{"@llvm.fma.v4f32(", "@llvm.fma.v2f64("}
			}
			for _, fma := range fmas {
				if !strings.Contains(text, fma) {
					t.Errorf("%s: no call of %s", file, fma)
				}
			}
			verifyWithLLVM(t, file, text, target)
		}
	}
}
