package conformance

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// dtype is one column of the matrix: an element type.
type dtype struct {
	name  string // as MLIR writes it: "ui8", "bf16", "complex<f32>"
	class class  // its StableHLO category (stablehlo_test.go)
	bits  int    // width: 1 for i1, the pair's for complex
}

// dtypes are the matrix's columns, in order: every StableHLO element type
// but the float8 and sub-byte ones (si8..si64 are StableHLO's signed
// integers, written as the signless i8..i64 by JAX; both are columns).
var dtypes = []dtype{
	{"i1", boolean, 1},
	{"i8", signed, 8}, {"i16", signed, 16}, {"i32", signed, 32}, {"i64", signed, 64},
	{"si8", signed, 8}, {"si16", signed, 16}, {"si32", signed, 32}, {"si64", signed, 64},
	{"ui8", unsigned, 8}, {"ui16", unsigned, 16}, {"ui32", unsigned, 32}, {"ui64", unsigned, 64},
	{"f16", float, 16}, {"bf16", float, 16}, {"f32", float, 32}, {"f64", float, 64},
	{"complex<f32>", complexType, 64}, {"complex<f64>", complexType, 128},
}

func dtypeNamed(name string) dtype {
	for _, d := range dtypes {
		if d.name == name {
			return d
		}
	}
	panic("no dtype " + name)
}

func (d dtype) isInt() bool   { return d.class&(boolean|signed|unsigned) != 0 }
func (d dtype) isFloat() bool { return d.class == float }

// bytes is the storage size of one element (i1 takes a byte).
func (d dtype) bytes() int { return max(1, d.bits/8) }

// irType is the element type as package ir builds it.
func (d dtype) irType() ir.Type {
	switch d.class {
	case float:
		return ir.Float(d.floatKind())
	case complexType:
		return ir.Complex(ir.Float(d.component().floatKind()))
	case unsigned:
		return ir.Integer(d.bits, ir.Unsigned)
	}
	if strings.HasPrefix(d.name, "si") {
		return ir.Integer(d.bits, ir.Signed)
	}
	return ir.Integer(d.bits, ir.Signless)
}

func (d dtype) floatKind() ir.FloatKind {
	return map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64}[d.name]
}

// component is a complex type's part type (f32 or f64).
func (d dtype) component() dtype {
	if d.name == "complex<f32>" {
		return dtypeNamed("f32")
	}
	return dtypeNamed("f64")
}

// mantBits and expBits are a float format's fraction and exponent widths.
func (d dtype) mantBits() int {
	return map[string]int{"f16": 10, "bf16": 7, "f32": 23, "f64": 52}[d.name]
}
func (d dtype) expBits() int { return d.bits - 1 - d.mantBits() }

// edge values of each kind, element by element, as little-endian bytes.

// intEdges are the integer edge values: 0, ±1, small ones, the width
// and width-1 (shift amounts at and past the edge), and the type's
// extremes and their neighbours, wrapped to the type.
func intEdges(d dtype) []uint64 {
	if d.class == boolean {
		return []uint64{0, 1}
	}
	w := d.bits
	mask := uint64(1)<<w - 1
	if w == 64 {
		mask = math.MaxUint64
	}
	var vs []int64
	if d.class == signed {
		maxV := int64(mask >> 1)
		vs = []int64{0, 1, -1, 2, -3, 7, int64(w - 1), int64(w), maxV, -maxV - 1, maxV - 1, -maxV}
	} else {
		vs = []int64{0, 1, 2, 3, 7, int64(w - 1), int64(w), int64(mask >> 1), int64(mask>>1) + 1, -1, -2, 100}
	}
	out := make([]uint64, len(vs))
	for i, v := range vs {
		out[i] = uint64(v) & mask
	}
	return out
}

// floatEdges are the float edge values as bits: ±0, ±1, 0.5, -2.5, 3,
// 100.25, ±max, the smallest normal, ±the smallest subnormal, ±Inf and a
// quiet NaN.
func floatEdges(d dtype) []uint64 {
	m, e := d.mantBits(), d.expBits()
	sign := uint64(1) << (d.bits - 1)
	expMask := (uint64(1)<<e - 1) << m
	maxFinite := expMask - 1
	bits := func(v float64) uint64 { return ir.FloatBits(v, d.floatKind()) }
	return []uint64{
		0, sign, bits(1), bits(-1), bits(0.5), bits(-2.5), bits(3), bits(100.25),
		maxFinite, maxFinite | sign, 1 << m, 1, 1 | sign, expMask, expMask | sign, expMask | 1<<(m-1),
	}
}

