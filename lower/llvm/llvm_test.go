package llvm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

func TestEmitIsDeterministic(t *testing.T) {
	_, m := cpuPipeline(t, "testdata/kernels.mlir", readKernels(t))
	a, err := llvm.Emit(m, llvm.Options{Target: llvm.X86_64})
	if err != nil {
		t.Fatal(err)
	}
	b, err := llvm.Emit(m, llvm.Options{Target: llvm.X86_64})
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Fatal("two Emit calls on the same module differ")
	}
	pa, err := llvm.Emit(m, llvm.Options{Target: llvm.X86_64, Threads: true})
	if err != nil {
		t.Fatal(err)
	}
	pb, err := llvm.Emit(m, llvm.Options{Target: llvm.X86_64, Threads: true})
	if err != nil {
		t.Fatal(err)
	}
	if pa != pb {
		t.Fatal("two Emit calls with Threads on the same module differ")
	}
	for _, want := range []string{
		`target triple = "x86_64-unknown-linux-gnu"`,
		"define i32 @w1(float* noalias nocapture readonly %arg0, i64* nocapture readonly %arg0_shape, float* noalias nocapture readonly %arg1, i64* nocapture readonly %arg1_shape, float* noalias nocapture %res0, i64* nocapture readonly %res0_shape, i8* nocapture %err, i64 %err_len)",
		"define i32 @w1_result_shapes(i64* nocapture readonly %arg0_shape, i64* nocapture readonly %arg1_shape, i64* nocapture %res0_shape, i8* nocapture %err, i64 %err_len)",
		"define internal <16 x float> @bcast.expf.v16(<16 x float> %x) alwaysinline nounwind readnone {",
	} {
		if !strings.Contains(a, want) {
			t.Errorf("LLVM IR lacks %q", want)
		}
	}
}

// TestEmitVerifiesWithLLVM runs the kernels' LLVM IR through the verifier
// and code generators of LLVM 14 and 19, for both targets without a CPU,
// for the host's CPU and features (the default), and for named CPUs and
// features: each must be accepted without a warning (LLVM warns of, and
// ignores, a CPU or feature it does not know), and the ones with a CPU
// must carry it in their attribute group.
func TestEmitVerifiesWithLLVM(t *testing.T) {
	t.Parallel()
	opt := tool(t, "verifying LLVM IR", "opt", "opt-19")
	_, m := cpuPipeline(t, "testdata/kernels.mlir", readKernels(t))
	targets := []llvm.Target{llvm.X86_64, llvm.AArch64, llvm.HostTarget()}
	for _, c := range [][3]string{
		{"x86_64", "skylake-avx512", "-avx512vl"}, {"x86_64", "x86-64-v3", ""}, {"x86_64", "znver3", "+avx2,-avx512f"}, {"x86_64", "x86-64", "+avx512f"},
		{"aarch64", "", ""}, {"aarch64", "neoverse-n1", "+sve"}, {"aarch64", "cortex-a72", ""},
	} {
		tg, err := llvm.ResolveTarget(c[0], c[1], c[2])
		if err != nil {
			t.Fatal(err)
		}
		targets = append(targets, tg)
	}
	for _, target := range targets {
		text, err := llvm.Emit(m, llvm.Options{Target: target})
		if err != nil {
			t.Fatal(err)
		}
		if target.CPU != "" {
			attrs := `attributes #0 = { "target-cpu"="` + target.CPU + `"`
			if target.Features != "" {
				attrs += ` "target-features"="` + target.Features + `"`
			}
			if !strings.Contains(text, attrs+" }\n") || !strings.Contains(text, ") nounwind #0 {") {
				t.Errorf("%s %s: the functions lack the attributes %s }", target.Triple, target.CPU, attrs)
			}
		}
		runs := [][]string{{opt, "-passes=verify", "-disable-output"}}
		for _, name := range []string{"opt-19", "llc", "llc-19"} {
			p, err := exec.LookPath(name)
			if err != nil {
				continue
			}
			if strings.HasPrefix(name, "opt") {
				runs = append(runs, []string{p, "-passes=verify", "-disable-output"})
			} else {
				runs = append(runs, []string{p, "-O2", "-o", "/dev/null"})
			}
		}
		for _, r := range runs {
			cmd := exec.Command(r[0], r[1:]...)
			cmd.Stdin = strings.NewReader(text)
			out, err := cmd.CombinedOutput()
			if err != nil || len(out) > 0 {
				t.Errorf("%s on %s %s %s: %v\n%s", strings.Join(r, " "), target.Triple, target.CPU, target.Features, err, out)
			}
		}
	}
}

