package randprog

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The export-form stage (export.go, doc.go): every program that runs is
// also written as jax.export writes it, parsed from that text, and run on
// its own inputs (base), with a dimension variable resized (resize), and
// with one argument dim conflicting with its variable (mismatch). The
// interpreter must give numpy's value for every op of the base and resize
// runs and fail at the op the run-time model names for a mismatch run;
// after --pipeline=cpu the interpreter must give the same results (or
// fail), and so must native code.

// exportFile is the file name the export form is parsed under, which its
// diagnostics name.
const exportFile = "export.mlir"

// exportN is how many programs the export-form tests generate:
// BCAST_RANDPROG_EXPORT_N, else BCAST_RANDPROG_N, else 300.
func exportN(t *testing.T) int64 { return modeCount(t, "BCAST_RANDPROG_EXPORT_N") }

// exportOptions returns how program seed is exported: with shape
// assertions per BCAST_RANDPROG_SHAPE_ASSERTIONS ("1": every program,
// "0": none; unset: every other program if the compiler supports
// @shape_assertion, else none).
func exportOptions(t *testing.T) func(seed int64) ExportOptions {
	mode := os.Getenv("BCAST_RANDPROG_SHAPE_ASSERTIONS")
	switch mode {
	case "1":
		return func(int64) ExportOptions { return ExportOptions{ShapeAssertions: true} }
	case "0":
		return func(int64) ExportOptions { return ExportOptions{} }
	case "":
	default:
		t.Fatalf("BCAST_RANDPROG_SHAPE_ASSERTIONS=%q: want 0, 1 or nothing", mode)
	}
	if err := shapeAssertionSupport(); err != nil {
		t.Logf("export form without shape assertions: %v (BCAST_RANDPROG_SHAPE_ASSERTIONS=1 adds them anyway)", err)
		return func(int64) ExportOptions { return ExportOptions{} }
	}
	t.Logf("@shape_assertion is supported: every other program's export form has shape assertions")
	return func(seed int64) ExportOptions { return ExportOptions{ShapeAssertions: seed%2 == 0} }
}

// exportSeed generates program seed and exports it with optsOf(seed); the
// form is nil for a program that fails at run time (Export writes none).
func exportSeed(t *testing.T, seed int64, optsOf func(int64) ExportOptions) (*ExportForm, ExportOptions) {
	t.Helper()
	opts := optsOf(seed)
	e, err := Export(Generate(seed, DefaultConfig), opts)
	if err != nil {
		t.Fatalf("seed %d: exporting: %v", seed, err)
	}
	return e, opts
}

// shapeAssertionProbe checks one dim against another as jax.export does.
const shapeAssertionProbe = `func.func public @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %2 = stablehlo.compare  EQ, %1, %0,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%2, %1, %0) {api_version = 2 : i32, error_message = "args[1].shape[0] (= {0}) differs from 'b' (= {1})", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  %3 = stablehlo.add %arg0, %arg1 : tensor<?xf32>
  return %3 : tensor<?xf32>
}
`

// shapeAssertionSupport tells whether the interpreter runs (and fails)
// @shape_assertion and --pipeline=cpu and lower/llvm compile it.
func shapeAssertionSupport() error {
	parse := func() (*ir.Operation, error) {
		m, err := ir.Parse("probe.mlir", []byte(shapeAssertionProbe), ir.ParseOptions{})
		if err == nil {
			err = ir.Verify(m)
		}
		return m, err
	}
	m, err := parse()
	if err != nil {
		return err
	}
	x, _ := interp.NewFloats(ir.F32T, []int64{3}, []float64{1, 2, 3})
	y, _ := interp.NewFloats(ir.F32T, []int64{2}, []float64{1, 2})
	if _, err := interp.Run(m, "main", []*interp.Tensor{x, x}); err != nil {
		return fmt.Errorf("the interpreter: %v", err)
	}
	if _, err := interp.Run(m, "main", []*interp.Tensor{x, y}); err == nil || !strings.Contains(err.Error(), "args[1].shape[0] (= 2) differs from 'b' (= 3)") {
		return fmt.Errorf("the interpreter does not fail with the assertion's message, but with %v", err)
	}
	if m, err = parse(); err != nil {
		return err
	}
	if reason, err := runCPUPipeline(m); reason != "" || err != nil {
		return fmt.Errorf("--pipeline=cpu: %s%v", reason, err)
	}
	if _, reason, err := nativeFunc(m, "probe"); reason != "" || err != nil {
		return fmt.Errorf("%s%v", reason, err)
	}
	return nil
}

