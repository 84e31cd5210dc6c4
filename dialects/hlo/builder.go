package hlo

import (
	"fmt"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Option adjusts how a broadcasting op built through this API broadcasts.
type Option func(*ir.OpState)

// WithPolicy sets broadcast_policy (the default is numpy).
func WithPolicy(p broadcast.Policy) Option {
	return func(st *ir.OpState) {
		if p != broadcast.Numpy {
			st.AddAttr("broadcast_policy", ir.Str(p.String()))
		}
	}
}

// WithBroadcastDimensions sets XLA's broadcast_dimensions for a binary op.
func WithBroadcastDimensions(dims ...int64) Option {
	return func(st *ir.OpState) { st.AddAttr("broadcast_dimensions", ir.I64Array(dims...)) }
}

// InferResultType computes the result type of broadcasting operand types
// under spec, with element type elem (nil: the operands' common element
// type, which must exist). It is what the verifier checks and what the
// builders below use, so the two always agree.
func InferResultType(operands []ir.Type, spec broadcast.Spec, elem ir.Type) (ir.Type, error) {
	ops := make([]broadcast.Operand, len(operands))
	var common ir.Type
	for i, t := range operands {
		st, ok := t.(ir.ShapedType)
		if !ok || !ir.IsTensor(t) {
			return nil, fmt.Errorf("operand #%d must be a tensor, but got '%s'", i, t)
		}
		ops[i] = broadcast.Operand{Shape: st.Shape(), Ranked: st.HasRank()}
		if common == nil {
			common = st.ElementType()
		} else if elem == nil && st.ElementType() != common {
			return nil, fmt.Errorf("operands #0 and #%d have different element types '%s' and '%s'", i, common, st.ElementType())
		}
	}
	if elem == nil {
		elem = common
	}
	shape, _, ranked, conflict := broadcast.Infer(ops, spec)
	if conflict != nil {
		return nil, conflict
	}
	if !ranked {
		return ir.UnrankedTensor(elem), nil
	}
	return ir.RankedTensor(shape, elem), nil
}

// build creates a broadcasting op after inferring its result type; errors
// come back as values, never as panics.
func build(b *ir.Builder, def *ir.OpDef, operands []*ir.Value, elem ir.Type, typeOperands []int, attrs []ir.NamedAttr, opts []Option) (*ir.Value, error) {
	name := def.Name
	if err := checkArgs(b, name, operands...); err != nil {
		return nil, err
	}
	st := &ir.OpState{Name: name, Operands: operands, Loc: funcdialect.CallerLoc(b)}
	for _, a := range attrs {
		st.AddAttr(a.Name, a.Value)
	}
	for _, o := range opts {
		if o != nil {
			o(st)
		}
	}
	// Infer the shape over all operands, and the element type over the
	// value operands (select's predicate is i1 whatever the values are).
	shapeOnly := make([]ir.Type, len(operands))
	for i, v := range operands {
		shapeOnly[i] = v.Type()
	}
	spec, err := specOf(st)
	if err != nil {
		return nil, err
	}
	if elem == nil {
		vals := make([]ir.Type, len(typeOperands))
		for i, k := range typeOperands {
			vals[i] = operands[k].Type()
		}
		if _, err := InferResultType(vals, broadcast.Spec{Policy: broadcast.Numpy}, nil); err != nil {
			// Only the element type check matters here; shapes are checked below.
			if _, isShape := err.(*broadcast.Conflict); !isShape {
				return nil, err
			}
		}
		elem = ir.ElementTypeOf(vals[0])
	}
	rt, err := InferResultType(shapeOnly, spec, elem)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	st.ResultTypes = []ir.Type{rt}
	return create(b, st)
}

// checkArgs returns an error if the builder, its insertion block or an
// operand is nil: mistakes that would otherwise panic inside the IR, or
// build an op that cannot verify.
func checkArgs(b *ir.Builder, name string, operands ...*ir.Value) error {
	if b == nil {
		return fmt.Errorf("%s: %s is nil", name, "the builder")
	}
	if b.InsertionBlock() == nil {
		return fmt.Errorf("%s: %s is nil", name, "the builder's insertion block")
	}
	for i, v := range operands {
		if v == nil {
			return fmt.Errorf("%s: %s is nil", name, fmt.Sprintf("operand #%d", i))
		}
	}
	return nil
}

// create inserts the op st describes and verifies it as ir.Verify would
// (its traits, its verifier, the dominance of its operands); an op that
// does not verify is erased and its diagnostic, located at the op,
// returned.
func create(b *ir.Builder, st *ir.OpState) (*ir.Value, error) {
	op := b.Create(st)
	if err := ir.Verify(op); err != nil {
		op.Erase()
		return nil, err
	}
	return op.Result(0), nil
}

func specOf(st *ir.OpState) (broadcast.Spec, error) {
	var s broadcast.Spec
	if a, ok := st.Attrs.Get("broadcast_policy").(*ir.StringAttr); ok {
		p, known := broadcast.ParsePolicy(a.Value)
		if !known {
			return s, fmt.Errorf(`broadcast_policy must be one of "numpy", "rank", "scalar" or "none", but got %q`, a.Value)
		}
		s.Policy = p
	}
	if a := st.Attrs.Get("broadcast_dimensions"); a != nil {
		s.Dims = I64s(a)
	}
	return s, nil
}

// Binary builds the broadcasting binary op `hlo.<name>` (add, subtract,
// multiply, divide, remainder, maximum, minimum, power, atan2, and, or, xor,
// shift_left, shift_right_arithmetic, shift_right_logical), the op named by
// a string: for generators that pick ops from the BinaryOps table. Front
// ends call the typed builders (Add, Subtract, ... in builder_ops.go).
func Binary(b *ir.Builder, name string, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	for _, e := range BinaryOps {
		if e.Name == name {
			return build(b, e.Def, []*ir.Value{x, y}, nil, []int{0, 1}, nil, opts)
		}
	}
	return nil, fmt.Errorf("hlo.%s is not a binary broadcasting op", name)
}

// Compare builds `hlo.compare dir, x, y` (dir: EQ, NE, GE, GT, LE, LT),
// giving i1 elements.
func Compare(b *ir.Builder, dir string, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	if !oneOf(dir, Directions) {
		return nil, fmt.Errorf("unknown comparison direction %q", dir)
	}
	attrs := []ir.NamedAttr{{Name: "comparison_direction", Value: enumAttr("comparison_direction", dir)}}
	return build(b, CompareOp, []*ir.Value{x, y}, ir.I1, []int{0, 1}, attrs, opts)
}

// Select builds `hlo.select pred, x, y`; all three broadcast.
func Select(b *ir.Builder, pred, x, y *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, SelectOp, []*ir.Value{pred, x, y}, nil, []int{1, 2}, nil, opts)
}

