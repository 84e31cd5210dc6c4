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

// jaxArgmax is jnp.argmax(x, axis=1) of a 3x4 f32 matrix as JAX exports
// it.
const jaxArgmax = `func.func @f(%arg0: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0 = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.constant dense<0> : tensor<i32>
  %3:2 = stablehlo.reduce(%arg0 init: %1), (%0 init: %2) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %4 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.or %4, %5 : tensor<i1>
    %7 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.and %7, %8 : tensor<i1>
    %10 = stablehlo.or %6, %9 : tensor<i1>
    %11 = stablehlo.select %6, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %12 = stablehlo.select %10, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %11, %12 : tensor<f32>, tensor<i32>
  }
  return %3#0, %3#1 : tensor<3xf32>, tensor<3xi32>
}`

// reduceSrc is @f(%x: xt) -> rt reducing x from init with the short form
// `applies op` along dims.
func reduceSrc(xt, rt, elem, init, op, dims string) string {
	return fmt.Sprintf(`func.func @f(%%x: %s) -> %s {
  %%c = hlo.constant dense<%s> : tensor<%s>
  %%0 = hlo.reduce(%%x init: %%c) applies hlo.%s across dimensions = [%s] : (%s, tensor<%s>) -> %s
  return %%0 : %s
}`, xt, rt, init, elem, op, dims, xt, elem, rt, rt)
}

// windowSrc is @f(%x: xt) -> rt, a reduce_window of x from init with body
// op and the window attributes attrs.
func windowSrc(xt, rt, elem, init, op, attrs string) string {
	return fmt.Sprintf(`func.func @f(%%x: %s) -> %s {
  %%c = hlo.constant dense<%s> : tensor<%s>
  %%0 = "hlo.reduce_window"(%%x, %%c) <{%s}> ({
  ^bb0(%%a: tensor<%s>, %%b: tensor<%s>):
    %%s = hlo.%s %%a, %%b : tensor<%s>
    hlo.return %%s : tensor<%s>
  }) : (%s, tensor<%s>) -> %s
  return %%0 : %s
}`, xt, rt, init, elem, attrs, elem, elem, op, elem, elem, xt, elem, rt, rt)
}

