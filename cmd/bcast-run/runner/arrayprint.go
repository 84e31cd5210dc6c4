package runner

import (
	"encoding/binary"
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/npy"
)

// This file prints a result as numpy 1.24 prints an array with its default
// print options (`str(arr)`, which is np.array2string for an array of rank
// 1 or more and the scalar's str for rank 0): the same line breaking,
// summarization and element formats as numpy/core/arrayprint.py, whose
// names (fillFormat, _formatArray, _leading_trailing) the functions below
// follow. arrayprint_test.go compares it with numpy byte for byte.
//
// Digits come from dragon4.go, a port of numpy's Dragon4 (Go's strconv
// rounds differently at ties and at powers of two). Only numpy's default
// print options are followed (no set_printoptions, no legacy modes), for
// the dtypes bcast-run has: bool, integers, float16, float32 and float64.
// A rank-0 float16 or float32 is positional from 1e-4 up, compared in
// float64 where numpy compares in long double: no float16 or float32 lies
// between the two 1e-4s.

// numpy's default print options.
const (
	printPrecision = 8    // digits after the point (or after the first digit)
	printThreshold = 1000 // more elements than this are summarized
	printEdgeItems = 3    // elements kept at each end of a summarized axis
	printLineWidth = 75   // characters per line
)

// ndarray is a packed little-endian row-major array, as .npy holds it.
type ndarray struct {
	dt    npy.DType
	shape []int64
	data  []byte
}

func (a ndarray) size() int64 {
	n := int64(1)
	for _, d := range a.shape {
		n *= d
	}
	return n
}

// float returns element i of a float array.
func (a ndarray) float(i int64) float64 {
	b := a.data[i*int64(a.dt.Size):]
	switch a.dt.Size {
	case 2:
		return halfToFloat64(binary.LittleEndian.Uint16(b))
	case 4:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

// raw returns element i's bits, zero-extended.
func (a ndarray) raw(i int64) uint64 {
	b := a.data[i*int64(a.dt.Size):]
	switch a.dt.Size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// integer returns element i of a signed integer array.
func (a ndarray) integer(i int64) int64 {
	shift := 64 - 8*a.dt.Size
	return int64(a.raw(i)<<shift) >> shift
}

// arrayString returns a as numpy's str(a) shows it; full disables the
// summarization of arrays of more than printThreshold elements.
func arrayString(a ndarray, full bool) string {
	if len(a.shape) == 0 {
		return scalarString(a)
	}
	if a.size() == 0 {
		return "[]"
	}
	summarize := !full && a.size() > printThreshold
	shown := shownElements(a.shape, summarize)
	elem := elementFormat(a, shown)
	strides := make([]int64, len(a.shape))
	s := int64(1)
	for i := len(a.shape) - 1; i >= 0; i-- {
		strides[i] = s
		s *= a.shape[i]
	}
	p := &arrayPrinter{shape: a.shape, strides: strides, elem: elem, summarize: summarize}
	return p.recurse(0, 0, " ", printLineWidth)
}

// shownElements yields the flat indices of the elements printed: all of
// them, or with summarize the first and last printEdgeItems of every axis
// longer than twice that (numpy's _leading_trailing). The element formats
// are chosen from these alone, as numpy does. It allocates nothing per
// element, so --print-full on a large result needs no index list.
func shownElements(shape []int64, summarize bool) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		var walk func(axis int, base int64) bool
		walk = func(axis int, base int64) bool {
			if axis == len(shape) {
				return yield(base)
			}
			n := shape[axis]
			for i := int64(0); i < n; i++ {
				if summarize && n > 2*printEdgeItems && i == printEdgeItems {
					i = n - printEdgeItems
				}
				if !walk(axis+1, base*n+i) {
					return false
				}
			}
			return true
		}
		walk(0, 0)
	}
}

// elementFormat returns the function that formats element i of a, with
// the common width numpy chooses from the shown elements.
func elementFormat(a ndarray, shown iter.Seq[int64]) func(i int64) string {
	switch a.dt.Kind {
	case npy.Bool:
		return func(i int64) string {
			if a.raw(i) != 0 {
				return " True"
			}
			return "False"
		}
	case npy.Int, npy.Uint:
		str := func(i int64) string {
			if a.dt.Kind == npy.Uint {
				return strconv.FormatUint(a.raw(i), 10)
			}
			return strconv.FormatInt(a.integer(i), 10)
		}
		width := 0
		for i := range shown {
			width = max(width, len(str(i)))
		}
		return func(i int64) string { return padLeft(str(i), width) }
	}
	if a.dt.Kind == npy.Complex {
		return complexFormat(a, shown)
	}
	vals := func(yield func(float64) bool) {
		for i := range shown {
			if !yield(a.float(i)) {
				return
			}
		}
	}
	f := newFloatFormat(vals, 8*a.dt.Size)
	return func(i int64) string { return f.format(a.float(i)) }
}

// complex returns element i of a complex array.
func (a ndarray) complex(i int64) complex128 {
	b := a.data[i*int64(a.dt.Size):]
	if a.dt.Size == 8 {
		return complex(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4:]))))
	}
	return complex(math.Float64frombits(binary.LittleEndian.Uint64(b)), math.Float64frombits(binary.LittleEndian.Uint64(b[8:])))
}

