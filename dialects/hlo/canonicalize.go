package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file holds the hlo canonicalization patterns, each attached to the
// OpDef of the op it rewrites, and hlo's constant materializer. The
// constant folders of the elementwise ops are in fold.go.
//
//	broadcast_in_dim %x (identity dims, same type)       -> %x
//	broadcast_in_dim (broadcast_in_dim %x)               -> one broadcast_in_dim, dims composed
//	broadcast_in_dim (constant)                          -> constant (a splat, or <= MaxFoldElements elements)
//	dynamic_broadcast_in_dim (static operand and result) -> broadcast_in_dim
//	dynamic_broadcast_in_dim %x, (shape_of %x) (identity dims, same type) -> %x
//	dynamic_broadcast_in_dim whose shape proves dims (non-)expanding    -> known_(non)expanding_dimensions set
//	shape.shape_of (dynamic_broadcast_in_dim %x, %s)     -> %s (its elements cast to index if they are integers)
//	tensor.dim (dynamic_broadcast_in_dim %x, %s), %d     -> element %d of %s, as an index
//	reshape %x (same type)                               -> %x
//	reshape (reshape %x)                                 -> reshape %x
//	transpose %x (identity permutation, same type)       -> %x
//	transpose (transpose %x)                             -> one transpose, or %x
//
// and, not a canonicalization (DynamicBroadcastElementPattern),
//
//	tensor.extract (dynamic_broadcast_in_dim %x, %s)[..] -> tensor.extract %x[..] (0 where a dim stretches)

func init() {
	BroadcastInDim.Canonicalize = append(BroadcastInDim.Canonicalize,
		pattern("BroadcastInDimIdentity", "hlo.broadcast_in_dim", broadcastIdentity),
		pattern("BroadcastInDimOfBroadcastInDim", "hlo.broadcast_in_dim", broadcastOfBroadcast),
		pattern("BroadcastInDimOfConstant", "hlo.broadcast_in_dim", broadcastOfConstant))
	DynamicBroadcastInDim.Canonicalize = append(DynamicBroadcastInDim.Canonicalize,
		pattern("DynamicBroadcastInDimNotActuallyDynamic", "hlo.dynamic_broadcast_in_dim", dynamicBroadcastStatic),
		pattern("DynamicBroadcastInDimToOwnShape", "hlo.dynamic_broadcast_in_dim", dynamicBroadcastToOwnShape),
		pattern("DynamicBroadcastInDimKnownDims", "hlo.dynamic_broadcast_in_dim", dynamicBroadcastKnownDims))
	DynamicBroadcastInDim.Canonicalize = append(DynamicBroadcastInDim.Canonicalize, DynamicBroadcastReaderPatterns()...)
	Reshape.Canonicalize = append(Reshape.Canonicalize,
		pattern("ReshapeToSameType", "hlo.reshape", reshapeIdentity),
		pattern("ReshapeOfReshape", "hlo.reshape", reshapeOfReshape))
	Transpose.Canonicalize = append(Transpose.Canonicalize,
		pattern("TransposeIdentity", "hlo.transpose", transposeIdentity),
		pattern("TransposeOfTranspose", "hlo.transpose", transposeOfTranspose))
	ir.RegisterConstantMaterializer("hlo", materializeConstant)
}

func pattern(name, root string, fn func(op *ir.Operation, rw *ir.Rewriter) bool) ir.Pattern {
	return &ir.PatternFunc{Name: name, RootOp: root, Fn: fn}
}

// materializeConstant builds the hlo.constant of a folded result: a dense
// attribute of type t, or a scalar attribute splatted to a static t.
func materializeConstant(b *ir.Builder, a ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		var err error
		if d, err = ir.NewDenseSplat(rt, a); err != nil {
			return nil
		}
	}
	if d.Type != t {
		return nil
	}
	return NewConstant(b, d).DefiningOp()
}

// definedBy returns v's defining op if it is named name.
func definedBy(v *ir.Value, name string) *ir.Operation {
	if d := v.DefiningOp(); d != nil && d.Name() == name {
		return d
	}
	return nil
}

