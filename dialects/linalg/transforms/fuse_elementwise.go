package transforms

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// FuseElementwiseOps is the `linalg-fuse-elementwise-ops` pass: it fuses
// each all-parallel linalg.generic on tensors into the generics that read
// its results, all-parallel or with reduction loops, as MLIR's
// ElementwiseOpFusion does, and folds splat-constant inputs into scalar
// constants used in the body.
//
// A consumer input produced by such a generic through a permutation
// result map is replaced by the producer's inputs, read through
// producerArgMap ∘ inverse(producerResultMap) ∘ consumerOperandMap, and the
// producer's body is inlined into the consumer's where the consumer used
// that input. The fused generic keeps the consumer's outs and iterators
// and takes its place; a producer left without uses disappears. Unlike
// MLIR 19, a producer is also fused through a tensor.expand_shape that
// only inserts unit dims, and its loops of extent 1 are read at index 0
// where the consumer's loop is not known to be 1, so that the pass
// commutes with linalg-fold-unit-extent-dims (fuse_elementwise_unit.go).
//
// Unlike MLIR 19 (whose pass fuses single-use producers only), a producer
// with several uses is fused into each consumer when recomputing it is
// cheap (see isCheapOp), and stays alive while other uses remain. An
// expensive producer is fused into its sole user when that user reads it
// without broadcasting (see readsThroughBroadcast), and recomputed in
// several users only under the cost rule of Reductions below.
//
// Every generic the pass builds is in one canonical form (see
// linalg.GenericSpec.Build), so that the result depends neither on the
// order in which the fusions happen nor on whether
// linalg-fold-unit-extent-dims ran before or after. With fusion run the
// generic's canonicalization patterns (linalg.Generic.Canonicalize:
// identity generics, duplicate and unused inputs, dead results,
// splat-constant inputs), as in MLIR's pass.
//
// # Reductions
//
// An elementwise producer fuses into a reduction's input as into an
// elementwise consumer: sum(exp(x - m)) becomes one reduction generic that
// reads x and m and adds exp(x - m) to its accumulator, with no
// temporary. The producer of a reduction's init (an out) is not fused.
// A reduction is never fused into its consumers, nor into another
// reduction: its result is complete only after its whole loop nest has
// run, so no consumer can compute from it inside that loop nest. Its
// result is the small tensor (N for a reduction of NxM over M), which
// consumers read through their indexing maps; keepdims' broadcast back to
// NxM is the consumer's map (d0, d1) -> (d0) and is never materialized.
//
// The cost rule. An expensive producer P (a body op that isCheapOp
// rejects) is recomputed, fused into each of its users, exactly when
//
//  1. P has two users and at least one is a reduction generic;
//  2. every use of P's results is an input of those two (directly or
//     through a unit-dim tensor.expand_shape); any other use (returned,
//     tensor.dim, an init) keeps P's result alive anyway;
//  3. each reads P through one map that does not broadcast
//     (readsThroughBroadcast): each evaluates P's body once per element
//     of P, not once per broadcast copy;
//  4. P can be fused into each (fusionCandidate, and every loop of the
//     fused generic stays sized: see below).
//
// Fusing P into one user leaves the other its sole user, which the
// sole-user rule fuses: whichever the driver visits first, P's full-size
// temporary goes (recomputedInUsers). The trade, per element of P, for
// f32 and a P that reads one full-size operand (exp(x - m) reads x and
// the small m): stored, P reads x, writes its result and both users read
// it back, 16 bytes; recomputed, both users read x, 8 bytes, and P's body
// runs twice instead of once. Eight bytes of memory traffic cost more
// than a vectorized exp; a third user would cost one more evaluation to
// save the same 8 bytes, so two users is the bound. The reduction is what
// makes the recomputation the only way not to store P: users that are
// all elementwise read P in loop nests over P's own iteration space,
// which one multi-result loop nest could merge (the rule for them stays:
// not fused), while an elementwise user of a reduction's result (softmax's
// e / sum(e)) cannot start before that reduction has read every element
// of P. Softmax, m = max(x), e = exp(x - m), r = e / sum(e), so ends as
// m = max-reduce(x) [N], s = sum-reduce(exp(x - m)) [N] and
// r = exp(x - m) / s [NxM], one generic each, with no NxM temporary.
//
// A reduction loop is sized by the reduction's inputs only (its outs do
// not index it). Fusion keeps it sized in every version that
// linalg-version-broadcasts makes (unsizedLoops): an input of a broadcast
// with could-be-1 dims does not size a loop in the version where those
// dims are 1, so a producer that would leave a reduction loop sized by
// such inputs alone is not fused into the reduction (it is versioned on
// its own). A loop of extent 1 that only the producer's result sized is
// dropped from the fused generic instead, as linalg-fold-unit-extent-dims
// would drop it (fuse_elementwise_unit.go).
//
// A reduction whose reduction loops all have extent 1 keeps them
// (FoldUnitExtentDims), and a producer's unit loop mapped to one reads
// index 0, as folding the producer first makes it: when the producer's
// operands were all that sized that loop, fuseInto refuses, before or
// after unit-dim folding (the producer's result is no larger than the
// reduction's). MLIR 19 fuses single-use elementwise producers into
// reductions as here.
var FuseElementwiseOps = &ir.PassInfo{
	Name:    "linalg-fuse-elementwise-ops",
	Title:   "LinalgElementwiseOpFusion",
	Summary: "Fuse elementwise operations on tensors",
	Run:     runFuseElementwiseOps,
}

