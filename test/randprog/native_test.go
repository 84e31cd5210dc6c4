package randprog

import (
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/passes"
)

// The native stage: each program that survives `--pipeline=cpu` is lowered
// to LLVM IR (package lower/llvm), its @main renamed @p<seed>, and up to
// nativeBatch of them share one LLVM module, compiled once (clang-19 -O2,
// else llc -O2 and cc) with a generated C driver (nativeDriver) that runs
// every program of the batch on its inputs from one file and writes the
// return codes, messages and results to another. Every result must be the
// interpreter's (on the original program) bit for bit (any NaN equals any
// NaN), except results that are inexact values (doc.go: they depend on a
// Transcendental op's result), within TranscendentalULPs (or
// closeAfterInexact, for a libm difference grown through later ops); a
// program that fails in the interpreter must return a nonzero code with a
// message, and the others 0. Programs that the pipeline's lowering or
// lower/llvm rejects with a diagnostic are counted as not compiled, by
// reason.
//
// BCAST_RANDPROG_NATIVE=0 disables the stage; without clang-19 (or llc and
// cc) it skips, unless BCAST_REQUIRE_TOOLS=1.

const nativeBatch = 300

// nativeProg is one program prepared for the native stage: its function
// after --pipeline=cpu (renamed) and the runs to make of it.
type nativeProg struct {
	prog *Program // whose Results say which results are inexact values
	fn   *ir.Operation
	runs []nativeRun
	// label names the program in failure reports ("seed 12"), repro
	// prints how to rerun it, its text and its inputs.
	label string
	repro func() string
}

// nativeRun is one call of a native program and the interpreter's answer.
type nativeRun struct {
	label string // "" for the program's own inputs, else what differs
	args  []*interp.Tensor
	out   []*interp.Tensor
	err   error
	// bounded runs (reduction mode) compare float results within bounds
	// (bounds.go), one per result (nil: exact), instead of the inexact
	// flags' tolerance.
	bounded bool
	bounds  []valueBounds
}

// nativeStats counts what the native stage did.
type nativeStats struct {
	compared, failing int
	notCompiled       map[string]int
	maxULPs           int64
	// exactResults are compared bit for bit, inexactResults (doc.go's
	// inexact values) within TranscendentalULPs or closeAfterInexact.
	exactResults, inexactResults int
	// Bounded runs: result elements compared bit for bit, within a range,
	// and left unbounded; the largest distance from the interpreter's
	// value as a fraction of the room the range leaves on that side, and
	// where it was.
	exactElems, rangeElems, unboundedElems int
	maxRatio                               float64
	worst                                  string
	// differing counts the programs with a range element whose bits are
	// not the interpreter's; differSeeds names the first few.
	differing   int
	differSeeds []string
}

func TestRandomProgramsNative(t *testing.T) {
	if os.Getenv("BCAST_RANDPROG_NATIVE") == "0" {
		t.Skip("BCAST_RANDPROG_NATIVE=0")
	}
	compile := nativeCompiler(t)
	n := envInt(t, "BCAST_RANDPROG_N", 300)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	if _, err := passes.PipelineEntries("cpu"); err != nil {
		t.Fatalf("--pipeline=cpu: %v", err)
	}
	st := &nativeStats{notCompiled: map[string]int{}}
	nr := newNativeRunner(t, compile, n, st)
	for i := int64(0); i < n; i++ {
		np, reason, err := prepareNative(Generate(seed+i, DefaultConfig))
		if err != nil {
			nr.fail(fmt.Sprintf("seed %d: %v\nreproduce: BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_N=1 go test ./test/randprog/ -run TestRandomProgramsNative", seed+i, err, seed+i))
			continue
		}
		if reason != "" {
			nr.mu.Lock()
			st.notCompiled[reason]++
			nr.mu.Unlock()
			continue
		}
		nr.add(np)
	}
	failures := nr.wait()
	reasons, total := counts(st.notCompiled)
	t.Logf("native: %d programs (seeds %d..%d): %d compared natively (%d of them fail at run time and fail natively too), %d mismatches; "+
		"%d results compared bit for bit, %d inexact ones with a tolerance (largest difference %d ulps); %d not compiled (%s)",
		n, seed, seed+n-1, st.compared, st.failing, failures, st.exactResults, st.inexactResults, st.maxULPs, total, reasons)
}

