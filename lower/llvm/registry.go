package llvm

import (
	"sync"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the op registry: what an op becomes is looked up by its
// definition (*ir.OpDef), never by its name. The file of each category of
// ops registers its entries from an init function (control.go, shape.go,
// tensor.go, slices.go, scalar.go, generic.go), so that
// a new category is a new file; the table is built on first use, not at
// bcast-opt's start-up. An op without an entry is a diagnostic at the op
// (notLowered).

// loweringFunc lowers one op: it records the lowered values of its
// results in l.vals, emitting what computes them.
type loweringFunc func(l *fnLowering, op *ir.Operation) error

// opLowering is the registry's entry for one op.
type opLowering struct {
	lower loweringFunc
	// lanewise means that inside a generic's body the op's lowering,
	// applied to vectors, computes each lane exactly as a scalar iteration
	// would: a body of such ops gets a vector inner loop (vector.go).
	lanewise bool
	// lanewiseIf, when set, decides lanewise per op (by its types).
	lanewiseIf func(op *ir.Operation) bool
	// costly means that the op costs far more than loading its result
	// from cache would (a division, a square root, a math function): a
	// fused group keeps such a value per row rather than computing it
	// again (fuse_values.go).
	costly bool
}

// opRegistry is what a category's registration function fills.
type opRegistry map[*ir.OpDef]*opLowering

// add registers the lowering of def. A second entry for the same op, or a
// nil def, is a programming error.
func (r opRegistry) add(def *ir.OpDef, lower loweringFunc) {
	r.addEntry(def, &opLowering{lower: lower})
}

// addLanewise registers a lowering that is lanewise (see opLowering).
func (r opRegistry) addLanewise(def *ir.OpDef, lower loweringFunc) {
	r.addEntry(def, &opLowering{lower: lower, lanewise: true})
}

func (r opRegistry) addEntry(def *ir.OpDef, e *opLowering) {
	if def == nil {
		panic("lower/llvm: a lowering registered for a nil op definition")
	}
	if _, dup := r[def]; dup {
		panic("lower/llvm: two lowerings registered for " + def.Name)
	}
	r[def] = e
}

// loweringSets are the categories' registration functions, run once when
// the table is first used.
var loweringSets []func(r opRegistry)

// registerLowerings adds a category's registration function; the files
// of the package call it from init.
func registerLowerings(set func(r opRegistry)) { loweringSets = append(loweringSets, set) }

// lowerings is the op registry.
var lowerings = sync.OnceValue(func() opRegistry {
	r := opRegistry{}
	for _, set := range loweringSets {
		set(r)
	}
	return r
})

// lowerOp lowers one op (not a terminator of a nested region) by its
// registry entry.
func (l *fnLowering) lowerOp(op *ir.Operation) error {
	if e := lowerings()[op.Def()]; e != nil {
		return e.lower(l, op)
	}
	return notLowered(op)
}

// isCostly reports whether op is costly (see opLowering).
func isCostly(op *ir.Operation) bool {
	e := lowerings()[op.Def()]
	return e != nil && e.costly
}

// lanewise reports whether op's lowering is lanewise (vector.go).
func lanewise(op *ir.Operation) bool {
	e := lowerings()[op.Def()]
	return e != nil && (e.lanewise || e.lanewiseIf != nil && e.lanewiseIf(op))
}

// notLowered is the diagnostic for an op without a lowering; for the
// dialects that --pipeline=cpu lowers away it says so.
func notLowered(op *ir.Operation) error {
	switch op.Dialect() {
	case "hlo":
		return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR: run --pipeline=cpu first", op.Name())
	case "shape":
		return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet (run --pipeline=cpu first: shape constraints become cf.assert)", op.Name())
	}
	return ir.Errorf(op.Loc, "'%s' is not lowered to LLVM IR yet", op.Name())
}
