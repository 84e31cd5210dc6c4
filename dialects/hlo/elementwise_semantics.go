package hlo

import (
	"math/bits"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The element semantics of the elementwise ops, written once: each op is
// one entry (elementwise_ops.go) holding its definition, the element types
// it takes, what one element of its result is (its evaluation functions,
// per element kind), and how lower/ computes that element in arith and
// math (its scalar lowering, naming those ops by their definitions). The
// op's constant folder (fold.go), the reference interpreter (interp) and
// hlo-legalize-to-linalg (lower) all read the entry, so they cannot
// disagree. MLIR keeps the last part beside its dialect too
// (mhlo/transforms/map_mhlo_to_scalar_op.h).
//
// Categories: BinaryOps and UnaryOps are tables (BinaryOp, UnaryOp);
// compare, select, clamp, convert and reduce_precision are one op each,
// whose element functions depend on attributes or mix element types, so
// they are functions (CompareFloats, CompareInts, SelectElem, ClampFloat,
// ClampInt, ConvertElem, ReducePrecisionElem) beside their Elementwise
// entries.
//
// Semantics are StableHLO's, with XLA's choices where StableHLO leaves
// the result implementation-defined (element_functions.go): integers
// wrap; signless and signed integers are signed, ui types unsigned; i1 is
// a boolean on which add is or and multiply is and.

// Elementwise is what every elementwise op's entry has: its definition,
// the element types its operands take, and its scalar lowering.
type Elementwise struct {
	Def   *ir.OpDef
	Class ElemClass
	Lower ScalarLowering
}

// IntKind is an integer element type as the element functions see it.
// Values are int64s normalized to the kind: sign-extended from Width bits
// when signed, zero-extended when unsigned (so a ui64 of 2^63 or more is
// a negative int64), as ir's dense attributes and the interpreter's
// tensors hold them.
type IntKind struct {
	Width    int  // 1 to 64; index is 64
	Unsigned bool // ui types and i1
}

// IntKindOf returns the kind of an integer or index element type.
func IntKindOf(t ir.Type) IntKind {
	if it, ok := t.(*ir.IntegerType); ok {
		return IntKind{Width: it.Width, Unsigned: it.Sign == ir.Unsigned || it.Width == 1}
	}
	return IntKind{Width: 64}
}

// IsBool reports whether k is i1.
func (k IntKind) IsBool() bool { return k.Width == 1 }

// Mask returns the low Width bits of v, as an unsigned number.
func (k IntKind) Mask(v int64) uint64 {
	if k.Width >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<uint(k.Width) - 1)
}

// Wrap normalizes v to k (two's complement wrap-around).
func (k IntKind) Wrap(v int64) int64 {
	switch {
	case k.Width >= 64:
		return v
	case k.Unsigned:
		return int64(k.Mask(v))
	}
	s := uint(64 - k.Width)
	return v << s >> s
}

// MinInt is the most negative value of a signed kind.
func (k IntKind) MinInt() int64 { return -1 << uint(k.Width-1) }

// ElemKind is an element type as the element functions see it: a float
// format (values computed in float64 and rounded to it), or an integer
// kind.
type ElemKind struct {
	Float  bool
	Format ir.FloatKind // when Float
	Int    IntKind      // otherwise
}

// ElemKindOf returns the kind of a float, integer or index element type;
// ok is false for other types and integers wider than 64 bits.
func ElemKindOf(t ir.Type) (k ElemKind, ok bool) {
	switch t := t.(type) {
	case *ir.FloatType:
		return ElemKind{Float: true, Format: t.Kind}, true
	case *ir.IntegerType:
		return ElemKind{Int: IntKindOf(t)}, t.Width >= 1 && t.Width <= 64
	case *ir.IndexType:
		return ElemKind{Int: IntKindOf(t)}, true
	}
	return ElemKind{}, false
}

// Round rounds v to k's float format.
func (k ElemKind) Round(v float64) float64 {
	switch k.Format {
	case ir.F64:
		return v
	case ir.F32:
		return float64(float32(v))
	}
	return ir.RoundToFloatType(v, k.Format)
}

