package hlo

import (
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The contractions: hlo.dot_general and hlo.dot, its matrix-product
// special case, with StableHLO's syntax as JAX exports it and StableHLO's
// constraints (the spec's dot_general section, C1-C13 as it numbers them
// without quantized types; the checks StableHLO's verifier adds on
// precision_config and algorithm). Their attributes are
// contraction_dims.go's.
//
// Each result element is the sum, over the contracting dims, of the
// products of one lhs element and one rhs element:
//
//	result[b..., i..., j...] = Σ_k lhs[b..., i..., k...] * rhs[b..., j..., k...]
//
// with each operand's dims in its own positions (DotDims). How the sum is
// ordered and rounded is the interpreter's (interp/contraction.go): in
// row-major order of the contracting dims, each product and each sum
// rounded to the element type, as hlo.multiply and hlo.add round them.
// precision_config and algorithm say how accelerators may trade accuracy
// for speed; they are kept and printed back, and change nothing here.
//
// Element types (StableHLO's C1, and where the spec is silent): lhs and
// rhs have one element type, any integer (i1: multiply is and, add is or,
// as hlo.multiply and hlo.add), float or complex (hlo.multiply's and
// hlo.add's complex products and sums, no conjugation); the result has
// that element type or, as JAX's preferred_element_type writes it, a
// wider one of the same kind (f16 or bf16 to f32 or f64, f32 to f64, an
// integer to a wider one of the same signedness, i1 to a signless
// integer; complex contracts into its own type only), to which each
// operand element is converted before it is multiplied.

// DotGeneralOp is `hlo.dot_general` (StableHLO's dot_general):
//
//	%r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
//
// and without batch dims, a matrix product:
//
//	%r = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
//
// An algorithm is printed after the precision config, without its
// attribute prefix, as StableHLO prints it:
// `..., precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = f32, ...> : ...`.
var DotGeneralOp = &ir.OpDef{
	Name:          "hlo.dot_general",
	Summary:       "sum of products over contracting dims, for each batch and free index",
	Doc:           "%r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>",
	Traits:        ir.Pure,
	Operands:      2,
	Results:       1,
	InherentAttrs: []string{"dot_dimension_numbers", "precision_config", "algorithm"},
	Parse:         parseDotGeneral,
	Print:         printDotGeneral,
	Verify:        verifyDotGeneral,
}

// DotOp is `hlo.dot` (StableHLO's dot, XLA's Dot): the matrix product of
// rank-1 or rank-2 operands, lhs's last dim contracted with rhs's first
// (MatmulDims). Canonicalization rewrites it as hlo.dot_general; the
// interpreter and the lowering also take it as it is.
//
//	%r = hlo.dot %x, %w, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
var DotOp = &ir.OpDef{
	Name:          "hlo.dot",
	Summary:       "matrix product of rank-1 or rank-2 operands",
	Doc:           "%r = hlo.dot %x, %w, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>",
	Traits:        ir.Pure,
	Operands:      2,
	Results:       1,
	InherentAttrs: []string{"precision_config"},
	Parse:         parseDot,
	Print:         printDot,
	Verify:        verifyDot,
}

func init() {
	DotOp.Canonicalize = append(DotOp.Canonicalize, pattern("DotToDotGeneral", "hlo.dot", dotToDotGeneral))
	ir.Register(DotGeneralOp, DotOp)
	for _, name := range []string{"dot_general", "dot"} {
		for _, d := range []string{"hlo.", "stablehlo.", "mhlo."} {
			ir.RegisterSpellingHook(d+name, contractionSpelling)
		}
	}
}

// DotDimsOf returns the dims of a contraction: a dot_general's
// dot_dimension_numbers, a dot's MatmulDims. ok is false when they
// cannot be read (an op that does not verify).
func DotDimsOf(op *ir.Operation) (DotDims, bool) {
	if op.Def() == DotOp {
		lhs := rankedTensor(op.Operand(0).Type())
		if lhs == nil {
			return DotDims{}, false
		}
		return MatmulDims(lhs.Rank()), true
	}
	return ReadDotDims(op.Attr("dot_dimension_numbers"))
}

// parseDotGeneral reads dot_general's custom form after the op name:
// `%a, %b, [batching_dims = [..] x [..],] contracting_dims = [..] x [..]
// [, precision = [..]] [, algorithm = <..>] {attrs} : (A, B) -> R`.
func parseDotGeneral(p *ir.OpParser, st *ir.OpState) error {
	loc := p.Loc()
	lhs := p.ParseOperand()
	p.Parse(",")
	rhs := p.ParseOperand()
	p.Parse(",")
	var d DotDims
	if p.AcceptKeyword("batching_dims") {
		d.LhsBatching, d.RhsBatching = parseDimPair(p)
		p.Parse(",")
	}
	p.ParseKeyword("contracting_dims")
	d.LhsContracting, d.RhsContracting = parseDimPair(p)
	st.AddAttr("dot_dimension_numbers", d.Attr())
	parsePrecisionAndAlgorithm(p, st, true)
	parseContractionSignature(p, st, lhs, rhs, loc)
	return nil
}

// parseDimPair reads `= [..] x [..]`.
func parseDimPair(p *ir.OpParser) (lhs, rhs []int64) {
	p.Parse("=")
	lhs = p.ParseI64List()
	p.ParseKeyword("x")
	return lhs, p.ParseI64List()
}

// parsePrecisionAndAlgorithm reads the optional `, precision = [A, B]`
// and (when algorithm is allowed) `, algorithm = <...>`, either or both,
// in that order.
func parsePrecisionAndAlgorithm(p *ir.OpParser, st *ir.OpState, algorithm bool) {
	if !p.Accept(",") {
		return
	}
	if !algorithm || !p.AcceptKeyword("algorithm") {
		p.ParseKeyword("precision")
		p.Parse("=")
		p.Parse("[")
		var ps []string
		for !p.Peek("]") {
			loc := p.Loc()
			v := p.ParseIdent("a precision")
			if !oneOf(v, Precisions) {
				p.FailAt(loc, "unknown precision '%s' (expected one of %s)", v, strings.Join(Precisions, ", "))
			}
			ps = append(ps, v)
			if !p.Accept(",") {
				break
			}
		}
		p.Parse("]")
		st.AddAttr("precision_config", precisionConfigAttr(ps))
		if !algorithm || !p.Accept(",") {
			return
		}
		p.ParseKeyword("algorithm")
	}
	p.Parse("=")
	if p.Peek("<") {
		st.AddAttr("algorithm", p.ParseOpaqueAngleAttr("hlo.dot_algorithm"))
		return
	}
	loc := p.Loc()
	a := p.ParseAttribute(nil)
	body := algorithmBody(a)
	if body == "" {
		p.FailAt(loc, "expected an algorithm, <lhs_precision_type = ..., ...> or #stablehlo.dot_algorithm<...>, but got %s", ir.AttrString(a))
	}
	st.AddAttr("algorithm", &ir.OpaqueAttr{Text: "hlo.dot_algorithm" + body})
}

// parseContractionSignature reads the attribute dictionary and the
// functional type `: (A, B) -> R` of a contraction whose operands are
// lhs and rhs.
func parseContractionSignature(p *ir.OpParser, st *ir.OpState, lhs, rhs ir.OperandRef, loc ir.Location) {
	p.ParseOptionalAttrDict(&st.Attrs)
	p.Parse(":")
	tloc := p.Loc()
	ft := p.ParseFunctionType()
	if len(ft.Inputs) != 2 || len(ft.Results) != 1 {
		p.FailAt(tloc, "expected the type (lhs, rhs) -> result, but found %d operand and %d result types", len(ft.Inputs), len(ft.Results))
	}
	st.Operands = p.ResolveAll([]ir.OperandRef{lhs, rhs}, ft.Inputs, loc)
	st.ResultTypes = ft.Results
}

// printDotGeneral prints what parseDotGeneral reads. Dimension numbers it
// cannot read (an op that does not verify) stay in the attribute
// dictionary, which the parser reads after the syntax, so the text reads
// back as the same op.
func printDotGeneral(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands())
	d, ok := ReadDotDims(op.Attr("dot_dimension_numbers"))
	p.Write(", " + d.String())
	elided := []string{"dot_dimension_numbers", "precision_config", "algorithm"}
	if !ok {
		elided = elided[1:]
	}
	printPrecisionAndAlgorithm(p, op, &elided)
	p.OptionalAttrDict(elided...)
	p.Write(" : ")
	p.OpFunctionType()
}

