package ir

// OpParser is the interface a dialect's custom syntax uses to read an op
// after its name, in the manner of MLIR's OpAsmParser. Parse* methods read
// required syntax and abort the whole parse with a located diagnostic when
// it is missing; ParseOptional*/Accept* methods report whether the syntax
// was present. Custom parsers therefore read straight through.
type OpParser struct {
	p       *parser
	opTok   token
	scratch [2]*Value
	// refs, vals and types back the lists returned by ParseOperandList,
	// ResolveAll and ParseTypeList: each list is appended to its buffer
	// and returned with its capacity clipped. The buffers are reset for
	// each op. The lists of one op never overlap: when append moves a
	// buffer, the lists returned before keep the old array, which is no
	// longer written.
	refs  []OperandRef
	vals  []*Value
	types []Type
}

// reset prepares the parser for the next op.
func (op *OpParser) reset(nameTok token) {
	op.opTok = nameTok
	// Truncate only if needed: storing a slice header is a pointer write,
	// which costs a GC write barrier while a collection is marking.
	if len(op.refs) > 0 {
		op.refs = op.refs[:0]
	}
	if len(op.vals) > 0 {
		op.vals = op.vals[:0]
	}
	if len(op.types) > 0 {
		op.types = op.types[:0]
	}
}

// OpName returns the op name as written (e.g. "stablehlo.add").
func (op *OpParser) OpName() string { return string(op.p.src[op.opTok.start:op.opTok.end]) }

// Loc returns the location of the current token.
func (op *OpParser) Loc() Location { return op.p.loc() }

// Errorf returns a diagnostic at the current token (for custom parsers to return).
func (op *OpParser) Errorf(format string, args ...any) error {
	return Errorf(op.p.loc(), format, args...)
}

// Fail aborts the parse with a diagnostic at the current token.
func (op *OpParser) Fail(format string, args ...any) { op.p.fail(format, args...) }

// FailAt aborts the parse with a diagnostic at loc.
func (op *OpParser) FailAt(loc Location, format string, args ...any) {
	panic(bailout{Errorf(loc, format, args...)})
}

// --- punctuation ---

// punctKind returns the token kind of the punctuation s (a switch: this
// runs for every punctuation a custom parser reads).
func punctKind(s string) (tokKind, bool) {
	switch s {
	case "(":
		return tLParen, true
	case ")":
		return tRParen, true
	case "[":
		return tLSquare, true
	case "]":
		return tRSquare, true
	case "{":
		return tLBrace, true
	case "}":
		return tRBrace, true
	case "<":
		return tLess, true
	case ">":
		return tGreater, true
	case ",":
		return tComma, true
	case ":":
		return tColon, true
	case "::":
		return tColonColon, true
	case "=":
		return tEqual, true
	case "->":
		return tArrow, true
	case "?":
		return tQuestion, true
	case "*":
		return tStar, true
	case "+":
		return tPlus, true
	case "-":
		return tMinus, true
	case "...":
		return tEllipsis, true
	case "|":
		return tVerticalBar, true
	}
	return tEOF, false
}

// Parse reads the punctuation s (one of ( ) [ ] { } < > , : = -> ? * + - ...).
func (op *OpParser) Parse(s string) {
	k, ok := punctKind(s)
	if !ok {
		panic("ir: unknown punctuation " + s)
	}
	if op.p.tok.kind != k {
		op.p.fail("expected '%s', found %s", s, op.p.describe())
	}
	op.p.advance()
}

// Accept reads the punctuation s if it is next.
func (op *OpParser) Accept(s string) bool {
	if op.Peek(s) {
		op.p.advance()
		return true
	}
	return false
}

// Peek reports whether the punctuation s is next.
func (op *OpParser) Peek(s string) bool {
	k, ok := punctKind(s)
	return ok && op.p.tok.kind == k
}

// --- keywords ---

// ParseKeyword reads the bare keyword kw.
func (op *OpParser) ParseKeyword(kw string) {
	if !op.p.isKeyword(kw) {
		op.p.fail("expected '%s', found %s", kw, op.p.describe())
	}
	op.p.advance()
}

// AcceptKeyword reads kw if it is next.
func (op *OpParser) AcceptKeyword(kw string) bool { return op.p.acceptKeyword(kw) }

// PeekKeyword returns the next bare identifier, or "".
func (op *OpParser) PeekKeyword() string {
	if op.p.tok.kind == tBareIdent {
		return op.p.text()
	}
	return ""
}

// ParseIdent reads any bare identifier (e.g. an enum case like GT).
func (op *OpParser) ParseIdent(what string) string {
	if op.p.tok.kind != tBareIdent {
		op.p.fail("expected %s, found %s", what, op.p.describe())
	}
	s := op.p.text()
	op.p.advance()
	return s
}