func init() { ir.RegisterPass(FuseElementwiseOps) }

func runFuseElementwiseOps(root *ir.Operation, _ ir.PassOptions) error {
	// Folding and dead-op removal run too, as in MLIR: dead producers and
	// their tensor.empty go, and the scalar constants made from splats are
	// uniqued and hoisted. Trees of cheap producers are fused first, each
	// in one step (fuse_elementwise_trees.go).
	//
	// Dead ops go first, as the driver of any pass erases them (with the
	// constants of their bodies hoisted, in the driver's order): a use by
	// one would count in the cost rules until the driver reached it, so
	// what fuses would depend on when that is, and on whether
	// linalg-fold-unit-extent-dims, which erases them, ran first. After
	// canonicalize (as in --pipeline=cpu) there is none, and no sweep.
	if hasTriviallyDeadOp(root) {
		ir.ApplyPatternsGreedily(root, nil, ir.DefaultGreedyConfig())
	}
	fuseCheapTrees(root)
	ir.ApplyPatternsGreedily(root, ElementwiseFusionPatterns(), ir.DefaultGreedyConfig())
	return nil
}

// hasTriviallyDeadOp reports whether an op nested in root is trivially
// dead (the last of every chain of dead ops is).
func hasTriviallyDeadOp(root *ir.Operation) bool {
	found := false
	root.Walk(func(op *ir.Operation) bool {
		found = found || op != root && ir.IsTriviallyDead(op)
		return !found
	})
	return found
}

// ElementwiseFusionPatterns returns the patterns of
// linalg-fuse-elementwise-ops, for passes that want to run them with
// others: the canonicalization patterns of linalg.generic (splat-constant
// inputs become scalar constants; identity generics, duplicate and unused
// inputs and dead results go), then the fusion of producers into
// consumers.
//
// Fusion into a generic that writes a slice of a destination (the copy
// of each hlo.concatenate operand into its part) comes first: otherwise
// that copy, an identity generic, would be erased, and the producer would
// keep writing its own tensor.empty, a temporary that is then copied into
// the destination. Fused, the producer writes its elements straight into
// the destination's slice (the fused op keeps the consumer's outs).
func ElementwiseFusionPatterns() []ir.Pattern {
	return append(append([]ir.Pattern{
		&ir.PatternFunc{Name: "FuseElementwiseProducerIntoSlice", RootOp: "linalg.generic", Fn: fuseElementwiseProducerIntoSlice}},
		linalg.Generic.Canonicalize...),
		&ir.PatternFunc{Name: "FuseElementwiseProducer", RootOp: "linalg.generic", Fn: fuseElementwiseProducer})
}

