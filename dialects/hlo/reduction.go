package hlo

import (
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The reductions: hlo.reduce, hlo.reduce_window (reduction_window.go) and
// hlo.return, the terminator of their bodies, with StableHLO's syntax
// (as JAX exports it) and StableHLO's constraints (the spec's reduce C1-C7
// and reduce_window C1-C16, cited beside each check).
//
// Both ops take N inputs of one shape followed by N rank-0 init values,
// give N results, and combine elements with a body that takes 2N rank-0
// arguments (the N accumulated values, then the N values combined into
// them) and gives N values with hlo.return: body arguments k and N+k and
// value k are tensor<Ek>, where Ek is input k's element type.
//
// What a reduction computes, and in which order, is the interpreter's
// (interp/reduction.go); StableHLO leaves the order of a reduce to the
// implementation.

// ReduceOp is `hlo.reduce`: inputs reduced along dimensions by a body,
// starting from the init values (StableHLO's reduce). Its short form
// names the body when it is one commutative binary op on the body's two
// arguments, in order:
//
//	%r = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//
// and its region form, as jnp.argmax exports it, pairs each input with its
// init value, and each accumulated body argument with the argument
// combined into it (block arguments k and N+k):
//
//	%r:2 = hlo.reduce(%x init: %c0), (%i init: %c1) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
//	 reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
//	  ...
//	  hlo.return %v, %j : tensor<f32>, tensor<i32>
//	}
//
// Result k has the shape of input k without the reduced dims.
var ReduceOp = &ir.OpDef{
	Name:          "hlo.reduce",
	Summary:       "reduce inputs along dims with a body, from init values",
	Doc:           "%r = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>",
	Traits:        ir.RecursivelyPure | ir.SingleBlock,
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	Regions:       1,
	InherentAttrs: []string{"dimensions"},
	Parse:         parseReduce,
	Print:         printReduce,
	Verify:        verifyReduce,
}

// ReturnOp is `hlo.return`, which ends the body of an hlo op with a region
// (reduce, reduce_window) and gives the body's values:
//
//	hlo.return %v, %j : tensor<f32>, tensor<i32>
var ReturnOp = &ir.OpDef{
	Name:     "hlo.return",
	Summary:  "the values of the body of an hlo op",
	Doc:      "hlo.return %v : tensor<f32>",
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
			p.OpOperands()
		}
		p.OptionalAttrDict()
		if op.NumOperands() > 0 {
			p.Write(" : ")
			p.OpOperandTypes()
		}
	},
	Verify: func(op *ir.Operation) error {
		parent := op.ParentOp()
		if parent == nil || !strings.HasPrefix(parent.Name(), "hlo.") || parent.NumRegions() == 0 {
			name := ""
			if parent != nil {
				name = parent.Name()
			}
			return op.Emit("must end the body of an hlo op (hlo.reduce, hlo.reduce_window), but is in '%s'", name)
		}
		return nil
	},
}

func init() { ir.Register(ReduceOp, ReturnOp, ReduceWindowOp) }

// ReduceDims returns the dims a verified hlo.reduce reduces.
func ReduceDims(op *ir.Operation) []int64 { return I64s(op.Attr("dimensions")) }

// ReducedShape is shape without the dims listed in dims (the shape of a
// reduce's results, StableHLO's C7); entries of dims out of range are
// ignored.
func ReducedShape(shape []int64, dims []int64) []int64 {
	out := make([]int64, 0, len(shape))
	for d, s := range shape {
		if !slices.Contains(dims, int64(d)) {
			out = append(out, s)
		}
	}
	return out
}

// ReducerBinaryOp returns the entry of the binary op the body of a
// reduction (hlo.reduce or hlo.reduce_window with one input) consists of,
// when the body is exactly `%r = hlo.<op> %acc, %x` on its two arguments
// in order, without attributes, returned by hlo.return: its element
// function then is the whole body. It returns nil for any other body.
func ReducerBinaryOp(op *ir.Operation) *BinaryOp {
	inner := singleBinaryBody(op)
	if inner == nil {
		return nil
	}
	for _, e := range BinaryOps {
		if e.Def == inner.Def() {
			return e
		}
	}
	return nil
}

