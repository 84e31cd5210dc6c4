package lower

import (
	"fmt"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Data movement: the hlo ops that move elements rather than compute them.
// transpose is a generic reading through the inverse permutation, iota a
// generic on linalg.index, a static reshape tensor.collapse_shape /
// expand_shape, slice a generic reading through `d * stride + start` (it
// fuses like an elementwise op), concatenate a tensor.empty into whose
// tensor.extract_slice parts a generic copies each operand, put back with
// tensor.insert_slice (destination-passing style), dynamic_reshape
// tensor.reshape, reverse a generic reading through `-d + (n - 1)`, pad
// a fill with the operand copied into a strided slice of it,
// narrow a tensor.collapse_shape that only drops unit dims
// (which linalg-fold-unit-extent-dims folds into its readers). Their dynamic twins whose sizes are operands
// (dynamic_iota, real_dynamic_slice) are in dynamic_shapes.go.

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.Transpose:        (*lowering).convertTranspose,
		hlo.Iota:             (*lowering).convertIota,
		hlo.Reshape:          func(_ *lowering, op *ir.Operation) error { return convertReshape(op) },
		hlo.Slice:            func(_ *lowering, op *ir.Operation) error { return convertSlice(op) },
		hlo.Concatenate:      (*lowering).convertConcatenate,
		hlo.DynamicReshape:   func(_ *lowering, op *ir.Operation) error { return convertDynamicReshape(op) },
		hlo.NarrowOp:         func(_ *lowering, op *ir.Operation) error { return convertNarrow(op) },
		hlo.ReverseOp:        func(_ *lowering, op *ir.Operation) error { return convertReverse(op) },
		hlo.PadOp:            (*lowering).convertPad,
		hlo.BitcastConvertOp: (*lowering).convertBitcastConvert,
		hlo.OptimizationBarrierOp: func(_ *lowering, op *ir.Operation) error {
			for i, r := range op.Results() {
				r.ReplaceAllUsesWith(op.Operand(i))
			}
			op.Erase()
			return nil
		},
	})
}

// convertTranspose: result[i0, ..] = operand[i_perm^-1 ...], a generic
// reading the operand through the inverse permutation.
func (l *lowering) convertTranspose(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	perm := hlo.I64s(op.Attr("permutation"))
	// Result dim i is operand dim perm[i]: the operand's dim j is read at
	// the loop dim i with perm[i] == j.
	l.resetAccesses()
	src := l.access(op.Operand(0), len(perm))
	for i, p := range perm {
		src.reads[p] = i
	}
	b := ir.Before(op)
	dyn := dynamicSizes(b, rt, op.Operand(0), func(d int) int { return int(perm[d]) })
	return replace(op, l.genericCopy(b, op, src, dyn))
}

// convertIota: a generic with no inputs whose body converts linalg.index.
func (l *lowering) convertIota(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return op.Emit("needs a static result to be lowered to linalg")
	}
	return l.iotaGeneric(ir.Before(op), op, rt, nil)
}

// iotaGeneric replaces op, an hlo.iota or hlo.dynamic_iota with result
// type rt, by a generic with no inputs into a tensor.empty (with the
// dynamic sizes dyn) whose body converts linalg.index of the
// iota_dimension to rt's element type (complex: complex.create of the
// index as the part type and 0).
func (l *lowering) iotaGeneric(b *ir.Builder, op *ir.Operation, rt *ir.RankedTensorType, dyn []*ir.Value) error {
	d, _ := hlo.IntAttr(op.Attr("iota_dimension"))
	// Signed and unsigned integers: the signless iota, viewed.
	out := signlessType(rt)
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}}).Result(0)
	gen, body := l.generic(b, op, nil, empty)
	bb := bodyBuilder(op, body)
	idx := linalg.NewIndex(bb, int(d))
	et := out.ElementType()
	v := bb.Create(&ir.OpState{Name: arith.IndexCast.Name, Operands: []*ir.Value{idx}, ResultTypes: []ir.Type{ir.I64}}).Result(0)
	switch {
	case ir.IsComplex(et): // the index as the real part, 0 as the imaginary one
		part := et.(*ir.ComplexType).Elem
		re := bb.Create(&ir.OpState{Name: arith.SIToFP.Name, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{part}}).Result(0)
		v = complexdialect.Build(bb, complexdialect.Create, re, arith.FloatConstant(bb, part, 0))
	case ir.IsFloat(et):
		v = bb.Create(&ir.OpState{Name: arith.SIToFP.Name, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{et}}).Result(0)
	case et != ir.I64:
		v = bb.Create(&ir.OpState{Name: arith.TruncI.Name, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{et}}).Result(0)
	}
	yield(op, body, v)
	return replace(op, bitcastTensor(b, gen.Result(0), rt))
}

