package transforms

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
// is built once. The blocks are fused in pre-order, each before the walk
// enters its ops: so it never enters the bodies of the erased trees
// (which, being elementwise, hold no generic).
func fuseCheapTrees(root *ir.Operation) {
	t := &treeFusion{}
	root.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				t.fuseBlock(b)
			}
		}
		return true
	})
}

// fuseBlock fuses the trees of block b.
func (t *treeFusion) fuseBlock(b *ir.Block) {
	t.generics = t.generics[:0]
	for o := b.First(); o != nil; o = o.Next() {
		if o.Name() == "linalg.generic" {
			t.generics = append(t.generics, o)
		}
	}
	if len(t.generics) < 2 {
		return // a tree has a producer and its consumer
	}
	// Each producer is decided with its sole user, after the producers of
	// its own inputs (which precede it in the block).
	t.absorbed = make(map[*ir.Operation]bool, len(t.generics))
	for _, c := range t.generics {
		nIn := linalg.NumInputs(c)
		if !readsGeneric(c, nIn) || !canAbsorb(c) {
			continue
		}
		for j := range nIn {
			if p := c.Operand(j).DefiningOp(); p != nil && absorbable(p, c, j, t.absorbed) {
				t.absorbed[p] = true
			}
		}
	}
	for i := len(t.generics) - 1; i >= 0; i-- {
		if g := t.generics[i]; !t.absorbed[g] {
			t.fuse(g)
		}
	}
}

// absorbable reports whether the tree fusion absorbs generic p into its
// user c, which reads it as input j and absorbs producers (see
// canAbsorb): only when fusing p gives the same result whenever it
// happens in the greedy driver's pairwise order. That is the case for a
// cheap (isCheapGeneric) elementwise generic with a plain body
// (plainBody), not writing slices (writesSlices), and with one result,
// read by c alone and in the same block, whose result map is a
// permutation and whose body does not read its out argument, and whose
// inputs are neither constants nor elementwise generics that the greedy
// driver could still fuse (a producer fused into p before p is fused
// into its user, or recomputed in several consumers, gives another
// result): the inputs that are elementwise generics must be absorbed
// themselves (into p) or be inert (see inert). absorbed holds the answer
// for the producers of the generics before c in the block, so for p's.
func absorbable(p, c *ir.Operation, j int, absorbed map[*ir.Operation]bool) bool {
	if p.Name() != "linalg.generic" || p.Block() != c.Block() || p.NumResults() != 1 || !p.Result(0).HasOneUse() ||
		!isElementwiseGeneric(p) || !isCheapGeneric(p) || !plainBody(p) || writesSlices(p) {
		return false
	}
	nIn := linalg.NumInputs(p)
	if p.NumOperands() != nIn+1 || linalg.Body(p).Arg(nIn).HasUses() {
		return false
	}
	resMap := linalg.IndexingMapsView(p)[nIn]
	if !resMap.IsPermutation() || resMap.NumResults() != linalg.IndexingMapsView(c)[j].NumResults() {
		return false
	}
	for k := 0; k < nIn; k++ {
		d := p.Operand(k).DefiningOp()
		switch {
		case d == nil:
		case d.HasTrait(ir.ConstantLike):
			return false
		case d.Name() == "linalg.generic" && !absorbed[d] && isElementwiseGeneric(d) && !inert(d):
			return false
		}
	}
	return true
}

