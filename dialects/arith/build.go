package arith

import "github.com/bcast-opt/bcast-opt/ir"

// Builders of scalar arith code, for conversions that compute an element
// in arith and math ops (an hlo op's scalar lowering, run-time checks).
// Ops are named by their definitions (AddI, math.Exp).

// Build creates the op def on args with result type t at b, with MLIR's
// default flags (`fastmath<none>`, `overflow<none>`) on the op's flag
// attribute if it has one (arith's and math's float ops, addi, subi, muli,
// shli), and returns its result.
func Build(b *ir.Builder, def *ir.OpDef, t ir.Type, args ...*ir.Value) *ir.Value {
	op := b.Create(&ir.OpState{Name: def.Name, Operands: args, ResultTypes: []ir.Type{t}})
	for _, a := range def.InherentAttrs {
		switch a {
		case "fastmath":
			op.SetAttr(a, noFlags["fastmath"])
		case "overflowFlags":
			op.SetAttr(a, noFlags["overflow"])
		}
	}
	return op.Result(0)
}

// NewCmpI builds `arith.cmpi pred, x, y`, pred one of IntPredicates.
func NewCmpI(b *ir.Builder, pred string, x, y *ir.Value) *ir.Value {
	return newCmp(b, CmpI, predicateIndex(IntPredicates, pred), x, y)
}

// NewCmpF builds `arith.cmpf pred, x, y`, pred one of FloatPredicates.
func NewCmpF(b *ir.Builder, pred string, x, y *ir.Value) *ir.Value {
	return newCmp(b, CmpF, predicateIndex(FloatPredicates, pred), x, y)
}

func newCmp(b *ir.Builder, def *ir.OpDef, pred int, x, y *ir.Value) *ir.Value {
	st := &ir.OpState{Name: def.Name, Operands: []*ir.Value{x, y}, ResultTypes: []ir.Type{I1Like(x.Type())}}
	st.AddAttr("predicate", ir.I64Attr(int64(pred)))
	if def == CmpF {
		st.AddAttr("fastmath", noFlags["fastmath"])
	}
	return b.Create(st).Result(0)
}

// predicateIndex is p's index in list (its enum value); an unknown
// predicate is a programming error.
func predicateIndex(list []string, p string) int {
	for i, x := range list {
		if x == p {
			return i
		}
	}
	panic("arith: unknown predicate " + p)
}

// IntPredicate returns the enum value of cmpi predicate p (for
// EvalIntPredicate).
func IntPredicate(p string) int { return predicateIndex(IntPredicates, p) }

// NewSelect builds `arith.select c, x, y`.
func NewSelect(b *ir.Builder, c, x, y *ir.Value) *ir.Value {
	return Build(b, Select, x.Type(), c, x, y)
}

// IntConstant builds the integer (or index) constant v of type t, wrapped
// to t's width; an i1 constant is `true` or `false`.
func IntConstant(b *ir.Builder, t ir.Type, v int64) *ir.Value {
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		return NewConstant(b, &ir.BoolAttr{Value: v != 0}).Result(0)
	}
	return NewConstant(b, ir.IntAttr(t, ir.TruncateInt(v, t))).Result(0)
}

// FloatConstant builds the float constant v of type t.
func FloatConstant(b *ir.Builder, t ir.Type, v float64) *ir.Value {
	return NewConstant(b, ir.FloatAttrOf(t, v)).Result(0)
}
