package npy

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
)

// Array is an n-dimensional array as a .npy file holds it, in the one
// layout this package uses everywhere: elements packed little-endian in C
// (row-major) order, len(Data) == NumElements() * DType.Size. A rank-0
// array has an empty Shape and one element; an array with a zero
// dimension has no data.
type Array struct {
	DType DType
	Shape []int64
	Data  []byte // packed little-endian, C order
}

// Error is a problem with a .npy file or with an Array to be written. It
// prints as one line: "npy: FILE: MSG[: ERR]".
type Error struct {
	File string // the path given to ReadFile or WriteFile; "" for Read and Write
	Msg  string // what is wrong, with what was expected and what was found
	Err  error  // the underlying I/O error, if any
}

func (e *Error) Error() string {
	s := "npy: "
	if e.File != "" {
		s += e.File + ": "
	}
	s += e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying I/O error, if any.
func (e *Error) Unwrap() error { return e.Err }

func errorf(format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// NumElements returns the number of elements, the product of the dims (1
// for rank 0). It does not check the shape; see Validate.
func (a *Array) NumElements() int64 {
	n := int64(1)
	for _, d := range a.Shape {
		n *= d
	}
	return n
}

// String describes the array's type and shape, e.g. "<f4 (3, 4)".
func (a *Array) String() string {
	return a.DType.String() + " " + shapeBrief(a.Shape)
}

// byteSize returns the number of data bytes for shape with elements of
// elemSize bytes, or an error if a dim is negative or the size overflows
// an int. descr names the dtype in the error.
func byteSize(descr string, elemSize int, shape []int64) (int, error) {
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("shape %s has a negative dimension %d", shapeBrief(shape), d)
		}
		if d == 0 {
			return 0, nil
		}
	}
	size := int64(elemSize)
	for _, d := range shape {
		if size > math.MaxInt/d {
			return 0, fmt.Errorf("shape %s of %s is too large (more than %d bytes)", shapeBrief(shape), descr, int64(math.MaxInt))
		}
		size *= d
	}
	return int(size), nil
}

// Validate checks that a can be written: a supported dtype, no negative
// dims, and exactly as many data bytes as the shape calls for.
func (a *Array) Validate() error {
	if a == nil {
		return errorf("nil array")
	}
	if !a.DType.Valid() {
		return errorf("unsupported dtype: %s", a.DType)
	}
	n, err := byteSize(a.DType.String(), a.DType.Size, a.Shape)
	if err != nil {
		return errorf("%v", err)
	}
	if len(a.Data) != n {
		return errorf("data has %d bytes; shape %s of %s needs %d", len(a.Data), shapeBrief(a.Shape), a.DType, n)
	}
	return nil
}

