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
		attrAliases: map[string]Attribute{}, typeAliases: map[string]Type{}, typeCache: map[string]Type{},
		arena: &opArena{}}
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
	freeScopes  []*scope // popped scopes, kept for their maps
	customCache map[string]customOp
	customSlots [64]customSlot
	typeCache   map[string]Type
	symCache    map[string]*SymbolRefAttr
	nameCache   [nameSlots]nameSlot
	nameGen     uint32
	opaqueCache map[opaqueKey]*OpaqueAttr
	// states are reused for custom ops, one per nesting depth
	states []*customState
	depth  int
	arena  *opArena
	// nest is how deeply the current token is nested (MaxNesting).
	nest int
}

// customState is the reusable state for parsing a custom op at one
// nesting depth. Its buffers become the OpState's initial (empty) operand,
// result type and attribute lists, so that a custom parser appending to
// them allocates nothing; the arena copies them into the op.
type customState struct {
	st       OpState
	op       OpParser
	operands []*Value
	types    []Type
	attrs    []NamedAttr
}

// valRef is a defined SSA name: a result group (or one block argument)
// starting at first, n values long.
type valRef struct {
	first *Value
	n     int32
}

// at returns value i of the group (i < r.n).
func (r valRef) at(i int) *Value {
	if i == 0 {
		return r.first
	}
	return r.first.owner.results[int(r.first.index)+i]
}

// scope holds the SSA names and block labels of one region.
//
// As in MLIR, SSA names live in one map per isolated-from-above region
// (values), shared by the regions nested in it: a name is visible exactly
// when it is in the map, so lookups and redefinition checks cost one map
// access whatever the nesting. A nested region records the names it
// defines (defined) and removes them from the shared map when it closes.
type scope struct {
	values   map[string]valRef
	defined  []string
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
	if !p.lex.lexCommon(&p.tok) { // lex, without a call in the common case
		p.lex.lexAny(&p.tok)
	}
	if p.tok.kind == tError {
		p.lexError()
	}
}

// lexError reports the lexer's error. It and the other failure paths of
// the small functions called for every token are kept out of line
// (noinline), so that the hot paths stay small and inlinable.
//
//go:noinline
func (p *parser) lexError() { p.failAt(p.tok, "%s", p.lex.errMsg) }

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
		p.expectFailed(k, context)
	}
	p.advance()
	return t
}