// printPrecisionAndAlgorithm prints `, precision = [A, B]` and
// `, algorithm = <...>` when the op has them; an entry it cannot print so
// is removed from elided, to stay in the attribute dictionary.
func printPrecisionAndAlgorithm(p *ir.OpPrinter, op *ir.Operation, elided *[]string) {
	keep := func(name string) {
		*elided = slices.DeleteFunc(*elided, func(s string) bool { return s == name })
	}
	if a := op.Attr("precision_config"); a != nil {
		ps := PrecisionConfig(op)
		if ps == nil || slices.Contains(ps, "") {
			keep("precision_config")
		} else {
			p.Write(", precision = [" + strings.Join(ps, ", ") + "]")
		}
	}
	if a := op.Attr("algorithm"); a != nil {
		if body := algorithmBody(a); body != "" {
			p.Write(", algorithm = " + body)
		} else {
			keep("algorithm")
		}
	}
}

// parseDot reads dot's custom form: `%a, %b [, precision = [..]] {attrs}
// : (A, B) -> R`.
func parseDot(p *ir.OpParser, st *ir.OpState) error {
	loc := p.Loc()
	lhs := p.ParseOperand()
	p.Parse(",")
	rhs := p.ParseOperand()
	parsePrecisionAndAlgorithm(p, st, false)
	parseContractionSignature(p, st, lhs, rhs, loc)
	return nil
}

