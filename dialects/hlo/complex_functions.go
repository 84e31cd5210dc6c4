package hlo

import (
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The element functions on complex<f32> and complex<f64> (StableHLO's
// complex semantics): those of the complex dialect's ops that the
// elements lower to (dialects/complex/functions.go), as the float ops'
// are math's. Each computes in complex128 from the operands' exact
// values; the caller rounds each part of the result to the element's
// part type (RoundComplex). The folder, the interpreter and the lowered
// code compute the same thing.

// RoundComplex rounds each part of z to the part type of the complex
// element kind k (a float format).
func RoundComplex(z complex128, k ir.FloatKind) complex128 {
	if k == ir.F64 {
		return z
	}
	f := ElemKind{Float: true, Format: k}
	return complex(f.Round(real(z)), f.Round(imag(z)))
}

// complexFn is a complex op's scalar function (complex.exp's for
// hlo.exponential on complex elements), complexFn2 a binary one's and
// toRealFn one to the part type's.
func complexFn(def *ir.OpDef) func(complex128) complex128 { return complexdialect.UnaryOps[def] }
func complexFn2(def *ir.OpDef) func(a, b complex128) complex128 {
	return complexdialect.BinaryOps[def]
}
func toRealFn(def *ir.OpDef) func(complex128) float64 { return complexdialect.ToRealOps[def] }

// logisticC is hlo.logistic on complex elements, 1 / (1 + e^-z), as XLA
// expands it (its logistic expander's form): the complex dialect's neg,
// exp, add and div, which lowerLogistic emits.
func logisticC(z complex128) complex128 {
	exp, neg := complexFn(complexdialect.Exp), complexFn(complexdialect.Neg)
	add, div := complexFn2(complexdialect.Add), complexFn2(complexdialect.Div)
	return div(1, add(1, exp(neg(z))))
}

// zeroF is imag on real elements.
func zeroF(float64) float64 { return 0 }

// identityF is real and conj on real elements.
func identityF(x float64) float64 { return x }

// CompareComplex returns hlo.compare's element function on complex
// elements: EQ (both parts equal, so NaN is unequal to everything) and
// NE; nil for the other directions, which the verifier rejects.
func CompareComplex(dir string) func(a, b complex128) bool {
	switch dir {
	case "EQ":
		return complexdialect.Equal
	case "NE":
		return func(a, b complex128) bool { return !complexdialect.Equal(a, b) }
	}
	return nil
}

// ComplexFromReal is hlo.convert's element from a real element (a float,
// or an integer already converted to float64 by its signedness) to a
// complex one: (x, 0).
func ComplexFromReal(x float64) complex128 { return complex(x, 0) }

// RealFromComplex is hlo.convert's element from complex to a real type:
// the real part, which the caller converts on as a float of the part type
// (numpy's astype does the same, with a ComplexWarning; StableHLO leaves
// it to the implementation and XLA takes the real part).
func RealFromComplex(z complex128) float64 { return real(z) }

// maximumC and minimumC are hlo.maximum and hlo.minimum on complex
// elements: StableHLO's lexicographic order on (real, imaginary), the
// parts compared as floats (-0 == +0 there, so max(-0 + 1i, +0 + 0i) is
// -0 + 1i, as in numpy and StableHLO's reference interpreter). NaN
// propagates as numpy's np.maximum has it: the first operand with a NaN
// part is the result. (StableHLO's reference interpreter and JAX's
// lowering compare with > and pick the second operand when that is
// false, so their max(NaN, 1) is 1; we keep the float ops' rule that NaN
// wins.) Two equal values that differ only in a zero's sign give the
// parts' float maximum (minimum), -0 < +0 as for floats, so that the
// result does not depend on the operands' order; with NaN parts in both,
// the result is the first, the one order-dependent case.
func maximumC(a, b complex128) complex128 { return complexExtremum(a, b, true) }

func minimumC(a, b complex128) complex128 { return complexExtremum(a, b, false) }

// complexExtremum is maximumC (max) or minimumC (!max); lowerComplexExtremum
// emits the same steps.
func complexExtremum(a, b complex128, max bool) complex128 {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	switch {
	case ar != ar || ai != ai:
		return a
	case br != br || bi != bi:
		return b
	case ar == br && ai == bi:
		if max {
			return complex(maximumF(ar, br), maximumF(ai, bi))
		}
		return complex(minimumF(ar, br), minimumF(ai, bi))
	}
	greater := ar > br || (ar == br && ai > bi)
	if greater == max {
		return a
	}
	return b
}

// ClampComplex is hlo.clamp's element on complex elements:
// minimum(maximum(x, lo), hi) in the lexicographic order (ClampFloat's
// rule with maximumC and minimumC).
func ClampComplex(lo, x, hi complex128) complex128 { return minimumC(maximumC(x, lo), hi) }
