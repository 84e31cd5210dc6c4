package ir

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// Dynamic marks a dynamic (`?`) dimension in a shape.
const Dynamic int64 = -1

// Type is an IR type. Types are uniqued: two types are equal exactly when
// they are the same pointer, so `==` compares types.
//
// Every type prints itself in MLIR's textual form through String.
type Type interface {
	String() string
	isType()
}

// Signedness of an integer type.
type Signedness uint8

// Integer signedness kinds, as in MLIR.
const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is `iN`, `siN` or `uiN`.
type IntegerType struct {
	Width int
	Sign  Signedness
	str   string
}

// FloatKind names a floating-point format.
type FloatKind uint8

// Floating-point formats.
const (
	F16 FloatKind = iota
	BF16
	F32
	F64
)

// FloatType is `f16`, `bf16`, `f32` or `f64`.
type FloatType struct {
	Kind FloatKind
	str  string
}

// Width returns the bit width of the float format.
func (t *FloatType) Width() int {
	switch t.Kind {
	case F16, BF16:
		return 16
	case F32:
		return 32
	}
	return 64
}

// IndexType is `index`.
type IndexType struct{}

// NoneType is `none`.
type NoneType struct{}

// RankedTensorType is `tensor<2x?x4xf32>`; a rank-0 tensor is `tensor<f32>`.
// Shape entries are sizes or Dynamic. Encoding is nil or an attribute printed
// after the element type.
type RankedTensorType struct {
	shape    []int64
	elem     Type
	Encoding Attribute
	str      string
	tooMany  bool // TooManyElements, computed once
}

// UnrankedTensorType is `tensor<*xf32>`.
type UnrankedTensorType struct {
	elem Type
	str  string
}

// MemRefType is `memref<4x?xf32>` with an optional layout
// (`strided<[?, 1], offset: ?>` or an affine map) and memory space.
type MemRefType struct {
	shape       []int64
	elem        Type
	Layout      Attribute
	MemorySpace Attribute
	str         string
	tooMany     bool // TooManyElements, computed once
}

// UnrankedMemRefType is `memref<*xf32>`.
type UnrankedMemRefType struct {
	elem Type
	str  string
}

// VectorType is `vector<4x8xf32>` (scalable dims as `[4]`).
type VectorType struct {
	shape    []int64
	Scalable []bool
	elem     Type
	str      string
	tooMany  bool // TooManyElements, computed once
}

// ComplexType is `complex<f32>`.
type ComplexType struct {
	Elem Type
	str  string
}

// TupleType is `tuple<t1, t2>`.
type TupleType struct {
	Elems []Type
	str   string
}

// FunctionType is `(t1, t2) -> t3` or `(t1) -> (t2, t3)`.
type FunctionType struct {
	Inputs  []Type
	Results []Type
	str     string
}

// OpaqueType is a dialect type this build does not model, such as
// `!stablehlo.token` or `!shape.witness`; it keeps its text.
type OpaqueType struct {
	Dialect string
	Body    string // text after the dialect namespace, e.g. ".token" or "<...>"
	str     string
}

func (*IntegerType) isType()        {}
func (*FloatType) isType()          {}
func (*IndexType) isType()          {}
func (*NoneType) isType()           {}
func (*RankedTensorType) isType()   {}
func (*UnrankedTensorType) isType() {}
func (*MemRefType) isType()         {}
func (*UnrankedMemRefType) isType() {}
func (*VectorType) isType()         {}
func (*ComplexType) isType()        {}
func (*TupleType) isType()          {}
func (*FunctionType) isType()       {}
func (*OpaqueType) isType()         {}

func (t *IntegerType) String() string        { return t.str }
func (t *FloatType) String() string          { return t.str }
func (*IndexType) String() string            { return "index" }
func (*NoneType) String() string             { return "none" }
func (t *RankedTensorType) String() string   { return t.str }
func (t *UnrankedTensorType) String() string { return t.str }
func (t *MemRefType) String() string         { return t.str }
func (t *UnrankedMemRefType) String() string { return t.str }
func (t *VectorType) String() string         { return t.str }
func (t *ComplexType) String() string        { return t.str }
func (t *TupleType) String() string          { return t.str }
func (t *FunctionType) String() string       { return t.str }
func (t *OpaqueType) String() string         { return t.str }

