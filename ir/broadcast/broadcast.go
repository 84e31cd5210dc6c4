package broadcast

import "fmt"

// Dynamic is a `?` dim (the same value as ir.Dynamic).
const Dynamic int64 = -1

// Conflict describes why shapes do not broadcast: operand Operand's dim
// Dim (counted in the inferred result's dims) has size Size, which cannot
// broadcast with size Other, contributed by operand OtherOperand.
type Conflict struct {
	Operand, OtherOperand int
	Dim                   int
	Size, Other           int64
	// Reason is set for policy violations (e.g. "broadcast_policy \"rank\"
	// does not stretch size-1 dims") and printed after the sizes.
	Reason string
	// Message, if set, replaces the whole message (malformed
	// broadcast_dimensions, rank mismatches under a policy).
	Message string
}

func dimString(d int64) string {
	if d == Dynamic {
		return "?"
	}
	return fmt.Sprint(d)
}

// Error formats the conflict for a diagnostic.
func (c *Conflict) Error() string {
	if c.Message != "" {
		return c.Message
	}
	msg := fmt.Sprintf("operands #%d and #%d are not broadcast compatible: dim %d is %s in operand #%d and %s in operand #%d",
		c.OtherOperand, c.Operand, c.Dim, dimString(c.Other), c.OtherOperand, dimString(c.Size), c.Operand)
	if c.Reason != "" {
		msg += " (" + c.Reason + ")"
	}
	return msg
}

// InferDim combines two dims by the Broadcastable trait's InferDim table:
//
//	(?, ?) (?, 1) (1, 1) (>1, ?) (>1, 1) -> d0
//	(?, >1) (1, ?) (1, >1)               -> d1
//	(>1, >1)                             -> d0 if equal, else error
func InferDim(d0, d1 int64) (int64, bool) {
	switch {
	case d0 == Dynamic && d1 > 1:
		return d1, true
	case d0 == Dynamic:
		return d0, true
	case d0 == 1:
		return d1, true
	case d1 == Dynamic || d1 == 1:
		return d0, true
	case d0 == d1:
		return d0, true
	}
	return 0, false
}

// ExpandRank prepends 1s to reach rank.
func ExpandRank(shape []int64, rank int) []int64 {
	out := make([]int64, rank)
	pad := rank - len(shape)
	for i := range out {
		if i < pad {
			out[i] = 1
		} else {
			out[i] = shape[i-pad]
		}
	}
	return out
}

// Operand is one input to shape inference: its shape, or Ranked=false for
// an unranked operand (which inference skips).
type Operand struct {
	Shape  []int64
	Ranked bool
}

// InferShape implements the trait's InferResultShape: unranked operands
// are discarded, ranks are aligned on the right, and dims are combined
// pairwise with InferDim from the first ranked operand on. ok is false when
// no operand is ranked. A conflict names the two operands involved.
func InferShape(ops []Operand) (shape []int64, ok bool, conflict *Conflict) {
	shape, _, ok, conflict = Infer(ops, Spec{Policy: Numpy})
	return shape, ok, conflict
}

// ResultMismatch explains why a declared result shape does not fit the
// inferred shape.
type ResultMismatch struct {
	RankMismatch     bool
	InferredRank     int
	ActualRank       int
	Dim              int
	Inferred, Actual int64
}

func (m *ResultMismatch) Error() string {
	if m.RankMismatch {
		return fmt.Sprintf("result rank %d does not match the inferred rank %d of the broadcast operands", m.ActualRank, m.InferredRank)
	}
	return fmt.Sprintf("result dim %d is %s but the operands broadcast to %s there", m.Dim, dimString(m.Actual), dimString(m.Inferred))
}

// CheckResult is the trait's Verify step after inference: ranks must match
// and a static result dim must equal the inferred dim. (The trait's table
// calls an inferred `?` against a static result OK; its formal definition
// and examples call it an error, and docs/SPEC.md §4 follows them.)
func CheckResult(inferred, actual []int64) *ResultMismatch {
	if len(inferred) != len(actual) {
		return &ResultMismatch{RankMismatch: true, InferredRank: len(inferred), ActualRank: len(actual)}
	}
	for i := range actual {
		if actual[i] != Dynamic && inferred[i] != actual[i] {
			return &ResultMismatch{Dim: i, Inferred: inferred[i], Actual: actual[i]}
		}
	}
	return nil
}
