package llprint

import (
	"math"
	"math/big"
	"strconv"
	"unsafe"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file prints modules, globals, functions, blocks, types, constants
// and identifiers (the instructions are print_inst.go's).

// Module returns m's text, identical to m.String().
func Module(m *llir.Module) string {
	if !plainModule(m) {
		return m.String()
	}
	if err := m.AssignGlobalIDs(); err != nil {
		return m.String() // llir panics with its own message
	}
	if err := m.AssignMetadataIDs(); err != nil {
		return m.String()
	}
	size := 1024
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			size += 48 * (len(b.Insts) + 2) // about the mean line length
		}
	}
	w := &irWriter{b: make([]byte, 0, size), floats: map[floatKey]string{}, ints: map[int64]string{}}
	if m.DataLayout != "" {
		w.s("target datalayout = ")
		w.b = appendQuoted(w.b, m.DataLayout)
		w.s("\n")
	}
	if m.TargetTriple != "" {
		w.s("target triple = ")
		w.b = appendQuoted(w.b, m.TargetTriple)
		w.s("\n")
	}
	if len(m.Globals) > 0 && len(w.b) > 0 {
		w.s("\n")
	}
	for _, g := range m.Globals {
		w.global(g)
		w.s("\n")
	}
	if len(m.Funcs) > 0 && len(w.b) > 0 {
		w.s("\n")
	}
	for i, f := range m.Funcs {
		if i != 0 {
			w.s("\n")
		}
		w.fn(f)
		w.s("\n")
	}
	if len(m.AttrGroupDefs) > 0 && len(w.b) > 0 {
		w.s("\n")
	}
	for _, a := range m.AttrGroupDefs {
		w.s(a.LLString()) // one line a module: llir's own printing
		w.s("\n")
	}
	if len(m.MetadataDefs) > 0 && len(w.b) > 0 {
		w.s("\n")
	}
	for _, md := range m.MetadataDefs {
		w.mdDef(md)
		w.s("\n")
	}
	return unsafe.String(unsafe.SliceData(w.b), len(w.b)) // w.b is not written again
}

// plainModule reports whether m uses only the module-level parts that
// Module writes itself.
func plainModule(m *llir.Module) bool {
	return m.SourceFilename == "" && len(m.ModuleAsms) == 0 && len(m.TypeDefs) == 0 &&
		len(m.ComdatDefs) == 0 && len(m.Aliases) == 0 && len(m.IFuncs) == 0 &&
		len(m.NamedMetadataDefs) == 0 &&
		len(m.UseListOrders) == 0 && len(m.UseListOrderBBs) == 0
}

// appendQuoted appends s as a quoted LLVM string (llir's enc.Quote): printable
// ASCII other than '"' and '\\' as is, other bytes as \XX.
func appendQuoted[S string | []byte](b []byte, s S) []byte {
	const hex = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= ' ' && c <= '~' && c != '"' && c != '\\' {
			b = append(b, c)
			continue
		}
		b = append(b, '\\', hex[c>>4], hex[c&0xF])
	}
	return append(b, '"')
}

// irWriter appends LLVM IR text to b.
type irWriter struct {
	b []byte
	// floats and ints cache the literals of constants that llir computes
	// with math/big (floats, integers from 0x1000 up: the NaN bits of
	// every vector maximumf).
	floats map[floatKey]string
	ints   map[int64]string
}

type floatKey struct {
	kind lltypes.FloatKind
	bits uint64
}

func (w *irWriter) s(s string) { w.b = append(w.b, s...) }

// global writes g as g.LLString() does.
func (w *irWriter) global(g *llir.Global) {
	if g.Preemption != enum.PreemptionNone || g.Visibility != enum.VisibilityNone ||
		g.DLLStorageClass != enum.DLLStorageClassNone || g.TLSModel != enum.TLSModelNone ||
		g.AddrSpace != 0 || g.ExternallyInitialized || g.Section != "" || g.Partition != "" ||
		g.Comdat != nil || g.Align != 0 || len(g.Metadata) != 0 || len(g.FuncAttrs) != 0 {
		w.s(g.LLString())
		return
	}
	w.globalIdent(&g.GlobalIdent)
	w.s(" =")
	if g.Linkage != enum.LinkageNone {
		w.s(" ")
		w.s(g.Linkage.String())
	}
	if g.UnnamedAddr != enum.UnnamedAddrNone {
		w.s(" ")
		w.s(g.UnnamedAddr.String())
	}
	if g.Immutable {
		w.s(" constant ")
	} else {
		w.s(" global ")
	}
	w.typ(g.ContentType)
	if g.Init != nil {
		w.s(" ")
		w.ident(g.Init)
	}
}