func isIdentity(perm []int64) bool {
	for i, d := range perm {
		if d != int64(i) {
			return false
		}
	}
	return true
}

// broadcastIdentity: a broadcast_in_dim that changes nothing.
func broadcastIdentity(op *ir.Operation, rw *ir.Rewriter) bool {
	x := op.Operand(0)
	if x.Type() != op.Result(0).Type() || !isIdentity(I64s(op.Attr("broadcast_dimensions"))) {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{x})
	return true
}

// broadcastOfBroadcast composes two broadcast_in_dims: operand dim i goes
// to inner dims[i], which goes to outer dims[inner dims[i]].
func broadcastOfBroadcast(op *ir.Operation, rw *ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), "hlo.broadcast_in_dim")
	if inner == nil {
		return false
	}
	in, out := I64s(inner.Attr("broadcast_dimensions")), I64s(op.Attr("broadcast_dimensions"))
	dims := make([]int64, len(in))
	for i, d := range in {
		if d < 0 || int(d) >= len(out) {
			return false
		}
		dims[i] = out[d]
	}
	nb := rw.CreateOp("hlo.broadcast_in_dim", []*ir.Value{inner.Operand(0)}, op.ResultTypes(),
		ir.NamedAttr{Name: "broadcast_dimensions", Value: ir.I64Array(dims...)})
	rw.ReplaceOp(op, nb.Results())
	return true
}

// broadcastOfConstant: broadcasting a constant is a constant, of any size
// for a splat and of at most MaxFoldElements elements otherwise.
func broadcastOfConstant(op *ir.Operation, rw *ir.Rewriter) bool {
	d, ok := ir.ConstantValue(op.Operand(0)).(*ir.DenseElementsAttr)
	rt := rankedTensor(op.Result(0).Type())
	if !ok || rt == nil {
		return false
	}
	c := BroadcastConstant(d, I64s(op.Attr("broadcast_dimensions")), rt)
	if c == nil {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{NewConstant(&rw.Builder, c)})
	return true
}

// dynamicBroadcastStatic: with a static operand and result the shape
// operand says nothing the types do not.
func dynamicBroadcastStatic(op *ir.Operation, rw *ir.Rewriter) bool {
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	if in == nil || out == nil || !in.HasStaticShape() || !out.HasStaticShape() {
		return false
	}
	nb := rw.CreateOp("hlo.broadcast_in_dim", []*ir.Value{op.Operand(0)}, op.ResultTypes(),
		ir.NamedAttr{Name: "broadcast_dimensions", Value: op.Attr("broadcast_dimensions")})
	rw.ReplaceOp(op, nb.Results())
	return true
}

// dynamicBroadcastToOwnShape: broadcasting x to x's own shape is x.
func dynamicBroadcastToOwnShape(op *ir.Operation, rw *ir.Rewriter) bool {
	x := op.Operand(0)
	s := definedBy(op.Operand(1), "shape.shape_of")
	if s == nil || s.Operand(0) != x || x.Type() != op.Result(0).Type() || !isIdentity(I64s(op.Attr("broadcast_dimensions"))) {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{x})
	return true
}

func reshapeIdentity(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Operand(0).Type() != op.Result(0).Type() {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
	return true
}

// reshapeOfReshape: a row-major reshape of a reshape reshapes the original.
func reshapeOfReshape(op *ir.Operation, rw *ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), "hlo.reshape")
	if inner == nil {
		return false
	}
	nr := rw.CreateOp("hlo.reshape", []*ir.Value{inner.Operand(0)}, op.ResultTypes())
	rw.ReplaceOp(op, nr.Results())
	return true
}

