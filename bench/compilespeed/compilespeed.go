package compilespeed

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/bcast-opt/bcast-opt/bench/mlir19"
	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/internal/irgen"
	"github.com/bcast-opt/bcast-opt/ir"

	// Every dialect and pass: the generated 20 MB module uses builtin,
	// func and arith.
	_ "github.com/bcast-opt/bcast-opt/all"
)

// Options sets how much Run measures.
type Options struct {
	// Runs is the number of interleaved runs of each workload's two
	// compilers (the medians are reported).
	Runs int
	// ModuleSize is the size in bytes of the generated module whose
	// parse + verify + print throughput is measured, ThroughputRuns how
	// many times it is measured.
	ModuleSize, ThroughputRuns int
	// ScalingOps are the module sizes, in ops, of the --pipeline=cpu
	// scaling table, ScalingRuns the runs per size and shape.
	ScalingOps  []int
	ScalingRuns int
	// OpsPerFunc is the size of the functions of the "many functions"
	// shape; every DynamicEvery-th of them has dynamic dims.
	OpsPerFunc, DynamicEvery int
}

// DefaultOptions is what bench/main.go and the standalone command use.
var DefaultOptions = Options{
	Runs:       11,
	ModuleSize: 20 << 20, ThroughputRuns: 5,
	ScalingOps: []int{1000, 10000, 100000, 200000}, ScalingRuns: 3,
	OpsPerFunc: 100, DynamicEvery: 4,
}

// QuickOptions exercise every part in a few seconds (tests, -quick).
var QuickOptions = Options{
	Runs:       1,
	ModuleSize: 256 << 10, ThroughputRuns: 1,
	ScalingOps: []int{100, 1000}, ScalingRuns: 1,
	OpsPerFunc: 100, DynamicEvery: 4,
}

// mlirToLLVM returns the mlir-opt-19 and mlir-translate-19 command lines
// taking a workload to LLVM IR in dir (a variable so tests can stub it).
var mlirToLLVM = mlir19.ToLLVMCommands

// workloads are the kernels of docs/SPEC.md §9 that have their own file.
var workloads = []string{"W1", "W2", "W3", "W4", "W5"}

// Run writes the "Compile speed" section, measured with DefaultOptions,
// to w; root is the repository root.
func Run(w io.Writer, root string) error { return RunWith(w, root, DefaultOptions) }

// RunWith is Run with the given options.
func RunWith(w io.Writer, root string, o Options) error {
	tmp, err := os.MkdirTemp("", "compilespeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, err := buildBcastOpt(root, tmp)
	if err != nil {
		return err
	}
	var md bytes.Buffer
	fmt.Fprintf(&md, "## Compile speed\n\n")
	fmt.Fprintf(&md, "bcast-opt built from this checkout with `CGO_ENABLED=0 go build` (a static binary, as released; %s, %s/%s, %d CPUs, load average %s at the start). "+
		"Times are wall-clock medians of runs of the binary as a child process.\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadAverage())
	if err := workloadTable(&md, root, bin, tmp, o); err != nil {
		return err
	}
	if err := throughput(&md, o); err != nil {
		return err
	}
	if err := scaling(&md, bin, tmp, o); err != nil {
		return err
	}
	_, err = w.Write(md.Bytes())
	return err
}

// buildBcastOpt builds cmd/bcast-opt into dir, statically linked
// (CGO_ENABLED=0): cobra's flag package imports net, which otherwise
// links the binary against libc dynamically and costs ~1 ms of start-up
// per run.
func buildBcastOpt(root, dir string) (string, error) {
	bin := filepath.Join(dir, "bcast-opt")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bcast-opt")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building bcast-opt: %v\n%s", err, out)
	}
	return bin, nil
}

// measurement is one run of a child process.
type measurement struct {
	wall time.Duration
	// cpu is the user and system CPU time of the process: unlike wall
	// time it does not count waiting for a CPU on a loaded machine.
	cpu    time.Duration
	maxRSS int64 // bytes
}

// run runs argv and returns its wall time and, where the kernel reports
// it, its peak resident set size. Linux charges a child with the peak RSS
// of the process it was forked from (os/exec forks the measuring process
// itself, whose heap holds the 20 MB test module), so use measured for
// the peak RSS.
func run(argv []string) (measurement, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	m := measurement{wall: time.Since(start)}
	if err != nil {
		return m, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, stderr.Bytes())
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.maxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return m, nil
}

// measureEnv holds the command line (its arguments separated by the
// ASCII unit separator, 0x1f) that a re-executed copy of the running
// binary times; see measured.
const measureEnv = "BCAST_COMPILESPEED_MEASURE"

// init turns any binary that links this package, started by measured,
// into the small intermediate process that runs the command and reports
// its wall time, peak RSS and CPU time.
func init() {
	if argv := os.Getenv(measureEnv); argv != "" {
		m, err := run(strings.Split(argv, "\x1f"))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%d %d %d\n", m.wall.Nanoseconds(), m.maxRSS, m.cpu.Nanoseconds())
		os.Exit(0)
	}
}

