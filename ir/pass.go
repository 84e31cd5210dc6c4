package ir

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// PassOption declares an option of a pass (`canonicalize{max-iterations=3}`).
type PassOption struct {
	Name    string
	Help    string
	Default string
}

// PassInfo declares a pass. The registry of PassInfos is the single
// source of bcast-opt's pass flags and of its --help text.
type PassInfo struct {
	// Name is the flag name, e.g. "canonicalize".
	Name string
	// Title is the pass's class-like name printed in IR dumps ("Canonicalizer").
	Title string
	// Summary is the one-line help text.
	Summary string
	// Options are the accepted options.
	Options []PassOption
	// Run transforms op (the op the pass is scheduled on, usually the
	// module or a function) and returns an error to stop the pipeline.
	Run func(op *Operation, opts PassOptions) error
}

// PassOptions are the option values a pass is run with.
type PassOptions map[string]string

// Get returns the value of option name, or def if unset.
func (o PassOptions) Get(name, def string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

var passes = map[string]*PassInfo{}

// RegisterPass adds a pass to the registry; duplicate names panic.
func RegisterPass(p *PassInfo) {
	if _, dup := passes[p.Name]; dup {
		panic("ir: pass registered twice: " + p.Name)
	}
	passes[p.Name] = p
}

// LookupPass returns the pass named name, or nil.
func LookupPass(name string) *PassInfo { return passes[name] }

// RegisteredPasses returns the passes sorted by name.
func RegisteredPasses() []*PassInfo {
	ps := make([]*PassInfo, 0, len(passes))
	for _, p := range passes {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
	return ps
}

// PassEntry is one step of a pipeline: a pass, or a nested pipeline that
// runs on every op named Anchor directly inside the current op. A pass
// with an Anchor runs on every op named Anchor directly inside the current
// op rather than on the op itself: MLIR's `func.func(pass)` nesting for a
// single pass. Those runs are independent of each other (the anchor ops
// must be isolated from above, as func.func is), so the pass manager runs
// them in parallel.
type PassEntry struct {
	Pass    *PassInfo
	Options PassOptions
	Anchor  string
	Nested  []PassEntry
}

// PassManager runs a pipeline of passes on a module.
type PassManager struct {
	Entries []PassEntry
	// VerifyEach verifies the IR after every pass (on by default in
	// bcast-opt). As in MLIR, the symbol uses in a symbol table (func.call
	// against its callee) are verified with the table: after a pass or a
	// nested pipeline on a module, not when the pass manager runs on a
	// function alone.
	VerifyEach bool
	// PrintAfterAll, if set, receives the IR after each pass.
	PrintAfterAll io.Writer
	// AfterPass, if set, is called after each pass (as PrintAfterAll
	// prints): with the pass and the op it was scheduled on (for an
	// anchored pass, the op holding the anchors), once its time is added
	// to Timing. Passes on the same anchor then run one at a time over
	// all anchors rather than as one nested pipeline, so that the hook
	// sees the IR between them (--dump-html).
	AfterPass func(p *PassInfo, op *Operation)
	// PrintOptions are used for PrintAfterAll.
	PrintOptions PrintOptions
	// Timing, if set, accumulates wall time per pass.
	Timing *Timing
	// Sequential runs an anchored pass on one anchor op after the other
	// rather than on all CPUs (it is always sequential with
	// PrintAfterAll).
	Sequential bool

	// verified holds the state of each op as it was when it last
	// verified: VerifyEach skips verifying an op a pass did not change.
	verified map[*Operation]verifiedState
}

// verifiedState is what the pass manager keeps of an op that verified:
// its fingerprint, and a cheap summary that most passes change (see
// blockSizes). ok is false when there is none.
type verifiedState struct {
	fp, sizes uint64
	ok        bool
	// users are the ops in it whose symbol uses are for the symbol
	// table above to check (see OpDef.VerifySymbolUses).
	users []*Operation
}

// blockSizes hashes the number of ops of each block of op's regions: a
// walk of op's blocks, not of its ops. A pass that changed it changed op,
// and most passes change it, so it tells them apart from a pass that
// changed nothing without computing a fingerprint.
func blockSizes(op *Operation) uint64 {
	h := uint64(fingerprintSeed)
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			h = mix(mix(h, ptr(b)), uint64(b.n))
		}
	}
	return h
}