// fuseElementwiseProducerIntoSlice is fuseElementwiseProducer for a
// consumer whose outputs are all slices of a destination
// (tensor.extract_slice), tried before the canonicalization patterns.
func fuseElementwiseProducerIntoSlice(consumer *ir.Operation, rw *ir.Rewriter) bool {
	if consumer.Name() != "linalg.generic" {
		return false
	}
	nIn := linalg.NumInputs(consumer)
	for i := nIn; i < consumer.NumOperands(); i++ {
		if d := consumer.Operand(i).DefiningOp(); d == nil || d.Name() != "tensor.extract_slice" {
			return false
		}
	}
	return consumer.NumOperands() > nIn && fuseProducer(consumer, rw, true)
}

// isElementwiseGeneric reports whether op is a linalg.generic on tensors
// whose loops are all parallel and whose body is a DAG of pure ops (see
// linalg.IsPureDAG): the only generics this pass fuses as producers.
func isElementwiseGeneric(op *ir.Operation) bool {
	if op.Name() != "linalg.generic" || !linalg.HasTensorSemantics(op) || op.NumRegions() != 1 || op.Region(0).Empty() {
		return false
	}
	for _, k := range linalg.IteratorTypesView(op) {
		if k != linalg.Parallel {
			return false
		}
	}
	return len(linalg.IndexingMapsView(op)) == op.NumOperands() && linalg.IsPureDAG(linalg.Body(op))
}

// isFusionConsumer reports whether op is a generic this pass fuses
// producers into: a linalg.generic on tensors whose body is a DAG of pure
// ops, elementwise or with reduction loops.
func isFusionConsumer(op *ir.Operation) bool {
	if op.Name() != "linalg.generic" || !linalg.HasTensorSemantics(op) || op.NumRegions() != 1 || op.Region(0).Empty() {
		return false
	}
	return len(linalg.IndexingMapsView(op)) == op.NumOperands() && linalg.IsPureDAG(linalg.Body(op))
}

// isReductionGeneric reports whether generic op has a reduction loop.
func isReductionGeneric(op *ir.Operation) bool {
	return slices.Contains(linalg.IteratorTypesView(op), linalg.Reduction)
}

// expensiveArith are the arith ops that cost many cycles each (division
// and remainder: tens of cycles, not pipelined like add or mul).
var expensiveArith = map[string]bool{
	"arith.divf": true, "arith.remf": true,
	"arith.divsi": true, "arith.divui": true, "arith.ceildivsi": true, "arith.ceildivui": true,
	"arith.floordivsi": true, "arith.remsi": true, "arith.remui": true,
}

// cheapMath are the math ops that are one instruction on x86-64 and
// AArch64 (sign-bit operations, fused multiply-add, and the roundings
// SSE4.1 roundps and AArch64 frint* do directly). The other math ops
// (exp, log, tanh, powf, sqrt, ...) are library calls or long
// polynomial sequences.
var cheapMath = map[string]bool{
	"math.absf": true, "math.absi": true, "math.copysign": true, "math.fma": true,
	"math.floor": true, "math.ceil": true, "math.trunc": true, "math.roundeven": true,
}

// isCheapOp reports whether op costs about as much as an add, so that
// computing it again in every consumer costs less than writing its result
// to memory and reading it back.
func isCheapOp(op *ir.Operation) bool {
	switch n := op.Name(); {
	case n == "linalg.yield" || n == "linalg.index":
		return true
	case op.Dialect() == "arith":
		return !expensiveArith[n]
	default:
		return cheapMath[n]
	}
}

// isCheapGeneric reports whether every op of a generic's body is cheap.
func isCheapGeneric(op *ir.Operation) bool {
	for o := linalg.Body(op).First(); o != nil; o = o.Next() {
		if !isCheapOp(o) {
			return false
		}
	}
	return true
}

