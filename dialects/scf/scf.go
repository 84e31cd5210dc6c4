package scf

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// If is `scf.if`, which runs its then region when the i1 condition holds
// and its else region otherwise, and gives the values the region's
// scf.yield yields. Both regions have one block without arguments; the
// else region may be empty (no block) when there are no results:
//
//	%r = scf.if %c -> (tensor<?x?xf32>) {
//	  scf.yield %a : tensor<?x?xf32>
//	} else {
//	  scf.yield %b : tensor<?x?xf32>
//	}
var If = &ir.OpDef{
	Name:     "scf.if",
	Summary:  "if-then-else with values yielded by the taken region",
	Doc:      "%r = scf.if %c -> (tensor<?x?xf32>) { scf.yield %a : tensor<?x?xf32> } else { scf.yield %b : tensor<?x?xf32> }",
	Traits:   ir.SingleBlock | ir.RecursivelyPure,
	Operands: 1,
	Results:  ir.Variadic,
	Regions:  2,
	Parse:    parseIf,
	Print:    printIf,
	Verify:   verifyIf,
	Canonicalize: []ir.Pattern{
		&ir.PatternFunc{Name: "RemoveStaticCondition", RootOp: "scf.if", Fn: removeStaticCondition},
	},
}

// Yield is `scf.yield`, the terminator of scf.if's regions:
//
//	scf.yield %a : tensor<?x?xf32>
var Yield = &ir.OpDef{
	Name:     "scf.yield",
	Summary:  "yields the values of the enclosing scf op's region",
	Doc:      "scf.yield %a : tensor<?x?xf32>",
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
			p.OpOperands()
			p.Write(" : ")
			p.OpOperandTypes()
		}
	},
	Verify: func(op *ir.Operation) error {
		// MLIR 19's list of scf.yield's parents; only scf.if is modelled.
		switch parent := op.ParentOp(); {
		case parent == nil:
		case parent.Name() == "scf.execute_region", parent.Name() == "scf.for", parent.Name() == "scf.if",
			parent.Name() == "scf.index_switch", parent.Name() == "scf.while":
			return nil
		}
		return op.Emit("expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'")
	},
}

func parseIf(p *ir.OpParser, st *ir.OpState) error {
	loc := p.Loc()
	c := p.ParseOperand()
	st.Operands = []*ir.Value{p.Resolve(c, ir.I1)}
	if p.Accept("->") {
		st.ResultTypes = p.ParseArrowResults()
	}
	then := p.ParseRegionNoArgs(false)
	ensureTerminator(then, loc)
	els := &ir.Region{}
	if p.AcceptKeyword("else") {
		els = p.ParseRegionNoArgs(false)
		ensureTerminator(els, loc)
	}
	st.Regions = append(st.Regions, then, els)
	p.ParseOptionalAttrDict(&st.Attrs)
	return nil
}

// ensureTerminator gives a parsed region its implicit terminator, as
// MLIR's SingleBlockImplicitTerminator does: a block (when the region has
// none) and an scf.yield without operands (when the block does not end
// with a terminator).
func ensureTerminator(r *ir.Region, loc ir.Location) {
	if r.Empty() {
		r.AddBlock(nil)
	}
	if b := r.Blocks()[len(r.Blocks())-1]; b.Terminator() == nil {
		b.Append(ir.NewOp(&ir.OpState{Name: "scf.yield", Loc: loc}))
	}
}

func printIf(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operand(0))
	if op.NumResults() > 0 {
		p.Write(" -> (")
		p.Types(op.ResultTypes())
		p.Write(")")
	}
	p.Write(" ")
	p.Region(op.Region(0), false, false)
	if !op.Region(1).Empty() {
		p.Write(" else ")
		p.Region(op.Region(1), false, false)
	}
	p.OptionalAttrDict()
}

var regionNames = []string{"thenRegion", "elseRegion"}

