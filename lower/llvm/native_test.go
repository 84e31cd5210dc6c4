package llvm_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// nativeCase runs one kernel of testdata/kernels.mlir natively and in the
// interpreter on random arguments of the given shapes.
type nativeCase struct {
	fn     string
	shapes [][]int64
	// specials puts NaN, infinities, signed zeros and subnormals into
	// the float arguments.
	specials bool
	// ulps is the allowed distance from the interpreter (0: bit for bit).
	ulps int64
	// wantErr is a substring of the expected error message; the
	// interpreter must fail too (unless resultShapes is set).
	wantErr string
	// resultShapes, if set, are passed to the kernel directly instead of
	// asking the result-shapes function.
	resultShapes [][]int64
	// wantInterpErr, if set, is a substring of the interpreter's error.
	wantInterpErr string
}

var nativeCases = []nativeCase{
	{fn: "w1", shapes: [][]int64{{6, 37}, {37}}, specials: true},
	{fn: "w1", shapes: [][]int64{{6, 38}, {38}}, wantErr: "w1: argument 0 dim 1 has size 38, but its type tensor<6x37xf32> requires 37"},
	{fn: "w2", shapes: [][]int64{{9, 1}, {1, 11}}, specials: true},
	{fn: "w3", shapes: [][]int64{{3, 1, 19}, {3, 4, 19}, {19}}},
	{fn: "w4", shapes: [][]int64{{5, 23}, {}, {}, {23}, {23}}},
	{fn: "w5", shapes: [][]int64{{6, 37}, {37}}, specials: true},
	{fn: "w5", shapes: [][]int64{{6, 1}, {37}}, specials: true}, // W5u: X is Nx1 at run time
	{fn: "w5", shapes: [][]int64{{6, 37}, {1}}},
	{fn: "w5", shapes: [][]int64{{6, 1}, {1}}},
	{fn: "w5", shapes: [][]int64{{1, 37}, {37}}},
	{fn: "w5", shapes: [][]int64{{1, 1}, {1}}},
	{fn: "w5", shapes: [][]int64{{33, 130}, {130}}, specials: true},
	{fn: "w5", shapes: [][]int64{{0, 37}, {37}}},
	{fn: "w5", shapes: [][]int64{{6, 0}, {0}}},
	{fn: "w5", shapes: [][]int64{{6, 0}, {1}}},
	{fn: "w5", shapes: [][]int64{{3, 4}, {5}}, wantErr: "operand shapes are not broadcast compatible (argument shapes: [3, 4], [5])"},
	{fn: "w5", shapes: [][]int64{{6, 0}, {5}}, wantErr: "operand shapes are not broadcast compatible (argument shapes: [6, 0], [5])"},
	{fn: "w5", shapes: [][]int64{{3, 4}, {5}}, resultShapes: [][]int64{{3, 5}}, wantErr: "operand shapes are not broadcast compatible (argument shapes: [3, 4], [5])"},
	{fn: "w5", shapes: [][]int64{{6, 37}, {37}}, resultShapes: [][]int64{{6, 36}}, wantErr: "w5: result 0 dim 1: the caller's shape has 36, the computed size is 37"},
	{fn: "sameshape", shapes: [][]int64{{3, 5}, {3, 5}}, specials: true},
	{fn: "sameshape", shapes: [][]int64{{3, 5}, {1, 5}},
		wantErr:       "'hlo.add' op in @sameshape: operands #0 and #1 are not broadcast compatible: dim 0 is 3 in operand #0 and 1 in operand #1 (broadcast_policy \"none\" does not stretch size-1 dims) (argument shapes: [3, 5], [1, 5])",
		wantInterpErr: "'stablehlo.add' op in @sameshape: run-time operand shapes [3, 5], [1, 5] do not broadcast: operands #0 and #1 are not broadcast compatible: dim 0 is 3 in operand #0 and 1 in operand #1 (broadcast_policy \"none\" does not stretch size-1 dims)"},
	{fn: "sameshape", shapes: [][]int64{{1, 5}, {3, 5}}, wantErr: "dim 0 is 1 in operand #0 and 3 in operand #1"},
	{fn: "sameshape", shapes: [][]int64{{3, 5}, {3, 70}}, wantErr: "dim 1 is 5 in operand #0 and 70 in operand #1"},
	{fn: "jaxfma", shapes: [][]int64{{3, 1, 16}, {3, 4, 16}, {16}}, specials: true},
	{fn: "jaxfma", shapes: [][]int64{{3, 1, 16}, {2, 4, 16}, {16}},
		wantErr:       "Found inconsistency between dimension size args[1].shape[0] (= 2) and the specification 'b' (= 3). (argument shapes: [3, 1, 16], [2, 4, 16], [16])",
		wantInterpErr: "'stablehlo.custom_call' op in @jaxfma: Found inconsistency between dimension size args[1].shape[0] (= 2) and the specification 'b' (= 3)."},
	{fn: "jaxfma", shapes: [][]int64{{3, 1, 16}, {70, 4, 16}, {16}}, wantErr: "args[1].shape[0] (= 70) and the specification 'b' (= 3)"},
	{fn: "minsel", shapes: [][]int64{{4, 13}, {13}}, specials: true},
	{fn: "minsel", shapes: [][]int64{{0, 13}, {13}}},
	{fn: "maxmin", shapes: [][]int64{{7, 29}, {29}}, specials: true},
	{fn: "maxmin", shapes: [][]int64{{7, 1}, {29}}, specials: true},
	{fn: "maxmin", shapes: [][]int64{{7, 29}, {1}}, specials: true},
	{fn: "ints", shapes: [][]int64{{5, 7}, {7}}},
	{fn: "ints", shapes: [][]int64{{1, 7}, {7}}},
	{fn: "greater", shapes: [][]int64{{4, 9}, {9}}, specials: true},
	{fn: "greater", shapes: [][]int64{{4, 1}, {9}}},
	{fn: "greater", shapes: [][]int64{{4, 9}, {1}}},
	// exp is within 1 ulp of exact (the package documentation's Math
	// section) and the interpreter's is correctly rounded; the addition
	// after it carries that difference, which is 2 ulps of a sum one
	// binade below exp(x) (b < 0). These arguments stay within 2.
	{fn: "exp_bias", shapes: [][]int64{{3, 17}, {17}}, ulps: 2},
	{fn: "exp_bias", shapes: [][]int64{{3, 17}, {1}}, ulps: 2},
	{fn: "unfused", shapes: [][]int64{{4, 10}, {10}}, ulps: 1},
	{fn: "unfused", shapes: [][]int64{{4, 1}, {10}}, ulps: 1},
	{fn: "unfused", shapes: [][]int64{{4, 10}, {1}}, ulps: 1},
	{fn: "two", shapes: [][]int64{{3, 5}, {5}}},
	{fn: "two", shapes: [][]int64{{3, 5}, {1}}},
	{fn: "scalar", shapes: [][]int64{{}, {}}},
	{fn: "f64", shapes: [][]int64{{2, 3, 5}, {3, 1}}},
	{fn: "f64", shapes: [][]int64{{2, 1, 5}, {3, 1}}},
	{fn: "f64", shapes: [][]int64{{2, 3, 5}, {1, 1}}},
	{fn: "f64", shapes: [][]int64{{2, 3, 5}, {4, 1}}, wantErr: "operand shapes are not broadcast compatible"},
	{fn: "unit", shapes: [][]int64{{9, 1}, {1}}},
	// the vector inner loop (vector.go): main loop and remainder, splats
	{fn: "greater", shapes: [][]int64{{4, 90}, {90}}, specials: true},
	{fn: "greater", shapes: [][]int64{{4, 90}, {1}}, specials: true},
	{fn: "f64", shapes: [][]int64{{2, 3, 53}, {3, 1}}, specials: true},
	{fn: "maxmin", shapes: [][]int64{{3, 45}, {45}}, specials: true},
	{fn: "maxmin", shapes: [][]int64{{3, 45}, {1}}, specials: true},
	{fn: "minsel", shapes: [][]int64{{40, 13}, {13}}, specials: true},
	{fn: "vecmix", shapes: [][]int64{{3, 71}, {71}, {3, 71}}}, // no specials: fptosi of NaN/inf is undefined
	{fn: "vecmix", shapes: [][]int64{{3, 1}, {71}, {1, 71}}},
	{fn: "vecmix", shapes: [][]int64{{2, 16}, {1}, {2, 16}}},
	// streamed stores: dynamic (the run-time choice) and static
	{fn: "w5", shapes: [][]int64{{1030, 4099}, {4099}}},
	{fn: "w5", shapes: [][]int64{{4099, 1}, {1031}}},
	{fn: "stream", shapes: [][]int64{{1040, 4100}, {4100}}},
	{fn: "unit", shapes: [][]int64{{9, 1}, {1}}, resultShapes: [][]int64{{3, 3}}, wantErr: "unit: result 0 dim 0: the caller's shape has 3, the computed size is 9"},
	{fn: "unit", shapes: [][]int64{{9, 1}, {1}}, resultShapes: [][]int64{{8, 1}}, wantErr: "unit: result 0: the caller's shape has 8 elements, the computed result has 9"},
}

