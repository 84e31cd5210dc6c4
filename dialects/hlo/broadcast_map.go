package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// How a loop nest over a broadcast's result reads the broadcast's
// operand: the one reading of a broadcast's dims, shared by
// hlo-legalize-to-linalg (which folds broadcasts into indexing maps) and
// linalg-version-broadcasts (which versions the could-be-1 ones).

// BroadcastMap returns the indexing map through which a loop nest over
// the result of a broadcast (hlo.broadcast_in_dim or
// hlo.dynamic_broadcast_in_dim) reads the broadcast's operand: operand dim
// i reads loop dim broadcast_dimensions[i] when it keeps its size, and
// the constant 0 when it is 1 (a 1 that stretches, or one that does not:
// index 0 is right either way). sizeDims[i] is true when operand dim i
// has the loop's size for every run-time size, so tensor.dim of it is a
// loop bound.
//
// couldBe1 lists, in increasing order, the could-be-1 operand dims: those
// of a dynamic broadcast that are dynamic and neither in
// known_expanding_dimensions nor in known_nonexpanding_dimensions, so
// that only the run-time size says whether they stretch. For each,
// the map reads 0 if one(i) (nil: never) and the loop dim otherwise, and
// sizeDims[i] is false. Both reads are right when the dim is respectively
// 1 and not 1 at run time; linalg-version-broadcasts picks by testing the
// size. ok is false for unranked types.
func BroadcastMap(op *ir.Operation, one func(dim int) bool) (m affine.Map, sizeDims []bool, couldBe1 []int, ok bool) {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return affine.Map{}, nil, nil, false
	}
	reads, sizeDims := make([]int, in.Rank()), make([]bool, in.Rank())
	BroadcastReads(op, func(i int) bool {
		couldBe1 = append(couldBe1, i)
		return one != nil && one(i)
	}, reads, sizeDims)
	results := make([]affine.Expr, len(reads))
	for j, d := range reads {
		if d < 0 {
			results[j] = affine.Const(0)
		} else {
			results[j] = affine.Dim(d)
		}
	}
	return affine.NewMap(out.Rank(), 0, results...), sizeDims, couldBe1, true
}

// BroadcastReads is BroadcastMap for a broadcast whose operand and result
// are ranked, written into reads (the loop dim each operand dim reads, -1
// for index 0) and sizeDims, both of the operand's rank: couldBe1 is
// called for each could-be-1 dim in increasing order and says whether it
// reads 0 (nil: it does not). hasCouldBe1 reports whether there is one;
// ok is false for unranked types.
func BroadcastReads(op *ir.Operation, couldBe1 func(dim int) bool, reads []int, sizeDims []bool) (hasCouldBe1, ok bool) {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return false, false
	}
	dims := I64sView(op.Attr("broadcast_dimensions"))
	expanding := I64sView(op.Attr("known_expanding_dimensions"))
	nonExpanding := I64sView(op.Attr("known_nonexpanding_dimensions"))
	for i, d := range dims {
		inSize, outSize := in.Shape()[i], out.Shape()[d]
		readsZero, sized := false, false
		switch {
		case slices.Contains(expanding, int64(i)):
			readsZero = true
		case slices.Contains(nonExpanding, int64(i)):
			sized = true
		case inSize == 1:
			readsZero = outSize != 1
			sized = outSize == 1
		case inSize != ir.Dynamic:
			sized = true
		case op.Name() == "hlo.broadcast_in_dim":
			sized = true // a static broadcast never stretches a dynamic dim
		default:
			hasCouldBe1 = true
			readsZero = couldBe1 != nil && couldBe1(i)
		}
		sizeDims[i] = sized
		if readsZero {
			reads[i] = -1
		} else {
			reads[i] = int(d)
		}
	}
	return hasCouldBe1, true
}
