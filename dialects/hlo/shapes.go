package hlo

import (
	"slices"
	"strconv"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Constant is `hlo.constant`:
//
//	%cst = hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
var Constant = &ir.OpDef{
	Name:          "hlo.constant",
	Summary:       "a constant tensor",
	Doc:           "%cst = hlo.constant dense<1.000000e+00> : tensor<4xf32>",
	Traits:        ir.Pure | ir.ConstantLike,
	Operands:      0,
	Results:       1,
	InherentAttrs: []string{"value"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		p.ParseOptionalAttrDict(&st.Attrs)
		loc := p.Loc()
		v := p.ParseAttribute(nil)
		d, ok := v.(*ir.DenseElementsAttr)
		if !ok {
			p.FailAt(loc, "expected a dense elements attribute")
		}
		st.AddAttr("value", d)
		st.ResultTypes = []ir.Type{d.Type}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict("value")
		p.Write(" ")
		p.Attr(op.Attr("value"))
	},
	Verify: func(op *ir.Operation) error {
		d, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return op.Emit("requires a dense elements 'value' attribute")
		}
		if d.Type != op.Result(0).Type() {
			return op.Emit("value type '%s' does not match result type '%s'", d.Type, op.Result(0).Type())
		}
		return nil
	},
	ResultNames: func(op *ir.Operation) string {
		if d, ok := op.Attr("value").(*ir.DenseElementsAttr); ok && (ir.IsFloat(d.Type.ElementType()) || ir.IsComplex(d.Type.ElementType())) {
			return "cst"
		}
		return "c"
	},
}

// NewConstant builds `hlo.constant` for a dense attribute.
func NewConstant(b *ir.Builder, d *ir.DenseElementsAttr) *ir.Value {
	st := &ir.OpState{Name: "hlo.constant", ResultTypes: []ir.Type{d.Type}}
	st.AddAttr("value", d)
	return b.Create(st).Result(0)
}

// Convert is `hlo.convert` (element type conversion):
//
//	%r = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
var Convert = &ir.OpDef{
	Name:     "hlo.convert",
	Summary:  "elementwise element type conversion",
	Doc:      "%r = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>",
	Traits:   ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
	Operands: 1,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printSignatureForm,
	Verify:   verifyConvert,
}

// verifyConvert: tensors whose element types are ones convert's element
// functions (ConvertElem, and the complex rules of complex_functions.go)
// and its lowering take: integers of up to 64 bits (i1 included), index,
// floats, complex<f32> and complex<f64>.
func verifyConvert(op *ir.Operation) error {
	if err := tensorsOnly(op); err != nil {
		return err
	}
	for i, t := range []ir.Type{op.Operand(0).Type(), op.Result(0).Type()} {
		et := ir.ElementTypeOf(t)
		_, isComplex := et.(*ir.ComplexType)
		if _, ok := ElemKindOf(et); !ok && !(isComplex && (AnyNumeric | WithComplex).accepts(et)) {
			return op.Emit("%s has '%s' elements; convert takes integers of up to 64 bits, index, floats, complex<f32> and complex<f64>", [...]string{"operand", "result"}[i], et)
		}
	}
	return nil
}

// checkBroadcastDims checks broadcast_in_dim's dims against operand and
// result shapes (StableHLO's rules: one entry per operand dim, distinct, in
// range, and each operand dim 1 or equal to its result dim).
func checkBroadcastDims(op *ir.Operation, operand, result *ir.RankedTensorType) error {
	a := op.Attr("broadcast_dimensions")
	if a == nil {
		return op.Emit("requires a 'broadcast_dimensions' attribute")
	}
	dims := I64sView(a)
	if dims == nil {
		return op.Emit("broadcast_dimensions must be a list of integers, but got %s", ir.AttrString(a))
	}
	if len(dims) != operand.Rank() {
		return op.Emit("broadcast_dimensions has %d entries but the operand has rank %d", len(dims), operand.Rank())
	}
	for i, d := range dims {
		if d < 0 || int(d) >= result.Rank() {
			return op.Emit("broadcast_dimensions entry %d is %d, out of range for a result of rank %d", i, d, result.Rank())
		}
		if slices.Contains(dims[:i], d) { // ranks are small: no set needed
			return op.Emit("broadcast_dimensions has %d twice", d)
		}
		in, out := operand.Shape()[i], result.Shape()[d]
		if in != ir.Dynamic && in != 1 && out != ir.Dynamic && in != out {
			return op.Emit("operand dim %d has size %d, which cannot broadcast to result dim %d of size %d", i, in, d, out)
		}
	}
	return nil
}

