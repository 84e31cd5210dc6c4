package lower

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// hlo.reduce_window becomes one linalg.generic whose every index read is
// inside its inputs, so that neither the interpreter nor lower/llvm (whose
// run-time index checks reject an out-of-range read) ever reads padding:
// nothing is padded or copied (no tensor.pad), and the window's padding
// and dilation holes, which StableHLO fills with the init value, are not
// read at all.
//
// Each input dim is one of two kinds (Window: size, stride s, base
// dilation bd, window dilation wd, padding lo and hi):
//
//   - direct: a window of one element that never leaves the input (size
//     1, no base dilation, lo <= 0 and hi <= 0, as the dims that cumsum
//     does not scan and the batch and channel dims of pooling): the
//     result dim's loop o reads the input at `o * s - lo` (`o` for the
//     usual s = 1, lo = 0), with no reduction loop; but for a bare `o`
//     (s = 1, lo = 0) that is shorter than the input (hi < 0), which
//     would give the loop two sizes, a masked dim;
//   - masked (any other): a `reduction` loop j over the whole input dim
//     (the identity read `j`, always in range), and a mask in the body:
//     element j is at position t = j * bd + lo of the padded input and the
//     window of result index o covers positions o * s + w * wd for
//     w in [0, size); the body adds the element to the accumulator when
//     t >= o * s, t <= o * s + (size - 1) * wd and (t - o * s) mod wd is
//     0, and keeps the accumulator otherwise (arith.select on
//     linalg.index; a condition always true for the static sizes is not
//     emitted).
//
// The elements of a window are visited in row-major order of the window
// dims, as the interpreter visits them (interp/reduction.go), so each
// result element is the same fold of the body over the same elements.
// What this skips is the body applied to the init value at each padding or
// dilation position, so it is exact only when that application leaves
// the accumulator as it is: a window that reads padding or holes is
// lowered only for a one-input body of one binary op whose init value is
// neutral for it (paddingNeutral: add and xor from a constant 0,
// multiply from 1, maximum, minimum, and, or from any value, since the
// accumulator never passes it). That covers cumsum, cumprod, cummax and
// cummin (JAX pads with n - 1 init values before each element, or after
// for reverse=True) and max and sum pooling (-inf and 0 padding); other
// bodies with padding (cumlogsumexp, argmax pooling) fail with "has no
// lowering to linalg". A result with no windows (a dim of size 0) is a
// tensor.empty.
//
// cumsum along a dim of n elements (window n, padding [n - 1, 0]) is a
// loop nest over (o, j) of n * n iterations with the mask j <= o:
// quadratic, as the window is (a prefix scan would be linear, but is no
// generic). A masked dim must have a static size; a direct dim may be
// dynamic when its read is the identity. Pooling with a window that stays
// inside the input reads its whole dim per result too (a loop over the
// window with a fake window operand, MLIR's form, would be cheaper).
// Without a masked dim, the result is the body applied once to each read
// element and the init value: an all-parallel generic reading the init
// values as rank-0 inputs.

// windowDim is how the generic reads one input dim of a reduce_window.
type windowDim struct {
	masked bool
	// direct: the read's map result in the result dim's loop.
	read affine.Expr
	// masked: the loop j's position among the loops, and the window.
	loop                         int
	size, stride, bd, wd, lo, hi int64
	n, out                       int64 // the input's and result's sizes
}

