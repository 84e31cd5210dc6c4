package shape

import (
	"strconv"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// checkExtentTensor checks that t, the type of the given operand (or
// resultExtents), is an extent tensor and returns its length. The message
// is built only on failure: verification runs after every pass.
func checkExtentTensor(op *ir.Operation, operand int, t ir.Type) (int64, error) {
	n, ok := extentCount(t)
	if !ok {
		what := "result"
		if operand != resultExtents {
			what = "operand #" + strconv.Itoa(operand)
		}
		return 0, op.Emit("%s must be an extent tensor (tensor<?xindex> or tensor<Nxindex>), but got '%s'", what, t)
	}
	return n, nil
}

// resultExtents, as checkExtentTensor's operand, names the op's result.
const resultExtents = -1

func isExtentType(t ir.Type) bool { _, ok := extentCount(t); return ok }

// extentsAttr is the `dense<[...]> : tensor<Nxindex>` of a constant shape.
func extentsAttr(extents []int64) *ir.DenseElementsAttr {
	t := ExtentTensor(int64(len(extents)))
	d := ir.NewDenseInts(t, extents)
	d.Splat = len(extents) == 1 // MLIR prints one extent as `dense<4>`
	return d
}

// ShapeOf is `shape.shape_of`, the run-time shape of a tensor:
//
//	%0 = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
//
// It folds to a shape.const_shape when the tensor's shape is static.
var ShapeOf = &ir.OpDef{
	Name:     "shape.shape_of",
	Summary:  "the shape of a tensor, as an extent tensor",
	Doc:      "%0 = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>",
	Traits:   ir.Pure,
	Operands: 1,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		x := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		t := p.ParseColonType()
		p.Parse("->")
		st.Operands = []*ir.Value{p.Resolve(x, t)}
		st.ResultTypes = []ir.Type{p.ParseType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if !ir.IsTensor(op.Operand(0).Type()) {
			return op.Emit("operand must be a tensor, but got '%s'", op.Operand(0).Type())
		}
		n, err := checkExtentTensor(op, resultExtents, op.Result(0).Type())
		if err != nil {
			return err
		}
		if rt, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && n != ir.Dynamic && n != int64(rt.Rank()) {
			return op.Emit("result has %d extents but the operand has rank %d", n, rt.Rank())
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		rt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ok || !rt.HasStaticShape() || op.Result(0).Type() != ExtentTensor(int64(rt.Rank())) {
			return nil
		}
		return []ir.FoldResult{{Attr: extentsAttr(rt.Shape())}}
	},
}

// ConstShape is `shape.const_shape`, a shape known at compile time:
//
//	%0 = shape.const_shape [2, 3] : tensor<2xindex>
var ConstShape = &ir.OpDef{
	Name:          "shape.const_shape",
	Summary:       "a constant shape",
	Doc:           "%0 = shape.const_shape [2, 3] : tensor<2xindex>",
	Traits:        ir.Pure | ir.ConstantLike,
	Operands:      0,
	Results:       1,
	InherentAttrs: []string{"shape"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		p.ParseOptionalAttrDict(&st.Attrs)
		st.AddAttr("shape", extentsAttr(p.ParseI64List()))
		st.ResultTypes = []ir.Type{p.ParseColonType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		// MLIR prints the dictionary between the space and the list:
		// `shape.const_shape  {foo}[1] : tensor<1xindex>`.
		p.Write(" ")
		p.OptionalAttrDict("shape")
		p.Write("[")
		extents, _ := KnownExtents(op.Result(0))
		for i, e := range extents {
			if i > 0 {
				p.Write(", ")
			}
			p.Int(e)
		}
		p.Write("] : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		d, ok := op.Attr("shape").(*ir.DenseElementsAttr)
		if !ok || !isExtentType(d.Type) {
			return op.Emit("requires a 'shape' attribute of type tensor<Nxindex>")
		}
		for i := int64(0); i < d.NumElements(); i++ {
			if d.IntAt(i) < 0 {
				return op.Emit("extent %d is %d; extents must not be negative", i, d.IntAt(i))
			}
		}
		if op.Result(0).Type() != d.Type {
			return op.Emit("result type '%s' must be '%s', the type of its %d extents", op.Result(0).Type(), d.Type, d.NumElements())
		}
		return nil
	},
}

// Broadcast is `shape.broadcast`, the numpy broadcast of shapes:
//
//	%0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
//
// Incompatible shapes are undefined behaviour (MLIR's rule): guard it with
// shape.cstr_broadcastable. It folds when every shape is known, and a
// broadcast of one shape of the result type is that shape.
var Broadcast = &ir.OpDef{
	Name:          "shape.broadcast",
	Summary:       "the broadcast of shapes",
	Doc:           "%0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>",
	Traits:        ir.Pure | ir.Commutative,
	Operands:      ir.Variadic,
	Results:       1,
	InherentAttrs: []string{"error"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		var ts []ir.Type
		if len(refs) > 0 {
			ts = p.ParseTypeList()
		}
		p.Parse("->")
		st.Operands = p.ResolveAll(refs, ts, loc)
		st.ResultTypes = []ir.Type{p.ParseType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Types(op.OperandTypes())
		p.Write(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return op.Emit("requires at least one shape")
		}
		if a := op.Attr("error"); a != nil {
			if _, ok := a.(*ir.StringAttr); !ok {
				return op.Emit("'error' must be a string, but got %s", ir.AttrString(a))
			}
		}
		longest, known := int64(0), true
		for i, t := range op.OperandTypes() {
			n, err := checkExtentTensor(op, i, t)
			if err != nil {
				return err
			}
			if n == ir.Dynamic {
				known = false
			}
			longest = max(longest, n)
		}
		n, err := checkExtentTensor(op, resultExtents, op.Result(0).Type())
		if err != nil {
			return err
		}
		if known && n != ir.Dynamic && n != longest {
			return op.Emit("result has %d extents but the longest shape has %d", n, longest)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		ops := make([]broadcast.Operand, op.NumOperands())
		for i, v := range op.Operands() {
			e, ok := KnownExtents(v)
			if !ok || !isStatic(e) {
				return nil
			}
			ops[i] = broadcast.Operand{Shape: e, Ranked: true}
		}
		shape, _, _, conflict := broadcast.Infer(ops, broadcast.Spec{Policy: broadcast.Numpy})
		if conflict != nil || op.Result(0).Type() != ExtentTensor(int64(len(shape))) {
			return nil
		}
		return []ir.FoldResult{{Attr: extentsAttr(shape)}}
	},
}

// GetExtent is `shape.get_extent`, one extent of a shape:
//
//	%0 = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index
//
// It folds when the extent is known at compile time.
var GetExtent = &ir.OpDef{
	Name:     "shape.get_extent",
	Summary:  "one extent of a shape",
	Doc:      "%0 = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index",
	Traits:   ir.Pure,
	Operands: 2,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		s := p.ParseOperand()
		p.Parse(",")
		d := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		ts := p.ParseColonTypeList()
		p.Parse("->")
		st.Operands = p.ResolveAll([]ir.OperandRef{s, d}, ts, loc)
		st.ResultTypes = []ir.Type{p.ParseType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Types(op.OperandTypes())
		p.Write(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if _, err := checkExtentTensor(op, 0, op.Operand(0).Type()); err != nil {
			return err
		}
		if op.Operand(1).Type() != ir.Index || op.Result(0).Type() != ir.Index {
			return op.Emit("the dim operand and the result must be 'index', but are '%s' and '%s'", op.Operand(1).Type(), op.Result(0).Type())
		}
		return nil
	},
	Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		dim, ok := c[1].(*ir.IntegerAttr)
		extents, known := KnownExtents(op.Operand(0))
		if !ok || !known || dim.Value < 0 || dim.Value >= int64(len(extents)) || extents[dim.Value] == ir.Dynamic {
			return nil
		}
		return []ir.FoldResult{{Attr: &ir.IntegerAttr{Type: ir.Index, Value: extents[dim.Value]}}}
	},
}

// FromExtents is `shape.from_extents`, a shape made of index values:
//
//	%0 = shape.from_extents %a, %c1 : index, index
var FromExtents = &ir.OpDef{
	Name:     "shape.from_extents",
	Summary:  "a !shape.shape from extents",
	Doc:      "%0 = shape.from_extents %a, %c1 : index, index",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		var ts []ir.Type
		if len(refs) > 0 {
			ts = p.ParseTypeList()
		}
		st.Operands = p.ResolveAll(refs, ts, loc)
		st.ResultTypes = []ir.Type{ShapeType}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.Operands(op.Operands())
		}
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Types(op.OperandTypes())
	},
	Verify: func(op *ir.Operation) error {
		for i, t := range op.OperandTypes() {
			if t != ir.Index {
				return op.Emit("extent #%d must be 'index', but got '%s'", i, t)
			}
		}
		if op.Result(0).Type() != ShapeType {
			return op.Emit("result must be '!shape.shape', but got '%s'", op.Result(0).Type())
		}
		return nil
	},
}

// ToExtentTensor is `shape.to_extent_tensor`:
//
//	%0 = shape.to_extent_tensor %s : !shape.shape -> tensor<2xindex>
//
// It folds when every extent is a constant.
var ToExtentTensor = &ir.OpDef{
	Name:     "shape.to_extent_tensor",
	Summary:  "a shape as an extent tensor",
	Doc:      "%0 = shape.to_extent_tensor %s : !shape.shape -> tensor<2xindex>",
	Traits:   ir.Pure,
	Operands: 1,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		x := p.ParseOperand()
		p.ParseOptionalAttrDict(&st.Attrs)
		t := p.ParseColonType()
		p.Parse("->")
		st.Operands = []*ir.Value{p.Resolve(x, t)}
		st.ResultTypes = []ir.Type{p.ParseType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.OptionalAttrDict()
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		in := op.Operand(0).Type()
		if _, ok := extentCount(in); !ok && in != ShapeType {
			return op.Emit("operand must be '!shape.shape' or an extent tensor, but got '%s'", in)
		}
		n, err := checkExtentTensor(op, resultExtents, op.Result(0).Type())
		if err != nil {
			return err
		}
		if from := op.Operand(0).DefiningOp(); from != nil && from.Name() == "shape.from_extents" && n != ir.Dynamic && n != int64(from.NumOperands()) {
			return op.Emit("result has %d extents but the shape has %d", n, from.NumOperands())
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		extents, ok := KnownExtents(op.Result(0))
		if !ok || !isStatic(extents) || op.Result(0).Type() != ExtentTensor(int64(len(extents))) {
			return nil
		}
		return []ir.FoldResult{{Attr: extentsAttr(extents)}}
	},
}

// GetExtentOfShapeOf rewrites `shape.get_extent (shape.shape_of %x), %c`
// to `tensor.dim %x, %c` (MLIR's shape-to-std lowering, done as a
// canonicalization): the size of one dim of a ranked tensor, which the
// tensor and linalg canonicalizations then trace to where it was made.
var GetExtentOfShapeOf = &ir.PatternFunc{Name: "GetExtentOfShapeOf", RootOp: "shape.get_extent", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0).DefiningOp()
	if src == nil || src.Name() != "shape.shape_of" || op.Result(0).Type() != ir.Index {
		return false
	}
	x := src.Operand(0)
	rt, ok := x.Type().(*ir.RankedTensorType)
	idx, isInt := ir.ConstantValue(op.Operand(1)).(*ir.IntegerAttr)
	if !ok || !isInt || idx.Value < 0 || idx.Value >= int64(rt.Rank()) {
		return false
	}
	rw.SetInsertionPoint(op)
	dim := rw.Create(&ir.OpState{Name: "tensor.dim", Loc: op.Loc, Operands: []*ir.Value{x, op.Operand(1)}, ResultTypes: []ir.Type{ir.Index}})
	rw.ReplaceOp(op, dim.Results())
	return true
}}

// ToExtentTensorOfFromExtents rewrites `shape.to_extent_tensor
// (shape.from_extents %a, %b) : !shape.shape -> tensor<2xindex>` to
// `tensor.from_elements %a, %b : tensor<2xindex>`, the same extents
// without the `!shape.shape` in between. MLIR 19 has no such pattern, and
// its convert-shape-to-std lowers neither op on `!shape.shape`, so what
// one-shot-bufferize then meets is rejected ("op was not bufferized");
// done here, no `!shape.shape` outlives canonicalization and our linalg
// output goes through MLIR's own pipeline.
var ToExtentTensorOfFromExtents = &ir.PatternFunc{Name: "ToExtentTensorOfFromExtents", RootOp: "shape.to_extent_tensor", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	from := op.Operand(0).DefiningOp()
	if from == nil || from.Name() != "shape.from_extents" {
		return false
	}
	n, ok := extentCount(op.Result(0).Type())
	if !ok || n != int64(from.NumOperands()) {
		return false // `tensor<?xindex>` would need a tensor.cast; we never build it
	}
	rw.SetInsertionPoint(op)
	fe := rw.Create(&ir.OpState{Name: "tensor.from_elements", Loc: op.Loc, Operands: from.Operands(), ResultTypes: []ir.Type{op.Result(0).Type()}})
	rw.ReplaceOp(op, fe.Results())
	return true
}}

func init() {
	GetExtent.Canonicalize = append(GetExtent.Canonicalize, GetExtentOfShapeOf)
	ToExtentTensor.Canonicalize = append(ToExtentTensor.Canonicalize, ToExtentTensorOfFromExtents)
}
