package npy

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, that its errors are one-line
// *Error values, and that whatever it accepts is a valid array that
// survives Write and Read unchanged.
//
//	go test ./npy -run '^$' -fuzz FuzzRead -fuzztime 30s
func FuzzRead(f *testing.F) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, dt := range DTypes {
		for _, shape := range [][]int64{{}, {3}, {2, 0}, {2, 3}} {
			var buf bytes.Buffer
			if err := Write(&buf, randomArray(f, rng, dt, shape)); err != nil {
				f.Fatal(err)
			}
			f.Add(buf.Bytes())
		}
	}
	for _, seed := range []struct {
		major byte
		text  string
		data  []byte
	}{
		{1, "{'descr': '>f4', 'fortran_order': True, 'shape': (2, 3), }\n", make([]byte, 24)},
		{2, "{'shape': (2, 1, 2,), \"descr\": '<i2', 'fortran_order': True}", make([]byte, 8)},
		{3, "{'descr': '|b1', 'fortran_order': False, 'shape': (3L,)}", []byte{0, 2, 1}},
		{1, "{'descr': '<c8', 'fortran_order': False, 'shape': ()}", nil},
		{1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}", nil},
		{1, "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775807, 2)}", nil},
	} {
		f.Add(rawFile(seed.major, 0, seed.text, seed.data))
	}
	f.Add([]byte{})
	f.Add([]byte(magic))
	f.Add([]byte("\x93NUMPY\x01\x00\xff\xff{"))

	f.Fuzz(func(t *testing.T, file []byte) {
		a, err := Read(bytes.NewReader(file))
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %q is a %T; want *npy.Error", err, err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "npy: ") || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line starting with \"npy: \": %q", msg)
			}
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("Read returned an invalid array: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, a); err != nil {
			t.Fatalf("Write of what Read returned: %v", err)
		}
		b, err := Read(&buf)
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v", err)
		}
		if b.DType != a.DType || !slices.Equal(b.Shape, a.Shape) || !bytes.Equal(b.Data, a.Data) {
			t.Fatalf("round trip changed %s into %s", a, b)
		}
		if a.DType.Kind == Complex {
			if _, err := a.Complex128s(); err != nil {
				t.Fatalf("Complex128s: %v", err)
			}
		} else if _, err := a.Float64s(); err != nil {
			t.Fatalf("Float64s: %v", err)
		}
	})
}