// TestEmitThreadsVerifiesWithLLVM runs the parallel form of every
// testdata file's kernels (Options.Threads: outlined loops, the pthread
// pool) through the verifiers of LLVM 14 and 19, for both targets, and
// the files of threadCases (every kind of parallel loop), the
// contractions' and the vector math's through their code generators too
// (verifyWithLLVM). The other files' parallel forms differ from those only
// in the loops' bodies; their native tests build them for the host with
// clang-19 (withParallelForm).
func TestEmitThreadsVerifiesWithLLVM(t *testing.T) {
	t.Parallel()
	codegen := map[string]bool{"testdata/contraction.mlir": true, "testdata/vecmath.mlir": true}
	for _, tc := range threadCases {
		codegen[tc.file] = true
	}
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, m := cpuPipeline(t, file, src)
		for _, target := range []llvm.Target{llvm.X86_64, llvm.AArch64} {
			text, err := llvm.Emit(m, llvm.Options{Target: target, Threads: true})
			if err != nil {
				t.Fatal(err)
			}
			checkWithLLVM(t, file+" (threads)", text, target, codegen[file])
		}
	}
}

// TestCHeaderThreads checks the parallel form's declarations.
func TestCHeaderThreads(t *testing.T) {
	_, m := cpuPipeline(t, "testdata/kernels.mlir", readKernels(t))
	h, err := llvm.CHeaderFor(m, "KERNELS_H", llvm.Options{Threads: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#define BCAST_THREADS_ABI 1",
		"int32_t w5(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len);",
		"int32_t w5_threads(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len, int32_t threads);",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("header lacks %q", want)
		}
	}
	plain, err := llvm.CHeader(m, "KERNELS_H")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "_threads") || strings.Contains(plain, "BCAST_THREADS_ABI") {
		t.Errorf("the single-thread form's header declares the parallel form")
	}
}

func TestCHeader(t *testing.T) {
	_, m := cpuPipeline(t, "testdata/kernels.mlir", readKernels(t))
	h, err := llvm.CHeader(m, "KERNELS_H")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#ifndef KERNELS_H",
		"#include <stdint.h>",
		"int32_t w5(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len);",
		"int32_t w5_result_shapes(const int64_t *arg0_shape, const int64_t *arg1_shape, int64_t *res0_shape, char *err, int64_t err_len);",
		"int32_t ints(const int32_t *arg0, const int64_t *arg0_shape, const int32_t *arg1, const int64_t *arg1_shape, int32_t *res0, const int64_t *res0_shape, char *err, int64_t err_len);",
		"int32_t greater(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, uint8_t *res0, const int64_t *res0_shape, char *err, int64_t err_len);",
		" *   arg0: tensor<?x?xf32>, shape [?, ?]",
		" *   arg1: tensor<f32>, shape [] (rank 0)",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("header lacks %q:\n%s", want, h)
		}
	}
}

