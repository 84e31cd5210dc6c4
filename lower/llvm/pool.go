package llvm

import (
	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file owns the thread pool of the parallel form (Options.Threads):
// the private functions and globals a module gets once one of its loops
// is outlined (parallel.go) and its one entry point, bcast.parallel_for.
// It is plain LLVM IR calling pthreads (pthread_create and a mutex with
// two condition variables), so the module needs no run-time library but
// libc's; the package documentation (Threads) describes it for users.
//
// The pool is per module and per process: workers are created on first
// use, when a call asks for more threads than there are, and live until
// the process exits, waiting on a condition variable between jobs. A job
// is one outlined loop of n iterations split into C contiguous chunks,
// chunk t the iterations [n*t/C, n*(t+1)/C), run by T threads; the caller
// and the workers claim chunks one at a time under the mutex, so which
// thread runs a chunk varies, but what a chunk computes does not. Loops
// take several chunks per thread (C = min(n, T * grain)), so that a
// worker that starts late, on a busy machine, still takes its share of
// what is left instead of leaving every chunk to the caller. One job runs at a
// time: a caller that finds the pool busy (another thread of the program
// calling a kernel) runs the chunks of its job itself, in order.
//
// All shared state is read and written under the mutex, with volatile
// accesses so that no load is kept in a register across a pthread call.
// The mutex and condition variables are zero-initialized globals:
// PTHREAD_MUTEX_INITIALIZER and PTHREAD_COND_INITIALIZER are all zero
// bytes on glibc and musl, on x86-64 and AArch64, and 64 bytes hold
// either library's types on both.

// Parallel-form constants (documented in doc.go, Threads).
const (
	// parallelMinWork is the work (loop body iterations, or multiply-adds
	// of a matmul) per thread below which a loop uses fewer threads:
	// T = min(threads, n, work / parallelMinWork), at least 1.
	parallelMinWork = 1 << 16
	// parallelMaxThreads bounds the threads of one call (more are
	// ignored).
	parallelMaxThreads = 256
	// parallelGrain is the chunks per thread of a loop (parallelFor);
	// a matmul takes one (each chunk packs its own blocks of a).
	parallelGrain = 8
	// pthreadBytes is the room given to a pthread_mutex_t or
	// pthread_cond_t.
	pthreadBytes = 64
)

// chunkFuncType is the type of an outlined loop: i32 (i8* ctx, i64 begin,
// i64 end, i64 chunk), returning a C ABI code.
var chunkFuncType = lltypes.NewFunc(i32, i8Ptr, i64, i64, i64)

// pool is the module's thread pool, built on first use: bcast.parallel_for;
// the mutex, and the condition variables the workers wait on for a job
// (work) and the caller for its end (done); the job's state, all under
// the mutex: the generation (gen, one per job), whether a job runs
// (busy), the workers created, the next chunk to claim, the chunks not
// finished (pending), the largest code returned, and the job (its
// function, context, iterations and chunks); and the pthread functions.
type pool struct {
	parallelFor                               *llir.Func
	mu, work, done                            *llir.Global
	gen, busy, workers, next, pending, code   *llir.Global
	jobFn, jobCtx, jobN, jobT                 *llir.Global
	lock, unlock, wait, broadcast, createFunc *llir.Func
}

// parallelForFunc returns bcast.parallel_for, adding the pool on first
// use:
//
//	i32 @bcast.parallel_for(i32 (i8*, i64, i64, i64)* fn, i8* ctx, i64 n, i64 work, i32 threads, i64 grain)
//
// runs fn(ctx, begin, end, t) for the chunks t of [0, n) (see the top of
// the file: T threads, grain chunks each) and returns the largest code
// they return.
func (e *emitter) parallelForFunc() *llir.Func {
	if e.pool == nil {
		e.pool = e.buildPool()
	}
	return e.pool.parallelFor
}

// buildPool adds the pool's globals, its pthread declarations and its
// functions to the module.
func (e *emitter) buildPool() *pool {
	p := &pool{}
	pthreadObj := func(name string) *llir.Global {
		t := lltypes.NewArray(pthreadBytes, i8)
		g := e.m.NewGlobalDef(name, constant.NewZeroInitializer(t))
		g.Linkage = enum.LinkagePrivate
		g.Align = 16
		return g
	}
	state := func(name string, t lltypes.Type) *llir.Global {
		g := e.m.NewGlobalDef(name, constant.NewZeroInitializer(t))
		g.Linkage = enum.LinkagePrivate
		return g
	}
	p.mu, p.work, p.done = pthreadObj("bcast.pool.mutex"), pthreadObj("bcast.pool.work"), pthreadObj("bcast.pool.done")
	p.gen, p.next, p.pending = state("bcast.pool.gen", i64), state("bcast.pool.next", i64), state("bcast.pool.pending", i64)
	p.busy, p.workers, p.code = state("bcast.pool.busy", i32), state("bcast.pool.workers", i32), state("bcast.pool.code", i32)
	p.jobFn = state("bcast.pool.fn", lltypes.NewPointer(chunkFuncType))
	p.jobCtx, p.jobN, p.jobT = state("bcast.pool.ctx", i8Ptr), state("bcast.pool.n", i64), state("bcast.pool.chunks", i64)
	p.lock = e.declare("pthread_mutex_lock", i32, false, i8Ptr)
	p.unlock = e.declare("pthread_mutex_unlock", i32, false, i8Ptr)
	p.wait = e.declare("pthread_cond_wait", i32, false, i8Ptr, i8Ptr)
	p.broadcast = e.declare("pthread_cond_broadcast", i32, false, i8Ptr)
	startType := lltypes.NewPointer(lltypes.NewFunc(i8Ptr, i8Ptr))
	p.createFunc = e.declare("pthread_create", i32, false, i64Ptr, i8Ptr, startType, i8Ptr)
	run := p.buildRun(e)
	worker := p.buildWorker(e, run)
	p.parallelFor = p.buildParallelFor(e, run, worker)
	return p
}

// poolFunc adds a private nounwind function of the pool.
func poolFunc(e *emitter, name string, ret lltypes.Type, params ...*llir.Param) *llir.Func {
	f := e.m.NewFunc(name, ret, params...)
	f.Linkage = enum.LinkagePrivate
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind)
	return f
}