// verifyChanged verifies op after pass unless op is as it was when it
// last verified (last), and returns its new state (recording it is left
// to the caller, which may be running in parallel). When its block sizes
// show a change, verifying and computing the fingerprint are one walk;
// otherwise the fingerprint decides whether to verify.
func verifyChanged(op *Operation, last verifiedState, pass string) (verifiedState, error) {
	now := verifiedState{sizes: blockSizes(op), ok: true}
	var err error
	if last.ok && now.sizes == last.sizes {
		if now.fp = fingerprint(op); now.fp == last.fp {
			now.users = last.users
			return now, nil
		}
		now.users, err = verifyUses(op)
	} else if op.HasTrait(SymbolTable) {
		// Verify checks a module's functions in parallel.
		if now.users, err = verifyUses(op); err == nil {
			now.fp = fingerprint(op)
		}
	} else {
		now.fp, now.users, err = walkSplittingBlocks(op, true)
	}
	if err != nil {
		d := AsDiagnostics(err, op.Loc)[0]
		d.AddNote(Location{}, "the IR failed to verify after pass '%s'", pass)
		return verifiedState{}, d
	}
	return now, nil
}

// MarkVerified records that op, as it is now, verified (the caller has
// just verified it): a first pass that leaves it unchanged is not
// followed by verifying it again.
func (pm *PassManager) MarkVerified(op *Operation) {
	if pm.VerifyEach {
		st := verifiedState{fp: fingerprint(op), sizes: blockSizes(op), ok: true}
		if !op.HasTrait(SymbolTable) {
			st.users = symbolUsers(op, nil) // for its symbol table to check
		}
		pm.recordVerified(op, st)
	}
}

// recordVerified records op's state when it last verified (or forgets it
// if st is not ok).
func (pm *PassManager) recordVerified(op *Operation, st verifiedState) {
	if !st.ok {
		delete(pm.verified, op)
		return
	}
	if pm.verified == nil {
		pm.verified = map[*Operation]verifiedState{}
	}
	pm.verified[op] = st
}

// NewPassEntry builds an entry for a registered pass name with options,
// checking the option names.
func NewPassEntry(name string, opts PassOptions) (PassEntry, error) {
	p := LookupPass(name)
	if p == nil {
		return PassEntry{}, fmt.Errorf("'%s' does not refer to a registered pass", name)
	}
	for k := range opts {
		known := false
		for _, o := range p.Options {
			known = known || o.Name == k
		}
		if !known {
			return PassEntry{}, fmt.Errorf("no such option '%s' for pass '%s'", k, name)
		}
	}
	return PassEntry{Pass: p, Options: opts}, nil
}

// Run runs the pipeline on op.
func (pm *PassManager) Run(op *Operation) error {
	return pm.run(op, pm.Entries)
}

func (pm *PassManager) run(op *Operation, entries []PassEntry) error {
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if e.Pass == nil {
			// Nested pipeline on matching ops directly inside op.
			if flat(e.Nested) && !pm.instrumented() {
				if err := pm.runOnAnchors(op, e.Anchor, e.Nested); err != nil {
					return err
				}
				continue
			}
			for _, o := range anchorsOf(op, e.Anchor) {
				if err := pm.run(o, e.Nested); err != nil {
					return err
				}
			}
			start := time.Now()
			if err := pm.verifyAfterNested(op, nil, nil, nestedName(e.Anchor, e.Nested)); err != nil {
				return err
			}
			if pm.Timing != nil && pm.VerifyEach {
				pm.Timing.Add("(verifier)", time.Since(start))
			}
			continue
		}
		if e.Anchor != "" {
			// The run of passes on the same anchor, as one nested pipeline
			// (without PrintAfterAll, which prints the whole op after each
			// pass).
			j := i + 1
			for !pm.instrumented() && j < len(entries) && entries[j].Pass != nil && entries[j].Anchor == e.Anchor {
				j++
			}
			group := make([]PassEntry, j-i)
			for k, g := range entries[i:j] {
				group[k] = PassEntry{Pass: g.Pass, Options: g.Options}
			}
			if err := pm.runOnAnchors(op, e.Anchor, group); err != nil {
				return err
			}
			pm.printAfter(e.Pass, op) // a group of one with PrintAfterAll
			i = j - 1
			continue
		}
		start := time.Now()
		err := e.Pass.Run(op, e.Options)
		if pm.Timing != nil {
			pm.Timing.Add(e.Pass.Title+" ("+e.Pass.Name+")", time.Since(start))
		}
		if err != nil {
			return err
		}
		if pm.VerifyEach {
			start := time.Now()
			st, err := verifyChanged(op, pm.verified[op], e.Pass.Name)
			pm.recordVerified(op, st)
			if err != nil {
				return err
			}
			if pm.Timing != nil {
				pm.Timing.Add("(verifier)", time.Since(start))
			}
		}
		pm.printAfter(e.Pass, op)
	}
	return nil
}

// flat reports whether entries are passes on the op itself, with no
// nesting.
func flat(entries []PassEntry) bool {
	for _, e := range entries {
		if e.Pass == nil || e.Anchor != "" {
			return false
		}
	}
	return true
}

