package randprog

import (
	"fmt"
	"math"
	"slices"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Error bounds (doc.go "Reductions"): for every element of every value of
// a program, what any correct evaluation may give, computed from the
// interpreter's values. An element is exact (bit for bit the
// interpreter's, any NaN equal to any NaN), or a range [lo, hi] of f32
// values (never NaN), or unbounded.
//
// Exact ops on exact operands are exact. A float sum of n terms (the
// reduction's elements; the init value 0 adds nothing) in any order of
// summation is within (n-1)·u·Σ|x_i| of the exact sum (u = 2^-24), so
// the range is the exact sum ± n·eps·Σ|x_i| (eps = 2^-23, and exact sums
// of at most 2 terms are exact in any order); a product of n terms is
// within n·eps of the exact product, relatively. Both hold only if no
// partial sum or product over- or underflows in any order: a sum of
// finite terms whose Σ|x_i| reaches the largest f32, or a product whose
// factors' magnitudes multiply (those above 1, or those below 1) beyond
// the f32 normal range, is unbounded; infinities and NaNs give their
// one result in any order otherwise (inf + -inf is NaN, 0 · inf is NaN).
// Maximum, minimum, argmax and argmin are exact. A Transcendental op on
// exact operands is within TranscendentalULPs of the interpreter's value.
//
// Ranges then propagate through later ops by interval arithmetic: each op
// is monotone in each operand (or bilinear: multiply, divide) on the
// operands' ranges, so its range is spanned by its values at the corners
// of the operands' ranges, rounded to f32 as the op rounds (and widened by
// TranscendentalULPs for a Transcendental op, unless the corner is far
// beyond the f32 range: an infinity everywhere); a corner that is NaN (inf -
// inf, 0 · inf), a factor whose range holds 0 while the other's holds an
// infinity, a divisor or a square root, log or rsqrt whose range crosses
// 0 or the edge of its domain, makes the element unbounded.
// abs and x·x of a range that contains 0 start at 0. select picks its
// branch's bound (the predicate is always exact: the inexact rule);
// discontinuous ops never take a range (the rule), and would be
// unbounded if they did. Broadcasts copy bounds.

type boundKind uint8

const (
	boundExact boundKind = iota
	boundRange
	boundAny
)

// elemBound is the bound of one element.
type elemBound struct {
	kind   boundKind
	lo, hi float64 // boundRange: f32 values, lo <= hi
}

var exactBound = elemBound{}

// eps32 is f32's machine epsilon.
const eps32 = 0x1p-23

// floatFormat is what the bounds need of a float element type: its
// machine epsilon, largest finite value, smallest normal and smallest
// subnormal, how many times the bound of a float sum is widened (f64
// sums are computed here in float64, no wider than the sums they bound,
// so their own rounding needs room too), rounding to nearest and the
// next value toward a direction.
type floatFormat struct {
	eps, max, minNormal, tiny, tolFactor float64
	overflowAt                           float64 // see overflows
	round                                func(x float64) float64
	next                                 func(x, toward float64) float64
}

var (
	f32Format = floatFormat{eps: eps32, max: math.MaxFloat32, minNormal: 0x1p-126, tiny: 0x1p-149, tolFactor: 1, overflowAt: 0x1p128 * (1 + 0x1p-20),
		round: func(x float64) float64 { return float64(float32(x)) },
		next:  func(x, toward float64) float64 { return float64(math.Nextafter32(float32(x), float32(toward))) }}
	f64Format = floatFormat{eps: 0x1p-52, max: math.MaxFloat64, minNormal: 0x1p-1022, tiny: 0x1p-1074, tolFactor: 2, overflowAt: math.Inf(1),
		round: func(x float64) float64 { return x }, next: math.Nextafter}
	// fp is the element type of the value whose bounds are computed
	// (programBounds sets it for each op; f32 otherwise).
	fp = &f32Format
)

// valueBounds are the bounds of one value's elements, row-major; nil
// when all are exact.
type valueBounds []elemBound

func (vb valueBounds) at(i int) elemBound {
	if vb == nil {
		return exactBound
	}
	return vb[i]
}

// down32 and up32 step to the next f32 below and above x (an f32 or an
// infinity).
// (Of fp's type: f64 in contraction mode's f64 programs.)
func down32(x float64) float64 { return fp.next(x, math.Inf(-1)) }
func up32(x float64) float64   { return fp.next(x, math.Inf(1)) }

// roundDown and roundUp round x outward to f32.
func roundDown(x float64) float64 {
	f := fp.round(x)
	if f > x {
		f = down32(f)
	}
	return f
}

func roundUp(x float64) float64 {
	f := fp.round(x)
	if f < x {
		f = up32(f)
	}
	return f
}

// nearest rounds x to the nearest f32 as a correctly rounded op on an
// exact result within 2^-50 of x (relatively) may: x nudged by that much
// in the direction dir (-1 down, +1 up), then rounded to nearest (beyond
// the f32 range, to an infinity).
func nearest(x float64, dir float64) float64 {
	if math.IsInf(x, 0) {
		return x
	}
	return fp.round(x + dir*math.Abs(x)*0x1p-50)
}

// overflows tells whether a result whose exact value is x is an infinity
// even TranscendentalULPs from the correctly rounded f32 (x well beyond
// the largest f32, 2^128 - 2^104).
func overflows(x float64) bool { return math.Abs(x) >= fp.overflowAt }

// ulpRange is v widened by k f32 steps each way.
func ulpRange(v float64, k int) elemBound {
	lo, hi := v, v
	for range k {
		lo, hi = down32(lo), up32(hi)
	}
	return elemBound{kind: boundRange, lo: lo, hi: hi}
}

// boundSet computes and holds the bounds of a program's values.
type boundSet struct {
	p      *Program
	vals   []*interp.Tensor // the interpreter's value of every value id
	bounds []valueBounds
	local  bool // programBounds' local: numpy's per-op view, else native code's
}

// programBounds computes the bounds of the values of p: its inputs and its
// ops' values as the interpreter computed them (trace), up to the first
// op without a value. local computes each op's bound from exact operands
// instead (the interpreter's values), as numpy's per-op comparison sees
// them. It returns an error when the interpreter's own value of an element
// is outside its bound (a bug of the bounds or of the interpreter).
func programBounds(p *Program, trace []*interp.Tensor, local bool) (*boundSet, error) {
	bs := &boundSet{p: p, local: local}
	defer func() { fp = &f32Format }()
	for _, in := range p.Inputs {
		bs.vals = append(bs.vals, in.Data)
		bs.bounds = append(bs.bounds, nil)
	}
	for k, o := range p.Ops {
		if k >= len(trace) || trace[k] == nil {
			break
		}
		bs.vals = append(bs.vals, trace[k])
		var operands []valueBounds
		for _, a := range o.Args {
			if local {
				operands = append(operands, nil)
			} else {
				operands = append(operands, bs.bounds[a])
			}
		}
		fp = &f32Format
		if trace[k].ElemType() == ir.F64T {
			fp = &f64Format
		}
		vb := bs.op(o, operands, trace[k])
		if vb != nil && trace[k].IsFloat() {
			exact := true
			for i, b := range vb {
				v := trace[k].Float(i)
				if b.kind == boundRange && (math.IsNaN(v) || math.IsNaN(b.lo) || math.IsNaN(b.hi) || v < b.lo || v > b.hi) {
					bs.bounds = append(bs.bounds, vb)
					return bs, fmt.Errorf("op %d (%s) element %d: the interpreter's %v is outside its bound [%v, %v]", k, o.Kind, i, v, b.lo, b.hi)
				}
				// A range of one nonzero value (an infinity, say) is
				// that value: exact (a zero's sign may still differ).
				if b.kind == boundRange && b.lo == b.hi && b.lo != 0 {
					vb[i] = exactBound
				}
				exact = exact && vb[i].kind == boundExact
			}
			if exact {
				vb = nil
			}
		}
		bs.bounds = append(bs.bounds, vb)
	}
	return bs, nil
}

// indexer maps a flat index of a result of shape out to the flat index of
// an operand of shape in whose dim d is the result's dim resultDim[d]
// (stretched when it is 1).
func indexer(out, in []int64, resultDim []int64) func(int) int {
	stride := make([]int, len(out)) // the operand stride of each result dim
	s := 1
	for d := len(in) - 1; d >= 0; d-- {
		if in[d] != 1 {
			stride[resultDim[d]] = s
		}
		s *= int(in[d])
	}
	return func(i int) int {
		j := 0
		for d := len(out) - 1; d >= 0; d-- {
			n := int(out[d])
			j += (i % n) * stride[d]
			i /= n
		}
		return j
	}
}

// groups lists, for each element of the reduction over dims of a value of
// shape shape, its elements' flat indices in row-major order.
func groups(shape []int64, dims []int64) [][]int {
	out := make([][]int, numElems(dropDims(shape, dims)))
	n := numElems(shape)
	for i := range n {
		j, rest, mult := 0, i, 1
		for d := len(shape) - 1; d >= 0; d-- {
			c := rest % int(shape[d])
			rest /= int(shape[d])
			if !slices.Contains(dims, int64(d)) {
				j += c * mult
				mult *= int(shape[d])
			}
		}
		out[j] = append(out[j], i)
	}
	return out
}

func numElems(shape []int64) int {
	n := 1
	for _, s := range shape {
		n *= int(s)
	}
	return n
}

// op computes the bounds of o's value res from its operands' bounds.
func (bs *boundSet) op(o Op, operands []valueBounds, res *interp.Tensor) valueBounds {
	allExact := true
	for _, vb := range operands {
		if vb != nil {
			allExact = false
		}
	}
	float := res.IsFloat()
	if !float && allExact {
		return nil
	}
	switch {
	case o.Kind == "constant" || o.Kind == "count":
		return nil
	case o.Kind == "broadcast_in_dim":
		if allExact {
			return nil
		}
		at := indexer(o.Result.Shape, bs.p.value(o.Args[0]).Shape, o.Dims)
		out := make(valueBounds, res.Len())
		for i := range out {
			out[i] = operands[0].at(at(i))
		}
		return out
	case isReduction(o.Kind):
		return bs.reduction(o, operands[0], res)
	case o.Kind == "dot_general":
		return bs.contraction(o, operands, res)
	}
	// Elementwise.
	if allExact && !Transcendental[o.Kind] {
		return nil
	}
	var at []func(int) int
	if len(o.Args) == 1 {
		at = []func(int) int{func(i int) int { return i }}
	} else {
		shape, places, _ := bs.p.runTimeBroadcast(o)
		for i, a := range o.Args {
			at = append(at, indexer(shape, bs.p.value(a).Shape, places[i].ResultDim))
		}
	}
	out := make(valueBounds, res.Len())
	args := make([]elemBound, len(o.Args))
	vals := make([]float64, len(o.Args))
	for i := range out {
		for j, a := range o.Args {
			k := at[j](i)
			args[j] = operands[j].at(k)
			if t := bs.vals[a]; t.IsFloat() {
				vals[j] = t.Float(k)
			} else {
				vals[j] = float64(t.Int(k))
			}
		}
		if !float {
			// compare (or an integer op) of a range: the rule never
			// draws it.
			out[i] = exactBound
			for _, b := range args {
				if b.kind != boundExact {
					out[i] = elemBound{kind: boundAny}
				}
			}
			continue
		}
		out[i] = elementBound(o, args, vals, res.Float(i))
	}
	return out
}

// elementBound is the bound of one element of the elementwise float op o
// whose operands have bounds args and the interpreter's values vals, and
// whose interpreter's value is v.
func elementBound(o Op, args []elemBound, vals []float64, v float64) elemBound {
	if o.Kind == "select" {
		if args[0].kind != boundExact {
			return elemBound{kind: boundAny}
		}
		if vals[0] != 0 {
			return args[1]
		}
		return args[2]
	}
	exact := true
	for _, b := range args {
		switch b.kind {
		case boundAny:
			return b
		case boundRange:
			exact = false
		}
	}
	if exact {
		if !Transcendental[o.Kind] || math.IsNaN(v) {
			return exactBound
		}
		if f := floatFunction(o.Kind); f != nil && math.IsInf(v, 0) && overflows(f(vals)) {
			return exactBound // exp(100), log(0), rsqrt(0): an infinity on every back end
		}
		return ulpRange(v, TranscendentalULPs)
	}
	if Discontinuous[o.Kind] {
		return elemBound{kind: boundAny}
	}
	// Operand intervals; an exact NaN operand gives NaN in every op here.
	lo := make([]float64, len(args))
	hi := make([]float64, len(args))
	for j, b := range args {
		lo[j], hi[j] = vals[j], vals[j]
		if b.kind == boundRange {
			lo[j], hi[j] = b.lo, b.hi
		} else if math.IsNaN(vals[j]) {
			if math.IsNaN(v) {
				return exactBound
			}
			return elemBound{kind: boundAny}
		}
	}
	f := floatFunction(o.Kind)
	if f == nil {
		return elemBound{kind: boundAny}
	}
	// Domains and special shapes.
	switch o.Kind {
	case "sqrt", "log", "rsqrt", "log_plus_one":
		edge := 0.0
		if o.Kind == "log_plus_one" {
			edge = -1
		}
		if hi[0] < edge {
			if math.IsNaN(v) {
				return exactBound
			}
			return elemBound{kind: boundAny}
		}
		if lo[0] < edge || (o.Kind == "rsqrt" && lo[0] <= 0) {
			return elemBound{kind: boundAny}
		}
	case "divide":
		if lo[1] <= 0 && hi[1] >= 0 {
			return elemBound{kind: boundAny}
		}
	case "abs":
		if lo[0] <= 0 && hi[0] >= 0 {
			return elemBound{kind: boundRange, lo: 0, hi: math.Max(-lo[0], hi[0])}
		}
	case "multiply":
		// 0 · inf inside the ranges (not at a corner) is NaN
		for j := range 2 {
			if lo[j] <= 0 && hi[j] >= 0 && (math.IsInf(lo[1-j], 0) || math.IsInf(hi[1-j], 0)) {
				return elemBound{kind: boundAny}
			}
		}
		if o.Args[0] == o.Args[1] && lo[0] <= 0 && hi[0] >= 0 {
			m := math.Max(-lo[0], hi[0])
			return elemBound{kind: boundRange, lo: 0, hi: roundUp(m * m)}
		}
	}
	rlo, rhi := math.Inf(1), math.Inf(-1)
	corner := make([]float64, len(args))
	for c := 0; c < 1<<len(args); c++ {
		for j := range args {
			corner[j] = lo[j]
			if c>>j&1 == 1 {
				corner[j] = hi[j]
			}
		}
		r := f(corner)
		if math.IsNaN(r) {
			return elemBound{kind: boundAny}
		}
		rlo, rhi = math.Min(rlo, r), math.Max(rhi, r)
	}
	b := elemBound{kind: boundRange, lo: nearest(rlo, -1), hi: nearest(rhi, 1)}
	if Transcendental[o.Kind] {
		for range TranscendentalULPs {
			if !(rlo > 0 && overflows(rlo)) {
				b.lo = down32(b.lo)
			}
			if !(rhi < 0 && overflows(rhi)) {
				b.hi = up32(b.hi)
			}
		}
	}
	return b
}

// floatFunction is an elementwise op's function on float64 operands (the
// value before rounding to f32), nil for an op without one here.
func floatFunction(kind string) func(x []float64) float64 {
	unary := func(f func(float64) float64) func([]float64) float64 {
		return func(x []float64) float64 { return f(x[0]) }
	}
	switch kind {
	case "add":
		return func(x []float64) float64 { return x[0] + x[1] }
	case "subtract":
		return func(x []float64) float64 { return x[0] - x[1] }
	case "multiply":
		return func(x []float64) float64 { return x[0] * x[1] }
	case "divide":
		return func(x []float64) float64 { return x[0] / x[1] }
	case "maximum":
		return func(x []float64) float64 { return math.Max(x[0], x[1]) }
	case "minimum":
		return func(x []float64) float64 { return math.Min(x[0], x[1]) }
	case "clamp":
		return func(x []float64) float64 { return math.Min(math.Max(x[1], x[0]), x[2]) }
	case "negate":
		return unary(func(x float64) float64 { return -x })
	case "abs":
		return unary(math.Abs)
	case "sqrt":
		return unary(math.Sqrt)
	case "rsqrt":
		return unary(func(x float64) float64 { return 1 / math.Sqrt(x) })
	case "exponential":
		return unary(math.Exp)
	case "exponential_minus_one":
		return unary(math.Expm1)
	case "log":
		return unary(math.Log)
	case "log_plus_one":
		return unary(math.Log1p)
	case "tanh":
		return unary(math.Tanh)
	case "logistic":
		return unary(func(x float64) float64 { return 1 / (1 + math.Exp(-x)) })
	}
	return nil
}

// reduction computes the bounds of a reduction's result res from its
// input's bounds.
func (bs *boundSet) reduction(o Op, in valueBounds, res *interp.Tensor) valueBounds {
	x := bs.vals[o.Args[0]]
	floatSum := x.IsFloat() && (o.Kind == "reduce_sum" || o.Kind == "reduce_prod")
	if in == nil && !floatSum {
		return nil // exact: integers, max, min, argmax on exact inputs
	}
	gs := groups(x.Shape(), o.RDims)
	out := make(valueBounds, len(gs))
	terms := make([]elemBound, 0, 16)
	vals := make([]float64, 0, 16)
	for j, g := range gs {
		terms, vals = terms[:0], vals[:0]
		for _, i := range g {
			terms = append(terms, in.at(i))
			if x.IsFloat() {
				vals = append(vals, x.Float(i))
			}
		}
		switch o.Kind {
		case "reduce_sum":
			out[j] = sumBound(terms, vals)
		case "reduce_prod":
			out[j] = prodBound(terms, vals)
		case "reduce_max", "reduce_min":
			out[j] = extremeBound(terms, vals, o.Kind == "reduce_max")
		default: // argmax, argmin: exact inputs only (the rule)
			out[j] = exactBound
			for _, t := range terms {
				if t.kind != boundExact {
					out[j] = elemBound{kind: boundAny}
				}
			}
		}
	}
	return out
}

// interval returns a term's range (an exact term's value twice) and
// whether it is unbounded.
func interval(t elemBound, v float64) (lo, hi float64, unbounded bool) {
	switch t.kind {
	case boundAny:
		return 0, 0, true
	case boundRange:
		return t.lo, t.hi, false
	}
	return v, v, false
}

// sumBound is the bound of a float sum of terms (vals: the interpreter's
// values).
func sumBound(terms []elemBound, vals []float64) elemBound {
	n := len(terms)
	allExact := true
	var posSure, negSure, posMaybe, negMaybe bool
	var s, l, h float64 // Σ max|.|, Σ lo, Σ hi over the finite terms
	for i, t := range terms {
		lo, hi, unbounded := interval(t, vals[i])
		if unbounded {
			return elemBound{kind: boundAny}
		}
		if t.kind != boundExact {
			allExact = false
		}
		if math.IsNaN(lo) {
			return exactBound // NaN in any order
		}
		posMaybe = posMaybe || math.IsInf(hi, 1)
		negMaybe = negMaybe || math.IsInf(lo, -1)
		posSure = posSure || math.IsInf(lo, 1)
		negSure = negSure || math.IsInf(hi, -1)
		if !math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
			s += math.Max(math.Abs(lo), math.Abs(hi))
			l += lo
			h += hi
		}
	}
	tol := fp.tolFactor * float64(n) * fp.eps * s
	tooBig := s+tol >= fp.max
	switch {
	case posSure && negSure:
		return exactBound // inf + -inf: NaN in any order
	case posMaybe && negMaybe, posMaybe && !posSure, negMaybe && !negSure:
		return elemBound{kind: boundAny}
	case posSure || negSure:
		if tooBig {
			return elemBound{kind: boundAny}
		}
		return exactBound
	case tooBig:
		return elemBound{kind: boundAny}
	case allExact && n <= 2:
		return exactBound
	}
	b := elemBound{kind: boundRange, lo: roundDown(l - tol), hi: roundUp(h + tol)}
	// A sum of terms of one sign has that sign in any order.
	if !slices.ContainsFunc(terms, func(t elemBound) bool { return t.kind == boundRange && t.lo < 0 }) &&
		!slices.ContainsFunc(vals, func(v float64) bool { return v < 0 }) {
		b.lo = math.Max(b.lo, 0)
	}
	if !slices.ContainsFunc(terms, func(t elemBound) bool { return t.kind == boundRange && t.hi > 0 }) &&
		!slices.ContainsFunc(vals, func(v float64) bool { return v > 0 }) {
		b.hi = math.Min(b.hi, 0)
	}
	return b
}

