package npy

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// The file starts with a fixed prefix:
//
//	"\x93NUMPY" major minor HEADER_LEN HEADER
//
// where HEADER_LEN is a little-endian uint16 in version 1.0 and a uint32
// in versions 2.0 and 3.0 (3.0 only changes the header's text encoding
// from latin-1 to UTF-8), and HEADER is the repr of a dict:
//
//	{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
//
// padded with spaces and a newline so that the data starts at a multiple
// of 64 bytes.

const magic = "\x93NUMPY"

// maxHeaderLen bounds the header a file may declare. numpy itself refuses
// headers over 10000 bytes unless the file is trusted; this limit is far
// above anything a real array needs (rank 32 takes under 1000 bytes) and
// keeps a corrupt length field from costing much.
const maxHeaderLen = 1 << 20

// headerAlign is numpy's ARRAY_ALIGN: the data starts at a multiple of it.
const headerAlign = 64

// growthAxisMaxDigits is numpy's GROWTH_AXIS_MAX_DIGITS: np.save pads the
// dict with spaces so that the first dim can grow to 21 digits in place.
const growthAxisMaxDigits = 21

// header is the decoded header dict.
type header struct {
	descr     string // as the file spells it, for messages
	dtype     DType
	bigEndian bool
	fortran   bool
	shape     []int64
}

// parseHeader decodes the header dict text.
func parseHeader(text string) (header, error) {
	v, err := parseLiteral(text)
	if err != nil {
		return header{}, fmt.Errorf("cannot parse header %s: %v", quoteHeader(text), err)
	}
	if v.kind != pyDict {
		return header{}, fmt.Errorf("header is not a dict: %s", quoteHeader(text))
	}
	var descr, fortran, shape *pyValue
	for i := 0; i+1 < len(v.items); i += 2 {
		val := &v.items[i+1]
		switch key := v.items[i].str; key {
		case "descr":
			descr = val
		case "fortran_order":
			fortran = val
		case "shape":
			shape = val
		default:
			return header{}, fmt.Errorf("header has unexpected key %s (want exactly 'descr', 'fortran_order' and 'shape')", v.items[i].brief())
		}
	}
	for _, k := range []struct {
		name string
		v    *pyValue
	}{{"descr", descr}, {"fortran_order", fortran}, {"shape", shape}} {
		if k.v == nil {
			return header{}, fmt.Errorf("header has no '%s' key: %s", k.name, quoteHeader(text))
		}
	}

	var h header
	switch descr.kind {
	case pyStr:
		h.descr = descr.str
		h.dtype, h.bigEndian, err = parseDescr(descr.str)
		if err != nil {
			return header{}, err
		}
	case pyList:
		return header{}, fmt.Errorf("unsupported dtype: structured arrays (descr %s) are not supported", descr.brief())
	default:
		return header{}, fmt.Errorf("descr %s is not a dtype string", descr.brief())
	}

	if fortran.kind != pyBool {
		return header{}, fmt.Errorf("fortran_order %s is not True or False", fortran.brief())
	}
	h.fortran = fortran.b

	if shape.kind != pyTuple {
		return header{}, fmt.Errorf("shape %s is not a tuple (a 1-tuple is written (n,))", shape.brief())
	}
	h.shape = make([]int64, len(shape.items))
	for i, d := range shape.items {
		switch {
		case d.kind != pyInt:
			return header{}, fmt.Errorf("shape %s has a non-integer dimension %s", shape.brief(), d.brief())
		case d.big && strings.HasPrefix(d.str, "-"), !d.big && d.num < 0:
			return header{}, fmt.Errorf("shape %s has a negative dimension %s", shape.brief(), clip(d.str))
		case d.big:
			return header{}, fmt.Errorf("shape %s has a dimension %s too large for int64", shape.brief(), clip(d.str))
		}
		h.shape[i] = d.num
	}
	return h, nil
}

// quoteHeader quotes a header for an error message, shortened to one
// readable line.
func quoteHeader(text string) string {
	text = strings.TrimRight(text, " \n")
	if len(text) > 100 {
		text = text[:100] + "..."
	}
	return strconv.Quote(text)
}

// shapeBrief is shapeRepr shortened for a message.
func shapeBrief(shape []int64) string { return clip(shapeRepr(shape)) }

// shapeRepr prints a shape as Python prints the tuple: (), (3,), (3, 4).
func shapeRepr(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.FormatInt(d, 10)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// formatHeader returns the complete prefix np.save writes for a
// little-endian C-order array: magic, version, length and padded dict.
// It uses version 1.0, or 2.0 if the header is too long for a uint16
// length, as numpy does.
func formatHeader(dt DType, shape []int64) ([]byte, error) {
	var dict strings.Builder
	fmt.Fprintf(&dict, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", dt, shapeRepr(shape))
	if len(shape) > 0 {
		if pad := growthAxisMaxDigits - len(strconv.FormatInt(shape[0], 10)); pad > 0 {
			dict.WriteString(strings.Repeat(" ", pad))
		}
	}
	text := dict.String()

	// The dict, spaces and a newline fill the header up to the next
	// multiple of headerAlign; if it is already aligned numpy still adds
	// a full headerAlign of spaces.
	padded := func(lenSize int) int {
		hlen := len(text) + 1
		return hlen + headerAlign - (len(magic)+2+lenSize+hlen)%headerAlign
	}
	major, lenSize := byte(1), 2
	total := padded(lenSize)
	if total > 0xffff {
		major, lenSize = 2, 4
		total = padded(lenSize)
	}
	if int64(total) > 0xffffffff {
		return nil, fmt.Errorf("header too long: %d bytes for rank %d", total, len(shape))
	}
	out := make([]byte, 0, len(magic)+2+lenSize+total)
	out = append(out, magic...)
	out = append(out, major, 0)
	if lenSize == 2 {
		out = binary.LittleEndian.AppendUint16(out, uint16(total))
	} else {
		out = binary.LittleEndian.AppendUint32(out, uint32(total))
	}
	out = append(out, text...)
	for len(out) < cap(out)-1 {
		out = append(out, ' ')
	}
	return append(out, '\n'), nil
}
