package randprog

import (
	"fmt"
	"math"
	"math/cmplx"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

const batchSize = 500

// modeCount is how many programs a mode's tests run: the mode's own
// variable env, else BCAST_RANDPROG_N, else 300.
func modeCount(t *testing.T, env string) int64 {
	if os.Getenv(env) != "" {
		return envInt(t, env, 300)
	}
	return envInt(t, "BCAST_RANDPROG_N", 300)
}

func envInt(t *testing.T, name string, def int64) int64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q is not an integer", name, s)
	}
	return v
}

// run is one program's runs: the interpreter on the program as built, and
// on the program after hlo-legalize-broadcasts.
type run struct {
	prog  *Program
	text  string
	trace []*interp.Tensor // the value of each op, in op order
	out   []*interp.Tensor
	err   error

	legalText string
	passErr   error
	legalOut  []*interp.Tensor
	legalErr  error

	stages []stageRun // one per linalg stage (stages_test.go)

	// local are the bounds of each op's value from exact operands
	// (bounds.go), for numpy's float sums and products; localErr is set
	// when the interpreter's own value is outside its bound. Reduction
	// mode only.
	local    *boundSet
	localErr error
}

// stats summarizes what the programs exercised.
type stats struct {
	programs, ops, failing, legalized int
	elems                             int // elements of op values compared with numpy
	stretchedDynamic                  int // ops where a `?` dim that is 1 at run time stretched
	kinds                             map[string]int
	policies                          map[string]int
	withDims, zeroSize                int
	maxULPs                           int64
	maxComplexEps                     float64 // largest inexact complex difference, in epsilons of |z| (complexClose)
	// boundElems counts the elements of numpy's float sums and products
	// compared within their bounds, maxRatio is the largest distance from
	// the interpreter's value as a fraction of the bound's room on that
	// side, unbounded the elements left unbounded (bounds.go).
	boundElems, unbounded int
	maxRatio              float64
	// legalFailSameOp counts failing programs whose legalized form fails
	// at the location of the same original op.
	legalFailing, legalFailSameOp int
	stages                        []stageStats // one per linalg stage
	stageNames                    []string
}

