package shape

import "github.com/bcast-opt/bcast-opt/ir"

// predicateDef declares a shape predicate giving i1:
//
//	%ok = shape.is_broadcastable %a, %b : tensor<2xindex>, tensor<1xindex>
func predicateDef(name, summary string) *ir.OpDef {
	return &ir.OpDef{
		Name:     "shape." + name,
		Summary:  summary,
		Doc:      "%ok = shape." + name + " %a, %b : tensor<2xindex>, tensor<1xindex>",
		Traits:   ir.Pure | ir.Commutative,
		Operands: ir.Variadic,
		Results:  1,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			parseShapesAndTypes(p, st)
			st.ResultTypes = []ir.Type{ir.I1}
			return nil
		},
		Print: printShapesAndTypes,
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() == 0 {
				return op.Emit("requires at least one shape")
			}
			for i, t := range op.OperandTypes() {
				if _, err := checkExtentTensor(op, i, t); err != nil {
					return err
				}
			}
			if op.Result(0).Type() != ir.I1 {
				return op.Emit("result must be i1, but got '%s'", op.Result(0).Type())
			}
			return nil
		},
	}
}

// IsBroadcastable is `shape.is_broadcastable`: whether the shapes
// broadcast by the numpy rules.
var IsBroadcastable = predicateDef("is_broadcastable", "whether shapes are broadcast compatible")

// ShapeEq is `shape.shape_eq`: whether the shapes are equal.
var ShapeEq = predicateDef("shape_eq", "whether shapes are equal")

func init() { ir.Register(IsBroadcastable, ShapeEq) }
