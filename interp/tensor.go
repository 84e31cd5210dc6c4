package interp

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Tensor is a dense, row-major array of one element type: the run-time
// value of every tensor (and, with rank 0, every scalar) the interpreter
// handles.
//
// Float elements (f16, bf16, f32, f64) are kept as float64 values that are
// always exactly representable in the element type: every op rounds its
// result to the element precision. Integer, index and i1 elements are kept
// as int64 values normalized to the type: sign-extended for signless and
// signed types (hlo reads signless integers as signed, as StableHLO does),
// zero-extended for unsigned types, 0 or 1 for i1, and the raw bits for
// ui64 values above MaxInt64. Complex elements (complex<f32>,
// complex<f64>) are kept as complex128 values whose parts are exactly
// representable in the part type.
//
// Data-movement handlers copy elements with copyElem, which does not look
// at the element type; only handlers that compute on elements branch on
// the storage.
//
// A Tensor is immutable once built; the slices returned by Floats and Ints
// must not be modified.
type Tensor struct {
	elem  ir.Type
	shape []int64
	f     []float64    // float element types
	i     []int64      // integer, index and i1 element types
	c     []complex128 // complex element types
}

// copyElem sets element o of t to element j of src, a tensor of the same
// element type: the element copy of every data-movement handler.
func (t *Tensor) copyElem(o int, src *Tensor, j int) {
	switch {
	case t.f != nil:
		t.f[o] = src.f[j]
	case t.c != nil:
		t.c[o] = src.c[j]
	default:
		t.i[o] = src.i[j]
	}
}

// elemKind summarizes an element type for the arithmetic: hlo.ElemKind
// (what the element functions take, and the one home of the rules below:
// which integers are unsigned, how values wrap and round), in the
// interpreter's flat fields.
type elemKind struct {
	float    bool
	complex  bool         // complex<f32> or complex<f64>; fk is the part type
	fk       ir.FloatKind // float format, or the part format of a complex type
	width    int          // integer width (64 for index)
	unsigned bool         // ui types and i1
}

func kindOf(t ir.Type) (elemKind, error) {
	if k, ok := hlo.ElemKindOf(t); ok {
		return elemKind{float: k.Float, fk: k.Format, width: k.Int.Width, unsigned: k.Int.Unsigned}, nil
	}
	if pk, ok := ir.ComplexPartKind(t); ok {
		return elemKind{complex: true, fk: pk}, nil
	}
	if t == nil {
		return elemKind{}, fmt.Errorf("interp: missing element type")
	}
	if _, ok := t.(*ir.IntegerType); ok {
		return elemKind{}, fmt.Errorf("interp: unsupported element type %s (integers up to 64 bits)", t)
	}
	return elemKind{}, fmt.Errorf("interp: unsupported element type %s", t)
}

// intKind is the integer kind k as hlo's element functions take it.
func (k elemKind) intKind() hlo.IntKind { return hlo.IntKind{Width: k.width, Unsigned: k.unsigned} }

// hlo is k as hlo's element functions take it.
func (k elemKind) hlo() hlo.ElemKind {
	return hlo.ElemKind{Float: k.float, Format: k.fk, Int: k.intKind()}
}

// wrap normalizes v to the integer kind k (two's complement wrap-around).
func (k elemKind) wrap(v int64) int64 { return k.intKind().Wrap(v) }

// round rounds v to the float kind k.
func (k elemKind) round(v float64) float64 { return k.hlo().Round(v) }

// minInt is the most negative value of a signed kind.
func (k elemKind) minInt() int64 { return k.intKind().MinInt() }

// mask returns the low width bits of v, as an unsigned number.
func (k elemKind) mask(v int64) uint64 { return k.intKind().Mask(v) }

func numElements(shape []int64) int {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	return n
}

func checkShape(shape []int64) error {
	for _, d := range shape {
		if d < 0 {
			return fmt.Errorf("interp: invalid dimension size %d in shape %s", d, ir.FormatShape(shape))
		}
	}
	return nil
}

// NewFloats returns a tensor of a float element type from row-major data,
// rounding each value to the element precision. len(data) must be the
// number of elements of shape (a nil or empty shape is a scalar).
func NewFloats(elem ir.Type, shape []int64, data []float64) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if !k.float {
		return nil, fmt.Errorf("interp: NewFloats needs a float element type, got %s", elem)
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if len(data) != numElements(shape) {
		return nil, fmt.Errorf("interp: %d values for shape %s of %d elements", len(data), ir.FormatShape(shape), numElements(shape))
	}
	t := &Tensor{elem: elem, shape: append([]int64{}, shape...), f: make([]float64, len(data))}
	for i, v := range data {
		t.f[i] = k.round(v)
	}
	return t, nil
}

