package interp

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand"
	"testing"

	"github.com/bcast-opt/bcast-opt/internal/pyoracle"
	"github.com/bcast-opt/bcast-opt/ir"
)

// complexNumpy are the hlo ops on complex elements checked against numpy
// (np.complex64 for complex<f32>, np.complex128 for complex<f64>): the
// numpy expression, whether the result must be bit-exact, and otherwise
// the bound in units of the part type's epsilon, relative to the scale of
// the result (|a|*|b| for multiply, |a|/|b| for divide, |result|
// otherwise: numpy's complex64 computes in float32 and the interpreter in
// float64 rounded once, so parts near cancellation differ relative to
// themselves but not to |z|). The ops added with power (wide) take
// numpy's complex128 result rounded to the type as complex64's
// reference: numpy's complex64 a^b = exp(b·log a) in float32 is off by
// hundreds of epsilons for large |b|, and its exp(-z) in logistic and
// expm1 overflows float32 where the result does not. Power's scale is
// |result|·max(1, |b·log a|), its condition number: an error of one
// epsilon in log a is one of |b·log a| in the result; logistic's
// |result|·max(1, |e^-a|·|result|), that of the sum 1 + e^-a. cbrt's
// reference is z**(1/3) in long double (numpy's complex128 power is
// exp(log(z)/3), |log z| epsilons off); atan2's is StableHLO's formula,
// -i·log((b + i·a) / sqrt(b·b + a·a)), whose log of a quotient near
// modulus 1 is a few epsilons off absolutely: its scale is max(1,
// |result|).
var complexNumpy = []complexNumpyOp{
	{"add", "a + b", true, true, 0},
	{"subtract", "a - b", true, true, 0},
	{"multiply", "a * b", true, false, 4},
	{"divide", "a / b", true, false, 8},
	{"negate", "-a", false, true, 0},
	{"conj", "np.conj(a)", false, true, 0},
	{"abs", "np.abs(a)", false, false, 2},
	{"real", "np.real(a)", false, true, 0},
	{"imag", "np.imag(a)", false, true, 0},
	{"exponential", "np.exp(a)", false, false, 8},
	{"log", "np.log(a)", false, false, 8},
	{"sqrt", "np.sqrt(a)", false, false, 4},
	{"rsqrt", "1 / np.sqrt(a)", false, false, 8},
	{"tanh", "np.tanh(a)", false, false, 8},
	{"sine", "wide(np.sin, a)", false, false, 8},
	{"cosine", "wide(np.cos, a)", false, false, 8},
	{"tan", "wide(np.tan, a)", false, false, 8},
	{"power", "wide(np.power, a, b)", true, false, 8},
	{"exponential_minus_one", "wide(expm1, a)", false, false, 8},
	{"log_plus_one", "wide(log1p, a)", false, false, 8},
	{"logistic", "wide(lambda z: 1 / (1 + np.exp(-z)), a)", false, false, 8},
	{"sign", "np.where(a == 0, 0, a / np.abs(a)).astype(a.dtype)", false, false, 4},
	{"sinh", "wide(np.sinh, a)", false, false, 8},
	{"cosh", "wide(np.cosh, a)", false, false, 8},
	{"cbrt", "wide(cbrt, a)", false, false, 4},
	{"asin", "wide(np.arcsin, a)", false, false, 4},
	{"acos", "wide(np.arccos, a)", false, false, 4},
	{"atan", "wide(np.arctan, a)", false, false, 4},
	{"asinh", "wide(np.arcsinh, a)", false, false, 4},
	{"acosh", "wide(np.arccosh, a)", false, false, 4},
	{"atanh", "wide(np.arctanh, a)", false, false, 4},
	{"atan2", "wide(atan2, a, b)", true, false, 8},
	{"compare_eq", "a == b", true, true, 0},
	{"compare_ne", "a != b", true, true, 0},
	{"complex", "cplx(np.real(a), np.imag(b))", true, true, 0},
	{"convert_real", "np.real(a)", false, true, 0},
}

