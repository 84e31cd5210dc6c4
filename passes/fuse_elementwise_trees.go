package passes

import (
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file makes linalg-fuse-elementwise-ops linear in the size of the
// kernels it builds. Fusing pairwise, as the greedy driver does, copies
// the producer's whole body into every fused generic: a kernel of k ops
// is built k times, at a cost of O(k) each, so a long chain costs O(k²)
// (a 10k-op chain did not finish in minutes). fuseCheapTrees first fuses,
// in one step, every tree of producers whose pairwise fusion would have
// given the same generic in any order, and leaves the rest to the greedy
// driver; the fused generics are built with the same GenericSpec.Build,
// in canonical form, so the output is the one pairwise fusion gives.

// fuseCheapTrees fuses into each elementwise generic the tree of cheap
// producers it absorbs (see absorbable), bottom-up, so that each kernel
// is built once.
func fuseCheapTrees(root *ir.Operation) {
	var blocks []*ir.Block
	root.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			blocks = append(blocks, r.Blocks()...)
		}
		return true
	})
	for _, b := range blocks {
		var generics []*ir.Operation
		absorbed := map[*ir.Operation]bool{}
		for o := b.First(); o != nil; o = o.Next() {
			if o.Name() == "linalg.generic" {
				generics = append(generics, o)
				absorbed[o] = absorbable(o, absorbed)
			}
		}
		for i := len(generics) - 1; i >= 0; i-- {
			if g := generics[i]; !absorbed[g] && isElementwiseGeneric(g) && plainBody(g) && !writesSlices(g) {
				fuseTree(g, absorbed)
			}
		}
	}
}

// absorbable reports whether the tree fusion absorbs generic p into its
// user: only when fusing p gives the same result whenever it happens in
// the greedy driver's pairwise order. That is the case for a cheap
// (isCheapGeneric) elementwise generic with a plain body (plainBody) and
// one result, read by one operand of an elementwise generic with a plain
// body in the same block, whose result map is a permutation and whose
// body does not read its out argument, and whose inputs are neither
// constants nor elementwise generics that the greedy driver could still
// fuse (a producer fused into p before p is fused into its user, or
// recomputed in several consumers, gives another result): the inputs
// that are elementwise generics must be absorbed themselves (into p) or
// be inert (see inert). absorbed holds the answer for the generics
// before p in the block.
func absorbable(p *ir.Operation, absorbed map[*ir.Operation]bool) bool {
	if p.NumResults() != 1 || !p.Result(0).HasOneUse() || !isElementwiseGeneric(p) || !isCheapGeneric(p) || !plainBody(p) {
		return false
	}
	use := p.Result(0).Uses()[0]
	c := use.Owner()
	if c.Block() != p.Block() || c.Name() != "linalg.generic" || use.Index() >= linalg.NumInputs(c) ||
		!isElementwiseGeneric(c) || !plainBody(c) || writesSlices(p) || writesSlices(c) {
		return false
	}
	nIn := linalg.NumInputs(p)
	if p.NumOperands() != nIn+1 || linalg.Body(p).Arg(nIn).HasUses() {
		return false
	}
	resMap := linalg.IndexingMapsView(p)[nIn]
	if !resMap.IsPermutation() || resMap.NumResults() != linalg.IndexingMapsView(c)[use.Index()].NumResults() {
		return false
	}
	for k := 0; k < nIn; k++ {
		d := p.Operand(k).DefiningOp()
		switch {
		case d == nil:
		case d.HasTrait(ir.ConstantLike):
			return false
		case d.Name() == "linalg.generic" && isElementwiseGeneric(d) && !absorbed[d] && !inert(d):
			return false
		}
	}
	return true
}

// inert reports whether fusion can never move or copy generic d: it is
// expensive, so it is fused only into a sole consumer that reads all its
// results (see shouldFuse), and one of its results is read by an op that
// is not a linalg.generic (tensor.dim does not count: numDataUses ignores
// it).
func inert(d *ir.Operation) bool {
	if isCheapGeneric(d) {
		return false
	}
	for _, r := range d.Results() {
		for _, u := range r.Uses() {
			if n := u.Owner().Name(); n != "linalg.generic" && n != "tensor.dim" {
				return true
			}
		}
	}
	return false
}

// writesSlices reports whether some output of generic g is a
// tensor.extract_slice: fuseElementwiseProducerIntoSlice fuses into such
// a generic before canonicalizing it, and that order stays with the
// greedy driver.
func writesSlices(g *ir.Operation) bool {
	for i := linalg.NumInputs(g); i < g.NumOperands(); i++ {
		if d := g.Operand(i).DefiningOp(); d != nil && d.Name() == "tensor.extract_slice" {
			return true
		}
	}
	return false
}

