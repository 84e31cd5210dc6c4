package npy

import (
	"encoding/binary"
	"math"
	"slices"
)

// New returns a zero-filled array of the given dtype and shape.
func New(dt DType, shape []int64) (*Array, error) {
	if !dt.Valid() {
		return nil, errorf("unsupported dtype: %s", dt)
	}
	n, err := byteSize(dt.String(), dt.Size, shape)
	if err != nil {
		return nil, errorf("%v", err)
	}
	return &Array{DType: dt, Shape: slices.Clone(shape), Data: make([]byte, n)}, nil
}

// fromValues builds an array of dtype dt from one value per element, in C
// order, encoding each with put.
func fromValues[T any](dt DType, shape []int64, vals []T, put func(b []byte, v T)) (*Array, error) {
	a, err := New(dt, shape)
	if err != nil {
		return nil, err
	}
	if want := int64(len(a.Data) / dt.Size); int64(len(vals)) != want {
		return nil, errorf("%d values for shape %s of %s, which has %d elements", len(vals), shapeBrief(shape), dt, want)
	}
	for i, v := range vals {
		put(a.Data[i*dt.Size:], v)
	}
	return a, nil
}

// FromBool returns a bool array of the given shape holding vals in C order.
// It fails if len(vals) is not the number of elements of shape.
func FromBool(shape []int64, vals []bool) (*Array, error) {
	return fromValues(DTypeBool, shape, vals, func(b []byte, v bool) {
		if v {
			b[0] = 1
		}
	})
}

// FromInt8 returns an int8 array; see FromBool.
func FromInt8(shape []int64, vals []int8) (*Array, error) {
	return fromValues(DTypeInt8, shape, vals, func(b []byte, v int8) { b[0] = byte(v) })
}

// FromInt16 returns an int16 array; see FromBool.
func FromInt16(shape []int64, vals []int16) (*Array, error) {
	return fromValues(DTypeInt16, shape, vals, func(b []byte, v int16) { binary.LittleEndian.PutUint16(b, uint16(v)) })
}

// FromInt32 returns an int32 array; see FromBool.
func FromInt32(shape []int64, vals []int32) (*Array, error) {
	return fromValues(DTypeInt32, shape, vals, func(b []byte, v int32) { binary.LittleEndian.PutUint32(b, uint32(v)) })
}

// FromInt64 returns an int64 array; see FromBool.
func FromInt64(shape []int64, vals []int64) (*Array, error) {
	return fromValues(DTypeInt64, shape, vals, func(b []byte, v int64) { binary.LittleEndian.PutUint64(b, uint64(v)) })
}

// FromUint8 returns a uint8 array; see FromBool.
func FromUint8(shape []int64, vals []uint8) (*Array, error) {
	return fromValues(DTypeUint8, shape, vals, func(b []byte, v uint8) { b[0] = v })
}

// FromUint16 returns a uint16 array; see FromBool.
func FromUint16(shape []int64, vals []uint16) (*Array, error) {
	return fromValues(DTypeUint16, shape, vals, func(b []byte, v uint16) { binary.LittleEndian.PutUint16(b, v) })
}

// FromUint32 returns a uint32 array; see FromBool.
func FromUint32(shape []int64, vals []uint32) (*Array, error) {
	return fromValues(DTypeUint32, shape, vals, func(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) })
}

// FromUint64 returns a uint64 array; see FromBool.
func FromUint64(shape []int64, vals []uint64) (*Array, error) {
	return fromValues(DTypeUint64, shape, vals, func(b []byte, v uint64) { binary.LittleEndian.PutUint64(b, v) })
}

// FromFloat16 returns a float16 array holding vals rounded to float16
// (to nearest, ties to even, as numpy's astype(np.float16) does); see
// FromBool.
func FromFloat16(shape []int64, vals []float32) (*Array, error) {
	return fromValues(DTypeFloat16, shape, vals, func(b []byte, v float32) {
		binary.LittleEndian.PutUint16(b, float64ToHalf(float64(v)))
	})
}

// FromFloat32 returns a float32 array; see FromBool.
func FromFloat32(shape []int64, vals []float32) (*Array, error) {
	return fromValues(DTypeFloat32, shape, vals, func(b []byte, v float32) { binary.LittleEndian.PutUint32(b, math.Float32bits(v)) })
}

