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
)

func TestDynamicIota(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		want      *Tensor
	}{
		{"1-D from an i32 shape", `func.func @f(%s: tensor<1xi32>) -> tensor<?xi32> {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}`, []*Tensor{ti("i32", sh(1), 4)}, ti("i32", sh(4), 0, 1, 2, 3)},
		{"dim 1 of 2x3, f32", `func.func @f(%s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = hlo.dynamic_iota %s, dim = 1 : (tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`, []*Tensor{ti("index", sh(2), 2, 3)}, tf("f32", sh(2, 3), 0, 1, 2, 0, 1, 2)},
		{"dim 0 of 3x2 with a static dim, i64", `func.func @f(%s: tensor<2xi64>) -> tensor<?x2xi64> {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}`, []*Tensor{ti("i64", sh(2), 3, 2)}, ti("i64", sh(3, 2), 0, 0, 1, 1, 2, 2)},
		{"jnp.arange(b) + x: the shape from get_dimension_size", `func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %1 = hlo.convert %0 : (tensor<?xi32>) -> tensor<?xf32>
  %2 = hlo.add %1, %x : tensor<?xf32>
  return %2 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(3), 0.5, -1, 10)}, tf("f32", sh(3), 0.5, 0, 12)},
		{"an empty result", `func.func @f(%s: tensor<2xi32>) -> tensor<?x?xi32> {
  %0 = hlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, []*Tensor{ti("i32", sh(2), 0, 5)}, ti("i32", sh(0, 5))},
		{"i8 wraps past 127", `func.func @f(%s: tensor<1xi32>) -> tensor<4xi8> {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi8>
  %1 = hlo.slice %0 [126:130] : (tensor<?xi8>) -> tensor<4xi8>
  return %1 : tensor<4xi8>
}`, []*Tensor{ti("i32", sh(1), 130)}, ti("i8", sh(4), 126, 127, -128, -127)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			expectTensor(t, "result", got[0], c.want)
		})
	}
}