// plainBody reports whether g's body has neither linalg.index (whose
// remapping is left to fuseInto) nor constants: the greedy driver hoists
// the constants of bodies out before it fuses, in the order it finds
// them, and fusing first would change that order in the output.
func plainBody(g *ir.Operation) bool {
	for o := linalg.Body(g).First(); o != nil; o = o.Next() {
		if o.Name() == "linalg.index" || o.HasTrait(ir.ConstantLike) {
			return false
		}
	}
	return true
}

// treeNode is a generic of a fused tree with the producers absorbed
// into its inputs.
type treeNode struct {
	op       *ir.Operation
	absorbed map[int]*ir.Operation // input -> producer
}

// treeFusion accumulates the fused generic of one tree.
type treeFusion struct {
	absorbed map[*ir.Operation]bool
	spec     *linalg.GenericSpec
	remap    map[*ir.Value]*ir.Value
	order    []treeNode // post-order: producers before their consumers
}

// collect adds node's inputs to the spec, or for an absorbed producer
// that producer's inputs (recursively); maps are node's input maps in
// the root's loops.
func (t *treeFusion) collect(node *ir.Operation, maps []affine.Map) {
	n := treeNode{op: node}
	body := linalg.Body(node)
	for j := range maps {
		p := node.Operand(j).DefiningOp()
		if p == nil || !t.absorbed[p] {
			t.spec.AddInput(node.Operand(j), maps[j], body.Arg(j), t.remap)
			continue
		}
		toP, ok := fusionMaps(p, node.Operand(j).Index(), maps[j])
		if !ok {
			t.spec.AddInput(node.Operand(j), maps[j], body.Arg(j), t.remap)
			continue
		}
		// The producer's unit loops read at 0 as fusing p into node alone
		// would (fuse_elementwise_unit.go): decided in node's own loops.
		if own, ok := fusionMaps(p, node.Operand(j).Index(), linalg.IndexingMapsView(node)[j]); ok {
			toP = zeroLoops(toP, producerUnitLoopsToZero(p, node, own))
		}
		pMaps := linalg.IndexingMapsView(p)
		in := make([]affine.Map, linalg.NumInputs(p))
		for k := range in {
			in[k] = pMaps[k].Compose(toP)
		}
		t.collect(p, in)
		if n.absorbed == nil {
			n.absorbed = map[int]*ir.Operation{}
		}
		n.absorbed[j] = p
	}
	t.order = append(t.order, n)
}

// fuseTree replaces g by one generic computing g with its tree of
// absorbed producers inlined, and erases the tree. It does nothing when
// g absorbs no producer or when the fused inputs would not size every
// loop.
func fuseTree(g *ir.Operation, absorbed map[*ir.Operation]bool) {
	nIn := linalg.NumInputs(g)
	absorbs := false
	for j := 0; j < nIn && !absorbs; j++ {
		d := g.Operand(j).DefiningOp()
		absorbs = d != nil && absorbed[d]
	}
	if !absorbs {
		return
	}
	maps := linalg.IndexingMapsView(g)
	t := &treeFusion{absorbed: absorbed, spec: linalg.NewGenericSpecLike(g), remap: map[*ir.Value]*ir.Value{}}
	t.collect(g, maps[:nIn])
	if len(t.order) == 1 {
		return
	}
	if !linalg.LoopsComputable(append(append([]affine.Map(nil), t.spec.InMaps...), maps[nIn:]...), len(t.spec.Iterators)) {
		return
	}
	gBody := linalg.Body(g)
	t.spec.AddOutputs(g, gBody, t.remap)
	b := ir.AtEnd(t.spec.Body)
	for _, n := range t.order {
		body := linalg.Body(n.op)
		for j, p := range n.absorbed {
			pb := linalg.Body(p)
			y := pb.Terminator().Operand(0)
			if nv, ok := t.remap[y]; ok {
				y = nv
			}
			t.remap[body.Arg(j)] = y
		}
		term := body.Terminator()
		for o := body.First(); o != nil; o = o.Next() {
			if o != term || n.op == g {
				b.Clone(o, t.remap)
			}
		}
	}
	fused := t.spec.Build(ir.Before(g))
	for i, r := range g.Results() {
		r.ReplaceAllUsesWith(fused.Result(i))
	}
	for i := len(t.order) - 1; i >= 0; i-- {
		t.order[i].op.Erase()
	}
}
