package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Shape computations: JAX's exports of shape-polymorphic functions compute
// the shape operands of dynamic_broadcast_in_dim and dynamic_reshape in
// hlo on small integer tensors:
//
//	%n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
//	%r = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
//	%s = hlo.concatenate %r, %c3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
//	%b = hlo.dynamic_broadcast_in_dim %y, %s, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
//
// Lowered like data (generics writing buffers), the shape would be read
// from memory, and lower/llvm could not compute the result shapes from
// the argument shapes. Like MLIR-HLO's hlo-legalize-shape-computations,
// these ops become scalar arith on each element, gathered with
// tensor.from_elements: canonicalization then folds the
// tensor.extract of the shape's elements to the scalars themselves
// (`arith.index_cast` of a `tensor.dim`). Only ops whose result flows into
// a shape operand are rewritten, and only the kinds below on static
// integer tensors of rank 0 or 1 and at most maxShapeElems elements; a
// shape read from argument data stays data.

// maxShapeElems bounds the tensors taken for shape computations (a shape
// has one element per dim).
const maxShapeElems = 16

// shapeComputationOps are the hlo ops rewritten to scalars. The binary
// ones compute each element with the arith op their scalar lowering names
// for signless integers (addi, subi, muli, maxsi, minsi), compare with
// its scalar lowering.
var shapeComputationOps = map[*ir.OpDef]bool{
	hlo.AddOp: true, hlo.SubtractOp: true, hlo.MultiplyOp: true, hlo.MaximumOp: true, hlo.MinimumOp: true,
	hlo.Constant: true, hlo.Convert: true, hlo.GetDimensionSize: true,
	hlo.Reshape: true, hlo.Concatenate: true, hlo.Slice: true,
	hlo.CompareOp: true,
}

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.GetDimensionSize: func(_ *lowering, op *ir.Operation) error { return convertGetDimensionSize(op) },
	})
}

// isSmallIntTensor reports whether t is a static integer or index tensor
// of rank 0 or 1 with at most maxShapeElems elements (i1 only if bools:
// the result of a compare of sizes).
func isSmallIntTensor(t ir.Type, bools bool) bool {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() > 1 || !rt.HasStaticShape() || ir.NumElements(rt.Shape()) > maxShapeElems {
		return false
	}
	switch et := rt.ElementType().(type) {
	case *ir.IndexType:
		return true
	case *ir.IntegerType:
		return et.Sign == ir.Signless && (et.Width > 1 || bools)
	}
	return false
}

// shapeComputations returns the ops of work (in order) that compute a
// shape operand, walking back from each shape operand through the
// rewritable ops.
func shapeComputations(work []*ir.Operation) []*ir.Operation {
	marked := map[*ir.Operation]bool{}
	var visit func(v *ir.Value)
	visit = func(v *ir.Value) {
		op := v.DefiningOp()
		if op == nil || marked[op] {
			return
		}
		isCompare := op.Def() == hlo.CompareOp
		if !shapeComputationOps[op.Def()] || !isSmallIntTensor(op.Result(0).Type(), isCompare) {
			return
		}
		for _, x := range op.Operands() {
			if op.Def() != hlo.GetDimensionSize && !isSmallIntTensor(x.Type(), false) {
				return
			}
		}
		marked[op] = true
		if op.Def() != hlo.GetDimensionSize {
			for _, x := range op.Operands() {
				visit(x)
			}
		}
	}
	for _, op := range work {
		switch def := op.Def(); {
		case def == hlo.DynamicBroadcastInDim, def == hlo.DynamicReshape:
			visit(op.Operand(1))
		case def == hlo.DynamicIota:
			visit(op.Operand(0))
		case def == hlo.RealDynamicSlice:
			for _, x := range op.Operands()[1:] {
				visit(x)
			}
		case isShapeAssertion(op):
			for _, x := range op.Operands() {
				visit(x)
			}
		}
	}
	var out []*ir.Operation
	for _, op := range work {
		if marked[op] {
			out = append(out, op)
		}
	}
	return out
}