// prodBound is the bound of a float product of terms.
func prodBound(terms []elemBound, vals []float64) elemBound {
	n := len(terms)
	allExact := true
	zeros, infs := 0, 0
	neg := false
	big, small := 1.0, 1.0 // products of the magnitudes above and below 1
	mlo, mhi := 1.0, 1.0
	for i, t := range terms {
		lo, hi, unbounded := interval(t, vals[i])
		if unbounded {
			return elemBound{kind: boundAny}
		}
		if math.IsNaN(lo) {
			return exactBound
		}
		if t.kind == boundExact {
			switch {
			case lo == 0:
				zeros++
				neg = neg != math.Signbit(lo)
				continue
			case math.IsInf(lo, 0):
				infs++
				neg = neg != (lo < 0)
				continue
			}
		} else {
			allExact = false
			if (lo <= 0 && hi >= 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
				return elemBound{kind: boundAny}
			}
		}
		if hi < 0 {
			neg = !neg
			lo, hi = -hi, -lo
		}
		mlo *= lo
		mhi *= hi
		big *= math.Max(1, hi)
		small *= math.Min(1, lo)
	}
	rel := fp.tolFactor * float64(n) * fp.eps
	if big*(1+rel) >= fp.max || small*(1-rel) < fp.minNormal {
		return elemBound{kind: boundAny} // some order over- or underflows
	}
	if zeros > 0 || infs > 0 || (allExact && n <= 2) {
		return exactBound // 0 · inf is NaN; the sign is the product's
	}
	lo, hi := mlo*(1-rel), mhi*(1+rel)
	if neg {
		lo, hi = -hi, -lo
	}
	return elemBound{kind: boundRange, lo: roundDown(lo), hi: roundUp(hi)}
}