// TestReductions runs reduce and reduce_window on hand-computed cases:
// the order of the fold (StableHLO's reference interpreter's), dims of
// size 0 and 1, no dims, all dims, integers, NaN, argmax as JAX exports it.
func TestReductions(t *testing.T) {
	const p24 = 1 << 24 // 2^24 + 1 rounds to 2^24 in f32
	m23 := tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6)
	cases := []struct {
		name, src string
		args      []*Tensor
		want      []*Tensor
	}{
		{"sum of rows", reduceSrc("tensor<2x3xf32>", "tensor<2xf32>", "f32", "0.0", "add", "1"),
			[]*Tensor{m23}, []*Tensor{tf("f32", sh(2), 6, 15)}},
		{"sum of columns", reduceSrc("tensor<2x3xf32>", "tensor<3xf32>", "f32", "0.0", "add", "0"),
			[]*Tensor{m23}, []*Tensor{tf("f32", sh(3), 5, 7, 9)}},
		{"sum over all dims, listed in any order", reduceSrc("tensor<2x3xf32>", "tensor<f32>", "f32", "0.0", "add", "1, 0"),
			[]*Tensor{m23}, []*Tensor{tf("f32", nil, 21)}},
		{"no dims: the body once, on the init value and the element", reduceSrc("tensor<2xf32>", "tensor<2xf32>", "f32", "10.0", "add", ""),
			[]*Tensor{tf("f32", sh(2), 1, 2)}, []*Tensor{tf("f32", sh(2), 11, 12)}},
		{"rank 0, no dims", reduceSrc("tensor<i32>", "tensor<i32>", "i32", "3", "multiply", ""),
			[]*Tensor{ti("i32", nil, 7)}, []*Tensor{ti("i32", nil, 21)}},
		{"sizes 1", reduceSrc("tensor<1x1xf32>", "tensor<f32>", "f32", "0.0", "add", "0, 1"),
			[]*Tensor{tf("f32", sh(1, 1), 2.5)}, []*Tensor{tf("f32", nil, 2.5)}},
		{"an empty reduced dim gives the init value", reduceSrc("tensor<2x0xf32>", "tensor<2xf32>", "f32", "5.0", "add", "1"),
			[]*Tensor{tf("f32", sh(2, 0))}, []*Tensor{tf("f32", sh(2), 5, 5)}},
		{"an empty kept dim gives an empty result", reduceSrc("tensor<0x3xf32>", "tensor<0xf32>", "f32", "5.0", "add", "1"),
			[]*Tensor{tf("f32", sh(0, 3))}, []*Tensor{tf("f32", sh(0))}},
		{"a float sum is sequential (2^24 first absorbs the ones)", reduceSrc("tensor<5xf32>", "tensor<f32>", "f32", "0.0", "add", "0"),
			[]*Tensor{tf("f32", sh(5), p24, 1, 1, 1, 1)}, []*Tensor{tf("f32", nil, p24)}},
		{"a float sum is sequential (the ones first add up)", reduceSrc("tensor<5xf32>", "tensor<f32>", "f32", "0.0", "add", "0"),
			[]*Tensor{tf("f32", sh(5), 1, 1, 1, 1, p24)}, []*Tensor{tf("f32", nil, p24+4)}},
		// Row-major: 1, 1, 2^24, 1 gives 2^24+2, then 2^24+3 rounds to
		// even 2^24+4; column-major (1, 2^24, 1, 1) would give 2^24.
		{"several reduced dims are folded in row-major order", reduceSrc("tensor<2x2xf32>", "tensor<f32>", "f32", "0.0", "add", "0, 1"),
			[]*Tensor{tf("f32", sh(2, 2), 1, 1, p24, 1)}, []*Tensor{tf("f32", nil, p24+4)}},
		{"the body takes the accumulated value first", `func.func @f(%x: tensor<3xf32>) -> tensor<f32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
   reducer(%acc: tensor<f32>, %v: tensor<f32>)  {
    %s = hlo.subtract %acc, %v : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}`, []*Tensor{tf("f32", sh(3), 1, 2, 3)}, []*Tensor{tf("f32", nil, -6)}},
		{"a body may use values defined outside it", `func.func @f(%x: tensor<3xi32>, %k: tensor<i32>) -> tensor<i32> {
  %c = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.reduce(%x init: %c) across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
   reducer(%acc: tensor<i32>, %v: tensor<i32>)  {
    %m = hlo.multiply %v, %k : tensor<i32>
    %s = hlo.add %acc, %m : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}`, []*Tensor{ti("i32", sh(3), 1, 2, 3), ti("i32", nil, 10)}, []*Tensor{ti("i32", nil, 60)}},
		{"max propagates NaN", reduceSrc("tensor<2x2xf32>", "tensor<2xf32>", "f32", "0xFF800000", "maximum", "1"),
			[]*Tensor{tf("f32", sh(2, 2), nan, 1, -2, -inf)}, []*Tensor{tf("f32", sh(2), nan, -2)}},
		{"min from +inf", reduceSrc("tensor<3xf32>", "tensor<f32>", "f32", "0x7F800000", "minimum", "0"),
			[]*Tensor{tf("f32", sh(3), 4, -inf, 2)}, []*Tensor{tf("f32", nil, -inf)}},
		{"i32 max", reduceSrc("tensor<2x2xi32>", "tensor<2xi32>", "i32", "-2147483648", "maximum", "0"),
			[]*Tensor{ti("i32", sh(2, 2), -5, 7, -3, 2)}, []*Tensor{ti("i32", sh(2), -3, 7)}},
		{"ui8 sum wraps", reduceSrc("tensor<3xui8>", "tensor<ui8>", "ui8", "0", "add", "0"),
			[]*Tensor{ti("ui8", sh(3), 200, 100, 1)}, []*Tensor{ti("ui8", nil, 45)}},
		{"ui8 max is unsigned", reduceSrc("tensor<2xui8>", "tensor<ui8>", "ui8", "0", "maximum", "0"),
			[]*Tensor{ti("ui8", sh(2), 1, 255)}, []*Tensor{ti("ui8", nil, 255)}},
		{"i1 sum is or", reduceSrc("tensor<2x2xi1>", "tensor<2xi1>", "i1", "false", "add", "1"),
			[]*Tensor{ti("i1", sh(2, 2), 0, 0, 1, 0)}, []*Tensor{ti("i1", sh(2), 0, 1)}},
		{"i64 product", reduceSrc("tensor<4xi64>", "tensor<i64>", "i64", "1", "multiply", "0"),
			[]*Tensor{ti("i64", sh(4), 1<<20, 1<<20, 1<<20, 3)}, []*Tensor{ti("i64", nil, 3<<60)}},
		{"dynamic dims", reduceSrc("tensor<?x?xf32>", "tensor<?xf32>", "f32", "0.0", "add", "0"),
			[]*Tensor{m23}, []*Tensor{tf("f32", sh(3), 5, 7, 9)}},
		// The first maximum; the first NaN; all -inf gives index 0.
		{"jnp.argmax: ties, NaN, all -inf", jaxArgmax,
			[]*Tensor{tf("f32", sh(3, 4), 1, 3, 3, 2, 1, nan, 5, nan, -inf, -inf, -inf, -inf)},
			[]*Tensor{tf("f32", sh(3), 3, nan, -inf), ti("i32", sh(3), 1, 1, 0)}},
		{"cumsum", windowSrc("tensor<4xf32>", "tensor<4xf32>", "f32", "0.0", "add",
			"padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 4>"),
			[]*Tensor{tf("f32", sh(4), 1, 2, 3, 4)}, []*Tensor{tf("f32", sh(4), 1, 3, 6, 10)}},
		{"cummax along dim 0", windowSrc("tensor<3x2xi32>", "tensor<3x2xi32>", "i32", "-2147483648", "maximum",
			"padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>"),
			[]*Tensor{ti("i32", sh(3, 2), 1, 5, 3, 2, 2, 7)}, []*Tensor{ti("i32", sh(3, 2), 1, 5, 3, 5, 3, 7)}},
		// The spec's example: rows of the padded, dilated input are
		// p p 1 p 3 p 5 p (p: init); windows of rows 0, 3 and 4, 7.
		{"base and window dilations, strides, padding", windowSrc("tensor<3x2xi32>", "tensor<2x2xi32>", "i32", "0", "add",
			"base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>"),
			[]*Tensor{ti("i32", sh(3, 2), 1, 2, 3, 4, 5, 6)}, []*Tensor{ti("i32", sh(2, 2), 0, 0, 3, 4)}},
		{"max pool 2x2, stride 2", windowSrc("tensor<4x4xf32>", "tensor<2x2xf32>", "f32", "0xFF800000", "maximum",
			"window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>"),
			[]*Tensor{tf("f32", sh(4, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)},
			[]*Tensor{tf("f32", sh(2, 2), 6, 8, 14, 16)}},
		{"padding reads the init value", windowSrc("tensor<3xf32>", "tensor<2xf32>", "f32", "0xFF800000", "maximum",
			"padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 2>"),
			[]*Tensor{tf("f32", sh(3), -1, -2, -3)}, []*Tensor{tf("f32", sh(2), -1, -2)}},
		{"negative padding crops", windowSrc("tensor<5xi32>", "tensor<3xi32>", "i32", "0", "add",
			"padding = dense<-1> : tensor<1x2xi64>, window_dimensions = array<i64: 1>"),
			[]*Tensor{ti("i32", sh(5), 1, 2, 3, 4, 5)}, []*Tensor{ti("i32", sh(3), 2, 3, 4)}},
		{"a window larger than the input fits 0 times", windowSrc("tensor<2xf32>", "tensor<0xf32>", "f32", "0.0", "add",
			"window_dimensions = array<i64: 3>"),
			[]*Tensor{tf("f32", sh(2), 1, 2)}, []*Tensor{tf("f32", sh(0))}},
		{"an empty input padded is windows of init values", windowSrc("tensor<0xf32>", "tensor<1xf32>", "f32", "7.0", "maximum",
			"padding = dense<[[2, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>"),
			[]*Tensor{tf("f32", sh(0))}, []*Tensor{tf("f32", sh(1), 7)}},
		{"two inputs: max pool with the index of the maximum", `func.func @f(%x: tensor<?xf32>, %i: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %z = hlo.constant dense<-1> : tensor<i32>
  %0:2 = "hlo.reduce_window"(%x, %i, %c, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %ia: tensor<i32>, %b: tensor<f32>, %ib: tensor<i32>):
    %p = hlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %p, %a, %b : tensor<i1>, tensor<f32>
    %j = hlo.select %p, %ia, %ib : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }) : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xi32>)
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi32>
}`, []*Tensor{tf("f32", sh(4), 3, 9, 4, 4), ti("i32", sh(4), 0, 1, 2, 3)},
			[]*Tensor{tf("f32", sh(2), 9, 4), ti("i32", sh(2), 1, 2)}},
		{"a body that calls a function (cumlogsumexp's export)", `func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %c) <{padding = dense<[[2, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = func.call @bigger(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @bigger(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = hlo.maximum %a, %b : tensor<f32>
  return %0 : tensor<f32>
}`, []*Tensor{tf("f32", sh(3), 2, 1, 3)}, []*Tensor{tf("f32", sh(3), 2, 2, 3)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			if len(got) != len(c.want) {
				t.Fatalf("%d results, want %d", len(got), len(c.want))
			}
			for i := range got {
				expectTensor(t, fmt.Sprintf("result #%d", i), got[i], c.want[i])
			}
		})
	}
}