// printDot prints what parseDot reads.
func printDot(p *ir.OpPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands())
	elided := []string{"precision_config"}
	printPrecisionAndAlgorithm(p, op, &elided)
	p.OptionalAttrDict(elided...)
	p.Write(" : ")
	p.OpFunctionType()
}

// dotToDotGeneral rewrites hlo.dot as the hlo.dot_general of its
// MatmulDims, keeping its precision config and other attributes.
func dotToDotGeneral(op *ir.Operation, rw *ir.Rewriter) bool {
	d, ok := DotDimsOf(op)
	if !ok {
		return false
	}
	st := &ir.OpState{Name: DotGeneralOp.Name, Operands: op.Operands(), ResultTypes: op.ResultTypes(), Loc: op.Loc}
	for _, a := range op.Attrs.List() {
		st.AddAttr(a.Name, a.Value)
	}
	st.AddAttr("dot_dimension_numbers", d.Attr())
	rw.ReplaceOp(op, rw.Create(st).Results())
	return true
}

// verifyDotGeneral checks StableHLO's constraints of dot_general.
func verifyDotGeneral(op *ir.Operation) error {
	a := op.Attr("dot_dimension_numbers")
	if a == nil {
		return op.Emit("requires a 'dot_dimension_numbers' attribute (#hlo.dot<...>)")
	}
	d, ok := ReadDotDims(a)
	if !ok {
		return op.Emit("dot_dimension_numbers must be #hlo.dot<lhs_batching_dimensions = [..], rhs_batching_dimensions = [..], lhs_contracting_dimensions = [..], rhs_contracting_dimensions = [..]>, but got %s", ir.AttrString(a))
	}
	lhs, rhs, err := verifyContractionTypes(op)
	if err != nil {
		return err
	}
	if err := verifyDotDims(op, d, lhs, rhs); err != nil {
		return err
	}
	if err := verifyContractionResult(op, d, lhs, rhs); err != nil {
		return err
	}
	return verifyPrecisionAndAlgorithm(op)
}

