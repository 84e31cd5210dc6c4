package hlo

import (
	"fmt"
	"math"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Builders of the reductions. Each infers the result types, builds the
// body, verifies the op (body included) as the verifier would and returns
// an error value, located at the op, for anything it rejects (dims out of
// range or repeated, inputs of different shapes, a body of the wrong
// types); a nil builder, operand or body is an error too. Ops are located
// at the caller (funcdialect.CallerLoc), the ops of a body built by a
// function literal at that literal's lines.

// ReductionBody builds the body of a reduction at the end of its block
// with b. args are the block's 2N arguments, rank-0 tensors of the
// inputs' element types: the N accumulated values, then the N values to
// combine into them. It returns the N combined values, which the builder
// returns with hlo.return.
type ReductionBody func(b *ir.Builder, args []*ir.Value) ([]*ir.Value, error)

// Reduce builds `hlo.reduce` of inputs (of one shape) along dims, from
// the init values inits (rank-0 tensors, one per input, of its element
// type), with the body that body builds. Result k has input k's shape
// without dims, and its element type:
//
//	%r = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func Reduce(b *ir.Builder, inputs, inits []*ir.Value, dims []int64, body ReductionBody) ([]*ir.Value, error) {
	return buildReduction(b, ReduceOp, inputs, inits, body, funcdialect.CallerLoc(b), func(shape []int64) []int64 {
		return ReducedShape(shape, dims)
	}, ir.NamedAttr{Name: "dimensions", Value: ir.I64Array(dims...)})
}

// ReduceWindow builds `hlo.reduce_window` of inputs (of one shape) over
// the windows w describes (nil fields take StableHLO's defaults: strides
// and dilations 1, no padding; Dimensions is required), from the init
// values inits, with the body that body builds. The results have the
// shape w.ResultShape gives:
//
//	%r = "hlo.reduce_window"(%x, %c) <{padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>}> ({...}) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func ReduceWindow(b *ir.Builder, inputs, inits []*ir.Value, w Window, body ReductionBody) ([]*ir.Value, error) {
	attrs := []ir.NamedAttr{{Name: "window_dimensions", Value: ir.I64Array(w.Dimensions...)}}
	for _, a := range []struct {
		name string
		vs   []int64
	}{{"window_strides", w.Strides}, {"base_dilations", w.BaseDilations}, {"window_dilations", w.WindowDilations}} {
		if a.vs != nil {
			attrs = append(attrs, ir.NamedAttr{Name: a.name, Value: ir.I64Array(a.vs...)})
		}
	}
	if w.Padding != nil {
		flat := make([]int64, 0, 2*len(w.Padding))
		for _, p := range w.Padding {
			flat = append(flat, p[0], p[1])
		}
		t := ir.RankedTensor([]int64{int64(len(w.Padding)), 2}, ir.I64)
		attrs = append(attrs, ir.NamedAttr{Name: "padding", Value: ir.NewDenseInts(t, flat)})
	}
	return buildReduction(b, ReduceWindowOp, inputs, inits, body, funcdialect.CallerLoc(b), func(shape []int64) []int64 {
		// For a window that does not verify, the inputs' shape: the
		// verifier then says what is wrong.
		full, ok := w.withDefaults(len(shape))
		if !ok {
			return shape
		}
		return full.ResultShape(shape)
	}, attrs...)
}

