package math

import (
	gomath "math"
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// UnaryOps maps each unary math op's definition to its scalar function,
// computed in float64: its folder and the reference interpreter use it,
// and so do the hlo ops whose element is the math op's (hlo's
// exponential is math.exp's function, so both give the same bits).
var UnaryOps = map[*ir.OpDef]func(float64) float64{}

// BinaryOps maps each binary math op's definition to its scalar function.
var BinaryOps = map[*ir.OpDef]func(float64, float64) float64{}

// The ops' definitions, by MLIR's names for them (math::ExpOp is Exp):
// conversions and builders refer to an op by its definition.
var (
	Exp       = unary("exp", gomath.Exp)
	ExpM1     = unary("expm1", gomath.Expm1)
	Log       = unary("log", logF)
	Log1p     = unary("log1p", gomath.Log1p)
	Sqrt      = unary("sqrt", gomath.Sqrt)
	Rsqrt     = unary("rsqrt", func(x float64) float64 { return 1 / gomath.Sqrt(x) })
	Cbrt      = unary("cbrt", gomath.Cbrt)
	Tanh      = unary("tanh", gomath.Tanh)
	AbsF      = unary("absf", gomath.Abs)
	Floor     = unary("floor", gomath.Floor)
	Ceil      = unary("ceil", gomath.Ceil)
	RoundEven = unary("roundeven", gomath.RoundToEven)
	Sin       = unary("sin", sinF)
	Cos       = unary("cos", cosF)
	Tan       = unary("tan", tanF)
	Sinh      = unary("sinh", sinhF)
	Cosh      = unary("cosh", coshF)
	Asin      = unary("asin", asinF)
	Acos      = unary("acos", acosF)
	Atan      = unary("atan", gomath.Atan)
	Asinh     = unary("asinh", gomath.Asinh)
	Acosh     = unary("acosh", gomath.Acosh)
	Atanh     = unary("atanh", gomath.Atanh)
	Erf       = unary("erf", gomath.Erf)
	Erfc      = unary("erfc", gomath.Erfc)   // MLIR has it from LLVM 20 on (mlir-opt-19 does not know it)
	Round     = unary("round", gomath.Round) // halfway cases away from zero
	// Lgamma is this package's own op, not MLIR's (no MLIR version has
	// it, and mlir-opt rejects it): log|Γ(x)|, which hlo.lgamma lowers
	// to and lower/llvm computes with the C library's lgamma_r.
	Lgamma = unary("lgamma", lgammaF)
	PowF   = binary("powf", gomath.Pow)
	Atan2  = binary("atan2", atan2F)
)

// unary declares the unary op `math.name` with scalar function f.
func unary(name string, f func(float64) float64) *ir.OpDef {
	d := def(name, 1, f, nil)
	UnaryOps[d] = f
	return d
}

// binary declares the binary op `math.name` with scalar function f.
func binary(name string, f func(float64, float64) float64) *ir.OpDef {
	d := def(name, 2, nil, f)
	BinaryOps[d] = f
	return d
}

var noFastmath = &ir.OpaqueAttr{Text: "arith.fastmath<none>"}

// fastmathFlags are the bits of #arith.fastmath in MLIR's order; `fast`
// is all of them.
var fastmathFlags = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

const fastmathAll = 1<<7 - 1

// parseFastmath reads the body of `<nnan, ninf>` into flag bits.
func parseFastmath(body string) (int, bool) {
	if len(body) < 2 || body[0] != '<' || body[len(body)-1] != '>' {
		return 0, false
	}
	bits := 0
	for _, f := range strings.Split(body[1:len(body)-1], ",") {
		switch f = strings.TrimSpace(f); f {
		case "none":
		case "fast":
			bits |= fastmathAll
		default:
			i := slices.Index(fastmathFlags, f)
			if i < 0 {
				return 0, false
			}
			bits |= 1 << i
		}
	}
	return bits, true
}

// NoFastmath is the `fastmath` attribute of an op without flags,
// `#arith.fastmath<none>`.
var NoFastmath = noFastmath

// ParseFastmath parses the optional `fastmath<flags>` of a math or complex
// op (MLIR's FastMathFlags, checked) and returns its attribute,
// NoFastmath when there is none.
func ParseFastmath(p *ir.OpParser) *ir.OpaqueAttr {
	if !p.AcceptKeyword("fastmath") {
		return noFastmath
	}
	bits, ok := parseFastmath(p.ParseAngleBody())
	if !ok {
		p.Fail("expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast")
	}
	return fastmathAttr(bits)
}

// PrintFastmath writes op's ` fastmath<flags>` as MLIR prints it, nothing
// when it has none.
func PrintFastmath(p *ir.OpPrinter, op *ir.Operation) {
	if f, ok := op.Attr("fastmath").(*ir.OpaqueAttr); ok && f.Text != noFastmath.Text {
		p.Write(" " + f.Text[len("arith."):])
	}
}

// fastmathAttr is the attribute MLIR builds for the flag bits, spelled as
// MLIR prints it: `none`, `fast`, or the flags in bit order.
func fastmathAttr(bits int) *ir.OpaqueAttr {
	switch bits {
	case 0:
		return noFastmath
	case fastmathAll:
		return &ir.OpaqueAttr{Text: "arith.fastmath<fast>"}
	}
	var names []string
	for i, f := range fastmathFlags {
		if bits&(1<<i) != 0 {
			names = append(names, f)
		}
	}
	return &ir.OpaqueAttr{Text: "arith.fastmath<" + strings.Join(names, ",") + ">"}
}

func def(name string, n int, f1 func(float64) float64, f2 func(float64, float64) float64) *ir.OpDef {
	return &ir.OpDef{
		Name:          "math." + name,
		Summary:       "elementwise math." + name,
		Doc:           "%r = math." + name + " %x : f32",
		Traits:        ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
		Operands:      n,
		Results:       1,
		InherentAttrs: []string{"fastmath"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			loc := p.Loc()
			refs := p.ParseOperandList()
			st.AddAttr("fastmath", ParseFastmath(p))
			p.ParseOptionalAttrDict(&st.Attrs)
			t := p.ParseColonType()
			ts := make([]ir.Type, len(refs))
			for i := range ts {
				ts[i] = t
			}
			st.Operands = p.ResolveAll(refs, ts, loc)
			st.ResultTypes = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operands(op.Operands())
			PrintFastmath(p, op)
			p.OptionalAttrDict("fastmath")
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			for i, v := range op.Operands() {
				if !ir.IsFloat(ir.ElementTypeOf(v.Type())) {
					return op.Emit("operand #%d must be floating-point-like, but got '%s'", i, v.Type())
				}
			}
			if a := op.Attr("fastmath"); a != nil {
				f, ok := a.(*ir.OpaqueAttr)
				if ok {
					_, ok = parseFastmath(strings.TrimPrefix(f.Text, "arith.fastmath"))
					ok = ok && strings.HasPrefix(f.Text, "arith.fastmath<")
				}
				if !ok {
					return op.Emit("attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags, but got %s", ir.AttrString(a))
				}
			}
			return nil
		},
		Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			for _, x := range c {
				if x == nil {
					return nil
				}
			}
			var a ir.Attribute
			if n == 1 {
				a = arith.ElementwiseFold2(c[0], c[0], op.Result(0).Type(), func(x, _ float64) float64 { return f1(x) }, nil)
			} else {
				a = arith.ElementwiseFold2(c[0], c[1], op.Result(0).Type(), f2, nil)
			}
			if a == nil {
				return nil
			}
			return []ir.FoldResult{{Attr: a}}
		},
	}
}

func init() {
	ir.Register(Exp, ExpM1, Log, Log1p, Sqrt, Rsqrt, Cbrt, Tanh, AbsF, Floor, Ceil, RoundEven, Sin, Cos,
		Tan, Sinh, Cosh, Asin, Acos, Atan, Asinh, Acosh, Atanh, Erf, Erfc, Round, Lgamma, PowF, Atan2)
}