// nativeRunner compiles and runs native programs in batches, one batch per
// CPU at a time, and reports the first mismatches as test errors.
type nativeRunner struct {
	t        *testing.T
	compile  func(dir, ll, c, exe string) error
	st       *nativeStats
	size     int
	batch    []*nativeProg
	mu       sync.Mutex
	wg       sync.WaitGroup
	sem      chan struct{}
	failures int
}

// newNativeRunner makes batches of up to nativeBatch programs, but at
// least one batch per CPU when there are fewer than that many (n).
func newNativeRunner(t *testing.T, compile func(dir, ll, c, exe string) error, n int64, st *nativeStats) *nativeRunner {
	workers := max(1, runtime.NumCPU())
	return &nativeRunner{t: t, compile: compile, st: st, sem: make(chan struct{}, workers),
		size: int(min(nativeBatch, max(1, (n+int64(workers)-1)/int64(workers))))}
}

func (nr *nativeRunner) fail(msg string) {
	nr.mu.Lock()
	defer nr.mu.Unlock()
	nr.failures++
	if nr.failures <= 5 {
		nr.t.Error(msg)
	}
}

func (nr *nativeRunner) add(np *nativeProg) {
	nr.batch = append(nr.batch, np)
	if len(nr.batch) == nr.size {
		nr.flush()
	}
}

func (nr *nativeRunner) flush() {
	if len(nr.batch) == 0 {
		return
	}
	b := nr.batch
	nr.batch = nil
	dir := nr.t.TempDir()
	if d := os.Getenv("BCAST_RANDPROG_NATIVE_DIR"); d != "" {
		dir = filepath.Join(d, fmt.Sprintf("batch-%s", strings.ReplaceAll(b[0].label, " ", "")))
		os.MkdirAll(dir, 0o755)
	}
	nr.sem <- struct{}{}
	nr.wg.Add(1)
	go func() {
		defer nr.wg.Done()
		defer func() { <-nr.sem }()
		runNativeBatch(b, dir, nr.compile, nr.st, &nr.mu, nr.fail)
	}()
}

// wait runs the last batch, waits for all and returns the number of
// failures.
func (nr *nativeRunner) wait() int {
	nr.flush()
	nr.wg.Wait()
	if nr.failures > 5 {
		nr.t.Errorf("... %d mismatching programs in all", nr.failures)
	}
	return nr.failures
}

