package interp

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestDotGeneralHandComputed checks contractions against values worked
// out by hand: the spec's example, a matmul, dims out of order, the
// vector forms of hlo.dot, i1, wrapping integers, a wider result, an
// empty contracting dim and the sign of a zero sum.
func TestDotGeneralHandComputed(t *testing.T) {
	// StableHLO's example: a batch of 2x2 matrices times identities.
	got := runOK(t, `func.func @f(%a: tensor<2x2x2xi64>, %b: tensor<2x2x2xi64>) -> tensor<2x2x2xi64> {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  return %0 : tensor<2x2x2xi64>
}`, ti("i64", sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), ti("i64", sh(2, 2, 2), 1, 0, 0, 1, 1, 0, 0, 1))
	expectTensor(t, "spec example", got[0], ti("i64", sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8))

	// [[1 2 3] [4 5 6]] @ [[1 2] [3 4] [5 6]] = [[22 28] [49 64]], in
	// f32 and as rhs^T read through contracting_dims = [1] x [1].
	x := tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6)
	got = runOK(t, `func.func @f(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>, %wt: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.dot %x, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}`, x, tf("f32", sh(3, 2), 1, 2, 3, 4, 5, 6), tf("f32", sh(2, 3), 1, 3, 5, 2, 4, 6))
	want := tf("f32", sh(2, 2), 22, 28, 49, 64)
	for i := range got {
		expectTensor(t, fmt.Sprintf("matmul #%d", i), got[i], want)
	}

	// The batch dim last on lhs and first on rhs, contracting dims paired
	// out of order: r[b, i] = Σ_{j,k} a[j, i, k, b] * c[b, k, j].
	a := make([]int64, 2*2*3*2)
	for i := range a {
		a[i] = int64(i)
	}
	c := make([]int64, 2*3*2)
	for i := range c {
		c[i] = int64(i%5) - 2
	}
	want2 := make([]int64, 4)
	for bb := range 2 {
		for i := range 2 {
			for j := range 2 {
				for k := range 3 {
					want2[bb*2+i] += a[((j*2+i)*3+k)*2+bb] * c[(bb*3+k)*2+j]
				}
			}
		}
	}
	got = runOK(t, `func.func @f(%a: tensor<2x2x3x2xi32>, %c: tensor<2x3x2xi32>) -> tensor<2x2xi32> {
  %0 = stablehlo.dot_general %a, %c, batching_dims = [3] x [0], contracting_dims = [0, 2] x [2, 1] : (tensor<2x2x3x2xi32>, tensor<2x3x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}`, ti("i32", sh(2, 2, 3, 2), a...), ti("i32", sh(2, 3, 2), c...))
	expectTensor(t, "dims out of order", got[0], ti("i32", sh(2, 2), want2...))

	// hlo.dot's vector forms.
	v := tf("f32", sh(3), 1, -1, 2)
	got = runOK(t, `func.func @f(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %u: tensor<2xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<f32>) {
  %0 = stablehlo.dot %x, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = stablehlo.dot %u, %x : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  %2 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xf32>, tensor<f32>
}`, x, v, tf("f32", sh(2), 1, 10))
	expectTensor(t, "matrix-vector", got[0], tf("f32", sh(2), 5, 11))
	expectTensor(t, "vector-matrix", got[1], tf("f32", sh(3), 41, 52, 63))
	expectTensor(t, "vector-vector", got[2], tf("f32", nil, 6))

	// i1: and, then or. i8 wraps; i8 into i32 does not. f16 into f32
	// rounds to f32, not f16 (2048 + 1 is not an f16).
	got = runOK(t, `func.func @f(%p: tensor<2x3xi1>, %q: tensor<3xi1>, %s: tensor<2xi8>, %h: tensor<2xf16>) -> (tensor<2xi1>, tensor<i8>, tensor<i32>, tensor<f32>, tensor<f16>) {
  %0 = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2xi1>
  %1 = stablehlo.dot_general %s, %s, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
  %2 = stablehlo.dot_general %s, %s, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i32>
  %3 = stablehlo.dot_general %h, %h, contracting_dims = [0] x [0] : (tensor<2xf16>, tensor<2xf16>) -> tensor<f32>
  %4 = stablehlo.dot_general %h, %h, contracting_dims = [0] x [0] : (tensor<2xf16>, tensor<2xf16>) -> tensor<f16>
  return %0, %1, %2, %3, %4 : tensor<2xi1>, tensor<i8>, tensor<i32>, tensor<f32>, tensor<f16>
}`, ti("i1", sh(2, 3), 1, 0, 0, 0, 1, 0), ti("i1", sh(3), 0, 1, 1), ti("i8", sh(2), 100, -100), tf("f16", sh(2), 1, 2048))
	expectTensor(t, "i1", got[0], ti("i1", sh(2), 0, 1))
	expectTensor(t, "i8 wraps", got[1], ti("i8", nil, 20000%256))
	expectTensor(t, "i8 into i32", got[2], ti("i32", nil, 20000))
	expectTensor(t, "f16 into f32", got[3], tf("f32", nil, 2048*2048+1))
	expectTensor(t, "f16", got[4], tf("f16", nil, math.Inf(1)))

	// An empty contracting dim gives 0; -0 products sum to +0 (from 0).
	got = runOK(t, `func.func @f(%e: tensor<2x0xf32>, %f: tensor<0x3xf32>, %z: tensor<2xf32>, %o: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<f32>) {
  %0 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.dot_general %z, %o, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  return %0, %1 : tensor<2x3xf32>, tensor<f32>
}`, tf("f32", sh(2, 0)), tf("f32", sh(0, 3)), tf("f32", sh(2), math.Copysign(0, -1), 0), tf("f32", sh(2), 1, -1))
	expectTensor(t, "empty contracting dim", got[0], tf("f32", sh(2, 3), 0, 0, 0, 0, 0, 0))
	expectTensor(t, "-0 sum", got[1], tf("f32", nil, 0))
}

