package interp

import (
	"fmt"
	"math"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Options adjust a run.
type Options struct {
	// Trace, if set, is called after every op that ran, with its results
	// (nil entries for shape witnesses). Ops inside a called function are
	// traced too.
	Trace func(op *ir.Operation, results []*Tensor)
	// MaxCallDepth bounds func.call nesting (default 256).
	MaxCallDepth int
	// MaxMemory bounds, in bytes, each tensor the run allocates (8 bytes
	// per element, see Tensor): one larger is an error at the op that
	// makes it, naming its type and size, not an out-of-memory crash.
	// 0 is DefaultMaxMemory(); negative is no limit.
	MaxMemory int64
}

// Run interprets the function named fn in module (a builtin.module, or a
// func.func itself) on args and returns its results. Scalars (f32, index,
// i1, ...) are passed and returned as rank-0 tensors. Errors are
// diagnostics located at the op that failed: an op the interpreter does
// not know, a run-time shape that does not broadcast, a failed shape
// constraint or an argument that does not fit the function's type.
func Run(module *ir.Operation, fn string, args []*Tensor) ([]*Tensor, error) {
	return RunWithOptions(module, fn, args, Options{})
}

// RunWithOptions is Run with options.
//
// The module should verify: the interpreter checks every run-time value
// against its static type, but trusts what the verifier checks (operand
// counts, attributes, element types). Should a handler still fail on IR it
// did not expect, the failure comes back as an error at the op, not as a
// panic.
func RunWithOptions(module *ir.Operation, fn string, args []*Tensor, opts Options) (res []*Tensor, err error) {
	if module == nil {
		return nil, fmt.Errorf("interp: no module")
	}
	if opts.MaxCallDepth <= 0 {
		opts.MaxCallDepth = 256
	}
	switch {
	case opts.MaxMemory == 0:
		opts.MaxMemory = DefaultMaxMemory()
	case opts.MaxMemory < 0:
		opts.MaxMemory = math.MaxInt64
	}
	defer beginRun(opts.MaxMemory)()
	m := &machine{opts: opts, funcs: map[string]*ir.Operation{}}
	defer func() {
		if r := recover(); r != nil {
			ae, tooBig := r.(*allocError)
			switch {
			case tooBig && m.current != nil:
				res, err = nil, m.current.Emit("%v", ae)
			case tooBig:
				res, err = nil, ae
			case m.current == nil:
				panic(r)
			default:
				res, err = nil, m.current.Emit("interp: internal error: %v", r)
			}
		}
	}()
	if module.Name() == "func.func" {
		m.funcs[symName(module)] = module
	} else {
		for _, r := range module.Regions() {
			for _, b := range r.Blocks() {
				for op := b.First(); op != nil; op = op.Next() {
					if op.Name() == "func.func" {
						m.funcs[symName(op)] = op
					}
				}
			}
		}
	}
	f := m.funcs[fn]
	if f == nil {
		return nil, fmt.Errorf("interp: no function @%s in the module", fn)
	}
	if f.NumRegions() == 0 || f.Region(0).Empty() {
		return nil, f.Emit("@%s is a declaration without a body", fn)
	}
	in := make([]value, len(args))
	for i, a := range args {
		if a == nil {
			return nil, fmt.Errorf("interp: argument #%d of @%s is nil", i, fn)
		}
		in[i] = value{t: a}
	}
	outs, err := m.call(f, in, nil)
	if err != nil {
		return nil, err
	}
	res = make([]*Tensor, len(outs))
	for i, o := range outs {
		if o.t == nil {
			return nil, f.Emit("result #%d of @%s is a shape witness, not a tensor", i, fn)
		}
		res[i] = o.t
	}
	return res, nil
}

func symName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// value is a run-time value: a tensor, or a shape witness.
type value struct {
	t *Tensor
	w *witness
}

// witness is the run-time value of `!shape.witness`: whether a shape
// constraint holds, and why not if it does not.
type witness struct{ err error }

// handler interprets one op given its operand values.
type handler func(e *evaluator, op *ir.Operation, in []value) ([]value, error)

// handlers maps op names to their implementations; each file of the package
// adds its ops from an init function.
var handlers = map[string]handler{}

func register(h handler, names ...string) {
	for _, n := range names {
		handlers[n] = h
	}
}

// registerOps registers h for the ops defs (hlo's, arith's and math's ops
// are named by their definitions).
func registerOps(h handler, defs ...*ir.OpDef) {
	for _, d := range defs {
		handlers[d.Name] = h
	}
}

// takesComplex names the ops whose handlers run on complex elements
// (complex.go lists them); any other op with a complex operand or result
// is an error at the op rather than a handler reading the wrong storage.
var takesComplex = map[string]bool{}

// hasComplexElements reports whether an operand or result of op has
// complex elements.
func hasComplexElements(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if _, ok := ir.ElementTypeOf(v.Type()).(*ir.ComplexType); ok {
			return true
		}
	}
	for _, t := range op.ResultTypes() {
		if _, ok := ir.ElementTypeOf(t).(*ir.ComplexType); ok {
			return true
		}
	}
	return false
}

