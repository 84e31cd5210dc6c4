package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// ReverseOp is `hlo.reverse` (jnp.flip): the operand with the order of its
// elements reversed along each of dims.
//
//	%r = hlo.reverse %x, dims = [1] : tensor<3x4xf32>
var ReverseOp = &ir.OpDef{
	Name:          "hlo.reverse",
	Summary:       "reverse the elements along dims",
	Doc:           "%r = hlo.reverse %x, dims = [1] : tensor<3x4xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultType,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"dimensions"},
	Parse:         parseOperandDims("dimensions"),
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		printDimsList(p, op, "dims", "dimensions")
		p.OptionalAttrDict("dimensions")
		printTypeSignature(p, op)
	},
	Verify: verifyReverse,
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		// Reversing only dims of size 1 (or none) changes nothing.
		rt := rankedTensor(op.Operand(0).Type())
		if rt == nil {
			return nil
		}
		for _, d := range I64sView(op.Attr("dimensions")) {
			if d < 0 || int(d) >= rt.Rank() || rt.Shape()[d] != 1 {
				return nil
			}
		}
		return []ir.FoldResult{{Value: op.Operand(0)}}
	},
}

// verifyReverse: StableHLO's constraints (C2, C3): dims are distinct and
// in [0, rank).
func verifyReverse(op *ir.Operation) error {
	a := op.Attr("dimensions")
	if a == nil {
		return op.Emit("requires a 'dimensions' attribute")
	}
	dims := I64sView(a)
	if dims == nil {
		return op.Emit("dimensions must be a list of integers, but got %s", ir.AttrString(a))
	}
	rt := rankedTensor(op.Operand(0).Type())
	if rt == nil {
		return nil // unranked: nothing to check the dims against
	}
	for i, d := range dims {
		if d < 0 || int(d) >= rt.Rank() {
			return op.Emit("dimensions entry %d is %d, out of range for an operand of rank %d", i, d, rt.Rank())
		}
		if slices.Contains(dims[:i], d) {
			return op.Emit("dimensions has %d twice", d)
		}
	}
	return nil
}

func init() { ir.Register(ReverseOp) }