// parseOperandDims reads `%x, dims = [..] {attrs} : signature`, the
// syntax of broadcast_in_dim and transpose, into attribute attr.
func parseOperandDims(attr string) func(p *ir.OpParser, st *ir.OpState) error {
	return func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.Parse(",")
		parseDimsList(p, st, "dims", attr)
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 1)
		st.Operands = p.ResolveAll([]ir.OperandRef{x}, ins, loc)
		st.ResultTypes = outs
		return nil
	}
}

// printOperandDims prints what parseOperandDims reads.
func printOperandDims(attr string) func(p *ir.OpPrinter, op *ir.Operation) {
	return printOperandsList("dims", attr)
}

// printOperandsList prints `%a, %b, keyword = [..] {attrs} : (T..) -> R`,
// the list being attribute attr (broadcast_in_dim and its dynamic form,
// transpose, dynamic_slice's sizes).
func printOperandsList(keyword, attr string) func(p *ir.OpPrinter, op *ir.Operation) {
	return func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		printDimsList(p, op, keyword, attr)
		p.OptionalAttrDict(attr)
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	}
}

// BroadcastInDim is `hlo.broadcast_in_dim`:
//
//	%r = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
var BroadcastInDim = &ir.OpDef{
	Name:          "hlo.broadcast_in_dim",
	Summary:       "broadcast: operand dim i becomes result dim dims[i]",
	Doc:           "%r = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultElementType,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"broadcast_dimensions"},
	Parse:         parseOperandDims("broadcast_dimensions"),
	Print:         printOperandDims("broadcast_dimensions"),
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires ranked tensor operand and result")
		}
		return checkBroadcastDims(op, in, out)
	},
}

// DynamicBroadcastInDim is `hlo.dynamic_broadcast_in_dim`, whose result
// shape is an operand (with integer or index elements, so the op is not
// SameOperandsAndResultElementType; checkValueElementType checks the value):
//
//	%r = hlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
var DynamicBroadcastInDim = &ir.OpDef{
	Name:          "hlo.dynamic_broadcast_in_dim",
	Summary:       "broadcast to a run-time shape",
	Doc:           "%r = hlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>",
	Traits:        ir.Pure,
	Operands:      2,
	Results:       1,
	InherentAttrs: []string{"broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.Parse(",")
		s := p.ParseOperand()
		p.Parse(",")
		parseDimsList(p, st, "dims", "broadcast_dimensions")
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 2)
		st.Operands = p.ResolveAll([]ir.OperandRef{x, s}, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print: printOperandsList("dims", "broadcast_dimensions"),
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires ranked tensor operand and result")
		}
		if err := checkValueElementType(op); err != nil {
			return err
		}
		if err := checkShapeOperand(op, 1, out.Rank()); err != nil {
			return err
		}
		if err := checkBroadcastDims(op, in, out); err != nil {
			return err
		}
		names := [2]string{"known_expanding_dimensions", "known_nonexpanding_dimensions"}
		var lists [2][]int64
		for k, n := range names {
			a := op.Attr(n)
			if a == nil {
				continue
			}
			ds := I64sView(a)
			if ds == nil {
				return op.Emit("%s must be a list of integers", n)
			}
			lists[k] = ds
			for j, d := range ds {
				if d < 0 || int(d) >= in.Rank() {
					return op.Emit("%s has %d, out of range for an operand of rank %d", n, d, in.Rank())
				}
				for p := range k + 1 {
					earlier := lists[p]
					if p == k {
						earlier = ds[:j]
					}
					if slices.Contains(earlier, d) {
						return op.Emit("operand dim %d is listed in both %s and %s", d, names[p], n)
					}
				}
				if n == "known_expanding_dimensions" && in.Shape()[d] != 1 && in.Shape()[d] != ir.Dynamic {
					return op.Emit("operand dim %d of size %d cannot be expanding", d, in.Shape()[d])
				}
			}
		}
		return nil
	},
}

