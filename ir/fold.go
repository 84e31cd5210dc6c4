package ir

import (
	"hash/maphash"
	"math"
	"unsafe"

	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file holds the folding half of the greedy rewrite driver, as MLIR 19
// does it (GreedyPatternRewriteDriver::processWorklist and OperationFolder):
//
//   - an op's Fold hook is tried before its patterns; constant results are
//     materialized just before the folded op with the dialect's registered
//     materializer (MaterializeConstant);
//   - a Commutative op that does not fold has its constant operands moved
//     to the end (MLIR's IsCommutative trait folder);
//   - at the start of each driver iteration the existing constants are
//     uniqued and hoisted to the start of the entry block of the closest
//     enclosing region that is isolated from above, unregistered or
//     top-level (constantFolder), which gives MLIR's constant order.

// ConstantValue returns the `value` attribute of a constant-like defining
// op, or nil.
func ConstantValue(v *Value) Attribute {
	if v == nil || v.owner == nil || !v.owner.HasTrait(ConstantLike) {
		return nil
	}
	return v.owner.Attr("value")
}

// AttrHash returns a hash of a's value for tables keyed by attribute:
// attributes equal by AttrEqual share it (see Hasher).
func AttrHash(a Attribute) uint64 {
	var h Hasher
	h.Attr(a)
	return h.Sum()
}

// Hasher accumulates a hash of IR entities for hash tables: attributes by
// value (attributes equal by AttrEqual hash alike; their fields are
// walked, nothing is printed), types (uniqued) and values by identity,
// strings and words as given. Different inputs may hash alike, so users
// confirm a match. The hash differs from process to process: use it to
// pick buckets, never to order anything. The zero Hasher is ready to use.
type Hasher uint64

var hashSeed = maphash.MakeSeed()

// Word adds x.
func (h *Hasher) Word(x uint64) {
	v := (uint64(*h) ^ x) * 0x9e3779b97f4a7c15
	*h = Hasher(v ^ v>>29)
}

// String adds s.
func (h *Hasher) String(s string) { h.Word(maphash.String(hashSeed, s)) }

// Type adds t's identity.
func (h *Hasher) Type(t Type) { h.Word(ifaceData(unsafe.Pointer(&t))) }

// Value adds v's identity.
func (h *Hasher) Value(v *Value) { h.Word(ptr(v)) }

// Sum returns the hash.
func (h Hasher) Sum() uint64 { return uint64(h) }

// Attr adds a's value: what AttrEqual compares, each kind with its own tag.
func (h *Hasher) Attr(a Attribute) {
	switch x := a.(type) {
	case *IntegerAttr:
		h.Word('i')
		h.Type(x.Type)
		h.Word(uint64(x.Value))
	case *FloatAttr:
		h.Word('f')
		h.Type(x.Type)
		h.Word(math.Float64bits(x.Value))
	case *BoolAttr:
		h.Word('b')
		if x.Value {
			h.Word(1)
		}
	case *StringAttr:
		h.Word('s')
		h.Type(x.Type)
		h.String(x.Value)
	case *UnitAttr:
		h.Word('u')
	case *ArrayAttr:
		h.Word('a')
		h.Word(uint64(len(x.Elems)))
		for _, e := range x.Elems {
			h.Attr(e)
		}
	case *DenseArrayAttr:
		h.Word('d')
		h.Type(x.Elem)
		h.Word(uint64(len(x.Ints)))
		for _, v := range x.Ints {
			h.Word(uint64(v))
		}
		h.Word(uint64(len(x.Floats)))
		for _, v := range x.Floats {
			h.Word(math.Float64bits(v))
		}
	case *DenseElementsAttr:
		h.Word('e')
		h.Type(x.Type)
		// A splat equals the list of its repeated element: both hash
		// that element.
		sz := x.elemSize()
		switch {
		case sz == 0 || len(x.Raw) < sz || x.NumElements() == 0:
		case x.IsSplatValue():
			h.Word(maphash.Bytes(hashSeed, x.Raw[:sz]))
		default:
			h.Word(maphash.Bytes(hashSeed, x.Raw))
		}
	case *TypeAttr:
		h.Word('t')
		h.Type(x.Type)
	case *SymbolRefAttr:
		h.Word('r')
		h.String(x.Root)
		h.Word(uint64(len(x.Nested)))
		for _, n := range x.Nested {
			h.String(n)
		}
	case *AffineMapAttr:
		h.Word('m')
		h.Word(uint64(x.Map.NumDims))
		h.Word(uint64(x.Map.NumSymbols))
		h.Word(uint64(len(x.Map.Results)))
		for _, e := range x.Map.Results {
			h.expr(e)
		}
	case *DictionaryAttr:
		h.Word('D')
		h.Word(uint64(len(x.Entries)))
		for _, e := range x.Entries {
			h.String(e.Name)
			h.Attr(e.Value)
		}
	case *StridedLayoutAttr:
		h.Word('l')
		h.Word(uint64(x.Offset))
		h.Word(uint64(len(x.Strides)))
		for _, v := range x.Strides {
			h.Word(uint64(v))
		}
	case *OpaqueAttr:
		h.Word('o')
		h.String(x.Text)
	}
}

// expr adds an affine expression's structure, as affine.Equal compares it.
func (h *Hasher) expr(e affine.Expr) {
	switch x := e.(type) {
	case affine.DimExpr:
		h.Word(uint64(affine.KindDim))
		h.Word(uint64(x.Position))
	case affine.SymbolExpr:
		h.Word(uint64(affine.KindSymbol))
		h.Word(uint64(x.Position))
	case affine.ConstantExpr:
		h.Word(uint64(affine.KindConstant))
		h.Word(uint64(x.Value))
	case affine.BinaryExpr:
		h.Word(uint64(x.Kind()))
		h.expr(x.LHS())
		h.expr(x.RHS())
	}
}

// MaterializeConstant builds a constant op of type t holding attribute a at
// b's insertion point, as folding does for constant results. It tries the
// materializer registered for dialect (RegisterConstantMaterializer), then
// the arith one. Each materializer is called with a builder that has no
// insertion point and must return the single detached op it created; the
// op is kept only if it has one result of type t and its definition's
// Verify accepts it, and is then inserted through b (so b's listener sees
// it). MaterializeConstant returns nil if no materializer succeeds.
func MaterializeConstant(b *Builder, dialect string, a Attribute, t Type, loc Location) *Operation {
	for i, name := range []string{dialect, "arith"} {
		if i > 0 && name == dialect {
			break
		}
		fn := LookupConstantMaterializer(name)
		if fn == nil {
			continue
		}
		c := fn(&Builder{Loc: loc}, a, t, loc)
		if c == nil || c.parent != nil || len(c.results) != 1 || c.results[0].typ != t {
			continue
		}
		if c.def != nil && c.def.Verify != nil && c.def.Verify(c) != nil {
			c.DropAllReferences()
			continue
		}
		if !c.Loc.Known() {
			c.Loc = loc
		}
		return b.Insert(c)
	}
	return nil
}

// foldOp folds op as MLIR's greedy driver does and reports whether it
// changed the IR. The op's Fold hook sees the constant values of its
// operands (nil for the others) and returns one FoldResult per result, or
// nil if nothing folds. Attribute results are materialized as constants
// just before op (the next iteration hoists and uniques them) and value
// results replace op's uses; a folder returning op's own results (for
// every result, so an empty slice for an op without results) updated op in
// place. If a result cannot be materialized, the constants already made
// are erased and op is left to the patterns. When op does not fold, or
// folds in place, a Commutative op has its constant operands moved after
// the others (`addi %c1, %x` becomes
// `addi %x, %c1`). Constant-like ops are never folded: that would
// rematerialize them forever.
func foldOp(op *Operation, rw *Rewriter) bool {
	if op.HasTrait(ConstantLike) {
		return false
	}
	var res []FoldResult
	if op.def != nil && op.def.Fold != nil {
		// The operand constants go in the driver's scratch slice: folders
		// only read them during the call.
		consts := rw.driver.foldOperands[:0]
		for _, o := range op.operands {
			consts = append(consts, ConstantValue(o.value))
		}
		res = op.def.Fold(op, consts)
		clear(consts)
		rw.driver.foldOperands = consts
	}
	if res == nil || len(res) != len(op.results) {
		return foldCommutative(op, rw)
	}
	vals := make([]*Value, len(res))
	var created []*Operation
	fail := func() bool {
		for _, c := range created {
			rw.EraseOp(c)
		}
		return false
	}
	own := 0
	for i, fr := range res {
		t := op.results[i].typ
		switch {
		case fr.Value != nil:
			if fr.Value.typ != t {
				return fail()
			}
			vals[i] = fr.Value
			if fr.Value == op.results[i] {
				own++
			}
		case fr.Attr != nil:
			rw.SetInsertionPoint(op)
			c := MaterializeConstant(&rw.Builder, op.Dialect(), fr.Attr, t, op.Loc)
			if c == nil {
				return fail()
			}
			created = append(created, c)
			vals[i] = c.results[0]
		default:
			return fail()
		}
	}
	switch own {
	case len(vals):
		// In-place update: the folder changed op itself. MLIR then still
		// tries the trait folders.
		rw.Modify(op, func() {})
		foldCommutative(op, rw)
	case 0:
		rw.ReplaceOp(op, vals)
	default:
		// Replacing some results by themselves cannot erase the op.
		return fail()
	}
	return true
}

// foldCommutative moves the constant operands of a Commutative op after the
// others, keeping each group's order (a stable partition). It reports
// whether it moved any.
func foldCommutative(op *Operation, rw *Rewriter) bool {
	if !op.HasTrait(Commutative) || len(op.operands) < 2 {
		return false
	}
	// Operands move only if a constant comes before a non-constant.
	moves, seenConst := false, false
	for _, o := range op.operands {
		isConst := ConstantValue(o.value) != nil
		moves = moves || seenConst && !isConst
		seenConst = seenConst || isConst
	}
	if !moves {
		return false
	}
	order := make([]*Value, 0, len(op.operands))
	for _, o := range op.operands {
		if ConstantValue(o.value) == nil {
			order = append(order, o.value)
		}
	}
	for _, o := range op.operands {
		if ConstantValue(o.value) != nil {
			order = append(order, o.value)
		}
	}
	rw.Modify(op, func() { op.SetOperands(order) })
	return true
}

// constantInsertionRegion returns the region whose entry block receives the
// constants used in block b: the closest enclosing region whose parent op
// is isolated from above, unregistered (it might be isolated) or top-level,
// as in MLIR's OperationFolder.
func constantInsertionRegion(b *Block) *Region {
	for {
		r := b.parent
		p := r.parent
		if p == nil || p.def == nil || p.HasTrait(IsolatedFromAbove) || p.parent == nil {
			return r
		}
		b = p.parent
	}
}

// constKey identifies a uniqued constant within an insertion region.
type constKey struct {
	dialect string
	attr    uint64 // AttrHash of the value
	typ     Type
}

// constantFolder uniques and hoists constants for one driver iteration, as
// the OperationFolder MLIR 19's driver creates per iteration does.
type constantFolder struct {
	// owned holds the constants the folder has kept (hoisted or found in
	// place at the start of their insertion region).
	owned map[*Operation]bool
	// scopes maps insertion region and key to the kept constants (several
	// only when different attributes share an AttrHash).
	scopes map[*Region]map[constKey][]*Operation
	// changed records that a constant was moved or erased.
	changed bool
}

func newConstantFolder() *constantFolder {
	return &constantFolder{owned: map[*Operation]bool{}, scopes: map[*Region]map[constKey][]*Operation{}}
}

// isConstant reports whether op is a constant the folder manages.
func isConstant(op *Operation) bool {
	return op.HasTrait(ConstantLike) && len(op.results) == 1 && op.Attr("value") != nil
}

// insert records constant c (OperationFolder::insertKnownConstant): if its
// insertion region already has an equal constant (same dialect, value and
// type), c's uses are redirected to that one and c is erased; otherwise c
// is moved to the start of the region's entry block, unless it already is
// in the run of kept constants there. It reports whether c was kept.
func (f *constantFolder) insert(c *Operation) bool {
	if f.owned[c] {
		return true
	}
	region := constantInsertionRegion(c.parent)
	v := c.Attr("value")
	key := constKey{c.Dialect(), AttrHash(v), c.results[0].typ}
	scope := f.scopes[region]
	if scope == nil {
		scope = map[constKey][]*Operation{}
		f.scopes[region] = scope
	}
	for _, e := range scope[key] {
		if AttrEqual(e.Attr("value"), v) {
			c.results[0].ReplaceAllUsesWith(e.results[0])
			c.Erase()
			f.changed = true
			return false
		}
	}
	entry := region.blocks[0]
	if c.parent != entry || (entry.first != c && !f.owned[c.prev]) {
		c.MoveBefore(entry.first)
		f.changed = true
	}
	f.owned[c] = true
	scope[key] = append(scope[key], c)
	return true
}
