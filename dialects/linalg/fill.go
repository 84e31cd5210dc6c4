package linalg

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Fill is `linalg.fill`, MLIR's named op that writes one scalar into
// every element of its output (the init of a reduction, as
// hlo-legalize-to-linalg builds it):
//
//	%0 = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
//
// As in MLIR, the op has a body that its custom form does not print: the
// parser builds it (FillBody), `^bb0(%in: f32, %out: f32): linalg.yield
// %in`, with MLIR's cast_signed of the value to the output's element type
// when the two differ (arith.extf, truncf, sitofp, fptosi, extsi, trunci,
// index_cast from index), and the generic form shows it. The verifier checks MLIR
// 19's rules in its order: the operand segments and types (ODS), one
// scalar input and one output (FillOpInterface), a tensor output has a
// result of its type (DestinationStyleOpInterface), and the body's
// arguments and yield (LinalgStructuredInterface).
var Fill = &ir.OpDef{
	Name:          "linalg.fill",
	Summary:       "fill the output with a scalar",
	Doc:           "%0 = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>",
	Traits:        ir.RecursivelyPure | ir.SingleBlock,
	Operands:      ir.Variadic,
	Results:       ir.Variadic,
	Regions:       1,
	InherentAttrs: []string{"operandSegmentSizes"},
	Parse:         parseFill,
	Print:         printFill,
	Verify:        verifyFill,
	BlockArgNames: Generic.BlockArgNames,
}

func init() { ir.Register(Fill) }

// NewFill builds `linalg.fill ins(value) outs(init)` at b, located at loc:
// a tensor of init's type whose every element is value (cast to the
// element type if it differs).
func NewFill(b *ir.Builder, value, init *ir.Value, loc ir.Location) *ir.Operation {
	st := &ir.OpState{Name: Fill.Name, Operands: []*ir.Value{value, init}, Loc: loc}
	if ir.IsTensor(init.Type()) {
		st.ResultTypes = []ir.Type{init.Type()}
	}
	st.AddAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{1, 1}})
	st.Regions = []*ir.Region{FillBody(value.Type(), init.Type(), loc)}
	return b.Create(st)
}

// FillBody returns the body MLIR gives linalg.fill of a value of type in
// into an output of type out: arguments of their element types, the
// value cast to the output's element type as MLIR's cast_signed does
// (convertScalarToDtype: no cast where it knows none), and linalg.yield.
func FillBody(in, out ir.Type, loc ir.Location) *ir.Region {
	r := &ir.Region{}
	blk := r.AddBlock(nil)
	from, to := ir.ElementTypeOf(in), ir.ElementTypeOf(out)
	v := blk.AddArg(from, loc)
	blk.AddArg(to, loc)
	b := ir.AtEnd(blk)
	b.Loc = loc
	if def := castSigned(from, to); def != nil {
		v = arith.Build(b, def, to, v)
	}
	b.Create(&ir.OpState{Name: Yield.Name, Operands: []*ir.Value{v}})
	return r
}

// castSigned is the arith cast MLIR's cast_signed emits from one scalar
// type to another, or nil when there is none (same type, same integer
// width, or types it cannot cast, which it leaves to the verifier).
func castSigned(from, to ir.Type) *ir.OpDef {
	if from == to {
		return nil
	}
	fw, tw := widthOf(from), widthOf(to)
	switch {
	case ir.IsInteger(to) && ir.IsFloat(from):
		return arith.FPToSI
	case ir.IsInteger(to) && from == ir.Index:
		return arith.IndexCast
	case ir.IsInteger(to) && ir.IsInteger(from) && tw > fw:
		return arith.ExtSI
	case ir.IsInteger(to) && ir.IsInteger(from) && tw < fw:
		return arith.TruncI
	case ir.IsFloat(to) && ir.IsInteger(from):
		return arith.SIToFP
	case ir.IsFloat(to) && ir.IsFloat(from) && tw > fw:
		return arith.ExtF
	case ir.IsFloat(to) && ir.IsFloat(from) && tw < fw:
		return arith.TruncF
	}
	return nil
}

