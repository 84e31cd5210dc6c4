package broadcast

import "fmt"

// Policy says which implicit broadcasts an op allows (SPEC §4.3).
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
)

var policyNames = [...]string{"numpy", "rank", "scalar", "none"}

// String returns the attribute spelling.
func (p Policy) String() string {
	if p < 0 || int(p) >= len(policyNames) {
		return fmt.Sprintf("Policy(%d)", int(p))
	}
	return policyNames[p]
}

// ParsePolicy reads a `broadcast_policy` value.
func ParsePolicy(s string) (Policy, bool) {
	for i, n := range policyNames {
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
// not fed by the operand is broadcast along (a rank expansion). Stretch
// marks operand dims of static size 1 that stretch to a larger size.
type Placement struct {
	ResultDim []int64
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
// dim never stretches, so `?` against n infers n.
func Infer(ops []Operand, s Spec) (shape []int64, places []Placement, ok bool, conflict *Conflict) {
	places = make([]Placement, len(ops))
	rank := -1
	for _, o := range ops {
		if o.Ranked && len(o.Shape) > rank {
			rank = len(o.Shape)
		}
	}
	if rank < 0 {
		return nil, places, false, nil
	}
	if s.Dims != nil {
		if c := checkDims(ops, s.Dims); c != nil {
			return nil, places, true, c
		}
	}
	// Expand every ranked operand to the result rank, remembering which
	// result dims it really has (the others are expansion dims).
	expanded := make([][]int64, len(ops))
	real := make([][]bool, len(ops))
	for i, o := range ops {
		if !o.Ranked {
			continue
		}
		var rd []int64
		if s.Dims != nil && len(o.Shape) < rank {
			rd = append([]int64(nil), s.Dims...)
		} else {
			pad := rank - len(o.Shape)
			rd = make([]int64, len(o.Shape))
			for d := range rd {
				rd[d] = int64(pad + d)
			}
		}
		places[i] = Placement{ResultDim: rd}
		e := make([]int64, rank)
		r := make([]bool, rank)
		for d := range e {
			e[d] = 1
		}
		for d, to := range rd {
			e[to] = o.Shape[d]
			r[to] = true
		}
		expanded[i], real[i] = e, r
		if s.Policy == Scalar && len(o.Shape) != 0 && len(o.Shape) != rank {
			return nil, places, true, &Conflict{Operand: i, OtherOperand: i,
				Message: fmt.Sprintf("operand #%d has rank %d but the result has rank %d; broadcast_policy \"scalar\" only broadcasts rank-0 operands", i, len(o.Shape), rank)}
		}
		if s.Policy == None && len(o.Shape) != rank {
			return nil, places, true, &Conflict{Operand: i, OtherOperand: i,
				Message: fmt.Sprintf("operand #%d has rank %d but another operand has rank %d; broadcast_policy \"none\" needs identical shapes", i, len(o.Shape), rank)}
		}
	}
	shape = make([]int64, rank)
	owner := make([]int, rank)
	for d := range shape {
		shape[d] = 1
		owner[d] = -1
	}
	for i := range ops {
		if expanded[i] == nil {
			continue
		}
		if s.Policy == Scalar && len(ops[i].Shape) == 0 {
			continue // scalars broadcast freely
		}
		for d := 0; d < rank; d++ {
			if !real[i][d] {
				continue
			}
			if owner[d] < 0 {
				shape[d], owner[d] = expanded[i][d], i
				continue
			}
			if s.Policy == Numpy {
				nd, good := InferDim(shape[d], expanded[i][d])
				if !good {
					return nil, places, true, &Conflict{Operand: i, OtherOperand: owner[d], Dim: d, Size: expanded[i][d], Other: shape[d]}
				}
				if nd != shape[d] {
					owner[d] = i
				}
				shape[d] = nd
				continue
			}
			// No stretching: sizes must agree where both are static.
			a, b := shape[d], expanded[i][d]
			switch {
			case a == Dynamic:
				shape[d] = b
			case b == Dynamic || a == b:
			default:
				c := &Conflict{Operand: i, OtherOperand: owner[d], Dim: d, Size: b, Other: a}
				if a == 1 || b == 1 {
					c.Reason = fmt.Sprintf("broadcast_policy %q does not stretch size-1 dims", s.Policy)
				}
				return nil, places, true, c
			}
		}
	}
	if s.Policy == Numpy {
		// Dims that no operand has stay 1 only if truly absent everywhere;
		// with numpy semantics every result dim is fed by some operand.
		return shape, places, true, nil
	}
	return shape, places, true, nil
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
func IsExpanding(in, out int64, p Policy) (expanding, nonExpanding bool) {
	switch {
	case p != Numpy:
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
