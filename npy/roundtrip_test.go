package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// testShapes covers ranks 0 to 4, with and without zero dims.
var testShapes = [][]int64{
	{}, {0}, {1}, {5}, {2, 3}, {3, 0}, {2, 0, 3}, {2, 3, 4}, {1, 2, 3, 2}, {2, 2, 0, 2},
}

// randomArray returns an array of dt and shape with random data (0 or 1
// for bool).
func randomArray(t testing.TB, rng *rand.Rand, dt DType, shape []int64) *Array {
	a, err := New(dt, shape)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Data {
		a.Data[i] = byte(rng.IntN(256))
		if dt.Kind == Bool {
			a.Data[i] &= 1
		}
	}
	return a
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dt := range DTypes {
		for _, shape := range testShapes {
			t.Run(fmt.Sprintf("%s%s", dt.Name(), shapeRepr(shape)), func(t *testing.T) {
				a := randomArray(t, rng, dt, shape)
				var buf bytes.Buffer
				if err := Write(&buf, a); err != nil {
					t.Fatal(err)
				}
				b := buf.Bytes()
				if !bytes.HasPrefix(b, []byte(magic+"\x01\x00")) {
					t.Fatalf("file starts %q; want magic and version 1.0", b[:min(len(b), 8)])
				}
				dataStart := 10 + int(binary.LittleEndian.Uint16(b[8:]))
				if dataStart%headerAlign != 0 || b[dataStart-1] != '\n' {
					t.Errorf("data starts at %d after %q; want a multiple of %d after a newline", dataStart, b[dataStart-1], headerAlign)
				}
				if !bytes.Equal(b[dataStart:], a.Data) {
					t.Errorf("data written differs from the array's")
				}
				back, err := Read(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if back.DType != dt || !slices.Equal(back.Shape, shape) || !bytes.Equal(back.Data, a.Data) {
					t.Errorf("read back %s with %d bytes; want %s with %d bytes", back, len(back.Data), a, len(a.Data))
				}
				if back.Shape == nil {
					t.Errorf("rank-0 shape read back as nil; want an empty slice")
				}
			})
		}
	}
}

func TestWriteFileReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.npy")
	a, err := FromFloat64([]int64{2, 2}, []float64{1, -2.5, math.Inf(1), 0})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, a); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := back.Float64s()
	if want := []float64{1, -2.5, math.Inf(1), 0}; !slices.Equal(got, want) {
		t.Errorf("ReadFile = %v; want %v", got, want)
	}

	bad := &Array{DType: DTypeFloat32, Shape: []int64{3}, Data: make([]byte, 8)}
	err = WriteFile(path, bad)
	if want := "npy: " + path + ": data has 8 bytes; shape (3,) of <f4 needs 12"; err == nil || err.Error() != want {
		t.Errorf("WriteFile(bad) = %v; want %q", err, want)
	}
}

func TestWriteRejects(t *testing.T) {
	cases := []struct {
		name string
		a    *Array
		want string
	}{
		{"nil", nil, "npy: nil array"},
		{"bad dtype", &Array{DType: DType{Float, 16}}, "npy: unsupported dtype: invalid dtype (kind float, size 16)"},
		{"no kind", &Array{DType: DType{}}, "unsupported dtype"},
		{"negative dim", &Array{DType: DTypeInt8, Shape: []int64{2, -1}}, "npy: shape (2, -1) has a negative dimension -1"},
		{"short data", &Array{DType: DTypeInt16, Shape: []int64{2, 2}, Data: make([]byte, 7)}, "npy: data has 7 bytes; shape (2, 2) of <i2 needs 8"},
		{"data for empty", &Array{DType: DTypeInt16, Shape: []int64{0}, Data: make([]byte, 2)}, "data has 2 bytes; shape (0,) of <i2 needs 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, c.a)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Write = %v; want an error containing %q", err, c.want)
			}
			if buf.Len() != 0 {
				t.Errorf("Write wrote %d bytes before failing", buf.Len())
			}
		})
	}
}

func TestReadFortranOrder(t *testing.T) {
	// The C-order array arange(24).reshape(2, 3, 4) stored in Fortran
	// order: the first index varies fastest.
	shape := []int64{2, 3, 4}
	var fortran []byte
	for k := range 4 {
		for j := range 3 {
			for i := range 2 {
				fortran = binary.LittleEndian.AppendUint16(fortran, uint16(i*12+j*4+k))
			}
		}
	}
	text := "{'descr': '<u2', 'fortran_order': True, 'shape': (2, 3, 4), }\n"
	a, err := Read(bytes.NewReader(rawFile(1, 0, text, fortran)))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := a.Int64s()
	for i, v := range got {
		if v != int64(i) {
			t.Fatalf("element %d = %d; want %d (data %v)", i, v, i, got)
		}
	}
	if !slices.Equal(a.Shape, shape) {
		t.Errorf("shape %v; want %v", a.Shape, shape)
	}
}

