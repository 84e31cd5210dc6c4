package passes_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file checks the acceptance rule "for the same linalg input, our
// fold/fuse result and `mlir-opt-19 --linalg-fold-unit-extent-dims
// --linalg-fuse-elementwise-ops` both interpret to the same values". The
// inputs are
//
//   - every chunk of test/lit/linalg/fold-unit-*.mlir and fuse-*.mlir whose
//     ops are all builtin/func/linalg/tensor/arith/math (what mlir-opt-19
//     reads as it is), with the large static sizes of the benchmarks
//     (4096, 1024, 256, 64) made small, and
//   - the W1-W5 kernels of testdata/fold_fuse_kernels.mlir (small and
//     dynamic shapes, f32 and i32), lowered by our own
//     --hlo-legalize-broadcasts --convert-shape-constraints --canonicalize
//     --hlo-legalize-to-linalg. What the lowering leaves outside linalg
//     (hlo.dynamic_broadcast_in_dim, shape.*, cf.assert) is handed to
//     mlir-opt-19 in the generic form with --allow-unregistered-dialect.
//
// Each input goes through our linalg-fold-unit-extent-dims,
// linalg-fuse-elementwise-ops, canonicalize and cse, and through mlir-opt-19
// with the same passes; the result is read back with our parser (after
// mlir-opt-19 --lower-affine when MLIR emitted affine.apply, which we do
// not model). Every function of the original, ours and MLIR's is then
// interpreted on the same random inputs (f32 values include NaN, infinities
// and signed zeros; integers include the extremes), with dynamic dims of 3
// and 1 in every combination (a sample of them past 6 dynamic sizes) that
// the original accepts, and the results must be bit-identical (NaN equals
// NaN).

// nmFoldFuse is the pipeline compared, in both tools.
var nmFoldFuse = []string{"--linalg-fold-unit-extent-dims", "--linalg-fuse-elementwise-ops", "--canonicalize", "--cse"}

// nmBaseDialects are the dialects mlir-opt-19 reads in our custom form.
var nmBaseDialects = map[string]bool{"builtin": true, "func": true, "linalg": true, "tensor": true, "arith": true, "math": true}

// nmLoweredDialects are also allowed in the lowered kernels.
var nmLoweredDialects = map[string]bool{"hlo": true, "shape": true, "cf": true}

// nmShrink maps the benchmark sizes of the lit inputs to small ones.
var nmShrink = map[string]string{"4096": "16", "1024": "12", "256": "6", "64": "5"}

// nmDraws is the number of random inputs per combination of sizes.
const nmDraws = 3

// nmDynSizes are the run-time sizes of dynamic dims (and index arguments).
var nmDynSizes = []int64{3, 1}

type nmCase struct {
	name   string // file#chunk
	src    string // linalg-level input
	shrunk bool   // sizes of the lit input were made small
}

// nmStats counts what the test compared, for the summary line.
type nmStats struct {
	mu                                     sync.Mutex
	cases, funcs, runs, rejected, mismatch int
	lowerAffine, unreadable                []string
	skipped                                []string
}

func (s *nmStats) add(f func(*nmStats)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s)
}

// TestFoldFuseAgainstMLIROptNumeric is the acceptance test described above.
func TestFoldFuseAgainstMLIROptNumeric(t *testing.T) {
	tool := nmMLIROpt(t)
	stats := &nmStats{}
	cases := append(nmLitCases(t, stats), nmKernelCases(t)...)
	nfuncs := 0
	for _, c := range cases {
		m, err := ir.Parse(c.name, []byte(c.src), ir.ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		nfuncs += len(nmFuncs(m))
	}
	if len(cases) < 20 || nfuncs < 30 {
		t.Fatalf("only %d inputs with %d functions found: the test checks too little", len(cases), nfuncs)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { nmRunCase(t, tool, c, stats) })
	}
	t.Logf("%d inputs, %d functions compared in %d runs (%d input configurations rejected by the original program), %d mismatches",
		stats.cases, stats.funcs, stats.runs, stats.rejected, stats.mismatch)
	if len(stats.lowerAffine) > 0 {
		t.Logf("mlir-opt-19 emitted affine ops (read after --lower-affine) for: %s", strings.Join(stats.lowerAffine, ", "))
	}
	if len(stats.unreadable) > 0 {
		t.Logf("mlir-opt-19 output not readable by our parser for: %s", strings.Join(stats.unreadable, ", "))
	}
	if len(stats.skipped) > 0 {
		t.Logf("lit chunks not at the linalg level (not compared): %s", strings.Join(stats.skipped, ", "))
	}
}