// nativeCompiler returns a function that builds an executable from LLVM IR
// and C source in dir, or skips the test when no compiler is found.
func nativeCompiler(t *testing.T) func(dir, ll, c, exe string) error {
	compile, msg := findNativeCompiler()
	if compile != nil {
		return compile
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
	}
	t.Skip(msg + "; set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	return nil
}

// findNativeCompiler returns a function that builds an executable from
// LLVM IR and C source in dir (clang-19, else llc and cc), or nil and why.
func findNativeCompiler() (func(dir, ll, c, exe string) error, string) {
	run := func(dir, name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return nil
	}
	if clang, err := exec.LookPath("clang-19"); err == nil {
		return func(dir, ll, c, exe string) error {
			return run(dir, clang, "-O2", "-w", "-Wno-override-module", ll, c, "-o", exe, "-lm")
		}, ""
	}
	llc, errLLC := exec.LookPath("llc")
	cc, errCC := exec.LookPath("cc")
	if errLLC == nil && errCC == nil {
		return func(dir, ll, c, exe string) error {
			obj := filepath.Join(dir, "kernels.o")
			if err := run(dir, llc, "-O2", "-filetype=obj", "-relocation-model=pic", ll, "-o", obj); err != nil {
				return err
			}
			return run(dir, cc, "-O2", "-w", c, obj, "-o", exe, "-lm")
		}, ""
	}
	return nil, "compiling LLVM IR to native code needs clang-19, or llc and cc, on PATH"
}

// prepareNative interprets the program, runs --pipeline=cpu on a fresh
// build and checks that lower/llvm accepts it. It returns the reason when
// the program is not compiled, and an error for a bug (a pass failure that
// is no documented rejection).
func prepareNative(p *Program) (*nativeProg, string, error) {
	return prepareNativeRun(p, false)
}

// prepareNativeRun is prepareNative, the run bounded (bounds.go) if
// bounded is set.
func prepareNativeRun(p *Program, bounded bool) (*nativeProg, string, error) {
	orig, ops, err := p.Build()
	if err != nil {
		return nil, "", err
	}
	trace := make([]*interp.Tensor, len(p.Ops))
	out, runErr := interp.RunWithOptions(orig, "main", p.Args(), interp.Options{Trace: func(op *ir.Operation, res []*interp.Tensor) {
		if k, ok := ops[op]; ok && bounded {
			trace[k] = res[p.Ops[k].resultIndex()]
		}
	}})
	run := nativeRun{args: p.Args(), out: out, err: runErr, bounded: bounded}
	if bounded && runErr == nil {
		bs, err := programBounds(p, trace, false)
		if err != nil {
			return nil, "", fmt.Errorf("bounds: %v", err)
		}
		for _, r := range p.Results {
			run.bounds = append(run.bounds, bs.bounds[r])
		}
	}
	m, _, err := p.Build()
	if err != nil {
		return nil, "", err
	}
	if reason, err := runCPUPipeline(m); reason != "" || err != nil {
		return nil, reason, err
	}
	fn, reason, err := nativeFunc(m, fmt.Sprintf("p%d", p.Seed))
	if reason != "" || err != nil {
		return nil, reason, err
	}
	np := &nativeProg{prog: p, fn: fn, label: fmt.Sprintf("seed %d", p.Seed), runs: []nativeRun{run}}
	np.repro = func() string { return nativeRepro(np) }
	return np, "", nil
}

// runCPUPipeline runs --pipeline=cpu on m one pass at a time. It returns
// the reason when the pipeline rejects the program with a diagnostic (the
// lowering, or versioning over its bound: documented limits), and an error
// for any other failure.
func runCPUPipeline(m *ir.Operation) (string, error) {
	entries, err := passes.PipelineEntries("cpu")
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		pm := &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
		if err := pm.Run(m); err != nil {
			rejected := e.Pass.Name == lowering || (e.Pass.Name == "linalg-version-broadcasts" && strings.Contains(err.Error(), "more than max-versions"))
			if rejected && !strings.Contains(err.Error(), "the IR failed to verify after pass") {
				return "pipeline: " + notLoweredReason(err), nil
			}
			return "", fmt.Errorf("--pipeline=cpu: --%s: %v", e.Pass.Name, err)
		}
	}
	return "", nil
}

// nativeFunc checks that lower/llvm accepts m (after --pipeline=cpu) and
// takes its one function out of it, renamed.
func nativeFunc(m *ir.Operation, name string) (*ir.Operation, string, error) {
	if _, err := llvm.Emit(m, llvm.Options{}); err != nil {
		return nil, "lower/llvm: " + notLoweredReason(err), nil
	}
	var fn *ir.Operation
	for _, op := range m.Region(0).Front().Ops() {
		if op.Name() != "func.func" {
			return nil, "", fmt.Errorf("--pipeline=cpu leaves a top-level %s", op.Name())
		}
		if fn != nil {
			return nil, "not compiled: more than one function after --pipeline=cpu", nil
		}
		fn = op
	}
	fn.SetAttr("sym_name", ir.Str(name))
	fn.Remove()
	return fn, "", nil
}

