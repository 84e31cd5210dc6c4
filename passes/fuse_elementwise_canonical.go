package passes

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// genericSpec is a linalg.generic being built: its inputs and outputs
// with their indexing maps and a detached body whose arguments are one per
// input, then one per output, in order.
type genericSpec struct {
	ins, outs       []*ir.Value
	inMaps, outMaps []affine.Map
	iterators       []string
	// attrs are the discardable attributes carried over from the op the
	// spec replaces.
	attrs       []ir.NamedAttr
	resultTypes []ir.Type
	loc         ir.Location
	body        *ir.Block
}

// newSpecLike starts a spec with op's iterators, result types, location
// and discardable attributes, an empty input list and an empty body; the
// caller adds inputs, then calls addOutputs.
func newSpecLike(op *ir.Operation) *genericSpec {
	s := &genericSpec{
		iterators:   linalg.IteratorTypes(op),
		resultTypes: op.ResultTypes(),
		loc:         op.Loc,
		body:        ir.NewBlock(),
	}
	for _, a := range op.Attrs.List() {
		switch a.Name {
		case "indexing_maps", "iterator_types", "operandSegmentSizes", "doc", "library_call":
		default:
			s.attrs = append(s.attrs, a)
		}
	}
	return s
}

// addOutputs gives the spec op's outs, with their maps and body arguments
// (m maps op's output block arguments in body to the spec's).
func (s *genericSpec) addOutputs(op *ir.Operation, body *ir.Block, m map[*ir.Value]*ir.Value) {
	maps := linalg.IndexingMaps(op)
	for k := linalg.NumInputs(op); k < op.NumOperands(); k++ {
		s.outs = append(s.outs, op.Operand(k))
		s.outMaps = append(s.outMaps, maps[k])
		arg := body.Arg(k)
		m[arg] = s.body.AddArg(arg.Type(), arg.Location())
	}
}

// build puts the spec in canonical form and creates the generic at rw's
// insertion point. The canonical form is what makes the pass's output
// independent of the order of its rewrites (and of running
// linalg-fold-unit-extent-dims before or after it):
//
//  1. inputs reading the same value through the same map are merged;
//  2. a body of pure ops is rescheduled in depth-first post-order from the
//     yielded values (operands left to right), and ops it does not reach
//     are dropped; so the body depends only on the expression DAG, not on
//     the order in which producers were inlined;
//  3. inputs are ordered as that depth-first walk first reaches their
//     block arguments, and inputs the body does not read are dropped,
//     unless one is needed to size a loop (then it stays, at the end);
//  4. the outs, their maps and the iterators are left as they are.
func (s *genericSpec) build(rw *ir.Rewriter) *ir.Operation {
	nIn := len(s.ins)
	args := s.body.Args()
	live := make([]bool, nIn)
	for j := 0; j < nIn; j++ {
		live[j] = true
		for k := 0; k < j; k++ {
			if live[k] && s.ins[k] == s.ins[j] && s.inMaps[k].Equal(s.inMaps[j]) {
				args[j].ReplaceAllUsesWith(args[k])
				live[j] = false
				break
			}
		}
	}
	var reached []*ir.Value
	if isPureDAG(s.body) {
		reached = scheduleBody(s.body)
	} else {
		for o := s.body.First(); o != nil; o = o.Next() {
			o.Walk(func(x *ir.Operation) bool {
				reached = append(reached, x.Operands()...)
				return true
			})
		}
	}
	argInput := map[*ir.Value]int{}
	for j := 0; j < nIn; j++ {
		if live[j] {
			argInput[args[j]] = j
		}
	}
	var order []int
	used := make([]bool, nIn)
	for _, v := range reached {
		if j, ok := argInput[v]; ok && !used[j] {
			used[j] = true
			order = append(order, j)
		}
	}
	covered := make([]bool, len(s.iterators))
	for _, j := range order {
		markCoveredDims(s.inMaps[j], covered)
	}
	for _, m := range s.outMaps {
		markCoveredDims(m, covered)
	}
	for j := 0; j < nIn; j++ {
		if live[j] && !used[j] && markCoveredDims(s.inMaps[j], covered) {
			order = append(order, j)
		}
	}

	body := ir.NewBlock()
	st := &ir.OpState{Name: "linalg.generic", Loc: s.loc, ResultTypes: s.resultTypes}
	var maps []affine.Map
	for _, j := range order {
		st.Operands = append(st.Operands, s.ins[j])
		maps = append(maps, s.inMaps[j])
		args[j].ReplaceAllUsesWith(body.AddArg(args[j].Type(), args[j].Location()))
	}
	for k, v := range s.outs {
		st.Operands = append(st.Operands, v)
		maps = append(maps, s.outMaps[k])
		arg := args[nIn+k]
		arg.ReplaceAllUsesWith(body.AddArg(arg.Type(), arg.Location()))
	}
	for o := s.body.First(); o != nil; {
		next := o.Next()
		o.Remove()
		body.Append(o)
		o = next
	}
	linalg.SetGenericAttrs(st, maps, s.iterators, len(order), len(s.outs))
	for _, a := range s.attrs {
		st.AddAttr(a.Name, a.Value)
	}
	region := &ir.Region{}
	region.AddBlock(body)
	st.Regions = []*ir.Region{region}
	return rw.Create(st)
}

