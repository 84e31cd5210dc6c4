package llvm

import (
	"fmt"
	"strconv"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Error codes of the C ABI.
const (
	codeOK        = 0
	codeShape     = 1
	codeNoMemory  = 2
	codeDataShape = 3
)

// fnLowering lowers one func.func to one LLVM function: the kernel, or
// (shapesOnly) the function computing its result shapes.
type fnLowering struct {
	e          *emitter
	abi        *FuncABI
	shapesOnly bool
	f          *llir.Func
	// entry holds the allocas; it branches to the code when done.
	entry *llir.Block
	cur   *llir.Block
	vals  map[*ir.Value]lval
	// the parameters
	resPtr, resShape []value.Value
	errPtr, errSize  value.Value
	// argBufs are the arguments as buffers (for error messages).
	argBufs []*buffer
	// exit is the one return block: it frees the intermediate buffers
	// (slots) and returns the code of the phi exitCodes.
	exit      *llir.Block
	exitCodes []*llir.Incoming
	slots     []value.Value
	names     map[string]int
	// ivs are the loop indices of the generic whose body is being lowered
	// (linalg.index reads them).
	ivs []value.Value
	// lanes is the vector width while a generic's vector body is being
	// lowered (0 outside); streams is set once a non-temporal store was
	// emitted (the exit then fences).
	lanes   int
	streams bool
}

// lowerFunc adds the kernel (or result-shapes) function of f to the module.
func (e *emitter) lowerFunc(f *FuncABI, shapesOnly bool) error {
	l := &fnLowering{e: e, abi: f, shapesOnly: shapesOnly, vals: make(map[*ir.Value]lval, numValues(f.Op)), names: make(map[string]int, 32)}
	var params []*llir.Param
	var argData, argShape []*llir.Param
	for _, a := range f.Args {
		if !shapesOnly {
			p := llir.NewParam(a.Name, lltypes.NewPointer(mustMemType(a.Elem)))
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrNoCapture, enum.ParamAttrReadOnly)
			params = append(params, p)
			argData = append(argData, p)
		} else {
			argData = append(argData, nil)
		}
		sp := llir.NewParam(a.Name+"_shape", i64Ptr)
		sp.Attrs = append(sp.Attrs, enum.ParamAttrNoCapture, enum.ParamAttrReadOnly)
		params = append(params, sp)
		argShape = append(argShape, sp)
	}
	for _, r := range f.Results {
		if !shapesOnly {
			p := llir.NewParam(r.Name, lltypes.NewPointer(mustMemType(r.Elem)))
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrNoCapture)
			params = append(params, p)
			l.resPtr = append(l.resPtr, p)
		}
		sp := llir.NewParam(r.Name+"_shape", i64Ptr)
		sp.Attrs = append(sp.Attrs, enum.ParamAttrNoCapture)
		if !shapesOnly {
			sp.Attrs = append(sp.Attrs, enum.ParamAttrReadOnly)
		}
		params = append(params, sp)
		l.resShape = append(l.resShape, sp)
	}
	errP := llir.NewParam("err", i8Ptr)
	errP.Attrs = append(errP.Attrs, enum.ParamAttrNoCapture)
	errLen := llir.NewParam("err_len", i64)
	params = append(params, errP, errLen)
	name := f.CName
	if shapesOnly {
		name = f.ShapesName
	}
	l.f = e.m.NewFunc(name, i32, params...)
	l.f.FuncAttrs = append(l.f.FuncAttrs, enum.FuncAttrNoUnwind)

	l.entry = l.f.NewBlock("entry")
	l.exit = llir.NewBlock("exit")
	// snprintf writes at most errSize bytes: 0 when err is NULL.
	isNull := l.entry.NewICmp(enum.IPredEQ, errP, constant.NewNull(i8Ptr))
	neg := l.entry.NewICmp(enum.IPredSLT, errLen, i64c(0))
	l.errPtr = errP
	l.errSize = l.entry.NewSelect(l.entry.NewOr(isNull, neg), i64c(0), errLen)
	l.name(l.errSize.(*llir.InstSelect), "err_size")
	start := l.newBlock("args")
	l.cur = start

	body := f.Op.Region(0).Front()
	for i, a := range f.Args {
		b, err := l.lowerArg(i, a, argData[i], argShape[i])
		if err != nil {
			return err
		}
		l.argBufs = append(l.argBufs, b)
		if _, isTensor := a.Type.(*ir.RankedTensorType); !isTensor {
			v := lval{}
			if b.ptr != nil {
				v.scalar = l.loadElem(a.Elem, b.ptr)
			}
			l.vals[body.Arg(i)] = v
			continue
		}
		l.vals[body.Arg(i)] = lval{buf: b}
	}
	term, err := l.lowerBlock(body)
	if err != nil {
		return err
	}
	if term != nil {
		return ir.Errorf(term.Loc, "unexpected terminator '%s' in a function body", term.Name())
	}
	l.finish(start)
	return nil
}