// anchorsOf returns the ops named anchor ("any": all ops) directly inside
// op, in order.
func anchorsOf(op *Operation, anchor string) []*Operation {
	var anchors []*Operation
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if anchor == "any" || o.Name() == anchor {
					anchors = append(anchors, o)
				}
			}
		}
	}
	return anchors
}

// instrumented reports whether something looks at the IR after each
// pass (PrintAfterAll or AfterPass).
func (pm *PassManager) instrumented() bool { return pm.PrintAfterAll != nil || pm.AfterPass != nil }

// printAfter prints op after pass p with --mlir-print-ir-after-all, and
// calls AfterPass.
func (pm *PassManager) printAfter(p *PassInfo, op *Operation) {
	if pm.AfterPass != nil {
		pm.AfterPass(p, op)
	}
	if pm.PrintAfterAll == nil {
		return
	}
	fmt.Fprintf(pm.PrintAfterAll, "// -----// IR Dump After %s (%s) //----- //\n", p.Title, p.Name)
	pm.PrintAfterAll.Write(PrintBytes(op, pm.PrintOptions))
	fmt.Fprintln(pm.PrintAfterAll)
}

// anchorRun is how the passes of runOnAnchors went on one anchor op.
type anchorRun struct {
	// failed is the index of the pass that failed, or of the pass after
	// which the op failed to verify; err is its error.
	failed   int
	verifier bool
	err      error
	// verified is the op's state when it last verified.
	verified verifiedState
	// times are the durations of each pass and of the verification
	// after it.
	times, verifyTimes []time.Duration
}

// runOnAnchors runs the pipeline passes (none nested) on every op named
// anchor directly inside op, as MLIR's pass manager runs a nested
// pipeline: each anchor op goes through all the passes, and verification
// after each pass, on its own, in parallel with the others (unless
// Sequential). The anchor ops must be isolated from above, as func.func
// is, so that the result does not depend on the schedule: each run sees
// only its own op. Keeping one op's IR in cache through all the passes,
// rather than streaming the whole module through memory once per pass,
// is also what makes this faster than running each pass on all the ops
// in turn.
//
// Errors are reported as running the passes one after the other on all
// ops would report them: the first failing pass in the pipeline, and for
// it the first pass error in op order, else its first verifier error in
// op order. The symbol uses in op (func.call's callee) are checked last,
// once all anchors are done (see verifyAfterNested). With Timing, each
// pass is credited its share of the wall time, in proportion to the time
// spent in it on all the ops.
func (pm *PassManager) runOnAnchors(op *Operation, anchor string, passes []PassEntry) error {
	anchors := anchorsOf(op, anchor)
	sequential := pm.Sequential || pm.PrintAfterAll != nil || !multithreading.Load()
	runs := make([]anchorRun, len(anchors))
	start := time.Now()
	parallelFor(len(anchors), sequential, func(i int) {
		a, r := anchors[i], &runs[i]
		r.failed = len(passes)
		r.verified = pm.verified[a] // read-only while the runs last
		if pm.Timing != nil {
			r.times, r.verifyTimes = make([]time.Duration, len(passes)), make([]time.Duration, len(passes))
		}
		for k, e := range passes {
			t0 := time.Now()
			err := e.Pass.Run(a, e.Options)
			if r.times != nil {
				r.times[k] = time.Since(t0)
			}
			if err != nil {
				r.failed, r.err = k, err
				return
			}
			if !pm.VerifyEach {
				continue
			}
			t0 = time.Now()
			r.verified, err = verifyChanged(a, r.verified, e.Pass.Name)
			if err != nil {
				r.failed, r.verifier, r.err = k, true, err
				return
			}
			if r.verifyTimes != nil {
				r.verifyTimes[k] = time.Since(t0)
			}
		}
	})
	wall := time.Since(start)
	for i, a := range anchors {
		pm.recordVerified(a, runs[i].verified)
	}
	if pm.Timing != nil {
		pm.creditTimes(passes, runs, wall)
	}
	var first *anchorRun
	for i := range runs {
		r := &runs[i]
		if r.err != nil && (first == nil || r.failed < first.failed || (r.failed == first.failed && first.verifier && !r.verifier)) {
			first = r
		}
	}
	if first != nil {
		return first.err
	}
	users := make([][]*Operation, len(runs))
	for i, a := range anchors {
		if len(passes) > 0 {
			users[i] = runs[i].verified.users
		} else {
			// No pass verified it in this pipeline, and a module pass may
			// have changed it since it last was.
			users[i] = symbolUsers(a, nil)
		}
	}
	start = time.Now()
	err := pm.verifyAfterNested(op, anchors, users, nestedName(anchor, passes))
	if pm.Timing != nil && pm.VerifyEach {
		pm.Timing.Add("(verifier)", time.Since(start))
	}
	return err
}

