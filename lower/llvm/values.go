package llvm

import (
	"fmt"
	"math/big"
	"sync"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// A lowered value is one of three kinds:
//
//   - a scalar (index, integer or float SSA value);
//   - extents: a 1-D index tensor of static length kept as one i64 SSA value
//     per element (shapes: shape.shape_of, shape.broadcast, ...), so that
//     shape arithmetic is plain SSA that LLVM folds;
//   - a buffer: a pointer to contiguous row-major elements and one i64 per
//     dim.
//
// In the result-shapes function there is no data: buffers have a nil
// pointer, and a scalar read from a tensor's data is unknown (nil). Using
// an unknown value where a shape needs it is a compile-time error.
type lval struct {
	scalar  value.Value
	extents []value.Value
	buf     *buffer
	// elems are the elements of a buffer made by tensor.from_elements
	// (nil where unknown): a shape computed from shapes (an hlo shape
	// computation, see ../shape_computations.go) is read from them, in
	// the result-shapes function too, instead of from memory.
	elems []value.Value
}

// buffer is a tensor in memory.
type buffer struct {
	elem ir.Type
	// ptr points to the first element (type memType(elem)*). It is nil for
	// a tensor.empty not yet given storage, and for every tensor in the
	// result-shapes function.
	ptr  value.Value
	dims []value.Value
	// result is the index of the function result whose caller-provided
	// buffer ptr is, -1 when it is none, -2 when it depends on the path
	// taken (a merge of scf.if branches).
	result int
	// checked records that dims were compared with the caller's shape of
	// that result before anything was written.
	checked bool
	// empty marks a tensor.empty: no contents, storage chosen by its user.
	empty bool
	// strides are the element strides of a view (tensor.extract_slice,
	// slices.go); nil for contiguous row-major storage.
	strides []value.Value
	// inPlace marks a generic's result written straight into the slice of
	// the destination that a tensor.insert_slice puts it back into
	// (writesInPlace): that insertion copies nothing.
	inPlace bool
}

const (
	notResult   = -1
	maybeResult = -2
)

var (
	i1  = lltypes.I1
	i8  = lltypes.I8
	i32 = lltypes.I32
	i64 = lltypes.I64

	i8Ptr  = lltypes.NewPointer(lltypes.I8)
	i64Ptr = lltypes.NewPointer(lltypes.I64)
)

// scalarType is the LLVM type of a scalar of MLIR type t in registers.
func scalarType(t ir.Type) (lltypes.Type, error) {
	switch t := t.(type) {
	case *ir.IndexType:
		return i64, nil
	case *ir.IntegerType:
		if t.Width < 1 || t.Width > 64 {
			return nil, fmt.Errorf("integer type %s is not lowered (widths 1-64)", t)
		}
		return lltypes.NewInt(uint64(t.Width)), nil
	case *ir.FloatType:
		// f16 and bf16 compute in f32 registers (half.go).
		switch t.Kind {
		case ir.F16, ir.BF16, ir.F32:
			return lltypes.Float, nil
		case ir.F64:
			return lltypes.Double, nil
		}
	}
	return nil, fmt.Errorf("type %s is not lowered to LLVM IR yet", t)
}

// memType is the LLVM type of an element in memory: i1 takes a byte.
func memType(t ir.Type) (lltypes.Type, error) {
	if t == ir.I1 {
		return i8, nil
	}
	if _, ok := isHalf(t); ok {
		return i16, nil
	}
	return scalarType(t)
}

func mustMemType(t ir.Type) lltypes.Type {
	mt, err := memType(t)
	if err != nil {
		panic(err)
	}
	return mt
}

// elemBytes is the size of one element in memory.
func elemBytes(t ir.Type) int64 {
	if t == ir.I1 {
		return 1
	}
	return int64(ir.ElementByteSize(t))
}

// i64c returns an i64 constant. 0 and 1 (two thirds of the constants a
// kernel uses) are shared: llir never modifies a constant.
func i64c(v int64) *constant.Int {
	switch v {
	case 0:
		return i64Zero
	case 1:
		return i64One
	}
	return constant.NewInt(i64, v)
}

var i64Zero, i64One = constant.NewInt(i64, 0), constant.NewInt(i64, 1)

// constInt returns v's value when it is an integer constant.
func constInt(v value.Value) (int64, bool) {
	c, ok := v.(*constant.Int)
	if !ok || !c.X.IsInt64() {
		return 0, false
	}
	return c.X.Int64(), true
}

// isShapeType reports whether t is a 1-D index tensor of static length,
// the type of extents.
func isShapeType(t ir.Type) (int, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() != 1 || rt.Shape()[0] == ir.Dynamic || rt.ElementType() != ir.Index {
		return 0, false
	}
	return int(rt.Shape()[0]), true
}

// scalarConst returns the LLVM constant for an integer, index or float
// attribute of scalar type t.
func scalarConst(t ir.Type, a ir.Attribute) (constant.Constant, error) {
	lt, err := scalarType(t)
	if err != nil {
		return nil, err
	}
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if it, ok := lt.(*lltypes.IntType); ok {
			return intConst(it, a.Value), nil
		}
	case *ir.BoolAttr:
		if it, ok := lt.(*lltypes.IntType); ok {
			v := int64(0)
			if a.Value {
				v = 1
			}
			return intConst(it, v), nil
		}
	case *ir.FloatAttr:
		if ft, ok := t.(*ir.FloatType); ok {
			return floatConst(ft, a.Value), nil
		}
	}
	return nil, fmt.Errorf("constant %s of type %s is not lowered", ir.AttrString(a), t)
}

