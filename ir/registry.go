package ir

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Trait is a bit set of static op properties.
type Trait uint32

// Op traits, named as in MLIR.
const (
	// Pure ops have no side effects and may be removed when unused.
	Pure Trait = 1 << iota
	// Commutative binary ops: operand order does not matter.
	Commutative
	// Terminator ops end a block.
	Terminator
	// IsolatedFromAbove ops' regions do not use values defined outside.
	IsolatedFromAbove
	// NoTerminator ops' blocks need not end with a terminator.
	NoTerminator
	// SingleBlock ops have at most one block per region.
	SingleBlock
	// SymbolTable ops hold symbols (module).
	SymbolTable
	// Symbol ops define a `sym_name` symbol (func.func).
	Symbol
	// ConstantLike ops materialize their `value` attribute.
	ConstantLike
	// ReturnLike terminators return values to the parent op.
	ReturnLike
	// SameOperandsAndResultType: all operands and results have one type.
	SameOperandsAndResultType
	// SameOperandsAndResultShape: all operands and results have one shape.
	SameOperandsAndResultShape
	// SameOperandsAndResultElementType: one element type throughout.
	SameOperandsAndResultElementType
	// Elementwise ops apply a scalar function element by element.
	Elementwise
	// Broadcastable ops infer their result shape by broadcasting
	// (docs/SPEC.md §4).
	Broadcastable
	// RecursivelyPure ops are pure if the ops in their regions are.
	RecursivelyPure
)

var traitNames = []string{"Pure", "Commutative", "Terminator", "IsolatedFromAbove", "NoTerminator",
	"SingleBlock", "SymbolTable", "Symbol", "ConstantLike", "ReturnLike", "SameOperandsAndResultType",
	"SameOperandsAndResultShape", "SameOperandsAndResultElementType", "Elementwise", "Broadcastable",
	"RecursivelyPure"}