// TestDotGeneralOrder pins the order of the sum: the contracting dims
// row-major as listed (lhs_contracting_dimensions[0] outermost), each
// addition rounded to f32. 1e8 + 1 + 1 + ... (in that order) stays 1e8
// in f32; the ones first add up before 1e8 absorbs them.
func TestDotGeneralOrder(t *testing.T) {
	src := `func.func @f(%x: tensor<2x4xf32>, %one: tensor<2x4xf32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.dot_general %x, %one, contracting_dims = [0, 1] x [0, 1] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<f32>
  %1 = stablehlo.dot_general %x, %one, contracting_dims = [1, 0] x [1, 0] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}`
	// x = [[1e8, 1, 1, 1], [1, 1, 1, 1]]: rows first (dims [0, 1]) adds
	// 1e8 first; columns first (dims [1, 0]) adds x[0][0], x[1][0], ...
	x := tf("f32", sh(2, 4), 1e8, 1, 1, 1, 1, 1, 1, 1)
	ones := tf("f32", sh(2, 4), 1, 1, 1, 1, 1, 1, 1, 1)
	got := runOK(t, src, x, ones)
	seq := func(vals ...float32) float64 {
		var acc float32
		for _, v := range vals {
			acc += v
		}
		return float64(acc)
	}
	expectTensor(t, "rows first", got[0], tf("f32", nil, seq(1e8, 1, 1, 1, 1, 1, 1, 1)))
	expectTensor(t, "columns first", got[1], tf("f32", nil, seq(1e8, 1, 1, 1, 1, 1, 1, 1)))
	x = tf("f32", sh(2, 4), 1, 1, 1, 1, 1, 1, 1, 1e8)
	got = runOK(t, src, x, ones)
	expectTensor(t, "rows first, 1e8 last", got[0], tf("f32", nil, seq(1, 1, 1, 1, 1, 1, 1, 1e8)))
	expectTensor(t, "columns first, 1e8 last", got[1], tf("f32", nil, seq(1, 1, 1, 1, 1, 1, 1, 1e8)))
	x = tf("f32", sh(2, 4), 1e8, -1e8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5)
	got = runOK(t, src, x, ones)
	expectTensor(t, "rows first, cancelling", got[0], tf("f32", nil, seq(1e8, -1e8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5)))
	expectTensor(t, "columns first, cancelling", got[1], tf("f32", nil, seq(1e8, 0.5, -1e8, 0.5, 0.5, 0.5, 0.5, 0.5)))
}

