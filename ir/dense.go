package ir

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

// DenseElementsAttr is `dense<...> : tensor<...>`: a constant tensor (or
// vector). Elements are kept as packed little-endian bytes, one element after
// another in row-major order (i1 takes one byte per element, index eight),
// which is also the layout of MLIR's hex form `dense<"0x...">`. A splat
// stores a single element.
type DenseElementsAttr struct {
	Type  ShapedType
	Splat bool
	Raw   []byte
}

// ElementByteSize returns the storage size of one element of type t in a
// dense attribute, or 0 if t cannot be stored densely.
func ElementByteSize(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return (t.Width + 7) / 8
	case *FloatType:
		return t.Width() / 8
	case *IndexType:
		return 8
	case *ComplexType:
		// Interleaved (re, im), as MLIR stores complex elements; only
		// complex numbers over float types are stored densely.
		if ft, ok := t.Elem.(*FloatType); ok {
			return 2 * ft.Width() / 8
		}
	}
	return 0
}

// NumElements returns the number of elements of the attribute's type.
func (d *DenseElementsAttr) NumElements() int64 { return NumElements(d.Type.Shape()) }

func (d *DenseElementsAttr) elemSize() int { return ElementByteSize(d.Type.ElementType()) }

func (d *DenseElementsAttr) offset(i int64) int {
	if d.Splat {
		return 0
	}
	return int(i) * d.elemSize()
}

// IntAt returns element i as an integer, sign- or zero-extended by the
// element type's signedness (i1 gives 0 or 1).
func (d *DenseElementsAttr) IntAt(i int64) int64 {
	return decodeInt(d.Raw[d.offset(i):], d.Type.ElementType())
}

// FloatAt returns element i of a float attribute as float64.
func (d *DenseElementsAttr) FloatAt(i int64) float64 {
	return decodeFloat(d.Raw[d.offset(i):], d.Type.ElementType().(*FloatType).Kind)
}

// ElementAttr returns element i as a scalar attribute: a FloatAttr,
// IntegerAttr or BoolAttr, and for a complex element the pair
// `[re : f32, im : f32]` that complex.constant takes (see ComplexPair).
func (d *DenseElementsAttr) ElementAttr(i int64) Attribute {
	et := d.Type.ElementType()
	switch et := et.(type) {
	case *FloatType:
		return &FloatAttr{Type: et, Value: d.FloatAt(i)}
	case *ComplexType:
		return ComplexPair(et, d.ComplexAt(i))
	case *IntegerType:
		if et.Width == 1 {
			return &BoolAttr{Value: d.IntAt(i) != 0}
		}
	}
	return &IntegerAttr{Type: et, Value: d.IntAt(i)}
}

func (d *DenseElementsAttr) equal(o *DenseElementsAttr) bool {
	if d.Type != o.Type {
		return false
	}
	if d.Splat == o.Splat {
		return bytes.Equal(d.Raw, o.Raw)
	}
	n := d.NumElements()
	sz := d.elemSize()
	for i := int64(0); i < n; i++ {
		if !bytes.Equal(d.Raw[d.offset(i):d.offset(i)+sz], o.Raw[o.offset(i):o.offset(i)+sz]) {
			return false
		}
	}
	return true
}

// IsSplatValue reports whether all elements are equal (a stored splat or
// a list whose elements coincide).
func (d *DenseElementsAttr) IsSplatValue() bool {
	if d.Splat {
		return true
	}
	sz := d.elemSize()
	for off := sz; off+sz <= len(d.Raw); off += sz {
		if !bytes.Equal(d.Raw[:sz], d.Raw[off:off+sz]) {
			return false
		}
	}
	return true
}

// NewDenseSplat returns a splat of one scalar attribute's value.
func NewDenseSplat(t ShapedType, v Attribute) (*DenseElementsAttr, error) {
	buf, err := encodeScalar(nil, t.ElementType(), v)
	if err != nil {
		return nil, err
	}
	return &DenseElementsAttr{Type: t, Splat: true, Raw: buf}, nil
}

