package ir

import (
	"fmt"
	"slices"
	"sync/atomic"
)

// Value is an SSA value: an operation result or a block argument. A value
// keeps the list of its uses.
type Value struct {
	typ      Type
	owner    *Operation // defining op for results
	block    *Block     // owning block for block arguments
	firstUse *OpOperand
	// pname is the printer's scratch name, valid while pepoch matches the
	// printing in progress (a map keyed by value costs more than all the
	// rest of printing on large modules).
	pname  valName
	pepoch uint32
	index  int32 // next to pepoch: 56 bytes rather than 64 a value
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type (used by passes that refine types).
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the op producing the value, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.owner }

// OwnerBlock returns the block declaring a block argument, or nil.
func (v *Value) OwnerBlock() *Block { return v.block }

// Index is the result number or the argument number.
func (v *Value) Index() int { return int(v.index) }

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.block != nil }

// ParentBlock returns the block in which v is defined.
func (v *Value) ParentBlock() *Block {
	if v.block != nil {
		return v.block
	}
	return v.owner.parent
}

// Location returns where v was defined.
func (v *Value) Location() Location {
	if v.owner != nil {
		return v.owner.Loc
	}
	if v.block != nil && int(v.index) < len(v.block.argLocs) {
		return v.block.argLocs[v.index]
	}
	return Location{}
}

// Uses returns the operands that use v, most recent first.
func (v *Value) Uses() []*OpOperand {
	var us []*OpOperand
	for u := v.firstUse; u != nil; u = u.next {
		us = append(us, u)
	}
	return us
}

// Users returns the distinct ops using v, in use-list order.
func (v *Value) Users() []*Operation {
	var ops []*Operation
	for u := v.firstUse; u != nil; u = u.next {
		dup := false
		for _, o := range ops {
			dup = dup || o == u.owner
		}
		if !dup {
			ops = append(ops, u.owner)
		}
	}
	return ops
}

// HasUses reports whether v is used.
func (v *Value) HasUses() bool { return v.firstUse != nil }

// HasOneUse reports whether v has exactly one use.
func (v *Value) HasOneUse() bool { return v.firstUse != nil && v.firstUse.next == nil }

// ReplaceAllUsesWith makes every use of v use w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for v.firstUse != nil {
		v.firstUse.Set(w)
	}
}

// ReplaceUsesIf replaces the uses of v for which keep returns true.
func (v *Value) ReplaceUsesIf(w *Value, pred func(*OpOperand) bool) {
	for _, u := range v.Uses() {
		if pred(u) {
			u.Set(w)
		}
	}
}

// OpOperand is one use of a value by an operation.
type OpOperand struct {
	value      *Value
	owner      *Operation
	index      int
	prev, next *OpOperand
}

// Get returns the used value.
func (o *OpOperand) Get() *Value { return o.value }

// Owner returns the using op.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number in the owner.
func (o *OpOperand) Index() int { return o.index }

// Set makes the operand use w.
func (o *OpOperand) Set(w *Value) {
	o.unlink()
	o.value = w
	o.link()
}

func (o *OpOperand) link() {
	if o.value == nil {
		return
	}
	o.next = o.value.firstUse
	if o.next != nil {
		o.next.prev = o
	}
	o.prev = nil
	o.value.firstUse = o
}

func (o *OpOperand) unlink() {
	if o.value == nil {
		return
	}
	if o.prev != nil {
		o.prev.next = o.next
	} else {
		o.value.firstUse = o.next
	}
	if o.next != nil {
		o.next.prev = o.prev
	}
	o.prev, o.next = nil, nil
}

// Operation is an MLIR operation: a name, operands, results, attributes,
// regions and successors. Ops live in a block's doubly linked list.
type Operation struct {
	// name is the op's name as the input spelled it ("stablehlo.add",
	// "chlo.broadcast_add"), which diagnostics use (Spelling); Name is
	// def's, the canonical one, when the op is registered.
	name     string
	def      *OpDef
	operands []*OpOperand
	results  []*Value
	Attrs    Attrs
	// rare holds the regions and successors, which most ops do not have
	// (out of line, the common op is 40 bytes smaller: less memory to
	// fault in and for the garbage collector to scan).
	rare *opRare
	// Loc is the op's source location.
	Loc        Location
	parent     *Block
	prev, next *Operation
	order      int32 // position in the block, valid while parent.orderValid
	// worklist is the epoch of the greedy driver iteration whose worklist
	// holds the op (0: none); a stamp in the op is cheaper than a set.
	worklist uint32
}