// FromFloat64 returns a float64 array; see FromBool.
func FromFloat64(shape []int64, vals []float64) (*Array, error) {
	return fromValues(DTypeFloat64, shape, vals, func(b []byte, v float64) { binary.LittleEndian.PutUint64(b, math.Float64bits(v)) })
}

// FromComplex64 returns a complex64 array ('<c8'); see FromBool.
func FromComplex64(shape []int64, vals []complex64) (*Array, error) {
	return fromValues(DTypeComplex64, shape, vals, func(b []byte, v complex64) {
		binary.LittleEndian.PutUint32(b, math.Float32bits(real(v)))
		binary.LittleEndian.PutUint32(b[4:], math.Float32bits(imag(v)))
	})
}

// FromComplex128 returns a complex128 array ('<c16'); see FromBool.
func FromComplex128(shape []int64, vals []complex128) (*Array, error) {
	return fromValues(DTypeComplex128, shape, vals, func(b []byte, v complex128) {
		binary.LittleEndian.PutUint64(b, math.Float64bits(real(v)))
		binary.LittleEndian.PutUint64(b[8:], math.Float64bits(imag(v)))
	})
}

// Complex128s returns the elements of a complex64 or complex128 array as
// complex128 in C order (exactly). Other dtypes are an error.
func (a *Array) Complex128s() ([]complex128, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	if a.DType.Kind != Complex {
		return nil, errorf("Complex128s: dtype %s is not complex64 or complex128", a.DType)
	}
	out := make([]complex128, n)
	for i := range out {
		b := a.Data[i*a.DType.Size:]
		if a.DType.Size == 8 {
			out[i] = complex(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4:]))))
		} else {
			out[i] = complex(math.Float64frombits(binary.LittleEndian.Uint64(b)), math.Float64frombits(binary.LittleEndian.Uint64(b[8:])))
		}
	}
	return out, nil
}

// rawAt returns the bits of element i, zero-extended.
func (a *Array) rawAt(i int) uint64 {
	b := a.Data[i*a.DType.Size:]
	switch a.DType.Size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// intAt returns element i of an Int array, sign-extended.
func (a *Array) intAt(i int) int64 {
	shift := 64 - 8*uint(a.DType.Size)
	return int64(a.rawAt(i)<<shift) >> shift
}

// elements validates a and returns its element count.
func (a *Array) elements() (int, error) {
	if err := a.Validate(); err != nil {
		return 0, err
	}
	return len(a.Data) / a.DType.Size, nil
}

// Float64s returns the elements as float64 in C order. Every dtype
// converts: bool as 0 and 1, and integers exactly up to 2^53 in magnitude
// (beyond that, rounded to nearest).
func (a *Array) Float64s() ([]float64, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for i := range out {
		switch a.DType.Kind {
		case Bool, Uint:
			out[i] = float64(a.rawAt(i))
		case Int:
			out[i] = float64(a.intAt(i))
		case Float, BFloat:
			out[i] = a.floatAt(i)
		case Void:
			return nil, errorf("Float64s: dtype %s has no numeric type", a.DType)
		case Complex:
			return nil, errorf("Float64s: dtype %s is complex: use Complex128s", a.DType)
		}
	}
	return out, nil
}

func (a *Array) floatAt(i int) float64 {
	switch a.DType.Size {
	case 2:
		if a.DType.Kind == BFloat {
			return float64(math.Float32frombits(uint32(a.rawAt(i)) << 16))
		}
		return halfToFloat64(uint16(a.rawAt(i)))
	case 4:
		return float64(math.Float32frombits(uint32(a.rawAt(i))))
	}
	return math.Float64frombits(a.rawAt(i))
}

// Float32s returns the elements of a float16 or float32 array as float32
// in C order (exactly). Other dtypes are an error: use Float64s.
func (a *Array) Float32s() ([]float32, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	if a.DType != DTypeFloat16 && a.DType != DTypeFloat32 {
		return nil, errorf("Float32s: dtype %s is not float16 or float32", a.DType)
	}
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(a.floatAt(i))
	}
	return out, nil
}