// NewDenseInts returns a dense attribute from integer values (of an integer,
// index or i1 element type).
func NewDenseInts(t ShapedType, vals []int64) *DenseElementsAttr {
	var buf []byte
	for _, v := range vals {
		buf = appendInt(buf, t.ElementType(), v)
	}
	return &DenseElementsAttr{Type: t, Raw: buf, Splat: len(vals) == 1 && NumElements(t.Shape()) != 1}
}

// NewDenseFloats returns a dense attribute from float values.
func NewDenseFloats(t ShapedType, vals []float64) *DenseElementsAttr {
	var buf []byte
	k := t.ElementType().(*FloatType).Kind
	for _, v := range vals {
		buf = appendFloat(buf, k, v)
	}
	return &DenseElementsAttr{Type: t, Raw: buf, Splat: len(vals) == 1 && NumElements(t.Shape()) != 1}
}

func encodeScalar(buf []byte, et Type, v Attribute) ([]byte, error) {
	switch v := v.(type) {
	case *IntegerAttr:
		if !IsIntOrIndex(et) {
			return nil, fmt.Errorf("integer value for element type %s", et)
		}
		return appendInt(buf, et, v.Value), nil
	case *BoolAttr:
		b := int64(0)
		if v.Value {
			b = 1
		}
		return appendInt(buf, et, b), nil
	case *FloatAttr:
		ft, ok := et.(*FloatType)
		if !ok {
			return nil, fmt.Errorf("float value for element type %s", et)
		}
		return appendFloat(buf, ft.Kind, v.Value), nil
	case *ArrayAttr:
		ct, ok := et.(*ComplexType)
		z, isPair := ComplexFromPair(v)
		if !ok || !isPair {
			return nil, fmt.Errorf("array value for element type %s", et)
		}
		return appendComplex(buf, ct, z), nil
	}
	return nil, fmt.Errorf("unsupported dense element value")
}

func appendInt(buf []byte, et Type, v int64) []byte {
	n := ElementByteSize(et)
	if it, ok := et.(*IntegerType); ok && it.Width == 1 {
		v &= 1
	}
	for i := 0; i < n; i++ {
		buf = append(buf, byte(uint64(v)>>(8*i)))
	}
	return buf
}

func appendFloat(buf []byte, k FloatKind, v float64) []byte {
	switch k {
	case F16:
		return binary.LittleEndian.AppendUint16(buf, Float64ToF16Bits(v))
	case BF16:
		return binary.LittleEndian.AppendUint16(buf, Float64ToBF16Bits(v))
	case F32:
		return binary.LittleEndian.AppendUint32(buf, math.Float32bits(float32(v)))
	}
	return binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
}

func decodeInt(b []byte, et Type) int64 {
	n := ElementByteSize(et)
	var u uint64
	for i := 0; i < n; i++ {
		u |= uint64(b[i]) << (8 * i)
	}
	it, ok := et.(*IntegerType)
	if !ok || it.Width >= 64 {
		return int64(u)
	}
	if it.Width == 1 {
		return int64(u & 1)
	}
	if it.Sign == Unsigned {
		return int64(u & (1<<it.Width - 1))
	}
	shift := 64 - it.Width
	return int64(u<<shift) >> shift
}

func decodeFloat(b []byte, k FloatKind) float64 {
	switch k {
	case F16:
		return F16BitsToFloat64(binary.LittleEndian.Uint16(b))
	case BF16:
		return BF16BitsToFloat64(binary.LittleEndian.Uint16(b))
	case F32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

// RoundToFloatType rounds v to the precision of a float type.
func RoundToFloatType(v float64, k FloatKind) float64 {
	return decodeFloat(appendFloat(nil, k, v), k)
}

// FloatBits returns the bit pattern of v in format k.
func FloatBits(v float64, k FloatKind) uint64 {
	b := appendFloat(nil, k, v)
	var u uint64
	for i := range b {
		u |= uint64(b[i]) << (8 * i)
	}
	return u
}

// FloatFromBits decodes a bit pattern of format k.
func FloatFromBits(bits uint64, k FloatKind) float64 {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], bits)
	return decodeFloat(b[:], k)
}

// TruncateInt wraps v to the width and signedness of an integer type.
func TruncateInt(v int64, t Type) int64 {
	return decodeInt(appendInt(nil, t, v), t)
}
