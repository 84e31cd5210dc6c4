package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

func main() {
	if err := benchMain(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	rounds, warmup int
	workloads      []string
	outDir         string
	workDir        string
	compile        bool
	numpy, mlir    bool
	// offset places the harness's buffers off cache-line boundaries
	// (harness.c, --offset).
	offset int
	// bcastRun times the workloads through bcast-run instead
	// (bcastrun.go).
	bcastRun bool
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./bench [flags]\n\nRuns the kernel benchmarks (SPEC.md section 9) and writes RESULTS.md and chart.svg.\n\n")
		fs.PrintDefaults()
	}
	fs.IntVar(&o.rounds, "rounds", 9, "timed rounds per workload (each runs every implementation once)")
	fs.IntVar(&o.warmup, "warmup", 2, "untimed warm-up rounds per workload")
	quick := fs.Bool("quick", false, "3 rounds and 1 warm-up round (the sizes are fixed by SPEC.md)")
	list := fs.String("workloads", strings.Join(allWorkloads, ","), "comma-separated workloads to run")
	fs.StringVar(&o.outDir, "out-dir", "", "where to write RESULTS.md and chart.svg (default: bench/ of the repository)")
	fs.StringVar(&o.workDir, "work-dir", "", "build directory, kept afterwards, with the raw output of the harness (<workload>.out) and of numpy (numpy.out) (default: a temporary directory, removed)")
	fs.BoolVar(&o.compile, "compile", true, "append the compile-speed section (bench/compilespeed)")
	fs.BoolVar(&o.numpy, "numpy", true, "time numpy (Debian's python3 with numpy)")
	fs.BoolVar(&o.mlir, "mlir", true, "build and time the MLIR 19 kernels when bench/mlir19 can build them")
	fs.IntVar(&o.offset, "offset", 0, "place the harness's buffers off cache-line boundaries, as malloc and numpy place arrays: input k at (k+1)*B mod 64 bytes past one, the outputs at B (a multiple of 4 below 64; 16: aligned to 16 bytes only)")
	fs.BoolVar(&o.bcastRun, "bcast-run", false, "time W1..W5u (or --workloads) through `bcast-run --bench` against the C loop timed the same way, --rounds times each, and print the ratios (no RESULTS.md)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	workloadsSet := false
	fs.Visit(func(f *flag.Flag) { workloadsSet = workloadsSet || f.Name == "workloads" })
	if o.bcastRun && !workloadsSet {
		*list = strings.Join(bcastRunDefault, ",")
	}
	if o.offset < 0 || o.offset >= 64 || o.offset%4 != 0 {
		return o, errors.New("--offset must be a multiple of 4 from 0 to 60")
	}

	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *quick {
		o.rounds, o.warmup = 3, 1
	}
	if o.rounds < 1 || o.warmup < 0 {
		return o, errors.New("--rounds must be at least 1 and --warmup at least 0")
	}
	for _, w := range strings.Split(*list, ",") {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		if !slices.Contains(allWorkloads, w) {
			return o, fmt.Errorf("unknown workload %q (want some of %s)", w, strings.Join(allWorkloads, ","))
		}
		if !slices.Contains(o.workloads, w) {
			o.workloads = append(o.workloads, w)
		}
	}
	if len(o.workloads) == 0 {
		return o, errors.New("--workloads names no workload")
	}
	if o.bcastRun {
		return o, checkBcastRunFlags(o)
	}
	return o, nil
}

// repoRoot is the directory holding go.mod above the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "bench", "c", "harness.c")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return dir, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run from inside the bcast-opt repository (no go.mod with bench/c/harness.c above the working directory)")
		}
		dir = parent
	}
}

