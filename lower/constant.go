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

func convertConstant(_ *lowering, op *ir.Operation) error {
	c := arith.NewConstant(ir.Before(op), op.Attr("value"))
	return replace(op, c.Result(0))
}
