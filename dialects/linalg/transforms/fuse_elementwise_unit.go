package transforms

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file keeps linalg-fuse-elementwise-ops and
// linalg-fold-unit-extent-dims commuting (docs/SPEC.md §5) where a loop has
// extent 1 in the producer but not in the consumer: the consumer keeps
// the loop because a dynamic operand indexes it (a could-be-1 dim that a
// run-time check requires to be 1), while the producer's operands are
// all static 1 there.
//
//   - fold first: the producer loses the loop, and its result reaches
//     the consumer, which keeps it, through a tensor.expand_shape that
//     inserts the unit dim back. Fusion reads through such an
//     expand_shape (producerResult).
//   - fuse first: the producer's operands would index the consumer's
//     loop, and folding the fused generic would keep their unit dims.
//     Fusion reads them at index 0 instead, as folding the producer
//     alone does (producerUnitLoopsToZero).
//
// Both orders then give the producer's operands without the unit dim.
// MLIR 19 does neither (its fold pass keeps such loops or not depending
// on which operand comes first, and fuses through reshapes only by
// expanding a single-use producer), and its two orders differ here.

// producerResult returns the value consumer input v reads through map m
// when fusing its producer: v itself, or the source of a
// tensor.expand_shape that only inserts static unit dims, with m
// restricted to the source's dims; through is that expand_shape. It
// returns nil when an expand_shape group is all static 1s and so does not
// say which of its dims is the source's.
//
// It also reads through a tensor.collapse_shape that only removes static
// unit dims (hlo.narrow's, or a static reshape's): the source is read at
// index 0 in each removed dim (unitCollapseSource).
func producerResult(v *ir.Value, m affine.Map) (src *ir.Value, srcMap affine.Map, through *ir.Operation) {
	e := v.DefiningOp()
	if e != nil && e.Name() == "tensor.collapse_shape" {
		return unitCollapseSource(v, m)
	}
	if e == nil || e.Name() != "tensor.expand_shape" {
		return v, m, nil
	}
	groups := tensor.Reassociation(e)
	high, okH := v.Type().(*ir.RankedTensorType)
	low, okL := e.Operand(0).Type().(*ir.RankedTensorType)
	if groups == nil || !okH || !okL || len(groups) != low.Rank() || m.NumResults() != high.Rank() {
		return v, m, nil
	}
	var keep []int
	for g, group := range groups {
		k, ok := soleNonUnitDim(group, high.Shape())
		if !ok {
			return v, m, nil // a real reshape: not only unit dims
		}
		switch {
		case k < 0 && len(group) == 1:
			k = int(group[0])
		case k < 0:
			return nil, affine.Map{}, nil
		case low.Shape()[g] != high.Shape()[k]:
			return v, m, nil
		}
		keep = append(keep, k)
	}
	return e.Operand(0), m.SubMap(keep...), e
}

// unitCollapseSource is producerResult through the tensor.collapse_shape
// that defines v, when each of its groups holds at most one dim not of
// static size 1 (and that dim has the collapsed size): the source is read
// through m with a 0 for each unit dim (a group of 1s only keeps its last
// dim for m's result). Otherwise v is read as it is.
func unitCollapseSource(v *ir.Value, m affine.Map) (*ir.Value, affine.Map, *ir.Operation) {
	c := v.DefiningOp()
	groups := tensor.Reassociation(c)
	low, okL := v.Type().(*ir.RankedTensorType)
	high, okH := c.Operand(0).Type().(*ir.RankedTensorType)
	if !okH || !okL || len(groups) != low.Rank() || m.NumResults() != low.Rank() || groups == nil && high.Rank() > 0 && low.Rank() > 0 {
		return v, m, nil
	}
	res := make([]affine.Expr, high.Rank())
	for d := range res {
		res[d] = affine.Const(0)
	}
	for g, group := range groups {
		k, ok := soleNonUnitDim(group, high.Shape())
		if !ok {
			return v, m, nil // a real reshape: not only unit dims
		}
		if k < 0 && len(group) > 0 {
			k = int(group[len(group)-1])
		}
		if k < 0 || high.Shape()[k] != low.Shape()[g] {
			return v, m, nil
		}
		res[k] = m.Results[g]
	}
	return c.Operand(0), affine.NewMap(m.NumDims, m.NumSymbols, res...), c
}