// checkValueElementType checks that operand #0 (the value of an op whose
// other operand is a shape) and the result share one element type.
func checkValueElementType(op *ir.Operation) error {
	in, out := ir.ElementTypeOf(op.Operand(0).Type()), ir.ElementTypeOf(op.Result(0).Type())
	if in != out {
		return op.Emit("operand #0 and the result must have the same element type, but have '%s' and '%s'", in, out)
	}
	return nil
}

// checkShapeOperand checks that operand i is a 1-D integer/index tensor
// of length rank (when static). As in StableHLO, i1 is not an integer
// that can hold a dim size.
func checkShapeOperand(op *ir.Operation, i, rank int) error {
	st := rankedTensor(op.Operand(i).Type())
	if st == nil || st.Rank() != 1 || !ir.IsIntOrIndex(st.ElementType()) || st.ElementType() == ir.I1 {
		return op.Emit("operand #%d must be a 1-D tensor of integers or index, but got '%s'", i, op.Operand(i).Type())
	}
	if n := st.Shape()[0]; n != ir.Dynamic && n != int64(rank) {
		return op.Emit("shape operand has %d elements but the result has rank %d", n, rank)
	}
	return nil
}

// Reshape is `hlo.reshape` (static shapes, same element count):
//
//	%r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
var Reshape = &ir.OpDef{
	Name:     "hlo.reshape",
	Summary:  "reshape to a static shape with the same number of elements",
	Doc:      "%r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>",
	Traits:   ir.Pure | ir.SameOperandsAndResultElementType,
	Operands: 1,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printSignatureForm,
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires ranked tensor operand and result")
		}
		if in.HasStaticShape() && out.HasStaticShape() && ir.NumElements(in.Shape()) != ir.NumElements(out.Shape()) {
			return op.Emit("number of elements differs: %d in the operand, %d in the result", ir.NumElements(in.Shape()), ir.NumElements(out.Shape()))
		}
		return nil
	},
}

// DynamicReshape is `hlo.dynamic_reshape` (not SameOperandsAndResultElementType,
// as dynamic_broadcast_in_dim):
//
//	%r = hlo.dynamic_reshape %x, %shape : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
var DynamicReshape = &ir.OpDef{
	Name:     "hlo.dynamic_reshape",
	Summary:  "reshape to a run-time shape",
	Doc:      "%r = hlo.dynamic_reshape %x, %shape : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>",
	Traits:   ir.Pure,
	Operands: 2,
	Results:  1,
	Parse:    parseSignatureForm,
	Print:    printSignatureForm,
	Verify: func(op *ir.Operation) error {
		out := rankedTensor(op.Result(0).Type())
		if out == nil {
			return op.Emit("requires a ranked result")
		}
		if err := checkValueElementType(op); err != nil {
			return err
		}
		return checkShapeOperand(op, 1, out.Rank())
	},
}

// Transpose is `hlo.transpose`:
//
//	%r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
var Transpose = &ir.OpDef{
	Name:          "hlo.transpose",
	Summary:       "permute dims: result dim i is operand dim permutation[i]",
	Doc:           "%r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultElementType,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"permutation"},
	Parse:         parseOperandDims("permutation"),
	Print:         printOperandDims("permutation"),
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires ranked tensor operand and result")
		}
		perm := I64s(op.Attr("permutation"))
		if perm == nil {
			return op.Emit("%s must be a list of integers", "permutation")
		}
		if len(perm) != in.Rank() {
			return op.Emit("permutation must have one entry per operand dim (rank %d), but has %d", in.Rank(), len(perm))
		}
		if out.Rank() != in.Rank() {
			return op.Emit("result rank %d must equal the operand rank %d", out.Rank(), in.Rank())
		}
		seen := make([]bool, len(perm))
		for i, d := range perm {
			if d < 0 || int(d) >= len(perm) || seen[d] {
				return op.Emit("permutation %v is not a permutation of 0..%d", perm, len(perm)-1)
			}
			seen[d] = true
			a, b := out.Shape()[i], in.Shape()[d]
			if a != ir.Dynamic && b != ir.Dynamic && a != b {
				return op.Emit("result dim %d has size %d but operand dim %d has size %d", i, a, d, b)
			}
		}
		return nil
	},
}