func transposeIdentity(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Operand(0).Type() != op.Result(0).Type() || !isIdentity(I64s(op.Attr("permutation"))) {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
	return true
}

// transposeOfTranspose composes permutations: result dim i is outer
// operand dim outer[i], which is inner operand dim inner[outer[i]].
func transposeOfTranspose(op *ir.Operation, rw *ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), "hlo.transpose")
	if inner == nil {
		return false
	}
	in, out := I64s(inner.Attr("permutation")), I64s(op.Attr("permutation"))
	perm := make([]int64, len(out))
	for i, d := range out {
		if d < 0 || int(d) >= len(in) {
			return false
		}
		perm[i] = in[d]
	}
	x := inner.Operand(0)
	if isIdentity(perm) && x.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []*ir.Value{x})
		return true
	}
	nt := rw.CreateOp("hlo.transpose", []*ir.Value{x}, op.ResultTypes(),
		ir.NamedAttr{Name: "permutation", Value: ir.I64Array(perm...)})
	rw.ReplaceOp(op, nt.Results())
	return true
}

// dynamicBroadcastKnownDims records what the shape operand proves of the
// operand's dynamic dims (hlo.KnownBroadcastDims, extents.go). Only a dim
// that is proven neither way stays could-be-1, for
// linalg-version-broadcasts.
func dynamicBroadcastKnownDims(op *ir.Operation, rw *ir.Rewriter) bool {
	return SetKnownBroadcastDims(op, nil, func(fn func()) { rw.Modify(op, fn) })
}

// sortedUnion returns the dims of a and b in increasing order (they are
// disjoint).
func sortedUnion(a, b []int64) []int64 {
	out := append(append([]int64{}, a...), b...)
	slices.Sort(out)
	return out
}

// DynamicBroadcastReaderPatterns are the canonicalization patterns that
// make a reader of a dynamic broadcast's shape read the shape operand
// instead: shape.shape_of is the shape operand, tensor.dim one of its
// elements. A broadcast that only these ops read is then dead.
// linalg-version-broadcasts applies them, and
// DynamicBroadcastElementPattern, to the broadcasts it leaves, so that no
// hlo.dynamic_broadcast_in_dim reaches LLVM emission.
func DynamicBroadcastReaderPatterns() []ir.Pattern {
	return []ir.Pattern{
		pattern("ShapeOfDynamicBroadcastInDim", "shape.shape_of", shapeOfDynamicBroadcast),
		pattern("DimOfDynamicBroadcastInDim", "tensor.dim", dimOfDynamicBroadcast),
	}
}

// DynamicBroadcastElementPattern makes a tensor.extract of a dynamic
// broadcast's result read the broadcast's operand (see
// extractOfDynamicBroadcast). It is not a canonicalization: a broadcast
// whose elements are all read this way is dead, and with it goes its
// check that each operand dim is 1 or the result's size, so whoever
// applies it checks that first (linalg-version-broadcasts does).
func DynamicBroadcastElementPattern() ir.Pattern {
	return pattern("ExtractOfDynamicBroadcastInDim", "tensor.extract", extractOfDynamicBroadcast)
}

// shapeOfDynamicBroadcast: a dynamic broadcast's shape is its shape
// operand, when that is an extent tensor of the shape's type. A shape
// operand of integers (static length) is cast: a shape.get_extent of the
// shape reads the cast element, and other users get the extent tensor of
// the cast elements (a get_extent of that would not fold).
func shapeOfDynamicBroadcast(op *ir.Operation, rw *ir.Rewriter) bool {
	bc := definedBy(op.Operand(0), "hlo.dynamic_broadcast_in_dim")
	if bc == nil {
		return false
	}
	s, want := bc.Operand(1), op.Result(0).Type()
	if s.Type() == want {
		rw.ReplaceOp(op, []*ir.Value{s})
		return true
	}
	st, wt := rankedTensor(s.Type()), rankedTensor(want)
	if st == nil || wt == nil || st.Rank() != 1 || !st.HasStaticShape() || !slices.Equal(st.Shape(), wt.Shape()) ||
		wt.ElementType() != ir.Index || !isInteger(st.ElementType()) {
		return false
	}
	for _, u := range op.Result(0).Users() {
		if u.Name() == "shape.get_extent" && u.Operand(0) == op.Result(0) {
			rw.SetInsertionPoint(u)
			rw.ReplaceOp(u, []*ir.Value{shapeElement(rw, s, u.Operand(1))})
		}
	}
	rw.SetInsertionPoint(op)
	if !op.Result(0).HasUses() {
		rw.EraseOp(op)
		return true
	}
	elems := make([]*ir.Value, st.Shape()[0])
	for d := range elems {
		elems[d] = shapeElement(rw, s, arith.IntConstant(&rw.Builder, ir.Index, int64(d)))
	}
	rw.ReplaceOp(op, rw.CreateOp("tensor.from_elements", elems, []ir.Type{want}).Results())
	return true
}

