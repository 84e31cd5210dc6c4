package llvm

import (
	"fmt"
	"math/big"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the lowered values (lval: scalars, extents, buffers), the
// mapping of MLIR types and constants to LLVM's, and the conversions
// between the kinds of values: a buffer's strides, a view's contiguous
// copy, intermediate buffers (alloc), a tensor.empty given storage, shapes
// read as extents.

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
	// hasFill marks a fill kept as its value, fill (nil when unknown, in
	// the result-shapes function), with no storage (empty is set): the
	// reductions that read it as their init use the value (fill.go).
	hasFill bool
	fill    value.Value
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

// incoming is a phi incoming.
func incoming(x value.Value, b *llir.Block) *llir.Incoming { return llir.NewIncoming(x, b) }

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
	case *ir.ComplexType:
		return complexLLType(t) // {re, im} (complex.go)
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

// mkExtents is extents vs (never nil: a rank-0 shape has no extents).
func mkExtents(vs []value.Value) lval {
	if vs == nil {
		vs = []value.Value{}
	}
	return lval{extents: vs}
}

// reshaped is src with other dims and the same contiguous storage.
func reshaped(src *buffer, dims []value.Value) *buffer {
	nb := *src
	nb.dims = dims
	nb.checked = false
	return &nb
}

// setResult records v as the lowered value of op's only result.
func (l *fnLowering) setResult(op *ir.Operation, v lval) error {
	l.vals[op.Result(0)] = v
	return nil
}

// get returns the lowered value of v.
func (l *fnLowering) get(v *ir.Value) lval { return l.vals[v] }

// scalarOf returns v as a scalar; ok is false when it is unknown (read
// from data in the result-shapes function).
func (l *fnLowering) scalarOf(v *ir.Value) (value.Value, bool) {
	s := l.vals[v].scalar
	if s != nil && l.lanes > 0 {
		s = l.splat(s) // a loop-invariant value in a vector body
	}
	return s, s != nil
}

// needScalar is scalarOf for a use that decides a shape or a branch.
func (l *fnLowering) needScalar(op *ir.Operation, i int) (value.Value, error) {
	s, ok := l.scalarOf(op.Operand(i))
	if !ok {
		return nil, l.dataDependent(op)
	}
	return s, nil
}

// asBuffer returns v as a buffer, giving a tensor.empty storage and
// writing extents to memory when a data use needs them.
func (l *fnLowering) asBuffer(v lval, t ir.Type) *buffer {
	switch {
	case v.buf != nil:
		if v.buf.ptr == nil && v.buf.empty && !l.shapesOnly {
			nb := *v.buf
			nb.ptr = l.alloc(nb.elem, nb.dims)
			nb.empty = false
			if nb.hasFill {
				l.fillBuffer(&nb, nb.fill)
				nb.hasFill, nb.fill = false, nil
			}
			return &nb
		}
		return v.buf
	case v.extents != nil:
		b := &buffer{elem: ir.Index, dims: []value.Value{i64c(int64(len(v.extents)))}, result: notResult}
		if !l.shapesOnly {
			arr := l.entry.NewAlloca(lltypes.NewArray(uint64(len(v.extents)), i64))
			base := l.cur.NewGetElementPtr(arr.ElemType, arr, i64c(0), i64c(0))
			for i, x := range v.extents {
				l.cur.NewStore(x, l.elemPtr(ir.Index, base, i64c(int64(i))))
			}
			b.ptr = base
		}
		return b
	}
	// a scalar used as a rank-0 tensor
	b := &buffer{elem: ir.ElementTypeOf(t), result: notResult}
	if !l.shapesOnly && v.scalar != nil {
		mt := mustMemType(b.elem)
		p := l.entry.NewAlloca(mt)
		l.storeElem(b.elem, v.scalar, p)
		b.ptr = p
	}
	return b
}

// asExtents returns v as extents (loading a 1-D index buffer); ok is false
// in the result-shapes function when the extents are data.
func (l *fnLowering) asExtents(v lval) ([]value.Value, bool) {
	if v.extents != nil {
		return v.extents, true
	}
	if v.buf == nil || v.buf.ptr == nil || len(v.buf.dims) != 1 {
		return nil, false
	}
	n, ok := constInt(v.buf.dims[0])
	if !ok {
		return nil, false
	}
	out := make([]value.Value, n)
	stride := l.stridesOf(v.buf)[0]
	for i := range out {
		out[i] = l.loadElem(ir.Index, l.elemPtr(ir.Index, v.buf.ptr, l.mul(i64c(int64(i)), stride)))
	}
	return out, true
}

// extentsOf returns operand i of op as extents: a shape, or the dims of a
// tensor.
func (l *fnLowering) extentsOf(op *ir.Operation, i int) ([]value.Value, error) {
	ext, ok := l.asExtents(l.get(op.Operand(i)))
	if !ok {
		if l.shapesOnly {
			return nil, l.dataDependent(op)
		}
		return nil, ir.Errorf(op.Loc, "operand #%d of type %s is not a shape of static rank", i, op.Operand(i).Type())
	}
	return ext, nil
}

// shapeExtents reads a 1-D shape operand of static length (index or
// integer elements) as extents: from a constant, from extents, or loaded
// (sign-extended) from a buffer in the kernel.
func (l *fnLowering) shapeExtents(op *ir.Operation, i int) ([]value.Value, error) {
	v := op.Operand(i)
	if d, ok := ir.ConstantValue(v).(*ir.DenseElementsAttr); ok {
		ext := make([]value.Value, d.NumElements())
		for k := range ext {
			ext[k] = i64c(d.IntAt(int64(k)))
		}
		return ext, nil
	}
	lv := l.get(v)
	if lv.elems != nil && len(lv.buf.dims) == 1 {
		// Built by tensor.from_elements: known in the result-shapes
		// function too, unless an element was read from data.
		ext := make([]value.Value, len(lv.elems))
		for k, x := range lv.elems {
			if x == nil {
				return nil, l.dataDependent(op)
			}
			if w := x.Type().(*lltypes.IntType).BitSize; w < 64 {
				x = l.cur.NewSExt(x, i64)
			}
			ext[k] = x
		}
		return ext, nil
	}
	if ext, ok := l.asExtents(lv); ok && ir.ElementTypeOf(v.Type()) == ir.Index {
		return ext, nil
	}
	if lv.buf == nil || lv.buf.ptr == nil || len(lv.buf.dims) != 1 {
		return nil, l.dataDependent(op)
	}
	n, ok := constInt(lv.buf.dims[0])
	if !ok {
		return nil, ir.Errorf(op.Loc, "operand #%d of type %s is not a shape of static rank", i, v.Type())
	}
	stride := l.stridesOf(lv.buf)[0]
	ext := make([]value.Value, n)
	for k := range ext {
		x := l.loadElem(lv.buf.elem, l.elemPtr(lv.buf.elem, lv.buf.ptr, l.mul(i64c(int64(k)), stride)))
		if w := x.Type().(*lltypes.IntType).BitSize; w < 64 {
			x = l.cur.NewSExt(x, i64)
		}
		ext[k] = x
	}
	return ext, nil
}

// stridesOf returns b's element strides: its view strides, or those of a
// contiguous row-major buffer.
func (l *fnLowering) stridesOf(b *buffer) []value.Value {
	if b.strides != nil {
		return b.strides
	}
	s := make([]value.Value, len(b.dims))
	var stride value.Value = i64c(1)
	for j := len(b.dims) - 1; j >= 0; j-- {
		s[j] = stride
		stride = l.mul(stride, b.dims[j])
	}
	return s
}

// stridesIn is stridesOf computed at the end of block b (a branch of an
// scf.if, before its terminator), for a phi in the merge block.
func (l *fnLowering) stridesIn(x *buffer, b *llir.Block) []value.Value {
	if x.strides != nil {
		return x.strides
	}
	saved := l.cur
	term := b.Term
	b.Term = nil
	l.cur = b
	s := l.stridesOf(x)
	b.Term = term
	l.cur = saved
	return s
}

// contiguous returns b, or a contiguous copy of it when it is a strided
// view (for the users that need row-major storage: reshapes, extents).
func (l *fnLowering) contiguous(b *buffer) *buffer {
	if b.strides == nil || b.ptr == nil {
		return b
	}
	nb := &buffer{elem: b.elem, dims: b.dims, result: notResult}
	nb.ptr = l.alloc(b.elem, b.dims)
	l.copyBuffer(nb, b)
	return nb
}

// copyBuffer copies src's elements into dst (same dims): memcpy when both
// are contiguous, else a loop nest over the strides.
func (l *fnLowering) copyBuffer(dst, src *buffer) {
	if dst.strides == nil && src.strides == nil {
		l.copyElems(dst.elem, dst.ptr, src.ptr, dst.dims)
		return
	}
	ds, ss := l.stridesOf(dst), l.stridesOf(src)
	var nest func(d int, dp, sp value.Value) error
	nest = func(d int, dp, sp value.Value) error {
		if d == len(dst.dims) {
			l.cur.NewStore(l.cur.NewLoad(mustMemType(src.elem), sp), dp)
			return nil
		}
		return l.loop(dst.dims[d], fmt.Sprintf("copy%d", d), func(iv value.Value) error {
			return nest(d+1, l.elemPtr(dst.elem, dp, l.mul(iv, ds[d])), l.elemPtr(src.elem, sp, l.mul(iv, ss[d])))
		})
	}
	_ = nest(0, dst.ptr, src.ptr)
}

// alloc returns a new buffer of elem with dims, allocated with malloc and
// freed when the function returns (its pointer is kept in a slot that the
// exit block frees; slots start as NULL).
func (l *fnLowering) alloc(elem ir.Type, dims []value.Value) value.Value {
	bytes := l.mul(l.numElements(dims), i64c(elemBytes(elem)))
	// malloc(0) may return NULL: ask for at least one byte.
	if c, ok := constInt(bytes); !ok || c == 0 {
		isZero := l.cur.NewICmp(enum.IPredEQ, bytes, i64c(0))
		bytes = l.cur.NewSelect(isZero, i64c(1), bytes)
	}
	slot := l.entry.NewAlloca(i8Ptr)
	l.name(slot, "slot")
	l.entry.NewStore(constant.NewNull(i8Ptr), slot)
	l.slots = append(l.slots, slot)
	p := l.cur.NewCall(l.e.malloc(), bytes)
	l.cur.NewStore(p, slot)
	l.check(l.cur.NewICmp(enum.IPredNE, p, constant.NewNull(i8Ptr)), codeNoMemory,
		l.abi.Name+": out of memory allocating an intermediate buffer of %lld bytes", bytes)
	return l.cur.NewBitCast(p, lltypes.NewPointer(mustMemType(elem)))
}