// ShapedType is implemented by tensor, memref and vector types.
type ShapedType interface {
	Type
	// ElementType returns the element type.
	ElementType() Type
	// HasRank reports whether the type is ranked.
	HasRank() bool
	// Shape returns the dims (Dynamic for `?`); nil for unranked types.
	// The slice must not be modified.
	Shape() []int64
}

func (t *RankedTensorType) ElementType() Type   { return t.elem }
func (t *UnrankedTensorType) ElementType() Type { return t.elem }
func (t *MemRefType) ElementType() Type         { return t.elem }
func (t *UnrankedMemRefType) ElementType() Type { return t.elem }
func (t *VectorType) ElementType() Type         { return t.elem }

func (t *RankedTensorType) HasRank() bool   { return true }
func (t *UnrankedTensorType) HasRank() bool { return false }
func (t *MemRefType) HasRank() bool         { return true }
func (t *UnrankedMemRefType) HasRank() bool { return false }
func (t *VectorType) HasRank() bool         { return true }

func (t *RankedTensorType) Shape() []int64   { return t.shape }
func (t *UnrankedTensorType) Shape() []int64 { return nil }
func (t *MemRefType) Shape() []int64         { return t.shape }
func (t *UnrankedMemRefType) Shape() []int64 { return nil }
func (t *VectorType) Shape() []int64         { return t.shape }

// Rank returns the number of dims of a ranked tensor.
func (t *RankedTensorType) Rank() int { return len(t.shape) }

// HasStaticShape reports whether no dim is dynamic.
func (t *RankedTensorType) HasStaticShape() bool { return IsStaticShape(t.shape) }

