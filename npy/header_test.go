package npy

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseHeader(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		dtype   DType
		big     bool
		fortran bool
		shape   []int64
	}{
		{"numpy's own", "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }                    \n", DTypeFloat32, false, false, []int64{3, 4}},
		{"key order", "{'shape': (3, 4), 'descr': '<f4', 'fortran_order': False}", DTypeFloat32, false, false, []int64{3, 4}},
		{"double quotes", `{"descr": "<i8", "fortran_order": False, "shape": (2,)}`, DTypeInt64, false, false, []int64{2}},
		{"no spaces", "{'descr':'<u2','fortran_order':True,'shape':(1,2,3)}", DTypeUint16, false, true, []int64{1, 2, 3}},
		{"whitespace everywhere", " \t{ 'descr' :\n'<f8' ,\r\n 'fortran_order' : False ,'shape' : ( 3 , 4 , ) , }\n", DTypeFloat64, false, false, []int64{3, 4}},
		{"1-tuple", "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", DTypeFloat32, false, false, []int64{3}},
		{"1-tuple with space", "{'descr': '<f4', 'fortran_order': False, 'shape': (3 ,), }", DTypeFloat32, false, false, []int64{3}},
		{"rank 0", "{'descr': '|b1', 'fortran_order': False, 'shape': (), }", DTypeBool, false, false, []int64{}},
		{"zero dim", "{'descr': '|i1', 'fortran_order': False, 'shape': (2, 0), }", DTypeInt8, false, false, []int64{2, 0}},
		{"big-endian", "{'descr': '>i8', 'fortran_order': False, 'shape': (2,), }", DTypeInt64, true, false, []int64{2}},
		{"big-endian one byte", "{'descr': '>u1', 'fortran_order': False, 'shape': (2,), }", DTypeUint8, false, false, []int64{2}},
		{"native order", "{'descr': '=u4', 'fortran_order': False, 'shape': (2,), }", DTypeUint32, false, false, []int64{2}},
		{"not applicable order", "{'descr': '|f2', 'fortran_order': False, 'shape': (2,), }", DTypeFloat16, false, false, []int64{2}},
		{"no order", "{'descr': 'f8', 'fortran_order': False, 'shape': (2,), }", DTypeFloat64, false, false, []int64{2}},
		{"bool with order", "{'descr': '<b1', 'fortran_order': False, 'shape': (2,), }", DTypeBool, false, false, []int64{2}},
		{"python 2 longs", "{'descr': '<i4', 'fortran_order': False, 'shape': (3L, 4L), }", DTypeInt32, false, false, []int64{3, 4}},
		{"python 2 unicode", "{u'descr': u'<i2', u'fortran_order': False, u'shape': (3,), }", DTypeInt16, false, false, []int64{3}},
		{"fortran", "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 4), }", DTypeFloat32, false, true, []int64{3, 4}},
		{"repeated key keeps the last", "{'descr': '<c8', 'descr': '<f4', 'fortran_order': False, 'shape': ()}", DTypeFloat32, false, false, []int64{}},
		{"parenthesized value", "{'descr': ('<f4'), 'fortran_order': (False), 'shape': ((3,)), }", DTypeFloat32, false, false, []int64{3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := parseHeader(c.text)
			if err != nil {
				t.Fatalf("parseHeader(%q): %v", c.text, err)
			}
			if h.dtype != c.dtype || h.bigEndian != c.big || h.fortran != c.fortran || !slices.Equal(h.shape, c.shape) {
				t.Errorf("parseHeader(%q) = %s big=%v fortran=%v shape=%v; want %s big=%v fortran=%v shape=%v",
					c.text, h.dtype, h.bigEndian, h.fortran, h.shape, c.dtype, c.big, c.fortran, c.shape)
			}
		})
	}
}