// Int64s returns the elements of a bool or integer array as int64 in C
// order. Float arrays are an error, and so is a uint64 element above
// math.MaxInt64.
func (a *Array) Int64s() ([]int64, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	if k := a.DType.Kind; k == Float || k == BFloat || k == Void || k == Complex {
		return nil, errorf("Int64s: dtype %s is not an integer or bool type", a.DType)
	}
	out := make([]int64, n)
	for i := range out {
		if a.DType.Kind == Int {
			out[i] = a.intAt(i)
			continue
		}
		u := a.rawAt(i)
		if u > math.MaxInt64 {
			return nil, errorf("Int64s: element %d of %s is %d, more than the largest int64", i, a.DType, u)
		}
		out[i] = int64(u)
	}
	return out, nil
}

// Uint64s returns the elements of a bool or integer array as uint64 in C
// order. Float arrays are an error, and so is a negative element.
func (a *Array) Uint64s() ([]uint64, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	if k := a.DType.Kind; k == Float || k == BFloat || k == Void || k == Complex {
		return nil, errorf("Uint64s: dtype %s is not an integer or bool type", a.DType)
	}
	out := make([]uint64, n)
	for i := range out {
		if a.DType.Kind == Int {
			v := a.intAt(i)
			if v < 0 {
				return nil, errorf("Uint64s: element %d of %s is negative (%d)", i, a.DType, v)
			}
			out[i] = uint64(v)
			continue
		}
		out[i] = a.rawAt(i)
	}
	return out, nil
}

// Bools returns the elements of a bool array in C order (any nonzero
// byte is true). Other dtypes are an error.
func (a *Array) Bools() ([]bool, error) {
	n, err := a.elements()
	if err != nil {
		return nil, err
	}
	if a.DType.Kind != Bool {
		return nil, errorf("Bools: dtype %s is not bool", a.DType)
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = a.Data[i] != 0
	}
	return out, nil
}

// halfToFloat64 decodes IEEE 754 binary16 bits exactly. A NaN keeps its
// sign and payload.
func halfToFloat64(h uint16) float64 {
	sign := uint64(h>>15) << 63
	exp := int(h>>10) & 0x1f
	mant := uint64(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float64frombits(sign | 0x7ff<<52 | mant<<42)
	case exp == 0: // zero or subnormal: mant * 2^-24
		return math.Float64frombits(sign | math.Float64bits(math.Ldexp(float64(mant), -24)))
	}
	return math.Float64frombits(sign | uint64(exp-15+1023)<<52 | mant<<42)
}

// float64ToHalf rounds f to binary16, to nearest with ties to even,
// overflowing to infinity. A NaN keeps its sign and the top 10 bits of
// its payload (forced nonzero), as numpy's npy_double_to_half does.
func float64ToHalf(f float64) uint16 {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	switch {
	case exp == 0x7ff && mant != 0:
		return sign | 0x7c00 | max(uint16(mant>>42), 1)
	case exp == 0x7ff:
		return sign | 0x7c00
	case exp == 0: // zero or float64 subnormal, far below half's range
		return sign
	}
	e := exp - 1023
	if e > 15 {
		return sign | 0x7c00
	}
	sig := mant | 1<<52 // 53-bit significand
	// Keep 11 significant bits for a normal half (e >= -14); a subnormal
	// half keeps fewer, its unit being 2^-24.
	shift := uint(42)
	halfExp := e + 15
	if e < -14 {
		shift += uint(-14 - e)
		halfExp = 0
	}
	if shift >= 64 {
		return sign
	}
	m := sig >> shift
	rem := sig & (1<<shift - 1)
	if half := uint64(1) << (shift - 1); rem > half || rem == half && m&1 == 1 {
		m++
	}
	if halfExp == 0 {
		// m <= 1024; 1024 is the smallest normal, whose bits are 0x400.
		return sign | uint16(m)
	}
	if m == 2048 { // rounding carried into the exponent
		m = 1024
		halfExp++
	}
	if halfExp >= 31 {
		return sign | 0x7c00
	}
	return sign | uint16(halfExp)<<10 | uint16(m-1024)
}