func benchMain(args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	if o.outDir == "" {
		o.outDir = filepath.Join(root, "bench")
	}
	log := func(format string, a ...any) { fmt.Fprintf(stderr, "bench: "+format+"\n", a...) }

	tc, err := findToolchain()
	if err != nil {
		return err
	}
	machine := probeMachine(tc) // before building, for the load average
	work := o.workDir
	if work == "" {
		if work, err = os.MkdirTemp("", "bcast-bench-"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}

	var mlir mlirKernels
	if o.mlir {
		mlir = mlir19Builder
	}
	if o.bcastRun {
		mlir = nil
	}
	b, err := buildAll(root, work, tc, o.workloads, mlir, log)
	if err != nil {
		return err
	}
	if o.bcastRun {
		return viaBcastRun(root, work, b.harness, o, stdout, log)
	}
	rep := &Report{Machine: machine, Rounds: o.rounds, Warmup: o.warmup, LLVMCompile: tc.llvmDescription(), Kernels: b.stats, OursErrors: b.oursErr, Notes: b.notes}
	if o.offset != 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("--offset %d: input k of the harness starts (k+1)*%d mod 64 bytes past a 64-byte boundary, the outputs %d bytes past one", o.offset, o.offset, o.offset))
	}
	results := map[string]*Result{}
	for _, w := range o.workloads {
		log("running %s (%d rounds)", w, o.rounds)
		recs, err := runHarness(b.harness, w, o.rounds, o.warmup, o.offset)
		if err != nil {
			return err
		}
		if err := mergeRecords(results, recs); err != nil {
			return err
		}
		if _, ran := results[w].Times[implOurs]; b.ours[kernelOf(w)] && !ran {
			return fmt.Errorf("%s: bcast-opt's kernel %s built but the harness did not run it (symbol bcastopt_%s missing?)", w, kernelOf(w), kernelOf(w))
		}
	}
	if o.numpy {
		if _, _, err := python(1); err == nil {
			for _, w := range o.workloads {
				log("checking %s's C loop against numpy", w)
				recs, err := checkNumpy(b.harness, root, w, results[w].Rtol, results[w].Atol)
				if err != nil {
					return err
				}
				if err := mergeRecords(results, recs); err != nil {
					return err
				}
			}
		}
		log("running numpy")
		recs, version, err := runNumpy(root, work, o.workloads, o.rounds, o.warmup, 1)
		if err != nil {
			log("numpy: %v", err)
			rep.Notes = append(rep.Notes, "numpy: "+firstLine(err))
		} else if err := mergeRecords(results, recs); err != nil {
			return err
		}
		rep.Machine.Numpy = version
		if cores := runtime.NumCPU(); err == nil && cores > 1 {
			log("running numpy on %d threads", cores)
			recs, _, err := runNumpy(root, work, o.workloads, o.rounds, o.warmup, cores)
			if err != nil {
				log("numpy on %d threads: %v", cores, err)
				rep.Notes = append(rep.Notes, "numpy on all cores: "+firstLine(err))
			} else if err := mergeRecords(results, recs); err != nil {
				return err
			}
		}
	}
	for _, w := range o.workloads {
		if r := results[w]; r != nil {
			rep.Results = append(rep.Results, *r)
		}
	}

	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return err
	}
	const chartName = "chart.svg"
	if err := os.WriteFile(filepath.Join(o.outDir, chartName), []byte(rep.Chart()), 0o644); err != nil {
		return err
	}
	var md bytes.Buffer
	md.WriteString(rep.Markdown(chartName))
	if o.compile {
		log("measuring compile speed")
		md.WriteString("\n")
		if err := compileSpeed(&md, root); err != nil {
			return fmt.Errorf("compile speed: %v", err)
		}
	}
	resultsPath := filepath.Join(o.outDir, "RESULTS.md")
	if err := os.WriteFile(resultsPath, md.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Machine: %s\n\n%s\n", rep.MachineLine(), rep.Table())
	if mt := rep.MultiThreadTable(); mt != "" {
		fmt.Fprintf(stdout, "All cores:\n\n%s\n", mt)
	}
	if jax := rep.JAXTable(); jax != "" {
		fmt.Fprintf(stdout, "%s\n", jax)
	}
	if targets := rep.Targets(); targets != "" {
		fmt.Fprintf(stdout, "%s\n", targets)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	fmt.Fprintf(stdout, "wrote %s and %s\n", resultsPath, filepath.Join(o.outDir, chartName))
	return nil
}