func nmMLIROpt(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"mlir-opt-19", "/usr/lib/llvm-19/bin/mlir-opt"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal("mlir-opt-19 is required (BCAST_REQUIRE_TOOLS=1) but not found (PATH or /usr/lib/llvm-19/bin/mlir-opt)")
	}
	t.Skip("mlir-opt-19 not installed (Debian package mlir-19-tools); set BCAST_REQUIRE_TOOLS=1 to require it")
	return ""
}

var nmSplit = regexp.MustCompile(`(?m)^// -----\s*$`)

// nmChunks splits a file on `// -----` lines.
func nmChunks(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return nmSplit.Split(string(data), -1)
}

// nmLitCases reads the linalg-level chunks of the fold and fuse lit tests.
func nmLitCases(t *testing.T, stats *nmStats) []nmCase {
	t.Helper()
	var files []string
	for _, g := range []string{"fold-unit-*.mlir", "fuse-*.mlir"} {
		fs, err := filepath.Glob(filepath.Join("..", "test", "lit", "linalg", g))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Fatal("no fold-unit-*.mlir / fuse-*.mlir lit tests found")
	}
	sort.Strings(files)
	var out []nmCase
	for _, f := range files {
		for i, src := range nmChunks(t, f) {
			name := fmt.Sprintf("%s#%d", filepath.Base(f), i)
			m, err := ir.Parse(name, []byte(src), ir.ParseOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(nmFuncs(m)) == 0 {
				continue
			}
			if bad := nmForeignOp(m, nmBaseDialects); bad != "" {
				stats.add(func(s *nmStats) { s.skipped = append(s.skipped, name+" ("+bad+")") })
				continue
			}
			small := nmShrinkSizes(src)
			if _, err := ir.Parse(name, []byte(small), ir.ParseOptions{}); err != nil {
				t.Fatalf("%s with small sizes does not parse: %v\n%s", name, err, small)
			}
			out = append(out, nmCase{name: name, src: small, shrunk: small != src})
		}
	}
	return out
}

// nmKernelCases lowers the kernels of testdata/fold_fuse_kernels.mlir.
func nmKernelCases(t *testing.T) []nmCase {
	t.Helper()
	const file = "testdata/fold_fuse_kernels.mlir"
	var out []nmCase
	for i, src := range nmChunks(t, file) {
		name := fmt.Sprintf("%s#%d", filepath.Base(file), i)
		low, err := nmBcastOpt(src, "--hlo-legalize-broadcasts", "--convert-shape-constraints", "--canonicalize", "--hlo-legalize-to-linalg")
		if err != nil {
			t.Fatalf("%s: lowering: %v\n%s", name, err, src)
		}
		out = append(out, nmCase{name: name, src: low})
	}
	return out
}

var (
	nmTensorType  = regexp.MustCompile(`tensor<((?:[0-9?]+x)+)`)
	nmOutputShape = regexp.MustCompile(`output_shape \[([^\]]*)\]`)
	nmNumber      = regexp.MustCompile(`[0-9]+`)
)

// nmShrinkSizes replaces the benchmark sizes in tensor types and
// expand_shape output shapes of the non-comment lines of src.
func nmShrinkSizes(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "//") {
			continue
		}
		repl := func(s string) string {
			return nmNumber.ReplaceAllStringFunc(s, func(n string) string {
				if r, ok := nmShrink[n]; ok {
					return r
				}
				return n
			})
		}
		l = nmTensorType.ReplaceAllStringFunc(l, repl)
		l = nmOutputShape.ReplaceAllStringFunc(l, repl)
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// nmFuncs returns the functions with a body at the top of module m.
func nmFuncs(m *ir.Operation) []*ir.Operation {
	var fs []*ir.Operation
	for _, r := range m.Regions() {
		for _, b := range r.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				if op.Name() == "func.func" && op.NumRegions() > 0 && !op.Region(0).Empty() {
					fs = append(fs, op)
				}
			}
		}
	}
	return fs
}

