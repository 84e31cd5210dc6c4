// Package arith declares MLIR's `arith` dialect: constants, integer and
// float arithmetic, comparisons, select and casts, on scalars and (as
// MLIR allows) element by element on tensors and vectors, with MLIR's
// custom syntax, verifiers and constant folders. Importing the package
// registers the ops and the dialect's constant materializer.
//
//	%r = arith.addf %a, %b : f32
//	%c = arith.cmpi slt, %x, %y : i32
//
// It owns:
//   - the ops' definitions, exported by MLIR's names for them (AddF,
//     CmpI, IndexCast, Constant, Select, ...), so that code building or
//     matching an arith op names its definition rather than a string
//     (arith.go: the binary ops, from the BinaryOps table; ops.go:
//     constant, negf, cmpf, cmpi, select and the casts);
//   - each op's scalar meaning, once: BinaryOps' F and I functions and
//     EvalIntPredicate / EvalFloatPredicate serve the op's folder and the
//     reference interpreter (interp) alike, as LLVM defines the ops (a
//     division by zero or an out-of-range shift does not fold);
//   - the folders of the integer casts (cast_fold.go);
//   - builders of scalar arith code (build.go: Build, NewCmpI, NewCmpF,
//     NewSelect, IntConstant, FloatConstant) for conversions that compute
//     one element in arith and math, such as hlo's scalar lowerings.
//
// It depends on ir only. It must not know the dialects above it (hlo, and
// the conversions and passes): an hlo op's meaning in arith is hlo's
// business (dialects/hlo's element semantics tables name the arith ops
// they lower to), and arith's folders must not encode another dialect's
// rules (XLA's integer division by zero, for example, is hlo's).
package arith
