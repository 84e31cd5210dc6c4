package funcdialect

import (
	"runtime"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// NewFunc appends `func.func @name(inputs) -> results` with an entry block
// to module and returns the function and a builder at the end of its body.
//
// results may be nil: the function then takes its result types from the
// first NewReturn with values, so a front end whose builders infer types
// (hlo.Add, ...) need not know them in advance.
//
// The function and its arguments are located at the caller's file and
// line (see CallerLoc); the returned builder has no location of its own,
// so every op built through it is located at the line that builds it until
// the front end sets b.Loc.
func NewFunc(module *ir.Operation, name string, inputs, results []ir.Type) (*ir.Operation, *ir.Builder) {
	loc := CallerLoc(nil)
	st := &ir.OpState{Name: "func.func", Loc: loc}
	st.AddAttr("sym_name", ir.Str(name))
	st.AddAttr("function_type", &ir.TypeAttr{Type: ir.Function(inputs, results)})
	fn := ir.NewOp(st)
	entry := fn.AddRegion(nil).AddBlock(nil)
	for _, t := range inputs {
		entry.AddArg(t, loc)
	}
	module.Region(0).Front().Append(fn)
	return fn, ir.AtEnd(entry)
}

// NewReturn appends `return vals...` at b.
//
// When the enclosing func.func has no result types and vals is not empty
// (a function made by NewFunc with nil results), the function's type
// takes the types of vals as its results. Otherwise the types are left
// for the verifier to check against the function's.
func NewReturn(b *ir.Builder, vals ...*ir.Value) *ir.Operation {
	st := &ir.OpState{Name: "func.return", Operands: vals, Loc: CallerLoc(b)}
	op := b.Create(st)
	if fn := op.ParentOp(); fn != nil && fn.Name() == "func.func" && len(vals) > 0 {
		if ft := Type(fn); len(ft.Results) == 0 {
			setResultTypes(fn, ft, vals)
		}
	}
	return op
}

// setResultTypes gives fn the types of vals as its results, unless one of
// them is nil (the verifier then reports the null operand).
func setResultTypes(fn *ir.Operation, ft *ir.FunctionType, vals []*ir.Value) {
	results := make([]ir.Type, len(vals))
	for i, v := range vals {
		if v == nil {
			return
		}
		results[i] = v.Type()
	}
	fn.SetAttr("function_type", &ir.TypeAttr{Type: ir.Function(ft.Inputs, results)})
}

// dialectsPrefix is the import path prefix of the dialect packages.
const dialectsPrefix = "github.com/bcast-opt/bcast-opt/dialects/"

// CallerLoc returns the location the dialects' Go builders give an op they
// build with b: b.Loc when it is known; otherwise the file and line of the
// nearest caller outside the dialect packages (dialects/X, not their
// transforms; their tests count as callers), that is, the front end's line
// that asked for the op. Go reports no column, so the column is 1. A nil b
// counts as a builder without a location.
//
// So a diagnostic or a run-time error about a built op ("f.go:12:1:
// 'hlo.add' op in @f ...") points at the front end's source rather than
// at loc(unknown). A front end that has better positions (the lines of
// its own source language) sets b.Loc before each op; randprog, for
// instance, sets `ir.Location{File: "randprog", Line: k + 1, Col: 1}`
// for its op k.
func CallerLoc(b *ir.Builder) ir.Location {
	if b != nil && b.Loc.Known() {
		return b.Loc
	}
	var pcs [32]uintptr
	n := runtime.Callers(2, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !inDialectPackage(f) {
			return ir.Location{File: f.File, Line: int32(f.Line), Col: 1}
		}
		if !more {
			return ir.Location{}
		}
	}
}

// inDialectPackage reports whether f is in the non-test code of a dialect
// package (dialects/X).
func inDialectPackage(f runtime.Frame) bool {
	if strings.HasSuffix(f.File, "_test.go") {
		return false
	}
	pkg := f.Function
	if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
		if j := strings.IndexByte(pkg[i:], '.'); j >= 0 {
			pkg = pkg[:i+j]
		}
	}
	rest, ok := strings.CutPrefix(pkg, dialectsPrefix)
	return ok && !strings.Contains(rest, "/")
}