// numValues counts the values op's regions define, the size of
// fnLowering.vals (which would otherwise grow several times).
func numValues(op *ir.Operation) int {
	n := 0
	op.Walk(func(o *ir.Operation) bool {
		n += o.NumResults()
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				n += len(b.Args())
			}
		}
		return true
	})
	return n
}

// finish closes the entry block and builds the exit block.
func (l *fnLowering) finish(start *llir.Block) {
	l.entry.NewBr(start)
	l.exit.Parent = l.f
	l.f.Blocks = append(l.f.Blocks, l.exit)
	var code value.Value = constant.NewInt(i32, codeOK)
	if len(l.exitCodes) == 1 {
		code = l.exitCodes[0].X
	} else if len(l.exitCodes) > 1 {
		phi := l.exit.NewPhi(l.exitCodes...)
		phi.SetName("code")
		code = phi
	}
	if l.streams {
		// order the non-temporal stores before the caller reads the
		// results (x86-64 only streams)
		l.exit.NewCall(l.e.declare("llvm.x86.sse.sfence", lltypes.Void, false))
	}
	for _, s := range l.slots {
		p := l.exit.NewLoad(i8Ptr, s)
		l.exit.NewCall(l.e.free(), p)
	}
	l.exit.NewRet(code)
}

// newBlock appends a block with a unique name.
func (l *fnLowering) newBlock(name string) *llir.Block {
	return l.f.NewBlock(l.unique(name))
}

// unique returns name, or name.N when name is taken.
func (l *fnLowering) unique(name string) string {
	n := l.names[name]
	l.names[name] = n + 1
	if n == 0 {
		return name
	}
	return name + "." + strconv.Itoa(n)
}

// name gives an instruction a readable unique name.
func (l *fnLowering) name(v interface{ SetName(string) }, n string) {
	v.SetName(l.unique(n))
}

// lowerArg reads argument i's shape: a static dim is checked against the
// caller's size, a dynamic one must not be negative.
func (l *fnLowering) lowerArg(i int, a *TensorABI, data, shape *llir.Param) (*buffer, error) {
	b := &buffer{elem: a.Elem, result: notResult}
	if data != nil {
		b.ptr = data
	}
	for j, d := range a.Shape {
		p := l.cur.NewGetElementPtr(i64, shape, i64c(int64(j)))
		p.InBounds = true
		got := l.cur.NewLoad(i64, p)
		l.name(got, a.Name+".d"+strconv.Itoa(j))
		if d == ir.Dynamic {
			l.check(l.cur.NewICmp(enum.IPredSGE, got, i64c(0)), codeShape,
				fmt.Sprintf("%s: argument %d dim %d has negative size %%lld", l.abi.Name, i, j), got)
			b.dims = append(b.dims, got)
			continue
		}
		l.check(l.cur.NewICmp(enum.IPredEQ, got, i64c(d)), codeShape,
			fmt.Sprintf("%s: argument %d dim %d has size %%lld, but its type %s requires %d", l.abi.Name, i, j, a.Type, d), got)
		b.dims = append(b.dims, i64c(d))
	}
	return b, nil
}

// check branches to an error return with code and the printf message
// format (args are i64 values printed with %lld) when ok is false.
func (l *fnLowering) check(ok value.Value, code int, format string, args ...value.Value) {
	if isTrue(ok) {
		return
	}
	likely := l.cur.NewCall(l.e.expect(), ok, constant.True)
	fail := l.newBlock("fail")
	cont := l.newBlock("ok")
	l.cur.NewCondBr(likely, cont, fail)
	l.cur = fail
	l.report(format, args...)
	l.exitWith(code)
	l.cur = cont
}