// parseExport parses and verifies an export form.
func parseExport(e *ExportForm) (*ir.Operation, error) {
	m, err := ir.Parse(exportFile, []byte(e.Text), ir.ParseOptions{})
	if err != nil {
		return nil, fmt.Errorf("parsing the export form: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		return nil, fmt.Errorf("verifying the export form: %v", err)
	}
	return m, nil
}

// exportRunResult is one run of an export form: in the interpreter before
// and after --pipeline=cpu.
type exportRunResult struct {
	trace          []*interp.Tensor // the value of each op of the program, in op order
	out, afterOut  []*interp.Tensor
	err, afterErr  error
	numpy          *Outcome // for the base and resize runs
	numpyProgIndex int
}

// exportCase is one program's export form and what its runs gave.
type exportCase struct {
	e    *ExportForm
	runs []exportRunResult
	// notCompiled is why --pipeline=cpu or lower/llvm rejected the export
	// form ("" if they did not); afterText is the form after the pipeline.
	notCompiled, afterText string
	native                 *nativeProg
	// afterLines are the source lines of the ops left after the
	// pipeline (their locations).
	afterLines map[int32]bool
}

// runExport parses e, interprets every run, runs --pipeline=cpu on a
// fresh parse, interprets every run again and prepares the native program.
func runExport(e *ExportForm) (*exportCase, error) {
	m, err := parseExport(e)
	if err != nil {
		return nil, err
	}
	c := &exportCase{e: e, runs: make([]exportRunResult, len(e.Runs))}
	opAt := map[int32]int{}
	for k, l := range e.OpLines {
		opAt[int32(l)] = k
	}
	for i, run := range e.Runs {
		r := &c.runs[i]
		r.trace = make([]*interp.Tensor, len(e.Prog.Ops))
		r.out, r.err = interp.RunWithOptions(m, "main", run.Args, interp.Options{Trace: func(op *ir.Operation, res []*interp.Tensor) {
			if k, ok := opAt[op.Loc.Line]; ok && op.Loc.File == exportFile && len(res) == 1 {
				r.trace[k] = res[0]
			}
		}})
	}
	if m, err = parseExport(e); err != nil {
		return nil, err
	}
	reason, err := runCPUPipeline(m)
	if err != nil {
		return nil, err
	}
	if reason != "" {
		c.notCompiled = reason
		return c, nil
	}
	c.afterText = ir.PrintString(m, ir.PrintOptions{})
	c.afterLines = map[int32]bool{}
	m.Walk(func(op *ir.Operation) bool {
		if op.Loc.File == exportFile {
			c.afterLines[op.Loc.Line] = true
		}
		return true
	})
	for i, run := range e.Runs {
		c.runs[i].afterOut, c.runs[i].afterErr = interp.Run(m, "main", run.Args)
	}
	fn, reason, err := nativeFunc(m, fmt.Sprintf("e%d", e.Prog.Seed))
	if err != nil {
		return nil, err
	}
	if reason != "" {
		c.notCompiled = reason
		return c, nil
	}
	c.native = &nativeProg{prog: e.Prog, fn: fn, label: fmt.Sprintf("seed %d export", e.Prog.Seed)}
	for i, run := range e.Runs {
		label := run.Kind
		if run.Note != "" {
			label += ": " + run.Note
		}
		want, wantErr := c.runs[i].out, c.runs[i].err
		if run.FailLine > 0 && c.checkRemovedAsDead(run) {
			// The failing op was dead (removed, with its check): native
			// code computes what the pipeline's output computes.
			want, wantErr = c.runs[i].afterOut, c.runs[i].afterErr
		}
		c.native.runs = append(c.native.runs, nativeRun{label: label, args: run.Args, out: want, err: wantErr})
	}
	c.native.repro = func() string { return exportRepro(c, -1) }
	return c, nil
}

// exportStats counts what the export-form test did.
type exportStats struct {
	programs, exported, failingPrograms int
	styles                              map[string]int
	vars, assertions                    int
	static, dynamic, twoStep, scalar    int
	stretched                           int
	runs                                map[string]int
	mismatchCaught, noMismatch          int
	deadChecks                          int
	notCompiled                         map[string]int
	maxULPs                             int64
}

func (s *exportStats) count(c *exportCase, opts ExportOptions) {
	e := c.e
	s.exported++
	s.styles[e.Style.String()]++
	s.vars += len(e.Vars)
	if opts.ShapeAssertions {
		s.assertions++
	}
	s.static += e.StaticBroadcasts
	s.dynamic += e.DynamicBroadcasts
	s.twoStep += e.TwoStep
	s.scalar += e.ScalarKept
	s.stretched += e.Stretched
	for _, r := range e.Runs {
		s.runs[r.Kind]++
	}
	if e.NoMismatch {
		s.noMismatch++
	}
	if c.notCompiled != "" {
		s.notCompiled[c.notCompiled]++
	}
}

func (s *exportStats) String() string {
	styles, _ := counts(s.styles)
	runs, _ := counts(s.runs)
	reasons, total := counts(s.notCompiled)
	return fmt.Sprintf("%d programs, %d exported (%d fail at run time: not exported); styles: %s; %d with shape assertions; "+
		"%d dimension variables; %d static and %d dynamic broadcasts (%d rank promotions first, %d rank-0 select/clamp operands kept), %d size-1 dims stretched; "+
		"runs: %s; %d mismatch runs fail at the model's op in the interpreter (%d of those ops dead once folded, their checks removed with them); %d programs whose mismatching argument sizes nothing checks (only a shape assertion would); "+
		"largest transcendental difference %d ulps; %d not compiled (%s)",
		s.programs, s.exported, s.failingPrograms, styles, s.assertions, s.vars, s.static, s.dynamic, s.twoStep, s.scalar, s.stretched,
		runs, s.mismatchCaught, s.deadChecks, s.noMismatch, s.maxULPs, total, reasons)
}

func TestExportForm(t *testing.T) {
	n := exportN(t)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	python := requirePython(t)
	optsOf := exportOptions(t)
	var nr *nativeRunner
	nst := &nativeStats{notCompiled: map[string]int{}}
	if os.Getenv("BCAST_RANDPROG_NATIVE") == "0" {
		t.Log("BCAST_RANDPROG_NATIVE=0: export forms are not run natively")
	} else if compile, msg := findNativeCompiler(); compile != nil {
		nr = newNativeRunner(t, compile, n, nst)
	} else if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
	} else {
		t.Log(msg + ": export forms are not run natively")
	}
	st := &exportStats{styles: map[string]int{}, runs: map[string]int{}, notCompiled: map[string]int{}}
	failures, nativeProgs := 0, 0
	report := func(c *exportCase, run int, msg string) {
		failures++
		if failures <= 5 {
			t.Errorf("seed %d export form: %s\n%s", c.e.Prog.Seed, msg, exportRepro(c, run))
		}
	}
	for start := int64(0); start < n; start += batchSize {
		var cases []*exportCase
		var progs []*Program
		var traces [][]*interp.Tensor
		for i := start; i < min(n, start+batchSize); i++ {
			st.programs++
			e, opts := exportSeed(t, seed+i, optsOf)
			if e == nil {
				st.failingPrograms++
				continue
			}
			c, err := runExport(e)
			if err != nil {
				failures++
				if failures <= 5 {
					t.Errorf("seed %d export form: %v\n%s", seed+i, err, e.Text)
				}
				continue
			}
			st.count(c, opts)
			for k, run := range e.Runs {
				if run.Prog != nil {
					c.runs[k].numpyProgIndex = len(progs)
					progs = append(progs, run.Prog)
					traces = append(traces, c.runs[k].trace)
				}
			}
			cases = append(cases, c)
		}
		outcomes, err := RunNumpy(python, t.TempDir(), progs, traces)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			bad := false
			for k, run := range c.e.Runs {
				if run.Prog != nil {
					c.runs[k].numpy = &outcomes[c.runs[k].numpyProgIndex]
				}
				if msg := compareExportRun(c, k, st); msg != "" {
					report(c, k, msg)
					bad = true
					break
				}
			}
			if !bad && c.notCompiled != "" && !staticRejected(c.e, c.notCompiled) {
				report(c, -1, fmt.Sprintf("not compiled (%s), but its static version is", c.notCompiled))
			}
			if nr != nil && c.native != nil && !bad {
				nr.add(c.native)
				nativeProgs++
			}
		}
	}
	if failures > 5 {
		t.Errorf("... %d failing export forms in all", failures)
	}
	t.Logf("export form: %d failures; %s", failures, st)
	if nr != nil {
		nfail := nr.wait()
		t.Logf("export form natively: %d programs (%d runs compared, %d of them fail at run time and fail natively too), %d mismatches; "+
			"%d results compared bit for bit, %d inexact ones with a tolerance (largest difference %d ulps)",
			nativeProgs, nst.compared, nst.failing, nfail, nst.exactResults, nst.inexactResults, nst.maxULPs)
	}
}

