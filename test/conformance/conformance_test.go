package conformance

import (
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/internal/pyoracle"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	_ "github.com/bcast-opt/bcast-opt/passes"
)

//go:embed testdata/oracle.py
var oracleScript string

var (
	negZero = math.Copysign(0, -1)
	posInf  = math.Inf(1)
	negInf  = math.Inf(-1)
	nan     = math.NaN()
)

// status is a cell's outcome.
type status int

const (
	pass     status = iota
	fail            // a wrong value, or a failure to run it anywhere
	rejected        // the verifier refuses the program (the element type)
)

// outcome is what happened to one cell.
type outcome struct {
	status status
	why    string // the diagnostic or the mismatch
	ulps   int64  // the largest float distance seen
}

// hloRows are the matrix's rows: every registered hlo op but the exempt
// ones, by name without the dialect.
func hloRows() []string {
	var rows []string
	for _, d := range ir.RegisteredOps() {
		name, ok := strings.CutPrefix(d.Name, "hlo.")
		if ok && exempt[name] == "" {
			rows = append(rows, name)
		}
	}
	sort.Strings(rows)
	return rows
}

// mainFunc writes the cell's @main (named name).
func mainFunc(c *cell, name string) string {
	var b strings.Builder
	var params, rtys []string
	for i, o := range c.operands {
		params = append(params, fmt.Sprintf("%%arg%d: %s", i, o.typ))
	}
	for _, r := range c.results {
		rtys = append(rtys, r.typ)
	}
	fmt.Fprintf(&b, "  func.func public @%s(%s) -> (%s) {\n", name, strings.Join(params, ", "), strings.Join(rtys, ", "))
	for _, line := range strings.Split(c.body, "\n") {
		b.WriteString("    " + line + "\n")
	}
	b.WriteString("  }\n")
	return b.String()
}

// constantsFunc writes a private function returning the tensors as
// constants, as JAX's exported tests write @inputs and @expected.
func constantsFunc(name string, ds []dtype, shapes [][]int64, raws [][]byte) string {
	var b strings.Builder
	var tys, rets []string
	for i := range ds {
		tys = append(tys, tensorType(shapes[i], ds[i]))
	}
	fmt.Fprintf(&b, "  func.func private @%s() -> (%s) {\n", name, strings.Join(tys, ", "))
	for i := range ds {
		fmt.Fprintf(&b, "    %%c%d = stablehlo.constant %s\n", i, literal(shapes[i], ds[i], raws[i]))
		rets = append(rets, fmt.Sprintf("%%c%d", i))
	}
	if len(ds) == 0 {
		b.WriteString("    return\n  }\n")
		return b.String()
	}
	fmt.Fprintf(&b, "    return %s : %s\n  }\n", strings.Join(rets, ", "), strings.Join(tys, ", "))
	return b.String()
}

// program writes the cell as JAX exports a conformance test: @main
// computing the op, @inputs returning its operands and @expected the
// oracle's results. @main takes the operands as arguments (the harness
// calls @inputs for them), so that neither the interpreter nor
// --pipeline=cpu can fold the op away on constants.
func program(c *cell, want [][]byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "module @conformance_%s_%s {\n", c.op, strings.NewReplacer("<", "_", ">", "").Replace(c.d.name))
	b.WriteString(mainFunc(c, "main"))
	var ds []dtype
	var shapes [][]int64
	var raws [][]byte
	for _, o := range c.operands {
		ds, shapes, raws = append(ds, o.d), append(shapes, o.shape), append(raws, o.raw)
	}
	b.WriteString(constantsFunc("inputs", ds, shapes, raws))
	if want != nil {
		ds, shapes = nil, nil
		for _, r := range c.results {
			ds, shapes = append(ds, r.d), append(shapes, r.shape)
		}
		b.WriteString(constantsFunc("expected", ds, shapes, want))
	}
	b.WriteString("}\n")
	return b.String()
}

// oracleCell is a cell as testdata/oracle.py reads it.
type oracleCell struct {
	Kind    string         `json:"kind"`
	Params  map[string]any `json:"params"`
	Inputs  []oracleTensor `json:"inputs"`
	Results []oracleTensor `json:"results"`
}

type oracleTensor struct {
	Dtype string  `json:"dtype"`
	Shape []int64 `json:"shape"`
	Hex   string  `json:"hex,omitempty"`
}

