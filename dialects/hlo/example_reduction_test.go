package hlo_test

import (
	"fmt"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// must stops an example at its first error.
func must(v *ir.Value, err error) *ir.Value {
	if err != nil {
		panic(err)
	}
	return v
}

// finish returns vs from fn and prints the verified module.
func finish(module *ir.Operation, b *ir.Builder, vs ...*ir.Value) {
	funcdialect.NewReturn(b, vs...)
	if err := ir.Verify(module); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(ir.PrintString(module, ir.PrintOptions{}))
}

// Row sums: the body is one commutative op, so the reduce prints in
// StableHLO's short form.
func ExampleReduceSum() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "row_sums", []ir.Type{ir.RankedTensor([]int64{4, 8}, ir.F32T)}, nil)
	x := fn.Region(0).Front().Arg(0)
	finish(module, b, must(hlo.ReduceSum(b, x, 1)))
	// Output:
	// module {
	//   func.func @row_sums(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
	//     %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %0 = hlo.reduce(%arg0 init: %cst) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
	//     return %0 : tensor<4xf32>
	//   }
	// }
}

// jnp.argmax(x, axis=1): the maximum and its index (i32), in the region
// form jnp.argmax exports.
func ExampleArgmax() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "argmax", []ir.Type{ir.RankedTensor([]int64{4, 8}, ir.F32T)}, nil)
	x := fn.Region(0).Front().Arg(0)
	_, idx, err := hlo.Argmax(b, x, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	finish(module, b, idx)
	// Output:
	// module {
	//   func.func @argmax(%arg0: tensor<4x8xf32>) -> tensor<4xi32> {
	//     %0 = hlo.iota dim = 1 : tensor<4x8xi32>
	//     %cst = hlo.constant dense<0xFF800000> : tensor<f32>
	//     %c = hlo.constant dense<0> : tensor<i32>
	//     %1:2 = hlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
	//      reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
	//       %2 = hlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
	//       %3 = hlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
	//       %4 = hlo.or %2, %3 : tensor<i1>
	//       %5 = hlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
	//       %6 = hlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
	//       %7 = hlo.and %5, %6 : tensor<i1>
	//       %8 = hlo.or %4, %7 : tensor<i1>
	//       %9 = hlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
	//       %10 = hlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
	//       hlo.return %9, %10 : tensor<f32>, tensor<i32>
	//     }
	//     return %1#1 : tensor<4xi32>
	//   }
	// }
}

// A body that is not one binary op: the sum of squares, x*x folded into
// the accumulated value. Dims that are out of range come back as the
// verifier's error.
func ExampleReduce() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "sum_of_squares", []ir.Type{ir.RankedTensor([]int64{4, 8}, ir.F32T)}, nil)
	x := fn.Region(0).Front().Arg(0)
	zero := must(hlo.ScalarConstant(b, ir.F32T, 0))
	body := func(b *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
		acc, v := args[0], args[1]
		sq, err := hlo.Multiply(b, v, v)
		if err != nil {
			return nil, err
		}
		s, err := hlo.Add(b, acc, sq)
		return []*ir.Value{s}, err
	}
	b.Loc = ir.Location{File: "model.py", Line: 3, Col: 1}
	_, err := hlo.Reduce(b, []*ir.Value{x}, []*ir.Value{zero}, []int64{2}, body)
	fmt.Println(err)
	b.Loc = ir.Location{}
	r, err := hlo.Reduce(b, []*ir.Value{x}, []*ir.Value{zero}, []int64{0, 1}, body)
	if err != nil {
		fmt.Println(err)
		return
	}
	finish(module, b, r[0])
	// Output:
	// model.py:3:1: error: 'hlo.reduce' op dimensions entry 0 is 2, out of range for inputs of rank 2
	// module {
	//   func.func @sum_of_squares(%arg0: tensor<4x8xf32>) -> tensor<f32> {
	//     %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %0 = hlo.reduce(%arg0 init: %cst) across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
	//      reducer(%arg1: tensor<f32>, %arg2: tensor<f32>)  {
	//       %1 = hlo.multiply %arg2, %arg2 : tensor<f32>
	//       %2 = hlo.add %arg1, %1 : tensor<f32>
	//       hlo.return %2 : tensor<f32>
	//     }
	//     return %0 : tensor<f32>
	//   }
	// }
}

