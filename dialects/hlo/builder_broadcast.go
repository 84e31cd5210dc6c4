package hlo

import (
	"fmt"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Builders of the explicit broadcasts. They are named New... because
// BroadcastInDim and DynamicBroadcastInDim are the ops' definitions.

// NewBroadcastInDim builds `hlo.broadcast_in_dim`: operand dim i of x
// becomes dim dims[i] of a tensor of type result (a ranked tensor of x's
// element type), the other dims being new.
//
//	%r = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
//
// What the verifier rejects (dims of the wrong length, out of range or
// repeated; an operand dim that is neither 1 nor the result dim's size; a
// different element type) is an error value located at the op, as are a
// nil builder, operand or result type.
func NewBroadcastInDim(b *ir.Builder, x *ir.Value, dims []int64, result ir.Type) (*ir.Value, error) {
	name := BroadcastInDim.Name
	if err := checkArgs(b, name, x); err != nil {
		return nil, err
	}
	if result == nil {
		return nil, fmt.Errorf("%s: %s is nil", name, "the result type")
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{result}, Loc: funcdialect.CallerLoc(b)}
	st.AddAttr("broadcast_dimensions", ir.I64Array(dims...))
	return create(b, st)
}

// NewDynamicBroadcastInDim builds `hlo.dynamic_broadcast_in_dim`, the
// broadcast of x to the run-time shape `shape` (a 1-D tensor of integers
// or index, one element per result dim), operand dim i of x becoming
// result dim dims[i]:
//
//	%r = hlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
//
// result may be nil: the result type is then inferred, of rank the length
// of shape (which must be static) and x's element type, each dim static
// where it is known at compile time (an element of shape that is a
// constant, or an operand dim of static size other than 1 broadcast into
// it) and dynamic otherwise. WithKnownExpandingDimensions and
// WithKnownNonexpandingDimensions set what is known of the operand dims.
// What the verifier rejects is an error value located at the op, as are a
// nil builder or operand.
func NewDynamicBroadcastInDim(b *ir.Builder, x, shape *ir.Value, dims []int64, result ir.Type, opts ...Option) (*ir.Value, error) {
	name := DynamicBroadcastInDim.Name
	if err := checkArgs(b, name, x, shape); err != nil {
		return nil, err
	}
	if result == nil {
		var err error
		if result, err = dynamicBroadcastType(x, shape, dims); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x, shape}, ResultTypes: []ir.Type{result}, Loc: funcdialect.CallerLoc(b)}
	st.AddAttr("broadcast_dimensions", ir.I64Array(dims...))
	for _, o := range opts {
		if o != nil {
			o(st)
		}
	}
	return create(b, st)
}

// dynamicBroadcastType infers the result type of a dynamic broadcast of x
// to shape along dims (see NewDynamicBroadcastInDim). Malformed dims are
// left for the verifier, which says what is wrong with them.
func dynamicBroadcastType(x, shape *ir.Value, dims []int64) (ir.Type, error) {
	st := rankedTensor(shape.Type())
	if st == nil || st.Rank() != 1 {
		// Not a shape: the verifier says so.
		return ir.RankedTensor(nil, ir.ElementTypeOf(x.Type())), nil
	}
	if st.Shape()[0] == ir.Dynamic {
		return nil, fmt.Errorf("cannot infer the result type from a shape operand of type '%s' (it needs a static length); give the result type", shape.Type())
	}
	out := make([]int64, st.Shape()[0])
	for d := range out {
		out[d] = ir.Dynamic
		if e := ShapeElementExtent(shape, d); e.IsConst && e.Const >= 0 {
			out[d] = e.Const
		}
	}
	// An unranked x gets a result it cannot have, for the verifier to
	// reject with its own message.
	if xt := rankedTensor(x.Type()); xt != nil {
		for i, d := range dims {
			if i < xt.Rank() && d >= 0 && int(d) < len(out) {
				if s := xt.Shape()[i]; s != ir.Dynamic && s != 1 && out[d] == ir.Dynamic {
					out[d] = s
				}
			}
		}
	}
	return ir.RankedTensor(out, ir.ElementTypeOf(x.Type())), nil
}

// WithKnownExpandingDimensions sets known_expanding_dimensions of a
// dynamic_broadcast_in_dim: operand dims known to be 1 and stretched.
func WithKnownExpandingDimensions(dims ...int64) Option {
	return func(st *ir.OpState) { st.AddAttr("known_expanding_dimensions", ir.I64Array(dims...)) }
}

// WithKnownNonexpandingDimensions sets known_nonexpanding_dimensions of a
// dynamic_broadcast_in_dim: operand dims known to keep their size.
func WithKnownNonexpandingDimensions(dims ...int64) Option {
	return func(st *ir.OpState) { st.AddAttr("known_nonexpanding_dimensions", ir.I64Array(dims...)) }
}

// Assign builds `hlo.assign`, the value of `dst[...] = src`: a tensor of
// dst's type holding src broadcast into dst's shape one way (src's dims
// aligned on the right, each equal to dst's or 1, and no more of them than
// dst has; dst's shape never changes):
//
//	%r = hlo.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
//
// What the verifier rejects (a source that does not fit, of another
// element type, or an unranked operand) is an error value located at the
// op, as are a nil builder or operand. Sizes a `?` hides are checked when
// the program runs.
func Assign(b *ir.Builder, dst, src *ir.Value) (*ir.Value, error) {
	name := AssignOp.Name
	if err := checkArgs(b, name, dst, src); err != nil {
		return nil, err
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{dst, src}, ResultTypes: []ir.Type{dst.Type()}, Loc: funcdialect.CallerLoc(b)}
	return create(b, st)
}

// Narrow builds `hlo.narrow`, narrowcasting: x with its dims of static
// size 1 removed (a `?` dim is kept, since only its run-time size could
// say it is 1):
//
//	%r = hlo.narrow %x : (tensor<1x5x1xf32>) -> tensor<5xf32>
//
// x must be a ranked tensor; anything else is the verifier's error value,
// located at the op, as are a nil builder or operand.
func Narrow(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
	name := NarrowOp.Name
	if err := checkArgs(b, name, x); err != nil {
		return nil, err
	}
	result := x.Type()
	if rt := rankedTensor(result); rt != nil {
		result = NarrowType(rt)
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{result}, Loc: funcdialect.CallerLoc(b)}
	return create(b, st)
}
