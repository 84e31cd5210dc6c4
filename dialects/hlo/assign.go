package hlo

import (
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// The two rules of the reference documents that are not binary-op
// broadcasts (docs/SPEC.md §4): assignment, which broadcasts one way into
// a destination whose shape it never changes, and narrowcasting, which
// removes size-1 dims. The rules themselves are ir/broadcast's (policy
// Assign, Narrow); these are the ops that carry them.

// AssignOp is `hlo.assign`: the value of `dst[...] = src` (the Array
// API's in-place semantics, TML's `A = B`), a tensor of dst's type whose
// every element is src's, broadcast into dst's shape one way only: src's
// dims are aligned on the right with dst's, each equal to dst's or 1, and
// src has no more dims than dst. dst's elements are not read; it gives the
// shape (and the element type, which src must have). A `?` on either side
// is checked at run time (hlo-legalize-broadcasts), and a source `?` that
// may be 1 is versioned like numpy's could-be-1 dims, never copied.
//
//	%r = hlo.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
var AssignOp = &ir.OpDef{
	Name:     "hlo.assign",
	Summary:  "broadcast the source into the destination's shape, one way",
	Doc:      "%r = hlo.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>",
	Traits:   ir.Pure | ir.SameOperandsAndResultElementType,
	Operands: 2,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printSignatureForm,
	Verify:   verifyAssign,
	// An assignment of a source of the destination's static type is the
	// source. (With a `?` dim the same type proves nothing: the source
	// may be 1 there, or another size.)
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if t := op.Result(0).Type(); op.Operand(1).Type() == t && ir.IsStaticShape(t.(*ir.RankedTensorType).Shape()) {
			return []ir.FoldResult{{Value: op.Operand(1)}}
		}
		return nil
	},
}

// AssignSpec is how hlo.assign broadcasts (BroadcastSpec gives it too).
var AssignSpec = broadcast.Spec{Policy: broadcast.Assign}

func verifyAssign(op *ir.Operation) error {
	dst, src, res := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Operand(1).Type()), rankedTensor(op.Result(0).Type())
	if dst == nil || src == nil || res == nil {
		return op.Emit("requires ranked tensor operands and result, but got (%s, %s) -> %s", op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type())
	}
	if res != dst {
		return op.Emit("result type '%s' must be the type of operand #0 (the destination), '%s': an assignment never changes its destination's shape", res, dst)
	}
	ops := [2]broadcast.Operand{{Shape: dst.Shape(), Ranked: true}, {Shape: src.Shape(), Ranked: true}}
	if _, _, _, c := broadcast.Infer(ops[:], AssignSpec); c != nil {
		return op.Emit("%s", c.Error())
	}
	return nil
}

// NarrowOp is `hlo.narrow`, narrowcasting (reference/tml-broadcasting.txt):
// the operand with every dim of static size 1 removed (`1x5x1` becomes
// `5`, all-1 dims rank 0; no size-1 dim leaves the type unchanged). A `?`
// dim is kept even if it is 1 at run time: the result's rank is fixed at
// compile time (broadcast.Narrow). It never fails.
//
//	%r = hlo.narrow %x : (tensor<1x5x1xf32>) -> tensor<5xf32>
var NarrowOp = &ir.OpDef{
	Name:     "hlo.narrow",
	Summary:  "remove the size-1 dims",
	Doc:      "%r = hlo.narrow %x : (tensor<1x5x1xf32>) -> tensor<5xf32>",
	Traits:   ir.Pure | ir.SameOperandsAndResultElementType,
	Operands: 1,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printSignatureForm,
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires a ranked tensor operand and result, but got %s -> %s", op.Operand(0).Type(), op.Result(0).Type())
		}
		if want := NarrowType(in); out != want {
			return op.Emit("result type '%s' is not the narrowcast of the operand's '%s', which is '%s' (every dim of static size 1 removed; a ? dim is kept)", out, in, want)
		}
		return nil
	},
	// A narrowcast that removes nothing is its operand.
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		return nil
	},
}

// NarrowType is t with its dims of static size 1 removed (broadcast.Narrow).
func NarrowType(t *ir.RankedTensorType) *ir.RankedTensorType {
	shape, _ := broadcast.Narrow(t.Shape())
	return ir.RankedTensorWithEncoding(shape, t.ElementType(), t.Encoding)
}

func init() {
	ir.Register(AssignOp, NarrowOp)
}
