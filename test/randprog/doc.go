// Package randprog is a randomized differential test of broadcasting: it
// generates random hlo programs, runs them in the reference interpreter
// (package interp) and compares every op's value with numpy, then runs
// hlo-legalize-broadcasts on each program and requires the interpreter to
// give the same results (or, for a program that fails at run time, to
// fail too).
//
// A program (gen.go) takes 1-4 f32 or i32 inputs of rank 0-4 whose
// run-time shapes broadcast into a random base shape (sizes 0-5, many 1s;
// some inputs are subsequences of it, for broadcast_dimensions), with
// about half of the dims dynamic in the type, and chains up to 8 ops:
// add, subtract, multiply, maximum, minimum, compare followed by select,
// clamp and a few unary ops, under random broadcast policies and
// broadcast_dimensions. Each op is built with the hlo builder API (the
// static result type is hlo.InferResultType's) and kept only if its
// run-time shapes broadcast, except in programs meant to fail: there an
// input gets a conflicting run-time size in a dynamic dim, and the first
// op that cannot broadcast ends the program.
//
// # Inexact values
//
// The property under test is that the compiler preserves the program's
// meaning. The meaning of exp, expm1, log, log1p and tanh (gen.go's
// Transcendental, which also lists logistic, rsqrt, cbrt, sin, cos, tan,
// atan2 and power for when they are drawn) is only defined to within a
// few ulp: the interpreter computes Go's math functions in float64 and
// rounds to f32, numpy and native code call the C math library (glibc's
// expf, logf, tanhf, expm1f, log1pf, ...), and none of these is
// correctly rounded everywhere (glibc's tanhf is 1 ulp off near 0, for
// instance). Add, subtract, multiply, divide and sqrt are correctly
// rounded by IEEE 754, and floor, ceil, round_nearest_even, abs, negate,
// maximum, minimum, clamp, select, compare and sign are exact, so a value
// computed only from those is one exact answer on every back end.
//
// The generator therefore tracks, for every value, whether it is inexact:
// the result of a Transcendental op, or a float result of any op with an
// inexact float operand. The rule, as in numpy's and XLA's own accuracy
// tests (numpy compares its float32 math functions within a few ulp, XLA
// gives each op an error spec) is: an inexact value never feeds a
// discontinuous op, one whose result can jump when an operand moves by
// one ulp (gen.go's Discontinuous: compare, whose i1 would flip, floor,
// ceil, round_nearest_even, sign, and remainder, power, convert and
// is_finite for when they are drawn). Such ops take only exact operands
// (the inputs always are), so every i1 value, every select predicate, and
// everything computed from exact values alone is exact and is compared bit
// for bit everywhere. Inexact values still flow into every continuous op
// (add, subtract, multiply, maximum, minimum, clamp, select's branches and
// the float unary ops), and only the results that are inexact values are
// compared with a tolerance: within TranscendentalULPs, or for a
// difference grown through later ops (a subtraction of nearly equal
// numbers), within closeAfterInexact's 1e-5 relative (native stage).
// TestInexactRule checks the flags and the rule on thousands of seeds, and
// that the rule leaves every op drawn.
//
// The linalg stages (stages_test.go) interpret each program also after
// `--hlo-legalize-broadcasts --canonicalize --hlo-legalize-to-linalg`
// and, when those passes are registered, after that plus
// `--linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops
// --canonicalize --cse` and plus the same with fold and fuse swapped: the
// results must be the original run's bit for bit, and a failing program
// must still fail. Programs hlo-legalize-to-linalg rejects with a
// diagnostic are counted as not lowered, by reason; hlo ops it leaves in
// place run next to the linalg ops.
//
// The oracle (numpy.go) is one python3 process per batch of programs
// (Debian's python3-numpy, reached with PYENV_VERSION=system): numpy
// computes in float32 / int32 with its own broadcasting, after reshaping
// for broadcast_dimensions and checking the policies on top. Values travel
// as bit patterns and are compared bit-exactly (any NaN equals any NaN),
// except the Transcendental ops (exp, expm1, log, log1p, tanh), compared
// within TranscendentalULPs; numpy then continues with the interpreter's
// value of such an op so that every later op, inexact or not, is compared
// bit-exactly too.
//
// The native stage (native_test.go) compiles each program through
// `--pipeline=cpu` and lower/llvm and compares its results with the
// interpreter's: exact results bit for bit, inexact ones with the
// tolerance above.
//
// # Export form
//
// export.go writes every program that runs as jax.export writes a
// shape-polymorphic function, as StableHLO text that the test parses:
// every dynamic dim is a symbolic dimension variable, read in @main with
// stablehlo.get_dimension_size from the first argument dim that has it;
// every broadcast is explicit (stablehlo.broadcast_in_dim to a static shape,
// else stablehlo.dynamic_broadcast_in_dim to a shape built with convert,
// reshape, concatenate and `constant dense<N> : tensor<1xi32>`, sometimes
// after a rank promotion as jnp's does it first), and the ops are same-shape
// stablehlo ops, which docs/SPEC.md §3 parses as hlo ops under the "none"
// policy ("scalar" for select and clamp, whose rank-0 predicate or bounds
// are sometimes kept). Dims that meet unstretched in an op are one variable
// (union-find); a class is static if an argument dim in it is static in the
// program's type, or if it is 1 and stretches somewhere (JAX makes a size-1
// broadcast dim static). The form is one function (JAX's wrapped function
// inlined) or @main calling @_wrapped_jax_export_main with the variables as
// tensor<i64> (x64) or tensor<i32> arguments, and may carry JAX's
// @shape_assertion custom calls checking each argument dim against the
// variable it names.
//
// Each form is run on the program's inputs, on inputs with one variable
// given another size (0 and 1 included), and, when a variable names
// several argument dims, on inputs where one of them conflicts with the
// variable: a run-time model of the form (ExportForm.check) names the op
// that must fail (the assertion, a dynamic_broadcast_in_dim, or a
// same-shape op), and the interpreter must fail there. export_test.go
// compares the interpreter with numpy op by op, the interpreter after
// `--pipeline=cpu` with the one before, and native code with the
// interpreter (the native driver's buffers end at guard pages, so a read
// or write past an end crashes the run instead of passing unseen).
// TestExportFormKernels requires as many linalg.generic ops after
// `--pipeline=cpu` as the program's static version (StaticProgram: every
// variable replaced by a distinct size above every static one), except
// where a broadcast operand's dim is proven equal to its variable only by
// a shape assertion the form leaves out (ExportForm.NeedsAssertions:
// versioning it is right). TestExportFormIsConsistent checks the
// generator without tools.
//
// # Reductions
//
// Reduction mode (ReductionConfig, gen_reduction.go) draws programs whose
// steps are reductions as JAX exports them: sum, max, min and prod
// (hlo.reduce with the short form's body), argmax and argmin (the
// two-operand reduce over a dynamic_iota that jnp.argmax exports, ties to
// the lower index, NaN wins) and their value results, over random dims
// (none, some, all; 0-size and size-1 dims, static and `?`) of inputs of
// rank 0-4. A reduction's result is often broadcast back over the reduced
// dims into an elementwise op with the value it reduced, in each form
// JAX and numpy write keepdims (broadcast_dimensions, broadcast_in_dim to
// the keepdims or the full shape, dynamic_broadcast_in_dim of a shape
// built from get_dimension_size); some reduce a value in which a `?` dim
// that is 1 at run time was stretched by numpy's rules just before; and
// softmax, log-softmax and layer-norm chains are drawn whole.
//
// numpy's float sums and products (np.add.reduce, pairwise) and native
// code (vectorized, several accumulators) add in other orders than the
// interpreter's sequential one, so their elements are compared within
// error bounds computed from the interpreter's values (bounds.go: a sum
// of n terms within n·2^-23·Σ|x_i| of the exact sum, propagated through
// later ops by interval arithmetic); everything else is bit for bit.
// TestReductionPrograms compares with numpy op by op and across the
// linalg stages; TestReductionProgramsNative runs `--pipeline=cpu` and
// lower/llvm natively, and a program that does not compile is a failure.
// BCAST_RANDPROG_REDUCE_N sets their count alone (default:
// BCAST_RANDPROG_N).
//
// # Contractions
//
// Contraction mode (ContractionConfig, gen_contraction.go) draws programs
// of one or two hlo.dot_general ops, each followed by a fused epilogue as
// a dense layer writes it: a bias along one result dim added through a
// broadcast (broadcast_in_dim or dynamic_broadcast_in_dim to the result's
// shape, or numpy's rules for the last dim), relu (maximum with a 0
// constant), a scale (multiply by a constant) and a residual add, each
// about half the time, in a random order. Each lhs dim is a batching,
// contracting or free dim; the rhs has the paired dims and up to two free
// ones, its dims in a random order, and the pairs are listed in a random
// order (the interpreter sums over the contracting dims in the order the
// dimension numbers list them). Operands have rank 1-4 (results too), dims
// of size 0-5 (0 and 1 included) and sometimes a contracting dim of 17-40,
// longer than a vector register; 40% of the dims are `?` in the type.
// A second contraction often takes the first's epilogue's value as its
// lhs. Elements are f32, f64 or i32 (integers wrap). Every program runs:
// the mode has no programs meant to fail.
//
// numpy computes a dot_general with np.einsum (i32 in int64, wrapped to
// int32, exactly); its float sums add in their own order, so a float
// contraction's elements are compared within bounds (bounds.go's sum of
// K terms, the terms being the exact products in float64: within
// K·2^-23·Σ|a_k·b_k| of the exact sum, plus K·2^-149 for products that
// round to subnormals; for f64, whose products and bounds are computed in
// float64 itself, 2·K·2^-52·Σ|a_k·b_k| and K·2^-1074), which later ops
// propagate (bounds.go's floatFormat: f32 or f64 rounding). TestContractionPrograms
// compares with numpy op by op and across the linalg stages (bit for
// bit); TestContractionProgramsNative runs `--pipeline=cpu` and
// lower/llvm natively within the same bounds (lower/llvm's matmul kernel
// rounds each multiply-add once, with llvm.fma, and its full sums are
// reassociated, both within its documented bound), and logs the programs
// whose results are not the interpreter's bits;
// BCAST_RANDPROG_CONTRACT_INORDER=1 holds every contraction with a
// parallel loop to the interpreter's bits (ContractionsInOrder). A
// program that does not compile natively is a failure.
// BCAST_RANDPROG_CONTRACT_N sets their count alone (default:
// BCAST_RANDPROG_N).
//
// # Element types
//
// Types mode (Config.Types, gen_types.go) draws default-mode programs on
// every element type of ElemTypes: i1, i8-i64, ui8-ui64, f16, bf16, f32,
// f64, complex<f32> and complex<f64> (c64, c128), each program's first
// type uniformly and, in 40% of them, one or two more, joined by
// hlo.convert (to the program's types, sometimes to any). Each op is
// drawn on the types its hlo entry's class accepts
// (hlo.ElemClass.Accepts): add, subtract, multiply, divide, remainder,
// maximum, minimum (complex too), and, or, xor, the three shifts, atan2, power (not on
// f64 or complex, below) and next_after; negate, abs, sign, not, popcnt,
// floor, ceil, round_nearest_even, round_nearest_afz, sqrt, rsqrt, cbrt,
// exponential, exponential_minus_one, log, log_plus_one, tanh, logistic,
// sine, cosine, tan, is_finite, real, imag and conj, and CHLO's sinh,
// cosh, asin, acos, atan, asinh, acosh, atanh, erf, erfc, erf_inv,
// lgamma and digamma (not on f64, below), is_inf, is_pos_inf and
// is_neg_inf; compare (EQ and NE only on
// complex), select, clamp and convert (to and from complex: a real x is
// (x, 0), complex to a real type its real part); and hlo.complex of two
// f32 or f64 values of one shape. Complex inputs draw each part as the
// part type's values (edge values included), so parts are 0, -0,
// infinite, NaN, subnormal or huge independently. Inputs mix random
// values with each type's edge values: 0, -0, the largest and smallest
// finite values, the smallest normal, subnormals, NaN, infinities,
// halves (ties), values just above a bf16 or f16 halfway point by less
// than f32's precision; INT_MIN, -1, all ones, the width and its
// neighbours as shift amounts, integers just above a bf16 or f32 halfway
// point by less than f32's or f64's precision (a conversion rounding
// twice gets those wrong). Divide and atan2 take only exact operands
// (SingularOperands), besides the Discontinuous ops.
//
// numpy computes each op in the type's dtype (ElemType.Numpy) with
// StableHLO's semantics and XLA's choices (dialects/hlo's
// element_functions.go), written out where numpy differs: integer
// division truncates, x / 0 is -1 (all ones), INT_MIN / -1 is INT_MIN,
// x % 0 is x; shifts by the width or more give 0 (the sign for
// shift_right_arithmetic); unsigned abs and sign; float to integer
// converts truncate, saturate and take NaN to 0; integer to float
// converts round once, exactly (Python integers). numpy's float16 ops
// compute in float32 and round once, which is the exactly rounded result
// of add, subtract, multiply, divide and sqrt (float32 has more than
// 2·11+1 bits); bf16, which numpy lacks, is held in float32, computed in
// float32 and rounded to nearest even by bit manipulation (bf16_round;
// from float64 through f32_round_to_odd, so once); TestOracleRoundsOnce
// checks both on 400,000 random pairs per op. The linalg stages compare
// inexact results within the tolerance too (hlo.logistic lowers to four
// ops where the interpreter rounds once), and native code's tolerance
// after inexact values (closeAfterInexact) is as many ulps of f16 and
// bf16 as 1e-5 is of f32. TestTypedPrograms compares with numpy op by op
// and across the linalg stages; TestTypedProgramsNative runs each program
// natively, where a program that does not compile is a failure. Both log
// the programs by first element type and the ops by kind and element
// type. BCAST_RANDPROG_TYPES_N sets their count alone (default:
// BCAST_RANDPROG_N).
//
// numpy computes the complex ops in complex128 (numpy's complex64 ones
// compute in float32) and rounds each part once to complex64, as the
// interpreter does; expm1 keeps a zero imaginary part exact and log1p
// keeps the digits of small |z| (numpy's own do not), as
// dialects/complex does; cbrt is z**(1/3) in long double (numpy's
// complex128 power is exp(log(z)/3)), atan2 StableHLO's formula
// -i·log((b + i·a)/sqrt(b·b + a·a)) written in numpy, sinh to atanh
// numpy's own. Complex maximum, minimum and clamp are numpy's
// np.maximum and np.minimum (lexicographic, the first operand with a NaN
// part winning), but for equal values that differ in a zero's sign, which
// give the parts' float maximum (minimum) as hlo.maximum does. Complex
// add, subtract, negate, conj, real, imag, complex, maximum, minimum,
// clamp, compare, select and convert are compared bit for bit; the
// Transcendental ops and ComplexInexact's (abs, sign, sqrt and rsqrt,
// through a hypot neither numpy's C library nor Go rounds correctly, and
// multiply and divide, whose products numpy's SIMD loops may fuse) are
// inexact: each part within ComplexEps (16) epsilons of the part type
// times |z| of numpy's value (complexClose; a NaN part must be NaN in
// both, an infinite one equal; logistic's bound grows by its condition
// |e^-a|·|z| near its poles, and atan2's is at least 1, its formula's
// log of a unit quotient being off by epsilons absolutely: complexScale),
// numpy then continuing with the
// interpreter's value as for the other inexact ops. TestTypedProgramsNative
// runs the programs with complex values too (and counts them); their
// inexact results are within ComplexEps epsilons of |z| of the
// interpreter's, or closeAfterInexact part by part.
//
// Integer power is XLA's (element_functions.go's powI, numpy.go's
// int_pow in Python integers): products wrap, a negative signed exponent
// gives 0 but for a base of ±1, an unsigned exponent is its bits. Float
// power and the special functions compute in float64 and round once
// (numpy, and scipy.special for erf, erfc, erfinv, gammaln and psi, with
// XLA's choices where they differ: erf_inv(-0) = -0, lgamma +Inf at the
// poles and at -Inf and -log|x| for tiny x, digamma NaN at the poles),
// compared within TranscendentalULPs. Not drawn: complex power (its
// error grows with |b·log a|, which these comparisons do not see; interp's
// TestComplexOpsAgainstNumpy checks it with that bound), f64 power (Go's
// math.Pow, the interpreter's, is several ulps from glibc's pow at
// times), f64 lgamma and digamma (beside their zeros only as accurate
// as the terms they cancel; the conformance matrix checks them with an
// absolute bound) and f64 erfc (Go's and scipy's tails are up to 8 ulps
// apart). next_after, is_inf, is_pos_inf and is_neg_inf are
// exact and Discontinuous.
//
// Environment: BCAST_RANDPROG_N (default 300 programs) and
// BCAST_RANDPROG_SEED (default 1; program i uses seed SEED+i, so a failure
// report names the one seed to rerun). BCAST_RANDPROG_EXPORT_N sets the
// export-form tests' count alone (default: BCAST_RANDPROG_N);
// BCAST_RANDPROG_SHAPE_ASSERTIONS=1 gives every export form shape
// assertions, =0 none, and by default every other program has them when
// the compiler supports @shape_assertion. Without python3 and numpy the
// test skips, unless BCAST_REQUIRE_TOOLS=1.
//
// The package owns only this test and its generator; it changes nothing in
// the compiler.
package randprog
