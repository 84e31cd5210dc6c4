package llvm

import (
	"fmt"
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm/internal/buildhook"
	"github.com/bcast-opt/bcast-opt/lower/llvm/llprint"
)

// This file owns Emit, the package's entry point, and the emitter: the
// LLVM module being built, with the declarations of the C library and
// intrinsic functions the kernels call, string constants and constant
// arrays. Each function is lowered by lowering.go; the text is printed by
// package llprint.

// Options control Emit.
type Options struct {
	// Target is the triple and data layout written into the module, and
	// the CPU and features of its functions' attributes; the zero value
	// is the host (HostTarget).
	Target Target
	// Threads emits the parallel form: each kernel f also gets an entry
	// f_threads taking a thread count, whose outermost parallel loops run
	// on a thread pool (see the package documentation, Threads).
	Threads bool
	// unfused lowers every generic on its own (the tests compare fused
	// groups with it, fuse.go).
	unfused bool
}

// Emit lowers every public function of module, which must be in the form
// `--pipeline=cpu` produces, to LLVM IR text: for each function the kernel
// and its result-shapes function (see the package documentation for the C
// ABI). An op this package does not lower yet is an error located at the
// op; all functions are tried, and all their errors are returned.
func Emit(module *ir.Operation, opts Options) (string, error) {
	m, err := build(module, opts)
	if err != nil {
		return "", err
	}
	return llprint.Module(m), nil
}

// build lowers module to an llir module (Emit without the printing).
func build(module *ir.Operation, opts Options) (*llir.Module, error) {
	if opts.Target.Triple == "" {
		opts.Target = HostTarget()
	}
	fns, err := Functions(module)
	if err != nil {
		return nil, err
	}
	e := newEmitter(opts.Target)
	e.fuse = !opts.unfused
	e.threads = opts.Threads
	var diags ir.DiagList
	for _, f := range fns {
		if err := refuseComplexParts(f.Op); err != nil {
			diags = append(diags, ir.AsDiagnostics(err, f.Op.Loc)...)
			continue
		}
		for _, shapesOnly := range []bool{false, true} {
			if err := e.lowerFunc(f, shapesOnly); err != nil {
				diags = append(diags, ir.AsDiagnostics(err, f.Op.Loc)...)
				break
			}
		}
	}
	if len(diags) > 0 {
		return nil, diags
	}
	e.addTargetAttrs()
	return e.m, nil
}

func init() {
	// for llprint's tests (an assignment: nothing runs at start-up)
	buildhook.Build = func(module *ir.Operation, triple string) (*llir.Module, error) {
		t, err := ParseTarget(triple)
		if err != nil {
			return nil, err
		}
		return build(module, Options{Target: t})
	}
}

// emitter builds one LLVM module: the functions, the declarations of the C
// library and intrinsic functions they call, and string constants.
type emitter struct {
	m     *llir.Module
	decls map[string]*llir.Func
	strs  map[string]*constant.ExprGetElementPtr
	// target is the module's target; ntNode the !nontemporal node once
	// used.
	target Target
	ntNode *metadata.Tuple
	// fuse enables the fused groups of generics (fuse.go).
	fuse bool
	// threads emits the parallel form (Options.Threads); pool is its
	// thread pool once a loop uses it (pool.go).
	threads bool
	pool    *pool
}

func newEmitter(t Target) *emitter {
	m := llir.NewModule()
	m.TargetTriple = t.Triple
	m.DataLayout = t.DataLayout
	return &emitter{m: m, decls: map[string]*llir.Func{}, strs: map[string]*constant.ExprGetElementPtr{}, target: t}
}

// declare returns the declaration of an external function (a C library
// function or an LLVM intrinsic), adding it on first use.
func (e *emitter) declare(name string, ret lltypes.Type, variadic bool, params ...lltypes.Type) *llir.Func {
	if f, ok := e.decls[name]; ok {
		return f
	}
	var ps []*llir.Param
	for _, p := range params {
		ps = append(ps, llir.NewParam("", p))
	}
	f := e.m.NewFunc(name, ret, ps...)
	f.Sig.Variadic = variadic
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind)
	e.decls[name] = f
	return f
}

