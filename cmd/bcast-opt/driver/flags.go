package driver

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes"
)

// The command line is parsed here rather than with a flag library: the
// GNU-style libraries (cobra and pflag) link package net, which makes the
// binary dynamically linked, and loading it cost more than a small
// kernel's whole compilation. The syntax is pflag's: `--name=value`,
// `--name value`, `-o FILE`, `-o=FILE`, bool flags with an optional
// `=false`, `--<pass>` with optional `=options`, flags and the input file
// in any order, and `--` ending the flags (normalizeArgs has turned
// MLIR's single-dash long flags into double-dash ones).

// flagKind is how a flag takes its value.
type flagKind int

const (
	stringFlag flagKind = iota
	boolFlag
	passFlagKind // optional value, "{}" when absent
)

// flagDef is one command-line flag.
type flagDef struct {
	name, short string
	kind        flagKind
	usage       string
	def         string // default, shown in the help
	set         func(string) error
}

// flagSet returns the flags of one run, writing into o; the pass flags
// come from the pass registry.
func flagSet(o *options) []*flagDef {
	str := func(p *string) func(string) error { return func(v string) error { *p = v; return nil } }
	boolean := func(p *bool) func(string) error {
		return func(v string) error {
			b, err := strconv.ParseBool(v)
			*p = b
			return err
		}
	}
	o.output, o.verifyEach, o.emit = "-", true, "mlir"
	fs := []*flagDef{
		{name: "output", short: "o", usage: "output file ('-' for stdout)", def: "-", set: str(&o.output)},
		{name: "split-input-file", kind: boolFlag, usage: "split the input on '// -----' lines and process each chunk independently", set: boolean(&o.splitInputFile)},
		{name: "verify-diagnostics", kind: boolFlag, usage: "check that emitted diagnostics match expected-* comments in the input", set: boolean(&o.verifyDiagnostics)},
		{name: "verify-each", kind: boolFlag, usage: "verify the IR after each pass", def: "true", set: boolean(&o.verifyEach)},
		{name: "mlir-print-op-generic", kind: boolFlag, usage: "print every op in the generic form", set: boolean(&o.printGeneric)},
		{name: "mlir-print-ir-after-all", kind: boolFlag, usage: "print the IR to stderr after each pass", set: boolean(&o.printAfterAll)},
		{name: "mlir-timing", kind: boolFlag, usage: "print per-pass wall time to stderr", set: boolean(&o.timing)},
		{name: "allow-unregistered-dialect", kind: boolFlag, usage: "accept ops of unregistered dialects (generic form)", set: boolean(&o.allowUnregistered)},
		{name: "pass-pipeline", usage: "a textual pass pipeline, e.g. 'builtin.module(func.func(cse),canonicalize)'", set: str(&o.passPipeline)},
		{name: "pipeline", usage: "run a named pipeline before any pass flags: " + strings.Join(passes.PipelineNames(), ", ") + " (cpu: hlo to fused linalg)", set: str(&o.pipeline)},
		{name: "emit", usage: "output after the passes: mlir (the IR), llvm (LLVM IR of every public function, see lower/llvm), c-header (the C ABI of those functions)", def: "mlir", set: str(&o.emit)},
		{name: "target", usage: "target of --emit=llvm: x86_64-unknown-linux-gnu or aarch64-unknown-linux-gnu (default: the host)", set: str(&o.target)},
	}
	for _, p := range ir.RegisteredPasses() {
		help := p.Summary
		if len(p.Options) > 0 {
			var names []string
			for _, opt := range p.Options {
				names = append(names, opt.Name+"="+opt.Default)
			}
			help += " (options: " + strings.Join(names, " ") + ")"
		}
		pf := &passFlag{info: p, o: o}
		fs = append(fs, &flagDef{name: p.Name, kind: passFlagKind, usage: help, set: pf.Set})
	}
	return fs
}

// parseArgs applies the flags in args (already through normalizeArgs)
// and returns the positional arguments; help reports `-h`/`--help`.
func parseArgs(fs []*flagDef, args []string) (positional []string, help bool, err error) {
	byName := map[string]*flagDef{}
	for _, f := range fs {
		byName["--"+f.name] = f
		if f.short != "" {
			byName["-"+f.short] = f
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(positional, args[i+1:]...), false, nil
		case a == "-" || !strings.HasPrefix(a, "-"):
			positional = append(positional, a)
			continue
		case a == "-h" || a == "--help":
			return nil, true, nil
		}
		name, value, hasValue := strings.Cut(a, "=")
		f := byName[name]
		if f == nil {
			if strings.HasPrefix(a, "--") {
				return nil, false, fmt.Errorf("unknown flag: %s", name)
			}
			return nil, false, fmt.Errorf("unknown shorthand flag: %q in %s", a[1:2], a)
		}
		if !hasValue {
			switch f.kind {
			case boolFlag:
				value = "true"
			case passFlagKind:
				value = "{}"
			default:
				if i+1 == len(args) {
					return nil, false, fmt.Errorf("flag needs an argument: %s", name)
				}
				i++
				value = args[i]
			}
		}
		if err := f.set(value); err != nil {
			return nil, false, fmt.Errorf("invalid argument %q for %q flag: %v", value, name, err)
		}
	}
	return positional, false, nil
}

// usage is the `--help` text.
const usage = `bcast-opt reads MLIR textual IR (func, arith, hlo/StableHLO, linalg, ...),
runs the passes named by flags in command-line order (or --pass-pipeline),
and prints the resulting IR. Input is a file, or stdin when absent or '-'.

Usage:
  bcast-opt [flags] [file|-]

Flags:
`

// writeHelp prints the usage and one line per flag.
func writeHelp(w io.Writer, fs []*flagDef) {
	io.WriteString(w, usage)
	for _, f := range fs {
		lead := "      --" + f.name
		if f.short != "" {
			lead = "  -" + f.short + ", --" + f.name
		}
		switch f.kind {
		case stringFlag:
			lead += " string"
		case passFlagKind:
			lead += "[=options]"
		}
		line := fmt.Sprintf("%-44s %s", lead, f.usage)
		switch {
		case f.kind == boolFlag && f.def != "":
			line += " (default " + f.def + ")"
		case f.def != "":
			line += fmt.Sprintf(" (default %q)", f.def)
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "%-44s %s\n", "  -h, --help", "help for bcast-opt")
}
