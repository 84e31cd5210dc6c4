package npy

import (
	"fmt"
	"strconv"
)

// Kind is the class of an element type.
type Kind uint8

// The element kinds an Array can hold.
const (
	Bool  Kind = iota + 1 // numpy bool, one byte holding 0 or 1
	Int                   // signed two's complement integer
	Uint                  // unsigned integer
	Float                 // IEEE 754 binary16, binary32 or binary64
	// BFloat is bfloat16 (the top half of a binary32), which numpy has
	// no dtype of its own for: read from the descr 'bfloat16' that some
	// writers use.
	BFloat
	// Void is numpy's raw 'V' dtype (bytes with no type): what np.save
	// writes for an ml_dtypes.bfloat16 array ('<V2'), whose type is lost.
	Void
	// Complex is a complex number stored as its real part then its
	// imaginary part, each an IEEE 754 binary32 (complex64, '<c8') or
	// binary64 (complex128, '<c16'); Size counts both parts.
	Complex
)

// String returns the kind's name: "bool", "int", "uint" or "float".
func (k Kind) String() string {
	switch k {
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Uint:
		return "uint"
	case Float:
		return "float"
	case BFloat:
		return "bfloat"
	case Void:
		return "void"
	case Complex:
		return "complex"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// DType is an element type: a kind and a size in bytes. An Array's data is
// always little-endian, so a DType carries no byte order.
type DType struct {
	Kind Kind
	Size int // bytes per element
}

// The supported element types.
var (
	DTypeBool    = DType{Bool, 1}
	DTypeInt8    = DType{Int, 1}
	DTypeInt16   = DType{Int, 2}
	DTypeInt32   = DType{Int, 4}
	DTypeInt64   = DType{Int, 8}
	DTypeUint8   = DType{Uint, 1}
	DTypeUint16  = DType{Uint, 2}
	DTypeUint32  = DType{Uint, 4}
	DTypeUint64  = DType{Uint, 8}
	DTypeFloat16 = DType{Float, 2}
	DTypeFloat32 = DType{Float, 4}
	DTypeFloat64 = DType{Float, 8}
	// DTypeBFloat16 is bfloat16 (descr 'bfloat16'), DTypeVoid2 two raw
	// bytes per element (descr '<V2' or '|V2').
	DTypeBFloat16 = DType{BFloat, 2}
	DTypeVoid2    = DType{Void, 2}
	// DTypeComplex64 and DTypeComplex128 are numpy's complex64 ('<c8')
	// and complex128 ('<c16').
	DTypeComplex64  = DType{Complex, 8}
	DTypeComplex128 = DType{Complex, 16}
)

// DTypes lists every supported element type.
var DTypes = []DType{
	DTypeBool,
	DTypeInt8, DTypeInt16, DTypeInt32, DTypeInt64,
	DTypeUint8, DTypeUint16, DTypeUint32, DTypeUint64,
	DTypeFloat16, DTypeFloat32, DTypeFloat64,
	DTypeComplex64, DTypeComplex128,
}

// PartSize is the size of the numbers an element is made of: Size, or
// half of it for a complex dtype (whose parts are swapped one by one on a
// big-endian file).
func (d DType) PartSize() int {
	if d.Kind == Complex {
		return d.Size / 2
	}
	return d.Size
}

// Valid reports whether d is one of the supported element types.
func (d DType) Valid() bool {
	switch d.Kind {
	case Bool:
		return d.Size == 1
	case Int, Uint:
		return d.Size == 1 || d.Size == 2 || d.Size == 4 || d.Size == 8
	case Float:
		return d.Size == 2 || d.Size == 4 || d.Size == 8
	case BFloat:
		return d.Size == 2
	case Void:
		return d.Size >= 1
	case Complex:
		return d.Size == 8 || d.Size == 16
	}
	return false
}

// String returns the numpy descr of d as np.save writes it: "|b1", "|i1",
// "|u1", "<i2", "<f4", ... (one-byte types have no byte order).
func (d DType) String() string {
	if !d.Valid() {
		return fmt.Sprintf("invalid dtype (kind %v, size %d)", d.Kind, d.Size)
	}
	switch d.Kind {
	case BFloat:
		return "bfloat16"
	case Void:
		return "|V" + strconv.Itoa(d.Size)
	}
	order := "<"
	if d.Size == 1 {
		order = "|"
	}
	return order + string(kindCode(d.Kind)) + strconv.Itoa(d.Size)
}

// Name returns numpy's name of d: "bool", "int32", "uint8", "float16", ...
func (d DType) Name() string {
	if !d.Valid() {
		return d.String()
	}
	switch d.Kind {
	case Bool:
		return "bool"
	case BFloat:
		return "bfloat16"
	}
	return d.Kind.String() + strconv.Itoa(8*d.Size)
}

func kindCode(k Kind) byte {
	switch k {
	case Bool:
		return 'b'
	case Int:
		return 'i'
	case Uint:
		return 'u'
	case Complex:
		return 'c'
	}
	return 'f'
}

// parseDescr parses a numpy descr string ("<f4", ">i8", "|b1", "=u2",
// "f8") and reports whether its data is big-endian. The error says why an
// unsupported descr is unsupported.
//
// Two descrs stand for bfloat16 data: 'bfloat16' (DTypeBFloat16), and
// numpy's raw '<V2' (DTypeVoid2) as np.save writes an ml_dtypes.bfloat16
// array; other 'V' sizes are raw bytes too (DType{Void, n}).
func parseDescr(s string) (dt DType, bigEndian bool, err error) {
	if s == "bfloat16" || s == "<bfloat16" || s == "|bfloat16" {
		return DTypeBFloat16, false, nil
	}
	body := s
	if body != "" {
		switch body[0] {
		case '<', '|', '=':
			body = body[1:]
		case '>':
			bigEndian = true
			body = body[1:]
		}
	}
	if body == "" {
		return DType{}, false, fmt.Errorf("descr %q is not a dtype", clip(s))
	}
	code, digits := body[0], body[1:]
	size, convErr := strconv.Atoi(digits)
	if digits == "" || convErr != nil || size <= 0 {
		size = 0
	}
	unsupported := func(what string) (DType, bool, error) {
		return DType{}, false, fmt.Errorf("unsupported dtype %q (%s); supported: bool, int8-64, uint8-64, float16/32/64, complex64/128, bfloat16 ('bfloat16', or raw '<V2')", clip(s), what)
	}
	switch code {
	case 'b':
		dt = DType{Bool, size}
	case 'i':
		dt = DType{Int, size}
	case 'u':
		dt = DType{Uint, size}
	case 'f':
		dt = DType{Float, size}
		if size > 8 {
			return unsupported("extended-precision float")
		}
	case 'c':
		dt = DType{Complex, size}
		if size > 16 {
			return unsupported("extended-precision complex")
		}
	case 'O':
		return unsupported("object array: pickled Python objects")
	case 'S', 'a', 'U':
		return unsupported("string")
	case 'V':
		dt = DType{Void, size}
		if size == 0 {
			return unsupported("void/record")
		}
	case 'M', 'm':
		return unsupported("datetime/timedelta")
	default:
		return unsupported("unknown type code")
	}
	if !dt.Valid() {
		return unsupported("no such size for this kind")
	}
	return dt, bigEndian && dt.Size > 1, nil
}
