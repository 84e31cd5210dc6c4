package ir

import (
	"strconv"
	"strings"
	"unsafe"
)

// ParseOptions control parsing.
type ParseOptions struct {
	// AllowUnregistered accepts ops of unknown dialects (generic form only).
	AllowUnregistered bool
}

// Parse parses MLIR text into a module operation. Top-level ops that are
// not a single `builtin.module` are wrapped in an implicit module. A syntax
// error stops the parse and is returned as a *Diagnostic with the
// position `file:line:col`.
func Parse(file string, src []byte, opts ParseOptions) (mod *Operation, err error) {
	p := &parser{file: file, src: src, lex: newLexer(src), opts: opts,
		attrAliases: map[string]Attribute{}, typeAliases: map[string]Type{}, typeCache: map[string]Type{}}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			mod, err = nil, pe.diag
		}
	}()
	p.advance()
	return p.parseTopLevel(), nil
}

// bailout carries a syntax error up to Parse.
type bailout struct{ diag *Diagnostic }

// parser is a recursive-descent parser over the lexer's tokens with one
// token of lookahead.
type parser struct {
	file        string
	src         []byte
	lex         *lexer
	tok         token
	opts        ParseOptions
	attrAliases map[string]Attribute
	typeAliases map[string]Type
	scopes      []*scope
	customCache map[string]*OpDef
	typeCache   map[string]Type
	// states are reused for custom ops, one per nesting depth
	states []*customState
	depth  int
}

type customState struct {
	st OpState
	op OpParser
}

// valRef is a defined SSA name: a result group (or one block argument)
// starting at first, n values long.
type valRef struct {
	first *Value
	n     int32
}

func (r valRef) values() []*Value {
	if r.first.owner != nil {
		return r.first.owner.results[r.first.index : r.first.index+int(r.n)]
	}
	return r.first.block.args[r.first.index : r.first.index+1]
}

// scope holds the SSA names and block labels of one region.
type scope struct {
	values   map[string]valRef
	fwd      map[string]*fwdRef
	blocks   map[string]*blockRef
	isolated bool
}

type fwdRef struct {
	placeholder *Value
	loc         Location
}

type blockRef struct {
	block   *Block
	defined bool
	loc     Location
}

func (p *parser) advance() {
	p.lex.lex(&p.tok)
	if p.tok.kind == tError {
		p.failAt(p.tok, "%s", p.lex.errMsg)
	}
}

func (p *parser) text() string { return string(p.src[p.tok.start:p.tok.end]) }

// view returns a token's text without copying; it is valid while the
// source is, i.e. only during the parse. Anything kept must be cloned.
func (p *parser) view(t token) string {
	if t.end == t.start {
		return ""
	}
	return unsafe.String(&p.src[t.start], t.end-t.start)
}

func (p *parser) locOf(t token) Location { return Location{File: p.file, Line: t.line, Col: t.col} }

func (p *parser) loc() Location { return p.locOf(p.tok) }

func (p *parser) failAt(t token, format string, args ...any) {
	panic(bailout{Errorf(p.locOf(t), format, args...)})
}

func (p *parser) fail(format string, args ...any) { p.failAt(p.tok, format, args...) }

// describe names the current token for "expected X, found Y" messages.
func (p *parser) describe() string {
	switch p.tok.kind {
	case tEOF:
		return "end of file"
	}
	return "'" + p.text() + "'"
}

func (p *parser) expect(k tokKind, context string) token {
	t := p.tok
	if t.kind != k {
		if context != "" {
			p.fail("expected %s %s, found %s", k, context, p.describe())
		}
		p.fail("expected %s, found %s", k, p.describe())
	}
	p.advance()
	return t
}

func (p *parser) accept(k tokKind) bool {
	if p.tok.kind == k {
		p.advance()
		return true
	}
	return false
}

func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tBareIdent && string(p.src[p.tok.start:p.tok.end]) == kw
}

func (p *parser) acceptKeyword(kw string) bool {
	if p.isKeyword(kw) {
		p.advance()
		return true
	}
	return false
}

// --- top level ---

