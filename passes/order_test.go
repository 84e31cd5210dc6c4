package passes

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestPipelinesMeetPassOrder checks every named pipeline against the
// ordering constraints.
func TestPipelinesMeetPassOrder(t *testing.T) {
	for _, name := range PipelineNames() {
		if err := CheckOrder(Pipelines[name], PassOrder); err != nil {
			t.Errorf("pipeline %q: %v", name, err)
		}
	}
}

// TestPassOrderIsLive checks the table itself: every pass it names is
// registered, and every constraint applies to some named pipeline (both
// passes run in it), so that none checks nothing.
func TestPassOrderIsLive(t *testing.T) {
	runs := func(steps []Step, pass string) bool {
		for _, s := range steps {
			if s.Pass == pass {
				return true
			}
		}
		return false
	}
	for _, o := range PassOrder {
		for _, n := range []string{o.A, o.B} {
			if ir.LookupPass(n) == nil {
				t.Errorf("PassOrder names %q, which is not a registered pass", n)
			}
		}
		if o.Why == "" {
			t.Errorf("%s before %s: no reason given", o.A, o.B)
		}
		applies := false
		for _, steps := range Pipelines {
			applies = applies || runs(steps, o.A) && runs(steps, o.B)
		}
		if !applies {
			t.Errorf("%s before %s: no named pipeline runs both", o.A, o.B)
		}
	}
}

// steps makes a pipeline of the named passes.
func steps(names ...string) []Step {
	var out []Step
	for _, n := range names {
		out = append(out, Step{Pass: n})
	}
	return out
}

// TestCheckOrderRejectsWrongPipelines gives CheckOrder deliberately wrong
// pipelines: each constraint with its two passes swapped, and the cpu
// pipeline with versioning moved after unit-dim folding.
func TestCheckOrderRejectsWrongPipelines(t *testing.T) {
	for _, o := range PassOrder {
		if err := CheckOrder(steps(o.A, o.B), PassOrder); err != nil {
			t.Errorf("%s then %s: %v", o.A, o.B, err)
		}
		err := CheckOrder(steps(o.B, o.A), PassOrder)
		if want := o.A + " must run before " + o.B; err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), o.Why) {
			t.Errorf("%s then %s: got %v, want an error saying %q and why", o.B, o.A, err, want)
		}
	}
	var cpu []string
	for _, s := range Pipelines["cpu"] {
		cpu = append(cpu, s.Pass)
	}
	cases := []struct {
		name  string
		steps []Step
		want  string // "" when the order is right
	}{
		{"cpu", steps(cpu...), ""},
		{"unrelated passes only", steps("canonicalize", "cse", "inline"), ""},
		{"fold before version", steps(swap(cpu, "linalg-version-broadcasts", "linalg-fold-unit-extent-dims")...),
			"step 10 (linalg-version-broadcasts) runs after step 9 (linalg-fold-unit-extent-dims), but linalg-version-broadcasts must run before linalg-fold-unit-extent-dims: unit-dim folding would hide"},
		{"lowering before legalization", steps("hlo-legalize-to-linalg", "hlo-legalize-broadcasts"),
			"hlo-legalize-broadcasts must run before hlo-legalize-to-linalg"},
		// every run of A before every run of B: a second fold before the
		// versioning breaks the order even if one runs after it
		{"fold on both sides of version", steps("linalg-fold-unit-extent-dims", "linalg-version-broadcasts", "linalg-fold-unit-extent-dims"),
			"linalg-version-broadcasts must run before linalg-fold-unit-extent-dims"},
		{"a second legalization after the lowering", steps("hlo-legalize-broadcasts", "hlo-legalize-to-linalg", "hlo-legalize-broadcasts"),
			"hlo-legalize-broadcasts must run before hlo-legalize-to-linalg"},
	}
	for _, c := range cases {
		err := CheckOrder(c.steps, PassOrder)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// swap returns names with the passes a and b exchanged.
func swap(names []string, a, b string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		switch n {
		case a:
			n = b
		case b:
			n = a
		}
		out[i] = n
	}
	return out
}

// TestPipelineEntriesRefusesWrongOrder registers a pipeline that breaks
// an ordering constraint: PipelineEntries must refuse it.
func TestPipelineEntriesRefusesWrongOrder(t *testing.T) {
	const name = "test-wrong-order"
	Pipelines[name] = steps("linalg-fold-unit-extent-dims", "linalg-version-broadcasts")
	t.Cleanup(func() { delete(Pipelines, name) })
	_, err := PipelineEntries(name)
	if want := `pipeline "test-wrong-order": step 2 (linalg-version-broadcasts) runs after step 1 (linalg-fold-unit-extent-dims)`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error containing %q", err, want)
	}
	if _, err := PipelineEntries("cpu"); err != nil {
		t.Errorf("cpu: %v", err)
	}
}