// Softmax over the rows, as jax.nn.softmax computes it:
// exp(x - max(x, axis=1, keepdims=True)) / sum(..., axis=1, keepdims=True),
// each reduced row broadcast back over the row with broadcast_in_dim.
func ExampleReduce_softmax() {
	module := builtin.NewModule()
	t := ir.RankedTensor([]int64{4, 8}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "softmax", []ir.Type{t}, nil)
	x := fn.Region(0).Front().Arg(0)

	m := must(hlo.ReduceMax(b, x, 1))
	shifted := must(hlo.Subtract(b, x, must(hlo.NewBroadcastInDim(b, m, []int64{0}, t))))
	e := must(hlo.Exponential(b, shifted))
	s := must(hlo.ReduceSum(b, e, 1))
	finish(module, b, must(hlo.Divide(b, e, must(hlo.NewBroadcastInDim(b, s, []int64{0}, t)))))
	// Output:
	// module {
	//   func.func @softmax(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
	//     %cst = hlo.constant dense<0xFF800000> : tensor<f32>
	//     %0 = hlo.reduce(%arg0 init: %cst) applies hlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
	//     %1 = hlo.broadcast_in_dim %0, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
	//     %2 = hlo.subtract %arg0, %1 : tensor<4x8xf32>
	//     %3 = hlo.exponential %2 : tensor<4x8xf32>
	//     %cst_0 = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %4 = hlo.reduce(%3 init: %cst_0) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
	//     %5 = hlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
	//     %6 = hlo.divide %3, %5 : tensor<4x8xf32>
	//     return %6 : tensor<4x8xf32>
	//   }
	// }
}

// Layer norm over the rows with gamma and beta vectors:
// (x - mean) * rsqrt(var + eps) * gamma + beta, mean and var over each row,
// gamma and beta broadcast over the rows by numpy's rules.
func ExampleReduce_layerNorm() {
	module := builtin.NewModule()
	t := ir.RankedTensor([]int64{4, 8}, ir.F32T)
	v := ir.RankedTensor([]int64{8}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "layer_norm", []ir.Type{t, v, v}, nil)
	args := fn.Region(0).Front().Args()
	x, gamma, beta := args[0], args[1], args[2]

	n := must(hlo.ScalarConstant(b, ir.F32T, 8))
	eps := must(hlo.ScalarConstant(b, ir.F32T, 1e-5))
	mean := must(hlo.Divide(b, must(hlo.ReduceSum(b, x, 1)), n))
	xc := must(hlo.Subtract(b, x, must(hlo.NewBroadcastInDim(b, mean, []int64{0}, t))))
	variance := must(hlo.Divide(b, must(hlo.ReduceSum(b, must(hlo.Multiply(b, xc, xc)), 1)), n))
	inv := must(hlo.Rsqrt(b, must(hlo.Add(b, variance, eps))))
	y := must(hlo.Multiply(b, xc, must(hlo.NewBroadcastInDim(b, inv, []int64{0}, t))))
	finish(module, b, must(hlo.Add(b, must(hlo.Multiply(b, y, gamma)), beta)))
	// Output:
	// module {
	//   func.func @layer_norm(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32> {
	//     %cst = hlo.constant dense<8.000000e+00> : tensor<f32>
	//     %cst_0 = hlo.constant dense<9.99999974E-6> : tensor<f32>
	//     %cst_1 = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %0 = hlo.reduce(%arg0 init: %cst_1) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
	//     %1 = hlo.divide %0, %cst : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
	//     %2 = hlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
	//     %3 = hlo.subtract %arg0, %2 : tensor<4x8xf32>
	//     %4 = hlo.multiply %3, %3 : tensor<4x8xf32>
	//     %cst_2 = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %5 = hlo.reduce(%4 init: %cst_2) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
	//     %6 = hlo.divide %5, %cst : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
	//     %7 = hlo.add %6, %cst_0 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
	//     %8 = hlo.rsqrt %7 : tensor<4xf32>
	//     %9 = hlo.broadcast_in_dim %8, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
	//     %10 = hlo.multiply %3, %9 : tensor<4x8xf32>
	//     %11 = hlo.multiply %10, %arg1 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
	//     %12 = hlo.add %11, %arg2 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
	//     return %12 : tensor<4x8xf32>
	//   }
	// }
}

// jnp.cumsum(x, axis=0) as JAX exports it: a window of the whole dim,
// padded with n-1 init values in front.
func ExampleReduceWindow() {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "cumsum", []ir.Type{ir.RankedTensor([]int64{8, 3}, ir.F32T)}, nil)
	x := fn.Region(0).Front().Arg(0)
	zero := must(hlo.ScalarConstant(b, ir.F32T, 0))
	r, err := hlo.ReduceWindow(b, []*ir.Value{x}, []*ir.Value{zero},
		hlo.Window{Dimensions: []int64{8, 1}, Padding: [][2]int64{{7, 0}, {0, 0}}},
		func(b *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
			s, err := hlo.Add(b, args[0], args[1])
			return []*ir.Value{s}, err
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	finish(module, b, r[0])
	// Output:
	// module {
	//   func.func @cumsum(%arg0: tensor<8x3xf32>) -> tensor<8x3xf32> {
	//     %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %0 = "hlo.reduce_window"(%arg0, %cst) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
	//     ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
	//       %1 = hlo.add %arg1, %arg2 : tensor<f32>
	//       hlo.return %1 : tensor<f32>
	//     }) : (tensor<8x3xf32>, tensor<f32>) -> tensor<8x3xf32>
	//     return %0 : tensor<8x3xf32>
	//   }
	// }
}