// nativeBuild is one way of turning the LLVM IR into an executable;
// threads > 1 runs it on that many threads (the parallel form).
type nativeBuild struct {
	name    string
	exe     string
	threads int
	// emulator, if set, runs exe (a crossTarget's build).
	emulator []string
}

// buildNative compiles kernels.ll with the C driver: with clang-19 -O2
// when installed, and with LLVM 14's llc -O2 and cc when installed.
func buildNative(t *testing.T, dir string, fns []*llvm.FuncABI, irText, header string) []nativeBuild {
	t.Helper()
	return buildNativeWith(t, dir, fns, irText, header, false, nil)
}

// withParallelForm returns builds and k's kernels in the parallel form
// (Options.Threads), built with the first toolchain of buildNative and run
// on 2 threads, of which the same checks must hold: a test's small cases
// stay on one thread, but through the outlined loops; large ones split.
func withParallelForm(t *testing.T, builds []nativeBuild, k *nativeKernels) []nativeBuild {
	t.Helper()
	opts := k.options(true)
	text, err := llvm.Emit(k.lowered, opts)
	if err != nil {
		t.Fatalf("Emit with Threads: %v", err)
	}
	header, err := llvm.CHeaderFor(k.lowered, "", opts)
	if err != nil {
		t.Fatal(err)
	}
	b := buildNativeWith(t, t.TempDir(), k.fns, text, header, true, k.cross)[0]
	b.name += ", parallel form on 2 threads"
	b.threads = 2
	return append(builds, b)
}

