package randprog

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// Types mode's tests (gen_types.go): the interpreter against numpy op by
// op and across the linalg stages (TestTypedPrograms), and native code
// against the interpreter (TestTypedProgramsNative), where a program that
// does not compile is a failure. BCAST_RANDPROG_TYPES_N sets their count
// alone (default: BCAST_RANDPROG_N, else 300).

// TypesConfig is types mode's configuration.
var TypesConfig = func() Config {
	c := DefaultConfig
	c.Types = true
	return c
}()

// typeStats counts what types mode drew: programs by first element
// type, ops by kind and element type (of the first operand: a convert's
// source; of the result: its destination as "->t").
type typeStats struct {
	programs map[string]int
	ops      map[string]int
}

func newTypeStats() *typeStats {
	return &typeStats{programs: map[string]int{}, ops: map[string]int{}}
}

func (ts *typeStats) count(p *Program) {
	ts.programs[p.Elem]++
	for _, o := range p.Ops {
		in := p.value(o.Args[0]).Elem
		if o.Kind == "select" {
			in = p.value(o.Args[1]).Elem
		}
		ts.ops[o.Kind+" "+in]++
		if o.Kind == "convert" {
			ts.ops["convert ->"+o.Result.Elem]++
		}
	}
}

func (ts *typeStats) String() string {
	var progs []string
	for _, e := range ElemTypes {
		progs = append(progs, fmt.Sprintf("%s %d", e.Name, ts.programs[e.Name]))
	}
	var ops []string
	for k, n := range ts.ops {
		ops = append(ops, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ops)
	return fmt.Sprintf("programs by first element type: %s; ops by kind and element type: %s", strings.Join(progs, ", "), strings.Join(ops, ", "))
}

func TestTypedPrograms(t *testing.T) {
	n := modeCount(t, "BCAST_RANDPROG_TYPES_N")
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	ts := newTypeStats()
	st, failures := checkPrograms(t, TypesConfig, n, seed, func(r *run) { ts.count(r.prog) })
	t.Logf("types: %d programs (seeds %d..%d), %d mismatches, %d elements compared with numpy; %s; %s", n, seed, seed+n-1, failures, st.elems, st, ts)
}

func TestTypedProgramsNative(t *testing.T) {
	if os.Getenv("BCAST_RANDPROG_NATIVE") == "0" {
		t.Skip("BCAST_RANDPROG_NATIVE=0")
	}
	compile := nativeCompiler(t)
	n := modeCount(t, "BCAST_RANDPROG_TYPES_N")
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	ts := newTypeStats()
	st := &nativeStats{notCompiled: map[string]int{}}
	nr := newNativeRunner(t, compile, n, st)
	for i := int64(0); i < n; i++ {
		p := Generate(seed+i, TypesConfig)
		ts.count(p)
		np, reason, err := prepareNative(p)
		if err != nil {
			nr.fail(fmt.Sprintf("seed %d: %v\nreproduce: %s", seed+i, err, p.reproduce(true)))
			continue
		}
		if reason != "" {
			nr.mu.Lock()
			st.notCompiled[reason]++
			nr.mu.Unlock()
			nr.fail(fmt.Sprintf("seed %d is not compiled natively: %s%s", seed+i, reason, nativeRepro(&nativeProg{prog: p, runs: []nativeRun{{}}})))
			continue
		}
		nr.add(np)
	}
	failures := nr.wait()
	reasons, total := counts(st.notCompiled)
	t.Logf("types natively: %d programs (seeds %d..%d): %d compared natively (%d of them fail at run time and fail natively too), %d mismatches; "+
		"%d results (%d elements) compared bit for bit, %d inexact ones with a tolerance (largest difference %d ulps); %d not compiled (%s); %s",
		n, seed, seed+n-1, st.compared, st.failing, failures, st.exactResults, st.exactElems, st.inexactResults, st.maxULPs, total, reasons, ts)
}
