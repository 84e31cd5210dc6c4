package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestInterpretedDialectsAreRegistered keeps TestEveryOpIsInterpretable
// from passing vacuously: the test binary registers every dialect the
// interpreter claims to run.
func TestInterpretedDialectsAreRegistered(t *testing.T) {
	for _, n := range []string{"hlo.add", "arith.addf", "func.call", "shape.assuming", "linalg.generic", "linalg.index", "tensor.insert_slice", "math.exp"} {
		if ir.LookupOp(n) == nil {
			t.Errorf("%s is not registered in the test binary", n)
		}
	}
}

func TestGenericBroadcastingMaps(t *testing.T) {
	// A row vector read through (d0, d1) -> (d1), and a column through
	// (d0, d1) -> (d0, 0), into a dynamic result.
	src := `
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
func.func @f(%a: tensor<2x?xf32>, %b: tensor<?xf32>, %c: tensor<2x1xf32>) -> tensor<2x?xf32> {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c1 : tensor<2x?xf32>
  %e = tensor.empty(%d) : tensor<2x?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<2x?xf32>, tensor<?xf32>, tensor<2x1xf32>) outs(%e : tensor<2x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.mulf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}`
	out := runOK(t, src, tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", sh(3), 10, 20, 30), tf("f32", sh(2, 1), 2, -1))
	expectTensor(t, "generic", out[0], tf("f32", sh(2, 3), 22, 44, 66, -14, -25, -36))
	expectErr(t, src, []*Tensor{tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", sh(2), 10, 20), tf("f32", sh(2, 1), 2, -1)},
		"test.mlir:9:3", "loop d1 has size 3 from operand #0 dim 1, but operand #1 dim 0 (also d1) has size 2", "[2, 3], [2], [2, 1], [2, 3]")
}

func TestGenericReductionIntoOuts(t *testing.T) {
	// Row sums accumulated onto the outs' initial values, sequentially in
	// f32: 0.5 + 1e8 + 1 rounds back to 1e8 before -1e8 is added.
	src := `
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`
	out := runOK(t, src, tf("f32", sh(2, 3), 1e8, 1, -1e8, 1, 2, 3), tf("f32", sh(2), 0.5, 100))
	expectTensor(t, "row sums", out[0], tf("f32", sh(2), 0, 106))
	// An empty reduction leaves the outs as they are.
	out = runOK(t, src, tf("f32", sh(2, 0)), tf("f32", sh(2), 0.5, 100))
	expectTensor(t, "empty reduction", out[0], tf("f32", sh(2), 0.5, 100))
	expectErr(t, src, []*Tensor{tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", sh(3), 0, 0, 0)},
		"loop d0 has size 2 from operand #0 dim 0, but operand #1 dim 0 (also d0) has size 3")
}

func TestGenericMultipleResultsIndexAndDroppedDims(t *testing.T) {
	// Two outs (one i32 from linalg.index, one the transposed input), a
	// dropped dim (the input of rank 1 ignores d0), and a scalar input
	// with the map (d0, d1) -> ().
	src := `
#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#d1 = affine_map<(d0, d1) -> (d1)>
#none = affine_map<(d0, d1) -> ()>
func.func @f(%a: tensor<3x2xi32>, %v: tensor<3xi32>, %s: i32) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %e0 = tensor.empty() : tensor<2x3xi32>
  %e1 = tensor.empty() : tensor<2x3xi32>
  %0:2 = linalg.generic {indexing_maps = [#t, #d1, #none, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %v, %s : tensor<3x2xi32>, tensor<3xi32>, i32) outs(%e0, %e1 : tensor<2x3xi32>, tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32, %o0: i32, %o1: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c10 = arith.constant 10 : index
    %i10 = arith.muli %i, %c10 : index
    %ij = arith.addi %i10, %j : index
    %k = arith.index_cast %ij : index to i32
    %xy = arith.addi %x, %y : i32
    %xyz = arith.muli %xy, %z : i32
    linalg.yield %k, %xyz : i32, i32
  } -> (tensor<2x3xi32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x3xi32>, tensor<2x3xi32>
}`
	out := runOK(t, src, ti("i32", sh(3, 2), 1, 2, 3, 4, 5, 6), ti("i32", sh(3), 100, 200, 300), ti("i32", nil, 2))
	expectTensor(t, "index", out[0], ti("i32", sh(2, 3), 0, 1, 2, 10, 11, 12))
	expectTensor(t, "transpose", out[1], ti("i32", sh(2, 3), 202, 406, 610, 204, 408, 612))
}

func TestGenericAffineExpressionsAndBounds(t *testing.T) {
	// out[i] = a[i + 1] - a[i]: d0 + 1 is checked at every access. The
	// loop size comes from the out (the only exact d0); an input that is
	// too short is reported at the first access that leaves it.
	src := `
#next = affine_map<(d0) -> (d0 + 1)>
#no = affine_map<(d0) -> (0)>
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %e = tensor.empty(%n) : tensor<?xi32>
  %0 = linalg.generic {indexing_maps = [#next, #no, #id], iterator_types = ["parallel"]} ins(%a, %a : tensor<?xi32>, tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %d = arith.subi %x, %y : i32
    linalg.yield %d : i32
  } -> tensor<?xi32>
  return %0 : tensor<?xi32>
}`
	out := runOK(t, src, ti("i32", sh(4), 1, 4, 9, 16), ti("index", nil, 3))
	expectTensor(t, "differences", out[0], ti("i32", sh(3), 3, 8, 15))
	expectErr(t, src, []*Tensor{ti("i32", sh(4), 1, 4, 9, 16), ti("index", nil, 4)},
		"operand #0 of run-time shape [4] is accessed at (4) by indexing map", "in iteration (3)")
	// The constant 0 must be inside its operand (when there is an iteration).
	expectErr(t, src, []*Tensor{ti("i32", sh(0)), ti("index", nil, 1)}, "reads position 0 of dim 0 of operand #1, whose run-time shape is [0]")
	out = runOK(t, src, ti("i32", sh(0)), ti("index", nil, 0))
	expectTensor(t, "empty", out[0], ti("i32", sh(0)))
}

func TestGenericUnboundedLoopAndBodyErrors(t *testing.T) {
	src := `
#c = affine_map<(d0) -> ()>
func.func @f(%a: i32) -> tensor<i32> {
  %e = tensor.empty() : tensor<i32>
  %0 = linalg.generic {indexing_maps = [#c, #c], iterator_types = ["reduction"]} ins(%a : i32) outs(%e : tensor<i32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<i32>
  return %0 : tensor<i32>
}`
	// The verifier rejects such a generic (MLIR: "expected the
	// shape-to-loops map to be non-null"); the interpreter, which does not
	// rely on it, reports it too.
	m, err := ir.Parse("test.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(m, "f", []*Tensor{ti("i32", nil, 1)}); err == nil || !strings.Contains(err.Error(), "loop d0 has no run-time size") {
		t.Errorf("unbounded loop: error %v", err)
	}
	// An error in the body is located at the body op, with a note naming
	// the generic's iteration.
	div := `
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %e = tensor.empty() : tensor<3xi32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<3xi32>, tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %q = arith.divsi %x, %y : i32
    linalg.yield %q : i32
  } -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`
	expectErr(t, div, []*Tensor{ti("i32", sh(3), 6, 6, 6), ti("i32", sh(3), 2, 3, 0)},
		"test.mlir:7:5: error: 'arith.divsi' op undefined behavior", "test.mlir:5:3: note: in iteration (2) of this linalg.generic")
	out := runOK(t, div, ti("i32", sh(3), 6, 6, -7), ti("i32", sh(3), 2, 3, 2))
	expectTensor(t, "quotients", out[0], ti("i32", sh(3), 3, 2, -3))
}

func TestGenericNested(t *testing.T) {
	// A generic in a generic's body (on rank-0 tensors): linalg.index
	// reads the innermost generic's loops, and the outer's afterwards.
	src := `
#id = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
func.func @f(%a: tensor<3xindex>) -> tensor<3xindex> {
  %e = tensor.empty() : tensor<3xindex>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<3xindex>) outs(%e : tensor<3xindex>) {
  ^bb0(%x: index, %o: index):
    %t = tensor.from_elements %x : tensor<index>
    %f = tensor.from_elements %x, %x : tensor<2xindex>
    %e2 = tensor.empty() : tensor<index>
    %in = linalg.generic {indexing_maps = [#id, #s], iterator_types = ["reduction"]} ins(%f : tensor<2xindex>) outs(%t : tensor<index>) {
    ^bb1(%y: index, %acc: index):
      %k = linalg.index 0 : index
      %s1 = arith.addi %acc, %k : index
      linalg.yield %s1 : index
    } -> tensor<index>
    %v = tensor.extract %in[] : tensor<index>
    %i = linalg.index 0 : index
    %r = arith.addi %v, %i : index
    linalg.yield %r : index
  } -> tensor<3xindex>
  return %0 : tensor<3xindex>
}`
	out := runOK(t, src, ti("index", sh(3), 10, 20, 30))
	// x + (0 + 1) + i
	expectTensor(t, "nested", out[0], ti("index", sh(3), 11, 22, 33))
}

func TestMathOps(t *testing.T) {
	src := `
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e, %e : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32, %o2: f32):
    %x1 = math.exp %x : f32
    %x2 = math.tanh %x1 fastmath<nnan> : f32
    %p = math.powf %x, %y : f32
    linalg.yield %x2, %p : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  %t = math.sqrt %a : tensor<4xf32>
  return %0#0, %0#1, %t : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}`
	a := []float64{-1, 0.5, 2, math.NaN()}
	b := []float64{2, 3, 0.5, 1}
	out := runOK(t, src, tf("f32", sh(4), a...), tf("f32", sh(4), b...))
	var th, pw, sq []float64
	for i, x := range a {
		x32 := float64(float32(x))
		th = append(th, float64(float32(math.Tanh(float64(float32(math.Exp(x32)))))))
		pw = append(pw, float64(float32(math.Pow(x32, b[i]))))
		sq = append(sq, float64(float32(math.Sqrt(x32))))
	}
	expectTensor(t, "tanh(exp)", out[0], tf("f32", sh(4), th...))
	expectTensor(t, "powf", out[1], tf("f32", sh(4), pw...))
	expectTensor(t, "sqrt", out[2], tf("f32", sh(4), sq...))
	// f16: rounded to the element type after every op.
	h := `
func.func @f(%x: f16) -> f16 {
  %0 = math.exp %x : f16
  return %0 : f16
}`
	out = runOK(t, h, tf("f16", nil, 1))
	expectTensor(t, "exp f16", out[0], tf("f16", nil, math.E))
	if got := out[0].Floats()[0]; got != 2.71875 {
		t.Errorf("f16 exp(1) = %v; want 2.71875", got)
	}
}

func TestMathOpsMatchHlo(t *testing.T) {
	// math.<op> and the hlo op the lowering turns into it give the same bits.
	pairs := [][2]string{{"exp", "exponential"}, {"expm1", "exponential_minus_one"}, {"log", "log"}, {"log1p", "log_plus_one"},
		{"sqrt", "sqrt"}, {"rsqrt", "rsqrt"}, {"cbrt", "cbrt"}, {"tanh", "tanh"}, {"absf", "abs"}, {"floor", "floor"},
		{"ceil", "ceil"}, {"roundeven", "round_nearest_even"}}
	vals := []float64{-2.5, -1, -0.0, 0, 0.3, 0.5, 1.5, 2.5, 7, 1e-40, math.Inf(1), math.Inf(-1), math.NaN(), 3.4e38}
	for _, p := range pairs {
		src := `
func.func @f(%x: tensor<14xf32>) -> (tensor<14xf32>, tensor<14xf32>) {
  %0 = math.` + p[0] + ` %x : tensor<14xf32>
  %1 = hlo.` + p[1] + ` %x : tensor<14xf32>
  return %0, %1 : tensor<14xf32>, tensor<14xf32>
}`
		out := runOK(t, src, tf("f32", sh(14), vals...))
		expectTensor(t, "math."+p[0], out[0], out[1])
	}
}
