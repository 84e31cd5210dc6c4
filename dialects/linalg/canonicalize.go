package linalg

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file holds the linalg canonicalization patterns, each attached to
// the OpDef of the op it rewrites, and GenericSpec, the builder of
// generics in canonical form that linalg-fuse-elementwise-ops uses.
//
//	generic: body yields block arguments only, all maps the same permutation -> the operands (tensor.cast if the types differ)
//	generic: two inputs read the same value through the same map            -> one input
//	generic: input holding a splat constant                                 -> scalar arith.constant in the body
//	generic: input whose block argument is unused (and not needed to size a loop) -> dropped
//	generic: unused result whose out block argument is unused (one result left at least) -> dropped
//	tensor.dim of a generic's or linalg.fill's result                        -> tensor.dim of its init
//
// Merging duplicates and dropping unused operands are MLIR's
// EraseUnusedOperandsAndResults patterns, the splat fold its
// FoldScalarOrSplatConstant; MLIR runs those in linalg-fuse-elementwise-ops
// only, we canonicalize with them too. linalg-fuse-elementwise-ops runs all
// of them (Generic.Canonicalize) with fusion, as MLIR's pass does.

// Patterns rooted at linalg.generic, in the order they are tried.
var (
	// EraseIdentityGeneric replaces a generic that copies operands to its
	// results unchanged by those operands (MLIR's EraseIdentityLinalgOp):
	// its body is a lone linalg.yield of block arguments and every
	// indexing map is the same permutation.
	EraseIdentityGeneric = &ir.PatternFunc{Name: "EraseIdentityGeneric", RootOp: "linalg.generic", Fn: eraseIdentityGeneric}
	// DeduplicateInputs makes the body read one block argument for inputs
	// that read the same value through the same map; the others become
	// unused and DropDeadOperands removes them.
	DeduplicateInputs = &ir.PatternFunc{Name: "DeduplicateInputs", RootOp: "linalg.generic", Fn: deduplicateInputs}
	// FoldSplatConstantInput makes the body use a scalar constant instead
	// of an input holding a splat constant (`arith.constant dense<0.0> :
	// tensor<4096x4096xf32>`) or a scalar constant, so no tensor of copies
	// is read; the input becomes unused. It applies to any generic on
	// tensors, reductions included, when the other operands still size
	// every loop.
	FoldSplatConstantInput = &ir.PatternFunc{Name: "FoldSplatConstantInput", RootOp: "linalg.generic", Fn: foldSplatConstantInput}
	// DropDeadOperands removes the inputs whose block argument is unused,
	// except those needed so that every loop is still read as a bare dim
	// (sizingInputs), and the results that are unused and whose out block
	// argument is unused, when another result stays and the loops are
	// still sized. The other operands keep their order.
	DropDeadOperands = &ir.PatternFunc{Name: "DropDeadOperands", RootOp: "linalg.generic", Fn: dropDeadOperands}
)

// DimOfGenericResult rewrites `tensor.dim` of a generic's (or a
// linalg.fill's) result to `tensor.dim` of the output operand it was
// computed into (same shape by the verifier), so the size no longer
// depends on running the op (MLIR folds tensor.dim through every
// destination-style op alike).
var DimOfGenericResult = &ir.PatternFunc{Name: "DimOfGenericResult", RootOp: "tensor.dim", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	v := op.Operand(0)
	g := v.DefiningOp()
	var o *ir.Value
	switch {
	case g == nil:
	case g.Name() == "linalg.generic":
		o = tiedInit(g, v.Index())
	case g.Name() == "linalg.fill" && g.NumOperands() == 2:
		o = g.Operand(1)
	}
	if o == nil {
		return false
	}
	rw.Modify(op, func() { op.SetOperand(0, o) })
	return true
}}

func init() {
	Generic.Canonicalize = append(Generic.Canonicalize, EraseIdentityGeneric, DeduplicateInputs, FoldSplatConstantInput, DropDeadOperands)
	tensor.Dim.Canonicalize = append(tensor.Dim.Canonicalize, DimOfGenericResult)
}

// HasTensorSemantics reports whether a generic's outs are ranked tensors
// (one result each) and its ins ranked tensors or scalars.
func HasTensorSemantics(op *ir.Operation) bool {
	nIn := NumInputs(op)
	if nIn < 0 || nIn > op.NumOperands() || op.NumResults() != op.NumOperands()-nIn {
		return false
	}
	for i := range op.NumOperands() {
		switch op.Operand(i).Type().(type) {
		case *ir.RankedTensorType:
		case ir.ShapedType:
			return false
		default:
			if i >= nIn {
				return false
			}
		}
	}
	return true
}

