package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
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
	if err := checkSignless(op); err != nil {
		return err
	}
	n := op.NumOperands()
	for i := range n {
		st, _ := op.Operand(i).Type().(*ir.RankedTensorType)
		if st == nil || !sameShapeModuloDynamic(st.Shape(), rt.Shape()) {
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
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{rt}}).Result(0)
	gen, body := l.generic(b, op, l.accesses, empty)
	bb := ir.AtEnd(body)
	bb.Loc = op.Loc
	r := lower.Build(bb, op, body.Args()[:n])
	bb.Create(&ir.OpState{Name: "linalg.yield", Operands: []*ir.Value{r}})
	op.Result(0).ReplaceAllUsesWith(gen.Result(0))
	op.Erase()
	return nil
}

func sameShapeModuloDynamic(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}
