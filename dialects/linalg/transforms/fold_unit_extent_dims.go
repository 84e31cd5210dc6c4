package transforms

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// FoldUnitExtentDims is the `linalg-fold-unit-extent-dims` pass
// (docs/SPEC.md §5), MLIR's pass of the same name with its default "reshape"
// strategy. On every linalg.generic over tensors it
//
//   - drops the loops whose static extent is 1: every operand dim the
//     loop indexes directly is a static 1 (a dynamic dim is never assumed
//     to be 1). The loop's index becomes 0 in the indexing maps and in
//     linalg.index. A reduction loop goes only while another reduction
//     loop stays (below);
//   - drops the unit dims of each operand: a static size-1 dim whose index
//     expression is the constant 0, whether it was written `0` (a broadcast)
//     or became 0 because its loop was dropped. The operand is read through
//     tensor.collapse_shape and each changed result is given back its type
//     with tensor.expand_shape. A unit dim joins the group of the next kept
//     dim, trailing unit dims the group of the last one, as in MLIR.
//
// For example `a + b` with a 4096x1 and b 1x4096 (W2) keeps both loops and
// reads a and b as vectors:
//
//	%collapsed = tensor.collapse_shape %arg0 [[0, 1]] : tensor<4096x1xf32> into tensor<4096xf32>
//	%collapsed_0 = tensor.collapse_shape %arg1 [[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
//	%1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, ...]} ins(%collapsed, %collapsed_0 : ...)
//
// With these run the tensor dialect's reshape folds
// (tensor.ReshapeFoldPatterns, also canonicalization patterns), so a
// collapse_shape of an expand_shape with the same reassociation (what a
// folded producer feeds a folded consumer) disappears and a tensor.empty
// is reshaped by making a new one, a collapse_shape of a linalg.fill (a
// reduction's init) becomes a fill of the collapsed init
// (foldFillWithCollapse), and the greedy driver folds and erases what
// became dead.
//
// # Independence from fusion order
//
// docs/SPEC.md §5 requires the same IR whether this pass runs before or after
// linalg-fuse-elementwise-ops (followed by canonicalize and cse). Fusion
// composes indexing maps, which commutes with replacing unit loops by 0
// and dropping constant-0 unit dims, so the generics agree; what the pass
// controls beyond that is where it puts the ops it creates, and it puts
// them where no fusion order can move them (placeReshapes):
//
//   - a collapse_shape sits right after the definition of its source (at
//     the start of the block, after the leading constants the greedy
//     driver hoists (isHoistedConstant), for a block argument), collapses of the same anchor sorted by source, then
//     reassociation, then type, and identical ones merged;
//   - an expand_shape of a result sits right before the first op of its
//     block that uses it, expansions in front of the same user sorted by
//     operand number: fusing a multi-use producer afterwards sees only
//     uses that come after the fused op;
//   - the tensor.empty that replaces a collapse_shape of a tensor.empty
//     takes the old tensor.empty's place (for an expand_shape it takes the
//     expand_shape's, where its sizes are defined);
//   - a dynamic size for an expand_shape's output_shape is the original
//     tensor.empty's operand, or a tensor.dim of the original init created
//     right after that init's definition.
//
// # Differences from mlir-opt-19
//
// The tests compare the structure (loops, iterator kinds, indexing maps,
// reshapes and their reassociations) with mlir-opt-19's output on every
// lit input. The deliberate differences:
//
//   - the reduction loops of a generic whose reduction loops all have
//     extent 1 stay. MLIR drops them, which turns the reduction into an
//     elementwise op and then moves its init into the inputs
//     (MoveInitOperandsToInput). Doing so would make the result depend on
//     whether fusion ran before or after: fusion fuses elementwise
//     generics into their consumers but never a reduction, so a reduction
//     over a unit dim folded first would be fused into its consumers, and
//     fused first would not. A unit reduction loop beside a reduction
//     loop that stays goes, as in MLIR (the generic stays a reduction),
//     and fusion reads a producer's unit loop mapped to it at its own
//     index (unitLoops serves both). The unit dims of a reduction's
//     operands go as in any generic: a keepdims result (Nx1 or ?x1,
//     written through (d0, d1) -> (d0, 0) or by a unit parallel loop) is
//     computed as N and expanded back.
//   - placement: MLIR creates every reshape and tensor.empty just before
//     or after the generic being rewritten, one collapse per use; we use
//     the placement above, identical collapses merged.
//   - output_shape of a dynamic expand_shape: MLIR reifies it as
//     `affine.apply (s0 * s1)` of tensor.dim ops; we use the size value
//     directly (see above).
//   - memref operands, tensors with an encoding and the
//     use-rank-reducing-slices option (tensor.extract_slice /
//     insert_slice instead of reshapes) are not handled; such generics are
//     left unchanged.
var FoldUnitExtentDims = &ir.PassInfo{
	Name:    "linalg-fold-unit-extent-dims",
	Title:   "LinalgFoldUnitExtentDims",
	Summary: "Remove unit-extent dimension in Linalg ops on tensors",
	Run: func(op *ir.Operation, _ ir.PassOptions) error {
		FoldUnitExtentDimsIn(op)
		return nil
	},
}