// Clamp builds `hlo.clamp lo, x, hi`; all three broadcast.
func Clamp(b *ir.Builder, lo, x, hi *ir.Value, opts ...Option) (*ir.Value, error) {
	return build(b, ClampOp, []*ir.Value{lo, x, hi}, nil, []int{0, 1, 2}, nil, opts)
}

// Unary builds the elementwise unary op `hlo.<name>` (negate, abs,
// exponential, log, tanh, sqrt, ...), the op named by a string.
//
// Deprecated: front ends call the typed builders (Negate, Exponential,
// Log, ... in builder_ops.go), whose op is fixed when the front end is
// compiled. Unary remains for generators that pick ops from the UnaryOps
// table by name.
func Unary(b *ir.Builder, name string, x *ir.Value) (*ir.Value, error) {
	for _, e := range UnaryOps {
		if e.Name == name {
			return unary(b, e.Def, x)
		}
	}
	return nil, fmt.Errorf("hlo.%s is not an elementwise unary op", name)
}

// unary builds the unary op def on x; its result has x's shape and x's
// element type, or i1 for an op whose class is FloatToBool (is_finite).
func unary(b *ir.Builder, def *ir.OpDef, x *ir.Value) (*ir.Value, error) {
	if err := checkArgs(b, def.Name, x); err != nil {
		return nil, err
	}
	rt := x.Type()
	if e := unaryOps[def]; e != nil {
		rt = ir.WithElementType(rt, e.resultElem(ir.ElementTypeOf(rt)))
	}
	return create(b, &ir.OpState{Name: def.Name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{rt}, Loc: funcdialect.CallerLoc(b)})
}

// ScalarConstant builds a rank-0 `hlo.constant` of type elem:
//
//	%cst = hlo.constant dense<0.000000e+00> : tensor<f32>
func ScalarConstant(b *ir.Builder, elem ir.Type, v float64) (*ir.Value, error) {
	if err := checkArgs(b, Constant.Name); err != nil {
		return nil, err
	}
	if elem == nil {
		return nil, fmt.Errorf("%s: %s is nil", Constant.Name, "the element type")
	}
	t := ir.RankedTensor(nil, elem)
	var d *ir.DenseElementsAttr
	switch elem.(type) {
	case *ir.FloatType:
		d = ir.NewDenseFloats(t, []float64{v})
	case *ir.IntegerType:
		d = ir.NewDenseInts(t, []int64{int64(v)})
	default:
		return nil, fmt.Errorf("no constants of element type %s", elem)
	}
	c := NewConstant(b, d)
	if op := c.DefiningOp(); !op.Loc.Known() {
		op.Loc = funcdialect.CallerLoc(b)
	}
	return c, nil
}