// reassociation finds the groups that turn shape `high` into `low` by
// merging adjacent dims (static shapes only); ok is false if the reshape
// is not such a pure grouping.
func reassociation(high, low []int64) ([][]int64, bool) {
	var groups [][]int64
	i := 0
	for _, want := range low {
		var g []int64
		prod := int64(1)
		for i < len(high) {
			prod *= high[i]
			g = append(g, int64(i))
			i++
			if prod == want {
				break
			}
		}
		if prod != want {
			return nil, false
		}
		groups = append(groups, g)
	}
	// Trailing unit dims join the last group.
	for ; i < len(high); i++ {
		if high[i] != 1 || len(groups) == 0 {
			return nil, false
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], int64(i))
	}
	return groups, true
}

// convertReshape: a static reshape that merges or splits adjacent dims
// becomes tensor.collapse_shape or tensor.expand_shape (or both, through
// the fully collapsed 1-D form).
func convertReshape(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil || !in.HasStaticShape() || !out.HasStaticShape() {
		return op.Emit("only static reshapes are lowered to linalg yet")
	}
	b := ir.Before(op)
	collapse := func(v *ir.Value, from *ir.RankedTensorType, groups [][]int64, to *ir.RankedTensorType) *ir.Value {
		st := &ir.OpState{Name: "tensor.collapse_shape", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{to}}
		st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
		return b.Create(st).Result(0)
	}
	expand := func(v *ir.Value, groups [][]int64, to *ir.RankedTensorType) *ir.Value {
		st := &ir.OpState{Name: "tensor.expand_shape", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{to}}
		st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
		st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: append([]int64{}, to.Shape()...)})
		return b.Create(st).Result(0)
	}
	if groups, ok := reassociation(in.Shape(), out.Shape()); ok && len(out.Shape()) <= len(in.Shape()) {
		return replace(op, collapse(op.Operand(0), in, groups, out))
	}
	if groups, ok := reassociation(out.Shape(), in.Shape()); ok {
		return replace(op, expand(op.Operand(0), groups, out))
	}
	// General case: collapse to 1-D, then expand.
	n := ir.NumElements(in.Shape())
	flat := ir.RankedTensor([]int64{n}, in.ElementType())
	all := func(r int) [][]int64 {
		if r == 0 {
			return nil
		}
		g := make([]int64, r)
		for i := range g {
			g[i] = int64(i)
		}
		return [][]int64{g}
	}
	// A rank-0 tensor is the 1-element 1-D one with no groups.
	if in.Rank() == 0 {
		return replace(op, expand(op.Operand(0), nil, out))
	}
	if out.Rank() == 0 {
		return replace(op, collapse(op.Operand(0), in, nil, out))
	}
	v := op.Operand(0)
	if in.Rank() != 1 {
		v = collapse(v, in, all(in.Rank()), flat)
	}
	if out.Rank() != 1 {
		v = expand(v, all(out.Rank()), out)
	}
	return replace(op, v)
}

// convertNarrow: tensor.collapse_shape grouping each size-1 dim with the
// kept dim before it (leading ones with the first kept dim; all of them,
// for a rank-0 result, make no group), the grouping
// linalg-fold-unit-extent-dims gives the same shape, so that its
// expand_shape and this collapse fold away. A kept `?` dim is alone in its
// group with static 1s, so the collapse is valid for any run-time size.
func convertNarrow(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	if in == nil {
		return op.Emit("needs a ranked operand to be lowered to linalg")
	}
	if op.Result(0).Type() == in {
		return replace(op, op.Operand(0))
	}
	_, kept := broadcast.Narrow(in.Shape())
	groups := make([][]int64, len(kept))
	for j, d := range kept {
		end := in.Rank() // the next kept dim, or the end
		if j+1 < len(kept) {
			end = kept[j+1]
		}
		start := d
		if j == 0 {
			start = 0
		}
		for k := start; k < end; k++ {
			groups[j] = append(groups[j], int64(k))
		}
	}
	st := &ir.OpState{Name: "tensor.collapse_shape", Operands: []*ir.Value{op.Operand(0)}, ResultTypes: []ir.Type{op.Result(0).Type()}}
	st.AddAttr("reassociation", tensor.ReassociationAttr(groups))
	return replace(op, ir.Before(op).Create(st).Result(0))
}

