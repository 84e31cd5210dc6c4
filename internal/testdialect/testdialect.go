package testdialect

import "github.com/bcast-opt/bcast-opt/ir"

// Broadcastable is `test.broadcastable`, an op with only the Broadcastable
// trait:
//
//	%r = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
var Broadcastable = &ir.OpDef{
	Name:     "test.broadcastable",
	Summary:  "test op with the Broadcastable trait",
	Doc:      `%r = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>`,
	Traits:   ir.Broadcastable,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
}

func init() { ir.Register(Broadcastable) }
