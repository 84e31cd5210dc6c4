// Package interp is the reference interpreter of bcast-opt: it runs func,
// arith, math, hlo, shape, linalg (generic, index, yield) and tensor
// programs on dense in-memory tensors, hlo and linalg mixed freely, so
// that tests can check what a program computes before and after every
// pass (down to linalg), and `bcast-run --interp` can run a program on
// `.npy` data without native code.
//
//	results, err := interp.Run(module, "main", []*interp.Tensor{x, y})
//
// It owns how programs run: tensor.go (the Tensor value, its
// constructors and conversions to and from dense attributes and packed
// bytes), interp.go (calls, blocks, the check of every run-time value
// against its static type, the handler registry), elementwise.go (the
// hlo elementwise ops: run-time broadcasting and the loops),
// shapes.go and dynamic_shapes.go (the other hlo ops), complex.go (the
// ops that run on complex elements, and hlo.complex), arith.go, math.go,
// shapeops.go and shape_predicates.go (the shape dialect), linalg.go
// (linalg.generic and linalg.index) and tensor_reshape.go
// (collapse_shape, expand_shape, extract_slice, insert_slice).
//
// memory.go holds the limits of a run: each tensor is checked against
// Options.MaxMemory (default DefaultMaxMemory: half the available
// memory) before it is allocated, at 8 bytes per element, and one over it
// is an error at the running op naming the tensor's type and the bytes it
// needs, never an out-of-memory crash; a function's regions nest at most
// ir.MaxNesting deep, and calls Options.MaxCallDepth, so the recursion
// is bounded on IR that was not verified too.
//
// It does not own what one element of an op is: that is written once,
// beside each op's declaration, and read here as the op's folder and
// lowering read it. The hlo elementwise ops' element functions are
// dialects/hlo's tables (hlo.BinaryOps, hlo.UnaryOps and the functions of
// compare, select, clamp, convert and reduce_precision); arith's
// are its BinaryOps functions and predicates (its casts, which fold only
// between integers, are interpreted here), math's its UnaryOps and
// BinaryOps. hlo, arith and math ops are registered by their definitions
// (registerOps), the other dialects' by name; beyond those tables the
// package reads only attribute readers (hlo's, linalg's indexing maps and
// iterator types, tensor's reassociation and static lists). It must not
// depend on the passes or the conversions (lower), and must not keep a
// copy of an op's element semantics.
//
// # linalg.generic
//
// A generic runs its body once per point of its iteration space, loops in
// row-major order (d0 outermost), on scalars (rank-0 tensors) with the
// ordinary handlers of the body's ops. The size of loop d is, as in MLIR,
// the run-time size of an operand dim whose indexing map result is exactly
// d; every operand dim indexed by exactly d must have that size, or the
// generic fails at its location naming the disagreeing operands and dims.
// Other map results (constants, `d0 + 1`) are evaluated by affine.Map and
// must fall inside their operand; an operand whose map drops a loop dim
// reads the same element along it. The results start as the
// outs' values and the body reads an out's current element, so reductions
// accumulate onto the outs' initial values in loop order. An error in the
// body is located at the body's op, with a note naming the generic and the
// iteration. Options.Trace sees the body's ops once per iteration.
//
// # Reductions
//
// hlo.reduce and hlo.reduce_window (reduction.go) fold their body over
// each result's elements from the init values in row-major order of the
// reduced (or window) dims, the accumulators first, as StableHLO's
// reference interpreter does; lower/llvm may reassociate float sums, and
// its tests compare with this order within the tolerance its doc states.
// linalg.fill (linalg_fill.go) runs its body once per element, or once
// when the body does not read the output.
//
// # Contractions
//
// hlo.dot_general and hlo.dot (contraction.go) sum the products of each
// result element from 0, over the contracting dims in row-major order as
// the dimension numbers list them, with hlo.multiply's and hlo.add's
// element functions, each product and sum rounded to the result's element
// type: the order of the reduction loops hlo-legalize-to-linalg gives
// their generic, so the bits are the same before and after lowering.
//
// # Broadcasting
//
// The implicitly broadcasting hlo ops broadcast their run-time shapes with
// broadcast.Infer and the op's hlo.BroadcastSpec (numpy rules,
// broadcast_dimensions, broadcast_policy), the same code the verifier
// runs on static shapes. A dynamic dim that is 1 at run time therefore
// stretches under the numpy policy, and does not under the rank, scalar
// and none policies; sizes that do not broadcast are an error at the op
// naming the operands, the dim and both sizes. dynamic_broadcast_in_dim
// checks its known_expanding_dimensions (the operand dim is 1) and
// known_nonexpanding_dimensions (the operand dim equals its result dim)
// claims at run time. Every result is checked against its static type, so
// a pass that produces a wrong shape is caught where it happens.
//
// # Element semantics
//
// Floats compute in float64 and round to the element type after every op
// (f32 by Go's conversion, f16/bf16 by ir.RoundToFloatType). For add,
// subtract, multiply, divide and sqrt this is the correctly rounded
// result (float64 has more than 2p+2 bits for p = 24), so f32 results are
// bit-exact; transcendental functions (exp, log, tanh, ...) use Go's math
// package, then round. An hlo op whose element is one math op uses that
// op's own function (hlo.exponential is math.exp's), so both give the
// same bits; fast-math flags are ignored. maximum and minimum are IEEE
// 754-2019 maximum and minimum (NaN propagates, -0 < +0) as the StableHLO
// spec says (on complex elements StableHLO's lexicographic order, a NaN
// part winning: hlo's maximumC); clamp is min(max(x, lo), hi); remainder
// is C's fmod; compare
// FLOAT is IEEE's quiet comparison and TOTALORDER orders -NaN < -Inf <
// ... < -0 < +0 < ... < +Inf < +NaN.
//
// Complex elements (complex<f32>, complex<f64>) are complex128 values
// whose parts are exact in the part type; every op computes in complex128
// with hlo's complex element functions (dialects/hlo/complex_functions.go:
// numpy's algorithms, C99's special values) and rounds each part. The
// data-movement handlers copy elements without looking at their type
// (Tensor.copyElem); any op not listed in complex.go's init is an error
// at the op on complex elements. TestComplexOpsAgainstNumpy gives the
// bounds against numpy: add, subtract, negate, conj, real, imag, complex,
// compare and convert exact; multiply, divide, abs, exp, log, sqrt,
// rsqrt, tanh, sign, sine, cosine, tan, expm1, log1p, logistic, power,
// sinh, cosh and atan2 within 8 epsilons of the part type relative to the
// result's magnitude (|a|·|b| for multiply, |a|/|b| for divide, times
// power's |b·log a| and logistic's |e^-a|·|result| where those exceed 1:
// their conditions; atan2's magnitude at least 1), cbrt, asin, acos,
// atan, asinh, acosh and atanh within 4 (TestComplexFunctionsAcrossRange
// too, on parts over every binade);
// TestComplexDotAgainstNumpy dot_general within 8 epsilons of Σ|a_k||b_k|.
//
// Signless integers are signed (as in StableHLO); ui types are unsigned;
// i1 is a boolean on which add is or and multiply is and (XLA's pred
// arithmetic). Arithmetic wraps around. Where the StableHLO spec leaves
// the result implementation-defined, the element functions follow XLA's
// elemental IR emitter (xla/service/elemental_ir_emitter.cc; the list is
// in dialects/hlo/element_functions.go):
//
//	x / 0 = -1 (all bits set, also unsigned)   INT_MIN / -1 = INT_MIN
//	x % 0 = x                                   INT_MIN % -1 = 0
//	shift_left, shift_right_logical by >= the width (or negative): 0
//	shift_right_arithmetic by >= the width: the sign bit everywhere
//	convert float -> int: truncate toward zero, saturate, NaN -> 0
//	convert int -> int: wrap (sign/zero extension by the source type)
//	convert x -> i1: x != 0
//
// Integer power follows StableHLO's reference interpreter
// (stablehlo/reference/Element.cpp): a negative exponent gives 0 unless
// the base is 1 or -1, whose power uses |exponent|. A compare type that
// does not apply to the element type (SIGNED on floats, FLOAT on
// integers) is an error here.
//
// arith ops take their signedness from the op (divsi, divui, ...); what
// LLVM makes undefined or poison (division by zero, signed division
// overflow, shifts by the width or more, out-of-range float to integer
// casts) is an error rather than a made-up value.
//
// # Shapes and witnesses
//
// Shapes are 1-D index tensors. shape.cstr_broadcastable, cstr_eq and
// cstr_require produce a witness that records its failure;
// shape.assuming_all combines witnesses and shape.assuming reports the
// first failure, located at the constraint that failed, before running
// its region. shape.broadcast of incompatible shapes is an error.
//
// hlo.custom_call is not interpretable, except the test assertions
// `check.expect_eq` (bit-exact, NaN equals NaN) and `check.expect_close` /
// `check.expect_almost_eq` (floats within 4 ulps).
package interp
