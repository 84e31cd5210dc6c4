package passes

import "github.com/bcast-opt/bcast-opt/ir"

// This file holds the symbol-table helpers shared by symbol-dce and the
// inliner: visibility, lookup relative to a symbol table, and the walk over
// the symbol references held by an op, with MLIR's scoping rules.

// symbolName returns the `sym_name` of op, or "" if op defines no symbol.
func symbolName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// isSymbol reports whether op is a symbol definition: a registered op with
// the Symbol trait or an inherent `sym_name` (builtin.module), carrying a
// name. Unregistered ops are never symbols, as in MLIR (they do not
// implement SymbolOpInterface).
func isSymbol(op *ir.Operation) bool {
	return symbolCapable(op) && symbolName(op) != ""
}

// symbolCapable reports whether op's kind may define a symbol (MLIR's
// SymbolOpInterface), named or not.
func symbolCapable(op *ir.Operation) bool {
	d := op.Def()
	return d != nil && (op.HasTrait(ir.Symbol) || d.IsInherent("sym_name"))
}

// visibility returns a symbol's visibility: "public" (the default),
// "private" or "nested".
func visibility(op *ir.Operation) string {
	if s, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok {
		return s.Value
	}
	return "public"
}

// isDiscardable reports whether a symbol may be deleted once it has no
// uses. usesVisible says whether every use of the symbols of its table is
// known (the table is the top-level op or a private symbol table).
func isDiscardable(op *ir.Operation, usesVisible bool) bool {
	v := visibility(op)
	return v != "public" && (usesVisible || v == "private")
}

// nearestSymbolTable returns the closest ancestor of op with the
// SymbolTable trait, or nil.
func nearestSymbolTable(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTable) {
			return p
		}
	}
	return nil
}

// symbolTables caches the name -> symbol maps of symbol-table ops.
type symbolTables map[*ir.Operation]map[string]*ir.Operation

// lookup returns the symbol named name directly in table, or nil.
func (st symbolTables) lookup(table *ir.Operation, name string) *ir.Operation {
	m, ok := st[table]
	if !ok {
		m = map[string]*ir.Operation{}
		for _, r := range table.Regions() {
			for _, b := range r.Blocks() {
				for o := b.First(); o != nil; o = o.Next() {
					if n := symbolName(o); n != "" {
						if _, dup := m[n]; !dup {
							m[n] = o
						}
					}
				}
			}
		}
		st[table] = m
	}
	return m[name]
}

// resolve returns the symbols named by ref inside table, one per component
// of a nested reference (`@a::@b` gives @a and @b), or nil if any
// component is missing.
func (st symbolTables) resolve(table *ir.Operation, ref *ir.SymbolRefAttr) []*ir.Operation {
	if table == nil || !table.HasTrait(ir.SymbolTable) {
		return nil
	}
	s := st.lookup(table, ref.Root)
	if s == nil {
		return nil
	}
	path := []*ir.Operation{s}
	for _, n := range ref.Nested {
		if !s.HasTrait(ir.SymbolTable) {
			return nil
		}
		if s = st.lookup(s, n); s == nil {
			return nil
		}
		path = append(path, s)
	}
	return path
}

// resolveLeaf returns the symbol a reference names (the last component).
func (st symbolTables) resolveLeaf(table *ir.Operation, ref *ir.SymbolRefAttr) *ir.Operation {
	path := st.resolve(table, ref)
	if len(path) == 0 {
		return nil
	}
	return path[len(path)-1]
}

// forEachSymbolRef calls fn for every symbol reference inside a, looking
// through arrays and dictionaries.
func forEachSymbolRef(a ir.Attribute, fn func(*ir.SymbolRefAttr)) {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		fn(a)
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			forEachSymbolRef(e, fn)
		}
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			forEachSymbolRef(e.Value, fn)
		}
	}
}

// opSymbolRefs calls fn for every symbol reference in op's own attributes.
func opSymbolRefs(op *ir.Operation, fn func(*ir.SymbolRefAttr)) {
	for _, na := range op.Attrs.List() {
		forEachSymbolRef(na.Value, fn)
	}
}

// walkSymbolUses calls fn for every symbol reference held by op or by the
// ops nested in it, like MLIR's SymbolTable::getSymbolUses: nested symbol
// tables contribute their own attributes but are not entered, since the
// references inside them resolve in another scope.
func walkSymbolUses(op *ir.Operation, fn func(user *ir.Operation, ref *ir.SymbolRefAttr)) {
	opSymbolRefs(op, func(r *ir.SymbolRefAttr) { fn(op, r) })
	if op.HasTrait(ir.SymbolTable) {
		return
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				walkSymbolUses(o, fn)
			}
		}
	}
}
