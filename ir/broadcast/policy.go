package broadcast

import (
	"fmt"
	"math/bits"
	"slices"
)

// Policy says which implicit broadcasts an op allows (docs/SPEC.md §4.3).
type Policy int

// Broadcast policies, spelled as the `broadcast_policy` attribute values.
const (
	// Numpy: ranks aligned on the right, missing leading dims are 1, a size-1
	// dim stretches (the default).
	Numpy Policy = iota
	// Rank: missing leading dims are added, but sizes must match: no size-1
	// stretching.
	Rank
	// Scalar: only rank-0 operands broadcast; the others must agree.
	Scalar
	// None: all operands have one shape.
	None
	// Assign is the assignment rule of hlo.assign (the Array API's
	// in-place semantics, TML's assignments), not a broadcast_policy
	// value: operand 0 is the destination, whose shape is the result's;
	// every other operand is aligned on the right and broadcasts into it
	// one way only (a dim equal to the destination's, or 1). The
	// destination never changes shape: it gains no dims and its size-1
	// dims do not stretch.
	Assign
)

var policyNames = [...]string{"numpy", "rank", "scalar", "none", "assign"}

// attrPolicies is how many policies (the first ones) a broadcast_policy
// attribute may name.
const attrPolicies = 4

// String returns the attribute spelling.
func (p Policy) String() string {
	if p < 0 || int(p) >= len(policyNames) {
		return fmt.Sprintf("Policy(%d)", int(p))
	}
	return policyNames[p]
}

// ParsePolicy reads a `broadcast_policy` value (Assign is not one).
func ParsePolicy(s string) (Policy, bool) {
	for i, n := range policyNames[:attrPolicies] {
		if n == s {
			return Policy(i), true
		}
	}
	return Numpy, false
}

// Spec is how one op broadcasts its operands: a policy and, for XLA "InDim"
// broadcasting of a binary op, the broadcast_dimensions that map the
// lower-rank operand's dims onto the higher-rank operand's dims.
type Spec struct {
	Policy Policy
	// Dims is nil unless the op has broadcast_dimensions.
	Dims []int64
}

// Placement says where each dim of an operand lands in the result: for
// operand dim i, ResultDim[i] is the result dim it feeds. A result dim
// not fed by the operand is broadcast along (a rank expansion).
type Placement struct {
	// ResultDim may share memory with other placements and with the
	// Spec's Dims: it must not be modified.
	ResultDim []int64
}

// dimIndex[i] is i: right-aligned placements are slices of it.
var dimIndex = func() (t [64]int64) {
	for i := range t {
		t[i] = int64(i)
	}
	return t
}()

// rightAligned is the placement of an operand of rank n whose dims are
// the last n of a result of rank rank.
func rightAligned(n, rank int) []int64 {
	if rank <= len(dimIndex) {
		return dimIndex[rank-n : rank : rank]
	}
	rd := make([]int64, n)
	for d := range rd {
		rd[d] = int64(rank - n + d)
	}
	return rd
}

// Infer computes the result shape of broadcasting ops under s, the
// placement of every operand's dims in the result, and reports the first
// conflict. ok is false when no operand is ranked (nothing is inferred).
//
// Under the numpy policy this is the Broadcastable trait's InferResultShape;
// broadcast_dimensions first places the lower-rank operand of a binary op
// (XLA's "broadcast composition": 4 + 1x2 with dims [0] gives 4x2); the
// rank, scalar and none policies forbid size-1 stretching, rank expansion of
// non-scalars, and any broadcast, respectively. Under those three a dynamic
// dim never stretches, so `?` against n infers n. Under Assign the result
// is the destination's shape (operand 0, which must be ranked): a `?` on
// either side of a source dim passes here and is the run-time check's
// business.
//
// The shape is the Shape of an operand when it is equal to it, and the
// placements share memory with each other and with s.Dims: callers must
// not modify either. So the common cases allocate nothing but (when the
// caller keeps them) the placements.
func Infer(ops []Operand, s Spec) (shape []int64, places []Placement, ok bool, conflict *Conflict) {
	// Infer is small enough to be inlined, so that a caller that drops the
	// placements (a verifier) keeps them on its stack.
	var small [3]Placement
	places = append(small[:0], make([]Placement, len(ops))...)
	shape, ok, conflict = s.infer(ops, places)
	return
}