// singleBinaryBody returns the one binary op of op's body when the body
// is that op on the body's two arguments in order, of one type, without
// attributes or regions, returned as is; nil otherwise.
func singleBinaryBody(op *ir.Operation) *ir.Operation {
	if op.NumRegions() != 1 {
		return nil
	}
	blk := op.Region(0).Front()
	if blk == nil || blk.Len() != 2 || len(blk.Args()) != 2 {
		return nil
	}
	inner, ret := blk.First(), blk.Last()
	d := inner.Def()
	if d == nil || d.Operands != 2 || d.Results != 1 || inner.NumRegions() != 0 || inner.Attrs.Len() != 0 {
		return nil
	}
	if inner.Operand(0) != blk.Arg(0) || inner.Operand(1) != blk.Arg(1) || blk.Arg(0).Type() != inner.Result(0).Type() {
		return nil
	}
	if ret.Def() != ReturnOp || ret.Attrs.Len() != 0 || ret.NumOperands() != 1 || ret.Operand(0) != inner.Result(0) {
		return nil
	}
	return inner
}

// isCommutativeBinary reports whether def can name a reduce's body in
// the short form: a commutative hlo op of two operands and one result,
// without regions (StableHLO's eligibility rule E2).
func isCommutativeBinary(def *ir.OpDef) bool {
	return def != nil && strings.HasPrefix(def.Name, "hlo.") && def.Traits&ir.Commutative != 0 &&
		def.Operands == 2 && def.Results == 1 && def.Regions == 0
}

// compactReducer returns the op a reduce's short form names (`applies
// hlo.add`), or nil when the reduce prints in the region form: as
// StableHLO's printer decides, the body must be one commutative binary op
// on the body's arguments in order (E1, E2, E4, E5), of one input's
// element type (E3).
func compactReducer(op *ir.Operation) *ir.Operation {
	if op.NumOperands() != 2 {
		return nil
	}
	inner := singleBinaryBody(op)
	if inner == nil || !isCommutativeBinary(inner.Def()) {
		return nil
	}
	if inner.Result(0).Type() != ir.RankedTensor(nil, ir.ElementTypeOf(op.Operand(0).Type())) {
		return nil
	}
	return inner
}

// parseReduce reads both forms of hlo.reduce after the op name.
func parseReduce(p *ir.OpParser, st *ir.OpState) error {
	loc := p.Loc()
	var inputs, inits []ir.OperandRef
	for {
		p.Parse("(")
		inputs = append(inputs, p.ParseOperand())
		p.ParseKeyword("init")
		p.Parse(":")
		inits = append(inits, p.ParseOperand())
		p.Parse(")")
		if !p.Accept(",") {
			break
		}
	}
	var inner *ir.OpDef
	if p.AcceptKeyword("applies") {
		nloc := p.Loc()
		var name string
		if p.PeekString() {
			name = p.ParseString()
		} else {
			name = p.ParseIdent("an op name")
		}
		inner = ir.LookupOp(ir.CanonicalOpName(name))
		if !isCommutativeBinary(inner) {
			p.FailAt(nloc, "expected the inner-op to be a commutative binary-op from the hlo dialect, with zero region, producing single result, but got '%s'", name)
		}
	}
	p.ParseKeyword("across")
	p.ParseKeyword("dimensions")
	p.Parse("=")
	st.AddAttr("dimensions", ir.I64Array(p.ParseI64List()...))
	p.ParseOptionalAttrDict(&st.Attrs)
	p.Parse(":")
	ft := p.ParseFunctionType()
	st.Operands = p.ResolveAll(append(inputs, inits...), ft.Inputs, loc)
	st.ResultTypes = ft.Results
	if inner != nil {
		t := ir.RankedTensor(nil, ir.ElementTypeOf(ft.Inputs[0]))
		st.Regions = append(st.Regions, binaryBody(inner.Name, t, loc))
		return nil
	}
	p.ParseKeyword("reducer")
	var accs, xs []ir.RegionArg
	for p.Accept("(") {
		accs = append(accs, p.ParseArgument(true, false))
		p.Parse(",")
		xs = append(xs, p.ParseArgument(true, false))
		p.Parse(")")
	}
	st.Regions = append(st.Regions, p.ParseRegion(append(accs, xs...), false))
	return nil
}

