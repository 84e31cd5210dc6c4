package tensor

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Reassociation reads `[[0, 1], [2]]`: for each result (collapse) or
// source (expand) dim, the group of dims of the higher-rank type it spans.
func Reassociation(op *ir.Operation) [][]int64 {
	arr, _ := op.Attr("reassociation").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([][]int64, len(arr.Elems))
	for i, g := range arr.Elems {
		ga, _ := g.(*ir.ArrayAttr)
		if ga == nil {
			return nil
		}
		for _, e := range ga.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			out[i] = append(out[i], ia.Value)
		}
	}
	return out
}

// ReassociationAttr builds the `reassociation` attribute.
func ReassociationAttr(groups [][]int64) ir.Attribute {
	gs := make([]ir.Attribute, len(groups))
	for i, g := range groups {
		es := make([]ir.Attribute, len(g))
		for j, d := range g {
			es[j] = ir.I64Attr(d)
		}
		gs[i] = &ir.ArrayAttr{Elems: es}
	}
	return &ir.ArrayAttr{Elems: gs}
}

func parseReassociation(p *ir.OpParser) [][]int64 {
	p.Parse("[")
	var groups [][]int64
	if !p.Peek("]") {
		for {
			groups = append(groups, p.ParseI64List())
			if !p.Accept(",") {
				break
			}
		}
	}
	p.Parse("]")
	return groups
}

func printReassociation(p *ir.OpPrinter, groups [][]int64) {
	p.Write(" [")
	for i, g := range groups {
		if i > 0 {
			p.Write(", ")
		}
		p.Write("[")
		for j, d := range g {
			if j > 0 {
				p.Write(", ")
			}
			p.Int(d)
		}
		p.Write("]")
	}
	p.Write("]")
}