// complexEdges pair float edges of the component type: (re, im).
func complexEdges(d dtype) [][2]uint64 {
	f := floatEdges(d.component())
	pick := []int{0, 2, 3, 4, 5, 6, 7, 8, 11, 13, 15}
	var out [][2]uint64
	for i, a := range pick {
		out = append(out, [2]uint64{f[a], f[pick[(i*3+1)%len(pick)]]})
	}
	return out
}

// edgeCount is the number of edge values of d.
func edgeCount(d dtype) int {
	switch d.class {
	case float:
		return len(floatEdges(d))
	case complexType:
		return len(complexEdges(d))
	}
	return len(intEdges(d))
}

// elems encodes the edge values of d with the given indices (taken
// modulo their count) as a tensor's bytes.
func elems(d dtype, idx []int) []byte {
	var out []byte
	put := func(v uint64, size int) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		out = append(out, b[:size]...)
	}
	for _, i := range idx {
		switch d.class {
		case float:
			f := floatEdges(d)
			put(f[i%len(f)], d.bytes())
		case complexType:
			c := complexEdges(d)
			put(c[i%len(c)][0], d.bytes()/2)
			put(c[i%len(c)][1], d.bytes()/2)
		default:
			v := intEdges(d)
			put(v[i%len(v)], d.bytes())
		}
	}
	return out
}

// iotaIdx is 0, 1, ..., n-1.
func iotaIdx(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// smallInts encodes small integer values (each in [-3, 3]; negatives
// become their wrap-around for unsigned types, 0/1 parity for i1) as d's
// bytes: the values every reduction and contraction computes exactly in
// every type.
func smallInts(d dtype, vs []int64) []byte {
	var out []byte
	for _, v := range vs {
		var bits uint64
		switch d.class {
		case float:
			bits = ir.FloatBits(float64(v), d.floatKind())
		case complexType:
			// (v, -v/2)
			c := d.component()
			for _, part := range []float64{float64(v), float64(-v) / 2} {
				var b [8]byte
				binary.LittleEndian.PutUint64(b[:], ir.FloatBits(part, c.floatKind()))
				out = append(out, b[:c.bytes()]...)
			}
			continue
		case boolean:
			bits = uint64(v) & 1
		default:
			bits = uint64(v)
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], bits)
		out = append(out, b[:d.bytes()]...)
	}
	return out
}

// tensorType writes `tensor<3x4xf32>` (a dim < 0 is `?`).
func tensorType(shape []int64, d dtype) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, n := range shape {
		if n < 0 {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", n)
		}
	}
	return b.String() + d.name + ">"
}

// literal writes the elements raw of a tensor of shape and d as a dense
// attribute with its type: package ir's printer for the types it stores
// densely, and `(re, im)` pairs for complex types (hex bit patterns for
// the parts that are not finite), so that complex columns need no change
// here when ir learns them.
func literal(shape []int64, d dtype, raw []byte) string {
	if ir.ElementByteSize(d.irType()) > 0 {
		return ir.AttrString(&ir.DenseElementsAttr{Type: ir.RankedTensor(shape, d.irType()), Raw: raw})
	}
	c := d.component()
	sz := c.bytes()
	part := func(b []byte) string {
		bits := binary.LittleEndian.Uint64(append(append([]byte{}, b...), make([]byte, 8-sz)...))
		v := ir.FloatFromBits(bits, c.floatKind())
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Sprintf("0x%0*X", 2*sz, bits)
		}
		return strconv.FormatFloat(v, 'e', -1, c.bits)
	}
	n := len(raw) / (2 * sz)
	elemsText := make([]string, n)
	for i := range n {
		off := 2 * sz * i
		elemsText[i] = fmt.Sprintf("(%s, %s)", part(raw[off:off+sz]), part(raw[off+sz:off+2*sz]))
	}
	// nest by the shape
	var nest func(dims []int64, items []string) string
	nest = func(dims []int64, items []string) string {
		if len(dims) == 0 {
			return items[0]
		}
		per := len(items) / int(max(1, dims[0]))
		var parts []string
		for i := int64(0); i < dims[0]; i++ {
			parts = append(parts, nest(dims[1:], items[int(i)*per:(int(i)+1)*per]))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("dense<%s> : %s", nest(shape, elemsText), tensorType(shape, d))
}
