package ir_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// floatCase is one float value of one type, given by its bits.
type floatCase struct {
	t    *ir.FloatType
	bits uint64
}

func (c floatCase) value() float64 { return ir.FloatFromBits(c.bits, c.t.Kind) }

// hexLiteral is the value as an MLIR hex float literal, which both parsers
// read exactly (a decimal literal would test the parsers too).
func (c floatCase) hexLiteral() string {
	return fmt.Sprintf("0x%0*X", c.t.Width()/4, c.bits)
}

// floatEdgeCases returns values chosen to hit each branch of APFloat's
// toString and MLIR's printFloatValue for type t: zeros, subnormals,
// extremes, powers of two and ten and their neighbours, integers (printed
// with and without a '.', or in hex), short decimals and their neighbours
// (round-trip boundaries of the six-digit form), values whose digits
// end in 5, 9s that carry, and NaN and infinities.
func floatEdgeCases(t *ir.FloatType) []floatCase {
	k := t.Kind
	var out []floatCase
	seen := map[uint64]bool{}
	mask := uint64(1)<<t.Width() - 1
	if t.Width() == 64 {
		mask = math.MaxUint64
	}
	addBits := func(b uint64) {
		b &= mask
		if !seen[b] {
			seen[b] = true
			out = append(out, floatCase{t, b})
		}
	}
	add := func(v float64) {
		r := ir.RoundToFloatType(v, k)
		b := ir.FloatBits(r, k)
		for _, bb := range []uint64{b, b + 1, b - 1, b + 2, b - 2} {
			for _, s := range []uint64{0, 1 << (t.Width() - 1)} {
				bb := (bb &^ (1 << (t.Width() - 1))) | s
				if v := ir.FloatFromBits(bb&mask, k); !math.IsNaN(v) {
					addBits(bb)
				}
			}
		}
	}
	addBits(0)
	addBits(1 << (t.Width() - 1)) // -0
	for i := uint64(1); i < 40; i++ {
		addBits(i) // smallest subnormals
	}
	addBits(ir.FloatBits(math.Inf(1), k))
	addBits(ir.FloatBits(math.Inf(-1), k))
	addBits(ir.FloatBits(math.NaN(), k))
	maxF := map[ir.FloatKind]float64{ir.F16: 65504, ir.BF16: 3.3895313892515355e38, ir.F32: math.MaxFloat32, ir.F64: math.MaxFloat64}[k]
	add(maxF)
	for e := -1100; e <= 1030; e++ {
		add(math.Ldexp(1, e))
		add(math.Ldexp(3, e))
	}
	for e := -330; e <= 310; e++ {
		p := math.Pow(10, float64(e))
		add(p)
		add(5 * p)
		add(9.99999 * p)
		add(9.999999 * p)
		add(1.000005 * p)
		add(1.0000005 * p)
		add(1.234565 * p)
		add(4.7377105 * p)
	}
	for i := int64(1); i < 1<<12; i = i*3 + 1 {
		add(float64(i))
		add(float64(i) + 0.5)
		add(float64(i) / 1000)
	}
	for _, v := range []float64{
		9452707, 801826340864, 6.49546128e-12, 72.5852585, 4.73771e3,
		16777215, 16777216, 16777217, 123456789, 1e7, 12345678, 9999999,
		99999999, 999999999, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, math.Pi, math.E,
		1e-5, 1e-7, 3.4028234e38, 1.17549435e-38, 1.4e-45, 2.2250738585072014e-308,
		4.9406564584124654e-324, 65504, 6.1035156e-05, 5.9604645e-08, 0.00048828125,
		9007199254740993, 4503599627370497, 1.7976931348623157e308,
	} {
		add(v)
	}
	return out
}

// randomFloatCases returns n random values of type t: random bit patterns
// (every magnitude), random short decimals rounded to t (near the
// six-digit form's round-trip boundary) and random integers.
func randomFloatCases(t *ir.FloatType, n int, rng *rand.Rand) []floatCase {
	k := t.Kind
	out := make([]floatCase, 0, n)
	for len(out) < n {
		var v float64
		switch rng.IntN(4) {
		case 0, 1:
			v = ir.FloatFromBits(rng.Uint64(), k)
		case 2:
			digits := rng.IntN(10) + 1
			m := rng.Int64N(int64(math.Pow10(digits)))
			v = float64(m) * math.Pow(10, float64(rng.IntN(80)-40))
		case 3:
			v = float64(rng.Int64N(1 << uint(rng.IntN(60)+1)))
		}
		if rng.IntN(2) == 0 {
			v = -v
		}
		v = ir.RoundToFloatType(v, k)
		if math.IsNaN(v) {
			continue
		}
		out = append(out, floatCase{t, ir.FloatBits(v, k)})
	}
	return out
}