// ParseInteger reads an optionally negative integer literal.
func (op *OpParser) ParseInteger() int64 {
	neg := op.p.accept(tMinus)
	t := op.p.expect(tInteger, "")
	v, ok := parseIntLiteral(string(op.p.src[t.start:t.end]), neg, I64)
	if !ok {
		op.p.failAt(t, "integer constant out of range")
	}
	return v
}

// PeekInteger reports whether an integer literal (or '-') is next.
func (op *OpParser) PeekInteger() bool {
	return op.p.tok.kind == tInteger || op.p.tok.kind == tMinus
}

// ParseString reads a string literal.
func (op *OpParser) ParseString() string {
	t := op.p.expect(tString, "")
	return unquote(op.p.src[t.start:t.end])
}

// PeekString reports whether a string literal is next.
func (op *OpParser) PeekString() bool { return op.p.tok.kind == tString }

// --- operands and values ---

// ParseOperand reads `%name` or `%name#N`.
func (op *OpParser) ParseOperand() OperandRef { return op.p.parseOperandRef() }

// PeekOperand reports whether an SSA value use is next.
func (op *OpParser) PeekOperand() bool { return op.p.tok.kind == tPercentId }

// ParseOperandList reads a possibly empty comma-separated list of
// operands. The list is only valid while the current op is parsed.
func (op *OpParser) ParseOperandList() []OperandRef {
	if op.p.tok.kind != tPercentId {
		return nil
	}
	start := len(op.refs)
	for {
		op.refs = append(op.refs, op.p.parseOperandRef())
		if !op.p.accept(tComma) {
			break
		}
	}
	n := len(op.refs)
	return op.refs[start:n:n]
}

// Resolve returns the value for ref, which must have type t.
func (op *OpParser) Resolve(ref OperandRef, t Type) *Value { return op.p.resolveValue(ref, t) }

// ResolveAll resolves refs against types (the counts must match). The
// list is only valid while the current op is parsed (an OpState's lists
// are copied into the op).
func (op *OpParser) ResolveAll(refs []OperandRef, types []Type, loc Location) []*Value {
	if len(refs) != len(types) {
		op.FailAt(loc, "%d operands present, but expected %d", len(refs), len(types))
	}
	start := len(op.vals)
	for i, r := range refs {
		op.vals = append(op.vals, op.p.resolveValue(r, types[i]))
	}
	n := len(op.vals)
	return op.vals[start:n:n]
}

// ParseArgument reads a region argument `%name : type {attrs}? loc(...)?`.
// If requireType is false and no colon follows, Type is nil.
func (op *OpParser) ParseArgument(requireType, allowAttrs bool) RegionArg {
	a := RegionArg{Ref: op.p.parseOperandRef()}
	if requireType || op.p.tok.kind == tColon {
		op.p.expect(tColon, "and type")
		a.Type = op.p.parseType()
	}
	if allowAttrs && op.p.tok.kind == tLBrace {
		a.Attrs = &DictionaryAttr{Entries: op.p.parseDict()}
	}
	op.p.parseTrailingLoc()
	return a
}

// ParseRegion reads a region; args become the entry block's arguments.
// Pass isolated=true for ops whose regions cannot see outer values.
func (op *OpParser) ParseRegion(args []RegionArg, isolated bool) *Region {
	if args == nil {
		args = []RegionArg{}
	}
	return op.p.parseRegion(args, isolated)
}

// ParseRegionNoArgs reads a region whose entry block may have a label
// with arguments (`{ ^bb0(%a: f32): ... }`) or none.
func (op *OpParser) ParseRegionNoArgs(isolated bool) *Region {
	return op.p.parseRegion(nil, isolated)
}

// PeekRegion reports whether a region ('{') is next.
func (op *OpParser) PeekRegion() bool { return op.p.tok.kind == tLBrace }

// ParseSuccessor reads a block reference `^bb1`.
func (op *OpParser) ParseSuccessor() *Block {
	t := op.p.expect(tCaretId, "block successor")
	return op.p.blockRefFor(string(op.p.src[t.start:t.end]), t, false)
}

// --- types and attributes ---

// ParseType reads a type.
func (op *OpParser) ParseType() Type { return op.p.parseType() }

// ParseColonType reads `: type`.
func (op *OpParser) ParseColonType() Type {
	op.p.expect(tColon, "")
	return op.p.parseType()
}

// ParseTypeList reads a comma-separated list of types (at least one).
// The list is only valid while the current op is parsed (like
// ParseOperandList's; an OpState's lists are copied into the op).
func (op *OpParser) ParseTypeList() []Type {
	start := len(op.types)
	for {
		op.types = append(op.types, op.p.parseType())
		if !op.p.accept(tComma) {
			break
		}
	}
	n := len(op.types)
	return op.types[start:n:n]
}

