package llvm

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the C ABI (see the package documentation): the
// description of each public function's interface (Functions, FuncABI,
// TensorABI, C names) and its LLVM side: the parameters (beginFunc), the
// checks of the argument shapes against the types (lowerArg) and of the
// caller's result shapes against the computed ones (checkResultDims,
// checkResultSize). The C header is cheader.go's, the C driver cdriver.go's.

// TensorABI is one argument or result of a compiled function as the C ABI
// sees it: a contiguous row-major buffer of Elem and its shape.
type TensorABI struct {
	// Name is the C parameter name: arg0, arg1, ... or res0, res1, ...
	Name string
	// Type is the MLIR type (a ranked tensor, or a scalar type, which the
	// ABI passes as a rank-0 tensor).
	Type ir.Type
	// Elem is the element type and Shape the static shape (ir.Dynamic for
	// `?`), nil for rank 0.
	Elem  ir.Type
	Shape []int64
}

// Rank returns the number of dims.
func (t *TensorABI) Rank() int { return len(t.Shape) }

// CType returns the C element type (see the package documentation).
func (t *TensorABI) CType() string { ct, _ := cElemType(t.Elem); return ct }

// ElemSize returns the size of one element in memory, in bytes.
func (t *TensorABI) ElemSize() int {
	if t.Elem == ir.I1 {
		return 1
	}
	return ir.ElementByteSize(t.Elem)
}

// FuncABI is the C interface of one public function.
type FuncABI struct {
	// Name is the MLIR symbol (without '@').
	Name string
	// CName is the C symbol of the kernel; ShapesName is CName +
	// "_result_shapes"; ThreadsName, CName + "_threads", is the kernel's
	// entry with a thread count in the parallel form (Options.Threads).
	CName, ShapesName, ThreadsName string
	Args, Results                  []*TensorABI
	// Op is the func.func.
	Op *ir.Operation
}

// cElemType maps an element type to its C type.
func cElemType(t ir.Type) (string, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return "bcast_f16", nil // _Float16, or its bits (halfTypedef)
		case ir.BF16:
			return "uint16_t", nil // the bits
		case ir.F32:
			return "float", nil
		case ir.F64:
			return "double", nil
		}
	case *ir.IntegerType:
		switch {
		case t.Width == 1 && t.Sign != ir.Unsigned:
			return "uint8_t", nil // 0 or 1
		case t.Width != 8 && t.Width != 16 && t.Width != 32 && t.Width != 64:
		case t.Sign == ir.Unsigned:
			return fmt.Sprintf("uint%d_t", t.Width), nil
		default:
			return fmt.Sprintf("int%d_t", t.Width), nil
		}
	case *ir.IndexType:
		return "int64_t", nil
	case *ir.ComplexType:
		switch t.Elem {
		case ir.F32T:
			return "float _Complex", nil // interleaved (re, im), as C99 and numpy's complex64
		case ir.F64T:
			return "double _Complex", nil
		}
	}
	return "", fmt.Errorf("element type %s has no C ABI yet (supported: f16, bf16, f32, f64, complex<f32>, complex<f64>, i1, i8-i64, si8-si64, ui8-ui64, index)", t)
}

// tensorABI describes a function argument or result type.
func tensorABI(name string, t ir.Type) (*TensorABI, error) {
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if _, err := cElemType(tt.ElementType()); err != nil {
			return nil, err
		}
		return &TensorABI{Name: name, Type: t, Elem: tt.ElementType(), Shape: tt.Shape()}, nil
	case *ir.UnrankedTensorType:
		return nil, fmt.Errorf("unranked type %s has no C ABI (the rank must be static)", t)
	}
	if _, err := cElemType(t); err != nil {
		return nil, err
	}
	return &TensorABI{Name: name, Type: t, Elem: t}, nil
}