type oracleAnswer struct {
	Hex   []string `json:"hex"`
	Error string   `json:"error"`
}

func python(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("python3", "-c", "import numpy, scipy.special")
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	if err := cmd.Run(); err != nil {
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatalf("python3 with numpy and scipy: %v (BCAST_REQUIRE_TOOLS=1)", err)
		}
		t.Skipf("python3 with numpy and scipy: %v; set BCAST_REQUIRE_TOOLS=1 to make this a failure", err)
	}
	return "python3"
}

// runOracle computes the expected results of cells (those without want).
func runOracle(t *testing.T, cells []*cell) [][][]byte {
	py := python(t)
	var batch []oracleCell
	var idx []int
	out := make([][][]byte, len(cells))
	for i, c := range cells {
		if c.want != nil {
			out[i] = c.want
			continue
		}
		oc := oracleCell{Kind: c.kind, Params: c.params, Inputs: []oracleTensor{}}
		for _, o := range append(c.operands, c.oracleOnly...) {
			oc.Inputs = append(oc.Inputs, oracleTensor{Dtype: o.d.name, Shape: o.shape, Hex: hex.EncodeToString(o.raw)})
		}
		for _, r := range c.results {
			oc.Results = append(oc.Results, oracleTensor{Dtype: r.d.name, Shape: r.shape})
		}
		batch, idx = append(batch, oc), append(idx, i)
	}
	var answers []oracleAnswer
	if err := pyoracle.Run(py, t.TempDir(), "oracle", oracleScript, batch, &answers); err != nil {
		t.Fatal(err)
	}
	if len(answers) != len(batch) {
		t.Fatalf("oracle: %d answers for %d cells", len(answers), len(batch))
	}
	for k, a := range answers {
		if a.Error != "" {
			continue // out[idx[k]] stays nil: the cell fails with the error
		}
		for _, h := range a.Hex {
			b, err := hex.DecodeString(h)
			if err != nil {
				t.Fatal(err)
			}
			out[idx[k]] = append(out[idx[k]], b)
		}
	}
	for k, a := range answers {
		if a.Error != "" {
			cells[idx[k]].params["oracle_error"] = a.Error
		}
	}
	return out
}

// compareRaw compares got with want, tensors of d's bytes: exactly for
// integers and i1, within ulps for floats (any NaN equals any NaN; an
// infinity or a zero's sign must match) or, where abs > 0, within abs of
// want, part by part for complex, where a part of an inexact result
// (ulps > 0) may also be within ulps epsilons of the expected |z|. It returns a description of the first
// difference ("" if none) and the largest distance in ulps of the values
// within ulps.
func compareRaw(d dtype, got, want []byte, ulps int64, abs float64) (string, int64) {
	if len(got) != len(want) {
		return fmt.Sprintf("%d bytes, want %d", len(got), len(want)), 0
	}
	if d.isInt() {
		sz := d.bytes()
		for i := 0; i < len(got); i += sz {
			if string(got[i:i+sz]) != string(want[i:i+sz]) {
				return fmt.Sprintf("element %d: got %s, want %s", i/sz, intString(d, got[i:i+sz]), intString(d, want[i:i+sz])), 0
			}
		}
		return "", 0
	}
	fd := d
	if d.class == complexType {
		fd = d.component()
	}
	sz := fd.bytes()
	var worst int64
	for i := 0; i < len(got); i += sz {
		g, w := bitsOf(got[i:i+sz]), bitsOf(want[i:i+sz])
		dist := ulpDistance(fd, g, w)
		if dist > ulps && abs > 0 && dist != math.MaxInt64 &&
			math.Abs(ir.FloatFromBits(g, fd.floatKind())-ir.FloatFromBits(w, fd.floatKind())) <= abs {
			continue
		}
		if dist > ulps && ulps > 0 && d.class == complexType && dist != math.MaxInt64 {
			// a part of an inexact complex result: within ulps of the
			// expected modulus |z| (a part near cancellation is only as
			// accurate as the terms of the size of |z| it is the sum of)
			pair := i - i%(2*sz)
			wz := math.Hypot(ir.FloatFromBits(bitsOf(want[pair:pair+sz]), fd.floatKind()), ir.FloatFromBits(bitsOf(want[pair+sz:pair+2*sz]), fd.floatKind()))
			eps := math.Ldexp(1, -fd.mantBits())
			diff := math.Abs(ir.FloatFromBits(g, fd.floatKind()) - ir.FloatFromBits(w, fd.floatKind()))
			if !math.IsInf(wz, 0) && diff <= float64(ulps)*eps*wz {
				continue
			}
		}
		worst = max(worst, dist)
		if dist > ulps {
			return fmt.Sprintf("element %d: got %s, want %s (%s)", i/sz, floatString(fd, g), floatString(fd, w), distString(dist)), worst
		}
	}
	return "", worst
}