// convertReduceWindow turns hlo.reduce_window into one linalg.generic.
//
// Signed and unsigned integers are reduced on their signless views, as in
// convertReduce.
func (l *lowering) convertReduceWindow(op *ir.Operation) error {
	n := op.NumOperands() / 2
	shape, err := reductionShape(op, n)
	if err != nil {
		return err
	}
	rank := len(shape)
	w := hlo.WindowOf(op)
	dims := make([]windowDim, rank)
	masked, readsInit := 0, false
	for d, size := range shape {
		wd := windowDim{size: w.Dimensions[d], stride: w.Strides[d], bd: w.BaseDilations[d], wd: w.WindowDilations[d],
			lo: w.Padding[d][0], hi: w.Padding[d][1], n: size, out: w.NumWindows(d, size)}
		// A direct read `o` (stride 1, no padding) must have the result's
		// size: the loop takes its bound from both.
		plainShorter := wd.stride == 1 && wd.lo == 0 && wd.hi < 0
		if wd.size == 1 && (wd.bd == 1 || size == 1) && wd.lo <= 0 && wd.hi <= 0 && !plainShorter {
			if size == ir.Dynamic && (wd.stride != 1 || wd.lo != 0 || wd.hi != 0) {
				return op.Emit("has a dynamic input dim %d read with stride %d and padding [%d, %d]; only its static form is lowered to linalg", d, wd.stride, wd.lo, wd.hi)
			}
			wd.read = affine.Add(affine.Mul(affine.Dim(d), affine.Const(wd.stride)), affine.Const(-wd.lo))
		} else {
			if size == ir.Dynamic {
				return op.Emit("has a window of %d along dynamic input dim %d; windows along dynamic dims are not lowered to linalg yet", wd.size, d)
			}
			wd.masked, wd.loop = true, rank+masked
			masked++
			readsInit = readsInit || wd.lo > 0 || wd.hi > 0 || wd.bd > 1 && size > 1
		}
		dims[d] = wd
	}
	if readsInit && !paddingNeutral(op) {
		return op.Emit("has no lowering to linalg: its windows read padding or dilation holes, which is lowered only for a body of one add, multiply, maximum, minimum, and, or, xor on one input whose init value is neutral for it (a constant 0 for add and xor, 1 for multiply)")
	}
	b := ir.Before(op)
	if slices.ContainsFunc(dims, func(wd windowDim) bool { return wd.out == 0 }) {
		// No windows: empty results, and maps that need not stay in range.
		vals := make([]*ir.Value, n)
		for k := range vals {
			vals[k] = windowResult(b, op, k, dims, op.Operand(0))
		}
		return replaceReduction(op, vals)
	}
	l.resetAccesses()
	nLoops := rank + masked
	read := make([]affine.Expr, rank)
	for d, wd := range dims {
		if wd.masked {
			read[d] = affine.Dim(wd.loop)
		} else {
			read[d] = wd.read
		}
	}
	inMap := affine.NewMap(nLoops, 0, read...)
	outMap := projection(nLoops, iotaInts(rank))
	operands := make([]*ir.Value, 0, 3*n)
	maps := make([]affine.Map, 0, 3*n)
	for k := range n {
		operands = append(operands, signlessView(b, l.sizedRead(op.Operand(k), rank).value))
		maps = append(maps, inMap)
	}
	if masked == 0 {
		for k := range n {
			operands = append(operands, signlessView(b, op.Operand(n+k)))
			maps = append(maps, affine.NewMap(nLoops, 0))
		}
	}
	nIns := len(operands)
	for k := range n {
		var init *ir.Value
		if masked > 0 {
			init = scalarOf(b, op.Operand(n+k))
		}
		out := windowResult(b, op, k, dims, operands[0])
		if init != nil {
			out = linalg.NewFill(b, init, out, op.Loc).Result(0)
		}
		operands = append(operands, out)
		maps = append(maps, outMap)
	}
	iterators := parallel(nLoops)
	for i := rank; i < nLoops; i++ {
		iterators[i] = linalg.Reduction
	}
	gen, body := newReductionGeneric(b, op, operands, maps, iterators, nIns)
	args := body.Args()
	bb := bodyBuilder(op, body)
	accs := args[nIns:]
	if masked == 0 {
		accs = args[n:nIns]
	}
	vals, err := l.convertReducerBody(op, ir.Before(gen), bb, append(append([]*ir.Value{}, accs...), args[:n]...))
	if err != nil {
		return err
	}
	if in := windowMask(bb, dims); in != nil {
		for k, v := range vals {
			vals[k] = arith.NewSelect(bb, in, v, accs[k])
		}
	}
	bb.Create(&ir.OpState{Name: linalg.Yield.Name, Operands: vals})
	return replaceReduction(op, gen.Results())
}

// windowResult builds, at b, the tensor.empty of result k of op, a
// reduce_window of windows dims whose first input is x.
func windowResult(b *ir.Builder, op *ir.Operation, k int, dims []windowDim, x *ir.Value) *ir.Value {
	rt := op.Result(k).Type().(*ir.RankedTensorType)
	var dyn []*ir.Value
	for d, s := range rt.Shape() {
		if s != ir.Dynamic {
			continue
		}
		if dims[d].n != ir.Dynamic {
			dyn = append(dyn, indexConst(b, dims[d].out))
		} else {
			dyn = append(dyn, sizeOfDim(b, x, d)) // an identity read
		}
	}
	return b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{signlessType(rt)}, Loc: op.Loc}).Result(0)
}

