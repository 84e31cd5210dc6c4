package ir_test

import (
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The expected outputs of the driver tests below are mlir-opt-19's for
// `--allow-unregistered-dialect --canonicalize` on the same input: with no
// patterns, canonicalize is the folding driver (the inputs only use folds
// and the commutative operand order).

// parseMod parses src, unregistered ops allowed.
func parseMod(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

// applyGreedy parses src, runs the driver over the module and returns the
// printed result with the driver's report.
func applyGreedy(t *testing.T, src string, patterns []ir.Pattern, cfg ir.GreedyConfig) (out string, changed, converged bool) {
	t.Helper()
	m := parseMod(t, src)
	changed, converged = ir.ApplyPatternsGreedily(m, patterns, cfg)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after rewrite: %v\n%s", err, ir.PrintString(m, ir.PrintOptions{}))
	}
	return ir.PrintString(m, ir.PrintOptions{}), changed, converged
}

func checkOut(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("output mismatch\n--- got:\n%s--- want:\n%s", got, want)
	}
}

// TestFoldTopLevelModule folds ops placed directly in the top-level module,
// which used to crash the driver's constant materialization.
func TestFoldTopLevelModule(t *testing.T) {
	src := `%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%0 = arith.addi %c1, %c2 : i32
"ut.use"(%0) : (i32) -> ()
`
	got, changed, converged := applyGreedy(t, src, nil, ir.DefaultGreedyConfig())
	checkOut(t, got, `module {
  %c3_i32 = arith.constant 3 : i32
  "ut.use"(%c3_i32) : (i32) -> ()
}
`)
	if !changed || !converged {
		t.Errorf("changed, converged = %v, %v; want true, true", changed, converged)
	}
}

const chainSrc = `func.func @chain() -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %c1, %c2 : i32
  %b = arith.addi %a, %c2 : i32
  %c = arith.addi %b, %c2 : i32
  return %a, %b, %c : i32, i32, i32
}
`

// TestFoldConstantOrder checks MLIR's constant order: folded constants are
// materialized before the folded op and hoisted, in order, at the start of
// the next iteration, so three chained folds give 3, 5, 7.
func TestFoldConstantOrder(t *testing.T) {
	got, _, _ := applyGreedy(t, chainSrc, nil, ir.DefaultGreedyConfig())
	checkOut(t, got, `module {
  func.func @chain() -> (i32, i32, i32) {
    %c3_i32 = arith.constant 3 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    return %c3_i32, %c5_i32, %c7_i32 : i32, i32, i32
  }
}
`)
}

// TestFoldNestedRegion folds in the region of an unregistered op (which
// might be isolated from above, so it keeps its constants) and moves the
// constant operands of commutative ops to the end.
func TestFoldNestedRegion(t *testing.T) {
	src := `func.func @f(%x: i32) -> i32 {
  %0 = "ut.region"() ({
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %1 = arith.addi %c1, %c2 : i32
    %2 = arith.addi %c1, %x : i32
    %3 = arith.muli %1, %2 : i32
    "ut.yield"(%3) : (i32) -> ()
  }) : () -> i32
  %c4 = arith.constant 4 : i32
  %4 = arith.addi %c4, %0 : i32
  return %4 : i32
}
`
	got, _, _ := applyGreedy(t, src, nil, ir.DefaultGreedyConfig())
	checkOut(t, got, `module {
  func.func @f(%arg0: i32) -> i32 {
    %c4_i32 = arith.constant 4 : i32
    %0 = "ut.region"() ({
      %c1_i32 = arith.constant 1 : i32
      %c3_i32 = arith.constant 3 : i32
      %2 = arith.addi %arg0, %c1_i32 : i32
      %3 = arith.muli %2, %c3_i32 : i32
      "ut.yield"(%3) : (i32) -> ()
    }) : () -> i32
    %1 = arith.addi %0, %c4_i32 : i32
    return %1 : i32
  }
}
`)
}

// TestConstantsUniquedAndHoisted checks that duplicate constants are
// merged into the first one, which moves to the start of the function.
func TestConstantsUniquedAndHoisted(t *testing.T) {
	src := `func.func @f(%x: i32) -> (i32, i32) {
  %0 = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.muli %0, %c1 : i32
  %c1_0 = arith.constant 1 : i32
  %2 = arith.subi %0, %c1_0 : i32
  "ut.use"(%1, %2) : (i32, i32) -> ()
  return %0, %2 : i32, i32
}
`
	got, changed, converged := applyGreedy(t, src, nil, ir.GreedyConfig{MaxIterations: 1})
	checkOut(t, got, `module {
  func.func @f(%arg0: i32) -> (i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %0, %c1_i32 : i32
    %2 = arith.subi %0, %c1_i32 : i32
    "ut.use"(%1, %2) : (i32, i32) -> ()
    return %0, %2 : i32, i32
  }
}
`)
	// Hoisting changed the IR but, as in MLIR, does not by itself call for
	// another iteration.
	if !changed || !converged {
		t.Errorf("changed, converged = %v, %v; want true, true", changed, converged)
	}
}

