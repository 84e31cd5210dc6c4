package hlo

import (
	gomath "math"
	"math/big"
	"math/rand"
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

// TestRoundIntRoundsOnce checks ElemKind.RoundInt against math/big's
// rounding to nearest even at each format's precision, on integers just
// above halfway points (where rounding through float64 or float32 first
// rounds twice) and random ones, signed and unsigned.
func TestRoundIntRoundsOnce(t *testing.T) {
	formats := []struct {
		k    ir.FloatKind
		prec uint
		max  float64
	}{{ir.F16, 11, 65504}, {ir.BF16, 8, 0x1.fep127}, {ir.F32, 24, gomath.MaxFloat32}, {ir.F64, 53, gomath.MaxFloat64}}
	var vals []uint64
	for top := 1; top < 64; top++ {
		for _, p := range []int{8, 11, 24, 53} {
			if top-p >= 1 {
				vals = append(vals, 1<<uint(top)+1<<uint(top-p)+1, 1<<uint(top)+1<<uint(top-p), 1<<uint(top)+1<<uint(top-p)-1)
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 2000 {
		vals = append(vals, rng.Uint64()>>uint(rng.Intn(64)))
	}
	vals = append(vals, 0, 1, gomath.MaxUint64, 1<<63, 1<<63-1)
	for _, f := range formats {
		k := ElemKind{Float: true, Format: f.k}
		for _, u := range vals {
			for _, unsigned := range []bool{true, false} {
				b := new(big.Float).SetPrec(f.prec).SetMode(big.ToNearestEven)
				if unsigned {
					b.SetUint64(u)
				} else {
					b.SetInt64(int64(u))
				}
				want, _ := b.Float64()
				if gomath.Abs(want) > f.max {
					want = gomath.Copysign(gomath.Inf(1), want)
				}
				if got := k.RoundInt(int64(u), unsigned); got != want {
					t.Fatalf("RoundInt(%d, unsigned %v) to %v = %v, want %v", int64(u), unsigned, f.k, got, want)
				}
			}
		}
	} // ConvertElem and the interpreter's casts round through it.
	_, fromInt := ConvertElem(ElemKind{Int: IntKind{Width: 64}}, ElemKind{Float: true, Format: ir.BF16})
	if got, _ := fromInt(1<<62 + 1<<54 + 1); got != 1<<62+1<<55 {
		t.Errorf("convert i64 2^62+2^54+1 to bf16 = %v, want 2^62+2^55", got)
	}
}