// infer is Infer writing the placements into places (one per operand,
// zero on entry).
func (s Spec) infer(ops []Operand, places []Placement) (shape []int64, ok bool, conflict *Conflict) {
	rank := -1
	for _, o := range ops {
		if o.Ranked && len(o.Shape) > rank {
			rank = len(o.Shape)
		}
	}
	if rank < 0 || s.Policy == Assign && !ops[0].Ranked {
		return nil, false, nil
	}
	if s.Policy == Assign {
		for i, o := range ops[1:] {
			if o.Ranked && len(o.Shape) > len(ops[0].Shape) {
				return nil, true, &Conflict{Operand: i + 1, OtherOperand: 0,
					Message: fmt.Sprintf("operand #%d (the source) has rank %d, more than the rank %d of operand #0 (the destination): an assignment never adds dims to its destination", i+1, len(o.Shape), len(ops[0].Shape))}
			}
		}
	}
	if s.Dims != nil {
		if c := checkDims(ops, s.Dims); c != nil {
			return nil, true, c
		}
	}
	for i, o := range ops {
		if !o.Ranked {
			continue
		}
		if s.Dims != nil && len(o.Shape) < rank {
			places[i].ResultDim = s.Dims
		} else {
			places[i].ResultDim = rightAligned(len(o.Shape), rank)
		}
		if s.Policy == Scalar && len(o.Shape) != 0 && len(o.Shape) != rank {
			return nil, true, &Conflict{Operand: i, OtherOperand: i,
				Message: fmt.Sprintf("operand #%d has rank %d but the result has rank %d; broadcast_policy \"scalar\" only broadcasts rank-0 operands", i, len(o.Shape), rank)}
		}
		if s.Policy == None && len(o.Shape) != rank {
			return nil, true, &Conflict{Operand: i, OtherOperand: i,
				Message: fmt.Sprintf("operand #%d has rank %d but another operand has rank %d; broadcast_policy \"none\" needs identical shapes", i, len(o.Shape), rank)}
		}
	}
	// The result is the Shape of the first operand of its rank that it
	// equals, if there is one (same is the set of candidates among the
	// first 64 operands); else it is computed again into a new slice.
	var same uint64
	for i, o := range ops {
		if i < 64 && o.Ranked && len(o.Shape) == rank {
			same |= 1 << i
		}
	}
	// Operands are combined in order in each dim. The conflict reported is
	// the first in operand order, then in dim order.
	for d := range rank {
		size, c := inferResultDim(ops, s, places, d)
		if c != nil && (conflict == nil || c.Operand < conflict.Operand) {
			conflict = c
		}
		for i := range min(len(ops), 64) {
			if same&(1<<i) != 0 && ops[i].Shape[d] != size {
				same &^= 1 << i
			}
		}
	}
	if conflict != nil {
		return nil, true, conflict
	}
	if same != 0 && rank > 0 {
		return ops[bits.TrailingZeros64(same)].Shape[:rank:rank], true, nil
	}
	shape = make([]int64, rank)
	for d := range shape {
		shape[d], _ = inferResultDim(ops, s, places, d)
	}
	return shape, true, nil
}

