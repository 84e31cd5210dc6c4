package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// kernels are the workload files; W5u reuses W5's kernel.
var kernels = []string{"W1", "W2", "W3", "W4", "W5", "W1j", "W3j", "W6", "W7", "W8", "W9", "W9j"}

// allWorkloads is every workload the harness knows, in table order.
var allWorkloads = []string{"W1", "W2", "W3", "W4", "W5", "W5u", "W1j", "W3j", "W6", "W7", "W8", "W9", "W9j"}

// jaxExports are the workload files written as jax.export writes them
// (a public @main): the exports with a symbolic batch dim (twinOf) and the
// static softmax, layer norm, dense layer and attention, W6..W9.
var jaxExports = map[string]bool{"W1j": true, "W3j": true, "W6": true, "W7": true, "W8": true, "W9": true, "W9j": true}

// twinOf maps each workload written as jax.export writes it (a symbolic
// batch dim, docs/SPEC.md §9) to its static twin: the same computation
// on the same data, whose kernel the harness times beside it and whose
// output it must reproduce bit for bit.
var twinOf = map[string]string{"W1j": "W1", "W3j": "W3", "W9j": "W9"}

// kernelOf is the kernel a workload calls.
func kernelOf(workload string) string {
	if workload == "W5u" {
		return "W5"
	}
	return workload
}

// entryOf is the function of a kernel's workload file that the harness
// calls: @main for the JAX exports, @<kernel> for the others.
func entryOf(kernel string) string {
	if jaxExports[kernel] {
		return "main"
	}
	return kernel
}

// hasMLIR19 says whether bench/mlir19 has the kernel. It has the static
// workloads W1..W9, in TOSA only: mlir-opt-19 has no StableHLO front end
// that could take the JAX exports with a symbolic dim.
func hasMLIR19(kernel string) bool {
	_, jax := twinOf[kernel]
	return !jax
}

// cFlags compile the C loops, the adapters and the harness. No FP
// contraction: the C loops must round like bcast-opt's kernels (which
// have no fast-math flags) so the outputs of the elementwise workloads can
// be compared exactly (W6's and W7's reductions are compared within a
// tolerance, harness.c).
var cFlags = []string{"-O3", "-march=native", "-ffp-contract=off", "-std=c11", "-Wall", "-Wextra"}

// toolchain is how the benchmark's native code is built: gcc for C, and
// clang-19 (or opt + llc) for bcast-opt's LLVM IR.
type toolchain struct {
	gcc      string
	clang    string // clang-19; empty when opt and llc are used
	opt, llc string
}

// findToolchain looks for gcc and for clang-19, or else opt-19 and llc-19
// (or unversioned opt and llc).
func findToolchain() (toolchain, error) {
	var tc toolchain
	var err error
	if tc.gcc, err = exec.LookPath("gcc"); err != nil {
		return tc, fmt.Errorf("the benchmark needs gcc for the C loops and the harness: %v", err)
	}
	if tc.clang, err = exec.LookPath("clang-19"); err == nil {
		return tc, nil
	}
	for _, suffix := range []string{"-19", ""} {
		opt, errOpt := exec.LookPath("opt" + suffix)
		llc, errLLC := exec.LookPath("llc" + suffix)
		if errOpt == nil && errLLC == nil {
			tc.opt, tc.llc = opt, llc
			return tc, nil
		}
	}
	return tc, fmt.Errorf("compiling bcast-opt's LLVM IR needs clang-19, or opt-19 and llc-19, on PATH")
}

// llvmDescription says how bcast-opt's LLVM IR is compiled, for the notes:
// as bcast-run compiles it (compiler.Toolchain.CompileLLVM), with no
// -march: the IR's own "target-cpu" attribute chooses the CPU.
func (tc toolchain) llvmDescription() string {
	cpu := " (the IR's target-cpu " + llvm.HostTarget().CPU + ")"
	if tc.clang != "" {
		return filepath.Base(tc.clang) + " -O3" + cpu
	}
	return filepath.Base(tc.opt) + " -O3 + " + filepath.Base(tc.llc) + " -O3" + cpu
}

// llvmToolchain is tc's clang, or opt and llc, as the compiler package
// runs them.
func (tc toolchain) llvmToolchain() compiler.Toolchain {
	return compiler.Toolchain{Clang: tc.clang, Opt: tc.opt, LLC: tc.llc}
}

// run runs a command in dir and returns an error with its output when it
// fails.
func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// renameKernel renames the one func.func @entry of a workload file to
// @bcastopt_<kernel>.
func renameKernel(src, entry, kernel string) (string, error) {
	re := regexp.MustCompile(`(func\.func\s+(?:public\s+)?@)` + regexp.QuoteMeta(entry) + `\(`)
	if n := len(re.FindAllStringIndex(src, -1)); n != 1 {
		return "", fmt.Errorf("expected one func.func @%s, found %d", entry, n)
	}
	return re.ReplaceAllString(src, "${1}bcastopt_"+kernel+"("), nil
}