func init() { ir.RegisterPass(FoldUnitExtentDims) }

// FoldUnitExtentDimsIn runs the pass on everything nested in root: the
// patterns of FoldUnitExtentDimsPatterns to a fixed point, then the
// canonical placement of reshapes.
func FoldUnitExtentDimsIn(root *ir.Operation) {
	ir.ApplyPatternsGreedily(root, FoldUnitExtentDimsPatterns(), ir.DefaultGreedyConfig())
	placeReshapes(root)
}

// FoldUnitExtentDimsPatterns returns the pass's patterns (MLIR's
// populateFoldUnitExtentDimsPatterns): the generic rewrite and the
// reshape folds it relies on, a collapse of a linalg.fill among them.
func FoldUnitExtentDimsPatterns() []ir.Pattern {
	return append([]ir.Pattern{
		&ir.PatternFunc{Name: "DropUnitDims", RootOp: "linalg.generic", Fn: dropUnitDims},
		&ir.PatternFunc{Name: "FoldFillWithCollapse", RootOp: "tensor.collapse_shape", Fn: foldFillWithCollapse},
	}, tensor.ReshapeFoldPatterns()...)
}

// foldFillWithCollapse rewrites the tensor.collapse_shape of a linalg.fill
// result (the init of a reduction that lost unit dims: a keepdims Nx1)
// into the linalg.fill of the collapsed init, which for a tensor.empty
// init is a smaller tensor.empty: MLIR's FoldFillWithTensorReshape, one of
// the fill canonicalizations its pass runs. The new fill takes the
// collapse's place.
func foldFillWithCollapse(op *ir.Operation, rw *ir.Rewriter) bool {
	fill := op.Operand(0).DefiningOp()
	typ, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if fill == nil || fill.Name() != "linalg.fill" || fill.NumOperands() != 2 || fill.NumResults() != 1 || !ok {
		return false
	}
	init := collapseValue(rw, fill.Operand(1), tensor.Reassociation(op), typ)
	rw.SetInsertionPoint(op)
	c := rw.Clone(fill, map[*ir.Value]*ir.Value{fill.Operand(1): init})
	c.Result(0).SetType(typ)
	rw.ReplaceOp(op, c.Results())
	return true
}

// genericOperandPlan says how one operand of a generic is rewritten.
type genericOperandPlan struct {
	// groups is the reassociation from the old to the new type; nil if
	// the operand is unchanged.
	groups [][]int64
	// typ is the new type and m the new indexing map.
	typ ir.Type
	m   affine.Map
}

// hasStaticUnitDim reports whether some operand of op is a ranked tensor
// with a static dim of 1 (only those can be collapsed away).
func hasStaticUnitDim(op *ir.Operation) bool {
	for i := range op.NumOperands() {
		if rt, ok := op.Operand(i).Type().(*ir.RankedTensorType); ok && slices.Contains(rt.Shape(), 1) {
			return true
		}
	}
	return false
}

