// Package math declares the unary and binary float ops of MLIR's math
// dialect that linalg bodies use (`math.exp %x : f32`), with MLIR's syntax
// and fast-math flags. Importing the package registers them.
package math

import (
	gomath "math"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/ir"
)

// UnaryOps maps each unary math op to its scalar function (used by
// folders and the reference interpreter).
var UnaryOps = map[string]func(float64) float64{
	"exp":   gomath.Exp,
	"expm1": gomath.Expm1,
	"log":   gomath.Log,
	"log1p": gomath.Log1p,
	"sqrt":  gomath.Sqrt,
	"rsqrt": func(x float64) float64 { return 1 / gomath.Sqrt(x) },
	"cbrt":  gomath.Cbrt,
	"tanh":  gomath.Tanh,
	"absf":  gomath.Abs,
	"floor": gomath.Floor,
	"ceil":  gomath.Ceil,
	"roundeven": func(x float64) float64 {
		return gomath.RoundToEven(x)
	},
	"sin": gomath.Sin,
	"cos": gomath.Cos,
}

// BinaryOps maps each binary math op to its scalar function.
var BinaryOps = map[string]func(float64, float64) float64{
	"powf":  gomath.Pow,
	"atan2": gomath.Atan2,
}

var noFastmath = &ir.OpaqueAttr{Text: "arith.fastmath<none>"}

func def(name string, n int, f1 func(float64) float64, f2 func(float64, float64) float64) *ir.OpDef {
	return &ir.OpDef{
		Name:          "math." + name,
		Summary:       "elementwise math." + name,
		Doc:           "%r = math." + name + " %x : f32",
		Traits:        ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
		Operands:      n,
		Results:       1,
		InherentAttrs: []string{"fastmath"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			loc := p.Loc()
			refs := p.ParseOperandList()
			flag := ir.Attribute(noFastmath)
			if p.AcceptKeyword("fastmath") {
				flag = &ir.OpaqueAttr{Text: "arith.fastmath" + p.ParseAngleBody()}
			}
			st.AddAttr("fastmath", flag)
			p.ParseOptionalAttrDict(&st.Attrs)
			t := p.ParseColonType()
			ts := make([]ir.Type, len(refs))
			for i := range ts {
				ts[i] = t
			}
			st.Operands = p.ResolveAll(refs, ts, loc)
			st.ResultTypes = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.Operands(op.Operands())
			if f, ok := op.Attr("fastmath").(*ir.OpaqueAttr); ok && f.Text != noFastmath.Text {
				p.Write(" " + f.Text[len("arith."):])
			}
			p.OptionalAttrDict("fastmath")
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if !ir.IsFloat(ir.ElementTypeOf(op.Result(0).Type())) {
				return op.Emit("operand #0 must be floating-point-like, but got '%s'", op.Result(0).Type())
			}
			return nil
		},
		Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			for _, x := range c {
				if x == nil {
					return nil
				}
			}
			var a ir.Attribute
			if n == 1 {
				a = arith.ElementwiseFold2(c[0], c[0], op.Result(0).Type(), func(x, _ float64) float64 { return f1(x) }, nil)
			} else {
				a = arith.ElementwiseFold2(c[0], c[1], op.Result(0).Type(), f2, nil)
			}
			if a == nil {
				return nil
			}
			return []ir.FoldResult{{Attr: a}}
		},
	}
}

func init() {
	for name, f := range UnaryOps {
		ir.Register(def(name, 1, f, nil))
	}
	for name, f := range BinaryOps {
		ir.Register(def(name, 2, nil, f))
	}
}
