package linalg

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// Iterator types of a generic's loops.
const (
	Parallel  = "parallel"
	Reduction = "reduction"
)

// The attributes of the common iterator kinds, shared (attributes are
// immutable): building or parsing every generic would otherwise allocate
// one per loop.
var (
	parallelAttr  = &ir.OpaqueAttr{Text: "linalg.iterator_type<parallel>"}
	reductionAttr = &ir.OpaqueAttr{Text: "linalg.iterator_type<reduction>"}
)

func iteratorAttr(kind string) ir.Attribute {
	switch kind {
	case Parallel:
		return parallelAttr
	case Reduction:
		return reductionAttr
	}
	return &ir.OpaqueAttr{Text: "linalg.iterator_type<" + kind + ">"}
}

// IteratorTypes returns a generic's iterator kinds ("parallel", "reduction").
// The slice is the caller's; IteratorTypesView avoids the copy.
func IteratorTypes(op *ir.Operation) []string { return slices.Clone(IteratorTypesView(op)) }

// IteratorTypesView is IteratorTypes without the copy: the slice is cached
// on the attribute and shared, so the caller must not modify or append to it.
func IteratorTypesView(op *ir.Operation) []string {
	arr, _ := op.Attr("iterator_types").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	return ir.Memo(arr, decodeIteratorTypes)
}

func decodeIteratorTypes(elems []ir.Attribute) []string {
	out := make([]string, len(elems))
	for i, e := range elems {
		switch e := e.(type) {
		case *ir.OpaqueAttr:
			const pre = "linalg.iterator_type<"
			if len(e.Text) > len(pre) && e.Text[:len(pre)] == pre {
				out[i] = e.Text[len(pre) : len(e.Text)-1]
			}
		case *ir.StringAttr:
			out[i] = e.Value
		}
	}
	return out
}

// IndexingMaps returns a generic's indexing maps, one per operand.
// The slice is the caller's; IndexingMapsView avoids the copy.
func IndexingMaps(op *ir.Operation) []affine.Map { return slices.Clone(IndexingMapsView(op)) }

// IndexingMapsView is IndexingMaps without the copy: the slice is cached
// on the attribute and shared, so the caller must not modify or append to it.
func IndexingMapsView(op *ir.Operation) []affine.Map {
	arr, _ := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	return ir.Memo(arr, decodeIndexingMaps)
}

func decodeIndexingMaps(elems []ir.Attribute) []affine.Map {
	out := make([]affine.Map, len(elems))
	for i, e := range elems {
		if m, ok := e.(*ir.AffineMapAttr); ok {
			out[i] = m.Map
		}
	}
	return out
}

// NumInputs returns how many of a generic's operands are `ins` (the rest
// are `outs`), from operandSegmentSizes.
func NumInputs(op *ir.Operation) int {
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(a.Ints) == 2 {
		return int(a.Ints[0])
	}
	return op.NumOperands() - op.NumResults()
}

// Inputs and Outputs split a generic's operands.
func Inputs(op *ir.Operation) []*ir.Value  { return op.Operands()[:NumInputs(op)] }
func Outputs(op *ir.Operation) []*ir.Value { return op.Operands()[NumInputs(op):] }

// Body returns a generic's single block.
func Body(op *ir.Operation) *ir.Block { return op.Region(0).Front() }

// SetGenericAttrs sets the maps, iterator kinds and operand segments of a
// generic being built.
func SetGenericAttrs(st *ir.OpState, maps []affine.Map, iterators []string, nIns, nOuts int) {
	ms := make([]ir.Attribute, len(maps))
	mapAttrs := make([]ir.AffineMapAttr, len(maps)) // one allocation for all
	for i, m := range maps {
		mapAttrs[i].Map = m
		ms[i] = &mapAttrs[i]
	}
	// One allocation for the attribute and its two sizes.
	seg := &struct {
		attr  ir.DenseArrayAttr
		sizes [2]int64
	}{sizes: [2]int64{int64(nIns), int64(nOuts)}}
	seg.attr = ir.DenseArrayAttr{Elem: ir.I32, Ints: seg.sizes[:]}
	st.AddAttr("indexing_maps", &ir.ArrayAttr{Elems: ms})
	st.AddAttr("iterator_types", iteratorTypesAttr(iterators))
	st.AddAttr("operandSegmentSizes", &seg.attr)
}