func TestReadBigEndian(t *testing.T) {
	cases := []struct {
		descr string
		data  []byte
		want  []float64
	}{
		{">i2", []byte{0xff, 0xfe, 0x01, 0x00}, []float64{-2, 256}},
		{">u4", []byte{0, 0, 1, 0, 0xff, 0xff, 0xff, 0xff}, []float64{256, math.MaxUint32}},
		{">i8", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd, 0, 0, 0, 0, 0, 0, 0, 7}, []float64{-3, 7}},
		{">f2", []byte{0x3c, 0x00, 0xc0, 0x00}, []float64{1, -2}},
		{">f4", []byte{0x3f, 0x80, 0, 0, 0xc0, 0x20, 0, 0}, []float64{1, -2.5}},
		{">f8", []byte{0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0}, []float64{1, math.Inf(1)}},
		{">u1", []byte{7, 200}, []float64{7, 200}},
		{"|b1", []byte{0, 5}, []float64{0, 1}},
	}
	for _, c := range cases {
		text := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (2,), }\n", c.descr)
		a, err := Read(bytes.NewReader(rawFile(1, 0, text, c.data)))
		if err != nil {
			t.Errorf("%s: %v", c.descr, err)
			continue
		}
		got, _ := a.Float64s()
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: read %v; want %v", c.descr, got, c.want)
		}
	}
}

func TestReadLeavesTrailingBytes(t *testing.T) {
	text := "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }\n"
	r := bytes.NewReader(rawFile(1, 0, text, []byte{1, 2, 3, 4}))
	a, err := Read(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Data, []byte{1, 2}) || r.Len() != 2 {
		t.Errorf("read %v leaving %d bytes; want [1 2] leaving 2", a.Data, r.Len())
	}
}

func TestWriteNormalizesBools(t *testing.T) {
	a := &Array{DType: DTypeBool, Shape: []int64{3}, Data: []byte{0, 7, 1}}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	if got := buf.Bytes()[buf.Len()-3:]; !bytes.Equal(got, []byte{0, 1, 1}) {
		t.Errorf("wrote %v; want [0 1 1]", got)
	}
	if !bytes.Equal(a.Data, []byte{0, 7, 1}) {
		t.Errorf("Write changed the caller's data to %v", a.Data)
	}
}

// TestHostileInputsAreCheap reads inputs that would take minutes if
// parsing or transposing were quadratic in the header size.
func TestHostileInputsAreCheap(t *testing.T) {
	var keys strings.Builder
	keys.WriteString("{")
	for i := range 80000 {
		fmt.Fprintf(&keys, "'k%d': 0, ", i)
	}
	keys.WriteString("}")
	if _, err := Read(bytes.NewReader(rawFile(2, 0, keys.String(), nil))); err == nil || !strings.Contains(err.Error(), "unexpected key 'k0'") {
		t.Errorf("80000 keys: %v", err)
	}

	// Fortran order with a long first dim followed by many unit dims.
	const n, unitDims = 100000, 100000
	text := "{'descr': '|u1', 'fortran_order': True, 'shape': (" + fmt.Sprint(n) + strings.Repeat(", 1", unitDims) + ")}"
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(i)
	}
	a, err := Read(bytes.NewReader(rawFile(2, 0, text, data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Shape) != unitDims+1 || !bytes.Equal(a.Data, data) {
		t.Errorf("read rank %d; want rank %d with the data unchanged", len(a.Shape), unitDims+1)
	}
	if s := a.String(); len(s) > 120 {
		t.Errorf("String() is %d bytes long; want it shortened", len(s))
	}
}

// TestReadLargeInPieces reads an array bigger than readAtMost's first
// buffer through readers that return few bytes at a time, or the data
// together with io.EOF.
func TestReadLargeInPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	a := randomArray(t, rng, DTypeFloat32, []int64{3, 1000, 1001})
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]io.Reader{
		"half":     iotest.HalfReader(bytes.NewReader(buf.Bytes())),
		"data+EOF": iotest.DataErrReader(bytes.NewReader(buf.Bytes())),
	} {
		back, err := Read(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(back.Data, a.Data) || cap(back.Data) > len(a.Data)+len(a.Data)/8 {
			t.Errorf("%s: read %d bytes (capacity %d); want the %d bytes written", name, len(back.Data), cap(back.Data), len(a.Data))
		}
	}
	failing := io.MultiReader(bytes.NewReader(buf.Bytes()[:200]), iotest.ErrReader(errors.New("disk on fire")))
	_, err := Read(failing)
	if err == nil || err.Error() != "npy: reading the data: disk on fire" {
		t.Errorf("Read from a failing reader = %v; want the I/O error", err)
	}
}