// plainFunc reports whether f uses only the header parts fn writes.
func plainFunc(f *llir.Func) bool {
	return f.Linkage == enum.LinkageNone && f.Preemption == enum.PreemptionNone &&
		f.Visibility == enum.VisibilityNone && f.DLLStorageClass == enum.DLLStorageClassNone &&
		f.CallingConv == enum.CallingConvNone && len(f.ReturnAttrs) == 0 &&
		f.UnnamedAddr == enum.UnnamedAddrNone && f.AddrSpace == 0 && f.Section == "" &&
		f.Partition == "" && f.Comdat == nil && f.Align == 0 && f.GC == "" &&
		f.Prefix == nil && f.Prologue == nil && f.Personality == nil &&
		len(f.Metadata) == 0 && len(f.UseListOrders) == 0
}

// fn writes f as f.LLString() does.
func (w *irWriter) fn(f *llir.Func) {
	if !plainFunc(f) {
		w.s(f.LLString())
		return
	}
	if !assignIDs(f) {
		w.s(f.LLString()) // panics with llir's message
		return
	}
	if len(f.Blocks) == 0 {
		w.s("declare ")
	} else {
		w.s("define ")
	}
	w.typ(f.Sig.RetType)
	w.s(" ")
	w.globalIdent(&f.GlobalIdent)
	w.s("(")
	for i, p := range f.Params {
		if i != 0 {
			w.s(", ")
		}
		w.typ(p.Typ)
		for _, a := range p.Attrs {
			w.s(" ")
			w.s(a.String())
		}
		w.s(" ")
		w.localIdent(&p.LocalIdent)
	}
	if f.Sig.Variadic {
		if len(f.Params) > 0 {
			w.s(", ")
		}
		w.s("...")
	}
	w.s(")")
	for _, a := range f.FuncAttrs {
		w.s(" ")
		w.s(a.String())
	}
	if len(f.Blocks) == 0 {
		return
	}
	w.s(" {\n")
	for i, b := range f.Blocks {
		if i != 0 {
			w.s("\n")
		}
		w.block(b)
		w.s("\n")
	}
	w.s("}")
}

// namedVar is llir's unexported interface of values with a local ID.
type namedVar interface {
	value.Value
	IsUnnamed() bool
	ID() int64
	SetID(int64)
}

// assignIDs numbers f's unnamed parameters, blocks and results as
// f.AssignIDs does, without its test for void results (types.Equal, which
// compares pointer types by printing them). It reports false on IDs that
// llir rejects.
func assignIDs(f *llir.Func) bool {
	id := int64(0)
	set := func(n namedVar) bool {
		if n.IsUnnamed() {
			if n.ID() != 0 && n.ID() != id {
				return false
			}
			n.SetID(id)
			id++
		}
		return true
	}
	// setResult numbers an instruction or terminator's result. Only the
	// void type prints as "void", which is what types.Equal(t, Void)
	// tests; of the instructions this package emits only a call can be
	// void. The known kinds go through concrete type switches: a type
	// assertion to an interface costs a method table lookup per type the
	// first time, which is most of the time in a process that prints one
	// module.
	setResult := func(x any) bool {
		switch x := x.(type) {
		case *llir.InstStore, *llir.TermBr, *llir.TermCondBr, *llir.TermRet:
			return true
		case *llir.InstCall:
			if _, void := x.Type().(*lltypes.VoidType); void {
				return true
			}
		}
		if lid := localIdentOf(x); lid != nil {
			if lid.IsUnnamed() {
				if lid.LocalID != 0 && lid.LocalID != id {
					return false
				}
				lid.LocalID = id
				id++
			}
			return true
		}
		n, ok := x.(namedVar)
		if !ok {
			return true
		}
		if _, void := n.Type().(*lltypes.VoidType); void {
			return true
		}
		return set(n)
	}
	for _, p := range f.Params {
		if !set(p) {
			return false
		}
	}
	for _, b := range f.Blocks {
		if !set(b) {
			return false
		}
		for _, inst := range b.Insts {
			if !setResult(inst) {
				return false
			}
		}
		if !setResult(b.Term) {
			return false
		}
	}
	return true
}