// TestDotGeneralRunTimeSizes: dynamic dims that pair up must agree at run
// time.
func TestDotGeneralRunTimeSizes(t *testing.T) {
	src := `func.func @f(%a: tensor<?x3xf32>, %b: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<?x3xf32>, tensor<?x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}`
	expectErr(t, src, []*Tensor{tf("f32", sh(2, 3), 0, 0, 0, 0, 0, 0), tf("f32", sh(5, 4), make([]float64, 20)...)},
		"'stablehlo.dot_general' op contracting dims pair 0: lhs dim 0 has run-time size 2 but rhs dim 0 has 5")
	got := runOK(t, src, tf("f32", sh(1, 3), 1, 2, 3), tf("f32", sh(1, 4), 1, 10, 100, 1000))
	expectTensor(t, "outer product", got[0], tf("f32", sh(3, 4), 1, 10, 100, 1000, 2, 20, 200, 2000, 3, 30, 300, 3000))
}

// contractionCase is one dot_general checked against numpy. Float data
// travels as bits (JSON has no NaN).
type contractionCase struct {
	Elem, Out        string // f32, f64, f16, i32, i8
	Lhs, Rhs         []int64
	LB, RB, LC, RC   []int64
	LData, RData     []int64
	Specials         bool
	dynamicLhs, dynR bool
}

// numpyContractionScript computes each case with numpy, independently of
// the interpreter: both operands transposed to (batch, free, contracting)
// order and reshaped so that one broadcasting multiply gives every
// product, rounded to the result type, then a sequential np.add.accumulate
// from 0 over the contracting dims flattened in row-major order. When no
// special values are involved it also checks the sums against np.einsum
// in float64 (the dims' meaning, computed another way).
const numpyContractionScript = `
import json, sys
import numpy as np
np.seterr(all='ignore')
DT = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8, "i32": np.int32, "i64": np.int64}
BITS = {"f16": np.uint16, "f32": np.uint32, "f64": np.int64}
def load(data, elem, shape):
    if elem in BITS:
        return np.array(data, dtype=np.int64).astype(BITS[elem]).view(DT[elem]).reshape(shape)
    return np.array(data, dtype=np.int64).astype(DT[elem]).reshape(shape)
def dump(r, elem):
    r = np.asarray(r, dtype=DT[elem])
    flat = r.view(BITS[elem]).ravel() if elem in BITS else r.ravel()
    return {"shape": list(r.shape), "data": [int(v) for v in flat]}
out = []
for c in json.load(sys.stdin):
    lhs, rhs = load(c["LData"] or [], c["Elem"], c["Lhs"]), load(c["RData"] or [], c["Elem"], c["Rhs"])
    od = DT[c["Out"]]
    lb, rb, lc, rc = c["LB"] or [], c["RB"] or [], c["LC"] or [], c["RC"] or []
    lf = [d for d in range(lhs.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(rhs.ndim) if d not in rb and d not in rc]
    B = [lhs.shape[d] for d in lb]
    M = [lhs.shape[d] for d in lf]
    N = [rhs.shape[d] for d in rf]
    K = [lhs.shape[d] for d in lc]
    nk = int(np.prod(K, dtype=np.int64))
    L = np.transpose(lhs, lb + lf + lc).astype(od).reshape(B + M + [1] * len(N) + [nk])
    R = np.transpose(rhs, rb + rf + rc).astype(od).reshape(B + [1] * len(M) + N + [nk])
    P = np.multiply(L, R, dtype=od)
    P = np.concatenate([np.zeros(P.shape[:-1] + (1,), dtype=od), P], axis=-1)
    S = np.add.accumulate(P, axis=-1, dtype=od)[..., -1]
    ok = True
    if not c.get("Specials") and od in (np.float32, np.float64):
        letters = "abcdefghijklmnop"
        ls = [""] * lhs.ndim
        rs = [""] * rhs.ndim
        res = ""
        n = 0
        for a, b in zip(lb, rb):
            ls[a] = rs[b] = letters[n]; res += letters[n]; n += 1
        for a in lf:
            ls[a] = letters[n]; res += letters[n]; n += 1
        for b in rf:
            rs[b] = letters[n]; res += letters[n]; n += 1
        for a, b in zip(lc, rc):
            ls[a] = rs[b] = letters[n]; n += 1
        E = np.einsum("".join(ls) + "," + "".join(rs) + "->" + res, lhs.astype(np.float64), rhs.astype(np.float64))
        scale = np.einsum("".join(ls) + "," + "".join(rs) + "->" + res, np.abs(lhs.astype(np.float64)), np.abs(rhs.astype(np.float64)))
        tol = 1e-5 if od == np.float32 else 1e-13
        ok = bool(np.all(np.abs(S.astype(np.float64) - E) <= tol * (scale + 1e-30) * max(nk, 1)))
    out.append({"r": dump(S, c["Out"]), "einsum_ok": ok})
json.dump(out, sys.stdout)
`