// Signed and unsigned integers have C's fixed-width types of their
// signedness in the header.
func TestCHeaderSignedness(t *testing.T) {
	src := `
func.func @u(%x: tensor<?xui8>, %y: tensor<4xui64>, %z: tensor<si16>) -> tensor<?xui8> { return %x : tensor<?xui8> }
`
	m := parse(t, "u.mlir", []byte(src))
	h, err := llvm.CHeader(m, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "int32_t u(const uint8_t *arg0, const int64_t *arg0_shape, const uint64_t *arg1, const int64_t *arg1_shape, const int16_t *arg2, const int64_t *arg2_shape, uint8_t *res0, const int64_t *res0_shape, char *err, int64_t err_len);"
	if !strings.Contains(h, want) {
		t.Errorf("header lacks %q:\n%s", want, h)
	}
}

// TestCHeaderHalves compiles a C file that includes a header with f16 and
// bf16 kernels with each C compiler present: f16 elements are _Float16
// where the compiler has that type (GCC 12+, clang), 2 bytes either way.
func TestCHeaderHalves(t *testing.T) {
	src := `
func.func @h(%x: tensor<4xf16>, %y: tensor<4xbf16>) -> tensor<4xf16> { return %x : tensor<4xf16> }
`
	h, err := llvm.CHeader(parse(t, "h.mlir", []byte(src)), "")
	if err != nil {
		t.Fatal(err)
	}
	want := "int32_t h(const bcast_f16 *arg0, const int64_t *arg0_shape, const uint16_t *arg1, const int64_t *arg1_shape, bcast_f16 *res0, const int64_t *res0_shape, char *err, int64_t err_len);"
	if !strings.Contains(h, want) {
		t.Fatalf("header lacks %q:\n%s", want, h)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "k.h"), []byte(h), 0o644); err != nil {
		t.Fatal(err)
	}
	use := `#include "k.h"
#include "k.h"
_Static_assert(sizeof(bcast_f16) == 2, "f16 elements are 2 bytes");
#ifdef __FLT16_MANT_DIG__
_Static_assert(_Generic((bcast_f16)0, _Float16: 1, default: 0), "f16 elements are _Float16");
#endif
int call(void) {
	bcast_f16 x[4] = {1, 2, 3, 4}, r[4];
	uint16_t y[4] = {0x3f80, 0, 0, 0};
	int64_t s[1] = {4};
	return h(x, s, y, s, r, s, 0, 0);
}
`
	if err := os.WriteFile(filepath.Join(dir, "use.c"), []byte(use), 0o644); err != nil {
		t.Fatal(err)
	}
	compilers := 0
	for _, cc := range []string{"cc", "gcc", "clang-19", "clang"} {
		p, err := exec.LookPath(cc)
		if err != nil {
			continue
		}
		compilers++
		if out, err := exec.Command(p, "-std=c11", "-Wall", "-Werror", "-fsyntax-only", filepath.Join(dir, "use.c")).CombinedOutput(); err != nil {
			t.Errorf("%s: the header with halves does not compile: %v\n%s", cc, err, out)
		}
	}
	if compilers == 0 {
		tool(t, "compiling the C header", "cc", "clang-19")
	}
}