const complexNumpyScript = `
import json, sys, warnings
import numpy as np
warnings.simplefilter('ignore')
np.seterr(all='ignore')
d = json.load(open(sys.argv[1]))
out = {}
for case in d['cases']:
    dt = np.complex64 if case['dtype'] == 'c64' else np.complex128
    def arr(bits):
        p = np.array(bits, dtype=np.uint64).view(np.float64)
        z = np.empty(len(p) // 2, dtype=np.complex128)
        z.real, z.imag = p[0::2], p[1::2]
        return z.astype(dt)
    a, b = arr(case['a']), arr(case['b'])
    def cplx(re, im, t=dt):
        z = np.empty(len(re), dtype=t)
        z.real, z.imag = re, im
        return z
    def wide(f, *xs):
        return f(*[x.astype(np.complex128) for x in xs]).astype(dt)
    def expm1(a):
        # numpy's, but exact for a zero imaginary part, as exp (numpy's
        # gives NaN for the imaginary part of expm1(+Inf + 0i))
        return np.where(a.imag == 0, cplx(np.expm1(a.real), a.imag), np.expm1(a))
    def log1p(a):
        # numpy's log1p loses the digits of small |a| (log of hypot(1 +
        # x, y)); the reference takes log|1 + a|^2 / 2 as log1p(2x + x^2 +
        # y^2) / 2 in long double where |a| < 1/2, and numpy's elsewhere
        z = a.astype(np.clongdouble)
        x, y = z.real, z.imag
        re = np.where(np.abs(z) < 0.5, np.log1p(x * (2 + x) + y * y) / 2, np.log1p(a).real)
        return cplx(re, np.arctan2(y, 1 + x), np.clongdouble).astype(dt)
    def cbrt(a):
        # the principal cube root z**(1/3) in long double (numpy's
        # complex128 power is exp(log(z)/3), |log z| ulps off)
        return (a.astype(np.clongdouble) ** (np.longdouble(1) / 3)).astype(a.dtype)
    def atan2(a, b):
        # StableHLO's -i·log((b + i·a) / sqrt(b·b + a·a)), i·a and -i·
        # as swapped parts
        w = np.log((b + cplx(-a.imag, a.real, a.dtype)) / np.sqrt(b * b + a * a))
        return cplx(w.imag, -w.real, a.dtype)
    r = eval(case['fn'])
    r = np.asarray(r)
    if r.dtype == np.bool_:
        out[case['key']] = [int(v) for v in r]
        continue
    if np.iscomplexobj(r):
        r = np.stack([r.real, r.imag], axis=-1).reshape(-1)
    out[case['key']] = r.astype(np.float64).view(np.uint64).tolist()
json.dump(out, sys.stdout)
`

// complexTestValues are pairs of special and random parts.
func complexTestValues(seed int64) []complex128 {
	parts := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -2.5, 1e-3, 3, -7, 1e10, -1e-10, math.Pi, 100, math.Inf(1), math.Inf(-1), math.NaN(),
		3 * math.SmallestNonzeroFloat64, -1.5e-310, // subnormal parts (0 in complex64)
		math.Float64frombits(0xfff8000000000000)} // a NaN with its sign bit set
	var zs []complex128
	for _, re := range parts {
		for _, im := range parts {
			zs = append(zs, complex(re, im))
		}
	}
	rng := rand.New(rand.NewSource(seed))
	for range 300 {
		r := func() float64 {
			v := math.Ldexp(rng.Float64(), rng.Intn(30)-15)
			if rng.Intn(2) == 0 {
				v = -v
			}
			return v
		}
		zs = append(zs, complex(r(), r()))
	}
	return zs
}

func complexBits(zs []complex128) []uint64 {
	var b []uint64
	for _, z := range zs {
		b = append(b, math.Float64bits(real(z)), math.Float64bits(imag(z)))
	}
	return b
}

