package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.dynamic_iota and hlo.real_dynamic_slice: iota and slice whose
// sizes, start and limit indices and strides are operand values.

// hloDynamicIota counts along iota_dimension in a tensor of the shape its
// operand holds.
func hloDynamicIota(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	shape, err := shapeOperand(op, 0, ts[0])
	if err != nil {
		return nil, err
	}
	dim, _ := hlo.IntAttr(op.Attr("iota_dimension"))
	if dim < 0 || int(dim) >= len(shape) {
		return nil, op.Emit("iota_dimension %d is out of range for the run-time shape %s", dim, ir.FormatShape(shape))
	}
	return iota(op, shape, int(dim))
}

// hloRealDynamicSlice is hlo.slice with the start indices, limit indices
// and strides of operands #1-#3; a slice outside the operand (or a stride
// that is not positive) is an error.
func hloRealDynamicSlice(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	r := x.Rank()
	for i, t := range ts[1:] {
		if t.IsFloat() || t.Rank() != 1 || t.Len() != r {
			return nil, op.Emit("operand #%d must be a 1-D integer tensor of %d elements, but is %s", i+1, r, t.Type())
		}
	}
	starts, limits, steps := ts[1].i, ts[2].i, ts[3].i
	own := rowMajorStrides(x.shape)
	shape, strides, base := make([]int64, r), make([]int, r), 0
	for d := 0; d < r; d++ {
		if steps[d] <= 0 || starts[d] < 0 || limits[d] < starts[d] || limits[d] > x.shape[d] {
			return nil, op.Emit("slice %d:%d:%d of dim %d is out of bounds for run-time size %d", starts[d], limits[d], steps[d], d, x.shape[d])
		}
		shape[d] = ceilDiv(limits[d]-starts[d], steps[d])
		strides[d] = own[d] * int(steps[d])
		base += own[d] * int(starts[d])
	}
	if numElements(shape) == 0 {
		base = 0
	}
	return one(gather(x, shape, base, strides)), nil
}

// ceilDiv is ceil(n / d) for n >= 0 and d > 0, without the overflow of
// (n + d - 1) / d for a large d.
func ceilDiv(n, d int64) int64 {
	if n == 0 {
		return 0
	}
	return (n-1)/d + 1
}

func init() {
	registerOps(hloDynamicIota, hlo.DynamicIota)
	registerOps(hloRealDynamicSlice, hlo.RealDynamicSlice)
}