// parallelIteratorTypes[n] is the iterator_types attribute of n parallel
// loops, shared by the generics that have them (attributes are
// immutable): most generics do, and each would otherwise cost two
// allocations and a decoding (IteratorTypesView).
var parallelIteratorTypes = func() (attrs [9]*ir.ArrayAttr) {
	for n := range attrs {
		its := make([]ir.Attribute, n)
		for i := range its {
			its[i] = parallelAttr
		}
		attrs[n] = &ir.ArrayAttr{Elems: its}
	}
	return attrs
}()

// iteratorTypesAttr returns the iterator_types attribute of the given
// kinds.
func iteratorTypesAttr(iterators []string) *ir.ArrayAttr {
	if n := len(iterators); n < len(parallelIteratorTypes) && !slices.ContainsFunc(iterators, func(k string) bool { return k != Parallel }) {
		return parallelIteratorTypes[n]
	}
	its := make([]ir.Attribute, len(iterators))
	for i, k := range iterators {
		its[i] = iteratorAttr(k)
	}
	return &ir.ArrayAttr{Elems: its}
}

var genericAttrs = []string{"indexing_maps", "iterator_types", "operandSegmentSizes", "doc", "library_call"}

// Generic is `linalg.generic`:
//
//	%1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x?xf32>, tensor<?xf32>) outs(%0 : tensor<4x?xf32>) {
//	^bb0(%in: f32, %in_0: f32, %out: f32):
//	  %2 = arith.addf %in, %in_0 : f32
//	  linalg.yield %2 : f32
//	} -> tensor<4x?xf32>
var Generic = &ir.OpDef{
	Name:          "linalg.generic",
	Summary:       "a loop nest over the operands' index spaces, with a scalar body",
	Doc:           "%r = linalg.generic {indexing_maps = [...], iterator_types = [...]} ins(...) outs(...) {...} -> tensor<...>",
	Traits:        ir.RecursivelyPure | ir.SingleBlock,
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	Regions:       1,
	InherentAttrs: genericAttrs,
	Parse:         parseGeneric,
	Print:         printGeneric,
	Verify:        verifyGeneric,
	BlockArgNames: func(op *ir.Operation, region int) []string {
		n := NumInputs(op)
		names := make([]string, op.NumOperands())
		for i := range names {
			if i < n {
				names[i] = "in"
			} else {
				names[i] = "out"
			}
		}
		return names
	},
}

func parseGeneric(p *ir.OpParser, st *ir.OpState) error {
	var attrs ir.Attrs
	loc := p.Loc()
	p.ParseOptionalAttrDict(&attrs)
	for _, e := range attrs.List() {
		if e.Name == "iterator_types" {
			if arr, ok := e.Value.(*ir.ArrayAttr); ok {
				its := make([]ir.Attribute, len(arr.Elems))
				for i, x := range arr.Elems {
					if s, ok := x.(*ir.StringAttr); ok {
						if s.Value != Parallel && s.Value != Reduction {
							p.FailAt(loc, "unexpected iterator_type (%s)", s.Value)
						}
						its[i] = iteratorAttr(s.Value)
					} else {
						its[i] = x
					}
				}
				st.AddAttr(e.Name, &ir.ArrayAttr{Elems: its})
				continue
			}
		}
		st.AddAttr(e.Name, e.Value)
	}
	loc = p.Loc()
	io := parseInsOuts(p)
	if p.AcceptKeyword("attrs") {
		p.Parse("=")
		p.ParseOptionalAttrDict(&st.Attrs)
	}
	io.resolve(p, st, loc)
	st.Regions = append(st.Regions, p.ParseRegionNoArgs(false))
	if p.Accept("->") {
		st.ResultTypes = p.ParseArrowResults()
	}
	return nil
}

// insOuts are a structured op's `ins(%a, %b : A, B)` and `outs(%c : C)`
// as parsed: operand references and their types, resolved once the rest
// of the op is read.
type insOuts struct {
	insRefs, outRefs []ir.OperandRef
	insT, outT       []ir.Type
}

// parseInsOuts reads the optional `ins(...)` then the optional
// `outs(...)` of linalg.generic and the named ops.
func parseInsOuts(p *ir.OpParser) insOuts {
	var io insOuts
	if p.AcceptKeyword("ins") {
		p.Parse("(")
		io.insRefs = p.ParseOperandList()
		if len(io.insRefs) > 0 {
			io.insT = p.ParseColonTypeList()
		}
		p.Parse(")")
	}
	if p.AcceptKeyword("outs") {
		p.Parse("(")
		io.outRefs = p.ParseOperandList()
		if len(io.outRefs) > 0 {
			io.outT = p.ParseColonTypeList()
		}
		p.Parse(")")
	}
	return io
}

