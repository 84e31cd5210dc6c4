package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.constant becomes arith.constant of the same dense attribute (a
// constant feeding a shape computation is scalarized with it instead,
// shape_computations.go).

func init() {
	registerConversions(map[*ir.OpDef]conversion{hlo.Constant: convertConstant})
}

// A constant of signed or unsigned integers (arith.constant takes only
// signless ones) is the signless constant of the same bytes, viewed with
// tensor.bitcast as the elementwise ops view their operands.
func convertConstant(_ *lowering, op *ir.Operation) error {
	b := ir.Before(op)
	v := op.Attr("value")
	if d, ok := v.(*ir.DenseElementsAttr); ok {
		if rt, ok := d.Type.(*ir.RankedTensorType); ok && signlessType(rt) != rt {
			c := arith.NewConstant(b, &ir.DenseElementsAttr{Type: signlessType(rt), Splat: d.Splat, Raw: d.Raw})
			return replace(op, bitcastTensor(b, c.Result(0), rt))
		}
	}
	return replace(op, arith.NewConstant(b, v).Result(0))
}