// measured runs argv through a fresh copy of the running binary (which
// init turns into a runner), so that the peak RSS reported is that of
// the command alone: the copy starts small, and the command forked from
// it inherits only its small peak. Without the running binary (or on
// failure to re-execute) it falls back to run.
func measured(argv []string) (measurement, error) {
	self, err := os.Executable()
	if err != nil {
		return run(argv)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), measureEnv+"="+strings.Join(argv, "\x1f"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return measurement{}, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, stderr.Bytes())
	}
	var ns, rss, cpu int64
	if _, err := fmt.Sscan(stdout.String(), &ns, &rss, &cpu); err != nil {
		return measurement{}, fmt.Errorf("measuring %s: unexpected report %q", strings.Join(argv, " "), stdout.String())
	}
	return measurement{wall: time.Duration(ns), maxRSS: rss, cpu: time.Duration(cpu)}, nil
}

// runAll runs the command lines in turn and returns their total wall and
// CPU times.
func runAll(argvs [][]string) (measurement, error) {
	var total measurement
	for _, a := range argvs {
		m, err := run(a)
		if err != nil {
			return measurement{}, err
		}
		total.wall += m.wall
		total.cpu += m.cpu
	}
	return total, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// workloadTable compares bcast-opt with mlir-opt-19 + mlir-translate-19
// on each workload, the two runs of each round back to back so that both
// see the same machine load.
func workloadTable(md *bytes.Buffer, root, bin, tmp string, o Options) error {
	haveMLIR := true
	for _, t := range []string{"mlir-opt-19", "mlir-translate-19"} {
		if _, err := exec.LookPath(t); err != nil {
			haveMLIR = false
		}
	}
	fmt.Fprintf(md, "### .mlir to LLVM IR\n\n")
	fmt.Fprintf(md, "`bcast-opt Wn.mlir --pipeline=cpu --emit=llvm` (bench/workloads) against `mlir-opt-19` with bench/mlir19's pipeline "+
		"then `mlir-translate-19 --mlir-to-llvmir` (bench/mlir19/Wn.mlir, the same kernels in TOSA); median of %d interleaved runs "+
		"after one untimed run of each. CPU is the user + system CPU time of the same runs: on a loaded machine wall time also counts "+
		"waiting for a CPU, which CPU time does not.\n\n", o.Runs)
	if !haveMLIR {
		fmt.Fprintf(md, "mlir-opt-19 or mlir-translate-19 is not installed: bcast-opt alone.\n\n")
	}
	fmt.Fprintf(md, "| workload | bcast-opt (ms) | mlir-opt-19 + mlir-translate-19 (ms) | bcast-opt faster by | bcast-opt CPU (ms) | MLIR CPU (ms) | faster by (CPU) |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, wl := range workloads {
		dir := filepath.Join(tmp, wl)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		ours := []string{bin, filepath.Join(root, "bench", "workloads", wl+".mlir"), "--pipeline=cpu", "--emit=llvm", "-o", filepath.Join(dir, wl+".bcast.ll")}
		var theirs [][]string
		if haveMLIR {
			var err error
			if theirs, err = mlirToLLVM(wl, dir); err != nil {
				return err
			}
		}
		// One run of each first, not timed: it brings the binaries and
		// inputs into the page cache.
		if _, err := run(ours); err != nil {
			return err
		}
		if theirs != nil {
			if _, err := runAll(theirs); err != nil {
				return err
			}
		}
		var tOurs, tTheirs, cOurs, cTheirs []time.Duration
		for i := 0; i < o.Runs; i++ {
			m, err := run(ours)
			if err != nil {
				return err
			}
			tOurs, cOurs = append(tOurs, m.wall), append(cOurs, m.cpu)
			if theirs != nil {
				m, err := runAll(theirs)
				if err != nil {
					return err
				}
				tTheirs, cTheirs = append(tTheirs, m.wall), append(cTheirs, m.cpu)
			}
		}
		if theirs == nil {
			fmt.Fprintf(md, "| %s | %s | - | - | %s | - | - |\n", wl, ms(median(tOurs)), ms(median(cOurs)))
			continue
		}
		a, b := median(tOurs), median(tTheirs)
		ca, cb := median(cOurs), median(cTheirs)
		fmt.Fprintf(md, "| %s | %s | %s | %.1fx | %s | %s | %.1fx |\n", wl, ms(a), ms(b), float64(b)/float64(a), ms(ca), ms(cb), float64(cb)/float64(ca))
	}
	md.WriteString("\n")
	return nil
}

// throughput measures parse, verify and print of the generated module in
// this process, as BenchmarkParseVerifyPrint does, with the garbage
// collector set as the bcast-opt binary sets it (driver.TuneGC).
func throughput(md *bytes.Buffer, o Options) error {
	gcPercent := debug.SetGCPercent(100)
	debug.SetGCPercent(gcPercent)
	defer debug.SetGCPercent(gcPercent)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	driver.TuneGC()
	src := irgen.Module(o.ModuleSize)
	var total, parse, verify, print []time.Duration
	for i := 0; i < o.ThroughputRuns; i++ {
		runtime.GC() // each run starts from the same heap
		t0 := time.Now()
		m, err := ir.Parse("gen.mlir", src, ir.ParseOptions{})
		if err != nil {
			return err
		}
		t1 := time.Now()
		if err := ir.Verify(m); err != nil {
			return err
		}
		t2 := time.Now()
		_ = ir.PrintBytes(m, ir.PrintOptions{})
		t3 := time.Now()
		total = append(total, t3.Sub(t0))
		parse, verify, print = append(parse, t1.Sub(t0)), append(verify, t2.Sub(t1)), append(print, t3.Sub(t2))
	}
	mbps := func(d time.Duration) string { return fmt.Sprintf("%.0f", float64(len(src))/1e6/d.Seconds()) }
	fmt.Fprintf(md, "### Parse + verify + print\n\n")
	fmt.Fprintf(md, "The generated %.1f MB module of internal/irgen (functions of arith ops on tensors and scalars, constants, calls, "+
		"attributes), in process through package ir, with the garbage collector set as bcast-opt sets it (driver.TuneGC: no collection "+
		"below a 2 GiB soft limit); median of %d runs, MB/s of input text.\n\n", float64(len(src))/1e6, o.ThroughputRuns)
	fmt.Fprintf(md, "| parse + verify + print | parse | verify | print |\n|---:|---:|---:|---:|\n")
	fmt.Fprintf(md, "| %s | %s | %s | %s |\n\n", mbps(median(total)), mbps(median(parse)), mbps(median(verify)), mbps(median(print)))
	return nil
}

// scaling runs `bcast-opt --pipeline=cpu` on generated HLO modules of
// growing size, in two shapes.
func scaling(md *bytes.Buffer, bin, tmp string, o Options) error {
	fmt.Fprintf(md, "### Scaling of --pipeline=cpu\n\n")
	fmt.Fprintf(md, "`bcast-opt --pipeline=cpu` (text output) on internal/irgen.HLO modules: chains of CHLO broadcasting ops "+
		"(add, multiply, maximum, subtract; every tenth a divide that the function also returns, so kernels are about ten ops), "+
		"either in functions of %d ops, one in %d with dynamic dims (many functions), or all in one static function (one function). "+
		"Median wall time and CPU time (user + system, all threads) of %d runs, and the peak RSS of the process; growth is the wall time ratio to the previous size (Nx per Nx ops is linear). "+
		"200k ops show how cost grows once the IR is far larger than the cache; the many-functions module's heap reaches bcast-opt's soft memory limit there "+
		"(2 GiB on machines of 4 GiB or more, driver.TuneGC), so the collector runs.\n\n",
		o.OpsPerFunc, o.DynamicEvery, o.ScalingRuns)
	fmt.Fprintf(md, "| shape | ops | input (MB) | time (ms) | CPU (ms) | peak RSS (MB) | growth |\n|---|---:|---:|---:|---:|---:|---:|\n")
	shapes := []struct {
		name         string
		perFunc, dyn func(n int) int
	}{
		{name: "many functions", perFunc: func(int) int { return o.OpsPerFunc }, dyn: func(int) int { return o.DynamicEvery }},
		{name: "one function", perFunc: func(n int) int { return n }, dyn: func(int) int { return 0 }},
	}
	for _, sh := range shapes {
		var prev time.Duration
		prevN := 0
		for _, n := range o.ScalingOps {
			src := irgen.HLO(n, sh.perFunc(n), sh.dyn(n))
			in := filepath.Join(tmp, fmt.Sprintf("hlo_%d.mlir", n))
			if err := os.WriteFile(in, src, 0o644); err != nil {
				return err
			}
			argv := []string{bin, in, "--pipeline=cpu", "-o", filepath.Join(tmp, "out.mlir")}
			var walls, cpus []time.Duration
			var rss int64
			for i := 0; i < o.ScalingRuns; i++ {
				m, err := measured(argv)
				if err != nil {
					return err
				}
				walls, cpus = append(walls, m.wall), append(cpus, m.cpu)
				rss = max(rss, m.maxRSS)
			}
			t := median(walls)
			growth := "-"
			if prevN > 0 {
				growth = fmt.Sprintf("%.1fx per %dx ops", float64(t)/float64(prev), n/prevN)
			}
			fmt.Fprintf(md, "| %s | %d | %.1f | %s | %s | %.0f | %s |\n", sh.name, n, float64(len(src))/1e6, ms(t), ms(median(cpus)), float64(rss)/(1<<20), growth)
			prev, prevN = t, n
		}
	}
	md.WriteString("\n")
	return nil
}

// loadAverage returns the 1-minute load average, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}
