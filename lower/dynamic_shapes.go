package lower

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.dynamic_iota and hlo.real_dynamic_slice, whose sizes and indices
// are operands. Their shape operands are scalarized like those of
// dynamic_broadcast_in_dim (shape_computations.go), so each size or index
// is an integer scalar computed from the arguments' sizes; the lowering
// reads element d of an operand as that scalar (tensor.extract of it
// otherwise) cast to index. The ops become what iota and slice become
// (data_movement.go), with those sizes and indices, and cf.assert checks
// at run time what the static ops' verifiers check at compile time: a
// size is not negative and fits the result type, a slice lies in its
// operand. Checks that constants or sizes prove fold away.

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.DynamicIota:          (*lowering).convertDynamicIota,
		hlo.RealDynamicSlice:     (*lowering).convertRealDynamicSlice,
		hlo.DynamicSliceOp:       (*lowering).convertDynamicSlice,
		hlo.DynamicUpdateSliceOp: (*lowering).convertDynamicUpdateSlice,
	})
}

// clampedStarts returns the start index operands from first on (0-d
// integer tensors, one per dim of x) as index scalars clamped as
// StableHLO says, clamp(start, 0, size of x - size of the slice), and
// checks at run time that a slice dim is not larger than x's where either
// is dynamic (the verifier checks static ones).
func clampedStarts(b *ir.Builder, op *ir.Operation, x *ir.Value, first int, sizes []slicePart) []slicePart {
	where := runtimeWhere(op)
	starts := make([]slicePart, len(sizes))
	for d, n := range sizes {
		dim := sizeOf(b, x, d)
		if dim.value != nil || n.value != nil {
			runtimeCheck(b, "sle", n, dim,
				fmt.Sprintf("%s: the slice has {0} elements in dim %d, more than the operand's {1}", where, d))
		}
		s := castInt(b, scalarElements(b, op.Operand(first+d))[0], ir.Index)
		c, isConst := ir.ConstantValue(s).(*ir.IntegerAttr)
		if isConst && dim.value == nil && n.value == nil {
			starts[d] = slicePart{static: min(max(c.Value, 0), dim.static-n.static)}
			continue
		}
		hi := arith.Build(b, arith.SubI, ir.Index, dim.asValue(b), n.asValue(b))
		v := arith.Build(b, arith.MaxSI, ir.Index, s, indexConst(b, 0))
		starts[d] = slicePart{value: arith.Build(b, arith.MinSI, ir.Index, v, hi)}
	}
	return starts
}

// convertDynamicSlice: the operand read through a tensor.extract_slice at
// the clamped starts, with the static slice_sizes, copied by an identity
// generic (which fuses with its consumers, as real_dynamic_slice's does).
func (l *lowering) convertDynamicSlice(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	if err := checkSignlessIndices(op, 1); err != nil {
		return err
	}
	b := ir.Before(op)
	b.Loc = op.Loc
	sizes := hlo.I64s(op.Attr("slice_sizes"))
	p := sliceParams{sizes: make([]slicePart, len(sizes))}
	for d, n := range sizes {
		p.sizes[d] = slicePart{static: n}
	}
	p.offsets = clampedStarts(b, op, op.Operand(0), 1, p.sizes)
	view := createSlice(b, "tensor.extract_slice", []*ir.Value{op.Operand(0)}, p, out)
	l.resetAccesses()
	return replace(op, l.genericCopy(b, op, l.identityAccess(view, out.Rank(), true), nil))
}

// convertDynamicUpdateSlice, in destination-passing style as
// concatenate: a generic copies the operand into a tensor.empty of its
// shape, and another copies the update into that tensor's slice at the
// clamped starts (tensor.extract_slice, put back with
// tensor.insert_slice, which lower/llvm writes in place). An update of
// lower rank (the assignment rule's rank expansion) is first given its
// leading unit dims with tensor.expand_shape.
func (l *lowering) convertDynamicUpdateSlice(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	upd, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	if in == nil || upd == nil {
		return op.Emit("needs a ranked operand and update to be lowered to linalg")
	}
	if err := checkSignlessIndices(op, 2); err != nil {
		return err
	}
	r := in.Rank()
	b := ir.Before(op)
	b.Loc = op.Loc
	shape := hlo.UpdateSliceShape(in, upd)
	u := op.Operand(1)
	if upd.Rank() < r {
		u = expandLeadingUnitDims(b, u, shape)
	}
	p := sliceParams{sizes: make([]slicePart, r)}
	for d := range shape {
		p.sizes[d] = sizeOf(b, u, d)
	}
	p.offsets = clampedStarts(b, op, op.Operand(0), 2, p.sizes)
	var dyn []*ir.Value
	for d, s := range in.Shape() {
		if s == ir.Dynamic {
			dyn = append(dyn, tensorDim(b, op.Operand(0), d))
		}
	}
	l.resetAccesses()
	acc := l.genericCopy(b, op, l.identityAccess(op.Operand(0), r, true), dyn)
	part := createSlice(b, "tensor.extract_slice", []*ir.Value{acc}, p, ir.RankedTensor(shape, in.ElementType()))
	l.resetAccesses()
	filled := l.genericInto(b, op, l.identityAccess(u, r, true), part)
	return replace(op, createSlice(b, "tensor.insert_slice", []*ir.Value{filled, acc}, p, in))
}

