package llvm_test

// The native harness: a testdata file of kernels is compiled through
// --pipeline=cpu and --emit=llvm (compileNative), built with every
// available toolchain (buildNative, native_test.go), and each nativeCase
// runs natively and in the interpreter on the same random arguments,
// which must agree (runNativeCases). The native tests of kernels.mlir,
// hlo_ops.mlir, slices.mlir and dynamic_shapes.mlir are each a table of
// cases handed to it.
//
// The same harness runs kernels emitted for another architecture
// (crossTarget: AArch64) under a user-mode emulator, qemu: compileNativeFor
// emits them for it, buildNative cross-compiles and links them statically,
// and runNative runs the driver under the emulator. native_aarch64_test.go
// runs a chosen set of the native tests that way.

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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
	// cross is the target the LLVM IR is for when it is not the host
	// (run under an emulator), else nil.
	cross *crossTarget
}

// options are the emitter's options for k's target, in the parallel form
// when threads.
func (k *nativeKernels) options(threads bool) llvm.Options {
	o := llvm.Options{Threads: threads}
	if k.cross != nil {
		o.Target = k.cross.target
	}
	return o
}

// compileNative skips the test when no toolchain that compiles LLVM IR is
// installed (tool), and otherwise compiles file through --pipeline=cpu and
// --emit=llvm.
func compileNative(t *testing.T, file string) *nativeKernels {
	t.Helper()
	return compileNativeFor(t, file, nil)
}

// compileNativeFor is compileNative for the target cross (nil: the host),
// skipping the test when cross's toolchain or emulator is missing
// (crossTarget.toolchain).
func compileNativeFor(t *testing.T, file string, cross *crossTarget) *nativeKernels {
	t.Helper()
	tool(t, "compiling LLVM IR to native code", "clang-19", "llc")
	if cross != nil {
		cross.toolchain(t)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	k := &nativeKernels{cross: cross}
	k.orig, k.lowered = cpuPipeline(t, file, src)
	k.irText, err = llvm.Emit(k.lowered, k.options(false))
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

// forEachCase runs check as one subtest per case (caseName) on random
// arguments for the kernel's ABI in byName (caseArgs).
func forEachCase(t *testing.T, byName map[string]*llvm.FuncABI, cases []nativeCase, seed int64, check func(t *testing.T, f *llvm.FuncABI, c nativeCase, args []*interp.Tensor)) {
	t.Helper()
	fns, args := caseArgs(t, byName, cases, seed)
	for i, c := range cases {
		t.Run(caseName(i, c), func(t *testing.T) { check(t, fns[i], c, args[i]) })
	}
}

// caseArgs returns each case's kernel (its ABI in byName) and random
// arguments for it, drawn in order from one generator seeded with seed.
func caseArgs(t *testing.T, byName map[string]*llvm.FuncABI, cases []nativeCase, seed int64) ([]*llvm.FuncABI, [][]*interp.Tensor) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	fns, args := make([]*llvm.FuncABI, len(cases)), make([][]*interp.Tensor, len(cases))
	for i, c := range cases {
		if fns[i] = byName[c.fn]; fns[i] == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		args[i] = randomArgs(t, rng, fns[i], c)
	}
	return fns, args
}

// caseName is the subtest's name of case i: its index, kernel and shapes.
func caseName(i int, c nativeCase) string {
	return fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes))
}

// runCases runs every case (kernel fns[i] on args[i]) with build b, in one
// run of its driver for the cases without resultShapes and one for those
// with them (runNativeCalls).
func runCases(t *testing.T, b nativeBuild, dir string, fns []*llvm.FuncABI, cases []nativeCase, args [][]*interp.Tensor) []nativeResult {
	t.Helper()
	out := make([]nativeResult, len(cases))
	for _, shapes := range []bool{false, true} {
		var idx []int
		var calls []llvm.DriverCall
		for i, c := range cases {
			if (c.resultShapes != nil) == shapes {
				idx = append(idx, i)
				calls = append(calls, llvm.DriverCall{Func: fns[i], Args: driverTensors(args[i]), ResultShapes: c.resultShapes})
			}
		}
		if len(calls) == 0 {
			continue
		}
		for x, r := range runNativeCalls(t, b, dir, calls) {
			out[idx[x]] = r
		}
	}
	return out
}

// runNativeCases builds k with every available toolchain (buildNative; on
// the host also in the parallel form) and runs each case with each build
// (all the cases in one process, runCases)
// and in the interpreter on k's original kernels. An error case must make
// every build return code 1 with a message containing wantErr, and the
// interpreter fail too (unless resultShapes is set: the caller's shapes
// are an ABI check, native only) with a message containing wantInterpErr
// when that is set. Any other case must succeed everywhere with the
// interpreter's results, within ulps.
func runNativeCases(t *testing.T, k *nativeKernels, cases []nativeCase, seed int64) {
	t.Helper()
	dir := t.TempDir()
	builds := buildKernels(t, dir, k)
	if k.cross == nil {
		// (an emulated target's parallel form runs in the contractions'
		// and matmul's tests only: building these large files twice would
		// be most of an emulated test's time)
		builds = withParallelForm(t, builds, k)
	}
	for _, b := range builds {
		t.Logf("built with %s", b.name)
	}
	fns, args := caseArgs(t, k.byName, cases, seed)
	ran := make([][]nativeResult, len(builds))
	for x, b := range builds {
		ran[x] = runCases(t, b, dir, fns, cases, args)
	}
	for i, c := range cases {
		t.Run(caseName(i, c), func(t *testing.T) {
			want, interpErr := interp.Run(k.orig, c.fn, args[i])
			for x, b := range builds {
				rc, msg, got := ran[x][i].code, ran[x][i].msg, ran[x][i].results
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
					b.compare(t, r, got[r], want[r], c.ulps)
				}
			}
		})
	}
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