// convertReverse: a generic reading the operand through
// `(d0, d1) -> (d0, -d1 + 3)` along each reversed dim (its size minus one,
// minus the loop index), so that it fuses with its producer and consumers
// as slice does. Other dims may be dynamic. A dynamic reversed dim would
// need its size in the map (a symbol), which linalg.generic's maps do not
// have: then the generic has no input and its body reads the element
// with tensor.extract at `n - 1 - d` (computed from tensor.dim) in the
// reversed dims; it still fuses with its consumers.
func convertReverse(op *ir.Operation) error {
	rt, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if rt == nil {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	dims := hlo.I64s(op.Attr("dimensions"))
	b := ir.Before(op)
	b.Loc = op.Loc
	x := op.Operand(0)
	var dyn []*ir.Value
	sizes := make([]slicePart, rt.Rank())
	for d := range sizes {
		if sizes[d] = sizeOf(b, x, d); sizes[d].value != nil {
			dyn = append(dyn, sizes[d].value)
		}
	}
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{rt}}).Result(0)
	if slices.ContainsFunc(dims, func(d int64) bool { return sizes[d].value != nil }) {
		return replace(op, reverseByExtract(b, op, x, empty, dims, sizes))
	}
	res := make([]affine.Expr, rt.Rank())
	for d := range res {
		res[d] = affine.Dim(d)
	}
	for _, d := range dims {
		res[d] = affine.Add(affine.Mul(affine.Dim(int(d)), affine.Const(-1)), affine.Const(rt.Shape()[d]-1))
	}
	m := affine.NewMap(rt.Rank(), 0, res...)
	gen, body := newGeneric(b, op, []*ir.Value{x, empty}, parallelGenericAttrs([]affine.Map{m, affine.Identity(rt.Rank())}, 1))
	yield(op, body, body.Arg(0))
	return replace(op, gen.Result(0))
}

// reverseByExtract builds, at b, the generic of a reverse of x (whose
// dims have sizes) along dims into empty, whose body reads x with
// tensor.extract.
func reverseByExtract(b *ir.Builder, op *ir.Operation, x, empty *ir.Value, dims []int64, sizes []slicePart) *ir.Value {
	rank := len(sizes)
	last := make([]*ir.Value, rank) // n - 1 of each reversed dim, before the generic
	for _, d := range dims {
		if s := sizes[d]; s.value == nil {
			last[d] = indexConst(b, s.static-1)
		} else {
			last[d] = arith.Build(b, arith.SubI, ir.Index, s.value, indexConst(b, 1))
		}
	}
	gen, body := newGeneric(b, op, []*ir.Value{empty}, parallelGenericAttrs([]affine.Map{affine.Identity(rank)}, 0))
	bb := bodyBuilder(op, body)
	idx := make([]*ir.Value, rank)
	for d := range idx {
		idx[d] = linalg.NewIndex(bb, d)
		if last[d] != nil {
			idx[d] = arith.Build(bb, arith.SubI, ir.Index, last[d], idx[d])
		}
	}
	v := bb.Create(&ir.OpState{Name: "tensor.extract", Operands: append([]*ir.Value{x}, idx...), ResultTypes: []ir.Type{ir.ElementTypeOf(x.Type())}}).Result(0)
	yield(op, body, v)
	return gen.Result(0)
}

