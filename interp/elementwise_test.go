package interp

import (
	"fmt"
	"math"
	"testing"
)

var (
	inf    = math.Inf(1)
	nan    = math.NaN()
	negz   = math.Copysign(0, -1)
	minI32 = int64(math.MinInt32)
	maxI32 = int64(math.MaxInt32)
	// Variables, so that Go rounds their sum at run time.
	tenth, fifth = 0.1, 0.2
)

// binaryProgram is `@f(a, b) = hlo.<op> a, b` on tensor<n x elem>.
func binaryProgram(op, elem string, n int) string {
	ty := fmt.Sprintf("tensor<%dx%s>", n, elem)
	return fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = hlo.%s %%a, %%b : %s\n  return %%0 : %s\n}\n", ty, ty, ty, op, ty, ty)
}

func TestFloatBinaryOps(t *testing.T) {
	cases := []struct {
		op      string
		elem    string
		a, b, w []float64
	}{
		{"add", "f32", []float64{1, 0.1, inf, negz, 16777216}, []float64{2, 0.2, -inf, 0, 1},
			[]float64{3, f32(float32(0.1) + float32(0.2)), nan, 0, 16777216}},
		{"add", "f16", []float64{2048, 0.5}, []float64{1, 0.25}, []float64{2048, 0.75}},
		{"add", "bf16", []float64{256, 1}, []float64{1, 1}, []float64{256, 2}},
		{"add", "f64", []float64{0.1}, []float64{0.2}, []float64{tenth + fifth}}, // not Go's exact constant 0.3
		{"subtract", "f32", []float64{1, inf, 0}, []float64{f32(1e-8), inf, 0}, []float64{1, nan, 0}},
		{"multiply", "f32", []float64{3, negz, 1e30}, []float64{f32(0.1), 5, 1e30},
			[]float64{f32(3 * float32(0.1)), negz, inf}},
		{"divide", "f32", []float64{1, 1, 0, -1}, []float64{3, 0, 0, 0},
			[]float64{f32(float32(1) / float32(3)), inf, nan, -inf}},
		{"remainder", "f32", []float64{5.5, -5.5, 5, inf, 3}, []float64{2, 2, 0, 1, inf},
			[]float64{1.5, -1.5, nan, nan, 3}},
		// IEEE 754-2019: NaN wins even over an infinity (not so Go's math.Max).
		{"maximum", "f32", []float64{1, nan, negz, 0, -inf, nan, inf}, []float64{2, 1, 0, negz, 5, inf, nan},
			[]float64{2, nan, 0, 0, 5, nan, nan}},
		{"minimum", "f32", []float64{1, 1, negz, 0, inf, nan, -inf}, []float64{2, nan, 0, negz, 5, -inf, nan},
			[]float64{1, nan, negz, negz, 5, nan, nan}},
		{"power", "f32", []float64{2, 4, -8, 0, 1, nan}, []float64{10, 0.5, 1.0 / 3, 0, nan, 0},
			[]float64{1024, 2, nan, 1, 1, 1}},
		{"atan2", "f32", []float64{0, 1, 0, negz}, []float64{1, 0, -1, -1},
			[]float64{0, f32(float32(math.Pi / 2)), f32(float32(math.Pi)), f32(-float32(math.Pi))}},
	}
	for _, c := range cases {
		n := len(c.a)
		got := runOK(t, binaryProgram(c.op, c.elem, n), tf(c.elem, sh(int64(n)), c.a...), tf(c.elem, sh(int64(n)), c.b...))
		expectTensor(t, fmt.Sprintf("%s %s %v %v", c.op, c.elem, c.a, c.b), got[0], tf(c.elem, sh(int64(n)), c.w...))
	}
}