// TestCHeaderComplex checks the C types of complex elements, float
// _Complex and double _Complex (C99; no include needed), and that the
// header compiles as C with every C compiler installed, with a caller
// that passes C99 complex arrays, and as C++ with g++ and clang++
// (which take _Complex as an extension).
func TestCHeaderComplex(t *testing.T) {
	src := `
func.func @c(%x: tensor<4xcomplex<f32>>, %y: tensor<complex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.convert %x : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}
`
	h, err := llvm.CHeader(parse(t, "c.mlir", []byte(src)), "")
	if err != nil {
		t.Fatal(err)
	}
	want := "int32_t c(const float _Complex *arg0, const int64_t *arg0_shape, const double _Complex *arg1, const int64_t *arg1_shape, double _Complex *res0, const int64_t *res0_shape, char *err, int64_t err_len);"
	if !strings.Contains(h, want) || strings.Contains(h, "complex.h") {
		t.Fatalf("header lacks %q (or includes complex.h):\n%s", want, h)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "k.h"), []byte(h), 0o644); err != nil {
		t.Fatal(err)
	}
	use := `#include <complex.h>
#include "k.h"
#include "k.h"
_Static_assert(sizeof(float _Complex) == 8 && sizeof(double _Complex) == 16, "interleaved (re, im) pairs");
int call(void) {
	float complex x[4] = {1.0f + 2.0f * I, 3.0f, -I, 0};
	double complex y = 0.5 - 0.25 * I, r[4];
	int64_t s[1] = {4};
	return c(x, s, &y, 0, r, s, 0, 0);
}
`
	if err := os.WriteFile(filepath.Join(dir, "use.c"), []byte(use), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "use.cc"), []byte("#include \"k.h\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	compilers := 0
	for _, cc := range []string{"cc", "gcc", "clang-19", "clang", "g++", "clang++-19", "clang++"} {
		p, err := exec.LookPath(cc)
		if err != nil {
			continue
		}
		compilers++
		args := []string{"-std=c11", "-Wall", "-Werror", "-fsyntax-only", filepath.Join(dir, "use.c")}
		if strings.HasSuffix(cc, "++") || strings.Contains(cc, "++-") {
			args = []string{"-std=c++17", "-Wall", "-Werror", "-fsyntax-only", filepath.Join(dir, "use.cc")}
		}
		if out, err := exec.Command(p, args...).CombinedOutput(); err != nil {
			t.Errorf("%s: the header with complex elements does not compile: %v\n%s", cc, err, out)
		}
	}
	if compilers == 0 {
		tool(t, "compiling the C header", "cc", "clang-19")
	}
}