// ld and st are the volatile accesses of the pool's state.
func ld(b *llir.Block, g *llir.Global, name string) value.Value {
	x := b.NewLoad(g.ContentType, g)
	x.Volatile = true
	x.SetName(name)
	return x
}

func st(b *llir.Block, x value.Value, g *llir.Global) {
	s := b.NewStore(x, g)
	s.Volatile = true
}

// gptr is a pthread object's address as an i8*.
func gptr(g *llir.Global) value.Value {
	return constant.NewGetElementPtr(g.ContentType, g, i64c(0), i64c(0))
}

// buildRun adds bcast.pool.run, called with the mutex held by the caller
// of a job and by the workers: it claims chunks until none is left, runs
// each with the mutex released, and records its code; the last chunk to
// finish wakes the caller.
func (p *pool) buildRun(e *emitter) *llir.Func {
	f := poolFunc(e, "bcast.pool.run", lltypes.Void)
	entry := f.NewBlock("entry")
	loop, claim, after, last, next, exit := f.NewBlock("loop"), f.NewBlock("claim"), f.NewBlock("after"), f.NewBlock("last"), f.NewBlock("next"), f.NewBlock("exit")
	entry.NewBr(loop)
	t := ld(loop, p.next, "t")
	chunks := ld(loop, p.jobT, "chunks")
	more := loop.NewICmp(enum.IPredSLT, t, chunks)
	more.SetName("more")
	loop.NewCondBr(more, claim, exit)

	t1 := claim.NewAdd(t, i64c(1))
	t1.SetName("t.next")
	st(claim, t1, p.next)
	fn := ld(claim, p.jobFn, "fn")
	ctx := ld(claim, p.jobCtx, "ctx")
	n := ld(claim, p.jobN, "n")
	claim.NewCall(p.unlock, gptr(p.mu))
	begin := claim.NewSDiv(claim.NewMul(n, t), chunks)
	begin.SetName("begin")
	end := claim.NewSDiv(claim.NewMul(n, t1), chunks)
	end.SetName("end")
	code := claim.NewCall(fn, ctx, begin, end, t)
	code.SetName("code")
	claim.NewCall(p.lock, gptr(p.mu))
	old := ld(claim, p.code, "code.old")
	worse := claim.NewICmp(enum.IPredSGT, code, old)
	claim.NewStore(claim.NewSelect(worse, code, old), p.code).Volatile = true
	left := claim.NewSub(ld(claim, p.pending, "pending"), i64c(1))
	left.SetName("left")
	st(claim, left, p.pending)
	done := claim.NewICmp(enum.IPredEQ, left, i64c(0))
	claim.NewCondBr(done, last, after)

	last.NewCall(p.broadcast, gptr(p.done))
	last.NewBr(next)
	after.NewBr(next)
	next.NewBr(loop)
	exit.NewRet(nil)
	return f
}