func TestParseHeaderErrors(t *testing.T) {
	dict := func(descr, fortran, shape string) string {
		return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + ", }"
	}
	cases := []struct {
		name string
		text string
		want string
	}{
		{"empty", "", "cannot parse header"},
		{"not a dict", "[1, 2]", "header is not a dict"},
		{"missing shape", "{'descr': '<f4', 'fortran_order': False}", "header has no 'shape' key"},
		{"missing descr", "{'shape': (), 'fortran_order': False}", "header has no 'descr' key"},
		{"extra key", "{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}", "unexpected key 'x'"},
		{"long double complex", dict("'<c32'", "False", "(3,)"), `unsupported dtype "<c32" (extended-precision complex)`},
		{"object", dict("'|O'", "False", "(3,)"), `unsupported dtype "|O" (object array`},
		{"object bare", dict("'O'", "False", "(3,)"), "object array"},
		{"unicode string", dict("'<U3'", "False", "(3,)"), "(string)"},
		{"datetime", dict("'<M8[ns]'", "False", "(3,)"), "datetime"},
		{"long double", dict("'<f16'", "False", "(3,)"), "extended-precision float"},
		{"odd int size", dict("'<i3'", "False", "(3,)"), "no such size"},
		{"wide bool", dict("'<b2'", "False", "(3,)"), "no such size"},
		{"no size", dict("'<i'", "False", "(3,)"), "no such size"},
		{"empty descr", dict("''", "False", "(3,)"), "is not a dtype"},
		{"structured", dict("[('a', '<f4'), ('b', '<i4')]", "False", "(3,)"), "structured arrays"},
		{"descr not a string", dict("4", "False", "(3,)"), "descr 4 is not a dtype string"},
		{"fortran not bool", dict("'<f4'", "0", "(3,)"), "fortran_order 0 is not True or False"},
		{"shape not a tuple", dict("'<f4'", "False", "(3)"), "shape 3 is not a tuple"},
		{"shape is a list", dict("'<f4'", "False", "[3, 4]"), "shape [3, 4] is not a tuple"},
		{"negative dim", dict("'<f4'", "False", "(3, -1)"), "shape (3, -1) has a negative dimension -1"},
		{"huge negative dim", dict("'<f4'", "False", "(-99999999999999999999,)"), "negative dimension"},
		{"huge dim", dict("'<f4'", "False", "(99999999999999999999,)"), "too large for int64"},
		{"float dim", dict("'<f4'", "False", "(3.0,)"), "expected a decimal integer"},
		{"string dim", dict("'<f4'", "False", "('a',)"), "non-integer dimension 'a'"},
		{"None dim", dict("'<f4'", "False", "(None,)"), "non-integer dimension None"},
		{"unterminated string", "{'descr': '<f4, 'fortran_order': False, 'shape': (), }", `expected ',' or '}', found "fortran_orde..."`},
		{"string to the end", "{'descr': '<f4", "string literal not terminated"},
		{"missing colon", "{'descr' '<f4'}", "expected ':' after key 'descr'"},
		{"missing comma", "{'descr': '<f4' 'shape': ()}", "expected ',' or '}'"},
		{"unclosed dict", "{'descr': '<f4',", "found end of header"},
		{"unclosed tuple", dict("'<f4'", "False", "(3, 4"), `expected a value, found "}"`},
		{"tuple closed by bracket", dict("'<f4'", "False", "(3, 4]"), "expected ',' or ')', found \"]"},
		{"double comma", dict("'<f4'", "False", "(3,,)"), `found ",)`},
		{"lone comma", dict("'<f4'", "False", "(,)"), "expected a value"},
		{"non-string key", "{1: 2}", "dict key 1 is not a string"},
		{"unknown name", dict("'<f4'", "false", "(3,)"), `unexpected name "false"`},
		{"trailing garbage", "{'descr': '<f4', 'fortran_order': False, 'shape': ()} x", "after the dict"},
		{"two dicts", "{} {}", "after the dict"},
		{"deep nesting", dict("'<f4'", "False", strings.Repeat("(", 100)+strings.Repeat(")", 100)), "nested more than 32 deep"},
		{"newline in key", "{'desc\\nr': 1}", `unexpected key 'desc\nr'`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseHeader(c.text)
			if err == nil {
				t.Fatalf("parseHeader(%q) succeeded; want an error containing %q", c.text, c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("parseHeader(%q) = %q; want it to contain %q", c.text, err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

// rawFile builds a .npy file from its parts without any checking, so that
// tests can write what np.save never would.
func rawFile(major, minor byte, text string, data []byte) []byte {
	b := append([]byte(magic), major, minor)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(text)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(text)))
	}
	b = append(b, text...)
	return append(b, data...)
}

func TestReadErrors(t *testing.T) {
	f4x34 := "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }\n"
	lenField := func(n uint32) []byte {
		return binary.LittleEndian.AppendUint32([]byte(magic+"\x02\x00"), n)
	}
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "npy: empty input (not a .npy file)"},
		{"bad magic", []byte("PK\x03\x04 this is a zip file"), `npy: not a .npy file: starts with "PK\x03\x04 t", want "\x93NUMPY"`},
		{"short bad magic", []byte("NU"), `not a .npy file: starts with "NU"`},
		{"truncated magic", []byte("\x93NUM"), "npy: truncated header: file ends after 4 bytes"},
		{"truncated length", []byte(magic + "\x01\x00\x10"), "npy: truncated header: file ends after 9 bytes"},
		{"version 4.0", rawFile(4, 0, f4x34, nil), "npy: unsupported format version 4.0 (supported: 1.0, 2.0, 3.0)"},
		{"version 1.1", rawFile(1, 1, f4x34, nil), "unsupported format version 1.1"},
		{"header too long", lenField(maxHeaderLen + 1), "npy: header too long: 1048577 bytes (the limit is 1048576)"},
		{"truncated header", append(lenField(200), f4x34...), "npy: truncated header: expected 200 bytes, found 60"},
		{"bad header", rawFile(1, 0, "{'descr': '<f4'", nil), "npy: cannot parse header"},
		{"unsupported dtype", rawFile(3, 0, "{'descr': '<c32', 'fortran_order': False, 'shape': (1,)}", nil), `npy: unsupported dtype "<c32" (extended-precision complex)`},
		{"truncated data", rawFile(1, 0, f4x34, make([]byte, 20)), "npy: truncated data: shape (3, 4) of <f4 needs 48 bytes, found 20"},
		{"no data", rawFile(2, 0, "{'descr': '>i8', 'fortran_order': True, 'shape': (2, 2)}", nil), "truncated data: shape (2, 2) of >i8 needs 32 bytes, found 0"},
		{"negative dim", rawFile(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (-3,)}", nil), "npy: shape (-3,) has a negative dimension -3"},
		{"size overflow", rawFile(1, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296)}", nil), "npy: shape (4294967296, 4294967296) of <f8 is too large"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := Read(bytes.NewReader(c.file))
			if err == nil {
				t.Fatalf("Read succeeded (%s); want an error containing %q", a, c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("Read error %q; want it to contain %q", err, c.want)
			}
			if _, ok := err.(*Error); !ok {
				t.Errorf("Read error is a %T; want *npy.Error", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestReadFileNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "short.npy")
	text := "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }\n"
	if err := os.WriteFile(path, rawFile(1, 0, text, make([]byte, 20)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path)
	want := "npy: " + path + ": truncated data: shape (3, 4) of <f4 needs 48 bytes, found 20"
	if err == nil || err.Error() != want {
		t.Errorf("ReadFile error = %v; want %q", err, want)
	}

	missing := filepath.Join(t.TempDir(), "missing.npy")
	if _, err := ReadFile(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("ReadFile(missing) error = %v; want it to name %s", err, missing)
	}
}

func TestFormatHeaderMatchesNumpy(t *testing.T) {
	// np.save's bytes up to the end of the header, from numpy 1.24.
	cases := []struct {
		dtype DType
		shape []int64
		want  string
	}{
		{DTypeFloat32, []int64{3, 4}, "\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }" + strings.Repeat(" ", 58) + "\n"},
		{DTypeBool, []int64{}, "\x93NUMPY\x01\x00v\x00{'descr': '|b1', 'fortran_order': False, 'shape': (), }" + strings.Repeat(" ", 62) + "\n"},
		{DTypeInt8, []int64{0}, "\x93NUMPY\x01\x00v\x00{'descr': '|i1', 'fortran_order': False, 'shape': (0,), }" + strings.Repeat(" ", 60) + "\n"},
	}
	for _, c := range cases {
		got, err := formatHeader(c.dtype, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("formatHeader(%s, %v) =\n%q\nwant\n%q", c.dtype, c.shape, got, c.want)
		}
	}
}

func TestLongHeaderUsesVersion2(t *testing.T) {
	shape := make([]int64, 30000) // "1, " each: more than 65535 bytes
	for i := range shape {
		shape[i] = 1
	}
	a, err := FromFloat32(shape, []float32{2.5})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if b[6] != 2 || b[7] != 0 {
		t.Fatalf("version %d.%d; want 2.0", b[6], b[7])
	}
	if hlen := 12 + int(binary.LittleEndian.Uint32(b[8:])); hlen%headerAlign != 0 || b[hlen-1] != '\n' {
		t.Errorf("header ends at %d (byte %q); want a multiple of %d ending in a newline", hlen, b[hlen-1], headerAlign)
	}
	back, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Shape, shape) || !bytes.Equal(back.Data, a.Data) {
		t.Errorf("round trip changed the array: %d dims, data %v", len(back.Shape), back.Data)
	}
}

// bfloat16 data comes as numpy's raw '<V2' (np.save of an
// ml_dtypes.bfloat16 array) or under the descr 'bfloat16'; other raw
// sizes are read as bytes, and 'V' without a size is refused.
func TestBFloat16Descrs(t *testing.T) {
	for _, c := range []struct {
		descr string
		want  DType
	}{{"<V2", DTypeVoid2}, {"|V2", DTypeVoid2}, {"bfloat16", DTypeBFloat16}, {"<bfloat16", DTypeBFloat16}, {"|V8", DType{Void, 8}}} {
		dt, big, err := parseDescr(c.descr)
		if err != nil || big || dt != c.want {
			t.Errorf("parseDescr(%q) = %v, %v, %v; want %v", c.descr, dt, big, err, c.want)
		}
	}
	if _, _, err := parseDescr("|V"); err == nil {
		t.Error(`parseDescr("|V"): no error`)
	}
	a := &Array{DType: DTypeBFloat16, Shape: []int64{2}, Data: []byte{0x80, 0x3F, 0xCD, 0x3D}}
	got, err := a.Float64s()
	if err != nil || got[0] != 1 || got[1] != 0.10009765625 {
		t.Errorf("bfloat16 Float64s = %v, %v", got, err)
	}
	if _, err := (&Array{DType: DTypeVoid2, Shape: []int64{1}, Data: []byte{0, 0}}).Float64s(); err == nil {
		t.Error("Float64s of raw bytes: no error")
	}
	if DTypeBFloat16.Name() != "bfloat16" || DTypeBFloat16.String() != "bfloat16" || DTypeVoid2.String() != "|V2" {
		t.Errorf("names: %s %s %s", DTypeBFloat16.Name(), DTypeBFloat16, DTypeVoid2)
	}
}