func widthOf(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	}
	return 0
}

// parseFill reads MLIR's named-op form after the op name:
// `{attrs}? ins(%v : T) outs(%o : U) (-> U)?`, and builds the body.
func parseFill(p *ir.OpParser, st *ir.OpState) error {
	p.ParseOptionalAttrDict(&st.Attrs)
	loc := p.Loc()
	io := parseInsOuts(p)
	io.resolve(p, st, loc)
	if p.Accept("->") {
		st.ResultTypes = p.ParseArrowResults()
	}
	// MLIR builds the body after the results, and fails at the next token.
	if n := len(io.insT) + len(io.outT); n != 2 {
		p.FailAt(p.Loc(), "custom op '%s' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got %d", p.OpName(), n)
	}
	types := append(append([]ir.Type{}, io.insT...), io.outT...)
	st.Regions = append(st.Regions, FillBody(types[0], types[1], loc))
	return nil
}

// printFill prints MLIR's named-op form; the body is implied.
func printFill(p *ir.OpPrinter, op *ir.Operation) {
	p.OptionalAttrDict("operandSegmentSizes")
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
	if op.NumResults() > 0 {
		p.Write(" -> ")
		p.ArrowResults(op.ResultTypes())
	}
}

// verifyFill checks linalg.fill as MLIR 19 does, in its order.
func verifyFill(op *ir.Operation) error {
	// ODS: the segments, shaped outputs and ranked tensor results.
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
	// FillOpInterface (its messages have no op prefix in MLIR).
	if nIn != 1 || op.NumOperands() != 2 {
		return ir.Errorf(op.Loc, "expected op with 1 input and 1 output")
	}
	if t := op.Operand(0).Type(); !ir.IsIntOrIndex(t) && !ir.IsFloat(t) && !isComplexType(t) {
		return ir.Errorf(op.Loc, "expected op with scalar input")
	}
	// DestinationStyleOpInterface.
	out := op.Operand(1).Type()
	tensorOuts := 0
	if ir.IsTensor(out) {
		tensorOuts = 1
	}
	if op.NumResults() != tensorOuts {
		return op.Emit("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), tensorOuts)
	}
	if tensorOuts == 1 && op.Result(0).Type() != out {
		return op.Emit("expected type of operand #%d ('%s') to match type of corresponding result ('%s')", 1, out, op.Result(0).Type())
	}
	// LinalgStructuredInterface: the body.
	if op.Region(0).Empty() {
		return op.Emit("expects to have 1 region with 1 block")
	}
	b := op.Region(0).Front()
	if len(b.Args()) != op.NumOperands() {
		return op.Emit("expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for i, a := range b.Args() {
		if want := ir.ElementTypeOf(op.Operand(i).Type()); a.Type() != want {
			return op.Emit("expected type of bb argument #%d ('%s') to match element or self type of the corresponding operand ('%s')", i, a.Type(), want)
		}
	}
	y := b.Last()
	if y == nil || y.Def() != Yield {
		found := "nothing"
		if y != nil {
			found = y.Name()
		}
		return op.Emit("expects regions to end with 'linalg.yield', found '%s'", found)
	}
	if y.NumOperands() != 1 {
		return y.Emit("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)", y.NumOperands(), 1)
	}
	if want := ir.ElementTypeOf(out); y.Operand(0).Type() != want {
		return y.Emit("type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", 1, y.Operand(0).Type(), want)
	}
	return nil
}

// isComplexType reports whether t is a complex type, which linalg.fill
// takes as a scalar (MLIR's FillOpInterface: any non-shaped type).
func isComplexType(t ir.Type) bool {
	_, ok := t.(*ir.ComplexType)
	return ok
}