// verifyReassociation checks that groups partition the high-rank
// (expanded) type's dims in order and that each low-rank (collapsed) dim
// is the product of its group, with MLIR 19's messages and in its order
// (verifyReshapeLikeTypes, reshapeLikeShapesAreCompatible). Stricter than
// MLIR 19 in two places: a group may not be empty (mlir-opt-19 crashes on
// one), and collapsing to rank 0 needs unit dims (MLIR 19 accepts
// `tensor<2x1xf32> into tensor<f32>`).
func verifyReassociation(op *ir.Operation, groups [][]int64, high, low *ir.RankedTensorType) error {
	if high == nil || low == nil {
		return op.Emit("expects ranked tensor operand and result types")
	}
	if high.Rank() < low.Rank() {
		return op.Emit("expected the expanded type, '%s' to have a higher (or same) rank than the collapsed type, '%s'.", high, low)
	}
	if len(groups) != low.Rank() {
		return op.Emit("expected collapsed rank (%d) to equal the number of reassociation maps (%d).", low.Rank(), len(groups))
	}
	if low.Rank() == 0 {
		for _, d := range high.Shape() {
			if d != 1 {
				return op.Emit("invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref")
			}
		}
	}
	// MLIR turns the groups into affine maps over max index + 1 dims.
	numDims := int64(0)
	for _, g := range groups {
		for _, d := range g {
			numDims = max(numDims, d+1)
		}
	}
	for i, g := range groups {
		if len(g) == 0 {
			return op.Emit("reassociation group #%d is empty", i)
		}
		if numDims != int64(high.Rank()) {
			return op.Emit("expected reassociation map #%d to have size equal to the expanded rank (%d), but it is  %d.", i, high.Rank(), numDims)
		}
	}
	next := int64(0)
	for i, g := range groups {
		for _, d := range g {
			if d != next {
				return op.Emit("expected reassociation map #%d to be valid and contiguous.", i)
			}
			next++
		}
	}
	for i, g := range groups {
		prod := collapsedSize(high.Shape(), g)
		dyn := prod == ir.Dynamic
		s := low.Shape()[i]
		if dyn && s != ir.Dynamic {
			return op.Emit("expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i)
		}
		if !dyn && s != prod {
			return op.Emit("expected dimension %d of collapsed type to be static value of %d", i, prod)
		}
	}
	if high.ElementType() != low.ElementType() {
		return op.Emit("expected collapsed type to be '%s', but got '%s'", ir.RankedTensor(low.Shape(), high.ElementType()), low)
	}
	return nil
}

// CollapseShape is `tensor.collapse_shape`:
//
//	%collapsed = tensor.collapse_shape %t [[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
var CollapseShape = &ir.OpDef{
	Name:          "tensor.collapse_shape",
	Summary:       "merge groups of adjacent dims",
	Doc:           "%collapsed = tensor.collapse_shape %t [[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>",
	Traits:        ir.Pure,
	Operands:      1,
	Results:       1,
	InherentAttrs: []string{"reassociation"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		st.AddAttr("reassociation", ReassociationAttr(parseReassociation(p)))
		p.ParseOptionalAttrDict(&st.Attrs)
		from := p.ParseColonType()
		p.ParseKeyword("into")
		to := p.ParseType()
		st.Operands = p.ResolveAll([]ir.OperandRef{x}, []ir.Type{from}, loc)
		st.ResultTypes = []ir.Type{to}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		printReassociation(p, Reassociation(op))
		p.OptionalAttrDict("reassociation")
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" into ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		high, _ := op.Operand(0).Type().(*ir.RankedTensorType)
		low, _ := op.Result(0).Type().(*ir.RankedTensorType)
		return verifyReassociation(op, Reassociation(op), high, low)
	},
	ResultNames: func(*ir.Operation) string { return "collapsed" },
}

// StaticList reads a static size list attribute (Dynamic entries stand for operands).
func StaticList(op *ir.Operation, name string) []int64 {
	a, _ := op.Attr(name).(*ir.DenseArrayAttr)
	if a == nil {
		return nil
	}
	return a.Ints
}

// parseMixedList reads `[4, %d, 8]` into static entries (Dynamic for
// operands) and the operand references.
func parseMixedList(p *ir.OpParser) ([]int64, []ir.OperandRef) {
	p.Parse("[")
	var static []int64
	var refs []ir.OperandRef
	if !p.Peek("]") {
		for {
			if p.PeekOperand() {
				refs = append(refs, p.ParseOperand())
				static = append(static, Dynamic)
			} else {
				static = append(static, p.ParseInteger())
			}
			if !p.Accept(",") {
				break
			}
		}
	}
	p.Parse("]")
	return static, refs
}

func printMixedList(p *ir.OpPrinter, static []int64, dyn []*ir.Value) {
	p.Write("[")
	k := 0
	for i, s := range static {
		if i > 0 {
			p.Write(", ")
		}
		if s == Dynamic && k < len(dyn) {
			p.Operand(dyn[k])
			k++
		} else {
			p.Int(s)
		}
	}
	p.Write("]")
}

func countDynamic(static []int64) int {
	n := 0
	for _, s := range static {
		if s == Dynamic {
			n++
		}
	}
	return n
}

// ExpandShape is `tensor.expand_shape`, with MLIR 19's output_shape:
//
//	%expanded = tensor.expand_shape %t [[0, 1], [2]] output_shape [4, 1, %d] : tensor<4x?xf32> into tensor<4x1x?xf32>
var ExpandShape = &ir.OpDef{
	Name:          "tensor.expand_shape",
	Summary:       "split dims into groups of dims",
	Doc:           "%expanded = tensor.expand_shape %t [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>",
	Traits:        ir.Pure,
	Operands:      ir.Variadic,
	MinOperands:   1,
	Results:       1,
	InherentAttrs: []string{"reassociation", "static_output_shape"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		st.AddAttr("reassociation", ReassociationAttr(parseReassociation(p)))
		p.ParseKeyword("output_shape")
		static, refs := parseMixedList(p)
		st.AddAttr("static_output_shape", &ir.DenseArrayAttr{Elem: ir.I64, Ints: static})
		p.ParseOptionalAttrDict(&st.Attrs)
		from := p.ParseColonType()
		p.ParseKeyword("into")
		to := p.ParseType()
		st.Operands = p.ResolveAll(append([]ir.OperandRef{x}, refs...), withIndices(len(refs), from), loc)
		st.ResultTypes = []ir.Type{to}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		printReassociation(p, Reassociation(op))
		p.Write(" output_shape ")
		printMixedList(p, StaticList(op, "static_output_shape"), op.Operands()[1:])
		p.OptionalAttrDict("reassociation", "static_output_shape")
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" into ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		low, _ := op.Operand(0).Type().(*ir.RankedTensorType)
		high, _ := op.Result(0).Type().(*ir.RankedTensorType)
		if err := indexOperands(op, 1); err != nil {
			return err
		}
		if low == nil || high == nil {
			return op.Emit("expects ranked tensor operand and result types")
		}
		static := StaticList(op, "static_output_shape")
		if len(static) != high.Rank() {
			return op.Emit("expected number of static shape dims to be equal to the output rank (%d) but found %d inputs instead", high.Rank(), len(static))
		}
		if countDynamic(static) != op.NumOperands()-1 {
			return op.Emit("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", countDynamic(static), op.NumOperands()-1)
		}
		if err := verifyReassociation(op, Reassociation(op), high, low); err != nil {
			return err
		}
		// Stricter than MLIR 19, which does not compare the two.
		for i, s := range static {
			if s < 0 && s != Dynamic {
				return op.Emit("output_shape entry %d is negative (%d); a dynamic size must be given as a value", i, s)
			}
			if d := high.Shape()[i]; s != Dynamic && d != ir.Dynamic && s != d {
				return op.Emit("output_shape entry %d is %d but the result dim is %d", i, s, d)
			}
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "expanded" },
}

// sliceParts splits a slice op's operands into offsets, sizes and strides
// by operandSegmentSizes (after the first `lead` operands).
func sliceParts(op *ir.Operation, lead int) (offs, sizes, strides []*ir.Value) {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	ops := op.Operands()
	if seg == nil || len(seg.Ints) != lead+3 {
		return nil, nil, nil
	}
	i := lead
	no, ns, nt := int(seg.Ints[lead]), int(seg.Ints[lead+1]), int(seg.Ints[lead+2])
	if i+no+ns+nt > len(ops) {
		return nil, nil, nil
	}
	return ops[i : i+no], ops[i+no : i+no+ns], ops[i+no+ns : i+no+ns+nt]
}

func parseSliceLists(p *ir.OpParser, st *ir.OpState) (refs []ir.OperandRef, counts [3]int) {
	for k, name := range []string{"static_offsets", "static_sizes", "static_strides"} {
		static, r := parseMixedList(p)
		st.AddAttr(name, &ir.DenseArrayAttr{Elem: ir.I64, Ints: static})
		refs = append(refs, r...)
		counts[k] = len(r)
	}
	return refs, counts
}

func printSliceLists(p *ir.OpPrinter, op *ir.Operation, lead int) {
	offs, sizes, strides := sliceParts(op, lead)
	printMixedList(p, StaticList(op, "static_offsets"), offs)
	p.Write(" ")
	printMixedList(p, StaticList(op, "static_sizes"), sizes)
	p.Write(" ")
	printMixedList(p, StaticList(op, "static_strides"), strides)
}

// verifySegments checks operandSegmentSizes against the operand count,
// as MLIR's AttrSizedOperandSegments trait does.
func verifySegments(op *ir.Operation, n int) error {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if seg == nil || len(seg.Ints) != n {
		got := 0
		if seg != nil {
			got = len(seg.Ints)
		}
		return op.Emit("'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", n, got)
	}
	total := int64(0)
	for _, k := range seg.Ints {
		if k < 0 {
			return op.Emit("'operandSegmentSizes' attribute cannot have negative elements")
		}
		total += k
	}
	if total != int64(op.NumOperands()) {
		return op.Emit("operand count (%d) does not match with the total size (%d) specified in attribute 'operandSegmentSizes'", op.NumOperands(), total)
	}
	return nil
}

// verifySliceLists checks the offsets, sizes and strides of a slice op
// with `lead` leading tensor operands against a tensor of the given rank,
// as MLIR's OffsetSizeAndStrideOpInterface does (its messages carry no
// "'op' op" prefix).
func verifySliceLists(op *ir.Operation, lead, rank int) error {
	if err := verifySegments(op, lead+3); err != nil {
		return err
	}
	if err := indexOperands(op, lead); err != nil {
		return err
	}
	offs, sizes, strides := sliceParts(op, lead)
	so, ss, st := StaticList(op, "static_offsets"), StaticList(op, "static_sizes"), StaticList(op, "static_strides")
	if len(so) != len(ss) {
		return ir.Errorf(op.Loc, "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(so), len(ss))
	}
	if len(ss) != len(st) {
		return ir.Errorf(op.Loc, "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(ss), len(st))
	}
	for k, name := range []string{"offset", "size", "stride"} {
		static := [][]int64{so, ss, st}[k]
		dyn := [][]*ir.Value{offs, sizes, strides}[k]
		if len(static) != rank {
			return ir.Errorf(op.Loc, "expected %d %s values, got %d", rank, name, len(static))
		}
		if countDynamic(static) != len(dyn) {
			return ir.Errorf(op.Loc, "expected %d dynamic %s values", countDynamic(static), name)
		}
	}
	for k, name := range []string{"offsets", "sizes"} {
		for _, v := range [][]int64{so, ss}[k] {
			if v < 0 && v != Dynamic {
				return ir.Errorf(op.Loc, "expected %s to be non-negative, but got %d", name, v)
			}
		}
	}
	return nil
}

// verifySliceType checks that small is the slice type of big's elements
// with the static sizes, or a rank-reduced version of it (unit dims
// dropped), as MLIR's isRankReducedType and produceSliceErrorMsg do.
func verifySliceType(op *ir.Operation, big, small *ir.RankedTensorType) error {
	sizes := slices.Clone(StaticList(op, "static_sizes"))
	for i, s := range sizes {
		if s == Dynamic {
			sizes[i] = ir.Dynamic
		}
	}
	expected := ir.RankedTensor(sizes, big.ElementType())
	if len(small.Shape()) > len(sizes) {
		return ir.Errorf(op.Loc, "expected rank to be smaller or equal to the other rank. ")
	}
	j := 0
	for _, s := range sizes {
		if j < small.Rank() && small.Shape()[j] == s {
			j++
		} else if s != 1 {
			j = -1
			break
		}
	}
	if j != small.Rank() {
		return ir.Errorf(op.Loc, "expected type to be '%s' or a rank-reduced version. (size mismatch) ", expected)
	}
	if small.ElementType() != big.ElementType() {
		return ir.Errorf(op.Loc, "expected element type to be '%s'", big.ElementType())
	}
	return nil
}

var sliceAttrs = []string{"static_offsets", "static_sizes", "static_strides", "operandSegmentSizes"}

// ExtractSlice is `tensor.extract_slice`:
//
//	%extracted_slice = tensor.extract_slice %t[0, 0] [2, %d] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
var ExtractSlice = &ir.OpDef{
	Name:          "tensor.extract_slice",
	Summary:       "a strided slice of a tensor",
	Doc:           "%extracted_slice = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>",
	Traits:        ir.Pure,
	Operands:      ir.Variadic,
	MinOperands:   1,
	Results:       1,
	InherentAttrs: sliceAttrs,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		refs, n := parseSliceLists(p, st)
		st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{1, int64(n[0]), int64(n[1]), int64(n[2])}})
		p.ParseOptionalAttrDict(&st.Attrs)
		from := p.ParseColonType()
		p.ParseKeyword("to")
		to := p.ParseType()
		st.Operands = p.ResolveAll(append([]ir.OperandRef{x}, refs...), withIndices(len(refs), from), loc)
		st.ResultTypes = []ir.Type{to}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		printSliceLists(p, op, 1)
		p.OptionalAttrDict(sliceAttrs...)
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" to ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		src, _ := op.Operand(0).Type().(*ir.RankedTensorType)
		if src == nil {
			return op.Emit("operand #0 must be ranked tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		res, _ := op.Result(0).Type().(*ir.RankedTensorType)
		if res == nil {
			return op.Emit("result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if err := verifySliceLists(op, 1, src.Rank()); err != nil {
			return err
		}
		return verifySliceType(op, src, res)
	},
	ResultNames: func(*ir.Operation) string { return "extracted_slice" },
}

// InsertSlice is `tensor.insert_slice`:
//
//	%inserted_slice = tensor.insert_slice %s into %t[0, 0] [2, %d] [1, 1] : tensor<2x?xf32> into tensor<4x?xf32>
var InsertSlice = &ir.OpDef{
	Name:          "tensor.insert_slice",
	Summary:       "a tensor with a strided slice replaced",
	Doc:           "%inserted_slice = tensor.insert_slice %s into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>",
	Traits:        ir.Pure,
	Operands:      ir.Variadic,
	MinOperands:   2,
	Results:       1,
	InherentAttrs: sliceAttrs,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		s := p.ParseOperand()
		p.ParseKeyword("into")
		d := p.ParseOperand()
		refs, n := parseSliceLists(p, st)
		st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{1, 1, int64(n[0]), int64(n[1]), int64(n[2])}})
		p.ParseOptionalAttrDict(&st.Attrs)
		from := p.ParseColonType()
		p.ParseKeyword("into")
		to := p.ParseType()
		st.Operands = p.ResolveAll(append([]ir.OperandRef{s, d}, refs...), withIndices(len(refs), from, to), loc)
		st.ResultTypes = []ir.Type{to}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write(" into ")
		p.Operand(op.Operand(1))
		printSliceLists(p, op, 2)
		p.OptionalAttrDict(sliceAttrs...)
		p.Write(" : ")
		p.Type(op.Operand(0).Type())
		p.Write(" into ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		for i, v := range op.Operands()[:2] {
			if _, ok := v.Type().(*ir.RankedTensorType); !ok {
				return op.Emit("operand #%d must be ranked tensor of any type values, but got '%s'", i, v.Type())
			}
		}
		if _, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok {
			return op.Emit("result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		src, dst := op.Operand(0).Type().(*ir.RankedTensorType), op.Operand(1).Type().(*ir.RankedTensorType)
		if op.Result(0).Type() != dst {
			return op.Emit("failed to verify that expected result type to match dest type")
		}
		if err := verifySliceLists(op, 2, dst.Rank()); err != nil {
			return err
		}
		return verifySliceType(op, dst, src)
	},
	ResultNames: func(*ir.Operation) string { return "inserted_slice" },
}

func init() {
	ir.Register(CollapseShape, ExpandShape, ExtractSlice, InsertSlice)
}

// Reshape is `tensor.reshape` to a shape given as a 1-D tensor (the
// lowering of hlo.dynamic_reshape):
//
//	%reshape = tensor.reshape %x(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
var Reshape = &ir.OpDef{
	Name:     "tensor.reshape",
	Summary:  "reshape to a run-time shape with the same number of elements",
	Doc:      "%reshape = tensor.reshape %x(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>",
	Traits:   ir.Pure,
	Operands: 2,
	Results:  1,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		x := p.ParseOperand()
		p.Parse("(")
		s := p.ParseOperand()
		p.Parse(")")
		p.ParseOptionalAttrDict(&st.Attrs)
		p.Parse(":")
		ft := p.ParseFunctionType()
		st.Operands = p.ResolveAll([]ir.OperandRef{x, s}, ft.Inputs, loc)
		st.ResultTypes = append(st.ResultTypes, ft.Results...)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operand(op.Operand(0))
		p.Write("(")
		p.Operand(op.Operand(1))
		p.Write(")")
		p.OptionalAttrDict()
		p.Write(" : ")
		p.FunctionType(op.OperandTypes(), op.ResultTypes())
	},
	Verify: func(op *ir.Operation) error {
		src, _ := op.Operand(0).Type().(ir.ShapedType)
		dst, _ := op.Result(0).Type().(*ir.RankedTensorType)
		shape, _ := op.Operand(1).Type().(*ir.RankedTensorType)
		if src == nil || dst == nil || src.ElementType() != dst.ElementType() {
			return op.Emit("element types of source and destination tensor types should be the same")
		}
		if shape == nil || shape.Rank() != 1 || !ir.IsIntOrIndex(shape.ElementType()) {
			return op.Emit("shape must be a 1-D tensor of integers or index, but got '%s'", op.Operand(1).Type())
		}
		if n := shape.Shape()[0]; n != ir.Dynamic && n != int64(dst.Rank()) {
			return op.Emit("length of shape operand differs from the result's tensor rank")
		}
		if src.HasRank() && ir.IsStaticShape(src.Shape()) && dst.HasStaticShape() && ir.NumElements(src.Shape()) != ir.NumElements(dst.Shape()) {
			return op.Emit("source and destination tensor should have the same number of elements")
		}
		return nil
	},
	ResultNames: func(*ir.Operation) string { return "reshape" },
}

func init() { ir.Register(Reshape) }