// withAVX2Tile returns builds and, on a host with AVX-512, k's kernels
// for x86-64-v3 (AVX2, no AVX-512), built with the first toolchain of
// buildNative: their matmuls take the other micro-kernel tile
// (matmul.go's matmulTile), of which the same checks must hold.
func withAVX2Tile(t *testing.T, builds []nativeBuild, k *nativeKernels) []nativeBuild {
	t.Helper()
	host := llvm.HostTarget()
	if k.cross != nil || !strings.Contains(","+host.Features+",", ",+avx512f,") {
		return builds
	}
	target, err := host.WithCPU("x86-64-v3", "")
	if err != nil {
		t.Fatal(err)
	}
	text, err := llvm.Emit(k.lowered, llvm.Options{Target: target})
	if err != nil {
		t.Fatalf("Emit for x86-64-v3: %v", err)
	}
	b := buildNativeWith(t, t.TempDir(), k.fns, text, k.header, true, nil)[0]
	b.name += ", x86-64-v3"
	return append(builds, b)
}

// buildNativeWith is buildNative, or with first only its first build; for
// a cross target (cross not nil) the one build is clang-19's, linked
// statically and run under cross's emulator.
func buildNativeWith(t *testing.T, dir string, fns []*llvm.FuncABI, irText, header string, first bool, cross *crossTarget) []nativeBuild {
	t.Helper()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ll := write("kernels.ll", irText)
	write("kernels.h", header)
	drv := write("driver.c", llvm.CDriver(fns, "kernels.h"))
	run := func(name string, args ...string) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	if cross != nil {
		clang, emu := cross.toolchain(t)
		exe := filepath.Join(dir, "run-"+cross.name)
		run(clang, cross.clangArgs(ll, drv, "-o", exe)...)
		name := "clang-19 --target=" + cross.triple + " -O2 -static"
		if emu != nil {
			name += ", " + filepath.Base(emu[0]) + " -cpu " + cross.qemuCPU
		} else {
			name += " (CPU " + cross.target.CPU + ")"
		}
		return []nativeBuild{{name: name, exe: exe, emulator: emu}}
	}
	var builds []nativeBuild
	if clang, err := exec.LookPath("clang-19"); err == nil {
		exe := filepath.Join(dir, "run-clang19")
		run(clang, "-O2", "-Wall", "-Werror", "-Wno-override-module", ll, drv, "-o", exe, "-lm", "-pthread")
		builds = append(builds, nativeBuild{name: "clang-19 -O2", exe: exe})
		if first {
			return builds
		}
		// The same under AddressSanitizer, which instruments the kernels'
		// loads and stores too: an access out of bounds of an argument or
		// result buffer, or an intermediate buffer not freed, fails.
		asan := filepath.Join(dir, "run-asan")
		cmd := exec.Command(clang, "-O1", "-g", "-fsanitize=address", "-Wno-override-module", ll, drv, "-o", asan, "-lm", "-pthread")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err == nil {
			builds = append(builds, nativeBuild{name: "clang-19 -fsanitize=address", exe: asan})
		} else {
			t.Logf("no AddressSanitizer build (%v): %s", err, out)
		}
	}
	llc, errLLC := exec.LookPath("llc")
	cc, errCC := exec.LookPath("cc")
	if errLLC == nil && errCC == nil {
		obj := filepath.Join(dir, "kernels-llc14.o")
		run(llc, "-O2", "-filetype=obj", "-relocation-model=pic", ll, "-o", obj)
		exe := filepath.Join(dir, "run-llc14")
		run(cc, "-O2", "-Wall", "-Werror", drv, obj, "-o", exe, "-lm", "-pthread")
		builds = append(builds, nativeBuild{name: "llc -O2 + cc", exe: exe})
	}
	if len(builds) == 0 {
		msg := "compiling LLVM IR to native code needs clang-19, or llc and cc, on PATH"
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
		}
		t.Skip(msg + "; set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	}
	return builds
}

// TestNativeKernels runs nativeCases on testdata/kernels.mlir.
func TestNativeKernels(t *testing.T) {
	t.Parallel()
	runNativeCases(t, compileNative(t, "testdata/kernels.mlir"), nativeCases, 1)
}

// TestNativeAArch64Kernels runs the nativeCases of at most 4096 elements
// per argument (all the kernels, fewer shapes) on testdata/kernels.mlir
// for AArch64 under qemu (native_aarch64_test.go).
func TestNativeAArch64Kernels(t *testing.T) {
	t.Parallel()
	var cases []nativeCase
	for _, c := range nativeCases {
		small := true
		for _, s := range c.shapes {
			small = small && ir.NumElements(s) <= 4096
		}
		if small {
			cases = append(cases, c)
		}
	}
	runNativeCases(t, compileNativeFor(t, "testdata/kernels.mlir", aarch64Target), cases, 1)
}

func shapesName(shapes [][]int64) string {
	var parts []string
	for _, s := range shapes {
		parts = append(parts, strings.Trim(strings.ReplaceAll(fmt.Sprint(s), " ", "x"), "[]"))
	}
	return strings.Join(parts, ",")
}

// specialFloats are the values that tell IEEE maximum/minimum from
// careless ones, and subnormals (which must not be flushed).
var specialFloats = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-40, -1e-40, 1, -1}

