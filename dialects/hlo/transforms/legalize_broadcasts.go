package transforms

import (
	"encoding/binary"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/shape"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"

	// The run-time checks compare extents with arith.cmpi.
	_ "github.com/bcast-opt/bcast-opt/dialects/arith"
)

// LegalizeBroadcasts is the `hlo-legalize-broadcasts` pass
// (docs/SPEC.md §5): every implicitly broadcasting hlo op
// (hlo.IsBroadcasting) becomes explicit broadcasts feeding the same op on
// operands of one shape, without broadcast_dimensions or broadcast_policy.
//
// Where and how each operand lands in the result comes from
// broadcast.Infer under the op's hlo.BroadcastSpec; the pass derives no
// broadcast rule of its own. With static shapes an operand that is not
// already of the result shape goes through hlo.broadcast_in_dim. With
// dynamic shapes the pass follows MLIR's chlo-legalize-to-stablehlo: the
// operand shapes (shape.shape_of), a run-time check, a shape.assuming
// region guarded by it, the result shape (shape.broadcast) computed inside,
// and hlo.dynamic_broadcast_in_dim for each operand that may differ from
// the result, with known_expanding_dimensions and
// known_nonexpanding_dimensions wherever broadcast.IsExpanding (or the
// operand being the only one with a size other than 1 in that dim) proves
// it:
//
//	%0 = shape.shape_of %a : tensor<?x?xf32> -> tensor<2xindex>
//	%1 = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
//	%2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<1xindex>
//	%3 = shape.assuming %2 -> (tensor<?x?xf32>) {
//	  %4 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
//	  %5 = hlo.dynamic_broadcast_in_dim %a, %4, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
//	  %6 = hlo.dynamic_broadcast_in_dim %b, %4, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
//	  %7 = hlo.add %5, %6 : tensor<?x?xf32>
//	  shape.assuming_yield %7 : tensor<?x?xf32>
//	}
//
// The check is shape.cstr_broadcastable under the numpy policy, and is
// left out when shape.StaticallyBroadcastable proves it passes (`?x4` with
// `4`). Under the rank, scalar and none policies nothing stretches, so the
// check is exact: each dynamic size is compared with the others of its dim
// (arith.cmpi on shape.get_extent) and a shape.cstr_require names the op,
// the operands and the dim. broadcast_dimensions that do not align the
// lower-rank operand on the right give it a result-rank extent tensor
// built with tensor.from_elements.
//
// hlo.assign goes the same way under broadcast.Assign: its destination
// (operand 0) gives the result shape (shape.shape_of of it when it is
// dynamic), its source becomes a broadcast to that shape, and the check
// is one-way: each dynamic source size must be 1 or the destination's
// size, each destination size facing a static source size other than 1
// must be that size (arith.cmpi on the extents, the source's size {0}
// and the destination's {1} in the shape.cstr_require message). The
// assign is then replaced by that broadcast.
//
// Operands and results must be ranked: an unranked one is an error, since
// no explicit broadcast can be written for it.
var LegalizeBroadcasts = &ir.PassInfo{
	Name:    "hlo-legalize-broadcasts",
	Title:   "HloLegalizeBroadcasts",
	Summary: "Make the implicit broadcasts of hlo elementwise ops explicit",
	Run: func(op *ir.Operation, _ ir.PassOptions) error {
		return LegalizeBroadcastsIn(op)
	},
}

func init() { ir.RegisterPass(LegalizeBroadcasts) }