// nmForeignOp returns the name of an op of m outside the allowed dialects,
// or "".
func nmForeignOp(m *ir.Operation, allowed ...map[string]bool) string {
	bad := ""
	m.Walk(func(op *ir.Operation) bool {
		d := op.Dialect()
		for _, a := range allowed {
			if a[d] {
				return true
			}
		}
		if bad == "" {
			bad = op.Name()
		}
		return true
	})
	return bad
}

// nmBcastOpt runs bcast-opt in process.
func nmBcastOpt(src string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	if driver.Main(args, strings.NewReader(src), &stdout, &stderr) != 0 {
		return "", fmt.Errorf("bcast-opt %s: %s", strings.Join(args, " "), stderr.String())
	}
	return stdout.String(), nil
}

// nmRunTool runs mlir-opt-19 with args on src.
func nmRunTool(tool, src string, args ...string) (string, error) {
	cmd := exec.Command(tool, append(args, "-")...)
	cmd.Stdin = strings.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("mlir-opt-19 %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

var nmAffineOp = regexp.MustCompile(`\baffine\.[a-z_]+`)

func nmRunCase(t *testing.T, tool string, c nmCase, stats *nmStats) {
	orig, err := ir.Parse(c.name, []byte(c.src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if bad := nmForeignOp(orig, nmBaseDialects, nmLoweredDialects); bad != "" {
		t.Fatalf("the input holds %s, which is not at the linalg level:\n%s", bad, c.src)
	}
	stats.add(func(s *nmStats) { s.cases++ })
	if c.shrunk {
		t.Logf("run with the benchmark sizes made small (%v)", nmShrink)
	}

	// Ours.
	oursText, err := nmBcastOpt(c.src, nmFoldFuse...)
	if err != nil {
		t.Fatalf("%v\ninput:\n%s", err, c.src)
	}
	ours, err := ir.Parse(c.name+" (ours)", []byte(oursText), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("our output does not parse: %v\n%s", err, oursText)
	}

	// MLIR's: ops mlir-opt-19 does not know go in the generic form.
	generic := nmForeignOp(orig, nmBaseDialects) != ""
	mlirIn, args := c.src, append([]string{}, nmFoldFuse...)
	if generic {
		mlirIn = ir.PrintString(orig, ir.PrintOptions{Generic: true})
		args = append([]string{"--allow-unregistered-dialect"}, args...)
	}
	mlirText, err := nmRunTool(tool, mlirIn, args...)
	if err != nil {
		t.Fatalf("%v\ninput:\n%s", err, mlirIn)
	}
	if op := nmAffineOp.FindString(mlirText); op != "" {
		// Our parser and interpreter have no affine dialect: let MLIR
		// lower it to arith first.
		stats.add(func(s *nmStats) { s.lowerAffine = append(s.lowerAffine, c.name) })
		t.Logf("mlir-opt-19 emits %s; reading it after --lower-affine", op)
		low := []string{"--lower-affine"}
		if generic {
			low = append([]string{"--allow-unregistered-dialect"}, low...)
		}
		if mlirText, err = nmRunTool(tool, mlirText, low...); err != nil {
			t.Fatal(err)
		}
	}
	theirs, err := ir.Parse(c.name+" (mlir-opt-19)", []byte(mlirText), ir.ParseOptions{AllowUnregistered: generic})
	if err == nil {
		err = ir.Verify(theirs)
	}
	if err != nil {
		stats.add(func(s *nmStats) { s.unreadable = append(s.unreadable, c.name) })
		t.Fatalf("cannot read mlir-opt-19's output: %v\n%s", err, mlirText)
	}

	for _, f := range nmFuncs(orig) {
		fn := nmSymName(f)
		t.Run(fn, func(t *testing.T) {
			nmCompareFunc(t, c, f, fn, ours, theirs, oursText, mlirText, stats)
		})
	}
}

func nmSymName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// nmSlot is a dynamic size of a function's inputs: dim of argument arg,
// or the value of an index argument (dim -1).
type nmSlot struct{ arg, dim int }

func nmCompareFunc(t *testing.T, c nmCase, f *ir.Operation, fn string, ours, theirs *ir.Operation, oursText, mlirText string, stats *nmStats) {
	var ft *ir.FunctionType
	if ta, ok := f.Attr("function_type").(*ir.TypeAttr); ok {
		ft, _ = ta.Type.(*ir.FunctionType)
	}
	if ft == nil {
		t.Fatalf("@%s has no function type", fn)
	}
	var slots []nmSlot
	for i, in := range ft.Inputs {
		switch ty := in.(type) {
		case *ir.RankedTensorType:
			for d, n := range ty.Shape() {
				if n == ir.Dynamic {
					slots = append(slots, nmSlot{i, d})
				}
			}
		case *ir.IndexType:
			slots = append(slots, nmSlot{i, -1})
		case *ir.FloatType, *ir.IntegerType:
		default:
			t.Fatalf("@%s: cannot make inputs of type %s", fn, in)
		}
	}
	ran, rejected := 0, 0
	var lastErr error
	shown := map[string]bool{} // the IR was printed with a mismatch
	for ci, cfg := range nmConfigs(c.name+"@"+fn, len(slots)) {
		for draw := 0; draw < nmDraws; draw++ {
			in, want, err := nmOriginal(t, f, fn, ft, slots, cfg, nmHash(c.name, fn, strconv.Itoa(ci), strconv.Itoa(draw)))
			if err != nil {
				if draw == 0 {
					rejected++
				}
				lastErr = err
				break
			}
			ran++
			desc := nmDescribe(in)
			for _, other := range []struct {
				who  string
				m    *ir.Operation
				text string
			}{{"ours", ours, oursText}, {"mlir-opt-19", theirs, mlirText}} {
				got, err := interp.Run(other.m, fn, in)
				msg := ""
				if err != nil {
					msg = fmt.Sprintf("fails where the original runs, on %s: %v", desc, err)
				} else if d := nmDiff(want, got); d != "" {
					msg = fmt.Sprintf("differs from the original on %s: %s", desc, d)
				}
				if msg == "" {
					continue
				}
				stats.add(func(s *nmStats) { s.mismatch++ })
				if shown[other.who] {
					t.Errorf("%s %s", other.who, msg)
					continue
				}
				shown[other.who] = true
				t.Errorf("%s %s\n--- input:\n%s\n--- %s:\n%s", other.who, msg, c.src, other.who, other.text)
			}
		}
	}
	stats.add(func(s *nmStats) {
		s.runs += ran
		s.rejected += rejected
		if ran > 0 {
			s.funcs++
		}
	})
	t.Logf("@%s: %d runs compared, %d size combinations rejected by the original", fn, ran, rejected)
	if ran == 0 {
		t.Errorf("@%s: the original runs on none of the input sizes tried (last error: %v)", fn, lastErr)
	}
}

// nmOriginal draws inputs with the sizes cfg and runs the original
// function on them. It draws again (up to three times) if the original
// fails, as integer division by zero makes it; failing every time means
// the sizes are not ones the original accepts.
func nmOriginal(t *testing.T, f *ir.Operation, fn string, ft *ir.FunctionType, slots []nmSlot, cfg []int64, seed uint64) (in, want []*interp.Tensor, err error) {
	t.Helper()
	for attempt := uint64(0); attempt < 3; attempt++ {
		in = nmInputs(t, ft, slots, cfg, rand.New(rand.NewPCG(seed, 0x5eed+attempt)))
		if want, err = interp.Run(nmRoot(f), fn, in); err == nil {
			return in, want, nil
		}
	}
	return nil, nil, err
}

// nmRoot returns the module holding f.
func nmRoot(f *ir.Operation) *ir.Operation {
	if p := f.ParentOp(); p != nil {
		return p
	}
	return f
}

func nmHash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// nmConfigs returns the run-time sizes to try for n dynamic slots: every
// combination of nmDynSizes for up to 6 slots, else all-3, all-1 and 16
// random combinations.
func nmConfigs(seed string, n int) [][]int64 {
	if n == 0 {
		return [][]int64{nil}
	}
	k := len(nmDynSizes)
	var out [][]int64
	if n <= 6 {
		total := 1
		for i := 0; i < n; i++ {
			total *= k
		}
		for c := 0; c < total; c++ {
			cfg := make([]int64, n)
			for i, x := 0, c; i < n; i, x = i+1, x/k {
				cfg[i] = nmDynSizes[x%k]
			}
			out = append(out, cfg)
		}
		return out
	}
	seen := map[string]bool{}
	add := func(cfg []int64) {
		if key := fmt.Sprint(cfg); !seen[key] {
			seen[key] = true
			out = append(out, cfg)
		}
	}
	for _, v := range nmDynSizes {
		cfg := make([]int64, n)
		for i := range cfg {
			cfg[i] = v
		}
		add(cfg)
	}
	rng := rand.New(rand.NewPCG(nmHash(seed), 1))
	for j := 0; j < 16; j++ {
		cfg := make([]int64, n)
		for i := range cfg {
			cfg[i] = nmDynSizes[rng.IntN(k)]
		}
		add(cfg)
	}
	return out
}

// nmInputs makes random arguments of the function type ft, with the
// dynamic sizes cfg.
func nmInputs(t *testing.T, ft *ir.FunctionType, slots []nmSlot, cfg []int64, rng *rand.Rand) []*interp.Tensor {
	t.Helper()
	args := make([]*interp.Tensor, len(ft.Inputs))
	for i, in := range ft.Inputs {
		var elem ir.Type
		var shape []int64
		switch ty := in.(type) {
		case *ir.RankedTensorType:
			elem, shape = ty.ElementType(), append([]int64{}, ty.Shape()...)
		default:
			elem = in
		}
		for s, sl := range slots {
			if sl.arg == i && sl.dim >= 0 {
				shape[sl.dim] = cfg[s]
			}
		}
		n := 1
		for _, d := range shape {
			n *= int(d)
		}
		var a *interp.Tensor
		var err error
		switch {
		case ir.IsFloat(elem):
			data := make([]float64, n)
			for j := range data {
				data[j] = nmFloat(rng)
			}
			a, err = interp.NewFloats(elem, shape, data)
		case elem == ir.Index && len(shape) == 0:
			v := int64(0)
			for s, sl := range slots {
				if sl.arg == i && sl.dim < 0 {
					v = cfg[s]
				}
			}
			a, err = interp.NewInts(elem, shape, []int64{v})
		default:
			data := make([]int64, n)
			for j := range data {
				data[j] = nmInt(rng, elem)
			}
			a, err = interp.NewInts(elem, shape, data)
		}
		if err != nil {
			t.Fatalf("argument #%d (%s): %v", i, in, err)
		}
		args[i] = a
	}
	return args
}

// nmFloat draws a float: mostly small normal values, sometimes a special
// one (NaN, infinities, signed zeros).
func nmFloat(rng *rand.Rand) float64 {
	switch rng.IntN(40) {
	case 0:
		return math.NaN()
	case 1:
		return math.Inf(1)
	case 2:
		return math.Inf(-1)
	case 3:
		return math.Copysign(0, -1)
	case 4:
		return 0
	}
	return rng.NormFloat64() * 4
}

// nmInt draws an integer of elem: mostly small values, sometimes an
// extreme one.
func nmInt(rng *rand.Rand, elem ir.Type) int64 {
	w := 64
	if it, ok := elem.(*ir.IntegerType); ok {
		w = it.Width
	}
	if w == 1 {
		return int64(rng.IntN(2))
	}
	if elem == ir.Index {
		return int64(rng.IntN(8))
	}
	switch rng.IntN(24) {
	case 0:
		return -1 << (w - 1)
	case 1:
		return 1<<(w-1) - 1
	case 2:
		return -1
	case 3:
		return 0
	}
	return int64(rng.IntN(41)) - 20
}

// nmDescribe names the argument shapes of a run.
func nmDescribe(in []*interp.Tensor) string {
	var parts []string
	for _, a := range in {
		parts = append(parts, a.Type().String())
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// nmDiff compares results bit for bit (any two NaNs are equal) and
// describes the first difference.
func nmDiff(want, got []*interp.Tensor) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d results, want %d", len(got), len(want))
	}
	for r := range want {
		w, g := want[r], got[r]
		if w.Type().String() != g.Type().String() {
			return fmt.Sprintf("result #%d is %s, want %s", r, g.Type(), w.Type())
		}
		if w.Equal(g) {
			continue
		}
		for i := 0; i < w.Len(); i++ {
			if w.IsFloat() {
				a, b := w.Floats()[i], g.Floats()[i]
				if math.Float64bits(a) != math.Float64bits(b) && !(math.IsNaN(a) && math.IsNaN(b)) {
					return fmt.Sprintf("result #%d element %d is %v, want %v", r, i, b, a)
				}
			} else if a, b := w.Ints()[i], g.Ints()[i]; a != b {
				return fmt.Sprintf("result #%d element %d is %d, want %d", r, i, b, a)
			}
		}
		return fmt.Sprintf("result #%d differs: %s, want %s", r, g, w)
	}
	return ""
}