// complexOpSource is a function @main(a, b) applying op to complex
// tensors of n elements of type ct.
func complexOpSource(op string, ct *ir.ComplexType, n int) string {
	c := fmt.Sprintf("tensor<%dx%s>", n, ct)
	r := fmt.Sprintf("tensor<%dx%s>", n, ct.Elem)
	b := fmt.Sprintf("tensor<%dxi1>", n)
	var body, rt string
	switch op {
	case "add", "subtract", "multiply", "divide", "power", "atan2":
		body, rt = fmt.Sprintf("hlo.%s %%a, %%b : %s", op, c), c
	case "negate", "conj", "exponential", "log", "sqrt", "rsqrt", "tanh", "sign",
		"sine", "cosine", "tan", "exponential_minus_one", "log_plus_one", "logistic",
		"sinh", "cosh", "cbrt", "asin", "acos", "atan", "asinh", "acosh", "atanh":
		body, rt = fmt.Sprintf("hlo.%s %%a : %s", op, c), c
	case "abs", "real", "imag":
		body, rt = fmt.Sprintf("hlo.%s %%a : (%s) -> %s", op, c, r), r
	case "compare_eq", "compare_ne":
		dir := map[string]string{"compare_eq": "EQ", "compare_ne": "NE"}[op]
		body, rt = fmt.Sprintf("hlo.compare %s, %%a, %%b : (%s, %s) -> %s", dir, c, c, b), b
	case "complex":
		return fmt.Sprintf("func.func @main(%%a: %s, %%b: %s) -> %s {\n  %%re = hlo.real %%a : (%s) -> %s\n  %%im = hlo.imag %%b : (%s) -> %s\n  %%r = hlo.complex %%re, %%im : %s\n  return %%r : %s\n}\n",
			c, c, c, c, r, c, r, c, c)
	case "convert_real":
		body, rt = fmt.Sprintf("hlo.convert %%a : (%s) -> %s", c, r), r
	}
	return fmt.Sprintf("func.func @main(%%a: %s, %%b: %s) -> %s {\n  %%r = %s\n  return %%r : %s\n}\n", c, c, rt, body, rt)
}

// complexNumpyOp is an op of complexNumpy.
type complexNumpyOp struct {
	op, numpy string
	binary    bool
	exact     bool
	eps       float64
}

// TestComplexOpsAgainstNumpy interprets each op of complexNumpy on
// complex<f32> and complex<f64> tensors of complexTestValues and compares
// with numpy, logging the largest error per op in epsilons.
func TestComplexOpsAgainstNumpy(t *testing.T) {
	as, bs := complexTestValues(1), complexTestValues(2)
	// b runs over the same grid in another order, so that every pair of
	// special parts meets in the binary ops.
	for i, j := 0, len(bs)-1; i < j; i, j = i+1, j-1 {
		bs[i], bs[j] = bs[j], bs[i]
	}
	compareComplexOpsWithNumpy(t, complexNumpy, as, bs)
}

// TestComplexFunctionsAcrossRange checks the functions written on the
// parts (dialects/hlo/complex_parts.go: sinh, cosh, cbrt and the inverse
// functions) against numpy on 5000 arguments whose parts range over
// every binade from the subnormals to the largest, cluster around 1
// (asin's and atanh's branch points) and are small integers' fractions.
func TestComplexFunctionsAcrossRange(t *testing.T) {
	var ops = complexNumpy[:0:0]
	for _, c := range complexNumpy {
		switch c.op {
		case "sinh", "cosh", "cbrt", "asin", "acos", "atan", "asinh", "acosh", "atanh":
			ops = append(ops, c)
		}
	}
	rng := rand.New(rand.NewSource(5))
	part := func() float64 {
		var v float64
		switch rng.Intn(4) {
		case 0:
			v = math.Ldexp(rng.Float64(), rng.Intn(2100)-1074)
		case 1:
			v = 1 + math.Ldexp(rng.Float64()-0.5, -rng.Intn(60))
		case 2:
			v = math.Ldexp(rng.Float64(), rng.Intn(8)-4)
		default:
			v = math.Ldexp(rng.Float64(), -rng.Intn(1074))
		}
		if rng.Intn(2) == 0 {
			v = -v
		}
		return v
	}
	zs := make([]complex128, 5000)
	for i := range zs {
		zs[i] = complex(part(), part())
	}
	compareComplexOpsWithNumpy(t, ops, zs, zs)
}

