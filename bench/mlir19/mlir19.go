package mlir19

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// Pass is one step of the mlir-opt-19 pipeline. Nest names the op the pass
// must be nested under ("func.func" for the function passes; mlir-opt does
// not nest command-line flags implicitly), or is empty for a pass on the
// module.
type Pass struct {
	Name string // the pass with its options, as in --pass-pipeline
	Nest string
	Why  string
}

// Pipeline is the mlir-opt-19 pipeline from TOSA to the LLVM dialect, in
// order: TOSAToLinalg, then LinalgToLLVM. PassPipeline renders it as the
// --pass-pipeline argument.
var Pipeline = append(append([]Pass{}, TOSAToLinalg...), LinalgToLLVM...)

// TOSAToLinalg takes the workloads' TOSA to fused linalg on tensors.
var TOSAToLinalg = []Pass{
	{"tosa-to-linalg-named", "func.func", "the standard first TOSA lowering (nothing named in these workloads)"},
	{"tosa-to-linalg", "func.func", "elementwise TOSA ops to linalg.generic, with the run-time broadcast scf.if for dynamic dims"},
	{"tosa-to-arith", "func.func", "tosa.const to arith.constant"},
	{"tosa-to-tensor", "func.func", "tosa.reshape to tensor.expand_shape/collapse_shape"},
	{"canonicalize", "", "clean up before fusion"},
	{"linalg-fuse-elementwise-ops", "", "fuse the chain of generics into one loop nest"},
	{"linalg-fold-unit-extent-dims", "", "drop the unit dims the rank-equalizing reshapes introduced"},
	{"canonicalize", "", "fold the reshapes fold-unit-extent-dims leaves"},
	{"cse", "", ""},
}

// LinalgToLLVM takes linalg on tensors to the LLVM dialect: bufferization,
// MLIR 19's buffer deallocation, loops, and the conversions to LLVM. It is
// also what passes/cpu_pipeline_mlir19_test.go runs on bcast-opt's
// --pipeline=cpu output, so it has the two passes that output needs and
// the workloads do not (a no-op on W1-W5: their lowered IR is the same
// without them).
var LinalgToLLVM = []Pass{
	{"eliminate-empty-tensors", "", "let the *_dps kernels' tensor.empty become the destination memref"},
	{"empty-tensor-to-alloc-tensor", "", "remaining tensor.empty become allocations"},
	{"one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}", "", "tensors to memrefs, identity-layout memrefs in the signatures"},
	{"buffer-hoisting", "func.func", "move allocations up as MLIR's default pipelines do"},
	{"buffer-loop-hoisting", "func.func", ""},
	{"drop-equivalent-buffer-results", "", "no result that is just an argument"},
	{"ownership-based-buffer-deallocation", "", "free the temporaries (W5's broadcast copies); the returned buffer passes to the caller"},
	{"canonicalize", "", "these five passes are 19's buffer-deallocation-pipeline"},
	{"buffer-deallocation-simplification", "", ""},
	{"bufferization-lower-deallocations", "", "bufferization.dealloc to memref.dealloc"},
	{"convert-bufferization-to-memref", "", "the bufferization.clone deallocation puts on a result chosen by scf.if (bcast-opt's could-be-1 versions; none in W1-W5)"},
	{"cse", "", ""},
	{"canonicalize", "", ""},
	{"convert-linalg-to-loops", "", "linalg.generic to scf.for nests (LLVM's loop vectorizer does the SIMD)"},
	{"convert-scf-to-cf", "", ""},
	{"expand-strided-metadata", "", "expand/collapse_shape to descriptor arithmetic"},
	{"lower-affine", "", "affine.apply from expand-strided-metadata"},
	{"finalize-memref-to-llvm", "", "memref to LLVM; alloc becomes malloc, copy becomes memcpy"},
	{"convert-arith-to-llvm", "", ""},
	{"convert-math-to-llvm", "", ""},
	{"convert-index-to-llvm", "", "index dialect ops (none in W1-W5)"},
	{"convert-func-to-llvm", "", "also emits _mlir_ciface_* for llvm.emit_c_interface"},
	{"convert-cf-to-llvm", "", "cf.assert (bcast-opt's run-time checks) prints its message and aborts"},
	{"reconcile-unrealized-casts", "", ""},
}

// PassPipeline renders Pipeline as mlir-opt's --pass-pipeline value
// (PassPipelineOf).
func PassPipeline() string { return PassPipelineOf(Pipeline) }

// PassPipelineOf renders passes as mlir-opt's --pass-pipeline value,
// grouping consecutive passes with the same Nest.
func PassPipelineOf(passes []Pass) string {
	var parts []string
	for i := 0; i < len(passes); {
		p := passes[i]
		if p.Nest == "" {
			parts = append(parts, p.Name)
			i++
			continue
		}
		var group []string
		for ; i < len(passes) && passes[i].Nest == p.Nest; i++ {
			group = append(group, passes[i].Name)
		}
		parts = append(parts, p.Nest+"("+strings.Join(group, ",")+")")
	}
	return "builtin.module(" + strings.Join(parts, ",") + ")"
}