// block writes b as b.LLString() does.
func (w *irWriter) block(b *llir.Block) {
	if b.IsUnnamed() {
		w.b = strconv.AppendInt(w.b, b.LocalID, 10)
	} else if plainName(b.LocalName) {
		w.s(b.LocalName)
	} else {
		w.s(b.Ident()[1:]) // a label is its local name without '%'
	}
	w.s(":\n")
	for _, inst := range b.Insts {
		w.s("\t")
		w.inst(inst)
		w.s("\n")
	}
	if b.Term == nil {
		w.s(b.LLString()) // panics with llir's message
	}
	w.s("\t")
	w.term(b.Term)
}

// plainName reports whether an identifier is printed as it is after its
// sigil: non-empty, of the characters LLVM allows unquoted, and not a
// number (which llir quotes to tell it from an ID).
func plainName(s string) bool {
	if s == "" {
		return false
	}
	digits := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '$', c == '-', c == '.', c == '_':
			digits = false
		default:
			return false
		}
	}
	return !digits
}

func (w *irWriter) localIdent(id *llir.LocalIdent) {
	w.identOf("%", id.IsUnnamed(), id.LocalID, id.LocalName, id.Ident)
}

func (w *irWriter) globalIdent(id *llir.GlobalIdent) {
	w.identOf("@", id.IsUnnamed(), id.GlobalID, id.GlobalName, id.Ident)
}

// identOf writes a local (sigil %) or global (@) identifier: its number,
// its plain name, or llir's quoted spelling of any other name.
func (w *irWriter) identOf(sigil string, unnamed bool, num int64, name string, quoted func() string) {
	switch {
	case unnamed:
		w.s(sigil)
		w.b = strconv.AppendInt(w.b, num, 10)
	case plainName(name):
		w.s(sigil)
		w.s(name)
	default:
		w.s(quoted())
	}
}

func (w *irWriter) typ(t lltypes.Type) {
	switch t := t.(type) {
	case *lltypes.IntType:
		if t.TypeName == "" {
			w.s("i")
			w.b = strconv.AppendUint(w.b, t.BitSize, 10)
			return
		}
	case *lltypes.FloatType:
		if t.TypeName == "" {
			w.s(t.Kind.String())
			return
		}
	case *lltypes.PointerType:
		if t.TypeName == "" && t.AddrSpace == 0 {
			w.typ(t.ElemType)
			w.s("*")
			return
		}
	case *lltypes.VectorType:
		if t.TypeName == "" && !t.Scalable {
			w.s("<")
			w.b = strconv.AppendUint(w.b, t.Len, 10)
			w.s(" x ")
			w.typ(t.ElemType)
			w.s(">")
			return
		}
	case *lltypes.ArrayType:
		if t.TypeName == "" {
			w.s("[")
			w.b = strconv.AppendUint(w.b, t.Len, 10)
			w.s(" x ")
			w.typ(t.ElemType)
			w.s("]")
			return
		}
	case *lltypes.StructType:
		if t.TypeName == "" && !t.Opaque && !t.Packed && len(t.Fields) > 0 {
			w.s("{ ")
			for i, f := range t.Fields {
				if i != 0 {
					w.s(", ")
				}
				w.typ(f)
			}
			w.s(" }")
			return
		}
	case *lltypes.VoidType:
		if t.TypeName == "" {
			w.s("void")
			return
		}
	case *lltypes.LabelType:
		if t.TypeName == "" {
			w.s("label")
			return
		}
	case *lltypes.FuncType:
		if t.TypeName == "" {
			w.typ(t.RetType)
			w.s(" (")
			for i, p := range t.Params {
				if i != 0 {
					w.s(", ")
				}
				w.typ(p)
			}
			if t.Variadic {
				if len(t.Params) > 0 {
					w.s(", ")
				}
				w.s("...")
			}
			w.s(")")
			return
		}
	}
	w.s(t.String())
}

