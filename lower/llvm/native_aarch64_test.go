package llvm_test

import "testing"

// The native tests that also run for AArch64 (aarch64Target: a Neoverse
// N1) under qemu, through the same harness as on the host
// (native_harness_test.go): the contractions and the blocked matmul,
// whose micro-kernel tile is AArch64's own (matmul.go's matmulTile), the
// kernels of every element type, kernels.mlir's elementwise kernels on
// small shapes (TestNativeAArch64Kernels, native_test.go) and the vector
// math functions bit for bit against their Go models
// (TestNativeAArch64VecMath, vecmath_native_test.go).
// Each is skipped when qemu or the cross toolchain is missing (a failure
// under BCAST_REQUIRE_TOOLS=1).

func TestNativeAArch64Contractions(t *testing.T) { testNativeContractions(t, aarch64Target) }

func TestNativeAArch64Matmul(t *testing.T) { testNativeMatmul(t, aarch64Target) }

func TestNativeAArch64ElementTypes(t *testing.T) { testNativeElementTypes(t, aarch64Target) }