// dimOfDynamicBroadcast: the size of a dynamic broadcast's dim d is
// element d of its shape operand.
func dimOfDynamicBroadcast(op *ir.Operation, rw *ir.Rewriter) bool {
	bc := definedBy(op.Operand(0), "hlo.dynamic_broadcast_in_dim")
	if bc == nil || !isShape(bc.Operand(1).Type()) {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{shapeElement(rw, bc.Operand(1), op.Operand(1))})
	return true
}

// extractOfDynamicBroadcast reads an element of a dynamic broadcast from
// its operand, as BroadcastReads reads the broadcast: operand dim i at the
// index of the result dim it becomes, or 0 where it stretches; a
// could-be-1 dim reads `select(size == 1, 0, index)`, its size tested
// before the broadcast (outside the loop nest that reads it).
func extractOfDynamicBroadcast(op *ir.Operation, rw *ir.Rewriter) bool {
	bc := definedBy(op.Operand(0), "hlo.dynamic_broadcast_in_dim")
	if bc == nil {
		return false
	}
	x := bc.Operand(0)
	xt, rt := rankedTensor(x.Type()), rankedTensor(bc.Result(0).Type())
	if xt == nil || rt == nil || op.NumOperands() != 1+rt.Rank() {
		return false
	}
	var couldBe1 []int
	reads, sized := make([]int, xt.Rank()), make([]bool, xt.Rank())
	if _, ok := BroadcastReads(bc, func(i int) bool { couldBe1 = append(couldBe1, i); return false }, reads, sized); !ok {
		return false
	}
	at := op.Operands()[1:]
	var zero *ir.Value
	isOne := make([]*ir.Value, xt.Rank())
	if len(couldBe1) > 0 || slices.Contains(reads, -1) {
		rw.SetInsertionPoint(bc)
		zero = arith.IntConstant(&rw.Builder, ir.Index, 0)
		if len(couldBe1) > 0 {
			one := arith.IntConstant(&rw.Builder, ir.Index, 1)
			for _, i := range couldBe1 {
				size := rw.CreateOp("tensor.dim", []*ir.Value{x, arith.IntConstant(&rw.Builder, ir.Index, int64(i))}, []ir.Type{ir.Index}).Result(0)
				isOne[i] = arith.NewCmpI(&rw.Builder, "eq", size, one)
			}
		}
		rw.SetInsertionPoint(op)
	}
	idx := []*ir.Value{x}
	for i, r := range reads {
		switch {
		case r < 0:
			idx = append(idx, zero)
		case isOne[i] != nil:
			idx = append(idx, arith.NewSelect(&rw.Builder, isOne[i], zero, at[r]))
		default:
			idx = append(idx, at[r])
		}
	}
	rw.ReplaceOp(op, rw.CreateOp("tensor.extract", idx, op.ResultTypes()).Results())
	return true
}

// shapeElement reads element d (an index value) of the shape tensor s as
// an index.
func shapeElement(rw *ir.Rewriter, s, d *ir.Value) *ir.Value {
	et := ir.ElementTypeOf(s.Type())
	x := rw.CreateOp("tensor.extract", []*ir.Value{s, d}, []ir.Type{et}).Result(0)
	if et == ir.Index {
		return x
	}
	return rw.CreateOp("arith.index_cast", []*ir.Value{x}, []ir.Type{ir.Index}).Result(0)
}

// isShape reports whether t is a 1-D tensor of index or integer values,
// a shape operand.
func isShape(t ir.Type) bool {
	rt := rankedTensor(t)
	return rt != nil && rt.Rank() == 1 && (rt.ElementType() == ir.Index || isInteger(rt.ElementType()))
}

func isInteger(t ir.Type) bool {
	_, ok := t.(*ir.IntegerType)
	return ok
}