// canonicalizable reports whether the generic patterns handle op: tensor
// semantics, one body block and one indexing map per operand.
func canonicalizable(op *ir.Operation) bool {
	// len(IndexingMaps(op)), without building the maps.
	n := 0
	if arr, ok := op.Attr("indexing_maps").(*ir.ArrayAttr); ok {
		n = len(arr.Elems)
	}
	return n == op.NumOperands() && HasTensorSemantics(op) && op.NumRegions() == 1 && !op.Region(0).Empty()
}

// IsPureDAG reports whether every op of a generic's body b but its
// terminator is pure and has no regions, so the body may be reordered and
// its dead ops dropped.
func IsPureDAG(b *ir.Block) bool {
	term := b.Terminator()
	if term == nil || term.Name() != "linalg.yield" {
		return false
	}
	for o := b.First(); o != term; o = o.Next() {
		if o.NumRegions() > 0 || !ir.IsPure(o) {
			return false
		}
	}
	return true
}

// LoopsComputable reports whether every loop dim is read as a bare dim by
// some map, so that the loop sizes follow from the operand shapes (MLIR
// requires the concatenated maps to be invertible).
func LoopsComputable(maps []affine.Map, numLoops int) bool {
	covered := make([]bool, numLoops)
	for _, m := range maps {
		markCoveredDims(m, covered)
	}
	for _, c := range covered {
		if !c {
			return false
		}
	}
	return true
}

// markCoveredDims sets covered[d] for every bare dim d among m's results
// and reports whether it set any that was not set.
func markCoveredDims(m affine.Map, covered []bool) bool {
	added := false
	for r := range m.Results {
		if d, ok := m.DimPosition(r); ok && d < len(covered) && !covered[d] {
			covered[d] = true
			added = true
		}
	}
	return added
}

// hasRepeatedValue reports whether some value occurs twice among the
// first n operands of op.
func hasRepeatedValue(op *ir.Operation, n int) bool {
	for j := range n {
		for k := 0; k < j; k++ {
			if op.Operand(k) == op.Operand(j) {
				return true
			}
		}
	}
	return false
}

// duplicateInputs returns, for each input, the index of the earlier input
// reading the same value through the same map (the first such), or -1.
func duplicateInputs(ins []*ir.Value, maps []affine.Map) []int {
	dup := make([]int, len(ins))
	for j := range ins {
		dup[j] = -1
		for k := 0; k < j; k++ {
			if dup[k] < 0 && ins[k] == ins[j] && maps[k].Equal(maps[j]) {
				dup[j] = k
				break
			}
		}
	}
	return dup
}

// sizingInputs returns which of the candidate inputs must stay, although
// the body does not read them, for every loop to be read as a bare dim by
// some operand: the loops the used inputs and the outputs read are
// covered first, then each candidate in order is kept if it covers one
// more.
func sizingInputs(inMaps []affine.Map, used, candidates []bool, outMaps []affine.Map, numLoops int) []bool {
	covered := make([]bool, numLoops)
	for j, m := range inMaps {
		if used[j] {
			markCoveredDims(m, covered)
		}
	}
	for _, m := range outMaps {
		markCoveredDims(m, covered)
	}
	keep := make([]bool, len(inMaps))
	for j, m := range inMaps {
		keep[j] = candidates[j] && markCoveredDims(m, covered)
	}
	return keep
}

func eraseIdentityGeneric(op *ir.Operation, rw *ir.Rewriter) bool {
	if !canonicalizable(op) {
		return false
	}
	// The body first: it rules out most generics without reading the maps.
	body := Body(op)
	y := body.First()
	if y == nil || y != body.Last() || y.Name() != "linalg.yield" || y.NumOperands() != op.NumResults() {
		return false
	}
	maps := IndexingMapsView(op)
	for _, m := range maps {
		if !m.IsPermutation() || !m.Equal(maps[0]) {
			return false
		}
	}
	repl := make([]*ir.Value, op.NumResults())
	for i, v := range y.Operands() {
		if !v.IsBlockArg() || v.OwnerBlock() != body {
			return false
		}
		repl[i] = op.Operand(v.Index())
		if _, ok := repl[i].Type().(*ir.RankedTensorType); !ok {
			return false
		}
	}
	rw.SetInsertionPoint(op)
	for i, v := range repl {
		if t := op.Result(i).Type(); v.Type() != t {
			// A dynamic dim of the operand is static in the result.
			repl[i] = rw.CreateOp("tensor.cast", []*ir.Value{v}, []ir.Type{t}).Result(0)
		}
	}
	rw.ReplaceOp(op, repl)
	return true
}

