package hlo

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// ReducePrecisionOp is `hlo.reduce_precision` (StableHLO's; jax.lax's
// reduce_precision): each element rounded to the float format of
// exponent_bits exponent bits and mantissa_bits mantissa bits and back to
// its own type.
//
//	%r = hlo.reduce_precision %x, format = e5m10 : tensor<6xf32>
//
// Its meaning is StableHLO's (and its reference interpreter's): the
// mantissa rounded to mantissa_bits bits, to nearest even; then an
// exponent beyond the range of exponent_bits overflows to infinity or
// underflows to zero (the format's subnormals included), with the
// element's sign; a NaN stays a NaN but with no mantissa bits, where it
// becomes +Inf. Formats at least as wide as the element type's leave it
// unchanged. Exact: ReducePrecisionElem is the element function, and the
// lowering does the same on the bits.
var ReducePrecisionOp = &ir.OpDef{
	Name:          "hlo.reduce_precision",
	Summary:       "round each element to a narrower float format and back",
	Doc:           "%r = hlo.reduce_precision %x, format = e5m10 : tensor<6xf32>",
	Traits:        ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"exponent_bits", "mantissa_bits"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.Parse(",")
		p.ParseKeyword("format")
		p.Parse("=")
		floc := p.Loc()
		f := p.ParseIdent("format")
		e, m, ok := parseFormat(f)
		if !ok {
			p.FailAt(floc, "expected a format eNmM (N exponent bits, M mantissa bits), but found '%s'", f)
		}
		st.AddAttr("exponent_bits", ir.IntAttr(ir.I32, e))
		st.AddAttr("mantissa_bits", ir.IntAttr(ir.I32, m))
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 1)
		st.Operands = p.ResolveAll([]ir.OperandRef{x}, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		e, m, _ := precisionAttrs(op)
		p.Write(fmt.Sprintf(", format = e%dm%d", e, m))
		p.OptionalAttrDict("exponent_bits", "mantissa_bits")
		printTypeSignature(p, op)
	},
	Verify: verifyReducePrecision,
	Fold:   foldReducePrecision,
}

// parseFormat reads `e5m10`.
func parseFormat(s string) (e, m int64, ok bool) {
	es, ms, found := strings.Cut(strings.TrimPrefix(s, "e"), "m")
	if !found || !strings.HasPrefix(s, "e") {
		return 0, 0, false
	}
	e, err1 := strconv.ParseInt(es, 10, 32)
	m, err2 := strconv.ParseInt(ms, 10, 32)
	return e, m, err1 == nil && err2 == nil && es != "" && ms != "" && es[0] != '+' && ms[0] != '+'
}

// precisionAttrs reads the op's exponent_bits and mantissa_bits; ok is
// false unless both are integer attributes.
func precisionAttrs(op *ir.Operation) (e, m int64, ok bool) {
	e, ok1 := IntAttr(op.Attr("exponent_bits"))
	m, ok2 := IntAttr(op.Attr("mantissa_bits"))
	return e, m, ok1 && ok2
}

// verifyReducePrecision: StableHLO's constraints (C1: operand and result
// of one float type; C2: exponent_bits >= 1; C3: mantissa_bits >= 0).
func verifyReducePrecision(op *ir.Operation) error {
	if err := tensorsOnly(op); err != nil {
		return err
	}
	e, m, ok := precisionAttrs(op)
	if !ok {
		return op.Emit("requires integer attributes 'exponent_bits' and 'mantissa_bits'")
	}
	if e < 1 || e > math.MaxInt32 {
		return op.Emit("exponent_bits must be at least 1 (and fit in 32 bits), but is %d", e)
	}
	if m < 0 || m > math.MaxInt32 {
		return op.Emit("mantissa_bits must be at least 0 (and fit in 32 bits), but is %d", m)
	}
	return verifyElementTypes(op, []int{0}, FloatOnly, nil)
}