// TestFoldDisabled: without Fold the folders do not run, but patterns do.
func TestFoldDisabled(t *testing.T) {
	src := `func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.subi %0, %c1 : i32
  return %1 : i32
}
`
	// subi(x, y) -> x, to see patterns applied.
	subToLHS := &ir.PatternFunc{Name: "sub-to-lhs", RootOp: "arith.subi", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
		return true
	}}
	got, changed, converged := applyGreedy(t, src, []ir.Pattern{subToLHS}, ir.GreedyConfig{MaxIterations: 10})
	checkOut(t, got, `module {
  func.func @f() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.addi %c1_i32, %c2_i32 : i32
    return %0 : i32
  }
}
`)
	if !changed || !converged {
		t.Errorf("changed, converged = %v, %v; want true, true", changed, converged)
	}
}

// TestFoldBeforePatterns: an op that folds is not offered to its patterns.
func TestFoldBeforePatterns(t *testing.T) {
	src := `func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}
`
	called := false
	p := &ir.PatternFunc{Name: "spy", RootOp: "arith.addi", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		called = true
		return false
	}}
	got, _, _ := applyGreedy(t, src, []ir.Pattern{p}, ir.DefaultGreedyConfig())
	if called {
		t.Error("pattern ran on an op that folds")
	}
	if !strings.Contains(got, "arith.constant 3 : i32") || strings.Contains(got, "addi") {
		t.Errorf("addi not folded:\n%s", got)
	}
}

// TestConvergence checks the (changed, converged) report and the
// iteration bound: the chain folds in one iteration (users of a folded op
// are revisited in the same sweep) and the second sees nothing change, so
// the driver converges with two iterations, as mlir-opt-19's canonicalize
// with max-iterations=2 and test-convergence does (and fails with 1).
func TestConvergence(t *testing.T) {
	for _, c := range []struct {
		name                     string
		maxIter                  int
		wantChanged, wantConverg bool
		wantAdds                 int
	}{
		{"no-iteration", 0, false, true, 3},
		{"one-iteration", 1, true, false, 0},
		{"two-iterations", 2, true, true, 0},
		{"default", 10, true, true, 0},
		{"no-limit", -1, true, true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := ir.DefaultGreedyConfig()
			cfg.MaxIterations = c.maxIter
			got, changed, converged := applyGreedy(t, chainSrc, nil, cfg)
			if changed != c.wantChanged || converged != c.wantConverg {
				t.Errorf("changed, converged = %v, %v; want %v, %v", changed, converged, c.wantChanged, c.wantConverg)
			}
			if n := strings.Count(got, "arith.addi"); n != c.wantAdds {
				t.Errorf("%d addi left, want %d:\n%s", n, c.wantAdds, got)
			}
		})
	}

	// Already canonical IR: nothing changes, converged at once.
	m := parseMod(t, chainSrc)
	ir.ApplyPatternsGreedily(m, nil, ir.DefaultGreedyConfig())
	if changed, converged := ir.ApplyPatternsGreedily(m, nil, ir.DefaultGreedyConfig()); changed || !converged {
		t.Errorf("second run: changed, converged = %v, %v; want false, true", changed, converged)
	}

	// A pattern that rewrites in every iteration never converges. (It
	// changes the op behind the rewriter's back: through rw.Modify the op
	// would be revisited at once and the sweep would never end.)
	toggle := &ir.PatternFunc{Name: "toggle", RootOp: "ut.toggle", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		op.SetAttr("on", &ir.BoolAttr{Value: !op.Attr("on").(*ir.BoolAttr).Value})
		return true
	}}
	m = parseMod(t, `"ut.toggle"() {on = false} : () -> ()`+"\n")
	if changed, converged := ir.ApplyPatternsGreedily(m, []ir.Pattern{toggle}, ir.GreedyConfig{MaxIterations: 3}); !changed || converged {
		t.Errorf("toggle: changed, converged = %v, %v; want true, false", changed, converged)
	}
}

// TestRegionSimplify erases unreachable blocks only when asked.
func TestRegionSimplify(t *testing.T) {
	src := `func.func @f() {
  "ut.region"() ({
    "ut.br"()[^bb2] : () -> ()
  ^bb1:
    "ut.foo"() : () -> ()
    "ut.br"()[^bb2] : () -> ()
  ^bb2:
    "ut.term"() : () -> ()
  }) : () -> ()
  return
}
`
	cfg := ir.DefaultGreedyConfig()
	cfg.RegionSimplify = false
	got, changed, _ := applyGreedy(t, src, nil, cfg)
	if changed || !strings.Contains(got, "ut.foo") {
		t.Errorf("without RegionSimplify: changed = %v\n%s", changed, got)
	}
	got, changed, converged := applyGreedy(t, src, nil, ir.DefaultGreedyConfig())
	checkOut(t, got, `module {
  func.func @f() {
    "ut.region"() ({
      "ut.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "ut.term"() : () -> ()
    }) : () -> ()
    return
  }
}
`)
	if !changed || !converged {
		t.Errorf("with RegionSimplify: changed, converged = %v, %v; want true, true", changed, converged)
	}
}

