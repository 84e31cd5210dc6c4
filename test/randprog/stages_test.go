package randprog

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes"
)

// The linalg stages: each program is also run through a pipeline down to
// linalg (and through the linalg passes, when they are registered) and
// interpreted again; the results must be the original run's bit for bit
// (which the op-by-op comparison has matched with numpy), and a program
// that fails at run time must still fail.
//
// hlo-legalize-to-linalg does not lower everything yet: it rejects with a
// diagnostic a dim that may or may not be 1 at run time (could-be-1), and
// a few ops and element types. Such programs are counted as "not lowered",
// by reason, and not compared; hlo ops it leaves in place (reshape,
// transpose, ...) are run by the interpreter next to the linalg ops.

// lowering is the pass whose rejection of a program is "not lowered"
// rather than a failure.
const lowering = "hlo-legalize-to-linalg"

// linalgPipelines are the stages' pass lists, as bcast-opt flags would name them.
var linalgPipelines = func() [][]string {
	lower := []string{"hlo-legalize-broadcasts", "canonicalize", lowering}
	// The whole `--pipeline=cpu`, from its table.
	var cpu []string
	for _, s := range passes.Pipelines["cpu"] {
		cpu = append(cpu, s.Pass)
	}
	return [][]string{
		lower,
		append(slices.Clone(lower), "linalg-fold-unit-extent-dims", "linalg-fuse-elementwise-ops", "canonicalize", "cse"),
		append(slices.Clone(lower), "linalg-fuse-elementwise-ops", "linalg-fold-unit-extent-dims", "canonicalize", "cse"),
		cpu,
	}
}()

// stage is one pipeline after which the programs are interpreted again.
type stage struct {
	name    string // `--a --b ...`
	entries []ir.PassEntry
}

// linalgStages returns the stages whose passes are all registered, and
// logs the others as skipped.
func linalgStages(t *testing.T) []stage {
	var out []stage
	for _, names := range linalgPipelines {
		s := stage{name: "--" + strings.Join(names, " --")}
		for _, n := range names {
			e, err := ir.NewPassEntry(n, nil)
			if err != nil {
				t.Logf("stage %s skipped: %v (not written yet?)", s.name, err)
				s.entries = nil
				break
			}
			s.entries = append(s.entries, e)
		}
		if s.entries != nil {
			out = append(out, s)
		}
	}
	return out
}

// stageRun is one program's run through one stage.
type stageRun struct {
	// notLowered is why hlo-legalize-to-linalg rejected the program, ""
	// if it did not.
	notLowered string
	passErr    error // any other pass failure (or IR that fails to verify)
	text       string
	hloLeft    []string // the names of the hlo ops left after the stage, sorted
	out        []*interp.Tensor
	err        error
}

// runStage builds the program afresh, runs the stage's passes one at a
// time (each in an ir.PassManager with VerifyEach, so that a rejection by
// the lowering is told apart from a bug) and interprets the result.
func runStage(p *Program, s stage) stageRun {
	var sr stageRun
	m, _, err := p.Build()
	if err != nil {
		sr.passErr = err
		return sr
	}
	for _, e := range s.entries {
		pm := &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
		if err := pm.Run(m); err != nil {
			// A rejection by the lowering, or versioning over its bound
			// (a documented limit: never a copy instead), is "not
			// lowered"; anything else is a failure.
			rejected := e.Pass.Name == lowering || (e.Pass.Name == "linalg-version-broadcasts" && strings.Contains(err.Error(), "more than max-versions"))
			if rejected && !strings.Contains(err.Error(), "the IR failed to verify after pass") {
				sr.notLowered = notLoweredReason(err)
			} else {
				sr.passErr = fmt.Errorf("--%s: %v", e.Pass.Name, err)
			}
			return sr
		}
	}
	sr.text = ir.PrintString(m, ir.PrintOptions{})
	m.Walk(func(o *ir.Operation) bool {
		if o.Dialect() == "hlo" && !slices.Contains(sr.hloLeft, o.Name()) {
			sr.hloLeft = append(sr.hloLeft, o.Name())
		}
		return true
	})
	sort.Strings(sr.hloLeft)
	sr.out, sr.err = interp.Run(m, "main", p.Args())
	return sr
}

// notLoweredReason summarizes the lowering's diagnostic: its message
// without the location, could-be-1 dims as one reason.
func notLoweredReason(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if strings.Contains(msg, "could-be-1") {
		return "could-be-1 dim"
	}
	if _, m, ok := strings.Cut(msg, "error: "); ok {
		return m
	}
	return msg
}

