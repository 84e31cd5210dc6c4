package driver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	// Every dialect and pass registers itself.
	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/internal/pipelinehtml"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/passes"
)

// options are the parsed command-line settings of one run.
type options struct {
	// input is the input file, "-" for stdin.
	input             string
	output            string
	splitInputFile    bool
	verifyDiagnostics bool
	verifyEach        bool
	printGeneric      bool
	printAfterAll     bool
	timing            bool
	disableThreading  bool
	allowUnregistered bool
	dumpPassPipeline  bool
	passPipeline      string
	pipeline          string
	// emit is what to write after the passes: mlir, llvm or c-header;
	// target is the LLVM target triple (--target), targetCPU and
	// targetFeatures its CPU and features (--target-cpu,
	// --target-features).
	emit                      string
	target                    string
	targetCPU, targetFeatures string
	// threads emits the parallel form (--threads, lower/llvm Threads).
	threads bool
	// headerGuard is the include guard of --emit=c-header (cheader.go).
	headerGuard string
	// dumpHTML is the file of --dump-html (the IR after every pass as a
	// page, internal/pipelinehtml); dumpHTMLFunc restricts it to one
	// function.
	dumpHTML, dumpHTMLFunc string
	// passes in command-line order (from the per-pass flags)
	passes []ir.PassEntry
	// errors found while reading pass flags
	flagErr error
}

// passFlag is the pflag.Value behind `--<pass>[=options]`; each Set appends
// the pass to the shared ordered list, so passes run in command-line order.
type passFlag struct {
	info *ir.PassInfo
	o    *options
}

func (f *passFlag) String() string { return "" }
func (f *passFlag) Type() string   { return "options" }
func (f *passFlag) Set(v string) error {
	opts, err := parseOptionString(strings.TrimSpace(v))
	if err != nil {
		return fmt.Errorf("--%s: %v", f.info.Name, err)
	}
	e, err := newPassEntry(f.info.Name, opts)
	if err != nil {
		return err
	}
	f.o.passes = append(f.o.passes, e)
	return nil
}

// parseOptionString parses `a=1 b=2` (also `{a=1 b=2}`) into options.
func parseOptionString(s string) (ir.PassOptions, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}"))
	opts := ir.PassOptions{}
	if s == "" {
		return opts, nil
	}
	for _, kv := range strings.Fields(s) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		if k == "" {
			return nil, fmt.Errorf("malformed pass option %q", kv)
		}
		opts[k] = v
	}
	return opts, nil
}

// normalizeArgs accepts MLIR's single-dash long flags (`-canonicalize`,
// `-split-input-file`) by rewriting them to the double-dash form.
func normalizeArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && a != "-o" && !strings.HasPrefix(a, "-o=") {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

// Main runs bcast-opt with args (without the program name) and returns the
// exit status: 0 on success, 1 on invalid input or failed checks.
//
// A bug that panics is reported as one line, not a Go stack trace (set
// BCAST_DEBUG=1 to get the trace).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("BCAST_DEBUG") == "1" {
				panic(r)
			}
			fmt.Fprintf(stderr, "bcast-opt: internal error: %v (this is a bug; rerun with BCAST_DEBUG=1 for a stack trace)\n", r)
			status = 1
		}
	}()
	o := &options{}
	cmd := newCommand(o, stdin, stdout, stderr)
	cmd.SetArgs(normalizeArgs(args))
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	if err := cmd.Execute(); err != nil {
		if _, isExit := err.(exitError); !isExit {
			fmt.Fprintf(stderr, "bcast-opt: %v\n", err)
		}
		var s *suggestionError
		if errors.As(err, &s) {
			fmt.Fprintf(stderr, "bcast-opt: did you mean '%s'?\n", s.suggestion)
		}
		return 1
	}
	return 0
}

// exitError is a failure whose diagnostics are already printed.
type exitError struct{}

func (exitError) Error() string { return "failed" }