// compareComplexOpsWithNumpy interprets each op of ops on complex<f32>
// and complex<f64> tensors of as (and bs, for binary ops) and compares
// with numpy within the op's bound.
func compareComplexOpsWithNumpy(t *testing.T, ops []complexNumpyOp, as, bs []complex128) {
	python := numpyPython(t)
	var cases []map[string]any
	for _, c := range ops {
		for _, dt := range []string{"c64", "c128"} {
			cases = append(cases, map[string]any{"key": c.op + "/" + dt, "fn": c.numpy, "dtype": dt, "a": complexBits(as), "b": complexBits(bs)})
		}
	}
	var want map[string][]uint64
	if err := pyoracle.Run(python, t.TempDir(), "complex", complexNumpyScript, map[string]any{"cases": cases}, &want); err != nil {
		t.Fatal(err)
	}
	for _, c := range ops {
		for _, dt := range []string{"c64", "c128"} {
			key := c.op + "/" + dt
			ct := ir.Complex(ir.F32T)
			eps := math.Ldexp(1, -23)
			if dt == "c128" {
				ct, eps = ir.Complex(ir.F64T), math.Ldexp(1, -52)
			}
			m, err := ir.Parse("complex.mlir", []byte(complexOpSource(c.op, ct, len(as))), ir.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			a, _ := NewComplex(ct, []int64{int64(len(as))}, as)
			b, _ := NewComplex(ct, []int64{int64(len(bs))}, bs)
			res, err := Run(m, "main", []*Tensor{a, b})
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			got, w := res[0], want[key]
			var worst float64
			for i := range as {
				var g, e complex128
				switch {
				case got.IsComplex():
					g = got.Complexes()[i]
					e = complex(math.Float64frombits(w[2*i]), math.Float64frombits(w[2*i+1]))
				case got.IsFloat():
					g, e = complex(got.Float(i), 0), complex(math.Float64frombits(w[i]), 0)
				default:
					g, e = complex(float64(got.Int(i)), 0), complex(float64(w[i]), 0) // booleans: 0 or 1
				}
				za, zb := a.Complexes()[i], b.Complexes()[i]
				scale := cmplx.Abs(e)
				switch c.op {
				case "multiply":
					scale = cmplx.Abs(za) * cmplx.Abs(zb)
				case "divide":
					scale = cmplx.Abs(za) / cmplx.Abs(zb)
				case "power":
					scale *= max(1, cmplx.Abs(zb)*cmplx.Abs(cmplx.Log(za)))
				case "logistic":
					scale *= max(1, cmplx.Abs(cmplx.Exp(-za))*cmplx.Abs(e))
				case "atan2":
					// the log of a quotient of modulus near 1: a few
					// epsilons absolutely, whatever the result's size;
					// on the formula's branch cut (a real part of ±π)
					// the last bit of the quotient's imaginary part picks
					// the side
					scale = max(scale, 1)
					if math.Abs(math.Abs(real(e))-math.Pi) < 1e-6 && math.Abs(real(g)+real(e)) < 1e-6 {
						g = complex(real(e), imag(g))
					}
				}
				d, ok := complexDistance(g, e, scale, eps, c.exact)
				if !ok || !(d <= c.eps) {
					t.Errorf("%s(%v, %v): interpreter %v, numpy %v (%.3g eps of the scale %.3g; at most %g)", key, za, zb, g, e, d, scale, c.eps)
					continue
				}
				worst = max(worst, d)
			}
			t.Logf("%-20s %d values, largest error %.3g eps (bound %g)", key, len(as), worst, c.eps)
		}
	}
}

// complexDistance is how far g is from the expected e, in epsilons of
// scale per part; NaN and infinite parts must match exactly (ok false
// otherwise). An exact comparison wants the same bits (any NaN equal).
func complexDistance(g, e complex128, scale, eps float64, exact bool) (float64, bool) {
	worst := 0.0
	for _, p := range [][2]float64{{real(g), real(e)}, {imag(g), imag(e)}} {
		x, y := p[0], p[1]
		switch {
		case math.IsNaN(x) || math.IsNaN(y):
			if math.IsNaN(x) != math.IsNaN(y) {
				return math.Inf(1), false
			}
		case math.IsInf(x, 0) || math.IsInf(y, 0) || exact:
			if x != y {
				return math.Inf(1), false
			}
		case x == y:
		default:
			sc := scale
			if math.IsInf(sc, 0) || math.IsNaN(sc) {
				sc = math.Abs(y) // the other part is not finite: this one on its own scale
			}
			// an epsilon of the scale, but no less than the part type's
			// smallest subnormal (eps·2^-1022 or eps·2^-126 apart)
			unit := max(sc*eps, eps*tinyNormal(eps))
			worst = max(worst, math.Abs(x-y)/unit)
		}
	}
	return worst, true
}

// TestComplexDotAgainstNumpy interprets hlo.dot_general on complex<f32>
// and complex<f64> operands (a batch of rows of 4 elements, contracted
// pairwise) and compares with numpy's sum of the products, within 8
// epsilons of Σ|a_k|·|b_k| per part (the usual bound of a sum of
// products: numpy's complex64 multiplies in float32, the interpreter in
// float64 rounded once).
func TestComplexDotAgainstNumpy(t *testing.T) {
	python := numpyPython(t)
	as, bs := complexTestValues(3), complexTestValues(4)
	n := len(as) / 4 * 4
	as, bs = as[:n], bs[:n]
	var cases []map[string]any
	for _, dt := range []string{"c64", "c128"} {
		cases = append(cases, map[string]any{"key": dt, "fn": "(a.reshape(-1, 4) * b.reshape(-1, 4)).sum(axis=1)", "dtype": dt, "a": complexBits(as), "b": complexBits(bs)})
	}
	var want map[string][]uint64
	if err := pyoracle.Run(python, t.TempDir(), "complexdot", complexNumpyScript, map[string]any{"cases": cases}, &want); err != nil {
		t.Fatal(err)
	}
	for _, dt := range []string{"c64", "c128"} {
		ct, eps := ir.Complex(ir.F32T), math.Ldexp(1, -23)
		if dt == "c128" {
			ct, eps = ir.Complex(ir.F64T), math.Ldexp(1, -52)
		}
		rows := n / 4
		src := fmt.Sprintf("func.func @main(%%a: tensor<%dx4x%s>, %%b: tensor<%dx4x%s>) -> tensor<%dx%s> {\n"+
			"  %%r = hlo.dot_general %%a, %%b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<%dx4x%s>, tensor<%dx4x%s>) -> tensor<%dx%s>\n"+
			"  return %%r : tensor<%dx%s>\n}\n", rows, ct, rows, ct, rows, ct, rows, ct, rows, ct, rows, ct, rows, ct)
		m, err := ir.Parse("dot.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := NewComplex(ct, []int64{int64(rows), 4}, as)
		b, _ := NewComplex(ct, []int64{int64(rows), 4}, bs)
		res, err := Run(m, "main", []*Tensor{a, b})
		if err != nil {
			t.Fatalf("%s: %v", dt, err)
		}
		w := want[dt]
		var worst float64
		for i := range rows {
			g := res[0].Complexes()[i]
			e := complex(math.Float64frombits(w[2*i]), math.Float64frombits(w[2*i+1]))
			var scale float64
			for k := range 4 {
				scale += cmplx.Abs(a.Complexes()[4*i+k]) * cmplx.Abs(b.Complexes()[4*i+k])
			}
			d, ok := complexDistance(g, e, scale, eps, false)
			if !ok || !(d <= 8) {
				t.Errorf("%s row %d: interpreter %v, numpy %v (%.3g eps of the scale %.3g; at most 8)", dt, i, g, e, d, scale)
				continue
			}
			worst = max(worst, d)
		}
		t.Logf("dot_general/%s %d rows of 4, largest error %.3g eps (bound 8)", dt, rows, worst)
	}
}

// tinyNormal is the smallest normal number of the float type of epsilon
// eps (f32 or f64).
func tinyNormal(eps float64) float64 {
	if eps == math.Ldexp(1, -23) {
		return math.Ldexp(1, -126)
	}
	return math.Ldexp(1, -1022)
}
