package hlo

import (
	"math"
	"math/cmplx"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The element functions on complex<f32> and complex<f64> (StableHLO's
// complex semantics). Each computes in complex128 from the operands' exact
// values; the caller rounds each part of the result to the element's part
// type (RoundComplex), so complex<f32> results are within an ulp or so of
// |z| of numpy's complex64, which computes in float32. Transcendental
// functions are Go's math/cmplx (C99 Annex G's special values: numpy's
// too, for the values tested). The folder and the interpreter call these
// same functions.

// RoundComplex rounds each part of z to the part type of the complex
// element kind k (a float format).
func RoundComplex(z complex128, k ir.FloatKind) complex128 {
	if k == ir.F64 {
		return z
	}
	f := ElemKind{Float: true, Format: k}
	return complex(f.Round(real(z)), f.Round(imag(z)))
}

func addC(a, b complex128) complex128 { return a + b }
func subC(a, b complex128) complex128 { return a - b }
func mulC(a, b complex128) complex128 { return a * b }
func divC(a, b complex128) complex128 { return a / b }
func negC(z complex128) complex128    { return -z }
func conjC(z complex128) complex128   { return cmplx.Conj(z) }
func expC(z complex128) complex128    { return cmplx.Exp(z) }
func logC(z complex128) complex128    { return cmplx.Log(z) }
func sqrtC(z complex128) complex128   { return cmplx.Sqrt(z) }
func tanhC(z complex128) complex128   { return cmplx.Tanh(z) }

// rsqrtC is 1 / sqrt(z).
func rsqrtC(z complex128) complex128 { return 1 / cmplx.Sqrt(z) }

// signC is z / |z|, 0 for 0 and NaN (both parts) if a part is NaN.
func signC(z complex128) complex128 {
	switch {
	case cmplx.IsNaN(z):
		return complex(math.NaN(), math.NaN())
	case z == 0:
		return z
	}
	a := cmplx.Abs(z)
	return complex(real(z)/a, imag(z)/a)
}

func absC(z complex128) float64  { return cmplx.Abs(z) }
func realC(z complex128) float64 { return real(z) }
func imagC(z complex128) float64 { return imag(z) }

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
		return func(a, b complex128) bool { return a == b }
	case "NE":
		return func(a, b complex128) bool { return a != b }
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
