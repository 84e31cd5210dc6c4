package lower

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Broadcasts (hlo.broadcast_in_dim, hlo.dynamic_broadcast_in_dim) are not
// converted where they stand: the generics reading them read through
// their maps (accessFor), and what is left of them once every other op is
// converted is erased, materialized, or, for could-be-1 dims, kept for
// linalg-version-broadcasts (finishBroadcasts). hlo.BroadcastMap and
// hlo.BroadcastReads are the one reading of a broadcast's dims.

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.BroadcastInDim:        deferBroadcast,
		hlo.DynamicBroadcastInDim: deferBroadcast,
		hlo.AssignOp:              convertAssign,
	})
}

// convertAssign: hlo-legalize-broadcasts replaces an assignment with its
// checks and a broadcast of the source into the destination's shape
// (read through its map by the generics that use it, or materialized
// into the result where it is returned); the destination's elements are
// never read. What is left is an assignment of a source of the
// destination's static type, which is the source.
func convertAssign(_ *lowering, op *ir.Operation) error {
	if t := op.Result(0).Type(); op.Operand(1).Type() != t || !ir.IsStaticShape(t.(*ir.RankedTensorType).Shape()) {
		return op.Emit("has a source of type '%s' for a destination of type '%s'; run hlo-legalize-broadcasts first, which checks the sizes and makes the broadcast explicit", op.Operand(1).Type(), op.Result(0).Type())
	}
	return replace(op, op.Operand(1))
}

// deferBroadcast leaves a broadcast for finishBroadcasts.
func deferBroadcast(l *lowering, op *ir.Operation) error {
	l.broadcasts = append(l.broadcasts, op)
	return nil
}

// finishBroadcasts erases the broadcasts whose readers all read through
// indexing maps (last first, so that a broadcast of a broadcast goes
// first) and materializes those still used (something other than an
// elementwise op reads them).
func (l *lowering) finishBroadcasts() error {
	for _, op := range slices.Backward(l.broadcasts) {
		if op.Block() == nil {
			continue
		}
		if !op.Result(0).HasUses() {
			op.Erase()
			continue
		}
		if err := l.materializeBroadcast(op); err != nil {
			return err
		}
	}
	return nil
}

func isBroadcast(op *ir.Operation) bool {
	return op.Def() == hlo.BroadcastInDim || op.Def() == hlo.DynamicBroadcastInDim
}

// accessFor reads v in a loop nest of rank loops, looking through a
// broadcast that produced v: the generic then reads the broadcast's
// operand directly through the broadcast's map, which is the point of
// this lowering (no copy of broadcast data is ever made).
//
// A dynamic broadcast with a could-be-1 dim has no one right map: the
// generic reads the broadcast's result as it is (identity map, and no
// loop bound taken from it, so the bounds come from the other operands or
// the broadcast's shape operand), the broadcast stays in place,
// unmaterialized, and linalg-version-broadcasts later gives each run-time
// pattern of those dims its own copy of the (fused) generic with static
// maps.
func (l *lowering) accessFor(v *ir.Value, rank int) operandAccess {
	if def := v.DefiningOp(); def != nil && isBroadcast(def) {
		if in, ok := def.Operand(0).Type().(*ir.RankedTensorType); ok {
			a := l.access(def.Operand(0), in.Rank())
			if couldBe1, ok := hlo.BroadcastReads(def, nil, a.reads, a.sizeDims); ok {
				if !couldBe1 {
					return a
				}
				return l.identityAccess(v, rank, false)
			}
		}
	}
	return l.identityAccess(v, rank, true)
}

// shapeElement reads element d of a dynamic broadcast's shape operand
// (the broadcast result v's defining op) as an index.
func shapeElement(b *ir.Builder, v *ir.Value, d int) *ir.Value {
	def := v.DefiningOp()
	if def == nil || def.Def() != hlo.DynamicBroadcastInDim {
		return nil
	}
	shape := def.Operand(1)
	et := ir.ElementTypeOf(shape.Type())
	x := b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{shape, indexConst(b, int64(d))}, ResultTypes: []ir.Type{et}}).Result(0)
	if et == ir.Index {
		return x
	}
	return b.Create(&ir.OpState{Name: arith.IndexCast.Name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{ir.Index}}).Result(0)
}

// materializeBroadcast turns a broadcast that something other than an
// elementwise op reads into a generic copying through the broadcast map
// (the only place this lowering writes broadcast data: the user asked for
// the broadcast value itself).
//
// A broadcast with could-be-1 dims (see accessFor) stays in place for the
// generics that read it and for a could-be-1 broadcast of it (both are
// versioned by linalg-version-broadcasts; l.kept records it for the
// legality check); tensor.dim of it reads its shape operand instead; any
// other user gets a generic that copies its result with the identity map,
// which is versioned like any reader.
func (l *lowering) materializeBroadcast(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	rt, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || rt == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	l.resetAccesses()
	acc := l.access(op.Operand(0), in.Rank())
	couldBe1, _ := hlo.BroadcastReads(op, nil, acc.reads, acc.sizeDims)
	if !couldBe1 {
		b := ir.Before(op)
		copied := l.genericCopy(b, op, acc, loopSizes(b, rt, []operandAccess{acc}, op.Result(0)))
		op.Result(0).ReplaceAllUsesWith(copied)
		op.Erase()
		return nil
	}
	r := op.Result(0)
	for _, u := range r.Users() {
		if u.Name() != "tensor.dim" || u.NumOperands() != 2 || u.Operand(0) != r {
			continue
		}
		if c, ok := ir.ConstantValue(u.Operand(1)).(*ir.IntegerAttr); ok {
			u.Result(0).ReplaceAllUsesWith(shapeElement(ir.Before(u), r, int(c.Value)))
			u.Erase()
		}
	}
	l.kept[op] = true
	versioned := func(u *ir.OpOperand) bool {
		switch user := u.Owner(); {
		case user.Name() == "linalg.generic":
			return u.Index() < linalg.NumInputs(user)
		case user.Def() == hlo.DynamicBroadcastInDim:
			_, _, outer, _ := hlo.BroadcastMap(user, nil)
			return u.Index() == 0 && len(outer) > 0
		}
		return false
	}
	if !slices.ContainsFunc(r.Uses(), func(u *ir.OpOperand) bool { return !versioned(u) }) {
		return nil
	}
	b := ir.Before(op)
	b.SetInsertionPointAfter(op)
	id := l.identityAccess(r, rt.Rank(), false)
	copied := l.genericCopy(b, op, id, loopSizes(b, rt, []operandAccess{id}, r))
	r.ReplaceUsesIf(copied, func(u *ir.OpOperand) bool { return !versioned(u) })
	return nil
}