// bcastOpt runs bcast-opt in-process with args. Its error names the files
// by their base names and starts with bcast-opt's first diagnostic, so
// that the first line, which the table notes keep, says what failed.
func bcastOpt(args ...string) error {
	var stdout, stderr bytes.Buffer
	if status := driver.Main(args, strings.NewReader(""), &stdout, &stderr); status != 0 {
		short := make([]string, len(args))
		for i, a := range args {
			short[i] = a
			if filepath.IsAbs(a) {
				short[i] = filepath.Base(a)
			}
		}
		return fmt.Errorf("bcast-opt %s: status %d: %s", strings.Join(short, " "), status, strings.TrimSpace(stderr.String()+stdout.String()))
	}
	return nil
}

// buildOurs compiles bench/workloads/<kernel>.mlir through bcast-opt's
// CPU pipeline (in-process) to LLVM IR, with the entry function renamed to
// bcastopt_<kernel>, and that to an object file in work; and again in the
// parallel form (--threads) as bcastopt_mt_<kernel>, the multi-thread
// column's. It returns the two objects. It first keeps
// the pipeline's linalg output (<base>.cpu.mlir) and counts its generics;
// the counts come back even when the LLVM IR or the object does not build.
func buildOurs(root, work, kernel string, tc toolchain) ([]string, *KernelStats, error) {
	src, err := os.ReadFile(filepath.Join(root, "bench", "workloads", kernel+".mlir"))
	if err != nil {
		return nil, nil, err
	}
	renamed, err := renameKernel(string(src), entryOf(kernel), kernel)
	if err != nil {
		return nil, nil, fmt.Errorf("bench/workloads/%s.mlir: %v", kernel, err)
	}
	base := filepath.Join(work, "bcastopt_"+kernel)
	if err := os.WriteFile(base+".mlir", []byte(renamed), 0o644); err != nil {
		return nil, nil, err
	}
	if err := bcastOpt(base+".mlir", "--pipeline=cpu", "-o", base+".cpu.mlir"); err != nil {
		return nil, nil, err
	}
	linalg, err := os.ReadFile(base + ".cpu.mlir")
	if err != nil {
		return nil, nil, err
	}
	stats := countGenerics(string(linalg))
	obj, err := buildObject(work, base, tc)
	if err != nil {
		return nil, &stats, err
	}
	// The multi-thread column's kernel: the parallel form, as
	// bcastopt_mt_<kernel> (ours.c).
	mt, err := renameKernel(string(src), entryOf(kernel), "mt_"+kernel)
	if err != nil {
		return nil, &stats, err
	}
	if err := os.WriteFile(base+"_mt.mlir", []byte(mt), 0o644); err != nil {
		return nil, &stats, err
	}
	mtObj, err := buildObject(work, base+"_mt", tc, "--threads")
	return []string{obj, mtObj}, &stats, err
}

// bcastOptDiagnostic is the command line and status that bcastOpt's error
// starts with, before bcast-opt's first diagnostic.
var bcastOptDiagnostic = regexp.MustCompile(`^bcast-opt .*?: status \d+: `)

// oursError makes a build error of buildOurs name the workload file
// rather than its renamed copy in the build directory.
func oursError(err error, work, kernel string) error {
	renamed := filepath.Join(work, "bcastopt_"+kernel+".mlir")
	return errors.New(strings.ReplaceAll(err.Error(), renamed, "bench/workloads/"+kernel+".mlir"))
}

// buildObject lowers <base>.mlir to LLVM IR (with bcast-opt's flags
// emit, such as --threads) and compiles it to <base>.o the way bcast-run
// does, so that the benchmark times what bcast-run and any clang or llc
// make of `--emit=llvm`.
func buildObject(work, base string, tc toolchain, emit ...string) (string, error) {
	if err := bcastOpt(append([]string{base + ".mlir", "--pipeline=cpu", "--emit=llvm", "-o", base + ".ll"}, emit...)...); err != nil {
		return "", err
	}
	obj := base + ".o"
	return obj, tc.llvmToolchain().CompileLLVM(work, base+".ll", obj, llvm.HostTarget().Triple)
}