// Iota is `hlo.iota`:
//
//	%r = hlo.iota dim = 0 : tensor<4x3xi32>
var Iota = &ir.OpDef{
	Name:          "hlo.iota",
	Summary:       "a tensor counting 0, 1, ... along one dim",
	Doc:           "%r = hlo.iota dim = 0 : tensor<4xi32>",
	Traits:        ir.Pure,
	Operands:      0,
	Results:       1,
	InherentAttrs: []string{"iota_dimension"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		parseDimClause(p, st, "iota_dimension")
		st.ResultTypes = []ir.Type{p.ParseColonType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		printDimClause(p, op, "iota_dimension")
		p.Write(" : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		_, err := verifyIotaResult(op)
		return err
	},
}

// verifyIotaResult checks what iota and dynamic_iota require of their
// result, a ranked tensor of numeric elements with iota_dimension one of
// its dims, and returns its type.
func verifyIotaResult(op *ir.Operation) (*ir.RankedTensorType, error) {
	out := rankedTensor(op.Result(0).Type())
	if out == nil {
		return nil, op.Emit("requires a ranked tensor result")
	}
	d, ok := IntAttr(op.Attr("iota_dimension"))
	if !ok || d < 0 || int(d) >= out.Rank() {
		return nil, op.Emit("iota_dimension must be in [0, %d)", out.Rank())
	}
	// StableHLO's iota has integer, float and complex elements (the
	// index as the real part, 0 as the imaginary one), not i1: counting
	// in one bit has no agreed meaning (wrap or x != 0).
	if !(IntOrFloat | WithComplex).accepts(out.ElementType()) {
		return nil, op.Emit("result must have integer, floating-point or complex elements, but has '%s'", out.ElementType())
	}
	return out, nil
}

// parseOperandsDim reads `%a, %b, dim = N {attrs} : signature`, the
// syntax of concatenate and get_dimension_size.
func parseOperandsDim(p *ir.OpParser, st *ir.OpState) error {
	loc := p.Loc()
	var refs []ir.OperandRef
	for p.PeekOperand() {
		refs = append(refs, p.ParseOperand())
		p.Parse(",")
	}
	parseDimClause(p, st, "dimension")
	ins, outs := parseTypeSignature(p, len(refs))
	st.Operands = p.ResolveAll(refs, ins, loc)
	st.ResultTypes = outs
	return nil
}

// printOperandsDim prints what parseOperandsDim reads.
func printOperandsDim(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands())
	p.Write(", ")
	printDimClause(p, op, "dimension")
	p.Write(" : ")
	p.FunctionType(op.OperandTypes(), op.ResultTypes())
}

// parseDimClause reads `dim = N {attrs}` into the integer attribute attr
// and the other attributes: the part before the types of the syntax of
// iota, dynamic_iota, concatenate and get_dimension_size.
func parseDimClause(p *ir.OpParser, st *ir.OpState, attr string) {
	p.ParseKeyword("dim")
	p.Parse("=")
	st.AddAttr(attr, ir.I64Attr(p.ParseInteger()))
	p.ParseOptionalAttrDict(&st.Attrs)
}

// printDimClause prints what parseDimClause reads.
func printDimClause(p *ir.OpPrinter, op *ir.Operation, attr string) {
	d, _ := IntAttr(op.Attr(attr))
	p.Write("dim = ")
	p.Int(d)
	p.OptionalAttrDict(attr)
}

// Concatenate is `hlo.concatenate`:
//
//	%r = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
var Concatenate = &ir.OpDef{
	Name:          "hlo.concatenate",
	Summary:       "join tensors along one dim",
	Doc:           "%r = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultElementType,
	Operands:      ir.Variadic,
	MinOperands:   1,
	Results:       1,
	InherentAttrs: []string{"dimension"},
	Parse:         parseOperandsDim,
	Print:         printOperandsDim,
	Verify: func(op *ir.Operation) error {
		out := rankedTensor(op.Result(0).Type())
		if out == nil {
			return op.Emit("requires a ranked tensor result")
		}
		d, ok := IntAttr(op.Attr("dimension"))
		if !ok || d < 0 || int(d) >= out.Rank() {
			return op.Emit("dimension must be in [0, %d)", out.Rank())
		}
		total, dyn := int64(0), false
		for i, t := range op.OperandTypes() {
			in := rankedTensor(t)
			if in == nil || in.Rank() != out.Rank() {
				return op.Emit("operand #%d must be a ranked tensor of rank %d", i, out.Rank())
			}
			for k := range in.Shape() {
				a, b := in.Shape()[k], out.Shape()[k]
				if int64(k) != d && a != ir.Dynamic && b != ir.Dynamic && a != b {
					return op.Emit("operand #%d dim %d has size %d but the result has %d", i, k, a, b)
				}
			}
			if in.Shape()[d] == ir.Dynamic {
				dyn = true
			} else {
				total += in.Shape()[d]
			}
		}
		if r := out.Shape()[d]; !dyn && r != ir.Dynamic && r != total {
			return op.Emit("result dim %d has size %d but the operands add up to %d", d, r, total)
		}
		return nil
	},
}

// Slice is `hlo.slice` with static start, limit and stride per dim:
//
//	%r = hlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
var Slice = &ir.OpDef{
	Name:          "hlo.slice",
	Summary:       "a strided static slice",
	Doc:           "%r = hlo.slice %x [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>",
	Traits:        ir.Pure | ir.SameOperandsAndResultElementType,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"start_indices", "limit_indices", "strides"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		if p.Accept("[") {
			var starts, limits, strides []int64
			if !p.Peek("]") {
				for {
					starts = append(starts, p.ParseInteger())
					p.Parse(":")
					limits = append(limits, p.ParseInteger())
					stride := int64(1)
					if p.Accept(":") {
						stride = p.ParseInteger()
					}
					strides = append(strides, stride)
					if !p.Accept(",") {
						break
					}
				}
			}
			p.Parse("]")
			st.AddAttr("start_indices", ir.I64Array(starts...))
			st.AddAttr("limit_indices", ir.I64Array(limits...))
			st.AddAttr("strides", ir.I64Array(strides...))
		}
		p.ParseOptionalAttrDict(&st.Attrs)
		ins, outs := parseTypeSignature(p, 1)
		st.Operands = p.ResolveAll([]ir.OperandRef{x}, ins, loc)
		st.ResultTypes = outs
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		starts, limits, strides := I64s(op.Attr("start_indices")), I64s(op.Attr("limit_indices")), I64s(op.Attr("strides"))
		p.Write(" [")
		for i := range starts {
			if i > 0 {
				p.Write(", ")
			}
			p.Int(starts[i])
			p.Write(":")
			p.Int(limits[i])
			if strides[i] != 1 {
				p.Write(":")
				p.Int(strides[i])
			}
		}
		p.Write("]")
		p.OptionalAttrDict("start_indices", "limit_indices", "strides")
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
		if in == nil || out == nil {
			return op.Emit("requires ranked tensor operand and result")
		}
		for _, n := range []string{"start_indices", "limit_indices", "strides"} {
			if I64s(op.Attr(n)) == nil {
				return op.Emit("%s must be a list of integers", n)
			}
		}
		starts, limits, strides := I64s(op.Attr("start_indices")), I64s(op.Attr("limit_indices")), I64s(op.Attr("strides"))
		r := in.Rank()
		if len(starts) != r || len(limits) != r || len(strides) != r {
			return op.Emit("start_indices, limit_indices and strides need one entry per operand dim (rank %d)", r)
		}
		if out.Rank() != r {
			return op.Emit("result rank %d must equal the operand rank %d", out.Rank(), r)
		}
		for i := 0; i < r; i++ {
			size := in.Shape()[i]
			if strides[i] <= 0 {
				return op.Emit("stride %d of dim %d must be positive", strides[i], i)
			}
			if starts[i] < 0 || limits[i] < starts[i] || (size != ir.Dynamic && limits[i] > size) {
				return op.Emit("slice %d:%d of dim %d is out of bounds for size %s", starts[i], limits[i], i, dimString(size))
			}
			want := (limits[i] - starts[i] + strides[i] - 1) / strides[i]
			if got := out.Shape()[i]; got != ir.Dynamic && got != want {
				return op.Emit("result dim %d has size %d but the slice selects %d elements", i, got, want)
			}
		}
		return nil
	},
}