func TestIntBinaryOps(t *testing.T) {
	cases := []struct {
		op      string
		elem    string
		a, b, w []int64
	}{
		{"add", "i32", []int64{1, maxI32, -5}, []int64{2, 1, 3}, []int64{3, minI32, -2}},
		{"add", "i8", []int64{127, -128}, []int64{1, -1}, []int64{-128, 127}},
		{"add", "i1", []int64{1, 1, 0, 0}, []int64{1, 0, 1, 0}, []int64{1, 1, 1, 0}}, // or
		{"subtract", "i32", []int64{minI32, 5}, []int64{1, 7}, []int64{maxI32, -2}},
		{"subtract", "ui32", []int64{0}, []int64{1}, []int64{4294967295}},
		{"multiply", "i32", []int64{65536, -3, 46341}, []int64{65536, 7, 46341}, []int64{0, -21, -2147479015}},
		{"multiply", "i1", []int64{1, 1, 0}, []int64{1, 0, 1}, []int64{1, 0, 0}}, // and
		// XLA: x / 0 = -1, INT_MIN / -1 = INT_MIN; division truncates.
		{"divide", "i32", []int64{7, -7, 7, minI32, 5, 0}, []int64{2, 2, 0, -1, -1, 0}, []int64{3, -3, -1, minI32, -5, -1}},
		{"divide", "ui32", []int64{7, 7, 4294967295}, []int64{2, 0, 2}, []int64{3, 4294967295, 2147483647}},
		{"divide", "i64", []int64{math.MinInt64}, []int64{-1}, []int64{math.MinInt64}},
		// XLA: x % 0 = x, INT_MIN % -1 = 0; the sign follows the dividend.
		{"remainder", "i32", []int64{7, -7, 7, -7, 7, minI32}, []int64{2, 2, -2, -2, 0, -1}, []int64{1, -1, 1, -1, 7, 0}},
		{"remainder", "ui32", []int64{7, 4294967295}, []int64{0, 10}, []int64{7, 5}},
		{"maximum", "i32", []int64{-1, 3}, []int64{1, 2}, []int64{1, 3}},
		{"maximum", "ui32", []int64{4294967295, 1}, []int64{1, 2}, []int64{4294967295, 2}},
		{"maximum", "i1", []int64{1, 0, 0}, []int64{0, 1, 0}, []int64{1, 1, 0}},
		{"minimum", "i32", []int64{-1, 3}, []int64{1, 2}, []int64{-1, 2}},
		{"minimum", "ui8", []int64{255, 1}, []int64{0, 2}, []int64{0, 1}},
		// StableHLO: a negative exponent gives 0 unless |base| is 1.
		{"power", "i32", []int64{2, 2, -1, -1, 1, 3, 0, -2, 3}, []int64{10, -1, -3, -2, -5, 0, 0, 3, 21},
			[]int64{1024, 0, -1, 1, 1, 1, 1, -8, 1870418611}},
		{"power", "ui8", []int64{2, 3}, []int64{255, 2}, []int64{0, 9}},
		{"and", "i32", []int64{12, -1}, []int64{10, 5}, []int64{8, 5}},
		{"or", "i32", []int64{12, minI32}, []int64{10, 1}, []int64{14, minI32 + 1}},
		{"xor", "i32", []int64{12, -1}, []int64{10, 0}, []int64{6, -1}},
		{"xor", "i1", []int64{1, 1, 0}, []int64{1, 0, 0}, []int64{0, 1, 0}},
		// Shifts by the width or more (or negative) give 0, or the sign.
		{"shift_left", "i32", []int64{1, 1, 1, -1, 3}, []int64{3, 31, 32, -1, 100}, []int64{8, minI32, 0, 0, 0}},
		{"shift_left", "ui8", []int64{255}, []int64{1}, []int64{254}},
		{"shift_right_arithmetic", "i32", []int64{-16, -16, 16, -1, minI32}, []int64{2, 40, 40, 31, -1},
			[]int64{-4, -1, 0, -1, -1}},
		{"shift_right_arithmetic", "ui8", []int64{128, 64}, []int64{1, 8}, []int64{192, 0}},
		{"shift_right_logical", "i32", []int64{-16, 16, -1, -1}, []int64{28, 40, 31, 32}, []int64{15, 0, 1, 0}},
		{"shift_right_logical", "ui32", []int64{4294967295}, []int64{4}, []int64{268435455}},
	}
	for _, c := range cases {
		n := int64(len(c.a))
		got := runOK(t, binaryProgram(c.op, c.elem, int(n)), ti(c.elem, sh(n), c.a...), ti(c.elem, sh(n), c.b...))
		expectTensor(t, fmt.Sprintf("%s %s %v %v", c.op, c.elem, c.a, c.b), got[0], ti(c.elem, sh(n), c.w...))
	}
}