// verifyDot checks dot: operands of rank 1 or 2, and then what
// dot_general checks of its MatmulDims.
func verifyDot(op *ir.Operation) error {
	lhs, rhs, err := verifyContractionTypes(op)
	if err != nil {
		return err
	}
	for i, t := range []*ir.RankedTensorType{lhs, rhs} {
		if t.Rank() != 1 && t.Rank() != 2 {
			return op.Emit("%s has rank %d, but hlo.dot takes rank-1 or rank-2 operands (hlo.dot_general takes any)", operandName(i), t.Rank())
		}
	}
	d := MatmulDims(lhs.Rank())
	if err := verifyDotDims(op, d, lhs, rhs); err != nil {
		return err
	}
	if err := verifyContractionResult(op, d, lhs, rhs); err != nil {
		return err
	}
	return verifyPrecisionAndAlgorithm(op)
}

func operandName(i int) string { return [...]string{"lhs", "rhs"}[i] }

// verifyContractionTypes checks that lhs, rhs and the result are ranked
// tensors of element types a contraction takes (C1, and the result rule
// of this file's comment).
func verifyContractionTypes(op *ir.Operation) (lhs, rhs *ir.RankedTensorType, err error) {
	lhs, rhs = rankedTensor(op.Operand(0).Type()), rankedTensor(op.Operand(1).Type())
	res := rankedTensor(op.Result(0).Type())
	for i, t := range []*ir.RankedTensorType{lhs, rhs, res} {
		if t == nil {
			name := "result"
			v := op.Result(0)
			if i < 2 {
				name, v = operandName(i), op.Operand(i)
			}
			return nil, nil, op.Emit("%s must be a ranked tensor, but is '%s'", name, v.Type())
		}
	}
	elem := lhs.ElementType()
	if !(AnyNumeric | WithComplex).accepts(elem) {
		return nil, nil, op.Emit("lhs has '%s' elements, but a contraction takes integer, i1, floating-point or complex elements", elem)
	}
	if rhs.ElementType() != elem { // C1
		return nil, nil, op.Emit("lhs has '%s' elements but rhs has '%s': both operands must have one element type", elem, rhs.ElementType())
	}
	if !ContractsInto(elem, res.ElementType()) {
		return nil, nil, op.Emit("result has '%s' elements, but the operands' '%s' contract into '%s' or a wider type of the same kind", res.ElementType(), elem, elem)
	}
	return lhs, rhs, nil
}

// ContractsInto reports whether a contraction of operands with elements
// of type in may give elements of type out: the same type, or a wider one
// of the same kind (this file's comment), which each operand element is
// converted to exactly.
func ContractsInto(in, out ir.Type) bool {
	if in == out {
		return true
	}
	switch in := in.(type) {
	case *ir.FloatType:
		o, ok := out.(*ir.FloatType)
		if !ok {
			return false
		}
		switch in.Kind {
		case ir.F16, ir.BF16:
			return o.Kind == ir.F32 || o.Kind == ir.F64
		case ir.F32:
			return o.Kind == ir.F64
		}
	case *ir.IntegerType:
		o, ok := out.(*ir.IntegerType)
		return ok && o.Sign == in.Sign && o.Width > in.Width
	}
	return false
}