// TestReductionRunErrors checks the run-time errors of the reductions:
// inputs whose dynamic dims disagree, and an error in the body, noted
// with the reduction and the result element being computed.
func TestReductionRunErrors(t *testing.T) {
	expectErr(t, `func.func @f(%x: tensor<?xf32>, %i: tensor<?xi32>) -> (tensor<f32>, tensor<i32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
    hlo.return %a, %ia : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}`, []*Tensor{tf("f32", sh(3), 1, 2, 3), ti("i32", sh(2), 1, 2)}, "'hlo.reduce' op inputs have different run-time shapes [3], [2]")
	expectErr(t, `func.func @f(%x: tensor<2x2xf32>) -> tensor<2xf32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %c) across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %s = hlo.custom_call @unknown(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}`, []*Tensor{tf("f32", sh(2, 2), 1, 2, 3, 4)}, "hlo.custom_call", "in the body of this hlo.reduce, computing result element (0)")
}

// TestReductionBuildersRun runs what the builders build: every result
// type they infer is checked against the run-time value by the
// interpreter.
func TestReductionBuildersRun(t *testing.T) {
	x := tf("f32", sh(2, 3), 4, -1, 4, nan, 2, 3)
	cases := []struct {
		name  string
		build func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error)
		want  []*Tensor
	}{
		{"ReduceSum", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return one2(hlo.ReduceSum(b, x, 0)) },
			[]*Tensor{tf("f32", sh(3), nan, 1, 7)}},
		{"ReduceProd", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return one2(hlo.ReduceProd(b, x, 1)) },
			[]*Tensor{tf("f32", sh(2), -16, nan)}},
		{"ReduceMax", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return one2(hlo.ReduceMax(b, x, 1)) },
			[]*Tensor{tf("f32", sh(2), 4, nan)}},
		{"ReduceMin", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return one2(hlo.ReduceMin(b, x, 0, 1)) },
			[]*Tensor{tf("f32", nil, nan)}},
		{"Argmax", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return two(hlo.Argmax(b, x, 1)) },
			[]*Tensor{tf("f32", sh(2), 4, nan), ti("i32", sh(2), 0, 0)}},
		{"Argmin", func(b *ir.Builder, x *ir.Value) ([]*ir.Value, error) { return two(hlo.Argmin(b, x, 0)) },
			[]*Tensor{tf("f32", sh(3), nan, -1, 3), ti("i32", sh(3), 1, 0, 1)}},
	}
	for _, c := range cases {
		for _, dyn := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/dynamic=%v", c.name, dyn), func(t *testing.T) {
				shape := []int64{2, 3}
				if dyn {
					shape = []int64{ir.Dynamic, 3}
				}
				module := builtin.NewModule()
				fn, b := funcdialect.NewFunc(module, "f", []ir.Type{ir.RankedTensor(shape, ir.F32T)}, nil)
				rs, err := c.build(b, fn.Region(0).Front().Arg(0))
				if err != nil {
					t.Fatal(err)
				}
				funcdialect.NewReturn(b, rs...)
				if err := ir.Verify(module); err != nil {
					t.Fatal(err)
				}
				got, err := Run(module, "f", []*Tensor{x})
				if err != nil {
					t.Fatalf("%v\n%s", err, ir.PrintString(module, ir.PrintOptions{}))
				}
				for i := range got {
					expectTensor(t, fmt.Sprintf("result #%d", i), got[i], c.want[i])
				}
			})
		}
	}
}