func unaryProgram(op, elem, relem string, n int) string {
	ty := fmt.Sprintf("tensor<%dx%s>", n, elem)
	rty := fmt.Sprintf("tensor<%dx%s>", n, relem)
	sig := ty
	if relem != elem {
		sig = "(" + ty + ") -> " + rty
	}
	return fmt.Sprintf("func.func @f(%%a: %s) -> %s {\n  %%0 = hlo.%s %%a : %s\n  return %%0 : %s\n}\n", ty, rty, op, sig, rty)
}

func TestFloatUnaryOps(t *testing.T) {
	cases := []struct {
		op   string
		in   []float64
		want []float64
		ulps int64 // tolerance for the inexact functions
	}{
		{"negate", []float64{1, 0, negz, inf, nan}, []float64{-1, negz, 0, -inf, nan}, 0},
		{"abs", []float64{-1, negz, -inf, 2}, []float64{1, 0, inf, 2}, 0},
		{"exponential", []float64{0, -inf, inf, 1, 100}, []float64{1, 0, inf, 2.7182817, inf}, 1},
		{"exponential_minus_one", []float64{0, negz, -inf, f32(1e-10)}, []float64{0, negz, -1, f32(1e-10)}, 1},
		{"log", []float64{1, 0, -1, inf, 10}, []float64{0, -inf, nan, inf, 2.3025851}, 1},
		{"log_plus_one", []float64{0, -1, f32(1e-10)}, []float64{0, -inf, f32(1e-10)}, 1},
		{"sqrt", []float64{4, 2, -1, negz, inf}, []float64{2, f32(float32(math.Sqrt(2))), nan, negz, inf}, 0},
		{"rsqrt", []float64{4, 0, inf}, []float64{0.5, inf, 0}, 0},
		{"cbrt", []float64{27, -8, 0}, []float64{3, -2, 0}, 0},
		{"tanh", []float64{0, inf, -inf, 0.5}, []float64{0, 1, -1, 0.46211716}, 1},
		{"logistic", []float64{0, inf, -inf, 1}, []float64{0.5, 1, 0, 0.7310586}, 1},
		{"sign", []float64{-3, 0, negz, 2, nan, -inf}, []float64{-1, 0, negz, 1, nan, -1}, 0},
		{"floor", []float64{1.5, -1.5, negz, 2}, []float64{1, -2, negz, 2}, 0},
		{"ceil", []float64{1.5, -1.5, -0.5, 2}, []float64{2, -1, negz, 2}, 0},
		{"round_nearest_even", []float64{0.5, 1.5, 2.5, -0.5, -2.5, 2.4}, []float64{0, 2, 2, negz, -2, 2}, 0},
	}
	for _, c := range cases {
		n := int64(len(c.in))
		got := runOK(t, unaryProgram(c.op, "f32", "f32", int(n)), tf("f32", sh(n), c.in...))[0]
		want := tf("f32", sh(n), c.want...)
		for i := range c.in {
			if d := ULPDistance(got.Floats()[i], want.Floats()[i], got.ElemType()); d > c.ulps ||
				(c.ulps == 0 && !tf("f32", nil, got.Floats()[i]).Equal(tf("f32", nil, want.Floats()[i]))) {
				t.Errorf("%s(%v) = %v; want %v (within %d ulps)", c.op, c.in[i], got.Floats()[i], want.Floats()[i], c.ulps)
			}
		}
	}
	got := runOK(t, unaryProgram("is_finite", "f32", "i1", 5), tf("f32", sh(5), 1, inf, -inf, nan, negz))[0]
	expectTensor(t, "is_finite", got, ti("i1", sh(5), 1, 0, 0, 0, 1))
}