// terminators end a block and yield their operands to the enclosing op.
var terminators = map[string]bool{"func.return": true, "shape.assuming_yield": true, "linalg.yield": true}

type machine struct {
	opts    Options
	funcs   map[string]*ir.Operation
	depth   int
	current *ir.Operation // the op being interpreted, for internal errors
}

// evaluator holds the values of one function activation.
type evaluator struct {
	m   *machine
	env map[*ir.Value]value
	// loop is the current iteration of the innermost linalg.generic whose
	// body is running (linalg.index reads it), nil outside one.
	loop []int64
	// blocks is how many of the function's blocks are running, nested
	// (runBlock): its body and the regions in it. The verifier bounds
	// them (ir.MaxNesting), as MaxCallDepth bounds calls; this bounds the
	// interpreter's recursion on IR that was not verified too.
	blocks int
}

// call runs func.func f on args; site is the calling op (nil at the top).
func (m *machine) call(f *ir.Operation, args []value, site *ir.Operation) ([]value, error) {
	if m.depth >= m.opts.MaxCallDepth {
		return nil, site.Emit("call depth exceeds %d", m.opts.MaxCallDepth)
	}
	m.depth++
	defer func() { m.depth-- }()
	var fty *ir.FunctionType
	if ta, ok := f.Attr("function_type").(*ir.TypeAttr); ok {
		fty, _ = ta.Type.(*ir.FunctionType)
	}
	entry := f.Region(0).Front()
	if fty == nil || len(fty.Inputs) != len(args) || len(entry.Args()) != len(args) {
		want := len(entry.Args())
		return nil, f.Emit("@%s takes %d arguments, but %d were given", symName(f), want, len(args))
	}
	e := &evaluator{m: m, env: map[*ir.Value]value{}}
	for i, a := range entry.Args() {
		if err := checkValue(args[i], a.Type()); err != nil {
			return nil, f.Emit("argument #%d of @%s: %v", i, symName(f), err)
		}
		e.env[a] = args[i]
	}
	outs, term, err := e.runBlock(entry)
	if err != nil {
		return nil, err
	}
	if term == nil || term.Name() != "func.return" {
		return nil, f.Emit("@%s does not end in func.return", symName(f))
	}
	if len(outs) != len(fty.Results) {
		return nil, term.Emit("returns %d values, but @%s has %d results", len(outs), symName(f), len(fty.Results))
	}
	for i, o := range outs {
		if err := checkValue(o, fty.Results[i]); err != nil {
			return nil, term.Emit("result #%d: %v", i, err)
		}
	}
	return outs, nil
}

// runBlock runs the ops of b up to its terminator and returns the
// terminator's operand values. The op whose region b is stays the current
// op (machine.current) once b has run, so that what it allocates or fails
// at afterwards is located at it.
func (e *evaluator) runBlock(b *ir.Block) ([]value, *ir.Operation, error) {
	outer := e.m.current
	if e.blocks++; e.blocks > ir.MaxNesting+1 {
		return nil, nil, b.ParentOp().Emit("regions nested deeper than %d levels (ir.MaxNesting)", ir.MaxNesting)
	}
	outs, term, err := e.runOps(b)
	e.blocks--
	e.m.current = outer
	return outs, term, err
}

