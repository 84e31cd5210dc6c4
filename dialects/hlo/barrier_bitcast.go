package hlo

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// OptimizationBarrierOp is `hlo.optimization_barrier`: its operands,
// unchanged (StableHLO: a barrier to optimizations that move work across
// it; here it keeps its operands' values apart until lowering, which
// forwards them).
//
//	%r:2 = hlo.optimization_barrier %a, %b : tensor<4xf32>, tensor<i32>
var OptimizationBarrierOp = &ir.OpDef{
	Name:     "hlo.optimization_barrier",
	Summary:  "its operands, unchanged",
	Doc:      "%r:2 = hlo.optimization_barrier %a, %b : tensor<4xf32>, tensor<i32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		var refs []ir.OperandRef
		if !p.Peek(":") {
			refs = p.ParseOperandList()
		}
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		var types []ir.Type
		for range refs {
			if len(types) > 0 {
				p.Parse(",")
			}
			types = append(types, p.ParseType())
		}
		st.Operands = p.ResolveAll(refs, types, loc)
		st.ResultTypes = types
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.Operands(op.Operands())
		}
		p.OptionalAttrDict()
		p.Write(" :")
		for i, t := range op.OperandTypes() {
			if i > 0 {
				p.Write(",")
			}
			p.Write(" ")
			p.Type(t)
		}
	},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() != op.NumResults() {
			return op.Emit("has %d operands but %d results; each result is its operand", op.NumOperands(), op.NumResults())
		}
		for i, t := range op.OperandTypes() {
			if r := op.Result(i).Type(); r != t {
				return op.Emit("result #%d has type '%s' but operand #%d has '%s'", i, r, i, t)
			}
		}
		return nil
	},
}

// BitcastConvertOp is `hlo.bitcast_convert`: the operand's bits read as
// another element type (jax.lax.bitcast_convert_type). Of one width, the
// shape is kept; a narrower result type gains a last dim of the ratio of
// the widths, a wider one loses the operand's last dim, of that size
// (StableHLO's rule; little-endian order within an element).
//
//	%r = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
var BitcastConvertOp = &ir.OpDef{
	Name:     "hlo.bitcast_convert",
	Summary:  "reinterpret the bits as another element type",
	Doc:      "%r = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>",
	Traits:   ir.Pure,
	Operands: 1,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printFunctionalForm,
	Verify:   verifyBitcastConvert,
}

func verifyBitcastConvert(op *ir.Operation) error {
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || out == nil {
		return op.Emit("requires a ranked operand and result, but got '%s' and '%s'", op.Operand(0).Type(), op.Result(0).Type())
	}
	wi, wo := ir.ElementByteSize(in.ElementType())*8, ir.ElementByteSize(out.ElementType())*8
	// i1 bitcasts to i1 only (the identity, which StableHLO allows): its
	// one bit has no place in another type's bytes.
	if (in.ElementType() == ir.I1) != (out.ElementType() == ir.I1) || wi <= 0 || wo <= 0 {
		return op.Emit("bitcasts between '%s' and '%s' are not defined: both must be numeric types of whole bytes", in.ElementType(), out.ElementType())
	}
	is, os := in.Shape(), out.Shape()
	match := ir.ShapesCompatible
	switch {
	case wi == wo && !match(is, os):
		return op.Emit("of one bit width, the result shape must be the operand's, but '%s' and '%s' differ", in, out)
	case wi > wo && (len(os) != len(is)+1 || !match(is, os[:len(is)]) || os[len(is)] != int64(wi/wo)):
		return op.Emit("from %d-bit to %d-bit elements the result shape must be the operand's with a last dim of %d, but got '%s' from '%s'", wi, wo, wi/wo, out, in)
	case wi < wo && (len(is) != len(os)+1 || !match(is[:len(os)], os) || is[len(os)] != int64(wo/wi) && is[len(os)] != ir.Dynamic):
		return op.Emit("from %d-bit to %d-bit elements the operand's last dim must have %d elements and the result the other dims, but got '%s' from '%s'", wi, wo, wo/wi, out, in)
	}
	return nil
}

func init() { ir.Register(OptimizationBarrierOp, BitcastConvertOp) }