func TestIntUnaryOps(t *testing.T) {
	cases := []struct {
		op, elem string
		in, want []int64
	}{
		{"negate", "i32", []int64{1, 0, minI32}, []int64{-1, 0, minI32}},
		{"negate", "ui8", []int64{1}, []int64{255}},
		{"abs", "i32", []int64{-5, 5, minI32}, []int64{5, 5, minI32}},
		{"abs", "ui8", []int64{200}, []int64{200}},
		{"sign", "i32", []int64{-7, 0, 9}, []int64{-1, 0, 1}},
		{"sign", "ui64", []int64{0, 5, -1}, []int64{0, 1, 1}}, // -1 is 2^64 - 1
		{"not", "i32", []int64{0, -1, 5}, []int64{-1, 0, -6}},
		{"not", "i1", []int64{0, 1}, []int64{1, 0}},
		{"not", "ui8", []int64{0}, []int64{255}},
		{"popcnt", "i32", []int64{-1, 7, 0}, []int64{32, 3, 0}},
		{"popcnt", "i8", []int64{-1}, []int64{8}},
	}
	for _, c := range cases {
		n := int64(len(c.in))
		got := runOK(t, unaryProgram(c.op, c.elem, c.elem, int(n)), ti(c.elem, sh(n), c.in...))[0]
		expectTensor(t, c.op+" "+c.elem, got, ti(c.elem, sh(n), c.want...))
	}
}

func compareProgram(dir, ctype, elem string, n int) string {
	ty := fmt.Sprintf("tensor<%dx%s>", n, elem)
	ct := ""
	if ctype != "" {
		ct = ", " + ctype
	}
	return fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> tensor<%dxi1> {\n  %%0 = hlo.compare %s, %%a, %%b%s : (%s, %s) -> tensor<%dxi1>\n  return %%0 : tensor<%dxi1>\n}\n",
		ty, ty, n, dir, ct, ty, ty, n, n)
}

func TestCompare(t *testing.T) {
	fa := []float64{1, 2, nan, negz, -inf, 1}
	fb := []float64{2, 2, nan, 0, -inf, nan}
	ia := []int64{-1, 2, 3, minI32}
	ib := []int64{1, 2, -3, maxI32}
	cases := []struct {
		dir, ctype, elem string
		want             []int64
	}{
		// IEEE: NaN is unordered, -0 == +0.
		{"EQ", "FLOAT", "f32", []int64{0, 1, 0, 1, 1, 0}},
		{"NE", "FLOAT", "f32", []int64{1, 0, 1, 0, 0, 1}},
		{"LT", "", "f32", []int64{1, 0, 0, 0, 0, 0}},
		{"LE", "FLOAT", "f32", []int64{1, 1, 0, 1, 1, 0}},
		{"GT", "FLOAT", "f32", []int64{0, 0, 0, 0, 0, 0}},
		{"GE", "NOTYPE", "f32", []int64{0, 1, 0, 1, 1, 0}},
		// TOTALORDER: -0 < +0, NaN equals itself and is above +Inf.
		{"EQ", "TOTALORDER", "f32", []int64{0, 1, 1, 0, 1, 0}},
		{"LT", "TOTALORDER", "f32", []int64{1, 0, 0, 1, 0, 1}},
		{"GT", "TOTALORDER", "f32", []int64{0, 0, 0, 0, 0, 0}},
		{"GE", "TOTALORDER", "f32", []int64{0, 1, 1, 0, 1, 0}},
		// Integers: signed by default, UNSIGNED reinterprets the bits.
		{"LT", "SIGNED", "i32", []int64{1, 0, 0, 1}},
		{"LT", "", "i32", []int64{1, 0, 0, 1}},
		{"LT", "UNSIGNED", "i32", []int64{0, 0, 1, 0}},
		{"GE", "", "i32", []int64{0, 1, 1, 0}},
		{"NE", "", "i32", []int64{1, 0, 1, 1}},
	}
	for _, c := range cases {
		var got []*Tensor
		if c.elem == "f32" {
			got = runOK(t, compareProgram(c.dir, c.ctype, c.elem, len(fa)), tf("f32", sh(6), fa...), tf("f32", sh(6), fb...))
		} else {
			got = runOK(t, compareProgram(c.dir, c.ctype, c.elem, len(ia)), ti(c.elem, sh(4), ia...), ti(c.elem, sh(4), ib...))
		}
		expectTensor(t, fmt.Sprintf("compare %s %s %s", c.dir, c.ctype, c.elem), got[0], ti("i1", sh(int64(len(c.want))), c.want...))
	}
	// ui32 compares unsigned by default; i1 false < true.
	got := runOK(t, compareProgram("GT", "", "ui32", 2), ti("ui32", sh(2), 4294967295, 1), ti("ui32", sh(2), 1, 2))
	expectTensor(t, "compare GT ui32", got[0], ti("i1", sh(2), 1, 0))
	got = runOK(t, compareProgram("GT", "", "i1", 2), ti("i1", sh(2), 1, 0), ti("i1", sh(2), 0, 1))
	expectTensor(t, "compare GT i1", got[0], ti("i1", sh(2), 1, 0))
}