func bitsOf(b []byte) uint64 {
	var x [8]byte
	copy(x[:], b)
	return binary.LittleEndian.Uint64(x[:])
}

// ulpDistance is the number of representable values between two floats'
// bits, 0 for two NaNs, and MaxInt64 when one is a NaN or an infinity
// and they differ, or when their signs differ (a zero's sign included).
func ulpDistance(d dtype, a, b uint64) int64 {
	if a == b {
		return 0
	}
	va, vb := ir.FloatFromBits(a, d.floatKind()), ir.FloatFromBits(b, d.floatKind())
	if math.IsNaN(va) && math.IsNaN(vb) {
		return 0
	}
	sign := uint64(1) << (d.bits - 1)
	if math.IsNaN(va) || math.IsNaN(vb) || math.IsInf(va, 0) || math.IsInf(vb, 0) || a&sign != b&sign {
		return math.MaxInt64
	}
	ma, mb := int64(a&^sign), int64(b&^sign)
	if ma > mb {
		return ma - mb
	}
	return mb - ma
}

func distString(d int64) string {
	if d == math.MaxInt64 {
		return "different class or sign"
	}
	return fmt.Sprintf("%d ulps", d)
}

func floatString(d dtype, bits uint64) string {
	return fmt.Sprintf("%v [0x%0*X]", ir.FloatFromBits(bits, d.floatKind()), d.bytes()*2, bits)
}

func intString(d dtype, b []byte) string {
	v := bitsOf(b)
	if d.class == signed && d.bits < 64 && v>>(d.bits-1)&1 == 1 {
		return fmt.Sprint(int64(v) - int64(1)<<d.bits)
	}
	if d.class == signed {
		return fmt.Sprint(int64(v))
	}
	return fmt.Sprint(v)
}

// checkResults compares a run's results with want, result by result.
func checkResults(c *cell, got, want [][]byte) (string, int64) {
	if len(got) != len(want) {
		return fmt.Sprintf("%d results, want %d", len(got), len(want)), 0
	}
	var worst int64
	for r := range got {
		msg, u := compareRaw(c.results[r].d, got[r], want[r], c.ulps, c.abs)
		worst = max(worst, u)
		if msg != "" {
			return fmt.Sprintf("result %d: %s", r, msg), worst
		}
	}
	return "", worst
}