// convertDynamicIota: a generic with no inputs whose body converts
// linalg.index, into a tensor.empty sized from the shape operand (so it
// fuses with its consumers like hlo.iota).
func (l *lowering) convertDynamicIota(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	b := ir.Before(op)
	b.Loc = op.Loc
	sizes := indexElements(b, op.Operand(0), rt.Rank())
	if sizes == nil {
		return op.Emit("needs a static shape operand of %d elements to be lowered to linalg", rt.Rank())
	}
	where := runtimeWhere(op)
	var dyn []*ir.Value
	for d, n := range rt.Shape() {
		size := sizes[d]
		if n != ir.Dynamic {
			runtimeCheck(b, "eq", size, slicePart{static: n},
				fmt.Sprintf("%s: output_shape element %d is {0} but result dim %d has size {1}", where, d, d))
			continue
		}
		if size.value == nil || !knownNonNegative(size.value) {
			runtimeCheck(b, "sge", size, slicePart{static: 0},
				fmt.Sprintf("%s: output_shape element %d is {0}, a negative size", where, d))
		}
		dyn = append(dyn, size.asValue(b))
	}
	return l.iotaGeneric(b, op, rt, dyn)
}

// convertRealDynamicSlice: the operand read through a tensor.extract_slice
// with the slice's offsets (start), sizes (ceil((limit - start) /
// stride)) and strides, each static when it is a constant, copied by an
// identity generic into a tensor.empty of those sizes. As for hlo.slice's
// views (convertSlice), the generic fuses with its consumers, which then
// read the view (lower/llvm: a strided view, no copy), and the sizes of
// the result are the computed ones. Before the sizes are computed,
// cf.assert checks per dim that 0 <= start <= limit <= the operand's size
// and stride > 0, with the values in the message; a static result dim is
// checked against the computed size.
func (l *lowering) convertRealDynamicSlice(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	if err := checkSignlessIndices(op, 1); err != nil {
		return err
	}
	r := in.Rank()
	b := ir.Before(op)
	b.Loc = op.Loc
	var parts [3][]slicePart
	for k := range parts {
		if parts[k] = indexElements(b, op.Operand(k+1), r); parts[k] == nil {
			return op.Emit("needs static start_indices, limit_indices and strides of %d elements to be lowered to linalg", r)
		}
	}
	starts, limits, strides := parts[0], parts[1], parts[2]
	where := runtimeWhere(op)
	check := func(pred string, x, y slicePart, format string, args ...any) {
		if pred == "sle" && x.value == nil && x.static == 0 && y.value != nil && knownNonNegative(y.value) {
			return // 0 <= a size
		}
		if pred == "sle" && x.value != nil && y.value != nil && hlo.ScalarExtent(x.value).Same(hlo.ScalarExtent(y.value)) {
			return // a size <= itself
		}
		runtimeCheck(b, pred, x, y, where+": "+fmt.Sprintf(format, args...))
	}
	zero := slicePart{static: 0}
	sizes := make([]slicePart, r)
	var dyn []*ir.Value
	for d := 0; d < r; d++ {
		dimSize := sizeOf(b, op.Operand(0), d)
		if starts[d].value == nil || !knownNonNegative(starts[d].value) {
			check("sge", starts[d], zero, "dim %d: start index {0} is negative", d)
		}
		check("sle", starts[d], limits[d], "dim %d: start index {0} is greater than limit index {1}", d)
		check("sle", limits[d], dimSize, "dim %d: limit index {0} is greater than the operand's size {1}", d)
		check("sgt", strides[d], zero, "dim %d: stride {0} is not positive", d)
		// ceil((limit - start) / stride), after the checks (so the
		// stride is not 0); arith.ceildivsi does not overflow where
		// (limit - start + stride - 1) / stride would.
		var n slicePart
		if starts[d].value == nil && limits[d].value == nil && strides[d].value == nil {
			if span := limits[d].static - starts[d].static; span > 0 {
				n.static = (span-1)/strides[d].static + 1
			}
		} else {
			span := arith.Build(b, arith.SubI, ir.Index, limits[d].asValue(b), starts[d].asValue(b))
			if strides[d].value != nil || strides[d].static != 1 {
				span = arith.Build(b, arith.CeilDivSI, ir.Index, span, strides[d].asValue(b))
			}
			n = slicePart{value: span}
		}
		if want := out.Shape()[d]; want != ir.Dynamic {
			check("eq", n, slicePart{static: want}, "dim %d: the slice selects {0} elements but the result type has {1}", d)
			n = slicePart{static: want}
		} else {
			// A dynamic result dim has a dynamic size in the slice's
			// type too (tensor.extract_slice infers static sizes).
			n = slicePart{value: n.asValue(b)}
			dyn = append(dyn, n.value)
		}
		sizes[d] = n
	}
	view := createSlice(b, "tensor.extract_slice", []*ir.Value{op.Operand(0)}, sliceParams{starts, sizes, strides}, ir.RankedTensor(out.Shape(), in.ElementType()))
	l.resetAccesses()
	return replace(op, l.genericCopy(b, op, l.identityAccess(view, r, true), dyn))
}