// ParseColonTypeList reads `: t1, t2`, like ParseTypeList.
func (op *OpParser) ParseColonTypeList() []Type {
	op.p.expect(tColon, "")
	return op.ParseTypeList()
}

// ParseArrowResults reads the types after `->`: `t` or `(t1, t2)`.
func (op *OpParser) ParseArrowResults() []Type { return op.p.parseResultTypes() }

// ParseFunctionType reads `(ins) -> outs`.
func (op *OpParser) ParseFunctionType() *FunctionType { return op.p.parseFunctionType() }

// ParseAttribute reads an attribute; t is the type of an untyped literal
// (nil: i64 / f64).
func (op *OpParser) ParseAttribute(t Type) Attribute { return op.p.parseAttribute(t) }

// ParseOptionalAttrDict reads `{...}` into attrs if present.
func (op *OpParser) ParseOptionalAttrDict(attrs *Attrs) {
	if op.p.tok.kind == tLBrace {
		for _, e := range op.p.parseDict() {
			attrs.Set(e.Name, e.Value)
		}
	}
}

// ParseOptionalAttrDictWithKeyword reads `attributes {...}` if present.
func (op *OpParser) ParseOptionalAttrDictWithKeyword(attrs *Attrs) {
	if op.p.acceptKeyword("attributes") {
		if op.p.tok.kind != tLBrace {
			op.p.fail("expected '{' after 'attributes'")
		}
		op.ParseOptionalAttrDict(attrs)
	}
}

// ParseOptionalProperties reads `<{...}>` into attrs if present.
func (op *OpParser) ParseOptionalProperties(attrs *Attrs) {
	if op.p.tok.kind == tLess {
		op.p.advance()
		for _, e := range op.p.parseDict() {
			attrs.Set(e.Name, e.Value)
		}
		op.p.expect(tGreater, "to end properties")
	}
}

// ParseSymbolName reads `@name`.
func (op *OpParser) ParseSymbolName() string {
	if op.p.tok.kind != tAtId {
		op.p.fail("expected valid '@'-identifier for symbol name")
	}
	s := op.p.symbolName()
	op.p.advance()
	return s
}

// ParseSymbolRef reads `@a` or `@a::@b`.
func (op *OpParser) ParseSymbolRef() *SymbolRefAttr {
	if op.p.tok.kind != tAtId {
		op.p.fail("expected symbol reference")
	}
	return op.p.parseSymbolRef()
}

// ParseI64List reads `[1, 2, 3]` (a possibly empty integer list).
func (op *OpParser) ParseI64List() []int64 {
	op.Parse("[")
	var vs []int64
	if !op.Peek("]") {
		for {
			vs = append(vs, op.ParseInteger())
			if !op.Accept(",") {
				break
			}
		}
	}
	op.Parse("]")
	return vs
}

// ParseOptionalLoc accepts and drops a trailing `loc(...)`.
func (op *OpParser) ParseOptionalLoc() { op.p.parseTrailingLoc() }

// PeekSymbol reports whether a symbol `@name` is next.
func (op *OpParser) PeekSymbol() bool { return op.p.tok.kind == tAtId }

// ParseAngleBody reads a balanced `<...>` and returns its text including
// the brackets (for dialect attribute bodies such as `fastmath<fast>`).
func (op *OpParser) ParseAngleBody() string {
	if op.p.tok.kind != tLess {
		op.p.fail("expected '<'")
	}
	return op.p.scanBalancedAngle()
}

// ParseOpaqueAngleAttr reads a balanced `<...>` like ParseAngleBody and
// returns the opaque attribute `#prefix<...>`. Attributes of the same
// spelling are shared within a parse, so flags such as `fastmath<fast>`
// cost nothing per op.
func (op *OpParser) ParseOpaqueAngleAttr(prefix string) *OpaqueAttr {
	if op.p.tok.kind != tLess {
		op.p.fail("expected '<'")
	}
	start, end := op.p.scanBalancedAngleSpan()
	key := opaqueKey{prefix, unsafeString(op.p.src[start:end])}
	if a, ok := op.p.opaqueCache[key]; ok {
		return a
	}
	a := &OpaqueAttr{Text: prefix + string(op.p.src[start:end])}
	if op.p.opaqueCache == nil {
		op.p.opaqueCache = map[opaqueKey]*OpaqueAttr{}
	}
	op.p.opaqueCache[key] = a
	return a
}

// opaqueKey is a ParseOpaqueAngleAttr spelling; body views the source.
type opaqueKey struct{ prefix, body string }

// Operands2 returns a two-element operand list backed by the parser's
// per-op state, so that the common binary op parses without allocating.
// The slice is only valid for the OpState being parsed.
func (op *OpParser) Operands2(a, b *Value) []*Value {
	op.scratch[0], op.scratch[1] = a, b
	return op.scratch[:2:2]
}