func one2(v *ir.Value, err error) ([]*ir.Value, error)   { return []*ir.Value{v}, err }
func two(v, w *ir.Value, err error) ([]*ir.Value, error) { return []*ir.Value{v, w}, err }

// reductionCase is one program checked against numpy. Float data travels
// as float32 bits (JSON has no NaN).
type reductionCase struct {
	Kind    string     `json:"kind"` // reduce, arg, window, cum
	Op      string     `json:"op"`   // sum, prod, max, min; argmax, argmin
	Elem    string     `json:"elem"` // f32, i32, ui8
	Shape   []int64    `json:"shape"`
	Dims    []int64    `json:"dims"`
	Data    []int64    `json:"data"`
	Win     []int64    `json:"win"`
	Strides []int64    `json:"strides"`
	Base    []int64    `json:"base"`
	WDil    []int64    `json:"wdil"`
	Pad     [][2]int64 `json:"pad"`
	dynamic []bool
}

// numpyReductionsScript computes each case with numpy, independently of
// the interpreter: reduce as a sequential accumulate (init first, then
// the reduced dims flattened in row-major order), argmax/argmin with
// np.argmax/np.argmin, cumulative ops with np.cumsum and
// np.maximum.accumulate, reduce_window by dilating and padding the input
// with np.pad and folding each window in a Python loop.
const numpyReductionsScript = `
import json, sys
import numpy as np
np.seterr(all='ignore')
DT = {"f32": np.float32, "i32": np.int32, "ui8": np.uint8}
UF = {"sum": np.add, "prod": np.multiply, "max": np.maximum, "min": np.minimum}
def load(c):
    if c["elem"] == "f32":
        return np.array(c["data"], dtype=np.uint32).view(np.float32).reshape(c["shape"])
    return np.array(c["data"], dtype=np.int64).astype(DT[c["elem"]]).reshape(c["shape"])
def dump(r, elem):
    r = np.asarray(r).astype(DT[elem])
    flat = r.view(np.uint32).ravel() if elem == "f32" else r.ravel()
    return {"shape": list(r.shape), "data": [int(v) for v in flat]}
def ident(op, dt):
    if op == "sum": return dt.type(0)
    if op == "prod": return dt.type(1)
    if np.issubdtype(dt, np.floating): return dt.type(-np.inf if op == "max" else np.inf)
    info = np.iinfo(dt)
    return dt.type(info.min if op == "max" else info.max)
def reduce(x, op, dims):
    kept = [d for d in range(x.ndim) if d not in dims]
    red = sorted(dims)
    ks = [x.shape[d] for d in kept]
    n = int(np.prod([x.shape[d] for d in red], dtype=np.int64))
    y = np.transpose(x, kept + red).reshape(ks + [n])
    y = np.concatenate([np.full(ks + [1], ident(op, x.dtype), dtype=x.dtype), y], axis=-1)
    return UF[op].accumulate(y, axis=-1, dtype=x.dtype)[..., -1]
def window(x, op, win, strides, base, wdil, pad):
    dt = x.dtype
    init = ident(op, dt)
    dshape = [(n - 1) * b + 1 if n > 0 else 0 for n, b in zip(x.shape, base)]
    xd = np.full(dshape, init, dtype=dt)
    if x.size:
        xd[tuple(slice(None, None, b) for b in base)] = x
    xp = xd
    if x.ndim:
        xp = np.pad(xd, [(max(lo, 0), max(hi, 0)) for lo, hi in pad], constant_values=init)
        xp = xp[tuple(slice(max(-lo, 0), xp.shape[d] - max(-hi, 0)) for d, (lo, hi) in enumerate(pad))]
    dw = [(w - 1) * d + 1 for w, d in zip(win, wdil)]
    out = [0 if (P <= 0 or W > P) else (P - W) // s + 1 for P, W, s in zip(xp.shape, dw, strides)]
    res = np.empty(out, dtype=dt)
    for idx in np.ndindex(*out):
        acc = init
        for w in np.ndindex(*win):
            acc = UF[op](acc, xp[tuple(i * s + k * d for i, s, k, d in zip(idx, strides, w, wdil))], dtype=dt)
        res[idx] = acc
    return res
out = []
for c in json.load(sys.stdin):
    x = load(c)
    if c["kind"] == "reduce":
        out.append([dump(reduce(x, c["op"], c["dims"]), c["elem"])])
    elif c["kind"] == "arg":
        d = c["dims"][0]
        if c["op"] == "argmax":
            v, i = np.max(x, axis=d), np.argmax(x, axis=d)
        else:
            v, i = np.min(x, axis=d), np.argmin(x, axis=d)
        out.append([dump(v, c["elem"]), dump(i, "i32")])
    elif c["kind"] == "cum":
        d = c["dims"][0]
        r = np.cumsum(x, axis=d, dtype=x.dtype) if c["op"] == "sum" else UF[c["op"]].accumulate(x, axis=d, dtype=x.dtype)
        out.append([dump(r, c["elem"])])
    else:
        out.append([dump(window(x, c["op"], c["win"], c["strides"], c["base"], c["wdil"], c["pad"]), c["elem"])])
json.dump(out, sys.stdout)
`

