package lit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// hloBuilder returns a builder inside a new function and its tensor<4xf32>
// argument, for the hlo builder API's errors.
func hloBuilder(t *testing.T) (*ir.Builder, *ir.Value) {
	t4 := ir.RankedTensor([]int64{4}, ir.F32T)
	fn, b := funcdialect.NewFunc(builtin.NewModule(), "f", []ir.Type{t4}, nil)
	return b, fn.Region(0).Front().Args()[0]
}

// docs/SPEC.md §8: "Every verifier message is pinned by an expected-error
// test." TestDiagnosticsPinned enforces it for the parser and every
// verifier: it reads the diagnostic format strings out of the Go sources of
// ir/ and dialects/ and requires each one to appear in an expected-error or
// expected-note directive of some .mlir file under test/lit. A new message
// without a lit test, or an allowlist entry that has gone stale, fails it.

// diagSourceDirs are scanned recursively, relative to this directory.
var diagSourceDirs = []string{"../../ir", "../../dialects"}

// diagFuncs are the calls whose format-string argument is a diagnostic:
// op.Emit, ir.Errorf / fmt.Errorf, the parser's fail / failAt, OpParser's
// Fail / FailAt, the lexer's errorTok, Diagnostic.AddNote, and the affine
// parser's errAt / wrongToken (also the local errAt of parseDims).
var diagFuncs = map[string]bool{
	"Emit": true, "Errorf": true, "fail": true, "failAt": true, "Fail": true, "FailAt": true,
	"errorTok": true, "AddNote": true, "errAt": true, "wrongToken": true,
}

// minFragment is the shortest fragment worth checking; shorter ones
// ("expected ", " is null") would match almost anything.
const minFragment = 12