var floatTypes = []*ir.FloatType{ir.F16T, ir.BF16T, ir.F32T, ir.F64T}

// TestFloatPrintingMatchesMLIR prints, through mlir-opt-19 and through us,
// every f16 and bf16 value and, for f32 and f64, edge cases and a few
// thousand random values each, as float attributes, and requires the same
// text. It also checks that the same spelling is used for f64 in arrays
// (type elided), dense elements (lists and splats) and dense arrays.
func TestFloatPrintingMatchesMLIR(t *testing.T) {
	tool := mlirOpt(t)
	rng := rand.New(rand.NewPCG(1, 2))
	var cases []floatCase
	for _, ft := range floatTypes {
		if ft.Width() == 16 {
			for b := uint64(0); b < 1<<16; b++ {
				if c := (floatCase{ft, b}); !math.IsNaN(c.value()) || b == ir.FloatBits(math.NaN(), ft.Kind) {
					cases = append(cases, c)
				}
			}
			continue
		}
		cases = append(cases, floatEdgeCases(ft)...)
		cases = append(cases, randomFloatCases(ft, 4000, rng)...)
	}
	var src strings.Builder
	for _, c := range cases {
		fmt.Fprintf(&src, "\"test.op\"() {v = %s : %s} : () -> ()\n", c.hexLiteral(), c.t)
	}
	// Other places that print floats, a few values at a time.
	var others []string
	for i := 0; i+3 < len(cases); i += 97 {
		a, b, c := cases[i], cases[i+1], cases[i+2]
		if a.t != b.t || a.t != c.t {
			continue
		}
		ty := a.t.String()
		others = append(others,
			fmt.Sprintf("dense<[%s, %s, %s]> : tensor<3x%s>", a.hexLiteral(), b.hexLiteral(), c.hexLiteral(), ty),
			fmt.Sprintf("dense<%s> : tensor<2x%s>", a.hexLiteral(), ty),
			fmt.Sprintf("array<%s: %s, %s>", ty, a.hexLiteral(), b.hexLiteral()),
			fmt.Sprintf("[%s : %s, %s : f64]", a.hexLiteral(), ty, floatCase{ir.F64T, ir.FloatBits(a.value(), ir.F64)}.hexLiteral()),
		)
	}
	for _, o := range others {
		fmt.Fprintf(&src, "\"test.op\"() {v = %s} : () -> ()\n", o)
	}

	m, err := ir.Parse("floats.mlir", []byte(src.String()), ir.ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	ours := ir.PrintString(m, ir.PrintOptions{Generic: true})
	cmd := exec.Command(tool, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
	cmd.Stdin = strings.NewReader(src.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	theirs, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-19: %v\n%s", err, stderr.String())
	}
	ol, tl := opLines(ours), opLines(string(theirs))
	if len(ol) != len(tl) || len(ol) != len(cases)+len(others) {
		t.Fatalf("got %d lines from us, %d from mlir-opt-19, want %d", len(ol), len(tl), len(cases)+len(others))
	}
	bad := 0
	for i := range ol {
		if ol[i] == tl[i] {
			continue
		}
		bad++
		if bad <= 20 {
			what := ""
			if i < len(cases) {
				what = fmt.Sprintf(" (%s %s = %v)", cases[i].t, cases[i].hexLiteral(), cases[i].value())
			}
			t.Errorf("line %d%s:\nours:     %s\nmlir-opt: %s", i, what, ol[i], tl[i])
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ", bad, len(ol))
	}
	t.Logf("%d float values and %d other attributes printed as %s does", len(cases), len(others), tool)
}

// opLines returns the test.op lines of a printed module, trimmed.
func opLines(s string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); strings.HasPrefix(l, `"test.op"`) {
			out = append(out, l)
		}
	}
	return out
}

// pinnedFloats are mlir-opt-19's spellings of values that take each path
// of printFloatValue and APFloat::toString.
var pinnedFloats = []struct {
	t    *ir.FloatType
	bits uint64
	want string
}{
	// The short form, %e-like with six digits after the point (of which
	// the last is always 0: toString(6, 0, false) keeps six significant
	// digits), when it reads back to the same value.
	{ir.F32T, 0x00000000, "0.000000e+00"},
	{ir.F32T, 0x80000000, "-0.000000e+00"},
	{ir.F32T, 0x3F800000, "1.000000e+00"},
	{ir.F32T, 0xBFC00000, "-1.500000e+00"},
	{ir.F32T, 0x45940DAE, "4.737710e+03"},
	{ir.F32T, 0x3DCCCCCD, "1.000000e-01"},
	{ir.F32T, 0x3A83126F, "1.000000e-03"},
	{ir.F32T, 0x461C4000, "1.000000e+04"},
	{ir.F32T, 0x4CBEBC20, "1.000000e+08"},
	{ir.F32T, 0x00000001, "1.401300e-45"},
	{ir.F64T, 0x0000000000000000, "0.000000e+00"},
	{ir.F64T, 0x3FB999999999999A, "1.000000e-01"},
	{ir.F64T, 0x3EE4F8B588E368F1, "1.000000e-05"},
	{ir.F64T, 0x412E848000000000, "1.000000e+06"},
	{ir.F64T, 0x0000000000000001, "4.940660e-324"},
	{ir.F16T, 0x3C00, "1.000000e+00"},
	{ir.F16T, 0x8000, "-0.000000e+00"},
	{ir.F16T, 0x7BFF, "6.550400e+04"},
	{ir.F16T, 0x0001, "5.960460e-08"},
	{ir.F16T, 0x3555, "3.332520e-01"},
	{ir.BF16T, 0x3F80, "1.000000e+00"},
	{ir.BF16T, 0x7F7F, "3.389530e+38"},
	{ir.BF16T, 0x0001, "9.183550e-41"},
	{ir.BF16T, 0x3EAB, "3.339840e-01"},
	{ir.BF16T, 0x4B18, "9.961470e+06"},
	// Truncated, not rounded, to six digits: AdjustToPrecision drops
	// digits by integer division first (0.79443359375, 5.72265625).
	{ir.F16T, 0x3A5B, "7.944330e-01"},
	{ir.F16T, 0x45B9, "5.722650e+00"},
	// The default form, toString(): 2 + precision*59/196 digits (9 for
	// f32, 17 for f64), trailing zeros dropped, plain unless that needs
	// more than three padding zeros.
	{ir.F32T, 0x42912BA7, "72.5852585"},
	{ir.F32T, 0x3EAAAAAB, "0.333333343"},
	{ir.F32T, 0x40490FDB, "3.14159274"},
	{ir.F32T, 0x3C23D70A, "0.00999999977"},
	{ir.F32T, 0x3F7FFFFF, "0.99999994"},
	{ir.F32T, 0x3F800001, "1.00000012"},
	{ir.F32T, 0xC7A2EA20, "-83412.25"},
	{ir.F32T, 0x43B30F66, "358.1203"},
	{ir.F32T, 0x46E40990, "29188.7813"},
	{ir.F32T, 0xC8C614B2, "-405669.563"},
	{ir.F32T, 0x7F7FFFFF, "3.40282347E+38"},
	{ir.F32T, 0x00800000, "1.17549435E-38"},
	{ir.F32T, 0x807FFFFF, "-1.17549421E-38"},
	{ir.F32T, 0x3727C5AC, "9.99999974E-6"},
	{ir.F32T, 0x321C5296, "9.09917297E-9"},
	{ir.F32T, 0x2CE489EA, "6.49546128E-12"},
	{ir.F32T, 0xA16C1E4A, "-7.99999975E-19"}, // -8.0e-19: six digits truncate to 7.99999
	{ir.F32T, 0x533AB093, "8.0182634E+11"},   // 801826340864: truncated to 801826340
	{ir.F32T, 0x70AC06AC, "4.259159E+29"},
	{ir.F32T, 0xD368D4A5, "-9.99999995E+11"},
	{ir.F64T, 0x3FD5555555555555, "0.33333333333333331"},
	{ir.F64T, 0x400921FB54442D18, "3.1415926535897931"},
	{ir.F64T, 0x7FEFFFFFFFFFFFFF, "1.7976931348623157E+308"},
	{ir.F64T, 0x0010000000000000, "2.2250738585072014E-308"},
	{ir.F64T, 0x6F43DF7F898106E9, "9.4156658500000007E+227"},
	{ir.F64T, 0xE583478410F4C7EC, "-9.9999999999999991E+180"},
	{ir.F64T, 0x49466BB7F0435C9E, "9.9999999999999993E+44"},
	{ir.F64T, 0xBC994B8B87B7AF5A, "-8.7759999999999995E-17"},
	{ir.F64T, 0x2B14012F41A2629C, "3.5726620000000002E-101"},
	// Integers whose default form has no '.': the bits in hex.
	{ir.F32T, 0x4B103CA3, "0x4B103CA3"}, // 9452707
	{ir.F32T, 0x4B7FFFFF, "0x4B7FFFFF"}, // 16777215
	{ir.F32T, 0x4B800000, "0x4B800000"}, // 16777216
	{ir.F32T, 0xCB5C7427, "0xCB5C7427"}, // -14447655
	{ir.F64T, 0x4340000000000001, "0x4340000000000001"},
	{ir.F64T, 0x4330000000000001, "0x4330000000000001"},
	{ir.F64T, 0x4135C00000000000, "0x4135C00000000000"},
	{ir.F64T, 0xC181DF3A20000000, "0xC181DF3A20000000"}, // -37480260
	// NaN and infinities.
	{ir.F32T, 0x7F800000, "0x7F800000"},
	{ir.F32T, 0xFF800000, "0xFF800000"},
	{ir.F32T, 0x7FC00000, "0x7FC00000"},
	{ir.F64T, 0x7FF8000000000000, "0x7FF8000000000000"},
	{ir.F16T, 0x7C00, "0x7C00"},
	{ir.BF16T, 0x7FC0, "0x7FC0"},
}

// TestFloatPrintingPinned checks the pinned spellings without the tool, as
// float attributes and as the elements of the other attributes that print
// floats.
func TestFloatPrintingPinned(t *testing.T) {
	for _, c := range pinnedFloats {
		v := ir.FloatFromBits(c.bits, c.t.Kind)
		got := ir.AttrString(&ir.FloatAttr{Type: c.t, Value: v})
		if want := c.want + " : " + c.t.String(); got != want {
			t.Errorf("%s 0x%X: got %s, want %s", c.t, c.bits, got, want)
		}
		tt := ir.RankedTensor([]int64{2}, c.t)
		if got, want := ir.AttrString(ir.NewDenseFloats(tt, []float64{v, v})), "dense<"+c.want+"> : "+tt.String(); got != want {
			t.Errorf("splat: got %s, want %s", got, want)
		}
	}
	for _, c := range []struct {
		text, want string
	}{
		// In arrays f64 elides its type, unless the value prints in hex.
		{"[0x7FF8000000000000 : f64, 1.5 : f64, 0x4135C00000000000 : f64, 0x3FD5555555555555 : f64]",
			"[0x7FF8000000000000 : f64, 1.500000e+00, 0x4135C00000000000 : f64, 0.33333333333333331]"},
		{"dense<[0x4B103CA3, 72.5852585, 0x7FC00000]> : tensor<3xf32>",
			"dense<[0x4B103CA3, 72.5852585, 0x7FC00000]> : tensor<3xf32>"},
		{"dense<0x4B103CA3> : tensor<2xf32>", "dense<0x4B103CA3> : tensor<2xf32>"},
		{"array<f32: 0x4B103CA3, 72.5852585, 1.0>", "array<f32: 0x4B103CA3, 72.5852585, 1.000000e+00>"},
		{"array<f64: 0x4135C00000000000, 0x7FF8000000000000>", "array<f64: 0x4135C00000000000, 0x7FF8000000000000>"},
	} {
		src := "\"test.op\"() {v = " + c.text + "} : () -> ()\n"
		m, err := ir.Parse("pinned.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
		if err != nil {
			t.Fatal(err)
		}
		got := opLines(ir.PrintString(m, ir.PrintOptions{Generic: true}))
		if want := "\"test.op\"() {v = " + c.want + "} : () -> ()"; len(got) != 1 || got[0] != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// TestFloatPrintingPinnedMatchesMLIR checks the pinned spellings against
// mlir-opt-19 itself.
func TestFloatPrintingPinnedMatchesMLIR(t *testing.T) {
	tool := mlirOpt(t)
	var src strings.Builder
	for _, c := range pinnedFloats {
		fmt.Fprintf(&src, "\"test.op\"() {v = %s : %s} : () -> ()\n", floatCase{c.t, c.bits}.hexLiteral(), c.t)
	}
	cmd := exec.Command(tool, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
	cmd.Stdin = strings.NewReader(src.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-19: %v", err)
	}
	lines := opLines(string(out))
	if len(lines) != len(pinnedFloats) {
		t.Fatalf("mlir-opt-19 printed %d ops, want %d", len(lines), len(pinnedFloats))
	}
	for i, c := range pinnedFloats {
		if want := fmt.Sprintf("\"test.op\"() {v = %s : %s} : () -> ()", c.want, c.t); lines[i] != want {
			t.Errorf("mlir-opt-19 prints %s, pinned %s", lines[i], want)
		}
	}
}
