package randprog

import (
	"crypto/sha256"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The reduction-mode tests (doc.go "Reductions"): programs of
// ReductionConfig against numpy op by op, across the linalg stages bit for
// bit, and natively within their bounds (bounds.go).

// reductionCount is how many reduction-mode programs a test runs:
// BCAST_RANDPROG_REDUCE_N, else BCAST_RANDPROG_N, else 300.
func reductionCount(t *testing.T) int64 { return modeCount(t, "BCAST_RANDPROG_REDUCE_N") }

func TestReductionPrograms(t *testing.T) {
	n := reductionCount(t)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	rs := newReductionStats()
	st, failures := checkPrograms(t, ReductionConfig, n, seed, func(r *run) { rs.count(r.prog) })
	t.Logf("reduction mode: %d programs (seeds %d..%d), %d mismatches; numpy's float sums and products: %d elements within their bounds "+
		"(largest distance from the interpreter %.3g of the bound), %d unbounded; %s; %s",
		n, seed, seed+n-1, failures, st.boundElems, st.maxRatio, st.unbounded, rs, st)
}

func TestReductionProgramsNative(t *testing.T) {
	if os.Getenv("BCAST_RANDPROG_NATIVE") == "0" {
		t.Skip("BCAST_RANDPROG_NATIVE=0")
	}
	compile := nativeCompiler(t)
	n := reductionCount(t)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	st, failures := runModeNative(t, compile, ReductionConfig, n, seed, true, nil)
	reasons, total := counts(st.notCompiled)
	t.Logf("reduction mode natively: %d programs (seeds %d..%d): %d compared natively (%d of them fail at run time and fail natively too), %d mismatches; "+
		"result elements: %d bit for bit, %d within their bounds (largest distance from the interpreter %.3g of the bound: %s), %d unbounded; "+
		"%d not compiled (%s)",
		n, seed, seed+n-1, st.compared, st.failing, failures, st.exactElems, st.rangeElems, st.maxRatio, st.worst, st.unboundedElems, total, reasons)
}

// reductionStats counts what reduction-mode programs exercise.
type reductionStats struct {
	programs, failing                      int
	kinds, ranks, chains, forms            map[string]int
	emptyDims, allDims, zeroSize, unitDims int
	dynamicDims                            int // reductions over a dim `?` in the type
	// stretchedReduced counts reductions over a dim in which a `?` that
	// is 1 at run time was stretched by the op that computed the input;
	// stretchedKept, those that keep such a dim.
	stretchedReduced, stretchedKept int
}

func newReductionStats() *reductionStats {
	return &reductionStats{kinds: map[string]int{}, ranks: map[string]int{}, chains: map[string]int{}, forms: map[string]int{}}
}

func (rs *reductionStats) count(p *Program) {
	rs.programs++
	if p.Broken >= 0 {
		rs.failing++
	}
	for _, c := range p.Chains {
		rs.chains[c]++
	}
	for _, o := range p.Ops {
		switch {
		case o.Kind == "broadcast_in_dim":
			form := "keepdims shape"
			if !slices.Contains(o.Result.Static, 1) || len(o.Dims) == len(o.Result.Shape) {
				form = "full shape"
			}
			if o.Like >= 0 {
				form = "dynamic_broadcast_in_dim to the " + form
			} else {
				form = "broadcast_in_dim to the " + form
			}
			rs.forms[form]++
			continue
		case o.Dims != nil && len(o.Args) == 2:
			for _, a := range o.Args {
				if a >= len(p.Inputs) && isReduction(p.Ops[a-len(p.Inputs)].Kind) {
					rs.forms["broadcast_dimensions"]++
					break
				}
			}
			continue
		case !isReduction(o.Kind):
			continue
		}
		x := p.value(o.Args[0])
		rs.kinds[o.Kind]++
		rs.ranks[fmt.Sprintf("rank %d", len(x.Shape))]++
		switch {
		case len(o.RDims) == 0:
			rs.emptyDims++
		case len(o.RDims) == len(x.Shape):
			rs.allDims++
		}
		for _, d := range o.RDims {
			switch {
			case x.Shape[d] == 0:
				rs.zeroSize++
			case x.Shape[d] == 1:
				rs.unitDims++
			}
			if x.Static[d] == ir.Dynamic {
				rs.dynamicDims++
			}
		}
		if a := o.Args[0] - len(p.Inputs); a >= 0 && len(p.Ops[a].Args) == 2 && !isReduction(p.Ops[a].Kind) && p.Ops[a].Kind != "broadcast_in_dim" {
			sd := stretchedDims(p, p.Ops[a])
			switch {
			case slices.ContainsFunc(sd, func(d int64) bool { return slices.Contains(o.RDims, d) }):
				rs.stretchedReduced++
			case len(sd) > 0:
				rs.stretchedKept++
			}
		}
	}
}

func (rs *reductionStats) String() string {
	str := func(m map[string]int) string { s, _ := counts(m); return s }
	return fmt.Sprintf("%d programs fail at run time; reductions: %s; input %s; %d over no dims, %d over all, %d over a 0-size dim, %d over a dim of size 1, "+
		"%d over a `?` dim, %d over a `?` that is 1 at run time stretched by numpy's rules just before (%d more keep such a dim); keepdims forms: %s; chains: %s",
		rs.failing, str(rs.kinds), str(rs.ranks), rs.emptyDims, rs.allDims, rs.zeroSize, rs.unitDims, rs.dynamicDims,
		rs.stretchedReduced, rs.stretchedKept, str(rs.forms), str(rs.chains))
}

// TestReductionGenerator checks reduction mode without tools: a seed
// names one program, every program builds and verifies, the generator's
// rules hold (argmax, argmin and the discontinuous ops take only exact
// values), the interpreter's values lie within their own bounds and the
// values the generator calls exact have exact bounds, and the programs
// cover what doc.go promises.
func TestReductionGenerator(t *testing.T) {
	rs := newReductionStats()
	interpreted := 0
	for seed := int64(1); seed <= 3000; seed++ {
		p := Generate(seed, ReductionConfig)
		m, ops, err := p.Build()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if seed <= 50 {
			q := Generate(seed, ReductionConfig)
			mq, _, _ := q.Build()
			if ir.PrintString(m, ir.PrintOptions{}) != ir.PrintString(mq, ir.PrintOptions{}) {
				t.Fatalf("seed %d gives two programs", seed)
			}
		}
		rs.count(p)
		for k, o := range p.Ops {
			for _, a := range o.Args {
				if v := p.value(a); v.Inexact && (isArg(o.Kind) || Discontinuous[o.Kind]) {
					t.Fatalf("seed %d: op %d (%s) takes the inexact value %d", seed, k, o.Kind, a)
				}
			}
		}
		if seed > 1000 {
			continue
		}
		trace := make([]*interp.Tensor, len(p.Ops))
		_, runErr := interp.RunWithOptions(m, "main", p.Args(), interp.Options{Trace: func(op *ir.Operation, res []*interp.Tensor) {
			if k, ok := ops[op]; ok {
				trace[k] = res[p.Ops[k].resultIndex()]
			}
		}})
		if runErr != nil && p.Broken < 0 {
			t.Fatalf("seed %d: the interpreter fails: %v", seed, runErr)
		}
		for _, local := range []bool{true, false} {
			bs, err := programBounds(p, trace, local)
			if err != nil {
				t.Fatalf("seed %d (local %v): %v", seed, local, err)
			}
			for id, vb := range bs.bounds {
				if !p.value(id).Inexact && slices.ContainsFunc(vb, func(b elemBound) bool { return b.kind != boundExact }) {
					t.Fatalf("seed %d: value %d is exact but has bounds %v", seed, id, vb)
				}
			}
		}
		interpreted++
	}
	for _, k := range ReductionKinds {
		if rs.kinds[k] == 0 {
			t.Errorf("no %s drawn", k)
		}
	}
	for r := range 5 {
		if rs.ranks[fmt.Sprintf("rank %d", r)] == 0 {
			t.Errorf("no reduction of a rank-%d value", r)
		}
	}
	for what, n := range map[string]int{"over no dims": rs.emptyDims, "over all dims": rs.allDims, "over a 0-size dim": rs.zeroSize,
		"over a unit dim": rs.unitDims, "over a `?` dim": rs.dynamicDims, "over a stretched `?` that is 1": rs.stretchedReduced,
		"keeping a stretched `?` that is 1": rs.stretchedKept, "in a failing program": rs.failing} {
		if n == 0 {
			t.Errorf("no reduction %s", what)
		}
	}
	for _, c := range []string{"softmax", "log_softmax", "layer_norm", "layer_norm (mean of squares)"} {
		for _, f := range keepFormNames {
			if rs.chains[c+", "+f] == 0 {
				t.Errorf("no %s in the form %s", c, f)
			}
		}
	}
	if len(rs.forms) != 5 {
		t.Errorf("keepdims forms drawn: %v; want broadcast_in_dim and dynamic_broadcast_in_dim to the full and the keepdims shape, and broadcast_dimensions", rs.forms)
	}
	t.Logf("%d programs (%d interpreted): %s", rs.programs, interpreted, rs)
}

// TestDefaultModeUnchanged checks that the default mode's seeds still name
// the programs they named before reduction mode was added (a digest of
// seeds 1-2000: types, ops, inputs' bits), so that results quoted for the
// default mode stay comparable. A deliberate change of the default
// generator updates the digest.
func TestDefaultModeUnchanged(t *testing.T) {
	h := sha256.New()
	for seed := int64(1); seed <= 2000; seed++ {
		p := Generate(seed, DefaultConfig)
		fmt.Fprintf(h, "%d %s %d %v\n", p.Seed, p.Elem, p.Broken, p.Results)
		for _, in := range p.Inputs {
			fmt.Fprintf(h, "in %s %v %v %v\n", in.Elem, in.Static, in.Shape, ArrayOf(in.Data).Bits)
		}
		for _, o := range p.Ops {
			fmt.Fprintf(h, "op %s %s %v %s %v %s %v %v %v\n", o.Kind, o.Dir, o.Args, o.Policy, o.Dims, o.Result.Elem, o.Result.Static, o.Result.Shape, o.Result.Inexact)
		}
	}
	const want = "19b40a104da9d39ef1b2b0aeb974e7739b9a266b3dfb419bdae18b1c53478332"
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
		t.Errorf("the default mode's programs changed: digest %s, want %s", got, want)
	}
}

// describeChains is the chains a program drew, for failure reports.
func describeChains(p *Program) string {
	if len(p.Chains) == 0 {
		return ""
	}
	c := slices.Clone(p.Chains)
	sort.Strings(c)
	return "chains: " + strings.Join(c, "; ") + "\n"
}
