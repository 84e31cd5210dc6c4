package ir

import "github.com/bcast-opt/bcast-opt/ir/affine"

// MaxNesting is how deep the IR may nest: the parser rejects text whose
// brackets nest deeper, and the verifier IR built through the library that
// does, each with a located `nesting deeper than 1000 levels` error.
//
// The parser counts, at any point of the text, the regions (`{`) and the
// brackets of attributes and types it is inside: array `[`, dictionary `{`,
// a dense literal's `[`, a function type's `(`, and the `<` of tensor,
// memref, vector, complex and tuple types. The verifier counts, for each
// op, the regions around it plus the nesting of each of its attributes
// (arrays, dictionaries, and the types they hold), which is never less
// than what the parser counts when the op is printed and parsed back; so
// IR that verifies prints to text that parses. Affine expressions nest on
// their own, up to affine.MaxDepth.
//
// Real programs nest a few levels (a module, a function, a loop or two, a
// generic's body; an array of arrays). The limit is what keeps every
// recursive walk of the IR (the parser, the verifier, the printer, the
// passes, the interpreter) far from the goroutine stack limit, whatever
// the input: without it a file of two million `[` is a `fatal error:
// stack overflow`, which no recover catches.
const MaxNesting = 1000

// nestingMsg is the error of input nested deeper than MaxNesting.
const nestingMsg = "nesting deeper than %d levels (regions, attributes and types; the limit is ir.MaxNesting)"

// enter opens one level of nesting at the current token (see MaxNesting);
// leave closes it. A failed parse stops where it is, so only the paths
// that return call leave.
func (p *parser) enter() {
	p.nest++
	if p.nest > MaxNesting {
		p.nestingTooDeep()
	}
}

func (p *parser) leave() { p.nest-- }

//go:noinline
func (p *parser) nestingTooDeep() { p.fail(nestingMsg, MaxNesting) }

// opDepth returns the number of regions around op.
func opDepth(op *Operation) int {
	n := 0
	for o := op.ParentOp(); o != nil; o = o.ParentOp() {
		n++
	}
	return n
}

// checkAttrNesting checks op's attributes, at depth regions deep (see
// MaxNesting): each must nest no deeper than what is left of MaxNesting,
// and its affine maps no deeper than affine.MaxDepth.
func checkAttrNesting(op *Operation, depth int) error {
	budget := MaxNesting - depth
	for _, a := range op.Attrs.list {
		switch a.Value.(type) {
		case *IntegerAttr, *FloatAttr, *BoolAttr, *UnitAttr, *SymbolRefAttr, *DenseArrayAttr, *OpaqueAttr, *StridedLayoutAttr:
			// Scalars: no brackets of their own, scalar types.
			if budget >= 0 {
				continue
			}
		}
		if attrDepth(a.Value, budget) > budget {
			return op.Emit("attribute '%s': "+nestingMsg, a.Name, MaxNesting)
		}
		if !mapsWithin(a.Value, budget) {
			return op.Emit("attribute '%s': affine expression nested deeper than %d levels (affine.MaxDepth)", a.Name, affine.MaxDepth)
		}
	}
	return nil
}

// attrDepth returns how many levels of brackets a's printed form nests
// (MaxNesting), or budget+1 as soon as it is known to be more than budget:
// the recursion goes no deeper than budget.
func attrDepth(a Attribute, budget int) int {
	switch a := a.(type) {
	case *ArrayAttr:
		if budget < 1 {
			return budget + 1
		}
		d := 0
		for _, e := range a.Elems {
			if d = max(d, attrDepth(e, budget-1)); d > budget-1 {
				break
			}
		}
		return d + 1
	case *DictionaryAttr:
		if budget < 1 {
			return budget + 1
		}
		d := 0
		for _, e := range a.Entries {
			if d = max(d, attrDepth(e.Value, budget-1)); d > budget-1 {
				break
			}
		}
		return d + 1
	case *TypeAttr:
		return typeDepth(a.Type, budget)
	case *IntegerAttr:
		return typeDepth(a.Type, budget)
	case *FloatAttr:
		return typeDepth(a.Type, budget)
	case *StringAttr:
		return typeDepth(a.Type, budget)
	case *DenseElementsAttr:
		// A non-splat literal nests one `[` per dim; the type follows it.
		d := typeDepth(a.Type, budget)
		if a.Type != nil && !a.Splat && a.Type.HasRank() {
			d = max(d, len(a.Type.Shape()))
		}
		return d
	case *DenseArrayAttr:
		return typeDepth(a.Elem, budget)
	}
	return 0
}

// typeDepth returns how many levels of brackets t's printed form nests, or
// budget+1 as soon as it is known to be more than budget.
func typeDepth(t Type, budget int) int {
	if budget < 1 {
		switch t.(type) {
		case nil, *IntegerType, *FloatType, *IndexType, *NoneType, *OpaqueType:
			return 0
		}
		return budget + 1
	}
	var d int
	switch t := t.(type) {
	case *RankedTensorType:
		d = typeDepth(t.elem, budget-1)
		if t.Encoding != nil && d <= budget-1 {
			d = max(d, attrDepth(t.Encoding, budget-1))
		}
	case *UnrankedTensorType:
		d = typeDepth(t.elem, budget-1)
	case *MemRefType:
		d = typeDepth(t.elem, budget-1)
		for _, a := range []Attribute{t.Layout, t.MemorySpace} {
			if a != nil && d <= budget-1 {
				d = max(d, attrDepth(a, budget-1))
			}
		}
	case *UnrankedMemRefType:
		d = typeDepth(t.elem, budget-1)
	case *VectorType:
		d = typeDepth(t.elem, budget-1)
	case *ComplexType:
		d = typeDepth(t.Elem, budget-1)
	case *TupleType:
		d = typesDepth(t.Elems, budget-1)
	case *FunctionType:
		// `(ins) -> (results)`: the results' parentheses, printed unless
		// there is one result and it is not a function, nest inside the
		// type's level.
		d = typesDepth(t.Inputs, budget-1)
		if len(t.Results) == 1 && !isFunctionType(t.Results[0]) {
			d = max(d, typeDepth(t.Results[0], budget-1))
		} else if budget < 2 {
			return budget + 1
		} else {
			d = max(d, 1+typesDepth(t.Results, budget-2))
		}
	default:
		return 0
	}
	return d + 1
}

// typesDepth is the deepest typeDepth of ts.
func typesDepth(ts []Type, budget int) int {
	d := 0
	for _, t := range ts {
		if d = max(d, typeDepth(t, budget)); d > budget {
			break
		}
	}
	return d
}

// mapsWithin reports whether the affine maps in a (an affine map, or
// arrays of them) nest no deeper than affine.MaxDepth; budget bounds the
// arrays' recursion, which attrDepth has checked.
func mapsWithin(a Attribute, budget int) bool {
	switch a := a.(type) {
	case *AffineMapAttr:
		for _, e := range a.Map.Results {
			if affine.Depth(e, affine.MaxDepth) > affine.MaxDepth {
				return false
			}
		}
	case *ArrayAttr:
		if budget < 1 {
			return true
		}
		for _, e := range a.Elems {
			if !mapsWithin(e, budget-1) {
				return false
			}
		}
	}
	return true
}

func isFunctionType(t Type) bool { _, ok := t.(*FunctionType); return ok }
