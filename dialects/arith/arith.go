package arith

import (
	"math"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Kind says which element types an arith op takes.
type Kind int

// Operand kinds.
const (
	FloatOp Kind = iota
	IntOp
)

// BinaryOp describes a two-operand arith op `%r = arith.NAME %a, %b : T`.
type BinaryOp struct {
	Name        string
	Kind        Kind
	Commutative bool
	// F and I compute the scalar result for constant folding (nil: no folding).
	F func(a, b float64) float64
	I func(a, b int64, t *ir.IntegerType) (int64, bool)
}

func umax(t *ir.IntegerType) uint64 {
	if t.Width >= 64 {
		return math.MaxUint64
	}
	return 1<<t.Width - 1
}

func toUnsigned(v int64, t *ir.IntegerType) uint64 { return uint64(v) & umax(t) }

// BinaryOps lists the binary arith ops.
var BinaryOps = []BinaryOp{
	{Name: "addf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 { return a + b }},
	{Name: "subf", Kind: FloatOp, F: func(a, b float64) float64 { return a - b }},
	{Name: "mulf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 { return a * b }},
	{Name: "divf", Kind: FloatOp, F: func(a, b float64) float64 { return a / b }},
	{Name: "remf", Kind: FloatOp, F: math.Mod},
	{Name: "maximumf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Max(a, b)
	}},
	{Name: "minimumf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Min(a, b)
	}},
	{Name: "maxnumf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 {
		if math.IsNaN(a) {
			return b
		}
		if math.IsNaN(b) {
			return a
		}
		return math.Max(a, b)
	}},
	{Name: "minnumf", Kind: FloatOp, Commutative: true, F: func(a, b float64) float64 {
		if math.IsNaN(a) {
			return b
		}
		if math.IsNaN(b) {
			return a
		}
		return math.Min(a, b)
	}},
	{Name: "addi", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a + b, true }},
	{Name: "subi", Kind: IntOp, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a - b, true }},
	{Name: "muli", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a * b, true }},
	{Name: "divsi", Kind: IntOp, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) {
		if b == 0 || (b == -1 && a == math.MinInt64) {
			return 0, false
		}
		return a / b, true
	}},
	{Name: "divui", Kind: IntOp, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if toUnsigned(b, t) == 0 {
			return 0, false
		}
		return int64(toUnsigned(a, t) / toUnsigned(b, t)), true
	}},
	{Name: "ceildivsi", Kind: IntOp, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) {
		if b == 0 || (b == -1 && a == math.MinInt64) {
			return 0, false
		}
		q := a / b
		if (a%b != 0) && ((a < 0) == (b < 0)) {
			q++
		}
		return q, true
	}},
	{Name: "floordivsi", Kind: IntOp, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) {
		if b == 0 || (b == -1 && a == math.MinInt64) {
			return 0, false
		}
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		return q, true
	}},
	{Name: "remsi", Kind: IntOp, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) {
		if b == 0 {
			return 0, false
		}
		if b == -1 {
			return 0, true
		}
		return a % b, true
	}},
	{Name: "remui", Kind: IntOp, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if toUnsigned(b, t) == 0 {
			return 0, false
		}
		return int64(toUnsigned(a, t) % toUnsigned(b, t)), true
	}},
	{Name: "andi", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a & b, true }},
	{Name: "ori", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a | b, true }},
	{Name: "xori", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return a ^ b, true }},
	{Name: "shli", Kind: IntOp, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if uint64(b) >= uint64(t.Width) {
			return 0, false
		}
		return a << uint(b), true
	}},
	{Name: "shrsi", Kind: IntOp, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if uint64(b) >= uint64(t.Width) {
			return 0, false
		}
		return a >> uint(b), true
	}},
	{Name: "shrui", Kind: IntOp, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if uint64(b) >= uint64(t.Width) {
			return 0, false
		}
		return int64(toUnsigned(a, t) >> uint(b)), true
	}},
	{Name: "maxsi", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return max(a, b), true }},
	{Name: "minsi", Kind: IntOp, Commutative: true, I: func(a, b int64, _ *ir.IntegerType) (int64, bool) { return min(a, b), true }},
	{Name: "maxui", Kind: IntOp, Commutative: true, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if toUnsigned(a, t) > toUnsigned(b, t) {
			return a, true
		}
		return b, true
	}},
	{Name: "minui", Kind: IntOp, Commutative: true, I: func(a, b int64, t *ir.IntegerType) (int64, bool) {
		if toUnsigned(a, t) < toUnsigned(b, t) {
			return a, true
		}
		return b, true
	}},
}

// binaryDefs are the binary ops' definitions by name, built from
// BinaryOps (and registered by init).
var binaryDefs = func() map[string]*ir.OpDef {
	defs := make(map[string]*ir.OpDef, len(BinaryOps))
	for _, b := range BinaryOps {
		defs[b.Name] = binaryDef(b)
	}
	return defs
}()