// opRare is the part of an operation most ops do not have.
type opRare struct {
	regions    []*Region
	successors []*Block
	// symbols indexes the symbols of a SymbolTable op (see LookupSymbol).
	symbols atomic.Pointer[map[string]*Operation]
}

// OpState describes an operation to create.
type OpState struct {
	Name        string
	Operands    []*Value
	ResultTypes []Type
	Attrs       Attrs
	Regions     []*Region
	Successors  []*Block
	Loc         Location
}

// AddAttr sets an attribute on the state.
func (s *OpState) AddAttr(name string, v Attribute) { s.Attrs.Set(name, v) }

// NewOp creates a detached operation from a state. The registry supplies
// the op definition if the name is registered. The op copies st's operand
// and result type lists, so a builder may reuse them for its next op; it
// takes over st's attribute list, regions and successor blocks.
func NewOp(st *OpState) *Operation {
	return newOp(st, LookupOp(st.Name))
}

// smallOp co-allocates an op with up to two operands and one result,
// the common case, so that building IR costs one allocation per op.
type smallOp struct {
	op       Operation
	operands [2]OpOperand
	opPtrs   [2]*OpOperand
	result   [1]Value
	resPtr   [1]*Value
}

// mediumOp co-allocates an op with up to four operands and one result,
// and its regions' list: a linalg.generic with up to three inputs.
type mediumOp struct {
	op       Operation
	rare     opRare
	operands [4]OpOperand
	opPtrs   [4]*OpOperand
	result   [1]Value
	resPtr   [1]*Value
}

func newOp(st *OpState, def *OpDef) *Operation {
	var op *Operation
	nOps, nRes := len(st.Operands), len(st.ResultTypes)
	switch {
	case nOps <= 4 && nRes <= 1 && (nOps > 2 || len(st.Regions) > 0):
		m := &mediumOp{}
		op = &m.op
		op.setInline(st, m.operands[:nOps:nOps], m.opPtrs[:nOps:nOps], m.result[:nRes:nRes], m.resPtr[:nRes:nRes])
		if len(st.Regions) > 0 || len(st.Successors) > 0 {
			op.rare = &m.rare
		}
	case nOps <= 2 && nRes <= 1:
		s := &smallOp{}
		op = &s.op
		op.setInline(st, s.operands[:nOps:nOps], s.opPtrs[:nOps:nOps], s.result[:nRes:nRes], s.resPtr[:nRes:nRes])
	default:
		op = &Operation{}
		op.setInline(st, make([]OpOperand, nOps), make([]*OpOperand, nOps), make([]Value, nRes), make([]*Value, nRes))
	}
	op.name, op.def, op.Attrs, op.Loc = st.Name, def, st.Attrs, st.Loc
	op.addState(st)
	return op
}

// setInline gives a new op st's operands and results in the storage
// given: uses and usePtrs of len(st.Operands), vals and valPtrs of
// len(st.ResultTypes).
func (op *Operation) setInline(st *OpState, uses []OpOperand, usePtrs []*OpOperand, vals []Value, valPtrs []*Value) {
	if len(uses) > 0 {
		for i, v := range st.Operands {
			o := &uses[i]
			o.value, o.owner, o.index = v, op, i
			o.link()
			usePtrs[i] = o
		}
		op.operands = usePtrs
	}
	if len(vals) > 0 {
		for i, t := range st.ResultTypes {
			v := &vals[i]
			v.typ, v.owner, v.index = t, op, int32(i)
			valPtrs[i] = v
		}
		op.results = valPtrs
	}
}

// addState attaches st's regions and successors to a new op.
func (op *Operation) addState(st *OpState) {
	for _, r := range st.Regions {
		op.AddRegion(r)
	}
	if len(st.Successors) > 0 {
		if op.rare == nil {
			op.rare = &opRare{}
		}
		op.rare.successors = append([]*Block(nil), st.Successors...)
	}
}

// opArena allocates the objects of the ops built by one parse in chunks
// (of up to a thousand or so), instead of one by one: a 20 MB module has
// millions of them, and per-object allocation and garbage collection
// bookkeeping dominate parsing otherwise. Ops keep their chunk alive,
// which is fine for IR that is parsed once and then mostly kept whole.
//
// Every slice handed out has its capacity clipped to its length, so an
// append to an op's operand, result or attribute list reallocates instead
// of writing into the neighbouring op's storage.
type opArena struct {
	small    pool[smallOp] // ops with up to two operands and one result
	ops      pool[Operation]
	operands pool[OpOperand]
	opPtrs   pool[*OpOperand]
	values   pool[Value]
	valPtrs  pool[*Value]
	attrs    pool[NamedAttr]
}