// NewInts returns a tensor of an integer, index or i1 element type from
// row-major data, wrapping each value to the element type.
func NewInts(elem ir.Type, shape []int64, data []int64) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if k.float || k.complex {
		return nil, fmt.Errorf("interp: NewInts needs an integer, index or i1 element type, got %s", elem)
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if len(data) != numElements(shape) {
		return nil, fmt.Errorf("interp: %d values for shape %s of %d elements", len(data), ir.FormatShape(shape), numElements(shape))
	}
	t := &Tensor{elem: elem, shape: append([]int64{}, shape...), i: make([]int64, len(data))}
	for i, v := range data {
		t.i[i] = k.wrap(v)
	}
	return t, nil
}

// Zeros returns a tensor of zeros.
func Zeros(elem ir.Type, shape []int64) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if err := checkAlloc(elem, shape); err != nil {
		return nil, err
	}
	return newTensor(elem, k, shape), nil
}

// newTensor allocates a zero tensor of a kind already checked. A tensor
// over the allocation limit (checkAlloc) panics with an *allocError,
// which RunWithOptions reports at the running op: the allocations are in
// every handler, and a failed one is the end of the run.
func newTensor(elem ir.Type, k elemKind, shape []int64) *Tensor {
	if err := checkAlloc(elem, shape); err != nil {
		panic(err)
	}
	t := &Tensor{elem: elem, shape: append([]int64{}, shape...)}
	switch {
	case k.float:
		t.f = make([]float64, numElements(shape))
	case k.complex:
		t.c = make([]complex128, numElements(shape))
	default:
		t.i = make([]int64, numElements(shape))
	}
	return t
}

// NewComplex returns a tensor of a complex element type from row-major
// data, rounding each part to the part type.
func NewComplex(elem ir.Type, shape []int64, data []complex128) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if !k.complex {
		return nil, fmt.Errorf("interp: NewComplex needs a complex element type, got %s", elem)
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if len(data) != numElements(shape) {
		return nil, fmt.Errorf("interp: %d values for shape %s of %d elements", len(data), ir.FormatShape(shape), numElements(shape))
	}
	t := &Tensor{elem: elem, shape: append([]int64{}, shape...), c: make([]complex128, len(data))}
	for i, v := range data {
		t.c[i] = hlo.RoundComplex(v, k.fk)
	}
	return t, nil
}

// setFromDense sets element i of t from element at of d (of t's element
// type).
func (t *Tensor) setFromDense(k elemKind, i int, d *ir.DenseElementsAttr, at int64) {
	switch {
	case k.float:
		t.f[i] = d.FloatAt(at)
	case k.complex:
		t.c[i] = d.ComplexAt(at)
	default:
		t.i[i] = k.wrap(d.IntAt(at))
	}
}

// FromDense returns the tensor a dense elements attribute denotes (a splat
// is expanded). The attribute's shape must be static.
func FromDense(d *ir.DenseElementsAttr) (*Tensor, error) {
	st := d.Type
	if !st.HasRank() || !ir.IsStaticShape(st.Shape()) {
		return nil, fmt.Errorf("interp: dense constant of type %s has no static shape", st)
	}
	elem := st.ElementType()
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if err := checkAlloc(elem, st.Shape()); err != nil {
		return nil, err
	}
	t := newTensor(elem, k, st.Shape())
	for i := range numElements(st.Shape()) {
		t.setFromDense(k, i, d, int64(i))
	}
	return t, nil
}

// FromBytes decodes packed little-endian row-major elements, the layout of
// `.npy` data and of MLIR's hex dense form (i1 takes one byte; index eight).
func FromBytes(elem ir.Type, shape []int64, raw []byte) (*Tensor, error) {
	k, err := kindOf(elem)
	if err != nil {
		return nil, err
	}
	if err := checkShape(shape); err != nil {
		return nil, err
	}
	if err := checkAlloc(elem, shape); err != nil {
		return nil, err
	}
	n, sz := numElements(shape), ir.ElementByteSize(elem)
	if len(raw) != n*sz {
		return nil, fmt.Errorf("interp: %d bytes for %d elements of %s (%d bytes each)", len(raw), n, elem, sz)
	}
	d := &ir.DenseElementsAttr{Type: ir.RankedTensor(shape, elem), Raw: raw}
	t := newTensor(elem, k, shape)
	for i := range n {
		t.setFromDense(k, i, d, int64(i))
	}
	return t, nil
}