func deduplicateInputs(op *ir.Operation, rw *ir.Rewriter) bool {
	if !canonicalizable(op) {
		return false
	}
	if !hasRepeatedValue(op, NumInputs(op)) {
		return false // the common case, without reading the maps
	}
	ins := Inputs(op)
	args := Body(op).Args()
	dup := duplicateInputs(ins, IndexingMaps(op))
	changed := false
	for j, k := range dup {
		changed = changed || k >= 0 && args[j].HasUses()
	}
	if !changed {
		return false
	}
	rw.Modify(op, func() {
		for j, k := range dup {
			if k >= 0 {
				args[j].ReplaceAllUsesWith(args[k])
			}
		}
	})
	return true
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

func foldSplatConstantInput(op *ir.Operation, rw *ir.Rewriter) bool {
	if !canonicalizable(op) {
		return false
	}
	body := Body(op)
	for i := range NumInputs(op) {
		arg := body.Arg(i)
		if !arg.HasUses() {
			continue
		}
		attr, scalar := splatScalar(op.Operand(i))
		if attr == nil && scalar == nil {
			continue
		}
		maps := IndexingMapsView(op)
		rest := append(append([]affine.Map(nil), maps[:i]...), maps[i+1:]...)
		if !LoopsComputable(rest, len(IteratorTypesView(op))) {
			continue
		}
		if attr != nil {
			scalar = arith.NewConstant(&rw.Builder, attr).Result(0)
		}
		rw.Modify(op, func() { arg.ReplaceAllUsesWith(scalar) })
		return true
	}
	return false
}

// hasDeadOperand is dropDeadOperands' quick test, without building the
// spec: an input whose body argument is unused, or an output that could
// be dropped (its result and body argument unused, another result live).
func hasDeadOperand(op *ir.Operation) bool {
	args := Body(op).Args()
	nIn := NumInputs(op)
	for j := 0; j < nIn; j++ {
		if !args[j].HasUses() {
			return true
		}
	}
	live := false
	for _, r := range op.Results() {
		live = live || r.HasUses()
	}
	for k, r := range op.Results() {
		if live && !r.HasUses() && !args[nIn+k].HasUses() {
			return true
		}
	}
	return false
}

func dropDeadOperands(op *ir.Operation, rw *ir.Rewriter) bool {
	if !canonicalizable(op) || !hasDeadOperand(op) {
		return false
	}
	s := specOf(op)
	nIn, nLoops := len(s.Ins), len(s.Iterators)
	args := s.Body.Args()
	used, unused := make([]bool, nIn), make([]bool, nIn)
	for j := range used {
		used[j] = args[j].HasUses()
		unused[j] = !used[j]
	}
	keep := sizingInputs(s.InMaps, used, unused, s.OutMaps, nLoops)
	var ins []int
	var maps []affine.Map
	for j := range used {
		if used[j] || keep[j] {
			ins = append(ins, j)
			maps = append(maps, s.InMaps[j])
		}
	}
	// Outputs: drop a dead one while a live result stays and the
	// remaining operands still size every loop.
	live := 0
	for _, r := range op.Results() {
		if r.HasUses() {
			live++
		}
	}
	var outs []int
	for k := range s.Outs {
		dead := live > 0 && !op.Result(k).HasUses() && !args[nIn+k].HasUses()
		if dead {
			rest := append([]affine.Map(nil), maps...)
			for _, k2 := range outs {
				rest = append(rest, s.OutMaps[k2])
			}
			rest = append(rest, s.OutMaps[k+1:]...)
			dead = LoopsComputable(rest, nLoops)
		}
		if !dead {
			outs = append(outs, k)
		}
	}
	if len(ins) == nIn && len(outs) == len(s.Outs) {
		return false
	}
	if len(outs) < len(s.Outs) {
		y := s.Body.Terminator()
		vals := make([]*ir.Value, len(outs))
		for i, k := range outs {
			vals[i] = y.Operand(k)
		}
		rw.Modify(y, func() { y.SetOperands(vals) })
	}
	gen := s.create(&rw.Builder, ins, outs)
	repl := make([]*ir.Value, op.NumResults())
	for i, k := range outs {
		repl[k] = gen.Result(i)
	}
	rw.ReplaceOp(op, repl)
	return true
}

// GenericSpec is a linalg.generic being built: its inputs and outputs
// with their indexing maps and a body whose arguments are one per input,
// then one per output, in order. Build expects the inputs added with
// AddInput, which merges duplicates.
type GenericSpec struct {
	Ins, Outs       []*ir.Value
	InMaps, OutMaps []affine.Map
	// Iterators may be shared with an op's attribute (IteratorTypesView):
	// replace the slice rather than modify it.
	Iterators []string
	// Attrs are the discardable attributes carried over from the op the
	// spec replaces.
	Attrs       []ir.NamedAttr
	ResultTypes []ir.Type
	Loc         ir.Location
	Body        *ir.Block
}

// NewGenericSpecLike starts a spec with op's iterators, result types,
// location and discardable attributes, no input and an empty detached
// body; the caller adds inputs (AddInput), then calls AddOutputs.
func NewGenericSpecLike(op *ir.Operation) *GenericSpec {
	s := &GenericSpec{
		Iterators:   IteratorTypesView(op),
		ResultTypes: op.ResultTypes(),
		Loc:         op.Loc,
		Body:        ir.NewBlock(),
	}
	for _, a := range op.Attrs.List() {
		if !slices.Contains(genericAttrs, a.Name) {
			s.Attrs = append(s.Attrs, a)
		}
	}
	return s
}

// specOf returns the spec of op itself: its operands and maps, and its
// own body (which building the spec moves into the new op).
func specOf(op *ir.Operation) *GenericSpec {
	s := NewGenericSpecLike(op)
	maps := IndexingMaps(op)
	n := NumInputs(op)
	s.Ins, s.Outs = Inputs(op), Outputs(op)
	s.InMaps, s.OutMaps = maps[:n], maps[n:]
	s.Body = Body(op)
	return s
}

// AddInput adds input v read through m, with a body argument of the type
// and location of arg (the argument of the body being copied or moved
// that it stands for), and returns that body argument. An input that
// reads v through m already is not added again: its argument serves both
// (step 1 of Build's canonical form).
func (s *GenericSpec) AddInput(v *ir.Value, m affine.Map, arg *ir.Value) *ir.Value {
	for j, w := range s.Ins {
		if w == v && s.InMaps[j].Equal(m) {
			return s.Body.Arg(j)
		}
	}
	s.Ins = append(s.Ins, v)
	s.InMaps = append(s.InMaps, m)
	return s.Body.AddArg(arg.Type(), arg.Location())
}

// AddOutputs gives the spec op's outs, with their maps and one body
// argument each, of the type and location of op's own; it returns those
// arguments, which stand for op's output block arguments in the spec's
// body.
func (s *GenericSpec) AddOutputs(op *ir.Operation) []*ir.Value {
	maps := IndexingMapsView(op)
	body := Body(op)
	for k := NumInputs(op); k < op.NumOperands(); k++ {
		s.Outs = append(s.Outs, op.Operand(k))
		s.OutMaps = append(s.OutMaps, maps[k])
		arg := body.Arg(k)
		s.Body.AddArg(arg.Type(), arg.Location())
	}
	return s.Body.Args()[len(s.Ins):]
}

// Build puts the spec in canonical form and creates the generic at b's
// insertion point. The canonical form is what makes
// linalg-fuse-elementwise-ops' output independent of the order of its
// rewrites (and of running linalg-fold-unit-extent-dims before or after
// it):
//
//  1. inputs reading the same value through the same map are one input
//     (AddInput merges them);
//  2. a body of pure ops is rescheduled in depth-first post-order from the
//     yielded values (operands left to right), and ops it does not reach
//     are dropped; so the body depends only on the expression DAG, not on
//     the order in which producers were inlined;
//  3. inputs are ordered as that depth-first walk first reaches their
//     block arguments, and inputs the body does not read are dropped,
//     unless one is needed to size a loop (then it stays, at the end);
//  4. the outs, their maps and the iterators are left as they are.
//
// The canonicalization patterns do 1 and 3 without reordering.
func (s *GenericSpec) Build(b *ir.Builder) *ir.Operation {
	nIn := len(s.Ins)
	r := inputOrder{body: s.Body, used: make([]bool, nIn), order: make([]int, 0, nIn)}
	if IsPureDAG(s.Body) {
		scheduleBody(s.Body, &r)
	} else {
		for o := s.Body.First(); o != nil; o = o.Next() {
			o.Walk(func(x *ir.Operation) bool {
				for i := range x.NumOperands() {
					r.reach(x.Operand(i))
				}
				return true
			})
		}
	}
	unused := make([]bool, nIn)
	for j := range unused {
		unused[j] = !r.used[j]
	}
	order := r.order
	for j, k := range sizingInputs(s.InMaps, r.used, unused, s.OutMaps, len(s.Iterators)) {
		if k {
			order = append(order, j)
		}
	}
	outs := make([]int, len(s.Outs))
	for k := range outs {
		outs[k] = k
	}
	return s.create(b, order, outs)
}

// inputOrder lists the inputs of a spec in the order a walk of its body
// first reaches their block arguments.
type inputOrder struct {
	body  *ir.Block
	used  []bool // by input
	order []int
}

// reach records that the walk reached v.
func (r *inputOrder) reach(v *ir.Value) {
	if j := v.Index(); v.OwnerBlock() == r.body && j < len(r.used) && !r.used[j] {
		r.used[j] = true
		r.order = append(r.order, j)
	}
}

// create makes the generic with the spec's inputs ins and outputs outs
// (indices, in the order given) at b's insertion point, moving the spec's
// body into it; the body arguments of the other operands must be unused.
func (s *GenericSpec) create(b *ir.Builder, ins, outs []int) *ir.Operation {
	nIn := len(s.Ins)
	n := len(ins) + len(outs)
	st := &ir.OpState{Name: "linalg.generic", Loc: s.Loc, Operands: make([]*ir.Value, 0, n), ResultTypes: make([]ir.Type, 0, len(outs))}
	maps := make([]affine.Map, 0, n)
	for _, j := range ins {
		st.Operands = append(st.Operands, s.Ins[j])
		maps = append(maps, s.InMaps[j])
	}
	for _, k := range outs {
		st.Operands = append(st.Operands, s.Outs[k])
		maps = append(maps, s.OutMaps[k])
		st.ResultTypes = append(st.ResultTypes, s.ResultTypes[k])
	}
	// A detached body whose arguments are the new operands', in order,
	// is taken as it is (what Build usually gives); otherwise the ops
	// move to a new block with arguments for the operands kept.
	body := s.Body
	if body.Parent() != nil || !isIdentityOrder(ins, nIn) || !isIdentityOrder(outs, len(s.Outs)) {
		body = ir.NewBlock()
		args := s.Body.Args()
		for _, j := range ins {
			args[j].ReplaceAllUsesWith(body.AddArg(args[j].Type(), args[j].Location()))
		}
		for _, k := range outs {
			arg := args[nIn+k]
			arg.ReplaceAllUsesWith(body.AddArg(arg.Type(), arg.Location()))
		}
		for o := s.Body.First(); o != nil; o = s.Body.First() {
			o.Remove()
			body.Append(o)
		}
	}
	SetGenericAttrs(st, maps, s.Iterators, len(ins), len(outs))
	for _, a := range s.Attrs {
		st.AddAttr(a.Name, a.Value)
	}
	region := &ir.Region{}
	region.AddBlock(body)
	st.Regions = []*ir.Region{region}
	return b.Create(st)
}

// isIdentityOrder reports whether xs is 0, 1, ..., n-1.
func isIdentityOrder(xs []int, n int) bool {
	if len(xs) != n {
		return false
	}
	for i, x := range xs {
		if x != i {
			return false
		}
	}
	return true
}

// scheduleBody reorders a pure body (IsPureDAG) in depth-first post-order
// from the terminator's operands, visiting operands left to right, and
// erases the ops that walk does not reach (they are dead). It tells r
// each value the walk reaches, in order, operands before the ops
// defining them are entered.
func scheduleBody(b *ir.Block, r *inputOrder) {
	term := b.Terminator()
	sc := scheduler{body: b, placed: ir.NewBlock(), r: r}
	for i := range term.NumOperands() {
		sc.visit(term.Operand(i))
	}
	for o := b.First(); o != term; o = o.Next() {
		o.DropAllReferences()
	}
	for o := b.First(); o != term; o = b.First() {
		o.Erase()
	}
	for o := sc.placed.First(); o != nil; o = sc.placed.First() {
		o.Remove()
		b.InsertBefore(term, o)
	}
}

// scheduler is the walk of scheduleBody. An op leaves body when the walk
// enters it (so it is entered once) and joins placed, in post-order, when
// the walk leaves it; what stays in body is dead.
type scheduler struct {
	body, placed *ir.Block
	r            *inputOrder
}

func (sc *scheduler) visit(v *ir.Value) {
	sc.r.reach(v)
	d := v.DefiningOp()
	if d == nil || d.Block() != sc.body {
		return
	}
	d.Remove()
	for i := range d.NumOperands() {
		sc.visit(d.Operand(i))
	}
	sc.placed.Append(d)
}
