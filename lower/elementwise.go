package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The elementwise ops (hlo's tables: binary, unary, compare, select,
// clamp, convert) each become one all-parallel linalg.generic whose body
// computes the element with the op's scalar lowering
// (hlo.ScalarLowering, beside the op's element functions), reading each
// operand through the broadcast that produced it, if any (accessFor). A
// new entry in hlo's tables is converted with no change here.

func init() {
	cs := map[*ir.OpDef]conversion{}
	for _, e := range hlo.ElementwiseOps() {
		cs[e.Def] = func(l *lowering, op *ir.Operation) error { return l.convertElementwise(op, e.Lower) }
	}
	registerConversions(cs)
}

// convertElementwise turns an elementwise hlo op whose operands have the
// result's shape into one all-parallel linalg.generic whose body is the
// op's scalar lowering.
func (l *lowering) convertElementwise(op *ir.Operation, lower hlo.ScalarLowering) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	n := op.NumOperands()
	for i := range n {
		st, _ := op.Operand(i).Type().(*ir.RankedTensorType)
		if st == nil || !ir.ShapesCompatible(st.Shape(), rt.Shape()) {
			return op.Emit("operand #%d has type '%s'; run hlo-legalize-broadcasts first so that every operand has the result's shape", i, op.Operand(i).Type())
		}
	}
	rank := rt.Rank()
	l.resetAccesses()
	for i := range n {
		l.accesses = append(l.accesses, l.accessFor(op.Operand(i), rank))
	}
	b := ir.Before(op)
	var dyn []*ir.Value
	if !rt.HasStaticShape() {
		dyn = loopSizes(b, rt, l.accesses, op.Operands()...)
	}
	// Signed and unsigned integers (si8, ui32, ...) are computed on their
	// signless views, as arith requires; the scalar lowering reads the
	// op's own types to choose unsigned arithmetic.
	for i := range l.accesses {
		l.accesses[i].value = signlessView(b, l.accesses[i].value)
	}
	out := signlessType(rt)
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}}).Result(0)
	gen, body := l.generic(b, op, l.accesses, empty)
	bb := ir.AtEnd(body)
	bb.Loc = op.Loc
	r := lower.Build(bb, op, body.Args()[:n])
	bb.Create(&ir.OpState{Name: "linalg.yield", Operands: []*ir.Value{r}})
	res := gen.Result(0)
	if out != rt {
		res = bitcastTensor(b, res, rt)
	}
	op.Result(0).ReplaceAllUsesWith(res)
	op.Erase()
	return nil
}

// signlessType is t with a signed or unsigned integer element type made
// signless (t itself otherwise).
func signlessType(t *ir.RankedTensorType) *ir.RankedTensorType {
	it, ok := t.ElementType().(*ir.IntegerType)
	if !ok || it.Sign == ir.Signless {
		return t
	}
	return ir.RankedTensorWithEncoding(t.Shape(), ir.Integer(it.Width, ir.Signless), t.Encoding)
}

// signlessView is v viewed with a signless element type (tensor.bitcast),
// v itself when it has one; the view of a tensor.bitcast from the signless
// type is that bitcast's source, so that a chain of unsigned ops leaves no
// bitcasts between its kernels.
func signlessView(b *ir.Builder, v *ir.Value) *ir.Value {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return v
	}
	to := signlessType(t)
	if to == t {
		return v
	}
	return bitcastTensor(b, v, to)
}

// bitcastTensor is `tensor.bitcast v : T to t`: v itself when T is t,
// folded when v is itself a bitcast from t.
func bitcastTensor(b *ir.Builder, v *ir.Value, t ir.Type) *ir.Value {
	if v.Type() == t {
		return v
	}
	if def := v.DefiningOp(); def != nil && def.Def() == tensor.Bitcast && def.Operand(0).Type() == t {
		return def.Operand(0)
	}
	return b.Create(&ir.OpState{Name: "tensor.bitcast", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
}