// RoundInt rounds the integer v (its 64 bits read as unsigned if
// unsigned) to k's float format, once: f64 and f32 by Go's conversions
// (correctly rounded), f16 and bf16 from v rounded to odd at 53 bits,
// exact in a float64, so that the one rounding to the format is right
// (float64(v) first would round twice for |v| > 2^53).
func (k ElemKind) RoundInt(v int64, unsigned bool) float64 {
	switch {
	case k.Format == ir.F64 && unsigned:
		return float64(uint64(v))
	case k.Format == ir.F64:
		return float64(v)
	case k.Format == ir.F32 && unsigned:
		return float64(float32(uint64(v)))
	case k.Format == ir.F32:
		return float64(float32(v))
	}
	neg := !unsigned && v < 0
	m := uint64(v)
	if neg {
		m = -m
	}
	if n := bits.Len64(m); n > 53 {
		sh := uint(n - 53)
		kept := m >> sh << sh
		if kept != m {
			kept |= 1 << sh // inexact: the last kept bit set (round to odd)
		}
		m = kept
	}
	f := float64(m)
	if neg {
		f = -f
	}
	return k.Round(f)
}

// BinaryOp is one implicitly broadcasting binary op (`hlo.add`, also
// spelled `chlo.broadcast_add` and `stablehlo.add`).
type BinaryOp struct {
	Name        string // the op is hlo.<Name>
	Class       ElemClass
	Commutative bool
	// ComplexUndefined, if set, is why the op takes no complex elements
	// although StableHLO's list of its operand types has them: the
	// verifier's message for a complex operand.
	ComplexUndefined string
	Eval             BinaryEval
	Lower            ScalarLowering
	Def              *ir.OpDef // built from the fields above by declareBinary
}

// BinaryEval is a binary op's element function per element kind (nil:
// the op does not take that kind). Floats compute in float64 (the caller
// rounds to the element type); integers take and give values normalized
// to k (the caller wraps the result). Bool is the function on i1.
type BinaryEval struct {
	Float func(a, b float64) float64
	// FloatOf, if set instead of Float, gives the function on floats of
	// format k, for an op whose result depends on the format and not
	// only on the value (next_after steps to the format's neighbour).
	FloatOf                func(k ir.FloatKind) func(a, b float64) float64
	Signed, Unsigned, Bool func(a, b int64, k IntKind) int64
	// Complex is the function on complex elements (Class WithComplex),
	// computed in complex128; the caller rounds each part to the element's
	// part type (complex_functions.go).
	Complex func(a, b complex128) complex128
	// Folds, if set, reports whether a constant folder may fold integer
	// operands a and b. Integer division and remainder by zero, 64-bit
	// INT_MIN / -1 and a negative integer power are left to run time: the
	// lowering's arith.divsi / remsi have no defined result there, so
	// folding XLA's would make a program's answer depend on whether its
	// operands were constants.
	Folds func(a, b int64, k IntKind) bool
}

// FloatFn returns the function on floats of format k: FloatOf's when
// set, else Float (nil: not defined on floats).
func (e BinaryEval) FloatFn(k ir.FloatKind) func(a, b float64) float64 {
	if e.FloatOf != nil {
		return e.FloatOf(k)
	}
	return e.Float
}

// Int returns the function on integers of kind k: Bool's for i1,
// Unsigned's for ui types, Signed's otherwise (nil: not defined on k).
func (e BinaryEval) Int(k IntKind) func(a, b int64, k IntKind) int64 {
	return byIntKind(k, e.Signed, e.Unsigned, e.Bool)
}

// byIntKind picks what an element kind's integers take, the one rule for
// the element functions and the scalar lowerings alike: boolean for i1,
// unsigned for ui types, signed for the others (signless, si, index).
func byIntKind[T any](k IntKind, signed, unsigned, boolean T) T {
	switch {
	case k.IsBool():
		return boolean
	case k.Unsigned:
		return unsigned
	}
	return signed
}

// UnaryOp is one elementwise unary op (no broadcasting).
type UnaryOp struct {
	Name  string // the op is hlo.<Name>
	Class ElemClass
	Eval  UnaryEval
	Lower ScalarLowering
	Def   *ir.OpDef // built from the fields above by declareUnary
}

// UnaryEval is a unary op's element function per element kind, as
// BinaryEval's; FloatTest is the function of an op from floats to i1
// (Class FloatToBool: is_finite).
type UnaryEval struct {
	Float                  func(x float64) float64
	Signed, Unsigned, Bool func(x int64, k IntKind) int64
	FloatTest              func(x float64) bool
	// Complex is the function on complex elements, as BinaryEval's;
	// ComplexToReal, of an op from complex<T> to T (abs, real, imag),
	// replaces it.
	Complex       func(z complex128) complex128
	ComplexToReal func(z complex128) float64
}