func (p *parser) parseTopLevel() *Operation {
	top := &Region{}
	blk := top.AddBlock(nil)
	p.pushScope(true)
	for p.tok.kind != tEOF {
		switch p.tok.kind {
		case tHashId:
			p.parseAttrAliasDef()
		case tExclaimId:
			p.parseTypeAliasDef()
		case tFileMetaBeg:
			p.skipFileMetadata()
		default:
			blk.Append(p.parseOperation())
		}
	}
	p.popScope()
	if blk.Len() == 1 && blk.first.name == "builtin.module" {
		m := blk.first
		m.Remove()
		return m
	}
	mod := NewOp(&OpState{Name: "builtin.module", Loc: Location{File: p.file, Line: 1, Col: 1}})
	mod.AddRegion(top)
	return mod
}

func (p *parser) parseAttrAliasDef() {
	t := p.tok
	name := p.text()[1:]
	p.advance()
	if p.tok.kind != tEqual {
		p.fail("expected '=' in attribute alias definition")
	}
	p.advance()
	if _, dup := p.attrAliases[name]; dup {
		p.failAt(t, "redefinition of attribute alias id '%s'", name)
	}
	p.attrAliases[name] = p.parseAttribute(nil)
}

func (p *parser) parseTypeAliasDef() {
	t := p.tok
	name := p.text()[1:]
	p.advance()
	if p.tok.kind != tEqual {
		p.fail("expected '=' in type alias definition")
	}
	p.advance()
	if _, dup := p.typeAliases[name]; dup {
		p.failAt(t, "redefinition of type alias id '%s'", name)
	}
	p.typeAliases[name] = p.parseType()
}

// skipFileMetadata skips a `{-# ... #-}` dialect resources section.
func (p *parser) skipFileMetadata() {
	for p.tok.kind != tFileMetaEnd {
		if p.tok.kind == tEOF {
			p.fail("expected '#-}' to end file metadata")
		}
		p.advance()
	}
	p.advance()
}

// --- scopes ---

func (p *parser) pushScope(isolated bool) {
	p.scopes = append(p.scopes, &scope{values: map[string]valRef{}, isolated: isolated})
}

// popScope closes a region: unresolved forward references move to the
// enclosing scope unless the region is isolated, where they are errors.
func (p *parser) popScope() {
	s := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	for name, b := range s.blocks {
		if !b.defined {
			panic(bailout{Errorf(b.loc, "reference to an undefined block '%s'", name)})
		}
	}
	if len(s.fwd) == 0 {
		return
	}
	if s.isolated || len(p.scopes) == 0 {
		p.failUndefined(s.fwd)
	}
	parent := p.scopes[len(p.scopes)-1]
	if parent.fwd == nil {
		parent.fwd = map[string]*fwdRef{}
	}
	for k, f := range s.fwd {
		if prev, ok := parent.fwd[k]; ok {
			f.placeholder.ReplaceAllUsesWith(prev.placeholder)
			continue
		}
		parent.fwd[k] = f
	}
}

func (p *parser) failUndefined(fwd map[string]*fwdRef) {
	// Report the earliest use for a deterministic message.
	var first *fwdRef
	var firstName string
	for k, f := range fwd {
		if first == nil || f.loc.Line < first.loc.Line || f.loc.Line == first.loc.Line && f.loc.Col < first.loc.Col {
			first, firstName = f, k
		}
	}
	if i := strings.IndexByte(firstName, '#'); i >= 0 {
		firstName = firstName[:i]
	}
	panic(bailout{Errorf(first.loc, "use of undeclared SSA value name '%s'", firstName)})
}

// lookupValue finds %name (#idx) visible from the current scope.
func (p *parser) lookupValue(name string, idx int) ([]*Value, bool) {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		s := p.scopes[i]
		if r, ok := s.values[name]; ok {
			return r.values(), true
		}
		if s.isolated {
			break
		}
	}
	return nil, false
}