// soleNonUnitDim returns the one dim of a reshape group whose size in
// shape is not a static 1 (-1 if all are), and false if there are more.
func soleNonUnitDim(group, shape []int64) (int, bool) {
	k := -1
	for _, d := range group {
		if shape[d] == 1 {
			continue
		}
		if k >= 0 {
			return 0, false
		}
		k = int(d)
	}
	return k, true
}

// producerUnitLoopsToZero returns which producer loops fusing through
// toProducer (consumer loops to producer loops) reads at index 0: the
// loops of extent 1 in the producer (see unitLoops) that toProducer sends
// to a consumer loop whose extent is not known to be 1; nil when there is
// none. A loop of extent 1 in both keeps its index, as in MLIR; folding
// drops it either way.
func producerUnitLoopsToZero(producer, consumer *ir.Operation, toProducer affine.Map) []bool {
	if !hasStaticUnitDim(producer) {
		return nil // no loop of extent 1 (unitLoops needs a static 1 dim)
	}
	pUnit := unitLoops(producer, linalg.IndexingMapsView(producer), linalg.IteratorTypesView(producer))
	var cUnit, zero []bool
	for l, e := range toProducer.Results {
		d, ok := e.(affine.DimExpr)
		if !ok || l >= len(pUnit) || !pUnit[l] {
			continue
		}
		if cUnit == nil {
			cUnit = unitLoops(consumer, linalg.IndexingMapsView(consumer), linalg.IteratorTypesView(consumer))
		}
		if d.Position < len(cUnit) && !cUnit[d.Position] {
			if zero == nil {
				zero = make([]bool, len(toProducer.Results))
			}
			zero[l] = true
		}
	}
	return zero
}

// zeroLoops returns toProducer with the results of the loops zero marks
// (nil: none) replaced by 0.
func zeroLoops(toProducer affine.Map, zero []bool) affine.Map {
	if !slices.Contains(zero, true) {
		return toProducer
	}
	res := slices.Clone(toProducer.Results)
	for l, z := range zero {
		if z {
			res[l] = affine.Const(0)
		}
	}
	return affine.NewMap(toProducer.NumDims, toProducer.NumSymbols, res...)
}

// onlyUnitLoops reports whether the loops unsized marks are all loops of
// extent 1 of consumer (whose indexing maps are maps) that
// linalg-fold-unit-extent-dims drops (unitLoops): a reduction loop of
// extent 1 beside a reduction loop that stays, which only the fused
// producer's result sized. The fused generic drops them (dropLoops), as
// folding the consumer first would have, so that fusion does not depend
// on the order of the two passes.
func onlyUnitLoops(consumer *ir.Operation, maps []affine.Map, unsized []bool) bool {
	unit := unitLoops(consumer, maps, linalg.IteratorTypesView(consumer))
	for d, u := range unsized {
		if u && (d >= len(unit) || !unit[d]) {
			return false
		}
	}
	return true
}

// dropLoops removes the loops drop marks from the generic s builds: their
// index becomes 0 in the maps and in the body's linalg.index ops, and the
// other loops are renumbered (as dropUnitDims does).
func dropLoops(s *linalg.GenericSpec, drop []bool) {
	repl := make([]affine.Expr, len(drop))
	newDim := make([]int, len(drop))
	var iters []string
	for d, gone := range drop {
		if gone {
			repl[d], newDim[d] = affine.Const(0), -1
			continue
		}
		newDim[d] = len(iters)
		repl[d] = affine.Dim(newDim[d])
		iters = append(iters, s.Iterators[d])
	}
	for _, maps := range [][]affine.Map{s.InMaps, s.OutMaps} {
		for j, m := range maps {
			maps[j] = m.ReplaceDimsAndSymbols(repl, nil, len(iters), 0)
		}
	}
	s.Iterators = iters // a new slice: the old one may be an op's attribute
	var idx []*ir.Operation
	for o := s.Body.First(); o != nil; o = o.Next() {
		if o.Name() == "linalg.index" {
			idx = append(idx, o)
		}
	}
	for _, o := range idx {
		a, _ := o.Attr("dim").(*ir.IntegerAttr)
		if a == nil || a.Value < 0 || int(a.Value) >= len(newDim) {
			continue
		}
		if d := newDim[a.Value]; d >= 0 {
			o.SetAttr("dim", ir.I64Attr(int64(d)))
			continue
		}
		zero := arith.NewConstant(ir.Before(o), ir.IntAttr(ir.Index, 0))
		o.Result(0).ReplaceAllUsesWith(zero.Result(0))
		o.Erase()
	}
}