// binaryBody returns the body `^bb0(%a: t, %b: t): %r = name %a, %b : t;
// hlo.return %r : t`, which the short form `applies name` stands for.
func binaryBody(name string, t ir.Type, loc ir.Location) *ir.Region {
	r := &ir.Region{}
	blk := r.AddBlock(nil)
	a, b := blk.AddArg(t, loc), blk.AddArg(t, loc)
	inner := ir.NewOp(&ir.OpState{Name: name, Operands: []*ir.Value{a, b}, ResultTypes: []ir.Type{t}, Loc: loc})
	blk.Append(inner)
	blk.Append(ir.NewOp(&ir.OpState{Name: ReturnOp.Name, Operands: inner.Results(), Loc: loc}))
	return r
}

// printReduce prints hlo.reduce as StableHLO's printer does: the short
// form when compactReducer allows it, else the region form, whose
// `reducer` line starts on a new line.
func printReduce(p *ir.OpPrinter, op *ir.Operation) {
	n := op.NumOperands() / 2
	p.Write("(")
	for k := range n {
		if k > 0 {
			p.Write("), (")
		}
		p.Operand(op.Operand(k))
		p.Write(" init: ")
		p.Operand(op.Operand(n + k))
	}
	p.Write(")")
	inner := compactReducer(op)
	if inner != nil {
		p.Write(" applies " + inner.Name())
	}
	p.Write(" across dimensions = [")
	for i, d := range I64s(op.Attr("dimensions")) {
		if i > 0 {
			p.Write(", ")
		}
		p.Int(d)
	}
	p.Write("]")
	p.OptionalAttrDict("dimensions")
	p.Write(" : ")
	p.OpFunctionType()
	if inner != nil {
		return
	}
	p.Newline()
	p.Write(" reducer")
	body := op.Region(0)
	blk := body.Front()
	if blk == nil || len(blk.Args()) != 2*n {
		// Not a reduce that verifies: the body with its block header,
		// which reads back as the same region.
		p.Write(" ")
		p.Region(body, true, true)
		return
	}
	for k := range n {
		p.Write("(")
		p.ArgDecl(blk.Arg(k))
		p.Write(", ")
		p.ArgDecl(blk.Arg(n + k))
		p.Write(") ")
	}
	p.Write(" ")
	p.Region(body, false, false)
}

// verifyReduce checks StableHLO's constraints of reduce.
func verifyReduce(op *ir.Operation) error {
	in, elems, err := verifyReductionOperands(op)
	if err != nil {
		return err
	}
	a := op.Attr("dimensions")
	dims := I64sView(a)
	if a == nil || dims == nil {
		return op.Emit("requires a 'dimensions' attribute (a list of integers)")
	}
	for i, d := range dims {
		if d < 0 || int(d) >= len(in) { // C4
			return op.Emit("dimensions entry %d is %d, out of range for inputs of rank %d", i, d, len(in))
		}
		if slices.Contains(dims[:i], d) { // C5
			return op.Emit("dimensions has %d twice", d)
		}
	}
	want := ReducedShape(in, dims)
	for k := range elems { // C7
		rt := rankedTensor(op.Result(k).Type())
		if rt.Rank() != len(want) {
			return op.Emit("result #%d has rank %d, but reducing %d of the %d dims of the inputs leaves %d", k, rt.Rank(), len(dims), len(in), len(want))
		}
		for d, s := range rt.Shape() {
			if s != ir.Dynamic && want[d] != ir.Dynamic && s != want[d] {
				return op.Emit("result #%d dim %d has size %d, but the input dim it keeps has size %d", k, d, s, want[d])
			}
		}
	}
	return verifyReductionBody(op, elems)
}

