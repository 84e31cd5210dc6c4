package funcdialect_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

var (
	f32x4 = ir.RankedTensor([]int64{4}, ir.F32T)
	i32   = ir.I32
)

// TestNewReturnSetsResultTypes: a function made with nil results takes
// them from its return, and verifies; declared results are left as they
// are, for the verifier to check.
func TestNewReturnSetsResultTypes(t *testing.T) {
	cases := []struct {
		name     string
		declared []ir.Type
		returned func(args []*ir.Value) []*ir.Value
		want     string // the function type, or the verifier's error
	}{
		{"inferred one", nil, func(a []*ir.Value) []*ir.Value { return a[:1] }, "(tensor<4xf32>, i32) -> tensor<4xf32>"},
		{"inferred two", nil, func(a []*ir.Value) []*ir.Value { return []*ir.Value{a[1], a[0]} }, "(tensor<4xf32>, i32) -> (i32, tensor<4xf32>)"},
		{"none", nil, func(a []*ir.Value) []*ir.Value { return nil }, "(tensor<4xf32>, i32) -> ()"},
		{"declared", []ir.Type{i32}, func(a []*ir.Value) []*ir.Value { return a[1:] }, "(tensor<4xf32>, i32) -> i32"},
		{"declared, mismatched", []ir.Type{i32}, func(a []*ir.Value) []*ir.Value { return a[:1] },
			"'func.return' op type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('i32') in function @f"},
		{"nil value", nil, func(a []*ir.Value) []*ir.Value { return []*ir.Value{nil} },
			"'func.return' op operand #0 is null"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			module := builtin.NewModule()
			fn, b := funcdialect.NewFunc(module, "f", []ir.Type{f32x4, i32}, c.declared)
			funcdialect.NewReturn(b, c.returned(fn.Region(0).Front().Args())...)
			got := funcdialect.Type(fn).String()
			if err := ir.Verify(module); err != nil {
				got = err.Error()
				if i := strings.Index(got, "error: "); i >= 0 {
					got = got[i+len("error: "):]
				}
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestCallerLoc: without a location on the builder, the function, its
// arguments and its return are located at the lines that built them.
func TestCallerLoc(t *testing.T) {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{i32}, nil)
	ret := funcdialect.NewReturn(b, fn.Region(0).Front().Arg(0))
	fnLine, retLine := fn.Loc.Line, ret.Loc.Line
	for what, loc := range map[string]ir.Location{"func.func": fn.Loc, "the argument": fn.Region(0).Front().Arg(0).Location(), "func.return": ret.Loc} {
		if filepath.Base(loc.File) != "build_test.go" || loc.Col != 1 {
			t.Errorf("%s is located at %s, want build_test.go:N:1", what, loc)
		}
	}
	if retLine != fnLine+1 {
		t.Errorf("func.func at line %d, func.return at %d; want consecutive lines", fnLine, retLine)
	}
	b.Loc = ir.Location{File: "model.py", Line: 2, Col: 4}
	if got := funcdialect.CallerLoc(b).String(); got != "model.py:2:4" {
		t.Errorf("CallerLoc with b.Loc set: %s", got)
	}
	if got := funcdialect.CallerLoc(nil); filepath.Base(got.File) != "build_test.go" {
		t.Errorf("CallerLoc(nil) from a test: %s, want this file", got)
	}
}