// val writes v as v.String() does: its type and its identifier.
func (w *irWriter) val(v value.Value) {
	if id := localIdentOf(v); id != nil {
		w.typ(v.Type())
		w.s(" ")
		w.localIdent(id)
		return
	}
	switch v.(type) {
	case *constant.Int, *constant.Float, *constant.Vector, *constant.CharArray, *constant.Array,
		*constant.ExprBitCast, *constant.ExprGetElementPtr, *constant.Null, *constant.Undef,
		*constant.ZeroInitializer, *constant.Struct, *llir.Func, *llir.Global:
		w.typ(v.Type())
		w.s(" ")
		w.ident(v)
	default:
		w.s(v.String())
	}
}

// cval is val for a constant (converting it to value.Value would look up
// a method table).
func (w *irWriter) cval(c constant.Constant) {
	switch c.(type) {
	case *constant.Int, *constant.Float, *constant.Vector, *constant.CharArray, *constant.Array,
		*constant.ExprBitCast, *constant.ExprGetElementPtr, *constant.Null, *constant.Undef,
		*constant.ZeroInitializer, *constant.Struct, *llir.Func, *llir.Global:
		w.typ(c.Type())
		w.s(" ")
		w.ident(c)
	default:
		w.s(c.String())
	}
}

// ident writes v, a value.Value, as v.Ident() does.
func (w *irWriter) ident(v any) {
	if id := localIdentOf(v); id != nil {
		w.localIdent(id)
		return
	}
	switch v := v.(type) {
	case *constant.Int:
		w.intLit(v)
	case *constant.Float:
		w.floatLit(v)
	case *constant.Vector:
		w.s("<")
		for i, e := range v.Elems {
			if i != 0 {
				w.s(", ")
			}
			w.cval(e)
		}
		w.s(">")
	case *constant.CharArray:
		w.s("c")
		w.b = appendQuoted(w.b, v.X)
	case *constant.Array:
		w.s("[")
		for i, e := range v.Elems {
			if i != 0 {
				w.s(", ")
			}
			w.cval(e)
		}
		w.s("]")
	case *constant.Struct:
		if v.Typ.Packed || len(v.Fields) == 0 {
			w.s(v.Ident())
			return
		}
		w.s("{ ")
		for i, f := range v.Fields {
			if i != 0 {
				w.s(", ")
			}
			w.cval(f)
		}
		w.s(" }")
	case *constant.ExprBitCast:
		w.s("bitcast (")
		w.cval(v.From)
		w.s(" to ")
		w.typ(v.To)
		w.s(")")
	case *constant.Null:
		w.s("null")
	case *constant.Undef:
		w.s("undef")
	case *constant.ZeroInitializer:
		w.s("zeroinitializer")
	case *constant.ExprGetElementPtr:
		w.s("getelementptr")
		if v.InBounds {
			w.s(" inbounds")
		}
		w.s(" (")
		w.typ(v.ElemType)
		w.s(", ")
		w.cval(v.Src)
		for _, x := range v.Indices {
			w.s(", ")
			w.cval(x)
		}
		w.s(")")
	case *llir.Func:
		w.globalIdent(&v.GlobalIdent)
	case *llir.Global:
		w.globalIdent(&v.GlobalIdent)
	default:
		w.s(v.(value.Value).Ident())
	}
}

// intLit writes an integer constant's literal: decimal below 0x1000, and
// above whatever llir chooses (it may choose hexadecimal).
func (w *irWriter) intLit(c *constant.Int) {
	if c.X.IsInt64() {
		x := c.X.Int64()
		if c.Typ.BitSize == 1 && (x == 0 || x == 1) {
			w.s([]string{"false", "true"}[x])
			return
		}
		if c.Typ.BitSize != 1 {
			if x < 0x1000 {
				w.b = strconv.AppendInt(w.b, x, 10)
				return
			}
			s, ok := w.ints[x]
			if !ok {
				s = c.Ident() // decimal or hexadecimal, by llir's rule
				w.ints[x] = s
			}
			w.s(s)
			return
		}
	}
	w.s(c.Ident())
}

