package shape

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// A constraint (cstr_*) is a run-time check: it is not Pure, so an unused
// one is not erased, and it folds only to a passing witness, never to a
// failing one (MLIR's rule: a failure is reported when the program runs).

var passing = []ir.FoldResult{{Attr: &ir.BoolAttr{Value: true}}}

// checkWitnessResult checks that the op's result is `!shape.witness`.
func checkWitnessResult(op *ir.Operation) error {
	if op.Result(0).Type() != Witness {
		return op.Emit("result must be '!shape.witness', but got '%s'", op.Result(0).Type())
	}
	return nil
}

// parseShapesAndTypes reads `%a, %b {attrs} : T1, T2`.
func parseShapesAndTypes(p *ir.OpParser, st *ir.OpState) {
	loc := p.Loc()
	refs := p.ParseOperandList()
	p.ParseOptionalAttrDict(&st.Attrs)
	st.Operands = p.ResolveAll(refs, p.ParseColonTypeList(), loc)
	st.ResultTypes = []ir.Type{Witness}
}

func printShapesAndTypes(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands())
	p.OptionalAttrDict()
	p.Write(" : ")
	p.Types(op.OperandTypes())
}

// sameValues reports whether every operand is the same value.
func sameValues(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if v != op.Operand(0) {
			return false
		}
	}
	return true
}

// CstrBroadcastable is `shape.cstr_broadcastable`, which holds when the
// shapes broadcast by the numpy rules:
//
//	%w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<1xindex>
//
// It folds to a passing witness when the shapes are compatible whatever
// their `?` dims are (StaticallyBroadcastable) or are all the same value.
var CstrBroadcastable = &ir.OpDef{
	Name:     "shape.cstr_broadcastable",
	Summary:  "a witness that shapes are broadcast compatible",
	Doc:      "%w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<1xindex>",
	Traits:   ir.Commutative,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		parseShapesAndTypes(p, st)
		return nil
	},
	Print: printShapesAndTypes,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 2 {
			return op.Emit("required at least 2 input shapes")
		}
		for i, t := range op.OperandTypes() {
			if _, err := checkExtentTensor(op, i, t); err != nil {
				return err
			}
		}
		return checkWitnessResult(op)
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if sameValues(op) {
			return passing
		}
		shapes := make([][]int64, op.NumOperands())
		for i, v := range op.Operands() {
			e, ok := KnownExtents(v)
			if !ok {
				return nil
			}
			shapes[i] = e
		}
		if StaticallyBroadcastable(shapes) {
			return passing
		}
		return nil
	},
}

// CstrEq is `shape.cstr_eq`, which holds when the shapes are equal:
//
//	%w = shape.cstr_eq %a, %b : tensor<2xindex>, tensor<2xindex>
//
// It folds to a passing witness when the shapes are the same value or the
// same static shape.
var CstrEq = &ir.OpDef{
	Name:     "shape.cstr_eq",
	Summary:  "a witness that shapes are equal",
	Doc:      "%w = shape.cstr_eq %a, %b : tensor<2xindex>, tensor<2xindex>",
	Traits:   ir.Commutative,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		parseShapesAndTypes(p, st)
		return nil
	},
	Print: printShapesAndTypes,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return op.Emit("requires at least one shape")
		}
		for i, t := range op.OperandTypes() {
			if _, err := checkExtentTensor(op, i, t); err != nil {
				return err
			}
		}
		return checkWitnessResult(op)
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if sameValues(op) {
			return passing
		}
		first, ok := KnownExtents(op.Operand(0))
		if !ok || !isStatic(first) {
			return nil
		}
		for _, v := range op.Operands()[1:] {
			e, ok := KnownExtents(v)
			if !ok || !isStatic(e) || len(e) != len(first) {
				return nil
			}
			for i := range e {
				if e[i] != first[i] {
					return nil
				}
			}
		}
		return passing
	},
}