// convertPad, in destination-passing style: a linalg.fill of the padding
// value, and a generic copying the operand (cropped by negative padding)
// into the strided slice of it where its elements land (offset low,
// stride interior + 1), put back with tensor.insert_slice (written in
// place by lower/llvm). A dynamic operand dim gives run-time sizes: the
// result's low + high + n + max(n - 1, 0) * interior (checked not to be
// negative), and the part of the operand inside it.
func (l *lowering) convertPad(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	low, high, interior := hlo.PadAmounts(op)
	r := in.Rank()
	b := ir.Before(op)
	b.Loc = op.Loc
	x := op.Operand(0)
	where := runtimeWhere(op)
	// The result's sizes.
	outSizes := make([]slicePart, r)
	var dyn []*ir.Value
	for d := range r {
		if s := out.Shape()[d]; s != ir.Dynamic && in.Shape()[d] != ir.Dynamic {
			outSizes[d] = slicePart{static: s}
			continue
		}
		n := sizeOf(b, x, d).asValue(b)
		gaps := arith.Build(b, arith.MaxSI, ir.Index, arith.Build(b, arith.SubI, ir.Index, n, indexConst(b, 1)), indexConst(b, 0))
		size := arith.Build(b, arith.AddI, ir.Index, n, indexConst(b, low[d]+high[d]))
		if interior[d] != 0 {
			size = arith.Build(b, arith.AddI, ir.Index, size, arith.Build(b, arith.MulI, ir.Index, gaps, indexConst(b, interior[d])))
		}
		runtimeCheck(b, "sge", slicePart{value: size}, slicePart{static: 0},
			fmt.Sprintf("%s: dim %d would have {0} elements (padding low %d, high %d, interior %d)", where, d, low[d], high[d], interior[d]))
		if s := out.Shape()[d]; s != ir.Dynamic {
			runtimeCheck(b, "eq", slicePart{value: size}, slicePart{static: s}, fmt.Sprintf("%s: dim %d: the padded size is {0} but the result type has {1}", where, d))
			outSizes[d] = slicePart{static: s}
			continue
		}
		outSizes[d] = slicePart{value: size}
		dyn = append(dyn, size)
	}
	pv := b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{op.Operand(1)}, ResultTypes: []ir.Type{in.ElementType()}}).Result(0)
	fill := linalg.NewFill(b, pv, b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}}).Result(0), op.Loc).Result(0)
	// The operand elements that land inside the result, j in [first,
	// first + count) per dim, at result index low + j (interior + 1).
	src := sliceParams{offsets: make([]slicePart, r), sizes: make([]slicePart, r)}
	dst := sliceParams{offsets: make([]slicePart, r), sizes: make([]slicePart, r), strides: make([]slicePart, r)}
	shape := make([]int64, r)
	crop := false
	for d, n := range in.Shape() {
		step := interior[d] + 1
		first := max(0, ceilDiv(-low[d], step))
		if n != ir.Dynamic && outSizes[d].value == nil {
			last := min(n-1, floorDiv(outSizes[d].static-1-low[d], step))
			count := max(0, last-first+1)
			if count == 0 {
				return replace(op, fill) // nothing of the operand is inside
			}
			crop = crop || first > 0 || count < n
			shape[d] = count
			src.offsets[d], src.sizes[d] = slicePart{static: first}, slicePart{static: count}
			dst.offsets[d], dst.sizes[d], dst.strides[d] = slicePart{static: low[d] + first*step}, slicePart{static: count}, slicePart{static: step}
			continue
		}
		// At run time: last = min(n - 1, floor((size - 1 - low) / step)),
		// count = max(0, last - first + 1); the offsets are clamped to
		// the sizes, which moves only those of an empty part.
		nv := sizeOf(b, x, d).asValue(b)
		sv := outSizes[d].asValue(b)
		last := arith.Build(b, arith.FloorDivSI, ir.Index, arith.Build(b, arith.SubI, ir.Index, sv, indexConst(b, 1+low[d])), indexConst(b, step))
		last = arith.Build(b, arith.MinSI, ir.Index, last, arith.Build(b, arith.SubI, ir.Index, nv, indexConst(b, 1)))
		count := arith.Build(b, arith.MaxSI, ir.Index, arith.Build(b, arith.SubI, ir.Index, last, indexConst(b, first-1)), indexConst(b, 0))
		crop = true
		shape[d] = ir.Dynamic
		src.offsets[d] = slicePart{value: arith.Build(b, arith.MinSI, ir.Index, indexConst(b, first), nv)}
		src.sizes[d] = slicePart{value: count}
		dst.offsets[d] = slicePart{value: arith.Build(b, arith.MinSI, ir.Index, indexConst(b, low[d]+first*step), sv)}
		dst.sizes[d], dst.strides[d] = slicePart{value: count}, slicePart{static: step}
	}
	part := ir.RankedTensor(shape, in.ElementType())
	if crop {
		x = createSlice(b, "tensor.extract_slice", []*ir.Value{x}, src, part)
	}
	view := createSlice(b, "tensor.extract_slice", []*ir.Value{fill}, dst, part)
	l.resetAccesses()
	copied := l.genericInto(b, op, l.identityAccess(x, r, true), view)
	return replace(op, createSlice(b, "tensor.insert_slice", []*ir.Value{copied, fill}, dst, out))
}

