package passes

import (
	"fmt"

	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/ir"
)

// ConvertShapeConstraints is MLIR's `convert-shape-constraints`: every
// shape constraint becomes a computed i1 and a `cf.assert`, and its witness
// a passing `shape.const_witness true`, so that canonicalization inlines
// the `shape.assuming` regions. The checks stay (and become error returns
// in generated code), but the regions no longer wall off the kernels from
// fusion.
var ConvertShapeConstraints = &ir.PassInfo{
	Name:    "convert-shape-constraints",
	Title:   "ConvertShapeConstraints",
	Summary: "Turn shape constraints into cf.assert checks so shape.assuming regions can be inlined",
	Run:     runConvertShapeConstraints,
}

func init() { ir.RegisterPass(ConvertShapeConstraints) }

func runConvertShapeConstraints(root *ir.Operation, _ ir.PassOptions) error {
	var cstrs []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		switch o.Name() {
		case "shape.cstr_broadcastable", "shape.cstr_eq", "shape.cstr_require":
			cstrs = append(cstrs, o)
		}
		return true
	})
	for _, c := range cstrs {
		b := ir.Before(c)
		var ok *ir.Value
		var msg string
		where := c.Loc.String()
		switch c.Name() {
		case "shape.cstr_broadcastable":
			ok = b.Create(&ir.OpState{Name: "shape.is_broadcastable", Operands: c.Operands(), ResultTypes: []ir.Type{ir.I1}, Loc: c.Loc}).Result(0)
			msg = fmt.Sprintf("%s: operand shapes are not broadcast compatible", where)
		case "shape.cstr_eq":
			ok = b.Create(&ir.OpState{Name: "shape.shape_eq", Operands: c.Operands(), ResultTypes: []ir.Type{ir.I1}, Loc: c.Loc}).Result(0)
			msg = fmt.Sprintf("%s: operand shapes differ", where)
		default:
			ok = c.Operand(0)
			if s, isStr := c.Attr("msg").(*ir.StringAttr); isStr {
				msg = s.Value
			}
		}
		cf.NewAssert(b, ok, msg)
		st := &ir.OpState{Name: "shape.const_witness", ResultTypes: []ir.Type{c.Result(0).Type()}, Loc: c.Loc}
		st.AddAttr("passing", &ir.BoolAttr{Value: true})
		w := b.Create(st).Result(0)
		c.Result(0).ReplaceAllUsesWith(w)
		c.Erase()
	}
	return nil
}