// Workloads are the names BuildKernel and ToLLVMCommands accept.
var Workloads = []string{"W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9"}

// Dir is the directory holding W1.mlir .. W9.mlir and wrap.c: this
// package's source directory, found from the compiled-in path of this
// file, so it is only valid where the repository's source tree is (go
// test, go run, a harness built in the checkout).
func Dir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "."
	}
	return filepath.Dir(file)
}

// tools are the external programs every build needs, besides a C compiler.
var tools = []string{"mlir-opt-19", "mlir-translate-19", "opt-19", "llc-19", "objcopy"}

// cCompilers are tried in order; the first on PATH compiles wrap.c.
var cCompilers = []string{"gcc", "cc", "clang-19"}

// Available returns nil when every tool BuildKernel runs is on PATH, and
// otherwise an error naming each missing one.
func Available() error {
	var missing []string
	for _, t := range tools {
		if _, err := exec.LookPath(t); err != nil {
			missing = append(missing, t)
		}
	}
	if _, err := cCompiler(); err != nil {
		missing = append(missing, "a C compiler ("+strings.Join(cCompilers, ", ")+")")
	}
	if len(missing) > 0 {
		return fmt.Errorf("mlir19: not on PATH: %s", strings.Join(missing, ", "))
	}
	return nil
}

func cCompiler() (string, error) {
	for _, c := range cCompilers {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", errors.New("mlir19: no C compiler on PATH")
}

// hostTriple is the target triple opt-19 optimizes for: the host's, since
// the kernel runs where it is built.
func hostTriple() (string, error) {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64"}[runtime.GOARCH]
	if arch == "" || runtime.GOOS != "linux" {
		return "", fmt.Errorf("mlir19: no target triple for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	return arch + "-unknown-linux-gnu", nil
}

func checkWorkload(w string) error {
	for _, k := range Workloads {
		if w == k {
			return nil
		}
	}
	return fmt.Errorf("mlir19: unknown workload %q, expected one of %s", w, strings.Join(Workloads, ", "))
}

// ToLLVMCommands returns the argv lists that take Dir()/<workload>.mlir to
// LLVM IR in dir: mlir-opt-19 with the Pipeline writing
// dir/<workload>.llvm.mlir, then mlir-translate-19 writing
// dir/<workload>.ll. They are what a compile-speed comparison should time.
func ToLLVMCommands(workload, dir string) ([][]string, error) {
	if err := checkWorkload(workload); err != nil {
		return nil, err
	}
	src := filepath.Join(Dir(), workload+".mlir")
	llvmDialect := filepath.Join(dir, workload+".llvm.mlir")
	ll := filepath.Join(dir, workload+".ll")
	return [][]string{
		{"mlir-opt-19", "--pass-pipeline=" + PassPipeline(), src, "-o", llvmDialect},
		{"mlir-translate-19", "--mlir-to-llvmir", llvmDialect, "-o", ll},
	}, nil
}

// BuildKernel compiles <workload>.mlir through ToLLVMCommands, opt-19 -O3
// and llc-19 -O3 (both for the host CPU), compiles wrap.c's adapter for
// the workload with the C compiler at -O3 -march=native, and links the
// two into the one relocatable object dir/mlir19_<workload>.o. Of its
// defined symbols only mlir_<workload> (destination passing) and
// mlir_<workload>_ret (returned buffer, copied) stay global, so it links
// beside other implementations of the same workload; it needs malloc,
// free and memcpy from the C library.
func BuildKernel(workload, dir string) (objPath string, err error) {
	if err := Available(); err != nil {
		return "", err
	}
	cmds, err := ToLLVMCommands(workload, dir)
	if err != nil {
		return "", err
	}
	triple, err := hostTriple()
	if err != nil {
		return "", err
	}
	cc, err := cCompiler()
	if err != nil {
		return "", err
	}
	ll := filepath.Join(dir, workload+".ll")
	bc := filepath.Join(dir, workload+".opt.bc")
	kernel := filepath.Join(dir, workload+".kernel.o")
	wrap := filepath.Join(dir, workload+".wrap.o")
	merged := filepath.Join(dir, workload+".merged.o")
	obj := filepath.Join(dir, "mlir19_"+workload+".o")
	cmds = append(cmds,
		[]string{"opt-19", "-O3", "-mtriple=" + triple, "-mcpu=native", ll, "-o", bc},
		// PIC, so the object links into the PIE executables gcc makes by default.
		[]string{"llc-19", "-O3", "-mcpu=native", "-relocation-model=pic", "-filetype=obj", bc, "-o", kernel},
		[]string{cc, "-O3", "-march=native", "-fPIC", "-DMLIR19_" + workload, "-c", filepath.Join(Dir(), "wrap.c"), "-o", wrap},
		[]string{cc, "-r", "-nostdlib", kernel, wrap, "-o", merged},
		[]string{"objcopy", "--keep-global-symbol=mlir_" + workload, "--keep-global-symbol=mlir_" + workload + "_ret", merged, obj},
	)
	for _, argv := range cmds {
		if err := run(argv); err != nil {
			return "", err
		}
	}
	return obj, nil
}

func run(argv []string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("mlir19: %s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	return nil
}