// verifyAfterNested verifies op after a nested pipeline ran on its
// anchor ops and verified each of them, as MLIR verifies the op after its
// pass adaptor: op itself without the ops nested in it, then, if it is a
// symbol table, the symbol uses in it, which the anchors' verification
// left for it (users, one list per anchor; nil: collect them) and those
// of its other ops, in op order. (A function pass may thus change what a
// function's callers see of it, its type say, without racing with their
// verification.) It does nothing without VerifyEach.
func (pm *PassManager) verifyAfterNested(op *Operation, anchors []*Operation, users [][]*Operation, pipeline string) error {
	if !pm.VerifyEach {
		return nil
	}
	fail := func(err error) error {
		d := AsDiagnostics(err, op.Loc)[0]
		d.AddNote(Location{}, "the IR failed to verify after pass '%s'", pipeline)
		return d
	}
	if err := newVerifier().verifyOp(op); err != nil {
		return fail(err)
	}
	if !op.HasTrait(SymbolTable) {
		return nil
	}
	k := 0
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				var u []*Operation
				if k < len(anchors) && anchors[k] == o {
					u = users[k]
					k++
				} else {
					u = symbolUsers(o, nil)
				}
				if err := checkSymbolUses(u); err != nil {
					return fail(err)
				}
			}
		}
	}
	return nil
}

// nestedName is how a nested pipeline is named in messages, as in
// --pass-pipeline: `func.func(canonicalize,cse)`.
func nestedName(anchor string, passes []PassEntry) string {
	var b strings.Builder
	b.WriteString(anchor)
	b.WriteByte('(')
	for i, e := range passes {
		if i > 0 {
			b.WriteByte(',')
		}
		if e.Pass != nil {
			b.WriteString(e.Pass.Name)
		} else {
			b.WriteString(nestedName(e.Anchor, e.Nested))
		}
	}
	b.WriteByte(')')
	return b.String()
}

// creditTimes adds the wall time of runOnAnchors to pm.Timing, shared
// between the passes and the verifier in proportion to the time the runs
// spent in each.
func (pm *PassManager) creditTimes(passes []PassEntry, runs []anchorRun, wall time.Duration) {
	perPass := make([]time.Duration, len(passes))
	var verify, total time.Duration
	for _, r := range runs {
		for k := range passes {
			if r.times != nil {
				perPass[k] += r.times[k]
				verify += r.verifyTimes[k]
				total += r.times[k] + r.verifyTimes[k]
			}
		}
	}
	share := func(d time.Duration) time.Duration {
		if total == 0 {
			return 0
		}
		return time.Duration(float64(wall) * float64(d) / float64(total))
	}
	for k, e := range passes {
		pm.Timing.Add(e.Pass.Title+" ("+e.Pass.Name+")", share(perPass[k]))
	}
	if pm.VerifyEach {
		pm.Timing.Add("(verifier)", share(verify))
	}
}

// multithreading is whether the verifier and the pass manager may use
// several goroutines (on by default); see SetMultithreading.
var multithreading = func() *atomic.Bool { var b atomic.Bool; b.Store(true); return &b }()

// SetMultithreading turns the use of several goroutines by Verify and
// the pass manager on or off for the whole process (MLIR's
// --mlir-disable-threading). Results are the same either way.
func SetMultithreading(on bool) { multithreading.Store(on) }

// parallelFor calls fn(i) for i in [0, n), on up to GOMAXPROCS goroutines
// taking indices in turn (unless sequential or there is one CPU).
func parallelFor(n int, sequential bool, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if sequential || workers < 2 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// Timing accumulates named wall-clock durations in first-use order.
type Timing struct {
	names []string
	times map[string]time.Duration
}

// Add adds d to the entry name.
func (t *Timing) Add(name string, d time.Duration) {
	if t.times == nil {
		t.times = map[string]time.Duration{}
	}
	if _, ok := t.times[name]; !ok {
		t.names = append(t.names, name)
	}
	t.times[name] += d
}

// Duration returns the time accumulated under name (zero if none).
func (t *Timing) Duration(name string) time.Duration { return t.times[name] }

// Report writes an MLIR-style execution time report.
func (t *Timing) Report(w io.Writer) {
	var total time.Duration
	for _, n := range t.names {
		total += t.times[n]
	}
	bar := "===" + strings.Repeat("-", 73) + "==="
	fmt.Fprintln(w, bar)
	fmt.Fprintln(w, "                         ... Execution time report ...")
	fmt.Fprintln(w, bar)
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	fmt.Fprintln(w, "  ----Wall Time----  ----Name----")
	for _, n := range t.names {
		d := t.times[n]
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(d) / float64(total)
		}
		fmt.Fprintf(w, "    %.4f (%5.1f%%)  %s\n", d.Seconds(), pct, n)
	}
	fmt.Fprintf(w, "    %.4f (100.0%%)  Total\n", total.Seconds())
}
