package passes

import (
	"sync"

	"github.com/bcast-opt/bcast-opt/ir"
)

// CSE is the `cse` pass: common subexpression elimination of pure ops, as
// MLIR's CSE does it. Two ops are the same expression when they have the
// same name, operands (in any order for Commutative ops), attributes,
// result types and, for ops with one single-block region, structurally
// equal regions. An op is replaced by an equal one that dominates it:
// earlier in its block, in a dominating block of the same region, or in an
// enclosing region (values of enclosing regions are visible in nested
// ones), but never across an op that is isolated from above or
// unregistered (which might be). Trivially dead ops met on the way are
// erased, as MLIR's CSE does.
var CSE = &ir.PassInfo{
	Name:    "cse",
	Title:   "CSE",
	Summary: "Eliminate common sub-expressions",
	Run: func(op *ir.Operation, _ ir.PassOptions) error {
		EliminateCommonSubexpressions(op)
		return nil
	},
}

// EliminateCommonSubexpressions runs CSE on the regions of op and reports
// whether it changed anything.
func EliminateCommonSubexpressions(op *ir.Operation) bool {
	d := &cseDriver{}
	known := newScopedTable()
	for _, r := range op.Regions() {
		d.simplifyRegion(known, r)
	}
	known.release()
	// Erase later ops first, so an op is erased after the ops using it.
	changed := len(d.toErase) > 0
	for i := len(d.toErase) - 1; i >= 0; i-- {
		if o := d.toErase[i]; !hasResultUses(o) {
			o.Erase()
		}
	}
	return changed
}

type cseDriver struct {
	toErase []*ir.Operation
}

// scopedTable is a hash table of known expressions with nested scopes: a
// lookup sees the entries of the current scope and of enclosing ones.
// The entries live in one stack, each linked to the previous entry with
// its key, so a scope is popped by truncating the stack.
type scopedTable struct {
	// heads maps a key to 1 + the stack index of its latest entry.
	heads   map[uint64]int32
	entries []cseEntry
	scopes  []cseScope
	// member holds the ops entered in graph-region scopes, the only ones
	// whose membership is asked (simplifyOperation).
	member map[*ir.Operation]bool
}

type cseEntry struct {
	op  *ir.Operation
	key uint64
	// prev is 1 + the stack index of the previous entry with key, or 0.
	prev int32
}

type cseScope struct {
	start int  // stack height at push
	graph bool // the scope is a graph region's block
}

// scopedTables recycles tables, whose map and stacks keep their storage:
// CSE runs on every function of a module, on all CPUs.
var scopedTables = sync.Pool{New: func() any { return &scopedTable{heads: map[uint64]int32{}} }}

func newScopedTable() *scopedTable { return scopedTables.Get().(*scopedTable) }

// release returns t, all its scopes popped, to scopedTables.
func (t *scopedTable) release() {
	clear(t.heads) // empty already; clear also drops deleted-slot marks
	t.entries, t.scopes = t.entries[:0], t.scopes[:0]
	scopedTables.Put(t)
}

func (t *scopedTable) push(graph bool) {
	t.scopes = append(t.scopes, cseScope{start: len(t.entries), graph: graph})
}

func (t *scopedTable) pop() {
	sc := t.scopes[len(t.scopes)-1]
	t.scopes = t.scopes[:len(t.scopes)-1]
	for i := len(t.entries) - 1; i >= sc.start; i-- {
		e := &t.entries[i]
		if e.prev == 0 {
			delete(t.heads, e.key)
		} else {
			t.heads[e.key] = e.prev
		}
		if sc.graph {
			delete(t.member, e.op)
		}
	}
	clear(t.entries[sc.start:]) // drop the op pointers
	t.entries = t.entries[:sc.start]
}

func (t *scopedTable) insert(key uint64, op *ir.Operation) {
	t.entries = append(t.entries, cseEntry{op: op, key: key, prev: t.heads[key]})
	t.heads[key] = int32(len(t.entries))
	if t.scopes[len(t.scopes)-1].graph {
		if t.member == nil {
			t.member = map[*ir.Operation]bool{}
		}
		t.member[op] = true
	}
}

