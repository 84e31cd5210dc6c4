package passes_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/bench/mlir19"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// This file checks that what `bcast-opt --pipeline=cpu` leaves of dynamic
// programs (linalg, tensor, arith, scf, cf and the shape ops that compute
// and check run-time shapes) is lowerable by MLIR 19's own pipeline: every
// chunk of testdata/cpu_pipeline_dynamic.mlir (numpy broadcasting with
// could-be-1 dims, XLA broadcast_dimensions on dynamic dims, the rank,
// scalar and none policies, a jax.export program) goes through
// --pipeline=cpu and then through mlir-opt-19 with cpMLIR19Lowering, from
// convert-shape-to-std through one-shot-bufferize to the LLVM dialect. The
// test fails if mlir-opt-19 rejects the input, or leaves an op outside the
// LLVM dialect.
//
// With mlir-translate-19 and clang-19 installed, MLIR's build is then run
// natively (through the _mlir_ciface_ wrappers) beside ours (--emit=llvm
// with lower/llvm's C driver), on the interpreter's inputs with every
// combination of sizes 3 and 1 for the dynamic dims and some random sizes
// in 1..3: both must fail exactly where the interpreter fails on the
// original program, and otherwise give its results bit for bit (NaN equals
// NaN).

// cpMLIR19Lowering is mlir-opt-19's pipeline from our linalg-level output
// to the LLVM dialect: bench/mlir19's after its TOSA passes
// (mlir19.LinalgToLLVM), with the shape ops lowered first. One-shot
// bufferization is where a !shape.shape value would be rejected ("op was
// not bufferized").
var cpMLIR19Lowering = append([]mlir19.Pass{
	{Name: "convert-shape-to-std", Why: "shape_of, get_extent, broadcast, is_broadcastable, const_shape on extent tensors to tensor/arith/scf"},
	{Name: "llvm-request-c-wrappers", Nest: "func.func", Why: "_mlir_ciface_ wrappers taking memref descriptors, for the C driver"},
	{Name: "canonicalize"},
}, mlir19.LinalgToLLVM...)

// cpPassPipeline renders cpMLIR19Lowering as a --pass-pipeline value.
func cpPassPipeline() string {
	return "--pass-pipeline=" + mlir19.PassPipelineOf(cpMLIR19Lowering)
}

// cpOpName matches the op name of a line of MLIR's output (custom or
// generic form), after any result list.
var cpOpName = regexp.MustCompile(`^\s*(?:%[^=]+=\s*)?"?([a-z_][a-z0-9_]*)\.([a-z0-9_.]+)`)

// cpNonLLVMOps returns the ops of text outside the LLVM dialect.
func cpNonLLVMOps(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		m := cpOpName.FindStringSubmatch(line)
		if m == nil || m[1] == "llvm" {
			continue
		}
		if name := m[1] + "." + m[2]; !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// cpNative are the tools that build and run MLIR's lowering.
type cpNative struct{ translate, clang string }

func cpNativeTools(t *testing.T) *cpNative {
	t.Helper()
	var n cpNative
	var missing []string
	for _, c := range []struct {
		dst  *string
		name string
	}{{&n.translate, "mlir-translate-19"}, {&n.clang, "clang-19"}} {
		p, err := exec.LookPath(c.name)
		if err != nil {
			missing = append(missing, c.name)
		}
		*c.dst = p
	}
	if len(missing) == 0 {
		return &n
	}
	msg := "running the lowered code natively needs " + strings.Join(missing, " and ") + " (Debian packages mlir-19-tools, clang-19)"
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
	}
	t.Log(msg + "; only mlir-opt-19's acceptance is checked. Set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	return nil
}

// TestCPUPipelineThroughMLIR19 is the check described above.
func TestCPUPipelineThroughMLIR19(t *testing.T) {
	tool := nmMLIROpt(t)
	native := cpNativeTools(t)
	const file = "testdata/cpu_pipeline_dynamic.mlir"
	chunks := nmChunks(t, file)
	if len(chunks) < 12 {
		t.Fatalf("%s has %d programs: the test checks too little", file, len(chunks))
	}
	for i, src := range chunks {
		name := fmt.Sprintf("%d", i)
		if m, err := ir.Parse(file, []byte(src), ir.ParseOptions{}); err == nil {
			if fs := nmFuncs(cpModule(m)); len(fs) > 0 {
				name += "_" + nmSymName(fs[0])
			}
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cpRunProgram(t, tool, native, fmt.Sprintf("%s#%d", filepath.Base(file), i), src)
		})
	}
}

