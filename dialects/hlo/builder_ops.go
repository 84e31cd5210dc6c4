package hlo

// Typed builders, one per op of the BinaryOps and UnaryOps tables
// (elementwise_ops.go), each naming its op by its definition
// (TestTypedBuildersCoverOps checks that none is missing). Each infers the
// result type and verifies the op as the verifier would, and returns an
// error value for a nil builder or operand, operands that do not
// broadcast, or an element type the op does not accept. The binary ops
// broadcast implicitly (numpy's rules unless an Option says otherwise);
// the unary ops keep their operand's shape. The data-movement ops without
// a builder file of their own (Reverse) follow at the end.

import (
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Add builds `hlo.add`, x + y elementwise:
//
//	%r = hlo.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Add(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, AddOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Subtract builds `hlo.subtract`, x - y elementwise:
//
//	%r = hlo.subtract %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Subtract(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, SubtractOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Multiply builds `hlo.multiply`, x * y elementwise:
//
//	%r = hlo.multiply %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Multiply(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, MultiplyOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Divide builds `hlo.divide`, x / y (integers: truncated toward zero) elementwise:
//
//	%r = hlo.divide %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Divide(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, DivideOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Remainder builds `hlo.remainder`, the remainder of x / y, with the sign of x elementwise:
//
//	%r = hlo.remainder %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Remainder(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, RemainderOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Maximum builds `hlo.maximum`, max(x, y) elementwise:
//
//	%r = hlo.maximum %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Maximum(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, MaximumOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Minimum builds `hlo.minimum`, min(x, y) elementwise:
//
//	%r = hlo.minimum %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Minimum(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, MinimumOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Power builds `hlo.power`, x to the power y elementwise:
//
//	%r = hlo.power %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Power(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, PowerOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Atan2 builds `hlo.atan2`, atan2(x, y) (floats and complex) elementwise:
//
//	%r = hlo.atan2 %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func Atan2(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, Atan2Op, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// NextAfter builds `hlo.next_after`, the neighbour of x towards y in the
// element type (floats; chlo.next_after, np.nextafter) elementwise:
//
//	%r = hlo.next_after %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func NextAfter(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, NextAfterOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// And builds `hlo.and`, x & y (integers; i1: logical and) elementwise:
//
//	%r = hlo.and %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func And(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, AndOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Or builds `hlo.or`, x | y (integers; i1: logical or) elementwise:
//
//	%r = hlo.or %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func Or(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, OrOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Xor builds `hlo.xor`, x ^ y (integers; i1: logical exclusive or) elementwise:
//
//	%r = hlo.xor %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func Xor(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, XorOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// ShiftLeft builds `hlo.shift_left`, x << y (integers) elementwise:
//
//	%r = hlo.shift_left %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func ShiftLeft(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, ShiftLeftOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// ShiftRightArithmetic builds `hlo.shift_right_arithmetic`, x >> y keeping the sign (integers) elementwise:
//
//	%r = hlo.shift_right_arithmetic %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func ShiftRightArithmetic(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, ShiftRightArithmeticOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// ShiftRightLogical builds `hlo.shift_right_logical`, x >> y filling with zeros (integers) elementwise:
//
//	%r = hlo.shift_right_logical %x, %y : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func ShiftRightLogical(b *ir.Builder, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, ShiftRightLogicalOp, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
}

// Negate builds `hlo.negate`, -x elementwise:
//
//	%r = hlo.negate %x : tensor<4xf32>
func Negate(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, NegateOp, x)
}

// Abs builds `hlo.abs`, |x| elementwise:
//
//	%r = hlo.abs %x : tensor<4xf32>
func Abs(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AbsOp, x)
}

// Exponential builds `hlo.exponential`, e^x (floats) elementwise:
//
//	%r = hlo.exponential %x : tensor<4xf32>
func Exponential(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ExponentialOp, x)
}

// ExponentialMinusOne builds `hlo.exponential_minus_one`, e^x - 1, exact near 0 (floats) elementwise:
//
//	%r = hlo.exponential_minus_one %x : tensor<4xf32>
func ExponentialMinusOne(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ExponentialMinusOneOp, x)
}

// Log builds `hlo.log`, the natural logarithm of x (floats) elementwise:
//
//	%r = hlo.log %x : tensor<4xf32>
func Log(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, LogOp, x)
}

// LogPlusOne builds `hlo.log_plus_one`, log(1 + x), exact near 0 (floats) elementwise:
//
//	%r = hlo.log_plus_one %x : tensor<4xf32>
func LogPlusOne(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, LogPlusOneOp, x)
}

// Sqrt builds `hlo.sqrt`, the square root of x (floats) elementwise:
//
//	%r = hlo.sqrt %x : tensor<4xf32>
func Sqrt(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, SqrtOp, x)
}

// Rsqrt builds `hlo.rsqrt`, 1 / sqrt(x) (floats) elementwise:
//
//	%r = hlo.rsqrt %x : tensor<4xf32>
func Rsqrt(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, RsqrtOp, x)
}