// Read reads one array from r: the header, then exactly the data bytes
// the header calls for (anything after them is left unread, as np.load
// ignores it). Big-endian data is converted to little-endian, Fortran
// order to C order, and booleans to 0 and 1. Errors are *Error values.
func Read(r io.Reader) (*Array, error) {
	var prefix [8]byte // magic, major, minor
	n, err := io.ReadFull(r, prefix[:])
	switch {
	case n == 0 && err == io.EOF:
		return nil, errorf("empty input (not a .npy file)")
	case n > 0 && !bytes.HasPrefix([]byte(magic), prefix[:min(n, len(magic))]):
		return nil, errorf("not a .npy file: starts with %q, want %q", prefix[:min(n, len(magic))], magic)
	case err == io.ErrUnexpectedEOF:
		return nil, errorf("truncated header: file ends after %d bytes", n)
	case err != nil:
		return nil, &Error{Msg: "reading the header", Err: err}
	}
	major, minor := prefix[6], prefix[7]
	var lenSize int
	switch {
	case major == 1 && minor == 0:
		lenSize = 2
	case (major == 2 || major == 3) && minor == 0:
		lenSize = 4
	default:
		return nil, errorf("unsupported format version %d.%d (supported: 1.0, 2.0, 3.0)", major, minor)
	}
	var lenBuf [4]byte
	if n, err := io.ReadFull(r, lenBuf[:lenSize]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, errorf("truncated header: file ends after %d bytes", len(prefix)+n)
		}
		return nil, &Error{Msg: "reading the header", Err: err}
	}
	hlen := int64(binary.LittleEndian.Uint32(lenBuf[:]))
	if hlen > maxHeaderLen {
		return nil, errorf("header too long: %d bytes (the limit is %d)", hlen, maxHeaderLen)
	}
	text, err := readAtMost(r, int(hlen))
	if err != nil {
		return nil, &Error{Msg: "reading the header", Err: err}
	}
	if int64(len(text)) < hlen {
		return nil, errorf("truncated header: expected %d bytes, found %d", hlen, len(text))
	}
	h, err := parseHeader(string(text))
	if err != nil {
		return nil, errorf("%v", err)
	}

	size, err := byteSize(h.descr, h.dtype.Size, h.shape)
	if err != nil {
		return nil, errorf("%v", err)
	}
	data, err := readAtMost(r, size)
	if err != nil {
		return nil, &Error{Msg: "reading the data", Err: err}
	}
	if len(data) < size {
		return nil, errorf("truncated data: shape %s of %s needs %d bytes, found %d", shapeBrief(h.shape), h.descr, size, len(data))
	}
	if h.bigEndian {
		swapBytes(data, h.dtype.PartSize())
	}
	if h.fortran && len(h.shape) > 1 {
		data = fortranToC(data, h.shape, h.dtype.Size)
	}
	if h.dtype.Kind == Bool {
		normalizeBools(data)
	}
	return &Array{DType: h.dtype, Shape: h.shape, Data: data}, nil
}

// readAtMost reads up to n bytes from r, fewer only at the end of the
// input. The buffer grows as bytes arrive, so a length claimed by a
// corrupt header costs nothing unless the bytes are really there, and it
// never grows past n, so a large array is not held twice over.
func readAtMost(r io.Reader, n int) ([]byte, error) {
	const initial = 1 << 20
	buf := make([]byte, 0, min(n, initial))
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, min(n-len(buf), cap(buf)))
		}
		m, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// ReadFile reads the array in the .npy file at path. Errors about the
// file's contents are *Error values naming path.
func ReadFile(path string) (*Array, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *os.PathError names the file
	}
	defer f.Close()
	a, err := Read(bufio.NewReader(f))
	return a, withFile(err, path)
}

// withFile names path in err if it is an *Error.
func withFile(err error, path string) error {
	var e *Error
	if errors.As(err, &e) && e.File == "" {
		e.File = path
	}
	return err
}

// Write writes a to w as np.save would: a version 1.0 header (2.0 if the
// header needs more than 65535 bytes), little-endian C order. Boolean
// elements other than 0 are written as 1. Errors are *Error values.
func Write(w io.Writer, a *Array) error {
	if err := a.Validate(); err != nil {
		return err
	}
	hdr, err := formatHeader(a.DType, a.Shape)
	if err != nil {
		return errorf("%v", err)
	}
	if _, err := w.Write(hdr); err != nil {
		return &Error{Msg: "writing the header", Err: err}
	}
	data := a.Data
	if a.DType.Kind == Bool && !isNormalizedBools(data) {
		data = bytes.Clone(data)
		normalizeBools(data)
	}
	if _, err := w.Write(data); err != nil {
		return &Error{Msg: "writing the data", Err: err}
	}
	return nil
}

// WriteFile writes a to the file at path, creating or truncating it. The
// array is validated before the file is touched; if writing fails, the
// partial file is removed. Errors are *Error values naming path, or the
// *os.PathError from creating the file.
func WriteFile(path string, a *Array) error {
	if err := a.Validate(); err != nil {
		return withFile(err, path)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = Write(bw, a)
	if err == nil {
		if err = bw.Flush(); err != nil {
			err = &Error{Msg: "writing the data", Err: err}
		}
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = &Error{Msg: "closing the file", Err: cerr}
	}
	if err != nil {
		os.Remove(path)
		return withFile(err, path)
	}
	return nil
}