// runtimeCheck emits, at b, a cf.assert that `x pred y` (an arith.cmpi
// predicate on index scalars) holds at run time, msg's {0} and {1}
// standing for x and y (dialects/cf). Between two constants the check is
// made here: nothing when it holds, and an assert of false with the
// values in the message when it does not (constants the verifier cannot
// see, such as a concatenation of constants, can still be wrong).
func runtimeCheck(b *ir.Builder, pred string, x, y slicePart, msg string) {
	if x.value != nil || y.value != nil {
		cf.NewAssert(b, arith.NewCmpI(b, pred, x.asValue(b), y.asValue(b)), msg)
		return
	}
	if arith.EvalIntPredicate(arith.IntPredicate(pred), x.static, y.static, ir.I64) {
		return
	}
	msg = cf.ExpandMessage(msg, 2, func(k int) string { return strconv.FormatInt([2]int64{x.static, y.static}[k], 10) })
	cf.NewAssert(b, arith.IntConstant(b, ir.I1, 0), msg)
}

// asValue is p as an index value (a constant for a static part).
func (p slicePart) asValue(b *ir.Builder) *ir.Value {
	if p.value != nil {
		return p.value
	}
	return indexConst(b, p.static)
}

// indexElements returns the n elements of the 1-D integer or index tensor
// v (a shape or index operand) as index scalars: static parts for
// constants, values cast to index otherwise (the scalars a scalarized
// shape computation gathered, or tensor.extract of v). It returns nil if v
// does not have n elements statically.
func indexElements(b *ir.Builder, v *ir.Value, n int) []slicePart {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || rt.Rank() != 1 || rt.Shape()[0] != int64(n) {
		return nil
	}
	xs := scalarElements(b, v)
	out := make([]slicePart, n)
	for d, x := range xs {
		if c, ok := ir.ConstantValue(x).(*ir.IntegerAttr); ok {
			out[d] = slicePart{static: c.Value}
			continue
		}
		out[d] = slicePart{value: castInt(b, x, ir.Index)}
	}
	return out
}

// knownNonNegative reports whether the index scalar v is a size: a
// tensor's dim or a non-negative constant, looking through casts
// (hlo.ScalarExtent).
func knownNonNegative(v *ir.Value) bool {
	e := hlo.ScalarExtent(v)
	return e.Value != nil || (e.IsConst && e.Const >= 0)
}

// runtimeWhere names op in a run-time error message, as
// hlo-legalize-broadcasts' checks do: `file:line:col: 'hlo.X' op in @f`.
func runtimeWhere(op *ir.Operation) string {
	w := fmt.Sprintf("'%s' op", op.Name())
	if f := ir.EnclosingSymbolName(op); f != "" {
		w += " in @" + f
	}
	if loc := op.Loc; loc.Known() {
		return fmt.Sprintf("%s:%d:%d: %s", filepath.Base(loc.File), loc.Line, loc.Col, w)
	}
	return w
}

// expandLeadingUnitDims gives v (of rank <= len(shape)) the leading unit
// dims of shape with tensor.expand_shape: the leading 1s join the first
// group (a rank-0 v has no groups).
func expandLeadingUnitDims(b *ir.Builder, v *ir.Value, shape []int64) *ir.Value {
	vt := v.Type().(*ir.RankedTensorType)
	lead := len(shape) - vt.Rank()
	var groups [][]int64
	var dyn []*ir.Value
	for k := range vt.Rank() {
		g := []int64{int64(lead + k)}
		if k == 0 {
			g = nil
			for d := 0; d <= lead; d++ {
				g = append(g, int64(d))
			}
		}
		groups = append(groups, g)
		if vt.Shape()[k] == ir.Dynamic {
			dyn = append(dyn, tensorDim(b, v, k))
		}
	}
	st := &ir.OpState{Name: "tensor.expand_shape", Operands: append([]*ir.Value{v}, dyn...), ResultTypes: []ir.Type{ir.RankedTensor(shape, vt.ElementType())}}
	st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
	st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: append([]int64{}, shape...)})
	return b.Create(st).Result(0)
}
