package passes

import (
	"fmt"
	"sort"

	"github.com/bcast-opt/bcast-opt/ir"

	// Naming a pass in a pipeline registers it: the packages that hold the
	// passes the pipelines name are imported here, so PipelineEntries finds
	// them whoever calls it. They must not import this package.
	_ "github.com/bcast-opt/bcast-opt/dialects/hlo/transforms"
	_ "github.com/bcast-opt/bcast-opt/dialects/linalg/transforms"
	_ "github.com/bcast-opt/bcast-opt/dialects/shape/transforms"
	_ "github.com/bcast-opt/bcast-opt/lower"
)

// Step is one pass of a named pipeline, with the reason it stands where it
// does.
type Step struct {
	Pass    string
	Options ir.PassOptions
	Why     string
	// PerFunction runs the pass on each func.func of the module, in
	// parallel (MLIR's `func.func(pass)` nesting), rather than once on the
	// module. It is set for the passes whose work stays inside one
	// function, which is all of them but inline.
	PerFunction bool
}

// Pipelines are the named pass sequences that `bcast-opt --pipeline=NAME`
// runs. The list is data so that its order, and the reason for it, can be
// read in one place; the order is checked against PassOrder (order.go).
var Pipelines = map[string][]Step{
	"cpu": {
		{Pass: "inline", Why: "calls (JAX's @inputs/@expected helpers, front-end wrappers) disappear, so each kernel is one function"},
		{Pass: "hlo-legalize-broadcasts", PerFunction: true, Why: "implicit broadcasts become explicit broadcast_in_dim / dynamic_broadcast_in_dim with a run-time check"},
		{Pass: "convert-shape-constraints", PerFunction: true, Why: "run-time shape checks become cf.assert so the shape.assuming regions around kernels can be inlined"},
		{Pass: "canonicalize", PerFunction: true, Why: "static shape computations, identity broadcasts and constants fold, and assuming regions are inlined, before lowering"},
		{Pass: "hlo-legalize-to-linalg", PerFunction: true, Why: "every hlo op becomes linalg on tensors; broadcasts become indexing maps"},
		{Pass: "linalg-fuse-elementwise-ops", PerFunction: true, Why: "producer generics fuse into their consumers: one generic per kernel"},
		{Pass: "canonicalize", PerFunction: true, Why: "dead tensor.empty, duplicate inputs and splat constants go"},
		{Pass: "cse", PerFunction: true, Why: "identical shape computations and constants merge"},
		{Pass: "linalg-version-broadcasts", PerFunction: true, Why: "dims that may be 1 at run time get one static-map version of the fused kernel each; before unit-dim folding, which would hide the broadcasts behind reshapes"},
		{Pass: "linalg-fold-unit-extent-dims", PerFunction: true, Why: "size-1 loop and operand dims disappear, in every version (the result does not depend on running it before or after fusion)"},
		{Pass: "canonicalize", PerFunction: true, Why: "reshape pairs, the versions' index constants and sizes fold"},
		{Pass: "cse", PerFunction: true, Why: "the versions' shared size computations merge"},
	},
}

// PipelineNames lists the named pipelines, sorted.
func PipelineNames() []string {
	var names []string
	for n := range Pipelines {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PipelineEntries returns pass manager entries for a named pipeline, or an
// error naming an unknown pipeline, a broken ordering constraint
// (PassOrder) or a pass that is not registered.
func PipelineEntries(name string) ([]ir.PassEntry, error) {
	steps, ok := Pipelines[name]
	if !ok {
		return nil, fmt.Errorf("unknown pipeline %q (known: %v)", name, PipelineNames())
	}
	if err := CheckOrder(steps, PassOrder); err != nil {
		return nil, fmt.Errorf("pipeline %q: %v", name, err)
	}
	var out []ir.PassEntry
	for _, s := range steps {
		e, err := ir.NewPassEntry(s.Pass, s.Options)
		if err != nil {
			return nil, fmt.Errorf("pipeline %q: %v", name, err)
		}
		if s.PerFunction {
			e.Anchor = "func.func"
		}
		out = append(out, e)
	}
	return out, nil
}