// CstrRequire is `shape.cstr_require`, which holds when an i1 is true and
// otherwise fails with a message:
//
//	%w = shape.cstr_require %ok, "hlo.add: operands #0 and #1 differ in dim 0"
var CstrRequire = &ir.OpDef{
	Name:          "shape.cstr_require",
	Summary:       "a witness that a condition holds, with the message to report if not",
	Doc:           `%w = shape.cstr_require %ok, "sizes differ"`,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"msg"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		c := p.ParseOperand()
		p.Parse(",")
		st.AddAttr("msg", ir.Str(p.ParseString()))
		p.ParseOptionalAttrDict(&st.Attrs)
		st.Operands = []*ir.Value{p.Resolve(c, ir.I1)}
		st.ResultTypes = []ir.Type{Witness}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write(", ")
		p.Attr(op.Attr("msg"))
		p.OptionalAttrDict("msg")
	},
	Verify: func(op *ir.Operation) error {
		if op.Operand(0).Type() != ir.I1 {
			return op.Emit("condition must be 'i1', but got '%s'", op.Operand(0).Type())
		}
		if _, ok := op.Attr("msg").(*ir.StringAttr); !ok {
			return op.Emit("requires a 'msg' string attribute")
		}
		return checkWitnessResult(op)
	},
	Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		switch a := c[0].(type) {
		case *ir.BoolAttr:
			if a.Value {
				return passing
			}
		case *ir.IntegerAttr:
			if a.Value != 0 {
				return passing
			}
		}
		return nil
	},
}

// ConstWitness is `shape.const_witness`, a witness known at compile time:
//
//	%w = shape.const_witness true
var ConstWitness = &ir.OpDef{
	Name:          "shape.const_witness",
	Summary:       "a constant witness",
	Doc:           "%w = shape.const_witness true",
	Traits:        ir.Pure | ir.ConstantLike,
	Operands:      0,
	Results:       1,
	InherentAttrs: []string{"passing"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		b, ok := p.ParseAttribute(nil).(*ir.BoolAttr)
		if !ok {
			p.FailAt(loc, "expected 'true' or 'false'")
		}
		st.AddAttr("passing", b)
		p.ParseOptionalAttrDict(&st.Attrs)
		st.ResultTypes = []ir.Type{Witness}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Attr(op.Attr("passing"))
		p.OptionalAttrDict("passing")
	},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("passing").(*ir.BoolAttr); !ok {
			return op.Emit("requires a boolean 'passing' attribute")
		}
		return checkWitnessResult(op)
	},
}

// AssumingAll is `shape.assuming_all`, which holds when all its witnesses
// hold:
//
//	%w = shape.assuming_all %w0, %w1
//
// It folds away passing constant witnesses, to a failing witness if one
// fails, and to its only remaining witness.
var AssumingAll = &ir.OpDef{
	Name:     "shape.assuming_all",
	Summary:  "a witness that all witnesses hold",
	Doc:      "%w = shape.assuming_all %w0, %w1",
	Traits:   ir.Pure | ir.Commutative,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		ts := make([]ir.Type, len(refs))
		for i := range ts {
			ts[i] = Witness
		}
		st.Operands = p.ResolveAll(refs, ts, loc)
		st.ResultTypes = []ir.Type{Witness}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
	},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return op.Emit("no operands specified")
		}
		for i, t := range op.OperandTypes() {
			if t != Witness {
				return op.Emit("operand #%d must be '!shape.witness', but got '%s'", i, t)
			}
		}
		return checkWitnessResult(op)
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		var keep []*ir.Value
		for _, v := range op.Operands() {
			pass, known := WitnessValue(v)
			switch {
			case !known:
				keep = append(keep, v)
			case !pass:
				return []ir.FoldResult{{Attr: &ir.BoolAttr{Value: false}}}
			}
		}
		switch {
		case len(keep) == 0:
			return passing
		case len(keep) == 1:
			return []ir.FoldResult{{Value: keep[0]}}
		case len(keep) < op.NumOperands():
			op.SetOperands(keep) // in place
			return []ir.FoldResult{{Value: op.Result(0)}}
		}
		return nil
	},
}