// Bytes encodes the elements packed little-endian in row-major order, the
// inverse of FromBytes.
func (t *Tensor) Bytes() []byte {
	sz := ir.ElementByteSize(t.elem)
	out := make([]byte, 0, t.Len()*sz)
	if t.c != nil {
		return ir.NewDenseComplex(t.Type(), t.c).Raw
	}
	if t.IsFloat() {
		k, _ := kindOf(t.elem)
		for _, v := range t.f {
			bits := ir.FloatBits(v, k.fk)
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], bits)
			out = append(out, b[:sz]...)
		}
		return out
	}
	for _, v := range t.i {
		for j := 0; j < sz; j++ {
			out = append(out, byte(uint64(v)>>(8*j)))
		}
	}
	return out
}

// ToDense returns the tensor as `dense<...> : tensor<...>`.
func (t *Tensor) ToDense() *ir.DenseElementsAttr {
	return &ir.DenseElementsAttr{Type: t.Type(), Raw: t.Bytes()}
}

// ElemType returns the element type.
func (t *Tensor) ElemType() ir.Type { return t.elem }

// Shape returns the dims (the slice must not be modified).
func (t *Tensor) Shape() []int64 { return t.shape }

// Rank returns the number of dims.
func (t *Tensor) Rank() int { return len(t.shape) }

// Len returns the number of elements.
func (t *Tensor) Len() int {
	switch {
	case t.f != nil:
		return len(t.f)
	case t.c != nil:
		return len(t.c)
	}
	return len(t.i)
}

// Type returns the tensor's static type, e.g. tensor<2x3xf32>.
func (t *Tensor) Type() *ir.RankedTensorType { return ir.RankedTensor(t.shape, t.elem) }

// IsFloat reports whether the elements are floats.
func (t *Tensor) IsFloat() bool { return ir.IsFloat(t.elem) }

// Floats returns the elements of a float tensor (nil otherwise).
func (t *Tensor) Floats() []float64 { return t.f }

// Ints returns the elements of an integer, index or i1 tensor (nil otherwise).
func (t *Tensor) Ints() []int64 { return t.i }

// IsComplex reports whether the elements are complex numbers.
func (t *Tensor) IsComplex() bool { return t.c != nil || ir.IsComplex(t.elem) }

// Complexes returns the elements of a complex tensor (nil otherwise).
func (t *Tensor) Complexes() []complex128 { return t.c }

// Float returns element i as a float64 (integers converted by their signedness).
func (t *Tensor) Float(i int) float64 {
	if t.IsFloat() {
		return t.f[i]
	}
	if t.c != nil {
		return real(t.c[i])
	}
	k, _ := kindOf(t.elem)
	if k.unsigned && k.width == 64 {
		return float64(uint64(t.i[i]))
	}
	return float64(t.i[i])
}

// Int returns element i as an int64 (floats truncated toward zero).
func (t *Tensor) Int(i int) int64 {
	if t.IsFloat() {
		return int64(t.f[i])
	}
	if t.c != nil {
		return int64(real(t.c[i]))
	}
	return t.i[i]
}

// Equal reports whether u has the same element type, shape and element
// bits as t, except that any two NaNs are equal.
func (t *Tensor) Equal(u *Tensor) bool {
	if t.elem != u.elem || len(t.shape) != len(u.shape) || t.Len() != u.Len() {
		return false
	}
	for i := range t.shape {
		if t.shape[i] != u.shape[i] {
			return false
		}
	}
	for i := range t.f {
		a, b := t.f[i], u.f[i]
		if math.Float64bits(a) != math.Float64bits(b) && !(math.IsNaN(a) && math.IsNaN(b)) {
			return false
		}
	}
	for i := range t.i {
		if t.i[i] != u.i[i] {
			return false
		}
	}
	same := func(a, b float64) bool {
		return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
	}
	for i := range t.c {
		a, b := t.c[i], u.c[i]
		if !same(real(a), real(b)) || !same(imag(a), imag(b)) {
			return false
		}
	}
	return true
}

// String prints the tensor as MLIR does a constant: `dense<[1, 2]> : tensor<2xi32>`.
func (t *Tensor) String() string { return ir.AttrString(t.ToDense()) }