// convertBitcastConvert: a generic whose body reinterprets bits, fusing
// like any elementwise op. Between element types of one width the body is
// arith.bitcast. To narrower elements the result has a last dim of
// r = (operand width / result width) more, loop k of which takes bits
// [k*w, (k+1)*w) of the operand element (shrui, trunci: little-endian, as
// the interpreter and the C data are); to wider ones the operand's last
// dim of r elements is read through r maps (its k-th element at a
// constant index) and the pieces are joined (extui, shli, ori). Signed and
// unsigned integers are bitcast on their signless views.
func (l *lowering) convertBitcastConvert(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	res, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || res == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	b := ir.Before(op)
	b.Loc = op.Loc
	x := signlessView(b, op.Operand(0))
	out := signlessType(res)
	ein, eout := ir.ElementTypeOf(x.Type()), out.ElementType()
	wi, wo := 8*ir.ElementByteSize(ein), 8*ir.ElementByteSize(eout)
	var dyn []*ir.Value
	for d, sz := range out.Shape() {
		if sz == ir.Dynamic {
			dyn = append(dyn, tensorDim(b, x, d)) // dims below the operand's rank are its own
		}
	}
	if wi < wo {
		r := int64(wo / wi)
		last := in.Rank() - 1
		if in.Shape()[last] == ir.Dynamic {
			runtimeCheck(b, "eq", slicePart{value: tensorDim(b, x, last)}, slicePart{static: r},
				fmt.Sprintf("%s: the operand's last dim has {0} elements; '%s' is made of {1}", runtimeWhere(op), res.ElementType()))
		}
	}
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}}).Result(0)
	rank := out.Rank()
	ident := make([]affine.Expr, rank)
	for d := range ident {
		ident[d] = affine.Dim(d)
	}
	var operands []*ir.Value
	var maps []affine.Map
	switch {
	case wi > wo:
		operands, maps = []*ir.Value{x}, []affine.Map{affine.NewMap(rank, 0, ident[:rank-1]...)}
	case wi < wo:
		for k := range wo / wi {
			operands = append(operands, x)
			maps = append(maps, affine.NewMap(rank, 0, append(append([]affine.Expr{}, ident...), affine.Const(int64(k)))...))
		}
	default:
		operands, maps = []*ir.Value{x}, []affine.Map{affine.Identity(rank)}
	}
	gen, body := newReductionGeneric(b, op, append(operands, empty), append(maps, affine.Identity(rank)), parallel(rank), len(operands))
	bb := bodyBuilder(op, body)
	var v *ir.Value
	switch {
	case wi > wo && ir.IsComplex(ein):
		// A complex element's pieces lie in one part each (wo is at most
		// the part's width): piece k is bits [k*wo mod pw, ...) of the
		// real part for k*wo < pw, else of the imaginary part; so a
		// complex<f64> needs no 128-bit integer.
		pw := wi / 2
		part := ir.Integer(pw, ir.Signless)
		k := arith.Build(bb, arith.IndexCast, part, linalg.NewIndex(bb, rank-1))
		at := arith.Build(bb, arith.MulI, part, k, arith.IntConstant(bb, part, int64(wo)))
		pw64 := arith.IntConstant(bb, part, int64(pw))
		inIm := arith.NewCmpI(bb, "uge", at, pw64)
		re := bitsOf(bb, complexdialect.Build(bb, complexdialect.Re, body.Arg(0)))
		im := bitsOf(bb, complexdialect.Build(bb, complexdialect.Im, body.Arg(0)))
		shift := arith.NewSelect(bb, inIm, arith.Build(bb, arith.SubI, part, at, pw64), at)
		v = arith.Build(bb, arith.ShRUI, part, arith.NewSelect(bb, inIm, im, re), shift)
		if wo < pw {
			v = arith.Build(bb, arith.TruncI, ir.Integer(wo, ir.Signless), v)
		}
	case wi > wo:
		// Bits [k*wo, (k+1)*wo) of the operand element, k the last loop.
		wide := ir.Integer(wi, ir.Signless)
		k := arith.Build(bb, arith.IndexCast, wide, linalg.NewIndex(bb, rank-1))
		shift := arith.Build(bb, arith.MulI, wide, k, arith.IntConstant(bb, wide, int64(wo)))
		v = arith.Build(bb, arith.ShRUI, wide, bitsOf(bb, body.Arg(0)), shift)
		v = arith.Build(bb, arith.TruncI, ir.Integer(wo, ir.Signless), v)
	case wi < wo && ir.IsComplex(eout):
		// The first half of the pieces make the real part, the second
		// the imaginary part.
		ct := eout.(*ir.ComplexType)
		half := len(operands) / 2
		re := fromBits(bb, ct.Elem, joinBits(bb, body.Args()[:half], wi))
		im := fromBits(bb, ct.Elem, joinBits(bb, body.Args()[half:len(operands)], wi))
		v = complexdialect.Build(bb, complexdialect.Create, re, im)
	case wi < wo:
		v = joinBits(bb, body.Args()[:len(operands)], wi)
	default:
		v = body.Arg(0)
	}
	if v.Type() != eout {
		v = fromBits(bb, eout, bitsOf(bb, v))
	}
	yield(op, body, v)
	return replace(op, bitcastTensor(b, gen.Result(0), res))
}