// buildReduction builds the reduction def of inputs from inits with the
// body body builds, located at loc, its result k of input k's element
// type and of shape resultShape(input shape).
func buildReduction(b *ir.Builder, def *ir.OpDef, inputs, inits []*ir.Value, body ReductionBody, loc ir.Location,
	resultShape func([]int64) []int64, attrs ...ir.NamedAttr) ([]*ir.Value, error) {
	name := def.Name
	if err := checkArgs(b, name, append(append([]*ir.Value{}, inputs...), inits...)...); err != nil {
		return nil, err
	}
	if body == nil {
		return nil, fmt.Errorf("%s: %s is nil", name, "the body")
	}
	// The body's block: arguments tensor<Ek> for the accumulated values,
	// then for the combined values.
	n := len(inputs)
	argTypes := make([]ir.Type, 2*n)
	results := make([]ir.Type, n)
	for k, x := range inputs {
		argTypes[k] = ir.RankedTensor(nil, ir.ElementTypeOf(x.Type()))
		argTypes[n+k] = argTypes[k]
		results[k] = x.Type() // unranked: the verifier rejects it
		if t := rankedTensor(x.Type()); t != nil {
			results[k] = ir.RankedTensor(resultShape(t.Shape()), t.ElementType())
		}
	}
	// The op goes in first, with its body's block, so that the body can
	// use values from outside it (they dominate it there).
	region := &ir.Region{}
	blk := region.AddBlock(nil)
	blk.AddArgs(argTypes, loc)
	st := &ir.OpState{Name: name, Operands: append(append([]*ir.Value{}, inputs...), inits...), ResultTypes: results,
		Regions: []*ir.Region{region}, Loc: loc}
	for _, a := range attrs {
		st.AddAttr(a.Name, a.Value)
	}
	op := b.Create(st)
	bb := ir.AtEnd(blk)
	bb.Loc = b.Loc
	vals, err := body(bb, blk.Args())
	if err == nil {
		for i, v := range vals {
			if v == nil {
				err = fmt.Errorf("%s is nil", fmt.Sprintf("body value #%d", i))
			}
		}
	}
	if err != nil {
		op.Erase() // and the body's ops, which then use no value outside it
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	blk.Append(ir.NewOp(&ir.OpState{Name: ReturnOp.Name, Operands: vals, Loc: loc}))
	if err := ir.Verify(op); err != nil {
		op.Erase()
		return nil, err
	}
	return op.Results(), nil
}

// identity is the value a reduction starts from: 0 for sums, 1 for
// products, the lowest value for maxima and the highest for minima, of
// an element type (JAX's _get_max_identity and _get_min_identity: -inf
// and +inf for floats, the integer type's bounds, false and true for i1).
type identity int

const (
	zeroIdentity identity = iota
	oneIdentity
	lowestIdentity
	highestIdentity
)

// identityConstant builds `hlo.constant` of the identity id of elem as a
// rank-0 tensor, located at loc.
func identityConstant(b *ir.Builder, elem ir.Type, id identity, loc ir.Location) (*ir.Value, error) {
	t := ir.RankedTensor(nil, elem)
	var d *ir.DenseElementsAttr
	switch e := elem.(type) {
	case *ir.FloatType:
		v := [...]float64{0, 1, math.Inf(-1), math.Inf(1)}[id]
		d = ir.NewDenseFloats(t, []float64{v})
	case *ir.IntegerType:
		k := IntKindOf(e)
		lowest, highest := k.MinInt(), ^k.MinInt() // signed bounds
		if k.Unsigned {
			lowest, highest = 0, k.Wrap(-1) // i1: false and true
		}
		v := [...]int64{0, 1, lowest, highest}[id]
		d = ir.NewDenseInts(t, []int64{v})
	default:
		return nil, fmt.Errorf("no constants of element type %s", elem)
	}
	c := NewConstant(b, d)
	c.DefiningOp().Loc = loc
	return c, nil
}

// reduceWith builds the one-input reduce of x along dims whose body is
// the binary op def, from the identity id: the short form
//
//	%r = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func reduceWith(b *ir.Builder, def *ir.OpDef, id identity, x *ir.Value, dims []int64, loc ir.Location) (*ir.Value, error) {
	if err := checkArgs(b, ReduceOp.Name, x); err != nil {
		return nil, err
	}
	init, err := identityConstant(b, ir.ElementTypeOf(x.Type()), id, loc)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ReduceOp.Name, err)
	}
	rs, err := buildReduction(b, ReduceOp, []*ir.Value{x}, []*ir.Value{init}, func(bb *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
		op := bb.Create(&ir.OpState{Name: def.Name, Operands: args, ResultTypes: []ir.Type{args[0].Type()}, Loc: loc})
		return op.Results(), nil
	}, loc, func(shape []int64) []int64 { return ReducedShape(shape, dims) },
		ir.NamedAttr{Name: "dimensions", Value: ir.I64Array(dims...)})
	if err != nil {
		init.DefiningOp().Erase()
		return nil, err
	}
	return rs[0], nil
}

// ReduceSum builds the sum of x along dims (hlo.add from 0; i1: or):
//
//	%r = hlo.reduce(%x init: %cst) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func ReduceSum(b *ir.Builder, x *ir.Value, dims ...int64) (*ir.Value, error) {
	return reduceWith(b, AddOp, zeroIdentity, x, dims, funcdialect.CallerLoc(b))
}

// ReduceProd builds the product of x along dims (hlo.multiply from 1;
// i1: and):
//
//	%r = hlo.reduce(%x init: %cst) applies hlo.multiply across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func ReduceProd(b *ir.Builder, x *ir.Value, dims ...int64) (*ir.Value, error) {
	return reduceWith(b, MultiplyOp, oneIdentity, x, dims, funcdialect.CallerLoc(b))
}

