package lower_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestComplexLoweringsMatchInterpreter runs every hlo op on complex
// elements in the interpreter as hlo and after hlo-legalize-to-linalg
// (linalg bodies of complex dialect ops), on complex<f32> and
// complex<f64> edge values: the results must be equal, bit for bit (the
// complex ops compute with the hlo ops' own functions).
func TestComplexLoweringsMatchInterpreter(t *testing.T) {
	parts := []float64{0, math.Copysign(0, -1), 1, -2.5, 1e-3, 1e30, 1e300, 5e-310, math.Inf(1), math.NaN()}
	var as, bs []complex128
	for _, a := range parts {
		for _, b := range parts {
			as = append(as, complex(a, b))
			bs = append(bs, complex(b, -a))
		}
	}
	n := len(as)
	compared := 0
	for _, part := range []string{"f32", "f64"} {
		c := fmt.Sprintf("tensor<%dxcomplex<%s>>", n, part)
		r := fmt.Sprintf("tensor<%dx%s>", n, part)
		b := fmt.Sprintf("tensor<%dxi1>", n)
		f16 := fmt.Sprintf("tensor<%dxf16>", n)
		bodies := []struct{ body, rt string }{}
		for _, op := range []string{"add", "subtract", "multiply", "divide", "power", "atan2"} {
			bodies = append(bodies, struct{ body, rt string }{fmt.Sprintf("hlo.%s %%a, %%b : %s", op, c), c})
		}
		for _, op := range []string{"negate", "exponential", "log", "sqrt", "rsqrt", "tanh", "sign", "conj",
			"sine", "cosine", "tan", "exponential_minus_one", "log_plus_one", "logistic",
			"sinh", "cosh", "cbrt", "asin", "acos", "atan", "asinh", "acosh", "atanh"} {
			bodies = append(bodies, struct{ body, rt string }{fmt.Sprintf("hlo.%s %%a : %s", op, c), c})
		}
		for _, op := range []string{"abs", "real", "imag"} {
			bodies = append(bodies, struct{ body, rt string }{fmt.Sprintf("hlo.%s %%a : (%s) -> %s", op, c, r), r})
		}
		for _, dir := range []string{"EQ", "NE"} {
			bodies = append(bodies, struct{ body, rt string }{fmt.Sprintf("hlo.compare %s, %%a, %%b : (%s, %s) -> %s", dir, c, c, b), b})
		}
		bodies = append(bodies,
			struct{ body, rt string }{fmt.Sprintf("hlo.convert %%a : (%s) -> %s", c, f16), f16},
			struct{ body, rt string }{fmt.Sprintf("hlo.convert %%a : (%s) -> tensor<%dxcomplex<f32>>", c, n), fmt.Sprintf("tensor<%dxcomplex<f32>>", n)},
		)
		ct := ir.Complex(map[string]ir.Type{"f32": ir.F32T, "f64": ir.F64T}[part])
		a, err := interp.NewComplex(ct, []int64{int64(n)}, as)
		if err != nil {
			t.Fatal(err)
		}
		bt, _ := interp.NewComplex(ct, []int64{int64(n)}, bs)
		for _, x := range bodies {
			src := fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = %s\n  return %%0 : %s\n}\n", c, c, x.rt, x.body, x.rt)
			want, got, ok := runBothWays(t, src, a, bt)
			if !ok {
				t.Errorf("does not verify:\n%s", src)
				continue
			}
			sameResult(t, x.body, want, got, 0)
			compared++
		}
		// Real to complex, and hlo.complex.
		reParts := make([]float64, n)
		for i := range reParts {
			reParts[i] = real(as[i])
		}
		re, _ := interp.NewFloats(ct.Elem, []int64{int64(n)}, reParts)
		for _, body := range []string{
			fmt.Sprintf("hlo.convert %%a : (%s) -> %s", r, c),
			fmt.Sprintf("hlo.complex %%a, %%b : %s", c),
		} {
			src := fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = %s\n  return %%0 : %s\n}\n", r, r, c, body, c)
			want, got, ok := runBothWays(t, src, re, re)
			if !ok {
				t.Errorf("does not verify:\n%s", src)
				continue
			}
			sameResult(t, body, want, got, 0)
			compared++
		}
	}
	t.Logf("%d complex ops compared on %d values", compared, n)
}