// intConst returns an integer constant of type t with v's low bits, written
// as a signed value (LLVM's i1 true prints as "true").
func intConst(t *lltypes.IntType, v int64) *constant.Int {
	if t.BitSize == 1 {
		return constant.NewBool(v&1 != 0)
	}
	if t.BitSize < 64 {
		s := 64 - t.BitSize
		v = v << s >> s
	}
	return constant.NewInt(t, v)
}

// floatConst returns a float constant with exactly v's bits in the type
// (NaN payloads included, through a bitcast of the integer bits).
func floatConst(t *ir.FloatType, v float64) constant.Constant {
	if k, ok := isHalf(t); ok {
		return halfConst(k, v)
	}
	lt, _ := scalarType(t)
	bits := ir.FloatBits(v, t.Kind)
	if v != v {
		w := uint(t.Width())
		signed := int64(bits<<(64-w)) >> (64 - w) // LLVM reads integer literals as signed
		return constant.NewBitCast(&constant.Int{Typ: lltypes.NewInt(uint64(w)), X: big.NewInt(signed)}, lt)
	}
	return constant.NewFloat(lt.(*lltypes.FloatType), ir.FloatFromBits(bits, t.Kind))
}

// nanConst is the quiet NaN the interpreter produces (Go's math.NaN()
// rounded to the type).
func nanConst(t *ir.FloatType) constant.Constant {
	nan := ir.FloatFromBits(0x7FF8000000000001, ir.F64)
	return floatConst(t, ir.RoundToFloatType(nan, t.Kind))
}

// ipred maps arith.cmpi predicate names to LLVM's. It and the package's
// other tables are built on first use, not at bcast-opt's start-up.
var ipred = sync.OnceValue(func() map[string]enum.IPred {
	return map[string]enum.IPred{
		"eq": enum.IPredEQ, "ne": enum.IPredNE, "slt": enum.IPredSLT, "sle": enum.IPredSLE,
		"sgt": enum.IPredSGT, "sge": enum.IPredSGE, "ult": enum.IPredULT, "ule": enum.IPredULE,
		"ugt": enum.IPredUGT, "uge": enum.IPredUGE,
	}
})

// fpred maps arith.cmpf predicate names to LLVM's.
var fpred = sync.OnceValue(func() map[string]enum.FPred {
	return map[string]enum.FPred{
		"false": enum.FPredFalse, "oeq": enum.FPredOEQ, "ogt": enum.FPredOGT, "oge": enum.FPredOGE,
		"olt": enum.FPredOLT, "ole": enum.FPredOLE, "one": enum.FPredONE, "ord": enum.FPredORD,
		"ueq": enum.FPredUEQ, "ugt": enum.FPredUGT, "uge": enum.FPredUGE, "ult": enum.FPredULT,
		"ule": enum.FPredULE, "une": enum.FPredUNE, "uno": enum.FPredUNO, "true": enum.FPredTrue,
	}
})

// incoming is a phi incoming.
func incoming(x value.Value, b *llir.Block) *llir.Incoming { return llir.NewIncoming(x, b) }