// resolve sets st's operands, inputs then outputs (located at loc), and
// their operandSegmentSizes.
func (io insOuts) resolve(p *ir.OpParser, st *ir.OpState, loc ir.Location) {
	st.Operands = append(p.ResolveAll(io.insRefs, io.insT, loc), p.ResolveAll(io.outRefs, io.outT, loc)...)
	st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(len(io.insRefs)), int64(len(io.outRefs))}})
}

func printGeneric(p *ir.OpPrinter, op *ir.Operation) {
	// MLIR prints the trait attributes as one sorted dictionary, the
	// iterator kinds as strings, and the other attributes after the
	// operands as `attrs =  {...}` (sic, two spaces).
	var traitAttrs []ir.NamedAttr
	for _, e := range op.Attrs.List() {
		switch e.Name {
		case "iterator_types":
			its := IteratorTypesView(op)
			elems := make([]ir.Attribute, len(its))
			for i, k := range its {
				elems[i] = ir.Str(k)
			}
			traitAttrs = append(traitAttrs, ir.NamedAttr{Name: e.Name, Value: &ir.ArrayAttr{Elems: elems}})
		case "doc", "indexing_maps", "library_call":
			traitAttrs = append(traitAttrs, e)
		}
	}
	if len(traitAttrs) > 0 {
		p.Write(" ")
		p.AttrDictEntries(traitAttrs)
	}
	ins, outs := Inputs(op), Outputs(op)
	if len(ins) > 0 {
		p.Write(" ins(")
		p.Operands(ins)
		p.Write(" : ")
		p.Types(valueTypes(ins))
		p.Write(")")
	}
	if len(outs) > 0 {
		p.Write(" outs(")
		p.Operands(outs)
		p.Write(" : ")
		p.Types(valueTypes(outs))
		p.Write(")")
	}
	extra := false
	for _, e := range op.Attrs.List() {
		extra = extra || !slices.Contains(genericAttrs, e.Name)
	}
	if extra {
		p.Write(" attrs = ")
		p.OptionalAttrDict(genericAttrs...)
	}
	p.Write(" ")
	p.Region(op.Region(0), true, true)
	if op.NumResults() > 0 {
		p.Write(" -> ")
		p.ArrowResults(op.ResultTypes())
	}
}

func valueTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

