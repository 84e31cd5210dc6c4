package hlo_test

import (
	"fmt"
	"path/filepath"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// A small front end builds relu(x + bias) with dynamic dims; the result
// types are inferred by the numpy broadcasting rules, and the function's
// result type from its return.
func Example() {
	f32 := ir.F32T
	x := ir.RankedTensor([]int64{ir.Dynamic, ir.Dynamic}, f32)
	bias := ir.RankedTensor([]int64{ir.Dynamic}, f32)

	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "relu_bias", []ir.Type{x, bias}, nil)
	args := fn.Region(0).Front().Args()

	sum, err := hlo.Add(b, args[0], args[1])
	if err != nil {
		fmt.Println(err)
		return
	}
	zero, _ := hlo.ScalarConstant(b, f32, 0)
	relu, err := hlo.Maximum(b, sum, zero)
	if err != nil {
		fmt.Println(err)
		return
	}
	funcdialect.NewReturn(b, relu)
	if err := ir.Verify(module); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(ir.PrintString(module, ir.PrintOptions{}))
	// Output:
	// module {
	//   func.func @relu_bias(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> tensor<?x?xf32> {
	//     %0 = hlo.add %arg0, %arg1 : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
	//     %cst = hlo.constant dense<0.000000e+00> : tensor<f32>
	//     %1 = hlo.maximum %0, %cst : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
	//     return %1 : tensor<?x?xf32>
	//   }
	// }
}

// Ops built without a location on the builder are located at the Go line
// that built them, so diagnostics and run-time errors point there; a front
// end with positions of its own sets b.Loc.
func Example_locations() {
	t := ir.RankedTensor([]int64{4}, ir.F32T)
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{t}, nil)
	x := fn.Region(0).Front().Arg(0)

	e, _ := hlo.Exponential(b, x) // located here
	loc := e.DefiningOp().Loc
	fmt.Println(filepath.Base(loc.File), loc.Line > 0)

	b.Loc = ir.Location{File: "model.py", Line: 7, Col: 3}
	l, _ := hlo.Log(b, e)
	fmt.Println(l.DefiningOp().Loc)
	// Output:
	// example_test.go true
	// model.py:7:3
}

// broadcast_in_dim puts operand dim i at result dim dims[i]; what the
// verifier would reject comes back as an error value, located at the
// builder's location.
func ExampleNewBroadcastInDim() {
	module := builtin.NewModule()
	v := ir.RankedTensor([]int64{3}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{v}, nil)
	b.Loc = ir.Location{File: "model.py", Line: 4, Col: 1}
	x := fn.Region(0).Front().Arg(0)

	r, err := hlo.NewBroadcastInDim(b, x, []int64{1}, ir.RankedTensor([]int64{2, 3}, ir.F32T))
	fmt.Println(r.Type(), err)
	_, err = hlo.NewBroadcastInDim(b, x, []int64{0}, ir.RankedTensor([]int64{2, 3}, ir.F32T))
	fmt.Println(err)
	// Output:
	// tensor<2x3xf32> <nil>
	// model.py:4:1: error: 'hlo.broadcast_in_dim' op operand dim 0 has size 3, which cannot broadcast to result dim 0 of size 2
}

// A dynamic broadcast's result type is inferred from its shape operand:
// of the shape's length, with the sizes known at compile time.
func ExampleNewDynamicBroadcastInDim() {
	module := builtin.NewModule()
	v := ir.RankedTensor([]int64{3}, ir.F32T)
	shape := ir.RankedTensor([]int64{2}, ir.Index)
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{v, shape}, nil)
	args := fn.Region(0).Front().Args()

	r, err := hlo.NewDynamicBroadcastInDim(b, args[0], args[1], []int64{1}, nil)
	fmt.Println(r.Type(), err)
	// Output:
	// tensor<?x3xf32> <nil>
}

// Incompatible shapes are an error value naming the operands, the dim and
// both sizes.
func ExampleAdd_incompatible() {
	module := builtin.NewModule()
	a := ir.RankedTensor([]int64{2, 3}, ir.F32T)
	c := ir.RankedTensor([]int64{4}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "bad", []ir.Type{a, c}, nil)
	args := fn.Region(0).Front().Args()
	_, err := hlo.Add(b, args[0], args[1])
	fmt.Println(err)
	// Output:
	// hlo.add: operands #0 and #1 are not broadcast compatible: dim 1 is 3 in operand #0 and 4 in operand #1
}

// XLA "InDim" broadcasting: a vector along the rows of a 1x2 matrix.
func ExampleWithBroadcastDimensions() {
	module := builtin.NewModule()
	v := ir.RankedTensor([]int64{4}, ir.F32T)
	m := ir.RankedTensor([]int64{1, 2}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "compose", []ir.Type{v, m}, nil)
	args := fn.Region(0).Front().Args()
	r, err := hlo.Add(b, args[0], args[1], hlo.WithBroadcastDimensions(0))
	fmt.Println(r.Type(), err)
	// Output:
	// tensor<4x2xf32> <nil>
}
