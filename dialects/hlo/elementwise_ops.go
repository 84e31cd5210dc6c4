package hlo

import (
	gomath "math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The elementwise ops, one entry each: the declaration (name, element
// class), the element functions per element kind (Eval: float, signed,
// unsigned, bool; element_functions.go) and the scalar lowering per
// element kind (Lower: the arith or math op, or an Emit hook of
// scalar_lowering.go). An op whose element is one math op takes that op's
// function (mathFn) and lowers to it, so the folder, the interpreter and
// the compiled code compute the same thing. An entry here is all that its
// folder, the interpreter and hlo-legalize-to-linalg need
// (docs/adding-an-op.md).

// mathFn is a unary math op's scalar function.
func mathFn(def *ir.OpDef) func(float64) float64 { return math.UnaryOps[def] }

// The binary ops, implicitly broadcasting (numpy rules, XLA's
// broadcast_dimensions, broadcast_policy); e.g.
//
//	%r = hlo.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
var (
	AddOp = declareBinary(&BinaryOp{Name: "add", Class: AnyNumeric | WithComplex, Commutative: true,
		Eval:  BinaryEval{Float: addF, Signed: addI, Unsigned: addI, Bool: orI, Complex: complexFn2(complexdialect.Add)},
		Lower: ScalarLowering{Complex: complexdialect.Add, Float: arith.AddF, Signed: arith.AddI, Unsigned: arith.AddI, Bool: arith.OrI}})
	SubtractOp = declareBinary(&BinaryOp{Name: "subtract", Class: IntOrFloat | WithComplex,
		Eval:  BinaryEval{Float: subF, Signed: subI, Unsigned: subI, Complex: complexFn2(complexdialect.Sub)},
		Lower: ScalarLowering{Complex: complexdialect.Sub, Float: arith.SubF, Signed: arith.SubI, Unsigned: arith.SubI}})
	MultiplyOp = declareBinary(&BinaryOp{Name: "multiply", Class: AnyNumeric | WithComplex, Commutative: true,
		Eval:  BinaryEval{Float: mulF, Signed: mulI, Unsigned: mulI, Bool: andI, Complex: complexFn2(complexdialect.Mul)},
		Lower: ScalarLowering{Complex: complexdialect.Mul, Float: arith.MulF, Signed: arith.MulI, Unsigned: arith.MulI, Bool: arith.AndI}})
	DivideOp = declareBinary(&BinaryOp{Name: "divide", Class: IntOrFloat | WithComplex,
		Eval:  BinaryEval{Float: divF, Signed: divSI, Unsigned: divUI, Complex: complexFn2(complexdialect.Div), Folds: divFolds},
		Lower: ScalarLowering{Complex: complexdialect.Div, Float: arith.DivF, Emit: lowerIntDivRem(false)}})
	// remainder: StableHLO's spec lists complex operands, but defines no
	// complex remainder (openxla/stablehlo#997); the verifier says so.
	RemainderOp = declareBinary(&BinaryOp{Name: "remainder", Class: IntOrFloat, ComplexUndefined: "complex remainder is undefined in StableHLO (openxla/stablehlo#997)",
		Eval:  BinaryEval{Float: gomath.Mod, Signed: remSI, Unsigned: remUI, Folds: remFolds},
		Lower: ScalarLowering{Float: arith.RemF, Emit: lowerIntDivRem(true)}})
	// maximum and minimum on complex elements: StableHLO's lexicographic
	// order, NaN first (maximumC).
	MaximumOp = declareBinary(&BinaryOp{Name: "maximum", Class: AnyNumeric | WithComplex, Commutative: true,
		Eval:  BinaryEval{Float: maximumF, Signed: maxSI, Unsigned: maxUI, Bool: orI, Complex: maximumC},
		Lower: ScalarLowering{Float: arith.MaximumF, Signed: arith.MaxSI, Unsigned: arith.MaxUI, Bool: arith.OrI, Emit: lowerComplexExtremum(true)}})
	MinimumOp = declareBinary(&BinaryOp{Name: "minimum", Class: AnyNumeric | WithComplex, Commutative: true,
		Eval:  BinaryEval{Float: minimumF, Signed: minSI, Unsigned: minUI, Bool: andI, Complex: minimumC},
		Lower: ScalarLowering{Float: arith.MinimumF, Signed: arith.MinSI, Unsigned: arith.MinUI, Bool: arith.AndI, Emit: lowerComplexExtremum(false)}})
	PowerOp = declareBinary(&BinaryOp{Name: "power", Class: IntOrFloat | WithComplex,
		Eval:  BinaryEval{Float: math.BinaryOps[math.PowF], Signed: powI, Unsigned: powI, Complex: complexFn2(complexdialect.Pow), Folds: powFolds},
		Lower: ScalarLowering{Complex: complexdialect.Pow, Float: math.PowF, Emit: lowerIntPower}})
	Atan2Op = declareBinary(&BinaryOp{Name: "atan2", Class: FloatOnly | WithComplex,
		Eval:  BinaryEval{Float: math.BinaryOps[math.Atan2], Complex: complexFn2(complexdialect.Atan2)},
		Lower: ScalarLowering{Complex: complexdialect.Atan2, Float: math.Atan2}})
	// next_after is CHLO's (chlo.next_after, jnp.nextafter): the
	// neighbour of a towards b in the element type's format, as C's
	// nextafter and numpy's np.nextafter; exact.
	NextAfterOp = declareBinary(&BinaryOp{Name: "next_after", Class: FloatOnly,
		Eval:  BinaryEval{FloatOf: nextAfter},
		Lower: ScalarLowering{Emit: lowerNextAfter}})
	AndOp = declareBinary(&BinaryOp{Name: "and", Class: IntOrBool, Commutative: true,
		Eval:  BinaryEval{Signed: andI, Unsigned: andI, Bool: andI},
		Lower: ScalarLowering{Signed: arith.AndI, Unsigned: arith.AndI, Bool: arith.AndI}})
	OrOp = declareBinary(&BinaryOp{Name: "or", Class: IntOrBool, Commutative: true,
		Eval:  BinaryEval{Signed: orI, Unsigned: orI, Bool: orI},
		Lower: ScalarLowering{Signed: arith.OrI, Unsigned: arith.OrI, Bool: arith.OrI}})
	XorOp = declareBinary(&BinaryOp{Name: "xor", Class: IntOrBool, Commutative: true,
		Eval:  BinaryEval{Signed: xorI, Unsigned: xorI, Bool: xorI},
		Lower: ScalarLowering{Signed: arith.XOrI, Unsigned: arith.XOrI, Bool: arith.XOrI}})
	ShiftLeftOp = declareBinary(&BinaryOp{Name: "shift_left", Class: IntOnly,
		Eval:  BinaryEval{Signed: shiftLeft, Unsigned: shiftLeft},
		Lower: ScalarLowering{Emit: lowerShiftOrZero(arith.ShLI)}})
	ShiftRightArithmeticOp = declareBinary(&BinaryOp{Name: "shift_right_arithmetic", Class: IntOnly,
		Eval:  BinaryEval{Signed: shiftRightArithmetic, Unsigned: shiftRightArithmetic},
		Lower: ScalarLowering{Emit: lowerShiftRightArithmetic}})
	ShiftRightLogicalOp = declareBinary(&BinaryOp{Name: "shift_right_logical", Class: IntOnly,
		Eval:  BinaryEval{Signed: shiftRightLogical, Unsigned: shiftRightLogical},
		Lower: ScalarLowering{Emit: lowerShiftOrZero(arith.ShRUI)}})
)

// The unary ops (operand and result of one shape); e.g.
//
//	%r = hlo.exponential %a : tensor<4xf32>
var (
	NegateOp = declareUnary(&UnaryOp{Name: "negate", Class: IntOrFloat | WithComplex,
		Eval:  UnaryEval{Float: negF, Signed: negI, Unsigned: negI, Complex: complexFn(complexdialect.Neg)},
		Lower: ScalarLowering{Complex: complexdialect.Neg, Float: arith.NegF, Emit: lowerNegateInt}})
	AbsOp = declareUnary(&UnaryOp{Name: "abs", Class: IntOrFloat | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.AbsF), Signed: absSI, Unsigned: identityI, ComplexToReal: toRealFn(complexdialect.Abs)},
		Lower: ScalarLowering{Complex: complexdialect.Abs, Float: math.AbsF, Emit: lowerAbsInt}})
	ExponentialOp = declareUnary(&UnaryOp{Name: "exponential", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Exp), Complex: complexFn(complexdialect.Exp)}, Lower: ScalarLowering{Complex: complexdialect.Exp, Float: math.Exp}})
	ExponentialMinusOneOp = declareUnary(&UnaryOp{Name: "exponential_minus_one", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.ExpM1), Complex: complexFn(complexdialect.Expm1)}, Lower: ScalarLowering{Complex: complexdialect.Expm1, Float: math.ExpM1}})
	LogOp = declareUnary(&UnaryOp{Name: "log", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Log), Complex: complexFn(complexdialect.Log)}, Lower: ScalarLowering{Complex: complexdialect.Log, Float: math.Log}})
	LogPlusOneOp = declareUnary(&UnaryOp{Name: "log_plus_one", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Log1p), Complex: complexFn(complexdialect.Log1p)}, Lower: ScalarLowering{Complex: complexdialect.Log1p, Float: math.Log1p}})
	SqrtOp = declareUnary(&UnaryOp{Name: "sqrt", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Sqrt), Complex: complexFn(complexdialect.Sqrt)}, Lower: ScalarLowering{Complex: complexdialect.Sqrt, Float: math.Sqrt}})
	RsqrtOp = declareUnary(&UnaryOp{Name: "rsqrt", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Rsqrt), Complex: complexFn(complexdialect.Rsqrt)}, Lower: ScalarLowering{Complex: complexdialect.Rsqrt, Float: math.Rsqrt}})
	CbrtOp = declareUnary(&UnaryOp{Name: "cbrt", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Cbrt), Complex: partsFn(cbrtParts)},
		Lower: ScalarLowering{Float: math.Cbrt, Emit: lowerParts(cbrtParts)}})
	TanhOp = declareUnary(&UnaryOp{Name: "tanh", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Tanh), Complex: complexFn(complexdialect.Tanh)}, Lower: ScalarLowering{Complex: complexdialect.Tanh, Float: math.Tanh}})
	LogisticOp = declareUnary(&UnaryOp{Name: "logistic", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: logisticF, Complex: logisticC}, Lower: ScalarLowering{Emit: lowerLogistic}})
	SignOp = declareUnary(&UnaryOp{Name: "sign", Class: IntOrFloat | WithComplex,
		Eval:  UnaryEval{Float: signF, Signed: signI, Unsigned: signI, Complex: complexFn(complexdialect.Sign)},
		Lower: ScalarLowering{Complex: complexdialect.Sign, Emit: lowerSign}})
	FloorOp = declareUnary(&UnaryOp{Name: "floor", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Floor)}, Lower: ScalarLowering{Float: math.Floor}})
	CeilOp = declareUnary(&UnaryOp{Name: "ceil", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Ceil)}, Lower: ScalarLowering{Float: math.Ceil}})
	RoundNearestEvenOp = declareUnary(&UnaryOp{Name: "round_nearest_even", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.RoundEven)}, Lower: ScalarLowering{Float: math.RoundEven}})
	NotOp = declareUnary(&UnaryOp{Name: "not", Class: IntOrBool,
		Eval:  UnaryEval{Signed: notI, Unsigned: notI, Bool: notB},
		Lower: ScalarLowering{Emit: lowerNot}})
	IsFiniteOp = declareUnary(&UnaryOp{Name: "is_finite", Class: FloatToBool,
		Eval: UnaryEval{FloatTest: isFinite}, Lower: ScalarLowering{Emit: lowerIsFinite}})
	PopcntOp = declareUnary(&UnaryOp{Name: "popcnt", Class: IntOnly,
		Eval:  UnaryEval{Signed: popcntI, Unsigned: popcntI},
		Lower: ScalarLowering{Emit: lowerPopcnt}})
	SineOp = declareUnary(&UnaryOp{Name: "sine", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Sin), Complex: complexFn(complexdialect.Sin)}, Lower: ScalarLowering{Complex: complexdialect.Sin, Float: math.Sin}})
	CosineOp = declareUnary(&UnaryOp{Name: "cosine", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Cos), Complex: complexFn(complexdialect.Cos)}, Lower: ScalarLowering{Complex: complexdialect.Cos, Float: math.Cos}})
	TanOp = declareUnary(&UnaryOp{Name: "tan", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: mathFn(math.Tan), Complex: complexFn(complexdialect.Tan)}, Lower: ScalarLowering{Complex: complexdialect.Tan, Float: math.Tan}})
	// round_nearest_afz rounds halfway cases away from zero (math.round).
	RoundNearestAfzOp = declareUnary(&UnaryOp{Name: "round_nearest_afz", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Round)}, Lower: ScalarLowering{Float: math.Round}})
)

