package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hloPad fills the result with the padding value and puts operand element
// j at index low + j (interior + 1) in each dim, where that is inside the
// result (negative low or high padding crops).
func hloPad(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x, pv := ts[0], ts[1]
	low, high, interior := hlo.PadAmounts(op)
	if len(low) != x.Rank() || len(high) != x.Rank() || len(interior) != x.Rank() || pv.Len() != 1 {
		return nil, op.Emit("needs low, high and interior padding per operand dim and a 0-d padding value")
	}
	shape := make([]int64, x.Rank())
	for d, n := range x.shape {
		if shape[d] = hlo.PaddedSize(n, low[d], high[d], interior[d]); shape[d] < 0 {
			return nil, op.Emit("at run time: dim %d would have %d elements", d, shape[d])
		}
	}
	k, _ := kindOf(x.elem)
	out := newTensor(x.elem, k, shape)
	for i := range out.Len() {
		out.copyElem(i, pv, 0)
	}
	outStrides := rowMajorStrides(shape)
	idx := make([]int64, x.Rank())
	for j := range x.Len() {
		// idx: the multi-index of operand element j.
		rem := int64(j)
		for d := x.Rank() - 1; d >= 0; d-- {
			if x.shape[d] > 0 {
				idx[d] = rem % x.shape[d]
				rem /= x.shape[d]
			}
		}
		o, inside := 0, true
		for d, jd := range idx {
			i := low[d] + jd*(interior[d]+1)
			if i < 0 || i >= shape[d] {
				inside = false
				break
			}
			o += int(i) * outStrides[d]
		}
		if !inside {
			continue
		}
		out.copyElem(o, x, j)
	}
	return one(out), nil
}

func init() { registerOps(hloPad, hlo.PadOp) }
