package hlo

import (
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Extents: what is known at compile time of a size that a program
// computes. JAX's shape-polymorphic exports build the shape operand of
// each dynamic_broadcast_in_dim from the arguments' sizes:
//
//	%n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4096xf32>) -> tensor<i32>
//	%r = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
//	%s = hlo.concatenate %r, %c4096, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
//	%b = hlo.dynamic_broadcast_in_dim %y, %s, dims = [1] : (tensor<4096xf32>, tensor<2xi32>) -> tensor<?x4096xf32>
//
// Element 0 of %s is "dim 0 of %x" and element 1 is the constant 4096.
// ShapeElementExtent finds that by walking back through the ops that build
// shapes (hlo's constant, get_dimension_size, convert, reshape, concatenate,
// slice; shape.shape_of, tensor.from_elements, tensor.dim, tensor.extract
// and arith's integer casts once lowered); DimExtent says the same of a
// tensor's dim, looking through ops whose result has an operand's size.
// Two extents that are the same constant or the same dim of the same SSA
// value are equal at run time, whatever the sizes: that is what lets a
// dynamic broadcast be proven non-expanding (hlo's canonicalization
// DynamicBroadcastInDimKnownDims) and a run-time check be proven to pass
// (hlo-legalize-broadcasts), so the exported program compiles to the
// kernel of its static twin.
//
// Integer casts are looked through as if sizes always fit: JAX passes
// dim sizes as i32 and i64, which hold every size a tensor can have.

// Extent is what is known of one size: the constant Const (IsConst), the
// size of dim Dim of the tensor Value (Value not nil), or nothing (the
// zero Extent).
type Extent struct {
	IsConst bool
	Const   int64
	Value   *ir.Value
	Dim     int
}

// Known reports whether e says anything.
func (e Extent) Known() bool { return e.IsConst || e.Value != nil }

// Same reports whether e and o are provably equal at run time.
func (e Extent) Same(o Extent) bool {
	if e.IsConst || o.IsConst {
		return e.IsConst && o.IsConst && e.Const == o.Const
	}
	return e.Value != nil && e.Value == o.Value && e.Dim == o.Dim
}

// IsConstant reports whether e is the constant c.
func (e Extent) IsConstant(c int64) bool { return e.IsConst && e.Const == c }

var unknownExtent = Extent{}

// maxExtentDepth bounds the walk back from a size: shape computations are
// a few ops deep, and a pathological chain must not cost time or stack.
const maxExtentDepth = 64

// DimExtent returns what is known of the size of dim d of the tensor v:
// its static size, the extent its defining op gives it (a dynamic
// broadcast's shape operand, an operand of the same shape), or else dim d
// of v itself.
func DimExtent(v *ir.Value, d int) Extent { return dimExtent(v, d, 0) }

// ShapeElementExtent returns what is known of element i of the 1-D integer
// or index tensor shape (a shape operand).
func ShapeElementExtent(shape *ir.Value, i int) Extent { return shapeElementExtent(shape, i, 0) }

// ScalarExtent returns what is known of the integer or index scalar v
// taken as a size.
func ScalarExtent(v *ir.Value) Extent { return scalarExtent(v, 0) }

func dimExtent(v *ir.Value, d, depth int) Extent {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || d < 0 || d >= rt.Rank() {
		return unknownExtent
	}
	if s := rt.Shape()[d]; s != ir.Dynamic {
		return constExtent(s)
	}
	self := Extent{Value: v, Dim: d}
	def := v.DefiningOp()
	if def == nil || depth > maxExtentDepth {
		return self
	}
	var e Extent
	switch {
	case def.Name() == "hlo.dynamic_broadcast_in_dim":
		e = shapeElementExtent(def.Operand(1), d, depth+1)
	case sameShapeAsOperands(def):
		// An elementwise op whose operands have its shape: its size is
		// each operand's (the first one that says more than itself).
		for _, x := range def.Operands() {
			if e = dimExtent(x, d, depth+1); e.Known() && e.Value != x {
				break
			}
		}
	}
	if e.Known() {
		return e
	}
	return self
}

// sameShapeAsOperands reports whether every operand of op has op's result
// shape at run time: a unary elementwise op, hlo.convert, or a
// broadcasting op under a policy that never stretches or adds dims
// ("none"), whose run-time check makes the sizes equal.
func sameShapeAsOperands(op *ir.Operation) bool {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return false
	}
	switch {
	case op.HasTrait(ir.SameOperandsAndResultShape) && op.Dialect() == "hlo":
		return true
	case IsBroadcasting(op):
		spec, err := BroadcastSpec(op)
		return err == nil && spec.Policy == broadcast.None && spec.Dims == nil
	}
	return false
}

