package transforms

import (
	"fmt"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// linalg-version-broadcasts is the last pass that sees hlo: after it no
// hlo op is left, and one that is left is an error. This file holds what
// makes that so for the broadcasts the pass removes, before and after
// the versioning, and the check. A broadcast removed here (rather than by
// a version reading its operand) was lowered by LLVM emission before,
// with a run-time check that each operand dim is 1 or the result's size:
// the check stays, as a cf.assert (checkBroadcast).

// copyEscapingBroadcasts gives each could-be-1 broadcast whose value
// itself is used (returned, reshaped: by an op that reads it neither
// element by element nor for its shape) an identity copy in a generic,
// which is versioned like any reader, and returns the copies. It checks
// each such broadcast's sizes once (checkBroadcast) and marks it in
// checked, so that versioning the copy does not check them again.
// hlo-legalize-to-linalg makes that copy, but canonicalize erases it
// again as an identity generic.
func copyEscapingBroadcasts(root *ir.Operation, checked map[*ir.Operation]bool) []*ir.Operation {
	var copies []*ir.Operation
	for _, bc := range dynamicBroadcasts(root) {
		r := bc.Result(0)
		rt, ok := r.Type().(*ir.RankedTensorType)
		if !ok || !slices.ContainsFunc(r.Uses(), escapes) {
			continue
		}
		if _, _, couldBe1, ok := hlo.BroadcastMap(bc, nil); !ok || len(couldBe1) == 0 {
			continue
		}
		checkBroadcast(bc)
		checked[bc] = true // the copy's versions need no second check
		b := ir.Before(bc)
		b.SetInsertionPointAfter(bc)
		consts := indexConstants(b)
		var sizes []*ir.Value
		for d, s := range rt.Shape() {
			if s == ir.Dynamic {
				sizes = append(sizes, shapeExtent(b, consts, bc.Operand(1), d))
			}
		}
		empty := b.CreateOp("tensor.empty", sizes, []ir.Type{rt}).Result(0)
		st := &ir.OpState{Name: "linalg.generic", Operands: []*ir.Value{r, empty}, ResultTypes: []ir.Type{rt}}
		id := affine.Identity(rt.Rank())
		parallel := make([]string, rt.Rank())
		for i := range parallel {
			parallel[i] = linalg.Parallel
		}
		linalg.SetGenericAttrs(st, []affine.Map{id, id}, parallel, 1, 1)
		g := b.Create(st)
		body := g.AddRegion(nil).AddBlock(nil)
		in := body.AddArg(rt.ElementType(), bc.Loc)
		body.AddArg(rt.ElementType(), bc.Loc)
		yield := ir.AtEnd(body)
		yield.Loc = bc.Loc
		yield.CreateOp("linalg.yield", []*ir.Value{in}, nil)
		r.ReplaceUsesIf(g.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != g && escapes(u) })
		copies = append(copies, g)
	}
	return copies
}

// escapes reports whether a use of a broadcast's value needs the value
// itself: a generic's input, tensor.dim, tensor.extract and shape.shape_of
// read through it, and another hlo op is left for the legality check.
func escapes(u *ir.OpOperand) bool {
	o := u.Owner()
	switch o.Name() {
	case "linalg.generic":
		return u.Index() >= linalg.NumInputs(o)
	case "tensor.dim", "tensor.extract", "shape.shape_of":
		return false
	}
	return o.Dialect() != "hlo"
}

// removeLeftoverBroadcasts makes the readers of the dynamic broadcasts
// still in root read what each broadcast is made of: shape.shape_of and
// tensor.dim the shape operand (hlo.DynamicBroadcastReaderPatterns),
// tensor.extract, as in the indexed version of a broadcast of a
// broadcast, the operand at the index the broadcast reads
// (hlo.DynamicBroadcastElementPattern, after checkBroadcast). It erases
// the broadcasts that nothing reads any more, and returns an error at the
// first hlo op left: nothing after this pass lowers hlo.
func removeLeftoverBroadcasts(root *ir.Operation) error {
	patterns := hlo.DynamicBroadcastReaderPatterns()
	element := hlo.DynamicBroadcastElementPattern()
	checked := map[*ir.Operation]bool{}
	for changed := true; changed; {
		changed = false
		bcs := dynamicBroadcasts(root)
		// Last first: a broadcast of a broadcast hands its reads down.
		for _, bc := range slices.Backward(bcs) {
			for _, u := range bc.Result(0).Users() {
				rw := &ir.Rewriter{}
				rw.SetInsertionPoint(u)
				rw.Loc = u.Loc
				if u.Name() == element.Root() {
					if !checked[bc] {
						checkBroadcast(bc)
						checked[bc] = true
					}
					changed = element.MatchAndRewrite(u, rw) || changed
					continue
				}
				for _, p := range patterns {
					if p.Root() == u.Name() && p.MatchAndRewrite(u, rw) {
						changed = true
						break
					}
				}
			}
			if !bc.Result(0).HasUses() {
				bc.Erase()
				changed = true
			}
		}
	}
	var left *ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if left == nil && op.Dialect() == "hlo" {
			left = op
		}
		return left == nil
	})
	if left != nil {
		return left.Emit("has no lowering to linalg")
	}
	return nil
}

// checkBroadcast emits before bc the check that lower/llvm made when it
// lowered the broadcast: each operand dim is 1 or the size of the result
// dim it becomes. Dims whose static sizes prove it are left out. The
// condition is one comparison, so that the message shows both sizes
// (cf.MessageArgs): the operand's size where it is not 1, against the
// result's.
func checkBroadcast(bc *ir.Operation) {
	x := bc.Operand(0)
	xt, xok := x.Type().(*ir.RankedTensorType)
	rt, rok := bc.Result(0).Type().(*ir.RankedTensorType)
	if !xok || !rok {
		return
	}
	b := ir.Before(bc)
	consts := indexConstants(b)
	for i, r := range hlo.I64s(bc.Attr("broadcast_dimensions")) {
		in, out := xt.Shape()[i], rt.Shape()[r]
		if in == 1 || in != ir.Dynamic && in == out {
			continue
		}
		size := dimSize(b, consts, x, i)
		want := shapeExtent(b, consts, bc.Operand(1), int(r))
		one := b.CreateOp("arith.cmpi", []*ir.Value{size, consts(1)}, []ir.Type{ir.I1},
			ir.NamedAttr{Name: "predicate", Value: ir.I64Attr(0)}).Result(0) // eq
		got := b.CreateOp("arith.select", []*ir.Value{one, want, size}, []ir.Type{ir.Index}).Result(0)
		ok := b.CreateOp("arith.cmpi", []*ir.Value{got, want}, []ir.Type{ir.I1},
			ir.NamedAttr{Name: "predicate", Value: ir.I64Attr(0)}).Result(0) // eq
		cf.NewAssert(b, ok, fmt.Sprintf("%s: dynamic_broadcast_in_dim: operand dim %d has size {0}, which does not broadcast to {1}", bc.Loc, i))
	}
}

// dynamicBroadcasts returns the hlo.dynamic_broadcast_in_dim ops in root,
// in pre-order.
func dynamicBroadcasts(root *ir.Operation) []*ir.Operation {
	var bcs []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() == "hlo.dynamic_broadcast_in_dim" {
			bcs = append(bcs, op)
		}
		return true
	})
	return bcs
}
