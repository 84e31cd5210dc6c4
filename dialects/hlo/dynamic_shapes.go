package hlo

import (
	"strconv"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The dynamic-shape versions of iota and slice, as JAX's shape-polymorphic
// exports write them: their sizes, start and limit indices are operands
// computed in hlo from the arguments' sizes (get_dimension_size, convert,
// reshape, concatenate and integer arithmetic, like the shape operand of
// dynamic_broadcast_in_dim). StableHLO has not specced them yet
// (openxla/stablehlo#8); their meaning is iota's and slice's, and their
// checks are StableHLO's verifiers' plus, on constant operands, the
// checks of the static op.

// DynamicIota is `hlo.dynamic_iota`, iota whose result shape is an operand
// (JAX writes it for `jnp.arange(b)` with a symbolic b):
//
//	%r = hlo.dynamic_iota %shape, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
var DynamicIota = &ir.OpDef{
	Name:          "hlo.dynamic_iota",
	Summary:       "iota of a run-time shape: counts 0, 1, ... along one dim",
	Doc:           "%r = hlo.dynamic_iota %shape, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>",
	Traits:        ir.Pure,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"iota_dimension"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		s := p.ParseOperand()
		p.Parse(",")
		parseDimClause(p, st, "iota_dimension")
		ins, outs := parseTypeSignature(p, 1)
		st.Operands = p.ResolveAll([]ir.OperandRef{s}, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write(", ")
		printDimClause(p, op, "iota_dimension")
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		out, err := verifyIotaResult(op)
		if err != nil {
			return err
		}
		if err := checkShapeOperand(op, 0, out.Rank()); err != nil {
			return err
		}
		// A constant shape must agree with the result type (StableHLO's
		// "output_shape is incompatible with return type").
		sizes, ok := constantInts(op.Operand(0))
		if !ok {
			return nil
		}
		for k, s := range sizes {
			if s < 0 {
				return op.Emit("output_shape element %d is %d, a negative size", k, s)
			}
			if r := out.Shape()[k]; r != ir.Dynamic && r != s {
				return op.Emit("output_shape element %d is %d but result dim %d has size %d", k, s, k, r)
			}
		}
		return nil
	},
}

// RealDynamicSlice is `hlo.real_dynamic_slice`, slice whose start indices,
// limit indices and strides are operands (one element per dim each):
//
//	%r = hlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
//
// Result dim d has ceil((limit[d] - start[d]) / strides[d]) elements,
// element i being operand element start[d] + i * strides[d]; the slice
// must lie in the operand: 0 <= start <= limit <= size, strides > 0.
var RealDynamicSlice = &ir.OpDef{
	Name:     "hlo.real_dynamic_slice",
	Summary:  "a strided slice with run-time start, limit and strides",
	Doc:      "%r = hlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>",
	Traits:   ir.Pure,
	Operands: 4,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printFunctionalForm, // StableHLO's: never the compact form
	Verify:   verifyRealDynamicSlice,
}

// sliceOperandNames are the names of real_dynamic_slice's operands #1-#3.
var sliceOperandNames = [3]string{"start_indices", "limit_indices", "strides"}

func verifyRealDynamicSlice(op *ir.Operation) error {
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || out == nil {
		return op.Emit("requires ranked tensor operand and result")
	}
	if err := checkValueElementType(op); err != nil {
		return err
	}
	r := in.Rank()
	if out.Rank() != r {
		return op.Emit("result rank %d must equal the operand rank %d", out.Rank(), r)
	}
	for k, name := range sliceOperandNames {
		i := k + 1
		st := rankedTensor(op.Operand(i).Type())
		if st == nil || st.Rank() != 1 || !ir.IsIntOrIndex(st.ElementType()) || st.ElementType() == ir.I1 {
			return op.Emit("operand #%d must be a 1-D tensor of integers or index, but got '%s'", i, op.Operand(i).Type())
		}
		if n := st.Shape()[0]; n != ir.Dynamic && n != int64(r) {
			return op.Emit("%s must have one element per operand dim (rank %d), but has %d", name, r, n)
		}
	}
	if a, b, c := op.Operand(1).Type(), op.Operand(2).Type(), op.Operand(3).Type(); a != b || a != c {
		return op.Emit("start_indices, limit_indices and strides must have the same type, but have '%s', '%s' and '%s'", a, b, c)
	}
	// Constant operands are checked as hlo.slice's attributes are.
	var vals [3][]int64
	for k := range vals {
		vals[k], _ = constantInts(op.Operand(k + 1))
	}
	starts, limits, strides := vals[0], vals[1], vals[2]
	known := func(xs []int64, d int) (string, bool) {
		if xs == nil || d >= len(xs) {
			return "?", false
		}
		return strconv.FormatInt(xs[d], 10), true
	}
	for d := 0; d < r; d++ {
		size := in.Shape()[d]
		if strides != nil && strides[d] <= 0 {
			return op.Emit("stride %d of dim %d must be positive", strides[d], d)
		}
		s, sOK := known(starts, d)
		l, lOK := known(limits, d)
		outside := (sOK && starts[d] < 0) ||
			(sOK && lOK && limits[d] < starts[d]) ||
			(lOK && (limits[d] < 0 || (size != ir.Dynamic && limits[d] > size))) ||
			(sOK && size != ir.Dynamic && starts[d] > size)
		if outside {
			return op.Emit("slice %s:%s of dim %d is out of bounds for size %s", s, l, d, dimString(size))
		}
		if sOK && lOK && strides != nil {
			want := int64(0) // ceil((limit - start) / stride), without overflow
			if n := limits[d] - starts[d]; n > 0 {
				want = (n-1)/strides[d] + 1
			}
			if got := out.Shape()[d]; got != ir.Dynamic && got != want {
				return op.Emit("result dim %d has size %d but the slice selects %d elements", d, got, want)
			}
		}
	}
	return nil
}

// constantInts returns the elements of v when it is a constant 1-D
// integer or index tensor (an hlo or arith constant).
func constantInts(v *ir.Value) ([]int64, bool) {
	d, ok := ir.ConstantValue(v).(*ir.DenseElementsAttr)
	if !ok || len(d.Type.Shape()) != 1 || !ir.IsIntOrIndex(d.Type.ElementType()) {
		return nil, false
	}
	out := make([]int64, d.NumElements())
	for i := range out {
		out[i] = d.IntAt(int64(i))
	}
	return out, true
}

func init() {
	ir.Register(DynamicIota, RealDynamicSlice)
}
