package llvm

import (
	"fmt"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the parallel form's loops (Options.Threads; doc.go,
// Threads): the outermost parallel loop of a kernel is outlined into a
// function of a range of its iterations, which the thread pool (pool.go)
// runs in chunks. The loop is emitted by the usual code (loops.go,
// reduce.go, fuse.go, matmul.go) into the outlined function; the values
// of the kernel it uses are then passed in a context struct, and the
// per-iteration scratch buffers it uses (row buffers, registered by
// rowArray) are allocated again inside it, one per chunk, so that chunks
// share only the operands. Each chunk runs the iterations of its range in
// order with the same instructions as the single-thread loop, so results
// are the same bits for any number of threads.

// scratchBuf is a buffer whose contents live within one iteration of the
// loops that use it: a parallel loop gives each chunk its own.
type scratchBuf struct {
	elem ir.Type
	n    value.Value
}

// parallelFor emits `for (iv = 0; iv < n; iv++) body(iv)`, a kernel's
// outermost loop whose iterations are independent: in the parallel form
// it is split across threads; work is the iterations of the innermost
// body the whole loop runs (what decides how many threads it gets).
// Otherwise, and inside an outlined loop, it is l.loop.
func (l *fnLowering) parallelFor(n, work value.Value, name string, body func(iv value.Value) error) error {
	if !l.parallel() {
		return l.loop(n, name, body)
	}
	return l.outline(n, work, parallelGrain, name, func(begin, end, _ value.Value) error {
		_, err := l.loopFrom(begin, end, 1, name, body)
		return err
	})
}

// outerLoop is l.loop, or for a kernel's outermost loop (outermost)
// parallelFor with the work that work computes (emitted only then).
func (l *fnLowering) outerLoop(outermost bool, work func() value.Value) func(n value.Value, name string, body func(iv value.Value) error) error {
	if !outermost || !l.parallel() {
		return l.loop
	}
	return func(n value.Value, name string, body func(iv value.Value) error) error {
		return l.parallelFor(n, work(), name, body)
	}
}

// parallel reports whether a loop emitted now may be split across
// threads: the kernel has a thread count and no loop around it does.
func (l *fnLowering) parallel() bool { return l.threads != nil && !l.outlining }

// outline emits a loop of n independent iterations, split across
// threads, as a function
//
//	i32 @<kernel>.<name>.par(i8* ctx, i64 begin, i64 end, i64 chunk)
//
// whose code chunk emits (the iterations [begin, end); t is the chunk's
// number), and a call of bcast.parallel_for running it in grain chunks
// per thread (pool.go); work is what parallelFor's is.
func (l *fnLowering) outline(n, work value.Value, grain int64, name string, chunk func(begin, end, t value.Value) error) error {
	ctxP, beginP, endP, chunkP := llir.NewParam("ctx", i8Ptr), llir.NewParam("begin", i64), llir.NewParam("end", i64), llir.NewParam("chunk", i64)
	ctxP.Attrs = append(ctxP.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrNoCapture, enum.ParamAttrReadOnly)
	f := l.e.m.NewFunc(l.f.Name()+"."+l.unique(name+".par"), i32, ctxP, beginP, endP, chunkP)
	f.Linkage = enum.LinkagePrivate
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind)

	parent := l.fnBuilder
	// a failed check inside returns its code with no message: the kernel
	// writes one (below), so that threads do not write err at once
	l.fnBuilder = fnBuilder{e: l.e, f: f, names: parent.names, errPtr: constant.NewNull(i8Ptr), errSize: i64c(0)}
	l.entry = f.NewBlock("entry")
	l.exit = llir.NewBlock("exit")
	start := l.newBlock(name + ".chunk")
	l.cur = start
	l.outlining = true
	var captured []value.Value
	err := chunk(beginP, endP, chunkP)
	if err == nil {
		l.exitWith(codeOK)
		captured, err = l.finishOutlined(f, ctxP, start)
	}
	inner := l.fnBuilder
	l.fnBuilder = parent
	l.outlining = false
	if err != nil {
		return err
	}
	return l.callOutlined(f, captured, inner.exitCodes, n, work, grain)
}

// finishOutlined gives the outlined function f its private scratch
// buffers and its context, and closes it. It returns the values of the
// kernel the context holds.
func (l *fnLowering) finishOutlined(f *llir.Func, ctxP *llir.Param, start *llir.Block) ([]value.Value, error) {
	first := start
	priv := map[value.Value]value.Value{}
	var setup *llir.Block
	for _, v := range externals(f) {
		if !l.isScratch(v) {
			continue
		}
		if setup == nil {
			setup = l.newBlock("setup")
			first = setup
			l.cur = setup
		}
		l.privateCopy(v, priv)
	}
	if setup != nil {
		l.cur.NewBr(start)
		replaceOperands(f, priv)
	}
	captured := externals(f)
	if len(captured) > 0 {
		fields := make([]lltypes.Type, len(captured))
		for i, v := range captured {
			if base := stackBase(v); base != nil {
				return nil, fmt.Errorf("internal error: a parallel loop of %s would share the stack buffer %s", l.abi.Name, base.Ident())
			}
			fields[i] = v.Type()
		}
		ctxT := lltypes.NewStruct(fields...)
		c := l.entry.NewBitCast(ctxP, lltypes.NewPointer(ctxT))
		l.name(c, "ctx.fields")
		loaded := map[value.Value]value.Value{}
		for i, v := range captured {
			p := l.entry.NewGetElementPtr(ctxT, c, constant.NewInt(i32, 0), constant.NewInt(i32, int64(i)))
			p.InBounds = true
			x := l.entry.NewLoad(v.Type(), p)
			l.name(x, "ctx"+fmt.Sprint(i))
			loaded[v] = x
		}
		replaceOperands(f, loaded)
	}
	l.finish(first)
	return captured, nil
}