func newCommand(o *options, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bcast-opt [flags] [file|-]",
		Short: "MLIR-style optimizer for programs with implicit broadcasting",
		Long: `bcast-opt reads MLIR textual IR (func, arith, hlo/StableHLO, linalg, ...),
runs the passes named by flags in command-line order (or --pass-pipeline),
and prints the resulting IR. Input is a file, or stdin when absent or '-'.`,
		Args:          cobra.MaximumNArgs(1),
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			input := "-"
			if len(args) == 1 {
				input = args[0]
			}
			return run(o, input, stdin, stdout, stderr)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVarP(&o.output, "output", "o", "-", "output file ('-' for stdout)")
	f.BoolVar(&o.splitInputFile, "split-input-file", false, "split the input on '// -----' lines and process each chunk independently")
	f.BoolVar(&o.verifyDiagnostics, "verify-diagnostics", false, "check that emitted diagnostics match expected-* comments in the input")
	f.BoolVar(&o.verifyEach, "verify-each", true, "verify the IR after each pass")
	f.BoolVar(&o.printGeneric, "mlir-print-op-generic", false, "print every op in the generic form")
	f.BoolVar(&o.printAfterAll, "mlir-print-ir-after-all", false, "print the IR to stderr after each pass")
	f.BoolVar(&o.timing, "mlir-timing", false, "print per-pass wall time to stderr")
	f.BoolVar(&o.disableThreading, "mlir-disable-threading", false, "run function passes on one function after the other rather than in parallel")
	f.StringVar(&o.dumpHTML, "dump-html", "", "write the IR after every pass to this file as one HTML page: a column per pass that changed it, changed lines marked, values highlighted across columns on click, per-pass times, the LLVM IR last with --emit=llvm")
	f.StringVar(&o.dumpHTMLFunc, "dump-html-func", "", "restrict --dump-html to the function of this name")
	f.BoolVar(&o.dumpPassPipeline, "dump-pass-pipeline", false, "print the pipeline that will run to stderr, in --pass-pipeline syntax with every option (as mlir-opt does), before running it")
	f.BoolVar(&o.allowUnregistered, "allow-unregistered-dialect", false, "accept ops of unregistered dialects (generic form)")
	f.StringVar(&o.passPipeline, "pass-pipeline", "", "a textual pass pipeline, e.g. 'builtin.module(func.func(cse),canonicalize)'")
	f.StringVar(&o.pipeline, "pipeline", "", "run a named pipeline before any pass flags: "+strings.Join(passes.PipelineNames(), ", ")+" (cpu: hlo to fused linalg)")
	f.StringVar(&o.emit, "emit", "mlir", "output after the passes: mlir (the IR), llvm (LLVM IR of every public function, see lower/llvm), c-header (the C ABI of those functions)")
	f.StringVar(&o.headerGuard, "header-guard", "", "include guard macro of --emit=c-header (default: from the -o file, foo_kernels.h: FOO_KERNELS_H; else from the module's name or the input file's, @jit_f: JIT_F_H)")
	f.BoolVar(&o.threads, "threads", false, "with --emit=llvm and --emit=c-header: the parallel form, each kernel NAME also has NAME_threads(..., int32_t threads) running its outermost parallel loops on a pthread pool, with results identical to one thread (see lower/llvm's documentation, Threads)")
	f.StringVar(&o.target, "target", "", "target of --emit=llvm: x86_64-unknown-linux-gnu or aarch64-unknown-linux-gnu (default: the host)")
	f.StringVar(&o.targetCPU, "target-cpu", "", "CPU of --emit=llvm, written as the functions' \"target-cpu\" attribute: a name LLVM 14 knows (skylake, znver3, x86-64-v3, neoverse-n1, ...) or native (default: the host's CPU and features for the host's architecture, else x86-64 or generic)")
	f.StringVar(&o.targetFeatures, "target-features", "", "features of --emit=llvm added to or removed from the CPU's, written as the \"target-features\" attribute: a comma-separated list such as +avx2,-avx512f")
	for _, p := range ir.RegisteredPasses() {
		help := p.Summary
		if len(p.Options) > 0 {
			var names []string
			for _, opt := range p.Options {
				names = append(names, opt.Name+"="+opt.Default)
			}
			help += " (options: " + strings.Join(names, " ") + ")"
		}
		fl := f.VarPF(&passFlag{info: p, o: o}, p.Name, "", help)
		fl.NoOptDefVal = "{}"
	}
	return cmd
}

