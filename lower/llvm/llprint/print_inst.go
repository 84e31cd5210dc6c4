package llprint

import (
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file prints instructions, terminators and metadata (attachments
// and definitions) as their LLString methods do; print.go the rest.

// inst writes inst as inst.LLString() does (print.go).
func (w *irWriter) inst(inst llir.Instruction) {
	switch i := inst.(type) {
	case *llir.InstAdd:
		w.binary(&i.LocalIdent, "add", i.OverflowFlags, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstSub:
		w.binary(&i.LocalIdent, "sub", i.OverflowFlags, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstMul:
		w.binary(&i.LocalIdent, "mul", i.OverflowFlags, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstShl:
		w.binary(&i.LocalIdent, "shl", i.OverflowFlags, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstUDiv:
		w.binary(&i.LocalIdent, "udiv", nil, nil, i.Exact, i.X, i.Y, i.Metadata)
	case *llir.InstSDiv:
		w.binary(&i.LocalIdent, "sdiv", nil, nil, i.Exact, i.X, i.Y, i.Metadata)
	case *llir.InstLShr:
		w.binary(&i.LocalIdent, "lshr", nil, nil, i.Exact, i.X, i.Y, i.Metadata)
	case *llir.InstAShr:
		w.binary(&i.LocalIdent, "ashr", nil, nil, i.Exact, i.X, i.Y, i.Metadata)
	case *llir.InstURem:
		w.binary(&i.LocalIdent, "urem", nil, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstSRem:
		w.binary(&i.LocalIdent, "srem", nil, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstAnd:
		w.binary(&i.LocalIdent, "and", nil, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstOr:
		w.binary(&i.LocalIdent, "or", nil, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstXor:
		w.binary(&i.LocalIdent, "xor", nil, nil, false, i.X, i.Y, i.Metadata)
	case *llir.InstFAdd:
		w.binary(&i.LocalIdent, "fadd", nil, i.FastMathFlags, false, i.X, i.Y, i.Metadata)
	case *llir.InstFSub:
		w.binary(&i.LocalIdent, "fsub", nil, i.FastMathFlags, false, i.X, i.Y, i.Metadata)
	case *llir.InstFMul:
		w.binary(&i.LocalIdent, "fmul", nil, i.FastMathFlags, false, i.X, i.Y, i.Metadata)
	case *llir.InstFDiv:
		w.binary(&i.LocalIdent, "fdiv", nil, i.FastMathFlags, false, i.X, i.Y, i.Metadata)
	case *llir.InstFRem:
		w.binary(&i.LocalIdent, "frem", nil, i.FastMathFlags, false, i.X, i.Y, i.Metadata)
	case *llir.InstFNeg:
		w.assign(&i.LocalIdent)
		w.s("fneg")
		w.fastMath(i.FastMathFlags)
		w.s(" ")
		w.val(i.X)
		w.metadata(i.Metadata)
	case *llir.InstICmp:
		w.assign(&i.LocalIdent)
		w.s("icmp ")
		w.s(i.Pred.String())
		w.s(" ")
		w.val(i.X)
		w.s(", ")
		w.ident(i.Y)
		w.metadata(i.Metadata)
	case *llir.InstFCmp:
		w.assign(&i.LocalIdent)
		w.s("fcmp")
		w.fastMath(i.FastMathFlags)
		w.s(" ")
		w.s(i.Pred.String())
		w.s(" ")
		w.val(i.X)
		w.s(", ")
		w.ident(i.Y)
		w.metadata(i.Metadata)
	case *llir.InstSelect:
		w.assign(&i.LocalIdent)
		w.s("select")
		w.fastMath(i.FastMathFlags)
		w.s(" ")
		w.val(i.Cond)
		w.s(", ")
		w.val(i.ValueTrue)
		w.s(", ")
		w.val(i.ValueFalse)
		w.metadata(i.Metadata)
	case *llir.InstPhi:
		w.assign(&i.LocalIdent)
		w.s("phi ")
		for _, f := range i.FastMathFlags {
			w.s(f.String())
			w.s(" ")
		}
		w.typ(i.Typ)
		w.s(" ")
		for j, inc := range i.Incs {
			if j != 0 {
				w.s(", ")
			}
			w.s("[ ")
			w.ident(inc.X)
			w.s(", ")
			w.ident(inc.Pred)
			w.s(" ]")
		}
		w.metadata(i.Metadata)
	case *llir.InstCall:
		w.call(i)
	case *llir.InstLoad:
		if i.Atomic || i.Volatile || i.SyncScope != "" || i.Ordering != enum.AtomicOrderingNone {
			w.s(i.LLString())
			return
		}
		w.assign(&i.LocalIdent)
		w.s("load ")
		w.typ(i.ElemType)
		w.s(", ")
		w.val(i.Src)
		w.align(i.Align)
		w.metadata(i.Metadata)
	case *llir.InstStore:
		if i.Atomic || i.Volatile || i.SyncScope != "" || i.Ordering != enum.AtomicOrderingNone {
			w.s(i.LLString())
			return
		}
		w.s("store ")
		w.val(i.Src)
		w.s(", ")
		w.val(i.Dst)
		w.align(i.Align)
		w.metadata(i.Metadata)
	case *llir.InstAlloca:
		if i.InAlloca || i.SwiftError || i.AddrSpace != 0 {
			w.s(i.LLString())
			return
		}
		w.assign(&i.LocalIdent)
		w.s("alloca ")
		w.typ(i.ElemType)
		if i.NElems != nil {
			w.s(", ")
			w.val(i.NElems)
		}
		w.align(i.Align)
		w.metadata(i.Metadata)
	case *llir.InstGetElementPtr:
		w.assign(&i.LocalIdent)
		w.s("getelementptr")
		if i.InBounds {
			w.s(" inbounds")
		}
		w.s(" ")
		w.typ(i.ElemType)
		w.s(", ")
		w.val(i.Src)
		for _, x := range i.Indices {
			w.s(", ")
			w.val(x)
		}
		w.metadata(i.Metadata)
	case *llir.InstTrunc:
		w.conv(&i.LocalIdent, "trunc ", i.From, i.To, i.Metadata)
	case *llir.InstZExt:
		w.conv(&i.LocalIdent, "zext ", i.From, i.To, i.Metadata)
	case *llir.InstSExt:
		w.conv(&i.LocalIdent, "sext ", i.From, i.To, i.Metadata)
	case *llir.InstFPTrunc:
		w.conv(&i.LocalIdent, "fptrunc ", i.From, i.To, i.Metadata)
	case *llir.InstFPExt:
		w.conv(&i.LocalIdent, "fpext ", i.From, i.To, i.Metadata)
	case *llir.InstFPToUI:
		w.conv(&i.LocalIdent, "fptoui ", i.From, i.To, i.Metadata)
	case *llir.InstFPToSI:
		w.conv(&i.LocalIdent, "fptosi ", i.From, i.To, i.Metadata)
	case *llir.InstUIToFP:
		w.conv(&i.LocalIdent, "uitofp ", i.From, i.To, i.Metadata)
	case *llir.InstSIToFP:
		w.conv(&i.LocalIdent, "sitofp ", i.From, i.To, i.Metadata)
	case *llir.InstPtrToInt:
		w.conv(&i.LocalIdent, "ptrtoint ", i.From, i.To, i.Metadata)
	case *llir.InstBitCast:
		w.conv(&i.LocalIdent, "bitcast ", i.From, i.To, i.Metadata)
	case *llir.InstInsertElement:
		w.operands(&i.LocalIdent, "insertelement ", i.Metadata, i.X, i.Elem, i.Index)
	case *llir.InstExtractElement:
		w.operands(&i.LocalIdent, "extractelement ", i.Metadata, i.X, i.Index)
	case *llir.InstShuffleVector:
		w.operands(&i.LocalIdent, "shufflevector ", i.Metadata, i.X, i.Y, i.Mask)
	case *llir.InstExtractValue:
		w.assign(&i.LocalIdent)
		w.s("extractvalue ")
		w.val(i.X)
		w.indices(i.Indices)
		w.metadata(i.Metadata)
	case *llir.InstInsertValue:
		w.assign(&i.LocalIdent)
		w.s("insertvalue ")
		w.val(i.X)
		w.s(", ")
		w.val(i.Elem)
		w.indices(i.Indices)
		w.metadata(i.Metadata)
	default:
		w.s(inst.LLString())
	}
}

// indices writes an aggregate instruction's indices, each after ", ".
func (w *irWriter) indices(idx []uint64) {
	for _, x := range idx {
		w.s(", ")
		w.b = strconv.AppendUint(w.b, x, 10)
	}
}

// term writes a terminator as its LLString does.
func (w *irWriter) term(t llir.Terminator) {
	switch t := t.(type) {
	case *llir.TermBr:
		w.s("br ")
		w.val(t.Target)
		w.metadata(t.Metadata)
	case *llir.TermCondBr:
		w.s("br ")
		w.val(t.Cond)
		w.s(", ")
		w.val(t.TargetTrue)
		w.s(", ")
		w.val(t.TargetFalse)
		w.metadata(t.Metadata)
	case *llir.TermRet:
		if t.X == nil {
			w.s("ret void")
		} else {
			w.s("ret ")
			w.val(t.X)
		}
		w.metadata(t.Metadata)
	default:
		w.s(t.LLString())
	}
}

func (w *irWriter) assign(id *llir.LocalIdent) {
	w.localIdent(id)
	w.s(" = ")
}

// binary writes `%x = op flags T x, y`.
func (w *irWriter) binary(id *llir.LocalIdent, op string, of []enum.OverflowFlag, fm []enum.FastMathFlag, exact bool, x, y value.Value, md llir.Metadata) {
	w.assign(id)
	w.s(op)
	for _, f := range of {
		w.s(" ")
		w.s(f.String())
	}
	w.fastMath(fm)
	if exact {
		w.s(" exact")
	}
	w.s(" ")
	w.val(x)
	w.s(", ")
	w.ident(y)
	w.metadata(md)
}

// conv writes `%x = op T x to U`.
// operands writes `%id = op v0, v1, ...` with its metadata.
func (w *irWriter) operands(id *llir.LocalIdent, op string, md llir.Metadata, vs ...value.Value) {
	w.assign(id)
	w.s(op)
	for k, v := range vs {
		if k > 0 {
			w.s(", ")
		}
		w.val(v)
	}
	w.metadata(md)
}

func (w *irWriter) conv(id *llir.LocalIdent, op string, from value.Value, to lltypes.Type, md llir.Metadata) {
	w.assign(id)
	w.s(op)
	w.val(from)
	w.s(" to ")
	w.typ(to)
	w.metadata(md)
}

func (w *irWriter) call(i *llir.InstCall) {
	if i.CallingConv != enum.CallingConvNone || len(i.ReturnAttrs) != 0 || i.AddrSpace != 0 || len(i.OperandBundles) != 0 {
		w.s(i.LLString())
		return
	}
	if _, void := i.Type().(*lltypes.VoidType); !void { // Equal(Void) prints pointer types
		w.assign(&i.LocalIdent)
	}
	if i.Tail != enum.TailNone {
		w.s(i.Tail.String())
		w.s(" ")
	}
	w.s("call")
	w.fastMath(i.FastMathFlags)
	w.s(" ")
	if sig := i.Sig(); sig.Variadic {
		w.typ(sig)
	} else {
		w.typ(i.Type())
	}
	w.s(" ")
	w.ident(i.Callee)
	w.s("(")
	for j, a := range i.Args {
		if j != 0 {
			w.s(", ")
		}
		w.val(a)
	}
	w.s(")")
	for _, a := range i.FuncAttrs {
		w.s(" ")
		w.s(a.String())
	}
	w.metadata(i.Metadata)
}

func (w *irWriter) fastMath(fs []enum.FastMathFlag) {
	for _, f := range fs {
		w.s(" ")
		w.s(f.String())
	}
}

func (w *irWriter) align(a llir.Align) {
	if a != 0 {
		w.s(", align ")
		w.b = strconv.AppendUint(w.b, uint64(a), 10)
	}
}

func (w *irWriter) metadata(mds llir.Metadata) {
	for _, md := range mds {
		w.s(", ")
		// "!name !N" (md.String() with fmt) for a plain name and a
		// numbered tuple, as !nontemporal is.
		if t, ok := md.Node.(*metadata.Tuple); ok && t != nil && t.MetadataID != -1 && plainMDName(md.Name) {
			w.s("!")
			w.s(md.Name)
			w.s(" !")
			w.b = strconv.AppendInt(w.b, int64(t.MetadataID), 10)
			continue
		}
		w.s(md.String())
	}
}

// plainMDName reports whether enc.MetadataName(s) is "!" + s: a name of
// identifier characters that does not start with a digit.
func plainMDName(s string) bool {
	return s != "" && !(s[0] >= '0' && s[0] <= '9') && plainName(s)
}

// mdDef writes a metadata definition as `md.Ident() = md.LLString()`.
func (w *irWriter) mdDef(md metadata.Definition) {
	t, ok := md.(*metadata.Tuple)
	if !ok || t == nil || t.MetadataID == -1 {
		w.s(md.Ident())
		w.s(" = ")
		w.s(md.LLString())
		return
	}
	w.s("!")
	w.b = strconv.AppendInt(w.b, int64(t.MetadataID), 10)
	w.s(" = ")
	if t.Distinct {
		w.s("distinct ")
	}
	w.s("!{")
	for i, f := range t.Fields {
		if i != 0 {
			w.s(", ")
		}
		if c, ok := f.(*constant.Int); ok {
			w.typ(c.Typ)
			w.s(" ")
			w.intLit(c)
		} else {
			w.s(f.String())
		}
	}
	w.s("}")
}