// ReduceMax builds the maximum of x along dims (hlo.maximum from -inf or
// the lowest integer; a NaN gives NaN):
//
//	%r = hlo.reduce(%x init: %cst) applies hlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func ReduceMax(b *ir.Builder, x *ir.Value, dims ...int64) (*ir.Value, error) {
	return reduceWith(b, MaximumOp, lowestIdentity, x, dims, funcdialect.CallerLoc(b))
}

// ReduceMin builds the minimum of x along dims (hlo.minimum from +inf or
// the highest integer; a NaN gives NaN):
//
//	%r = hlo.reduce(%x init: %cst) applies hlo.minimum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
func ReduceMin(b *ir.Builder, x *ir.Value, dims ...int64) (*ir.Value, error) {
	return reduceWith(b, MinimumOp, highestIdentity, x, dims, funcdialect.CallerLoc(b))
}

// Argmax builds jnp.argmax(x, axis=dim) as JAX exports it: a two-input
// reduce of x and an i32 iota along dim, whose results are the maximum
// along dim and its index (i32). Among equal maxima the smaller index
// wins; a NaN counts as greater than any number (the first NaN wins):
//
//	%r:2 = hlo.reduce(%x init: %cst), (%i init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
//	 reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
//	  %0 = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//	  %1 = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//	  %2 = hlo.or %0, %1 : tensor<i1>
//	  %3 = hlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
//	  %4 = hlo.compare LT, %ia, %ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
//	  %5 = hlo.and %3, %4 : tensor<i1>
//	  %6 = hlo.or %2, %5 : tensor<i1>
//	  %7 = hlo.select %2, %a, %b : tensor<i1>, tensor<f32>
//	  %8 = hlo.select %6, %ia, %ib : tensor<i1>, tensor<i32>
//	  hlo.return %7, %8 : tensor<f32>, tensor<i32>
//	}
//
// x must be a ranked tensor; a dynamic shape gives a dynamic_iota of
// x's run-time shape.
func Argmax(b *ir.Builder, x *ir.Value, dim int64) (values, indices *ir.Value, err error) {
	return argMinMax(b, x, dim, "GT", lowestIdentity, funcdialect.CallerLoc(b))
}

// Argmin is Argmax for the minimum (jnp.argmin): compare LT, from +inf
// or the highest integer.
func Argmin(b *ir.Builder, x *ir.Value, dim int64) (values, indices *ir.Value, err error) {
	return argMinMax(b, x, dim, "LT", highestIdentity, funcdialect.CallerLoc(b))
}

func argMinMax(b *ir.Builder, x *ir.Value, dim int64, dir string, id identity, loc ir.Location) (*ir.Value, *ir.Value, error) {
	name := ReduceOp.Name
	if err := checkArgs(b, name, x); err != nil {
		return nil, nil, err
	}
	xt := rankedTensor(x.Type())
	if xt == nil {
		return nil, nil, fmt.Errorf("%s: input #%d must be a ranked tensor, but is '%s'", name, 0, x.Type())
	}
	if dim < 0 || int(dim) >= xt.Rank() {
		return nil, nil, fmt.Errorf("%s: dimensions entry %d is %d, out of range for inputs of rank %d", name, 0, dim, xt.Rank())
	}
	var made []*ir.Operation // erased if the reduce fails
	fail := func(err error) (*ir.Value, *ir.Value, error) {
		for i := len(made) - 1; i >= 0; i-- {
			made[i].Erase()
		}
		return nil, nil, err
	}
	iota, ops, err := iotaLike(b, x, dim, ir.I32, loc)
	made = append(made, ops...)
	if err != nil {
		return fail(err)
	}
	init, err := identityConstant(b, xt.ElementType(), id, loc)
	if err != nil {
		return fail(fmt.Errorf("%s: %v", name, err))
	}
	made = append(made, init.DefiningOp())
	zero, _ := identityConstant(b, ir.I32, zeroIdentity, loc)
	made = append(made, zero.DefiningOp())
	vt := compareTypeOf(xt.ElementType())
	rs, err := buildReduction(b, ReduceOp, []*ir.Value{x, iota}, []*ir.Value{init, zero}, func(bb *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
		a, ia, c, ic := args[0], args[1], args[2], args[3]
		bb.Loc = loc
		cmp := func(dir string, x, y *ir.Value, ct string) (*ir.Value, error) {
			return Compare(bb, dir, x, y, func(st *ir.OpState) {
				st.AddAttr("compare_type", enumAttr("comparison_type", ct))
			})
		}
		// JAX's reducer: pick a if a is greater (less) than c, or NaN;
		// pick a's index then, or among equal values the smaller index.
		better, err := cmp(dir, a, c, vt)
		if err != nil {
			return nil, err
		}
		isNaN, err := cmp("NE", a, a, vt)
		if err != nil {
			return nil, err
		}
		pickA, err := Or(bb, better, isNaN)
		if err != nil {
			return nil, err
		}
		eq, err := cmp("EQ", a, c, vt)
		if err != nil {
			return nil, err
		}
		lt, err := cmp("LT", ia, ic, "SIGNED")
		if err != nil {
			return nil, err
		}
		tie, err := And(bb, eq, lt)
		if err != nil {
			return nil, err
		}
		pickIA, err := Or(bb, pickA, tie)
		if err != nil {
			return nil, err
		}
		v, err := Select(bb, pickA, a, c)
		if err != nil {
			return nil, err
		}
		i, err := Select(bb, pickIA, ia, ic)
		if err != nil {
			return nil, err
		}
		return []*ir.Value{v, i}, nil
	}, loc, func(shape []int64) []int64 { return ReducedShape(shape, []int64{dim}) },
		ir.NamedAttr{Name: "dimensions", Value: ir.I64Array(dim)})
	if err != nil {
		return fail(err)
	}
	return rs[0], rs[1], nil
}

