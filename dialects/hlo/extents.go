package hlo

import (
	"slices"

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
// tensor's dim, looking through ops whose result has an operand's size
// (and, once lowered, a linalg.generic's or linalg.fill's init and a
// tensor.empty's sizes).
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
	case def.Name() == "hlo.dynamic_broadcast_in_dim", def.Name() == "hlo.dynamic_reshape":
		e = shapeElementExtent(def.Operand(1), d, depth+1)
	case def.Name() == "hlo.dynamic_iota":
		e = shapeElementExtent(def.Operand(0), d, depth+1)
	case def.Name() == "hlo.broadcast_in_dim":
		// A static broadcast never stretches a dynamic dim: the result's
		// `?` is the operand dim placed there.
		for k, to := range I64sView(def.Attr("broadcast_dimensions")) {
			if to == int64(d) {
				e = dimExtent(def.Operand(0), k, depth+1)
			}
		}
	case def.Name() == "hlo.reverse":
		e = dimExtent(def.Operand(0), d, depth+1) // every dim keeps its size
	case def.Name() == "hlo.assign":
		e = dimExtent(def.Operand(0), d, depth+1) // the destination's shape
	case def.Name() == "hlo.narrow":
		if in, ok := def.Operand(0).Type().(*ir.RankedTensorType); ok {
			if _, kept := broadcast.Narrow(in.Shape()); d < len(kept) {
				e = dimExtent(def.Operand(0), kept[d], depth+1)
			}
		}
	case def.Name() == "hlo.transpose":
		if perm := I64sView(def.Attr("permutation")); d < len(perm) {
			e = dimExtent(def.Operand(0), int(perm[d]), depth+1)
		}
	case (def.Name() == "linalg.generic" || def.Name() == "linalg.fill") && def.NumOperands() >= def.NumResults():
		// A result has the shape of the init it is computed into (the
		// last operands, one per result; a fill's init, a reduction's).
		e = dimExtent(def.Operand(def.NumOperands()-def.NumResults()+v.Index()), d, depth+1)
	case def.Name() == "tensor.empty":
		k := 0
		for _, s := range rt.Shape()[:d] {
			if s == ir.Dynamic {
				k++
			}
		}
		if k < def.NumOperands() {
			e = scalarExtent(def.Operand(k), depth+1)
		}
	case sameShapeAsOperands(def):
		// An elementwise op whose operands of its rank have its shape:
		// its size is each such operand's (the first one that says more
		// than itself).
		for _, x := range def.Operands() {
			if xt, ok := x.Type().(*ir.RankedTensorType); !ok || xt.Rank() != rt.Rank() {
				continue
			}
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

// sameShapeAsOperands reports whether every operand of op that has the
// result's rank has the result's shape at run time: a unary elementwise
// op, hlo.convert, or a broadcasting op under a policy that never
// stretches a dim (none, scalar, rank), whose run-time check makes the
// sizes equal.
func sameShapeAsOperands(op *ir.Operation) bool {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return false
	}
	switch {
	case op.HasTrait(ir.SameOperandsAndResultShape) && op.Dialect() == "hlo":
		return true
	case IsBroadcasting(op):
		spec, err := BroadcastSpec(op)
		return err == nil && spec.Policy != broadcast.Numpy && spec.Dims == nil
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

// ExtentFacts are the equalities between sizes that a function's checks
// establish: JAX's @shape_assertion on `stablehlo.compare EQ` (two
// arguments that share a dimension variable, or a dimension variable and
// a constant) and cf.assert on `arith.cmpi eq`. Past such a check, both
// sizes are one at run time (when they differ the function fails), so a
// broadcast between them is known not to expand. Only checks in a
// function's entry block count: they run on every call.
type ExtentFacts struct {
	parent map[extentKey]extentKey
	consts map[extentKey]int64 // a class's constant, at its root
}

// extentKey is an Extent without IsConst: constants are the class data.
type extentKey struct {
	value *ir.Value
	dim   int
}

// CollectExtentFacts gathers the equalities checked in the entry blocks
// of the functions in root (root itself, if it is one). With sameShapeOps,
// it also counts the equalities that the elementwise ops under the none,
// scalar and rank policies require of their operands' sizes (their own
// run-time checks): those prove what a broadcast of such an op's result
// reads, but must not prove the op's own check redundant, so a caller
// that removes checks collects without them. It returns nil if there are
// no facts.
func CollectExtentFacts(root *ir.Operation, sameShapeOps bool) *ExtentFacts {
	var f *ExtentFacts
	union := func(a, b Extent) {
		if f == nil {
			f = &ExtentFacts{parent: map[extentKey]extentKey{}, consts: map[extentKey]int64{}}
		}
		f.union(a, b)
	}
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() != "func.func" {
			return op.Name() == "builtin.module" || op == root
		}
		entry := op.Region(0).Front()
		if entry == nil {
			return false
		}
		for _, o := range entry.Ops() {
			if a, b, ok := checkedEquality(o); ok {
				union(a, b)
			}
			if sameShapeOps && IsBroadcasting(o) && sameShapeAsOperands(o) {
				rt, ok := o.Result(0).Type().(*ir.RankedTensorType)
				if !ok {
					continue
				}
				for d := range rt.Rank() {
					first := Extent{}
					for _, x := range o.Operands() {
						if xt, ok := x.Type().(*ir.RankedTensorType); !ok || xt.Rank() != rt.Rank() {
							continue
						}
						e := DimExtent(x, d)
						if !first.Known() {
							first = e
						} else if e.Known() {
							union(first, e)
						}
					}
				}
			}
		}
		return false
	})
	return f
}

// checkedEquality returns the two sizes a check op requires equal.
func checkedEquality(op *ir.Operation) (a, b Extent, ok bool) {
	switch {
	case op.Name() == "hlo.custom_call" && op.NumOperands() > 0:
		if name, _ := op.Attr("call_target_name").(*ir.StringAttr); name == nil || name.Value != ShapeAssertion {
			return a, b, false
		}
		cmp := op.Operand(0).DefiningOp()
		if cmp == nil || cmp.Name() != "hlo.compare" || Direction(cmp) != "EQ" {
			return a, b, false
		}
		a, b = ShapeElementExtent(cmp.Operand(0), 0), ShapeElementExtent(cmp.Operand(1), 0)
	case op.Name() == "cf.assert":
		cmp := op.Operand(0).DefiningOp()
		if cmp == nil || cmp.Name() != "arith.cmpi" {
			return a, b, false
		}
		if p, _ := cmp.Attr("predicate").(*ir.IntegerAttr); p == nil || p.Value != 0 { // eq
			return a, b, false
		}
		a, b = ScalarExtent(cmp.Operand(0)), ScalarExtent(cmp.Operand(1))
	default:
		return a, b, false
	}
	return a, b, a.Known() && b.Known()
}

func (f *ExtentFacts) find(k extentKey) extentKey {
	for {
		p, ok := f.parent[k]
		if !ok || p == k {
			return k
		}
		if gp, ok := f.parent[p]; ok && gp != p {
			f.parent[k] = gp // path halving
		}
		k = p
	}
}

// key returns e's class key and constant (isConst).
func (f *ExtentFacts) key(e Extent) (k extentKey, c int64, isConst bool) {
	if e.IsConst {
		return extentKey{}, e.Const, true
	}
	r := f.find(extentKey{e.Value, e.Dim})
	c, isConst = f.consts[r]
	return r, c, isConst
}

func (f *ExtentFacts) union(a, b Extent) {
	ka, ca, constA := f.key(a)
	kb, cb, constB := f.key(b)
	switch {
	case a.IsConst && b.IsConst:
		// Two constants: nothing to learn (a check that always fails
		// must not make unequal sizes equal).
	case a.IsConst:
		if !constB {
			f.consts[kb] = ca
		}
	case b.IsConst:
		if !constA {
			f.consts[ka] = cb
		}
	case ka != kb:
		if constA && constB && ca != cb {
			return
		}
		f.parent[ka] = kb
		if constA {
			f.consts[kb] = ca
		}
	}
}

// Same reports whether a and b are provably equal: Extent.Same, or equal
// by the checked facts (f may be nil).
func (f *ExtentFacts) Same(a, b Extent) bool {
	if a.Same(b) {
		return true
	}
	if f == nil || !a.Known() || !b.Known() {
		return false
	}
	ka, ca, constA := f.key(a)
	kb, cb, constB := f.key(b)
	if constA || constB {
		return constA && constB && ca == cb
	}
	return ka == kb
}

// Constant returns the constant a is known to be, by itself or by the
// facts (f may be nil).
func (f *ExtentFacts) Constant(a Extent) (int64, bool) {
	if a.IsConst {
		return a.Const, true
	}
	if f == nil || !a.Known() {
		return 0, false
	}
	_, c, ok := f.key(a)
	return c, ok
}

// KnownBroadcastDims returns the dims of a dynamic_broadcast_in_dim's
// operand that its shape operand (and the facts, which may be nil) prove
// expanding or non-expanding and that its known_expanding_dimensions and
// known_nonexpanding_dimensions do not list yet: a dynamic dim whose size
// is provably the size the shape gives its result dim, or whose result
// size is 1, does not expand; one whose own size is provably 1 does.
func KnownBroadcastDims(op *ir.Operation, f *ExtentFacts) (expanding, nonExpanding []int64) {
	in, out := rankedTensor(op.Operand(0).Type()), rankedTensor(op.Result(0).Type())
	dims := I64sView(op.Attr("broadcast_dimensions"))
	if in == nil || out == nil || len(dims) != in.Rank() {
		return nil, nil
	}
	knownExp := I64sView(op.Attr("known_expanding_dimensions"))
	knownNon := I64sView(op.Attr("known_nonexpanding_dimensions"))
	for i, d := range dims {
		if in.Shape()[i] != ir.Dynamic || slices.Contains(knownExp, int64(i)) || slices.Contains(knownNon, int64(i)) || d < 0 || int(d) >= out.Rank() {
			continue
		}
		src := DimExtent(op.Operand(0), i)
		dst := ShapeElementExtent(op.Operand(1), int(d))
		if s := out.Shape()[d]; s != ir.Dynamic {
			dst = constExtent(s)
		}
		dstConst, dstIsConst := f.Constant(dst)
		srcConst, srcIsConst := f.Constant(src)
		switch {
		case f.Same(src, dst) || dstIsConst && dstConst == 1:
			nonExpanding = append(nonExpanding, int64(i))
		case srcIsConst && srcConst == 1:
			expanding = append(expanding, int64(i))
		}
	}
	return expanding, nonExpanding
}

// SetKnownBroadcastDims adds the dims KnownBroadcastDims finds to op's
// known_expanding_dimensions and known_nonexpanding_dimensions and
// reports whether there were any (set wraps the change: a rewriter's
// Modify, or a plain call).
func SetKnownBroadcastDims(op *ir.Operation, f *ExtentFacts, set func(func())) bool {
	exp, non := KnownBroadcastDims(op, f)
	if exp == nil && non == nil {
		return false
	}
	set(func() { AddKnownBroadcastDims(op, exp, non) })
	return true
}

// AddKnownBroadcastDims adds dims to op's known_expanding_dimensions and
// known_nonexpanding_dimensions, dims that are in neither yet.
func AddKnownBroadcastDims(op *ir.Operation, expanding, nonExpanding []int64) {
	if expanding != nil {
		op.SetAttr("known_expanding_dimensions", ir.I64Array(sortedUnion(I64sView(op.Attr("known_expanding_dimensions")), expanding)...))
	}
	if nonExpanding != nil {
		op.SetAttr("known_nonexpanding_dimensions", ir.I64Array(sortedUnion(I64sView(op.Attr("known_nonexpanding_dimensions")), nonExpanding)...))
	}
}