// resolveValue returns the value for an operand reference of type t,
// creating a forward reference if it is not defined yet.
func (p *parser) resolveValue(ref OperandRef, t Type) *Value {
	if vs, ok := p.lookupValue(ref.Name, ref.Index); ok {
		if ref.Index >= len(vs) {
			p.failAt(ref.tok, "invalid result number: result group '%s' has %d results", ref.Name, len(vs))
		}
		v := vs[ref.Index]
		if t != nil && v.typ != t {
			panic(bailout{Errorf(p.locOf(ref.tok), "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
				ref.Name, t, v.typ).AddNote(v.Location(), "prior use here")})
		}
		return v
	}
	key := ref.Name
	if ref.Index != 0 {
		key = ref.Name + "#" + strconv.Itoa(ref.Index)
	}
	// A forward reference may already exist in this or an enclosing scope.
	for i := len(p.scopes) - 1; i >= 0; i-- {
		s := p.scopes[i]
		if f, ok := s.fwd[key]; ok {
			if t != nil && f.placeholder.typ != t {
				p.failAt(ref.tok, "use of value '%s' expects different type than prior uses: '%s' vs '%s'", ref.Name, t, f.placeholder.typ)
			}
			return f.placeholder
		}
		if s.isolated {
			break
		}
	}
	if t == nil {
		p.failAt(ref.tok, "use of undeclared SSA value name '%s'", ref.Name)
	}
	s := p.scopes[len(p.scopes)-1]
	if s.fwd == nil {
		s.fwd = map[string]*fwdRef{}
	}
	ph := &Value{typ: t}
	s.fwd[key] = &fwdRef{placeholder: ph, loc: p.locOf(ref.tok)}
	return ph
}

// defineValues binds a result group name in the current scope and resolves
// pending forward references to it.
// Names are views into the source text: the scope maps die with the parse.
func (p *parser) defineValues(name string, vs []*Value, at token) {
	s := p.scopes[len(p.scopes)-1]
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if _, dup := p.scopes[i].values[name]; dup {
			p.failAt(at, "redefinition of SSA value '%s'", name)
		}
		if p.scopes[i].isolated {
			break
		}
	}
	s.values[name] = valRef{first: vs[0], n: int32(len(vs))}
	if len(s.fwd) == 0 {
		return
	}
	for i, v := range vs {
		key := name
		if i != 0 {
			key = name + "#" + strconv.Itoa(i)
		}
		if f, ok := s.fwd[key]; ok {
			if f.placeholder.typ != v.typ {
				panic(bailout{Errorf(p.locOf(at), "definition of SSA value '%s#%d' has type '%s'", name, i, v.typ).
					AddNote(f.loc, "previously used here with type '%s'", f.placeholder.typ)})
			}
			f.placeholder.ReplaceAllUsesWith(v)
			delete(s.fwd, key)
		}
	}
}

func (p *parser) blockRefFor(name string, t token, define bool) *Block {
	s := p.scopes[len(p.scopes)-1]
	if s.blocks == nil {
		s.blocks = map[string]*blockRef{}
	}
	b, ok := s.blocks[name]
	if !ok {
		b = &blockRef{block: &Block{}, loc: p.locOf(t)}
		s.blocks[name] = b
	}
	if define {
		if b.defined {
			p.failAt(t, "redefinition of block '%s'", name)
		}
		b.defined = true
	}
	return b.block
}

// --- operations ---

// OperandRef is a parsed, not yet resolved, use of an SSA value: `%name` or `%name#index`.
type OperandRef struct {
	Name  string
	Index int
	tok   token
}

func (p *parser) parseOperandRef() OperandRef {
	t := p.expect(tPercentId, "")
	ref := OperandRef{Name: p.view(t), tok: t}
	if p.tok.kind == tHashId {
		n, err := strconv.Atoi(p.view(p.tok)[1:])
		if err != nil {
			p.fail("invalid SSA value result number")
		}
		ref.Index = n
		p.advance()
	}
	return ref
}

type resultName struct {
	name  string
	count int
	tok   token
}