// IsStaticShape reports whether a shape has no dynamic dim.
func IsStaticShape(shape []int64) bool {
	for _, d := range shape {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// TooManyElements reports whether the static dims of t multiply to more
// than 2^63-1, the most elements an int64 counts (a `?` dim is not
// counted; a 0 dim makes no elements). The parser and the verifier reject
// such types, so that NumElements and every size computed from a shape
// (bytes, strides, loop bounds) cannot overflow. Types are uniqued, so
// this is computed once per type.
func TooManyElements(t Type) bool {
	switch t := t.(type) {
	case *RankedTensorType:
		return t.tooMany
	case *MemRefType:
		return t.tooMany
	case *VectorType:
		return t.tooMany
	}
	return false
}

// tooManyElements is TooManyElements of a shape.
func tooManyElements(shape []int64) bool {
	n, over := uint64(1), false
	for _, d := range shape {
		switch {
		case d == 0:
			return false
		case d == Dynamic || d < 0:
			continue
		}
		hi, lo := bits.Mul64(n, uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			over = true // a later 0 dim still makes no elements
			n = 1
			continue
		}
		n = lo
	}
	return over
}

// NumElements returns the product of a static shape's dims.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// The uniquing table. Types are immutable once made; the key is the printed
// form, which is unambiguous.
var (
	typeMu    sync.RWMutex
	typeTable = map[string]Type{}
)

func intern(key string, mk func() Type) Type {
	typeMu.RLock()
	t, ok := typeTable[key]
	typeMu.RUnlock()
	if ok {
		return t
	}
	typeMu.Lock()
	defer typeMu.Unlock()
	if t, ok := typeTable[key]; ok {
		return t
	}
	t = mk()
	typeTable[key] = t
	return t
}

// Integer returns the integer type of the given width and signedness.
func Integer(width int, sign Signedness) *IntegerType {
	// The common types without building a key: `i32` is parsed often.
	if sign == Signless && uint(width) < uint(len(commonInts)) {
		if t := commonInts[width]; t != nil {
			return t
		}
	}
	prefix := [...]string{"i", "si", "ui"}[sign]
	key := prefix + strconv.Itoa(width)
	return intern(key, func() Type { return &IntegerType{Width: width, Sign: sign, str: key} }).(*IntegerType)
}

// Common types.
var (
	I1         = Integer(1, Signless)
	I8         = Integer(8, Signless)
	I16        = Integer(16, Signless)
	I32        = Integer(32, Signless)
	I64        = Integer(64, Signless)
	Index Type = intern("index", func() Type { return &IndexType{} })
	None  Type = intern("none", func() Type { return &NoneType{} })
	F16T       = Float(F16)
	BF16T      = Float(BF16)
	F32T       = Float(F32)
	F64T       = Float(F64)
)

// commonInts holds the signless integer types of the usual widths, by width.
var commonInts [65]*IntegerType

func init() {
	for _, t := range []*IntegerType{I1, I8, I16, I32, I64} {
		commonInts[t.Width] = t
	}
}

// Float returns the float type of the given kind.
func Float(k FloatKind) *FloatType {
	key := [...]string{"f16", "bf16", "f32", "f64"}[k]
	return intern(key, func() Type { return &FloatType{Kind: k, str: key} }).(*FloatType)
}

func writeShape(sb *strings.Builder, shape []int64) {
	for _, d := range shape {
		if d == Dynamic {
			sb.WriteByte('?')
		} else {
			sb.WriteString(strconv.FormatInt(d, 10))
		}
		sb.WriteByte('x')
	}
}

// RankedTensor returns `tensor<shape x elem>`.
func RankedTensor(shape []int64, elem Type) *RankedTensorType {
	return RankedTensorWithEncoding(shape, elem, nil)
}

// RankedTensorWithEncoding returns a ranked tensor type with an encoding attribute.
func RankedTensorWithEncoding(shape []int64, elem Type, enc Attribute) *RankedTensorType {
	var sb strings.Builder
	sb.WriteString("tensor<")
	writeShape(&sb, shape)
	sb.WriteString(elem.String())
	if enc != nil {
		sb.WriteString(", ")
		sb.WriteString(AttrString(enc))
	}
	sb.WriteByte('>')
	key := sb.String()
	return intern(key, func() Type {
		return &RankedTensorType{shape: append([]int64(nil), shape...), elem: elem, Encoding: enc, str: key, tooMany: tooManyElements(shape)}
	}).(*RankedTensorType)
}

// UnrankedTensor returns `tensor<*xelem>`.
func UnrankedTensor(elem Type) *UnrankedTensorType {
	key := "tensor<*x" + elem.String() + ">"
	return intern(key, func() Type { return &UnrankedTensorType{elem: elem, str: key} }).(*UnrankedTensorType)
}

// MemRef returns `memref<shape x elem [, layout] [, space]>`.
func MemRef(shape []int64, elem Type, layout, space Attribute) *MemRefType {
	var sb strings.Builder
	sb.WriteString("memref<")
	writeShape(&sb, shape)
	sb.WriteString(elem.String())
	if layout != nil {
		sb.WriteString(", ")
		sb.WriteString(AttrString(layout))
	}
	if space != nil {
		sb.WriteString(", ")
		sb.WriteString(AttrString(space))
	}
	sb.WriteByte('>')
	key := sb.String()
	return intern(key, func() Type {
		return &MemRefType{shape: append([]int64(nil), shape...), elem: elem, Layout: layout, MemorySpace: space, str: key, tooMany: tooManyElements(shape)}
	}).(*MemRefType)
}

// UnrankedMemRef returns `memref<*xelem>`.
func UnrankedMemRef(elem Type) *UnrankedMemRefType {
	key := "memref<*x" + elem.String() + ">"
	return intern(key, func() Type { return &UnrankedMemRefType{elem: elem, str: key} }).(*UnrankedMemRefType)
}

// Vector returns `vector<shape x elem>`; scalable may be nil.
func Vector(shape []int64, scalable []bool, elem Type) *VectorType {
	var sb strings.Builder
	sb.WriteString("vector<")
	for i, d := range shape {
		if i < len(scalable) && scalable[i] {
			sb.WriteString("[" + strconv.FormatInt(d, 10) + "]x")
		} else {
			sb.WriteString(strconv.FormatInt(d, 10) + "x")
		}
	}
	sb.WriteString(elem.String())
	sb.WriteByte('>')
	key := sb.String()
	return intern(key, func() Type {
		return &VectorType{shape: append([]int64(nil), shape...), Scalable: append([]bool(nil), scalable...), elem: elem, str: key, tooMany: tooManyElements(shape)}
	}).(*VectorType)
}

// Complex returns `complex<elem>`.
func Complex(elem Type) *ComplexType {
	key := "complex<" + elem.String() + ">"
	return intern(key, func() Type { return &ComplexType{Elem: elem, str: key} }).(*ComplexType)
}

// Tuple returns `tuple<...>`.
func Tuple(elems []Type) *TupleType {
	key := "tuple<" + joinTypes(elems) + ">"
	return intern(key, func() Type { return &TupleType{Elems: append([]Type(nil), elems...), str: key} }).(*TupleType)
}

// Function returns the function type `(inputs) -> results`.
func Function(inputs, results []Type) *FunctionType {
	var sb strings.Builder
	sb.WriteByte('(')
	sb.WriteString(joinTypes(inputs))
	sb.WriteString(") -> ")
	writeResultTypes(&sb, results)
	key := sb.String()
	return intern(key, func() Type {
		return &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...), str: key}
	}).(*FunctionType)
}