// crossTarget is an architecture other than the host's whose native tests
// run under a user-mode emulator: the kernels are emitted for target,
// compiled and linked statically (no run-time sysroot needed) by clang-19
// for triple with the cross toolchain's C library, and the driver runs
// under qemu with the CPU qemuCPU, the same CPU as target's (an
// instruction the CPU lacks is an illegal instruction, not a silent
// pass).
type crossTarget struct {
	name     string // "aarch64" (file names)
	triple   string // clang's --target
	target   llvm.Target
	qemu     []string // the emulator's names, the first found is run
	qemuCPU  string
	packages string // what to install when the toolchain is missing

	once  sync.Once
	clang string
	emu   []string
	err   string // why the toolchain is unusable, or ""
}

// aarch64Target is the AArch64 target of the emulated native tests: a
// Neoverse N1 (Armv8.2-A, with native fp16 arithmetic), a CPU both LLVM 14
// and qemu name.
var aarch64Target = func() *crossTarget {
	tgt, err := llvm.AArch64.WithCPU("neoverse-n1", "")
	if err != nil {
		panic(err)
	}
	return &crossTarget{
		name: "aarch64", triple: "aarch64-linux-gnu", target: tgt,
		qemu: []string{"qemu-aarch64-static", "qemu-aarch64"}, qemuCPU: "neoverse-n1",
		packages: "qemu-user-static, gcc-aarch64-linux-gnu and libc6-dev-arm64-cross",
	}
}()

// x86NoFMATarget is the x86-64 baseline CPU (no FMA, no AVX), whose code
// the host runs (no emulator): the tests of the code that targets without
// FMA get (vecmath.go's exp) run it so.
var x86NoFMATarget = func() *crossTarget {
	tgt, err := llvm.X86_64.WithCPU("x86-64", "")
	if err != nil {
		panic(err)
	}
	return &crossTarget{name: "x86-64", triple: "x86_64-linux-gnu", target: tgt, packages: "libc6-dev (a static libc)"}
}()

// toolchain returns clang-19 and the emulator's command line (nil when
// the host runs the target's code: a crossTarget without qemu); it skips the
// test (fails under BCAST_REQUIRE_TOOLS=1) when either is missing or when
// clang-19 cannot link a static C program for the target (no sysroot).
func (c *crossTarget) toolchain(t *testing.T) (clang string, emulator []string) {
	t.Helper()
	c.once.Do(func() {
		var err error
		if c.clang, err = exec.LookPath("clang-19"); err != nil {
			c.err = "clang-19 is not on PATH"
			return
		}
		for _, n := range c.qemu {
			if p, err := exec.LookPath(n); err == nil {
				c.emu = []string{p, "-cpu", c.qemuCPU}
				break
			}
		}
		if len(c.qemu) == 0 && c.target.Arch() != llvm.HostTarget().Arch() {
			c.err = "the host is not " + c.target.Arch()
			return
		}
		if c.emu == nil && len(c.qemu) > 0 {
			c.err = "none of " + joinNames(c.qemu) + " is on PATH"
			return
		}
		// The probe: link and run a C program as buildNative does.
		dir, err := os.MkdirTemp("", "bcast-cross-*")
		if err != nil {
			c.err = err.Error()
			return
		}
		defer os.RemoveAll(dir)
		src, exe := filepath.Join(dir, "probe.c"), filepath.Join(dir, "probe")
		if err := os.WriteFile(src, []byte("#include <math.h>\n#include <pthread.h>\nint main(int argc, char **argv) { (void)argv; return (int)sqrt((double)argc) - 1; }\n"), 0o644); err != nil {
			c.err = err.Error()
			return
		}
		if out, err := exec.Command(c.clang, c.clangArgs(src, "-o", exe)...).CombinedOutput(); err != nil {
			c.err = fmt.Sprintf("clang-19 cannot link a static C program for %s (no sysroot?): %v\n%s", c.triple, err, out)
			return
		}
		run := append(append([]string(nil), c.emu...), exe)
		if out, err := exec.Command(run[0], run[1:]...).CombinedOutput(); err != nil {
			c.err = fmt.Sprintf("%s cannot run a static %s program: %v\n%s", filepath.Base(run[0]), c.triple, err, out)
		}
	})
	if c.err != "" {
		msg := fmt.Sprintf("running %s code under an emulator: %s (install %s)", c.name, c.err, c.packages)
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
		}
		t.Skip(msg + "; set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	}
	return c.clang, c.emu
}

// clangArgs are clang-19's arguments compiling files for c, optimized,
// and linking them statically, followed by rest.
func (c *crossTarget) clangArgs(files ...string) []string {
	args := []string{"--target=" + c.triple, "-O2", "-Wall", "-Werror", "-Wno-override-module", "-static"}
	return append(append(args, files...), "-lm", "-pthread")
}

// buildKernels is buildNative of k's kernels, for k's target.
func buildKernels(t *testing.T, dir string, k *nativeKernels) []nativeBuild {
	t.Helper()
	return buildNativeWith(t, dir, k.fns, k.irText, k.header, false, k.cross)
}
