package randprog

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The contraction-mode tests (doc.go "Contractions"): programs of
// ContractionConfig against numpy op by op, across the linalg stages bit
// for bit, and natively within their bounds (bounds.go).

// contractionCount is how many contraction-mode programs a test runs:
// BCAST_RANDPROG_CONTRACT_N, else BCAST_RANDPROG_N, else 300.
func contractionCount(t *testing.T) int64 { return modeCount(t, "BCAST_RANDPROG_CONTRACT_N") }

func TestContractionPrograms(t *testing.T) {
	n := contractionCount(t)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	cs := newContractionStats()
	st, failures := checkPrograms(t, ContractionConfig, n, seed, func(r *run) { cs.count(r.prog) })
	t.Logf("contraction mode: %d programs (seeds %d..%d), %d mismatches; numpy's float contractions: %d elements within their bounds "+
		"(largest distance from the interpreter %.3g of the bound), %d unbounded; %s; %s",
		n, seed, seed+n-1, failures, st.boundElems, st.maxRatio, st.unbounded, cs, st)
}

func TestContractionProgramsNative(t *testing.T) {
	if os.Getenv("BCAST_RANDPROG_NATIVE") == "0" {
		t.Skip("BCAST_RANDPROG_NATIVE=0")
	}
	compile := nativeCompiler(t)
	n := contractionCount(t)
	if os.Getenv("BCAST_RANDPROG_CONTRACT_INORDER") == "1" {
		ContractionsInOrder = true
		defer func() { ContractionsInOrder = false }()
	}
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	st, failures := runModeNative(t, compile, ContractionConfig, n, seed, true, nil)
	reasons, total := counts(st.notCompiled)
	t.Logf("contraction mode natively: %d programs (seeds %d..%d): %d compared natively, %d mismatches; "+
		"result elements: %d bit for bit, %d within their bounds (largest distance from the interpreter %.3g of the bound: %s), %d unbounded; "+
		"%d not compiled (%s); %d programs have a result element whose bits are not the interpreter's (%s)",
		n, seed, seed+n-1, st.compared, failures, st.exactElems, st.rangeElems, st.maxRatio, st.worst, st.unboundedElems, total, reasons,
		st.differing, strings.Join(st.differSeeds, ", "))
}

// contractionStats counts what contraction-mode programs exercise.
type contractionStats struct {
	programs, dots, chained        int
	elems, lhsRanks, rhsRanks      map[string]int
	layouts, epilogues             map[string]int
	zeroSize, unitDims, dynamicDim int // paired or free dims of size 0, 1, `?` in the type
	largeK, noContract, unsorted   int
	resultRank4                    int
}

func newContractionStats() *contractionStats {
	return &contractionStats{elems: map[string]int{}, lhsRanks: map[string]int{}, rhsRanks: map[string]int{},
		layouts: map[string]int{}, epilogues: map[string]int{}}
}

func (cs *contractionStats) count(p *Program) {
	cs.programs++
	for _, c := range p.Chains {
		cs.epilogues[c]++
	}
	for _, o := range p.Ops {
		if o.Kind != "dot_general" {
			continue
		}
		cs.dots++
		l, r := p.value(o.Args[0]), p.value(o.Args[1])
		if o.Args[0] >= len(p.Inputs) {
			cs.chained++
		}
		cs.elems[l.Elem]++
		cs.lhsRanks[fmt.Sprintf("rank %d", len(l.Shape))]++
		cs.rhsRanks[fmt.Sprintf("rank %d", len(r.Shape))]++
		d := o.Dot
		cs.layouts[fmt.Sprintf("%d batch", len(d.LhsBatching))]++
		cs.layouts[fmt.Sprintf("%d contracting", len(d.LhsContracting))]++
		if len(d.LhsContracting) == 0 {
			cs.noContract++
		}
		if len(o.Result.Shape) == 4 {
			cs.resultRank4++
		}
		for _, dims := range [][]int64{d.LhsBatching, d.RhsBatching, d.LhsContracting, d.RhsContracting} {
			if !slices.IsSorted(dims) {
				cs.unsorted++
				break
			}
		}
		for _, v := range []Value{l, r} {
			for i, s := range v.Shape {
				switch {
				case s == 0:
					cs.zeroSize++
				case s == 1:
					cs.unitDims++
				}
				if v.Static[i] == ir.Dynamic {
					cs.dynamicDim++
				}
			}
		}
		for _, c := range d.LhsContracting {
			if l.Shape[c] >= largeK[0] {
				cs.largeK++
				break
			}
		}
	}
}

func (cs *contractionStats) String() string {
	str := func(m map[string]int) string { s, _ := counts(m); return s }
	return fmt.Sprintf("%d dot_generals (%s; lhs %s; rhs %s; %s; %d contract nothing, %d with a contracting dim of %d-%d, %d with dimension numbers out of order, "+
		"%d of result rank 4, %d take an earlier value); operand dims: %d of size 0, %d of size 1, %d `?`; epilogue steps: %s",
		cs.dots, str(cs.elems), str(cs.lhsRanks), str(cs.rhsRanks), str(cs.layouts), cs.noContract, cs.largeK, largeK[0], largeK[1], cs.unsorted,
		cs.resultRank4, cs.chained, cs.zeroSize, cs.unitDims, cs.dynamicDim, str(cs.epilogues))
}