// complexFormat is numpy's ComplexFloatingFormat: the real parts in one
// float format, the imaginary parts in another with sign "+", and the
// 'j' after the imaginary digits, before their padding ("1. +2.e+00j").
func complexFormat(a ndarray, shown iter.Seq[int64]) func(i int64) string {
	part := func(im bool) iter.Seq[float64] {
		return func(yield func(float64) bool) {
			for i := range shown {
				z := a.complex(i)
				v := real(z)
				if im {
					v = imag(z)
				}
				if !yield(v) {
					return
				}
			}
		}
	}
	bits := 4 * a.dt.Size
	re, im := newFloatFormat(part(false), bits), newSignedFloatFormat(part(true), bits, true)
	return func(i int64) string {
		z := a.complex(i)
		s := im.format(imag(z))
		n := len(strings.TrimRight(s, " "))
		return re.format(real(z)) + s[:n] + "j" + s[n:]
	}
}

// arrayPrinter is numpy's _formatArray with separator " " and no prefix.
type arrayPrinter struct {
	shape, strides []int64
	elem           func(int64) string
	summarize      bool
}

// recurse formats the sub-array of axis axis at flat offset off.
func (p *arrayPrinter) recurse(off int64, axis int, hanging string, width int) string {
	if axis == len(p.shape) {
		return p.elem(off)
	}
	nextHanging := hanging + " "
	nextWidth := width - 1
	n := p.shape[axis]
	summary := p.summarize && 2*printEdgeItems < n
	lead, trail := int64(0), n
	if summary {
		lead, trail = printEdgeItems, printEdgeItems
	}
	at := func(i int64) int64 { return off + i*p.strides[axis] }
	var s strings.Builder
	if axis == len(p.shape)-1 {
		elemWidth := width - 1
		line := hanging
		add := func(word string) {
			if len(line)+len(word) > elemWidth && len(line) > len(hanging) {
				s.WriteString(strings.TrimRight(line, " ") + "\n")
				line = hanging
			}
			line += word
		}
		for i := int64(0); i < lead; i++ {
			add(p.recurse(at(i), axis+1, nextHanging, nextWidth))
			line += " "
		}
		if summary {
			add("...")
			line += " "
		}
		for i := trail; i > 1; i-- {
			add(p.recurse(at(n-i), axis+1, nextHanging, nextWidth))
			line += " "
		}
		add(p.recurse(at(n-1), axis+1, nextHanging, nextWidth))
		s.WriteString(line)
	} else {
		sep := strings.Repeat("\n", len(p.shape)-axis-1)
		for i := int64(0); i < lead; i++ {
			s.WriteString(hanging + p.recurse(at(i), axis+1, nextHanging, nextWidth) + sep)
		}
		if summary {
			s.WriteString(hanging + "..." + sep)
		}
		for i := trail; i > 1; i-- {
			s.WriteString(hanging + p.recurse(at(n-i), axis+1, nextHanging, nextWidth) + sep)
		}
		s.WriteString(hanging + p.recurse(at(n-1), axis+1, nextHanging, nextWidth))
	}
	return "[" + s.String()[len(hanging):] + "]"
}

// scalarString is str() of a rank-0 array: the scalar's str, which for a
// float is its shortest digits, positional between 1e-4 and 1e16 ("1.0",
// "0.001") and scientific outside ("1e-05", "1.5e+16").
func scalarString(a ndarray) string {
	switch a.dt.Kind {
	case npy.Bool:
		if a.raw(0) != 0 {
			return "True"
		}
		return "False"
	case npy.Int:
		return strconv.FormatInt(a.integer(0), 10)
	case npy.Uint:
		return strconv.FormatUint(a.raw(0), 10)
	case npy.Complex:
		return complexScalarString(a.complex(0), 4*a.dt.Size)
	}
	return floatScalarString(a.float(0), 8*a.dt.Size)
}

// complexScalarString is str() of a complex scalar, as Python prints a
// complex: "(1+2j)", "(1.5-0.25j)", "(nan+infj)", and just "2j" when the
// real part is +0; each part is the float scalar's str without a
// trailing ".0".
func complexScalarString(z complex128, bits int) string {
	part := func(x float64) string { return strings.TrimSuffix(floatScalarString(x, bits), ".0") }
	im := part(imag(z))
	if real(z) == 0 && !math.Signbit(real(z)) {
		return im + "j"
	}
	if !strings.HasPrefix(im, "-") {
		im = "+" + im
	}
	return "(" + part(real(z)) + im + "j)"
}

// floatScalarString is str() of a float scalar of bits bits.
func floatScalarString(x float64, bits int) string {
	if s, ok := nonFinite(x); ok {
		return s
	}
	if ax := math.Abs(x); ax == 0 || (ax >= 1e-4 && ax < 1e16) {
		ip, frac := positional(x, bits, -1, -1)
		if frac == "" {
			frac = "0"
		}
		return ip + "." + frac
	}
	ip, frac, exp := scientific(x, bits, -1, -1)
	if frac = strings.TrimRight(frac, "0"); frac != "" {
		ip += "." + frac
	}
	return ip + "e" + exponent(exp, 2)
}

func nonFinite(x float64) (string, bool) {
	switch {
	case math.IsNaN(x):
		return "nan", true
	case math.IsInf(x, 1):
		return "inf", true
	case math.IsInf(x, -1):
		return "-inf", true
	}
	return "", false
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}