// buildHarness compiles bench/c/{harness,loops,ours}.c with gcc, and
// loops.c again with OpenMP (-fopenmp -DBENCH_OMP: the multi-thread
// column's C) unless omp is false, and links them with the given kernel
// objects into work/harness.
func buildHarness(root, work string, tc toolchain, objs []string, omp bool) (string, error) {
	csrc := filepath.Join(root, "bench", "c")
	var link []string
	compile := func(name, obj string, extra ...string) error {
		args := append(append(append([]string{}, cFlags...), extra...), "-I", csrc, "-c", filepath.Join(csrc, name+".c"), "-o", obj)
		link = append(link, obj)
		return run(work, tc.gcc, args...)
	}
	for _, name := range []string{"harness", "loops", "ours"} {
		if err := compile(name, filepath.Join(work, name+".o")); err != nil {
			return "", err
		}
	}
	if omp {
		if err := compile("loops", filepath.Join(work, "loops_omp.o"), "-fopenmp", "-DBENCH_OMP"); err != nil {
			return "", err
		}
	}
	exe := filepath.Join(work, "harness")
	args := append(append([]string{}, link...), objs...)
	args = append(args, "-o", exe, "-lm", "-pthread")
	if omp {
		args = append(args, "-fopenmp")
	}
	return exe, run(work, tc.gcc, args...)
}

// hasOpenMP reports whether gcc builds and links OpenMP code (libgomp).
func hasOpenMP(work string, tc toolchain) error {
	src := filepath.Join(work, "omp_probe.c")
	if err := os.WriteFile(src, []byte("int main(void) {\n  int s = 0;\n#pragma omp parallel for reduction(+ : s)\n  for (int i = 0; i < 4; i++)\n    s += i;\n  return s != 6;\n}\n"), 0o644); err != nil {
		return err
	}
	return run(work, tc.gcc, "-fopenmp", src, "-o", filepath.Join(work, "omp_probe"))
}

// build is what the benchmark built: the harness and what went missing.
type build struct {
	harness string
	// ours holds the kernels of bcast-opt that built (and must run).
	ours map[string]bool
	// oursErr is the first diagnostic of the build error of each kernel
	// of bcast-opt that did not build.
	oursErr map[string]string
	// stats counts the generics of each kernel's --pipeline=cpu output,
	// for the kernels whose pipeline ran (built or not).
	stats map[string]KernelStats
	// notes say which implementations could not be built, and why.
	notes []string
}

// buildAll builds bcast-opt's kernels for the workloads, the MLIR 19
// kernels when mlir can build them (nil: do not try), and the harness. A
// kernel that does not build is left out (the harness prints n/a) and
// noted; the harness itself must build.
func buildAll(root, work string, tc toolchain, workloads []string, mlir mlirKernels, log func(string, ...any)) (build, error) {
	b := build{ours: map[string]bool{}, oursErr: map[string]string{}, stats: map[string]KernelStats{}}
	need := map[string]bool{}
	for _, w := range workloads {
		need[kernelOf(w)] = true
		if twin, ok := twinOf[w]; ok {
			need[twin] = true
		}
	}
	var ours, mlirObjs []string
	for _, k := range kernels {
		if !need[k] {
			continue
		}
		log("building bcast-opt kernel %s", k)
		objs, stats, err := buildOurs(root, work, k, tc)
		if stats != nil {
			b.stats[k] = *stats
		}
		if err != nil {
			err = oursError(err, work, k)
			log("bcast-opt kernel %s does not build: %v", k, err)
			b.notes = append(b.notes, fmt.Sprintf("ours %s did not build: %s", k, firstLine(err)))
			b.oursErr[k] = bcastOptDiagnostic.ReplaceAllString(firstLine(err), "")
			continue
		}
		ours = append(ours, objs...)
		b.ours[k] = true
	}
	if mlir != nil {
		if err := mlir.Available(); err != nil {
			b.notes = append(b.notes, "MLIR 19: "+firstLine(err))
		} else {
			for _, k := range kernels {
				if !need[k] || !hasMLIR19(k) {
					continue
				}
				log("building MLIR 19 kernel %s", k)
				obj, err := mlir.BuildKernel(k, work)
				if err != nil {
					log("MLIR 19 kernel %s does not build: %v", k, err)
					b.notes = append(b.notes, fmt.Sprintf("MLIR 19 %s did not build: %s", k, firstLine(err)))
					continue
				}
				mlirObjs = append(mlirObjs, obj)
			}
		}
	}
	omp := true
	if err := hasOpenMP(work, tc); err != nil {
		omp = false
		b.notes = append(b.notes, "C under OpenMP: gcc -fopenmp does not build (install libgomp): "+firstLine(err))
	}
	log("building the harness")
	exe, err := buildHarness(root, work, tc, append(append([]string{}, ours...), mlirObjs...), omp)
	if err != nil && len(mlirObjs) > 0 {
		// The MLIR objects may need what this link does not provide;
		// measure the rest rather than nothing.
		log("linking with the MLIR 19 objects failed, linking without them: %v", err)
		b.notes = append(b.notes, "MLIR 19 objects did not link: "+firstLine(err))
		exe, err = buildHarness(root, work, tc, ours, omp)
	}
	if err != nil {
		return b, err
	}
	b.harness = exe
	return b, nil
}

// firstLine is the first line of an error message, for table notes.
func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
