package hlo

import (
	"math"
	"math/bits"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// This file holds the constant folders of the elementwise ops: an op whose
// operands are all hlo constants and whose result is a static tensor of at
// most MaxFoldElements elements becomes a constant. Operands broadcast as
// the op says (broadcast.Infer gives each operand's placement), so
// `add(dense<[1, 2]>, dense<10>)` folds too. Semantics are StableHLO's:
// integers wrap; signless and signed integers are signed, ui* unsigned;
// integer remainder truncates (C's %), as does float remainder (C's fmod);
// shifts by the bit width or more give 0, or the sign for
// shift_right_arithmetic; maximum and minimum propagate NaN. Integer
// division by zero (and INT_MIN / -1), an integer power with a negative
// exponent, and compares of type TOTALORDER are left to run time. Where an
// arith op has the same semantics its scalar function is reused.
//
// The folders are attached in this file's init, which must run after
// elementwise.go's registers the ops: Go runs a package's init functions in
// the order of their file names, and "fold.go" sorts after
// "elementwise.go" (TestFoldersAttached checks it).

// MaxFoldElements bounds the size of a folded constant.
const MaxFoldElements = 1024

// attachFolders gives the elementwise ops their folders; elementwise.go's
// init calls it before registering the ops, so the order of files does
// not matter.
func attachFolders(defs map[string]*ir.OpDef) {
	for _, b := range BinaryOps {
		if f := binaryFolder(b.Name); f != nil {
			defs["hlo."+b.Name].Fold = f
		}
	}
	for _, u := range UnaryOps {
		if f := unaryFolders[u.Name]; f != nil {
			defs["hlo."+u.Name].Fold = unaryFold(f)
		}
	}
	defs["hlo.compare"].Fold = foldCompare
	defs["hlo.select"].Fold = foldSelect
	defs["hlo.clamp"].Fold = foldClamp
}

// elem is one element value: f for floats, i for integers (sign- or
// zero-extended by the element type, i1 as 0 or 1).
type elem struct {
	f float64
	i int64
}

// operandValues reads the constant operands of op, each expanded to the
// result's shape through its broadcast placement. It returns nil if an
// operand is not a constant or the result is not a small static tensor.
func operandValues(op *ir.Operation, c []ir.Attribute) (rt *ir.RankedTensorType, vals [][]elem) {
	rt = rankedTensor(op.Result(0).Type())
	if rt == nil || !rt.HasStaticShape() || ir.NumElements(rt.Shape()) > MaxFoldElements {
		return nil, nil
	}
	in := make([]broadcast.Operand, len(c))
	dense := make([]*ir.DenseElementsAttr, len(c))
	for i, a := range c {
		d, ok := a.(*ir.DenseElementsAttr)
		if !ok || !d.Type.HasRank() || !ir.IsStaticShape(d.Type.Shape()) {
			return nil, nil
		}
		dense[i] = d
		in[i] = broadcast.Operand{Shape: d.Type.Shape(), Ranked: true}
	}
	spec, err := BroadcastSpec(op)
	if err != nil {
		return nil, nil
	}
	_, places, _, conflict := broadcast.Infer(in, spec)
	if conflict != nil {
		return nil, nil
	}
	shape := rt.Shape()
	n := ir.NumElements(shape)
	idx := make([]int64, len(shape))
	vals = make([][]elem, len(c))
	for i := range vals {
		vals[i] = make([]elem, n)
	}
	for lin := int64(0); lin < n; lin++ {
		// idx is the multi-index of lin.
		r := lin
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d] = r % shape[d]
			r /= shape[d]
		}
		for i, d := range dense {
			at := sourceIndex(d.Type.Shape(), places[i].ResultDim, idx)
			if ir.IsFloat(d.Type.ElementType()) {
				vals[i][lin].f = d.FloatAt(at)
			} else {
				vals[i][lin].i = d.IntAt(at)
			}
		}
	}
	return rt, vals
}

// sourceIndex is the linear index, in an operand of shape shape placed at
// result dims place, of the element that broadcasts to result index idx.
func sourceIndex(shape, place, idx []int64) int64 {
	at := int64(0)
	for k, to := range place {
		at *= shape[k]
		if shape[k] != 1 {
			at += idx[to]
		}
	}
	return at
}

