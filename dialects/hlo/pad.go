package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// PadOp is `hlo.pad` (jnp.pad, lax.pad): the operand with low and high
// padding (negative: cropping) and interior padding between its elements
// along each dim, the new elements being the 0-d padding value:
//
//	%r = hlo.pad %x, %v, low = [0, 1], high = [2, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x5xf32>
//
// Result dim d has low[d] + high[d] + n + (n - 1) interior[d] elements (n
// the operand's size, and no interior padding when n is 0); operand
// element j lands at index low[d] + j (interior[d] + 1).
var PadOp = &ir.OpDef{
	Name:          "hlo.pad",
	Summary:       "pad (or crop) each dim at both ends and between elements",
	Doc:           "%r = hlo.pad %x, %v, low = [0, 1], high = [2, 1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x5xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultElementType,
	Operands:      2,
	Results:       1,
	InherentAttrs: padAttrs[:],
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.Parse(",")
		v := p.ParseOperand()
		for i, a := range padAttrs {
			p.Parse(",")
			parseDimsList(p, st, padKeywords[i], a)
		}
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 2)
		st.Operands = p.ResolveAll([]ir.OperandRef{x, v}, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		for i, a := range padAttrs {
			printDimsList(p, op, padKeywords[i], a)
		}
		p.OptionalAttrDict(padAttrs[:]...)
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: verifyPad,
}

var (
	padAttrs    = [3]string{"edge_padding_low", "edge_padding_high", "interior_padding"}
	padKeywords = [3]string{"low", "high", "interior"}
)

// PadAmounts reads pad's low, high and interior padding (nil if missing).
func PadAmounts(op *ir.Operation) (low, high, interior []int64) {
	return I64s(op.Attr(padAttrs[0])), I64s(op.Attr(padAttrs[1])), I64s(op.Attr(padAttrs[2]))
}

// PaddedSize is the size of a dim of n (static) elements padded by low,
// high and interior, StableHLO's formula; negative when cropping takes
// more than there is.
func PaddedSize(n, low, high, interior int64) int64 {
	return low + high + n + max(n-1, 0)*interior
}

func verifyPad(op *ir.Operation) error {
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || out == nil {
		return op.Emit("requires a ranked operand and result, but got '%s' and '%s'", op.Operand(0).Type(), op.Result(0).Type())
	}
	if pv := rankedTensor(op.Operand(1).Type()); pv == nil || pv.Rank() != 0 {
		return op.Emit("the padding value (operand #1) must be a 0-d tensor, but got '%s'", op.Operand(1).Type())
	}
	var lists [3][]int64
	for i, a := range padAttrs {
		at := op.Attr(a)
		lists[i] = I64sView(at)
		if at == nil || lists[i] == nil {
			return op.Emit("requires '%s', a list of integers", a)
		}
		if len(lists[i]) != in.Rank() {
			return op.Emit("%s has %d entries but the operand has rank %d", a, len(lists[i]), in.Rank())
		}
	}
	low, high, interior := lists[0], lists[1], lists[2]
	if d := slices.IndexFunc(interior, func(x int64) bool { return x < 0 }); d >= 0 {
		return op.Emit("interior_padding entry %d is %d, a negative padding", d, interior[d])
	}
	if out.Rank() != in.Rank() {
		return op.Emit("result rank %d must be the operand's rank %d", out.Rank(), in.Rank())
	}
	for d, n := range in.Shape() {
		if n == ir.Dynamic {
			continue
		}
		want := PaddedSize(n, low[d], high[d], interior[d])
		if want < 0 {
			return op.Emit("dim %d would have %d elements (%d low + %d + %d interior + %d high)", d, want, low[d], n, max(n-1, 0)*interior[d], high[d])
		}
		if got := out.Shape()[d]; got != ir.Dynamic && got != want {
			return op.Emit("result dim %d has size %d, but padding gives %d", d, got, want)
		}
	}
	return nil
}

func init() { ir.Register(PadOp) }
