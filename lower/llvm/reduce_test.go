package llvm_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// emitFile emits a testdata file of linalg kernels as it is, for target.
func emitFile(t *testing.T, file string, target llvm.Target) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text, err := llvm.Emit(parse(t, file, src), llvm.Options{Target: target})
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	return text
}

// TestReductionCodeShape pins which loop form each kernel of
// testdata/reductions.mlir gets (reduce.go): the inner layout's vector
// reduction loop (rvu), the outer layout's vector loop across the parallel
// dim (vec.body), or scalar loops only; and that fills are values, never
// buffers or loops.
func TestReductionCodeShape(t *testing.T) {
	text := emitFile(t, reductionsFile, llvm.X86_64)
	vectorReduce := "row_sum row_sum_f64 row_max row_min row_max_f64 row_prod row_sum_exp row_sum_i32 row_max_i32 row_min_i64 row_umax_i16 row_umin_i32 row_mul_i8 row_xor_i32 row_or_i64 row_and_i32 row_any row_all row_sum_init row_max_init_scalar row_sum_static row_max_static matvec full_sum full_max3 full_sum_i64 sum02 moments argmax argmin_i64 argmax_f64 argmax_i32 argmax_iota row_weighted row_sum_fill"
	outer := "col_sum col_max col_sum_i32 col_softplus_sum mid_sum mid_min mid_max_i8 argmax_col argmax_col_idx col_sum_init sum01 col_max_fill"
	scalar := "row_sum_f16 row_softplus_sum argmax_both"
	// malloc: an intermediate the init is computed into, and the outer
	// layout's accumulator of an unused value output
	mallocs := map[string]bool{"row_sum_init_abs": true, "argmax_col_idx": true}
	check := func(names, want string) {
		for _, f := range strings.Fields(names) {
			body := llvmFunction(text, f)
			if body == "" {
				t.Fatalf("no define @%s", f)
			}
			got := "scalar"
			switch {
			case strings.Contains(body, "rvu.body:"):
				got = "vector reduction"
			case strings.Contains(body, "vec.body:"):
				got = "outer layout"
			}
			if got != want {
				t.Errorf("@%s: %s loops, want %s", f, got, want)
			}
			if strings.Contains(body, "@malloc") != mallocs[f] {
				t.Errorf("@%s: calls malloc = %v, want %v", f, !mallocs[f], mallocs[f])
			}
			if want != "outer layout" && strings.Contains(body, "fill0.loop") {
				t.Errorf("@%s: fills a buffer; a fill that only reductions read is a value", f)
			}
		}
	}
	check(vectorReduce, "vector reduction")
	check(outer, "outer layout")
	check(scalar, "scalar")
	// Reassociation stays in the vector part: four accumulators of
	// <16 x float>, halved to one lane.
	body := llvmFunction(text, "row_sum")
	for _, want := range []string{"fadd <16 x float>", "shufflevector <16 x float>", "fadd <2 x float>", "extractelement <2 x float>"} {
		if !strings.Contains(body, want) {
			t.Errorf("@row_sum lacks %q", want)
		}
	}
	if n := strings.Count(body, "rvu.acc"); n < 4 {
		t.Errorf("@row_sum has %d vector accumulator phis' uses, want 4 or more", n)
	}
}

// TestReductionsVerifyWithLLVM runs the LLVM IR of the reductions' and the
// math functions' kernels through the verifier and code generators of
// LLVM 14 and 19, for x86-64 and AArch64.
func TestReductionsVerifyWithLLVM(t *testing.T) {
	t.Parallel()
	for _, file := range []string{reductionsFile, "testdata/vecmath.mlir"} {
		for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
			verifyWithLLVM(t, file, emitFile(t, file, target), target)
		}
	}
}

// verifyWithLLVM runs LLVM IR text through the verifiers (opt) and code
// generators (llc) of LLVM 14 and 19 that are installed, for target; at
// least one opt must be.
func verifyWithLLVM(t *testing.T, what, text string, target llvm.Target) {
	t.Helper()
	checkWithLLVM(t, what, text, target, true)
}

// checkWithLLVM is verifyWithLLVM, without the code generators unless
// codegen.
func checkWithLLVM(t *testing.T, what, text string, target llvm.Target, codegen bool) {
	t.Helper()
	opt := tool(t, "verifying LLVM IR", "opt", "opt-19")
	runs := [][]string{{opt, "-passes=verify", "-disable-output"}}
	for _, name := range []string{"opt-19", "llc", "llc-19"} {
		p, err := exec.LookPath(name)
		if err != nil || !codegen && strings.HasPrefix(name, "llc") {
			continue
		}
		if strings.HasPrefix(name, "opt") {
			runs = append(runs, []string{p, "-passes=verify", "-disable-output"})
		} else {
			runs = append(runs, []string{p, "-O2", "-mtriple=" + target.Triple, "-o", "/dev/null"})
		}
	}
	for _, r := range runs {
		cmd := exec.Command(r[0], r[1:]...)
		cmd.Stdin = strings.NewReader(text)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %s on %s: %v\n%s", what, strings.Join(r, " "), target.Triple, err, out)
		}
	}
}
