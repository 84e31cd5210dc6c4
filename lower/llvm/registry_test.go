package llvm

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file tests the op registry (registry.go).

// withoutLowering are the registered ops that have no LLVM lowering, and
// why; every other op outside the hlo dialect must have a registry entry.
var withoutLowering = map[string]string{
	"builtin.module":                     "the module: Emit walks its functions",
	"builtin.unrealized_conversion_cast": "never left by --pipeline=cpu",
	"func.func":                          "a function: lowerFunc",
	"func.call":                          "calls are inlined by --pipeline=cpu",
	"scf.yield":                          "a terminator: lowerBlock returns it to scf.if",
	"linalg.yield":                       "a terminator: lowerBlock returns it to the generic",
	"shape.assuming":                     "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.assuming_all":                 "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.assuming_yield":               "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.const_witness":                "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.cstr_broadcastable":           "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.cstr_eq":                      "--pipeline=cpu turns shape constraints into cf.assert",
	"shape.cstr_require":                 "--pipeline=cpu turns shape constraints into cf.assert",
}

// TestRegistryCoversOps checks that every op of the dialects that reach
// LLVM emission has a lowering, or is listed in withoutLowering, and that
// hlo ops have none (--pipeline=cpu leaves none).
// TestNotLoweredYet pins the diagnostics of ops without one.
func TestRegistryCoversOps(t *testing.T) {
	ops := ir.RegisteredOps()
	if len(ops) < 50 {
		t.Fatalf("only %d ops registered: the test links too few dialects", len(ops))
	}
	for _, d := range ops {
		_, has := lowerings()[d]
		why, listed := withoutLowering[d.Name]
		switch {
		case strings.HasPrefix(d.Name, "hlo."):
			if has {
				t.Errorf("%s has an LLVM lowering: --pipeline=cpu lowers hlo ops to linalg", d.Name)
			}
		case has && listed:
			t.Errorf("%s has a lowering but is listed as without one (%s)", d.Name, why)
		case !has && !listed:
			t.Errorf("%s has no LLVM lowering: register one (registry.go) or list it in withoutLowering with the reason", d.Name)
		}
	}
	for name := range withoutLowering {
		if ir.LookupOp(name) == nil {
			t.Errorf("withoutLowering lists %s, which no dialect registers", name)
		}
	}
}