// ReducePrecisionElem is reduce_precision's element function: x (a value of
// format k) rounded to e exponent and m mantissa bits, on the bits of k
// as StableHLO's reference interpreter does.
func ReducePrecisionElem(x float64, k ir.FloatKind, e, m int64) float64 {
	width, srcMant := floatLayout(k)
	srcExp := int64(width) - srcMant - 1
	bits := ir.FloatBits(x, k)
	if m < srcMant {
		last := uint64(1) << uint(srcMant-m)
		bias := last>>1 - 1 + (bits&last)>>uint(srcMant-m)
		bits = (bits + bias) &^ (last - 1)
	}
	if e < srcExp {
		signBit := uint64(1) << uint(width-1)
		expMask := (uint64(1)<<uint(srcExp) - 1) << uint(srcMant)
		bias := uint64(1)<<uint(srcExp-1) - 1
		reducedBias := uint64(1)<<uint(e-1) - 1
		exp := bits & expMask
		signedZero := bits & signBit
		switch {
		case exp > (bias+reducedBias)<<uint(srcMant):
			bits = signedZero | expMask
		case exp <= (bias-reducedBias)<<uint(srcMant):
			bits = signedZero
		}
	}
	if math.IsNaN(x) {
		if m > 0 {
			return x
		}
		return math.Inf(1)
	}
	return ir.FloatFromBits(bits&(uint64(1)<<uint(width)-1), k)
}

// floatLayout returns the width and the stored mantissa bits of format k.
func floatLayout(k ir.FloatKind) (width int, mantissa int64) {
	switch k {
	case ir.F16:
		return 16, 10
	case ir.BF16:
		return 16, 7
	case ir.F32:
		return 32, 23
	}
	return 64, 52
}

func foldReducePrecision(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	e, m, ok := precisionAttrs(op)
	ft, isFloat := ir.ElementTypeOf(op.Result(0).Type()).(*ir.FloatType)
	if !ok || !isFloat {
		return nil
	}
	rt, vals := operandValues(op, c)
	if rt == nil {
		if width, srcMant := floatLayout(ft.Kind); e >= int64(width)-srcMant-1 && m >= srcMant {
			return []ir.FoldResult{{Value: op.Operand(0)}} // the element type's own format
		}
		return nil
	}
	out := make([]elem, len(vals[0]))
	for i := range out {
		out[i].f = ReducePrecisionElem(vals[0][i].f, ft.Kind, e, m)
	}
	return result(rt, out)
}

// lowerReducePrecision is ReducePrecisionElem on the bits of the element
// (arith.bitcast to the integer of its width): the rounding bias added
// and the dropped bits masked off, then the exponent compared with the
// narrow format's range, then NaNs selected back. Lanewise.
func lowerReducePrecision(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	s := scalarCode{b}
	x := args[0]
	t := x.Type()
	e, m, _ := precisionAttrs(op)
	width, srcMant := floatLayout(t.(*ir.FloatType).Kind)
	srcExp := int64(width) - srcMant - 1
	it := ir.Integer(width, ir.Signless)
	c := func(v uint64) *ir.Value { return s.constI(it, int64(v)) }
	bits := s.op(arith.Bitcast, it, x)
	if m < srcMant {
		shift := uint64(srcMant - m)
		last := uint64(1) << shift
		lastBit := s.op(arith.ShRUI, it, s.op(arith.AndI, it, bits, c(last)), c(shift))
		bias := s.op(arith.AddI, it, lastBit, c(last>>1-1))
		bits = s.op(arith.AndI, it, s.op(arith.AddI, it, bits, bias), c(^(last - 1)))
	}
	if e < srcExp {
		expMask := (uint64(1)<<uint(srcExp) - 1) << uint(srcMant)
		bias := uint64(1)<<uint(srcExp-1) - 1
		reducedBias := uint64(1)<<uint(e-1) - 1
		exp := s.op(arith.AndI, it, bits, c(expMask))
		signedZero := s.op(arith.AndI, it, bits, c(uint64(1)<<uint(width-1)))
		signedInf := s.op(arith.OrI, it, signedZero, c(expMask))
		bits = s.sel(s.cmpi("ugt", exp, c((bias+reducedBias)<<uint(srcMant))), signedInf, bits)
		bits = s.sel(s.cmpi("ule", exp, c((bias-reducedBias)<<uint(srcMant))), signedZero, bits)
	}
	r := s.op(arith.Bitcast, t, bits)
	if m >= srcMant && e >= srcExp {
		return r
	}
	nan := x
	if m == 0 {
		nan = s.constF(t, math.Inf(1))
	}
	return s.sel(s.cmpf("uno", x, x), nan, r)
}

// The entry of reduce_precision among the elementwise ops (its folder
// and interpreter read its attributes: ReducePrecisionElem).
var _ = addElementwise(&Elementwise{Def: ReducePrecisionOp, Class: FloatOnly, Lower: ScalarLowering{Emit: lowerReducePrecision}})

func init() { ir.Register(ReducePrecisionOp) }