// buildNativeBatch puts fns (functions after --pipeline=cpu, renamed and
// taken out of their modules) into one module, writes its LLVM IR, C
// header and the generated C driver into dir and compiles them into an
// executable there. It returns the executable and the functions' ABIs, in
// order; an error says which step failed.
func buildNativeBatch(fns []*ir.Operation, dir string, compile func(dir, ll, c, exe string) error) (string, []*llvm.FuncABI, error) {
	m := newModule()
	for _, fn := range fns {
		m.Region(0).Front().Append(fn)
	}
	irText, err := llvm.Emit(m, llvm.Options{})
	if err != nil {
		return "", nil, fmt.Errorf("emitting the batch: %v", err)
	}
	header, err := llvm.CHeader(m, "")
	if err != nil {
		return "", nil, err
	}
	abis, err := llvm.Functions(m)
	if err != nil || len(abis) != len(fns) {
		return "", nil, fmt.Errorf("llvm.Functions: %d functions, error %v", len(abis), err)
	}
	write := func(name, data string) (string, error) {
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, []byte(data), 0o644)
	}
	ll, err := write("kernels.ll", irText)
	if err == nil {
		_, err = write("kernels.h", header)
	}
	c, err2 := write("driver.c", llvm.CDriver(abis, "kernels.h"))
	if err != nil || err2 != nil {
		return "", nil, errors.Join(err, err2)
	}
	exe := filepath.Join(dir, "run")
	if err := compile(dir, ll, c, exe); err != nil {
		return "", nil, fmt.Errorf("compiling: %v", err)
	}
	return exe, abis, nil
}

// runNativeBatch compiles and runs one batch and compares its results.
func runNativeBatch(batch []*nativeProg, dir string, compile func(dir, ll, c, exe string) error, st *nativeStats, mu *sync.Mutex, fail func(string)) {
	seeds := fmt.Sprintf("%s..%s", batch[0].label, batch[len(batch)-1].label)
	funcs := make([]*ir.Operation, len(batch))
	for k, np := range batch {
		funcs[k] = np.fn
	}
	exe, fns, err := buildNativeBatch(funcs, dir, compile)
	if err != nil {
		fail(fmt.Sprintf("%s: %v", seeds, err))
		return
	}
	// One call per run: a function with several runs is called once for
	// each, with guard pages after every buffer, so that a read or write
	// past one's end (a missed run-time shape check) crashes.
	var calls []llvm.DriverCall
	for k, np := range batch {
		for _, run := range np.runs {
			args := make([]llvm.DriverTensor, len(run.args))
			for i, a := range run.args {
				args[i] = llvm.DriverTensor{Shape: a.Shape(), Data: a.Bytes()}
			}
			calls = append(calls, llvm.DriverCall{Func: fns[k], Args: args})
		}
	}
	results, runErr := llvm.RunDriverCalls(exe, dir, calls, llvm.DriverOptions{Guard: true})
	i := 0
	for k, np := range batch {
		for _, run := range np.runs {
			name := np.label
			if run.label != "" {
				name += " (" + run.label + ")"
			}
			if i >= len(results) {
				// The driver died in this call: a crash, or a read or
				// write past a buffer's end into its guard page.
				fail(fmt.Sprintf("%s: the driver failed in this call: %v%s", name, runErr, np.repro()))
				return
			}
			res := results[i]
			i++
			var got []*interp.Tensor
			for r, t := range res.Results {
				tt, err := interp.FromBytes(fns[k].Results[r].Elem, t.Shape, t.Data)
				if err != nil {
					fail(fmt.Sprintf("%s: result %d: %v", name, r, err))
					return
				}
				got = append(got, tt)
			}
			if d := compareNative(np, run, res.Code, res.Message, got, st, mu); d != "" {
				fail(fmt.Sprintf("%s natively: %s%s", name, d, np.repro()))
			}
		}
	}
	if runErr != nil {
		fail(fmt.Sprintf("%s: %v", seeds, runErr))
	}
}