// TestRegionSimplifyAfterRewrite erases the blocks a pattern made
// unreachable, after the iteration that made them so, whether or not
// another iteration follows. ^bb2's constant was hoisted out of it, to
// the start of the unregistered op's region, before the pattern ran; a
// second iteration erases it as dead.
func TestRegionSimplifyAfterRewrite(t *testing.T) {
	src := `func.func @f() {
  %c7 = arith.constant 7 : i32
  "ut.region"() ({
    "ut.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    "ut.use"(%c7) : (i32) -> ()
    "ut.term"() : () -> ()
  ^bb2:
    %c = arith.constant 7 : i32
    "ut.use"(%c) : (i32) -> ()
    "ut.term"() : () -> ()
  }) : () -> ()
  return
}
`
	// condBrToBr takes the first successor of a ut.cond_br.
	condBrToBr := &ir.PatternFunc{Name: "condBrToBr", RootOp: "ut.cond_br", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		rw.Create(&ir.OpState{Name: "ut.br", Successors: op.Successors()[:1], Loc: op.Loc})
		rw.EraseOp(op)
		return true
	}}
	for _, c := range []struct {
		maxIter       int
		hoisted       string
		wantConverged bool
	}{
		{10, "", true},
		// The second iteration erases the constant, so a third would be
		// needed to see nothing left.
		{2, "", false},
		// Without a second iteration the constant stays.
		{1, "      %c7_i32_0 = arith.constant 7 : i32\n", false},
	} {
		cfg := ir.DefaultGreedyConfig()
		cfg.MaxIterations = c.maxIter
		got, changed, converged := applyGreedy(t, src, []ir.Pattern{condBrToBr}, cfg)
		checkOut(t, got, `module {
  func.func @f() {
    %c7_i32 = arith.constant 7 : i32
    "ut.region"() ({
`+c.hoisted+`      "ut.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "ut.use"(%c7_i32) : (i32) -> ()
      "ut.term"() : () -> ()
    }) : () -> ()
    return
  }
}
`)
		if !changed || converged != c.wantConverged {
			t.Errorf("max-iterations %d: changed, converged = %v, %v; want true, %v", c.maxIter, changed, converged, c.wantConverged)
		}
	}
}

func init() {
	// mtestgood materializes arith.constant marked as its own; mtestbad
	// builds an invalid constant, so MaterializeConstant falls back to arith.
	ir.RegisterConstantMaterializer("mtestgood", func(b *ir.Builder, a ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		st := &ir.OpState{Name: "arith.constant", ResultTypes: []ir.Type{t}, Loc: loc}
		st.AddAttr("value", a)
		st.AddAttr("mtest", &ir.UnitAttr{})
		return b.Create(st)
	})
	ir.RegisterConstantMaterializer("mtestbad", func(b *ir.Builder, a ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		st := &ir.OpState{Name: "arith.constant", ResultTypes: []ir.Type{t}, Loc: loc}
		st.AddAttr("value", &ir.StringAttr{Value: "bad", Type: t})
		return b.Create(st)
	})
}

func TestMaterializeConstant(t *testing.T) {
	m := parseMod(t, `func.func @f() {
  return
}
`)
	fn := m.Region(0).Front().First()
	entry := fn.Region(0).Front()
	ret := entry.Last()
	b := ir.Before(ret)
	c5 := &ir.IntegerAttr{Type: ir.I32, Value: 5}

	for _, c := range []struct {
		dialect  string
		a        ir.Attribute
		t        ir.Type
		ok, mark bool
	}{
		{"arith", c5, ir.I32, true, false},
		{"func", c5, ir.I32, true, false},                                         // no materializer: arith's
		{"mtestgood", c5, ir.I32, true, true},                                     // the dialect's own first
		{"mtestbad", c5, ir.I32, true, false},                                     // fails Verify: arith's
		{"arith", c5, ir.I64, false, false},                                       // attribute of another type
		{"arith", &ir.StringAttr{Value: "x", Type: ir.I32}, ir.I32, false, false}, // fails Verify
	} {
		n := entry.Len()
		op := ir.MaterializeConstant(b, c.dialect, c.a, c.t, ret.Loc)
		if !c.ok {
			if op != nil || entry.Len() != n {
				t.Errorf("%s %s: got %v (block %d -> %d ops), want nil and nothing inserted",
					c.dialect, ir.AttrString(c.a), op, n, entry.Len())
			}
			continue
		}
		if op == nil {
			t.Errorf("%s %s: got nil", c.dialect, ir.AttrString(c.a))
			continue
		}
		if op.Name() != "arith.constant" || op.Block() != entry || op.Next() != ret || op.Result(0).Type() != c.t ||
			!ir.AttrEqual(op.Attr("value"), c.a) || (op.Attr("mtest") != nil) != c.mark {
			t.Errorf("%s: wrong constant %s", c.dialect, ir.PrintString(op, ir.PrintOptions{}))
		}
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}
