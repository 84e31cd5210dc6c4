package compiler

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/passes"

	// Every dialect, pass and conversion registers itself, so that any
	// module parses and verifies and every named pipeline runs.
	_ "github.com/bcast-opt/bcast-opt/all"
)

// Options control LLVMIR and Object.
type Options struct {
	// Target is the CPU to compile for, as `bcast-opt --target` takes it:
	// a triple (x86_64-unknown-linux-gnu, aarch64-linux-gnu) or an
	// architecture name (x86-64, arm64). "" is the host.
	Target string
	// CPU and Features are `bcast-opt --target-cpu` and
	// `--target-features`: LLVM's name of the CPU the code is tuned for
	// ("skylake", "x86-64-v3", "native"), and "+name"/"-name" changes to
	// its features, written into the functions' "target-cpu" and
	// "target-features" attributes. "" is the default: the host's CPU and
	// features when Target is the host's architecture, else the
	// architecture's generic CPU (see lower/llvm.WithCPU). A name LLVM 14
	// does not know is an error.
	CPU, Features string
	// Tools are the system tools Object runs, resolved by FindToolchain;
	// the zero value finds clang-19, or opt, llc and cc, on PATH.
	Tools Toolchain
	// Threads emits the parallel form (`bcast-opt --threads`): each
	// kernel f also gets f_threads(..., int32_t threads), which runs its
	// outermost parallel loops on a thread pool with the same results
	// (lower/llvm's documentation, Threads). Link with -pthread.
	Threads bool
}

// Parse reads MLIR text (named filename in its diagnostics) into a module
// and verifies it.
func Parse(filename string, src []byte) (*ir.Operation, error) {
	module, err := ir.Parse(filename, src, ir.ParseOptions{})
	if err != nil {
		return nil, ir.AsDiagnostics(err, ir.Location{File: filename})
	}
	if err := Verify(module); err != nil {
		return nil, err
	}
	return module, nil
}

// Verify checks that module is a builtin.module and that it verifies: the
// check every other function here makes before it touches the module, so
// that malformed IR from a front end is a located error rather than a
// panic further down.
func Verify(module *ir.Operation) error {
	if module == nil {
		return fmt.Errorf("the module is nil")
	}
	if module.Name() != "builtin.module" {
		return ir.DiagList{ir.Errorf(module.Loc, "expected a builtin.module, but got '%s'", module.Name())}
	}
	if err := ir.Verify(module); err != nil {
		return ir.AsDiagnostics(err, module.Loc)
	}
	return nil
}

// RunPipeline verifies module and runs the named pipeline on it, in place,
// verifying after every pass, as `bcast-opt --pipeline=NAME` does. "cpu"
// takes hlo to fused, versioned linalg, the input LLVMIR and Object
// expect; passes.Pipelines lists the pipelines with the reason for each
// step. After an error the module may be partly transformed.
func RunPipeline(module *ir.Operation, pipeline string) error {
	if err := Verify(module); err != nil {
		return err
	}
	entries, err := passes.PipelineEntries(pipeline)
	if err != nil {
		return err
	}
	pm := &ir.PassManager{Entries: entries, VerifyEach: true}
	pm.MarkVerified(module)
	if err := pm.Run(module); err != nil {
		return ir.AsDiagnostics(err, module.Loc)
	}
	return nil
}

// LLVMIR verifies module, which must be in the form the "cpu" pipeline
// produces (RunPipeline), and returns the LLVM IR text of its public
// functions, what `bcast-opt --pipeline=cpu --emit=llvm` prints: for each
// function `f`, the kernel and `f_result_shapes`, with the C ABI of
// lower/llvm's documentation. An op the pipeline has not lowered is an
// error located at the op.
func LLVMIR(module *ir.Operation, opts Options) (string, error) {
	if err := Verify(module); err != nil {
		return "", err
	}
	target, err := llvm.ResolveTarget(opts.Target, opts.CPU, opts.Features)
	if err != nil {
		return "", err
	}
	text, err := llvm.Emit(module, llvm.Options{Target: target, Threads: opts.Threads})
	if err != nil {
		return "", ir.AsDiagnostics(err, module.Loc)
	}
	return text, nil
}

// CHeader verifies module and returns the C header declaring the kernel
// and the result-shapes function of each of its public functions, what
// `bcast-opt --emit=c-header` prints; guard names the include guard's
// macro ("" is BCAST_KERNELS_H). The header depends only on the
// functions' signatures, so it can be written before or after RunPipeline.
func CHeader(module *ir.Operation, guard string) (string, error) {
	return CHeaderFor(module, guard, Options{})
}

// CHeaderFor is CHeader for the LLVM IR LLVMIR writes with opts: with
// opts.Threads it also declares each kernel's f_threads entry.
func CHeaderFor(module *ir.Operation, guard string, opts Options) (string, error) {
	if err := Verify(module); err != nil {
		return "", err
	}
	text, err := llvm.CHeaderFor(module, guard, llvm.Options{Threads: opts.Threads})
	if err != nil {
		return "", ir.AsDiagnostics(err, module.Loc)
	}
	return text, nil
}

// Object verifies module, emits its LLVM IR (see LLVMIR) and compiles it
// with the system tools (opts.Tools, see FindToolchain) at -O3 to an ELF
// object file for opts.Target, whose bytes it returns. Link it with C code
// that includes the CHeader.
func Object(module *ir.Operation, opts Options) ([]byte, error) {
	text, err := LLVMIR(module, opts)
	if err != nil {
		return nil, err
	}
	target, _ := llvm.ParseTarget(opts.Target) // checked by LLVMIR
	tools, err := FindToolchain(opts.Tools)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "bcast-compiler-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "kernels.ll"), []byte(text), 0o644); err != nil {
		return nil, err
	}
	if err := tools.CompileLLVM(dir, "kernels.ll", "kernels.o", target.Triple); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(dir, "kernels.o"))
}