// report writes a message into err (snprintf truncates it to err_len).
func (l *fnLowering) report(format string, args ...value.Value) {
	callArgs := make([]value.Value, 0, 3+len(args))
	callArgs = append(callArgs, l.errPtr, l.errSize, l.e.cString(format))
	l.cur.NewCall(l.e.snprintf(), append(callArgs, args...)...)
}

// exitWith ends the current block with a jump to the exit block returning
// code. The current block is then dead: callers set l.cur.
func (l *fnLowering) exitWith(code int) {
	l.exitCodes = append(l.exitCodes, incoming(constant.NewInt(i32, int64(code)), l.cur))
	l.cur.NewBr(l.exit)
}

// escapeFormat makes s safe as a printf format.
func escapeFormat(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// argShapesSuffix is " (argument shapes: [%lld, %lld], [%lld])" with the
// matching values, appended to run-time check messages.
func (l *fnLowering) argShapesSuffix() (string, []value.Value) {
	var parts []string
	var args []value.Value
	for _, b := range l.argBufs {
		var ds []string
		for _, d := range b.dims {
			ds = append(ds, "%lld")
			args = append(args, d)
		}
		parts = append(parts, "["+strings.Join(ds, ", ")+"]")
	}
	if len(parts) == 0 {
		return "", nil
	}
	return " (argument shapes: " + strings.Join(parts, ", ") + ")", args
}

// lowerBlock lowers a block's ops up to its terminator, which it returns
// for scf.yield and linalg.yield (func.return is lowered here; it returns
// nil).
func (l *fnLowering) lowerBlock(b *ir.Block) (*ir.Operation, error) {
	for _, op := range b.Ops() {
		switch op.Name() {
		case "scf.yield", "linalg.yield":
			return op, nil
		}
		if err := l.lowerOp(op); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// lowerOp lowers one op (not a terminator of a nested region).
func (l *fnLowering) lowerOp(op *ir.Operation) error {
	name := op.Name()
	switch {
	case name == "func.return":
		return l.lowerReturn(op)
	case name == "arith.constant":
		return l.lowerConstant(op)
	case name == "scf.if":
		return l.lowerIf(op)
	case name == "cf.assert":
		return l.lowerAssert(op)
	case name == "linalg.generic":
		return l.lowerGeneric(op)
	case name == "linalg.index":
		d, _ := op.Attr("dim").(*ir.IntegerAttr)
		if d == nil || d.Value < 0 || int(d.Value) >= len(l.ivs) {
			return ir.Errorf(op.Loc, "linalg.index outside a generic's loops")
		}
		l.vals[op.Result(0)] = lval{scalar: l.ivs[d.Value]}
		return nil
	case strings.HasPrefix(name, "shape."):
		return l.lowerShapeOp(op)
	case strings.HasPrefix(name, "tensor."):
		return l.lowerTensorOp(op)
	case strings.HasPrefix(name, "arith.") || strings.HasPrefix(name, "math."):
		return l.lowerScalarOp(op)
	}
	if name == "hlo.dynamic_broadcast_in_dim" {
		return l.lowerDynamicBroadcast(op)
	}
	if op.Dialect() == "hlo" {
		return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR: run --pipeline=cpu first", name)
	}
	return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", name)
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

func (l *fnLowering) dataDependent(op *ir.Operation) error {
	return ir.Errorf(op.Loc, "'%s' needs a value read from tensor data, so the result shapes of @%s cannot be computed from the argument shapes alone (not supported yet)", op.Name(), l.abi.Name)
}

func (l *fnLowering) lowerConstant(op *ir.Operation) error {
	t := op.Result(0).Type()
	a := op.Attr("value")
	if d, ok := a.(*ir.DenseElementsAttr); ok {
		if n, isShape := isShapeType(t); isShape {
			ext := make([]value.Value, n)
			for i := range ext {
				ext[i] = i64c(d.IntAt(int64(i)))
			}
			l.vals[op.Result(0)] = lval{extents: ext}
			return nil
		}
		rt, _ := t.(*ir.RankedTensorType)
		if rt == nil || !rt.HasStaticShape() {
			return ir.Errorf(op.Loc, "dense constant of type %s is not lowered", t)
		}
		b := &buffer{elem: rt.ElementType(), result: notResult}
		for _, s := range rt.Shape() {
			b.dims = append(b.dims, i64c(s))
		}
		if !l.shapesOnly {
			p, err := l.e.constArray(d)
			if err != nil {
				return ir.Errorf(op.Loc, "%v", err)
			}
			b.ptr = p
		}
		l.vals[op.Result(0)] = lval{buf: b}
		return nil
	}
	c, err := scalarConst(t, a)
	if err != nil {
		return ir.Errorf(op.Loc, "%v", err)
	}
	l.vals[op.Result(0)] = lval{scalar: c}
	return nil
}

func (l *fnLowering) lowerAssert(op *ir.Operation) error {
	c, ok := l.scalarOf(op.Operand(0))
	if !ok {
		// A check on data: the kernel makes it.
		return nil
	}
	msg, _ := op.Attr("msg").(*ir.StringAttr)
	text := "assertion failed"
	if msg != nil && msg.Value != "" {
		text = msg.Value
	}
	// The placeholders {0} and {1} are the compared sizes (dialects/cf).
	var args []value.Value
	cmp := cf.MessageArgs(op)
	text = cf.ExpandMessage(escapeFormat(text), len(cmp), func(k int) string {
		x, ok := l.scalarOf(cmp[k])
		if !ok {
			return "?"
		}
		it, isInt := x.Type().(*lltypes.IntType)
		if !isInt {
			return "?"
		}
		if it.BitSize < 64 {
			x = l.cur.NewSExt(x, i64)
		}
		args = append(args, x)
		return "%lld"
	})
	suffix, shapeArgs := l.argShapesSuffix()
	l.check(c, codeShape, text+suffix, append(args, shapeArgs...)...)
	return nil
}

// loadElem loads the element at p, widening an i1 from its byte.
func (l *fnLowering) loadElem(elem ir.Type, p value.Value) value.Value {
	v := l.cur.NewLoad(mustMemType(elem), p)
	if elem == ir.I1 {
		return l.cur.NewTrunc(v, i1)
	}
	if k, ok := isHalf(elem); ok {
		return l.extendHalf(k, v)
	}
	return v
}

// storeElem stores x at p (an i1 as a byte 0 or 1).
func (l *fnLowering) storeElem(elem ir.Type, x, p value.Value) {
	if elem == ir.I1 {
		x = l.cur.NewZExt(x, i8)
	}
	if k, ok := isHalf(elem); ok {
		x = l.truncHalf(k, x)
	}
	l.cur.NewStore(x, p)
}

// elemPtr returns &p[off].
func (l *fnLowering) elemPtr(elem ir.Type, p, off value.Value) value.Value {
	if c, ok := constInt(off); ok && c == 0 {
		return p
	}
	g := l.cur.NewGetElementPtr(mustMemType(elem), p, off)
	g.InBounds = true
	return g
}

// Integer helpers that fold constants, so that static shapes give
// constant IR.

func (l *fnLowering) add(a, b value.Value) value.Value {
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
	return l.cur.NewAdd(a, b)
}

func (l *fnLowering) mul(a, b value.Value) value.Value {
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
	return l.cur.NewMul(a, b)
}

// eq compares two i64 values.
func (l *fnLowering) eq(a, b value.Value) value.Value {
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
	return l.cur.NewICmp(enum.IPredEQ, a, b)
}

// and is the conjunction of i1 values.
func (l *fnLowering) and(a, b value.Value) value.Value {
	if isTrue(a) {
		return b
	}
	if isTrue(b) {
		return a
	}
	if isFalse(a) || isFalse(b) {
		return constant.False
	}
	return l.cur.NewAnd(a, b)
}

func (l *fnLowering) or(a, b value.Value) value.Value {
	if isTrue(a) || isTrue(b) {
		return constant.True
	}
	if isFalse(a) {
		return b
	}
	if isFalse(b) {
		return a
	}
	return l.cur.NewOr(a, b)
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
func (l *fnLowering) sel(c, a, b value.Value) value.Value {
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
	return l.cur.NewSelect(c, a, b)
}

// numElements is the product of dims.
func (l *fnLowering) numElements(dims []value.Value) value.Value {
	var n value.Value = i64c(1)
	for _, d := range dims {
		n = l.mul(n, d)
	}
	return n
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

// copyBytes copies n elements of elem from src to dst.
func (l *fnLowering) copyElems(elem ir.Type, dst, src value.Value, dims []value.Value) {
	bytes := l.mul(l.numElements(dims), i64c(elemBytes(elem)))
	d := l.cur.NewBitCast(dst, i8Ptr)
	s := l.cur.NewBitCast(src, i8Ptr)
	l.cur.NewCall(l.e.memcpy(), d, s, bytes)
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