// runOps runs the ops of b for runBlock.
func (e *evaluator) runOps(b *ir.Block) ([]value, *ir.Operation, error) {
	for op := b.First(); op != nil; op = op.Next() {
		in := make([]value, op.NumOperands())
		for i := range in {
			v, ok := e.env[op.Operand(i)]
			if !ok {
				return nil, nil, op.Emit("operand #%d has no value (not defined before its use)", i)
			}
			in[i] = v
		}
		if terminators[op.Name()] {
			return in, op, nil
		}
		h := handlers[op.Name()]
		if h == nil {
			return nil, nil, op.Emit("is not interpretable")
		}
		if !takesComplex[op.Name()] && hasComplexElements(op) {
			return nil, nil, op.Emit("interp: complex elements are not interpreted by this op yet")
		}
		e.m.current = op
		outs, err := h(e, op, in)
		if err != nil {
			return nil, nil, err
		}
		if len(outs) != op.NumResults() {
			return nil, nil, op.Emit("interp: produced %d values for %d results", len(outs), op.NumResults())
		}
		for i, o := range outs {
			if err := checkValue(o, op.Result(i).Type()); err != nil {
				return nil, nil, op.Emit("result #%d: %v", i, err)
			}
			e.env[op.Result(i)] = o
		}
		if e.m.opts.Trace != nil {
			ts := make([]*Tensor, len(outs))
			for i, o := range outs {
				ts[i] = o.t
			}
			e.m.opts.Trace(op, ts)
		}
	}
	return nil, nil, nil
}

// checkValue checks a run-time value against its static type: a ranked
// tensor type fixes the rank, the static dims and the element type; a
// scalar type is a rank-0 tensor; `!shape.witness` is a witness, other
// shape types are index tensors.
func checkValue(v value, t ir.Type) error {
	if ot, ok := t.(*ir.OpaqueType); ok {
		if ot.Dialect == "shape" && ot.Body == ".witness" {
			if v.w == nil {
				return fmt.Errorf("expected a shape witness, but got a tensor")
			}
			return nil
		}
		if v.t == nil {
			return fmt.Errorf("expected a value of type %s, but got a shape witness", t)
		}
		return nil
	}
	if v.t == nil {
		return fmt.Errorf("expected a value of type %s, but got a shape witness", t)
	}
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if v.t.elem != tt.ElementType() || !shapeFits(v.t.shape, tt.Shape()) {
			return fmt.Errorf("a value of type %s has run-time shape %s and element type %s", t, ir.FormatShape(v.t.shape), v.t.elem)
		}
	case *ir.UnrankedTensorType:
		if v.t.elem != tt.ElementType() {
			return fmt.Errorf("a value of type %s has element type %s", t, v.t.elem)
		}
	default:
		if v.t.elem != t || len(v.t.shape) != 0 {
			return fmt.Errorf("a scalar of type %s is a run-time %s", t, v.t.Type())
		}
	}
	return nil
}

// shapeFits reports whether a run-time shape fits a static shape with `?`s.
func shapeFits(rt, static []int64) bool {
	if len(rt) != len(static) {
		return false
	}
	for i, d := range static {
		if d != ir.Dynamic && d != rt[i] {
			return false
		}
	}
	return true
}

// tensors returns the operand values as tensors; a witness is an error.
func tensors(op *ir.Operation, in []value) ([]*Tensor, error) {
	ts := make([]*Tensor, len(in))
	for i, v := range in {
		if v.t == nil {
			return nil, op.Emit("operand #%d is a shape witness, not a tensor", i)
		}
		ts[i] = v.t
	}
	return ts, nil
}

// one wraps a single tensor result.
func one(t *Tensor) []value { return []value{{t: t}} }

// resultElem returns the element type of op's result i.
func resultElem(op *ir.Operation, i int) ir.Type { return ir.ElementTypeOf(op.Result(i).Type()) }

// shapesString prints run-time operand shapes as `[2, 3], [3]`.
func shapesString(ts []*Tensor) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = ir.FormatShape(t.shape)
	}
	return strings.Join(parts, ", ")
}

func init() {
	register(func(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
		ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
		if !ok {
			return nil, op.Emit("requires a 'callee' symbol reference")
		}
		f := e.m.funcs[ref.Root]
		if f == nil || f.NumRegions() == 0 || f.Region(0).Empty() {
			return nil, op.Emit("callee @%s is not a function with a body in the module", ref.Root)
		}
		return e.m.call(f, in, op)
	}, "func.call")
}