// joinBits is the integer whose bits are those of pieces, each w bits
// wide (as bitsOf gives them), the first lowest.
func joinBits(b *ir.Builder, pieces []*ir.Value, w int) *ir.Value {
	wide := ir.Integer(w*len(pieces), ir.Signless)
	var v *ir.Value
	for k, piece := range pieces {
		p := bitsOf(b, piece)
		if len(pieces) > 1 {
			p = arith.Build(b, arith.ExtUI, wide, p)
		}
		if k == 0 {
			v = p
			continue
		}
		p = arith.Build(b, arith.ShLI, wide, p, arith.IntConstant(b, wide, int64(k*w)))
		v = arith.Build(b, arith.OrI, wide, v, p)
	}
	return v
}

// bitsOf is v's bits as a signless integer of its width: a float
// bitcast, a complex number its real part's bits in the low half and its
// imaginary part's in the high half (little-endian memory order, as
// StableHLO's bitcast_convert of complex<f32> to i64 or 2xf32 reads it).
func bitsOf(b *ir.Builder, v *ir.Value) *ir.Value {
	t := v.Type()
	switch {
	case ir.IsFloat(t):
		return arith.Build(b, arith.Bitcast, ir.Integer(8*ir.ElementByteSize(t), ir.Signless), v)
	case ir.IsComplex(t):
		pw := 4 * ir.ElementByteSize(t)
		wide := ir.Integer(2*pw, ir.Signless)
		re := arith.Build(b, arith.ExtUI, wide, bitsOf(b, complexdialect.Build(b, complexdialect.Re, v)))
		im := arith.Build(b, arith.ExtUI, wide, bitsOf(b, complexdialect.Build(b, complexdialect.Im, v)))
		im = arith.Build(b, arith.ShLI, wide, im, arith.IntConstant(b, wide, int64(pw)))
		return arith.Build(b, arith.OrI, wide, re, im)
	}
	return v
}

// fromBits is bitsOf's inverse: the element of type t whose bits are the
// signless integer v.
func fromBits(b *ir.Builder, t ir.Type, v *ir.Value) *ir.Value {
	ct, ok := t.(*ir.ComplexType)
	if !ok {
		if v.Type() == t {
			return v
		}
		return arith.Build(b, arith.Bitcast, t, v)
	}
	pw := 4 * ir.ElementByteSize(t)
	wide, part := v.Type(), ir.Integer(pw, ir.Signless)
	re := arith.Build(b, arith.TruncI, part, v)
	im := arith.Build(b, arith.TruncI, part, arith.Build(b, arith.ShRUI, wide, v, arith.IntConstant(b, wide, int64(pw))))
	return complexdialect.Build(b, complexdialect.Create, fromBits(b, ct.Elem, re), fromBits(b, ct.Elem, im))
}

// floorDiv and ceilDiv divide by a positive d, rounding down and up.
func floorDiv(a, d int64) int64 {
	q := a / d
	if a%d != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, d int64) int64 { return -floorDiv(-a, d) }