//go:noinline
func (p *parser) expectFailed(k tokKind, context string) {
	if context != "" {
		p.fail("expected %s %s, found %s", k, context, p.describe())
	}
	p.fail("expected %s, found %s", k, p.describe())
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
	if blk.Len() == 1 && blk.first.Name() == "builtin.module" {
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

// pushScope opens a region's scope. Scopes (and the maps of isolated
// ones) are recycled: a module has thousands of functions, and building a
// name map from scratch for each is a large share of parsing.
func (p *parser) pushScope(isolated bool) {
	var s *scope
	if n := len(p.freeScopes); n > 0 {
		s = p.freeScopes[n-1]
		p.freeScopes = p.freeScopes[:n-1]
	} else {
		s = &scope{}
	}
	s.isolated = isolated
	if isolated {
		p.nameGen++ // the enclosing names become invisible
	}
	if isolated || len(p.scopes) == 0 {
		if s.values == nil {
			s.values = map[string]valRef{}
		}
	} else {
		// Share the enclosing isolated scope's map; keep our own (if
		// any) for when this scope object is next used as an isolated one.
		s.defined = s.defined[:0]
	}
	p.scopes = append(p.scopes, s)
}

// names returns the name map visible from s.
func (p *parser) names(s *scope) map[string]valRef {
	if s.isolated {
		return s.values
	}
	for i := len(p.scopes) - 1; ; i-- {
		if p.scopes[i].isolated || i == 0 {
			return p.scopes[i].values
		}
	}
}

// popScope closes a region: unresolved forward references move to the
// enclosing scope unless the region is isolated, where they are errors.
func (p *parser) popScope() {
	s := p.scopes[len(p.scopes)-1]
	for name, b := range s.blocks {
		if !b.defined {
			panic(bailout{Errorf(b.loc, "reference to an undefined block '%s'", name)})
		}
	}
	if !s.isolated && len(p.scopes) > 1 {
		m := p.names(s)
		for _, n := range s.defined {
			delete(m, n)
		}
	}
	p.scopes = p.scopes[:len(p.scopes)-1]
	p.nameGen++ // the scope's names become invisible
	defer p.recycle(s)
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

// recycle clears a popped scope and keeps it for reuse. Maps that are
// rarely needed (forward references, block labels) are dropped instead.
func (p *parser) recycle(s *scope) {
	if s.isolated {
		clear(s.values)
	}
	s.defined = s.defined[:0]
	s.fwd, s.blocks = nil, nil
	p.freeScopes = append(p.freeScopes, s)
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

// nameSlot is an entry of the parser's cache of recent SSA name lookups.
type nameSlot struct {
	name string // a view of the source
	ref  valRef
	gen  uint32
}

// slotOf returns the cache slot of an SSA name (at least two bytes, with
// the '%'): a multiplicative hash of its length, first letter and last
// three bytes, which tell apart the names live in one stretch of code.
func slotOf(name string) int {
	n := len(name)
	h := uint32(n) ^ uint32(name[1])<<8 ^ uint32(name[n-1])<<16 ^ uint32(name[n-2])<<24 ^ uint32(name[max(n-3, 0)])<<4
	return int(h * 2654435761 >> (32 - nameSlotBits))
}

const (
	nameSlotBits = 8
	nameSlots    = 1 << nameSlotBits
)

// lookupName returns the value group an SSA name refers to. A small
// direct-mapped cache of recent names sits in front of the scope's map:
// most operands name a value defined a few lines above, or one of a few
// values used all over a function. Entries are valid for one generation
// of the set of visible names, which changes whenever names may go out
// of scope (see pushScope and popScope); within one, a visible name
// cannot change meaning (a redefinition is an error).
func (p *parser) lookupName(name string) (valRef, bool) {
	sl := &p.nameCache[slotOf(name)]
	if sl.gen == p.nameGen && sl.name == name {
		return sl.ref, true
	}
	r, ok := p.names(p.scopes[len(p.scopes)-1])[name]
	if ok {
		*sl = nameSlot{name, r, p.nameGen}
	}
	return r, ok
}

// resolveValue returns the value for an operand reference of type t,
// creating a forward reference if it is not defined yet.
func (p *parser) resolveValue(ref OperandRef, t Type) *Value {
	if r, ok := p.lookupName(ref.Name); ok {
		if ref.Index >= int(r.n) {
			p.failAt(ref.tok, "invalid result number: result group '%s' has %d results", ref.Name, r.n)
		}
		v := r.at(ref.Index)
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
	m := p.names(s)
	// Insert and detect a redefinition with one map access: the map only
	// grows if the name is new (an old entry is overwritten, but the
	// parse is abandoned then anyway).
	n := len(m)
	r := valRef{first: vs[0], n: int32(len(vs))}
	m[name] = r
	if len(m) == n {
		p.failAt(at, "redefinition of SSA value '%s'", name)
	}
	p.nameCache[slotOf(name)] = nameSlot{name, r, p.nameGen}
	if !s.isolated {
		s.defined = append(s.defined, name)
	}
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

func (p *parser) parseOperandRef() (ref OperandRef) {
	if p.tok.kind != tPercentId {
		p.expectFailed(tPercentId, "")
	}
	ref.Name, ref.tok = p.view(p.tok), p.tok
	p.advance()
	if p.tok.kind == tHashId {
		ref.Index = p.resultNumber()
	}
	return ref
}

// resultNumber reads the `#N` of a result group member.
func (p *parser) resultNumber() int {
	n, err := strconv.Atoi(p.view(p.tok)[1:])
	if err != nil {
		p.fail("invalid SSA value result number")
	}
	p.advance()
	return n
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
	if len(names) == 0 {
		return op
	}
	// (Loops by index: a resultName is too big to copy per iteration.)
	total := 0
	for i := range names {
		total += names[i].count
	}
	if total != op.NumResults() {
		p.failAt(start, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	next := 0
	for i := range names {
		n := &names[i]
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
//
// In front of the map sits a small direct-mapped table indexed by a cheap
// hash of the spelling: a module uses a handful of op names, and this is
// done for every op.
func (p *parser) lookupCustom(raw string) customOp {
	slot := &p.customSlots[(len(raw)*7+int(raw[len(raw)-1])+int(raw[len(raw)/2])*3)%len(p.customSlots)]
	if slot.name == raw {
		return slot.op
	}
	c, ok := p.customCache[raw]
	if !ok {
		raw = strings.Clone(raw)
		c = customOp{def: LookupOp(p.resolveOpName(token{}, raw)), hook: spellingHooks[raw]}
		if c.def != nil && CanonicalOpName(raw) != raw {
			c.spelled = raw
		}
		if p.customCache == nil {
			p.customCache = map[string]customOp{}
		}
		p.customCache[raw] = c
	}
	slot.name, slot.op = raw, c
	return c
}

// customOp is what an op name as written resolves to: the op's
// definition, the hook of that spelling (RegisterSpellingHook), if any,
// and the spelling itself when it is an alias (`stablehlo.add` of
// hlo.add), which the op keeps for its diagnostics (Operation.Spelling).
type customOp struct {
	def     *OpDef
	hook    func(st *OpState)
	spelled string
}

// newOp creates the op of st from the arena, named as spelled by c.
func (p *parser) newOp(st *OpState, c customOp) *Operation {
	op := p.arena.newOp(st, c.def)
	if c.spelled != "" {
		op.name = c.spelled
	}
	return op
}

// customSlot is an entry of the parser's op name table.
type customSlot struct {
	name string // a view of the source: the table dies with the parse
	op   customOp
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
	if raw == "" {
		return p.arena.newOp(st, nil)
	}
	c := p.lookupCustom(raw)
	if c.hook != nil {
		c.hook(st)
	}
	return p.newOp(st, c)
}

func (p *parser) parseCustomOp(start token) *Operation {
	nt := p.tok
	raw := p.view(nt)
	c := p.lookupCustom(raw)
	def := c.def
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
		p.states = append(p.states, &customState{op: OpParser{p: p},
			operands: make([]*Value, 0, 4), types: make([]Type, 0, 2), attrs: make([]NamedAttr, 0, 4)})
	}
	cs := p.states[p.depth]
	p.depth++
	st := &cs.st // reset field by field: cheaper than assigning a whole OpState
	st.Name, st.Loc = def.Name, p.locOf(start)
	st.Operands, st.ResultTypes, st.Attrs.list = cs.operands[:0], cs.types[:0], cs.attrs[:0]
	if st.Regions != nil || st.Successors != nil {
		st.Regions, st.Successors = nil, nil
	}
	cs.op.reset(nt)
	if err := def.Parse(&cs.op, &cs.st); err != nil {
		panic(bailout{AsDiagnostics(err, p.locOf(start))[0]})
	}
	p.depth--
	if c.hook != nil {
		c.hook(&cs.st)
	}
	// The arena copies the state, so the buffers can serve the next op.
	// They are reused only through cs.operands, cs.types and cs.attrs: a
	// custom parser may have replaced the state's slices with ones it
	// does not own, such as an interned function type's result list.
	return p.newOp(&cs.st, c)
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
	p.enter()
	p.expect(tLBrace, "to begin region")
	r := &Region{}
	p.pushScope(isolated)
	if args != nil || p.tok.kind != tCaretId {
		// Entry block without a label (possibly empty region).
		if args == nil && p.tok.kind == tRBrace {
			p.advance()
			p.popScope()
			p.leave()
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
	p.leave()
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