// stageStats counts what one stage compared.
type stageStats struct {
	compared, failing, failSameOp int
	// hloLeft counts the compared programs with hlo ops left, and by op.
	hloLeft    int
	hloOps     map[string]int
	notLowered map[string]int
}

// compareStages checks each stage's run against the original run; it
// returns "" if all agree.
func compareStages(r *run, o Outcome, stages []stage, st *stats) string {
	for i, s := range stages {
		sr, ss := r.stages[i], &st.stages[i]
		if sr.notLowered != "" {
			ss.notLowered[sr.notLowered]++
			continue
		}
		if sr.passErr != nil {
			return fmt.Sprintf("stage %s fails: %v", s.name, sr.passErr)
		}
		if r.err != nil {
			if sr.err == nil {
				return fmt.Sprintf("after %s the program runs, but before it failed: %v", s.name, r.err)
			}
			ss.failing++
			if strings.Contains(sr.err.Error(), fmt.Sprintf("randprog:%d:1:", o.ErrorOp+1)) {
				ss.failSameOp++
			}
			continue
		}
		if sr.err != nil {
			return fmt.Sprintf("after %s the program fails: %v", s.name, sr.err)
		}
		for k := range r.out {
			if r.out[k].Equal(sr.out[k]) {
				continue
			}
			// Types mode: hlo.logistic lowers to four ops (in f32 for
			// f16 and bf16), the interpreter's hlo.logistic rounds once,
			// so its inexact results and what they flow into are compared
			// as native code's are.
			if r.prog.Types && r.prog.value(r.prog.Results[k]).Inexact && r.out[k].IsFloat() &&
				r.out[k].ElemType() == sr.out[k].ElemType() && fmt.Sprint(r.out[k].Shape()) == fmt.Sprint(sr.out[k].Shape()) {
				d, msg := withinInexact(sr.out[k], r.out[k])
				st.maxULPs = max(st.maxULPs, d)
				if msg == "" {
					continue
				}
			}
			return fmt.Sprintf("result #%d differs after %s:\n  before %v\n  after  %v", k, s.name, r.out[k], sr.out[k])
		}
		ss.compared++
		if len(sr.hloLeft) > 0 {
			ss.hloLeft++
		}
		for _, n := range sr.hloLeft {
			ss.hloOps[n]++
		}
	}
	return ""
}

// describeStages prints each stage's program and results.
func describeStages(sb *strings.Builder, r *run, stages []stage) {
	for i, s := range stages {
		sr := r.stages[i]
		switch {
		case sr.notLowered != "":
			fmt.Fprintf(sb, "after %s: not lowered (%s)\n", s.name, sr.notLowered)
		case sr.passErr != nil:
			fmt.Fprintf(sb, "after %s: %v\n", s.name, sr.passErr)
		default:
			fmt.Fprintf(sb, "after %s:\n%sresults %v, error %v\n", s.name, sr.text, sr.out, sr.err)
		}
	}
}

func (ss *stageStats) String() string {
	reasons, total := counts(ss.notLowered)
	left, _ := counts(ss.hloOps)
	return fmt.Sprintf("%d compared (%d with hlo ops left: %s), %d failing programs fail too (%d at the same op's location), %d not lowered (%s)",
		ss.compared, ss.hloLeft, left, ss.failing, ss.failSameOp, total, reasons)
}

// counts prints `a 1, b 2` sorted by key, and the sum.
func counts(m map[string]int) (string, int) {
	var parts []string
	total := 0
	for k, n := range m {
		parts = append(parts, fmt.Sprintf("%s %d", k, n))
		total += n
	}
	sort.Strings(parts)
	return strings.Join(parts, ", "), total
}

// TestNotLoweredReason checks how rejections are grouped in the summary.
func TestNotLoweredReason(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{"randprog:1:1: error: 'hlo.dynamic_broadcast_in_dim' op has an operand dim that may or may not be 1 at run time; lowering such could-be-1 dims is not implemented yet", "could-be-1 dim"},
		{"randprog:3:1: error: 'hlo.power' op integer power is not lowered to linalg yet\nrandprog:3:1: note: x", "'hlo.power' op integer power is not lowered to linalg yet"},
		{"no location", "no location"},
	} {
		if got := notLoweredReason(fmt.Errorf("%s", c.err)); got != c.want {
			t.Errorf("notLoweredReason(%q) = %q; want %q", c.err, got, c.want)
		}
	}
}
