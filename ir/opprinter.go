package ir

import "strconv"

// OpPrinter is what a dialect's custom printer writes through, in the
// manner of MLIR's OpAsmPrinter. The op name has already been printed; a
// custom printer starts with the space that separates it from the rest.
type OpPrinter struct {
	pr *printer
	op *Operation
}

// Write writes raw text.
func (p *OpPrinter) Write(s string) { p.pr.ap.str(s) }

// Newline starts a new line at the op's indentation (MLIR's printNewline).
func (p *OpPrinter) Newline() { p.pr.newline() }

// Int writes a decimal integer.
func (p *OpPrinter) Int(v int64) { p.pr.ap.buf = strconv.AppendInt(p.pr.ap.buf, v, 10) }

// Operand writes a value's name.
func (p *OpPrinter) Operand(v *Value) { p.pr.value(v) }

// Operands writes values separated by ", ".
func (p *OpPrinter) Operands(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.pr.ap.str(", ")
		}
		p.pr.value(v)
	}
}

// OpOperands writes the op's operands separated by ", ": what
// Operands(op.Operands()) writes, without copying the list.
func (p *OpPrinter) OpOperands() {
	for i, o := range p.op.operands {
		if i > 0 {
			p.pr.ap.str(", ")
		}
		p.pr.value(o.value)
	}
}

// OpOperandTypes writes the types of the op's operands separated by ", ".
func (p *OpPrinter) OpOperandTypes() {
	for i, o := range p.op.operands {
		if i > 0 {
			p.pr.ap.str(", ")
		}
		p.pr.ap.str(o.value.typ.String())
	}
}

// OpFunctionType writes the op's type `(operand types) -> result types`:
// what FunctionType(op.OperandTypes(), op.ResultTypes()) writes, without
// copying the lists.
func (p *OpPrinter) OpFunctionType() {
	p.pr.ap.buf = append(p.pr.ap.buf, '(')
	p.OpOperandTypes()
	p.pr.ap.str(") -> ")
	rs := p.op.results
	if len(rs) == 1 {
		if _, fn := rs[0].typ.(*FunctionType); !fn {
			p.pr.ap.str(rs[0].typ.String())
			return
		}
	}
	p.pr.ap.buf = append(p.pr.ap.buf, '(')
	for i, r := range rs {
		if i > 0 {
			p.pr.ap.str(", ")
		}
		p.pr.ap.str(r.typ.String())
	}
	p.pr.ap.buf = append(p.pr.ap.buf, ')')
}

// Type writes a type.
func (p *OpPrinter) Type(t Type) { p.pr.ap.str(t.String()) }

// Types writes types separated by ", ".
func (p *OpPrinter) Types(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			p.pr.ap.str(", ")
		}
		p.pr.ap.str(t.String())
	}
}

// ArrowResults writes result types after `->`: one type bare, else `(t1, t2)`.
func (p *OpPrinter) ArrowResults(ts []Type) { p.pr.resultTypes(ts) }

// FunctionType writes `(ins) -> outs`.
func (p *OpPrinter) FunctionType(ins, outs []Type) { p.pr.functionType(ins, outs) }

// Attr writes an attribute (affine maps through their aliases).
func (p *OpPrinter) Attr(a Attribute) { p.pr.ap.attr(a) }

// FloatValue writes a float literal as MLIR does (no type suffix).
func (p *OpPrinter) FloatValue(v float64, t *FloatType) { p.pr.ap.floatValue(v, t) }

// Symbol writes `@name`.
func (p *OpPrinter) Symbol(name string) { p.pr.ap.symbol(name) }

// OptionalAttrDict writes ` {a = ...}` with the op's attributes except
// those named in elided; nothing if none remain.
func (p *OpPrinter) OptionalAttrDict(elided ...string) { p.attrDict("", elided) }

// OptionalAttrDictWithKeyword writes ` attributes {...}` likewise.
func (p *OpPrinter) OptionalAttrDictWithKeyword(elided ...string) {
	p.attrDict(" attributes", elided)
}

func (p *OpPrinter) attrDict(kw string, elided []string) {
	var keep []NamedAttr
outer:
	for _, e := range p.op.Attrs.list {
		for _, x := range elided {
			if e.Name == x {
				continue outer
			}
		}
		keep = append(keep, e)
	}
	if len(keep) == 0 {
		return
	}
	p.pr.ap.str(kw)
	p.pr.ap.str(" {")
	p.pr.ap.dictBody(keep)
	p.pr.ap.buf = append(p.pr.ap.buf, '}')
}

// AttrDictEntries writes `{...}` for an explicit entry list (no leading space).
func (p *OpPrinter) AttrDictEntries(entries []NamedAttr) {
	p.pr.ap.buf = append(p.pr.ap.buf, '{')
	p.pr.ap.dictBody(entries)
	p.pr.ap.buf = append(p.pr.ap.buf, '}')
}

// Region writes a region. printEntryArgs prints the entry block's header
// with its arguments (off for ops like func.func that print them in the
// signature); printEmptyBlock keeps an empty entry block.
func (p *OpPrinter) Region(r *Region, printEntryArgs, printEmptyBlock bool) {
	p.pr.region(r, printEntryArgs, printEmptyBlock)
}

// Successor writes a block label.
func (p *OpPrinter) Successor(b *Block) { p.pr.ap.str(p.pr.names.blockName(b)) }

// ArgDecl writes `%name: type`.
func (p *OpPrinter) ArgDecl(v *Value) {
	p.pr.value(v)
	p.pr.ap.str(": ")
	p.pr.ap.str(v.typ.String())
}

// ValueName returns the printed name of v.
func (p *OpPrinter) ValueName(v *Value) string { return p.pr.names.valueName(v) }