// Cbrt builds `hlo.cbrt`, the (principal) cube root of x (floats and
// complex) elementwise:
//
//	%r = hlo.cbrt %x : tensor<4xf32>
func Cbrt(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, CbrtOp, x)
}

// Tanh builds `hlo.tanh`, the hyperbolic tangent of x (floats) elementwise:
//
//	%r = hlo.tanh %x : tensor<4xf32>
func Tanh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, TanhOp, x)
}

// Logistic builds `hlo.logistic`, 1 / (1 + e^-x) (floats) elementwise:
//
//	%r = hlo.logistic %x : tensor<4xf32>
func Logistic(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, LogisticOp, x)
}

// Sign builds `hlo.sign`, -1, 0 or 1 by the sign of x (NaN stays NaN) elementwise:
//
//	%r = hlo.sign %x : tensor<4xf32>
func Sign(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, SignOp, x)
}

// Floor builds `hlo.floor`, x rounded down (floats) elementwise:
//
//	%r = hlo.floor %x : tensor<4xf32>
func Floor(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, FloorOp, x)
}

// Ceil builds `hlo.ceil`, x rounded up (floats) elementwise:
//
//	%r = hlo.ceil %x : tensor<4xf32>
func Ceil(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, CeilOp, x)
}

// RoundNearestEven builds `hlo.round_nearest_even`, x rounded to the nearest integer, ties to even (floats) elementwise:
//
//	%r = hlo.round_nearest_even %x : tensor<4xf32>
func RoundNearestEven(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, RoundNearestEvenOp, x)
}

// Not builds `hlo.not`, ^x (integers; i1: logical not) elementwise:
//
//	%r = hlo.not %x : tensor<4xi32>
func Not(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, NotOp, x)
}

// IsFinite builds `hlo.is_finite`, whether x is neither infinite nor NaN, as i1 (floats) elementwise:
//
//	%r = hlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
func IsFinite(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, IsFiniteOp, x)
}

// Popcnt builds `hlo.popcnt`, the number of bits set in x (integers) elementwise:
//
//	%r = hlo.popcnt %x : tensor<4xi32>
func Popcnt(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, PopcntOp, x)
}

// Sine builds `hlo.sine`, sin(x) (floats) elementwise:
//
//	%r = hlo.sine %x : tensor<4xf32>
func Sine(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, SineOp, x)
}

// Cosine builds `hlo.cosine`, cos(x) (floats) elementwise:
//
//	%r = hlo.cosine %x : tensor<4xf32>
func Cosine(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, CosineOp, x)
}

// Tan builds `hlo.tan`, tan(x) (floats) elementwise:
//
//	%r = hlo.tan %x : tensor<4xf32>
func Tan(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, TanOp, x)
}

// RoundNearestAfz builds `hlo.round_nearest_afz`, x rounded to the nearest integer, halfway cases away from zero (floats) elementwise:
//
//	%r = hlo.round_nearest_afz %x : tensor<4xf32>
func RoundNearestAfz(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, RoundNearestAfzOp, x)
}

// Sinh builds `hlo.sinh`, sinh(x) (floats and complex; chlo.sinh) elementwise:
//
//	%r = hlo.sinh %x : tensor<4xf32>
func Sinh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, SinhOp, x)
}

// Cosh builds `hlo.cosh`, cosh(x) (floats and complex; chlo.cosh) elementwise:
//
//	%r = hlo.cosh %x : tensor<4xf32>
func Cosh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, CoshOp, x)
}

// Asin builds `hlo.asin`, asin(x) (floats and complex; chlo.asin) elementwise:
//
//	%r = hlo.asin %x : tensor<4xf32>
func Asin(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AsinOp, x)
}

// Acos builds `hlo.acos`, acos(x) (floats and complex; chlo.acos) elementwise:
//
//	%r = hlo.acos %x : tensor<4xf32>
func Acos(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AcosOp, x)
}

// Atan builds `hlo.atan`, atan(x) (floats and complex; chlo.atan) elementwise:
//
//	%r = hlo.atan %x : tensor<4xf32>
func Atan(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AtanOp, x)
}

// Asinh builds `hlo.asinh`, asinh(x) (floats and complex; chlo.asinh) elementwise:
//
//	%r = hlo.asinh %x : tensor<4xf32>
func Asinh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AsinhOp, x)
}

// Acosh builds `hlo.acosh`, acosh(x) (floats and complex; chlo.acosh) elementwise:
//
//	%r = hlo.acosh %x : tensor<4xf32>
func Acosh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AcoshOp, x)
}

// Atanh builds `hlo.atanh`, atanh(x) (floats and complex; chlo.atanh) elementwise:
//
//	%r = hlo.atanh %x : tensor<4xf32>
func Atanh(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, AtanhOp, x)
}

// Erf builds `hlo.erf`, the error function erf(x) (floats; chlo.erf) elementwise:
//
//	%r = hlo.erf %x : tensor<4xf32>
func Erf(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ErfOp, x)
}