// Chunk lengths grow geometrically, from a few elements (parsing a
// snippet allocates little) to these maxima, about 128-256 KB: large
// chunks are cheap to allocate and for the garbage collector to mark, and
// objects this size are not rounded up to a size class.
const (
	maxChunkSmallOps = 512
	maxChunkOps      = 1024
	maxChunkValues   = 2048
	maxChunkSmall    = 4096 // operands, attributes
	maxChunkPtrs     = 16384
)

// pool is one kind of object of an arena: the current chunk and how much
// of it is handed out. (Counting with an integer rather than reslicing
// the chunk avoids a pointer write, with its GC write barrier, per take.)
type pool[T any] struct {
	chunk []T
	used  int
}

// take returns n fresh elements, starting a new chunk (twice as long as
// the last one, up to maxLen) when the current one runs out.
func (p *pool[T]) take(n, maxLen int) []T {
	if p.used+n > len(p.chunk) {
		p.refill(n, maxLen)
	}
	s := p.chunk[p.used : p.used+n : p.used+n]
	p.used += n
	return s
}

func (p *pool[T]) refill(n, maxLen int) {
	p.chunk, p.used = make([]T, max(min(2*len(p.chunk), maxLen), n, 8)), 0
}

// newOp builds an op from st like the package-level newOp, taking its
// memory from the arena. It copies everything it keeps out of st, so the
// caller may reuse st's slices for the next op.
func (a *opArena) newOp(st *OpState, def *OpDef) *Operation {
	// The common small op comes in one piece (one take, and its parts
	// next to each other in memory); others are assembled from pools.
	var op *Operation
	var uses []OpOperand
	var usePtrs []*OpOperand
	var vals []Value
	var valPtrs []*Value
	nOps, nRes := len(st.Operands), len(st.ResultTypes)
	if nOps <= 2 && nRes <= 1 {
		s := &a.small.take(1, maxChunkSmallOps)[0]
		op = &s.op
		uses, usePtrs = s.operands[:nOps:nOps], s.opPtrs[:nOps:nOps]
		vals, valPtrs = s.result[:nRes:nRes], s.resPtr[:nRes:nRes]
	} else {
		op = &a.ops.take(1, maxChunkOps)[0]
		uses, usePtrs = a.operands.take(nOps, maxChunkSmall), a.opPtrs.take(nOps, maxChunkPtrs)
		vals, valPtrs = a.values.take(nRes, maxChunkValues), a.valPtrs.take(nRes, maxChunkPtrs)
	}
	op.setInline(st, uses, usePtrs, vals, valPtrs)
	if n := len(st.Attrs.list); n > 0 {
		l := a.attrs.take(n, maxChunkSmall)
		for i, e := range st.Attrs.list {
			l[i] = e
		}
		op.Attrs.list = l
	}
	op.name, op.def, op.Loc = st.Name, def, st.Loc
	op.addState(st)
	return op
}

// Name returns the op's full name, e.g. "hlo.add".
func (op *Operation) Name() string {
	if op.def != nil {
		return op.def.Name
	}
	return op.name
}

// Spelling returns the op's name as the input spelled it: "stablehlo.add"
// or "chlo.broadcast_add" for an op parsed under such an alias of hlo.add
// (RegisterAlias, RegisterDialectAlias), and Name otherwise. Diagnostics
// name the op by its spelling (Emit), as the user wrote it; a copy of the
// op (CloneOp) keeps it, an op built by a pass has its canonical name.
func (op *Operation) Spelling() string { return op.name }

// Def returns the registered definition, or nil for an unregistered op.
func (op *Operation) Def() *OpDef { return op.def }

// Dialect returns the namespace before the first dot.
func (op *Operation) Dialect() string {
	name := op.Name()
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i]
		}
	}
	return ""
}

// HasTrait reports whether the op's definition has trait t.
func (op *Operation) HasTrait(t Trait) bool { return op.def != nil && op.def.Traits&t != 0 }

// NumOperands returns the operand count.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) *Value { return op.operands[i].value }

// OpOperand returns the use record of operand i.
func (op *Operation) OpOperand(i int) *OpOperand { return op.operands[i] }

// Operands returns a fresh slice of the operand values.
func (op *Operation) Operands() []*Value {
	vs := make([]*Value, len(op.operands))
	for i, o := range op.operands {
		vs[i] = o.value
	}
	return vs
}

// SetOperand makes operand i use v.
func (op *Operation) SetOperand(i int, v *Value) { op.operands[i].Set(v) }