// callOutlined stores the context of f (the values captured) and calls
// bcast.parallel_for; a chunk's error (one of exitCodes, f's returns)
// becomes the kernel's, with a message.
func (l *fnLowering) callOutlined(f *llir.Func, captured []value.Value, exitCodes []*llir.Incoming, n, work value.Value, grain int64) error {
	var ctx value.Value = constant.NewNull(i8Ptr)
	if len(captured) > 0 {
		fields := make([]lltypes.Type, len(captured))
		for i, v := range captured {
			fields[i] = v.Type()
		}
		ctxT := lltypes.NewStruct(fields...)
		slot := l.entry.NewAlloca(ctxT)
		l.name(slot, "par.ctx")
		for i, v := range captured {
			p := l.cur.NewGetElementPtr(ctxT, slot, constant.NewInt(i32, 0), constant.NewInt(i32, int64(i)))
			p.InBounds = true
			l.cur.NewStore(v, p)
		}
		ctx = l.cur.NewBitCast(slot, i8Ptr)
	}
	code := l.cur.NewCall(l.e.parallelForFunc(), f, ctx, n, work, l.threads, i64c(grain))
	l.name(code, "par.code")
	codes := map[int64]bool{}
	for _, inc := range exitCodes {
		if c, ok := inc.X.(*constant.Int); ok && c.X.Int64() != codeOK {
			codes[c.X.Int64()] = true
		}
	}
	for _, c := range []int64{codeNoMemory, codeShape, codeDataShape} {
		if !codes[c] {
			continue
		}
		msg := l.abi.Name + ": out of memory allocating a per-thread buffer of a parallel loop"
		if c != codeNoMemory {
			msg = l.abi.Name + ": a run-time check failed in a parallel loop"
		}
		l.check(l.cur.NewICmp(enum.IPredNE, code, constant.NewInt(i32, c)), int(c), msg)
	}
	return nil
}

// isScratch reports whether v is a scratch buffer or a pointer into one.
func (l *fnLowering) isScratch(v value.Value) bool {
	for _, x := range pointerChain(v) {
		if _, ok := l.scratch[x]; ok {
			return true
		}
	}
	return false
}

// pointerChain is v, the pointer v is a GEP or bitcast of, and so on.
func pointerChain(v value.Value) []value.Value {
	chain := []value.Value{v}
	for {
		switch x := v.(type) {
		case *llir.InstGetElementPtr:
			v = x.Src
		case *llir.InstBitCast:
			v = x.From
		default:
			return chain
		}
		chain = append(chain, v)
	}
}

// privateCopy emits, in the outlined function, the copy of scratch value
// v (a scratch buffer, or a pointer computed from one) and records it in
// priv.
func (l *fnLowering) privateCopy(v value.Value, priv map[value.Value]value.Value) value.Value {
	if p, ok := priv[v]; ok {
		return p
	}
	var p value.Value
	if s, ok := l.scratch[v]; ok {
		p = l.rowArray(s.elem, s.n)
	} else {
		switch x := v.(type) {
		case *llir.InstGetElementPtr:
			g := l.cur.NewGetElementPtr(x.ElemType, l.privateCopy(x.Src, priv), x.Indices...)
			g.InBounds = x.InBounds
			p = g
		case *llir.InstBitCast:
			p = l.cur.NewBitCast(l.privateCopy(x.From, priv), x.To)
		}
	}
	priv[v] = p
	return p
}

// stackBase returns the alloca v points into (through GEPs and casts), if
// any.
func stackBase(v value.Value) *llir.InstAlloca {
	chain := pointerChain(v)
	a, _ := chain[len(chain)-1].(*llir.InstAlloca)
	return a
}

// externals returns the values f uses that another function defines (its
// parameters and instructions), in order of first use.
func externals(f *llir.Func) []value.Value {
	local := map[value.Value]bool{}
	for _, p := range f.Params {
		local[p] = true
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				local[v] = true
			}
		}
	}
	var out []value.Value
	seen := map[value.Value]bool{}
	visit := func(ops []*value.Value) {
		for _, op := range ops {
			v := *op
			switch v.(type) {
			case *llir.Param, llir.Instruction:
				if !local[v] && !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			visit(inst.Operands())
		}
		if b.Term != nil {
			visit(b.Term.Operands())
		}
	}
	return out
}

// replaceOperands replaces, in f, each use of a key of m by its value.
func replaceOperands(f *llir.Func, m map[value.Value]value.Value) {
	replace := func(ops []*value.Value) {
		for _, op := range ops {
			if r, ok := m[*op]; ok {
				*op = r
			}
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			replace(inst.Operands())
		}
		if b.Term != nil {
			replace(b.Term.Operands())
		}
	}
}

// singleThreadEntry adds the kernel f.CName of the parallel form: the C
// ABI's kernel, calling withThreads (f.ThreadsName) with one thread.
func (e *emitter) singleThreadEntry(f *FuncABI, withThreads *llir.Func) {
	n := len(withThreads.Params) - 1 // all but the thread count
	params := make([]*llir.Param, n)
	args := make([]value.Value, n+1)
	for i, p := range withThreads.Params[:n] {
		params[i] = llir.NewParam(p.Name(), p.Typ)
		params[i].Attrs = p.Attrs
		args[i] = params[i]
	}
	args[n] = constant.NewInt(i32, 1)
	k := e.m.NewFunc(f.CName, i32, params...)
	k.FuncAttrs = append(k.FuncAttrs, enum.FuncAttrNoUnwind)
	b := k.NewBlock("entry")
	code := b.NewCall(withThreads, args...)
	code.SetName("code")
	b.NewRet(code)
}