// IsInf builds `hlo.is_inf`, whether x is an infinity (floats to i1; chlo.is_inf) elementwise:
//
//	%r = hlo.is_inf %x : (tensor<4xf32>) -> tensor<4xi1>
func IsInf(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, IsInfOp, x)
}

// IsPosInf builds `hlo.is_pos_inf`, whether x is +Inf (floats to i1; chlo.is_pos_inf) elementwise:
//
//	%r = hlo.is_pos_inf %x : (tensor<4xf32>) -> tensor<4xi1>
func IsPosInf(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, IsPosInfOp, x)
}

// IsNegInf builds `hlo.is_neg_inf`, whether x is -Inf (floats to i1; chlo.is_neg_inf) elementwise:
//
//	%r = hlo.is_neg_inf %x : (tensor<4xf32>) -> tensor<4xi1>
func IsNegInf(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, IsNegInfOp, x)
}

// Reverse builds `hlo.reverse` (jnp.flip): x with its elements in reverse
// order along each of dims; the result has x's type:
//
//	%r = hlo.reverse %x, dims = [1] : tensor<3x4xf32>
//
// Dims out of range or repeated are the verifier's error value, located
// at the op, as are a nil builder or operand.
func Reverse(b *ir.Builder, x *ir.Value, dims []int64) (*ir.Value, error) {
	name := ReverseOp.Name
	if err := checkArgs(b, name, x); err != nil {
		return nil, err
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{x.Type()}, Loc: funcdialect.CallerLoc(b)}
	st.AddAttr("dimensions", ir.I64Array(dims...))
	return create(b, st)
}

// Erfc builds `hlo.erfc`, the complementary error function 1 - erf(x)
// (floats; chlo.erfc) elementwise:
//
//	%r = hlo.erfc %x : tensor<4xf32>
func Erfc(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ErfcOp, x)
}

// Lgamma builds `hlo.lgamma`, log|Γ(x)| (floats; chlo.lgamma,
// jax.scipy.special.gammaln) elementwise:
//
//	%r = hlo.lgamma %x : tensor<4xf32>
func Lgamma(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, LgammaOp, x)
}

// ErfInv builds `hlo.erf_inv`, the inverse error function (floats;
// chlo.erf_inv, jax.scipy.special.erfinv) elementwise:
//
//	%r = hlo.erf_inv %x : tensor<4xf32>
func ErfInv(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ErfInvOp, x)
}

// Digamma builds `hlo.digamma`, ψ(x) = Γ'(x)/Γ(x) (floats;
// chlo.digamma, jax.scipy.special.digamma) elementwise:
//
//	%r = hlo.digamma %x : tensor<4xf32>
func Digamma(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, DigammaOp, x)
}

// ReducePrecision builds `hlo.reduce_precision`, each element of x
// rounded to the float format of exponentBits exponent and mantissaBits
// mantissa bits and back (jax.lax.reduce_precision); the result has x's
// type:
//
//	%r = hlo.reduce_precision %x, format = e5m10 : tensor<6xf32>
//
// exponentBits < 1, mantissaBits < 0 and non-float elements are the
// verifier's error value, located at the op.
func ReducePrecision(b *ir.Builder, x *ir.Value, exponentBits, mantissaBits int32) (*ir.Value, error) {
	name := ReducePrecisionOp.Name
	if err := checkArgs(b, name, x); err != nil {
		return nil, err
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{x.Type()}, Loc: funcdialect.CallerLoc(b)}
	st.AddAttr("exponent_bits", ir.IntAttr(ir.I32, int64(exponentBits)))
	st.AddAttr("mantissa_bits", ir.IntAttr(ir.I32, int64(mantissaBits)))
	return create(b, st)
}

// Real builds `hlo.real`, the real part of complex elements (a real
// operand is returned as is):
//
//	%r = hlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
func Real(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, RealOp, x)
}

// Imag builds `hlo.imag`, the imaginary part of complex elements (0 for a
// real operand):
//
//	%r = hlo.imag %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
func Imag(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ImagOp, x)
}

// Conj builds `hlo.conj` (CHLO's conj), the complex conjugate (a real
// operand is returned as is):
//
//	%r = hlo.conj %z : tensor<4xcomplex<f32>>
func Conj(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	return unary(b, ConjOp, x)
}

// Complex builds `hlo.complex`, the complex numbers re + i*im from two
// tensors of one shape and of f32 or f64 elements:
//
//	%z = hlo.complex %re, %im : tensor<4xcomplex<f32>>
func Complex(b *ir.Builder, re, im *ir.Value) (*ir.Value, error) {
	if err := checkArgs(b, ComplexOp.Name, re, im); err != nil {
		return nil, err
	}
	rt := ir.WithElementType(re.Type(), ir.Complex(ir.ElementTypeOf(re.Type())))
	return create(b, &ir.OpState{Name: ComplexOp.Name, Operands: []*ir.Value{re, im}, ResultTypes: []ir.Type{rt}, Loc: funcdialect.CallerLoc(b)})
}