// randomFloat32Bits returns float32 bits of a random nonzero value (no
// signed zeros: numpy's maximum and IEEE's differ on them), sometimes NaN
// or an infinity; few distinct values when ties is set.
func randomFloat32Bits(rng *rand.Rand, ties bool) int64 {
	var v float32
	switch r := rng.IntN(40); {
	case r == 0:
		v = float32(math.NaN())
	case r == 1:
		v = float32(math.Inf(1))
	case r == 2:
		v = float32(math.Inf(-1))
	case ties:
		v = float32(rng.IntN(5)+1) * float32(1-2*rng.IntN(2))
	default:
		v = float32(math.Ldexp(1+rng.Float64(), rng.IntN(8)-4)) * float32(1-2*rng.IntN(2))
	}
	return int64(math.Float32bits(v))
}

func randomShape(rng *rand.Rand, maxRank, maxSize int) []int64 {
	shape := make([]int64, rng.IntN(maxRank+1))
	for d := range shape {
		shape[d] = int64(rng.IntN(maxSize + 1))
	}
	return shape
}

func randomData(rng *rand.Rand, elem string, shape []int64, ties bool) []int64 {
	data := make([]int64, numElements(shape))
	for i := range data {
		switch elem {
		case "f32":
			data[i] = randomFloat32Bits(rng, ties)
		case "i32":
			if rng.IntN(8) == 0 {
				data[i] = rng.Int64N(1<<32) - 1<<31
			} else {
				data[i] = rng.Int64N(21) - 10
			}
		case "ui8":
			data[i] = rng.Int64N(256)
		}
	}
	return data
}