func verifyGeneric(op *ir.Operation) error {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	total := int64(0)
	if seg != nil {
		if len(seg.Ints) != 2 {
			return op.Emit("'operandSegmentSizes' attribute for specifying operand segments must have 2 elements, but got %d", len(seg.Ints))
		}
		if seg.Ints[0] < 0 || seg.Ints[1] < 0 {
			return op.Emit("'operandSegmentSizes' attribute cannot have negative elements")
		}
		total = seg.Ints[0] + seg.Ints[1]
	}
	if total != int64(op.NumOperands()) {
		return op.Emit("operand count (%d) does not match with the total size (%d) specified in attribute 'operandSegmentSizes'", op.NumOperands(), total)
	}
	nIn := NumInputs(op)
	nOut := op.NumOperands() - nIn
	for i := nIn; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); !isShaped(t) {
			return op.Emit("operand #%d must be variadic of shaped of any type values, but got '%s'", i, t)
		}
	}
	for i, r := range op.Results() {
		if _, ok := r.Type().(*ir.RankedTensorType); !ok {
			return op.Emit("result #%d must be variadic of ranked tensor of any type values, but got '%s'", i, r.Type())
		}
	}
	for _, n := range []string{"indexing_maps", "iterator_types"} {
		if op.Attr(n) == nil {
			return op.Emit("requires attribute '%s'", n)
		}
	}
	mapsAttr, _ := op.Attr("indexing_maps").(*ir.ArrayAttr)
	ok := mapsAttr != nil
	for i := 0; ok && i < len(mapsAttr.Elems); i++ {
		_, ok = mapsAttr.Elems[i].(*ir.AffineMapAttr)
	}
	if !ok {
		return op.Emit("attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute")
	}
	itersAttr, _ := op.Attr("iterator_types").(*ir.ArrayAttr)
	ok = itersAttr != nil
	for i := 0; ok && i < len(itersAttr.Elems); i++ {
		_, ok = itersAttr.Elems[i].(*ir.OpaqueAttr)
	}
	if !ok {
		return op.Emit("attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.")
	}
	maps := IndexingMapsView(op)
	iters := IteratorTypesView(op)
	for i, k := range iters {
		if k != Parallel && k != Reduction {
			return op.Emit("iterator type #%d is %s; expected #linalg.iterator_type<parallel> or #linalg.iterator_type<reduction>", i, ir.AttrString(itersAttr.Elems[i]))
		}
	}
	tensorOuts := 0
	for i := nIn; i < op.NumOperands(); i++ {
		if ir.IsTensor(op.Operand(i).Type()) {
			tensorOuts++
		}
	}
	if op.NumResults() != tensorOuts {
		return op.Emit("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), tensorOuts)
	}
	k := 0
	for i := nIn; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); ir.IsTensor(t) {
			if op.Result(k).Type() != t {
				return op.Emit("expected type of operand #%d ('%s') to match type of corresponding result ('%s')", i, t, op.Result(k).Type())
			}
			k++
		}
	}
	if len(maps) != op.NumOperands() {
		return op.Emit("expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)", len(maps), op.NumOperands())
	}
	// Loop bounds: every static size a loop dim is read with must agree.
	// (MLIR 19 checks this only when every loop bound is static; we check
	// each loop dim whose size is known.) Generics have few loops: the
	// per-loop state lives on the stack up to 8 loops.
	var boundBuf [8]int64
	var fromBuf [8]int
	var seenBuf [8]bool
	bound, boundFrom, seen := boundBuf[:0], fromBuf[:0], seenBuf[:0]
	for range iters {
		bound, boundFrom, seen = append(bound, ir.Dynamic), append(boundFrom, 0), append(seen, false)
	}
	for i := 0; i < op.NumOperands(); i++ {
		m := maps[i]
		if m.NumSymbols != 0 {
			return op.Emit("unexpected symbols in indexing_map #%d", i)
		}
		if m.NumDims != len(iters) {
			return op.Emit("expected indexing_map #%d to have %d dim(s) to match the number of loops", i, len(iters))
		}
		st, ok := op.Operand(i).Type().(ir.ShapedType)
		var shape []int64
		if ok && st.HasRank() {
			shape = st.Shape()
		}
		if m.NumResults() != len(shape) {
			return op.Emit("expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", len(shape), i, m.NumResults())
		}
		for r, size := range shape {
			d, isDim := m.DimPosition(r)
			if !isDim || size == ir.Dynamic {
				continue
			}
			if bound[d] == ir.Dynamic {
				bound[d], boundFrom[d] = size, i
			} else if bound[d] != size {
				return op.Emit("inferred input/output operand #%d has shape's dimension #%d to be %d, but found %d (from operand #%d)", i, r, bound[d], size, boundFrom[d])
			}
		}
	}
	// Every loop must be a plain dim result of some map, so that the loop
	// bounds can be read off the operand shapes (MLIR inverts the
	// concatenated maps).
	for _, m := range maps {
		for r := range m.Results {
			if d, isDim := m.DimPosition(r); isDim {
				seen[d] = true
			}
		}
	}
	if slices.Contains(seen, false) {
		return op.Emit("expected the shape-to-loops map to be non-null")
	}
	if err := verifyMapRanges(op, maps, bound); err != nil {
		return err
	}
	body := op.Region(0)
	if body.Empty() {
		return op.Emit("expects to have 1 region with 1 block")
	}
	b := body.Front()
	if len(b.Args()) != op.NumOperands() {
		return op.Emit("expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for i, a := range b.Args() {
		want := ir.ElementTypeOf(op.Operand(i).Type())
		if a.Type() != want {
			return op.Emit("expected type of bb argument #%d ('%s') to match element or self type of the corresponding operand ('%s')", i, a.Type(), want)
		}
	}
	y := b.Last()
	if y == nil || y.Name() != "linalg.yield" {
		found := "nothing"
		if y != nil {
			found = y.Name()
		}
		return op.Emit("expects regions to end with 'linalg.yield', found '%s'", found)
	}
	if y.NumOperands() != nOut {
		return y.Emit("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)", y.NumOperands(), nOut)
	}
	for i := 0; i < nOut; i++ {
		v := y.Operand(i)
		if want := ir.ElementTypeOf(op.Operand(nIn + i).Type()); v.Type() != want {
			return y.Emit("type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", i+1, v.Type(), want)
		}
	}
	return nil
}

// isShaped reports whether t is a shaped type (tensor, memref, vector).
func isShaped(t ir.Type) bool {
	_, ok := t.(ir.ShapedType)
	return ok
}

