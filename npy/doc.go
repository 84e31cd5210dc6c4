// Package npy reads and writes NumPy `.npy` files, the input and output
// format of `bcast-run` (docs/SPEC.md §7: `--input a.npy`, `--output-dir DIR`
// writes `result0.npy`, ...).
//
//	a, err := npy.ReadFile("x.npy")   // any supported dtype, order, version
//	xs, err := a.Float64s()
//	b, err := npy.FromFloat32([]int64{3, 4}, vals)
//	err = npy.WriteFile("result0.npy", b)
//
// An Array is always held in one canonical layout: elements packed
// little-endian in C (row-major) order, whatever the file said. Reading
// therefore converts big-endian data to little-endian and transposes
// Fortran-order data to C order; booleans are normalised to 0 and 1.
// Writing always produces what numpy's np.save would write for the same
// array, byte for byte: a version 1.0 header (2.0 only if the header does
// not fit in 65535 bytes), little-endian C order, the header dict padded
// with spaces and a newline so that the data starts at a multiple of 64
// bytes.
//
// Supported: format versions 1.0, 2.0 and 3.0; dtypes bool (`|b1`),
// int8..int64 (`i1`..`i8`), uint8..uint64 (`u1`..`u8`),
// float16/32/64 (`f2`, `f4`, `f8`) and complex64/128 (`c8`, `c16`: real
// then imaginary part, each part byte-swapped on its own in a `>` file)
// with byte order `<`, `>`, `|` or `=`
// (`=` and `|` read as little-endian); any rank, including rank 0 and
// arrays with a zero dimension. The header dict is parsed as the Python
// literal it is (any key order, any whitespace, trailing commas, `(3,)`,
// `()`, Python 2's `3L`), not matched against numpy's exact spelling.
// Not supported, with an error saying so: long double (`f16`, `c32`),
// string, datetime, structured and object (pickled) arrays.
//
// Errors are *Error values: one line naming the file (for ReadFile and
// WriteFile) and what was expected and found, e.g.
//
//	npy: x.npy: truncated data: shape (3, 4) of <f4 needs 48 bytes, found 20
//
// (a file that cannot be opened or created gives os's *PathError, which
// names the file too). Reading stays cheap on hostile input: buffers grow
// only as bytes arrive, the header is limited to 1 MiB, and FuzzRead
// checks that Read never panics.
//
// Files: npy.go (Array, Read, Write, Error), header.go (the header's
// prefix, dict and numpy-exact formatting), literal.go (the Python literal
// parser for the dict), dtype.go (DType and descr strings), layout.go
// (byte swapping and Fortran-to-C transposition), convert.go (typed
// constructors and accessors, float16 conversion).
//
// The package owns the file format only. It depends on nothing but the
// standard library and must not depend on the IR, the interpreter or the
// passes: mapping a DType to a tensor element type is the caller's job.
package npy