// writeResultTypes prints a result type list as MLIR does: a single
// non-function type bare, anything else parenthesized.
func writeResultTypes(sb *strings.Builder, results []Type) {
	if len(results) == 1 {
		if _, isFn := results[0].(*FunctionType); !isFn {
			sb.WriteString(results[0].String())
			return
		}
	}
	sb.WriteByte('(')
	sb.WriteString(joinTypes(results))
	sb.WriteByte(')')
}

// Opaque returns a dialect type kept as text: `!dialect<body>` or `!dialect.body`.
func Opaque(dialect, body string) *OpaqueType {
	key := "!" + dialect + body
	return intern(key, func() Type { return &OpaqueType{Dialect: dialect, Body: body, str: key} }).(*OpaqueType)
}

func joinTypes(ts []Type) string {
	switch len(ts) {
	case 0:
		return ""
	case 1:
		return ts[0].String()
	}
	var sb strings.Builder
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.String())
	}
	return sb.String()
}

// ElementTypeOf returns the element type of a shaped type, or t itself.
func ElementTypeOf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// IsFloat reports whether t is a float type.
func IsFloat(t Type) bool { _, ok := t.(*FloatType); return ok }

// IsInteger reports whether t is an integer type (not index).
func IsInteger(t Type) bool { _, ok := t.(*IntegerType); return ok }

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool { return IsInteger(t) || t == Index }

// IsTensor reports whether t is a ranked or unranked tensor.
func IsTensor(t Type) bool {
	switch t.(type) {
	case *RankedTensorType, *UnrankedTensorType:
		return true
	}
	return false
}

// WithShape returns a shaped type like t with another shape (ranked).
func WithShape(t ShapedType, shape []int64) ShapedType {
	switch t := t.(type) {
	case *RankedTensorType:
		return RankedTensorWithEncoding(shape, t.elem, t.Encoding)
	case *UnrankedTensorType:
		return RankedTensor(shape, t.elem)
	case *MemRefType:
		return MemRef(shape, t.elem, nil, t.MemorySpace)
	case *VectorType:
		return Vector(shape, nil, t.elem)
	}
	return t
}

// WithElementType returns a type like t (shaped or scalar) with another element type.
func WithElementType(t Type, elem Type) Type {
	switch t := t.(type) {
	case *RankedTensorType:
		return RankedTensorWithEncoding(t.shape, elem, t.Encoding)
	case *UnrankedTensorType:
		return UnrankedTensor(elem)
	case *MemRefType:
		return MemRef(t.shape, elem, t.Layout, t.MemorySpace)
	case *UnrankedMemRefType:
		return UnrankedMemRef(elem)
	case *VectorType:
		return Vector(t.shape, t.Scalable, elem)
	}
	return elem
}
