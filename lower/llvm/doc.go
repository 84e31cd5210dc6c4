// Package llvm lowers what `--pipeline=cpu` produces (func.func on
// tensors, fused linalg.generic kernels, parallel and reductions, the shape
// computations and run-time checks around them, scf.if versions) to LLVM
// IR text for a 64-bit Linux CPU, with a documented C ABI and a generated
// C header (`bcast-opt --emit=llvm`, `--emit=c-header`, `--target=`).
//
// It owns the C ABI below, the LLVM IR of the kernels, and CDriver, a
// generated C program that runs kernels on data in files, with its Go side
// RunDriver and RunDriverCalls (for the tests and tools that run native
// code without cgo: the one copy of that protocol). It uses
// github.com/llir/llvm to build the IR, and prints llir's module with its
// own writer (package llprint: byte for byte what llir prints, several
// times faster, as TestPrintMatchesLLIR checks); that dependency must not
// leak out of lower/: the API takes and returns this project's IR,
// strings and plain structs. It reads the dialects' IR through their Go
// accessors and op definitions (never op names), and must not depend on
// passes, on the conversions before it, or on the hlo dialect
// (--pipeline=cpu leaves no hlo op; internal/layering checks the imports).
//
// # Files
//
// What an op becomes is found in a registry keyed by its definition
// (*ir.OpDef, registry.go); each category's file registers its ops from
// init with registerLowerings. A new category of ops is a new file with its
// lowering functions and that registration; a new arith or math op on
// scalars is one line of scalar.go's table (its lowering, whether it is
// lanewise for the vector loop, on all types or on f32 only, whether it is
// exact on f16/bf16); an op without an entry is a diagnostic at the op.
// Each file's header says what it owns:
//
//	emit.go          Emit, the emitter: the module, C library and intrinsic declarations, constants
//	target.go        the targets (triple, data layout) and --target's spellings
//	abi.go           the C ABI: Functions, FuncABI, C names; the kernel's LLVM signature and its shape checks
//	cheader.go       CHeader (--emit=c-header)
//	cdriver.go       CDriver, the C program that runs kernels on data in files
//	rundriver.go     RunDriver, RunDriverCalls: the driver's Go side (input, run, results)
//	lowering.go      fnLowering, the lowering of one func.func, and the walk over its blocks
//	registry.go      the op registry: lowerings by *ir.OpDef, registered per category; notLowered
//	builder.go       fnBuilder, the instruction builder: blocks, names, folding integer arithmetic, elements in memory
//	checks.go        run-time checks, error codes and messages, the exit block
//	values.go        lowered values (scalars, extents, buffers), types and constants, conversions between them
//	control.go       func.return, scf.if, cf.assert (category: control flow)
//	shape.go         the shape dialect's ops (category: shape computations)
//	tensor.go        tensor.empty, dim, extract, from_elements, the reshapes (category: tensor ops)
//	slices.go        tensor.extract_slice and insert_slice as views, in-place destinations (category: slices)
//	scalar.go        arith.constant and the arith and math ops on scalars, one table line each (category: scalar arith/math)
//	vecmath.go       f32 exp, log, log1p, expm1, tanh and logistic: the package's own functions, scalar and vector forms
//	half.go          f16 and bf16: 16-bit bits in memory, f32 in registers, rounding after each op
//	generic.go       linalg.generic and linalg.index: operand accesses, loop bounds and their checks, outputs' storage
//	loops.go         the loop-nest emitter for generics: counted loops (with carried values), the nest, one iteration of the body
//	vector.go        the vector inner loop of generics, vector types and splats, non-temporal stores
//	fill.go          fills that only reductions read: kept as their value, no storage
//	reduce.go        generics with reduction iterators: loop order, accumulators in registers, inits
//	reduce_vector.go the vector form of an innermost reduction loop: combiners, several accumulators, the horizontal step
//	reduce_outer.go  reductions over outer dims: accumulate in memory, vector code across the parallel inner dim
//	argmax.go        argmax-style (value, index) reductions: recognized by evaluation, merged by index
//	matmul.go        f32 and f64 contractions shaped like a matmul: cache blocks, packed panels, an FMA micro-kernel
//	fuse.go          fused groups: consecutive generics over the same rows as one loop nest over rows, row buffers
//	fuse_values.go   in a fused group: values kept per row instead of computed again, prefetching the next row
//	llprint/         the printer (print.go, print_inst.go)
//	internal/buildhook  hands llprint's tests the llir modules this package builds
//
// # C ABI
//
// For each public func.func @f with a body (private functions and
// declarations have no C interface) there are two C functions:
//
//	int32_t f(const T0 *arg0, const int64_t *arg0_shape, ...,
//	          T *res0, const int64_t *res0_shape, ...,
//	          char *err, int64_t err_len);
//	int32_t f_result_shapes(const int64_t *arg0_shape, ...,
//	                        int64_t *res0_shape, ...,
//	                        char *err, int64_t err_len);
//
// Every argument and result is a contiguous row-major (C-order) buffer of
// its element type with its shape as int64_t[rank] (the pointer may be
// NULL for rank 0). A scalar (non-tensor) argument or result is passed the
// same way, as a rank-0 tensor. Element types: f32 float, f64 double,
// i8/i16/i32/i64 int8_t..int64_t, index int64_t, i1 uint8_t (0 or 1),
// f16 and bf16 uint16_t (the bits; computed in f32 and rounded to nearest
// even after every op, half.go).
//
// Results use destination passing: the caller allocates them. It calls
// f_result_shapes with the argument shapes to learn the result shapes
// (that function also runs every shape check that does not need tensor
// data, so incompatible shapes are reported before anything is
// allocated), allocates the results, and calls f with their shapes. The
// kernel checks the caller's result shapes against the ones it computes
// before writing. Result buffers must not overlap each other or any
// argument buffer (the kernel's pointers are noalias); arguments may
// overlap each other. The functions keep no state and may be called
// concurrently.
//
// The return value is 0 on success; otherwise a NUL-terminated message is
// written into err (snprintf semantics: at most err_len bytes, truncated;
// err may be NULL when err_len is 0) and the code says what failed:
//
//	1  a run-time shape error: a cf.assert failed (its message, followed
//	   by "(argument shapes: [3, 4], [5])"), an argument's size differs
//	   from a static dim of its type ("f: argument 0 dim 1 has size 5, but
//	   its type tensor<4x4xf32> requires 4"), a dim is negative, or a
//	   result shape differs from the computed one
//	2  out of memory allocating an intermediate buffer (or a
//	   contraction's packing buffer, below)
//
// A kernel allocates with malloc and frees before returning: the
// intermediate buffers that fusion left, and one packing buffer per
// contraction lowered as a matmul (see Contractions), per call: at most
// (96*256 + 256*2048) elements (2.1 MB of f32), less when the operands
// are smaller than those blocks. The caller provides no workspace.
//
// The C symbol is the function's name with characters that C does not
// allow replaced by '_'; a name C or the C library already uses (main,
// free, exp, ...) gets "_fn" appended: `@main` is `main_fn`. CHeader writes
// these declarations, with each type and static shape in a comment.
//
// # Lowering
//
// A value becomes a scalar, extents (a static-length 1-D index tensor as
// one i64 SSA value per element: shape.shape_of, shape.broadcast and
// shape.is_broadcastable are integer arithmetic that LLVM folds), or a
// buffer (a pointer and one i64 per dim). cf.assert is a branch to an
// early error return with its message; scf.if is branches and phis;
// tensor.collapse_shape / expand_shape / cast reuse the pointer with other
// dims (checking what can fail at run time). tensor.empty is no
// allocation: the generic that fills it writes the caller's result buffer
// when its value is returned (through scf.if yields and reshapes), and a
// buffer from malloc otherwise (an intermediate that fusion left; it is
// freed when the function returns, on every path).
//
// An all-parallel linalg.generic is a loop nest, d0 outermost and the last
// loop dim innermost (generic.go); reductions are below. Operand pointers advance by per-loop
// coefficients computed before the loops, so an operand whose map ends in
// the last loop dim is read with unit stride and one whose map does not
// use it (a constant 0, a dropped dim) is loop-invariant. Loop sizes come
// from the operands (outputs first); every other operand dim a loop
// indexes, and every constant index, is checked before the loops, so a
// kernel never reads or writes out of bounds even on IR that forgot a
// check.
//
// The innermost loop is explicit vector code when the body allows it
// (vector.go): a main loop over 64-byte vectors (<16 x float>, <8 x
// double>, ...; LLVM splits them into the target's registers) and a scalar
// remainder; an operand whose map does not use the inner dim is loaded
// once and splatted. Each lane computes exactly what a scalar iteration
// computes (the same instructions, lane-wise); bodies with C math library
// calls (f64 math), integer division or linalg.index keep the scalar loop.
// Outputs of
// 16 MB or more are written with non-temporal stores on x86-64 (aligned
// 64-byte stores after a scalar peel loop, an sfence before returning),
// which skip reading the output's cache lines before writing them: on
// memory-bound kernels that is a third of the traffic (bench/). The choice
// is static for static shapes and one branch per generic otherwise.
// Pointers passed to the C ABI must be aligned to their element type, as
// C requires.
//
// arith and math ops become LLVM instructions, intrinsics (llvm.sqrt,
// llvm.floor, llvm.exp.f64, ...), C math library calls (cbrtf, atan2f,
// tanh, ...; link with -lm), or, for exp, log, log1p, expm1 and tanh on
// f32 and the logistic 1/(1+exp(-x)) that hlo.logistic lowers to, the
// package's own functions (vecmath.go; their errors are stated under Math
// below), which have vector forms, so that bodies calling them get the
// vector loop. arith.maximumf / minimumf
// are IEEE 754-2019 maximum / minimum (NaN propagates, -0 < +0) as
// compare-and-select sequences: LLVM 14 cannot select llvm.maximum on
// x86-64. Their NaN is the interpreter's, so results match it bit for bit.
//
// # Reductions
//
// A linalg.generic with reduction iterators (MLIR's form: each output
// starts as its outs operand's element, the init, and every iteration
// replaces it by what the body yields from the inputs and its current
// value) folds in loop order, as the interpreter does (reduce.go). The
// parallel loops come first and the reduction loops inside them; each
// output element's accumulator lives in a register through the reduction
// loops, loaded from its init once and stored once; adjacent reduction
// dims over contiguous memory are one loop (a full reduction of a
// row-major matrix is one loop). An init that is a fill (an all-parallel
// generic yielding one value everywhere; linalg.fill is not an op of the
// linalg dialect yet) is that value, with no buffer and no fill loop
// (fill.go); another init is read in place. An output nobody reads (an
// argmax's value) gets no storage.
//
// The innermost reduction loop is vector code when the body is a known
// combiner, c(out, g(inputs)) with c one of addf, mulf, maximumf, minimumf,
// addi, muli, andi, ori, xori, maxsi, minsi, maxui, minui
// (reduce_vector.go): four vector accumulators per output (two pairs for
// argmax), each lane
// reducing its own elements with the body, then a horizontal step (halves
// merged with c) and a scalar remainder. Argmax and argmin (a value and
// its index, ties to the smaller index, NaN first, as jnp.argmax exports
// them) are recognized by evaluating the body and vectorized likewise, the
// lanes merged by value and index (argmax.go). A reduction along an outer
// dim (the rows of a row-major matrix, whose inputs are contiguous along
// the last parallel dim) accumulates in the outputs in memory instead,
// set to their inits first, with vector code across that parallel dim
// (reduce_outer.go); there each element still folds in order, with any
// body.
//
// Results are the interpreter's bits, except float sums and products that
// the vector code reassociates: integer reductions, maximumf / minimumf
// (NaN propagates; the NaN is the interpreter's, whatever the order),
// argmax indices, reductions along outer dims and every body that is not a
// combiner are exact. A reassociated float sum of n terms x_1..x_n (the
// init included, and x_i the values the body adds: the results of g) has
// |got - want| <= 2*n*u*sum_i |x_i|, u = 2^-24 for f32 and 2^-53 for f64,
// against the interpreter's sequential sum, and the tests hold the native
// results to that bound (any order of summation is within (n-1)*u*sum|x_i|
// of the exact sum, so two orders are within twice that); a product,
// |got - want| <= 2*n*u*|want|. NaN and infinite results are the same in
// any order, but for an intermediate overflow that one order meets and the
// other does not (a sum that overflows to inf in sequence and not in pairs,
// or the reverse). The value of an argmax reduction whose value result is
// read can differ from the sequential fold's in the sign of a zero maximum
// for jnp's reducer (which keeps the later of equal values); such a body
// keeps the scalar loop.
//
// # Contractions
//
// A reduction of f32 or f64 whose body is out + in0*in1, whose init is a
// fill and whose maps are projected permutations with two parallel loops
// i and j (the output contiguous along j, one input reading i and not j,
// the other j and not i) and one reduction loop k read by both, is a
// matmul: what hlo.dot_general lowers to (lower/contraction.go), with any
// batch dims (the other parallel loops, outermost) and the transposed
// layouts its contracting dims imply, read through strides. It is cache
// blocked as GotoBLAS and BLIS are (matmul.go): blocks of 2048 columns of
// j and 256 steps of k, whose part of the j-operand is packed into panels
// of one vector's width (16 f32, 8 f64: the package's 64-byte vectors),
// and blocks of 96 rows of i, packed into panels of 6 rows; each 6 x 16
// (f32) tile of the output is a micro-kernel of 6 vector accumulators, one
// vector load, 6 broadcasts and 6 llvm.fma per step of k. Edges of any
// size go through a tile on the stack; sizes may be dynamic. On AVX2
// LLVM splits each <16 x float> into two ymm registers (12 accumulators,
// the classic 6x16 kernel), on AVX-512 it is one zmm, on AArch64 four
// NEON registers. A matmul is no member of a fused group (its loop over
// rows would read the whole other operand per row): its epilogue (bias,
// relu) is a separate pass over the output.
//
// Each output element is still summed in k's order, starting from the
// fill, but every step is a fused multiply-add, rounded once instead of
// twice: the result differs from the interpreter's by at most
// K*eps*sum_k |a_k*b_k| (eps = 2u, 2^-23 for f32 and 2^-52 for f64), the
// bound matmul_test.go holds the native results to; with an empty k the
// result is the fill, exactly. Integer, f16 and bf16 contractions, and
// those that are not matmul-shaped (a matrix-vector product, an output
// strided along j), keep the reduction loops above and the interpreter's
// bits (but for the reassociated full sums).
//
// # Fused groups
//
// Consecutive generics of a block whose leading parallel loops are the
// same and that read each other's results only row by row (the result of
// iteration i of those loops in iteration i) are one loop nest over the
// rows, each generic's other loops inside it in block order (fuse.go has
// the exact rule). A row-wise softmax (max, sum of exp(x - m), exp(x - m)
// / s) or layer norm (mean, variance, normalize) then reads each row of x
// from memory once, and its later passes find the row in cache; the
// results that only the group reads ([N] sums, or a row of an NxM
// intermediate) are kept one row at a time, in registers or a row buffer
// on the stack. Each generic's checks still run before any loop, in
// block order, with their unfused messages, and each element is computed
// as unfused code computes it (the tests compare the two bit for bit).
// Within a group, a costly value (a division, a square root, a math
// function) that a later generic computes again from the same elements,
// as fusion in linalg leaves softmax's exp(x - m) in both the sum and the
// division, is computed once and kept per row; and the later generics
// prefetch the next row of their inputs into the second-level cache,
// which the first one then reads without waiting for memory
// (fuse_values.go). On bench's W6 and W7 (4096x4096) the traffic is one
// read of x and one streamed write of the result.
//
// # Math
//
// f32 exp, log, log1p, expm1, tanh and the logistic are the package's own
// (vecmath.go): branch-free, the same instructions in the vector lanes and
// the scalar remainder, and the same bits on every target (plain IEEE
// operations, no FMA, no C library). exp computes in f32, for speed
// (x = k*ln2 + r with ln2 split in two (Cody and Waite), exp(r) on
// |r| <= ln2/2 by a degree-6 polynomial, 1 + r + r^2*P(r) with P minimax,
// and the scaling by 2^k in two steps of which only the last rounds), so it is
// within one ulp of the exact result, and one ulp off the correctly
// rounded f32 for 0.4% of inputs. The others compute in f64 and round
// once (polynomial approximations: expm1, tanh and the logistic from
// expm1 on |r| <= ln2/2 by a degree-8 minimax polynomial, log and log1p
// from 2*atanh(s) by its series), so they are correctly rounded but for a
// few inputs, where they are one ulp off. Measured over all 2^32 f32
// inputs (TestVecMathULP with BCAST_VECMATH_EXHAUSTIVE=1; by default every
// 4099th input), against Go's float64 functions rounded to f32, as
// maximum error in ulps of the exact result and count of inputs whose
// result is not the correctly rounded f32 (each of those one ulp away):
//
//	exp       0.97639 ulp   18217992 inputs
//	log       0.50001 ulp         56 inputs
//	log1p     0.50001 ulp         65 inputs
//	expm1     0.50010 ulp       3331 inputs
//	tanh      0.50008 ulp       3160 inputs
//	logistic  0.50002 ulp        662 inputs
//	sqrt      0.5 ulp (llvm.sqrt, correctly rounded)
//	rsqrt     1.49035 ulp (1/llvm.sqrt, two roundings; 13% of inputs one ulp off)
//
// (The exhaustive run takes about 10 minutes on 2 cores.) A kernel
// calling these functions is bound by arithmetic, not memory, so its
// outputs are not streamed (vector.go), unless it is a member of a fused
// group that loads the functions' results from a row buffer instead.
//
// Results outside the functions' ranges are exact: exp overflows to +inf
// and underflows to subnormals and 0 with one rounding, log of 0 is -inf,
// of a negative number the interpreter's NaN, log1p(-1) is -inf, and NaN
// stays NaN. f64 math and all math on f16 and bf16 (computed in f32,
// never vectorized) call the C math library.
//
// An indexing map result may also be linear (`d0 * 2 + 1`, from
// hlo.slice): its range is checked before the loops. tensor.extract_slice
// is a strided view (no copy); tensor.insert_slice writes its destination
// in place when nothing reads the old value, and a generic whose output is
// the slice being inserted writes it directly (slices.go), also through
// the reshapes of folded unit dims and scf.if versions. No broadcast
// reaches this package: linalg-version-broadcasts folds the last ones into
// indexing maps (dialects/linalg/transforms).
//
// # Not lowered yet
//
// Each of these is a diagnostic at the op: a reduction into an output
// whose indexing map uses a reduction loop, indexing map results other
// than sums of loop dims times constants plus a constant, rank-reducing
// tensor slices, the shape
// dialect's constraints and witnesses (the CPU pipeline turns them into
// cf.assert), si/ui element types, unranked tensors, and result shapes
// that depend on tensor data (f_result_shapes sees argument shapes only,
// so a reshape or broadcast to a shape read from an argument's data, or
// computed from data, is rejected). A shape computed from shapes alone in
// small integer tensors (JAX's get_dimension_size, reshape, concatenate)
// is not data: hlo-legalize-to-linalg makes it scalars gathered by
// tensor.from_elements, whose elements both functions read as SSA values.
// Integer division by zero and out-of-range float-to-integer conversions
// have LLVM's meaning (undefined / poison), not the interpreter's error.
package llvm