// cpModule returns the module of a parsed file: the one explicit module
// if the file holds only that.
func cpModule(m *ir.Operation) *ir.Operation {
	fs := nmFuncs(m)
	if len(fs) > 0 {
		return m
	}
	var inner *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if inner == nil && op != m && op.Name() == "builtin.module" {
			inner = op
		}
		return true
	})
	if inner != nil {
		return inner
	}
	return m
}

func cpRunProgram(t *testing.T, tool string, native *cpNative, name, src string) {
	orig, err := ir.Parse(name, []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cpu, err := nmBcastOpt(src, "--pipeline=cpu")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(cpu, "!shape.shape") {
		t.Errorf("--pipeline=cpu leaves a !shape.shape value (shape.from_extents / shape.to_extent_tensor), which MLIR 19 neither lowers (convert-shape-to-std) nor bufferizes:\n%s", cpu)
	}
	lowered, err := nmRunTool(tool, cpu, cpPassPipeline())
	if err != nil {
		t.Fatalf("mlir-opt-19 rejects what --pipeline=cpu leaves: %v\n--- input:\n%s", err, cpu)
	}
	if bad := cpNonLLVMOps(lowered); len(bad) > 0 {
		t.Fatalf("mlir-opt-19's lowering leaves ops outside the LLVM dialect: %s\n--- input:\n%s\n--- output:\n%s", strings.Join(bad, ", "), cpu, lowered)
	}

	// Ours: --emit=llvm of the same linalg.
	low, err := ir.Parse(name+" (cpu)", []byte(cpu), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("the --pipeline=cpu output does not parse: %v", err)
	}
	oursIR, err := llvm.Emit(low, llvm.Options{})
	if err != nil {
		t.Fatalf("--emit=llvm: %v\n--- input:\n%s", err, cpu)
	}
	header, err := llvm.CHeader(low, "")
	if err != nil {
		t.Fatal(err)
	}
	fns, err := llvm.Functions(low)
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) == 0 {
		t.Fatalf("no public function in:\n%s", cpu)
	}
	if native == nil {
		return
	}

	dir := t.TempDir()
	write := func(file, text string) string {
		p := filepath.Join(dir, file)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	run := func(prog string, args ...string) {
		cmd := exec.Command(prog, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
		}
	}
	mlirDriver, err := cpMLIRDriver(fns)
	if err != nil {
		t.Fatal(err)
	}
	mlirDialect := write("mlir19.mlir", lowered)
	run(native.translate, "--mlir-to-llvmir", mlirDialect, "-o", filepath.Join(dir, "mlir19.ll"))
	mlirExe := filepath.Join(dir, "run-mlir19")
	run(native.clang, "-O1", "-Wall", "-Wno-override-module", "mlir19.ll", write("mlir19_driver.c", mlirDriver), "-o", mlirExe, "-lm")
	write("kernels.h", header)
	oursExe := filepath.Join(dir, "run-ours")
	run(native.clang, "-O1", "-Wall", "-Wno-override-module", write("ours.ll", oursIR), write("ours_driver.c", llvm.CDriver(fns, "kernels.h")), "-o", oursExe, "-lm")

	for _, f := range fns {
		t.Run(f.Name, func(t *testing.T) { cpCompare(t, orig, f, dir, oursExe, mlirExe) })
	}
}

// cpCompare runs f of both builds and the interpreter on the same inputs.
func cpCompare(t *testing.T, orig *ir.Operation, f *llvm.FuncABI, dir, oursExe, mlirExe string) {
	var fop *ir.Operation
	for _, op := range nmFuncs(cpModule(orig)) {
		if nmSymName(op) == f.Name {
			fop = op
		}
	}
	if fop == nil {
		t.Fatalf("@%s is not in the original program", f.Name)
	}
	ft := fop.Attr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	var slots []nmSlot
	for i, in := range ft.Inputs {
		if rt, ok := in.(*ir.RankedTensorType); ok {
			for d, n := range rt.Shape() {
				if n == ir.Dynamic {
					slots = append(slots, nmSlot{i, d})
				}
			}
		}
	}
	// Sizes 3 and 1 in every combination, then random sizes in 1..3
	// (where two non-1 sizes meet, the checks must fail).
	cfgs := nmConfigs(f.Name, len(slots))
	rng := rand.New(rand.NewPCG(nmHash("cp", f.Name), 2))
	for range min(8, 3*len(slots)) {
		cfg := make([]int64, len(slots))
		for i := range cfg {
			cfg[i] = 1 + rng.Int64N(3)
		}
		cfgs = append(cfgs, cfg)
	}
	module := cpModule(orig)
	runs, rejected := 0, 0
	for ci, cfg := range cfgs {
		in := nmInputs(t, ft, slots, cfg, rand.New(rand.NewPCG(nmHash("cp", f.Name, fmt.Sprint(ci)), 3)))
		desc := nmDescribe(in)
		want, interpErr := interp.Run(module, f.Name, in)
		for _, b := range []struct{ who, exe string }{{"ours", oursExe}, {"mlir-opt-19", mlirExe}} {
			got, failure := cpRunNative(t, b.exe, dir, f, in)
			switch {
			case interpErr != nil && failure == "":
				t.Errorf("%s runs on %s where the interpreter fails: %v", b.who, desc, interpErr)
			case interpErr == nil && failure != "":
				t.Errorf("%s fails on %s where the interpreter runs: %s", b.who, desc, failure)
			case interpErr == nil:
				if d := nmDiff(want, got); d != "" {
					t.Errorf("%s differs from the interpreter on %s: %s", b.who, desc, d)
				}
			}
		}
		if interpErr != nil {
			rejected++
		} else {
			runs++
		}
	}
	t.Logf("@%s: %d inputs compared, %d rejected by all three (interpreter, ours, mlir-opt-19)", f.Name, runs, rejected)
	if runs == 0 {
		t.Errorf("@%s: the interpreter accepts none of the sizes tried", f.Name)
	}
}

// cpRunNative runs a driver built on lower/llvm.CDriver's protocol
// (llvm.RunDriver). It returns the results, or a description of the
// failure: an error code with a message (ours), or a crash, which is how
// MLIR's cf.assert fails.
func cpRunNative(t *testing.T, exe, dir string, f *llvm.FuncABI, args []*interp.Tensor) ([]*interp.Tensor, string) {
	t.Helper()
	in := make([]llvm.DriverTensor, len(args))
	for i, a := range args {
		in[i] = llvm.DriverTensor{Shape: a.Shape(), Data: a.Bytes()}
	}
	res, err := llvm.RunDriver(exe, dir, f, in, nil)
	var de *llvm.DriverError
	if errors.As(err, &de) && de.ExitCode != 2 && de.ExitCode != 0 {
		return nil, fmt.Sprintf("%v: %s", de.Err, strings.TrimSpace(de.Output))
	}
	if err != nil {
		t.Fatalf("%s: %v", exe, err)
	}
	if res.Code != 0 {
		return nil, fmt.Sprintf("code %d: %s", res.Code, res.Message)
	}
	var out []*interp.Tensor
	for i, r := range res.Results {
		tt, err := interp.FromBytes(f.Results[i].Elem, r.Shape, r.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tt)
	}
	return out, ""
}

// cpMLIRDriver returns a C driver with lower/llvm.CDriver's protocol
// (`prog FUNC IN OUT`) for the _mlir_ciface_ functions MLIR emits: each
// tensor is passed as a pointer to its memref descriptor (allocated,
// aligned, offset, sizes, strides; the result's first). A failed check
// aborts the process.
func cpMLIRDriver(fns []*llvm.FuncABI) (string, error) {
	var sb strings.Builder
	sb.WriteString(`#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t numel(const int64_t *shape, int rank) {
	int64_t n = 1;
	for (int i = 0; i < rank; i++) n *= shape[i];
	return n;
}

/* Reads dims and elements into a fresh contiguous memref descriptor d. */
static int read_memref(FILE *f, int64_t *d, int rank, size_t elem) {
	int64_t *sizes = d + 3, *strides = d + 3 + rank;
	if (rank > 0 && fread(sizes, sizeof(int64_t), rank, f) != (size_t)rank) return 0;
	size_t bytes = (size_t)numel(sizes, rank) * elem;
	void *p = malloc(bytes ? bytes : 1);
	if (!p || (bytes && fread(p, 1, bytes, f) != bytes)) return 0;
	d[0] = d[1] = (int64_t)(intptr_t)p;
	d[2] = 0;
	int64_t s = 1;
	for (int i = rank - 1; i >= 0; i--) { strides[i] = s; s *= sizes[i]; }
	return 1;
}

/* Writes the dims and the elements, in row-major order, of descriptor d. */
static int write_memref(FILE *f, const int64_t *d, int rank, size_t elem) {
	const int64_t *sizes = d + 3, *strides = d + 3 + rank;
	if (rank > 0 && fwrite(sizes, sizeof(int64_t), rank, f) != (size_t)rank) return 0;
	int64_t n = numel(sizes, rank), idx[16] = {0};
	const char *base = (const char *)(intptr_t)d[1] + d[2] * (int64_t)elem;
	for (int64_t k = 0; k < n; k++) {
		int64_t off = 0;
		for (int i = 0; i < rank; i++) off += idx[i] * strides[i];
		if (fwrite(base + off * (int64_t)elem, 1, elem, f) != elem) return 0;
		for (int i = rank - 1; i >= 0 && ++idx[i] == sizes[i]; i--) idx[i] = 0;
	}
	return 1;
}
`)
	for _, f := range fns {
		if len(f.Results) != 1 {
			return "", fmt.Errorf("@%s: the MLIR driver handles one result, not %d", f.Name, len(f.Results))
		}
		all := append(append([]*llvm.TensorABI{}, f.Results...), f.Args...)
		var params, args []string
		for _, a := range all {
			if _, ok := a.Type.(*ir.RankedTensorType); !ok || a.Rank() > 16 {
				return "", fmt.Errorf("@%s: %s is %s; the MLIR driver passes ranked tensors of rank <= 16 only", f.Name, a.Name, a.Type)
			}
			params = append(params, "int64_t *")
			args = append(args, a.Name)
		}
		fmt.Fprintf(&sb, "\nextern void _mlir_ciface_%s(%s);\n", f.Name, strings.Join(params, ", "))
		fmt.Fprintf(&sb, "static int run_%s(FILE *in, FILE *out) {\n", f.CName)
		for _, a := range all {
			fmt.Fprintf(&sb, "\tint64_t %s[%d];\n", a.Name, 3+2*a.Rank())
		}
		for _, a := range f.Args {
			fmt.Fprintf(&sb, "\tif (!read_memref(in, %s, %d, %d)) return 0;\n", a.Name, a.Rank(), a.ElemSize())
		}
		fmt.Fprintf(&sb, "\t_mlir_ciface_%s(%s);\n", f.Name, strings.Join(args, ", "))
		r := f.Results[0]
		sb.WriteString("\tint32_t rc = 0;\n\tif (fwrite(&rc, sizeof rc, 1, out) != 1) return 0;\n")
		fmt.Fprintf(&sb, "\treturn write_memref(out, %s, %d, %d);\n}\n", r.Name, r.Rank(), r.ElemSize())
	}
	sb.WriteString(`
int main(int argc, char **argv) {
	if (argc != 4) { fprintf(stderr, "usage: %s FUNC IN OUT\n", argv[0]); return 2; }
	FILE *in = fopen(argv[2], "rb"), *out = fopen(argv[3], "wb");
	if (!in || !out) { fprintf(stderr, "cannot open %s or %s\n", argv[2], argv[3]); return 2; }
	int ok = -1;
`)
	for _, f := range fns {
		fmt.Fprintf(&sb, "\tif (strcmp(argv[1], %q) == 0) ok = run_%s(in, out);\n", f.Name, f.CName)
	}
	sb.WriteString(`	if (ok < 0) { fprintf(stderr, "unknown function %s\n", argv[1]); return 2; }
	if (!ok || fclose(out) != 0) { fprintf(stderr, "I/O error\n"); return 2; }
	return 0;
}
`)
	return sb.String(), nil
}