func dimString(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return strconv.FormatInt(d, 10)
}

// GetDimensionSize is `hlo.get_dimension_size`:
//
//	%r = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
var GetDimensionSize = &ir.OpDef{
	Name:          "hlo.get_dimension_size",
	Summary:       "the run-time size of one dim, as tensor<i32>",
	Doc:           "%r = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>",
	Traits:        ir.Pure,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"dimension"},
	Parse:         parseOperandsDim,
	Print:         printOperandsDim,
	Verify: func(op *ir.Operation) error {
		in := rankedTensor(op.Operand(0).Type())
		if in == nil {
			return op.Emit("requires a ranked tensor operand")
		}
		d, ok := IntAttr(op.Attr("dimension"))
		if !ok || d < 0 || int(d) >= in.Rank() {
			return op.Emit("dimension must be in [0, %d)", in.Rank())
		}
		if op.Result(0).Type() != ir.RankedTensor(nil, ir.I32) {
			return op.Emit("result must be tensor<i32>, but got '%s'", op.Result(0).Type())
		}
		return nil
	},
}

// CustomCall is `hlo.custom_call`, an opaque call the compiler keeps as is:
//
//	hlo.custom_call @check.expect_close(%0, %1) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
var CustomCall = &ir.OpDef{
	Name:          "hlo.custom_call",
	Summary:       "an opaque call to a named target",
	Doc:           "hlo.custom_call @target(%x) {has_side_effect = true} : (tensor<4xf32>) -> ()",
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	InherentAttrs: []string{"call_target_name", "has_side_effect", "backend_config", "api_version"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		st.AddAttr("call_target_name", ir.Str(p.ParseSymbolName()))
		loc := p.Loc()
		p.Parse("(")
		refs := p.ParseOperandList()
		p.Parse(")")
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		ft := p.ParseFunctionType()
		st.Operands = p.ResolveAll(refs, ft.Inputs, loc)
		st.ResultTypes = ft.Results
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		name, _ := op.Attr("call_target_name").(*ir.StringAttr)
		p.Write(" ")
		if name != nil {
			p.Symbol(name.Value)
		}
		p.Write("(")
		p.Operands(op.Operands())
		p.Write(")")
		p.OptionalAttrDict("call_target_name")
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		name, ok := op.Attr("call_target_name").(*ir.StringAttr)
		if !ok {
			return op.Emit("requires a 'call_target_name' string attribute")
		}
		if name.Value == ShapeAssertion {
			return verifyShapeAssertion(op)
		}
		return nil
	},
}

