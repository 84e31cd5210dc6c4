package ir

// LookupSymbol returns the op of table's region (table has the
// SymbolTable trait, like builtin.module) whose `sym_name` is name, or
// nil: MLIR's SymbolTable::lookupSymbolIn.
//
// A verifier calls it for every func.call, so a scan of the table per
// lookup made verifying a module of n functions that call each other
// O(n²) (20,000 functions: 3.3 s). Lookups are served from an index of
// the table's symbols instead, built by a scan when first needed (or by
// the SymbolTable trait's verification, which makes one) and kept in the
// table op. The index is checked on use rather than kept up to date: a
// hit is trusted only if the op is still in the table under that name,
// and a miss, or a hit that fails the check, scans the table and rebuilds
// the index. So adding, renaming, moving or erasing symbols needs no
// bookkeeping, and a lookup is exact whenever the table's symbol names
// are unique (which its verification checks). Lookups may run in
// parallel, as verification of a module's functions does.
func (table *Operation) LookupSymbol(name string) *Operation {
	if table.rare == nil {
		return nil
	}
	if idx := table.rare.symbols.Load(); idx != nil {
		if o := (*idx)[name]; o != nil && table.holdsSymbol(o, name) {
			return o
		}
	}
	idx, _ := table.indexSymbols()
	table.rare.symbols.Store(&idx)
	return idx[name]
}

// holdsSymbol reports whether o is an op of table's region named name.
func (table *Operation) holdsSymbol(o *Operation, name string) bool {
	if o.parent == nil || o.parent.parent == nil || o.parent.parent.parent != table {
		return false
	}
	s, ok := o.Attr("sym_name").(*StringAttr)
	return ok && s.Value == name
}

// indexSymbols maps the names of the symbols of table's regions to their
// ops, the first of each name, and returns the first op whose name an
// earlier op already has (nil if the names are unique: the verifier's
// check, which then keeps the index).
func (table *Operation) indexSymbols() (idx map[string]*Operation, dup *Operation) {
	idx = map[string]*Operation{}
	for _, r := range table.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if s, ok := o.Attr("sym_name").(*StringAttr); ok {
					if _, taken := idx[s.Value]; !taken {
						idx[s.Value] = o
					} else if dup == nil {
						dup = o
					}
				}
			}
		}
	}
	return idx, dup
}

// EnclosingSymbolName returns the name of the closest op around op that
// defines a symbol (the func.func it is in), or "" if there is none:
// run-time errors name the function as well as the op.
func EnclosingSymbolName(op *Operation) string {
	for o := op.ParentOp(); o != nil; o = o.ParentOp() {
		if s, ok := o.Attr("sym_name").(*StringAttr); ok {
			return s.Value
		}
	}
	return ""
}
