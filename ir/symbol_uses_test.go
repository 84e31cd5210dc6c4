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