func nativeRepro(np *nativeProg) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\nreproduce: %s\n", np.prog.reproduce(true))
	sb.WriteString(describeChains(np.prog))
	if m, _, err := np.prog.Build(); err == nil {
		sb.WriteString(ir.PrintString(m, ir.PrintOptions{}))
	}
	for i, in := range np.prog.Inputs {
		fmt.Fprintf(&sb, "input #%d: %v\n", i, in.Data)
	}
	fmt.Fprintf(&sb, "interpreter results %v, error %v\n", np.runs[0].out, np.runs[0].err)
	return sb.String()
}

// compareNative checks one native run against the interpreter.
func compareNative(np *nativeProg, run nativeRun, rc int32, msg string, got []*interp.Tensor, st *nativeStats, mu *sync.Mutex) string {
	if run.err != nil {
		if rc == 0 {
			return fmt.Sprintf("returns 0, but the interpreter fails: %v", run.err)
		}
		if msg == "" {
			return fmt.Sprintf("returns %d without a message (the interpreter: %v)", rc, run.err)
		}
		mu.Lock()
		st.compared++
		st.failing++
		mu.Unlock()
		return ""
	}
	if rc != 0 {
		return fmt.Sprintf("returns %d: %s", rc, msg)
	}
	if run.bounded {
		return compareBounded(np.label, run, got, st, mu)
	}
	var ulps int64
	var exact, inexact, exactElems int
	for k, want := range run.out {
		g := got[k]
		if np.prog.value(np.prog.Results[k]).Inexact && (want.IsFloat() || want.IsComplex()) && g.ElemType() == want.ElemType() && fmt.Sprint(g.Shape()) == fmt.Sprint(want.Shape()) {
			inexact++
			d, msg := withinInexact(g, want)
			ulps = max(ulps, d)
			if msg != "" {
				return fmt.Sprintf("result #%d %s\n  native      %v\n  interpreter %v", k, msg, g, want)
			}
			continue
		}
		exact++
		exactElems += g.Len()
		if !g.Equal(want) {
			return fmt.Sprintf("result #%d differs:\n  native      %v\n  interpreter %v", k, g, want)
		}
	}
	mu.Lock()
	st.compared++
	st.exactResults += exact
	st.exactElems += exactElems
	st.inexactResults += inexact
	st.maxULPs = max(st.maxULPs, ulps)
	mu.Unlock()
	return ""
}