// requirePython returns python3 with numpy (Python), or skips the test
// without it (fails it under BCAST_REQUIRE_TOOLS=1).
func requirePython(t *testing.T) string {
	t.Helper()
	python, ok := Python()
	if !ok {
		msg := "python3 with numpy not found (Debian's python3-numpy, reached with PYENV_VERSION=system); the numpy comparison needs it"
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg + "; set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	}
	return python
}

func TestRandomPrograms(t *testing.T) {
	n := envInt(t, "BCAST_RANDPROG_N", 300)
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	st, failures := checkPrograms(t, DefaultConfig, n, seed, nil)
	t.Logf("%d programs (seeds %d..%d), %d mismatches; %s", n, seed, seed+n-1, failures, st)
}

// checkPrograms generates n programs of cfg from seed on, runs them
// (execute), compares them with numpy (compare) and across the stages
// (compareStages), and reports the first mismatches as test errors; each
// program also goes to each (if set). It returns the statistics and the
// number of mismatching programs.
func checkPrograms(t *testing.T, cfg Config, n, seed int64, each func(*run)) (*stats, int) {
	python := requirePython(t)
	var pm *ir.PassManager
	if e, err := ir.NewPassEntry("hlo-legalize-broadcasts", nil); err == nil {
		pm = &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
	} else {
		t.Logf("hlo-legalize-broadcasts is not registered (%v): the comparison after the pass is skipped", err)
	}
	stages := linalgStages(t)
	st := &stats{kinds: map[string]int{}, policies: map[string]int{}}
	for _, s := range stages {
		st.stages = append(st.stages, stageStats{hloOps: map[string]int{}, notLowered: map[string]int{}})
		st.stageNames = append(st.stageNames, s.name)
	}
	failures := 0
	for start := int64(0); start < n; start += batchSize {
		var runs []*run
		for i := start; i < min(n, start+batchSize); i++ {
			r, err := execute(Generate(seed+i, cfg), pm, stages)
			if err != nil {
				t.Fatalf("seed %d: %v", seed+i, err)
			}
			runs = append(runs, r)
		}
		progs := make([]*Program, len(runs))
		traces := make([][]*interp.Tensor, len(runs))
		for i, r := range runs {
			progs[i], traces[i] = r.prog, r.trace
		}
		outcomes, err := RunNumpy(python, t.TempDir(), progs, traces)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range runs {
			st.count(r, pm != nil)
			if each != nil {
				each(r)
			}
			msg := compare(r, outcomes[i], st)
			if msg == "" {
				msg = compareStages(r, outcomes[i], stages, st)
			}
			if msg != "" {
				failures++
				if failures <= 5 {
					t.Errorf("%s\n%s", msg, describe(r, outcomes[i], stages))
				}
			}
		}
	}
	if failures > 5 {
		t.Errorf("... %d mismatching programs in all", failures)
	}
	return st, failures
}

// execute builds a program, interprets it, runs hlo-legalize-broadcasts
// (if pm is set) and interprets the result, and does the same for each
// linalg stage.
func execute(p *Program, pm *ir.PassManager, stages []stage) (*run, error) {
	m, ops, err := p.Build()
	if err != nil {
		return nil, fmt.Errorf("building the program: %v", err)
	}
	r := &run{prog: p, text: ir.PrintString(m, ir.PrintOptions{}), trace: make([]*interp.Tensor, len(p.Ops))}
	r.out, r.err = interp.RunWithOptions(m, "main", p.Args(), interp.Options{Trace: func(op *ir.Operation, res []*interp.Tensor) {
		if k, ok := ops[op]; ok {
			r.trace[k] = res[p.Ops[k].resultIndex()]
		}
	}})
	if p.hasReductions() {
		r.local, r.localErr = programBounds(p, r.trace, true)
	}
	for _, s := range stages {
		r.stages = append(r.stages, runStage(p, s))
	}
	if pm == nil {
		return r, nil
	}
	if r.passErr = pm.Run(m); r.passErr != nil {
		return r, nil
	}
	r.legalText = ir.PrintString(m, ir.PrintOptions{})
	r.legalOut, r.legalErr = interp.Run(m, "main", p.Args())
	return r, nil
}

// compare checks the interpreter against numpy op by op, and the
// legalized program against the original; it returns "" if all agree.
func compare(r *run, o Outcome, st *stats) string {
	p := r.prog
	if o.ErrorOp == -2 {
		return "numpy oracle failed: " + o.Error
	}
	if r.localErr != nil {
		return r.localErr.Error()
	}
	for k, want := range o.Values {
		got := r.trace[k]
		if got == nil {
			return fmt.Sprintf("op %d (%s): numpy computes %v; the interpreter stopped: %v", k, p.Ops[k].Kind, want, r.err)
		}
		st.elems += len(want.Bits)
		if msg := r.checkOp(k, got, want, st); msg != "" {
			return fmt.Sprintf("op %d (%s): %s", k, p.Ops[k].Kind, msg)
		}
	}
	if o.ErrorOp >= 0 {
		loc := fmt.Sprintf("randprog:%d:1:", o.ErrorOp+1)
		if r.err == nil || !strings.Contains(r.err.Error(), loc) {
			return fmt.Sprintf("numpy fails at op %d (%s); the interpreter gives error %v", o.ErrorOp, o.Error, r.err)
		}
	} else if r.err != nil {
		return fmt.Sprintf("the interpreter fails where numpy does not: %v", r.err)
	}
	if r.passErr != nil {
		return fmt.Sprintf("hlo-legalize-broadcasts failed: %v", r.passErr)
	}
	if r.legalText == "" {
		return ""
	}
	if r.err != nil {
		if r.legalErr == nil {
			return fmt.Sprintf("after hlo-legalize-broadcasts the program runs, but before it failed: %v", r.err)
		}
		st.legalFailing++
		if strings.Contains(r.legalErr.Error(), fmt.Sprintf("randprog:%d:1:", o.ErrorOp+1)) {
			st.legalFailSameOp++
		}
		return ""
	}
	if r.legalErr != nil {
		return fmt.Sprintf("after hlo-legalize-broadcasts the program fails: %v", r.legalErr)
	}
	for i := range r.out {
		if !r.out[i].Equal(r.legalOut[i]) {
			return fmt.Sprintf("result #%d differs after hlo-legalize-broadcasts:\n  before %v\n  after  %v", i, r.out[i], r.legalOut[i])
		}
	}
	return ""
}

// checkOp compares the interpreter's value of op k with numpy's: a float
// sum or product within its bound from the interpreter's operands
// (bounds.go), any other op with sameValue.
func (r *run) checkOp(k int, got *interp.Tensor, want Array, st *stats) string {
	o := r.prog.Ops[k]
	if r.local == nil || !r.prog.toleranced(o) || r.prog.approximate(o) {
		var operand *interp.Tensor
		if len(o.Args) == 1 && got.IsComplex() {
			operand = r.valueOf(o.Args[0])
			if operand != nil && (!operand.IsComplex() || operand.Len() != got.Len()) {
				operand = nil
			}
		}
		return sameValueOf(o.Kind, operand, got, want, r.prog.approximate(o), st)
	}
	w, err := want.Tensor()
	if err != nil {
		return err.Error()
	}
	if got.ElemType() != w.ElemType() || fmt.Sprint(got.Shape()) != fmt.Sprint(w.Shape()) {
		return fmt.Sprintf("interpreter %v, numpy %v", got, w)
	}
	vb := r.local.bounds[len(r.prog.Inputs)+k]
	for i := range got.Len() {
		b := vb.at(i)
		if b.kind == boundAny {
			st.unbounded++
			continue
		}
		ok, ratio := checkBound(b, w.Float(i), got.Float(i))
		if !ok {
			return fmt.Sprintf("element %d: numpy %v, interpreter %v, outside the bound %s\n  interpreter %v\n  numpy       %v",
				i, w.Float(i), got.Float(i), b, got, w)
		}
		if b.kind == boundRange {
			st.boundElems++
			st.maxRatio = max(st.maxRatio, ratio)
		}
	}
	return ""
}

// sameValue compares the interpreter's value with numpy's: bit-exact
// (any NaN equals any NaN), or within TranscendentalULPs (complex values
// with complexClose).
func sameValue(got *interp.Tensor, want Array, inexact bool, st *stats) string {
	return sameValueOf("", nil, got, want, inexact, st)
}

// sameValueOf is sameValue for the result of a unary op kind on operand
// (nil if not known), whose complex results are compared within
// complexScale.
func sameValueOf(kind string, operand, got *interp.Tensor, want Array, inexact bool, st *stats) string {
	w, err := want.Tensor()
	if err != nil {
		return err.Error()
	}
	if !inexact || !got.IsFloat() && !got.IsComplex() {
		if !got.Equal(w) {
			return fmt.Sprintf("interpreter %v, numpy %v", got, w)
		}
		return ""
	}
	if got.ElemType() != w.ElemType() || fmt.Sprint(got.Shape()) != fmt.Sprint(w.Shape()) {
		return fmt.Sprintf("interpreter %v, numpy %v", got, w)
	}
	if got.IsComplex() {
		for i, g := range got.Complexes() {
			var a *complex128 // a unary op's operand
			if operand != nil {
				a = &operand.Complexes()[i]
			}
			scale := complexScale(kind, a, w.Complexes()[i])
			if d, ok := complexClose(g, w.Complexes()[i], got.ElemType().(*ir.ComplexType), scale); !ok {
				return fmt.Sprintf("element %d: interpreter %v, numpy %v (%.3g epsilons of |z| apart, at most %d)\n  interpreter %v\n  numpy       %v",
					i, g, w.Complexes()[i], d, ComplexEps, got, w)
			} else {
				st.maxComplexEps = max(st.maxComplexEps, d)
			}
		}
		return ""
	}
	for i, g := range got.Floats() {
		d := interp.ULPDistance(g, w.Floats()[i], got.ElemType())
		st.maxULPs = max(st.maxULPs, d)
		if d > TranscendentalULPs {
			return fmt.Sprintf("element %d: interpreter %v, numpy %v (%d ulps apart)\n  interpreter %v\n  numpy       %v", i, g, w.Floats()[i], d, got, w)
		}
	}
	return ""
}

// reproduce is the command that reruns the program's test (native: its
// native test) on this program alone.
func (p *Program) reproduce(native bool) string {
	if p.Contractions {
		test := "TestContractionPrograms"
		if native {
			test += "Native"
		}
		return fmt.Sprintf("BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_CONTRACT_N=1 go test ./test/randprog/ -run '^%s$'", p.Seed, test)
	}
	if p.Types {
		test := "TestTypedPrograms"
		if native {
			test += "Native"
		}
		return fmt.Sprintf("BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_TYPES_N=1 go test ./test/randprog/ -run '^%s$'", p.Seed, test)
	}
	if p.Reductions {
		test := "TestReductionPrograms"
		if native {
			test += "Native"
		}
		return fmt.Sprintf("BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_REDUCE_N=1 go test ./test/randprog/ -run '^%s$'", p.Seed, test)
	}
	if native {
		return fmt.Sprintf("BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_N=1 go test ./test/randprog/ -run TestRandomProgramsNative", p.Seed)
	}
	return fmt.Sprintf("BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_N=1 go test ./test/randprog/", p.Seed)
}

// describe prints what a failure report needs: how to reproduce it, the
// program, its inputs and both sides' results.
func describe(r *run, o Outcome, stages []stage) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "reproduce: %s\n", r.prog.reproduce(false))
	sb.WriteString(describeChains(r.prog))
	sb.WriteString(r.text)
	for i, in := range r.prog.Inputs {
		fmt.Fprintf(&sb, "input #%d: %v\n", i, in.Data)
	}
	for k, v := range r.trace {
		fmt.Fprintf(&sb, "interpreter op %d: %v\n", k, v)
	}
	for k, v := range o.Values {
		w, _ := v.Tensor()
		fmt.Fprintf(&sb, "numpy       op %d: %v\n", k, w)
	}
	if o.ErrorOp >= 0 {
		fmt.Fprintf(&sb, "numpy fails at op %d: %s\n", o.ErrorOp, o.Error)
	}
	fmt.Fprintf(&sb, "interpreter results %v, error %v\n", r.out, r.err)
	if r.legalText != "" {
		fmt.Fprintf(&sb, "after hlo-legalize-broadcasts:\n%sresults %v, error %v\n", r.legalText, r.legalOut, r.legalErr)
	}
	describeStages(&sb, r, stages)
	return sb.String()
}