// TestCNames checks the C symbols of the kernels, their result-shapes
// functions and their parallel-form entries: C's and the C library's
// names (the pool's pthread functions included) get "_fn".
func TestCNames(t *testing.T) {
	src := `
func.func @main(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
func.func @"jit.f-1"(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
func.func private @helper(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
func.func @free(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
func.func @pthread_create(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
`
	m := parse(t, "names.mlir", []byte(src))
	fns, err := llvm.Functions(m)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fns {
		got = append(got, f.Name+"="+f.CName+","+f.ShapesName+","+f.ThreadsName)
	}
	want := "main=main_fn,main_fn_result_shapes,main_fn_threads jit.f-1=jit_f_1,jit_f_1_result_shapes,jit_f_1_threads " +
		"free=free_fn,free_fn_result_shapes,free_fn_threads pthread_create=pthread_create_fn,pthread_create_fn_result_shapes,pthread_create_fn_threads"
	if strings.Join(got, " ") != want {
		t.Errorf("C names:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestParseTarget(t *testing.T) {
	for _, c := range []struct{ in, triple, err string }{
		{"x86_64-unknown-linux-gnu", "x86_64-unknown-linux-gnu", ""},
		{"x86_64-linux-gnu", "x86_64-unknown-linux-gnu", ""},
		{"aarch64-linux-gnu", "aarch64-unknown-linux-gnu", ""},
		{"arm64", "aarch64-unknown-linux-gnu", ""},
		{"riscv64-linux-gnu", "", "unsupported target"},
		{"x86_64-apple-darwin", "", "only Linux"},
	} {
		tg, err := llvm.ParseTarget(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, want an error containing %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || tg.Triple != c.triple {
			t.Errorf("%s: got %q, %v; want %q", c.in, tg.Triple, err, c.triple)
		}
	}
}

// TestNotLoweredYet pins the diagnostics for what Emit does not lower.
func TestNotLoweredYet(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"reduction into an output that moves along the reduction loop", `
#id = affine_map<(d0) -> (d0)>
func.func @sum(%x: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["reduction"]} ins(%x : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}`, "r.mlir:4:3: error: linalg.generic output #0, whose indexing map (d0) -> (d0) uses reduction loop d0, is not lowered to LLVM IR"},
		{"rank-reducing slice", `
func.func @s(%x: tensor<2x4xf32>) -> tensor<4xf32> {
  %r = tensor.extract_slice %x[1, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:3:3: error: rank-reducing tensor.extract_slice is not lowered to LLVM IR yet"},
		{"rank-reducing insert_slice", `
func.func @s(%x: tensor<4xf32>, %d: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = tensor.insert_slice %x into %d[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}`, "r.mlir:3:3: error: rank-reducing tensor.insert_slice is not lowered to LLVM IR yet"},
		{"an hlo op (the pipeline leaves none)", `
func.func @b(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[2, 3, 4]> : tensor<3xindex>
  %d = tensor.cast %s : tensor<3xindex> to tensor<?xindex>
  %r = hlo.dynamic_broadcast_in_dim %x, %d, dims = [1] : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}`, "r.mlir:5:3: error: 'hlo.dynamic_broadcast_in_dim' is not lowered to LLVM IR: run --pipeline=cpu first"},
		{"shape from from_elements of data", `
func.func @f(%x: tensor<?xf32>, %n: tensor<i64>) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : i64
  %i = tensor.extract %n[] : tensor<i64>
  %s = tensor.from_elements %c2, %i : tensor<2xi64>
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}`, "r.mlir:6:3: error: 'tensor.reshape' needs a value read from tensor data, so the result shapes of @f cannot be computed from the argument shapes alone"},
		{"reshape to a shape from data", `
func.func @r(%x: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}`, "r.mlir:3:3: error: 'tensor.reshape' needs a value read from tensor data, so the result shapes of @r cannot be computed from the argument shapes alone"},
		{"non-linear indexing map", `
#m = affine_map<(d0) -> (d0 mod 2)>
#id = affine_map<(d0) -> (d0)>
func.func @m(%x: tensor<2xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#m, #id], iterator_types = ["parallel"]} ins(%x : tensor<2xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:5:3: error: indexing map result d0 mod 2 of operand #0 is not lowered yet"},
		{"data-dependent shape", `
func.func @d(%n: tensor<index>) -> tensor<?xf32> {
  %i = tensor.extract %n[] : tensor<index>
  %e = tensor.empty(%i) : tensor<?xf32>
  return %e : tensor<?xf32>
}`, "r.mlir:4:3: error: 'tensor.empty' needs a value read from tensor data, so the result shapes of @d cannot be computed from the argument shapes alone"},
		{"unranked", `
func.func @u(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}`, "r.mlir:2:1: error: @u: argument 0: unranked type tensor<*xf32> has no C ABI"},
		// Ops with no lowering at all: the message says what to do.
		{"hlo op", `
func.func @h(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:3:3: error: 'hlo.add' is not lowered to LLVM IR: run --pipeline=cpu first"},
		{"shape constraint", `
func.func @c(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = shape.shape_of %x : tensor<?xf32> -> tensor<1xindex>
  %b = shape.shape_of %y : tensor<?xf32> -> tensor<1xindex>
  %w = shape.cstr_broadcastable %a, %b : tensor<1xindex>, tensor<1xindex>
  return %x : tensor<?xf32>
}`, "r.mlir:5:3: error: 'shape.cstr_broadcastable' is not lowered to LLVM IR yet (run --pipeline=cpu first: shape constraints become cf.assert)"},
		{"call", `
func.func private @g(%x: tensor<4xf32>) -> tensor<4xf32>
func.func @c(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @g(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:4:3: error: 'func.call' is not lowered to LLVM IR yet"},
		{"unregistered op", `
func.func @u(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:3:3: error: 'foo.bar' is not lowered to LLVM IR yet"},
		{"arith on tensors", `
func.func @t(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:3:3: error: 'arith.addf' on tensor<4xf32> is not lowered to LLVM IR (only scalars; elementwise tensor ops become linalg.generic first)"},
		{"math on tensors", `
func.func @t(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = math.exp %x : tensor<4xf32>
  return %r : tensor<4xf32>
}`, "r.mlir:3:3: error: 'math.exp' on tensor<4xf32> is not lowered to LLVM IR (only scalars; elementwise tensor ops become linalg.generic first)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := ir.Parse("r.mlir", []byte(c.src), ir.ParseOptions{AllowUnregistered: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			_, err = llvm.Emit(m, llvm.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant an error containing %q", err, c.want)
			}
		})
	}
}