// SetOperands replaces all operands.
func (op *Operation) SetOperands(vs []*Value) {
	for _, o := range op.operands {
		o.unlink()
	}
	op.operands = make([]*OpOperand, len(vs))
	backing := make([]OpOperand, len(vs))
	for i, v := range vs {
		o := &backing[i]
		*o = OpOperand{value: v, owner: op, index: i}
		o.link()
		op.operands[i] = o
	}
}

// NumResults returns the result count.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.results[i] }

// Results returns the result values (the slice must not be modified).
func (op *Operation) Results() []*Value { return op.results }

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i, r := range op.results {
		ts[i] = r.typ
	}
	return ts
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i, o := range op.operands {
		ts[i] = o.value.typ
	}
	return ts
}

// NumRegions returns the region count.
func (op *Operation) NumRegions() int { return len(op.Regions()) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.Regions()[i] }

// Regions returns the regions.
func (op *Operation) Regions() []*Region {
	if op.rare == nil {
		return nil
	}
	return op.rare.regions
}

// AddRegion attaches r (or a new empty region if r is nil) and returns it.
func (op *Operation) AddRegion(r *Region) *Region {
	if r == nil {
		r = &Region{}
	}
	r.parent = op
	if op.rare == nil {
		op.rare = &opRare{}
	}
	op.rare.regions = append(op.rare.regions, r)
	return r
}

// Successors returns the successor blocks.
func (op *Operation) Successors() []*Block {
	if op.rare == nil {
		return nil
	}
	return op.rare.successors
}

// Block returns the containing block, or nil for a detached op.
func (op *Operation) Block() *Block { return op.parent }

// ParentOp returns the op owning the region containing op.
func (op *Operation) ParentOp() *Operation {
	if op.parent == nil || op.parent.parent == nil {
		return nil
	}
	return op.parent.parent.parent
}

// Next returns the following op in the block.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding op in the block.
func (op *Operation) Prev() *Operation { return op.prev }

// Attr returns the attribute named name, or nil.
func (op *Operation) Attr(name string) Attribute { return op.Attrs.Get(name) }

// SetAttr sets an attribute.
func (op *Operation) SetAttr(name string, v Attribute) { op.Attrs.Set(name, v) }

// Remove unlinks op from its block without dropping its uses.
func (op *Operation) Remove() {
	b := op.parent
	if b == nil {
		return
	}
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.parent = nil, nil, nil
	b.n--
	b.orderValid = false
}

// DropAllReferences unlinks op's operands (and those of nested ops) from
// their values' use lists.
func (op *Operation) DropAllReferences() {
	for _, o := range op.operands {
		o.unlink()
		o.value = nil
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// Erase removes op from its block and drops its operand uses. Its results
// must be unused.
func (op *Operation) Erase() {
	for _, r := range op.results {
		if r.firstUse != nil {
			panic(fmt.Sprintf("ir: erasing %s whose result #%d still has uses", op.Name(), r.index))
		}
	}
	op.DropAllReferences()
	op.Remove()
}

// MoveBefore moves op to just before other (possibly in another block).
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.parent.insertBefore(other, op)
}

// IsBeforeInBlock reports whether op precedes other in the same block. The
// block numbers its ops lazily, so a sequence of queries costs O(1) each
// until the block changes.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.parent
	if !b.orderValid {
		b.numberOps()
	}
	return op.order < other.order
}

// numberOps numbers the ops of b in order (Operation.order).
func (b *Block) numberOps() {
	var i int32
	for o := b.first; o != nil; o = o.next {
		o.order = i
		i++
	}
	b.orderValid = true
}

// IsAncestor reports whether op is other or contains it.
func (op *Operation) IsAncestor(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// Walk calls fn on op and every nested op in pre-order. If fn returns false
// the walk does not descend into that op's regions.
func (op *Operation) Walk(fn func(*Operation) bool) {
	if !fn(op) {
		return
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				o.Walk(fn)
				o = next
			}
		}
	}
}

// WalkPost calls fn on every nested op and then op itself (post-order); fn
// may erase the op it is given.
func (op *Operation) WalkPost(fn func(*Operation)) {
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				o.WalkPost(fn)
				o = next
			}
		}
	}
	fn(op)
}

// Emit returns an error diagnostic at the op, prefixed `'name' op `, as
// MLIR does, with the name as the input spelled it (Spelling): an error
// about a `stablehlo.add` says `'stablehlo.add' op`, so expected-error
// lines ported from StableHLO's tests match.
func (op *Operation) Emit(format string, args ...any) *Diagnostic {
	return Errorf(op.Loc, "'%s' op %s", op.name, fmt.Sprintf(format, args...))
}

