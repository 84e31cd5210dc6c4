package llvm

import (
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file tests the op registry (registry.go).

// complexNotEmitted is why the complex dialect's ops have no lowering:
// functions with complex values are refused before (refuseComplex).
const complexNotEmitted = "complex values are not emitted yet: refuseComplex refuses the function at its first one"

// withoutLowering are the registered ops that have no LLVM lowering, and
// why; every other op outside the hlo dialect must have a registry entry.
var withoutLowering = map[string]string{
	"builtin.module":                     "the module: Emit walks its functions",
	"complex.abs":                        complexNotEmitted,
	"complex.add":                        complexNotEmitted,
	"complex.conj":                       complexNotEmitted,
	"complex.constant":                   complexNotEmitted,
	"complex.create":                     complexNotEmitted,
	"complex.div":                        complexNotEmitted,
	"complex.eq":                         complexNotEmitted,
	"complex.exp":                        complexNotEmitted,
	"complex.im":                         complexNotEmitted,
	"complex.log":                        complexNotEmitted,
	"complex.mul":                        complexNotEmitted,
	"complex.neg":                        complexNotEmitted,
	"complex.neq":                        complexNotEmitted,
	"complex.re":                         complexNotEmitted,
	"complex.rsqrt":                      complexNotEmitted,
	"complex.sign":                       complexNotEmitted,
	"complex.sqrt":                       complexNotEmitted,
	"complex.sub":                        complexNotEmitted,
	"complex.tanh":                       complexNotEmitted,
	"complex.sin":                        complexNotEmitted,
	"complex.cos":                        complexNotEmitted,
	"complex.tan":                        complexNotEmitted,
	"complex.expm1":                      complexNotEmitted,
	"complex.log1p":                      complexNotEmitted,
	"complex.pow":                        complexNotEmitted,
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
