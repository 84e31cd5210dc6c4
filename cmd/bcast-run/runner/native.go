package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/npy"
)

// findTools picks the toolchain from the flags and PATH, as
// compiler.FindToolchain does, with the flags to try in the message when
// there is none.
func findTools(o *options) (compiler.Toolchain, error) {
	t, err := compiler.FindToolchain(compiler.Toolchain{Clang: o.clang, Opt: o.opt, LLC: o.llc, CC: o.cc})
	var missing *compiler.MissingToolError
	if errors.Is(err, compiler.ErrNoToolchain) && errors.As(err, &missing) {
		return t, fmt.Errorf("native code needs clang-19, or llc and cc (see --clang, --llc, --cc; or use --interp): %v", missing)
	}
	return t, err
}

// compileSteps is the number of steps runNative counts in its progress
// line: the pipeline, LLVM IR, the LLVM tools and linking.
const compileSteps = 4

func runNative(o *options, mod *ir.Operation, args []*npy.Array, stderr io.Writer, prog *progress) ([]result, error) {
	prog.set("compiling: pipeline "+o.pipeline, 1, compileSteps)
	if err := compiler.RunPipeline(mod, o.pipeline); err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	fns, err := llvm.Functions(mod)
	if err != nil {
		printDiags(stderr, err, mod.Loc.File)
		return nil, exitError{}
	}
	var fn *llvm.FuncABI
	for _, f := range fns {
		if f.Name == o.entry {
			fn = f
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("@%s is not a public function with a body: it has no C interface", o.entry)
	}
	prog.set("compiling: LLVM IR", 2, compileSteps)
	target := llvm.HostTarget()
	copts := compiler.Options{Target: target.Triple, Threads: o.threads > 1}
	ll, err := compiler.LLVMIR(mod, copts)
	if err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	header, err := compiler.CHeaderFor(mod, "BCAST_RUN_KERNELS_H", copts)
	if err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	tools, err := findTools(o)
	if err != nil {
		return nil, err
	}

	dir, err := os.MkdirTemp("", "bcast-run-")
	if err != nil {
		return nil, err
	}
	if o.keepTemps {
		fmt.Fprintf(stderr, "bcast-run: temporary files in %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	p := func(name string) string { return filepath.Join(dir, name) }
	files := map[string]string{
		"kernels.ll": ll,
		"kernels.h":  header,
		"driver.c":   llvm.CDriver([]*llvm.FuncABI{fn}, "kernels.h"),
	}
	for name, text := range files {
		if err := os.WriteFile(p(name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	exe := p("prog")
	if err := compile(tools, target, dir, exe, prog); err != nil {
		return nil, err
	}
	in := make([]llvm.DriverTensor, len(args))
	for i, a := range args {
		in[i] = llvm.DriverTensor{Shape: a.Shape, Data: a.Data}
	}
	if o.bench > 0 {
		prog.set(fmt.Sprintf("bench: running @%s natively, a warm-up and %d runs", o.entry, o.bench), 0, 0)
	} else {
		prog.set("running @"+o.entry, 0, 0)
	}
	// The driver prints the bench lines, on stderr, and its errors.
	var printed strings.Builder
	res, err := llvm.RunDriverCalls(exe, dir, []llvm.DriverCall{{Func: fn, Args: in}},
		llvm.DriverOptions{Bench: o.bench, Threads: o.threads, Output: &printed, KeepFiles: o.keepTemps})
	var de *llvm.DriverError
	if errors.As(err, &de) && de.ExitCode == llvm.DriverNoMemory {
		// the driver's one line names the buffer and its size
		return nil, errors.New(oneLine(strings.TrimPrefix(strings.TrimSpace(de.Output), "driver: ")))
	}
	io.WriteString(stderr, printed.String())
	if errors.As(err, &de) {
		if de.ExitCode != 0 {
			return nil, fmt.Errorf("the compiled program failed: %v", de.Err)
		}
		return nil, errShort
	}
	if err != nil {
		return nil, err
	}
	r := res[0]
	if r.Code != 0 {
		kind := "run-time error"
		if r.Code == 2 {
			kind = "out of memory"
		}
		return nil, fmt.Errorf("%s: %s", kind, oneLine(r.Message))
	}
	results := make([]result, len(fn.Results))
	for i, t := range r.Results {
		results[i] = result{elem: fn.Results[i].Elem, shape: t.Shape, data: t.Data}
	}
	return results, nil
}

// reportDiags prints err's diagnostics and returns exitError; an error
// without a location (an unknown pipeline) is returned as it is.
func reportDiags(stderr io.Writer, err error, file string) error {
	var diags ir.DiagList
	if !errors.As(err, &diags) {
		return err
	}
	printDiags(stderr, err, file)
	return exitError{}
}

// compile builds exe from kernels.ll and driver.c in dir.
func compile(t compiler.Toolchain, target llvm.Target, dir, exe string, prog *progress) error {
	prog.set("compiling: kernels.ll with "+t.String(), 3, compileSteps)
	if err := t.CompileLLVM(dir, "kernels.ll", "kernels.o", target.Triple); err != nil {
		return err
	}
	prog.set("compiling: linking", 4, compileSteps)
	return t.Link(dir, exe, "driver.c", "kernels.o")
}
