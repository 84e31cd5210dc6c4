package passes

import "fmt"

// Order is one ordering constraint between passes, after cmd/compile's
// passOrder: in a pipeline that runs both, every run of A comes before
// every run of B, for the reason Why.
type Order struct {
	A, B string
	Why  string
}

// PassOrder are the constraints every named pipeline must meet; the tests
// check each pipeline of Pipelines against them, and PipelineEntries
// refuses a pipeline that breaks one. The reasons are those of the steps'
// Why strings, said as what goes wrong in the other order.
var PassOrder = []Order{
	{"inline", "linalg-fuse-elementwise-ops",
		"fusion works inside one function: calls (JAX's @inputs/@expected helpers, front-end wrappers) must be gone so that each kernel is one function"},
	{"hlo-legalize-broadcasts", "convert-shape-constraints",
		"the shape constraints that become cf.assert are the run-time broadcast checks hlo-legalize-broadcasts writes"},
	{"hlo-legalize-broadcasts", "hlo-legalize-to-linalg",
		"the lowering turns explicit broadcast_in_dim / dynamic_broadcast_in_dim into indexing maps, and rejects an operand whose shape is not the result's"},
	{"convert-shape-constraints", "linalg-fuse-elementwise-ops",
		"the shape.assuming regions around the kernels wall them off from fusion until their checks become cf.assert and canonicalize inlines them"},
	{"hlo-legalize-to-linalg", "linalg-fuse-elementwise-ops",
		"fusion works on the linalg.generic ops that the lowering writes"},
	{"hlo-legalize-to-linalg", "linalg-version-broadcasts",
		"the broadcasts with could-be-1 dims that versioning removes are those the lowering leaves in place, read with the identity map"},
	{"linalg-fuse-elementwise-ops", "linalg-version-broadcasts",
		"each fused kernel gets one static-map version per run-time broadcast pattern: versioning before fusion would copy every producer, and fusion could not merge the versions"},
	{"linalg-version-broadcasts", "linalg-fold-unit-extent-dims",
		"unit-dim folding would hide the broadcasts behind reshapes, so their could-be-1 dims could not be versioned"},
}

// CheckOrder returns an error naming the first constraint of order that
// the pass sequence steps breaks, or nil.
func CheckOrder(steps []Step, order []Order) error {
	for _, o := range order {
		lastA, firstB := -1, -1
		for i, s := range steps {
			if s.Pass == o.A {
				lastA = i
			}
			if s.Pass == o.B && firstB < 0 {
				firstB = i
			}
		}
		if lastA >= 0 && firstB >= 0 && lastA > firstB {
			return fmt.Errorf("step %d (%s) runs after step %d (%s), but %s must run before %s: %s", lastA+1, o.A, firstB+1, o.B, o.A, o.B, o.Why)
		}
	}
	return nil
}
