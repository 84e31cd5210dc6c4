package llvm_test

import "testing"

// The native tests that also run for AArch64 (aarch64Target: a Neoverse
// N1) under qemu, through the same harness as on the host
// (native_harness_test.go), each skipped when qemu or the cross toolchain
// is missing (a failure under BCAST_REQUIRE_TOOLS=1):
//
//   - the contractions and the blocked matmul, whose micro-kernel tile is
//     AArch64's own (matmul.go's matmulTile), here;
//   - the kernels of every element type, here;
//   - the kernels of every hlo op (TestNativeAArch64HloOps,
//     hlo_ops_native_test.go) and kernels.mlir's elementwise kernels on
//     small shapes (TestNativeAArch64Kernels, native_test.go);
//   - the vector math functions, bit for bit against their Go models
//     (TestNativeAArch64VecMath, vecmath_native_test.go);
//   - the fused groups and contraction chains, fused and unfused
//     (TestNativeAArch64FusedGroups, fuse_native_test.go);
//   - the division by a row's divisor with fused multiply-adds
//     (TestNativeAArch64DivideByInvariant, divide_native_test.go).
//
// matmul_aarch64_test.go pins the micro-kernel's loop as llc-19 compiles
// it.

func TestNativeAArch64Contractions(t *testing.T) {
	t.Parallel()
	testNativeContractions(t, aarch64Target)
}

// TestNativeAArch64Matmul runs the matmuls of testdata/matmul.mlir (f32,
// f32 with both operands transposed, f64, and a batch) for every M, N and
// K in {1, 5, mr-1, mr, mr+1, 67} and nr-1, nr, nr+1 (AArch64's tile,
// matmulTile: mr = 12 rows, nr = 8 f32 or 4 f64 columns), a k block and a
// half (384) with a row block and a half (150), and K = 0, against the
// interpreter within TestNativeMatmul's bound.
func TestNativeAArch64Matmul(t *testing.T) {
	t.Parallel()
	sizes := []int64{1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 67}
	var cases []mmCase
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int64{1, 5, 11, 12, 13, 67} {
				cases = append(cases,
					mmCase{"mm", [][]int64{{m, k}, {k, n}}, k},
					mmCase{"mm_f64", [][]int64{{m, k}, {k, n}}, k})
			}
			cases = append(cases, mmCase{"mm_tt", [][]int64{{13, m}, {n, 13}}, 13})
		}
	}
	cases = append(cases,
		mmCase{"mm", [][]int64{{150, 384}, {384, 35}}, 384},
		mmCase{"mm_f64", [][]int64{{150, 384}, {384, 35}}, 384},
		mmCase{"bmm_nt", [][]int64{{3, 13, 67}, {3, 9, 67}}, 67},
		mmCase{"mm_static", [][]int64{{13, 300}, {300, 37}}, 300},
		mmCase{"mm", [][]int64{{5, 0}, {0, 9}}, 0})
	testNativeMatmul(t, aarch64Target, cases)
}

func TestNativeAArch64ElementTypes(t *testing.T) {
	t.Parallel()
	testNativeElementTypes(t, aarch64Target)
}
