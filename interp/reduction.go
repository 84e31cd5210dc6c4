package interp

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The reductions, hlo.reduce and hlo.reduce_window: each result element
// is a left fold of the body over its elements, starting from the init
// values, in a fixed order. This is the order of StableHLO's reference
// interpreter (stablehlo/reference/Ops.cpp: reduceOp), one of the orders
// the spec allows (the schedule of a reduce is implementation-defined):
//
//	acc = init values
//	for each element x in order: acc = body(acc..., x...)
//	result = acc
//
// The body takes the accumulated values first and the element's values
// second, as StableHLO's interpreter calls it. The elements of a reduce's
// result element are visited in the row-major order of the reduced dims
// (ascending dims, the last one fastest), so a float sum is the sequential
// sum in that order, rounded to the element type after every addition,
// not numpy's pairwise sum. A reduce over no dims applies the body once,
// to the init value and the element. An empty reduced dim gives the init
// value.
//
// The elements of a reduce_window's result element are its window's, in
// the row-major order of the window dims; a window position in the
// padding or between the elements of a dilated input reads the init
// value (the spec's pad with init values, then slice).
//
// Ties and NaNs are whatever the body says: jnp.argmax's body keeps the
// accumulated value when it is greater or NaN, and the smaller index among
// equal values, so with this order the result is the first maximum, or
// the first NaN (numpy's argmax).
//
// A body that is one binary op on its two arguments (the short form
// `applies hlo.add`, hlo.ReducerBinaryOp) is applied through the op's
// element function directly: the same function, rounding and order as
// running the body, without running it per element.

func init() {
	registerOps(hloReduce, hlo.ReduceOp)
	registerOps(hloReduceWindow, hlo.ReduceWindowOp)
	terminators[hlo.ReturnOp.Name] = true
}

// folder folds the elements of one result element at a time into the
// accumulated values of a reduction op.
type folder struct {
	e      *evaluator
	op     *ir.Operation
	body   *ir.Block
	inputs []*Tensor
	inits  []*Tensor
	out    []*Tensor
	kinds  []elemKind
	// fast is set for a one-input body that is one binary op: fastF or
	// fastI is its element function, accF or accI the accumulated value.
	fast  bool
	fastF func(a, b float64) float64
	fastI func(a, b int64, k hlo.IntKind) int64
	accF  float64
	accI  int64
	// acc holds the accumulated values (rank-0 tensors) otherwise.
	acc []*Tensor
	// pos is the flat index of the result element being computed.
	pos int
}

// newFolder prepares the fold of inputs into results of shape outShape.
func newFolder(e *evaluator, op *ir.Operation, inputs, inits []*Tensor, outShape []int64) (*folder, error) {
	f := &folder{e: e, op: op, body: op.Region(0).Front(), inputs: inputs, inits: inits}
	for k, x := range inputs {
		kind, err := kindOf(x.elem)
		if err != nil {
			return nil, op.Emit("%v", err)
		}
		if inits[k].elem != x.elem || inits[k].Rank() != 0 {
			return nil, op.Emit("init value #%d is a %s, not one %s element", k, inits[k].Type(), x.elem)
		}
		f.kinds = append(f.kinds, kind)
		f.out = append(f.out, newTensor(x.elem, kind, outShape))
	}
	if f.body == nil {
		return nil, op.Emit("needs a body")
	}
	if len(inputs) == 1 {
		// Complex elements run the body (no fast path).
		if b := hlo.ReducerBinaryOp(op); b != nil && !f.kinds[0].complex {
			if k := f.kinds[0]; k.float {
				f.fastF = b.Eval.Float
				f.fast = f.fastF != nil
			} else {
				f.fastI = b.Eval.Int(k.intKind())
				f.fast = f.fastI != nil
			}
		}
	}
	return f, nil
}

// start begins result element pos with the init values.
func (f *folder) start(pos int) {
	f.pos = pos
	if f.fast {
		if f.kinds[0].float {
			f.accF = f.inits[0].f[0]
		} else {
			f.accI = f.inits[0].i[0]
		}
		return
	}
	f.acc = append(f.acc[:0], f.inits...)
}

// add folds the elements at flat offset off of the inputs (off < 0: the
// init values, for padding) into the accumulated values.
func (f *folder) add(off int) error {
	if f.fast {
		k := f.kinds[0]
		if k.float {
			x := f.inits[0].f[0]
			if off >= 0 {
				x = f.inputs[0].f[off]
			}
			f.accF = k.round(f.fastF(f.accF, x))
		} else {
			x := f.inits[0].i[0]
			if off >= 0 {
				x = f.inputs[0].i[off]
			}
			f.accI = k.wrap(f.fastI(f.accI, x, k.intKind()))
		}
		return nil
	}
	n := len(f.inputs)
	args := f.body.Args()
	for k := range n {
		f.e.env[args[k]] = value{t: f.acc[k]}
		x := f.inits[k]
		if off >= 0 {
			x = scalarAt(f.inputs[k], off)
		}
		f.e.env[args[n+k]] = value{t: x}
	}
	outs, term, err := f.e.runBlock(f.body)
	if err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			d.AddNote(f.op.Loc, "in the body of this %s, computing result element %s", f.op.Name(), formatIndex(unflatten(f.pos, f.out[0].shape)))
		}
		return err
	}
	f.e.m.current = f.op
	if term == nil || term.Def() != hlo.ReturnOp {
		return f.op.Emit("body does not end in hlo.return")
	}
	if len(outs) != n {
		return term.Emit("returns %d values for %d inputs", len(outs), n)
	}
	for k, o := range outs {
		if o.t == nil || o.t.elem != f.inputs[k].elem || o.t.Rank() != 0 {
			return term.Emit("value #%d is not one %s element", k, f.inputs[k].elem)
		}
		f.acc[k] = o.t
	}
	return nil
}