// staticLoopExtents returns each loop's size as the static operand sizes
// give it, ir.Dynamic where none does.
func staticLoopExtents(op *ir.Operation, maps []affine.Map) []int64 {
	ext := make([]int64, len(linalg.IteratorTypesView(op)))
	for i := range ext {
		ext[i] = ir.Dynamic
	}
	for i, v := range op.Operands() {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			continue
		}
		for r, s := range t.Shape() {
			if d, isDim := maps[i].DimPosition(r); isDim && s != ir.Dynamic && d < len(ext) {
				ext[d] = s
			}
		}
	}
	return ext
}

// readsThroughBroadcast reports whether a consumer reading an operand
// through map m visits each of its elements more than once: m leaves out
// (or reads at a constant index instead of) a loop dim whose extent is not
// known to be 1, or is not a projected permutation at all. Loop dims of
// extent 1 do not count, so that the answer is the same before and after
// linalg-fold-unit-extent-dims drops them.
func readsThroughBroadcast(consumer *ir.Operation, maps []affine.Map, m affine.Map) bool {
	if !m.IsProjectedPermutation(true) {
		return true
	}
	ext := staticLoopExtents(consumer, maps)
	for d := 0; d < m.NumDims; d++ {
		if !m.IsFunctionOfDim(d) && ext[d] != 1 {
			return true
		}
	}
	return false
}

// numUses counts the uses of all of op's results; with ignoreDims, the
// tensor.dim ops (which only read a shape, and which DimOfGenericResult
// later takes from the operands) do not count.
func numUses(op *ir.Operation, ignoreDims bool) int {
	n := 0
	for _, r := range op.Results() {
		for _, u := range r.Uses() {
			if !ignoreDims || u.Owner().Name() != "tensor.dim" {
				n++
			}
		}
	}
	return n
}

// fusedOperands returns the consumer inputs that fusing input i fuses at
// once: input i and every other input reading the same value through the
// same map (one copy of the producer's body serves them all).
func fusedOperands(consumer *ir.Operation, maps []affine.Map, i int) []int {
	var js []int
	for j := 0; j < linalg.NumInputs(consumer); j++ {
		if consumer.Operand(j) == consumer.Operand(i) && maps[j].Equal(maps[i]) {
			js = append(js, j)
		}
	}
	return js
}

// fusionMaps returns, for fusing the producer of consumer input i, the map
// from the consumer's loops to the producer's (inverse(producerResultMap)
// ∘ consumerOperandMap); ok is false when the producer's result map is not
// a permutation.
func fusionMaps(producer *ir.Operation, res int, consumerMap affine.Map) (affine.Map, bool) {
	pMaps := linalg.IndexingMapsView(producer)
	resMap := pMaps[linalg.NumInputs(producer)+res]
	if !resMap.IsPermutation() || consumerMap.NumResults() != resMap.NumResults() {
		return affine.Map{}, false
	}
	if resMap.IsIdentity() {
		return consumerMap, true // the common case, without building maps
	}
	inv, ok := resMap.InversePermutation()
	if !ok {
		return affine.Map{}, false
	}
	return inv.Compose(consumerMap), true
}

// composeMaps is f.Compose(g), without building a new map when g is an
// identity without symbols (f∘id is f).
func composeMaps(f, g affine.Map) affine.Map {
	if g.NumSymbols == 0 && g.IsIdentity() {
		return f
	}
	return f.Compose(g)
}

// canRemapIndices reports whether the producer's linalg.index ops can be
// expressed in the consumer's loops: each producer loop must be a consumer
// loop or a constant in toProducer.
func canRemapIndices(producer *ir.Operation, toProducer affine.Map) bool {
	for o := linalg.Body(producer).First(); o != nil; o = o.Next() {
		if o.Name() != "linalg.index" {
			continue
		}
		for _, e := range toProducer.Results {
			switch e.(type) {
			case affine.DimExpr, affine.ConstantExpr:
			default:
				return false
			}
		}
		return true
	}
	return true
}