// randomReductionCases returns n cases of each kind: reductions over
// random subsets of the dims (none and all included) of ranks 0-4 with
// sizes 0-4, argmax and argmin (the reduced dim at least 1 long),
// cumulative sums and maxima, and reduce_windows of random windows,
// strides, dilations and paddings (negative included); dims are dynamic
// at random.
func randomReductionCases(rng *rand.Rand, n int) []reductionCase {
	elems := []string{"f32", "i32", "ui8"}
	var cases []reductionCase
	for range n {
		c := reductionCase{Kind: "reduce", Op: []string{"sum", "prod", "max", "min"}[rng.IntN(4)], Elem: elems[rng.IntN(3)],
			Shape: randomShape(rng, 4, 4), Dims: []int64{}}
		for d := range c.Shape {
			if rng.IntN(2) == 0 {
				c.Dims = append(c.Dims, int64(d))
			}
		}
		rng.Shuffle(len(c.Dims), func(i, j int) { c.Dims[i], c.Dims[j] = c.Dims[j], c.Dims[i] })
		cases = append(cases, c)

		a := reductionCase{Kind: "arg", Op: []string{"argmax", "argmin"}[rng.IntN(2)], Elem: elems[rng.IntN(3)],
			Shape: randomShape(rng, 3, 3)}
		if len(a.Shape) == 0 {
			a.Shape = []int64{1}
		}
		d := rng.IntN(len(a.Shape))
		a.Shape[d] = max(a.Shape[d], 1)
		a.Dims = []int64{int64(d)}
		cases = append(cases, a)

		cum := reductionCase{Kind: "cum", Op: []string{"sum", "max"}[rng.IntN(2)], Elem: elems[rng.IntN(3)],
			Shape: randomShape(rng, 3, 3)}
		if len(cum.Shape) == 0 {
			cum.Shape = []int64{1}
		}
		d = rng.IntN(len(cum.Shape))
		cum.Shape[d] = max(cum.Shape[d], 1)
		cum.Dims = []int64{int64(d)}
		cases = append(cases, cum)

		w := reductionCase{Kind: "window", Op: []string{"sum", "max", "min"}[rng.IntN(3)], Elem: elems[rng.IntN(3)],
			Shape: randomShape(rng, 3, 3), Win: []int64{}, Strides: []int64{}, Base: []int64{}, WDil: []int64{}, Pad: [][2]int64{}}
		for range w.Shape {
			w.Win = append(w.Win, 1+rng.Int64N(3))
			w.Strides = append(w.Strides, 1+rng.Int64N(3))
			w.Base = append(w.Base, 1+rng.Int64N(2))
			w.WDil = append(w.WDil, 1+rng.Int64N(2))
			w.Pad = append(w.Pad, [2]int64{rng.Int64N(4) - 1, rng.Int64N(4) - 1})
		}
		cases = append(cases, w)
	}
	// Float sums over several dims of 2-4 elements: only the row-major
	// order of the reduced dims gives numpy's sequential sums.
	for range n / 4 {
		c := reductionCase{Kind: "reduce", Op: "sum", Elem: "f32", Dims: []int64{}}
		for d := range 2 + rng.IntN(3) {
			c.Shape = append(c.Shape, 2+rng.Int64N(3))
			if d < 2 || rng.IntN(2) == 0 {
				c.Dims = append(c.Dims, int64(d))
			}
		}
		rng.Shuffle(len(c.Shape), func(i, j int) { c.Shape[i], c.Shape[j] = c.Shape[j], c.Shape[i] })
		cases = append(cases, c)
	}
	for i := range cases {
		c := &cases[i]
		// Ties matter to argmax; distinct values with rounding errors
		// show the order of a float fold.
		c.Data = randomData(rng, c.Elem, c.Shape, c.Kind == "arg" || (c.Kind != "reduce" && rng.IntN(2) == 0))
		c.dynamic = make([]bool, len(c.Shape))
		for d := range c.dynamic {
			c.dynamic[d] = rng.IntN(3) == 0
		}
	}
	return cases
}