// unitLoops returns which loops of a generic have a static extent of 1
// and may go: loops that some operand dim indexes directly and every
// operand dim that indexes them directly is a static 1; a reduction loop
// only while a reduction loop that is not such a loop stays (see
// FoldUnitExtentDims).
func unitLoops(op *ir.Operation, maps []affine.Map, iters []string) []bool {
	both := make([]bool, 2*len(iters))
	unit, seen := both[:len(iters)], both[len(iters):]
	for i := range unit {
		unit[i] = true
	}
	for i := range op.NumOperands() {
		shape := shapeOf(op.Operand(i).Type())
		for r := range maps[i].Results {
			d, ok := maps[i].DimPosition(r)
			if !ok {
				continue
			}
			seen[d] = true
			if shape[r] != 1 {
				unit[d] = false
			}
		}
	}
	reductionStays := false
	for i := range unit {
		unit[i] = unit[i] && seen[i]
		reductionStays = reductionStays || iters[i] == linalg.Reduction && !unit[i]
	}
	if !reductionStays {
		for i, it := range iters {
			unit[i] = unit[i] && it == linalg.Parallel
		}
	}
	return unit
}

// shapeOf returns a ranked tensor's shape; nil (rank 0) for a scalar.
func shapeOf(t ir.Type) []int64 {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.Shape()
	}
	return nil
}

func isZero(e affine.Expr) bool {
	c, ok := e.(affine.ConstantExpr)
	return ok && c.Value == 0
}

// isUnitDim reports whether dim r of an operand with the given shape and
// index expressions is a unit dim: a static 1 read at index 0.
func isUnitDim(shape []int64, exprs []affine.Expr, r int) bool {
	return shape[r] == 1 && isZero(exprs[r])
}

// hasUnitDim reports whether an operand has a unit dim (isUnitDim).
func hasUnitDim(shape []int64, exprs []affine.Expr) bool {
	for r := range shape {
		if isUnitDim(shape, exprs, r) {
			return true
		}
	}
	return false
}

// unitDimGroups groups the dims of an operand with the given shape and
// index expressions around the dims that are kept: a unit dim (isUnitDim)
// joins the next kept dim's group, trailing unit dims the last group
// (MLIR's dropUnitExtentFromOperandMetadata). It returns the groups and
// the kept dims; all dims are unit when kept is empty.
func unitDimGroups(shape []int64, exprs []affine.Expr) (groups [][]int64, kept []int) {
	isUnit := func(r int) bool { return isUnitDim(shape, exprs, r) }
	var cur []int64
	r := 0
	for r < len(shape) && isUnit(r) {
		cur = append(cur, int64(r))
		r++
	}
	for r < len(shape) {
		cur = append(cur, int64(r))
		kept = append(kept, r)
		r++
		for r < len(shape) && isUnit(r) {
			cur = append(cur, int64(r))
			r++
		}
		groups = append(groups, cur)
		cur = nil
	}
	if groups == nil {
		groups = [][]int64{}
	}
	return groups, kept
}

// foldableGeneric reports whether the pass handles op: a linalg.generic
// whose shaped operands are all ranked tensors without an encoding and
// whose maps have no symbols.
func foldableGeneric(op *ir.Operation, maps []affine.Map) bool {
	if op.Name() != "linalg.generic" || len(maps) != op.NumOperands() {
		return false
	}
	for i := range op.NumOperands() {
		v := op.Operand(i)
		switch t := v.Type().(type) {
		case *ir.RankedTensorType:
			if t.Encoding != nil {
				return false
			}
		case ir.ShapedType:
			return false
		}
		if maps[i].NumSymbols != 0 || maps[i].NumResults() != len(shapeOf(v.Type())) {
			return false
		}
	}
	return true
}

