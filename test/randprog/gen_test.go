package randprog

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestInexactRule checks the generator's inexact-value rule (doc.go) on
// many seeds: every value's Inexact flag is what its op and operands make
// it, no Discontinuous op takes an inexact operand, and the rule leaves
// coverage in place: every discontinuous op is still drawn, and inexact
// values still flow into the continuous ops.
func TestInexactRule(t *testing.T) {
	checkInexactRule(t, DefaultConfig, []string{"compare", "floor", "ceil", "round_nearest_even", "sign"},
		append(append([]string{"select", "clamp"}, BinaryKinds...), "negate", "abs", "sqrt", "tanh", "log", "exponential"))
}

// TestInexactRuleTypes is TestInexactRule in types mode, where
// SingularOperands (divide, atan2) take only exact operands too.
func TestInexactRuleTypes(t *testing.T) {
	checkInexactRule(t, TypesConfig, []string{"compare", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sign", "remainder", "convert", "is_finite"},
		[]string{"select", "clamp", "add", "subtract", "multiply", "maximum", "minimum", "negate", "abs", "sqrt", "rsqrt", "tanh", "log", "exponential", "sine", "logistic"})
}

// checkInexactRule checks the rule on 5000 programs of cfg: the
// discontinuous ops listed are drawn, and each op of consumed takes an
// inexact operand somewhere.
func checkInexactRule(t *testing.T, cfg Config, discontinuous, consumed []string) {
	kinds := map[string]int{}     // discontinuous ops drawn
	consumers := map[string]int{} // ops that take an inexact operand
	inexactResults := 0
	for seed := int64(1); seed <= 5000; seed++ {
		p := Generate(seed, cfg)
		for i, in := range p.Inputs {
			if in.Inexact {
				t.Fatalf("seed %d: input %d is inexact", seed, i)
			}
		}
		for k, o := range p.Ops {
			want := false
			for _, a := range o.Args {
				v := p.value(a)
				if !v.Inexact {
					continue
				}
				if !roundsElem(v.Elem) {
					t.Fatalf("seed %d: op %d (%s) has an inexact %s operand", seed, k, o.Kind, v.Elem)
				}
				if Discontinuous[o.Kind] || (cfg.Types && SingularOperands[o.Kind]) {
					t.Fatalf("seed %d: op %d (%s) is discontinuous but takes the inexact value %d", seed, k, o.Kind, a)
				}
				consumers[o.Kind]++
				want = true
			}
			want = roundsElem(o.Result.Elem) && (want || p.approximate(o))
			if o.Result.Inexact != want {
				t.Fatalf("seed %d: op %d (%s): Inexact is %v, want %v", seed, k, o.Kind, o.Result.Inexact, want)
			}
			if Discontinuous[o.Kind] {
				kinds[o.Kind]++
			}
		}
		for _, r := range p.Results {
			if p.value(r).Inexact {
				inexactResults++
			}
		}
	}
	for _, k := range discontinuous {
		if kinds[k] == 0 {
			t.Errorf("no %s op drawn", k)
		}
	}
	for _, k := range consumed {
		if consumers[k] == 0 {
			t.Errorf("no %s op takes an inexact operand", k)
		}
	}
	var sb []string
	for k, n := range consumers {
		sb = append(sb, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(sb)
	t.Logf("discontinuous ops %v; ops taking an inexact operand: %s; %d inexact results", kinds, strings.Join(sb, ", "), inexactResults)
}
