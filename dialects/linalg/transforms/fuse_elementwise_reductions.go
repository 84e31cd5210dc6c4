package transforms

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file holds linalg-fuse-elementwise-ops' rule for an expensive
// producer with several users, one of them a reduction (the cost rule is
// on FuseElementwiseOps, "Reductions"): softmax's exp(x - m), read by
// the sum and by the division by that sum.

// maxRecomputeUsers is the most users an expensive producer is recomputed
// in: its expensive work at most doubles.
const maxRecomputeUsers = 2

// producerRead is one consumer's reading of a producer's results: the
// consumer and the inputs that read them (directly or through unit-dim
// tensor.expand_shape ops).
type producerRead struct {
	consumer *ir.Operation
	inputs   []int
}

// recomputedInUsers reports whether the expensive producer p is fused
// into each of its users, its body computed once per user: it has two
// users (at most maxRecomputeUsers), at least one a reduction; every use of its
// results is an input of one of them, each of which reads p through one
// map and without broadcasting (readsThroughBroadcast), and p can be
// fused into each (recomputableInto). Fusing p into one user leaves the
// other as its sole user, which the sole-user rule then fuses: the
// full-size temporary goes whichever user the driver visits first.
func recomputedInUsers(p *ir.Operation) bool {
	reads, ok := producerReads(p)
	if !ok || len(reads) < 2 {
		return false
	}
	reduces := false
	for _, r := range reads {
		reduces = reduces || isReductionGeneric(r.consumer)
	}
	if !reduces {
		return false
	}
	for _, r := range reads {
		if !recomputableInto(p, r) {
			return false
		}
	}
	return true
}

// producerReads groups the uses of p's results by consumer, looking
// through tensor.expand_shape ops (whether they only insert unit dims is
// for recomputableInto to check); ok is false when a use is not an input
// of a generic this pass fuses into (a tensor.dim counts: it keeps p
// alive) or when there are more consumers than maxRecomputeUsers.
func producerReads(p *ir.Operation) (reads []producerRead, ok bool) {
	add := func(u *ir.OpOperand) bool {
		c := u.Owner()
		if !isFusionConsumer(c) || u.Index() >= linalg.NumInputs(c) {
			return false
		}
		for k := range reads {
			if reads[k].consumer == c {
				reads[k].inputs = append(reads[k].inputs, u.Index())
				return true
			}
		}
		if len(reads) == maxRecomputeUsers {
			return false
		}
		reads = append(reads, producerRead{consumer: c, inputs: []int{u.Index()}})
		return true
	}
	for _, r := range p.Results() {
		for _, u := range r.Uses() {
			if e := u.Owner(); e.Name() == "tensor.expand_shape" {
				for _, eu := range e.Result(0).Uses() {
					if !add(eu) {
						return nil, false
					}
				}
				continue
			}
			if !add(u) {
				return nil, false
			}
		}
	}
	return reads, true
}

// recomputableInto reports whether fusion inlines producer p into the
// consumer of r (fusionCandidate), for all of r's inputs at once (they
// read one result through one map: fusedOperands), without reading it
// through a broadcast, and with every loop of the fused generic sized by
// its operands.
func recomputableInto(p *ir.Operation, r producerRead) bool {
	c := r.consumer
	maps := linalg.IndexingMapsView(c)
	i := r.inputs[0]
	group := fusedOperands(c, maps, i)
	if len(group) != len(r.inputs) || readsThroughBroadcast(c, maps, maps[i]) {
		return false
	}
	cand, ok := fusionCandidate(c, maps, i)
	return ok && cand.producer == p && fusedLoopsComputable(p, c, maps, group, cand.toProducer)
}

// fusedLoopsComputable reports whether the generic that fuseInto would
// build from consumer c (indexing maps cMaps) and producer p, inlined
// for the inputs group through toProducer, has every loop sized by its
// operands in every version, but for unit loops of c that it drops (see
// unsizedLoops): fuseInto builds nothing otherwise.
func fusedLoopsComputable(p, c *ir.Operation, cMaps []affine.Map, group []int, toProducer affine.Map) bool {
	nIn := linalg.NumInputs(c)
	var ins []*ir.Value
	var maps []affine.Map
	for j := range nIn {
		if !slices.Contains(group, j) {
			ins, maps = append(ins, c.Operand(j)), append(maps, cMaps[j])
		}
	}
	pMaps, pb := linalg.IndexingMapsView(p), linalg.Body(p)
	for k := range p.NumOperands() {
		if k < linalg.NumInputs(p) || pb.Arg(k).HasUses() {
			ins, maps = append(ins, p.Operand(k)), append(maps, composeMaps(pMaps[k], toProducer))
		}
	}
	unsized := unsizedLoops(ins, maps, cMaps[nIn:], len(linalg.IteratorTypesView(c)))
	return unsized == nil || onlyUnitLoops(c, cMaps, unsized)
}

// unsizedLoops returns which loops of a generic with inputs ins (read
// through inMaps) and outputs read through outMaps no operand reads as a
// bare dim in some version, nil when there is none; an input produced by
// a broadcast with could-be-1 dims counts as linalg-version-broadcasts
// reads it in the version where all those dims are 1 (versionedReadMap):
// that version reads them at index 0, and a loop only they sized would
// have no size there. Outputs size every loop of an elementwise generic;
// only a reduction loop can be left unsized.
func unsizedLoops(ins []*ir.Value, inMaps, outMaps []affine.Map, numLoops int) []bool {
	maps := make([]affine.Map, 0, len(inMaps)+len(outMaps))
	for j, m := range inMaps {
		maps = append(maps, versionedReadMap(ins[j], m))
	}
	maps = append(maps, outMaps...)
	if linalg.LoopsComputable(maps, numLoops) {
		return nil
	}
	sized := make([]bool, numLoops)
	for _, m := range maps {
		for r := range m.Results {
			if d, ok := m.DimPosition(r); ok && d < numLoops {
				sized[d] = true
			}
		}
	}
	unsized := make([]bool, numLoops)
	for d := range unsized {
		unsized[d] = !sized[d]
	}
	return unsized
}
