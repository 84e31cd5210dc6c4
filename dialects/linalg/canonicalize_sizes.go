package linalg

import (
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// ExpandShapeSizeOfGenericResult gives a tensor.expand_shape of a
// generic's result the generic's own sizes: a dynamic output_shape entry
// whose group's other dims are static 1s is the size of the source in
// that group's dim, which is the size of the generic's init
// (DimOfGenericResult); when that size is a tensor.empty operand, it
// replaces the entry. MLIR has no such pattern.
//
// Two expand_shapes of one value by one reassociation then have the same
// operands, and cse merges them. linalg-fold-unit-extent-dims sizes the
// expand_shape of a result by its generic's init; when that generic is an
// identity erased afterwards (`select %c, %x, %x`, whose init is sized
// by %c), its expand_shape reads %x's generic but keeps the old size,
// where erasing the identity first (fusion before folding) gives %x's own
// expand_shape.
//
//	%e = tensor.empty(%n) : tensor<?x4xf32>
//	%0 = linalg.generic ... outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
//	%1 = tensor.expand_shape %0 [[0], [1, 2]] output_shape [%m, 4, 1] : ...
//	// becomes
//	%1 = tensor.expand_shape %0 [[0], [1, 2]] output_shape [%n, 4, 1] : ...
var ExpandShapeSizeOfGenericResult = &ir.PatternFunc{Name: "ExpandShapeSizeOfGenericResult", RootOp: "tensor.expand_shape", Fn: expandShapeSizeOfGenericResult}

func init() {
	tensor.ExpandShape.Canonicalize = append(tensor.ExpandShape.Canonicalize, ExpandShapeSizeOfGenericResult)
}

func expandShapeSizeOfGenericResult(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	if def := src.DefiningOp(); def == nil || def.Name() != "linalg.generic" {
		return false
	}
	groups := tensor.Reassociation(op)
	static := tensor.StaticList(op, "static_output_shape")
	if groups == nil {
		return false
	}
	// operand[d] is the operand number of dynamic entry d.
	operand := make([]int, len(static))
	n := 1
	for d, s := range static {
		if s == tensor.Dynamic {
			operand[d], n = n, n+1
		}
	}
	if n != op.NumOperands() {
		return false
	}
	changed := false
	for g, group := range groups {
		dyn := onlyDynamicDim(group, static)
		if dyn < 0 {
			continue
		}
		size := genericResultSize(src, g)
		if size == nil || size == op.Operand(operand[dyn]) {
			continue
		}
		rw.Modify(op, func() { op.SetOperand(operand[dyn], size) })
		changed = true
	}
	return changed
}

// onlyDynamicDim returns the dynamic dim of group when the group's other
// dims are static 1s (so that its size is the collapsed dim's); -1
// otherwise.
func onlyDynamicDim(group, static []int64) int {
	dyn := -1
	for _, d := range group {
		switch {
		case int(d) >= len(static):
			return -1
		case static[d] == tensor.Dynamic && dyn < 0:
			dyn = int(d)
		case static[d] != 1:
			return -1
		}
	}
	return dyn
}

// genericResultSize returns the size of dim d of v, a generic's result,
// when it is known as a value: the operand of the tensor.empty its init
// is (through the inits of generics computing into another's result); nil
// otherwise. The value dominates every use of v.
func genericResultSize(v *ir.Value, d int) *ir.Value {
	for range 64 { // bounded: graph regions may have cycles
		def := v.DefiningOp()
		switch {
		case def == nil:
			return nil
		case def.Name() == "tensor.empty":
			return tensor.EmptySize(def, d)
		case def.Name() == "linalg.generic":
			if v = tiedInit(def, v.Index()); v == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// tiedInit returns the output operand of generic g that its k-th result
// is computed into (the k-th tensor output); nil if there is none.
func tiedInit(g *ir.Operation, k int) *ir.Value { return TiedInit(g, k) }

// TiedInit returns the output operand (init) that result k of the generic
// g is computed into, nil if there is none: the result has its shape.
func TiedInit(g *ir.Operation, k int) *ir.Value {
	for _, o := range Outputs(g) {
		if !ir.IsTensor(o.Type()) {
			continue
		}
		if k == 0 {
			return o
		}
		k--
	}
	return nil
}