// unpinnable lists the messages no text input can produce, each with the
// reason, and a direct test through the Go API where one is possible.
// key is a piece of the format string (verbs allowed) that selects the
// format(s); make must return the error (or diagnostic) carrying the message.
var unpinnable = []struct {
	key    string
	reason string
	make   func(t *testing.T) error
}{
	{"uses a value that is not in any block",
		"the parser only binds values of ops it has inserted into a block",
		verifyAfter(`func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
			detached := ir.NewOp(&ir.OpState{Name: "test.detached", ResultTypes: []ir.Type{ir.F32T}})
			findOp(t, m, "arith.negf").SetOperand(0, detached.Result(0))
		})},
	{"using value defined outside the region",
		"the parser resolves names in isolated regions (func.func, builtin.module) without looking outside",
		verifyAfter(`%c = arith.constant 1.0 : f32
			func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
			findOp(t, m, "arith.negf").SetOperand(0, findOp(t, m, "arith.constant").Result(0))
		})},
	{"required by region isolation constraints",
		"note of the isolation error above",
		verifyAfter(`%c = arith.constant 1.0 : f32
			func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
			findOp(t, m, "arith.negf").SetOperand(0, findOp(t, m, "arith.constant").Result(0))
		})},
	{"': affine expression nested deeper than",
		"the parser refuses an affine map deeper than affine.MaxDepth before the verifier sees it (ir/nesting.go)",
		verifyAfter(`func.func @f() { return }`, func(t *testing.T, m *ir.Operation) {
			e := affine.Dim(0)
			for range affine.MaxDepth {
				e = affine.Mod(e, affine.Sym(0))
			}
			findOp(t, m, "func.func").SetAttr("m", &ir.AffineMapAttr{Map: affine.NewMap(1, 1, e)})
		})},
	{"result #%d has type %s, of more than",
		"the parser refuses a shape of more than 2^63-1 elements where it is written (ir.TooManyElements)",
		verifyAfter(`func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
			findOp(t, m, "arith.negf").Result(0).SetType(ir.RankedTensor([]int64{math.MaxInt64, 2}, ir.F32T))
		})},
	{"of region #%d has type %s, of more than",
		"as above",
		verifyAfter(`func.func @f(%a: f32) { return }`, func(t *testing.T, m *ir.Operation) {
			findOp(t, m, "func.func").Region(0).Front().Arg(0).SetType(ir.RankedTensor([]int64{math.MaxInt64, 2}, ir.F32T))
		})},
	{"expected at least %d %s, but found",
		"no registered op has a variadic operand list with a minimum (OpDef.MinOperands > 0) yet",
		verifyAfter(`func.func @f() { "pinned_test.at_least_one"() : () -> ()  return }`, nil)},
	{"integer value for element type",
		"ir.NewDenseSplat (Go API); the dense parser converts each literal to the element type before encoding it",
		func(t *testing.T) error {
			_, err := ir.NewDenseSplat(ir.RankedTensor([]int64{2}, ir.F32T), ir.I64Attr(1))
			return err
		}},
	{"float value for element type",
		"ir.NewDenseSplat (Go API), as above",
		func(t *testing.T) error {
			_, err := ir.NewDenseSplat(ir.RankedTensor([]int64{2}, ir.I64), &ir.FloatAttr{Type: ir.F32T, Value: 1})
			return err
		}},
	{"array value for element type",
		"ir.NewDenseSplat (Go API), as above: a complex element's pair [re, im] for a non-complex type",
		func(t *testing.T) error {
			_, err := ir.NewDenseSplat(ir.RankedTensor([]int64{2}, ir.F32T), ir.ComplexPair(ir.Complex(ir.F32T), complex(1, 2)))
			return err
		}},
	{"unsupported dense element value",
		"ir.NewDenseSplat (Go API), as above",
		func(t *testing.T) error {
			_, err := ir.NewDenseSplat(ir.RankedTensor([]int64{2}, ir.I64), ir.Str("s"))
			return err
		}},
	{"does not refer to a registered pass",
		"a command-line error (--pass-pipeline, pass flags), not an IR diagnostic",
		func(t *testing.T) error {
			_, err := ir.NewPassEntry("pinned-test-no-such-pass", nil)
			return err
		}},
	{"no such option '",
		"a command-line error for an option of a registered pass, not an IR diagnostic",
		func(t *testing.T) error {
			_, err := ir.NewPassEntry(somePass().Name, ir.PassOptions{"pinned-test-no-such-option": "1"})
			return err
		}},
	{"the IR failed to verify after pass '",
		"a note for a pass that breaks the IR (a compiler bug), which no text input can cause",
		func(t *testing.T) error {
			m, err := ir.Parse("pinned.mlir", []byte(`func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`), ir.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			breakIR := &ir.PassInfo{Name: "pinned-test-break-ir", Title: "BreakIR", Run: func(op *ir.Operation, _ ir.PassOptions) error {
				findOp(t, op, "arith.negf").SetOperand(0, nil)
				return nil
			}}
			pm := &ir.PassManager{Entries: []ir.PassEntry{{Pass: breakIR}}, VerifyEach: true}
			return pm.Run(m)
		}},
	{"unexpected trailing input after affine map",
		"affine.ParseMap (Go API); the IR parser reads maps with ParseMapPrefix and reports a missing '>' itself",
		func(t *testing.T) error {
			_, err := affine.ParseMap("(d0) -> (d0) x")
			return err
		}},
	{"unexpected trailing input after affine expression",
		"affine.ParseExpr (Go API); textual IR only contains whole maps",
		func(t *testing.T) error {
			_, err := affine.ParseExpr("d0 d1")
			return err
		}},
	{"affine: negative dim or symbol count in map",
		"affine.Map.Validate (Go API); the parser builds valid maps",
		func(t *testing.T) error { return affine.Map{NumDims: -1}.Validate() }},
	{"of map is nil",
		"affine.Map.Validate (Go API), as above",
		func(t *testing.T) error { return affine.Map{NumDims: 1, Results: []affine.Expr{nil}}.Validate() }},
	{"beyond map inputs (",
		"affine.Map.Validate (Go API), as above",
		func(t *testing.T) error {
			return affine.Map{NumDims: 1, Results: []affine.Expr{affine.Dim(3)}}.Validate()
		}},
	{"evaluated with",
		"affine.Map.TryEval (Go API): evaluation is not reachable from text",
		func(t *testing.T) error { _, err := affine.Identity(2).TryEval([]int64{1}, nil); return err }},
	{"has no value",
		"affine.EvalExpr (Go API), as above",
		func(t *testing.T) error { _, err := affine.EvalExpr(affine.Dim(1), []int64{1}, nil); return err }},
	{"affine: overflow evaluating",
		"affine.EvalExpr (Go API), as above",
		func(t *testing.T) error {
			_, err := affine.EvalExpr(affine.Add(affine.Dim(0), affine.Const(1)), []int64{1<<63 - 1}, nil)
			return err
		}},
	{"affine: mod by non-positive value",
		"affine.EvalExpr (Go API), as above",
		func(t *testing.T) error {
			_, err := affine.EvalExpr(affine.Binary(affine.KindMod, affine.Dim(0), affine.Sym(0)), []int64{5}, []int64{0})
			return err
		}},
	{"affine: division by zero in",
		"affine.EvalExpr (Go API), as above",
		func(t *testing.T) error {
			_, err := affine.EvalExpr(affine.Binary(affine.KindFloorDiv, affine.Dim(0), affine.Sym(0)), []int64{5}, []int64{0})
			return err
		}},
	{"is not a binary broadcasting op",
		"hlo.Binary (Go API): the name of an op that is not a binary broadcasting op",
		func(t *testing.T) error {
			b, x := hloBuilder(t)
			_, err := hlo.Binary(b, "negate", x, x)
			return err
		}},
	{"is not an elementwise unary op",
		"hlo.Unary (Go API): the name of an op that is not an elementwise unary op",
		func(t *testing.T) error {
			b, x := hloBuilder(t)
			_, err := hlo.Unary(b, "transpose", x)
			return err
		}},
	{"no constants of element type",
		"hlo.ScalarConstant (Go API): an element type that is neither integer nor float",
		func(t *testing.T) error {
			b, _ := hloBuilder(t)
			_, err := hlo.ScalarConstant(b, ir.Index, 0)
			return err
		}},
	{"cannot infer the result type from a shape operand of type '",
		"hlo.NewDynamicBroadcastInDim (Go API) with no result type and a shape operand of dynamic length; textual IR always spells the result type",
		func(t *testing.T) error {
			b, x := hloBuilder(t)
			shape := b.Create(&ir.OpState{Name: "test.shape", ResultTypes: []ir.Type{ir.RankedTensor([]int64{ir.Dynamic}, ir.Index)}}).Result(0)
			_, err := hlo.NewDynamicBroadcastInDim(b, x, shape, []int64{0}, nil)
			return err
		}},
	{"numpy broadcasts x over w's batch dims, which dot_general would put after x's free dims",
		"hlo.Matmul (Go API): operand ranks jnp.matmul broadcasts and dot_general cannot express without a transpose; textual IR spells the dims",
		func(t *testing.T) error {
			b, x := hloBuilder(t)
			w := b.Create(&ir.OpState{Name: "test.w", ResultTypes: []ir.Type{ir.RankedTensor([]int64{2, 4, 3}, ir.F32T)}}).Result(0)
			_, err := hlo.Matmul(b, x, w)
			return err
		}},
	{"affine: cannot evaluate",
		"affine.EvalExpr's default case; every affine.Expr kind is handled above it",
		nil},
}