// staticRejected tells whether the pipeline also rejects e's static
// version (so that a rejection of the export form is a limit of the
// compiler, not of its handling of the export form).
func staticRejected(e *ExportForm, reason string) bool {
	sp, err := e.StaticProgram()
	if err != nil {
		return false
	}
	m, _, err := sp.Build()
	if err != nil {
		return false
	}
	r, err := runCPUPipeline(m)
	if err != nil || r != "" {
		return true
	}
	_, r, _ = nativeFunc(m, "static")
	return r != ""
}

// compareExportRun checks run k of an export form: the interpreter against
// numpy op by op (or, for a mismatch run, its failure at the model's op),
// and the interpreter after --pipeline=cpu against it.
func compareExportRun(c *exportCase, k int, st *exportStats) string {
	run, r := c.e.Runs[k], &c.runs[k]
	what := run.Kind
	if run.Note != "" {
		what += " (" + run.Note + ")"
	}
	if run.FailLine > 0 {
		loc := fmt.Sprintf("%s:%d:", exportFile, run.FailLine)
		if r.err == nil || !strings.Contains(r.err.Error(), loc) {
			return fmt.Sprintf("%s run: the interpreter should fail at %s (%s), but gives error %v", what, loc, run.FailOp, r.err)
		}
		st.mismatchCaught++
		if c.notCompiled == "" && r.afterErr == nil {
			if c.checkRemovedAsDead(run) {
				st.deadChecks++
				return ""
			}
			return fmt.Sprintf("%s run: after --pipeline=cpu the interpreter runs it (results %v), but before it failed: %v", what, r.afterOut, r.err)
		}
		return ""
	}
	o := r.numpy
	if o.ErrorOp != -1 {
		return fmt.Sprintf("%s run: numpy fails (op %d: %s) on a program the generator expects to run", what, o.ErrorOp, o.Error)
	}
	p := c.e.Prog
	for op, want := range o.Values {
		got := r.trace[op]
		if got == nil {
			return fmt.Sprintf("%s run: op %d (%s): numpy computes %v; the interpreter stopped: %v", what, op, p.Ops[op].Kind, want, r.err)
		}
		var s stats
		if msg := sameValue(got, want, Transcendental[p.Ops[op].Kind], &s); msg != "" {
			return fmt.Sprintf("%s run: op %d (%s, line %d): %s", what, op, p.Ops[op].Kind, c.e.OpLines[op], msg)
		}
		st.maxULPs = max(st.maxULPs, s.maxULPs)
	}
	if r.err != nil {
		return fmt.Sprintf("%s run: the interpreter fails where numpy does not: %v", what, r.err)
	}
	if c.notCompiled != "" {
		return ""
	}
	if r.afterErr != nil {
		return fmt.Sprintf("%s run: after --pipeline=cpu the program fails: %v", what, r.afterErr)
	}
	for i := range r.out {
		if !r.out[i].Equal(r.afterOut[i]) {
			return fmt.Sprintf("%s run: result #%d differs after --pipeline=cpu:\n  before %v\n  after  %v", what, i, r.out[i], r.afterOut[i])
		}
	}
	return ""
}