// build builds @f of c with the reduction builders.
func (c reductionCase) build() (*ir.Operation, error) {
	elem := elemType(c.Elem)
	shape := append([]int64{}, c.Shape...)
	for d, dyn := range c.dynamic {
		if dyn {
			shape[d] = ir.Dynamic
		}
	}
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{ir.RankedTensor(shape, elem)}, nil)
	x := fn.Region(0).Front().Arg(0)
	var rs []*ir.Value
	var err error
	binary := map[string]func(*ir.Builder, *ir.Value, *ir.Value, ...hlo.Option) (*ir.Value, error){
		"sum": hlo.Add, "prod": hlo.Multiply, "max": hlo.Maximum, "min": hlo.Minimum}[c.Op]
	window := func(w hlo.Window) {
		var zero *ir.Value
		zero, err = initConstant(b, elem, c.Op)
		if err != nil {
			return
		}
		rs, err = hlo.ReduceWindow(b, []*ir.Value{x}, []*ir.Value{zero}, w, func(b *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
			return one2(binary(b, args[0], args[1]))
		})
	}
	switch c.Kind {
	case "reduce":
		f := map[string]func(*ir.Builder, *ir.Value, ...int64) (*ir.Value, error){
			"sum": hlo.ReduceSum, "prod": hlo.ReduceProd, "max": hlo.ReduceMax, "min": hlo.ReduceMin}[c.Op]
		rs, err = one2(f(b, x, c.Dims...))
	case "arg":
		f := map[string]func(*ir.Builder, *ir.Value, int64) (*ir.Value, *ir.Value, error){"argmax": hlo.Argmax, "argmin": hlo.Argmin}[c.Op]
		rs, err = two(f(b, x, c.Dims[0]))
	case "cum":
		d := c.Dims[0]
		w := hlo.Window{Dimensions: make([]int64, len(c.Shape)), Padding: make([][2]int64, len(c.Shape))}
		for i := range w.Dimensions {
			w.Dimensions[i] = 1
		}
		w.Dimensions[d] = c.Shape[d]
		w.Padding[d][0] = c.Shape[d] - 1
		window(w)
	case "window":
		window(hlo.Window{Dimensions: c.Win, Strides: c.Strides, BaseDilations: c.Base, WindowDilations: c.WDil, Padding: c.Pad})
	}
	if err != nil {
		return nil, err
	}
	funcdialect.NewReturn(b, rs...)
	return module, ir.Verify(module)
}

// initConstant is the identity of op ("sum", "max", ...) for elem, as
// the numpy script's ident.
func initConstant(b *ir.Builder, elem ir.Type, op string) (*ir.Value, error) {
	t := ir.RankedTensor(nil, elem)
	if ir.IsFloat(elem) {
		v := map[string]float64{"sum": 0, "prod": 1, "max": math.Inf(-1), "min": math.Inf(1)}[op]
		return hlo.NewConstant(b, ir.NewDenseFloats(t, []float64{v})), nil
	}
	k := hlo.IntKindOf(elem)
	lo, hi := k.MinInt(), ^k.MinInt()
	if k.Unsigned {
		lo, hi = 0, k.Wrap(-1)
	}
	v := map[string]int64{"sum": 0, "prod": 1, "max": lo, "min": hi}[op]
	return hlo.NewConstant(b, ir.NewDenseInts(t, []int64{v})), nil
}