// scalarizeShapeComputations rewrites the ops shapeComputations finds (in
// program order, so that each one's operands are done first) and erases
// them.
func scalarizeShapeComputations(ops []*ir.Operation) {
	elems := map[*ir.Value][]*ir.Value{}
	for _, op := range ops {
		b := ir.Before(op)
		b.Loc = op.Loc
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		et := rt.ElementType()
		operand := func(i int) []*ir.Value {
			v := op.Operand(i)
			if xs, ok := elems[v]; ok {
				return xs
			}
			return extractElements(b, v)
		}
		var out []*ir.Value
		switch def := op.Def(); def {
		case hlo.Constant:
			d, _ := op.Attr("value").(*ir.DenseElementsAttr)
			for k := int64(0); k < ir.NumElements(rt.Shape()); k++ {
				out = append(out, arith.NewConstant(b, ir.IntAttr(et, d.IntAt(k))).Result(0))
			}
		case hlo.GetDimensionSize:
			d, _ := hlo.IntAttr(op.Attr("dimension"))
			out = []*ir.Value{castInt(b, tensorDim(b, op.Operand(0), int(d)), et)}
		case hlo.Convert:
			for _, x := range operand(0) {
				out = append(out, castInt(b, x, et))
			}
		case hlo.Reshape:
			out = operand(0)
		case hlo.Concatenate:
			for i := range op.NumOperands() {
				out = append(out, operand(i)...)
			}
		case hlo.Slice:
			xs := operand(0)
			start, limit, stride := hlo.I64s(op.Attr("start_indices"))[0], hlo.I64s(op.Attr("limit_indices"))[0], hlo.I64s(op.Attr("strides"))[0]
			for k := start; k < limit; k += stride {
				out = append(out, xs[k])
			}
		case hlo.CompareOp:
			lower := hlo.ElementwiseOf(def).Lower
			xs, ys := operand(0), operand(1)
			for k := range xs {
				out = append(out, lower.Build(b, op, []*ir.Value{xs[k], ys[k]}))
			}
		default:
			// Without the overflow flags arith.Build would set: the
			// scalars are folded away or read as sizes.
			signed := hlo.ElementwiseOf(def).Lower.Signed
			xs, ys := operand(0), operand(1)
			for k := range xs {
				out = append(out, b.Create(&ir.OpState{Name: signed.Name, Operands: []*ir.Value{xs[k], ys[k]}, ResultTypes: []ir.Type{et}}).Result(0))
			}
		}
		fe := b.Create(&ir.OpState{Name: "tensor.from_elements", Operands: out, ResultTypes: []ir.Type{rt}}).Result(0)
		elems[fe] = out
		op.Result(0).ReplaceAllUsesWith(fe)
		op.Erase()
	}
}

// scalarElements returns the elements of a small static tensor v: the
// scalars it was built from (a scalarized shape computation), or
// tensor.extract of each.
func scalarElements(b *ir.Builder, v *ir.Value) []*ir.Value {
	if def := v.DefiningOp(); def != nil && def.Name() == "tensor.from_elements" {
		return def.Operands()
	}
	return extractElements(b, v)
}

// extractElements reads each element of a small static tensor v with
// tensor.extract.
func extractElements(b *ir.Builder, v *ir.Value) []*ir.Value {
	rt := v.Type().(*ir.RankedTensorType)
	if rt.Rank() == 0 {
		return []*ir.Value{b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{rt.ElementType()}}).Result(0)}
	}
	var out []*ir.Value
	for k := int64(0); k < ir.NumElements(rt.Shape()); k++ {
		out = append(out, b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{v, indexConst(b, k)}, ResultTypes: []ir.Type{rt.ElementType()}}).Result(0))
	}
	return out
}

// castInt converts an integer or index scalar to type t: index_cast to or
// from index, extsi or trunci between integer widths (hlo.convert of
// signless integers is signed).
func castInt(b *ir.Builder, x *ir.Value, t ir.Type) *ir.Value {
	from := x.Type()
	if from == t {
		return x
	}
	cast := arith.IndexCast
	if fi, ok := from.(*ir.IntegerType); ok {
		if ti, ok := t.(*ir.IntegerType); ok {
			cast = arith.ExtSI
			if ti.Width < fi.Width {
				cast = arith.TruncI
			}
		}
	}
	return b.Create(&ir.OpState{Name: cast.Name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{t}}).Result(0)
}

// convertGetDimensionSize: tensor.dim, cast to i32, wrapped as tensor<i32>.
func convertGetDimensionSize(op *ir.Operation) error {
	d, _ := hlo.IntAttr(op.Attr("dimension"))
	b := ir.Before(op)
	size := tensorDim(b, op.Operand(0), int(d))
	i32 := b.Create(&ir.OpState{Name: arith.IndexCast.Name, Operands: []*ir.Value{size}, ResultTypes: []ir.Type{ir.I32}}).Result(0)
	return replace(op, b.Create(&ir.OpState{Name: "tensor.from_elements", Operands: []*ir.Value{i32}, ResultTypes: []ir.Type{op.Result(0).Type()}}).Result(0))
}