// randomContractionCase draws dims for lhs and rhs: up to 2 batch, 2
// contracting and 2 free dims a side (ranks up to 4, in a random order),
// sizes 0 to 4, and data of elem (with NaN, infinities, signed zeros and
// huge values when specials is set).
func randomContractionCase(rng *rand.Rand, elem, out string, specials bool) contractionCase {
	c := contractionCase{Elem: elem, Out: out, Specials: specials}
	nb, nc := rng.IntN(3), rng.IntN(3)
	nl, nr := rng.IntN(3), rng.IntN(3)
	for nb+nc+nl > 4 || nb+nc+nr > 4 {
		nl, nr = rng.IntN(3), rng.IntN(3)
	}
	size := func() int64 {
		if rng.IntN(10) == 0 {
			return int64(rng.IntN(2)) // 0 or 1
		}
		return 1 + rng.Int64N(4)
	}
	bs, cs := make([]int64, nb), make([]int64, nc)
	for i := range bs {
		bs[i] = size()
	}
	for i := range cs {
		cs[i] = size()
	}
	// place puts the roles (batch i, contracting i, free) at random
	// positions of an operand and returns its shape and where each went.
	place := func(nf int) (shape, b, k []int64) {
		rank := nb + nc + nf
		pos := rng.Perm(rank)
		shape = make([]int64, rank)
		for i := range nb {
			b = append(b, int64(pos[i]))
			shape[pos[i]] = bs[i]
		}
		for i := range nc {
			k = append(k, int64(pos[nb+i]))
			shape[pos[nb+i]] = cs[i]
		}
		for i := range nf {
			shape[pos[nb+nc+i]] = size()
		}
		return shape, b, k
	}
	c.Lhs, c.LB, c.LC = place(nl)
	c.Rhs, c.RB, c.RC = place(nr)
	c.LData = contractionData(rng, elem, c.Lhs, specials)
	c.RData = contractionData(rng, elem, c.Rhs, specials)
	c.dynamicLhs, c.dynR = rng.IntN(3) == 0, rng.IntN(3) == 0
	return c
}

// contractionData returns elements of elem for shape: bits for floats, small
// integers (and some large ones, which wrap when multiplied) otherwise.
func contractionData(rng *rand.Rand, elem string, shape []int64, specials bool) []int64 {
	n := 1
	for _, s := range shape {
		n *= int(s)
	}
	data := make([]int64, n)
	for i := range data {
		var f float64
		switch {
		case specials && rng.IntN(8) == 0:
			f = []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 3e38, -3e38}[rng.IntN(6)]
		default:
			f = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(5)-2))
		}
		switch elem {
		case "f16":
			data[i] = int64(ir.Float64ToF16Bits(f))
		case "f32":
			data[i] = int64(math.Float32bits(float32(f)))
		case "f64":
			data[i] = int64(math.Float64bits(f))
		case "i8":
			data[i] = rng.Int64N(256) - 128
		default:
			if rng.IntN(10) == 0 {
				data[i] = rng.Int64N(1<<32) - 1<<31
			} else {
				data[i] = rng.Int64N(21) - 10
			}
		}
	}
	return data
}

// tensorFromData builds a tensor of elem from contractionCase data.
func tensorFromData(elem string, shape []int64, data []int64) *Tensor {
	et := elemType(elem)
	if !ir.IsFloat(et) {
		return ti(elem, shape, data...)
	}
	fs := make([]float64, len(data))
	for i, bits := range data {
		switch elem {
		case "f16":
			fs[i] = ir.F16BitsToFloat64(uint16(bits))
		case "f32":
			fs[i] = float64(math.Float32frombits(uint32(bits)))
		default:
			fs[i] = math.Float64frombits(uint64(bits))
		}
	}
	return tf(elem, shape, fs...)
}