// shouldFuse decides whether the producer of consumer input i may be
// fused, given the map from consumer to producer loops. intoSlice is set
// for a consumer that writes a slice of a destination (see
// fuseElementwiseProducerIntoSlice): the sizes of the destination's parts
// are tensor.dim of the producers, which must not keep them alive.
// through is the unit-dim tensor.expand_shape the consumer reads the
// producer through, or nil (see producerResult).
func shouldFuse(producer, through, consumer *ir.Operation, maps []affine.Map, i int, intoSlice bool) bool {
	if isCheapGeneric(producer) {
		return true
	}
	return fusesIntoSoleUser(producer, through, consumer, maps, i, intoSlice) || recomputedInUsers(producer)
}

// fusesIntoSoleUser is shouldFuse's rule for an expensive producer whose
// only user is the consumer.
func fusesIntoSoleUser(producer, through, consumer *ir.Operation, maps []affine.Map, i int, intoSlice bool) bool {
	// An expensive producer is computed once per element it produces, and
	// fusion must not change that: its results must have no use but the
	// consumer operands fused now (otherwise the producer stays and the
	// work is done twice), and the consumer must read each element once.
	// Through a broadcasting map the fused loop nest would recompute
	// exp(x[j]) for every i of a (i, j) loop instead of once per j: a
	// 4096-fold increase in the expensive work to save one 16 KB buffer.
	uses := numUses(producer, intoSlice)
	if through != nil {
		uses += numUses(through, intoSlice) - 1
	}
	if uses != len(fusedOperands(consumer, maps, i)) {
		return false
	}
	return !readsThroughBroadcast(consumer, maps, maps[i])
}

// fuseElementwiseProducer fuses into consumer the producer of its first
// input for which fusion is legal and profitable.
func fuseElementwiseProducer(consumer *ir.Operation, rw *ir.Rewriter) bool {
	return fuseProducer(consumer, rw, false)
}

// fuseProducer is fuseElementwiseProducer; intoSlice as for shouldFuse.
func fuseProducer(consumer *ir.Operation, rw *ir.Rewriter, intoSlice bool) bool {
	nIn := linalg.NumInputs(consumer)
	if !readsGeneric(consumer, nIn) || !isFusionConsumer(consumer) {
		return false
	}
	maps := linalg.IndexingMapsView(consumer)
	for i := range nIn {
		c, ok := fusionCandidate(consumer, maps, i)
		if !ok || !shouldFuse(c.producer, c.through, consumer, maps, i, intoSlice) {
			continue
		}
		if fused := fuseInto(rw, c.producer, consumer, i, c.res, c.toProducer); fused != nil {
			rw.ReplaceOp(consumer, fused.Results())
			return true
		}
	}
	return false
}

// candidate is the producer of a consumer input that fusion may inline:
// result res of producer, read directly or through the unit-dim
// tensor.expand_shape through (see producerResult), with toProducer the
// map from the consumer's loops to the producer's.
type candidate struct {
	producer, through *ir.Operation
	res               int
	toProducer        affine.Map
}

// fusionCandidate returns the producer of input i of consumer (whose
// indexing maps are maps) when fusing it is legal, whatever it costs: an
// elementwise generic whose result map is a permutation and whose
// linalg.index ops can be read in the consumer's loops. (fuseInto may
// still refuse when the fused operands would not size every loop.)
func fusionCandidate(consumer *ir.Operation, maps []affine.Map, i int) (candidate, bool) {
	v, cMap, through := producerResult(consumer.Operand(i), maps[i])
	if v == nil {
		return candidate{}, false
	}
	producer := v.DefiningOp()
	if producer == nil || !isElementwiseGeneric(producer) {
		return candidate{}, false
	}
	toProducer, ok := fusionMaps(producer, v.Index(), cMap)
	if !ok {
		return candidate{}, false
	}
	toProducer = zeroLoops(toProducer, producerUnitLoopsToZero(producer, consumer, toProducer))
	if !canRemapIndices(producer, toProducer) {
		return candidate{}, false
	}
	return candidate{producer: producer, through: through, res: v.Index(), toProducer: toProducer}, true
}

