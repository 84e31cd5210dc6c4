package hlo

import (
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// classKinds are an element type of each kind (float, signless, unsigned,
// i1) for checking what a class accepts.
var classKinds = []struct {
	name string
	t    ir.Type
}{{"float", ir.F32T}, {"signed", ir.I32}, {"unsigned", ir.Integer(8, ir.Unsigned)}, {"bool", ir.I1}}

// TestScalarLoweringsCoverClasses: every element kind an elementwise op's
// class accepts has a lowering (an op for the kind, or Emit), so
// ScalarLowering.Build never meets a verified op it cannot lower.
func TestScalarLoweringsCoverClasses(t *testing.T) {
	if len(ElementwiseOps()) != len(BinaryOps)+len(UnaryOps)+6 {
		t.Errorf("%d elementwise entries for %d binary and %d unary ops, and compare, select, clamp, convert, reduce_precision and complex",
			len(ElementwiseOps()), len(BinaryOps), len(UnaryOps))
	}
	for _, e := range ElementwiseOps() {
		if ElementwiseOf(e.Def) != e || ir.LookupOp(e.Def.Name) != e.Def {
			t.Errorf("%s: not indexed or not registered", e.Def.Name)
		}
		if e.Class.TakesComplex() && e.Lower.Complex == nil && e.Lower.Emit == nil {
			t.Errorf("%s takes complex elements but has no lowering for them", e.Def.Name)
		}
		if e.Lower.Emit != nil {
			continue
		}
		for i, def := range []*ir.OpDef{e.Lower.Float, e.Lower.Signed, e.Lower.Unsigned, e.Lower.Bool} {
			if k := classKinds[i]; e.Class.accepts(k.t) && def == nil {
				t.Errorf("%s takes %s elements (%s) but has no lowering for them", e.Def.Name, k.name, k.t)
			}
		}
	}
}

// TestEvalCoversClasses: every element kind a binary or unary op's class
// accepts has an element function, so the folder and the interpreter
// compute every verified op.
func TestEvalCoversClasses(t *testing.T) {
	for _, b := range BinaryOps {
		for i, defined := range []bool{b.Eval.Float != nil || b.Eval.FloatOf != nil, b.Eval.Signed != nil, b.Eval.Unsigned != nil, b.Eval.Bool != nil} {
			if k := classKinds[i]; b.Class.accepts(k.t) && !defined {
				t.Errorf("hlo.%s takes %s elements (%s) but has no function for them", b.Name, k.name, k.t)
			}
		}
	}
	for _, b := range BinaryOps {
		if b.Class.TakesComplex() && b.Eval.Complex == nil {
			t.Errorf("hlo.%s takes complex elements but has no function for them", b.Name)
		}
	}
	for _, u := range UnaryOps {
		if u.Class.TakesComplex() && u.Eval.Complex == nil && u.Eval.ComplexToReal == nil {
			t.Errorf("hlo.%s takes complex elements but has no function for them", u.Name)
		}
		float := u.Eval.Float != nil || u.Eval.FloatTest != nil
		for i, defined := range []bool{float, u.Eval.Signed != nil, u.Eval.Unsigned != nil, u.Eval.Bool != nil} {
			if k := classKinds[i]; u.Class.accepts(k.t) && !defined {
				t.Errorf("hlo.%s takes %s elements (%s) but has no function for them", u.Name, k.name, k.t)
			}
		}
	}
}
