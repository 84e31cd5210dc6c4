package hlo_test

import (
	"fmt"
	"math"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// A dense layer, relu(x @ W + b): the bias vector broadcasts over the
// rows by numpy's rules, relu is the maximum with a zero scalar.
func ExampleMatmul() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "dense", []ir.Type{
		ir.RankedTensor([]int64{8, 16}, ir.F32T),
		ir.RankedTensor([]int64{16, 4}, ir.F32T),
		ir.RankedTensor([]int64{4}, ir.F32T),
	}, nil)
	args := fn.Region(0).Front().Args()
	x, w, bias := args[0], args[1], args[2]

	y := must(hlo.Matmul(b, x, w, hlo.WithPrecision("DEFAULT", "DEFAULT")))
	zero := must(hlo.ScalarConstant(b, ir.F32T, 0))
	finish(module, b, must(hlo.Maximum(b, must(hlo.Add(b, y, bias)), zero)))
	// Output:
	// module {
	//   func.func @dense(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<4xf32>) -> tensor<8x4xf32> {
	//     %0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
	//     %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %1 = hlo.add %0, %arg2 : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
	//     %2 = hlo.maximum %1, %cst : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32>
	//     return %2 : tensor<8x4xf32>
	//   }
	// }
}

// An attention head over a batch, softmax(q k^T / sqrt(d)) v: the scores
// contract q and k over the head dim d without transposing k (batch dim
// 0 on both sides), the softmax is over the keys (the last dim) with the
// reduce builders, and the weighted sum of v is a batched Matmul.
func ExampleDotGeneral() {
	const batch, seq, d = 2, 5, 8
	module := builtin.NewModule()
	t := ir.RankedTensor([]int64{batch, seq, d}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "attention", []ir.Type{t, t, t}, nil)
	args := fn.Region(0).Front().Args()
	q, k, v := args[0], args[1], args[2]

	scores := must(hlo.DotGeneral(b, q, k, hlo.DotDims{
		LhsBatching: []int64{0}, RhsBatching: []int64{0},
		LhsContracting: []int64{2}, RhsContracting: []int64{2},
	}))
	st := scores.Type()
	scaled := must(hlo.Divide(b, scores, must(hlo.ScalarConstant(b, ir.F32T, math.Sqrt(d)))))
	m := must(hlo.ReduceMax(b, scaled, 2))
	e := must(hlo.Exponential(b, must(hlo.Subtract(b, scaled, must(hlo.NewBroadcastInDim(b, m, []int64{0, 1}, st))))))
	s := must(hlo.ReduceSum(b, e, 2))
	p := must(hlo.Divide(b, e, must(hlo.NewBroadcastInDim(b, s, []int64{0, 1}, st))))
	finish(module, b, must(hlo.Matmul(b, p, v)))
	// Output:
	// module {
	//   func.func @attention(%arg0: tensor<2x5x8xf32>, %arg1: tensor<2x5x8xf32>, %arg2: tensor<2x5x8xf32>) -> tensor<2x5x8xf32> {
	//     %0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x5xf32>
	//     %cst = hlo.constant dense<2.82842708> : tensor<f32>
	//     %1 = hlo.divide %0, %cst : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5x5xf32>
	//     %cst_0 = hlo.constant dense<0xFF800000> : tensor<f32>
	//     %2 = hlo.reduce(%1 init: %cst_0) applies hlo.maximum across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
	//     %3 = hlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
	//     %4 = hlo.subtract %1, %3 : tensor<2x5x5xf32>
	//     %5 = hlo.exponential %4 : tensor<2x5x5xf32>
	//     %cst_1 = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %6 = hlo.reduce(%5 init: %cst_1) applies hlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
	//     %7 = hlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
	//     %8 = hlo.divide %5, %7 : tensor<2x5x5xf32>
	//     %9 = hlo.dot_general %8, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
	//     return %9 : tensor<2x5x8xf32>
	//   }
	// }
}

// Dims the verifier rejects come back as its error, located at the
// caller; so do shapes Matmul cannot contract without a transpose.
func ExampleDotGeneral_errors() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "errors", []ir.Type{
		ir.RankedTensor([]int64{2, 3, 4}, ir.F32T),
		ir.RankedTensor([]int64{2, 5, 6}, ir.F32T),
		ir.RankedTensor([]int64{3, 4}, ir.F32T),
	}, nil)
	args := fn.Region(0).Front().Args()
	b.Loc = ir.Location{File: "model.py", Line: 7, Col: 1}
	_, err := hlo.DotGeneral(b, args[0], args[1], hlo.DotDims{
		LhsBatching: []int64{0}, RhsBatching: []int64{0},
		LhsContracting: []int64{2}, RhsContracting: []int64{1},
	})
	fmt.Println(err)
	_, err = hlo.Matmul(b, args[2], args[1])
	fmt.Println(err)
	// Output:
	// model.py:7:1: error: 'hlo.dot_general' op contracting dims pair 0: lhs dim 2 has size 4 but rhs dim 1 has size 5
	// hlo.dot_general: Matmul of 'tensor<3x4xf32>' and 'tensor<2x5x6xf32>': numpy broadcasts x over w's batch dims, which dot_general would put after x's free dims; use DotGeneral and Transpose
}