// inferResultDim combines the operand dims that feed result dim d, in
// operand order, and returns the result's size there or the first
// conflict.
func inferResultDim(ops []Operand, s Spec, places []Placement, d int) (int64, *Conflict) {
	size, owner := int64(1), -1
	for i, o := range ops {
		if !o.Ranked || s.Policy == Scalar && len(o.Shape) == 0 {
			continue // scalars broadcast freely under the scalar policy
		}
		k := slices.Index(places[i].ResultDim, int64(d))
		if k < 0 {
			continue // an expansion dim of the operand
		}
		n := o.Shape[k]
		if owner < 0 {
			size, owner = n, i
			continue
		}
		if s.Policy == Assign {
			// The destination (operand 0, the owner) keeps its size.
			if n == 1 || n == Dynamic || size == Dynamic || n == size {
				continue
			}
			c := &Conflict{Operand: i, OtherOperand: owner, Dim: d, Size: n, Other: size}
			c.Message = fmt.Sprintf("operand #%d (the source) cannot be assigned to operand #%d (the destination): source dim %d has size %d but destination dim %d has size %d; a source dim must equal the destination's or be 1",
				i, owner, k, n, d, size)
			if size == 1 {
				c.Message += " (an assignment never stretches a size-1 dim of its destination)"
			}
			return 0, c
		}
		if s.Policy == Numpy {
			nd, good := InferDim(size, n)
			if !good {
				return 0, &Conflict{Operand: i, OtherOperand: owner, Dim: d, Size: n, Other: size}
			}
			if nd != size {
				owner = i
			}
			size = nd
			continue
		}
		// No stretching: sizes must agree where both are static.
		switch {
		case size == Dynamic:
			size = n
		case n == Dynamic || size == n:
		default:
			c := &Conflict{Operand: i, OtherOperand: owner, Dim: d, Size: n, Other: size}
			if size == 1 || n == 1 {
				c.Reason = fmt.Sprintf("broadcast_policy %q does not stretch size-1 dims", s.Policy)
			}
			return 0, c
		}
	}
	return size, nil
}

// checkDims validates broadcast_dimensions for a binary op: it applies to
// the lower-rank operand (or both, if ranks are equal, as the identity),
// has one entry per dim of that operand, is strictly increasing and in
// range, and each mapped pair of sizes is compatible.
func checkDims(ops []Operand, dims []int64) *Conflict {
	if len(ops) != 2 || !ops[0].Ranked || !ops[1].Ranked {
		return &Conflict{Message: "broadcast_dimensions needs exactly two ranked operands"}
	}
	lo, hi := 0, 1
	if len(ops[0].Shape) > len(ops[1].Shape) {
		lo, hi = 1, 0
	}
	low, high := ops[lo].Shape, ops[hi].Shape
	if len(dims) != len(low) {
		return &Conflict{Operand: lo, OtherOperand: hi,
			Message: fmt.Sprintf("broadcast_dimensions has %d entries but the lower-rank operand #%d has rank %d", len(dims), lo, len(low))}
	}
	for i, d := range dims {
		if d < 0 || d >= int64(len(high)) {
			return &Conflict{Operand: lo, OtherOperand: hi,
				Message: fmt.Sprintf("broadcast_dimensions entry %d is %d, out of range for rank %d", i, d, len(high))}
		}
		if i > 0 && d <= dims[i-1] {
			return &Conflict{Operand: lo, OtherOperand: hi,
				Message: fmt.Sprintf("broadcast_dimensions must be strictly increasing, but entry %d (%d) follows %d", i, d, dims[i-1])}
		}
		if len(low) == len(high) && d != int64(i) {
			return &Conflict{Operand: lo, OtherOperand: hi,
				Message: "broadcast_dimensions must be the identity when both operands have the same rank"}
		}
	}
	return nil
}

// IsExpanding classifies an operand dim of size in that feeds a result dim
// of size out: expanding (a static 1 stretched to a larger static size),
// non-expanding (it keeps its size: equal static sizes, any static size
// other than 1, and every dim under the rank/scalar/none policies), or
// neither when only the run-time sizes tell (a could-be-1 dim).
//
// Assign classifies a source dim as numpy does: a `?` may be 1 at run time.
func IsExpanding(in, out int64, p Policy) (expanding, nonExpanding bool) {
	switch {
	case p != Numpy && p != Assign:
		return false, true
	case in == 1 && out != 1 && out != Dynamic:
		return true, false
	case in == 1 && out == 1:
		return false, true
	case in != Dynamic && in != 1:
		return false, true
	}
	return false, false
}