func (p *parser) parseOperation() *Operation {
	start := p.tok
	var namesBuf [2]resultName
	names := namesBuf[:0]
	if p.tok.kind == tPercentId {
		for {
			t := p.expect(tPercentId, "")
			rn := resultName{name: p.view(t), count: 1, tok: t}
			if p.accept(tColon) {
				ct := p.expect(tInteger, "result count")
				n, err := strconv.Atoi(p.view(ct))
				if err != nil || n < 1 {
					p.failAt(ct, "expected named operation to have at least 1 result")
				}
				rn.count = n
			}
			names = append(names, rn)
			if !p.accept(tComma) {
				break
			}
		}
		p.expect(tEqual, "after SSA name")
	}
	var op *Operation
	switch p.tok.kind {
	case tString:
		op = p.parseGenericOp(start)
	case tBareIdent:
		op = p.parseCustomOp(start)
	default:
		p.fail("expected operation name in quotes")
	}
	p.parseTrailingLoc()
	total := 0
	for _, n := range names {
		total += n.count
	}
	if len(names) > 0 && total != op.NumResults() {
		p.failAt(start, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	next := 0
	for _, n := range names {
		p.defineValues(n.name, op.results[next:next+n.count], n.tok)
		next += n.count
	}
	return op
}

// parseTrailingLoc accepts and drops `loc(...)`.
func (p *parser) parseTrailingLoc() {
	if p.isKeyword("loc") {
		p.parseLocation()
	}
}

// parseLocation skips `loc(...)`, a location we accept but do not keep.
func (p *parser) parseLocation() {
	p.advance()
	if p.tok.kind != tLParen {
		p.fail("expected '(' in location")
	}
	depth := 0
	for {
		switch p.tok.kind {
		case tLParen, tLSquare:
			depth++
		case tRParen, tRSquare:
			depth--
		case tEOF:
			p.fail("unbalanced location")
		}
		p.advance()
		if depth == 0 {
			return
		}
	}
}

// lookupCustom finds the definition for a custom op name as written,
// caching the resolution (aliases, default dialects) per spelling.
func (p *parser) lookupCustom(raw string) *OpDef {
	if d, ok := p.customCache[raw]; ok {
		return d
	}
	d := LookupOp(p.resolveOpName(token{}, raw))
	if p.customCache == nil {
		p.customCache = map[string]*OpDef{}
	}
	p.customCache[strings.Clone(raw)] = d
	return d
}

func (p *parser) resolveOpName(t token, raw string) string {
	name := CanonicalOpName(raw)
	if LookupOp(name) != nil {
		return name
	}
	if !strings.Contains(name, ".") {
		for _, d := range []string{"builtin.", "func."} {
			if LookupOp(d+name) != nil {
				return d + name
			}
		}
	}
	return name
}

func (p *parser) parseGenericOp(start token) *Operation {
	nt := p.tok
	raw := unquote(p.src[nt.start:nt.end])
	name := p.resolveOpName(nt, raw)
	if LookupOp(name) == nil && !p.opts.AllowUnregistered {
		p.failAt(nt, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
	}
	p.advance()
	st := &OpState{Name: name, Loc: p.locOf(start)}
	p.expect(tLParen, "to start operand list")
	var refs []OperandRef
	if p.tok.kind != tRParen {
		for {
			refs = append(refs, p.parseOperandRef())
			if !p.accept(tComma) {
				break
			}
		}
	}
	p.expect(tRParen, "to end operand list")
	if p.accept(tLSquare) {
		for {
			t := p.expect(tCaretId, "block successor")
			st.Successors = append(st.Successors, p.blockRefFor(string(p.src[t.start:t.end]), t, false))
			if !p.accept(tComma) {
				break
			}
		}
		p.expect(tRSquare, "to end successor list")
	}
	if p.tok.kind == tLess {
		p.advance()
		d := p.parseDict()
		for _, e := range d {
			st.Attrs.Set(e.Name, e.Value)
		}
		p.expect(tGreater, "to end properties")
	}
	if p.tok.kind == tLParen {
		p.advance()
		def := LookupOp(name)
		isolated := def != nil && def.Traits&IsolatedFromAbove != 0
		for {
			st.Regions = append(st.Regions, p.parseRegion(nil, isolated))
			if !p.accept(tComma) {
				break
			}
		}
		p.expect(tRParen, "to end region list")
	}
	if p.tok.kind == tLBrace {
		for _, e := range p.parseDict() {
			st.Attrs.Set(e.Name, e.Value)
		}
	}
	ct := p.expect(tColon, "followed by operation type")
	_ = ct
	ft, ok := p.parseType().(*FunctionType)
	if !ok {
		p.failAt(ct, "expected function type")
	}
	if len(ft.Inputs) != len(refs) {
		p.failAt(ct, "expected %d operand type(s) but had %d", len(refs), len(ft.Inputs))
	}
	for i, r := range refs {
		st.Operands = append(st.Operands, p.resolveValue(r, ft.Inputs[i]))
	}
	st.ResultTypes = ft.Results
	return NewOp(st)
}

func (p *parser) parseCustomOp(start token) *Operation {
	nt := p.tok
	raw := p.view(nt)
	def := p.lookupCustom(raw)
	if def == nil || def.Parse == nil {
		if def == nil {
			p.failAt(nt, "custom op '%s' is unknown", raw)
		}
		p.failAt(nt, "custom op '%s' has no custom assembly form; use the generic form", raw)
	}
	p.advance()
	// Custom parsers nest (func.func parses its body's ops), so states are
	// kept per nesting depth and reused across ops at that depth.
	if p.depth == len(p.states) {
		p.states = append(p.states, &customState{op: OpParser{p: p}})
	}
	cs := p.states[p.depth]
	p.depth++
	cs.st = OpState{Name: def.Name, Loc: p.locOf(start)}
	cs.op.opTok = nt
	if err := def.Parse(&cs.op, &cs.st); err != nil {
		panic(bailout{AsDiagnostics(err, p.locOf(start))[0]})
	}
	p.depth--
	op := newOp(&cs.st, def)
	cs.st = OpState{}
	return op
}

// RegionArg is an entry block argument declared by an op's custom syntax
// (`%arg0: tensor<4xf32>`), with optional attributes.
type RegionArg struct {
	Ref   OperandRef
	Type  Type
	Attrs *DictionaryAttr
}

// parseRegion parses `{ blocks }`. args, if any, are the entry block's
// arguments declared by the op's syntax (func.func's signature).
func (p *parser) parseRegion(args []RegionArg, isolated bool) *Region {
	p.expect(tLBrace, "to begin region")
	r := &Region{}
	p.pushScope(isolated)
	if args != nil || p.tok.kind != tCaretId {
		// Entry block without a label (possibly empty region).
		if args == nil && p.tok.kind == tRBrace {
			p.advance()
			p.popScope()
			return r
		}
		b := r.AddBlock(nil)
		for _, a := range args {
			v := b.AddArg(a.Type, p.locOf(a.Ref.tok))
			p.defineValues(a.Ref.Name, []*Value{v}, a.Ref.tok)
		}
		p.parseBlockBody(b)
	}
	for p.tok.kind == tCaretId {
		if args != nil && len(r.blocks) == 1 && r.blocks[0].Len() == 0 {
			p.fail("invalid block name in region with named arguments")
		}
		p.parseBlock(r)
	}
	p.expect(tRBrace, "to end region")
	p.popScope()
	return r
}

func (p *parser) parseBlock(r *Region) {
	t := p.tok
	name := p.text()
	p.advance()
	b := p.blockRefFor(name, t, true)
	r.AddBlock(b)
	if p.accept(tLParen) {
		if p.tok.kind != tRParen {
			for {
				ref := p.parseOperandRef()
				p.expect(tColon, "and type for block argument")
				ty := p.parseType()
				p.parseTrailingLoc()
				v := b.AddArg(ty, p.locOf(ref.tok))
				p.defineValues(ref.Name, []*Value{v}, ref.tok)
				if !p.accept(tComma) {
					break
				}
			}
		}
		p.expect(tRParen, "to end block argument list")
	}
	p.expect(tColon, "after block name")
	p.parseBlockBody(b)
}

func (p *parser) parseBlockBody(b *Block) {
	for p.tok.kind != tCaretId && p.tok.kind != tRBrace {
		if p.tok.kind == tEOF {
			p.fail("expected '}' to end region")
		}
		b.Append(p.parseOperation())
	}
}
