package llvm

import (
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns fnBuilder, the instruction-level builder every lowering
// emits through, with its folding integer arithmetic and element access.

// fnBuilder emits the instructions of one LLVM function. It knows LLVM
// and the C library, not the MLIR ops: blocks with unique names; integer
// arithmetic on i64 and i1 that folds constants, so that static shapes
// give constant IR (add, sub, mul, eq, cmp, and, or, not, sel); elements
// in memory (elemPtr, loadElem, storeElem: i1 as a byte, f16 and bf16 as
// their bits, half.go); loops (loops.go); vector types and splats while a
// vector body is emitted (vector.go: lanes); and the error exits with the
// exit block that frees intermediate buffers (checks.go).
type fnBuilder struct {
	e *emitter
	f *llir.Func
	// entry holds the allocas; it branches to the code when done. cur is
	// the block instructions are appended to.
	entry *llir.Block
	cur   *llir.Block
	names map[string]int
	// lanes is the vector width while a generic's vector body is being
	// lowered (0 outside).
	lanes int
	// err and its usable size (0 when err is NULL): where checks write
	// their message.
	errPtr, errSize value.Value
	// exit is the one return block: it frees the intermediate buffers
	// (slots) and returns the code of the phi exitCodes. streams is set
	// once a non-temporal store was emitted (the exit then fences).
	exit      *llir.Block
	exitCodes []*llir.Incoming
	slots     []value.Value
	streams   bool
}

// newBlock appends a block with a unique name.
func (fb *fnBuilder) newBlock(name string) *llir.Block {
	return fb.f.NewBlock(fb.unique(name))
}

// laterBlock returns a block named name that is not yet in the function:
// the blocks emitted before enter places it come before it.
func (fb *fnBuilder) laterBlock(name string) *llir.Block {
	return llir.NewBlock(fb.unique(name))
}

// enter appends b (from laterBlock) to the function and continues there.
func (fb *fnBuilder) enter(b *llir.Block) {
	b.Parent = fb.f
	fb.f.Blocks = append(fb.f.Blocks, b)
	fb.cur = b
}

// unique returns name, or name.N when name is taken.
func (fb *fnBuilder) unique(name string) string {
	n := fb.names[name]
	fb.names[name] = n + 1
	if n == 0 {
		return name
	}
	return name + "." + strconv.Itoa(n)
}

// name gives an instruction a readable unique name.
func (fb *fnBuilder) name(v interface{ SetName(string) }, n string) {
	v.SetName(fb.unique(n))
}

// Integer helpers that fold constants, so that static shapes give
// constant IR.

func (fb *fnBuilder) add(a, b value.Value) value.Value {
	x, xc := constInt(a)
	y, yc := constInt(b)
	switch {
	case xc && yc:
		return i64c(x + y)
	case xc && x == 0:
		return b
	case yc && y == 0:
		return a
	}
	return fb.cur.NewAdd(a, b)
}

func (fb *fnBuilder) sub(a, b value.Value) value.Value {
	x, xc := constInt(a)
	y, yc := constInt(b)
	switch {
	case xc && yc:
		return i64c(x - y)
	case yc && y == 0:
		return a
	}
	return fb.cur.NewSub(a, b)
}

func (fb *fnBuilder) mul(a, b value.Value) value.Value {
	x, xc := constInt(a)
	y, yc := constInt(b)
	switch {
	case xc && yc:
		return i64c(x * y)
	case xc && x == 1:
		return b
	case yc && y == 1:
		return a
	case xc && x == 0, yc && y == 0:
		return i64c(0)
	}
	return fb.cur.NewMul(a, b)
}

// eq compares two i64 values.
func (fb *fnBuilder) eq(a, b value.Value) value.Value {
	x, xc := constInt(a)
	y, yc := constInt(b)
	if xc && yc {
		if x == y {
			return constant.True
		}
		return constant.False
	}
	if a == b {
		return constant.True
	}
	return fb.cur.NewICmp(enum.IPredEQ, a, b)
}

// cmp is an icmp that folds constants.
func (fb *fnBuilder) cmp(p enum.IPred, a, b value.Value) value.Value {
	x, xc := constInt(a)
	y, yc := constInt(b)
	if xc && yc {
		switch p {
		case enum.IPredSGE:
			return constant.NewBool(x >= y)
		case enum.IPredSLT:
			return constant.NewBool(x < y)
		case enum.IPredSLE:
			return constant.NewBool(x <= y)
		case enum.IPredEQ:
			return constant.NewBool(x == y)
		}
	}
	return fb.cur.NewICmp(p, a, b)
}

// and is the conjunction of i1 values.
func (fb *fnBuilder) and(a, b value.Value) value.Value {
	if isTrue(a) {
		return b
	}
	if isTrue(b) {
		return a
	}
	if isFalse(a) || isFalse(b) {
		return constant.False
	}
	return fb.cur.NewAnd(a, b)
}

func (fb *fnBuilder) or(a, b value.Value) value.Value {
	if isTrue(a) || isTrue(b) {
		return constant.True
	}
	if isFalse(a) {
		return b
	}
	if isFalse(b) {
		return a
	}
	return fb.cur.NewOr(a, b)
}

func (fb *fnBuilder) not(v value.Value) value.Value {
	switch {
	case isTrue(v):
		return constant.False
	case isFalse(v):
		return constant.True
	}
	return fb.cur.NewXor(v, constant.True)
}

func isTrue(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.Typ.BitSize == 1 && c.X.Sign() != 0
}

func isFalse(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.Typ.BitSize == 1 && c.X.Sign() == 0
}

// sel is select with constant folding.
func (fb *fnBuilder) sel(c, a, b value.Value) value.Value {
	if isTrue(c) || a == b {
		return a
	}
	if isFalse(c) {
		return b
	}
	x, xc := constInt(a)
	y, yc := constInt(b)
	if xc && yc && x == y {
		return a
	}
	return fb.cur.NewSelect(c, a, b)
}

// numElements is the product of dims.
func (fb *fnBuilder) numElements(dims []value.Value) value.Value {
	var n value.Value = i64c(1)
	for _, d := range dims {
		n = fb.mul(n, d)
	}
	return n
}

// allPositive is true when every size in ds is positive.
func (fb *fnBuilder) allPositive(ds []value.Value) value.Value {
	var all value.Value = constant.True
	for _, d := range ds {
		if c, ok := constInt(d); ok && c > 0 {
			continue
		}
		all = fb.and(all, fb.cur.NewICmp(enum.IPredSGT, d, i64c(0)))
	}
	return all
}

// elemPtr returns &p[off].
func (fb *fnBuilder) elemPtr(elem ir.Type, p, off value.Value) value.Value {
	if c, ok := constInt(off); ok && c == 0 {
		return p
	}
	g := fb.cur.NewGetElementPtr(mustMemType(elem), p, off)
	g.InBounds = true
	return g
}

// loadElem loads the element at p, widening an i1 from its byte.
func (fb *fnBuilder) loadElem(elem ir.Type, p value.Value) value.Value {
	v := fb.cur.NewLoad(mustMemType(elem), p)
	if elem == ir.I1 {
		return fb.cur.NewTrunc(v, i1)
	}
	if k, ok := isHalf(elem); ok {
		return fb.extendHalf(k, v)
	}
	return v
}

// storeElem stores x at p (an i1 as a byte 0 or 1).
func (fb *fnBuilder) storeElem(elem ir.Type, x, p value.Value) {
	if elem == ir.I1 {
		x = fb.cur.NewZExt(x, i8)
	}
	if k, ok := isHalf(elem); ok {
		x = fb.truncHalf(k, x)
	}
	fb.cur.NewStore(x, p)
}

// copyBytes copies n elements of elem from src to dst.
func (fb *fnBuilder) copyElems(elem ir.Type, dst, src value.Value, dims []value.Value) {
	bytes := fb.mul(fb.numElements(dims), i64c(elemBytes(elem)))
	d := fb.cur.NewBitCast(dst, i8Ptr)
	s := fb.cur.NewBitCast(src, i8Ptr)
	fb.cur.NewCall(fb.e.memcpy(), d, s, bytes)
}