// checkRemovedAsDead reports whether the op a mismatch run must fail at
// is gone after the pipeline, with nothing left at its line: its result
// was unused once folding made it so (`select %p, %x, %x` is %x), and a
// pure op's run-time check goes with it, as in MLIR. A check that
// survives must still fail.
func (c *exportCase) checkRemovedAsDead(run ExportRun) bool {
	return c.afterLines != nil && !c.afterLines[int32(run.FailLine)]
}

// exportRepro prints what a failure report needs: how to rerun it, the
// original program, the export form, and run k's inputs and results (all
// runs if k < 0).
func exportRepro(c *exportCase, k int) string {
	var sb strings.Builder
	e := c.e
	fmt.Fprintf(&sb, "reproduce: BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_EXPORT_N=1 go test ./test/randprog/ -run 'TestExportForm$'\n", e.Prog.Seed)
	if m, _, err := e.Prog.Build(); err == nil {
		sb.WriteString("the program:\n" + ir.PrintString(m, ir.PrintOptions{}))
	}
	fmt.Fprintf(&sb, "its export form (%s):\n%s", e.Style, e.Text)
	for i, run := range e.Runs {
		if k >= 0 && i != k {
			continue
		}
		r := c.runs[i]
		fmt.Fprintf(&sb, "%s run %s\n", run.Kind, run.Note)
		for j, a := range run.Args {
			fmt.Fprintf(&sb, "  input #%d: %v\n", j, a)
		}
		if r.numpy != nil {
			for op, v := range r.numpy.Values {
				w, _ := v.Tensor()
				fmt.Fprintf(&sb, "  numpy op %d: %v\n  interpreter op %d: %v\n", op, w, op, r.trace[op])
			}
		}
		fmt.Fprintf(&sb, "  interpreter results %v, error %v\n", r.out, r.err)
		if c.afterText != "" {
			fmt.Fprintf(&sb, "  after --pipeline=cpu: results %v, error %v\n", r.afterOut, r.afterErr)
		}
	}
	if c.afterText != "" {
		sb.WriteString("after --pipeline=cpu:\n" + c.afterText)
	}
	return sb.String()
}

