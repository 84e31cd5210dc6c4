package passes

import "github.com/bcast-opt/bcast-opt/ir"

// Test-only ops, registered in the test binary: a registered op with a
// region that is not isolated from above (like scf.for or linalg.generic),
// so nested regions see enclosing values, and its terminator.
func init() {
	ir.Register(
		&ir.OpDef{
			Name:     "ptest.region",
			Summary:  "test op: pure if its body is, one single-block region seeing enclosing values",
			Doc:      `%0 = "ptest.region"(%a) ({ ... "ptest.yield"(%x) : (i32) -> () }) : (i32) -> i32`,
			Traits:   ir.RecursivelyPure | ir.SingleBlock,
			Operands: ir.Variadic,
			Results:  ir.Variadic,
			Regions:  1,
		},
		&ir.OpDef{
			Name:     "ptest.yield",
			Summary:  "test op: terminator of ptest.region",
			Doc:      `"ptest.yield"(%x) : (i32) -> ()`,
			Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
			Operands: ir.Variadic,
			Results:  0,
			Regions:  0,
		},
	)
}
