package tensor

import (
	"math"
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Dynamic marks a dynamic entry in a static size list attribute.
const Dynamic = math.MinInt64

// Empty is `tensor.empty`, a tensor whose contents are unspecified:
//
//	%0 = tensor.empty(%d) : tensor<4x?xf32>
var Empty = &ir.OpDef{
	Name:     "tensor.empty",
	Summary:  "a tensor of the given shape with unspecified contents",
	Doc:      "%0 = tensor.empty(%d) : tensor<4x?xf32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		p.Parse("(")
		refs := p.ParseOperandList()
		p.Parse(")")
		p.ParseOptionalAttrDict(&st.Attrs)
		t := p.ParseColonType()
		idx := make([]ir.Type, len(refs))
		for i := range idx {
			idx[i] = ir.Index
		}
		st.Operands = p.ResolveAll(refs, idx, loc)
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write("(")
		p.Operands(op.Operands())
		p.Write(")")
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if err := indexOperands(op, 0); err != nil {
			return err
		}
		rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok {
			return op.Emit("result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		n := 0
		for _, d := range rt.Shape() {
			if d == ir.Dynamic {
				n++
			}
		}
		if n != op.NumOperands() {
			return op.Emit("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), n)
		}
		return nil
	},
}

// Dim is `tensor.dim`:
//
//	%dim = tensor.dim %t, %c1 : tensor<4x?xf32>
var Dim = &ir.OpDef{
	Name:     "tensor.dim",
	Summary:  "the size of one dim",
	Doc:      "%dim = tensor.dim %t, %c1 : tensor<4x?xf32>",
	Traits:   ir.Pure,
	Operands: 2,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		// MLIR's format is `attr-dict $source `,` $index `:` type($source)`.
		p.ParseOptionalAttrDict(&st.Attrs)
		loc := p.Loc()
		t := p.ParseOperand()
		p.Parse(",")
		i := p.ParseOperand()
		ty := p.ParseColonType()
		st.Operands = p.ResolveAll([]ir.OperandRef{t, i}, []ir.Type{ty, ir.Index}, loc)
		st.ResultTypes = []ir.Type{ir.Index}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict()
		p.Write(" ")
		p.Operands(op.Operands())
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		// A constant index out of range is not an error (MLIR 19 accepts
		// it too): such IR can appear in dead code after folding.
		src := op.Operand(0).Type()
		if rt, ok := src.(*ir.RankedTensorType); !ir.IsTensor(src) || ok && rt.Rank() == 0 {
			return op.Emit("operand #0 must be non-0-ranked or unranked tensor, but got '%s'", src)
		}
		if t := op.Operand(1).Type(); t != ir.Index {
			return op.Emit("operand #1 must be index, but got '%s'", t)
		}
		if t := op.Result(0).Type(); t != ir.Index {
			return op.Emit("result #0 must be index, but got '%s'", t)
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "dim" },
	Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		rt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		i, ok2 := c[1].(*ir.IntegerAttr)
		if !ok || !ok2 || i.Value < 0 || i.Value >= int64(rt.Rank()) || rt.Shape()[i.Value] == ir.Dynamic {
			return nil
		}
		return []ir.FoldResult{{Attr: ir.IntAttr(ir.Index, rt.Shape()[i.Value])}}
	},
}

// Cast is `tensor.cast` between compatible shapes:
//
//	%cast = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
var Cast = &ir.OpDef{
	Name:     "tensor.cast",
	Summary:  "cast between compatible tensor types",
	Doc:      "%cast = tensor.cast %t : tensor<4xf32> to tensor<?xf32>",
	Traits:   ir.Pure,
	Operands: 1,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		from := p.ParseColonType()
		p.ParseKeyword("to")
		to := p.ParseType()
		st.Operands = p.ResolveAll([]ir.OperandRef{x}, []ir.Type{from}, loc)
		st.ResultTypes = []ir.Type{to}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" to ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		a, aok := op.Operand(0).Type().(ir.ShapedType)
		b, bok := op.Result(0).Type().(ir.ShapedType)
		if !aok || !bok || !ir.IsTensor(a) || !ir.IsTensor(b) || a.ElementType() != b.ElementType() {
			return op.Emit("operand type '%s' and result type '%s' are cast incompatible", op.Operand(0).Type(), op.Result(0).Type())
		}
		if a.HasRank() && b.HasRank() {
			if len(a.Shape()) != len(b.Shape()) {
				return op.Emit("operand type '%s' and result type '%s' are cast incompatible", a, b)
			}
			for i := range a.Shape() {
				x, y := a.Shape()[i], b.Shape()[i]
				if x != ir.Dynamic && y != ir.Dynamic && x != y {
					return op.Emit("operand type '%s' and result type '%s' are cast incompatible", a, b)
				}
			}
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "cast" },
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		return nil
	},
}

// Extract is `tensor.extract` of one element:
//
//	%extracted = tensor.extract %t[%i, %j] : tensor<4x4xf32>
var Extract = &ir.OpDef{
	Name:        "tensor.extract",
	Summary:     "read one element",
	Doc:         "%extracted = tensor.extract %t[%i, %j] : tensor<4x4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Variadic,
	MinOperands: 1,
	Results:     1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		t := p.ParseOperand()
		p.Parse("[")
		idx := p.ParseOperandList()
		p.Parse("]")
		p.ParseOptionalAttrDict(&st.Attrs)
		ty := p.ParseColonType()

		st.Operands = p.ResolveAll(append([]ir.OperandRef{t}, idx...), withIndices(len(idx), ty), loc)
		st.ResultTypes = []ir.Type{ir.ElementTypeOf(ty)}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write("[")
		p.Operands(op.Operands()[1:])
		p.Write("]")
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		rt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ok {
			return op.Emit("operand #0 must be ranked tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		if err := indexOperands(op, 1); err != nil {
			return err
		}
		if op.Result(0).Type() != rt.ElementType() {
			return op.Emit("failed to verify that result type matches element type of tensor")
		}
		if rt.Rank() != op.NumOperands()-1 {
			return op.Emit("incorrect number of indices for extract_element")
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "extracted" },
	Fold:        foldExtract,
}

// foldExtract reads an element of tensor.from_elements at constant
// indices (MLIR's ExtractFromTensorFromElements): the scalar itself.
func foldExtract(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	src := op.Operand(0).DefiningOp()
	if src == nil || src.Name() != "tensor.from_elements" {
		return nil
	}
	rt, ok := src.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil
	}
	shape, flat := rt.Shape(), int64(0)
	for i, s := range shape {
		idx, ok := c[1+i].(*ir.IntegerAttr)
		if !ok || idx.Value < 0 || idx.Value >= s {
			return nil
		}
		flat = flat*s + idx.Value
	}
	if flat >= int64(src.NumOperands()) {
		return nil
	}
	return []ir.FoldResult{{Value: src.Operand(int(flat))}}
}

// FromElements is `tensor.from_elements`:
//
//	%from_elements = tensor.from_elements %a, %b : tensor<2xindex>
var FromElements = &ir.OpDef{
	Name:     "tensor.from_elements",
	Summary:  "a static tensor built from scalars, in row-major order",
	Doc:      "%from_elements = tensor.from_elements %a, %b : tensor<2xindex>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		t := p.ParseColonType()
		types := make([]ir.Type, len(refs))
		for i := range types {
			types[i] = ir.ElementTypeOf(t)
		}
		st.Operands = p.ResolveAll(refs, types, loc)
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		// MLIR writes the space before the (possibly empty) operand list:
		// `tensor.from_elements  : tensor<0xf32>`.
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok || !rt.HasStaticShape() {
			return op.Emit("result #0 must be statically shaped tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		// One check in MLIR (TypesMatchWith): as many operands as
		// elements, each of the element type.
		match := int64(op.NumOperands()) == ir.NumElements(rt.Shape())
		for _, t := range op.OperandTypes() {
			match = match && t == rt.ElementType()
		}
		if !match {
			return op.Emit("failed to verify that operand types match result element type")
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "from_elements" },
}

// indexOperands checks that the operands from the first'th on are of
// type index (MLIR's `Variadic<Index>`).
func indexOperands(op *ir.Operation, first int) error {
	for i := first; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); t != ir.Index {
			return op.Emit("operand #%d must be variadic of index, but got '%s'", i, t)
		}
	}
	return nil
}

// Bitcast is `tensor.bitcast`: the same elements' bits under another
// element type of the same width (hlo-legalize-to-linalg's view of an
// unsigned or signed integer tensor as the signless one arith computes
// on):
//
//	%b = tensor.bitcast %t : tensor<4xui8> to tensor<4xi8>
var Bitcast = &ir.OpDef{
	Name:     "tensor.bitcast",
	Summary:  "reinterpret the elements' bits as another element type of the same width",
	Doc:      "%b = tensor.bitcast %t : tensor<4xui8> to tensor<4xi8>",
	Traits:   ir.Pure,
	Operands: 1,
	Results:  1,
	Parse:    Cast.Parse,
	Print:    Cast.Print,
	Verify: func(op *ir.Operation) error {
		a, aok := op.Operand(0).Type().(*ir.RankedTensorType)
		b, bok := op.Result(0).Type().(*ir.RankedTensorType)
		if !aok || !bok || !slices.Equal(a.Shape(), b.Shape()) {
			return op.Emit("operand type '%s' and result type '%s' must be ranked tensors of one shape", op.Operand(0).Type(), op.Result(0).Type())
		}
		ea, eb := a.ElementType(), b.ElementType()
		if w := ir.ElementByteSize(ea); w == 0 || w != ir.ElementByteSize(eb) || (ea == ir.I1) != (eb == ir.I1) || ea == ir.Index || eb == ir.Index {
			return op.Emit("element types '%s' and '%s' must be integers or floats of one width", ea, eb)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		x := op.Operand(0)
		if x.Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: x}}
		}
		// A bitcast back to where a bitcast came from is that value.
		if def := x.DefiningOp(); def != nil && def.Def() == op.Def() && def.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: def.Operand(0)}}
		}
		return nil
	},
}

func init() {
	ir.Register(Empty, Dim, Cast, Extract, FromElements, Bitcast)
}

// withIndices returns the operand types lead followed by n `index` types:
// the operands of ops written `%t[%i, %j]` or with dynamic size lists.
func withIndices(n int, lead ...ir.Type) []ir.Type {
	types := append([]ir.Type(nil), lead...)
	for i := 0; i < n; i++ {
		types = append(types, ir.Index)
	}
	return types
}