// Region is a list of blocks owned by an op.
type Region struct {
	blocks []*Block
	parent *Operation
}

// Blocks returns the blocks (the slice must not be modified).
func (r *Region) Blocks() []*Block { return r.blocks }

// Empty reports whether the region has no block.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// ParentOp returns the owning op.
func (r *Region) ParentOp() *Operation { return r.parent }

// AddBlock appends b (or a new block if nil) and returns it.
func (r *Region) AddBlock(b *Block) *Block {
	if b == nil {
		b = &Block{}
	}
	b.parent = r
	r.blocks = append(r.blocks, b)
	return b
}

// RemoveBlock detaches b from the region.
func (r *Region) RemoveBlock(b *Block) {
	for i, x := range r.blocks {
		if x == b {
			r.blocks = append(r.blocks[:i], r.blocks[i+1:]...)
			b.parent = nil
			return
		}
	}
}

// TakeBody moves all blocks of other into r (which must be empty).
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.blocks {
		b.parent = r
	}
	r.blocks = append(r.blocks, other.blocks...)
	other.blocks = nil
}

// Block is a list of operations with arguments.
type Block struct {
	args        []*Value
	argLocs     []Location
	first, last *Operation
	n           int
	parent      *Region
	orderValid  bool
	// pindex is the printer's scratch number of the block in its region
	// (`^bb<pindex>`), valid while pepoch matches the printing in
	// progress, as for values.
	pindex int32
	pepoch uint32
}

// NewBlock returns a detached block with arguments of the given types.
func NewBlock(types ...Type) *Block {
	b := &Block{}
	b.AddArgs(types, Location{})
	return b
}

// AddArgs appends arguments of the given types, all at loc, and returns
// them (a slice of the block's own list: it must not be modified). It
// allocates once for all of them rather than once per argument.
func (b *Block) AddArgs(types []Type, loc Location) []*Value {
	if len(types) == 0 {
		return nil
	}
	n := len(b.args)
	b.args = slices.Grow(b.args, len(types))
	b.argLocs = slices.Grow(b.argLocs, len(types))
	vals := make([]Value, len(types))
	for i, t := range types {
		v := &vals[i]
		v.typ, v.block, v.index = t, b, int32(n+i)
		b.args = append(b.args, v)
		b.argLocs = append(b.argLocs, loc)
	}
	return b.args[n:]
}

// Args returns the block arguments.
func (b *Block) Args() []*Value { return b.args }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// AddArg appends an argument.
func (b *Block) AddArg(t Type, loc Location) *Value {
	v := &Value{typ: t, block: b, index: int32(len(b.args))}
	b.args = append(b.args, v)
	b.argLocs = append(b.argLocs, loc)
	return v
}

// EraseArg removes argument i, which must be unused.
func (b *Block) EraseArg(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	b.argLocs = append(b.argLocs[:i], b.argLocs[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = int32(j)
	}
}

// First returns the first op, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last op, or nil.
func (b *Block) Last() *Operation { return b.last }

// Len returns the number of ops.
func (b *Block) Len() int { return b.n }

// Ops returns the ops as a fresh slice.
func (b *Block) Ops() []*Operation {
	ops := make([]*Operation, 0, b.n)
	for o := b.first; o != nil; o = o.next {
		ops = append(ops, o)
	}
	return ops
}

// Parent returns the containing region.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the op owning the containing region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.insertBefore(nil, op) }

// InsertBefore inserts op before pos (at the end if pos is nil).
func (b *Block) InsertBefore(pos, op *Operation) { b.insertBefore(pos, op) }

func (b *Block) insertBefore(pos, op *Operation) {
	if op.parent != nil {
		panic("ir: inserting an op that is already in a block")
	}
	op.parent = b
	b.n++
	if pos == nil {
		if b.orderValid && b.last != nil {
			op.order = b.last.order + 1 // appending keeps the numbering valid
		} else {
			b.orderValid = false
		}
		op.prev = b.last
		op.next = nil
		if b.last != nil {
			b.last.next = op
		} else {
			b.first = op
		}
		b.last = op
		return
	}
	b.orderValid = false
	op.next = pos
	op.prev = pos.prev
	if pos.prev != nil {
		pos.prev.next = op
	} else {
		b.first = op
	}
	pos.prev = op
}

// Terminator returns the last op if it is a terminator.
func (b *Block) Terminator() *Operation {
	if b.last != nil && b.last.HasTrait(Terminator) {
		return b.last
	}
	return nil
}
