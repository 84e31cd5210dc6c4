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
	parts := []float64{0, math.Copysign(0, -1), 1, -2.5, 1e-3, 1e30, math.Inf(1), math.NaN()}
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
		for _, op := range []string{"add", "subtract", "multiply", "divide"} {
			bodies = append(bodies, struct{ body, rt string }{fmt.Sprintf("hlo.%s %%a, %%b : %s", op, c), c})
		}
		for _, op := range []string{"negate", "exponential", "log", "sqrt", "rsqrt", "tanh", "sign", "conj"} {
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