// chunk is one `// -----` separated piece of the input.
type chunk struct {
	text      []byte
	startLine int // 0-based line of the chunk's first line in the file
}

func splitInput(src []byte, split bool) []chunk {
	if !split {
		return []chunk{{text: src}}
	}
	var chunks []chunk
	lines := bytes.SplitAfter(src, []byte("\n"))
	start, cur := 0, []byte{}
	for i, l := range lines {
		if bytes.HasPrefix(bytes.TrimSpace(l), []byte("// -----")) {
			chunks = append(chunks, chunk{text: cur, startLine: start})
			cur, start = []byte{}, i+1
			continue
		}
		cur = append(cur, l...)
	}
	return append(chunks, chunk{text: cur, startLine: start})
}

func run(o *options, input string, stdin io.Reader, stdout, stderr io.Writer) error {
	ir.SetMultithreading(!o.disableThreading)
	if o.flagErr != nil {
		return o.flagErr
	}
	switch o.emit {
	case "mlir", "llvm", "c-header":
	default:
		return fmt.Errorf("unknown --emit=%s (known: mlir, llvm, c-header)", o.emit)
	}
	if _, err := llvm.ResolveTarget(o.target, o.targetCPU, o.targetFeatures); err != nil {
		return err
	}
	if err := checkHeaderGuard(o.headerGuard); err != nil {
		return err
	}
	if o.dumpHTML != "" && o.splitInputFile {
		return fmt.Errorf("--dump-html cannot be combined with --split-input-file")
	}
	if o.dumpHTMLFunc != "" && o.dumpHTML == "" {
		return fmt.Errorf("--dump-html-func needs --dump-html")
	}
	o.input = input
	entries := o.passes
	if o.pipeline != "" {
		pre, err := passes.PipelineEntries(o.pipeline)
		if err != nil {
			return err
		}
		entries = append(pre, entries...)
	}
	if o.passPipeline != "" {
		if len(o.passes) > 0 || o.pipeline != "" {
			return fmt.Errorf("--pass-pipeline cannot be combined with --pipeline or individual pass flags")
		}
		var err error
		if entries, err = pipelineEntries(o.passPipeline); err != nil {
			return err
		}
	}
	if o.dumpPassPipeline {
		dumpPipeline(stderr, entries)
	}
	var src []byte
	var err error
	name := input
	if input == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(input)
	}
	if err != nil {
		return fmt.Errorf("cannot open input file: %v", err)
	}
	source := ir.NewSource(name, src)
	var timing *ir.Timing
	if o.timing {
		timing = &ir.Timing{}
	}
	// The chunks' outputs are written at the end, without copying them
	// into one buffer: on large modules the output is tens of MB.
	var out [][]byte
	failed := false
	for i, c := range splitInput(src, o.splitInputFile) {
		if i > 0 {
			out = append(out, []byte("// -----\n"))
		}
		text := c.text
		if c.startLine > 0 {
			// Pad with newlines so diagnostics carry the file's line numbers.
			text = append(bytes.Repeat([]byte("\n"), c.startLine), c.text...)
		}
		text = text[:len(text):len(text)]
		res, diags := processChunk(o, name, text, entries, timing, stderr)
		out = append(out, res...)
		if o.verifyDiagnostics {
			if !checkDiagnostics(name, text, source, diags, stderr) {
				failed = true
			}
			continue
		}
		if len(diags) > 0 {
			for _, d := range diags {
				fmt.Fprintln(stderr, source.Format(d))
			}
			failed = true
		}
	}
	if timing != nil {
		timing.Report(stderr)
	}
	// As mlir-opt, a failed chunk prints nothing but the others still
	// print, with their separators, and the status is 1; an output file
	// is not written (mlir-opt keeps it only on success).
	if o.output == "-" || o.output == "" {
		if err := writeAll(stdout, out); err != nil || !failed {
			return err
		}
	}
	if failed {
		return exitError{}
	}
	f, err := os.OpenFile(o.output, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	err = writeAll(f, out)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeAll writes the pieces to w in order.
func writeAll(w io.Writer, pieces [][]byte) error {
	for _, p := range pieces {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// processChunk parses, verifies, runs the passes and prints one chunk. The
// output is in pieces to be written in order (see ir.PrintPieces).
func processChunk(o *options, name string, text []byte, entries []ir.PassEntry, timing *ir.Timing, stderr io.Writer) (_ [][]byte, diags ir.DiagList) {
	start := time.Now()
	mod, err := ir.Parse(name, text, ir.ParseOptions{AllowUnregistered: o.allowUnregistered})
	if timing != nil {
		timing.Add("Parser", time.Since(start))
	}
	if err != nil {
		return nil, ir.AsDiagnostics(err, ir.Location{File: name})
	}
	start = time.Now()
	if err := ir.Verify(mod); err != nil {
		return nil, ir.AsDiagnostics(err, mod.Loc)
	}
	if timing != nil {
		timing.Add("Verifier", time.Since(start))
	}
	popts := ir.PrintOptions{Generic: o.printGeneric}
	pm := &ir.PassManager{Entries: entries, VerifyEach: o.verifyEach, Timing: timing, PrintOptions: popts, Sequential: o.disableThreading}
	if o.printAfterAll {
		pm.PrintAfterAll = stderr
	}
	var page *pipelinehtml.Recorder
	if o.dumpHTML != "" {
		if pm.Timing == nil {
			pm.Timing = &ir.Timing{} // for the columns' times only
		}
		page = &pipelinehtml.Recorder{Func: o.dumpHTMLFunc, Generic: o.printGeneric, Timing: pm.Timing}
		if err := page.Input(mod); err != nil {
			return nil, ir.AsDiagnostics(err, mod.Loc)
		}
		pm.Entries, pm.AfterPass = pipelinehtml.Flatten(entries), page.AfterPass
		// The page is written even when a pass fails: it shows the IR
		// up to the failure.
		defer func() {
			if err := writeHTML(o, name, page); err != nil {
				diags = append(diags, ir.AsDiagnostics(err, ir.Location{})...)
			}
		}()
	}
	pm.MarkVerified(mod)
	if err := pm.Run(mod); err != nil {
		return nil, ir.AsDiagnostics(err, mod.Loc)
	}
	start = time.Now()
	var b [][]byte
	switch o.emit {
	case "llvm":
		target, _ := llvm.ResolveTarget(o.target, o.targetCPU, o.targetFeatures) // checked in run
		text, err := llvm.Emit(mod, llvm.Options{Target: target, Threads: o.threads})
		if err != nil {
			return nil, ir.AsDiagnostics(err, mod.Loc)
		}
		if page != nil {
			page.SetLLVM(text)
		}
		b = [][]byte{[]byte(text)}
	case "c-header":
		text, err := llvm.CHeaderFor(mod, headerGuard(o, mod), llvm.Options{Threads: o.threads})
		if err != nil {
			return nil, ir.AsDiagnostics(err, mod.Loc)
		}
		b = [][]byte{[]byte(text)}
	default:
		// mlir-opt ends its output with an empty line; so do we.
		b = append(ir.PrintPieces(mod, popts), []byte("\n"))
	}
	if timing != nil {
		timing.Add("Output", time.Since(start))
	}
	return b, nil
}

// writeHTML writes the --dump-html page.
func writeHTML(o *options, input string, page *pipelinehtml.Recorder) error {
	title := "bcast-opt " + input
	if o.dumpHTMLFunc != "" {
		title += " @" + o.dumpHTMLFunc
	}
	f, err := os.Create(o.dumpHTML)
	if err != nil {
		return fmt.Errorf("--dump-html: %v", err)
	}
	err = page.Write(f, title)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