// String lists the trait names.
func (t Trait) String() string {
	var names []string
	for i, n := range traitNames {
		if t&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

// Variadic marks an operand, result or region count that is not fixed.
const Variadic = -1

// OpDef declares one operation: its name, documentation, arity, traits,
// verifier, custom syntax and folding. Each op is declared once, in its
// dialect's package, and registered with Register.
type OpDef struct {
	// Name is the full name, e.g. "arith.addf".
	Name string
	// Summary is a one-line description.
	Summary string
	// Doc describes the op; its first example is the op's printed form.
	Doc string
	// Traits are the op's static properties.
	Traits Trait
	// Operands, Results and Regions are the fixed counts, or Variadic.
	// MinOperands applies when Operands is Variadic.
	Operands, Results, Regions int
	MinOperands                int
	// Successors is the number of successor blocks (0 for all but branch
	// terminators), or Variadic.
	Successors int
	// InherentAttrs are the op's own attributes; the generic printer
	// puts them in the properties dictionary `<{...}>`.
	InherentAttrs []string
	// Verify checks the op beyond arity and traits; nil means nothing more.
	// It must not read other ops' attributes through symbol references:
	// that is VerifySymbolUses's job.
	Verify func(op *Operation) error
	// VerifySymbolUses checks the op's references to symbols (MLIR's
	// SymbolUserOpInterface::verifySymbolUses: func.call's callee and its
	// signature). It runs when the op's nearest enclosing symbol table (a
	// module) is verified, after all the ops in it, not with Verify: a
	// nested pipeline verifies each function on its own while others are
	// still being changed, and checks the symbol uses of the module once
	// they are all done.
	VerifySymbolUses func(op *Operation) error
	// Parse parses the custom form after the op name (nil: generic form only).
	Parse func(p *OpParser, st *OpState) error
	// Print prints the custom form after the op name (nil: generic form).
	Print func(p *OpPrinter, op *Operation)
	// Fold tries to fold the op given its operands' constant values (nil
	// entries for non-constants). It returns one attribute or value per
	// result, or nil if nothing folds.
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []Pattern
	// ResultNames gives SSA name hints for results (`%cst`, `%c0`).
	ResultNames func(op *Operation) string
	// DefaultDialect is the dialect whose prefix ops nested in this op may
	// omit in the custom form (func.func: `return` for `func.return`).
	DefaultDialect string
	// BlockArgNames gives name hints for the arguments of a region's entry block.
	BlockArgNames func(op *Operation, region int) []string
}

// FoldResult is a folded result: a constant attribute or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value *Value
}

var (
	registry = map[string]*OpDef{}
	aliases  = map[string]string{}
	// dialect namespace aliases, e.g. "stablehlo" -> "hlo"
	dialectAliases = map[string]string{}
	// spellingHooks adjust ops parsed under one spelling
	spellingHooks = map[string]func(st *OpState){}
	// materializers build constants for folding, per dialect
	materializers = map[string]func(b *Builder, a Attribute, t Type, loc Location) *Operation{}
)

// Register adds op definitions to the registry. It panics on a duplicate
// name: that is a programming error in a dialect's declarations.
func Register(defs ...*OpDef) {
	for _, d := range defs {
		if _, dup := registry[d.Name]; dup {
			panic("ir: op registered twice: " + d.Name)
		}
		registry[d.Name] = d
	}
	sortedMu.Lock()
	sortedDefs = nil
	sortedMu.Unlock()
}

// RegisterAlias makes the op name from parse as the op to (e.g.
// "chlo.broadcast_add" as "hlo.add").
func RegisterAlias(from, to string) { aliases[from] = to }

// RegisterSpellingHook sets a function that adjusts the state of every op
// written spelled (e.g. "stablehlo.add") once it is parsed, in the custom
// or the generic form, before the op is built: an alias that means its op
// with some attribute set (StableHLO's elementwise ops are hlo's under the
// "none" broadcast policy). The hook sees the op's canonical name in
// st.Name and may only add attributes; it must not fail.
func RegisterSpellingHook(spelled string, fn func(st *OpState)) { spellingHooks[spelled] = fn }

// RegisterDialectAlias makes every `from.X` op parse as `to.X`.
func RegisterDialectAlias(from, to string) { dialectAliases[from] = to }

// RegisterConstantMaterializer sets how folding creates constants for a dialect.
func RegisterConstantMaterializer(dialect string, fn func(b *Builder, a Attribute, t Type, loc Location) *Operation) {
	materializers[dialect] = fn
}

// LookupConstantMaterializer returns the constant materializer registered
// for dialect, or nil.
func LookupConstantMaterializer(dialect string) func(b *Builder, a Attribute, t Type, loc Location) *Operation {
	return materializers[dialect]
}

// LookupOp returns the registered definition for name, or nil.
func LookupOp(name string) *OpDef { return registry[name] }

// CanonicalOpName resolves aliases: `stablehlo.add` -> `hlo.add`.
func CanonicalOpName(name string) string {
	if to, ok := aliases[name]; ok {
		return to
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		if to, ok := dialectAliases[name[:i]]; ok {
			return to + name[i:]
		}
	}
	return name
}

// sortedDefs caches RegisteredOps' order until the next Register: every
// canonicalize run asks for it, and sorting a few hundred names costs
// more than canonicalizing a small module.
var (
	sortedMu   sync.Mutex
	sortedDefs []*OpDef
)

// RegisteredOps returns all definitions sorted by name.
func RegisteredOps() []*OpDef {
	sortedMu.Lock()
	defer sortedMu.Unlock()
	if sortedDefs == nil {
		defs := make([]*OpDef, 0, len(registry))
		for _, d := range registry {
			defs = append(defs, d)
		}
		sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
		sortedDefs = defs
	}
	return append([]*OpDef(nil), sortedDefs...)
}

// IsInherent reports whether name is an inherent attribute of the op.
func (d *OpDef) IsInherent(name string) bool {
	for _, n := range d.InherentAttrs {
		if n == name {
			return true
		}
	}
	return false
}

// verifyArity checks the declared counts.
func (d *OpDef) verifyArity(op *Operation) error {
	check := func(what string, want, min, got int) error {
		if want == Variadic {
			if got < min {
				return op.Emit("expected at least %d %s, but found %d", min, what, got)
			}
			return nil
		}
		if got != want {
			return op.Emit("expected %d %s, but found %d", want, what, got)
		}
		return nil
	}
	if err := check("operands", d.Operands, d.MinOperands, op.NumOperands()); err != nil {
		return err
	}
	if err := check("results", d.Results, 0, op.NumResults()); err != nil {
		return err
	}
	if err := check("regions", d.Regions, 0, op.NumRegions()); err != nil {
		return err
	}
	return check("successors", d.Successors, 0, len(op.Successors()))
}

// String is the op name.
func (d *OpDef) String() string { return fmt.Sprintf("op %s", d.Name) }