// Def returns the op's definition.
func (b BinaryOp) Def() *ir.OpDef { return binaryDefs[b.Name] }

// The binary ops' definitions, by MLIR's names for them (arith::AddFOp is
// AddF): conversions and builders refer to an op by its definition.
var (
	AddF       = binaryDefs["addf"]
	SubF       = binaryDefs["subf"]
	MulF       = binaryDefs["mulf"]
	DivF       = binaryDefs["divf"]
	RemF       = binaryDefs["remf"]
	MaximumF   = binaryDefs["maximumf"]
	MinimumF   = binaryDefs["minimumf"]
	MaxNumF    = binaryDefs["maxnumf"]
	MinNumF    = binaryDefs["minnumf"]
	AddI       = binaryDefs["addi"]
	SubI       = binaryDefs["subi"]
	MulI       = binaryDefs["muli"]
	DivSI      = binaryDefs["divsi"]
	DivUI      = binaryDefs["divui"]
	CeilDivSI  = binaryDefs["ceildivsi"]
	FloorDivSI = binaryDefs["floordivsi"]
	RemSI      = binaryDefs["remsi"]
	RemUI      = binaryDefs["remui"]
	AndI       = binaryDefs["andi"]
	OrI        = binaryDefs["ori"]
	XOrI       = binaryDefs["xori"]
	ShLI       = binaryDefs["shli"]
	ShRSI      = binaryDefs["shrsi"]
	ShRUI      = binaryDefs["shrui"]
	MaxSI      = binaryDefs["maxsi"]
	MinSI      = binaryDefs["minsi"]
	MaxUI      = binaryDefs["maxui"]
	MinUI      = binaryDefs["minui"]
)

// noFlags holds the shared default (`<none>`) flag attributes; attributes
// are immutable, so every op can point at the same one.
var noFlags = map[string]*ir.OpaqueAttr{
	"fastmath": {Text: "arith.fastmath<none>"},
	"overflow": {Text: "arith.overflow<none>"},
}

// elemOK reports whether t (scalar, tensor or vector) has an element type of kind k.
func elemOK(t ir.Type, k Kind) bool {
	et := ir.ElementTypeOf(t)
	if k == FloatOp {
		return ir.IsFloat(et)
	}
	return isSignlessIntOrIndex(et)
}

// isSignlessIntOrIndex reports whether t is `index` or a signless integer
// (arith does not take si/ui types).
func isSignlessIntOrIndex(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Sign == ir.Signless
	}
	return t == ir.Index
}

func kindName(k Kind) string {
	if k == FloatOp {
		return "floating-point"
	}
	return "signless-integer-like"
}

func binaryDef(b BinaryOp) *ir.OpDef {
	traits := ir.Pure | ir.SameOperandsAndResultType | ir.Elementwise
	if b.Commutative {
		traits |= ir.Commutative
	}
	// Float ops carry fast-math flags; addi, subi, muli and shli carry
	// integer overflow flags; both default to `none`, which MLIR's
	// generic form prints.
	flagAttr, flagKw := "fastmath", "fastmath"
	if b.Kind == IntOp {
		flagAttr, flagKw = "overflowFlags", "overflow"
		switch b.Name {
		case "addi", "subi", "muli", "shli":
		default:
			flagAttr, flagKw = "", ""
		}
	}
	var inherent []string
	if flagAttr != "" {
		inherent = []string{flagAttr}
	}
	flagPrefix := "arith." + flagKw
	noneText := flagPrefix + "<none>"
	noFlag := noFlags[flagKw]
	d := &ir.OpDef{
		Name:          "arith." + b.Name,
		Summary:       "arith." + b.Name + " elementwise binary operation",
		Doc:           "%r = arith." + b.Name + " %a, %b : f32",
		Traits:        traits,
		Operands:      2,
		Results:       1,
		Regions:       0,
		InherentAttrs: inherent,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			a := p.ParseOperand()
			p.Parse(",")
			c := p.ParseOperand()
			if flagKw != "" {
				flag := noFlag
				if p.AcceptKeyword(flagKw) {
					flag = p.ParseOpaqueAngleAttr(flagPrefix)
				}
				st.AddAttr(flagAttr, flag)
			}
			p.ParseOptionalAttrDict(&st.Attrs)
			t := p.ParseColonType()
			st.Operands = append(st.Operands, p.Resolve(a, t), p.Resolve(c, t))
			st.ResultTypes = append(st.ResultTypes, t)
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.Write(" ")
			p.OpOperands()
			if f, ok := op.Attr(flagAttr).(*ir.OpaqueAttr); ok && flagAttr != "" && f.Text != noneText {
				p.Write(" ")
				p.Write(f.Text[len("arith."):])
			}
			p.OptionalAttrDict(flagAttr)
			p.Write(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if !elemOK(op.Result(0).Type(), b.Kind) {
				return op.Emit("operand #0 must be %s scalar, vector or tensor, but got '%s'", kindName(b.Kind), op.Result(0).Type())
			}
			return nil
		},
	}
	d.Fold = func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		return foldBinary(b, op, c)
	}
	return d
}