// cReserved are names a kernel's C symbol must not take: C keywords, main,
// and the C library functions the generated code calls (the parallel
// form's pool calls pthreads) or a driver uses.
// Built on first use: start-up of bcast-opt does not pay for it.
var cReserved = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed sizeof static struct
		switch typedef union unsigned void volatile while _Bool _Complex _Imaginary bool true false
		main malloc calloc realloc free memcpy memmove memset snprintf printf fprintf fopen fclose fread
		fwrite exit abort strlen pthread_create pthread_mutex_lock pthread_mutex_unlock pthread_cond_wait
		pthread_cond_broadcast`) {
		m[w] = true
	}
	for _, f := range append(libmFuncs, intrinsicLibm...) {
		m[f] = true
		m[f+"f"] = true
	}
	for _, f := range libmOwnLowering {
		m[f] = true
	}
	return m
})

// cName returns the C symbol for an MLIR function name: characters other
// than letters, digits and '_' become '_', a leading digit gets a '_'
// before it, and a reserved name gets "_fn" after it.
func cName(sym string) string {
	var sb strings.Builder
	for i, r := range sym {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			sb.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				sb.WriteByte('_')
			}
			sb.WriteRune(r)
		default:
			sb.WriteByte('_')
		}
	}
	n := sb.String()
	if n == "" || cReserved()[n] || strings.HasPrefix(n, "llvm") || strings.HasPrefix(n, "bcast_") {
		n += "_fn"
	}
	return n
}

// isPublic reports whether a func.func is public and has a body.
func isPublic(fn *ir.Operation) bool {
	if v, ok := fn.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value != "public" {
		return false
	}
	return fn.NumRegions() == 1 && !fn.Region(0).Empty()
}

// Functions returns the C interface of every public func.func of module
// with a body, in module order. Private functions and declarations are not
// part of the interface. An argument or result type without a C ABI, or two
// functions whose C names collide, is an error located at the function.
func Functions(module *ir.Operation) ([]*FuncABI, error) {
	var out []*FuncABI
	seen := map[string]string{}
	var diags ir.DiagList
	for _, op := range moduleOps(module) {
		if op.Def() != funcdialect.Func || !isPublic(op) {
			continue
		}
		f, err := funcABI(op)
		if err != nil {
			diags = append(diags, ir.AsDiagnostics(err, op.Loc)...)
			continue
		}
		for _, n := range []string{f.CName, f.ShapesName, f.ThreadsName} {
			if prev, dup := seen[n]; dup {
				diags = append(diags, ir.Errorf(op.Loc, "C symbol '%s' of @%s collides with the one of @%s", n, f.Name, prev))
			}
			seen[n] = f.Name
		}
		out = append(out, f)
	}
	if len(diags) > 0 {
		return nil, diags
	}
	return out, nil
}

func funcABI(op *ir.Operation) (*FuncABI, error) {
	ft := funcdialect.Type(op)
	name := funcdialect.Name(op)
	c := cName(name)
	f := &FuncABI{Name: name, CName: c, ShapesName: c + "_result_shapes", ThreadsName: c + "_threads", Op: op}
	for i, t := range ft.Inputs {
		a, err := tensorABI(fmt.Sprintf("arg%d", i), t)
		if err != nil {
			return nil, ir.Errorf(op.Loc, "@%s: argument %d: %v", name, i, err)
		}
		f.Args = append(f.Args, a)
	}
	for i, t := range ft.Results {
		r, err := tensorABI(fmt.Sprintf("res%d", i), t)
		if err != nil {
			return nil, ir.Errorf(op.Loc, "@%s: result %d: %v", name, i, err)
		}
		f.Results = append(f.Results, r)
	}
	return f, nil
}

// moduleOps returns the ops of a builtin.module's body (or the op itself
// when it is not a module).
func moduleOps(module *ir.Operation) []*ir.Operation {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return []*ir.Operation{module}
	}
	return module.Region(0).Front().Ops()
}

// beginFunc adds the LLVM function with the C ABI's parameters (the
// kernel's, or in shapesOnly the result-shapes function's, which has no
// data pointers), its entry block, and err's usable size. It returns each
// argument's data parameter (nil in shapesOnly) and shape parameter.
func (l *fnLowering) beginFunc() (argData, argShape []*llir.Param) {
	var params []*llir.Param
	for _, a := range l.abi.Args {
		if !l.shapesOnly {
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
	for _, r := range l.abi.Results {
		if !l.shapesOnly {
			p := llir.NewParam(r.Name, lltypes.NewPointer(mustMemType(r.Elem)))
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrNoCapture)
			params = append(params, p)
			l.resPtr = append(l.resPtr, p)
		}
		sp := llir.NewParam(r.Name+"_shape", i64Ptr)
		sp.Attrs = append(sp.Attrs, enum.ParamAttrNoCapture)
		if !l.shapesOnly {
			sp.Attrs = append(sp.Attrs, enum.ParamAttrReadOnly)
		}
		params = append(params, sp)
		l.resShape = append(l.resShape, sp)
	}
	errP := llir.NewParam("err", i8Ptr)
	errP.Attrs = append(errP.Attrs, enum.ParamAttrNoCapture)
	errLen := llir.NewParam("err_len", i64)
	params = append(params, errP, errLen)
	name := l.abi.CName
	if l.shapesOnly {
		name = l.abi.ShapesName
	} else if l.e.threads {
		// the parallel form's kernel; CName calls it with 1 (parallel.go)
		name = l.abi.ThreadsName
		threads := llir.NewParam("threads", i32)
		params = append(params, threads)
		l.threads = threads
		l.scratch = map[value.Value]scratchBuf{}
	}
	l.f = l.e.m.NewFunc(name, i32, params...)
	l.f.FuncAttrs = append(l.f.FuncAttrs, enum.FuncAttrNoUnwind)

	l.entry = l.f.NewBlock("entry")
	l.exit = llir.NewBlock("exit")
	// snprintf writes at most errSize bytes: 0 when err is NULL.
	isNull := l.entry.NewICmp(enum.IPredEQ, errP, constant.NewNull(i8Ptr))
	neg := l.entry.NewICmp(enum.IPredSLT, errLen, i64c(0))
	l.errPtr = errP
	l.errSize = l.entry.NewSelect(l.entry.NewOr(isNull, neg), i64c(0), errLen)
	l.name(l.errSize.(*llir.InstSelect), "err_size")
	return argData, argShape
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

// checkResultDims compares computed dims with the caller's shape of result
// i.
func (l *fnLowering) checkResultDims(i int, dims []value.Value) {
	for j, d := range dims {
		p := l.elemPtr(ir.Index, l.resShape[i], i64c(int64(j)))
		got := l.cur.NewLoad(i64, p)
		l.check(l.eq(got, d), codeShape, fmt.Sprintf("%s: result %d dim %d: the caller's shape has %%lld, the computed size is %%lld (size results with %s)",
			l.abi.Name, i, j, l.abi.ShapesName), got, d)
	}
}

// checkResultSize checks that result i's caller buffer holds as many
// elements as dims (a generic writing it through a reshape).
func (l *fnLowering) checkResultSize(i int, dims []value.Value) {
	var have value.Value = i64c(1)
	for j := range l.abi.Results[i].Shape {
		have = l.mul(have, l.cur.NewLoad(i64, l.elemPtr(ir.Index, l.resShape[i], i64c(int64(j)))))
	}
	want := l.numElements(dims)
	l.check(l.eq(have, want), codeShape, fmt.Sprintf("%s: result %d: the caller's shape has %%lld elements, the computed result has %%lld (size results with %s)",
		l.abi.Name, i, l.abi.ShapesName), have, want)
}
