package ir

// Builder creates operations at an insertion point. It is the API front
// ends and passes use to build IR.
type Builder struct {
	block  *Block
	before *Operation // insert before this op; nil means at the block's end
	// Loc is given to ops created without a location.
	Loc Location
	// listener is told about created ops (the rewrite driver uses it).
	listener func(*Operation)
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder() *Builder { return &Builder{} }

// AtEnd returns a builder inserting at the end of b.
func AtEnd(b *Block) *Builder { return &Builder{block: b} }

// Before returns a builder inserting before op.
func Before(op *Operation) *Builder { return &Builder{block: op.parent, before: op, Loc: op.Loc} }

// SetInsertionPointToEnd inserts at the end of b from now on.
func (b *Builder) SetInsertionPointToEnd(blk *Block) { b.block, b.before = blk, nil }

// SetInsertionPointToStart inserts at the start of blk from now on.
func (b *Builder) SetInsertionPointToStart(blk *Block) { b.block, b.before = blk, blk.first }

// SetInsertionPoint inserts before op from now on.
func (b *Builder) SetInsertionPoint(op *Operation) { b.block, b.before = op.parent, op }

// SetInsertionPointAfter inserts after op from now on.
func (b *Builder) SetInsertionPointAfter(op *Operation) { b.block, b.before = op.parent, op.next }

// InsertionBlock returns the current block.
func (b *Builder) InsertionBlock() *Block { return b.block }

// Insert places a detached op at the insertion point.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block != nil {
		b.block.insertBefore(b.before, op)
	}
	if b.listener != nil {
		b.listener(op)
	}
	return op
}

// Create builds an op from st and inserts it.
func (b *Builder) Create(st *OpState) *Operation {
	if !st.Loc.Known() {
		st.Loc = b.Loc
	}
	return b.Insert(NewOp(st))
}

// CreateOp is shorthand for Create with operands, result types and attributes.
func (b *Builder) CreateOp(name string, operands []*Value, results []Type, attrs ...NamedAttr) *Operation {
	st := &OpState{Name: name, Operands: operands, ResultTypes: results}
	for _, a := range attrs {
		st.Attrs.Set(a.Name, a.Value)
	}
	return b.Create(st)
}

// Clone deep-copies op (with its regions), remapping operands through m,
// and inserts the copy. m gains the mapping of results and block arguments.
func (b *Builder) Clone(op *Operation, m map[*Value]*Value) *Operation {
	return b.Insert(CloneOp(op, m))
}

// CloneOp deep-copies op without inserting it.
func CloneOp(op *Operation, m map[*Value]*Value) *Operation {
	if m == nil {
		m = map[*Value]*Value{}
	}
	ops := make([]*Value, len(op.operands))
	for i, o := range op.operands {
		if nv, ok := m[o.value]; ok {
			ops[i] = nv
		} else {
			ops[i] = o.value
		}
	}
	st := &OpState{Name: op.name, Operands: ops, ResultTypes: op.ResultTypes(), Attrs: op.Attrs.Clone(),
		Loc: op.Loc, Successors: op.Successors()}
	c := NewOp(st)
	c.def = op.def
	for i, r := range op.results {
		m[r] = c.results[i]
	}
	for _, r := range op.Regions() {
		nr := c.AddRegion(nil)
		CloneRegionInto(r, nr, m)
	}
	return c
}

// CloneRegionInto copies the blocks of src to the end of dst.
func CloneRegionInto(src, dst *Region, m map[*Value]*Value) {
	bm := map[*Block]*Block{}
	for _, b := range src.blocks {
		nb := dst.AddBlock(nil)
		bm[b] = nb
		for _, a := range b.args {
			m[a] = nb.AddArg(a.typ, a.Location())
		}
	}
	for _, b := range src.blocks {
		nb := bm[b]
		for o := b.first; o != nil; o = o.next {
			c := CloneOp(o, m)
			for i, s := range c.Successors() {
				if ns, ok := bm[s]; ok {
					c.Successors()[i] = ns
				}
			}
			nb.Append(c)
		}
	}
}
