package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// StableHLO's and MHLO's elementwise ops do not broadcast (docs/SPEC.md §3):
// their operands have one shape, and a dynamic dim of one operand equals the
// same dim of the others at run time. `stablehlo.X` and `mhlo.X` therefore
// parse as `hlo.X` under the "none" broadcast policy (select and clamp,
// whose predicate or bounds may be rank 0 in StableHLO, under "scalar"),
// while `chlo.broadcast_X` and `hlo.X` keep numpy's rules. JAX's
// shape-polymorphic exports rely on this: two `?` dims of a same-shape
// `stablehlo.add` are equal, never a could-be-1 pair.
//
// The policy is recorded only where it changes the op's meaning: an op
// whose operands all have the result's static shape (or, under "scalar",
// are rank 0) broadcasts nothing under any policy, and keeps the
// attribute-free form. An op that sets broadcast_policy or
// broadcast_dimensions itself keeps what it says.

// stablehloPolicy returns the broadcast policy StableHLO's spelling of a
// broadcasting op implies.
func stablehloPolicy(name string) broadcast.Policy {
	switch name {
	case "hlo.select", "hlo.clamp":
		return broadcast.Scalar
	}
	return broadcast.None
}

// applyStableHLOPolicy is the spelling hook of stablehlo.X and mhlo.X for
// the broadcasting ops.
func applyStableHLOPolicy(st *ir.OpState) {
	if st.Attrs.Get("broadcast_policy") != nil || st.Attrs.Get("broadcast_dimensions") != nil {
		return
	}
	p := stablehloPolicy(st.Name)
	if len(st.ResultTypes) == 1 && broadcastsNothing(st.Operands, st.ResultTypes[0], p) {
		return
	}
	st.AddAttr("broadcast_policy", policyAttrs[p])
}

// broadcastsNothing reports whether operands of these types can only be
// combined without broadcasting into result: every operand has the
// result's static shape, or is rank 0 under the scalar policy.
func broadcastsNothing(operands []*ir.Value, result ir.Type, p broadcast.Policy) bool {
	rt, ok := result.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return false
	}
	for _, v := range operands {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			return false
		}
		if p == broadcast.Scalar && t.Rank() == 0 {
			continue
		}
		if !slices.Equal(t.Shape(), rt.Shape()) {
			return false
		}
	}
	return true
}

// policyAttrs holds one string attribute per policy, shared by every op
// that records it.
var policyAttrs = map[broadcast.Policy]ir.Attribute{
	broadcast.None:   &ir.StringAttr{Value: broadcast.None.String()},
	broadcast.Scalar: &ir.StringAttr{Value: broadcast.Scalar.String()},
}

// registerStableHLOSpellings installs the hook for name ("hlo.add") under
// its StableHLO and MHLO spellings.
func registerStableHLOSpellings(name string) {
	short := name[len("hlo."):]
	ir.RegisterSpellingHook("stablehlo."+short, applyStableHLOPolicy)
	ir.RegisterSpellingHook("mhlo."+short, applyStableHLOPolicy)
}