// verifyMapRanges checks, when every loop bound is known, that each
// indexing map stays inside its operand over the whole iteration space,
// as MLIR's verifyStructuredOpInterface does for results that are not a
// plain loop dim (`d0 + 1`, `0`): it evaluates them at the first and
// last iteration. A plain dim result is in range by the bound check.
func verifyMapRanges(op *ir.Operation, maps []affine.Map, bound []int64) error {
	var firstBuf, lastBuf [8]int64
	first, last := firstBuf[:0], lastBuf[:0]
	for _, b := range bound {
		if b == ir.Dynamic {
			return nil
		}
		first, last = append(first, 0), append(last, b-1)
	}
	for i := 0; i < op.NumOperands(); i++ {
		st, ok := op.Operand(i).Type().(ir.ShapedType)
		if !ok || !st.HasRank() {
			continue
		}
		for r, size := range st.Shape() {
			if _, isDim := maps[i].DimPosition(r); isDim || size == ir.Dynamic || size == 0 {
				continue
			}
			e := maps[i].Results[r]
			lo, err1 := affine.EvalExpr(e, first, nil)
			hi, err2 := affine.EvalExpr(e, last, nil)
			if err1 != nil || err2 != nil {
				continue
			}
			if min(lo, hi) < 0 {
				return op.Emit("unexpected result less than 0 at expression #%d in %s", r, maps[i])
			}
			if max(lo, hi)+1 > size {
				return op.Emit("inferred input/output operand #%d has shape's dimension #%d to be greater than or equal to %d, but found %d", i, r, max(lo, hi)+1, size)
			}
		}
	}
	return nil
}

// Yield is `linalg.yield`, the terminator of a generic's body:
//
//	linalg.yield %0 : f32
var Yield = &ir.OpDef{
	Name:     "linalg.yield",
	Summary:  "yields the body's values for the outputs",
	Doc:      "linalg.yield %0 : f32",
	Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
	Operands: ir.Variadic,
	Results:  0,
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		loc := p.Loc()
		refs := p.ParseOperandList()
		p.ParseOptionalAttrDict(&st.Attrs)
		if len(refs) > 0 {
			st.Operands = p.ResolveAll(refs, p.ParseColonTypeList(), loc)
		}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.Write(" ")
			p.Operands(op.Operands())
		}
		p.OptionalAttrDict()
		if op.NumOperands() > 0 {
			p.Write(" : ")
			p.Types(op.OperandTypes())
		}
	},
	Verify: func(op *ir.Operation) error {
		if p := op.ParentOp(); p == nil || p.Dialect() != "linalg" {
			return op.Emit("expected parent op with LinalgOp interface")
		}
		return nil
	},
}

// NewIndex builds, at b, `linalg.index d : index` (in a generic's body)
// and returns its value.
func NewIndex(b *ir.Builder, d int) *ir.Value {
	st := &ir.OpState{Name: Index.Name, ResultTypes: []ir.Type{ir.Index}}
	st.AddAttr("dim", ir.I64Attr(int64(d)))
	return b.Create(st).Result(0)
}

// Index is `linalg.index`, the current iteration's index along a loop:
//
//	%i = linalg.index 1 : index
var Index = &ir.OpDef{
	Name:          "linalg.index",
	Summary:       "the index of the enclosing generic's loop dim",
	Doc:           "%i = linalg.index 1 : index",
	Traits:        ir.Pure,
	Operands:      0,
	Results:       1,
	InherentAttrs: []string{"dim"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		st.AddAttr("dim", ir.I64Attr(p.ParseInteger()))
		p.ParseOptionalAttrDict(&st.Attrs)
		st.ResultTypes = []ir.Type{p.ParseColonType()}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		d, _ := op.Attr("dim").(*ir.IntegerAttr)
		p.Write(" ")
		if d != nil {
			p.Int(d.Value)
		}
		p.OptionalAttrDict("dim")
		p.Write(" : index")
	},
	Verify: func(op *ir.Operation) error {
		d, ok := op.Attr("dim").(*ir.IntegerAttr)
		if !ok {
			return op.Emit("requires attribute 'dim'")
		}
		if d.Value < 0 {
			return op.Emit("attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0")
		}
		if t := op.Result(0).Type(); t != ir.Index {
			return op.Emit("result #0 must be index, but got '%s'", t)
		}
		g := op.ParentOp()
		if g == nil || g.Name() != "linalg.generic" {
			return op.Emit("expected parent op with LinalgOp interface")
		}
		if n := len(IteratorTypesView(g)); d.Value >= int64(n) {
			return op.Emit("expected dim (%d) to be lower than the number of loops (%d) of the enclosing LinalgOp", d.Value, n)
		}
		return nil
	},
}

func init() {
	ir.Register(Generic, Yield, Index)
}