// TestReductionsAgainstNumpy builds random reductions with the builders
// (ReduceSum, ReduceProd, ReduceMax, ReduceMin, Argmax, Argmin,
// ReduceWindow), runs them in the interpreter and compares the bits with
// numpy's.
func TestReductionsAgainstNumpy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(14, 1))
	cases := randomReductionCases(rng, 400)
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", numpyReductionsScript)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var want [][]struct {
		Shape []int64 `json:"shape"`
		Data  []int64 `json:"data"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	tensorOf := func(elem string, shape []int64, data []int64) *Tensor {
		if elem != "f32" {
			return ti(elem, shape, data...)
		}
		fs := make([]float64, len(data))
		for i, bits := range data {
			fs[i] = float64(math.Float32frombits(uint32(bits)))
		}
		return tf("f32", shape, fs...)
	}
	kinds := map[string]int{}
	for i, c := range cases {
		module, err := c.build()
		if err != nil {
			t.Fatalf("case %d %+v: %v", i, c, err)
		}
		got, err := Run(module, "f", []*Tensor{tensorOf(c.Elem, c.Shape, c.Data)})
		if err != nil {
			t.Fatalf("case %d %+v: %v\n%s", i, c, err, ir.PrintString(module, ir.PrintOptions{}))
		}
		for k, w := range want[i] {
			elem := c.Elem
			if k == 1 {
				elem = "i32"
			}
			if wt := tensorOf(elem, w.Shape, w.Data); !got[k].Equal(wt) {
				t.Errorf("case %d %+v result #%d: got %v, numpy %v\n%s", i, c, k, got[k], wt, ir.PrintString(module, ir.PrintOptions{}))
			}
		}
		kinds[c.Kind]++
	}
	t.Logf("%d cases checked against numpy: %v", len(cases), kinds)
}

// TestSoftmaxLayerNormAgainstNumpy runs softmax and layer norm built as
// the package's examples build them (reductions over the rows, broadcast
// back with broadcast_in_dim) and compares with numpy in float64 (within
// 1e-5 relative: the interpreter's float32 rounding and sequential sums).
func TestSoftmaxLayerNormAgainstNumpy(t *testing.T) {
	python := numpyPython(t)
	const rows, cols = 5, 7
	rng := rand.New(rand.NewPCG(6, 7))
	xs := make([]float64, rows*cols)
	for i := range xs {
		xs[i] = float64(float32(rng.NormFloat64() * 3))
	}
	gamma, beta := make([]float64, cols), make([]float64, cols)
	for i := range gamma {
		gamma[i], beta[i] = float64(float32(1+rng.Float64())), float64(float32(rng.Float64()-0.5))
	}
	mt := ir.RankedTensor([]int64{rows, cols}, ir.F32T)
	vt := ir.RankedTensor([]int64{cols}, ir.F32T)
	must := func(v *ir.Value, err error) *ir.Value {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	back := func(b *ir.Builder, v *ir.Value) *ir.Value { return must(hlo.NewBroadcastInDim(b, v, []int64{0}, mt)) }

	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "softmax", []ir.Type{mt}, nil)
	x := fn.Region(0).Front().Arg(0)
	e := must(hlo.Exponential(b, must(hlo.Subtract(b, x, back(b, must(hlo.ReduceMax(b, x, 1)))))))
	funcdialect.NewReturn(b, must(hlo.Divide(b, e, back(b, must(hlo.ReduceSum(b, e, 1))))))

	fn, b = funcdialect.NewFunc(module, "layer_norm", []ir.Type{mt, vt, vt}, nil)
	args := fn.Region(0).Front().Args()
	n := must(hlo.ScalarConstant(b, ir.F32T, cols))
	eps := must(hlo.ScalarConstant(b, ir.F32T, 1e-5))
	mean := must(hlo.Divide(b, must(hlo.ReduceSum(b, args[0], 1)), n))
	xc := must(hlo.Subtract(b, args[0], back(b, mean)))
	variance := must(hlo.Divide(b, must(hlo.ReduceSum(b, must(hlo.Multiply(b, xc, xc)), 1)), n))
	y := must(hlo.Multiply(b, xc, back(b, must(hlo.Rsqrt(b, must(hlo.Add(b, variance, eps)))))))
	funcdialect.NewReturn(b, must(hlo.Add(b, must(hlo.Multiply(b, y, args[1])), args[2])))
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}

	xT, gT, bT := tf("f32", sh(rows, cols), xs...), tf("f32", sh(cols), gamma...), tf("f32", sh(cols), beta...)
	soft, err := Run(module, "softmax", []*Tensor{xT})
	if err != nil {
		t.Fatal(err)
	}
	norm, err := Run(module, "layer_norm", []*Tensor{xT, gT, bT})
	if err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(map[string]any{"x": xs, "gamma": gamma, "beta": beta, "shape": []int{rows, cols}})
	cmd := exec.Command(python, "-c", `
import json, sys
import numpy as np
c = json.load(sys.stdin)
x = np.array(c["x"], dtype=np.float64).reshape(c["shape"])
e = np.exp(x - x.max(axis=1, keepdims=True))
soft = e / e.sum(axis=1, keepdims=True)
m = x.mean(axis=1, keepdims=True)
v = ((x - m) ** 2).mean(axis=1, keepdims=True)
norm = (x - m) / np.sqrt(v + 1e-5) * np.array(c["gamma"]) + np.array(c["beta"])
json.dump({"softmax": soft.ravel().tolist(), "layer_norm": norm.ravel().tolist()}, sys.stdout)
`)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want map[string][]float64
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]*Tensor{"softmax": soft[0], "layer_norm": norm[0]} {
		for i, w := range want[name] {
			if g := got.Float(i); math.Abs(g-w) > 1e-5*math.Max(1, math.Abs(w)) {
				t.Errorf("%s element %d: interpreter %v, numpy %v", name, i, g, w)
			}
		}
	}
}
