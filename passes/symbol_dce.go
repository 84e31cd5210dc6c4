package passes

import "github.com/bcast-opt/bcast-opt/ir"

// SymbolDCE is the `symbol-dce` pass: it deletes the symbols of a symbol
// table (and of the symbol tables nested in it) that are discardable and
// not reachable through symbol references from the live ones. Public
// symbols and every op that is not a symbol are live roots; a private (or
// nested-visibility) symbol lives only if a live op references it, so a
// private function called only by dead or recursive private functions is
// removed too.
var SymbolDCE = &ir.PassInfo{
	Name:    "symbol-dce",
	Title:   "SymbolDCE",
	Summary: "Eliminate dead symbols",
	Run:     runSymbolDCE,
}

func runSymbolDCE(op *ir.Operation, _ ir.PassOptions) error {
	if !op.HasTrait(ir.SymbolTable) {
		return op.Emit("was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	// The top-level table is hidden (all uses are visible) unless it is a
	// public symbol nested in something else.
	hidden := op.Block() == nil || !symbolCapable(op) || visibility(op) == "private"
	d := &symbolDCE{live: map[*ir.Operation]bool{}, tables: symbolTables{}}
	d.computeLiveness(op, hidden)

	op.WalkPost(func(t *ir.Operation) {
		if !t.HasTrait(ir.SymbolTable) {
			return
		}
		for _, r := range t.Regions() {
			for _, b := range r.Blocks() {
				for o := b.First(); o != nil; {
					next := o.Next()
					if isSymbol(o) && !d.live[o] && !hasResultUses(o) {
						o.Erase()
					}
					o = next
				}
			}
		}
	})
	return nil
}

type symbolDCE struct {
	live   map[*ir.Operation]bool
	tables symbolTables
}

// computeLiveness marks the live symbols of table and, through the
// references of live ops, of the tables they reach.
func (d *symbolDCE) computeLiveness(table *ir.Operation, hidden bool) {
	var worklist []*ir.Operation
	for _, r := range table.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				if !isSymbol(o) {
					worklist = append(worklist, o)
					continue
				}
				if !isDiscardable(o, hidden) && !d.live[o] {
					d.live[o] = true
					worklist = append(worklist, o)
				}
			}
		}
	}
	for len(worklist) > 0 {
		o := worklist[len(worklist)-1]
		worklist = worklist[:len(worklist)-1]
		if o.HasTrait(ir.SymbolTable) {
			d.computeLiveness(o, hidden || !symbolCapable(o) || visibility(o) == "private")
		}
		scope := o.ParentOp()
		walkSymbolUses(o, func(_ *ir.Operation, ref *ir.SymbolRefAttr) {
			// References to unknown symbols are ignored.
			for _, s := range d.tables.resolve(scope, ref) {
				if !d.live[s] {
					d.live[s] = true
					worklist = append(worklist, s)
				}
			}
		})
	}
}

// hasResultUses reports whether any result of op is used.
func hasResultUses(op *ir.Operation) bool {
	for _, r := range op.Results() {
		if r.HasUses() {
			return true
		}
	}
	return false
}