// BroadcastConstant returns the constant d broadcast to the static type t
// with operand dim k feeding result dim dims[k] (hlo.broadcast_in_dim's
// rule), or nil if t has more than MaxFoldElements elements (a splat
// broadcasts at any size).
func BroadcastConstant(d *ir.DenseElementsAttr, dims []int64, t *ir.RankedTensorType) *ir.DenseElementsAttr {
	if !t.HasStaticShape() || d.NumElements() == 0 || t.ElementType() != d.Type.ElementType() || len(dims) != len(d.Type.Shape()) {
		return nil
	}
	if d.IsSplatValue() {
		splat, err := ir.NewDenseSplat(t, d.ElementAttr(0))
		if err != nil {
			return nil
		}
		return splat
	}
	shape := t.Shape()
	n := ir.NumElements(shape)
	if n > MaxFoldElements {
		return nil
	}
	idx := make([]int64, len(shape))
	from := d.Type.Shape()
	out := make([]elem, n)
	for lin := int64(0); lin < n; lin++ {
		r := lin
		for k := len(shape) - 1; k >= 0; k-- {
			idx[k] = r % shape[k]
			r /= shape[k]
		}
		at := sourceIndex(from, dims, idx)
		if ir.IsFloat(t.ElementType()) {
			out[lin].f = d.FloatAt(at)
		} else {
			out[lin].i = d.IntAt(at)
		}
	}
	return result(t, out)[0].Attr.(*ir.DenseElementsAttr)
}

// result builds the folded constant of type rt from out (floats or ints
// by rt's element type).
func result(rt *ir.RankedTensorType, out []elem) []ir.FoldResult {
	et := rt.ElementType()
	same := true
	for _, e := range out {
		same = same && e == out[0]
	}
	if same && len(out) > 0 {
		out = out[:1]
	}
	if ft, ok := et.(*ir.FloatType); ok {
		fs := make([]float64, len(out))
		for i, e := range out {
			fs[i] = ir.RoundToFloatType(e.f, ft.Kind)
		}
		return []ir.FoldResult{{Attr: ir.NewDenseFloats(rt, fs)}}
	}
	is := make([]int64, len(out))
	for i, e := range out {
		is[i] = ir.TruncateInt(e.i, et)
	}
	return []ir.FoldResult{{Attr: ir.NewDenseInts(rt, is)}}
}

// intType returns the integer type of an element (index folds as i64).
func intType(t ir.Type) *ir.IntegerType {
	if it, ok := t.(*ir.IntegerType); ok {
		return it
	}
	return ir.I64
}

func unsigned(t *ir.IntegerType) bool { return t.Sign == ir.Unsigned || t.Width == 1 }

// arithFn returns an arith binary op's scalar functions.
func arithFn(name string) (func(a, b float64) float64, func(a, b int64, t *ir.IntegerType) (int64, bool)) {
	for _, b := range arith.BinaryOps {
		if b.Name == name {
			return b.F, b.I
		}
	}
	return nil, nil
}

// binaryFns are the scalar functions of one binary op: a float function
// and an integer function per signedness (nil: not folded), and one for
// i1 where it is not unsigned's (add: XLA's pred add is or).
type binaryFns struct {
	f                      func(a, b float64) float64
	signed, unsigned, bool func(a, b int64, t *ir.IntegerType) (int64, bool)
}

func fromArith(f, s, u string) binaryFns {
	var fns binaryFns
	if f != "" {
		fns.f, _ = arithFn(f)
	}
	_, fns.signed = arithFn(s)
	_, fns.unsigned = arithFn(u)
	return fns
}

func binaryFnsOf(name string) (binaryFns, bool) {
	switch name {
	case "add":
		fns := fromArith("addf", "addi", "addi")
		_, fns.bool = arithFn("ori")
		return fns, true
	case "subtract":
		return fromArith("subf", "subi", "subi"), true
	case "multiply":
		return fromArith("mulf", "muli", "muli"), true
	case "divide":
		return fromArith("divf", "divsi", "divui"), true
	case "remainder":
		return fromArith("remf", "remsi", "remui"), true
	case "maximum":
		return fromArith("maximumf", "maxsi", "maxui"), true
	case "minimum":
		return fromArith("minimumf", "minsi", "minui"), true
	case "and":
		return fromArith("", "andi", "andi"), true
	case "or":
		return fromArith("", "ori", "ori"), true
	case "xor":
		return fromArith("", "xori", "xori"), true
	case "power":
		return binaryFns{f: math.Pow, signed: powInt, unsigned: powInt}, true
	case "atan2":
		return binaryFns{f: math.Atan2}, true
	case "shift_left":
		return binaryFns{signed: shiftLeft, unsigned: shiftLeft}, true
	case "shift_right_logical":
		return binaryFns{signed: shiftRightLogical, unsigned: shiftRightLogical}, true
	case "shift_right_arithmetic":
		return binaryFns{signed: shiftRightArithmetic, unsigned: shiftRightArithmetic}, true
	}
	return binaryFns{}, false
}