// countGenerics counts the linalg.generic ops of a module.
func countGenerics(m *ir.Operation) int {
	n := 0
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "linalg.generic" {
			n++
		}
		return true
	})
	return n
}

// kernelCount runs --pipeline=cpu on m and counts its generics; reason is
// set when the pipeline rejects m.
func kernelCount(m *ir.Operation) (n int, reason string, text string, err error) {
	if reason, err = runCPUPipeline(m); reason != "" || err != nil {
		return 0, reason, "", err
	}
	return countGenerics(m), "", ir.PrintString(m, ir.PrintOptions{}), nil
}

// TestExportFormKernels checks that the export form compiles to as many
// linalg.generic kernels after --pipeline=cpu as the program's static
// version (StaticProgram): jax.export's explicit broadcasts and same-shape
// ops must fuse as the static program's implicit broadcasts do, with no
// version for a dim that is the same variable on both sides
// (docs/SPEC.md §3).
//
// A program whose export form has a dynamic_broadcast_in_dim of an
// argument dim that only a shape assertion would prove equal to its
// variable (ExportForm.NeedsAssertions) is exempt when it has no shape
// assertions: that dim may be 1 at run time, and versioning it is right.
// The original (dynamic) program's count is logged for comparison only:
// a `?` dim that may be 1 is versioned there.
func TestExportFormKernels(t *testing.T) {
	n := exportN(t)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	optsOf := exportOptions(t)
	var mu sync.Mutex
	failures := 0
	var (
		compared, equal, exempt, exemptDiffer, notCompiled, bothRejected int
		vsOriginal                                                       = map[string]int{}
		diffs                                                            = map[string]int{}
	)
	for i := int64(0); i < n; i++ {
		e, opts := exportSeed(t, seed+i, optsOf)
		if e == nil {
			continue
		}
		fail := func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			failures++
			if failures <= 5 {
				t.Errorf("seed %d (%s): %s\nreproduce: BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_EXPORT_N=1 go test ./test/randprog/ -run TestExportFormKernels",
					seed+i, e.Style, fmt.Sprintf(format, args...), seed+i)
			}
		}
		m, err := parseExport(e)
		if err != nil {
			fail("%v\n%s", err, e.Text)
			continue
		}
		got, reason, gotText, err := kernelCount(m)
		if err != nil {
			fail("%v\n%s", err, e.Text)
			continue
		}
		sp, err := e.StaticProgram()
		if err != nil {
			fail("the static version: %v", err)
			continue
		}
		sm, _, err := sp.Build()
		if err != nil {
			fail("building the static version: %v", err)
			continue
		}
		want, sreason, wantText, err := kernelCount(sm)
		if err != nil {
			fail("the static version: %v", err)
			continue
		}
		switch {
		case reason != "" && sreason != "":
			bothRejected++
			continue
		case reason != "":
			notCompiled++
			fail("--pipeline=cpu rejects the export form (%s) but not its static version\n%s", reason, e.Text)
			continue
		case sreason != "":
			notCompiled++
			fail("--pipeline=cpu rejects the static version (%s) but not the export form", sreason)
			continue
		}
		compared++
		if om, _, err := e.Prog.Build(); err == nil {
			if orig, oreason, _, _ := kernelCount(om); oreason == "" {
				vsOriginal[fmt.Sprintf("export %s original", cmpWord(got, orig))]++
			}
		}
		if got == want {
			equal++
			if e.NeedsAssertions && !opts.ShapeAssertions {
				exempt++
			}
			continue
		}
		versions := strings.Count(gotText, "scf.if")
		if e.NeedsAssertions && !opts.ShapeAssertions {
			exempt++
			exemptDiffer++
			continue
		}
		kind := "not versioned"
		if versions > 0 {
			kind = "versioned"
		}
		diffs[fmt.Sprintf("%d for %d (%s)", got, want, kind)]++
		fail("the export form has %d linalg.generic ops after --pipeline=cpu (%d scf.if versions), its static version %d\nthe export form:\n%s\nafter --pipeline=cpu:\n%s\nthe static version after --pipeline=cpu:\n%s",
			got, versions, want, e.Text, gotText, wantText)
	}
	if failures > 5 {
		t.Errorf("... %d failing programs in all", failures)
	}
	vs, _ := counts(vsOriginal)
	dl := make([]string, 0, len(diffs))
	for k, v := range diffs {
		dl = append(dl, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(dl)
	t.Logf("kernels: %d programs compared, %d with the static version's count, %d failures; %d need shape assertions (exempt; %d of them differ); "+
		"%d rejected by the pipeline in both forms, %d in one; failing counts (export for static): %s; against the original dynamic program: %s",
		compared, equal, failures, exempt, exemptDiffer, bothRejected, notCompiled, strings.Join(dl, ", "), vs)
}

func cmpWord(a, b int) string {
	switch {
	case a < b:
		return "<"
	case a > b:
		return ">"
	}
	return "="
}

// TestExportFormIsConsistent checks the generator on many seeds, without
// numpy or a compiler: a seed names one export form; it parses and
// verifies, its arguments have the types Shapes says, and every
// broadcasting op in it is a same-shape stablehlo op (policy "none", or
// "scalar" for select and clamp) or has static operands of one shape; the
// run-time model passes the base and resize runs and fails a mismatch run
// at an op on the line it names; and every variant of the form is drawn.
func TestExportFormIsConsistent(t *testing.T) {
	drawn := map[string]int{}
	for seed := int64(1); seed <= 2000; seed++ {
		p := Generate(seed, DefaultConfig)
		opts := ExportOptions{ShapeAssertions: seed%2 == 0}
		e, err := Export(p, opts)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if e == nil {
			if p.Broken < 0 {
				t.Fatalf("seed %d: a program that runs is not exported", seed)
			}
			continue
		}
		if again, _ := Export(Generate(seed, DefaultConfig), opts); again.Text != e.Text || len(again.Runs) != len(e.Runs) {
			t.Fatalf("seed %d gives two export forms", seed)
		}
		m, err := parseExport(e)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, e.Text)
		}
		w := &exportWriter{e: e}
		var main *ir.Operation
		m.Walk(func(op *ir.Operation) bool {
			if op.Name() == "func.func" {
				if s, _ := op.Attr("sym_name").(*ir.StringAttr); s != nil && s.Value == "main" {
					main = op
				}
			}
			return true
		})
		for i, a := range main.Region(0).Front().Args() {
			if got, want := a.Type().String(), w.typ(e.Shapes[i], p.Inputs[i].Elem); got != want {
				t.Fatalf("seed %d: argument %d has type %s, Shapes says %s", seed, i, got, want)
			}
		}
		lines := map[int32]string{}
		m.Walk(func(op *ir.Operation) bool {
			lines[op.Loc.Line] = op.Name()
			if !broadcastingOps[op.Name()] {
				return true
			}
			policy := ""
			if s, ok := op.Attr("broadcast_policy").(*ir.StringAttr); ok {
				policy = s.Value
			}
			want := "none"
			if op.Name() == "hlo.select" || op.Name() == "hlo.clamp" {
				want = "scalar"
			}
			if policy != want && !sameStaticOperands(op) {
				t.Fatalf("seed %d: %s at line %d has broadcast_policy %q, want %q (stablehlo spelling)", seed, op.Name(), op.Loc.Line, policy, want)
			}
			return true
		})
		drawn["style "+e.Style.String()]++
		if e.TwoStep > 0 {
			drawn["rank promotion first"]++
		}
		if e.ScalarKept > 0 {
			drawn["rank-0 select/clamp operand"]++
		}
		if e.DynamicBroadcasts > 0 {
			drawn["dynamic broadcast"]++
		}
		if e.StaticBroadcasts > 0 {
			drawn["static broadcast"]++
		}
		if e.NeedsAssertions {
			drawn["needs assertions"]++
		}
		for _, run := range e.Runs {
			shapes := make([][]int64, len(run.Args))
			for i, a := range run.Args {
				shapes[i] = a.Shape()
			}
			fail := e.check(shapes)
			switch {
			case run.FailLine == 0 && fail >= 0:
				t.Fatalf("seed %d: the model fails the %s run (%s) at line %d", seed, run.Kind, run.Note, e.steps[fail].line)
			case run.FailLine > 0 && (fail < 0 || e.steps[fail].line != run.FailLine):
				t.Fatalf("seed %d: the model does not fail the mismatch run (%s) at line %d", seed, run.Note, run.FailLine)
			case run.FailLine > 0:
				op := lines[int32(run.FailLine)]
				if run.FailOp != "shape_assertion" && "hlo."+strings.TrimPrefix(run.FailOp, "stablehlo.") != op {
					t.Fatalf("seed %d: the mismatch run should fail at %s, but line %d holds %s", seed, run.FailOp, run.FailLine, op)
				}
				if run.FailOp == "shape_assertion" && op != "hlo.custom_call" {
					t.Fatalf("seed %d: line %d holds %s, not the shape assertion", seed, run.FailLine, op)
				}
				drawn["mismatch run at "+run.FailOp]++
			default:
				drawn[run.Kind+" run"]++
			}
		}
	}
	for _, k := range []string{"style inlined", "style wrapped-x64", "style wrapped-x32", "rank promotion first", "rank-0 select/clamp operand",
		"dynamic broadcast", "static broadcast", "needs assertions", "base run", "resize run", "mismatch run at shape_assertion",
		"mismatch run at stablehlo.dynamic_broadcast_in_dim"} {
		if drawn[k] == 0 {
			t.Errorf("never drawn: %s", k)
		}
	}
	elementwise := 0
	for k, n := range drawn {
		if strings.HasPrefix(k, "mismatch run at stablehlo.") && k != "mismatch run at stablehlo.dynamic_broadcast_in_dim" {
			elementwise += n
		}
	}
	if elementwise == 0 {
		t.Errorf("no mismatch run fails at a same-shape stablehlo op")
	}
	d, _ := counts(drawn)
	t.Logf("drawn: %s", d)
}

// broadcastingOps are the hlo ops the generator draws that broadcast.
var broadcastingOps = func() map[string]bool {
	m := map[string]bool{"hlo.compare": true, "hlo.select": true, "hlo.clamp": true}
	for _, k := range BinaryKinds {
		m["hlo."+k] = true
	}
	return m
}()

// sameStaticOperands reports whether op's operands and result have one
// static shape (select's and clamp's rank-0 operands apart): such an op
// broadcasts under no policy, and the stablehlo spelling leaves it
// without broadcast_policy.
func sameStaticOperands(op *ir.Operation) bool {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return false
	}
	for _, v := range op.Operands() {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			return false
		}
		if t.Rank() == 0 && (op.Name() == "hlo.select" || op.Name() == "hlo.clamp") {
			continue
		}
		if fmt.Sprint(t.Shape()) != fmt.Sprint(rt.Shape()) {
			return false
		}
	}
	return true
}