func TestDynamicIotaErrors(t *testing.T) {
	expectErr(t, `func.func @f(%s: tensor<1xi32>) -> tensor<?xf32> {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{ti("i32", sh(1), -1)}, "'hlo.dynamic_iota' op operand #0 holds the negative dim size -1")
	// A run-time shape that disagrees with a static result dim.
	expectErr(t, `func.func @f(%s: tensor<2xi32>) -> tensor<?x3xf32> {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}`, []*Tensor{ti("i32", sh(2), 2, 4)}, "'hlo.dynamic_iota' op result #0", "has run-time shape [2, 4]")
	// A shape operand of unknown length must have the result's rank.
	expectErr(t, `func.func @f(%s: tensor<?xi32>) -> tensor<?x?xf32> {
  %0 = hlo.dynamic_iota %s, dim = 1 : (tensor<?xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`, []*Tensor{ti("i32", sh(1), 2)}, "iota_dimension 1 is out of range for the run-time shape [2]")
}

const realDynamicSlice2D = `func.func @f(%x: tensor<?x?xi32>, %s: tensor<2xi64>, %l: tensor<2xi64>, %st: tensor<2xi64>) -> tensor<?x?xi32> {
  %0 = hlo.real_dynamic_slice %x, %s, %l, %st : (tensor<?x?xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`

func TestRealDynamicSlice(t *testing.T) {
	// x[r][c] = 10*r + c, 4x5.
	x := ti("i32", sh(4, 5), 0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34)
	i64s := func(v ...int64) *Tensor { return ti("i64", sh(2), v...) }
	cases := []struct {
		name                 string
		start, limit, stride *Tensor
		want                 *Tensor
	}{
		{"x[1:3, 0:5]", i64s(1, 0), i64s(3, 5), i64s(1, 1), ti("i32", sh(2, 5), 10, 11, 12, 13, 14, 20, 21, 22, 23, 24)},
		{"x[0:4:2, 1:5:3]", i64s(0, 1), i64s(4, 5), i64s(2, 3), ti("i32", sh(2, 2), 1, 4, 21, 24)},
		{"x[3:4, 4:5]", i64s(3, 4), i64s(4, 5), i64s(1, 1), ti("i32", sh(1, 1), 34)},
		{"x[1:4:5, 0:5:2] (a stride past the end)", i64s(1, 0), i64s(4, 5), i64s(5, 2), ti("i32", sh(1, 3), 10, 12, 14)},
		{"x[2:2, 0:5] (empty)", i64s(2, 0), i64s(2, 5), i64s(1, 1), ti("i32", sh(0, 5))},
		{"x[4:4, 5:5] (empty, at the end)", i64s(4, 5), i64s(4, 5), i64s(3, 3), ti("i32", sh(0, 0))},
		{"x[0:4:big, 1:5:big] (no overflow)", i64s(0, 1), i64s(4, 5), i64s(math.MaxInt64, math.MaxInt64), ti("i32", sh(1, 1), 1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, realDynamicSlice2D, x, c.start, c.limit, c.stride)
			expectTensor(t, "result", got[0], c.want)
		})
	}
	// JAX's x[1:b-1], the limit computed from the size.
	got := runOK(t, `func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = hlo.constant dense<1> : tensor<1xi32>
  %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %l = hlo.subtract %n, %one : tensor<i32>
  %limit = hlo.reshape %l : (tensor<i32>) -> tensor<1xi32>
  %0 = hlo.real_dynamic_slice %x, %c, %limit, %c : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, tf("f32", sh(5), 1, 2, 3, 4, 5))
	expectTensor(t, "x[1:b-1]", got[0], tf("f32", sh(3), 2, 3, 4))
}

func TestRealDynamicSliceErrors(t *testing.T) {
	x := ti("i32", sh(4, 5), make([]int64, 20)...)
	i64s := func(v ...int64) *Tensor { return ti("i64", sh(2), v...) }
	for _, c := range []struct {
		start, limit, stride *Tensor
		want                 string
	}{
		{i64s(-1, 0), i64s(2, 5), i64s(1, 1), "slice -1:2:1 of dim 0 is out of bounds for run-time size 4"},
		{i64s(0, 3), i64s(2, 2), i64s(1, 1), "slice 3:2:1 of dim 1 is out of bounds for run-time size 5"},
		{i64s(0, 0), i64s(5, 5), i64s(1, 1), "slice 0:5:1 of dim 0 is out of bounds for run-time size 4"},
		{i64s(0, 0), i64s(4, 6), i64s(1, 1), "slice 0:6:1 of dim 1 is out of bounds for run-time size 5"},
		{i64s(0, 0), i64s(4, 5), i64s(0, 1), "slice 0:4:0 of dim 0 is out of bounds for run-time size 4"},
		{i64s(0, 4), i64s(4, 5), i64s(1, -1), "slice 4:5:-1 of dim 1 is out of bounds for run-time size 5"},
	} {
		expectErr(t, realDynamicSlice2D, []*Tensor{x, c.start, c.limit, c.stride}, "'hlo.real_dynamic_slice' op "+c.want)
	}
	// The index operands must have one element per dim at run time.
	expectErr(t, `func.func @f(%x: tensor<?xf32>, %s: tensor<?xi32>) -> tensor<?xf32> {
  %0 = hlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(3), 1, 2, 3), ti("i32", sh(2), 0, 1)}, "operand #1 must be a 1-D integer tensor of 1 elements")
}

// numpyCase is one program checked against numpy: iota is
// np.arange(shape[dim]) broadcast along dim, a slice is x[start:limit:step]
// per dim.
type numpyCase struct {
	Kind   string  `json:"kind"`
	Shape  []int64 `json:"shape"`
	Dim    int     `json:"dim,omitempty"`
	Data   []int64 `json:"data"`
	Start  []int64 `json:"start,omitempty"`
	Limit  []int64 `json:"limit,omitempty"`
	Stride []int64 `json:"stride,omitempty"`
}

const numpyDynamicShapesScript = `
import json, sys
import numpy as np
out = []
for c in json.load(sys.stdin):
    if c["kind"] == "iota":
        shape, dim = c["shape"], c.get("dim", 0)
        r = np.arange(shape[dim], dtype=np.int64).reshape([-1 if d == dim else 1 for d in range(len(shape))])
        r = np.broadcast_to(r, shape)
    else:
        x = np.array(c["data"] or [], dtype=np.int64).reshape(c["shape"])
        r = x[tuple(slice(s, l, st) for s, l, st in zip(c["start"], c["limit"], c["stride"]))]
    out.append({"shape": list(r.shape), "data": [int(v) for v in r.ravel()]})
json.dump(out, sys.stdout)
`

// TestDynamicShapesAgainstNumpy runs random dynamic_iota and
// real_dynamic_slice programs (ranks 1-3, every dim, in-bounds slices of
// any start, limit and stride, empty ones included) in the interpreter and
// compares with numpy.
func TestDynamicShapesAgainstNumpy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(3, 5))
	var cases []numpyCase
	for range 40 {
		rank := 1 + rng.IntN(3)
		shape := make([]int64, rank)
		for d := range shape {
			shape[d] = int64(rng.IntN(6))
		}
		cases = append(cases, numpyCase{Kind: "iota", Shape: shape, Dim: rng.IntN(rank)})
		c := numpyCase{Kind: "slice", Shape: shape}
		n := int64(1)
		for d := range shape {
			n *= shape[d]
			s := rng.Int64N(shape[d] + 1)
			l := s + rng.Int64N(shape[d]-s+1)
			c.Start, c.Limit, c.Stride = append(c.Start, s), append(c.Limit, l), append(c.Stride, 1+rng.Int64N(3))
		}
		for range n {
			c.Data = append(c.Data, rng.Int64N(1000)-500)
		}
		cases = append(cases, c)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", numpyDynamicShapesScript)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var want []struct {
		Shape []int64 `json:"shape"`
		Data  []int64 `json:"data"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		rank := len(c.Shape)
		dyn := strings.Repeat("?x", rank)
		var got []*Tensor
		if c.Kind == "iota" {
			src := fmt.Sprintf(`func.func @f(%%s: tensor<%dxi64>) -> tensor<%si32> {
  %%0 = hlo.dynamic_iota %%s, dim = %d : (tensor<%dxi64>) -> tensor<%si32>
  return %%0 : tensor<%si32>
}`, rank, dyn, c.Dim, rank, dyn, dyn)
			got = runOK(t, src, ti("i64", sh(int64(rank)), c.Shape...))
		} else {
			src := fmt.Sprintf(`func.func @f(%%x: tensor<%si32>, %%s: tensor<%dxi32>, %%l: tensor<%dxi32>, %%st: tensor<%dxi32>) -> tensor<%si32> {
  %%0 = hlo.real_dynamic_slice %%x, %%s, %%l, %%st : (tensor<%si32>, tensor<%dxi32>, tensor<%dxi32>, tensor<%dxi32>) -> tensor<%si32>
  return %%0 : tensor<%si32>
}`, dyn, rank, rank, rank, dyn, dyn, rank, rank, rank, dyn, dyn)
			idx := func(v []int64) *Tensor { return ti("i32", sh(int64(rank)), v...) }
			got = runOK(t, src, ti("i32", c.Shape, c.Data...), idx(c.Start), idx(c.Limit), idx(c.Stride))
		}
		wantT := ti("i32", want[i].Shape, want[i].Data...)
		if !got[0].Equal(wantT) {
			t.Errorf("case %d %+v: got %v, numpy %v", i, c, got[0], wantT)
		}
	}
}

// numpyPython returns python3 when it imports numpy; the test is skipped
// otherwise (failed under BCAST_REQUIRE_TOOLS=1).
func numpyPython(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err == nil {
		cmd := exec.Command(p, "-c", "import numpy")
		cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
		if out, e := cmd.CombinedOutput(); e != nil {
			err = fmt.Errorf("python3 cannot import numpy: %v: %s", e, strings.TrimSpace(string(out)))
		}
	}
	if err == nil {
		return p
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%v (BCAST_REQUIRE_TOOLS=1)", err)
	}
	t.Skipf("%v; install python3-numpy or set BCAST_REQUIRE_TOOLS=1 to make this a failure", err)
	return ""
}