func (s *stats) count(r *run, legalized bool) {
	p := r.prog
	s.programs++
	s.ops += len(p.Ops)
	if r.err != nil {
		s.failing++
	}
	if legalized && r.passErr == nil {
		s.legalized++
	}
	for _, o := range p.Ops {
		s.kinds[o.Kind]++
		if len(o.Args) < 2 {
			continue
		}
		s.policies[o.Policy.String()]++
		if o.Dims != nil {
			s.withDims++
		}
		if o.Result.Shape != nil && ir.NumElements(o.Result.Shape) == 0 {
			s.zeroSize++
		}
		if stretchesDynamic(p, o) {
			s.stretchedDynamic++
		}
	}
}

// stretchesDynamic reports whether an operand dim that is `?` statically
// and 1 at run time stretches to a larger size in o.
func stretchesDynamic(p *Program, o Op) bool {
	shape, places, conflict := p.runTimeBroadcast(o)
	if conflict != nil {
		return false
	}
	for i, a := range o.Args {
		v := p.value(a)
		for d, rd := range places[i].ResultDim {
			if v.Static[d] == ir.Dynamic && v.Shape[d] == 1 && shape[rd] > 1 {
				return true
			}
		}
	}
	return false
}

func (s *stats) String() string {
	var kinds []string
	for k, n := range s.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	var pols []string
	for k, n := range s.policies {
		pols = append(pols, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(pols)
	var stages strings.Builder
	for i := range s.stages {
		fmt.Fprintf(&stages, "; after %s: %s", s.stageNames[i], &s.stages[i])
	}
	return fmt.Sprintf("%d ops; %d programs fail at run time as numpy does; %d compared after hlo-legalize-broadcasts; "+
		"%d broadcasting ops stretch a dynamic dim that is 1 at run time, %d have broadcast_dimensions, %d have a 0-size result; "+
		"policies: %s; ops: %s; largest transcendental difference %d ulps (complex: %.3g epsilons of |z|); "+
		"%d of %d failing programs fail at the same op's location after hlo-legalize-broadcasts%s",
		s.ops, s.failing, s.legalized, s.stretchedDynamic, s.withDims, s.zeroSize,
		strings.Join(pols, ", "), strings.Join(kinds, ", "), s.maxULPs, s.maxComplexEps, s.legalFailSameOp, s.legalFailing, stages.String())
}

// TestGenerateIsDeterministic checks that a seed names one program.
func TestGenerateIsDeterministic(t *testing.T) {
	for seed := int64(0); seed < 100; seed++ {
		cfg := DefaultConfig
		if seed >= 50 {
			cfg = TypesConfig
		}
		a, b := Generate(seed, cfg), Generate(seed, cfg)
		ma, _, err := a.Build()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		mb, _, _ := b.Build()
		if ir.PrintString(ma, ir.PrintOptions{}) != ir.PrintString(mb, ir.PrintOptions{}) {
			t.Fatalf("seed %d gives two programs", seed)
		}
		for i := range a.Inputs {
			if !a.Inputs[i].Data.Equal(b.Inputs[i].Data) {
				t.Fatalf("seed %d gives two inputs #%d", seed, i)
			}
		}
	}
}

// complexClose reports whether the complex g is within ComplexEps
// epsilons of the part type of numpy's w, relative to scale (|w|, or
// complexScale's), part by part,
// and how far (in those epsilons); a NaN part must be NaN in both, an
// infinite one equal. Where the other part of w is infinite, a finite
// part is compared with its own magnitude.
func complexClose(g, w complex128, ct *ir.ComplexType, scale float64) (float64, bool) {
	eps := math.Ldexp(1, -23)
	if ct.Elem == ir.F64T {
		eps = math.Ldexp(1, -52)
	}
	worst := 0.0
	for _, p := range [][2]float64{{real(g), real(w)}, {imag(g), imag(w)}} {
		x, y := p[0], p[1]
		switch {
		case math.IsNaN(x) || math.IsNaN(y):
			if math.IsNaN(x) != math.IsNaN(y) {
				return math.Inf(1), false
			}
		case math.IsInf(x, 0) || math.IsInf(y, 0):
			if x != y {
				return math.Inf(1), false
			}
		case x == y:
		default:
			sc := scale
			if math.IsInf(sc, 0) || math.IsNaN(sc) {
				sc = math.Abs(y)
			}
			// an epsilon of the scale, but no less than the part type's
			// smallest subnormal
			worst = max(worst, math.Abs(x-y)/max(sc*eps, eps*math.Ldexp(1, map[bool]int{true: -1022, false: -126}[ct.Elem == ir.F64T])))
		}
	}
	return worst, worst <= ComplexEps
}

// complexScale is the modulus an op's inexact complex result w (of
// operand a, when unary) is measured against where rounding inside the
// op moves it by more than epsilons of |w|: logistic's 1 + e^-a cancels
// near its poles (a = iπ(2k+1)), by |e^-a|·|w|; atan2's formula, -i·log
// of a quotient of modulus 1 (StableHLO's), has an absolute error of a
// few epsilons however small the result, so its scale is at least 1. |w|
// for the other ops.
func complexScale(kind string, a *complex128, w complex128) float64 {
	switch {
	case kind == "logistic" && a != nil:
		return cmplx.Abs(w) * max(1, cmplx.Abs(cmplx.Exp(-*a))*cmplx.Abs(w))
	case kind == "atan2":
		return max(1, cmplx.Abs(w))
	}
	return cmplx.Abs(w)
}

// valueOf returns the interpreter's value of the program's value id (an
// input's data or an op's traced value; nil if not there).
func (r *run) valueOf(id int) *interp.Tensor {
	if id < len(r.prog.Inputs) {
		return r.prog.Inputs[id].Data
	}
	if k := id - len(r.prog.Inputs); k < len(r.trace) {
		return r.trace[k]
	}
	return nil
}