// convertSlice: a generic reading the operand through the map
// `(d0, ..) -> (d0 * stride0 + start0, ..)`, so that the slice fuses with
// its producer and consumers like any elementwise op (no copy of its own).
// The operand may be dynamic: the loops' bounds come from the static result
// and the generic checks at run time that every index read is inside the
// operand (lower/llvm).
//
// A dim that starts at 0 with stride 1 has the map result `d` (affine
// expressions fold `d * 1 + 0`), and a loop dim read as a bare `d` takes
// its bound from the first operand that reads it so: the operand, whose
// dim must then be exactly the result's (linalg's verifier, MLIR's loop
// bounds and lower/llvm all rely on that). When such a dim is shorter
// than the operand's, or the operand's is dynamic, the map cannot say the
// slice: the generic reads the slice as a tensor.extract_slice view (with
// the slice's offsets, sizes and strides; lower/llvm makes it a strided
// view, no copy) through the identity map, as MLIR's own
// stablehlo-legalize-to-linalg does. That generic still fuses with its
// consumers; its producer is not fused into it (it is read through the
// view).
func convertSlice(op *ir.Operation) error {
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if out == nil || !out.HasStaticShape() {
		return op.Emit("needs a static result to be lowered to linalg")
	}
	starts, strides := hlo.I64s(op.Attr("start_indices")), hlo.I64s(op.Attr("strides"))
	src := op.Operand(0)
	b := ir.Before(op)
	var m affine.Map
	if in, _ := src.Type().(*ir.RankedTensorType); in != nil && slicesPrefix(in, out, starts, strides) {
		r := out.Rank()
		p := sliceParams{offsets: make([]slicePart, r), sizes: make([]slicePart, r), strides: make([]slicePart, r)}
		for d, s := range out.Shape() {
			p.offsets[d] = slicePart{static: starts[d]}
			p.sizes[d] = slicePart{static: s}
			p.strides[d] = slicePart{static: strides[d]}
		}
		src = createSlice(b, "tensor.extract_slice", []*ir.Value{src}, p, ir.RankedTensor(out.Shape(), in.ElementType()))
		m = affine.Identity(out.Rank())
	} else {
		res := make([]affine.Expr, out.Rank())
		for i := range res {
			res[i] = affine.Add(affine.Mul(affine.Dim(i), affine.Const(strides[i])), affine.Const(starts[i]))
		}
		m = affine.NewMap(out.Rank(), 0, res...)
	}
	empty := b.Create(&ir.OpState{Name: "tensor.empty", ResultTypes: []ir.Type{out}}).Result(0)
	gen, body := newGeneric(b, op, []*ir.Value{src, empty}, parallelGenericAttrs([]affine.Map{m, affine.Identity(out.Rank())}, 1))
	yield(op, body, body.Arg(0))
	return replace(op, gen.Result(0))
}

// slicesPrefix reports whether a slice of in to out has a dim that starts
// at 0 with stride 1 (its map result is a bare loop dim) and whose size
// is not the operand's: shorter, or the operand's is dynamic.
func slicesPrefix(in, out *ir.RankedTensorType, starts, strides []int64) bool {
	for d, s := range out.Shape() {
		if starts[d] == 0 && strides[d] == 1 && in.Shape()[d] != s {
			return true
		}
	}
	return false
}

// sliceParams are the offsets, sizes and strides of a tensor slice op,
// each static or a value (when the value is non-nil); nil strides are all
// 1.
type sliceParams struct {
	offsets, sizes, strides []slicePart
}

type slicePart struct {
	static int64
	value  *ir.Value
}

// createSlice builds tensor.extract_slice (lead = [source]) or
// tensor.insert_slice (lead = [source, dest]) of result type rt.
func createSlice(b *ir.Builder, name string, lead []*ir.Value, p sliceParams, rt ir.Type) *ir.Value {
	st := &ir.OpState{Name: name, Operands: append([]*ir.Value{}, lead...), ResultTypes: []ir.Type{rt}}
	strides := p.strides
	if strides == nil {
		strides = make([]slicePart, len(p.sizes))
		for d := range strides {
			strides[d] = slicePart{static: 1}
		}
	}
	names := [3]string{"static_offsets", "static_sizes", "static_strides"}
	segs := make([]int64, len(lead)+3)
	for i := range lead {
		segs[i] = 1
	}
	for k, parts := range [3][]slicePart{p.offsets, p.sizes, strides} {
		list := make([]int64, len(parts))
		for d, x := range parts {
			list[d] = x.static
			if x.value != nil {
				list[d] = tensor.Dynamic
				st.Operands = append(st.Operands, x.value)
				segs[len(lead)+k]++
			}
		}
		st.AddAttr(names[k], &ir.DenseArrayAttr{Elem: ir.I64, Ints: list})
	}
	st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: segs})
	return b.Create(st).Result(0)
}