// readsGeneric reports whether one of the nIn inputs of consumer is a
// linalg.generic's result, read directly or through a tensor.expand_shape
// (see producerResult): there is nothing to fuse otherwise, and this is
// cheaper to check than the consumer itself.
func readsGeneric(consumer *ir.Operation, nIn int) bool {
	if nIn < 0 || nIn > consumer.NumOperands() {
		return false
	}
	for i := range nIn {
		d := consumer.Operand(i).DefiningOp()
		if d != nil && (d.Name() == "tensor.expand_shape" || d.Name() == "tensor.collapse_shape") && d.NumOperands() > 0 {
			d = d.Operand(0).DefiningOp()
		}
		if d != nil && d.Name() == "linalg.generic" {
			return true
		}
	}
	return false
}

// fuseInto builds the generic computing consumer with the producer of its
// input i (and of the inputs fusedOperands groups with it) inlined, at the
// consumer's place; input i reads the producer's result res. It returns
// nil, changing nothing, when the fused operands would not determine
// every loop's size.
func fuseInto(rw *ir.Rewriter, producer, consumer *ir.Operation, i, res int, toProducer affine.Map) *ir.Operation {
	cMaps, pMaps := linalg.IndexingMaps(consumer), linalg.IndexingMaps(producer)
	cIn, pIn := linalg.NumInputs(consumer), linalg.NumInputs(producer)
	cb, pb := linalg.Body(consumer), linalg.Body(producer)
	group := fusedOperands(consumer, cMaps, i)
	fused := map[int]bool{}
	for _, j := range group {
		fused[j] = true
	}

	s := linalg.NewGenericSpecLike(consumer)
	m := map[*ir.Value]*ir.Value{}
	for j := 0; j < cIn; j++ {
		switch {
		case j == group[0]:
			// The producer's inputs, and its outs if its body reads them
			// (an init value is then an input like any other).
			for k := 0; k < producer.NumOperands(); k++ {
				if k < pIn || pb.Arg(k).HasUses() {
					m[pb.Arg(k)] = s.AddInput(producer.Operand(k), composeMaps(pMaps[k], toProducer), pb.Arg(k))
				}
			}
		case !fused[j]:
			m[cb.Arg(j)] = s.AddInput(consumer.Operand(j), cMaps[j], cb.Arg(j))
		}
	}
	unsized := unsizedLoops(s.Ins, s.InMaps, cMaps[cIn:], len(s.Iterators))
	if unsized != nil && !onlyUnitLoops(consumer, cMaps, unsized) {
		return nil
	}
	for k, a := range s.AddOutputs(consumer) {
		m[cb.Arg(cIn+k)] = a
	}

	b := ir.AtEnd(s.Body)
	b.Loc = producer.Loc
	term := pb.Terminator()
	for o := pb.First(); o != term; o = o.Next() {
		if o.Name() == "linalg.index" {
			m[o.Result(0)] = remapIndex(b, o, toProducer)
			continue
		}
		b.Clone(o, m)
	}
	yielded := term.Operand(res)
	if nv, ok := m[yielded]; ok {
		yielded = nv
	}
	for j := range fused {
		m[cb.Arg(j)] = yielded
	}
	for o := cb.First(); o != nil; o = o.Next() {
		b.Clone(o, m)
	}
	if unsized != nil {
		dropLoops(s, unsized)
	}
	return s.Build(&rw.Builder)
}

// remapIndex returns, in the fused body, the value of the producer's
// `linalg.index` op idx: the consumer loop or constant toProducer maps
// that producer loop to (canRemapIndices checked it is one of these).
func remapIndex(b *ir.Builder, idx *ir.Operation, toProducer affine.Map) *ir.Value {
	d, _ := idx.Attr("dim").(*ir.IntegerAttr)
	switch e := toProducer.Results[d.Value].(type) {
	case affine.DimExpr:
		st := &ir.OpState{Name: "linalg.index", ResultTypes: []ir.Type{ir.Index}, Loc: idx.Loc}
		st.AddAttr("dim", ir.I64Attr(int64(e.Position)))
		return b.Create(st).Result(0)
	case affine.ConstantExpr:
		return arith.NewConstant(b, ir.IntAttr(ir.Index, e.Value)).Result(0)
	}
	panic("passes: remapIndex on a map canRemapIndices rejects")
}