// reductionShape returns the shape of the n inputs of a reduction, their
// static sizes merged.
func reductionShape(op *ir.Operation, n int) ([]int64, error) {
	var shape []int64
	for k := range n {
		t, ok := op.Operand(k).Type().(*ir.RankedTensorType)
		if !ok {
			return nil, op.Emit("needs ranked inputs to be lowered to linalg")
		}
		if shape == nil {
			shape = append([]int64{}, t.Shape()...)
		}
		for d, s := range t.Shape() {
			if shape[d] == ir.Dynamic {
				shape[d] = s
			}
		}
	}
	return shape, nil
}

func iotaInts(n int) []int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = i
	}
	return xs
}

// windowMask builds, with bb, the i1 that says whether the element of
// the current iteration is in the window of the current result element
// (the conjunction of each masked dim's conditions), or returns nil when
// it always is.
func windowMask(bb *ir.Builder, dims []windowDim) *ir.Value {
	var in *ir.Value
	and := func(c *ir.Value) {
		if in == nil {
			in = c
		} else {
			in = arith.Build(bb, arith.AndI, ir.I1, in, c)
		}
	}
	csts := map[int64]*ir.Value{}
	cst := func(c int64) *ir.Value {
		if csts[c] == nil {
			csts[c] = indexConst(bb, c)
		}
		return csts[c]
	}
	mul := func(v *ir.Value, c int64) *ir.Value {
		if c == 1 {
			return v
		}
		return arith.Build(bb, arith.MulI, ir.Index, v, cst(c))
	}
	add := func(v *ir.Value, c int64) *ir.Value {
		if c == 0 {
			return v
		}
		return arith.Build(bb, arith.AddI, ir.Index, v, cst(c))
	}
	for d, wd := range dims {
		if !wd.masked {
			continue
		}
		// Element j is at t = j*bd + lo of the padded input; the window of
		// result o starts at u = o*s and ends at u + (size-1)*wd.
		firstAlways := wd.out <= 0 || wd.lo >= (wd.out-1)*wd.stride
		lastAlways := wd.n <= 0 || (wd.n-1)*wd.bd+wd.lo <= (wd.size-1)*wd.wd
		if firstAlways && lastAlways && wd.wd == 1 {
			continue
		}
		o, j := linalg.NewIndex(bb, d), linalg.NewIndex(bb, wd.loop)
		jt, u := mul(j, wd.bd), mul(o, wd.stride)
		if !firstAlways { // j*bd >= o*s - lo
			and(arith.NewCmpI(bb, "sge", jt, add(u, -wd.lo)))
		}
		if !lastAlways { // j*bd <= o*s + (size-1)*wd - lo
			and(arith.NewCmpI(bb, "sle", jt, add(u, (wd.size-1)*wd.wd-wd.lo)))
		}
		if wd.wd != 1 { // (j*bd + lo - o*s) mod wd == 0
			diff := arith.Build(bb, arith.SubI, ir.Index, add(jt, wd.lo), u)
			rem := arith.Build(bb, arith.RemSI, ir.Index, diff, cst(wd.wd))
			and(arith.NewCmpI(bb, "eq", rem, cst(0)))
		}
	}
	return in
}

// paddingNeutral reports whether applying the body of op, a
// reduce_window, to its accumulator and its init value leaves the
// accumulator as it is, for every accumulator the fold can reach from
// the init value: the body is one binary op on one input, and either
// maximum, minimum, and or or (from any init value: the accumulator is
// never below, above, outside or inside it) or add, xor or multiply from
// a constant that is its identity (0, 0, 1).
func paddingNeutral(op *ir.Operation) bool {
	if op.NumOperands() != 2 {
		return false
	}
	body := hlo.ReducerBinaryOp(op)
	if body == nil {
		return false
	}
	switch body.Def {
	case hlo.MaximumOp, hlo.MinimumOp, hlo.AndOp, hlo.OrOp:
		return true
	}
	// A signed or unsigned constant is, once converted, the signless
	// constant of its bytes under a tensor.bitcast (constant.go).
	iv := op.Operand(1)
	if def := iv.DefiningOp(); def != nil && def.Def() == tensor.Bitcast {
		iv = def.Operand(0)
	}
	init, ok := ir.ConstantValue(iv).(*ir.DenseElementsAttr)
	if !ok || init.NumElements() != 1 {
		return false
	}
	value := float64(init.IntAt(0))
	if ir.IsFloat(init.Type.ElementType()) {
		value = init.FloatAt(0)
	}
	switch body.Def {
	case hlo.AddOp, hlo.XorOp:
		return value == 0
	case hlo.MultiplyOp:
		return value == 1
	}
	return false
}