// compareTypeOf is the compare_type JAX gives comparisons of elem:
// FLOAT, UNSIGNED for unsigned integers and i1, SIGNED otherwise.
func compareTypeOf(elem ir.Type) string {
	switch {
	case ir.IsFloat(elem):
		return "FLOAT"
	case IntKindOf(elem).Unsigned:
		return "UNSIGNED"
	}
	return "SIGNED"
}

// iotaLike builds an iota of elem along dim with x's shape: hlo.iota for
// a static shape, else hlo.dynamic_iota of x's run-time shape, which it
// assembles as JAX does (get_dimension_size of each dynamic dim, reshaped
// to tensor<1xi32> and concatenated with the static sizes). It returns
// the ops it built.
func iotaLike(b *ir.Builder, x *ir.Value, dim int64, elem ir.Type, loc ir.Location) (*ir.Value, []*ir.Operation, error) {
	xt := rankedTensor(x.Type())
	rt := ir.RankedTensor(xt.Shape(), elem)
	var made []*ir.Operation
	create := func(st *ir.OpState) *ir.Value {
		st.Loc = loc
		op := b.Create(st)
		made = append(made, op)
		return op.Result(0)
	}
	if xt.HasStaticShape() {
		st := &ir.OpState{Name: Iota.Name, ResultTypes: []ir.Type{rt}}
		st.AddAttr("iota_dimension", ir.I64Attr(dim))
		return create(st), made, nil
	}
	one := ir.RankedTensor([]int64{1}, ir.I32)
	sizes := make([]*ir.Value, xt.Rank())
	for d, s := range xt.Shape() {
		if s != ir.Dynamic {
			sizes[d] = create(&ir.OpState{Name: Constant.Name, ResultTypes: []ir.Type{one},
				Attrs: constAttrs(ir.NewDenseInts(one, []int64{s}))})
			continue
		}
		st := &ir.OpState{Name: GetDimensionSize.Name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{ir.RankedTensor(nil, ir.I32)}}
		st.AddAttr("dimension", ir.I64Attr(int64(d)))
		sizes[d] = create(&ir.OpState{Name: Reshape.Name, Operands: []*ir.Value{create(st)}, ResultTypes: []ir.Type{one}})
	}
	shape := sizes[0]
	if len(sizes) > 1 {
		st := &ir.OpState{Name: Concatenate.Name, Operands: sizes, ResultTypes: []ir.Type{ir.RankedTensor([]int64{int64(len(sizes))}, ir.I32)}}
		st.AddAttr("dimension", ir.I64Attr(0))
		shape = create(st)
	}
	st := &ir.OpState{Name: DynamicIota.Name, Operands: []*ir.Value{shape}, ResultTypes: []ir.Type{rt}}
	st.AddAttr("iota_dimension", ir.I64Attr(dim))
	iota := create(st)
	for _, op := range made {
		if err := ir.Verify(op); err != nil {
			return nil, made, err
		}
	}
	return iota, made, nil
}

// constAttrs is the attribute list of hlo.constant of d.
func constAttrs(d *ir.DenseElementsAttr) ir.Attrs {
	var a ir.Attrs
	a.Set("value", d)
	return a
}