// buildWorker adds bcast.pool.worker, a worker thread's start routine:
// its argument is the job generation when it was created; it waits for
// the next generation, runs its chunks, and waits again, forever.
func (p *pool) buildWorker(e *emitter, run *llir.Func) *llir.Func {
	arg := llir.NewParam("arg", i8Ptr)
	f := poolFunc(e, "bcast.pool.worker", i8Ptr, arg)
	entry, wait, check, work := f.NewBlock("entry"), f.NewBlock("wait"), f.NewBlock("check"), f.NewBlock("work")
	seen0 := entry.NewPtrToInt(arg, i64)
	seen0.SetName("seen0")
	entry.NewCall(p.lock, gptr(p.mu))
	entry.NewBr(check)

	seen := check.NewPhi(incoming(seen0, entry))
	seen.SetName("seen")
	gen := ld(check, p.gen, "gen")
	same := check.NewICmp(enum.IPredEQ, gen, seen)
	check.NewCondBr(same, wait, work)

	wait.NewCall(p.wait, gptr(p.work), gptr(p.mu))
	wait.NewBr(check)
	seen.Incs = append(seen.Incs, incoming(seen, wait))

	work.NewCall(run)
	work.NewBr(check)
	seen.Incs = append(seen.Incs, incoming(gen, work))
	return f
}