// dropUnitDims rewrites one generic (see FoldUnitExtentDims).
func dropUnitDims(op *ir.Operation, rw *ir.Rewriter) bool {
	// Without a static 1 among the operand dims there is neither a unit
	// dim nor a unit loop (one that only static 1 dims index): the common
	// case, told without decoding the maps.
	if !hasStaticUnitDim(op) {
		return false
	}
	maps := linalg.IndexingMapsView(op)
	iters := linalg.IteratorTypesView(op)
	if !foldableGeneric(op, maps) {
		return false
	}
	unit := unitLoops(op, maps, iters)
	dropsLoops := slices.Contains(unit, true)
	// Old loop d becomes newDim[d], or 0 if dropped.
	repl := make([]affine.Expr, len(iters))
	newDim := make([]int, len(iters))
	var newIters []string
	for d, it := range iters {
		if unit[d] {
			repl[d], newDim[d] = affine.Const(0), -1
			continue
		}
		newDim[d] = len(newIters)
		repl[d] = affine.Dim(newDim[d])
		newIters = append(newIters, it)
	}
	changed := len(newIters) != len(iters)
	plans := make([]genericOperandPlan, op.NumOperands())
	for i := range op.NumOperands() {
		v := op.Operand(i)
		m := maps[i]
		if dropsLoops {
			m = m.ReplaceDimsAndSymbols(repl, nil, len(newIters), 0)
		}
		plans[i] = genericOperandPlan{typ: v.Type(), m: m}
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok || !hasUnitDim(rt.Shape(), m.Results) {
			continue
		}
		groups, kept := unitDimGroups(rt.Shape(), m.Results)
		if len(kept) == rt.Rank() {
			continue
		}
		shape := make([]int64, len(kept))
		exprs := make([]affine.Expr, len(kept))
		for j, r := range kept {
			shape[j], exprs[j] = rt.Shape()[r], m.Results[r]
		}
		plans[i] = genericOperandPlan{groups: groups, typ: ir.RankedTensor(shape, rt.ElementType()), m: affine.NewMap(len(newIters), 0, exprs...)}
		changed = true
	}
	if !changed {
		return false
	}

	nIns := linalg.NumInputs(op)
	operands := make([]*ir.Value, op.NumOperands())
	newMaps := make([]affine.Map, op.NumOperands())
	for i := range op.NumOperands() {
		v := op.Operand(i)
		operands[i], newMaps[i] = v, plans[i].m
		if plans[i].groups != nil {
			operands[i] = collapseValue(rw, v, plans[i].groups, plans[i].typ.(*ir.RankedTensorType))
		}
	}
	var resultTypes []ir.Type
	for _, v := range operands[nIns:] {
		if ir.IsTensor(v.Type()) {
			resultTypes = append(resultTypes, v.Type())
		}
	}
	st := &ir.OpState{Name: "linalg.generic", Operands: operands, ResultTypes: resultTypes, Attrs: op.Attrs.Clone(), Loc: op.Loc}
	linalg.SetGenericAttrs(st, newMaps, newIters, nIns, op.NumOperands()-nIns)
	body := &ir.Region{}
	body.TakeBody(op.Region(0))
	st.Regions = []*ir.Region{body}
	rw.SetInsertionPoint(op)
	gen := rw.Create(st)
	remapIndexOps(rw, gen, newDim)

	// Give each changed result its old type back.
	repls := make([]*ir.Value, op.NumResults())
	k := 0
	for i := nIns; i < op.NumOperands(); i++ {
		old := op.Operand(i)
		if !ir.IsTensor(old.Type()) {
			continue
		}
		repls[k] = gen.Result(k)
		if plans[i].groups != nil {
			repls[k] = expandResult(rw, gen, gen.Result(k), old, plans[i].groups)
		}
		k++
	}
	rw.ReplaceOp(op, repls)
	return true
}

// remapIndexOps renumbers the linalg.index ops of gen's body (not those
// of nested generics) after loop d became newDim[d], or was dropped
// (newDim[d] < 0) so that its index is 0.
func remapIndexOps(rw *ir.Rewriter, gen *ir.Operation, newDim []int) {
	var idx []*ir.Operation
	gen.Walk(func(o *ir.Operation) bool {
		if o == gen {
			return true
		}
		if o.Name() == "linalg.index" {
			idx = append(idx, o)
		}
		return o.Name() != "linalg.generic"
	})
	for _, o := range idx {
		a, ok := o.Attr("dim").(*ir.IntegerAttr)
		if !ok || a.Value < 0 || int(a.Value) >= len(newDim) {
			continue
		}
		if d := newDim[a.Value]; d >= 0 {
			rw.Modify(o, func() { o.SetAttr("dim", ir.I64Attr(int64(d))) })
			continue
		}
		rw.SetInsertionPoint(o)
		zero := arith.NewConstant(&rw.Builder, ir.IntAttr(ir.Index, 0))
		rw.ReplaceOp(o, zero.Results())
	}
}