func randomArgs(t *testing.T, rng *rand.Rand, f *llvm.FuncABI, c nativeCase) []*interp.Tensor {
	t.Helper()
	var args []*interp.Tensor
	for i, a := range f.Args {
		shape := c.shapes[i]
		n := int(ir.NumElements(shape))
		var tt *interp.Tensor
		var err error
		if ir.IsComplex(a.Elem) {
			tt, err = interp.NewComplex(a.Elem, shape, randomComplex(rng, n, c.specials))
		} else if ir.IsFloat(a.Elem) {
			data := make([]float64, n)
			for j := range data {
				data[j] = math.Round(rng.NormFloat64()*400) / 64 // exact in f32, with ties
				if rng.Intn(8) == 0 {
					data[j] = 0 // against -0
				}
				if c.specials && rng.Intn(4) == 0 {
					data[j] = specialFloats[rng.Intn(len(specialFloats))]
				}
			}
			tt, err = interp.NewFloats(a.Elem, shape, data)
		} else {
			data := make([]int64, n)
			for j := range data {
				data[j] = rng.Int63n(2001) - 1000
				if rng.Intn(8) == 0 {
					data[j] = []int64{math.MaxInt32, math.MinInt32, 0, -1}[rng.Intn(4)]
				}
			}
			tt, err = interp.NewInts(a.Elem, shape, data)
		}
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, tt)
	}
	return args
}

// runNative runs f natively on args through the driver of build b
// (llvm.RunDriverCalls), on b's threads.
func runNative(t *testing.T, b nativeBuild, dir string, f *llvm.FuncABI, args []*interp.Tensor, resultShapes [][]int64) (int32, string, []*interp.Tensor) {
	t.Helper()
	r := runNativeCalls(t, b, dir, []llvm.DriverCall{{Func: f, Args: driverTensors(args), ResultShapes: resultShapes}})[0]
	return r.code, r.msg, r.results
}

