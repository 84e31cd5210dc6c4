package hlo_test

import (
	"fmt"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The Array API's in-place example: x[...] = a broadcasts a of shape
// (1, 3, 4) into x of shape (2, 3, 4); x[1, ...] = a, onto (3, 4), is an
// error, although numpy's two-way rule would accept the shapes.
func ExampleAssign() {
	module := builtin.NewModule()
	x := ir.RankedTensor([]int64{2, 3, 4}, ir.F32T)
	x1 := ir.RankedTensor([]int64{3, 4}, ir.F32T)
	a := ir.RankedTensor([]int64{1, 3, 4}, ir.F32T)
	fn, b := funcdialect.NewFunc(module, "setitem", []ir.Type{x, x1, a}, nil)
	b.Loc = ir.Location{File: "model.py", Line: 7, Col: 1}
	args := fn.Region(0).Front().Args()

	r, err := hlo.Assign(b, args[0], args[2])
	fmt.Println(r.Type(), err)
	_, err = hlo.Assign(b, args[1], args[2])
	fmt.Println(err)
	funcdialect.NewReturn(b, r)
	fmt.Print(ir.PrintString(module, ir.PrintOptions{}))
	// Output:
	// tensor<2x3x4xf32> <nil>
	// model.py:7:1: error: 'hlo.assign' op operand #1 (the source) has rank 3, more than the rank 2 of operand #0 (the destination): an assignment never adds dims to its destination
	// module {
	//   func.func @setitem(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
	//     %0 = hlo.assign %arg0, %arg2 : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
	//     return %0 : tensor<2x3x4xf32>
	//   }
	// }
}

// Narrowcasting removes the dims of static size 1; a `?` dim stays.
func ExampleNarrow() {
	module := builtin.NewModule()
	types := []ir.Type{
		ir.RankedTensor([]int64{1, 5, 1}, ir.I32),
		ir.RankedTensor([]int64{1, 1, 1}, ir.I32),
		ir.RankedTensor([]int64{5, 5}, ir.I32),
		ir.RankedTensor([]int64{1, ir.Dynamic}, ir.I32),
	}
	fn, b := funcdialect.NewFunc(module, "narrow", types, nil)
	for _, x := range fn.Region(0).Front().Args() {
		r, err := hlo.Narrow(b, x)
		fmt.Println(x.Type(), "->", r.Type(), err)
	}
	// Output:
	// tensor<1x5x1xi32> -> tensor<5xi32> <nil>
	// tensor<1x1x1xi32> -> tensor<i32> <nil>
	// tensor<5x5xi32> -> tensor<5x5xi32> <nil>
	// tensor<1x?xi32> -> tensor<?xi32> <nil>
}