// Int returns the function on integers of kind k, as BinaryEval.Int.
func (e UnaryEval) Int(k IntKind) func(x int64, k IntKind) int64 {
	return byIntKind(k, e.Signed, e.Unsigned, e.Bool)
}

// ScalarLowering is how lower/ computes one element of an op in arith and
// math inside a linalg.generic's body: with the one op named for the
// element kind of the op's last operand (the operands' elements as its
// operands, that element type as its result type), or, where that is nil,
// with Emit, for ops whose element takes several ops (integer power,
// shifts, compare, sign, convert, ...). Every element kind the op's Class
// accepts has one or the other (TestScalarLoweringsCoverClasses).
type ScalarLowering struct {
	Float, Signed, Unsigned, Bool *ir.OpDef
	// Complex is the complex dialect's op of the element on complex
	// elements (complex.add for hlo.add), which takes precedence over
	// Emit there; ops without one (compare, select, convert) handle
	// complex elements in Emit.
	Complex *ir.OpDef
	// Emit builds, at b, the element of op from args (the elements of
	// op's operands) and returns it.
	Emit func(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value
}

// Build emits, at b, the arith and math ops computing one element of op
// from args (the elements of op's operands, in the signless types arith
// takes) and returns the element.
func (l ScalarLowering) Build(b *ir.Builder, op *ir.Operation, args []*ir.Value) *ir.Value {
	t := args[len(args)-1].Type()
	if ir.IsComplex(t) {
		if l.Complex != nil {
			return complexdialect.Build(b, l.Complex, args...)
		}
		if l.Emit != nil {
			return l.Emit(b, op, args)
		}
		panic("hlo: " + op.Name() + " has no scalar lowering on " + t.String() + " elements")
	}
	def := l.Float
	if !ir.IsFloat(t) {
		src := ir.ElementTypeOf(op.Operand(op.NumOperands() - 1).Type())
		def = byIntKind(IntKindOf(src), l.Signed, l.Unsigned, l.Bool)
	}
	switch {
	case def != nil:
		return arith.Build(b, def, t, args...)
	case l.Emit != nil:
		return l.Emit(b, op, args)
	}
	// The verifier admits only the element types of the op's class.
	panic("hlo: " + op.Name() + " has no scalar lowering on " + t.String() + " elements")
}

func isBoolType(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 1
}

func isUnsignedType(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Sign == ir.Unsigned
}

// The tables. BinaryOps and UnaryOps list their entries in declaration
// order; elementwiseOps indexes every elementwise op (those two tables,
// compare, select, clamp, convert and reduce_precision) by definition.
var (
	BinaryOps      []*BinaryOp
	UnaryOps       []*UnaryOp
	elementwiseOps = map[*ir.OpDef]*Elementwise{}
	elementwiseAll []*Elementwise
)

// declareBinary builds e's definition (with its folder), adds e to
// BinaryOps and returns the definition; elementwise.go's init registers
// it.
func declareBinary(e *BinaryOp) *ir.OpDef {
	e.Def = binaryDef(e)
	e.Def.Fold = binaryFolder(e)
	BinaryOps = append(BinaryOps, e)
	addElementwise(&Elementwise{Def: e.Def, Class: e.Class, Lower: e.Lower})
	return e.Def
}

// declareUnary is declareBinary for a unary op.
func declareUnary(e *UnaryOp) *ir.OpDef {
	e.Def = unaryDef(e)
	e.Def.Fold = unaryFolder(e)
	UnaryOps = append(UnaryOps, e)
	addElementwise(&Elementwise{Def: e.Def, Class: e.Class, Lower: e.Lower})
	return e.Def
}

func addElementwise(e *Elementwise) *Elementwise {
	elementwiseOps[e.Def] = e
	elementwiseAll = append(elementwiseAll, e)
	return e
}

// ElementwiseOf returns the entry of the elementwise op def, or nil if
// def is not one.
func ElementwiseOf(def *ir.OpDef) *Elementwise { return elementwiseOps[def] }

// ElementwiseOps returns every elementwise op's entry: the binary ops,
// the unary ops, compare, select, clamp, convert and reduce_precision.
func ElementwiseOps() []*Elementwise { return elementwiseAll }
