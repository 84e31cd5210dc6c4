package hlo

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// ReduceWindowOp is `hlo.reduce_window` (StableHLO's reduce_window): each
// result element reduces, with the body and from the init values, one
// window of the inputs. It has no pretty form; JAX exports it (cumsum,
// cummax, pooling) in the generic form:
//
//	%r = "hlo.reduce_window"(%x, %c) <{padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 8>}> ({
//	^bb0(%a: tensor<f32>, %b: tensor<f32>):
//	  %s = hlo.add %a, %b : tensor<f32>
//	  hlo.return %s : tensor<f32>
//	}) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
//
// window_dimensions is required; window_strides, base_dilations and
// window_dilations default to 1 in every dim and padding (low and high
// per dim, tensor<Rx2xi64>) to 0. The inputs are dilated (base_dilations
// - 1 init values between neighbours) and padded with init values; the
// window at result index i starts at i * window_strides and takes
// window_dimensions elements window_dilations apart (Window).
var ReduceWindowOp = &ir.OpDef{
	Name:          "hlo.reduce_window",
	Summary:       "reduce windows of the inputs with a body, from init values",
	Doc:           `%r = "hlo.reduce_window"(%x, %c) <{padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 8>}> ({...}) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>`,
	Traits:        ir.RecursivelyPure | ir.SingleBlock,
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	Regions:       1,
	InherentAttrs: []string{"window_dimensions", "window_strides", "base_dilations", "window_dilations", "padding"},
	Verify:        verifyReduceWindow,
}

// Window is the window of a reduce_window, per input dim: its size
// (Dimensions), the distance between windows (Strides), the dilation of
// the input (BaseDilations: element j of the input is at position
// j * BaseDilations of the dilated input, the positions between hold the
// init value) and of the window (WindowDilations: the window's elements
// are WindowDilations apart), and the low and high padding of the
// dilated input with the init value (Padding; negative padding removes
// elements).
type Window struct {
	Dimensions, Strides, BaseDilations, WindowDilations []int64
	Padding                                             [][2]int64
}

// WindowOf reads the window of a verified hlo.reduce_window, with
// StableHLO's defaults for the attributes it omits.
func WindowOf(op *ir.Operation) Window {
	w, _ := windowOf(op, len(I64s(op.Attr("window_dimensions"))))
	return w
}

// windowOf reads and checks op's window attributes for inputs of rank
// rank (reduce_window's C4-C12).
func windowOf(op *ir.Operation, rank int) (Window, error) {
	list := func(name string, required bool) ([]int64, error) {
		a := op.Attr(name)
		if a == nil {
			if required {
				return nil, op.Emit("requires a '%s' attribute (a list of integers)", name)
			}
			ones := make([]int64, rank)
			for i := range ones {
				ones[i] = 1
			}
			return ones, nil
		}
		vs := I64s(a)
		if vs == nil {
			return nil, op.Emit("%s must be a list of integers, but got %s", name, ir.AttrString(a))
		}
		if len(vs) != rank {
			return nil, op.Emit("%s has %d entries, but the inputs have rank %d", name, len(vs), rank)
		}
		for i, v := range vs {
			if v <= 0 {
				return nil, op.Emit("%s entry %d is %d, but must be positive", name, i, v)
			}
		}
		return vs, nil
	}
	var w Window
	var err error
	if w.Dimensions, err = list("window_dimensions", true); err != nil { // C4, C5
		return w, err
	}
	if w.Strides, err = list("window_strides", false); err != nil { // C6, C7
		return w, err
	}
	if w.BaseDilations, err = list("base_dilations", false); err != nil { // C8, C9
		return w, err
	}
	if w.WindowDilations, err = list("window_dilations", false); err != nil { // C10, C11
		return w, err
	}
	w.Padding = make([][2]int64, rank)
	if a := op.Attr("padding"); a != nil { // C12
		d, ok := a.(*ir.DenseElementsAttr)
		if !ok || !ir.IsIntOrIndex(d.Type.ElementType()) || !d.Type.HasRank() || len(d.Type.Shape()) != 2 ||
			d.Type.Shape()[0] != int64(rank) || d.Type.Shape()[1] != 2 {
			return w, op.Emit("padding must be a tensor<%dx2xi64> (low and high padding of each input dim), but got %s", rank, ir.AttrString(a))
		}
		for i := range w.Padding {
			w.Padding[i] = [2]int64{d.IntAt(int64(2 * i)), d.IntAt(int64(2*i + 1))}
		}
	}
	return w, nil
}

// NumWindows returns the number of windows along dim d of an input of
// size n: result dim d of the reduce_window (StableHLO's C15), ir.Dynamic
// if n is.
func (w Window) NumWindows(d int, n int64) int64 {
	if n == ir.Dynamic {
		return ir.Dynamic
	}
	dilated := int64(0)
	if n > 0 {
		dilated = (n-1)*w.BaseDilations[d] + 1
	}
	padded := w.Padding[d][0] + dilated + w.Padding[d][1]
	window := (w.Dimensions[d]-1)*w.WindowDilations[d] + 1
	if padded <= 0 || window > padded {
		return 0
	}
	return (padded-window)/w.Strides[d] + 1
}

// withDefaults returns w with StableHLO's defaults for its nil fields
// (but Dimensions), and whether it is a valid window for inputs of rank
// rank.
func (w Window) withDefaults(rank int) (Window, bool) {
	for _, f := range []*[]int64{&w.Strides, &w.BaseDilations, &w.WindowDilations} {
		if *f == nil {
			*f = make([]int64, rank)
			for i := range *f {
				(*f)[i] = 1
			}
		}
	}
	if w.Padding == nil {
		w.Padding = make([][2]int64, rank)
	}
	if len(w.Padding) != rank {
		return w, false
	}
	for _, f := range [][]int64{w.Dimensions, w.Strides, w.BaseDilations, w.WindowDilations} {
		if len(f) != rank || slices.ContainsFunc(f, func(v int64) bool { return v <= 0 }) {
			return w, false
		}
	}
	return w, true
}

// ResultShape returns the shape of the results of a reduce_window of
// inputs of shape in (C15).
func (w Window) ResultShape(in []int64) []int64 {
	out := make([]int64, len(in))
	for d, n := range in {
		out[d] = w.NumWindows(d, n)
	}
	return out
}

// verifyReduceWindow checks StableHLO's constraints of reduce_window.
func verifyReduceWindow(op *ir.Operation) error {
	in, elems, err := verifyReductionOperands(op) // C1-C3, C16
	if err != nil {
		return err
	}
	w, err := windowOf(op, len(in))
	if err != nil {
		return err
	}
	want := w.ResultShape(in)
	for k := range elems { // C14, C15
		rt := rankedTensor(op.Result(k).Type())
		if rt.Rank() != len(in) {
			return op.Emit("result #%d has rank %d, but the inputs have rank %d", k, rt.Rank(), len(in))
		}
		for d, s := range rt.Shape() {
			if s != ir.Dynamic && want[d] != ir.Dynamic && s != want[d] {
				return op.Emit("result #%d dim %d has size %d, but the window fits %d times in input dim %d", k, d, s, want[d], d)
			}
		}
		if k > 0 && !mergeShape(slices.Clone(rankedTensor(op.Result(0).Type()).Shape()), rt.Shape()) {
			return op.Emit("result #%d is '%s' but result #0 is '%s': all results must have one shape", k, rt, op.Result(0).Type())
		}
	}
	return verifyReductionBody(op, elems) // C13
}