// expandResult reshapes the new result r (of gen) back to the type of the
// old init, with the sizes of the old init.
func expandResult(rw *ir.Rewriter, gen *ir.Operation, r, oldInit *ir.Value, groups [][]int64) *ir.Value {
	rt := oldInit.Type().(*ir.RankedTensorType)
	static := append([]int64(nil), rt.Shape()...)
	var dyn []*ir.Value
	for d, s := range rt.Shape() {
		if s == ir.Dynamic {
			static[d] = tensor.Dynamic
			dyn = append(dyn, dynamicSize(rw, oldInit, d))
		}
	}
	rw.SetInsertionPointAfter(gen)
	st := &ir.OpState{Name: "tensor.expand_shape", Operands: append([]*ir.Value{r}, dyn...), ResultTypes: []ir.Type{rt}, Loc: gen.Loc}
	st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
	st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: static})
	return rw.Create(st).Result(0)
}

// dynamicSize returns the size of dynamic dim d of v: the operand of the
// tensor.empty that made v (or that a linalg.fill making v filled), or a
// tensor.dim placed right after v's definition.
func dynamicSize(rw *ir.Rewriter, v *ir.Value, d int) *ir.Value {
	for def := v.DefiningOp(); def != nil && def.Name() == "linalg.fill" && def.NumOperands() == 2; def = v.DefiningOp() {
		v = def.Operand(1)
	}
	if def := v.DefiningOp(); def != nil && def.Name() == "tensor.empty" {
		if size := tensor.EmptySize(def, d); size != nil {
			return size
		}
	}
	setInsertionPointAfterDef(&rw.Builder, v)
	return tensor.NewDim(&rw.Builder, v, d)
}

// collapseValue returns v collapsed by groups to typ, folding the
// collapse of an expand_shape with the same reassociation and of a
// tensor.empty right away (tensor.FoldCollapse). A new collapse_shape is
// put right after v's definition (placeReshapes orders it among its
// siblings).
func collapseValue(rw *ir.Rewriter, v *ir.Value, groups [][]int64, typ *ir.RankedTensorType) *ir.Value {
	if folded, ok := tensor.FoldCollapse(rw, v, groups, typ); ok {
		return folded
	}
	if v.DefiningOp() == nil {
		// A block argument's collapse never folds, and placeReshapes
		// merges identical ones: reuse one made for an earlier generic.
		_, at := insertionPointAfterDef(v)
		for o := at; o != nil && o.Name() == "tensor.collapse_shape"; o = o.Next() {
			if o.Operand(0) == v && o.Result(0).Type() == typ && slices.EqualFunc(tensor.Reassociation(o), groups, slices.Equal) {
				return o.Result(0)
			}
		}
	}
	setInsertionPointAfterDef(&rw.Builder, v)
	st := &ir.OpState{Name: "tensor.collapse_shape", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{typ}}
	if d := v.DefiningOp(); d != nil {
		st.Loc = d.Loc
	}
	st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
	return rw.Create(st).Result(0)
}

// setInsertionPointAfterDef inserts right after v's defining op, or at the
// start of v's block after its leading constants for a block argument.
func setInsertionPointAfterDef(b *ir.Builder, v *ir.Value) {
	blk, before := insertionPointAfterDef(v)
	if before == nil {
		b.SetInsertionPointToEnd(blk)
	} else {
		b.SetInsertionPoint(before)
	}
}

// insertionPointAfterDef returns the block and the op before which
// setInsertionPointAfterDef inserts (nil: at the end).
func insertionPointAfterDef(v *ir.Value) (*ir.Block, *ir.Operation) {
	if def := v.DefiningOp(); def != nil {
		return def.Block(), def.Next()
	}
	blk := v.OwnerBlock()
	o := blk.First()
	for o != nil && isHoistedConstant(o) {
		o = o.Next()
	}
	return blk, o
}