// interpret runs the program in the interpreter: @inputs, @main on them
// and @expected, which @main's results must match.
func interpret(c *cell, text string) (why string, ulps int64) {
	defer func() {
		if r := recover(); r != nil {
			why = fmt.Sprintf("panic: %v", r)
		}
	}()
	m, err := compiler.Parse("conformance.mlir", []byte(text))
	if err != nil {
		return "the program with @expected does not parse: " + firstLine(err.Error()), 0
	}
	args, err := interp.Run(m, "inputs", nil)
	if err != nil {
		return "interpreter: @inputs: " + firstLine(err.Error()), 0
	}
	got, err := interp.Run(m, "main", args)
	if err != nil {
		return "interpreter: " + firstLine(err.Error()), 0
	}
	want, err := interp.Run(m, "expected", nil)
	if err != nil {
		return "interpreter: @expected: " + firstLine(err.Error()), 0
	}
	var gb, wb [][]byte
	for i := range got {
		gb = append(gb, got[i].Bytes())
	}
	for i := range want {
		wb = append(wb, want[i].Bytes())
	}
	msg, u := checkResults(c, gb, wb)
	if msg != "" {
		return "interpreter: " + msg, u
	}
	return "", u
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// nativeCell is a cell's @main after --pipeline=cpu, renamed and taken
// out of its module, ready to share a module with its column's others.
type nativeCell struct {
	i  int // the cell's index
	fn *ir.Operation
}

// prepareNative runs --pipeline=cpu on the cell's @main alone and checks
// that lower/llvm emits it; it returns the function or why not.
func prepareNative(c *cell, name string) (fn *ir.Operation, why string) {
	defer func() {
		if r := recover(); r != nil {
			fn, why = nil, fmt.Sprintf("native: panic: %v", r)
		}
	}()
	m, err := compiler.Parse("conformance.mlir", []byte("module {\n"+mainFunc(c, name)+"}\n"))
	if err != nil {
		return nil, "native: does not parse: " + firstLine(err.Error())
	}
	if err := compiler.RunPipeline(m, "cpu"); err != nil {
		return nil, "native: --pipeline=cpu: " + firstLine(err.Error())
	}
	if _, err := compiler.LLVMIR(m, compiler.Options{}); err != nil {
		return nil, "native: --emit=llvm: " + firstLine(err.Error())
	}
	fns := m.Region(0).Front().Ops()
	if len(fns) != 1 {
		return nil, fmt.Sprintf("native: %d top-level ops after --pipeline=cpu, want the one function", len(fns))
	}
	fns[0].Remove()
	return fns[0], ""
}

// runNativeColumn compiles the column's functions into one module, one
// clang run, and runs each on its operands with the driver of lower/llvm;
// it returns, per function, the mismatch ("" if none) and ulps.
func runNativeColumn(tc compiler.Toolchain, dir string, cells []*cell, ncs []nativeCell, want [][][]byte) ([]string, []int64, error) {
	m, err := compiler.Parse("column.mlir", []byte("module {\n}\n"))
	if err != nil {
		return nil, nil, err
	}
	for _, nc := range ncs {
		m.Region(0).Front().Append(nc.fn)
	}
	copts := compiler.Options{Target: llvm.HostTarget().Triple}
	ll, err := compiler.LLVMIR(m, copts)
	if err != nil {
		return nil, nil, err
	}
	header, err := compiler.CHeaderFor(m, "CONFORMANCE_H", copts)
	if err != nil {
		return nil, nil, err
	}
	abis, err := llvm.Functions(m)
	if err != nil || len(abis) != len(ncs) {
		return nil, nil, fmt.Errorf("llvm.Functions: %d of %d functions: %v", len(abis), len(ncs), err)
	}
	for name, data := range map[string]string{"kernels.ll": ll, "kernels.h": header, "driver.c": llvm.CDriver(abis, "kernels.h")} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			return nil, nil, err
		}
	}
	if err := tc.CompileLLVM(dir, "kernels.ll", "kernels.o", copts.Target); err != nil {
		return nil, nil, err
	}
	exe := filepath.Join(dir, "run")
	if err := tc.Link(dir, exe, "driver.c", "kernels.o"); err != nil {
		return nil, nil, err
	}
	var calls []llvm.DriverCall
	for k, nc := range ncs {
		var args []llvm.DriverTensor
		for _, o := range cells[nc.i].operands {
			args = append(args, llvm.DriverTensor{Shape: o.shape, Data: o.raw})
		}
		calls = append(calls, llvm.DriverCall{Func: abis[k], Args: args})
	}
	results, runErr := llvm.RunDriverCalls(exe, dir, calls, llvm.DriverOptions{Guard: true})
	msgs, ulps := make([]string, len(ncs)), make([]int64, len(ncs))
	for k, nc := range ncs {
		if k >= len(results) {
			msgs[k] = fmt.Sprintf("native: the driver failed in this call: %v", runErr)
			for j := k + 1; j < len(ncs); j++ {
				msgs[j] = "native: not run (the driver failed in an earlier call)"
			}
			break
		}
		r := results[k]
		if r.Code != 0 {
			msgs[k] = fmt.Sprintf("native: code %d: %s", r.Code, r.Message)
			continue
		}
		var got [][]byte
		for _, t := range r.Results {
			got = append(got, t.Data)
		}
		msg, u := checkResults(cells[nc.i], got, want[nc.i])
		if msg != "" {
			msg = "native: " + msg
		}
		msgs[k], ulps[k] = msg, u
	}
	return msgs, ulps, nil
}

