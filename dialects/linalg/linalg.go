// Package linalg declares the subset of MLIR's linalg dialect the pipeline
// lowers to: linalg.generic (with MLIR's exact custom syntax), linalg.yield
// and linalg.index. Broadcasting is expressed in a generic's indexing
// maps (`affine_map<(d0, d1) -> (d1)>` reads a row vector for every d0),
// never by copying data.
//
// Importing the package registers the ops. Transformations on linalg live
// in ../../passes, conversions into it in ../../lower.
package linalg

import (
	"strconv"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// Iterator types of a generic's loops.
const (
	Parallel  = "parallel"
	Reduction = "reduction"
)

func iteratorAttr(kind string) ir.Attribute {
	return &ir.OpaqueAttr{Text: "linalg.iterator_type<" + kind + ">"}
}

// IteratorTypes returns a generic's iterator kinds ("parallel", "reduction").
func IteratorTypes(op *ir.Operation) []string {
	arr, _ := op.Attr("iterator_types").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([]string, len(arr.Elems))
	for i, e := range arr.Elems {
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
func IndexingMaps(op *ir.Operation) []affine.Map {
	arr, _ := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([]affine.Map, len(arr.Elems))
	for i, e := range arr.Elems {
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
	for i, m := range maps {
		ms[i] = &ir.AffineMapAttr{Map: m}
	}
	its := make([]ir.Attribute, len(iterators))
	for i, k := range iterators {
		its[i] = iteratorAttr(k)
	}
	st.AddAttr("indexing_maps", &ir.ArrayAttr{Elems: ms})
	st.AddAttr("iterator_types", &ir.ArrayAttr{Elems: its})
	st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(nIns), int64(nOuts)}})
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
	p.ParseOptionalAttrDict(&attrs)
	for _, e := range attrs.List() {
		if e.Name == "iterator_types" {
			if arr, ok := e.Value.(*ir.ArrayAttr); ok {
				its := make([]ir.Attribute, len(arr.Elems))
				for i, x := range arr.Elems {
					if s, ok := x.(*ir.StringAttr); ok {
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
	loc := p.Loc()
	var insRefs, outRefs []ir.OperandRef
	var insT, outT []ir.Type
	if p.AcceptKeyword("ins") {
		p.Parse("(")
		insRefs = p.ParseOperandList()
		if len(insRefs) > 0 {
			insT = p.ParseColonTypeList()
		}
		p.Parse(")")
	}
	if p.AcceptKeyword("outs") {
		p.Parse("(")
		outRefs = p.ParseOperandList()
		if len(outRefs) > 0 {
			outT = p.ParseColonTypeList()
		}
		p.Parse(")")
	}
	p.ParseOptionalAttrDictWithKeyword(&st.Attrs)
	st.Operands = append(p.ResolveAll(insRefs, insT, loc), p.ResolveAll(outRefs, outT, loc)...)
	st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(len(insRefs)), int64(len(outRefs))}})
	st.Regions = append(st.Regions, p.ParseRegionNoArgs(false))
	if p.Accept("->") {
		st.ResultTypes = p.ParseArrowResults()
	}
	return nil
}

func printGeneric(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" {indexing_maps = ")
	p.Attr(op.Attr("indexing_maps"))
	p.Write(", iterator_types = [")
	for i, k := range IteratorTypes(op) {
		if i > 0 {
			p.Write(", ")
		}
		p.Write(strconv.Quote(k))
	}
	p.Write("]")
	for _, n := range []string{"doc", "library_call"} {
		if a := op.Attr(n); a != nil {
			p.Write(", " + n + " = ")
			p.Attr(a)
		}
	}
	p.Write("}")
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
	p.OptionalAttrDictWithKeyword(genericAttrs...)
	p.Write(" ")
	p.Region(op.Region(0), true, true)
	if op.NumResults() > 0 {
		p.Write(" -> ")
		p.Types(op.ResultTypes())
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
	nIns := NumInputs(op)
	if nIns < 0 || nIns > op.NumOperands() {
		return op.Emit("operandSegmentSizes does not match the %d operands", op.NumOperands())
	}
	maps := IndexingMaps(op)
	iters := IteratorTypes(op)
	if len(maps) != op.NumOperands() {
		return op.Emit("expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)", len(maps), op.NumOperands())
	}
	for i, k := range iters {
		if k != Parallel && k != Reduction {
			return op.Emit("iterator type #%d is %q; expected \"parallel\" or \"reduction\"", i, k)
		}
	}
	outs := Outputs(op)
	tensorOuts := 0
	for _, o := range outs {
		if ir.IsTensor(o.Type()) {
			tensorOuts++
		}
	}
	if op.NumResults() != tensorOuts {
		return op.Emit("expected %d results (one per tensor output), but found %d", tensorOuts, op.NumResults())
	}
	k := 0
	for _, o := range outs {
		if ir.IsTensor(o.Type()) {
			if op.Result(k).Type() != o.Type() {
				return op.Emit("result #%d type '%s' must match its output operand type '%s'", k, op.Result(k).Type(), o.Type())
			}
			k++
		}
	}
	// Loop bounds: every static size a loop dim is read with must agree.
	bound := make([]int64, len(iters))
	boundFrom := make([]int, len(iters))
	for i := range bound {
		bound[i] = ir.Dynamic
	}
	for i, v := range op.Operands() {
		m := maps[i]
		if m.NumDims != len(iters) {
			return op.Emit("expected indexing_map #%d to have %d dim(s) to match the number of loops", i, len(iters))
		}
		if m.NumSymbols != 0 {
			return op.Emit("expected indexing_map #%d to have no symbols", i)
		}
		st, ok := v.Type().(ir.ShapedType)
		rank := 0
		if ok && st.HasRank() {
			rank = len(st.Shape())
		}
		if m.NumResults() != rank {
			return op.Emit("expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", rank, i, m.NumResults())
		}
		for r := 0; r < rank; r++ {
			d, isDim := m.DimPosition(r)
			size := st.Shape()[r]
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
	body := op.Region(0)
	if body.Empty() {
		return op.Emit("expected a non-empty body region")
	}
	b := body.Front()
	if len(b.Args()) != op.NumOperands() {
		return op.Emit("expected as many non-induction variable region arguments as the number of input/output operands (%d), but found %d", op.NumOperands(), len(b.Args()))
	}
	for i, a := range b.Args() {
		want := ir.ElementTypeOf(op.Operand(i).Type())
		if a.Type() != want {
			return op.Emit("expected type of bb argument #%d ('%s') to match element or self type of the corresponding operand ('%s')", i, a.Type(), want)
		}
	}
	y := b.Last()
	if y == nil || y.Name() != "linalg.yield" {
		return op.Emit("expected the body to end with linalg.yield")
	}
	if y.NumOperands() != len(outs) {
		return y.Emit("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)", y.NumOperands(), len(outs))
	}
	for i, v := range y.Operands() {
		if want := ir.ElementTypeOf(outs[i].Type()); v.Type() != want {
			return y.Emit("type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", i+1, v.Type(), want)
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
		if op.Result(0).Type() != ir.Index {
			return op.Emit("result must be of type index")
		}
		g := op.ParentOp()
		if g == nil || g.Name() != "linalg.generic" {
			return op.Emit("expected parent op with LinalgOp interface")
		}
		d, ok := op.Attr("dim").(*ir.IntegerAttr)
		if n := len(IteratorTypes(g)); !ok || d.Value < 0 || d.Value >= int64(n) {
			return op.Emit("expected dim to be in [0, %d)", n)
		}
		return nil
	},
}

func init() {
	ir.Register(Generic, Yield, Index)
}