// compareBounded checks a bounded run's results element by element
// against their bounds (bounds.go).
func compareBounded(label string, run nativeRun, got []*interp.Tensor, st *nativeStats, mu *sync.Mutex) string {
	var exact, ranged, unbounded int
	ratio, worst := 0.0, ""
	differs := false
	for k, want := range run.out {
		g := got[k]
		if g.ElemType() != want.ElemType() || fmt.Sprint(g.Shape()) != fmt.Sprint(want.Shape()) {
			return fmt.Sprintf("result #%d differs:\n  native      %v\n  interpreter %v", k, g, want)
		}
		if !want.IsFloat() {
			if !g.Equal(want) {
				return fmt.Sprintf("result #%d differs:\n  native      %v\n  interpreter %v", k, g, want)
			}
			exact += g.Len()
			continue
		}
		for i := range g.Len() {
			b := run.bounds[k].at(i)
			ok, r := checkBound(b, g.Float(i), want.Float(i))
			if !ok {
				return fmt.Sprintf("result #%d element %d: %v, the interpreter %v, outside the bound %s\n  native      %v\n  interpreter %v",
					k, i, g.Float(i), want.Float(i), b, g, want)
			}
			switch b.kind {
			case boundExact:
				exact++
			case boundRange:
				ranged++
				differs = differs || r > 0
			default:
				unbounded++
			}
			if r > ratio {
				ratio = r
				worst = fmt.Sprintf("%s result #%d element %d: native %v, interpreter %v, bound %s", label, k, i, float32(g.Float(i)), float32(want.Float(i)), b)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	st.compared++
	st.exactElems += exact
	st.rangeElems += ranged
	st.unboundedElems += unbounded
	if differs {
		st.differing++
		if len(st.differSeeds) < 10 {
			st.differSeeds = append(st.differSeeds, label)
		}
	}
	if ratio > st.maxRatio {
		st.maxRatio, st.worst = ratio, worst
	}
	return ""
}

// withinInexact compares an inexact result g (doc.go) with want, of the
// same float type and shape, element by element: within
// TranscendentalULPs, or closeAfterInexact. It returns the largest ulp
// distance and, for the first element outside, a message.
func withinInexact(g, want *interp.Tensor) (int64, string) {
	var ulps int64
	if ct, ok := g.ElemType().(*ir.ComplexType); ok {
		// complex: within ComplexEps epsilons of |z| (complexClose), or
		// closeAfterInexact part by part
		for i, z := range g.Complexes() {
			w := want.Complexes()[i]
			if d, ok := complexClose(z, w, ct, cmplx.Abs(w)); !ok &&
				!(closeAfterInexact(real(z), real(w), ct.Elem) && closeAfterInexact(imag(z), imag(w), ct.Elem)) {
				return ulps, fmt.Sprintf("element %d: %v, the interpreter %v (%.3g epsilons of |z|)", i, z, w, d)
			}
		}
		return ulps, ""
	}
	for i := range g.Len() {
		d := interp.ULPDistance(g.Float(i), want.Float(i), g.ElemType())
		ulps = max(ulps, d)
		if d > TranscendentalULPs && !closeAfterInexact(g.Float(i), want.Float(i), g.ElemType()) {
			return ulps, fmt.Sprintf("element %d: %v, the interpreter %v (%d ulps)", i, g.Float(i), want.Float(i), d)
		}
	}
	return ulps, ""
}

// closeAfterInexact accepts a difference that a few-ulp libm difference
// (tanhf, expf, ... of the native math library against the interpreter's
// correctly rounded values) can grow into through later ops, such as a
// subtraction of nearly equal numbers: within 1e-5 of the larger
// magnitude, and at least 1e-5 absolute, for f32 and f64; for f16 and
// bf16, whose ulp is 2^13 and 2^16 times f32's, as many of their ulps
// (1e-5 is 84 ulps of f32: 0.08 for f16, 0.66 for bf16). Both values must
// be finite.
func closeAfterInexact(a, b float64, elem ir.Type) bool {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	tol := 1e-5
	if ft, ok := elem.(*ir.FloatType); ok && ft.Kind == ir.F16 {
		tol *= 1 << 13
	} else if ok && ft.Kind == ir.BF16 {
		tol *= 1 << 16
	}
	scale := math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
	return math.Abs(a-b) <= tol*scale
}

// runModeNative compiles and runs natively n programs of cfg from seed on
// (--pipeline=cpu, lower/llvm), each against the interpreter (its run
// bounded, bounds.go, if bounded is set); a program that does not compile
// is a failure. each, if not nil, sees every program generated, and a
// program for which it returns false is not run (the caller counts it).
// It returns the statistics and the number of failing programs.
func runModeNative(t *testing.T, compile func(dir, ll, c, exe string) error, cfg Config, n, seed int64, bounded bool, each func(*Program) bool) (*nativeStats, int) {
	if _, err := passes.PipelineEntries("cpu"); err != nil {
		t.Fatalf("--pipeline=cpu: %v", err)
	}
	st := &nativeStats{notCompiled: map[string]int{}}
	nr := newNativeRunner(t, compile, n, st)
	for i := int64(0); i < n; i++ {
		p := Generate(seed+i, cfg)
		if each != nil && !each(p) {
			continue
		}
		np, reason, err := prepareNativeRun(p, bounded)
		if err != nil {
			nr.fail(fmt.Sprintf("seed %d: %v\nreproduce: %s", seed+i, err, p.reproduce(true)))
			continue
		}
		if reason != "" {
			nr.mu.Lock()
			st.notCompiled[reason]++
			nr.mu.Unlock()
			np := &nativeProg{prog: p, runs: []nativeRun{{}}}
			nr.fail(fmt.Sprintf("seed %d is not compiled natively: %s%s", seed+i, reason, nativeRepro(np)))
			continue
		}
		nr.add(np)
	}
	return st, nr.wait()
}
