package affine

import (
	"fmt"
	"math/rand"
	"strings"
)

// refFn evaluates generated source text directly (without simplification);
// ok is false when the value is undefined (division by zero, mod by a
// non-positive value, overflow).
type refFn func(dims, syms []int64) (int64, bool)

// gen produces random, valid affine expression text together with a
// reference evaluator. Dims are named by dimNames and symbols by symNames.
type gen struct {
	r          *rand.Rand
	dimNames   []string
	symNames   []string
	maxDepth   int
	pureAffine bool // restrict to pure affine expressions
	bigConsts  bool // occasionally use constants near the int64 limits
}

type frag struct {
	text     string
	symbolic bool // contains no dim
	constant bool // contains no dim and no symbol
	eval     refFn
}

func (g *gen) constant() frag {
	var v int64
	switch n := g.r.Intn(20); {
	case n < 3:
		v = 0
	case n < 6:
		v = 1
	case n < 8 && g.bigConsts:
		v = []int64{1 << 62, 9223372036854775807, 4611686018427387904, 3037000500}[g.r.Intn(4)]
	default:
		v = int64(g.r.Intn(17)) - 4
	}
	if v < 0 {
		// Negative literals are written as a negated positive literal.
		p := -v
		return frag{text: fmt.Sprintf("-%d", p), symbolic: true, constant: true,
			eval: func(_, _ []int64) (int64, bool) { return v, true }}
	}
	return frag{text: fmt.Sprint(v), symbolic: true, constant: true,
		eval: func(_, _ []int64) (int64, bool) { return v, true }}
}

func (g *gen) leaf(wantSymbolic bool) frag {
	n := g.r.Intn(10)
	switch {
	case n < 4 && !wantSymbolic && len(g.dimNames) > 0:
		i := g.r.Intn(len(g.dimNames))
		return frag{text: g.dimNames[i], eval: func(d, _ []int64) (int64, bool) { return d[i], true }}
	case n < 7 && len(g.symNames) > 0 && !(g.pureAffine && wantSymbolic):
		i := g.r.Intn(len(g.symNames))
		return frag{text: g.symNames[i], symbolic: true, eval: func(_, s []int64) (int64, bool) { return s[i], true }}
	}
	return g.constant()
}

// expr generates "term (('+'|'-') term)*".
func (g *gen) expr(depth int, wantSymbolic bool) frag {
	f := g.term(depth, wantSymbolic)
	for depth < g.maxDepth && g.r.Intn(3) == 0 {
		rhs := g.term(depth+1, wantSymbolic)
		op := " + "
		if g.r.Intn(2) == 0 {
			op = " - "
		}
		f = combine(f, rhs, op)
	}
	return f
}

// term generates "factor (hop factor)*" respecting the affine restrictions.
func (g *gen) term(depth int, wantSymbolic bool) frag {
	f := g.factor(depth, wantSymbolic)
	for depth < g.maxDepth && g.r.Intn(3) == 0 {
		ops := []string{" * ", " floordiv ", " ceildiv ", " mod "}
		op := ops[g.r.Intn(len(ops))]
		// The right operand must be symbolic unless op is '*' and the left
		// one is symbolic; in pure affine mode it must be constant.
		rhsSymbolic := !(op == " * " && f.symbolic) || wantSymbolic
		var rhs frag
		if g.pureAffine && rhsSymbolic {
			rhs = g.constant()
			if op != " * " && g.r.Intn(4) != 0 {
				rhs = frag{text: fmt.Sprint(g.r.Intn(7) + 2), symbolic: true, constant: true}
				v := int64(0)
				fmt.Sscan(rhs.text, &v)
				rhs.eval = func(_, _ []int64) (int64, bool) { return v, true }
			}
		} else if g.pureAffine && op == " * " {
			// f is constant here: any right operand keeps it pure affine.
			if !f.constant {
				rhs = g.constant()
			} else {
				rhs = g.factor(depth+1, wantSymbolic)
			}
		} else {
			rhs = g.factor(depth+1, rhsSymbolic)
		}
		f = combine(f, rhs, op)
	}
	return f
}

func (g *gen) factor(depth int, wantSymbolic bool) frag {
	if depth >= g.maxDepth {
		return g.leaf(wantSymbolic)
	}
	switch g.r.Intn(6) {
	case 0:
		inner := g.expr(depth+1, wantSymbolic)
		return frag{text: "(" + inner.text + ")", symbolic: inner.symbolic, constant: inner.constant, eval: inner.eval}
	case 1:
		inner := g.factor(depth+1, wantSymbolic)
		ev := inner.eval
		return frag{text: "-" + inner.text, symbolic: inner.symbolic, constant: inner.constant,
			eval: func(d, s []int64) (int64, bool) {
				v, ok := ev(d, s)
				if !ok {
					return 0, false
				}
				return mulOvf(v, -1)
			}}
	}
	return g.leaf(wantSymbolic)
}

func combine(l, r frag, op string) frag {
	le, re := l.eval, r.eval
	kind := map[string]Kind{" + ": KindAdd, " * ": KindMul, " floordiv ": KindFloorDiv, " ceildiv ": KindCeilDiv, " mod ": KindMod}
	return frag{
		text:     l.text + op + r.text,
		symbolic: l.symbolic && r.symbolic,
		constant: l.constant && r.constant,
		eval: func(d, s []int64) (int64, bool) {
			a, ok1 := le(d, s)
			b, ok2 := re(d, s)
			if !ok1 || !ok2 {
				return 0, false
			}
			if op == " - " {
				nb, ok := mulOvf(b, -1)
				if !ok {
					return 0, false
				}
				return addOvf(a, nb)
			}
			v, err := EvalExpr(raw(kind[op], Const(a), Const(b)), nil, nil)
			return v, err == nil
		},
	}
}

// mapText generates the source of a map with numResults results together
// with reference evaluators for each result.
func (g *gen) mapText(numResults int) (string, []refFn) {
	var sb strings.Builder
	sb.WriteString("(" + strings.Join(g.dimNames, ", ") + ")")
	if len(g.symNames) > 0 || g.r.Intn(4) == 0 {
		sb.WriteString("[" + strings.Join(g.symNames, ", ") + "]")
	}
	sb.WriteString(" -> (")
	var evals []refFn
	for i := 0; i < numResults; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		f := g.expr(0, false)
		sb.WriteString(f.text)
		evals = append(evals, f.eval)
	}
	sb.WriteString(")")
	return sb.String(), evals
}

// newGen returns a generator with nd dims and ns symbols named d<i>/s<i>.
func newGen(seed int64, nd, ns int) *gen {
	g := &gen{r: rand.New(rand.NewSource(seed)), maxDepth: 4}
	for i := 0; i < nd; i++ {
		g.dimNames = append(g.dimNames, fmt.Sprintf("d%d", i))
	}
	for i := 0; i < ns; i++ {
		g.symNames = append(g.symNames, fmt.Sprintf("s%d", i))
	}
	return g
}