// canAbsorb reports whether generic c may absorb producers: it is
// elementwise with a plain body (plainBody) and does not write slices
// (writesSlices).
func canAbsorb(c *ir.Operation) bool {
	return isElementwiseGeneric(c) && plainBody(c) && !writesSlices(c)
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

// treeFusion fuses the trees of one block at a time, and of a block one
// tree at a time; its slices are reused from tree to tree.
type treeFusion struct {
	// generics are the block's generics, in order, and absorbed those
	// that absorbable accepts.
	generics []*ir.Operation
	absorbed map[*ir.Operation]bool
	spec     *linalg.GenericSpec
	// nodes are the tree's generics in post-order: producers before their
	// consumers, the root last.
	nodes []*ir.Operation
	// inputs are the block arguments, in the nodes' bodies, of the
	// operands that stay operands of the fused generic, each with the
	// spec's argument that stands for it; edges are the block arguments
	// that read an absorbed producer, in post-order.
	inputs []treeInput
	edges  []treeEdge
	// maps is a stack of the nodes' input maps in the root's loops, and
	// loopMaps scratch for LoopsComputable.
	maps, loopMaps []affine.Map
}

type treeInput struct{ arg, specArg *ir.Value }

type treeEdge struct {
	arg      *ir.Value
	producer *ir.Operation
}

// collect adds node's inputs to the spec, or for an absorbed producer
// that producer's inputs (recursively); maps are node's input maps in
// the root's loops. It does not change the IR.
func (t *treeFusion) collect(node *ir.Operation, maps []affine.Map) {
	body := linalg.Body(node)
	for j := range maps {
		v := node.Operand(j)
		p := v.DefiningOp()
		var toP affine.Map
		ok := false
		if p != nil && t.absorbed[p] {
			toP, ok = fusionMaps(p, v.Index(), maps[j])
		}
		if !ok {
			t.inputs = append(t.inputs, treeInput{body.Arg(j), t.spec.AddInput(v, maps[j], body.Arg(j))})
			continue
		}
		// The producer's unit loops read at 0 as fusing p into node alone
		// would (fuse_elementwise_unit.go): decided in node's own loops.
		own, ownOK := toP, true
		if m := linalg.IndexingMapsView(node)[j]; !m.Equal(maps[j]) {
			own, ownOK = fusionMaps(p, v.Index(), m)
		}
		if ownOK {
			toP = zeroLoops(toP, producerUnitLoopsToZero(p, node, own))
		}
		pMaps := linalg.IndexingMapsView(p)
		base := len(t.maps)
		for k := range linalg.NumInputs(p) {
			t.maps = append(t.maps, composeMaps(pMaps[k], toP))
		}
		t.collect(p, t.maps[base:])
		t.maps = t.maps[:base]
		t.edges = append(t.edges, treeEdge{body.Arg(j), p})
	}
	t.nodes = append(t.nodes, node)
}

// fuse replaces g by one generic computing g with its tree of absorbed
// producers inlined, and erases the tree. It does nothing when g absorbs
// no producer or when the fused inputs would not size every loop.
func (t *treeFusion) fuse(g *ir.Operation) {
	nIn := linalg.NumInputs(g)
	absorbs := false
	for j := 0; j < nIn && !absorbs; j++ {
		d := g.Operand(j).DefiningOp()
		absorbs = d != nil && t.absorbed[d]
	}
	if !absorbs {
		return
	}
	maps := linalg.IndexingMapsView(g)
	t.spec = linalg.NewGenericSpecLike(g)
	t.nodes, t.inputs, t.edges = t.nodes[:0], t.inputs[:0], t.edges[:0]
	t.collect(g, maps[:nIn])
	if len(t.nodes) == 1 {
		return
	}
	t.loopMaps = append(append(t.loopMaps[:0], t.spec.InMaps...), maps[nIn:]...)
	if !linalg.LoopsComputable(t.loopMaps, len(t.spec.Iterators)) {
		return
	}

	// The tree's bodies move into the spec's: their arguments become the
	// spec's, or for an absorbed producer the value it yields (read from
	// its linalg.yield once the edges below it are redirected, hence the
	// post-order).
	gBody := linalg.Body(g)
	for k, a := range t.spec.AddOutputs(g) {
		gBody.Arg(nIn + k).ReplaceAllUsesWith(a)
	}
	for _, in := range t.inputs {
		in.arg.ReplaceAllUsesWith(in.specArg)
	}
	for _, e := range t.edges {
		e.arg.ReplaceAllUsesWith(linalg.Body(e.producer).Terminator().Operand(0))
	}
	for _, n := range t.nodes {
		body := linalg.Body(n)
		if n != g {
			body.Terminator().Erase()
		}
		for o := body.First(); o != nil; o = body.First() {
			o.Remove()
			t.spec.Body.Append(o)
		}
	}
	fused := t.spec.Build(ir.Before(g))
	for i, r := range g.Results() {
		r.ReplaceAllUsesWith(fused.Result(i))
	}
	// Consumers first, so that each producer is unused when erased. A
	// producer's tensor.empty init without operands (a static shape) goes
	// with it when nothing else uses it: the greedy driver that follows
	// would erase it first thing and, having changed the IR, sweep it all
	// once more. (Erasing one with operands is left to the driver, which
	// then revisits the operands' producers.)
	for i := len(t.nodes) - 1; i >= 0; i-- {
		n := t.nodes[i]
		var init *ir.Operation
		if n != g {
			init = n.Operand(n.NumOperands() - 1).DefiningOp()
		}
		n.Erase()
		if init != nil && init.Name() == "tensor.empty" && init.NumOperands() == 0 && !init.Result(0).HasUses() {
			init.Erase()
		}
	}
}