// TestContractionGenerator checks contraction mode without tools: a seed
// names one program, every program builds and verifies and runs in the
// interpreter, the interpreter's values lie within their own bounds, and
// the programs cover what doc.go promises.
func TestContractionGenerator(t *testing.T) {
	cs := newContractionStats()
	for seed := int64(1); seed <= 2000; seed++ {
		p := Generate(seed, ContractionConfig)
		m, ops, err := p.Build()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if seed <= 50 {
			q := Generate(seed, ContractionConfig)
			mq, _, _ := q.Build()
			if ir.PrintString(m, ir.PrintOptions{}) != ir.PrintString(mq, ir.PrintOptions{}) {
				t.Fatalf("seed %d gives two programs", seed)
			}
		}
		cs.count(p)
		for _, o := range p.Ops {
			if len(o.Result.Shape) > ContractionConfig.MaxRank {
				t.Fatalf("seed %d: a value of rank %d", seed, len(o.Result.Shape))
			}
		}
		if seed > 500 {
			continue
		}
		trace := make([]*interp.Tensor, len(p.Ops))
		if _, err := interp.RunWithOptions(m, "main", p.Args(), interp.Options{Trace: func(op *ir.Operation, res []*interp.Tensor) {
			if k, ok := ops[op]; ok {
				trace[k] = res[0]
			}
		}}); err != nil {
			t.Fatalf("seed %d: the interpreter fails: %v", seed, err)
		}
		for _, local := range []bool{true, false} {
			if _, err := programBounds(p, trace, local); err != nil {
				t.Fatalf("seed %d (local %v): %v", seed, local, err)
			}
		}
	}
	for _, e := range []string{"f32", "f64", "i32"} {
		if cs.elems[e] == 0 {
			t.Errorf("no %s contraction", e)
		}
	}
	for r := 1; r <= 4; r++ {
		if cs.lhsRanks[fmt.Sprintf("rank %d", r)] == 0 || cs.rhsRanks[fmt.Sprintf("rank %d", r)] == 0 {
			t.Errorf("no operand of rank %d on both sides: lhs %v, rhs %v", r, cs.lhsRanks, cs.rhsRanks)
		}
	}
	for what, n := range map[string]int{"0-size dim": cs.zeroSize, "unit dim": cs.unitDims, "`?` dim": cs.dynamicDim, "long contracting dim": cs.largeK,
		"contraction of nothing": cs.noContract, "dimension numbers out of order": cs.unsorted, "result of rank 4": cs.resultRank4, "chained contraction": cs.chained} {
		if n == 0 {
			t.Errorf("no %s", what)
		}
	}
	for _, e := range []string{"bias, broadcast_in_dim", "bias, numpy broadcast", "relu", "scale", "residual"} {
		if cs.epilogues[e] == 0 {
			t.Errorf("no %s epilogue", e)
		}
	}
	t.Logf("%d programs: %s", cs.programs, cs)
}

// TestContractionBounds checks the bound of an f32 contraction on one
// row times one column of K = 33 terms of mixed magnitudes: the
// interpreter's sequential sum and a pairwise sum (another order) lie
// within it, and a value 2^-10 away relatively does not.
func TestContractionBounds(t *testing.T) {
	const k = 33
	a, b := make([]float64, k), make([]float64, k)
	for i := range k {
		a[i] = float64(float32(math.Ldexp(1+float64(i)/7, i%9-4)))
		b[i] = float64(float32(math.Sin(float64(i)) * 3))
	}
	lhs, _ := interp.NewFloats(ir.F32T, []int64{1, k}, a)
	rhs, _ := interp.NewFloats(ir.F32T, []int64{k, 1}, b)
	d := &hlo.DotDims{LhsContracting: []int64{1}, RhsContracting: []int64{0}}
	p := &Program{Elem: "f32", Broken: -1, Contractions: true, Results: []int{2},
		Inputs: []Input{{Value: Value{Elem: "f32", Static: []int64{1, k}, Shape: []int64{1, k}}, Data: lhs},
			{Value: Value{Elem: "f32", Static: []int64{k, 1}, Shape: []int64{k, 1}}, Data: rhs}},
		Ops: []Op{{Kind: "dot_general", Args: []int{0, 1}, Dot: d, Like: -1, Result: Value{Elem: "f32", Static: []int64{1, 1}, Shape: []int64{1, 1}, Inexact: true}}}}
	m, _, err := p.Build()
	if err != nil {
		t.Fatal(err)
	}
	out, err := interp.Run(m, "main", p.Args())
	if err != nil {
		t.Fatal(err)
	}
	bs, err := programBounds(p, []*interp.Tensor{out[0]}, true)
	if err != nil {
		t.Fatal(err)
	}
	b0 := bs.bounds[2].at(0)
	if b0.kind != boundRange {
		t.Fatalf("bound %s, want a range", b0)
	}
	var pairwise func(lo, hi int) float32
	pairwise = func(lo, hi int) float32 {
		if hi-lo == 1 {
			return float32(a[lo]) * float32(b[lo])
		}
		mid := (lo + hi) / 2
		return pairwise(lo, mid) + pairwise(mid, hi)
	}
	want := out[0].Float(0)
	if float64(pairwise(0, k)) == want {
		t.Fatalf("the pairwise sum is the interpreter's %v: the data do not tell orders apart", want)
	}
	for _, c := range []struct {
		what string
		v    float64
		ok   bool
	}{{"the interpreter's", want, true}, {"a pairwise sum", float64(pairwise(0, k)), true},
		{"2^-10 above", want + math.Abs(want)*0x1p-10, false}, {"2^-10 below", want - math.Abs(want)*0x1p-10, false}} {
		if ok, _ := checkBound(b0, c.v, want); ok != c.ok {
			t.Errorf("%s %v against the bound %s: within %v, want %v", c.what, c.v, b0, ok, c.ok)
		}
	}
}
