package transforms

import (
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

// witnessPassing is the witnesses' `passing` attribute, shared (attributes are
// immutable).
var witnessPassing = &ir.BoolAttr{Value: true}

func runConvertShapeConstraints(root *ir.Operation, _ ir.PassOptions) error {
	var cstrs []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		switch o.Name() {
		case "shape.cstr_broadcastable", "shape.cstr_eq", "shape.cstr_require":
			cstrs = append(cstrs, o)
		}
		return true
	})
	b := ir.NewBuilder()
	for _, c := range cstrs {
		b.SetInsertionPoint(c)
		b.Loc = c.Loc
		var ok *ir.Value
		var msg string
		switch c.Name() {
		case "shape.cstr_broadcastable":
			ok = b.Create(&ir.OpState{Name: "shape.is_broadcastable", Operands: c.Operands(), ResultTypes: []ir.Type{ir.I1}, Loc: c.Loc}).Result(0)
			msg = c.Loc.String() + ": operand shapes are not broadcast compatible"
		case "shape.cstr_eq":
			ok = b.Create(&ir.OpState{Name: "shape.shape_eq", Operands: c.Operands(), ResultTypes: []ir.Type{ir.I1}, Loc: c.Loc}).Result(0)
			msg = c.Loc.String() + ": operand shapes differ"
		default:
			ok = c.Operand(0)
			if s, isStr := c.Attr("msg").(*ir.StringAttr); isStr {
				msg = s.Value
			}
		}
		cf.NewAssert(b, ok, msg)
		st := &ir.OpState{Name: "shape.const_witness", ResultTypes: []ir.Type{c.Result(0).Type()}, Loc: c.Loc}
		st.AddAttr("passing", witnessPassing)
		w := b.Create(st).Result(0)
		c.Result(0).ReplaceAllUsesWith(w)
		c.Erase()
	}
	return nil
}