// Test-only ops for the unpinnable verifier messages: traits and arities
// that no dialect uses yet.
func init() {
	ir.Register(
		&ir.OpDef{Name: "pinned_test.at_least_one", Summary: "variadic operands, at least one",
			Operands: ir.Variadic, MinOperands: 1, Results: 0, Regions: 0},
		&ir.OpDef{Name: "pinned_test.same_element_type", Summary: "SameOperandsAndResultElementType",
			Traits: ir.SameOperandsAndResultElementType, Operands: 1, Results: 1, Regions: 0},
		&ir.OpDef{Name: "pinned_test.i64_list", Summary: "custom syntax `[1, 2]` read by ParseI64List",
			Operands: 0, Results: 0, Regions: 0,
			Parse: func(p *ir.OpParser, st *ir.OpState) error {
				st.AddAttr("values", &ir.DenseArrayAttr{Elem: ir.I64, Ints: p.ParseI64List()})
				return nil
			}},
	)
}

var registerTestPass sync.Once

// somePass returns a registered pass, registering a test pass without
// options if the binary links none.
func somePass() *ir.PassInfo {
	if ps := ir.RegisteredPasses(); len(ps) > 0 {
		return ps[0]
	}
	registerTestPass.Do(func() {
		ir.RegisterPass(&ir.PassInfo{Name: "pinned-test-no-op", Title: "NoOp", Summary: "does nothing (test only)",
			Run: func(*ir.Operation, ir.PassOptions) error { return nil }})
	})
	return ir.LookupPass("pinned-test-no-op")
}