// verifyReductionOperands checks what reduce and reduce_window require of
// their operands and results: N inputs of one shape (C1), N rank-0 init
// values and N results (C3), input k, init value k and result k of one
// element type (C2). It returns the inputs' shape (their static dims
// merged) and the element types.
func verifyReductionOperands(op *ir.Operation) ([]int64, []ir.Type, error) {
	if op.NumOperands()%2 != 0 || op.NumOperands() == 0 {
		return nil, nil, op.Emit("needs N >= 1 inputs and N init values, but has %d operands", op.NumOperands())
	}
	n := op.NumOperands() / 2
	if op.NumResults() != n {
		return nil, nil, op.Emit("has %d inputs but %d results; it needs one result per input", n, op.NumResults())
	}
	var shape []int64
	elems := make([]ir.Type, n)
	for k := range n {
		t := rankedTensor(op.Operand(k).Type())
		if t == nil {
			return nil, nil, op.Emit("input #%d must be a ranked tensor, but is '%s'", k, op.Operand(k).Type())
		}
		if k == 0 {
			shape = slices.Clone(t.Shape())
		} else if !mergeShape(shape, t.Shape()) {
			return nil, nil, op.Emit("input #%d is '%s' but input #0 is '%s': all inputs must have one shape", k, t, op.Operand(0).Type())
		}
		elems[k] = t.ElementType()
		if it := rankedTensor(op.Operand(n + k).Type()); it == nil || it.Rank() != 0 {
			return nil, nil, op.Emit("init value #%d must be a rank-0 tensor, but is '%s'", k, op.Operand(n+k).Type())
		} else if it.ElementType() != elems[k] {
			return nil, nil, op.Emit("init value #%d has element type '%s', but input #%d has '%s'", k, it.ElementType(), k, elems[k])
		}
		rt := rankedTensor(op.Result(k).Type())
		if rt == nil {
			return nil, nil, op.Emit("result #%d must be a ranked tensor, but is '%s'", k, op.Result(k).Type())
		}
		if rt.ElementType() != elems[k] {
			return nil, nil, op.Emit("result #%d has element type '%s', but input #%d has '%s'", k, rt.ElementType(), k, elems[k])
		}
	}
	return shape, elems, nil
}

// mergeShape checks that shape and other are the same shape, a dynamic
// dim matching any size, and makes dims of shape that are dynamic static
// where other's are.
func mergeShape(shape, other []int64) bool {
	if len(shape) != len(other) {
		return false
	}
	for d, s := range other {
		switch {
		case shape[d] == ir.Dynamic:
			shape[d] = s
		case s != ir.Dynamic && s != shape[d]:
			return false
		}
	}
	return true
}

// verifyReductionBody checks a reduction's body (C6 of reduce, C13 of
// reduce_window): one block of 2N arguments, argument k and N+k of type
// tensor<Ek>, ending in hlo.return of N values, value k of type
// tensor<Ek>.
func verifyReductionBody(op *ir.Operation, elems []ir.Type) error {
	n := len(elems)
	blk := op.Region(0).Front()
	if blk == nil {
		return op.Emit("needs a body: a region with one block")
	}
	args := blk.Args()
	if len(args) != 2*n {
		return op.Emit("body must take %d arguments (two per input), but takes %d", 2*n, len(args))
	}
	for i, a := range args {
		if want := ir.RankedTensor(nil, elems[i%n]); a.Type() != want {
			return op.Emit("body argument #%d must be '%s', but is '%s'", i, want, a.Type())
		}
	}
	ret := blk.Last()
	if ret == nil || ret.Def() != ReturnOp {
		return op.Emit("body must end in hlo.return")
	}
	if ret.NumOperands() != n {
		return ret.Emit("returns %d values, but the body of '%s' must return %d (one per input)", ret.NumOperands(), op.Name(), n)
	}
	for k, v := range ret.Operands() {
		if want := ir.RankedTensor(nil, elems[k]); v.Type() != want {
			return ret.Emit("value #%d must be '%s' (the element type of input #%d), but is '%s'", k, want, k, v.Type())
		}
	}
	return nil
}