// foldBinary folds constant operands (scalars or dense tensors) and a few
// identities (x+0, x*1, x-0, x/1 for integers).
func foldBinary(b BinaryOp, op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	t := op.Result(0).Type()
	if c[0] != nil && c[1] != nil {
		if a := ElementwiseFold2(c[0], c[1], t, b.F, b.I); a != nil {
			return []ir.FoldResult{{Attr: a}}
		}
		return nil
	}
	if c[1] == nil || b.Kind != IntOp {
		return nil
	}
	v, ok := SplatInt(c[1])
	if !ok {
		return nil
	}
	switch {
	case v == 0 && (b.Name == "addi" || b.Name == "subi" || b.Name == "ori" || b.Name == "xori" || b.Name == "shli" || b.Name == "shrsi" || b.Name == "shrui"):
		return []ir.FoldResult{{Value: op.Operand(0)}}
	case v == 1 && (b.Name == "muli" || b.Name == "divsi" || b.Name == "divui"):
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

// SplatInt returns the value of an integer scalar or splat constant.
func SplatInt(a ir.Attribute) (int64, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Value, true
	case *ir.DenseElementsAttr:
		if ir.IsIntOrIndex(a.Type.ElementType()) && a.IsSplatValue() && a.NumElements() > 0 {
			return a.IntAt(0), true
		}
	}
	return 0, false
}

// maxFoldElements bounds constant folding of dense tensors.
const maxFoldElements = 1 << 16

// ElementwiseFold2 applies f (floats) or fi (integers) to two constants of
// result type t: scalars, or dense tensors of t's shape. It returns nil
// when the operation cannot be folded (e.g. division by zero).
func ElementwiseFold2(a, b ir.Attribute, t ir.Type, f func(x, y float64) float64, fi func(x, y int64, t *ir.IntegerType) (int64, bool)) ir.Attribute {
	et := ir.ElementTypeOf(t)
	st, shaped := t.(ir.ShapedType)
	n := int64(1)
	if shaped {
		if !st.HasRank() || !ir.IsStaticShape(st.Shape()) {
			return nil
		}
		n = ir.NumElements(st.Shape())
		if n > maxFoldElements {
			return nil
		}
	}
	fa, ia, okA := scalarsOf(a, n)
	fb, ib, okB := scalarsOf(b, n)
	if !okA || !okB {
		return nil
	}
	switch et := et.(type) {
	case *ir.FloatType:
		if f == nil || fa == nil || fb == nil {
			return nil
		}
		out := make([]float64, n)
		for i := range out {
			out[i] = ir.RoundToFloatType(f(fa[i], fb[i]), et.Kind)
		}
		if !shaped {
			return &ir.FloatAttr{Type: et, Value: out[0]}
		}
		return ir.NewDenseFloats(st, out)
	default:
		it, _ := et.(*ir.IntegerType)
		if it == nil {
			it = ir.I64 // index folds as 64-bit
		}
		if fi == nil || ia == nil || ib == nil {
			return nil
		}
		out := make([]int64, n)
		for i := range out {
			v, ok := fi(ia[i], ib[i], it)
			if !ok {
				return nil
			}
			out[i] = ir.TruncateInt(v, et)
		}
		if !shaped {
			if it.Width == 1 && et != ir.Index {
				return &ir.BoolAttr{Value: out[0] != 0}
			}
			return &ir.IntegerAttr{Type: et, Value: out[0]}
		}
		return ir.NewDenseInts(st, out)
	}
}

// scalarsOf expands a constant to n values (floats or ints).
func scalarsOf(a ir.Attribute, n int64) ([]float64, []int64, bool) {
	switch a := a.(type) {
	case *ir.FloatAttr:
		return []float64{a.Value}, nil, n == 1
	case *ir.IntegerAttr:
		return nil, []int64{a.Value}, n == 1
	case *ir.BoolAttr:
		v := int64(0)
		if a.Value {
			v = 1
		}
		return nil, []int64{v}, n == 1
	case *ir.DenseElementsAttr:
		if a.NumElements() != n {
			return nil, nil, false
		}
		if ir.IsFloat(a.Type.ElementType()) {
			fs := make([]float64, n)
			for i := range fs {
				fs[i] = a.FloatAt(int64(i))
			}
			return fs, nil, true
		}
		is := make([]int64, n)
		for i := range is {
			is[i] = a.IntAt(int64(i))
		}
		return nil, is, true
	}
	return nil, nil, false
}