// Assuming is `shape.assuming`, which runs its region when the witness
// holds (and reports the failed constraint's error otherwise), giving the
// values its shape.assuming_yield yields:
//
//	%r = shape.assuming %w -> (tensor<?x4xf32>) {
//	  %0 = hlo.add %a, %b : tensor<?x4xf32>
//	  shape.assuming_yield %0 : tensor<?x4xf32>
//	}
//
// When the witness is `shape.const_witness true` a canonicalization
// pattern inlines the region.
var Assuming = &ir.OpDef{
	Name:     "shape.assuming",
	Summary:  "runs its region if a witness holds",
	Doc:      "%r = shape.assuming %w -> (tensor<?x4xf32>) { shape.assuming_yield %0 : tensor<?x4xf32> }",
	Traits:   ir.SingleBlock | ir.RecursivelyPure,
	Operands: 1,
	Results:  ir.Variadic,
	Regions:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		w := p.ParseOperand()
		st.Operands = []*ir.Value{p.Resolve(w, Witness)}
		if p.Accept("->") {
			st.ResultTypes = p.ParseArrowResults()
		}
		loc := p.Loc()
		r := p.ParseRegionNoArgs(false)
		// The terminator may be elided when nothing is yielded.
		if r.Empty() {
			r.AddBlock(nil)
		}
		if b := r.Blocks()[len(r.Blocks())-1]; b.Terminator() == nil {
			b.Append(ir.NewOp(&ir.OpState{Name: "shape.assuming_yield", Loc: loc}))
		}
		st.Regions = append(st.Regions, r)
		p.ParseOptionalAttrDict(&st.Attrs)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		if op.NumResults() > 0 {
			p.Write(" -> (")
			p.Types(op.ResultTypes())
			p.Write(")")
		}
		p.Write(" ")
		p.Region(op.Region(0), false, false)
		p.OptionalAttrDict()
	},
	Verify: func(op *ir.Operation) error {
		if op.Operand(0).Type() != Witness {
			return op.Emit("operand must be '!shape.witness', but got '%s'", op.Operand(0).Type())
		}
		r := op.Region(0)
		if r.Empty() {
			return op.Emit("requires a region with one block")
		}
		y := r.Front().Terminator()
		if y == nil || y.Name() != "shape.assuming_yield" {
			return op.Emit("region must end with shape.assuming_yield")
		}
		if y.NumOperands() != op.NumResults() {
			return op.Emit("yields %d values but has %d results", y.NumOperands(), op.NumResults())
		}
		for i, v := range y.Operands() {
			if v.Type() != op.Result(i).Type() {
				return op.Emit("result #%d has type '%s' but the region yields '%s'", i, op.Result(i).Type(), v.Type())
			}
		}
		return nil
	},
	Canonicalize: []ir.Pattern{&ir.PatternFunc{Name: "AssumingWithTrue", RootOp: "shape.assuming", Fn: inlineAssumingWithTrue}},
}

// inlineAssumingWithTrue moves the region of a shape.assuming whose
// witness is `shape.const_witness true` before the op and replaces the
// results with the yielded values.
func inlineAssumingWithTrue(op *ir.Operation, rw *ir.Rewriter) bool {
	if pass, known := WitnessValue(op.Operand(0)); !pass || !known {
		return false
	}
	body := op.Region(0).Front()
	y := body.Terminator()
	if y == nil {
		return false
	}
	yielded := y.Operands()
	for o := body.First(); o != y; {
		next := o.Next()
		moved := o
		rw.Modify(moved, func() { moved.MoveBefore(op) })
		o = next
	}
	rw.ReplaceOp(op, yielded)
	return true
}

// AssumingYield is `shape.assuming_yield`, the terminator of
// shape.assuming:
//
//	shape.assuming_yield %0 : tensor<?x4xf32>
var AssumingYield = &ir.OpDef{
	Name:     "shape.assuming_yield",
	Summary:  "yields the results of shape.assuming",
	Doc:      "shape.assuming_yield %0 : tensor<?x4xf32>",
	Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
	Operands: ir.Variadic,
	Results:  0,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		p.ParseOptionalAttrDict(&st.Attrs)
		if p.PeekOperand() {
			loc := p.Loc()
			refs := p.ParseOperandList()
			st.Operands = p.ResolveAll(refs, p.ParseColonTypeList(), loc)
		}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict()
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.Operands(op.Operands())
			p.Write(" : ")
			p.Types(op.OperandTypes())
		}
	},
	Verify: func(op *ir.Operation) error {
		if parent := op.ParentOp(); parent == nil || parent.Name() != "shape.assuming" {
			return op.Emit("expects parent op 'shape.assuming'")
		}
		return nil
	},
}

func init() {
	ir.Register(ShapeOf, ConstShape, Broadcast, GetExtent, FromExtents, ToExtentTensor,
		CstrBroadcastable, CstrEq, CstrRequire, ConstWitness, AssumingAll, Assuming, AssumingYield)
	ir.RegisterConstantMaterializer("shape", materialize)
}

// materialize builds the constants shape folders produce: a witness from a
// bool, a const_shape from a dense index tensor. Index scalars fall back to
// arith.constant.
func materialize(b *ir.Builder, a ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	switch a := a.(type) {
	case *ir.BoolAttr:
		if t == Witness {
			return NewConstWitness(b, a.Value).DefiningOp()
		}
	case *ir.DenseElementsAttr:
		if a.Type == t {
			if _, ok := extentCount(t); ok {
				st := &ir.OpState{Name: "shape.const_shape", ResultTypes: []ir.Type{t}, Loc: loc}
				st.AddAttr("shape", a)
				return b.Create(st)
			}
		}
	}
	return nil
}
