package llvm_test

import (
	"math"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
)

const contractionFile = "testdata/contraction.mlir"

// contractionCases run the kernels of testdata/contraction.mlir (issue
// 15) natively and in the interpreter: shapes around the vector widths,
// empty and unit dims, an empty contracting dim (a result of zeros), and
// paired dims that disagree at run time. The native code sums each result
// element of a contraction with parallel loops in the interpreter's order
// (the contracting dims row-major); integer ones are exact, and so are
// these float ones: f32 and f64 matmuls use fused multiply-adds
// (matmul.go), which round once where the interpreter rounds the product
// and the sum, but the arguments here are multiples of 1/64 of moderate
// size, whose products and sums are exact either way, so the results are
// compared bit for bit (matmul_test.go holds inexact arguments to the
// bound of doc.go's Contractions). With special values, a sum of
// two NaNs may give either NaN's bits (LLVM, like Go's compiler, may swap
// the operands of an fadd), so those cases compare NaN with NaN (ulps
// 1). A contraction with no parallel loop (vector-vector) is a full
// reduction, which lower/llvm reassociates: dotSums checks it within the
// bound of the package documentation.
var contractionCases = func() []nativeCase {
	var cs []nativeCase
	for _, s := range [][3]int64{{1, 1, 1}, {3, 5, 4}, {0, 5, 3}, {3, 0, 4}, {3, 5, 0}, {7, 33, 65}, {17, 130, 9}, {2, 300, 17}} {
		m, k, n := s[0], s[1], s[2]
		cs = append(cs,
			nativeCase{fn: "matmul", shapes: [][]int64{{m, k}, {k, n}}},
			nativeCase{fn: "matmul_tt", shapes: [][]int64{{k, m}, {n, k}}},
			nativeCase{fn: "batch_matmul", shapes: [][]int64{{3, m, k}, {3, k, n}}},
			nativeCase{fn: "matmul_f64", shapes: [][]int64{{m, k}, {k, n}}},
			nativeCase{fn: "matmul_i8", shapes: [][]int64{{m, k}, {k, n}}},
			nativeCase{fn: "matmul_f16_f32", shapes: [][]int64{{m, k}, {k, n}}},
			nativeCase{fn: "matvec_i1", shapes: [][]int64{{m, k}, {k}}},
			nativeCase{fn: "matvec", shapes: [][]int64{{m, k}, {k}}},
			nativeCase{fn: "dot_vv", shapes: [][]int64{{k}, {k}}},
		)
	}
	return append(cs,
		nativeCase{fn: "matmul", shapes: [][]int64{{4, 9}, {9, 5}}, specials: true, ulps: 1},
		nativeCase{fn: "batch_matmul", shapes: [][]int64{{2, 4, 9}, {2, 9, 5}}, specials: true, ulps: 1},
		nativeCase{fn: "matvec", shapes: [][]int64{{4, 9}, {9}}, specials: true, ulps: 1},
		nativeCase{fn: "dim_orders", shapes: [][]int64{{2, 5, 3, 4}, {4, 3, 2, 6}}},
		nativeCase{fn: "dense", shapes: [][]int64{{6, 16}, {16, 8}, {8}}},
		nativeCase{fn: "dense", shapes: [][]int64{{6, 16}, {16, 8}, {8}}, specials: true, ulps: 1},
		nativeCase{fn: "dense", shapes: [][]int64{{0, 16}, {16, 8}, {8}}},
		nativeCase{fn: "dense_k300", shapes: [][]int64{{0, 300}, {300, 70}, {70}}},
		nativeCase{fn: "dense_k300", shapes: [][]int64{{1, 300}, {300, 70}, {70}}},
		nativeCase{fn: "dense_k300", shapes: [][]int64{{12, 300}, {300, 70}, {70}}},
		nativeCase{fn: "dense_k300", shapes: [][]int64{{37, 300}, {300, 70}, {70}}},
		nativeCase{fn: "dense_k300", shapes: [][]int64{{25, 300}, {300, 70}, {70}}, specials: true, ulps: 1},
		nativeCase{fn: "dense_residual", shapes: [][]int64{{37, 257}, {257, 64}, {37, 1}, {37, 64}}},
		nativeCase{fn: "batch_dense", shapes: [][]int64{{2, 25, 40}, {2, 40, 33}, {33}}},
		nativeCase{fn: "dense_f64", shapes: [][]int64{{13, 300}, {300, 24}, {24}}},
		nativeCase{fn: "causal", shapes: [][]int64{{37, 300}, {70, 300}}},
		nativeCase{fn: "matmul_tt_f64", shapes: [][]int64{{40, 9}, {37, 40}}},
		nativeCase{fn: "matmul_tt_f64", shapes: [][]int64{{300, 13}, {16, 300}}},
		// tanh is within one ulp of the correctly rounded result (doc.go)
		nativeCase{fn: "dense_tanh", shapes: [][]int64{{27, 40}, {40, 19}, {19}}, ulps: 1},
		nativeCase{fn: "dense_tanh", shapes: [][]int64{{5, 40}, {40, 19}, {19}}, specials: true, ulps: 1},
		nativeCase{fn: "matmul", shapes: [][]int64{{3, 4}, {5, 2}}, wantErr: "matmul: "},
		nativeCase{fn: "batch_matmul", shapes: [][]int64{{2, 3, 4}, {3, 4, 5}}, wantErr: "batch_matmul: "},
	)
}()