// binaryFolder returns the folder of a binary op.
func binaryFolder(name string) func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	fns, ok := binaryFnsOf(name)
	if !ok {
		return nil
	}
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		rt, vals := operandValues(op, c)
		if rt == nil {
			return nil
		}
		out := make([]elem, len(vals[0]))
		if ir.IsFloat(rt.ElementType()) {
			if fns.f == nil {
				return nil
			}
			for i := range out {
				out[i].f = fns.f(vals[0][i].f, vals[1][i].f)
			}
			return result(rt, out)
		}
		it := intType(rt.ElementType())
		fn := fns.signed
		switch {
		case it.Width == 1 && fns.bool != nil:
			fn = fns.bool
		case unsigned(it):
			fn = fns.unsigned
		}
		if fn == nil {
			return nil
		}
		for i := range out {
			v, ok := fn(vals[0][i].i, vals[1][i].i, it)
			if !ok {
				return nil
			}
			out[i].i = v
		}
		return result(rt, out)
	}
}

// widthMask is the all-ones value of t's width.
func widthMask(t *ir.IntegerType) uint64 {
	if t.Width >= 64 {
		return math.MaxUint64
	}
	return 1<<t.Width - 1
}

// shiftAmount is b as an unsigned shift count; ok is false when it is the
// width or more.
func shiftAmount(b int64, t *ir.IntegerType) (uint, bool) {
	n := uint64(b) & widthMask(t)
	return uint(n), n < uint64(t.Width)
}

func shiftLeft(a, b int64, t *ir.IntegerType) (int64, bool) {
	n, ok := shiftAmount(b, t)
	if !ok {
		return 0, true
	}
	return a << n, true
}

func shiftRightLogical(a, b int64, t *ir.IntegerType) (int64, bool) {
	n, ok := shiftAmount(b, t)
	if !ok {
		return 0, true
	}
	return int64((uint64(a) & widthMask(t)) >> n), true
}

func shiftRightArithmetic(a, b int64, t *ir.IntegerType) (int64, bool) {
	// The value's bits read as signed, whatever the type's signedness.
	s := signExtend(a, t)
	n, ok := shiftAmount(b, t)
	if !ok {
		n = 63
	}
	return s >> n, true
}

// signExtend reads the low t.Width bits of a as a signed number.
func signExtend(a int64, t *ir.IntegerType) int64 {
	if t.Width >= 64 {
		return a
	}
	shift := 64 - t.Width
	return a << shift >> shift
}

// powInt is integer exponentiation by squaring, wrapping; a negative
// exponent is left to run time.
func powInt(a, b int64, t *ir.IntegerType) (int64, bool) {
	if b < 0 && !unsigned(t) {
		return 0, false
	}
	r := int64(1)
	for e := uint64(b); e > 0; e >>= 1 {
		if e&1 != 0 {
			r *= a
		}
		a *= a
	}
	return r, true
}

// unaryFn is a unary op's scalar function: f for floats, i for integers
// (nil: not folded).
type unaryFn struct {
	f func(x float64) float64
	i func(x int64, t *ir.IntegerType) int64
}

var unaryFolders = map[string]*unaryFn{
	"negate": {f: func(x float64) float64 { return -x }, i: func(x int64, _ *ir.IntegerType) int64 { return -x }},
	"abs": {f: math.Abs, i: func(x int64, t *ir.IntegerType) int64 {
		if x < 0 && !unsigned(t) {
			return -x
		}
		return x
	}},
	"exponential":           {f: math.Exp},
	"exponential_minus_one": {f: math.Expm1},
	"log":                   {f: math.Log},
	"log_plus_one":          {f: math.Log1p},
	"sqrt":                  {f: math.Sqrt},
	"rsqrt":                 {f: func(x float64) float64 { return 1 / math.Sqrt(x) }},
	"cbrt":                  {f: math.Cbrt},
	"tanh":                  {f: math.Tanh},
	"logistic":              {f: func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }},
	"floor":                 {f: math.Floor},
	"ceil":                  {f: math.Ceil},
	"round_nearest_even":    {f: math.RoundToEven},
	"sign": {f: func(x float64) float64 {
		if x == 0 || math.IsNaN(x) {
			return x
		}
		return math.Copysign(1, x)
	}, i: func(x int64, t *ir.IntegerType) int64 {
		switch {
		case x == 0:
			return 0
		case x < 0 && !unsigned(t):
			return -1
		}
		return 1
	}},
	"not": {i: func(x int64, t *ir.IntegerType) int64 {
		if t.Width == 1 {
			return 1 - x
		}
		return ^x
	}},
	"popcnt": {i: func(x int64, t *ir.IntegerType) int64 {
		return int64(bits.OnesCount64(uint64(x) & widthMask(t)))
	}},
	"is_finite": {f: func(x float64) float64 {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return 0
		}
		return 1
	}},
}