// verifyAfter parses src, applies edit (if any) and verifies the module.
func verifyAfter(src string, edit func(t *testing.T, m *ir.Operation)) func(t *testing.T) error {
	return func(t *testing.T) error {
		m, err := ir.Parse("pinned.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		if edit != nil {
			edit(t, m)
		}
		return ir.Verify(m)
	}
}

func findOp(t *testing.T, m *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if found == nil && op.Name() == name {
			found = op
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no %s op", name)
	}
	return found
}

// diagFormat is a diagnostic format string found in the sources.
type diagFormat struct {
	pos      string // file:line
	format   string
	fragment string
}

// verbRE matches a fmt verb (with flags, width, precision, argument index).
var verbRE = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?(\d+|\*)?(\.(\d+|\*)?)?(\[\d+\])?[a-zA-Z%]`)

// longestFragment returns the longest verb-free piece of format, trimmed.
func longestFragment(format string) string {
	best := ""
	for _, part := range verbRE.Split(format, -1) {
		if part = strings.TrimSpace(part); len(part) > len(best) {
			best = part
		}
	}
	return best
}

// scanDiagFormats returns the diagnostic format strings in the non-test Go
// files under dirs.
func scanDiagFormats(t *testing.T, dirs []string) []diagFormat {
	var out []diagFormat
	fset := token.NewFileSet()
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			found, err := scanGoSource(fset, path, src)
			out = append(out, found...)
			return err
		})
		if err != nil {
			t.Fatalf("scanning %s: %v", dir, err)
		}
	}
	return out
}

// scanGoSource returns the diagnostic format strings of one Go file.
func scanGoSource(fset *token.FileSet, path string, src []byte) ([]diagFormat, error) {
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []diagFormat
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !diagFuncs[calleeName(call.Fun)] {
			return true
		}
		// The format is the first argument holding string literals; a
		// concatenation contributes each literal separately.
		for _, arg := range call.Args {
			lits := stringLits(arg)
			if len(lits) == 0 {
				continue
			}
			for _, lit := range lits {
				s, uerr := strconv.Unquote(lit.Value)
				if uerr != nil {
					err = uerr
					return false
				}
				p := fset.Position(lit.Pos())
				out = append(out, diagFormat{pos: p.Filename + ":" + strconv.Itoa(p.Line), format: s, fragment: longestFragment(s)})
			}
			break
		}
		return true
	})
	return out, err
}

func calleeName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// stringLits returns the string literals of e if e is a literal or a
// concatenation involving literals.
func stringLits(e ast.Expr) []*ast.BasicLit {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			return []*ast.BasicLit{x}
		}
	case *ast.ParenExpr:
		return stringLits(x.X)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return append(stringLits(x.X), stringLits(x.Y)...)
		}
	}
	return nil
}

// expectationLines returns the expected-error / expected-note lines of
// every .mlir file under root.
func expectationLines(t *testing.T, root string) []string {
	var lines []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "expected-error") || strings.Contains(l, "expected-note") {
				lines = append(lines, l)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// formatRegexp matches the messages format can produce.
func formatRegexp(format string) *regexp.Regexp {
	parts := verbRE.Split(format, -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(strings.Join(parts, ".*"))
}

// unpinnableKey returns the unpinnable entry that format contains, or "".
func unpinnableKey(format string) string {
	for _, u := range unpinnable {
		if strings.Contains(format, u.key) {
			return u.key
		}
	}
	return ""
}

// pinnedFully reports whether some line contains the whole of format, any
// text standing for its verbs.
func pinnedFully(lines []string, format string) bool {
	re := formatRegexp(format)
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

func pinned(lines []string, fragment string) bool {
	for _, l := range lines {
		if strings.Contains(l, fragment) {
			return true
		}
	}
	return false
}

// pinCheck is the verdict on a set of format strings.
type pinCheck struct {
	checked   int
	missing   []string        // unpinned formats, "file:line: format"
	nowPinned []string        // unpinnable formats that a lit test pins after all
	used      map[string]bool // unpinnable entries that matched a format
}

func checkPins(formats []diagFormat, lines []string) pinCheck {
	c := pinCheck{used: map[string]bool{}}
	for _, f := range formats {
		if key := unpinnableKey(f.format); key != "" {
			c.used[key] = true
			if pinnedFully(lines, f.format) {
				c.nowPinned = append(c.nowPinned, f.pos+": "+strconv.Quote(f.format)+" (unpinnable entry "+strconv.Quote(key)+")")
			}
			continue
		}
		if len(f.fragment) < minFragment {
			continue
		}
		c.checked++
		if !pinned(lines, f.fragment) {
			c.missing = append(c.missing, f.pos+": "+strconv.Quote(f.format)+" (looked for "+strconv.Quote(f.fragment)+")")
		}
	}
	sort.Strings(c.missing)
	return c
}

func TestDiagnosticsPinned(t *testing.T) {
	formats := scanDiagFormats(t, diagSourceDirs)
	if len(formats) < 100 {
		t.Fatalf("found only %d diagnostic format strings; is the scanner broken?", len(formats))
	}
	c := checkPins(formats, expectationLines(t, "."))
	for _, m := range c.missing {
		t.Errorf("diagnostic not pinned by any expected-error/expected-note line under test/lit: %s", m)
	}
	for _, m := range c.nowPinned {
		t.Errorf("a lit test pins this message now; remove its entry from the unpinnable list: %s", m)
	}
	for _, u := range unpinnable {
		if !c.used[u.key] {
			t.Errorf("unpinnable entry %q matches no diagnostic in the sources any more; remove it", u.key)
		}
	}
	t.Logf("%d diagnostic format strings, %d checked against lit tests, %d unpinnable entries", len(formats), c.checked, len(unpinnable))
}

// TestDiagnosticScanner checks the scanner and the verdict on a small
// source: what counts as a format, and that a new message fails the check.
func TestDiagnosticScanner(t *testing.T) {
	src := `package x