// dotSums are the kernels whose float results are full sums lower/llvm
// reassociates.
var dotSums = map[string]bool{"dot_vv": true}

// TestNativeContractions compiles testdata/contraction.mlir through
// --pipeline=cpu and --emit=llvm, builds it with every available
// toolchain and runs the cases natively against the interpreter.
func TestNativeContractions(t *testing.T) {
	t.Parallel()
	testNativeContractions(t, nil)
}

// testNativeContractions is TestNativeContractions for the target cross
// (nil: the host).
func testNativeContractions(t *testing.T, cross *crossTarget) {
	k := compileNativeFor(t, contractionFile, cross)
	// the dense layers' epilogues are applied to the tiles in registers
	for _, fn := range []string{"dense", "dense_k300", "dense_residual", "batch_dense", "dense_f64", "dense_tanh"} {
		if !strings.Contains(llvmFunction(k.irText, fn), "mm.epi.full") {
			t.Errorf("@%s: the epilogue is not applied in registers", fn)
		}
	}
	dir := t.TempDir()
	builds := withAVX2Tile(t, withParallelForm(t, buildKernels(t, dir, k), k), k)
	for _, b := range builds {
		t.Logf("built with %s", b.name)
	}
	fns, cargs := caseArgs(t, k.byName, contractionCases, 15)
	ran := make([][]nativeResult, len(builds))
	for x, b := range builds {
		ran[x] = runCases(t, b, dir, fns, contractionCases, cargs)
	}
	for i, c := range contractionCases {
		t.Run(caseName(i, c), func(t *testing.T) { checkContraction(t, k, builds, c, cargs[i], ran, i) })
	}
}

// checkContraction checks case i of testNativeContractions, c on args:
// ran[b][i] is its result with builds[b].
func checkContraction(t *testing.T, k *nativeKernels, builds []nativeBuild, c nativeCase, args []*interp.Tensor, ran [][]nativeResult, i int) {
	t.Helper()
	want, interpErr := interp.Run(k.orig, c.fn, args)
	for bi, b := range builds {
		rc, msg, got := ran[bi][i].code, ran[bi][i].msg, ran[bi][i].results
		if c.wantErr != "" {
			if rc != 1 || !strings.Contains(msg, c.wantErr) || interpErr == nil {
				t.Errorf("%s: got code %d, message %q, interpreter %v; want code 1 and a message containing %q, and an interpreter error", b.name, rc, msg, interpErr, c.wantErr)
			}
			continue
		}
		if interpErr != nil {
			t.Fatalf("interpreter: %v", interpErr)
		}
		if rc != 0 {
			t.Fatalf("%s: code %d: %s", b.name, rc, msg)
		}
		if !dotSums[c.fn] {
			for r := range want {
				b.compare(t, r, got[r], want[r], c.ulps)
			}
			continue
		}
		// |got - want| <= 2 n u Σ|x_i y_i| (withinSumBound).
		x, y := args[0], args[1]
		var bound float64
		for e := range x.Len() {
			bound += math.Abs(x.Float(e) * y.Float(e))
		}
		if g, w := got[0].Float(0), want[0].Float(0); !withinSumBound(g, w, bound, int64(x.Len()), unitRoundoff(x.ElemType())) {
			t.Errorf("%s: %g, the interpreter's %g: more than the reassociation bound for %d terms of absolute sum %g", b.name, g, w, x.Len(), bound)
		}
	}
}