// unaryFold folds a unary op with function fn.
func unaryFold(fn *unaryFn) func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		rt, vals := operandValues(op, c)
		if rt == nil {
			return nil
		}
		out := make([]elem, len(vals[0]))
		in := ir.ElementTypeOf(op.Operand(0).Type())
		switch {
		case ir.IsFloat(in) && fn.f != nil:
			for i := range out {
				v := fn.f(vals[0][i].f)
				out[i] = elem{f: v, i: int64(v)} // is_finite gives an i1 0 or 1
			}
		case !ir.IsFloat(in) && fn.i != nil:
			it := intType(in)
			for i := range out {
				out[i].i = fn.i(vals[0][i].i, it)
			}
		default:
			return nil
		}
		return result(rt, out)
	}
}

// foldCompare folds hlo.compare (not TOTALORDER) to an i1 constant.
func foldCompare(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	dir, ct := Direction(op), CompareTypeOf(op)
	if ct == "TOTALORDER" {
		return nil
	}
	et := ir.ElementTypeOf(op.Operand(0).Type())
	out := make([]elem, len(vals[0]))
	for i := range out {
		var less, equal, unordered bool
		a, b := vals[0][i], vals[1][i]
		if ir.IsFloat(et) {
			unordered = math.IsNaN(a.f) || math.IsNaN(b.f)
			less, equal = a.f < b.f, a.f == b.f
		} else {
			it := intType(et)
			uns := ct == "UNSIGNED" || (ct != "SIGNED" && unsigned(it))
			if uns {
				less = uint64(a.i)&widthMask(it) < uint64(b.i)&widthMask(it)
			} else {
				less = signExtend(a.i, it) < signExtend(b.i, it)
			}
			equal = uint64(a.i)&widthMask(it) == uint64(b.i)&widthMask(it)
		}
		var r bool
		switch dir {
		case "EQ":
			r = equal
		case "NE":
			r = !equal || unordered
		case "LT":
			r = less
		case "LE":
			r = less || equal
		case "GT":
			r = !less && !equal && !unordered
		case "GE":
			r = !less && !unordered
		default:
			return nil
		}
		if r {
			out[i].i = 1
		}
	}
	return result(rt, out)
}

// foldSelect picks a branch when the predicate is one constant, or folds
// all-constant operands.
func foldSelect(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rtype := op.Result(0).Type()
	// select(p, x, x) is x only if p's shape cannot fail the broadcast at
	// run time: a predicate with a dynamic dim may not fit, and that error
	// must not be folded away.
	if pt, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && pt.HasStaticShape() &&
		op.Operand(1) == op.Operand(2) && op.Operand(1).Type() == rtype {
		return []ir.FoldResult{{Value: op.Operand(1)}}
	}
	if p, ok := c[0].(*ir.DenseElementsAttr); ok && p.IsSplatValue() && p.NumElements() > 0 {
		pick := op.Operand(2)
		if p.IntAt(0) != 0 {
			pick = op.Operand(1)
		}
		if pick.Type() == rtype {
			return []ir.FoldResult{{Value: pick}}
		}
	}
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	out := make([]elem, len(vals[0]))
	for i := range out {
		if vals[0][i].i != 0 {
			out[i] = vals[1][i]
		} else {
			out[i] = vals[2][i]
		}
	}
	return result(rt, out)
}

// foldClamp folds clamp(min, x, max) = min(max(x, min), max).
func foldClamp(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	rt, vals := operandValues(op, c)
	if rt == nil {
		return nil
	}
	maxFns, _ := binaryFnsOf("maximum")
	minFns, _ := binaryFnsOf("minimum")
	out := make([]elem, len(vals[0]))
	if ir.IsFloat(rt.ElementType()) {
		for i := range out {
			out[i].f = minFns.f(maxFns.f(vals[1][i].f, vals[0][i].f), vals[2][i].f)
		}
		return result(rt, out)
	}
	it := intType(rt.ElementType())
	mx, mn := maxFns.signed, minFns.signed
	if unsigned(it) {
		mx, mn = maxFns.unsigned, minFns.unsigned
	}
	for i := range out {
		v, _ := mx(vals[1][i].i, vals[0][i].i, it)
		out[i].i, _ = mn(v, vals[2][i].i, it)
	}
	return result(rt, out)
}