// lookup returns the innermost known op equal to op.
func (t *scopedTable) lookup(key uint64, op *ir.Operation) *ir.Operation {
	for i := t.heads[key]; i != 0; i = t.entries[i-1].prev {
		if o := t.entries[i-1].op; equivalentOps(o, op) {
			return o
		}
	}
	return nil
}

// mightBeIsolated reports whether op's regions may not see enclosing
// values: isolated from above, or unregistered.
func mightBeIsolated(op *ir.Operation) bool {
	return op.Def() == nil || op.HasTrait(ir.IsolatedFromAbove)
}

// hasSSADominance reports whether values in r must dominate their uses.
// Symbol-table bodies (builtin.module) are graph regions in MLIR.
func hasSSADominance(r *ir.Region) bool {
	p := r.ParentOp()
	return p == nil || !p.HasTrait(ir.SymbolTable)
}

func (d *cseDriver) simplifyRegion(known *scopedTable, r *ir.Region) {
	if r.Empty() {
		return
	}
	ssa := hasSSADominance(r)
	if len(r.Blocks()) == 1 {
		known.push(!ssa)
		d.simplifyBlock(known, r.Front(), ssa)
		known.pop()
		return
	}
	if !ssa {
		return
	}
	// Walk the dominator tree: a block sees the expressions of the blocks
	// that dominate it.
	dt := newDomTree(r)
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		known.push(false)
		d.simplifyBlock(known, b, ssa)
		for _, c := range dt.children[b] {
			visit(c)
		}
		known.pop()
	}
	visit(dt.root)
}

func (d *cseDriver) simplifyBlock(known *scopedTable, b *ir.Block, ssa bool) {
	for o := b.First(); o != nil; o = o.Next() {
		// Nested regions first, so equal regions are already simplified when
		// their ops are compared.
		if o.NumRegions() > 0 {
			inner := known
			if mightBeIsolated(o) {
				inner = newScopedTable()
			}
			for _, r := range o.Regions() {
				d.simplifyRegion(inner, r)
			}
			if inner != known {
				inner.release()
			}
		}
		d.simplifyOperation(known, o, ssa)
	}
}

func (d *cseDriver) simplifyOperation(known *scopedTable, op *ir.Operation, ssa bool) {
	if op.HasTrait(ir.Terminator) {
		return
	}
	if ir.IsTriviallyDead(op) {
		d.toErase = append(d.toErase, op)
		return
	}
	for _, r := range op.Regions() {
		if len(r.Blocks()) > 1 {
			return
		}
	}
	if !ir.IsPure(op) {
		return
	}
	key := d.key(op)
	existing := known.lookup(key, op)
	if existing == nil {
		known.insert(key, op)
		return
	}
	for i, r := range op.Results() {
		if ssa {
			r.ReplaceAllUsesWith(existing.Result(i))
			continue
		}
		// In a graph region a use may already have been visited and
		// recorded; its key must not change.
		r.ReplaceUsesIf(existing.Result(i), func(u *ir.OpOperand) bool { return !known.member[u.Owner()] })
	}
	if !hasResultUses(op) {
		d.toErase = append(d.toErase, op)
	}
}

// key hashes what equal ops share: name, operands (in any order for
// commutative ops), attributes, result types and region count. Different
// ops may share a key; lookup confirms with equivalentOps. A key only
// picks a bucket, whose ops stay in insertion order, so the result does
// not depend on the hash.
func (d *cseDriver) key(op *ir.Operation) uint64 {
	var h ir.Hasher
	h.String(op.Name())
	commutative := op.HasTrait(ir.Commutative)
	var sum uint64
	for i := range op.NumOperands() {
		if commutative {
			// An order-independent combination of the operands' hashes.
			var hv ir.Hasher
			hv.Value(op.Operand(i))
			sum += hv.Sum()
			continue
		}
		h.Value(op.Operand(i))
	}
	h.Word(sum)
	for _, na := range op.Attrs.List() {
		h.String(na.Name)
		h.Attr(na.Value)
	}
	for _, r := range op.Results() {
		h.Type(r.Type())
	}
	h.Word(uint64(op.NumRegions()))
	return h.Sum()
}