// The ops between complex numbers and their parts (StableHLO's real and
// imag, CHLO's conj; hlo.complex, which builds complex numbers from two
// tensors, is in complex.go). Each also takes real operands, as StableHLO
// and CHLO allow: real(x) = x, imag(x) = 0, conj(x) = x.
//
//	%r = hlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
var (
	RealOp = declareUnary(&UnaryOp{Name: "real", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: identityF, ComplexToReal: toRealFn(complexdialect.Re)}, Lower: ScalarLowering{Complex: complexdialect.Re, Emit: lowerIdentity}})
	ImagOp = declareUnary(&UnaryOp{Name: "imag", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: zeroF, ComplexToReal: toRealFn(complexdialect.Im)}, Lower: ScalarLowering{Complex: complexdialect.Im, Emit: lowerZero}})
	ConjOp = declareUnary(&UnaryOp{Name: "conj", Class: FloatOnly | WithComplex,
		Eval: UnaryEval{Float: identityF, Complex: complexFn(complexdialect.Conj)}, Lower: ScalarLowering{Complex: complexdialect.Conj, Emit: lowerIdentity}})
)

// CHLO's unary ops that jax.numpy and jax.scipy.special emit (chlo.sinh
// parses as hlo.sinh, in CHLO's `T -> R` form too); hlo prints them in
// StableHLO's form.
var (
	SinhOp = declareUnary(&UnaryOp{Name: "sinh", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Sinh), Complex: partsFn(sinhParts)},
		Lower: ScalarLowering{Float: math.Sinh, Emit: lowerParts(sinhParts)}})
	CoshOp = declareUnary(&UnaryOp{Name: "cosh", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Cosh), Complex: partsFn(coshParts)},
		Lower: ScalarLowering{Float: math.Cosh, Emit: lowerParts(coshParts)}})
	AsinOp = declareUnary(&UnaryOp{Name: "asin", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Asin), Complex: partsFn(asinParts)},
		Lower: ScalarLowering{Float: math.Asin, Emit: lowerParts(asinParts)}})
	AcosOp = declareUnary(&UnaryOp{Name: "acos", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Acos), Complex: partsFn(acosParts)},
		Lower: ScalarLowering{Float: math.Acos, Emit: lowerParts(acosParts)}})
	AtanOp = declareUnary(&UnaryOp{Name: "atan", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Atan), Complex: partsFn(atanParts)},
		Lower: ScalarLowering{Float: math.Atan, Emit: lowerParts(atanParts)}})
	AsinhOp = declareUnary(&UnaryOp{Name: "asinh", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Asinh), Complex: partsFn(asinhParts)},
		Lower: ScalarLowering{Float: math.Asinh, Emit: lowerParts(asinhParts)}})
	AcoshOp = declareUnary(&UnaryOp{Name: "acosh", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Acosh), Complex: partsFn(acoshParts)},
		Lower: ScalarLowering{Float: math.Acosh, Emit: lowerParts(acoshParts)}})
	AtanhOp = declareUnary(&UnaryOp{Name: "atanh", Class: FloatOnly | WithComplex,
		Eval:  UnaryEval{Float: mathFn(math.Atanh), Complex: partsFn(atanhParts)},
		Lower: ScalarLowering{Float: math.Atanh, Emit: lowerParts(atanhParts)}})
	ErfOp = declareUnary(&UnaryOp{Name: "erf", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Erf)}, Lower: ScalarLowering{Float: math.Erf}})
	// erfc is 1 - erf(x) without its cancellation (math.erfc: the C
	// library's erfc natively).
	ErfcOp = declareUnary(&UnaryOp{Name: "erfc", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Erfc)}, Lower: ScalarLowering{Float: math.Erfc}})
	// lgamma is log|Γ(x)| (the logarithm of the absolute value, as
	// scipy.special.gammaln), +Inf at the poles; math.lgamma, the C
	// library's lgamma_r natively.
	LgammaOp = declareUnary(&UnaryOp{Name: "lgamma", Class: FloatOnly,
		Eval: UnaryEval{Float: mathFn(math.Lgamma)}, Lower: ScalarLowering{Float: math.Lgamma}})
	// erf_inv is the inverse error function (Go's math.Erfinv, AS241's
	// rational approximations), computed by arith and math ops in f64
	// (lowerErfInv: the same approximations).
	ErfInvOp = declareUnary(&UnaryOp{Name: "erf_inv", Class: FloatOnly,
		Eval: UnaryEval{Float: gomath.Erfinv}, Lower: ScalarLowering{Emit: lowerErfInv}})
	// digamma is ψ(x) = Γ'(x)/Γ(x) (digamma.go: its function and its
	// arith and math lowering).
	DigammaOp = declareUnary(&UnaryOp{Name: "digamma", Class: FloatOnly,
		Eval: UnaryEval{Float: digammaF}, Lower: ScalarLowering{Emit: lowerDigamma}})
	IsInfOp = declareUnary(&UnaryOp{Name: "is_inf", Class: FloatToBool,
		Eval: UnaryEval{FloatTest: isInf(0)}, Lower: ScalarLowering{Emit: lowerIsInf(0)}})
	IsPosInfOp = declareUnary(&UnaryOp{Name: "is_pos_inf", Class: FloatToBool,
		Eval: UnaryEval{FloatTest: isInf(1)}, Lower: ScalarLowering{Emit: lowerIsInf(1)}})
	IsNegInfOp = declareUnary(&UnaryOp{Name: "is_neg_inf", Class: FloatToBool,
		Eval: UnaryEval{FloatTest: isInf(-1)}, Lower: ScalarLowering{Emit: lowerIsInf(-1)}})
)