// finish stores the accumulated values as result element f.pos.
func (f *folder) finish() {
	if f.fast {
		if f.kinds[0].float {
			f.out[0].f[f.pos] = f.accF
		} else {
			f.out[0].i[f.pos] = f.accI
		}
		return
	}
	for k, a := range f.acc {
		f.out[k].copyElem(f.pos, a, 0)
	}
}

// unflatten returns the row-major index of flat position pos in shape.
func unflatten(pos int, shape []int64) []int64 {
	idx := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = int64(pos) % shape[d]
			pos /= int(shape[d])
		}
	}
	return idx
}

// eachOffset calls fn with the flat offset Σ idx[d]*strides[d] of every
// index of the index space sizes, in row-major order (once for no dims).
func eachOffset(sizes []int64, strides []int, fn func(off int) error) error {
	if numElements(sizes) == 0 {
		return nil
	}
	idx := make([]int64, len(sizes))
	off := 0
	for {
		if err := fn(off); err != nil {
			return err
		}
		d := len(sizes) - 1
		for ; d >= 0; d-- {
			idx[d]++
			off += strides[d]
			if idx[d] < sizes[d] {
				break
			}
			off -= strides[d] * int(sizes[d])
			idx[d] = 0
		}
		if d < 0 {
			return nil
		}
	}
}

// reductionOperands splits a reduction's operands into inputs and init
// values and checks that the inputs have one run-time shape.
func reductionOperands(op *ir.Operation, in []value) (inputs, inits []*Tensor, err error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 || len(ts)%2 != 0 {
		return nil, nil, op.Emit("needs inputs and as many init values, but has %d operands", len(ts))
	}
	inputs, inits = ts[:len(ts)/2], ts[len(ts)/2:]
	for _, x := range inputs[1:] {
		if !equalShapes(x.shape, inputs[0].shape) {
			return nil, nil, op.Emit("inputs have different run-time shapes %s", shapesString(inputs))
		}
	}
	return inputs, inits, nil
}

func hloReduce(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	inputs, inits, err := reductionOperands(op, in)
	if err != nil {
		return nil, err
	}
	shape := inputs[0].shape
	dims := hlo.ReduceDims(op)
	strides := rowMajorStrides(shape)
	var keptSizes, redSizes []int64
	var keptStrides, redStrides []int
	for d, s := range shape {
		if slices.Contains(dims, int64(d)) {
			redSizes, redStrides = append(redSizes, s), append(redStrides, strides[d])
		} else {
			keptSizes, keptStrides = append(keptSizes, s), append(keptStrides, strides[d])
		}
	}
	f, err := newFolder(e, op, inputs, inits, keptSizes)
	if err != nil {
		return nil, err
	}
	pos := 0
	err = eachOffset(keptSizes, keptStrides, func(base int) error {
		f.start(pos)
		if err := eachOffset(redSizes, redStrides, func(off int) error { return f.add(base + off) }); err != nil {
			return err
		}
		f.finish()
		pos++
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tensorValues(f.out), nil
}

func hloReduceWindow(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	inputs, inits, err := reductionOperands(op, in)
	if err != nil {
		return nil, err
	}
	shape := inputs[0].shape
	w := hlo.WindowOf(op)
	if len(w.Dimensions) != len(shape) {
		return nil, op.Emit("window_dimensions has %d entries for inputs of run-time shape %s", len(w.Dimensions), ir.FormatShape(shape))
	}
	outShape := w.ResultShape(shape)
	f, err := newFolder(e, op, inputs, inits, outShape)
	if err != nil {
		return nil, err
	}
	strides := rowMajorStrides(shape)
	// at is a position in the padded, dilated input, per dim; offset
	// returns the flat offset of the input element there, or -1 for an
	// init value (padding, or between the elements of a dilated dim).
	at := make([]int64, len(shape))
	offset := func() int {
		o := 0
		for d, p := range at {
			q, bd := p-w.Padding[d][0], w.BaseDilations[d]
			if q < 0 || q%bd != 0 || q/bd >= shape[d] {
				return -1
			}
			o += int(q/bd) * strides[d]
		}
		return o
	}
	res := make([]int64, len(shape)) // the result index
	win := make([]int64, len(shape)) // the index in the window
	pos := 0
	err = eachIndex(outShape, res, func() error {
		f.start(pos)
		err := eachIndex(w.Dimensions, win, func() error {
			for d := range at {
				at[d] = res[d]*w.Strides[d] + win[d]*w.WindowDilations[d]
			}
			return f.add(offset())
		})
		if err != nil {
			return err
		}
		f.finish()
		pos++
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tensorValues(f.out), nil
}

// eachIndex sets idx to every index of the index space sizes in row-major
// order and calls fn (once for no dims).
func eachIndex(sizes []int64, idx []int64, fn func() error) error {
	if numElements(sizes) == 0 {
		return nil
	}
	clear(idx)
	for {
		if err := fn(); err != nil {
			return err
		}
		d := len(sizes) - 1
		for ; d >= 0; d-- {
			idx[d]++
			if idx[d] < sizes[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return nil
		}
	}
}
