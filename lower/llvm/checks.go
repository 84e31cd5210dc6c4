package llvm

import (
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the run-time checks and the function's exit: a failed
// check writes its message into err (snprintf) and branches to the exit
// block with its error code (the C ABI's codes); the exit block frees the
// intermediate buffers, fences streamed stores and returns the code. It also
// words the compile-time error for a shape that needs tensor data
// (dataDependent) and the argument-shapes suffix of run-time messages.

// Error codes of the C ABI.
const (
	codeOK        = 0
	codeShape     = 1
	codeNoMemory  = 2
	codeDataShape = 3
)

// check branches to an error return with code and the printf message
// format (args are i64 values printed with %lld) when ok is false.
func (fb *fnBuilder) check(ok value.Value, code int, format string, args ...value.Value) {
	if isTrue(ok) {
		return
	}
	likely := fb.cur.NewCall(fb.e.expect(), ok, constant.True)
	fail := fb.newBlock("fail")
	cont := fb.newBlock("ok")
	fb.cur.NewCondBr(likely, cont, fail)
	fb.cur = fail
	fb.report(format, args...)
	fb.exitWith(code)
	fb.cur = cont
}

// report writes a message into err (snprintf truncates it to err_len).
func (fb *fnBuilder) report(format string, args ...value.Value) {
	callArgs := make([]value.Value, 0, 3+len(args))
	callArgs = append(callArgs, fb.errPtr, fb.errSize, fb.e.cString(format))
	fb.cur.NewCall(fb.e.snprintf(), append(callArgs, args...)...)
}

// exitWith ends the current block with a jump to the exit block returning
// code. The current block is then dead: callers set fb.cur.
func (fb *fnBuilder) exitWith(code int) {
	fb.exitCodes = append(fb.exitCodes, incoming(constant.NewInt(i32, int64(code)), fb.cur))
	fb.cur.NewBr(fb.exit)
}

// finish closes the entry block and builds the exit block.
func (fb *fnBuilder) finish(start *llir.Block) {
	fb.entry.NewBr(start)
	fb.exit.Parent = fb.f
	fb.f.Blocks = append(fb.f.Blocks, fb.exit)
	var code value.Value = constant.NewInt(i32, codeOK)
	if len(fb.exitCodes) == 1 {
		code = fb.exitCodes[0].X
	} else if len(fb.exitCodes) > 1 {
		phi := fb.exit.NewPhi(fb.exitCodes...)
		phi.SetName("code")
		code = phi
	}
	if fb.streams {
		// order the non-temporal stores before the caller reads the
		// results (x86-64 only streams)
		fb.exit.NewCall(fb.e.declare("llvm.x86.sse.sfence", lltypes.Void, false))
	}
	for _, s := range fb.slots {
		p := fb.exit.NewLoad(i8Ptr, s)
		fb.exit.NewCall(fb.e.free(), p)
	}
	fb.exit.NewRet(code)
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

func (l *fnLowering) dataDependent(op *ir.Operation) error {
	return ir.Errorf(op.Loc, "'%s' needs a value read from tensor data, so the result shapes of @%s cannot be computed from the argument shapes alone (not supported yet)", op.Name(), l.abi.Name)
}