// floatLit writes a float constant's literal, computed by llir once per
// value.
func (w *irWriter) floatLit(c *constant.Float) {
	if c.NaN || c.X == nil || (c.Typ.Kind != lltypes.FloatKindFloat && c.Typ.Kind != lltypes.FloatKindDouble) {
		w.s(c.Ident())
		return
	}
	f, acc := c.X.Float64()
	if acc != big.Exact {
		w.s(c.Ident())
		return
	}
	k := floatKey{c.Typ.Kind, math.Float64bits(f)}
	s, ok := w.floats[k]
	if !ok {
		s = c.Ident()
		w.floats[k] = s
	}
	w.s(s)
}

// localIdentOf returns the local identifier of a parameter, block or
// instruction this package emits, nil for anything else. (It takes any:
// converting an llir.Instruction to value.Value would look up a method
// table.)
func localIdentOf(v any) *llir.LocalIdent {
	switch v := v.(type) {
	case *llir.Param:
		return &v.LocalIdent
	case *llir.Block:
		return &v.LocalIdent
	case *llir.InstAdd:
		return &v.LocalIdent
	case *llir.InstSub:
		return &v.LocalIdent
	case *llir.InstMul:
		return &v.LocalIdent
	case *llir.InstUDiv:
		return &v.LocalIdent
	case *llir.InstSDiv:
		return &v.LocalIdent
	case *llir.InstURem:
		return &v.LocalIdent
	case *llir.InstSRem:
		return &v.LocalIdent
	case *llir.InstFAdd:
		return &v.LocalIdent
	case *llir.InstFSub:
		return &v.LocalIdent
	case *llir.InstFMul:
		return &v.LocalIdent
	case *llir.InstFDiv:
		return &v.LocalIdent
	case *llir.InstFRem:
		return &v.LocalIdent
	case *llir.InstFNeg:
		return &v.LocalIdent
	case *llir.InstShl:
		return &v.LocalIdent
	case *llir.InstLShr:
		return &v.LocalIdent
	case *llir.InstAShr:
		return &v.LocalIdent
	case *llir.InstAnd:
		return &v.LocalIdent
	case *llir.InstOr:
		return &v.LocalIdent
	case *llir.InstXor:
		return &v.LocalIdent
	case *llir.InstICmp:
		return &v.LocalIdent
	case *llir.InstFCmp:
		return &v.LocalIdent
	case *llir.InstSelect:
		return &v.LocalIdent
	case *llir.InstPhi:
		return &v.LocalIdent
	case *llir.InstCall:
		return &v.LocalIdent
	case *llir.InstLoad:
		return &v.LocalIdent
	case *llir.InstAlloca:
		return &v.LocalIdent
	case *llir.InstGetElementPtr:
		return &v.LocalIdent
	case *llir.InstTrunc:
		return &v.LocalIdent
	case *llir.InstZExt:
		return &v.LocalIdent
	case *llir.InstSExt:
		return &v.LocalIdent
	case *llir.InstFPTrunc:
		return &v.LocalIdent
	case *llir.InstFPExt:
		return &v.LocalIdent
	case *llir.InstFPToUI:
		return &v.LocalIdent
	case *llir.InstFPToSI:
		return &v.LocalIdent
	case *llir.InstUIToFP:
		return &v.LocalIdent
	case *llir.InstSIToFP:
		return &v.LocalIdent
	case *llir.InstPtrToInt:
		return &v.LocalIdent
	case *llir.InstBitCast:
		return &v.LocalIdent
	case *llir.InstInsertElement:
		return &v.LocalIdent
	case *llir.InstExtractElement:
		return &v.LocalIdent
	case *llir.InstShuffleVector:
		return &v.LocalIdent
	case *llir.InstExtractValue:
		return &v.LocalIdent
	case *llir.InstInsertValue:
		return &v.LocalIdent
	}
	return nil
}