// build returns the module of the case's dot_general, built with
// hlo.DotGeneral (the result type inferred), with dynamic argument types
// where the case says so.
func (c contractionCase) build() (*ir.Operation, error) {
	dyn := func(shape []int64, on bool) []int64 {
		if !on {
			return shape
		}
		out := make([]int64, len(shape))
		for i := range out {
			out[i] = ir.Dynamic
		}
		return out
	}
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{
		ir.RankedTensor(dyn(c.Lhs, c.dynamicLhs), elemType(c.Elem)),
		ir.RankedTensor(dyn(c.Rhs, c.dynR), elemType(c.Elem)),
	}, nil)
	args := fn.Region(0).Front().Args()
	lhs, rhs := args[0], args[1]
	d := hlo.DotDims{LhsBatching: c.LB, RhsBatching: c.RB, LhsContracting: c.LC, RhsContracting: c.RC}
	var r *ir.Value
	var err error
	if c.Out == c.Elem {
		r, err = hlo.DotGeneral(b, lhs, rhs, d)
	} else {
		// A wider result: the builder infers the operands' type, so build
		// the op directly.
		lt, rt := lhs.Type().(*ir.RankedTensorType), rhs.Type().(*ir.RankedTensorType)
		st := &ir.OpState{Name: hlo.DotGeneralOp.Name, Operands: []*ir.Value{lhs, rhs},
			ResultTypes: []ir.Type{ir.RankedTensor(d.ResultShape(lt.Shape(), rt.Shape()), elemType(c.Out))}}
		st.AddAttr("dot_dimension_numbers", d.Attr())
		r = b.Create(st).Result(0)
	}
	if err != nil {
		return nil, err
	}
	funcdialect.NewReturn(b, r)
	return module, ir.Verify(module)
}

// TestDotGeneralAgainstNumpy runs random contractions (any ranks and dim
// orders, empty and unit dims, static and dynamic types; f32, f64, i32,
// i8, and f16 and i8 into wider results) in the interpreter and compares
// the bits with numpy's sequential sums, and the float sums with
// np.einsum in float64.
func TestDotGeneralAgainstNumpy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(15, 2))
	var cases []contractionCase
	for i := range 600 {
		kinds := [][2]string{{"f32", "f32"}, {"f32", "f32"}, {"f64", "f64"}, {"i32", "i32"}, {"i8", "i8"}, {"f16", "f32"}, {"i8", "i32"}, {"f32", "f64"}}
		k := kinds[i%len(kinds)]
		cases = append(cases, randomContractionCase(rng, k[0], k[1], k[0][0] == 'f' && rng.IntN(4) == 0))
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", numpyContractionScript)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var want []struct {
		R struct {
			Shape []int64 `json:"shape"`
			Data  []int64 `json:"data"`
		} `json:"r"`
		EinsumOK bool `json:"einsum_ok"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	checked := map[string]int{}
	for i, c := range cases {
		module, err := c.build()
		if err != nil {
			t.Fatalf("case %d %+v: %v", i, c, err)
		}
		if !want[i].EinsumOK {
			t.Errorf("case %d %+v: numpy's sequential sums are not np.einsum's", i, c)
		}
		got, err := Run(module, "f", []*Tensor{tensorFromData(c.Elem, c.Lhs, c.LData), tensorFromData(c.Elem, c.Rhs, c.RData)})
		if err != nil {
			t.Fatalf("case %d %+v: %v\n%s", i, c, err, ir.PrintString(module, ir.PrintOptions{}))
		}
		if w := tensorFromData(c.Out, want[i].R.Shape, want[i].R.Data); !got[0].Equal(w) {
			t.Errorf("case %d %+v: got %v, numpy %v\n%s", i, c, got[0], w, ir.PrintString(module, ir.PrintOptions{}))
		}
		checked[c.Elem+"->"+c.Out]++
	}
	t.Logf("%d contractions checked against numpy: %v", len(cases), checked)
}