// verifyDotDims checks the dimension numbers against the operands: as
// many batching dims on both sides (C2) and contracting dims (C3), each in
// range (C6-C9), no dim of an operand twice (C4, C5), and paired dims of
// one size where both are static (C10, C11).
func verifyDotDims(op *ir.Operation, d DotDims, lhs, rhs *ir.RankedTensorType) error {
	if len(d.LhsBatching) != len(d.RhsBatching) {
		return op.Emit("has %d lhs batching dims but %d rhs batching dims; they pair up one to one", len(d.LhsBatching), len(d.RhsBatching))
	}
	if len(d.LhsContracting) != len(d.RhsContracting) {
		return op.Emit("has %d lhs contracting dims but %d rhs contracting dims; they pair up one to one", len(d.LhsContracting), len(d.RhsContracting))
	}
	sides := []struct {
		name                  string
		t                     *ir.RankedTensorType
		batching, contracting []int64
	}{{"lhs", lhs, d.LhsBatching, d.LhsContracting}, {"rhs", rhs, d.RhsBatching, d.RhsContracting}}
	for _, s := range sides {
		all := append(slices.Clone(s.batching), s.contracting...)
		for i, v := range all {
			kind, k := "batching", i
			if i >= len(s.batching) {
				kind, k = "contracting", i-len(s.batching)
			}
			if v < 0 || int(v) >= s.t.Rank() {
				return op.Emit("%s_%s_dimensions entry %d is %d, out of range for %s of rank %d", s.name, kind, k, v, s.name, s.t.Rank())
			}
			if slices.Contains(all[:i], v) {
				return op.Emit("%s dim %d appears twice among the batching and contracting dims", s.name, v)
			}
		}
	}
	for _, pair := range []struct {
		kind     string
		lhs, rhs []int64
	}{{"batching", d.LhsBatching, d.RhsBatching}, {"contracting", d.LhsContracting, d.RhsContracting}} {
		for i := range pair.lhs {
			a, b := lhs.Shape()[pair.lhs[i]], rhs.Shape()[pair.rhs[i]]
			if a != ir.Dynamic && b != ir.Dynamic && a != b {
				return op.Emit("%s dims pair %d: lhs dim %d has size %d but rhs dim %d has size %d", pair.kind, i, pair.lhs[i], a, pair.rhs[i], b)
			}
		}
	}
	return nil
}

// verifyContractionResult checks the result's shape against the one
// ResultShape infers (C13): its rank, and each static dim where the
// inferred one is static.
func verifyContractionResult(op *ir.Operation, d DotDims, lhs, rhs *ir.RankedTensorType) error {
	res := rankedTensor(op.Result(0).Type())
	want := d.ResultShape(lhs.Shape(), rhs.Shape())
	nl, nr := len(d.LhsFree(lhs.Rank())), len(d.RhsFree(rhs.Rank()))
	if res.Rank() != len(want) {
		return op.Emit("result has rank %d, but the %d batch, %d lhs free and %d rhs free dims make %d", res.Rank(), len(d.LhsBatching), nl, nr, len(want))
	}
	for i, s := range res.Shape() {
		if s == ir.Dynamic || want[i] == ir.Dynamic || s == want[i] {
			continue
		}
		nb := len(d.LhsBatching)
		what := "the batch dim"
		switch {
		case i >= nb+nl:
			what = "the rhs free dim"
		case i >= nb:
			what = "the lhs free dim"
		}
		return op.Emit("result dim %d has size %d, but %s it holds has size %d (inferred '%s')", i, s, what, want[i], ir.RankedTensor(want, res.ElementType()))
	}
	return nil
}

// verifyPrecisionAndAlgorithm checks precision_config (at most one entry
// per operand, each #hlo<precision DEFAULT|HIGH|HIGHEST>) and that an
// algorithm, if set, is #hlo.dot_algorithm<...> with DEFAULT precisions
// (StableHLO's verifier's rules).
func verifyPrecisionAndAlgorithm(op *ir.Operation) error {
	if a := op.Attr("precision_config"); a != nil {
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return op.Emit("precision_config must be an array of #hlo<precision DEFAULT|HIGH|HIGHEST>, but got %s", ir.AttrString(a))
		}
		if len(arr.Elems) > 2 {
			return op.Emit("precision_config has %d entries, but takes at most 2 (lhs, rhs)", len(arr.Elems))
		}
		for i, e := range arr.Elems {
			if readPrecision(e) == "" {
				return op.Emit("precision_config entry %d must be #hlo<precision DEFAULT|HIGH|HIGHEST>, but got %s", i, ir.AttrString(e))
			}
		}
	}
	a := op.Attr("algorithm")
	if a == nil {
		return nil
	}
	if algorithmBody(a) == "" {
		return op.Emit("algorithm must be #hlo.dot_algorithm<...>, but got %s", ir.AttrString(a))
	}
	for i, p := range PrecisionConfig(op) {
		if p != "DEFAULT" {
			return op.Emit("has an algorithm, so its precision_config entries must be DEFAULT, but entry %d is %s", i, p)
		}
	}
	return nil
}
