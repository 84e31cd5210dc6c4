package llvm_test

import (
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// emitWorkload returns the LLVM IR of a bench workload's @main after
// --pipeline=cpu, for target.
func emitWorkload(t *testing.T, name string, target llvm.Target) string {
	t.Helper()
	file := "../../bench/workloads/" + name + ".mlir"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, m := cpuPipeline(t, file, src)
	text, err := llvm.Emit(m, llvm.Options{Target: target})
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	body := llvmFunction(text, "main_fn")
	if body == "" {
		t.Fatalf("%s: no define @main_fn", name)
	}
	return body
}

// checkInOrder fails the test unless each of want is found in text after
// the previous one, and none of not is found between the first and the
// last of want.
func checkInOrder(t *testing.T, what, text string, want []string, not ...string) {
	t.Helper()
	rest := text
	start := -1
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Errorf("%s: no %q after the previous lines", what, w)
			return
		}
		if start < 0 {
			start = len(text) - len(rest) + i
		}
		rest = rest[i+len(w):]
	}
	span := text[start : len(text)-len(rest)]
	for _, n := range not {
		if strings.Contains(span, n) {
			t.Errorf("%s: %q where it should not be", what, n)
		}
	}
}

// TestFusedSoftmaxCodeShape pins the code of bench's W6 (jax.nn.softmax
// over the rows of a 4096x4096 matrix) and W7 (layer norm), each one loop
// nest over the rows (fuse.go). W6: the max's vector reduction; the sum's,
// which prefetches the next row of x, computes exp(x - m) and keeps it in
// a row buffer; the division's vector loop, which loads it from there
// (no exp) and streams its stores. W7: the five generics, the sums of the
// second pass over x prefetching and the last streaming.
func TestFusedSoftmaxCodeShape(t *testing.T) {
	w6 := emitWorkload(t, "W6", llvm.X86_64)
	if n := strings.Count(w6, "\nrow0.loop:"); n != 1 || strings.Contains(w6, "\nd0.loop:") {
		t.Errorf("W6: %d loops over rows (and d0 loops: %v), want one", n, strings.Contains(w6, "\nd0.loop:"))
	}
	checkInOrder(t, "W6", w6, []string{
		"\nrow0.loop:",
		"\nrvu.body:", "fcmp uno <16 x float>", // IEEE maximum
		"\nrvu.body.1:", "call void @llvm.prefetch.p0i8(", "call <16 x float> @bcast.expf.v16(",
		"store <16 x float>", "align 4\n", // into the row buffer
		"\nvec.body:", "%row.", "= load <16 x float>", "fdiv <16 x float> %row.",
		"!nontemporal", "\nrow0.end:",
	}, "@malloc")
	if vec := w6[strings.Index(w6, "\nvec.body:"):strings.Index(w6, "\nvec.end:")]; strings.Contains(vec, "@bcast.expf") || strings.Contains(vec, "prefetch") {
		t.Errorf("W6: the division's vector loop computes exp or prefetches:\n%s", vec)
	}
	w7 := emitWorkload(t, "W7", llvm.X86_64)
	if n := strings.Count(w7, "\nrow0.loop:"); n != 1 || strings.Contains(w7, "\nd0.loop:") {
		t.Errorf("W7: %d loops over rows, want one", n)
	}
	checkInOrder(t, "W7", w7, []string{
		"\nrow0.loop:",
		"\nrvu.body:", "fadd <16 x float>", // the sum
		"\nrvu.body.1:", "call void @llvm.prefetch.p0i8(", // the sum of squares
		"@llvm.sqrt.f32(", // rsqrt of the variance
		"\nvec.body:", "call void @llvm.prefetch.p0i8(", "!nontemporal",
		"\nrow0.end:",
	}, "@malloc")
	// AArch64: no streaming stores; the prefetches stay (prfm)
	a64 := emitWorkload(t, "W6", llvm.AArch64)
	if strings.Contains(a64, "nontemporal") || !strings.Contains(a64, "@llvm.prefetch.p0i8(") {
		t.Errorf("W6 on AArch64: streaming stores %v, prefetches %v; want none and some", strings.Contains(a64, "nontemporal"), strings.Contains(a64, "@llvm.prefetch.p0i8("))
	}
}

// TestFusedVerifyWithLLVM runs the LLVM IR of the fused groups' kernels
// (testdata/fused.mlir as it is, fused_hlo.mlir after --pipeline=cpu)
// through the verifiers and code generators of LLVM 14 and 19, for x86-64
// and AArch64.
func TestFusedVerifyWithLLVM(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/fused_hlo.mlir")
	if err != nil {
		t.Fatal(err)
	}
	_, m := cpuPipeline(t, "testdata/fused_hlo.mlir", src)
	for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
		verifyWithLLVM(t, "testdata/fused.mlir", emitFile(t, "testdata/fused.mlir", target), target)
		text, err := llvm.Emit(m, llvm.Options{Target: target})
		if err != nil {
			t.Fatalf("Emit: %v", err)
		}
		verifyWithLLVM(t, "testdata/fused_hlo.mlir", text, target)
	}
}