// chloOps are the hlo ops that CHLO spells chlo.<name>.
var chloOps = []*ir.OpDef{ConjOp, TanOp, SinhOp, CoshOp, AsinOp, AcosOp, AtanOp, AsinhOp, AcoshOp, AtanhOp, ErfOp, ErfcOp, ErfInvOp, LgammaOp, DigammaOp, IsInfOp, IsPosInfOp, IsNegInfOp,
	NextAfterOp}

// The entries of compare, select, clamp (declared in elementwise.go),
// convert (shapes.go) and complex (complex.go). Their element functions are CompareFloats /
// CompareInts, SelectElem, ClampFloat / ClampInt / ClampComplex and ConvertElem.
var (
	_ = addElementwise(&Elementwise{Def: CompareOp, Class: AnyNumeric | WithComplex, Lower: ScalarLowering{Emit: lowerCompare}})
	_ = addElementwise(&Elementwise{Def: SelectOp, Class: AnyNumeric | WithComplex,
		Lower: ScalarLowering{Float: arith.Select, Signed: arith.Select, Unsigned: arith.Select, Bool: arith.Select, Emit: lowerSelect}})
	_ = addElementwise(&Elementwise{Def: ClampOp, Class: AnyNumeric | WithComplex, Lower: ScalarLowering{Emit: lowerClamp}})
	_ = addElementwise(&Elementwise{Def: Convert, Class: AnyNumeric | WithComplex, Lower: ScalarLowering{Emit: lowerConvert}})
	_ = addElementwise(&Elementwise{Def: ComplexOp, Class: FloatOnly, Lower: ScalarLowering{Emit: lowerCreate}})
)