// sizeOf is dim d of v: its static size or tensor.dim.
func sizeOf(b *ir.Builder, v *ir.Value, d int) slicePart {
	if s := v.Type().(*ir.RankedTensorType).Shape()[d]; s != ir.Dynamic {
		return slicePart{static: s}
	}
	return slicePart{value: tensorDim(b, v, d)}
}

// convertConcatenate, in destination-passing style: the result is a
// tensor.empty, and each operand is copied by a generic whose output is
// the operand's part of it (tensor.extract_slice at the running offset),
// put back with tensor.insert_slice. The copy fuses with the operand's
// producer, so that the producer writes its elements straight into the
// result, and lower/llvm writes the slices in place. The parts' other dims
// are the result's (from operand #0): the copy checks at run time that
// each operand has them.
func (l *lowering) convertConcatenate(op *ir.Operation) error {
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if out == nil {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	dim64, _ := hlo.IntAttr(op.Attr("dimension"))
	dim := int(dim64)
	b := ir.Before(op)
	// The result's sizes: operand #0's, and the sum along dim.
	sizes := make([]slicePart, out.Rank())
	offsets := make([]slicePart, op.NumOperands())
	var total slicePart
	for i, v := range op.Operands() {
		offsets[i] = total
		s := sizeOf(b, v, dim)
		switch {
		case i == 0:
			total = s
		case total.value == nil && s.value == nil:
			total = slicePart{static: total.static + s.static}
		default:
			tv, sv := total.value, s.value
			if tv == nil {
				tv = indexConst(b, total.static)
			}
			if sv == nil {
				sv = indexConst(b, s.static)
			}
			total = slicePart{value: b.Create(&ir.OpState{Name: arith.AddI.Name, Operands: []*ir.Value{tv, sv}, ResultTypes: []ir.Type{ir.Index}}).Result(0)}
		}
	}
	var dyn []*ir.Value
	for d := range sizes {
		if d == dim {
			sizes[d] = total
		} else if s := out.Shape()[d]; s != ir.Dynamic {
			sizes[d] = slicePart{static: s}
		} else {
			sizes[d] = sizeOf(b, op.Operand(0), d)
		}
		if out.Shape()[d] == ir.Dynamic {
			v := sizes[d].value
			if v == nil {
				v = indexConst(b, sizes[d].static)
			}
			dyn = append(dyn, v)
		}
	}
	acc := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}}).Result(0)
	for i, v := range op.Operands() {
		in := v.Type().(*ir.RankedTensorType)
		p := sliceParams{offsets: make([]slicePart, out.Rank()), sizes: append([]slicePart{}, sizes...)}
		p.offsets[dim] = offsets[i]
		p.sizes[dim] = sizeOf(b, v, dim)
		partShape := make([]int64, out.Rank())
		for d, s := range p.sizes {
			partShape[d] = s.static
			if s.value != nil {
				partShape[d] = ir.Dynamic
			}
		}
		partT := ir.RankedTensor(partShape, in.ElementType())
		part := createSlice(b, "tensor.extract_slice", []*ir.Value{acc}, p, partT)
		l.resetAccesses()
		filled := l.genericInto(b, op, l.identityAccess(v, out.Rank(), true), part)
		acc = createSlice(b, "tensor.insert_slice", []*ir.Value{filled, acc}, p, out)
	}
	return replace(op, acc)
}

// convertDynamicReshape: tensor.reshape to the run-time shape.
func convertDynamicReshape(op *ir.Operation) error {
	st := &ir.OpState{Name: "tensor.reshape", Operands: op.Operands(), ResultTypes: op.ResultTypes(), Loc: op.Loc}
	return replace(op, ir.Before(op).Create(st).Result(0))
}