// nativeResult is what one call of runNativeCalls returned: the C ABI's
// code, and its message when the code is not 0, else the results.
type nativeResult struct {
	code    int32
	msg     string
	results []*interp.Tensor
}

// runNativeCalls makes calls in one run of build b's driver (one process,
// which saves an emulated build most of its time), on b's threads.
func runNativeCalls(t *testing.T, b nativeBuild, dir string, calls []llvm.DriverCall) []nativeResult {
	t.Helper()
	ran, err := llvm.RunDriverCalls(b.exe, dir, calls, llvm.DriverOptions{Threads: b.threads, Emulator: b.emulator})
	if de, ok := err.(*llvm.DriverError); ok && de.Done < len(calls) {
		t.Fatalf("%s: call %d of %d (@%s, argument shapes %v): %v", b.name, de.Done, len(calls), calls[de.Done].Func.Name, driverShapes(calls[de.Done].Args), err)
	}
	if err != nil {
		t.Fatal(err)
	}
	out := make([]nativeResult, len(ran))
	for c, res := range ran {
		out[c] = nativeResult{code: res.Code, msg: res.Message}
		if res.Code != 0 {
			continue
		}
		for i, r := range res.Results {
			tt, err := interp.FromBytes(calls[c].Func.Results[i].Elem, r.Shape, r.Data)
			if err != nil {
				t.Fatal(err)
			}
			out[c].results = append(out[c].results, tt)
		}
	}
	return out
}

// driverShapes are the shapes of args.
func driverShapes(args []llvm.DriverTensor) [][]int64 {
	var out [][]int64
	for _, a := range args {
		out = append(out, a.Shape)
	}
	return out
}

// compareTensors checks shapes and bits (or ulps for floats).
func compareTensors(t *testing.T, build string, k int, got, want *interp.Tensor, ulps int64) {
	t.Helper()
	compareTensorsNaN(t, build, k, got, want, ulps, false)
}

// compare is compareTensors of result k of build b. On a cross target's
// build a NaN matches any NaN: the bits of a NaN an operation creates are
// the architecture's (x86's default NaN, of 0*inf or inf-inf, is
// negative and AArch64's positive; of two NaN operands, x86 returns the
// first and AArch64 too, but LLVM may commute them), and the interpreter
// runs on the host.
func (b nativeBuild) compare(t *testing.T, k int, got, want *interp.Tensor, ulps int64) {
	t.Helper()
	compareTensorsNaN(t, b.name, k, got, want, ulps, b.emulator != nil)
}

// compareTensorsNaN is compareTensors, where with anyNaN a NaN matches any
// NaN also bit for bit.
func compareTensorsNaN(t *testing.T, build string, k int, got, want *interp.Tensor, ulps int64, anyNaN bool) {
	t.Helper()
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		t.Fatalf("%s: result %d has shape %v, the interpreter's %v", build, k, got.Shape(), want.Shape())
	}
	if got.IsComplex() {
		compareComplex(t, build, k, got, want, ulps) // complex_native_test.go
		return
	}
	if ulps == 0 || !got.IsFloat() {
		// Bit for bit (integer and bool results always).
		if !bytes.Equal(got.Bytes(), want.Bytes()) && !(anyNaN && got.IsFloat() && sameBitsButNaNs(got, want)) {
			t.Errorf("%s: result %d differs from the interpreter's bits:\n got %v\nwant %v", build, k, values(got), values(want))
		}
		return
	}
	for i := range got.Len() {
		if d := interp.ULPDistance(got.Float(i), want.Float(i), got.ElemType()); d > ulps {
			t.Errorf("%s: result %d element %d: %g vs the interpreter's %g (%d ulps)", build, k, i, got.Float(i), want.Float(i), d)
		}
	}
}

// sameBitsButNaNs reports whether the float tensors got and want of one
// shape have the same bits in each element, or NaNs.
func sameBitsButNaNs(got, want *interp.Tensor) bool {
	for i := range got.Len() {
		g, w := got.Float(i), want.Float(i)
		if g != g && w != w {
			continue
		}
		if math.Float64bits(g) != math.Float64bits(w) {
			return false
		}
	}
	return true
}

func values(t *interp.Tensor) any {
	if t.IsFloat() {
		return t.Floats()
	}
	return t.Ints()
}
