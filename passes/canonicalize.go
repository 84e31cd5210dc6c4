package passes

import (
	"fmt"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passopt"
)

// Canonicalize is the `canonicalize` pass: it applies every registered op's
// canonicalization patterns and folders to a fixed point with the greedy
// rewrite driver (ir.ApplyPatternsGreedily), which also erases trivially
// dead ops, keeps constants uniqued at the start of their function (or of
// the closest region whose op is isolated from above or unregistered) and,
// unless region-simplify=disabled, removes unreachable blocks. It stops
// when an iteration changes nothing or after max-iterations iterations.
var Canonicalize = &ir.PassInfo{
	Name:    "canonicalize",
	Title:   "Canonicalizer",
	Summary: "Canonicalize operations",
	Options: []ir.PassOption{
		{Name: "max-iterations", Default: "10",
			Help: "Max. iterations between applying patterns / simplifying regions (-1: no limit)"},
		{Name: "region-simplify", Default: "normal",
			Help: "Control-flow simplification: disabled, normal (erase unreachable blocks) or aggressive (same as normal here); true/false mean normal/disabled"},
		{Name: "test-convergence", Default: "false",
			Help: "Test only: fail the pass if the rewrites did not converge"},
	},
	Run: runCanonicalize,
}

func runCanonicalize(op *ir.Operation, opts ir.PassOptions) error {
	maxIter, err := passopt.Int(opts, "max-iterations", 10)
	if err != nil {
		return err
	}
	simplify, err := regionSimplifyOption(opts)
	if err != nil {
		return err
	}
	testConvergence, err := passopt.Bool(opts, "test-convergence", false)
	if err != nil {
		return err
	}
	if !CanonicalizeOp(op, maxIter, simplify) && testConvergence {
		return op.Emit("canonicalization did not converge after %d iterations", maxIter)
	}
	return nil
}

// CanonicalizeOp canonicalizes everything nested in op (see Canonicalize)
// with at most maxIter iterations (a negative bound means no limit),
// simplifying regions if simplify is set. It reports whether it converged.
func CanonicalizeOp(op *ir.Operation, maxIter int, simplify bool) bool {
	cfg := ir.GreedyConfig{MaxIterations: maxIter, Fold: true, RegionSimplify: simplify}
	_, converged := ir.ApplyPatternsGreedily(op, CanonicalizationPatterns(), cfg)
	return converged
}

// CanonicalizationPatterns returns the canonicalization patterns of every
// registered op, in op name order. Folding is not a pattern: the driver
// tries an op's folder before its patterns.
func CanonicalizationPatterns() []ir.Pattern {
	var ps []ir.Pattern
	for _, d := range ir.RegisteredOps() {
		ps = append(ps, d.Canonicalize...)
	}
	return ps
}

// regionSimplifyOption reads `region-simplify`: MLIR 19's enum values
// (disabled, normal, aggressive) and the boolean spelling of older MLIR.
func regionSimplifyOption(opts ir.PassOptions) (bool, error) {
	s, ok := opts["region-simplify"]
	if !ok {
		return true, nil
	}
	switch s {
	case "normal", "aggressive", "true", "1", "":
		return true, nil
	case "disabled", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("invalid value '%s' for option 'region-simplify': expected disabled, normal or aggressive", s)
}