// TestConformanceMatrix runs every hlo op on every element type (doc.go).
func TestConformanceMatrix(t *testing.T) {
	rows := hloRows()
	var missing []string
	for _, op := range rows {
		if rowCase(op) == nil {
			missing = append(missing, op+" (no case in cases_test.go)")
		}
		if _, ok := stablehloAllows[op]; !ok {
			missing = append(missing, op+" (no StableHLO constraint in stablehlo_test.go)")
		}
	}
	if len(missing) > 0 {
		t.Errorf("hlo ops without a row: %s", strings.Join(missing, ", "))
	}

	// 1. Every cell's @main, verified: rejected or accepted.
	var cells []*cell
	outcomes := map[[2]string]*outcome{}
	for _, op := range rows {
		gen := rowCase(op)
		if gen == nil {
			continue
		}
		for _, d := range dtypes {
			c := gen(d)
			key := [2]string{op, d.name}
			if _, err := compiler.Parse("conformance.mlir", []byte("module {\n"+mainFunc(c, "main")+"}\n")); err != nil {
				outcomes[key] = &outcome{status: rejected, why: firstLine(err.Error())}
				continue
			}
			outcomes[key] = &outcome{status: pass}
			cells = append(cells, c)
		}
	}

	// 2. The oracle, and the interpreter on the whole program.
	want := runOracle(t, cells)
	for i, c := range cells {
		o := outcomes[[2]string{c.op, c.d.name}]
		if want[i] == nil {
			o.status, o.why = fail, fmt.Sprintf("oracle: %v", c.params["oracle_error"])
			continue
		}
		if msg, u := interpret(c, program(c, want[i])); msg != "" {
			o.status, o.why = fail, msg
		} else {
			o.ulps = u
		}
	}

	// 3. Native code: one module per column.
	tc, err := compiler.FindToolchain(compiler.Toolchain{})
	if err != nil {
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatalf("native code: %v (BCAST_REQUIRE_TOOLS=1)", err)
		}
		t.Logf("native code not checked: %v", err)
	} else {
		runNative(t, tc, cells, want, outcomes)
	}

	report(t, rows, outcomes)
}

// runNative compiles and runs each column's accepted cells natively, two
// columns at a time, and records the failures in outcomes.
func runNative(t *testing.T, tc compiler.Toolchain, cells []*cell, want [][][]byte, outcomes map[[2]string]*outcome) {
	byColumn := map[string][]nativeCell{}
	for i, c := range cells {
		o := outcomes[[2]string{c.op, c.d.name}]
		if want[i] == nil {
			continue
		}
		fn, why := prepareNative(c, fmt.Sprintf("c%d_%s", i, c.op))
		if why != "" {
			if o.status == pass {
				o.status, o.why = fail, why
			}
			continue
		}
		byColumn[c.d.name] = append(byColumn[c.d.name], nativeCell{i: i, fn: fn})
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, d := range dtypes {
		ncs := byColumn[d.name]
		if len(ncs) == 0 {
			continue
		}
		dir := t.TempDir()
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			msgs, ulps, err := runNativeColumn(tc, dir, cells, ncs, want)
			mu.Lock()
			defer mu.Unlock()
			for k, nc := range ncs {
				c := cells[nc.i]
				o := outcomes[[2]string{c.op, c.d.name}]
				why := ""
				if err != nil {
					why = "native: the column's module: " + firstLine(err.Error())
				} else {
					why = msgs[k]
					o.ulps = max(o.ulps, ulps[k])
				}
				if why != "" && o.status == pass {
					o.status, o.why = fail, why
				}
			}
		}()
	}
	wg.Wait()
}

