package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestSymbolUsesVerifiedAfterNestedPipeline runs a nested pipeline whose
// pass renames one function while other functions call it. The calls are
// checked once all functions went through the pipeline, as MLIR checks
// symbol uses when it verifies the module after its pass adaptor, so the
// error does not depend on which function is verified first (before, a
// caller verified in parallel with the renaming read the callee's
// attributes as they changed). Renaming it back in a second pass of the
// pipeline is no error at all.
func TestSymbolUsesVerifiedAfterNestedPipeline(t *testing.T) {
	var src strings.Builder
	src.WriteString("module {\n  func.func @callee(%a: f32) -> f32 {\n    return %a : f32\n  }\n")
	for i := range 32 {
		fmt.Fprintf(&src, "  func.func @caller%d(%%a: f32) -> f32 {\n    %%0 = call @callee(%%a) : (f32) -> f32\n    return %%0 : f32\n  }\n", i)
	}
	src.WriteString("}\n")
	text := src.String()
	rename := func(name, from, to string) *ir.PassInfo {
		return &ir.PassInfo{Name: name, Run: func(op *ir.Operation, _ ir.PassOptions) error {
			if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok && s.Value == from {
				op.SetAttr("sym_name", ir.Str(to))
			}
			return nil
		}}
	}
	away, back := rename("test-rename", "callee", "renamed"), rename("test-rename-back", "renamed", "callee")
	for _, sequential := range []bool{false, true} {
		for _, c := range []struct {
			passes []ir.PassEntry
			want   string
		}{
			{[]ir.PassEntry{{Pass: away}}, "'func.call' op 'callee' does not reference a valid function"},
			{[]ir.PassEntry{{Pass: away}, {Pass: back}}, ""},
		} {
			m, err := ir.Parse("calls.mlir", []byte(text), ir.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			pm := &ir.PassManager{Entries: []ir.PassEntry{{Anchor: "func.func", Nested: c.passes}}, VerifyEach: true, Sequential: sequential}
			got := ""
			if err := pm.Run(m); err != nil {
				got = err.Error()
			}
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("sequential=%v, %d passes: got %q, want %q", sequential, len(c.passes), got, c.want)
			}
			if c.want != "" && !strings.Contains(got, "calls.mlir:6:5") {
				t.Errorf("sequential=%v: the error should be at the first caller's call (calls.mlir:6:5): %q", sequential, got)
			}
			if c.want != "" && !strings.Contains(got, "after pass 'func.func(test-rename)'") {
				t.Errorf("sequential=%v: the error should name the nested pipeline: %q", sequential, got)
			}
		}
	}
}

// TestSymbolUsesAfterModulePass runs a nested pipeline, then a module pass
// that erases a function and its calls, then an empty nested pipeline: the
// calls its anchors' last verification saw are gone, and are not checked
// (they were, and failed, until the pass manager collected them afresh
// when no pass of the pipeline verified the function).
func TestSymbolUsesAfterModulePass(t *testing.T) {
	src := "module {\n  func.func private @callee() {\n    return\n  }\n  func.func @f() {\n    call @callee() : () -> ()\n    return\n  }\n}\n"
	noop := &ir.PassInfo{Name: "test-noop", Run: func(*ir.Operation, ir.PassOptions) error { return nil }}
	touch := &ir.PassInfo{Name: "test-touch", Run: func(op *ir.Operation, _ ir.PassOptions) error {
		op.SetAttr("test.touched", &ir.UnitAttr{}) // so that the function is verified again
		return nil
	}}
	eraseCallee := &ir.PassInfo{Name: "test-erase-callee", Run: func(m *ir.Operation, _ ir.PassOptions) error {
		var calls []*ir.Operation
		m.Walk(func(o *ir.Operation) bool {
			if o.Name() == "func.call" {
				calls = append(calls, o)
			}
			return true
		})
		for _, c := range calls {
			c.Erase()
		}
		m.Region(0).Front().First().Erase() // @callee
		return nil
	}}
	for _, last := range []ir.PassEntry{
		{Anchor: "func.func"},
		{Anchor: "any"},
		{Anchor: "func.func", Nested: []ir.PassEntry{{Pass: noop}}},
		{Anchor: "func.func", Nested: []ir.PassEntry{{Pass: touch}}},
	} {
		m, err := ir.Parse("calls.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		pm := &ir.PassManager{VerifyEach: true, Entries: []ir.PassEntry{
			{Anchor: "func.func", Nested: []ir.PassEntry{{Pass: touch}}},
			{Pass: eraseCallee},
			last,
		}}
		pm.MarkVerified(m)
		if err := pm.Run(m); err != nil {
			t.Errorf("then %s(%d passes): %v", last.Anchor, len(last.Nested), err)
		}
	}
}

// TestSymbolUsesOfMarkedFunction marks a caller verified before a nested
// pipeline that renames its callee and leaves the caller as it was: the
// caller is not verified again, but its call is still checked.
func TestSymbolUsesOfMarkedFunction(t *testing.T) {
	src := "module {\n  func.func @callee() {\n    return\n  }\n  func.func @f() {\n    call @callee() : () -> ()\n    return\n  }\n}\n"
	m, err := ir.Parse("calls.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rename := &ir.PassInfo{Name: "test-rename", Run: func(op *ir.Operation, _ ir.PassOptions) error {
		if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok && s.Value == "callee" {
			op.SetAttr("sym_name", ir.Str("renamed"))
		}
		return nil
	}}
	pm := &ir.PassManager{VerifyEach: true, Entries: []ir.PassEntry{{Anchor: "func.func", Nested: []ir.PassEntry{{Pass: rename}}}}}
	pm.MarkVerified(m)
	pm.MarkVerified(m.Region(0).Front().Last()) // @f
	err = pm.Run(m)
	if err == nil || !strings.Contains(err.Error(), "'callee' does not reference a valid function") {
		t.Errorf("got %v, want the call to @callee reported", err)
	}
}
