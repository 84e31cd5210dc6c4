package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.optimization_barrier forwards its operands; hlo.bitcast_convert
// reads the operand's bytes (little-endian, as the .npy and C data are)
// as the result's element type.

func hloOptimizationBarrier(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	return append([]value(nil), in...), nil
}

func hloBitcastConvert(e *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	elem := resultElem(op, 0)
	wi, wo := int64(ir.ElementByteSize(x.elem)), int64(ir.ElementByteSize(elem))
	shape := append([]int64{}, x.shape...)
	switch {
	case wi > wo:
		shape = append(shape, wi/wo)
	case wi < wo:
		if x.Rank() == 0 || shape[len(shape)-1] != wo/wi {
			return nil, op.Emit("at run time: the operand's last dim must have %d elements to make one of '%s'", wo/wi, elem)
		}
		shape = shape[:len(shape)-1]
	}
	t, err := FromBytes(elem, shape, x.Bytes())
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	return one(t), nil
}

func init() {
	registerOps(hloOptimizationBarrier, hlo.OptimizationBarrierOp)
	registerOps(hloBitcastConvert, hlo.BitcastConvertOp)
}