// scheduleBody reorders a pure body (isPureDAG) in depth-first post-order
// from the terminator's operands, visiting operands left to right, and
// erases the ops that walk does not reach (they are dead). It returns the
// values in the order the walk reached them, operands before the ops
// defining them are entered.
func scheduleBody(b *ir.Block) []*ir.Value {
	term := b.Terminator()
	var order []*ir.Operation
	var reached []*ir.Value
	placed := map[*ir.Operation]bool{}
	var visit func(v *ir.Value)
	visit = func(v *ir.Value) {
		reached = append(reached, v)
		d := v.DefiningOp()
		if d == nil || d.Block() != b || placed[d] {
			return
		}
		placed[d] = true
		for _, x := range d.Operands() {
			visit(x)
		}
		order = append(order, d)
	}
	for _, v := range term.Operands() {
		visit(v)
	}
	var dead []*ir.Operation
	for o := b.First(); o != term; o = o.Next() {
		if !placed[o] {
			dead = append(dead, o)
		}
	}
	for _, o := range dead {
		o.DropAllReferences()
	}
	for _, o := range dead {
		o.Erase()
	}
	for _, o := range order {
		o.Remove()
		b.InsertBefore(term, o)
	}
	return reached
}

// splatScalar tells what a generic input holding one repeated value
// stands for: attr is the element of an int or float splat constant
// tensor (a new scalar constant is needed), scalar the input itself when
// it is already a scalar constant. Both are nil for any other input.
func splatScalar(v *ir.Value) (attr ir.Attribute, scalar *ir.Value) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return nil, nil
	}
	switch a := d.Attr("value").(type) {
	case *ir.DenseElementsAttr:
		et := a.Type.ElementType()
		if !ir.IsFloat(et) && !ir.IsInteger(et) || !ir.IsTensor(a.Type) || !a.IsSplatValue() || a.NumElements() == 0 {
			return nil, nil
		}
		return a.ElementAttr(0), nil
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.BoolAttr:
		if v.Type() != ir.Index {
			return nil, v
		}
	}
	return nil, nil
}

// foldSplatConstantInput replaces a generic's input that is a splat
// constant tensor (`arith.constant dense<0.0> : tensor<4096x4096xf32>`)
// by the scalar constant used directly in the body, as MLIR's
// FoldScalarOrSplatConstant does: no tensor of copies is read. It applies
// to any generic on tensors, reductions included, as long as the other
// operands still size every loop.
func foldSplatConstantInput(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Name() != "linalg.generic" || op.NumRegions() != 1 || op.Region(0).Empty() || !hasTensorSemantics(op) {
		return false
	}
	maps := linalg.IndexingMaps(op)
	nIn := linalg.NumInputs(op)
	if len(maps) != op.NumOperands() {
		return false
	}
	for i := 0; i < nIn; i++ {
		attr, scalar := splatScalar(op.Operand(i))
		if attr == nil && scalar == nil {
			continue
		}
		rest := append(append([]affine.Map(nil), maps[:i]...), maps[i+1:]...)
		if !loopsComputable(rest, len(linalg.IteratorTypes(op))) {
			continue
		}
		if attr != nil {
			scalar = arith.NewConstant(&rw.Builder, attr).Result(0)
		}
		body := linalg.Body(op)
		s := newSpecLike(op)
		m := map[*ir.Value]*ir.Value{body.Arg(i): scalar}
		for j := 0; j < nIn; j++ {
			if j != i {
				s.ins = append(s.ins, op.Operand(j))
				s.inMaps = append(s.inMaps, maps[j])
				m[body.Arg(j)] = s.body.AddArg(body.Arg(j).Type(), body.Arg(j).Location())
			}
		}
		s.addOutputs(op, body, m)
		b := ir.AtEnd(s.body)
		for o := body.First(); o != nil; o = o.Next() {
			b.Clone(o, m)
		}
		rw.ReplaceOp(op, s.build(rw).Results())
		return true
	}
	return false
}