// report prints the matrix and fails the test for each failing cell and
// each rejected cell StableHLO allows that knownGaps does not list, and
// for each gap listed that passes.
func report(t *testing.T, rows []string, outcomes map[[2]string]*outcome) {
	var b strings.Builder
	short := func(n string) string {
		return strings.NewReplacer("complex<f32>", "c64", "complex<f64>", "c128").Replace(n)
	}
	fmt.Fprintf(&b, "%-25s", "op \\ dtype")
	for _, d := range dtypes {
		fmt.Fprintf(&b, "%6s", short(d.name))
	}
	b.WriteString("\n")
	var nPass, nFail, nFailGap, nRej, nRejAllowed, nRejGap, nUndef int
	var failures, gapCells []string
	gapsUsed := map[*knownGap]int{}
	for _, op := range rows {
		fmt.Fprintf(&b, "%-25s", op)
		for _, d := range dtypes {
			o := outcomes[[2]string{op, d.name}]
			mark := "?"
			gap := gapFor(op, d)
			if gap != nil && gap.nativeOnly && o != nil &&
				(o.status == rejected || o.status == fail && !strings.HasPrefix(o.why, "native")) {
				gap = nil // the interpreter's part of the cell is no gap
			}
			switch {
			case o == nil:
				mark = "none"
				nFail++
			case o.status == pass:
				mark = "ok"
				nPass++
				if u := undefinedFor(op, d); u != nil {
					failures = append(failures, fmt.Sprintf("%s %s: passes but stablehloUndefined lists it (%s): remove it from the table", op, d.name, u.reason))
				}
				if gap != nil {
					failures = append(failures, fmt.Sprintf("%s %s: passes but knownGaps lists it (%s): remove it from the table", op, d.name, gap.reason))
				}
			case o.status == fail:
				nFail++
				if gap != nil {
					mark = "gap"
					nFailGap++
					gapsUsed[gap]++
					if gap.ops != "*" || os.Getenv("BCAST_CONFORMANCE_ALL_GAPS") == "1" {
						gapCells = append(gapCells, fmt.Sprintf("%s %s: %s", op, d.name, o.why))
					}
					break
				}
				mark = "FAIL"
				failures = append(failures, fmt.Sprintf("%s %s: %s", op, d.name, o.why))
			case o.status == rejected:
				nRej++
				mark = "-"
				if !allows(op, d) {
					break
				}
				if u := undefinedFor(op, d); u != nil {
					mark = "undef"
					nUndef++
					if !strings.Contains(o.why, "undefined in StableHLO") {
						failures = append(failures, fmt.Sprintf("%s %s: rejected, but not as undefined in StableHLO (%s): %s", op, d.name, u.reason, o.why))
					}
					break
				}
				nRejAllowed++
				if gap != nil {
					mark = "gap"
					nRejGap++
					gapsUsed[gap]++
					if gap.ops != "*" || os.Getenv("BCAST_CONFORMANCE_ALL_GAPS") == "1" {
						gapCells = append(gapCells, fmt.Sprintf("%s %s: %s", op, d.name, o.why))
					}
					break
				}
				mark = "REJ!"
				failures = append(failures, fmt.Sprintf("%s %s: rejected, but StableHLO allows it: %s", op, d.name, o.why))
			}
			fmt.Fprintf(&b, "%6s", mark)
		}
		b.WriteString("\n")
	}
	t.Logf("conformance matrix (ok: pass; -: rejected, as StableHLO does; gap: a known gap below; undef: rejected, StableHLO defines no result (stablehloUndefined); FAIL: a wrong value or a failure to run; REJ!: rejected but StableHLO allows it)\n%s", b.String())
	for i := range knownGaps {
		g := &knownGaps[i]
		t.Logf("known gap: %s on %s: %s (%d cells)", g.ops, g.dtypes, g.reason, gapsUsed[g])
	}
	for _, u := range stablehloUndefined {
		t.Logf("undefined in StableHLO: %s on %s: %s", u.ops, u.dtypes, u.reason)
	}
	for _, g := range gapCells {
		t.Logf("gap cell %s", g)
	}
	var dist []string
	for _, op := range rows {
		var cols []string
		for _, d := range dtypes {
			if o := outcomes[[2]string{op, d.name}]; o != nil && o.status == pass && o.ulps > 0 {
				cols = append(cols, fmt.Sprintf("%s %d", d.name, o.ulps))
			}
		}
		if len(cols) > 0 {
			dist = append(dist, op+" ("+strings.Join(cols, ", ")+")")
		}
	}
	t.Logf("largest distances in ulps from the oracle of the cells not bit-exact (interpreter and native): %s", strings.Join(dist, "; "))
	t.Logf("totals: %d cells: %d pass, %d fail (%d of them known gaps), %d rejected (%d undef: StableHLO defines no result; %d of a type StableHLO allows for the op, %d of those known gaps)",
		nPass+nFail+nRej, nPass, nFail, nFailGap, nRej, nUndef, nRejAllowed, nRejGap)
	const shown = 200
	for i, f := range failures {
		if i == shown {
			t.Errorf("... and %d more", len(failures)-shown)
			break
		}
		t.Error(f)
	}
}