// LegalizeBroadcastsIn legalizes every broadcasting hlo op nested in root
// (see LegalizeBroadcasts).
func LegalizeBroadcastsIn(root *ir.Operation) error {
	var ops []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if hlo.IsBroadcasting(op) || op.Def() == hlo.AssignOp {
			ops = append(ops, op)
		}
		return true
	})
	l := &legalizer{dimsAttrs: map[string]*ir.DenseArrayAttr{},
		facts: hlo.CollectExtentFacts(root, false), shapeFacts: hlo.CollectExtentFacts(root, true)}
	// What is known of the sizes is read before anything is rewritten: a
	// legalized op no longer says that its operands have one shape (its
	// broadcast_policy is gone), which is what lets a size be traced
	// through it. The dynamic broadcasts of the program (JAX's exports)
	// learn their known dims now too, for the same reason.
	l.sizes = map[*ir.Operation][][]hlo.Extent{}
	for _, op := range ops {
		l.sizes[op] = operandExtents(op)
	}
	type known struct {
		op       *ir.Operation
		exp, non []int64
	}
	var knowns []known
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() == "hlo.dynamic_broadcast_in_dim" {
			if exp, non := hlo.KnownBroadcastDims(op, l.shapeFacts); exp != nil || non != nil {
				knowns = append(knowns, known{op, exp, non})
			}
		}
		return true
	})
	for _, op := range ops {
		if err := l.legalize(op); err != nil {
			return err
		}
	}
	for _, k := range knowns {
		hlo.AddKnownBroadcastDims(k.op, k.exp, k.non)
	}
	return nil
}

// operandExtents returns hlo.DimExtent of every dynamic dim of op's
// operands (the zero Extent for static dims and unranked operands).
func operandExtents(op *ir.Operation) [][]hlo.Extent {
	out := make([][]hlo.Extent, op.NumOperands())
	for i, v := range op.Operands() {
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			continue
		}
		for k, s := range rt.Shape() {
			if s == ir.Dynamic {
				if out[i] == nil {
					out[i] = make([]hlo.Extent, rt.Rank())
				}
				out[i][k] = hlo.DimExtent(v, k)
			}
		}
	}
	return out
}

// operandExtent returns what is known of the size of dim k of operand i
// of the op being legalized, as it was before the pass rewrote anything.
func (l *legalizer) operandExtent(i, k int) hlo.Extent {
	if n := l.operandShape(i)[k]; n != ir.Dynamic {
		return hlo.Extent{IsConst: true, Const: n}
	}
	if e := l.sizes[l.op]; i < len(e) && k < len(e[i]) {
		return e[i][k]
	}
	return hlo.DimExtent(l.op.Operand(i), k)
}

// bcastOperand is what the pass knows about one operand of the op.
type bcastOperand struct {
	value *ir.Value
	shape []int64
	// place[k] is the result dim that operand dim k feeds.
	place []int64
	// expanding and nonExpanding classify each operand dim.
	expanding, nonExpanding []bool
	// keep: the operand already has the result's shape at run time.
	keep bool
}

// legalizer rewrites broadcasting ops, one at a time (legalize sets the
// fields of the op at hand); its slices and maps are scratch space reused
// from op to op.
type legalizer struct {
	op       *ir.Operation
	spec     broadcast.Spec
	inferred []int64   // the shape broadcast.Infer gives
	target   []int64   // the declared result shape, which the new op keeps
	places   [][]int64 // broadcast.Placement.ResultDim of each operand
	operands []bcastOperand
	// b inserts before op; shapes and checks go there. It points to
	// builder.
	b       *ir.Builder
	builder ir.Builder
	// shapeOf caches shape.shape_of per operand, aligned the shapes of
	// alignedShape, consts the index constants.
	shapeOf []*ir.Value
	aligned []*ir.Value
	consts  map[int64]*ir.Value
	// Scratch: the operands' shapes for broadcast.Infer, their dim
	// classes, their aligned extents (shapes slices extents) and a list of
	// dims.
	in      []broadcast.Operand
	classes []bool
	extents []int64
	shapes  [][]int64
	dimList []int64
	// dimsAttrs holds the dim lists made so far (broadcast_dimensions and
	// known_*_dimensions), by their elements: attributes are immutable,
	// so ops with the same list share one.
	dimsAttrs map[string]*ir.DenseArrayAttr
	key       []byte
	// facts are the size equalities the function's checks establish
	// (JAX's shape assertions), nil if none: they may remove a check.
	// shapeFacts add those of the same-shape ops' own checks: they only
	// prove what a broadcast reads. sizes is what is known of each op's
	// operand sizes before the pass (operandExtents).
	facts, shapeFacts *hlo.ExtentFacts
	sizes             map[*ir.Operation][][]hlo.Extent
}