// buildParallelFor adds bcast.parallel_for (see parallelForFunc).
func (p *pool) buildParallelFor(e *emitter, run, worker *llir.Func) *llir.Func {
	fnP := llir.NewParam("fn", lltypes.NewPointer(chunkFuncType))
	ctxP, nP, workP, threadsP := llir.NewParam("ctx", i8Ptr), llir.NewParam("n", i64), llir.NewParam("work", i64), llir.NewParam("threads", i32)
	grainP := llir.NewParam("grain", i64)
	f := poolFunc(e, "bcast.parallel_for", i32, fnP, ctxP, nP, workP, threadsP, grainP)
	b := func(name string) *llir.Block { return f.NewBlock(name) }
	entry := b("entry")
	tid := entry.NewAlloca(i64)
	tid.SetName("tid")
	// T = min(threads, max threads, n, work / min work), at least 1.
	minI := func(blk *llir.Block, x, y value.Value, name string) value.Value {
		c := blk.NewICmp(enum.IPredSLT, x, y)
		s := blk.NewSelect(c, x, y)
		s.SetName(name)
		return s
	}
	th := entry.NewSExt(threadsP, i64)
	th.SetName("threads.64")
	T := minI(entry, th, i64c(parallelMaxThreads), "t.max")
	T = minI(entry, T, nP, "t.n")
	byWork := entry.NewSDiv(workP, i64c(parallelMinWork))
	byWork.SetName("t.work")
	T = minI(entry, T, byWork, "threads.used")
	// C = min(n, T * grain) chunks
	C := minI(entry, entry.NewMul(T, grainP), nP, "chunks")
	one, pooled := b("one"), b("pooled")
	entry.NewCondBr(entry.NewICmp(enum.IPredSLE, T, i64c(1)), one, pooled)

	// One chunk: the loop on the calling thread.
	r := one.NewCall(fnP, ctxP, i64c(0), nP, i64c(0))
	one.NewRet(r)

	// The pool: busy means another caller's job is running.
	pooled.NewCall(p.lock, gptr(p.mu))
	busy := ld(pooled, p.busy, "busy")
	serial, grow := b("serial"), b("grow")
	pooled.NewCondBr(pooled.NewICmp(enum.IPredNE, busy, constant.NewInt(i32, 0)), serial, grow)

	// Serial: every chunk in order on this thread.
	serial.NewCall(p.unlock, gptr(p.mu))
	sLoop, sBody, sDone := b("serial.loop"), b("serial.body"), b("serial.done")
	serial.NewBr(sLoop)
	t := sLoop.NewPhi(incoming(i64c(0), serial))
	t.SetName("t")
	codeS := sLoop.NewPhi(incoming(constant.NewInt(i32, 0), serial))
	codeS.SetName("code.s")
	sLoop.NewCondBr(sLoop.NewICmp(enum.IPredSLT, t, C), sBody, sDone)
	t1 := sBody.NewAdd(t, i64c(1))
	t1.SetName("t.next")
	begin := sBody.NewSDiv(sBody.NewMul(nP, t), C)
	end := sBody.NewSDiv(sBody.NewMul(nP, t1), C)
	rc := sBody.NewCall(fnP, ctxP, begin, end, t)
	rc.SetName("rc")
	worse := sBody.NewICmp(enum.IPredSGT, rc, codeS)
	codeNext := sBody.NewSelect(worse, rc, codeS)
	sBody.NewBr(sLoop)
	t.Incs = append(t.Incs, incoming(t1, sBody))
	codeS.Incs = append(codeS.Incs, incoming(codeNext, sBody))
	sDone.NewRet(codeS)

	// Grow the pool to T-1 workers (fewer if pthread_create fails: the
	// caller then runs more of the chunks).
	st(grow, constant.NewInt(i32, 1), p.busy)
	gen := ld(grow, p.gen, "gen")
	gLoop, gCreate, gCount, publish := b("grow.loop"), b("grow.create"), b("grow.count"), b("publish")
	grow.NewBr(gLoop)
	have := ld(gLoop, p.workers, "workers")
	have64 := gLoop.NewSExt(have, i64)
	need := gLoop.NewSub(T, i64c(1))
	gLoop.NewCondBr(gLoop.NewICmp(enum.IPredSLT, have64, need), gCreate, publish)
	genArg := gCreate.NewIntToPtr(gen, i8Ptr)
	created := gCreate.NewCall(p.createFunc, tid, constant.NewNull(i8Ptr), worker, genArg)
	created.SetName("created")
	gCreate.NewCondBr(gCreate.NewICmp(enum.IPredEQ, created, constant.NewInt(i32, 0)), gCount, publish)
	st(gCount, gCount.NewAdd(have, constant.NewInt(i32, 1)), p.workers)
	gCount.NewBr(gLoop)

	// Publish the job, wake the workers, take chunks, wait for the rest.
	st(publish, fnP, p.jobFn)
	st(publish, ctxP, p.jobCtx)
	st(publish, nP, p.jobN)
	st(publish, C, p.jobT)
	st(publish, i64c(0), p.next)
	st(publish, C, p.pending)
	st(publish, constant.NewInt(i32, 0), p.code)
	st(publish, publish.NewAdd(gen, i64c(1)), p.gen)
	publish.NewCall(p.broadcast, gptr(p.work))
	publish.NewCall(run)
	wLoop, wWait, finished := b("wait.loop"), b("wait"), b("finished")
	publish.NewBr(wLoop)
	pending := ld(wLoop, p.pending, "pending")
	wLoop.NewCondBr(wLoop.NewICmp(enum.IPredEQ, pending, i64c(0)), finished, wWait)
	wWait.NewCall(p.wait, gptr(p.done), gptr(p.mu))
	wWait.NewBr(wLoop)
	code := ld(finished, p.code, "code")
	st(finished, constant.NewInt(i32, 0), p.busy)
	finished.NewCall(p.unlock, gptr(p.mu))
	finished.NewRet(code)
	return f
}
