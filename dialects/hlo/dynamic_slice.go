package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// hlo.dynamic_slice and hlo.dynamic_update_slice (lax.dynamic_slice,
// lax.dynamic_update_slice, and what jnp indexing with traced indices
// exports): a slice of static sizes at start indices that are run-time
// scalars, one 0-d integer tensor per operand dim. As StableHLO says, the
// start indices are clamped so the slice lies in the operand:
// start = clamp(start, 0, dim size - slice size).

// DynamicSliceOp is `hlo.dynamic_slice`:
//
//	%r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
var DynamicSliceOp = &ir.OpDef{
	Name:          "hlo.dynamic_slice",
	Summary:       "a slice of static sizes at run-time start indices (clamped into the operand)",
	Doc:           "%r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>",
	Traits:        ir.Pure,
	Operands:      ir.Variadic,
	Results:       1,
	InherentAttrs: []string{"slice_sizes"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := []ir.OperandRef{p.ParseOperand()}
		for p.Accept(",") {
			if p.PeekKeyword() == "sizes" {
				break
			}
			refs = append(refs, p.ParseOperand())
		}
		parseDimsList(p, st, "sizes", "slice_sizes")
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, len(refs))
		st.Operands = p.ResolveAll(refs, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print:  printOperandsList("sizes", "slice_sizes"),
	Verify: verifyDynamicSlice,
}

// DynamicUpdateSliceOp is `hlo.dynamic_update_slice`: the operand with
// the update written at the (clamped) start indices.
//
//	%r = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
//
// Beyond StableHLO, the update may have fewer dims than the operand: the
// Array API's `x[i, ...] = a`, where a broadcasts into the slice by the
// assignment rule (docs/SPEC.md §4). The slice is then the update's shape
// with leading 1s (UpdateSliceShape).
var DynamicUpdateSliceOp = &ir.OpDef{
	Name:     "hlo.dynamic_update_slice",
	Summary:  "write the update into the operand at run-time start indices (clamped into the operand)",
	Doc:      "%r = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printFunctionalForm,
	Verify:   verifyDynamicUpdateSlice,
}

// checkStartIndices checks operands first.. (one per dim of an operand of
// rank r): 0-d tensors of one integer type.
func checkStartIndices(op *ir.Operation, first, r int) error {
	if n := op.NumOperands() - first; n != r {
		return op.Emit("has %d start indices for an operand of rank %d; it needs one per dim", n, r)
	}
	var t ir.Type
	for i := first; i < op.NumOperands(); i++ {
		st := rankedTensor(op.Operand(i).Type())
		if st == nil || st.Rank() != 0 || !ir.IsInteger(st.ElementType()) || st.ElementType() == ir.I1 {
			return op.Emit("operand #%d (a start index) must be a 0-d tensor of integers, but got '%s'", i, op.Operand(i).Type())
		}
		if t == nil {
			t = st
		} else if st != t {
			return op.Emit("start indices must have one type, but operand #%d is '%s' and operand #%d is '%s'", first, t, i, st)
		}
	}
	return nil
}

func verifyDynamicSlice(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return op.Emit("requires an operand")
	}
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || out == nil {
		return op.Emit("requires a ranked operand and result, but got '%s' and '%s'", op.Operand(0).Type(), op.Result(0).Type())
	}
	a := op.Attr("slice_sizes")
	sizes := I64sView(a)
	if a == nil || sizes == nil {
		return op.Emit("requires 'slice_sizes', a list of integers")
	}
	if len(sizes) != in.Rank() {
		return op.Emit("slice_sizes has %d entries but the operand has rank %d", len(sizes), in.Rank())
	}
	if err := checkValueElementType(op); err != nil {
		return err
	}
	if err := checkStartIndices(op, 1, in.Rank()); err != nil {
		return err
	}
	for d, n := range sizes {
		if dim := in.Shape()[d]; n < 0 || dim != ir.Dynamic && n > dim {
			return op.Emit("slice_sizes entry %d is %d, outside [0, %s] (the operand's dim %d)", d, n, dimString(dim), d)
		}
	}
	if !slices.Equal(out.Shape(), sizes) {
		return op.Emit("result type '%s' must have the shape slice_sizes gives, %s", out, ir.FormatShape(sizes))
	}
	return nil
}

// UpdateSliceShape is the shape of the slice a dynamic_update_slice
// writes: the update's, with leading 1s up to the operand's rank.
func UpdateSliceShape(operand, update *ir.RankedTensorType) []int64 {
	return broadcast.ExpandRank(update.Shape(), operand.Rank())
}

func verifyDynamicUpdateSlice(op *ir.Operation) error {
	if op.NumOperands() < 2 {
		return op.Emit("requires an operand and an update")
	}
	in, upd, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Operand(1).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || upd == nil || out == nil {
		return op.Emit("requires a ranked operand, update and result")
	}
	if out != in {
		return op.Emit("result type '%s' must be the operand's type '%s'", out, in)
	}
	if upd.ElementType() != in.ElementType() {
		return op.Emit("the update's element type '%s' must be the operand's, '%s'", upd.ElementType(), in.ElementType())
	}
	if upd.Rank() > in.Rank() {
		return op.Emit("the update has rank %d, more than the operand's rank %d", upd.Rank(), in.Rank())
	}
	if err := checkStartIndices(op, 2, in.Rank()); err != nil {
		return err
	}
	for d, n := range UpdateSliceShape(in, upd) {
		if dim := in.Shape()[d]; n != ir.Dynamic && dim != ir.Dynamic && n > dim {
			return op.Emit("the update's dim %d has size %d, more than the operand's %d", d-(in.Rank()-upd.Rank()), n, dim)
		}
	}
	return nil
}

func init() { ir.Register(DynamicSliceOp, DynamicUpdateSliceOp) }
