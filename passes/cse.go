package passes

import (
	"sort"
	"strconv"
	"strings"

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
	d := &cseDriver{ids: map[*ir.Value]int{}}
	known := newScopedTable()
	for _, r := range op.Regions() {
		d.simplifyRegion(known, r)
	}
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
	ids     map[*ir.Value]int
	toErase []*ir.Operation
}

// scopedTable is a hash table of known expressions with nested scopes: a
// lookup sees the entries of the current scope and of enclosing ones.
type scopedTable struct {
	entries map[string][]*ir.Operation
	undo    [][]string
	member  map[*ir.Operation]bool
}

func newScopedTable() *scopedTable {
	return &scopedTable{entries: map[string][]*ir.Operation{}, member: map[*ir.Operation]bool{}}
}

func (t *scopedTable) push() { t.undo = append(t.undo, nil) }

func (t *scopedTable) pop() {
	keys := t.undo[len(t.undo)-1]
	t.undo = t.undo[:len(t.undo)-1]
	for i := len(keys) - 1; i >= 0; i-- {
		k := keys[i]
		l := t.entries[k]
		delete(t.member, l[len(l)-1])
		t.entries[k] = l[:len(l)-1]
	}
}

func (t *scopedTable) insert(key string, op *ir.Operation) {
	t.entries[key] = append(t.entries[key], op)
	t.undo[len(t.undo)-1] = append(t.undo[len(t.undo)-1], key)
	t.member[op] = true
}

// lookup returns the innermost known op equal to op.
func (t *scopedTable) lookup(key string, op *ir.Operation) *ir.Operation {
	l := t.entries[key]
	for i := len(l) - 1; i >= 0; i-- {
		if equivalentOps(l[i], op) {
			return l[i]
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
		known.push()
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
		known.push()
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

// id numbers values so keys can name operands.
func (d *cseDriver) id(v *ir.Value) int {
	n, ok := d.ids[v]
	if !ok {
		n = len(d.ids)
		d.ids[v] = n
	}
	return n
}

// key hashes what equal ops share: name, operands (sorted for commutative
// ops), attributes, result types and region shape.
func (d *cseDriver) key(op *ir.Operation) string {
	var sb strings.Builder
	sb.WriteString(op.Name())
	ids := make([]int, op.NumOperands())
	for i, v := range op.Operands() {
		ids[i] = d.id(v)
	}
	if op.HasTrait(ir.Commutative) {
		sort.Ints(ids)
	}
	sb.WriteByte('(')
	for _, n := range ids {
		sb.WriteString(strconv.Itoa(n))
		sb.WriteByte(',')
	}
	sb.WriteString(")")
	for _, na := range op.Attrs.List() {
		sb.WriteString(na.Name)
		sb.WriteByte('=')
		sb.WriteString(ir.AttrKey(na.Value))
		sb.WriteByte(';')
	}
	sb.WriteString("->")
	for _, t := range op.ResultTypes() {
		sb.WriteString(t.String())
		sb.WriteByte(',')
	}
	sb.WriteString(strconv.Itoa(op.NumRegions()))
	return sb.String()
}
