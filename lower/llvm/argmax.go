package llvm

import (
	"math"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the vector form of argmax-style reductions: two outputs,
// a value and its index, as jnp.argmax / argmin export them (a
// multi-operand reduce over the values and an iota, whose reducer keeps the
// larger value, NaN above all, and on a tie the smaller index) and
// hlo-legalize-to-linalg lowers them (the index from linalg.index or from
// an iota input). The body is recognized by what it computes, not by how
// it spells it: evaluated on a domain of value pairs (infinities, signed
// zeros, NaN, ties) with an earlier accumulator and a later element, it
// must choose as the reference does (maximum or minimum by value, a NaN
// before any number, the earlier element on a tie and between NaNs), and
// from the worst pair (-inf or +inf, the largest index) every element.
// A body so recognized folds a sequence to its reference-best element in
// any order, so:
//
//   - each lane folds its elements with the body, from the worst pair;
//   - lanes merge by the reference comparison (selMerge), the index
//     deciding ties: the best element of the vector part;
//   - the accumulator (the init, or the fold so far) and that element are
//     merged by the body itself (selFinish), and the scalar remainder
//     continues with the body:
//
// which is the index the sequential fold gives, exactly. The value output
// is the body's value at the chosen element; it can differ from the
// sequential fold's in the sign of a zero maximum (jax's reducer keeps
// the later of two equal values), so a float argmax whose value result is
// used is vectorized only when the body's choice of value agrees with the
// reference on the whole domain (otherwise it keeps the scalar loop).

// selection describes a recognized argmax-style body.
type selection struct {
	// v and i are the value's and the index's output positions; valueIn
	// and indexIn the inputs' (indexIn -1: the index is linalg.index of
	// the vector loop's dim, through casts when it is not of type index).
	v, i             int
	valueIn, indexIn int
	index            *ir.Operation
	// max is argmax (else argmin); float: the values are floats.
	max, float bool
}

// selectionForm recognizes an argmax-style body for a vector loop along
// dim (see the top of the file), or returns nil.
func (r *reduction) selectionForm(dim int) *selection {
	body, nIn := r.body, r.nIn
	if len(body.Args())-nIn != 2 {
		return nil
	}
	var used []int
	for i := range nIn {
		if body.Arg(i).HasUses() {
			used = append(used, i)
		}
	}
	var idxOps []*ir.Operation
	for _, o := range body.Ops() {
		if o.Def() == linalg.Index {
			idxOps = append(idxOps, o)
		}
	}
	for _, vOut := range []int{0, 1} {
		s := &selection{v: vOut, i: 1 - vOut, indexIn: -1}
		vt, it := body.Arg(nIn+s.v).Type(), body.Arg(nIn+s.i).Type()
		if !isIndexLike(it) {
			continue
		}
		_, s.float = vt.(*ir.FloatType)
		switch {
		case len(used) == 1 && len(idxOps) == 1 && dim >= 0:
			s.valueIn, s.index = used[0], idxOps[0]
			if !s.indexFrom(it) {
				continue
			}
		case len(used) == 2 && len(idxOps) == 0:
			s.valueIn, s.indexIn = used[0], used[1]
			if body.Arg(used[0]).Type() != vt || body.Arg(used[1]).Type() != it {
				s.valueIn, s.indexIn = used[1], used[0]
			}
		default:
			continue
		}
		if body.Arg(s.valueIn).Type() != vt || s.indexIn >= 0 && body.Arg(s.indexIn).Type() != it {
			continue
		}
		for _, isMax := range []bool{true, false} {
			s.max = isMax
			agrees, exactValue := s.check(body, nIn)
			if agrees && (exactValue || !r.op.Result(s.v).HasUses()) {
				return s
			}
		}
	}
	return nil
}

// isIndexLike reports whether t can hold an index: index or an integer.
func isIndexLike(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return t == ir.Index || ok && it.Width >= 8
}

// indexFrom checks that linalg.index reaches the index's type it
// directly or through integer casts, each used only by the next (as
// hlo-legalize-to-linalg's iota gives it: index_cast to i64, trunci to
// i32). The casts keep the value of any index below 2^31.
func (s *selection) indexFrom(it ir.Type) bool {
	v := s.index.Result(0)
	for v.Type() != it {
		if !v.HasOneUse() {
			return false
		}
		c := v.Uses()[0].Owner()
		switch c.Def() {
		case arith.IndexCast, arith.IndexCastUI, arith.ExtSI, arith.ExtUI, arith.TruncI:
		default:
			return false
		}
		v = c.Result(0)
	}
	return true
}

// ev is a value of the evaluator: a float, or an integer sign-extended
// from its width.
type ev struct {
	f float64
	i int64
}

// check evaluates the body on the domain (see the top of the file) and
// reports whether its index agrees with the reference everywhere, and
// whether its value does too, bit for bit.
func (s *selection) check(body *ir.Block, nIn int) (agrees, exactValue bool) {
	vt, it := body.Arg(nIn+s.v).Type(), body.Arg(nIn+s.i).Type()
	var vals []ev
	if s.float {
		for _, f := range []float64{math.Inf(-1), -2, -1, math.Copysign(0, -1), 0, 1, 2, math.Inf(1), math.NaN()} {
			vals = append(vals, ev{f: f})
		}
	} else {
		w := intWidth(vt)
		for _, x := range []int64{math.MinInt64 >> (64 - w), -1000, -1, 0, 1, 1000, math.MaxInt64 >> (64 - w)} {
			vals = append(vals, ev{i: sext(x, w)})
		}
	}
	less := func(a, b ev) bool {
		if s.float {
			return a.f < b.f
		}
		return a.i < b.i
	}
	isNaN := func(a ev) bool { return s.float && a.f != a.f }
	// accWins: the accumulator a, earlier, is kept against b.
	accWins := func(a, b ev) bool {
		if isNaN(a) || isNaN(b) {
			return isNaN(a)
		}
		if s.max {
			return !less(a, b)
		}
		return !less(b, a)
	}
	same := func(a, b ev) bool {
		if s.float {
			return math.Float64bits(a.f) == math.Float64bits(b.f)
		}
		return a.i == b.i
	}
	eval := func(av, bv ev, ai, bi int64) ([]ev, bool) {
		env := map[*ir.Value]ev{body.Arg(nIn + s.v): av, body.Arg(nIn + s.i): {i: ai}, body.Arg(s.valueIn): bv}
		if s.indexIn >= 0 {
			env[body.Arg(s.indexIn)] = ev{i: bi}
		}
		return evalBody(body, env, bi)
	}
	exactValue = true
	for _, a := range vals {
		for _, b := range vals {
			for _, p := range [][2]int64{{0, 1}, {2, 7}, {5, 6}} {
				ys, ok := eval(a, b, p[0], p[1])
				if !ok {
					return false, false
				}
				wantV, wantI := b, p[1]
				if accWins(a, b) {
					wantV, wantI = a, p[0]
				}
				if ys[s.i].i != wantI {
					return false, false
				}
				if !same(ys[s.v], wantV) {
					if !s.float || ys[s.v].f != wantV.f && !(isNaN(ys[s.v]) && isNaN(wantV)) {
						return false, false
					}
					exactValue = false
				}
			}
		}
	}
	worst, top := s.worst(vt, it)
	for _, b := range vals {
		for _, bi := range []int64{0, 5} {
			ys, ok := eval(worst, b, top, bi)
			if !ok || ys[s.i].i != bi || !same(ys[s.v], b) {
				return false, false
			}
		}
	}
	return true, exactValue
}

// worst is the pair every element beats: the lowest value (highest for
// argmin) and the largest index.
func (s *selection) worst(vt, it ir.Type) (ev, int64) {
	top := int64(math.MaxInt64 >> (64 - intWidth(it)))
	if s.float {
		if s.max {
			return ev{f: math.Inf(-1)}, top
		}
		return ev{f: math.Inf(1)}, top
	}
	w := intWidth(vt)
	if s.max {
		return ev{i: math.MinInt64 >> (64 - w)}, top
	}
	return ev{i: math.MaxInt64 >> (64 - w)}, top
}

// intWidth is the width of an integer or index type.
func intWidth(t ir.Type) uint {
	if it, ok := t.(*ir.IntegerType); ok {
		return uint(it.Width)
	}
	return 64
}

func sext(x int64, w uint) int64 { return x << (64 - w) >> (64 - w) }

// evalBody runs the ops of an argmax-style body on env (its arguments'
// values; linalg.index is idx) and returns what it yields; ok is false on
// an op it does not know.
func evalBody(body *ir.Block, env map[*ir.Value]ev, idx int64) ([]ev, bool) {
	get := func(v *ir.Value) ev { return env[v] }
	for _, o := range body.Ops() {
		var res ev
		switch d := o.Def(); d {
		case linalg.Yield:
			ys := make([]ev, o.NumOperands())
			for k := range ys {
				ys[k] = get(o.Operand(k))
			}
			return ys, true
		case linalg.Index:
			res = ev{i: idx}
		case arith.Constant:
			switch a := o.Attr("value").(type) {
			case *ir.FloatAttr:
				res = ev{f: a.Value}
			case *ir.IntegerAttr:
				res = ev{i: sext(a.Value, intWidth(o.Result(0).Type()))}
			case *ir.BoolAttr:
				if a.Value {
					res = ev{i: -1}
				}
			default:
				return nil, false
			}
		case arith.CmpF:
			p, err := predicate(o, arith.FloatPredicates)
			if err != nil {
				return nil, false
			}
			res = boolEv(cmpF(p, get(o.Operand(0)).f, get(o.Operand(1)).f))
		case arith.CmpI:
			p, err := predicate(o, arith.IntPredicates)
			if err != nil {
				return nil, false
			}
			w := intWidth(o.Operand(0).Type())
			res = boolEv(arith.EvalIntPredicate(predIndex(arith.IntPredicates, p), get(o.Operand(0)).i, get(o.Operand(1)).i, ir.Integer(int(w), ir.Signless)))
		case arith.Select:
			res = get(o.Operand(2))
			if get(o.Operand(0)).i != 0 {
				res = get(o.Operand(1))
			}
		case arith.AndI, arith.OrI, arith.XOrI:
			a, b := get(o.Operand(0)).i, get(o.Operand(1)).i
			switch d {
			case arith.AndI:
				res.i = a & b
			case arith.OrI:
				res.i = a | b
			default:
				res.i = a ^ b
			}
		case arith.IndexCast, arith.ExtSI, arith.TruncI:
			res = ev{i: sext(get(o.Operand(0)).i, intWidth(o.Result(0).Type()))}
		case arith.IndexCastUI, arith.ExtUI:
			from := intWidth(o.Operand(0).Type())
			x := int64(uint64(get(o.Operand(0)).i) << (64 - from) >> (64 - from))
			res = ev{i: sext(x, intWidth(o.Result(0).Type()))}
		default:
			return nil, false
		}
		env[o.Result(0)] = res
	}
	return nil, false
}

func boolEv(b bool) ev {
	if b {
		return ev{i: -1}
	}
	return ev{}
}

// cmpF is arith.cmpf's predicate p on a and b.
func cmpF(p string, a, b float64) bool {
	unordered := a != a || b != b
	var r bool
	switch p[1:] {
	case "eq":
		r = a == b
	case "gt":
		r = a > b
	case "ge":
		r = a >= b
	case "lt":
		r = a < b
	case "le":
		r = a <= b
	case "ne":
		r = a != b
	}
	switch p {
	case "false":
		return false
	case "true":
		return true
	case "ord":
		return !unordered
	case "uno":
		return unordered
	}
	if p[0] == 'u' {
		return unordered || r
	}
	return !unordered && r
}

// selIdentities are the lanes' starting pair: the worst value and the
// largest index, as vectors.
func (r *reduction) selIdentities() []value.Value {
	s, l, lanes := r.vec.sel, r.l, r.vec.lanes
	vt, it := r.body.Arg(r.nIn+s.v).Type(), r.body.Arg(r.nIn+s.i).Type()
	worst, top := s.worst(vt, it)
	out := make([]value.Value, 2)
	if s.float {
		out[s.v] = l.splatN(floatConst(vt.(*ir.FloatType), worst.f), lanes)
	} else {
		lt, _ := scalarType(vt)
		out[s.v] = l.splatN(intConst(lt.(*lltypes.IntType), worst.i), lanes)
	}
	lt, _ := scalarType(it)
	out[s.i] = l.splatN(intConst(lt.(*lltypes.IntType), top), lanes)
	return out
}

// selMerge merges two slots of (value, index) partial results by the
// reference comparison: a wins when it is NaN and b is not or has the
// larger index, when it is larger (smaller for argmin), or when it is
// equal with the smaller index.
func (r *reduction) selMerge(a, b []value.Value, lanes int) []value.Value {
	s, blk := r.vec.sel, r.l.cur
	av, ai, bv, bi := a[s.v], a[s.i], b[s.v], b[s.i]
	ilt := blk.NewICmp(enum.IPredSLT, ai, bi)
	var wins value.Value
	if s.float {
		pred := enum.FPredOGT
		if !s.max {
			pred = enum.FPredOLT
		}
		better := blk.NewFCmp(pred, av, bv)
		tie := blk.NewAnd(blk.NewFCmp(enum.FPredOEQ, av, bv), ilt)
		an, bn := blk.NewFCmp(enum.FPredUNO, av, av), blk.NewFCmp(enum.FPredUNO, bv, bv)
		var allTrue value.Value = constant.True
		if lanes > 0 {
			allTrue = r.l.splatN(constant.True, lanes)
		}
		nan := blk.NewAnd(an, blk.NewOr(blk.NewXor(bn, allTrue), ilt))
		wins = blk.NewOr(nan, blk.NewOr(better, tie))
	} else {
		pred := enum.IPredSGT
		if !s.max {
			pred = enum.IPredSLT
		}
		tie := blk.NewAnd(blk.NewICmp(enum.IPredEQ, av, bv), ilt)
		wins = blk.NewOr(blk.NewICmp(pred, av, bv), tie)
	}
	out := make([]value.Value, 2)
	out[s.v] = blk.NewSelect(wins, av, bv)
	out[s.i] = blk.NewSelect(wins, ai, bi)
	return out
}

// selFinish merges the best element of the vector part, best, into the
// accumulators with the body: the body's arguments are bound to best's
// value and index (an iota input's element, or the loop index the index
// was cast from) as if best were the next element.
func (r *reduction) selFinish(accs, best []value.Value) ([]value.Value, error) {
	s, l := r.vec.sel, r.l
	for i, arg := range r.body.Args() {
		switch {
		case !arg.HasUses():
		case i >= r.nIn:
			l.vals[arg] = lval{scalar: accs[i-r.nIn]}
		case i == s.valueIn:
			l.vals[arg] = lval{scalar: best[s.v]}
		case i == s.indexIn:
			l.vals[arg] = lval{scalar: best[s.i]}
		}
	}
	if s.indexIn < 0 {
		// the loop index the casts gave best's index from (indices are
		// not negative: zero extension inverts them)
		iv := best[s.i]
		if w := iv.Type().(*lltypes.IntType).BitSize; w < 64 {
			iv = l.cur.NewZExt(iv, i64)
		}
		r.ivs[r.vec.dim] = iv
	}
	return r.yields()
}