// TestComplexProgramsThroughPipeline runs programs on complex elements
// (implicit broadcasting, data movement around elementwise ops, the parts
// and convert) in the interpreter as hlo and after the whole
// --pipeline=cpu (fused linalg with complex dialect bodies): the results
// must be equal bit for bit.
func TestComplexProgramsThroughPipeline(t *testing.T) {
	c := func(shape []int64, seed float64) *interp.Tensor {
		n := 1
		for _, d := range shape {
			n *= int(d)
		}
		zs := make([]complex128, n)
		for i := range zs {
			zs[i] = complex(seed*float64(i)-1.5, 0.25*float64(i*i)-seed)
		}
		x, err := interp.NewComplex(ir.Complex(ir.F32T), shape, zs)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	progs := []struct {
		name, src string
		args      []*interp.Tensor
	}{
		{"broadcast, multiply, exp, abs, fused", `func.func @f(%a: tensor<3x4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<3x4xf32>, tensor<3x4xcomplex<f32>>) {
  %0 = hlo.multiply %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %1 = hlo.exponential %0 : tensor<3x4xcomplex<f32>>
  %2 = hlo.abs %1 : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
  %3 = hlo.divide %1, %a : tensor<3x4xcomplex<f32>>
  return %2, %3 : tensor<3x4xf32>, tensor<3x4xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{3, 4}, 0.5), c([]int64{4}, -0.75)}},
		{"data movement around arithmetic", `func.func @f(%a: tensor<2x3xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<2x2xcomplex<f32>>) {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %1 = hlo.reverse %0, dims = [0] : tensor<3x2xcomplex<f32>>
  %2 = hlo.concatenate %0, %1, dim = 1 : (tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %3 = hlo.sqrt %2 : tensor<3x4xcomplex<f32>>
  %4 = hlo.slice %a [0:2, 1:3] : (tensor<2x3xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %5 = hlo.tanh %4 : tensor<2x2xcomplex<f32>>
  return %3, %5 : tensor<3x4xcomplex<f32>>, tensor<2x2xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{2, 3}, 1.25)}},
		{"parts, compare, select, convert", `func.func @f(%a: tensor<5xcomplex<f32>>, %b: tensor<5xcomplex<f32>>) -> (tensor<5xcomplex<f64>>, tensor<5xf32>) {
  %re = hlo.real %a : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  %im = hlo.imag %b : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  %z = hlo.complex %re, %im : tensor<5xcomplex<f32>>
  %p = hlo.compare NE, %z, %a : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %s = hlo.select %p, %z, %b : tensor<5xi1>, tensor<5xcomplex<f32>>
  %n = chlo.conj %s : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  %w = hlo.convert %n : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f64>>
  %r = hlo.convert %n : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  return %w, %r : tensor<5xcomplex<f64>>, tensor<5xf32>
}`, []*interp.Tensor{c([]int64{5}, 0.5), c([]int64{5}, 2)}},
		{"constants (a splat and a list) and sign, log, rsqrt", `func.func @f(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %c = hlo.constant dense<(1.0, -2.0)> : tensor<4xcomplex<f32>>
  %d = hlo.constant dense<[(0.5, 0.0), (0.0, 1.0), (-1.0, 0.0), (3.0, 4.0)]> : tensor<4xcomplex<f32>>
  %0 = hlo.add %a, %c : tensor<4xcomplex<f32>>
  %1 = hlo.sign %0 : tensor<4xcomplex<f32>>
  %2 = hlo.log %d : tensor<4xcomplex<f32>>
  %3 = hlo.rsqrt %2 : tensor<4xcomplex<f32>>
  %4 = hlo.subtract %1, %3 : tensor<4xcomplex<f32>>
  %5 = hlo.negate %4 : tensor<4xcomplex<f32>>
  return %5 : tensor<4xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{4}, 0.3)}},
		{"a reduction (sum over dim 1, product over dim 0)", `func.func @f(%a: tensor<3x4xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  %z = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %o = hlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %0 = hlo.reduce(%a init: %z) applies hlo.add across dimensions = [1] : (tensor<3x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
  %1 = hlo.reduce(%a init: %o) applies hlo.multiply across dimensions = [0] : (tensor<3x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  return %0, %1 : tensor<3xcomplex<f32>>, tensor<4xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{3, 4}, 0.125)}},
		{"dot_general (transposed rhs) feeding sine, power and logistic; iota", `func.func @f(%a: tensor<2x3xcomplex<f32>>, %b: tensor<4x3xcomplex<f32>>) -> (tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<2x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %1 = hlo.sine %0 : tensor<2x4xcomplex<f32>>
  %i = hlo.iota dim = 1 : tensor<2x4xcomplex<f32>>
  %2 = hlo.power %1, %i : tensor<2x4xcomplex<f32>>
  %3 = hlo.logistic %2 : tensor<2x4xcomplex<f32>>
  %4 = hlo.log_plus_one %0 : tensor<2x4xcomplex<f32>>
  return %3, %4 : tensor<2x4xcomplex<f32>>, tensor<2x4xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{2, 3}, 0.125), c([]int64{4, 3}, -0.0625)}},
		{"the functions on the parts (fused: CSE and canonicalization inside one body), broadcast atan2", `func.func @f(%a: tensor<3x4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>) {
  %0 = hlo.asin %a : tensor<3x4xcomplex<f32>>
  %1 = hlo.acosh %0 : tensor<3x4xcomplex<f32>>
  %2 = hlo.atanh %1 : tensor<3x4xcomplex<f32>>
  %3 = hlo.cbrt %2 : tensor<3x4xcomplex<f32>>
  %4 = hlo.sinh %3 : tensor<3x4xcomplex<f32>>
  %5 = hlo.atan2 %4, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %6 = hlo.acos %a : tensor<3x4xcomplex<f32>>
  %7 = hlo.atan %6 : tensor<3x4xcomplex<f32>>
  %8 = hlo.asinh %7 : tensor<3x4xcomplex<f32>>
  %9 = hlo.cosh %8 : tensor<3x4xcomplex<f32>>
  return %5, %9 : tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>
}`, []*interp.Tensor{c([]int64{3, 4}, 0.375), c([]int64{4}, -1.25)}},
	}
	for i, p := range progs {
		t.Run(p.name, func(t *testing.T) { runPipelined(t, i, reduceCase{src: p.src, args: p.args}) })
	}
}