// extremeBound is the bound of a float maximum (or minimum) of terms: an
// exact NaN is NaN in any order; ranges give the range of the extremes.
func extremeBound(terms []elemBound, vals []float64, isMax bool) elemBound {
	lo, hi := math.Inf(1), math.Inf(1)
	if isMax {
		lo, hi = math.Inf(-1), math.Inf(-1)
	}
	allExact := true
	for i, t := range terms {
		tlo, thi, unbounded := interval(t, vals[i])
		if unbounded {
			return elemBound{kind: boundAny}
		}
		if math.IsNaN(tlo) {
			return exactBound
		}
		if t.kind != boundExact {
			allExact = false
		}
		if isMax {
			lo, hi = math.Max(lo, tlo), math.Max(hi, thi)
		} else {
			lo, hi = math.Min(lo, tlo), math.Min(hi, thi)
		}
	}
	if allExact {
		return exactBound
	}
	return elemBound{kind: boundRange, lo: lo, hi: hi}
}

// checkBound checks value got (of an element whose interpreter value is
// want) against its bound; ratio is |got - want| over the room the bound
// leaves on that side (0 when they are equal or the bound is exact).
func checkBound(b elemBound, got, want float64) (ok bool, ratio float64) {
	switch b.kind {
	case boundAny:
		return true, 0
	case boundExact:
		if math.IsNaN(got) || math.IsNaN(want) {
			return math.IsNaN(got) && math.IsNaN(want), 0
		}
		return math.Float64bits(got) == math.Float64bits(want), 0 // an f32 converts to float64 exactly
	}
	if math.IsNaN(got) || got < b.lo || got > b.hi {
		return false, math.Inf(1)
	}
	if got == want {
		return true, 0
	}
	room := b.hi - want
	if got < want {
		room = want - b.lo
	}
	return true, math.Abs(got-want) / room
}

func (b elemBound) String() string {
	switch b.kind {
	case boundExact:
		return "exact"
	case boundAny:
		return "unbounded"
	}
	if float64(float32(b.lo)) == b.lo && float64(float32(b.hi)) == b.hi {
		return fmt.Sprintf("[%v, %v]", float32(b.lo), float32(b.hi))
	}
	return fmt.Sprintf("[%v, %v]", b.lo, b.hi)
}
