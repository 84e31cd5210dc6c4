package randprog

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/internal/pyoracle"
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

// hasComplex reports whether any value of p is complex.
func (p *Program) hasComplex() bool {
	for id := 0; id < len(p.Inputs)+len(p.Ops); id++ {
		if isComplexElem(p.value(id).Elem) {
			return true
		}
	}
	return false
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
	withComplex := 0
	st, failures := runModeNative(t, compile, TypesConfig, n, seed, false, func(p *Program) bool {
		ts.count(p)
		if p.hasComplex() {
			withComplex++
		}
		return true
	})
	reasons, total := counts(st.notCompiled)
	t.Logf("types natively: %d programs (seeds %d..%d, %d of them with complex values): %d compared natively (%d of them fail at run time and fail natively too), %d mismatches; "+
		"%d results (%d elements) compared bit for bit, %d inexact ones with a tolerance (largest difference %d ulps); %d not compiled (%s); %s",
		n, seed, seed+n-1, withComplex, st.compared, st.failing, failures, st.exactResults, st.exactElems, st.inexactResults, st.maxULPs, total, reasons, ts)
}

// TestOracleRoundsOnce checks the numpy oracle's float16 and bf16
// arithmetic (numpy.go): numpy's float16 add, subtract, multiply, divide
// and sqrt (computed in float32, rounded once) equal the float64 result
// rounded to float16 once, and the oracle's bf16 results (computed in
// float32, bf16_round) equal the float64 result rounded to bf16 once
// (through f32_round_to_odd), on random pairs of all magnitudes and the
// specials. StableHLO's f16 and bf16 ops are exactly rounded, so the
// oracle must be.
func TestOracleRoundsOnce(t *testing.T) {
	python := requirePython(t)
	script := strings.TrimSuffix(strings.TrimSpace(oracleScript), "main()") + `
def check():
    rng = np.random.default_rng(1)
    n = 400000
    bad = {}
    def bits16(x):
        return rng.integers(0, 1 << 16, n).astype(np.uint16)
    h = [bits16(0).view(np.float16), bits16(0).view(np.float16)]
    b = [(bits16(0).astype(np.uint32) << np.uint32(16)).view(np.float32) for _ in range(2)]
    ops = {'add': np.add, 'subtract': np.subtract, 'multiply': np.multiply, 'divide': np.divide}
    def same(x, y):
        x, y = np.asarray(x), np.asarray(y)
        return int(np.sum((x.view(np.uint16 if x.dtype == np.float16 else np.uint32) != y.view(np.uint16 if y.dtype == np.float16 else np.uint32)) & ~(np.isnan(x) & np.isnan(y))))
    for name, f in ops.items():
        bad['f16 ' + name] = same(f(h[0], h[1]), f(h[0].astype(np.float64), h[1].astype(np.float64)).astype(np.float16))
        bad['bf16 ' + name] = same(fix(f(b[0], b[1]), 'bf16'), fix(f(b[0].astype(np.float64), b[1].astype(np.float64)), 'bf16'))
    bad['f16 sqrt'] = same(np.sqrt(h[0]), np.sqrt(h[0].astype(np.float64)).astype(np.float16))
    bad['bf16 sqrt'] = same(fix(np.sqrt(b[0]), 'bf16'), fix(np.sqrt(b[0].astype(np.float64)), 'bf16'))
    return {'pairs': n, 'bad': bad}

json.dump(check(), sys.stdout)
`
	var out struct {
		Pairs int            `json:"pairs"`
		Bad   map[string]int `json:"bad"`
	}
	if err := pyoracle.Run(python, t.TempDir(), "roundsonce", script, map[string]any{}, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Bad) != 10 {
		t.Fatalf("the check answered %v", out.Bad)
	}
	for op, n := range out.Bad {
		if n != 0 {
			t.Errorf("%s: %d of %d random pairs are not the exactly rounded result", op, n, out.Pairs)
		}
	}
	t.Logf("%d random pairs per op: %v", out.Pairs, out.Bad)
}