func verifyIf(op *ir.Operation) error {
	if t := op.Operand(0).Type(); t != ir.I1 {
		return op.Emit("operand #0 must be 1-bit signless integer, but got '%s'", t)
	}
	if op.Region(0).Empty() {
		return op.Emit("region #0 ('%s') failed to verify constraint: region with 1 blocks", regionNames[0])
	}
	for i, r := range op.Regions() {
		if r.Empty() {
			continue
		}
		b := r.Front()
		if len(b.Args()) > 0 {
			return op.Emit("region #%d should have no arguments", i)
		}
		if y := b.Last(); y == nil || y.Name() != "scf.yield" {
			found := "nothing"
			if y != nil {
				found = y.Name()
			}
			return op.Emit("expects regions to end with 'scf.yield', found '%s'", found)
		}
	}
	if op.NumResults() > 0 && op.Region(1).Empty() {
		return op.Emit("must have an else block if defining values")
	}
	// MLIR's RegionBranchOpInterface check of each region's yield against
	// the results; its messages start with two spaces after "op" (sic).
	for i, r := range op.Regions() {
		if r.Empty() {
			continue
		}
		y := r.Front().Last()
		if y.NumOperands() != op.NumResults() {
			return op.Emit(" region control flow edge from Region #%d to parent results: source has %d operands, but target successor needs %d", i, y.NumOperands(), op.NumResults())
		}
		for j, v := range y.Operands() {
			if v.Type() != op.Result(j).Type() {
				return op.Emit(" along control flow edge from Region #%d to parent results: source type #%d '%s' should match input type #%d '%s'", i, j, v.Type(), j, op.Result(j).Type())
			}
		}
	}
	return nil
}

// removeStaticCondition inlines the region an scf.if with a constant
// condition takes (or erases the op when that is the absent else region).
func removeStaticCondition(op *ir.Operation, rw *ir.Rewriter) bool {
	taken, known := constantBool(op.Operand(0))
	if !known {
		return false
	}
	r := op.Region(1)
	if taken {
		r = op.Region(0)
	}
	if r.Empty() {
		if op.NumResults() > 0 {
			return false // invalid: the verifier reports it
		}
		rw.EraseOp(op)
		return true
	}
	body := r.Front()
	y := body.Terminator()
	if y == nil || y.Name() != "scf.yield" {
		return false
	}
	for o := body.First(); o != y; {
		next := o.Next()
		moved := o
		rw.Modify(moved, func() { moved.MoveBefore(op) })
		o = next
	}
	rw.ReplaceOp(op, y.Operands())
	return true
}

// constantBool returns the value of an i1 constant.
func constantBool(v *ir.Value) (value, known bool) {
	switch a := ir.ConstantValue(v).(type) {
	case *ir.IntegerAttr:
		return a.Value != 0, true
	case *ir.BoolAttr:
		return a.Value, true
	}
	return false, false
}

// NewIf builds `scf.if cond -> (results)` with an empty then block and,
// when withElse is set, an empty else block (an scf.if with results needs
// one). It returns the op and builders at the ends of the two blocks (nil
// for an absent else); the caller ends each block with NewYield.
func NewIf(b *ir.Builder, cond *ir.Value, results []ir.Type, withElse bool) (op *ir.Operation, then, els *ir.Builder) {
	thenRegion, elseRegion := &ir.Region{}, &ir.Region{}
	op = b.Create(&ir.OpState{Name: "scf.if", Operands: []*ir.Value{cond}, ResultTypes: results,
		Regions: []*ir.Region{thenRegion, elseRegion}})
	then = ir.AtEnd(op.Region(0).AddBlock(nil))
	then.Loc = op.Loc
	if withElse {
		els = ir.AtEnd(op.Region(1).AddBlock(nil))
		els.Loc = op.Loc
	}
	return op, then, els
}

// NewYield builds `scf.yield vals`.
func NewYield(b *ir.Builder, vals []*ir.Value) *ir.Operation {
	return b.Create(&ir.OpState{Name: "scf.yield", Operands: vals})
}

func init() {
	ir.Register(If, Yield)
}