// legalize rewrites one op.
func (l *legalizer) legalize(op *ir.Operation) error {
	spec, err := hlo.BroadcastSpec(op)
	if err != nil {
		return err
	}
	n := op.NumOperands()
	l.in = l.in[:0]
	for i := range n {
		t := op.Operand(i).Type()
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return op.Emit("cannot make the broadcast of operand #%d explicit: its type '%s' is unranked", i, t)
		}
		l.in = append(l.in, broadcast.Operand{Shape: rt.Shape(), Ranked: true})
	}
	result, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("cannot make the broadcast explicit: the result type '%s' is unranked", op.Result(0).Type())
	}
	inferred, places, _, conflict := broadcast.Infer(l.in, spec)
	if conflict != nil {
		return op.Emit("%s", conflict.Error())
	}
	l.op, l.spec, l.inferred, l.target = op, spec, inferred, result.Shape()
	l.places = l.places[:0]
	for _, p := range places {
		l.places = append(l.places, p.ResultDim)
	}
	l.operands, l.classes = l.operands[:0], l.classes[:0]
	for i := range n {
		l.operands = append(l.operands, l.classify(i))
	}
	l.rewrite()
	return nil
}

// classify computes an operand's placement facts.
func (l *legalizer) classify(i int) bcastOperand {
	v := l.op.Operand(i)
	place := l.places[i]
	o := bcastOperand{value: v, shape: l.operandShape(i), place: place}
	o.expanding, o.nonExpanding = l.newClasses(len(o.shape)), l.newClasses(len(o.shape))
	identity := len(o.shape) == len(l.target)
	for k, d := range place {
		o.expanding[k], o.nonExpanding[k] = broadcast.IsExpanding(o.shape[k], l.inferred[d], l.spec.Policy)
		if !o.expanding[k] && !o.nonExpanding[k] && l.onlySizeInDim(i, k, d) {
			// Every other operand has size 1 here (or lacks the dim, or
			// provably has this very size), so the result size is this
			// operand's size.
			o.nonExpanding[k] = true
		}
		identity = identity && d == int64(k)
	}
	o.keep = identity && slices.Equal(o.shape, l.target)
	for _, n := range o.nonExpanding {
		o.keep = o.keep && n
	}
	// An assignment's destination has the result's shape by definition.
	o.keep = o.keep || l.spec.Policy == broadcast.Assign && i == 0
	return o
}

// newClasses returns n dim classes (false) from the scratch space.
func (l *legalizer) newClasses(n int) []bool {
	if len(l.classes)+n > cap(l.classes) {
		// Earlier operands keep the old array.
		l.classes = make([]bool, 0, 2*cap(l.classes)+n)
	}
	k := len(l.classes)
	l.classes = l.classes[:k+n]
	c := l.classes[k : k+n : k+n]
	clear(c)
	return c
}

// onlySizeInDim reports whether operand i's dim k, which feeds result dim
// d, sets the result's size there: every other operand has size 1 in d,
// lacks it, or provably has the same size (hlo.DimExtent: JAX's shapes
// built from one get_dimension_size, or sizes its shape assertions
// equate).
func (l *legalizer) onlySizeInDim(i, k int, d int64) bool {
	var own hlo.Extent
	for j := 0; j < l.op.NumOperands(); j++ {
		if j == i {
			continue
		}
		for kj, to := range l.places[j] {
			if to != d || l.operandShape(j)[kj] == 1 {
				continue
			}
			if !own.Known() {
				own = l.operandExtent(i, k)
			}
			if !l.shapeFacts.Same(own, l.operandExtent(j, kj)) {
				return false
			}
		}
	}
	return true
}

func (l *legalizer) operandShape(j int) []int64 {
	return l.op.Operand(j).Type().(*ir.RankedTensorType).Shape()
}