func shapeElementExtent(shape *ir.Value, i, depth int) Extent {
	rt, ok := shape.Type().(*ir.RankedTensorType)
	if !ok || rt.Rank() > 1 || !rt.HasStaticShape() || i < 0 || int64(i) >= ir.NumElements(rt.Shape()) || !ir.IsIntOrIndex(rt.ElementType()) {
		return unknownExtent
	}
	def := shape.DefiningOp()
	if def == nil || depth > maxExtentDepth {
		return unknownExtent
	}
	depth++
	switch def.Name() {
	case "hlo.constant", "arith.constant", "shape.const_shape":
		for _, a := range []string{"value", "shape"} {
			if d, ok := def.Attr(a).(*ir.DenseElementsAttr); ok && ir.IsIntOrIndex(d.Type.ElementType()) {
				return constExtent(d.IntAt(int64(i)))
			}
		}
	case "hlo.get_dimension_size":
		dim, _ := IntAttr(def.Attr("dimension"))
		return dimExtent(def.Operand(0), int(dim), depth)
	case "hlo.convert", "hlo.reshape":
		// Integer conversions keep sizes; a reshape of a rank-0 or 1-D
		// tensor keeps the row-major order of its elements.
		if isIntOrIndexTensor(def.Operand(0).Type()) {
			return shapeElementExtent(def.Operand(0), i, depth)
		}
	case "hlo.concatenate":
		for _, x := range def.Operands() {
			xt, ok := x.Type().(*ir.RankedTensorType)
			if !ok || xt.Rank() != 1 || !xt.HasStaticShape() {
				return unknownExtent
			}
			if n := int(xt.Shape()[0]); i < n {
				return shapeElementExtent(x, i, depth)
			} else {
				i -= n
			}
		}
	case "hlo.slice":
		start, stride := I64s(def.Attr("start_indices")), I64s(def.Attr("strides"))
		if len(start) == 1 && len(stride) == 1 {
			return shapeElementExtent(def.Operand(0), int(start[0]+int64(i)*stride[0]), depth)
		}
	case "shape.shape_of":
		return dimExtent(def.Operand(0), i, depth)
	case "tensor.from_elements":
		if i < def.NumOperands() {
			return scalarExtent(def.Operand(i), depth)
		}
	}
	return unknownExtent
}

func scalarExtent(v *ir.Value, depth int) Extent {
	if c, ok := ir.ConstantValue(v).(*ir.IntegerAttr); ok {
		return constExtent(c.Value)
	}
	def := v.DefiningOp()
	if def == nil || depth > maxExtentDepth {
		return unknownExtent
	}
	depth++
	switch def.Name() {
	case "arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci":
		return scalarExtent(def.Operand(0), depth)
	case "tensor.dim", "shape.get_extent":
		idx, ok := ir.ConstantValue(def.Operand(1)).(*ir.IntegerAttr)
		if !ok {
			return unknownExtent
		}
		if def.Name() == "tensor.dim" {
			return dimExtent(def.Operand(0), int(idx.Value), depth)
		}
		return shapeElementExtent(def.Operand(0), int(idx.Value), depth)
	case "tensor.extract":
		if def.NumOperands() == 1 {
			return shapeElementExtent(def.Operand(0), 0, depth)
		}
		if idx, ok := ir.ConstantValue(def.Operand(1)).(*ir.IntegerAttr); ok && def.NumOperands() == 2 {
			return shapeElementExtent(def.Operand(0), int(idx.Value), depth)
		}
	}
	return unknownExtent
}

func constExtent(v int64) Extent {
	if v < 0 {
		return unknownExtent // not a size (a run-time error elsewhere)
	}
	return Extent{IsConst: true, Const: v}
}

func isIntOrIndexTensor(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	return ok && ir.IsIntOrIndex(rt.ElementType())
}
