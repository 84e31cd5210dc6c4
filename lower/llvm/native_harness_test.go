package llvm_test

// The native harness: a testdata file of kernels is compiled through
// --pipeline=cpu and --emit=llvm (compileNative), built with every
// available toolchain (buildNative, native_test.go), and each nativeCase
// runs natively and in the interpreter on the same random arguments,
// which must agree (runNativeCases). The native tests of kernels.mlir,
// hlo_ops.mlir, slices.mlir and dynamic_shapes.mlir are each a table of
// cases handed to it.

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// nativeKernels is a testdata file of kernels compiled for the native
// tests: the source as parsed (for the interpreter), after --pipeline=cpu,
// and that module's LLVM IR, C header and ABI.
type nativeKernels struct {
	orig, lowered  *ir.Operation
	irText, header string
	fns            []*llvm.FuncABI
	byName         map[string]*llvm.FuncABI
}

// compileNative skips the test when no toolchain that compiles LLVM IR is
// installed (tool), and otherwise compiles file through --pipeline=cpu and
// --emit=llvm.
func compileNative(t *testing.T, file string) *nativeKernels {
	t.Helper()
	tool(t, "compiling LLVM IR to native code", "clang-19", "llc")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	k := &nativeKernels{}
	k.orig, k.lowered = cpuPipeline(t, file, src)
	k.irText, err = llvm.Emit(k.lowered, llvm.Options{})
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	k.header, err = llvm.CHeader(k.lowered, "")
	if err != nil {
		t.Fatal(err)
	}
	k.fns, k.byName = functionABIs(t, k.lowered)
	return k
}

// functionABIs returns the ABI of m's public functions, in order and by
// name.
func functionABIs(t *testing.T, m *ir.Operation) ([]*llvm.FuncABI, map[string]*llvm.FuncABI) {
	t.Helper()
	fns, err := llvm.Functions(m)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*llvm.FuncABI{}
	for _, f := range fns {
		byName[f.Name] = f
	}
	return fns, byName
}

// checkAllocations fails the test for each kernel of k whose LLVM IR calls
// malloc and is not in allocates, or is in allocates and does not.
func checkAllocations(t *testing.T, k *nativeKernels, allocates map[string]bool) {
	t.Helper()
	for _, f := range k.fns {
		body := llvmFunction(k.irText, f.Name)
		if body == "" {
			t.Fatalf("no define @%s in the LLVM IR", f.Name)
		}
		if strings.Contains(body, "@malloc") != allocates[f.Name] {
			t.Errorf("@%s: calls malloc = %v, want %v", f.Name, !allocates[f.Name], allocates[f.Name])
		}
	}
}

// forEachCase runs check as one subtest per case (named by its index,
// kernel and shapes) on random arguments for the kernel's ABI in byName,
// drawn in order from one generator seeded with seed.
func forEachCase(t *testing.T, byName map[string]*llvm.FuncABI, cases []nativeCase, seed int64, check func(t *testing.T, f *llvm.FuncABI, c nativeCase, args []*interp.Tensor)) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for i, c := range cases {
		f := byName[c.fn]
		if f == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		t.Run(fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes)), func(t *testing.T) {
			check(t, f, c, randomArgs(t, rng, f, c))
		})
	}
}

// runNativeCases builds k with every available toolchain (buildNative) and
// runs each case with each build and in the interpreter on k's original
// kernels. An error case must make every build return code 1 with a
// message containing wantErr, and the interpreter fail too (unless
// resultShapes is set: the caller's shapes are an ABI check, native only)
// with a message containing wantInterpErr when that is set. Any other
// case must succeed everywhere with the interpreter's results, within
// ulps.
func runNativeCases(t *testing.T, k *nativeKernels, cases []nativeCase, seed int64) {
	t.Helper()
	dir := t.TempDir()
	builds := withParallelForm(t, buildNative(t, dir, k.fns, k.irText, k.header), k)
	for _, b := range builds {
		t.Logf("built with %s", b.name)
	}
	forEachCase(t, k.byName, cases, seed, func(t *testing.T, f *llvm.FuncABI, c nativeCase, args []*interp.Tensor) {
		want, interpErr := interp.Run(k.orig, c.fn, args)
		for _, b := range builds {
			rc, msg, got := runNative(t, b, dir, f, args, c.resultShapes)
			if c.wantErr != "" {
				if rc != 1 || !strings.Contains(msg, c.wantErr) {
					t.Errorf("%s: got code %d, message %q; want code 1 and a message containing %q", b.name, rc, msg, c.wantErr)
				}
				if interpErr == nil && c.resultShapes == nil {
					t.Errorf("the interpreter succeeds where native code fails with %q", msg)
				}
				if interpErr != nil && c.wantInterpErr != "" && !strings.Contains(interpErr.Error(), c.wantInterpErr) {
					t.Errorf("interpreter: got %q, want a message containing %q", interpErr, c.wantInterpErr)
				}
				continue
			}
			if interpErr != nil {
				t.Fatalf("interpreter: %v", interpErr)
			}
			if rc != 0 {
				t.Fatalf("%s: code %d: %s", b.name, rc, msg)
			}
			for r := range want {
				compareTensors(t, b.name, r, got[r], want[r], c.ulps)
			}
		}
	})
}

// llvmFunction returns the text of `define ... @name(` up to its closing
// brace in the LLVM IR ir, or "".
func llvmFunction(ir, name string) string {
	for _, chunk := range strings.Split(ir, "\ndefine ")[1:] {
		head, _, _ := strings.Cut(chunk, "(")
		if strings.HasSuffix(head, " @"+name) {
			body, _, _ := strings.Cut(chunk, "\n}\n")
			return body
		}
	}
	return ""
}