func (e *emitter) malloc() *llir.Func { return e.declare("malloc", i8Ptr, false, i64) }
func (e *emitter) free() *llir.Func   { return e.declare("free", lltypes.Void, false, i8Ptr) }
func (e *emitter) memcpy() *llir.Func { return e.declare("memcpy", i8Ptr, false, i8Ptr, i8Ptr, i64) }
func (e *emitter) snprintf() *llir.Func {
	return e.declare("snprintf", i32, true, i8Ptr, i64, i8Ptr)
}
func (e *emitter) expect() *llir.Func { return e.declare("llvm.expect.i1", i1, false, i1, i1) }

// prefetch is llvm.prefetch(address, rw, locality, cache type).
func (e *emitter) prefetch() *llir.Func {
	return e.declare("llvm.prefetch.p0i8", lltypes.Void, false, i8Ptr, i32, i32, i32)
}

// cString returns an i8* constant pointing to a NUL-terminated private copy
// of s.
func (e *emitter) cString(s string) *constant.ExprGetElementPtr {
	if c, ok := e.strs[s]; ok {
		return c
	}
	init := constant.NewCharArrayFromString(s + "\x00")
	g := e.m.NewGlobalDef("str."+strconv.Itoa(len(e.strs)), init)
	g.Immutable = true
	g.Linkage = enum.LinkagePrivate
	g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
	zero := i64c(0)
	c := constant.NewGetElementPtr(init.Typ, g, zero, zero)
	c.InBounds = true
	e.strs[s] = c
	return c
}

// constArray returns a pointer to a private constant array holding a dense
// attribute's elements (a splat is expanded).
func (e *emitter) constArray(d *ir.DenseElementsAttr) (constant.Constant, error) {
	elem := d.Type.ElementType()
	mt, err := memType(elem)
	if err != nil {
		return nil, err
	}
	n := d.NumElements()
	const maxElems = 1 << 20
	if n > maxElems {
		return nil, fmt.Errorf("dense constant of %d elements is too large to embed (at most %d for now)", n, maxElems)
	}
	elems := make([]constant.Constant, n)
	for i := range elems {
		switch et := elem.(type) {
		case *ir.FloatType:
			if k, ok := isHalf(et); ok {
				elems[i] = constant.NewInt(i16, int64(int16(ir.FloatBits(d.FloatAt(int64(i)), k))))
				continue
			}
			elems[i] = floatConst(et, d.FloatAt(int64(i)))
		case *ir.ComplexType:
			elems[i] = complexConst(et, d.ComplexAt(int64(i)))
		default:
			elems[i] = intConst(mt.(*lltypes.IntType), d.IntAt(int64(i)))
		}
	}
	arrT := lltypes.NewArray(uint64(n), mt)
	init := constant.NewArray(arrT, elems...)
	g := e.m.NewGlobalDef("const."+strconv.Itoa(len(e.m.Globals)), init)
	g.Immutable = true
	g.Linkage = enum.LinkagePrivate
	g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
	zero := i64c(0)
	c := constant.NewGetElementPtr(arrT, g, zero, zero)
	c.InBounds = true
	return c, nil
}

// refuseComplexParts fails at the first op of fn with complex elements
// whose parts are not f32 or f64 (an operand, a result or a block
// argument of one of its regions): they have no LLVM type (complex.go),
// and a located error is better than failing in the middle of a
// lowering.
func refuseComplexParts(fn *ir.Operation) error {
	var bad *ir.Operation
	var elem ir.Type
	unlowered := func(t ir.Type) bool {
		if ct, ok := ir.ElementTypeOf(t).(*ir.ComplexType); ok {
			if _, err := complexLLType(ct); err != nil {
				elem = ct
				return true
			}
		}
		return false
	}
	fn.Walk(func(o *ir.Operation) bool {
		if bad != nil {
			return false
		}
		for _, v := range o.Operands() {
			if unlowered(v.Type()) {
				bad = o
				return false
			}
		}
		for _, t := range o.ResultTypes() {
			if unlowered(t) {
				bad = o
				return false
			}
		}
		if o == fn {
			return true
		}
		for _, r := range o.Regions() {
			for _, blk := range r.Blocks() {
				for _, a := range blk.Args() {
					if unlowered(a.Type()) {
						bad = o
						return false
					}
				}
			}
		}
		return true
	})
	if bad != nil {
		return bad.Emit("has '%s' values, which are not lowered to LLVM IR (complex<f32> and complex<f64> are)", elem)
	}
	return nil
}