// TestBroadcasting runs the implicit broadcasts of docs/SPEC.md §4 on
// run-time shapes: numpy rules with dynamic dims that are 1 at run time,
// broadcast_dimensions, and the policies.
func TestBroadcasting(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		want      *Tensor
	}{
		{"row", `func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}`, []*Tensor{tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", sh(3), 10, 20, 30)},
			tf("f32", sh(2, 3), 11, 22, 33, 14, 25, 36)},
		{"outer", `func.func @f(%a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> tensor<2x3xi32> {
  %0 = hlo.multiply %a, %b : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(2, 1), 1, 2), ti("i32", sh(1, 3), 1, 10, 100)},
			ti("i32", sh(2, 3), 1, 10, 100, 2, 20, 200)},
		{"scalar", `func.func @f(%a: tensor<f32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = hlo.subtract %a, %b : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`, []*Tensor{tf("f32", nil, 10), tf("f32", sh(2, 2), 1, 2, 3, 4)},
			tf("f32", sh(2, 2), 9, 8, 7, 6)},
		{"dynamic dim is 1 at run time and stretches", `func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = hlo.add %a, %b : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}`, []*Tensor{tf("f32", sh(1, 3), 1, 2, 3), tf("f32", sh(2, 3), 10, 20, 30, 40, 50, 60)},
			tf("f32", sh(2, 3), 11, 22, 33, 41, 52, 63)},
		{"both stretch", `func.func @f(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = hlo.add %a, %b : tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, []*Tensor{ti("i32", sh(3, 1), 1, 2, 3), ti("i32", sh(1, 2), 10, 20)},
			ti("i32", sh(3, 2), 11, 21, 12, 22, 13, 23)},
		{"size 0", `func.func @f(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = hlo.add %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}`, []*Tensor{tf("f32", sh(0, 3)), tf("f32", sh(3), 1, 2, 3)}, tf("f32", sh(0, 3))},
		{"size 1 stretches to 0", `func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hlo.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(1), 1), tf("f32", sh(0))}, tf("f32", sh(0))},
		{"xla composition 4 + 1x2 dims [0]", `func.func @f(%a: tensor<4xf32>, %b: tensor<1x2xf32>) -> tensor<4x2xf32> {
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}`, []*Tensor{tf("f32", sh(4), 1, 2, 3, 4), tf("f32", sh(1, 2), 10, 20)},
			tf("f32", sh(4, 2), 11, 21, 12, 22, 13, 23, 14, 24)},
		{"xla column", `func.func @f(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> tensor<2x3xi32> {
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(2, 3), 0, 0, 0, 0, 0, 0), ti("i32", sh(2), 1, 2)},
			ti("i32", sh(2, 3), 1, 1, 1, 2, 2, 2)},
		{"xla dims [0, 2]", `func.func @f(%a: tensor<2x3x2xi32>, %b: tensor<2x2xi32>) -> tensor<2x3x2xi32> {
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x3x2xi32>, tensor<2x2xi32>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}`, []*Tensor{ti("i32", sh(2, 3, 2), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), ti("i32", sh(2, 2), 1, 2, 3, 4)},
			ti("i32", sh(2, 3, 2), 1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4)},
		{"rank policy adds leading dims", `func.func @f(%a: tensor<3xf32>, %b: tensor<2x?xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}`, []*Tensor{tf("f32", sh(3), 1, 2, 3), tf("f32", sh(2, 3), 0, 0, 0, 1, 1, 1)},
			tf("f32", sh(2, 3), 1, 2, 3, 2, 3, 4)},
		{"scalar policy", `func.func @f(%a: tensor<f32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hlo.maximum %a, %b {broadcast_policy = "scalar"} : (tensor<f32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", nil, 0), tf("f32", sh(3), -1, 2, -3)}, tf("f32", sh(3), 0, 2, 0)},
		{"select with scalar predicate", `func.func @f(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.select %p, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{ti("i1", nil, 0), tf("f32", sh(2), 1, 2), tf("f32", nil, 7)}, tf("f32", sh(2), 7, 7)},
		{"select elementwise predicate column", `func.func @f(%p: tensor<2x1xi1>, %a: tensor<2x2xi32>, %b: tensor<2xi32>) -> tensor<2x2xi32> {
  %0 = hlo.select %p, %a, %b : (tensor<2x1xi1>, tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}`, []*Tensor{ti("i1", sh(2, 1), 1, 0), ti("i32", sh(2, 2), 1, 2, 3, 4), ti("i32", sh(2), 8, 9)},
			ti("i32", sh(2, 2), 1, 2, 8, 9)},
		{"clamp with scalar bounds", `func.func @f(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, []*Tensor{tf("f32", nil, 0), tf("f32", sh(4), -1, 0.5, 2, nan), tf("f32", nil, 1)},
			tf("f32", sh(4), 0, 0.5, 1, nan)},
		{"clamp with a NaN bound", `func.func @f(%lo: tensor<2xf32>, %x: tensor<2xf32>, %hi: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.clamp %lo, %x, %hi : tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{tf("f32", sh(2), -inf, nan), tf("f32", sh(2), -inf, 1), tf("f32", sh(2), nan, inf)},
			tf("f32", sh(2), nan, nan)},
		{"clamp integers, bounds per row", `func.func @f(%lo: tensor<2x1xi32>, %x: tensor<2x2xi32>, %hi: tensor<i32>) -> tensor<2x2xi32> {
  %0 = hlo.clamp %lo, %x, %hi : (tensor<2x1xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}`, []*Tensor{ti("i32", sh(2, 1), 0, 5), ti("i32", sh(2, 2), -3, 3, 4, 20), ti("i32", nil, 10)},
			ti("i32", sh(2, 2), 0, 3, 5, 10)},
		{"compare broadcasts", `func.func @f(%a: tensor<2x1xf32>, %b: tensor<2xf32>) -> tensor<2x2xi1> {
  %0 = hlo.compare GT, %a, %b, FLOAT : (tensor<2x1xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}`, []*Tensor{tf("f32", sh(2, 1), 1, 3), tf("f32", sh(2), 0, 2)}, ti("i1", sh(2, 2), 1, 0, 1, 1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			expectTensor(t, c.name, got[0], c.want)
		})
	}
}

// TestBroadcastErrors checks that incompatible run-time sizes are an error
// located at the op, naming the operands, the dim and both sizes.
func TestBroadcastErrors(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		frags     []string
	}{
		{"numpy mismatch", `func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = hlo.add %a, %b : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}`, []*Tensor{tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", sh(4, 3), make([]float64, 12)...)},
			[]string{"test.mlir:2:3:", "'hlo.add' op", "[2, 3], [4, 3]", "dim 0 is 2 in operand #0 and 4 in operand #1"}},
		{"rank policy does not stretch a run-time 1", `func.func @f(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}`, []*Tensor{tf("f32", sh(1), 1), tf("f32", sh(3), 1, 2, 3)},
			[]string{"test.mlir:2:3:", "dim 0 is 1 in operand #0 and 3 in operand #1", `broadcast_policy "rank" does not stretch`}},
		{"none policy", `func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = hlo.multiply %a, %b {broadcast_policy = "none"} : tensor<?xi32>
  return %0 : tensor<?xi32>
}`, []*Tensor{ti("i32", sh(1), 1), ti("i32", sh(2), 1, 2)},
			[]string{"'hlo.multiply' op", "dim 0 is 1 in operand #0 and 2 in operand #1"}},
		{"select", `func.func @f(%p: tensor<?xi1>, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hlo.select %p, %a, %b : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{ti("i1", sh(2), 1, 0), tf("f32", sh(2), 1, 2), tf("f32", sh(3), 1, 2, 3)},
			[]string{"'hlo.select' op", "dim 0 is 2 in operand #0 and 3 in operand #2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectErr(t, c.src, c.args, c.frags...) })
	}
}