// rewrite emits the checks and broadcasts and moves the op onto them.
func (l *legalizer) rewrite() {
	op := l.op
	l.builder = *ir.Before(op)
	l.b = &l.builder
	l.shapeOf = resetValues(l.shapeOf, len(l.operands))
	l.aligned = resetValues(l.aligned, len(l.operands))
	clear(l.consts)
	needShape := false
	for i := range l.operands {
		o := &l.operands[i]
		needShape = needShape || (!o.keep && !l.staticBroadcast(o))
	}
	witness := l.check()
	// The result shape and the broadcasts go inside shape.assuming when
	// there is a check, as chlo-legalize-to-stablehlo does.
	inner := l.b
	var assuming *ir.Operation
	if witness != nil {
		assuming, inner = shape.NewAssuming(l.b, witness, []ir.Type{op.Result(0).Type()})
		// Shapes made from now on must still dominate the region.
		l.b.SetInsertionPoint(assuming)
	}
	var resultShape *ir.Value
	if needShape {
		resultShape = l.resultShape(inner)
	}
	op.Attrs.Delete("broadcast_dimensions")
	op.Attrs.Delete("broadcast_policy")
	for i := range l.operands {
		op.SetOperand(i, l.broadcastOperand(inner, &l.operands[i], resultShape))
	}
	if assuming != nil {
		op.Result(0).ReplaceAllUsesWith(assuming.Result(0))
		op.Remove()
		inner.Insert(op)
		shape.NewAssumingYield(inner, []*ir.Value{op.Result(0)})
	}
	if l.spec.Policy == broadcast.Assign {
		// The assignment is its source, now of the destination's shape.
		op.Result(0).ReplaceAllUsesWith(op.Operand(1))
		op.Erase()
	}
}

// resetValues returns vs with n nil entries.
func resetValues(vs []*ir.Value, n int) []*ir.Value {
	vs = slices.Grow(vs[:0], n)[:n]
	clear(vs)
	return vs
}

// staticBroadcast reports whether operand o is broadcast with
// hlo.broadcast_in_dim (it and the result have static shapes).
func (l *legalizer) staticBroadcast(o *bcastOperand) bool {
	return ir.IsStaticShape(o.shape) && ir.IsStaticShape(l.target)
}

// broadcastOperand returns o broadcast to the result shape.
func (l *legalizer) broadcastOperand(b *ir.Builder, o *bcastOperand, resultShape *ir.Value) *ir.Value {
	if o.keep {
		return o.value
	}
	// The result type with o's elements (the op's own result type when
	// they are the same, as types are interned).
	var t ir.Type
	elem := ir.ElementTypeOf(o.value.Type())
	if rt := l.op.Result(0).Type().(*ir.RankedTensorType); rt.Encoding == nil && rt.ElementType() == elem {
		t = rt
	} else {
		t = ir.RankedTensor(l.target, elem)
	}
	dims := ir.NamedAttr{Name: "broadcast_dimensions", Value: l.dimsAttr(o.place)}
	if l.staticBroadcast(o) {
		return b.CreateOp("hlo.broadcast_in_dim", []*ir.Value{o.value}, []ir.Type{t}, dims).Result(0)
	}
	attrs := []ir.NamedAttr{dims}
	if a := l.dimsWhere(o.expanding); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "known_expanding_dimensions", Value: a})
	}
	if a := l.dimsWhere(o.nonExpanding); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "known_nonexpanding_dimensions", Value: a})
	}
	return b.CreateOp("hlo.dynamic_broadcast_in_dim", []*ir.Value{o.value, resultShape}, []ir.Type{t}, attrs...).Result(0)
}

// dimsWhere returns the list of the dims k with in[k] as an attribute, or
// nil if there are none.
func (l *legalizer) dimsWhere(in []bool) *ir.DenseArrayAttr {
	l.dimList = l.dimList[:0]
	for k, x := range in {
		if x {
			l.dimList = append(l.dimList, int64(k))
		}
	}
	if len(l.dimList) == 0 {
		return nil
	}
	return l.dimsAttr(l.dimList)
}

// dimsAttr returns `array<i64: dims...>`, made once per list.
func (l *legalizer) dimsAttr(dims []int64) *ir.DenseArrayAttr {
	l.key = l.key[:0]
	for _, d := range dims {
		l.key = binary.AppendVarint(l.key, d)
	}
	a, ok := l.dimsAttrs[string(l.key)]
	if !ok {
		a = ir.I64Array(dims...)
		l.dimsAttrs[string(l.key)] = a
	}
	return a
}