func f() {
	op.Emit("requires a brand new property %d of %s", i, s)
	p.fail("%s", msg)
	p.failAt(tok, "unexpected character '" + string(c) + "' here")
	d := ir.Errorf(loc, "old message, pinned").AddNote(loc, "      see the other thing: %v", x)
	_ = fmt.Errorf("operand #%d is null", i)
	log.Printf("not a diagnostic at all, never scanned")
}
`
	got, err := scanGoSource(token.NewFileSet(), "x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var formats, fragments []string
	for _, f := range got {
		formats = append(formats, f.format)
		fragments = append(fragments, f.fragment)
	}
	// AddNote is the outer call of the chain, so it comes first.
	wantFormats := []string{"requires a brand new property %d of %s", "%s", "unexpected character '", "' here",
		"      see the other thing: %v", "old message, pinned", "operand #%d is null"}
	wantFragments := []string{"requires a brand new property", "", "unexpected character '", "' here",
		"see the other thing:", "old message, pinned", "operand #"}
	if strings.Join(formats, "|") != strings.Join(wantFormats, "|") {
		t.Errorf("formats\n got %q\nwant %q", formats, wantFormats)
	}
	if strings.Join(fragments, "|") != strings.Join(wantFragments, "|") {
		t.Errorf("fragments\n got %q\nwant %q", fragments, wantFragments)
	}
	lines := []string{
		"  // expected-error @+1 {{'x.op' op old message, pinned}}",
		"  // expected-note @-2 {{see the other thing: 3}}",
		"  // expected-error @+1 {{unexpected character 'q' here}}",
	}
	c := checkPins(got, lines)
	if len(c.missing) != 1 || !strings.Contains(c.missing[0], "requires a brand new property") {
		t.Errorf("missing = %q, want only the brand new property message", c.missing)
	}
	if c.checked != 4 {
		t.Errorf("checked %d formats, want 4 (short fragments are skipped)", c.checked)
	}
}

// TestUnpinnableDiagnostics produces each unpinnable message through the
// Go API, so that every diagnostic is exercised by some test.
func TestUnpinnableDiagnostics(t *testing.T) {
	for _, u := range unpinnable {
		t.Run(u.key, func(t *testing.T) {
			if u.make == nil {
				t.Skip(u.reason)
			}
			err := u.make(t)
			if err == nil {
				t.Fatalf("no error; want one containing %q", u.key)
			}
			if !formatRegexp(u.key).MatchString(err.Error()) {
				t.Fatalf("error %q does not match %q", err.Error(), u.key)
			}
		})
	}
}

// TestVerifierGoAPI covers verifier paths that are too short for the
// fragment scan ("operand #0 is null") or only reachable through a custom
// syntax no dialect uses yet (OpParser.ParseInteger).
func TestVerifierGoAPI(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T) error
		want []string
	}{
		{"null operand",
			verifyAfter(`func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
				findOp(t, m, "arith.negf").SetOperand(0, nil)
			}),
			[]string{"'arith.negf' op operand #0 is null"}},
		{"value not in a block",
			verifyAfter(`func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
				detached := ir.NewOp(&ir.OpState{Name: "test.detached", ResultTypes: []ir.Type{ir.F32T}})
				findOp(t, m, "arith.negf").SetOperand(0, detached.Result(0))
			}),
			[]string{"'arith.negf' op operand #0 uses a value that is not in any block"}},
		{"isolated from above",
			verifyAfter(`%c = arith.constant 1.0 : f32
				func.func @f(%a: f32) { %0 = arith.negf %a : f32  return }`, func(t *testing.T, m *ir.Operation) {
				findOp(t, m, "arith.negf").SetOperand(0, findOp(t, m, "arith.constant").Result(0))
			}),
			[]string{"'arith.negf' op using value defined outside the region", "note: required by region isolation constraints"}},
		{"at least one operand",
			verifyAfter(`func.func @f() { "pinned_test.at_least_one"() : () -> ()  return }`, nil),
			[]string{"'pinned_test.at_least_one' op expected at least 1 operands, but found 0"}},
		{"same element type",
			verifyAfter(`func.func @f(%a: tensor<4xf32>) {
				%0 = "pinned_test.same_element_type"(%a) : (tensor<4xf32>) -> tensor<4xf64>  return }`, nil),
			[]string{"'pinned_test.same_element_type' op requires the same element type for all operands and results"}},
		{"ParseInteger out of range",
			func(t *testing.T) error {
				_, err := ir.Parse("pinned.mlir", []byte(`pinned_test.i64_list [1, 99999999999999999999]`), ir.ParseOptions{})
				return err
			},
			[]string{"pinned.mlir:1:26: error: integer constant out of range"}},
		{"ParseInteger negative out of range",
			func(t *testing.T) error {
				_, err := ir.Parse("pinned.mlir", []byte(`pinned_test.i64_list [-9223372036854775809]`), ir.ParseOptions{})
				return err
			},
			[]string{"pinned.mlir:1:24: error: integer constant out of range"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run(t)
			if err == nil {
				t.Fatalf("no error; want %q", c.want)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err.Error(), w)
				}
			}
		})
	}
	// The valid forms of the test ops pass, so the failures above are the
	// ones named.
	for _, src := range []string{
		`func.func @f(%a: f32) { "pinned_test.at_least_one"(%a) : (f32) -> ()  return }`,
		`func.func @f(%a: tensor<4xf32>) { %0 = "pinned_test.same_element_type"(%a) : (tensor<4xf32>) -> tensor<8xf32>  return }`,
		`pinned_test.i64_list [1, -2, 9223372036854775807]`,
	} {
		if err := verifyAfter(src, nil)(t); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}