// ShapeAssertion is the custom call target JAX's shape-polymorphic
// exports check their shape constraints with:
//
//	hlo.custom_call @shape_assertion(%ok, %b) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', found {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
//
// It fails with error_message when %ok (a tensor<i1>) is false; `{k}` in
// the message is the value of operand k+1 (rank-0 integer tensors).
const ShapeAssertion = "shape_assertion"

// IsShardingAnnotation reports whether target is one of the custom calls
// JAX writes to say how a value is split across devices (@Sharding, and
// @SPMDFullToShardShape / @SPMDShardToFullShape around shard_map): on one
// device, which is what bcast-opt compiles for, each is its operand.
func IsShardingAnnotation(target string) bool {
	switch target {
	case "Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape":
		return true
	}
	return false
}

func verifyShapeAssertion(op *ir.Operation) error {
	if op.NumResults() != 0 {
		return op.Emit("@%s has no results, but has %d", ShapeAssertion, op.NumResults())
	}
	if op.NumOperands() == 0 || op.Operand(0).Type() != ir.RankedTensor(nil, ir.I1) {
		return op.Emit("@%s needs a tensor<i1> condition as operand #0", ShapeAssertion)
	}
	for i := 1; i < op.NumOperands(); i++ {
		t := rankedTensor(op.Operand(i).Type())
		if t == nil || t.Rank() != 0 || !ir.IsIntOrIndex(t.ElementType()) {
			return op.Emit("@%s operand #%d must be a rank-0 integer tensor, but is '%s'", ShapeAssertion, i, op.Operand(i).Type())
		}
	}
	if _, ok := op.Attr("error_message").(*ir.StringAttr); !ok {
		return op.Emit("@%s requires an 'error_message' string attribute", ShapeAssertion)
	}
	return nil
}

func init() {
	ir.Register(Constant, Convert, BroadcastInDim, DynamicBroadcastInDim, Reshape, DynamicReshape,
		Transpose, Iota, Concatenate, Slice, GetDimensionSize, CustomCall)
}
